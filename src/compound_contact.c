/*
 * Contact where one shape is a compound (Concave, Group): the least move
 * after which no pair of pieces overlaps.
 *
 * Moving a by x clears b when no piece of a overlaps a piece of b: x leaves
 * the union of the pairs' Minkowski regions M = Q - P. The least such x is
 * the nearest point of that union's boundary, found in closed form (see
 * compound_regions.h). When the regions do not fit their room, a
 * fallback chases candidate directions u: from t = 0, while a pair overlaps
 * at a + t u, t jumps to that pair's exit along u (a sweep back from beyond
 * it), so the answer along u is exact and always separates; the least over
 * the candidates (edge normals, crossings, evenly spread directions refined
 * by a golden-section search) is the answer.
 */
#include <float.h>
#include <string.h>
#include "compound_regions.h"
#include "convex.h"

/* The most leaf pairs, lines and fan halves a contact considers. */
#define C2D_CONTACT_LEAVES 128
#define C2D_CONTACT_PAIRS 512
#define C2D_CONTACT_LINES 64
#define C2D_CONTACT_HALVES 8
/* Directions tried around the circle when regions are curved, and the
 * golden-section steps that refine the best of them. */
#define C2D_CONTACT_SPREAD 16
#define C2D_CONTACT_REFINE 24
/* The touches whose normals decide the side shapes that only touch open on. */
#define C2D_TOUCHES 32

typedef struct leafset {
    const c2d_shape *s[C2D_CONTACT_LEAVES];
    int n, overflow;
    c2d_shape halves[C2D_CONTACT_HALVES];
    int nh;
} leafset;

static void add_leaf(leafset *ls, const c2d_shape *s)
{
    if (ls->n + 2 > C2D_CONTACT_LEAVES) { ls->overflow = 1; return; }
    if (c2d_wide_fan(s) && ls->nh + 2 <= C2D_CONTACT_HALVES) {
        /* A fan opened beyond pi: its two halves, each convex. */
        c2d_fan_halves(s, &ls->halves[ls->nh]);
        ls->s[ls->n++] = &ls->halves[ls->nh++];
        ls->s[ls->n++] = &ls->halves[ls->nh++];
        return;
    }
    ls->s[ls->n++] = s;
}

/* The convex leaves of s (pieces, members' pieces, fan halves) near box. */
static void leaves(const c2d_shape *s, const c2d_bounds *box, double reach, leafset *ls)
{
    piece_walk w;
    const c2d_shape *p;
    if (!c2d_is_compound(s)) { add_leaf(ls, s); return; }
    c2d_walk_start(&w, s);
    while ((p = c2d_walk_next(&w, box, reach)) != NULL) leaves(p, box, reach, ls);
}

/* The vertices a moved copy of s needs (moved_copy): a Polygon's, and
 * room for the hull of them. */
static int moved_room(const c2d_shape *s)
{
    return s->kind == C2D_POLYGON && s->count > 0 ? 3 * s->count : 1;
}

/* A copy of the convex shape s moved by d, as c2d_move moves it, in out with
 * its vertices in store (moved_room(s) of them). Where the move refuses (a
 * Polygon whose moved vertices stand out of convex order by more than it
 * allows), the hull of those vertices: the pair's relative position is all
 * a query here reads. s itself only when neither can be built. */
static const c2d_shape *moved_copy(const c2d_shape *s, c2d_vec d, c2d_shape *out, c2d_vec *store)
{
    int i;
    c2d_copy(out, s, store);
    if (c2d_move(out, d.x, d.y) == C2D_OK) return out;
    if (s->kind != C2D_POLYGON) return s;
    for (i = 0; i < s->count; i++) store[i] = v2(s->verts[i].x + d.x, s->verts[i].y + d.y);
    if (c2d_make_hull(out, store, s->count, store + s->count) != C2D_OK) return s;
    return c2d_round(out, s->radius) == C2D_OK ? out : s;
}

/* The vertex room move_pair needs: that of the smaller of the two. */
static int pair_room(const c2d_shape *p, const c2d_shape *q)
{
    int a = moved_room(p), b = moved_room(q);
    return a < b ? a : b;
}

/* Shift p by d relative to q: a copy of p moved by d, or of q moved by -d
 * when q has fewer vertices (a small piece of a Concave against a big hull:
 * a copy runs the constructor, whose convexity check is quadratic in the
 * count). Queries on the pair depend only on where the two stand relative to
 * each other. room holds pair_room(p, q) vertices. */
static void move_pair(const c2d_shape **p, const c2d_shape **q, c2d_vec d, c2d_shape *st, c2d_vec *room)
{
    if (moved_room(*q) < moved_room(*p)) *q = moved_copy(*q, vscale(d, -1), st, room);
    else *p = moved_copy(*p, d, st, room);
}

typedef struct pairset {
    const c2d_shape *p[C2D_CONTACT_PAIRS], *q[C2D_CONTACT_PAIRS];
    int n;
    double tol;
} pairset;

/* The diagonal of a box. */
static double box_size(const c2d_bounds *b)
{
    return (b->maxx - b->minx) + (b->maxy - b->miny);
}

/* How far p, now at t along u and overlapping q, moves on along u before it
 * only touches q: the first touch of a sweep back from beyond q. */
static C2D_NOINLINE double exit_along(const c2d_shape *p, const c2d_shape *q, c2d_vec u, double t)
{
    c2d_shape st;
    c2d_vec room[pair_room(p, q)];
    c2d_sweep_result r;
    c2d_vec cp = c2d_leaf_center(p), cq = c2d_leaf_center(q);
    double T = 2 * (box_size(&p->bounds) + box_size(&q->bounds) + vlen(vsub(cp, cq)) + t);
    if (!(T > 0)) return t;
    move_pair(&p, &q, vscale(u, t + T), &st, room);
    r = c2d_sweep(p, vscale(u, -T), q, v2(0, 0));
    return r.hit ? t + T * (1 - r.t) : t;
}

/* The least t >= 0 at which a + t u overlaps no pair (C2D_INF when the chase
 * does not settle); gives up at limit (no better than the best so far). */
static double chase_in(const pairset *ps, c2d_vec u, double limit, c2d_vec *room, c2d_vec *proom)
{
    double t = 0, copied_t = 0;
    int rounds, i, moved;
    c2d_shape st, pst;
    const c2d_shape *copied = NULL, *copy = NULL;
    for (rounds = 0; rounds <= ps->n + 1; rounds++) {
        moved = 0;
        for (i = 0; i < ps->n; i++) {
            const c2d_shape *pm = ps->p[i], *qm = ps->q[i];
            c2d_contact_result r;
            double e;
            if (t > 0) {
                if (moved_room(qm) < moved_room(pm)) {
                    qm = moved_copy(qm, vscale(u, -t), &st, room);
                } else {
                    /* One moved copy at a time, kept while the pairs of its
                     * leaf follow one another. */
                    if (copied != ps->p[i] || copied_t != t) {
                        copy = moved_copy(ps->p[i], vscale(u, t), &pst, proom);
                        copied = ps->p[i];
                        copied_t = t;
                    }
                    pm = copy;
                }
            }
            if (!c2d_bounds_meet(&pm->bounds, &qm->bounds)) continue;
            if (c2d_contact(pm, qm, &r) != C2D_OK || !r.hit || r.depth <= ps->tol) continue;
            e = exit_along(ps->p[i], ps->q[i], u, t);
            if (!(e > t)) continue;
            t = e;
            moved = 1;
            if (t >= limit) return t;
        }
        if (!moved) return t;
    }
    return C2D_INF;
}

static double chase(const pairset *ps, c2d_vec u, double limit)
{
    int i, most = 1, pmost = 1;
    for (i = 0; i < ps->n; i++) {
        if (pair_room(ps->p[i], ps->q[i]) > most) most = pair_room(ps->p[i], ps->q[i]);
        if (moved_room(ps->p[i]) > pmost) pmost = moved_room(ps->p[i]);
    }
    {
        c2d_vec room[most], proom[pmost];
        return chase_in(ps, u, limit, room, proom);
    }
}

/* A line of a region: moving a by x clears pair `pair` along w once x.w >= h. */
typedef struct region_line {
    c2d_vec w;
    double h;
    int pair;
} region_line;

typedef struct contact_search {
    const pairset *ps;
    double best;
    c2d_vec n;
} contact_search;

static void try_direction(contact_search *cs, c2d_vec u)
{
    double t;
    if (u.x == 0 && u.y == 0) return;
    u = vunit(u);
    t = chase(cs->ps, u, cs->best);
    if (t < cs->best) { cs->best = t; cs->n = u; }
}

/* The edge normals of a body's core (both senses) with the pair's h along them. */
static int body_lines(const body *x, const body *A, const body *B, int pair, region_line *out, int room)
{
    int i, k = 0, m, s;
    c2d_vec axes[2 * C2D_MAX_VERTICES];
    if (x->type == BODY_FAN) {
        axes[k++] = vperp(x->own.fan.e1);
        axes[k++] = vperp(x->own.fan.e2);
    } else if (x->type == BODY_POLY) {
        m = x->n == 1 ? 0 : x->n == 2 ? 1 : x->n;
        for (i = 0; i < m; i++) axes[k++] = vperp(vsub(c2d_bv(x, c2d_next(i, x->n)), c2d_bv(x, i)));
    }
    m = 0;
    for (i = 0; i < k; i++) {
        for (s = -1; s <= 1; s += 2) {
            c2d_vec w = vunit(vscale(axes[i], s));
            if ((w.x == 0 && w.y == 0) || m >= room) continue;
            out[m].w = w;
            out[m].h = c2d_overlap_along(A, B, w);
            out[m].pair = pair;
            m++;
        }
    }
    return m;
}

/* Is x inside pair i's region as its lines see it (within rounding). */
static int inside_lines(const region_line *ln, int nl, int pair, c2d_vec x, double tol)
{
    int i;
    for (i = 0; i < nl; i++)
        if (ln[i].pair == pair && vdot(x, ln[i].w) > ln[i].h + tol) return 0;
    return 1;
}

/* A Line and a compound: the Line as the half-plane away from the
 * compound's centre; the depth is the farthest any piece reaches past it. */
static void line_compound_contact(const c2d_shape *a, const c2d_shape *line, c2d_contact_result *out)
{
    leafset ls;
    body L, P;
    c2d_vec o = line->p[0], n;
    double depth = 0;
    int i;
    ls.n = ls.nh = ls.overflow = 0;
    leaves(a, &line->bounds, 0, &ls);
    c2d_body(&L, line, &o);
    n = vunit(vperp(c2d_bv(&L, 1)));
    if (vdot(vsub(c2d_center(a), o), n) < 0) n = vscale(n, -1);
    for (i = 0; i < ls.n; i++) {
        c2d_body(&P, ls.s[i], &o);
        depth = dmax(depth, c2d_support(&P, vscale(n, -1)));
    }
    out->hit = 1;
    out->normal = n;
    out->depth = depth;
    out->point = c2d_distance(a, line).a;
}

static int has_area(const c2d_shape *s);

/* Can a point clear of every region lie on a seam of their union: does a
 * leaf without area (a point, a segment) meet two leaves of the other shape?
 * With one leaf across, the leaf's own region is exact; with an area, a
 * shape overlapping a union overlaps some piece of it (finitely many closed
 * pieces cover an open set only if one has an interior point in it). */
static int seams_possible(const pairset *ps)
{
    int i, j;
    for (i = 0; i < ps->n; i++) {
        if (!has_area(ps->p[i]))
            for (j = 0; j < ps->n; j++)
                if (ps->p[j] == ps->p[i] && ps->q[j] != ps->q[i]) return 1;
        if (!has_area(ps->q[i]))
            for (j = 0; j < ps->n; j++)
                if (ps->q[j] == ps->q[i] && ps->p[j] != ps->p[i]) return 1;
    }
    return 0;
}

/* Rays a band of rounding wide (tol each side) and one C2D_SEAM_FINE times
 * narrower: a segment along a cut stays within both along the cut's length,
 * edges leaving its end at small angles stay within the narrow one for a
 * stretch that many times shorter. */
#define C2D_SEAM_FINE 16.0

/* The part of segment a-b in the convex leaf q, as parameters along it,
 * each an interval (empty: 1 to 0): span[0..1] from a ray along it,
 * span[2..3] the union of that and of rays along its two sides tol away,
 * then each side's ray alone: span[4..5] tol to its left, span[6..7] to its
 * right, span[8..9] and span[10..11] the same tol / C2D_SEAM_FINE away. 0
 * when all miss. Touching counts (a ray grazing q hits it). */
#define C2D_SEAM_SPAN 12
static int clip_segment(c2d_vec a, c2d_vec b, const c2d_shape *q, double tol, double *span)
{
    static const double offset[5] = { 0, 1, -1, 1 / C2D_SEAM_FINE, -1 / C2D_SEAM_FINE };
    c2d_vec e = vsub(b, a), side = vscale(vperp(vunit(e)), tol);
    int k, any = 0;
    for (k = 0; k < C2D_SEAM_SPAN; k += 2) span[k] = 1, span[k + 1] = 0;
    for (k = 0; k < 5; k++) {
        c2d_vec s = vscale(side, offset[k]);
        c2d_sweep_result in = c2d_raycast(q, vadd(a, s), e, 1), out;
        double lo, hi;
        if (!in.hit) continue;
        out = c2d_raycast(q, vadd(b, s), vscale(e, -1), 1);
        if (!out.hit) continue;
        lo = in.t;
        hi = 1 - out.t;
        if (k == 0) span[0] = lo, span[1] = hi;
        else span[2 + 2 * k] = lo, span[3 + 2 * k] = hi;
        if (k < 3) {
            span[2] = dmin(span[2], lo);
            span[3] = dmax(span[3], hi);
        }
        any = 1;
    }
    return any;
}

/* The length of the common part of [x[0], x[1]] and [y[0], y[1]]. */
static double common_part(const double *x, const double *y)
{
    return dmin(x[1], y[1]) - dmax(x[0], y[0]);
}

/* The ends of leaf s moved by d, when it is a segment of positive length
 * (else 0). */
static int moved_segment(const c2d_shape *s, c2d_vec d, c2d_vec *a, c2d_vec *b)
{
    if (!(s->kind == C2D_SEGMENT || (s->kind == C2D_CAPSULE && s->radius == 0))) return 0;
    *a = vadd(s->p[0], d);
    *b = vadd(s->p[1], d);
    return !veq(*a, *b);
}

/* How long a stretch (in roundings, tol) two leaves on opposite sides must
 * hold a segment for it to lie along a cut between them. A leaf whose edge
 * leaves the segment's end at an angle holds a stretch of tol over the
 * angle's tangent within rounding of it (2.4 tol at 23 degrees: a segment
 * whose top rests on the vertex of a notch), and a cut holds it along all
 * its length; a segment along a cut for less than this is inside the union
 * by no more than that much rounding. */
#define C2D_SEAM_HOLD 8.0

/* on_seam for c2d_region_least: is a leaf without area, moved by x to
 * where it only touches the other shape's leaves, inside their union?
 * For a segment: touching only, it lies on their outlines, and it enters the
 * union's interior only where it runs along a cut, held along the same
 * stretch (longer than rounding) by two leaves on opposite sides of it, one
 * of them possibly only within rounding. Two leaves meeting at one of its
 * points (a slot exactly its length, the corner of a step it lies on) or on
 * one side (members of a Group overlapping under it) leave it outside. A
 * point, a segment no longer than rounding, or another leaf without area is
 * left to the caller's test (C2D_SEAM_UNKNOWN) when it meets two leaves. */
static int pairs_on_seam(const c2d_seams *seams, c2d_vec x)
{
    const pairset *ps = seams->ctx;
    int i, j, k, side, answer = C2D_SEAM_NO;
    for (side = 0; side < 2; side++)
        for (i = 0; i < ps->n; i++) {
            const c2d_shape *leaf = side ? ps->q[i] : ps->p[i];
            double span[C2D_CONTACT_LEAVES][C2D_SEAM_SPAN], turn[C2D_CONTACT_LEAVES], tol, eps;
            c2d_vec a, b, d = side ? vscale(x, -1) : x;
            int n = 0, first = 1;
            if (has_area(leaf)) continue;
            for (j = 0; j < i; j++)
                if ((side ? ps->q[j] : ps->p[j]) == leaf) first = 0;
            if (!first) continue; /* its pairs were read with its first */
            tol = seams->tol;
            if (!moved_segment(leaf, d, &a, &b) || !(vlen(vsub(b, a)) > tol)) {
                for (j = i + 1; j < ps->n; j++)
                    if ((side ? ps->q[j] : ps->p[j]) == leaf) answer = C2D_SEAM_UNKNOWN;
                continue;
            }
            eps = tol / vlen(vsub(b, a));
            for (j = i; j < ps->n; j++) {
                const c2d_shape *other = side ? ps->p[j] : ps->q[j];
                if ((side ? ps->q[j] : ps->p[j]) != leaf || !has_area(other)) continue;
                if (!clip_segment(a, b, other, tol, span[n])) continue;
                /* The side of the segment the leaf lies on (a leaf holding a
                 * stretch of it lies on one side of its line). */
                turn[n] = vcross(vsub(b, a), vsub(c2d_leaf_center(other), a));
                /* Held by one leaf, and by the other within rounding. */
                for (k = 0; k < n; k++)
                    if (!(turn[k] * turn[n] > 0) && (common_part(span[k], span[n] + 2) > C2D_SEAM_HOLD * eps ||
                                                     common_part(span[k] + 2, span[n]) > C2D_SEAM_HOLD * eps))
                        return C2D_SEAM_YES;
                /* Or by neither, each leaf within rounding on its own side
                 * (one side's ray in one, the other side's in the other)
                 * along a stretch that the narrow band keeps: two edges
                 * leaving a vertex the segment ends on hold tol-wide sides
                 * of it for a stretch, and the narrow band for
                 * C2D_SEAM_FINE times less. */
                for (k = 0; k < n; k++) {
                    int o;
                    for (o = 0; o < 2; o++) {
                        double wide = common_part(span[k] + (o ? 6 : 4), span[n] + (o ? 4 : 6));
                        if (wide > C2D_SEAM_HOLD * eps &&
                            common_part(span[k] + (o ? 10 : 8), span[n] + (o ? 8 : 10)) > wide / 2)
                            return C2D_SEAM_YES;
                    }
                }
                n++;
            }
        }
    return answer;
}

/* The rounding pairs_on_seam allows: the rest tolerance, and that of
 * numbers as large as the leaves' moved a little. */
static double seam_tol(const pairset *ps)
{
    double m = 0;
    int i;
    for (i = 0; i < ps->n; i++)
        m = dmax(m, dmax(c2d_bounds_magnitude(&ps->p[i]->bounds), c2d_bounds_magnitude(&ps->q[i]->bounds)));
    return 4 * ps->tol + c2d_ulps(2 * C2D_MOVED_ROUNDING, m);
}

/* Contact over the leaf pairs by their regions. Returns 0 when it cannot
 * (more regions, items or near pieces than it holds); otherwise sets
 * the answer in cs (when below cs->best) and *overlapping to 1, or to 0
 * when no region has the origin on or in it. Shapes that only touch are
 * searched too: a touch at a seam of two pieces is inside their union, and
 * a touch at a reflex corner parts only along some directions; the least
 * move found within rounding of 0 is depth 0 along the side that opens. */
static C2D_NOINLINE int region_contact(const pairset *ps, c2d_vec o, contact_search *cs, int *overlapping)
{
    regionset rs;
    c2d_seams seams;
    c2d_vec x, u;
    int i, touching = 0;
    rs.n = rs.nv = 0;
    *overlapping = 0;
    /* Regions nearer than the best bound stay (the rest give their room
     * back at once); does any hold or touch the origin. */
    for (i = 0; i < ps->n; i++) {
        int before = rs.n, nv = rs.nv;
        double d;
        if (!c2d_add_pair_region(&rs, ps->p[i], ps->q[i], o)) return 0;
        if (rs.n == before) continue;
        d = c2d_region_sd(&rs, &rs.g[before], v2(0, 0));
        /* A region that leaves out a pair that hits is no answer: a piece
         * 1e-13 across 48 from the frame's origin, its vertices a few ulps
         * apart there, sums to a region beside the move that is needed (the
         * chase decides instead). */
        if (d > rs.g[before].tol && c2d_hits(ps->p[i], ps->q[i])) return 0;
        if (d <= rs.g[before].tol) touching = 1;
        rs.g[before].sd0 = d;
        if (!(d < cs->best)) rs.n = before, rs.nv = nv;
    }
    if (!touching) return 1;
    *overlapping = 1;
    seams.on_seam = pairs_on_seam;
    seams.ctx = ps;
    seams.tol = seam_tol(ps);
    i = c2d_region_least(&rs, cs->best, seams_possible(ps) ? &seams : NULL, &x, &u);
    if (i < 0) return 0;
    if (i > 0) {
        /* hypot and vunit: a step 1e-160 long has a square that underflows */
        double len = c2d_hypot(x.x, x.y);
        if (len <= c2d_regions_tol(&rs, x) * dmax(1, vlen(u))) {
            cs->best = 0;
            cs->n = vunit(u);
        } else {
            cs->best = len;
            cs->n = vunit(x);
        }
    }
    return 1;
}

/* The lines of pair i's region along both bodies' edge normals (room at
 * most); sets *curved when the region has round or fan edges. */
static C2D_NOINLINE int pair_lines(const pairset *ps, int i, c2d_vec o, region_line *out, int room, int *curved)
{
    body A, B;
    int n;
    c2d_body(&A, ps->p[i], &o);
    c2d_body(&B, ps->q[i], &o);
    if (A.type != BODY_POLY || B.type != BODY_POLY || A.r > 0 || B.r > 0 || A.tol > 0 || B.tol > 0) *curved = 1;
    n = body_lines(&A, &A, &B, i, out, room);
    return n + body_lines(&B, &A, &B, i, out + n, room - n);
}

/* Contact over the leaf pairs by chasing candidate directions, when the
 * regions do not fit their room (many pieces deep in each other): sets
 * *overlapping, and the answer in cs. Always a move that separates; the
 * least only along the directions it tries. */
static C2D_NOINLINE void chase_contact(const pairset *ps, c2d_vec o, contact_search *cs, int *overlapping_out)
{
    region_line lines[C2D_CONTACT_LINES];
    int i, j, nl = 0, curved = 0, overlapping = 0;
    double lower = 0;
    for (i = 0; i < ps->n; i++) {
        c2d_contact_result r;
        if (c2d_contact(ps->p[i], ps->q[i], &r) != C2D_OK || !r.hit) continue;
        if (r.depth <= ps->tol) continue;
        overlapping++;
        /* Every overlapping pair must part: the deepest bounds the answer below. */
        lower = dmax(lower, r.depth);
        try_direction(cs, r.normal);
        if (nl < C2D_CONTACT_LINES) {
            lines[nl].w = r.normal;
            lines[nl].h = r.depth;
            lines[nl].pair = i;
            nl++;
        }
        nl += pair_lines(ps, i, o, lines + nl, C2D_CONTACT_LINES - nl, &curved);
    }
    /* A pair's own least move that clears every other pair too is the answer. */
    if (overlapping && cs->best <= lower + ps->tol) nl = 0, curved = 0;
    /* The four axes: the answer is never longer than the least move along one
     * (the one a tile game would make). */
    if (overlapping && cs->best > lower + ps->tol) {
        static const double axes[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
        for (i = 0; i < 4; i++) try_direction(cs, v2(axes[i][0], axes[i][1]));
    }
    /* Feet on flat edges. */
    for (i = 0; i < nl; i++)
        if (lines[i].h > 0 && lines[i].h < cs->best) try_direction(cs, lines[i].w);
    /* Corners where two regions' edges cross. */
    for (i = 0; i < nl; i++)
        for (j = i + 1; j < nl; j++) {
            double det, tol;
            c2d_vec x;
            if (lines[i].pair == lines[j].pair) continue;
            det = vcross(lines[i].w, lines[j].w);
            if (det == 0) continue;
            x = v2((lines[i].h * lines[j].w.y - lines[j].h * lines[i].w.y) / det,
                   (lines[j].h * lines[i].w.x - lines[i].h * lines[j].w.x) / det);
            if (!(vlen(x) < cs->best)) continue;
            tol = C2D_CROSSING_SLACK * (fabs(lines[i].h) + fabs(lines[j].h)) + ps->tol;
            if (!inside_lines(lines, nl, lines[i].pair, x, tol) || !inside_lines(lines, nl, lines[j].pair, x, tol)) continue;
            try_direction(cs, x);
        }
    if (curved && overlapping) {
        /* Round edges: spread directions, then refine the best. */
        double best_a = c2d_atan2(cs->n.y, cs->n.x), step = 2 * C2D_PI / C2D_CONTACT_SPREAD, lo, hi;
        const double g = 0.6180339887498949;
        for (i = 0; i < C2D_CONTACT_SPREAD; i++) {
            double ang = i * step, before = cs->best;
            try_direction(cs, c2d_unit_at(ang));
            if (cs->best < before) best_a = ang;
        }
        lo = best_a - step;
        hi = best_a + step;
        for (i = 0; i < C2D_CONTACT_REFINE; i++) {
            double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
            c2d_vec u1 = c2d_unit_at(m1), u2 = c2d_unit_at(m2);
            double f1 = chase(ps, u1, C2D_INF), f2 = chase(ps, u2, C2D_INF);
            if (f1 < cs->best) { cs->best = f1; cs->n = u1; }
            if (f2 < cs->best) { cs->best = f2; cs->n = u2; }
            if (f1 < f2) hi = m2; else lo = m1;
        }
    }
    *overlapping_out = overlapping;
}

/* Does convex leaf s hold an area (a neighbourhood of some point). */
static int has_area(const c2d_shape *s)
{
    switch (s->kind) {
    case C2D_DISK: case C2D_CAPSULE: return s->radius > 0;
    case C2D_FAN: return s->radius > 0 && s->opening > 0;
    case C2D_AABB: case C2D_BOX: case C2D_TRIANGLE: case C2D_POLYGON: return s->ccw != 0 || s->radius > 0;
    default: return 0;
    }
}

/* The normals of the pairs that touch (the first C2D_TOUCHES); count < 0:
 * not gathered. */
typedef struct touches {
    c2d_vec n[C2D_TOUCHES];
    int count;
} touches;

static void add_touch(touches *t, const c2d_contact_result *r)
{
    if (r->hit && t->count < C2D_TOUCHES) t->n[t->count++] = r->normal;
}

/* Do the pairs only touch (none overlaps beyond the rest tolerance), all
 * their leaves holding an area? Then the unions only touch too: a point
 * inside both unions would have a neighbourhood inside both, and so inside
 * a piece of each. (A segment lying along a cut between pieces touches each
 * and is inside their union: shapes without area are left to the search.)
 * The touches' normals go to t, for open_side. */
static int pairs_only_touch(const pairset *ps, touches *t)
{
    int i;
    t->count = 0;
    for (i = 0; i < ps->n; i++) {
        c2d_contact_result r;
        if (!has_area(ps->p[i]) || !has_area(ps->q[i])) break;
        if (!c2d_bounds_meet(&ps->p[i]->bounds, &ps->q[i]->bounds)) continue;
        if (c2d_contact(ps->p[i], ps->q[i], &r) != C2D_OK || (r.hit && r.depth > ps->tol)) break;
        add_touch(t, &r);
    }
    if (i < ps->n) t->count = -1;
    return i == ps->n;
}

/* Does moving a by *depth along *n leave every pair at most touching (each
 * pair's own contact, exact for it)? A pair still overlapping by the
 * rounding of the regions' corners (C2D_CONTACT_POLISH of its size, where
 * nearly parallel edges cross) is cleared by a further step out of it along
 * its own normal, and the move (*n, *depth) becomes the sum (a few rounds at
 * most: a step may graze the region on the corner's other side); a deeper
 * overlap means the regions' answer is wrong. */
static int pairs_clear_after(const pairset *ps, c2d_vec *n, double *depth)
{
    c2d_vec d = vscale(*n, *depth);
    int round, i;
    for (round = 0; round < 4; round++) {
        c2d_vec step = v2(0, 0);
        int over = 0;
        for (i = 0; i < ps->n; i++) {
            c2d_bounds m = ps->p[i]->bounds;
            c2d_shape st;
            c2d_vec room[pair_room(ps->p[i], ps->q[i])];
            const c2d_shape *pm = ps->p[i], *qm = ps->q[i];
            c2d_contact_result r;
            double touch;
            m.minx += d.x; m.maxx += d.x; m.miny += d.y; m.maxy += d.y;
            if (!c2d_bounds_meet(&m, &ps->q[i]->bounds)) continue;
            move_pair(&pm, &qm, d, &st, room);
            /* Touching: within the rest tolerance, or within the rounding of
             * the moved copy's own numbers (far from the origin a step finer
             * than their last bit moves nothing). */
            touch = dmax(c2d_bounds_magnitude(&m), c2d_bounds_magnitude(&qm->bounds));
            touch = dmax(ps->tol, c2d_ulps(C2D_MOVED_ROUNDING, touch));
            if (c2d_contact(pm, qm, &r) != C2D_OK || !r.hit || !(r.depth > touch)) continue;
            if (!(r.depth <= C2D_CONTACT_POLISH * c2d_pair_size(pm, qm, pm->p[0]))) return 0;
            step = vadd(step, vscale(r.normal, r.depth + ps->tol));
            over = 1;
        }
        if (!over) {
            double len = c2d_hypot(d.x, d.y);
            if (round > 0 && len > 0) *n = vunit(d), *depth = len;
            return 1;
        }
        d = vadd(d, step);
    }
    return 0;
}

/* For shapes that only touch: a direction a can move along that brings no
 * touching pair into overlap (within every touch's normal), tried among the
 * touches' normals and then the directions along them (a box exactly in a
 * slot moves along it); else the first touch's normal (held on every side). */
static c2d_vec open_side(const pairset *ps, touches *t)
{
    const c2d_vec *n = t->n;
    int i, j, k, nn;
    if (t->count < 0) {
        t->count = 0;
        for (i = 0; i < ps->n && t->count < C2D_TOUCHES; i++) {
            c2d_contact_result r;
            if (c2d_bounds_meet(&ps->p[i]->bounds, &ps->q[i]->bounds) && c2d_contact(ps->p[i], ps->q[i], &r) == C2D_OK)
                add_touch(t, &r);
        }
    }
    nn = t->count;
    for (k = 0; k < 3 * nn; k++) {
        c2d_vec u = k < nn ? n[k] : k < 2 * nn ? vperp(n[k - nn]) : vscale(vperp(n[k - 2 * nn]), -1);
        for (j = 0; j < nn && vdot(u, n[j]) >= -C2D_OPEN_SLACK; j++) continue;
        if (j == nn) return u;
    }
    return nn > 0 ? n[0] : v2(0, -1);
}

/* The leaf pairs of a and b whose boxes come within reach of each other
 * (a move shorter than reach can make no other pair overlap); 0 when the
 * leaves or the pairs do not fit. */
static int gather_pairs(const c2d_shape *a, const c2d_shape *b, double reach, leafset *la, leafset *lb, pairset *ps)
{
    int i, j;
    la->n = la->nh = la->overflow = 0;
    lb->n = lb->nh = lb->overflow = 0;
    leaves(a, &b->bounds, reach, la);
    leaves(b, &a->bounds, reach, lb);
    ps->n = 0;
    if (la->overflow || lb->overflow) return 0;
    for (i = 0; i < la->n; i++)
        for (j = 0; j < lb->n; j++) {
            if (!c2d_near(&la->s[i]->bounds, &lb->s[j]->bounds, reach)) continue;
            if (ps->n == C2D_CONTACT_PAIRS) return 0;
            ps->p[ps->n] = la->s[i];
            ps->q[ps->n] = lb->s[j];
            ps->n++;
        }
    return 1;
}

/* The candidates' answer (cs) separates but need not be least. The pairs in
 * its reach, fewer than in the boxes', may fit the regions: their least move
 * below it, when they do and it leaves every pair at most touching. The
 * leaves and pairs are gathered anew into la, lb and ps. */
static C2D_NOINLINE void refine_by_regions(const c2d_shape *a, const c2d_shape *b, leafset *la, leafset *lb, pairset *ps,
                                           contact_search *cs)
{
    contact_search rs = *cs;
    double tol = ps->tol;
    int overlapping;
    if (!gather_pairs(a, b, cs->best, la, lb, ps)) return;
    ps->tol = tol;
    rs.ps = ps;
    if (!region_contact(ps, a->p[0], &rs, &overlapping) || !overlapping) return;
    if (rs.best < cs->best && pairs_clear_after(ps, &rs.n, &rs.best) && rs.best < cs->best) {
        cs->best = rs.best;
        cs->n = rs.n;
    }
}

void c2d_compound_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    leafset la, lb;
    pairset ps;
    contact_search cs;
    touches touch;
    c2d_vec o;
    double r0, ax[4];
    int swapped, i, overlapping = 0, k, fits, chased = 0;
    out->hit = 0;
    if (!c2d_hits(a, b)) return;
    swapped = c2d_shape_order(a, b) > 0;
    if (swapped) { const c2d_shape *t = a; a = b; b = t; }
    if (a->kind == C2D_LINE || b->kind == C2D_LINE) {
        if (b->kind == C2D_LINE) line_compound_contact(a, b, out);
        else { line_compound_contact(b, a, out); swapped = !swapped; }
        if (swapped) out->normal = vscale(out->normal, -1);
        return;
    }
    /* The boxes' least separation bounds the answer: a move that clears the boxes clears all. */
    ax[0] = a->bounds.maxx - b->bounds.minx; /* move a by -x */
    ax[1] = b->bounds.maxx - a->bounds.minx; /* +x */
    ax[2] = a->bounds.maxy - b->bounds.miny; /* -y */
    ax[3] = b->bounds.maxy - a->bounds.miny; /* +y */
    k = 0;
    for (i = 1; i < 4; i++) if (ax[i] < ax[k]) k = i;
    r0 = dmax(ax[k], 0);
    cs.best = r0;
    cs.n = k == 0 ? v2(-1, 0) : k == 1 ? v2(1, 0) : k == 2 ? v2(0, -1) : v2(0, 1);

    fits = gather_pairs(a, b, r0, &la, &lb, &ps);
    touch.count = -1;
    ps.tol = C2D_CONTACT_REST * c2d_rest_depth(a, b);
    cs.ps = &ps;
    o = a->p[0];
    if (fits && pairs_only_touch(&ps, &touch)) {
        overlapping = 0;
    } else if (fits && !region_contact(&ps, o, &cs, &overlapping)) {
        chase_contact(&ps, o, &cs, &overlapping);
        chased = 1;
    } else if (overlapping && !pairs_clear_after(&ps, &cs.n, &cs.best)) {
        /* The regions' answer leaves a pair overlapping: the chase over
         * candidate directions instead, which always separates. */
        cs.best = r0;
        cs.n = k == 0 ? v2(-1, 0) : k == 1 ? v2(1, 0) : k == 2 ? v2(0, -1) : v2(0, 1);
        chase_contact(&ps, o, &cs, &overlapping);
    }
    if (chased && overlapping && cs.best < r0) refine_by_regions(a, b, &la, &lb, &ps, &cs);
    out->hit = 1;
    if (!overlapping && fits) {
        /* Only touching: no move needed, and the side they part on. */
        out->depth = 0;
        out->normal = open_side(&ps, &touch);
    } else {
        out->depth = cs.best;
        out->normal = cs.n;
    }
    out->point = c2d_distance(a, b).a;
    if (swapped) out->normal = vscale(out->normal, -1);
}
