/*
 * Contact where one shape is a compound (Concave, Group): the least move
 * after which no pair of pieces overlaps.
 */
#include <float.h>
#include <string.h>
#include "compound.h"

/* ---- contact ----
 *
 * Moving a by x clears b when no piece of a overlaps a piece of b: x leaves
 * the union of the pairs' Minkowski regions M = Q - P. The least such x is
 * the nearest point of that union's boundary, found in closed form (see
 * "contact by regions" below). When the regions do not fit their room, a
 * fallback chases candidate directions u: from t = 0, while a pair overlaps
 * at a + t u, t jumps to that pair's exit along u (a sweep back from beyond
 * it), so the answer along u is exact and always separates; the least over
 * the candidates (edge normals, crossings, evenly spread directions refined
 * by a golden-section search) is the answer.
 */

/* The most leaf pairs, lines and fan halves a contact considers. */
#define C2D_CONTACT_LEAVES 128
#define C2D_CONTACT_PAIRS 256
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

/* A copy of the convex shape s moved by d, in out with its vertices in store
 * (c2d_scaled_room(s) of them); s itself when the result would be invalid. */
static const c2d_shape *moved_copy(const c2d_shape *s, c2d_vec d, c2d_shape *out, c2d_vec *store)
{
    double nums[c2d_number_room(s)];
    int i, bad, n = c2d_numbers(s, nums), points;
    switch (s->kind) {
    case C2D_SEGMENT: case C2D_LINE: case C2D_CAPSULE: points = 2; break;
    case C2D_TRIANGLE: points = 3; break;
    case C2D_POLYGON: points = s->count; break;
    default: points = 1; break;
    }
    for (i = 0; i < points; i++) { nums[2 * i] += d.x; nums[2 * i + 1] += d.y; }
    if (s->kind == C2D_POLYGON && s->count < 3) {
        for (i = 0; i < s->count; i++) store[i] = v2(nums[2 * i], nums[2 * i + 1]);
        return c2d_make_hull(out, store, s->count, store + s->count) == C2D_OK ? out : s;
    }
    return c2d_make(out, s->kind, nums, n, store, &bad) == C2D_OK ? out : s;
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
    c2d_vec room[c2d_scaled_room(p)];
    const c2d_shape *far;
    c2d_sweep_result r;
    c2d_vec cp = c2d_leaf_center(p), cq = c2d_leaf_center(q);
    double T = 2 * (box_size(&p->bounds) + box_size(&q->bounds) + vlen(vsub(cp, cq)) + t);
    if (!(T > 0)) return t;
    far = moved_copy(p, vscale(u, t + T), &st, room);
    r = c2d_sweep(far, vscale(u, -T), q, v2(0, 0));
    return r.hit ? t + T * (1 - r.t) : t;
}

/* The least t >= 0 at which a + t u overlaps no pair (C2D_INF when the chase
 * does not settle); gives up at limit (no better than the best so far). */
static double chase(const pairset *ps, c2d_vec u, double limit)
{
    double t = 0;
    int rounds, i, moved;
    for (rounds = 0; rounds <= ps->n + 1; rounds++) {
        moved = 0;
        for (i = 0; i < ps->n; i++) {
            c2d_shape st;
            c2d_vec room[c2d_scaled_room(ps->p[i])];
            const c2d_shape *pm = t > 0 ? moved_copy(ps->p[i], vscale(u, t), &st, room) : ps->p[i];
            c2d_contact_result r;
            double e;
            if (!c2d_bounds_meet(&pm->bounds, &ps->q[i]->bounds)) continue;
            if (c2d_contact(pm, ps->q[i], &r) != C2D_OK || !r.hit || r.depth <= ps->tol) continue;
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

/* ---- contact by regions ----
 *
 * Each leaf pair's region M = Q - P (the moves x of a after which P + x
 * meets Q) is convex, and its boundary is a ring of circle arcs joined by
 * straight edges: the Minkowski sum of the two bodies' rings. A rounded
 * polygon's ring is its core vertices, each a circle of its radius; a fan's
 * is its apex and arc ends (circles of radius 0) and its arc (the circle
 * about the apex), the arc joined to its ends by edges of length 0. Summing
 * two rings merges their edges by the direction of their outward normals;
 * each item of the sum is a pair of items, a circle about the sum of their
 * centres with the sum of their radii. A move x clears the pair when x lies
 * outside the interior of M (its signed distance sd(x) >= 0 within
 * rounding), and the answer is the nearest x outside every region's
 * interior. That nearest point x* lies on the boundary of the union; either
 * it is inside one boundary piece of one region (then it is the foot of the
 * perpendicular from the origin on an edge, or the point of an arc on the
 * line through its centre), or two regions' boundaries cross there: a corner
 * of a single convex region cannot be nearest (its outside spans more than
 * half a turn, some of it closer). Every such point is a candidate; each is
 * kept only if it lies inside no region, and any such point is a move that
 * separates, so the least kept is the answer, with no direction search.
 * Only boundary pieces nearer than the best so far are crossed.
 */

/* The most regions, region items and near boundary pieces. */
#define C2D_REGIONS 128
#define C2D_REGION_VERTS 1024
#define C2D_REGION_FEATURES 256

typedef struct region {
    int first, n;   /* its items [first, first + n), counter-clockwise */
    c2d_bounds box; /* its items' circles */
    double rmax;    /* the largest item radius */
    int uniform;    /* every item has radius rmax: the region is its centres' polygon grown by it */
    int solid;      /* the centres' polygon has area */
    double sd0;     /* the origin's signed distance */
    double tol;     /* the rounding in its numbers: C2D_REGION_ROUNDING ulps of its reach, and the bodies' own */
} region;

typedef struct regionset {
    region g[C2D_REGIONS];
    int n;
    c2d_vec v[C2D_REGION_VERTS];   /* item centres */
    double rad[C2D_REGION_VERTS];  /* item radii */
    c2d_vec w[C2D_REGION_VERTS];   /* the outward unit normal of the edge from item i to the next */
    unsigned char edge[C2D_REGION_VERTS]; /* that edge has positive length */
    int nv;
} regionset;

/* A convex body read as a ring of items, counter-clockwise, or reflected
 * through the origin (sign -1: the region subtracts the moving body). */
typedef struct ring {
    const body *b;
    double sign;
    int n;          /* raw items; a repeated polygon vertex is one with no edge after it */
    int plain;      /* no repeated vertex: every raw item is one (set by ring_start) */
} ring;

static ring body_ring(const body *b, double sign)
{
    ring r;
    r.b = b;
    r.sign = sign;
    r.n = b->type == BODY_FAN ? 4 : b->n;
    r.plain = 0;
    return r;
}

/* Raw item k of the ring: its circle (c, rad) and an outward normal w of
 * the edge after it (not of unit length); 0 when it is a repeated vertex
 * (no item). A fan's ring runs apex, end of its -half edge, arc, end of its
 * +half edge. */
static int ring_item(const ring *r, int k, c2d_vec *c, double *rad, c2d_vec *w)
{
    const body *b = r->b;
    if (b->type == BODY_FAN) {
        *rad = 0;
        switch (k) {
        case 0: *c = c2d_bv(b, 0); *w = v2(b->own.fan.e2.y, -b->own.fan.e2.x); break;
        case 1: *c = c2d_arc_end(b, 1); *w = b->own.fan.e2; break;
        case 2: *c = c2d_bv(b, 0); *rad = b->r; *w = b->own.fan.e1; break;
        default: *c = c2d_arc_end(b, 0); *w = vperp(b->own.fan.e1); break;
        }
    } else {
        c2d_vec p = ccw_vertex(b, k), q = ccw_vertex(b, c2d_next(k, b->n));
        *c = p;
        *rad = b->r;
        *w = v2(0, 0);
        if (b->n > 1) {
            if (veq(p, q)) return 0;
            *w = v2(q.y - p.y, p.x - q.x);
        }
    }
    *c = vscale(*c, r->sign);
    *w = vscale(*w, r->sign);
    return 1;
}

/* Is raw item k an item (not a repeated vertex). */
static int ring_has(const ring *r, int k)
{
    const body *b = r->b;
    if (r->plain || b->type == BODY_FAN || b->n == 1) return 1;
    return !veq(ccw_vertex(b, k), ccw_vertex(b, c2d_next(k, b->n)));
}

/* A number that grows with the direction's angle counter-clockwise from -y
 * (the normal below a lowest vertex), in [0, 4) (a quarter turn is 1):
 * comparisons without trigonometry, of vectors of any length. */
static double pseudo_angle(c2d_vec w)
{
    double s = fabs(w.x) + fabs(w.y), p;
    if (!(s > 0)) return 0;
    /* w turned a quarter counter-clockwise, measured from +x */
    p = -w.y >= 0 ? w.x / s : 2 - w.x / s;
    return p < 0 ? p + 4 : p;
}

/* How far the direction turns from angle a0 to a1 (pseudo-angles), forward;
 * a step back (a polygon convex only within rounding) counts as none. */
static double turn_between(double a0, double a1)
{
    double d = a1 - a0;
    if (d <= -1) d += 4;
    else if (d > 3) d -= 4;
    return d > 0 ? d : 0;
}

/* The raw index of the ring's first item along its normals' directions
 * from -y (the first of a run of equal normals), and how many items it has. */
static int ring_start(ring *r, int *count)
{
    c2d_vec c, w;
    double rad, best = 5;
    int k, s = 0, m = 0, steps;
    if (r->b->type == BODY_POLY) {
        /* The lowest vertex (the leftmost of them): its edge out is the
         * first whose normal turns past -y. */
        c2d_vec low = v2(0, 0);
        for (k = 0; k < r->n; k++) {
            c2d_vec p;
            if (!ring_has(r, k)) continue;
            p = vscale(ccw_vertex(r->b, k), r->sign);
            if (m++ == 0 || p.y < low.y || (p.y == low.y && p.x < low.x)) { low = p; s = k; }
        }
        r->plain = m == r->n;
        *count = m;
        return s;
    }
    for (k = 0; k < r->n; k++) {
        double p;
        if (!ring_item(r, k, &c, &rad, &w)) continue;
        p = pseudo_angle(w);
        if (m++ == 0 || p < best) { best = p; s = k; }
    }
    for (steps = 1; steps < m; steps++) {
        int j = s;
        do j = j == 0 ? r->n - 1 : j - 1; while (!ring_has(r, j));
        ring_item(r, j, &c, &rad, &w);
        if (pseudo_angle(w) != best) break;
        s = j;
    }
    *count = m;
    return s;
}

/* The next raw item after k that is one. */
static int ring_next(const ring *r, int k)
{
    int j = k, steps;
    for (steps = 0; steps < r->n; steps++) {
        j = c2d_next(j, r->n);
        if (ring_has(r, j)) return j;
    }
    return k;
}

/* The Minkowski sum of two rings into (v, rad, w): at most as many items
 * as both have. */
static int ring_sum(ring *p, ring *q, c2d_vec *v, double *rad, c2d_vec *w)
{
    c2d_vec cp, cq, wp, wq;
    double rp, rq, ap, aq;
    int np, nq, ip, iq, i = 0, j = 0, k = 0;
    if ((p->b->type == BODY_POLY && p->b->n == 1) || (q->b->type == BODY_POLY && q->b->n == 1)) {
        /* A circle and a ring: the ring moved and grown, from any item. */
        ring *one = p->b->type == BODY_POLY && p->b->n == 1 ? p : q, *other = one == p ? q : p;
        c2d_vec c1, c;
        double r1, r;
        ring_item(one, 0, &c1, &r1, &wp);
        for (i = 0; i < other->n; i++) {
            if (!ring_item(other, i, &c, &r, &w[k])) continue;
            w[k] = vunit(w[k]);
            v[k] = vadd(c, c1);
            rad[k] = r + r1;
            k++;
        }
        if (k == 1) w[0] = v2(0, 0);
        return k;
    }
    ip = ring_start(p, &np);
    iq = ring_start(q, &nq);
    if (np == 0 || nq == 0) return 0;
    ring_item(p, ip, &cp, &rp, &wp);
    ring_item(q, iq, &cq, &rq, &wq);
    ap = pseudo_angle(wp);
    aq = pseudo_angle(wq);
    while (i < np || j < nq) {
        int take_p = j == nq || (i < np && ap <= aq), take_q = i == np || (j < nq && aq <= ap);
        v[k] = vadd(cp, cq);
        rad[k] = rp + rq;
        w[k] = vunit(take_p ? wp : wq);
        k++;
        if (take_p) {
            i++;
            ip = ring_next(p, ip);
            ring_item(p, ip, &cp, &rp, &wp);
            ap += turn_between(ap, pseudo_angle(wp));
        }
        if (take_q) {
            j++;
            iq = ring_next(q, iq);
            ring_item(q, iq, &cq, &rq, &wq);
            aq += turn_between(aq, pseudo_angle(wq));
        }
    }
    return k;
}

/* The room a body's ring needs. */
static int ring_room(const body *b)
{
    return b->type == BODY_FAN ? 4 : b->n;
}

/* Add the region of moving body A against body B; 0 when there is no room. */
static int add_region(regionset *rs, const body *A, const body *B)
{
    ring ra = body_ring(A, -1), rb = body_ring(B, 1);
    region *g;
    double area = 0, rmax = 0;
    int i, n;
    c2d_vec *v = rs->v + rs->nv;
    if (rs->n == C2D_REGIONS || rs->nv + ring_room(A) + ring_room(B) > C2D_REGION_VERTS) return 0;
    g = &rs->g[rs->n];
    g->first = rs->nv;
    n = ring_sum(&ra, &rb, v, rs->rad + rs->nv, rs->w + rs->nv);
    g->n = n;
    if (n == 0) return 1;
    g->box.minx = g->box.maxx = v[0].x;
    g->box.miny = g->box.maxy = v[0].y;
    for (i = 0; i < n; i++) {
        double r = rs->rad[g->first + i], rn = rs->rad[g->first + c2d_next(i, n)];
        c2d_vec wi = rs->w[g->first + i];
        rs->edge[g->first + i] = n > 1 && !veq(vadd(v[i], vscale(wi, r)), vadd(v[c2d_next(i, n)], vscale(wi, rn)));
        area += vcross(vsub(v[i], v[0]), vsub(v[c2d_next(i, n)], v[0]));
        rmax = dmax(rmax, r);
        g->box.minx = dmin(g->box.minx, v[i].x - r); g->box.maxx = dmax(g->box.maxx, v[i].x + r);
        g->box.miny = dmin(g->box.miny, v[i].y - r); g->box.maxy = dmax(g->box.maxy, v[i].y + r);
    }
    g->rmax = rmax;
    g->solid = n >= 3 && area > 0;
    g->uniform = 1;
    for (i = 0; i < n; i++)
        if (rs->rad[g->first + i] != rmax) g->uniform = 0;
    g->tol = c2d_ulps(C2D_REGION_ROUNDING, c2d_bounds_magnitude(&g->box) + rmax) + A->tol + B->tol;
    /* A region with no interior (two points, or flat sharp cores) never blocks. */
    if (!(n >= 3 && area > 0) && !(rmax > 0)) return 1;
    rs->nv += n;
    rs->n++;
    return 1;
}

/* Add the region of leaf p moving against leaf q, in the frame at o (the
 * bodies live in this frame only); 0 when it does not fit, or when a leaf
 * is not convex (a fan opened beyond pi whose halves found no room). */
static C2D_NOINLINE int add_pair_region(regionset *rs, const c2d_shape *p, const c2d_shape *q, c2d_vec o)
{
    body A, B;
    c2d_body(&A, p, &o);
    c2d_body(&B, q, &o);
    if (A.type == BODY_LINE || B.type == BODY_LINE || (A.type == BODY_FAN && A.wide) || (B.type == BODY_FAN && B.wide)) return 0;
    return add_region(rs, &A, &B);
}

/* The most arcs a point is checked against one by one (beyond them, all). */
#define C2D_FACING 8

/* The item before i in region g. */
static int item_before(const region *g, int i)
{
    return i == g->first ? g->first + g->n - 1 : i - 1;
}

/* Is the direction d within the normals of item i's arc (from the normal
 * before it to its own), each side allowed slack. An arc that turns back
 * (rounding) holds no direction. d must also point the arc's way: where the
 * two normals are the same (a vertex in the middle of a straight edge), the
 * side tests alone hold the opposite direction too. */
static int in_arc(const regionset *rs, const region *g, int i, c2d_vec d, double slack)
{
    c2d_vec a = rs->w[item_before(g, i)], b = rs->w[i];
    if (g->n == 1) return 1;
    if (vdot(a, b) >= 0 && vcross(a, b) < 0) return 0;
    return vcross(a, d) >= -slack && vcross(d, b) >= -slack && vdot(d, vadd(a, b)) >= 0;
}

/* The signed distance of x from region g's boundary (< 0 inside): the
 * greatest x.u - h(u) over unit u, h the region's support, which on item
 * i's normals is c_i.u + rad_i; its greatest over an arc is |x - c_i| -
 * rad_i when x - c_i points within the arc, else at the arc's ends (the
 * edge normals). */
static double region_sd(const regionset *rs, const region *g, c2d_vec x)
{
    double most = -C2D_INF;
    int i;
    if (g->n == 1) return vlen(vsub(x, rs->v[g->first])) - rs->rad[g->first];
    for (i = g->first; i < g->first + g->n; i++) {
        c2d_vec d = vsub(x, rs->v[i]);
        most = dmax(most, vdot(d, rs->w[i]) - rs->rad[i]);
        if (in_arc(rs, g, i, d, 0)) most = dmax(most, vlen(d) - rs->rad[i]);
    }
    return most;
}

/* Is x outside (or on, within allow times its rounding) the interior of
 * region g: sd(x) >= -allow * tol, from the edges first, then the round
 * arcs x faces. */
static int region_clear(const regionset *rs, const region *g, c2d_vec x, double allow)
{
    double least = -allow * g->tol;
    int i, k, nf = 0, faces[C2D_FACING];
    if (x.x <= g->box.minx || x.x >= g->box.maxx || x.y <= g->box.miny || x.y >= g->box.maxy) return 1;
    if (g->n == 1) {
        double reach = rs->rad[g->first] + least;
        return reach <= 0 || vlen2(vsub(x, rs->v[g->first])) >= reach * reach;
    }
    /* The edges; and the arcs x may face. x - c faces an arc's normals only
     * when it has a positive share along one of the arc's end normals (an
     * arc turns by less than half a turn): when x lies beyond an edge's line
     * drawn through the arc's centre. */
    if (!(g->rmax > 0)) {
        /* Sharp: the edges alone. */
        for (i = g->first; i < g->first + g->n; i++)
            if (vdot(vsub(x, rs->v[i]), rs->w[i]) >= least) return 1;
        return 0;
    }
    if (g->uniform) {
        /* The centres' polygon V grown by r: clear when x is r (less the
         * allowance) from V, which only the edges x lies beyond can tell. */
        const c2d_vec *v = rs->v + g->first, *w = rs->w + g->first;
        double reach = g->rmax + least, most = -C2D_INF, d2 = C2D_INF;
        int outside = 0;
        for (i = 0; i < g->n; i++) {
            double s = vdot(vsub(x, v[i]), w[i]);
            if (s >= reach) return 1;
            most = dmax(most, s);
            if (s > 0) { outside = 1; d2 = dmin(d2, c2d_pt_seg_d2(x, v[i], v[c2d_next(i, g->n)], NULL)); }
        }
        if (!outside && g->solid) return most >= reach;
        if (!outside)
            for (i = 0; i < g->n; i++) d2 = dmin(d2, c2d_pt_seg_d2(x, v[i], v[c2d_next(i, g->n)], NULL));
        return reach <= 0 || d2 >= reach * reach;
    }
    for (i = g->first; i < g->first + g->n; i++) {
        int next = g->first + c2d_next(i - g->first, g->n);
        double s = vdot(vsub(x, rs->v[i]), rs->w[i]) - rs->rad[i];
        if (s >= least) return 1;
        if (s + rs->rad[i] > -g->tol && nf <= C2D_FACING - 2) faces[nf++] = i;
        else if (s + rs->rad[i] > -g->tol) nf = C2D_FACING + 1;
        if (s + rs->rad[next] > -g->tol && nf <= C2D_FACING - 1) faces[nf++] = next;
        else if (s + rs->rad[next] > -g->tol) nf = C2D_FACING + 1;
    }
    /* Inside every edge line: only a round arc x faces can leave it outside. */
    for (k = 0; k < (nf > C2D_FACING ? g->n : nf); k++) {
        double reach;
        c2d_vec d;
        i = nf > C2D_FACING ? g->first + k : faces[k];
        reach = rs->rad[i] + least;
        if (!(rs->rad[i] > 0)) continue;
        d = vsub(x, rs->v[i]);
        if (in_arc(rs, g, i, d, 0) && (reach <= 0 || vlen2(d) >= reach * reach)) return 1;
    }
    return 0;
}

/* Candidates are gathered, then tried nearest first: the first one inside
 * no region is the least of them, and the rest need no test. */
#define C2D_CANDIDATES 64

typedef struct region_search {
    const regionset *rs;
    double best2;
    c2d_vec x, u;
    int found;
    int last;                       /* the region that last refused a point */
    int seams;                      /* a leaf without area: a point clear of every
                                       region may still lie on a seam of their union */
    int nc;
    double cd2[C2D_CANDIDATES];
    c2d_vec cx[C2D_CANDIDATES];
    c2d_vec cu[C2D_CANDIDATES];     /* the side the shapes come apart on */
} region_search;

/* Is x inside no region, within their rounding when allow (the one that
 * refused the last point first). */
static int clear_of_all(region_search *s, c2d_vec x, double allow)
{
    const regionset *rs = s->rs;
    int k;
    if (s->last < rs->n && !region_clear(rs, &rs->g[s->last], x, allow)) return 0;
    for (k = 0; k < rs->n; k++)
        if (k != s->last && !region_clear(rs, &rs->g[k], x, allow)) { s->last = k; return 0; }
    return 1;
}

/* The rounding of the regions whose boxes reach x. */
static double local_tol(const regionset *rs, c2d_vec x)
{
    double t = 0;
    int k;
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        if (x.x >= g->box.minx - g->tol && x.x <= g->box.maxx + g->tol &&
            x.y >= g->box.miny - g->tol && x.y <= g->box.maxy + g->tol) t = dmax(t, g->tol);
    }
    return t;
}

static void sift_down(region_search *s, int i, int n)
{
    for (;;) {
        int l = 2 * i + 1, m = i;
        double td;
        c2d_vec tx;
        if (l < n && s->cd2[l] < s->cd2[m]) m = l;
        if (l + 1 < n && s->cd2[l + 1] < s->cd2[m]) m = l + 1;
        if (m == i) return;
        td = s->cd2[i]; s->cd2[i] = s->cd2[m]; s->cd2[m] = td;
        tx = s->cx[i]; s->cx[i] = s->cx[m]; s->cx[m] = tx;
        tx = s->cu[i]; s->cu[i] = s->cu[m]; s->cu[m] = tx;
        i = m;
    }
}

/* Is x clear of every region (within their rounding; where two nearly
 * parallel edges cross, |u| grows as their crossing's rounding does).
 * Unless seams are possible (seams_possible), that is all: were the moved
 * shapes to overlap, some pair of leaves would, and x would be inside its
 * region. A zero-width gap between two regions (a box exactly as tall as a
 * slot) is then an answer.
 * Where a leaf without area (a point, a segment) meets several, a point on
 * the seam of two regions (one ends where the other begins, as two pieces of
 * a Concave meet along a diagonal) is clear of each but inside their union:
 * the point a step beyond x on the side u where its regions open must be
 * clear too. The step is well beyond the rounding the clear test allows x,
 * and the point beyond is held to no allowance (a narrow piece it grazes
 * still refuses it). */
static int clear_at(region_search *s, c2d_vec x, c2d_vec u)
{
    double step = 4 * local_tol(s->rs, x);
    if (!clear_of_all(s, x, dmax(1, vlen(u)))) return 0;
    return !s->seams || clear_of_all(s, vadd(x, vscale(u, step)), 0);
}

/* Try the gathered candidates nearest first (a heap), up to the first clear one. */
static void settle(region_search *s)
{
    int i, n = s->nc;
    for (i = n / 2 - 1; i >= 0; i--) sift_down(s, i, n);
    while (n > 0 && s->cd2[0] < s->best2) {
        if (clear_at(s, s->cx[0], s->cu[0])) {
            s->best2 = s->cd2[0];
            s->x = s->cx[0];
            s->u = s->cu[0];
            s->found = 1;
            break;
        }
        n--;
        s->cd2[0] = s->cd2[n];
        s->cx[0] = s->cx[n];
        s->cu[0] = s->cu[n];
        sift_down(s, 0, n);
    }
    s->nc = 0;
}

/* A candidate x, where the regions it lies on open toward u (a step of u
 * leaves each of them by at least a step). */
static void try_point(region_search *s, c2d_vec x, c2d_vec u)
{
    double d2 = vlen2(x);
    if (!(d2 < s->best2)) return;
    s->cd2[s->nc] = d2;
    s->cx[s->nc] = x;
    s->cu[s->nc] = u;
    if (++s->nc == C2D_CANDIDATES) settle(s);
}

/* A boundary piece: an offset edge (the edge from vertex i) or a round corner. */
typedef struct piece_ref {
    int region, i, round;
    c2d_bounds box;   /* its box (grown by rounding), within the best's square */
} piece_ref;

static void edge_line(const regionset *rs, const region *g, int i, c2d_vec *w, double *c)
{
    (void)g;
    *w = rs->w[i];
    *c = vdot(rs->v[i], *w) + rs->rad[i];
}

/* Is x, on the line of the offset edge from vertex i, within that edge. */
static int on_edge(const regionset *rs, const region *g, int i, c2d_vec x)
{
    int j = g->first + c2d_next(i - g->first, g->n);
    c2d_vec p0 = vadd(rs->v[i], vscale(rs->w[i], rs->rad[i]));
    c2d_vec e = vsub(vadd(rs->v[j], vscale(rs->w[i], rs->rad[j])), p0);
    double t = vdot(vsub(x, p0), e), ee = vlen2(e), slack = C2D_ON_PIECE * ee;
    return t >= -slack && t <= ee + slack;
}

/* Is x, on the circle about vertex i, on that round corner: between the
 * normals of the edges that meet there. */
static int on_corner(const regionset *rs, const region *g, int i, c2d_vec x)
{
    c2d_vec u = vsub(x, rs->v[i]);
    return in_arc(rs, g, i, u, C2D_ON_PIECE * vlen(u));
}

/* Does item i have an edge of positive length after it. */
static int has_edge(const regionset *rs, const region *g, int i)
{
    (void)g;
    return rs->edge[i];
}

static int on_piece(const regionset *rs, const piece_ref *f, c2d_vec x)
{
    const region *g = &rs->g[f->region];
    return f->round ? on_corner(rs, g, f->i, x) : on_edge(rs, g, f->i, x);
}

/* A point where two pieces may cross: tried when it is on both. */
/* The outward normal of a piece at x on it. */
static c2d_vec piece_normal(const regionset *rs, const piece_ref *f, c2d_vec x)
{
    return f->round ? vunit(vsub(x, rs->v[f->i])) : rs->w[f->i];
}

static void try_on(region_search *s, const piece_ref *f, const piece_ref *h, c2d_vec x)
{
    c2d_vec u;
    if (!(vlen2(x) < s->best2)) return;
    if (!on_piece(s->rs, f, x) || !on_piece(s->rs, h, x)) return;
    /* Outside both: between their normals (none when they face each other),
     * by the step over the share of it that leaves each piece. */
    u = vadd(piece_normal(s->rs, f, x), piece_normal(s->rs, h, x));
    if (!(vlen(u) > C2D_OPPOSED_NORMALS)) return;
    try_point(s, x, vscale(u, 2 / vlen2(u)));
}

/* Where two boundary pieces of different regions cross. */
static void try_crossing(region_search *s, const piece_ref *f, const piece_ref *h)
{
    const regionset *rs = s->rs;
    const region *gf, *gh;
    if (f->round && !h->round) { const piece_ref *t = f; f = h; h = t; }
    gf = &rs->g[f->region];
    gh = &rs->g[h->region];
    if (!f->round && !h->round) {
        c2d_vec w1, w2;
        double c1, c2, det;
        edge_line(rs, gf, f->i, &w1, &c1);
        edge_line(rs, gh, h->i, &w2, &c2);
        det = vcross(w1, w2);
        if (det == 0) return;
        try_on(s, f, h, v2((c1 * w2.y - c2 * w1.y) / det, (c2 * w1.x - c1 * w2.x) / det));
    } else if (!f->round) {
        /* An offset edge's line x.w = c and the circle about v of radius r. */
        c2d_vec w, v = rs->v[h->i], foot;
        double c, d, r = rs->rad[h->i], half;
        edge_line(rs, gf, f->i, &w, &c);
        d = c - vdot(v, w);
        if (!(fabs(d) <= r)) return;
        foot = vadd(v, vscale(w, d));
        half = sqrt(dmax(0, (r - d) * (r + d)));
        try_on(s, f, h, vadd(foot, vscale(vperp(w), half)));
        try_on(s, f, h, vsub(foot, vscale(vperp(w), half)));
    } else {
        c2d_vec v1 = rs->v[f->i], v2_ = rs->v[h->i], e = vsub(v2_, v1), u, p;
        double r1 = rs->rad[f->i], r2 = rs->rad[h->i], dd = vlen(e), along, half;
        if (!(dd > 0) || dd > r1 + r2 || dd < fabs(r1 - r2)) return;
        u = vscale(e, 1 / dd);
        along = (dd + (r1 - r2) * (r1 + r2) / dd) / 2;
        half = sqrt(dmax(0, (r1 - along) * (r1 + along)));
        p = vadd(v1, vscale(u, along));
        try_on(s, f, h, vadd(p, vscale(vperp(u), half)));
        try_on(s, f, h, vsub(p, vscale(vperp(u), half)));
    }
}

/* The box of round corner i: its ends, and its extreme points along the
 * axes that lie on it. */
static void corner_box(const regionset *rs, const region *g, int i, c2d_bounds *box)
{
    static const c2d_vec axes[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
    c2d_vec v = rs->v[i], p[6];
    double r = rs->rad[i];
    int j, m = 0;
    if (g->n == 1) {
        box->minx = v.x - r; box->maxx = v.x + r;
        box->miny = v.y - r; box->maxy = v.y + r;
        return;
    }
    {
        c2d_vec win = rs->w[item_before(g, i)], wout = rs->w[i];
        p[m++] = vadd(v, vscale(win, r));
        p[m++] = vadd(v, vscale(wout, r));
        for (j = 0; j < 4; j++)
            if (vcross(win, axes[j]) >= 0 && vcross(axes[j], wout) >= 0) p[m++] = vadd(v, vscale(axes[j], r));
    }
    c2d_points_bounds(p, m, box);
}

/* Grow a piece's box by rounding and cut it to the square of radius best;
 * 1 when anything is left. */
static int piece_box(c2d_bounds *b, double best)
{
    double slack = C2D_ON_PIECE * (fabs(b->minx) + fabs(b->maxx) + fabs(b->miny) + fabs(b->maxy) + best);
    b->minx = dmax(b->minx - slack, -best); b->maxx = dmin(b->maxx + slack, best);
    b->miny = dmax(b->miny - slack, -best); b->maxy = dmin(b->maxy + slack, best);
    return b->minx <= b->maxx && b->miny <= b->maxy;
}

/* Sort pieces by their boxes' left sides (Shell's sort: no allocation). */
static void sort_by_left(piece_ref *p, int n)
{
    static const int gaps[] = { 109, 41, 19, 5, 1 };
    int g, i, j;
    for (g = 0; g < 5; g++) {
        int gap = gaps[g];
        for (i = gap; i < n; i++) {
            piece_ref t = p[i];
            for (j = i; j >= gap && p[j - gap].box.minx > t.box.minx; j -= gap) p[j] = p[j - gap];
            p[j] = t;
        }
    }
}

/* Does some other region than k hold the segment p0 p1 in its interior
 * (then no point of it is on the union's boundary). */
static int buried(region_search *s, int k, c2d_vec p0, c2d_vec p1)
{
    const regionset *rs = s->rs;
    int l;
    if (s->last != k && s->last < rs->n && !region_clear(rs, &rs->g[s->last], p0, 1) && !region_clear(rs, &rs->g[s->last], p1, 1)) return 1;
    for (l = 0; l < rs->n; l++)
        if (l != k && l != s->last && !region_clear(rs, &rs->g[l], p0, 1) && !region_clear(rs, &rs->g[l], p1, 1)) { s->last = l; return 1; }
    return 0;
}

/* Does some other region than k hold round corner i in its interior: the
 * triangle of its ends and the crossing of its end tangents, which holds an
 * arc of less than two thirds of a half turn. */
static int buried_corner(region_search *s, int k, int i)
{
    const regionset *rs = s->rs;
    const region *g = &rs->g[k];
    c2d_vec v = rs->v[i], win, wout, e0, e1, apex;
    double c, r = rs->rad[i];
    int l;
    if (g->n == 1) return 0;
    win = rs->w[item_before(g, i)];
    wout = rs->w[i];
    c = vdot(win, wout);
    if (!(c > -0.5)) return 0;
    e0 = vadd(v, vscale(win, r));
    e1 = vadd(v, vscale(wout, r));
    apex = vadd(v, vscale(vadd(win, wout), r / (1 + c)));
    for (l = 0; l < rs->n; l++) {
        const region *h = &rs->g[l];
        if (l != k && !region_clear(rs, h, e0, 1) && !region_clear(rs, h, e1, 1) && !region_clear(rs, h, apex, 1)) return 1;
    }
    return 0;
}

/* The least move of a (by x) outside every region, when below best; returns
 * whether one was found. */
static int region_least(regionset *rs, double best, int seams, c2d_vec *x, c2d_vec *u)
{
    region_search s;
    piece_ref near_pieces[C2D_REGION_FEATURES];
    int k, i, j, np = 0;
    s.rs = rs;
    s.seams = seams;
    s.best2 = best * best;
    s.found = 0;
    s.last = 0;
    s.nc = 0;
    /* Feet of perpendiculars, and round corners on the line through their centre. */
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        for (i = g->first; i < g->first + g->n; i++) {
            c2d_vec v = rs->v[i];
            double r = rs->rad[i];
            if (has_edge(rs, g, i)) {
                c2d_vec w;
                double c;
                edge_line(rs, g, i, &w, &c);
                if (c >= -g->tol && on_edge(rs, g, i, vscale(w, c))) try_point(&s, vscale(w, c), w);
            }
            if (r > 0) {
                double len = vlen(v);
                if (len > 0) {
                    c2d_vec far = vscale(v, (len + r) / len), back = vscale(v, (len - r) / len);
                    c2d_vec out = vscale(v, 1 / len);
                    if (on_corner(rs, g, i, far)) try_point(&s, far, out);
                    if (len <= r + g->tol && on_corner(rs, g, i, back)) try_point(&s, back, vscale(out, -1));
                } else if (g->n > 1) {
                    /* Centred on the origin: the whole arc is as near; its ends. */
                    int prev = item_before(g, i);
                    try_point(&s, vadd(v, vscale(rs->w[i], r)), rs->w[i]);
                    try_point(&s, vadd(v, vscale(rs->w[prev], r)), rs->w[prev]);
                } else {
                    try_point(&s, v2(0, -r), v2(0, -1));
                }
            }
        }
    }
    settle(&s);
    /* Only the regions nearer than the best found can hold a nearer point. */
    for (k = i = 0; k < rs->n; k++)
        if (rs->g[k].sd0 * rs->g[k].sd0 < s.best2 || rs->g[k].sd0 < 0) rs->g[i++] = rs->g[k];
    rs->n = i;
    s.last = 0;
    /* The boundary pieces nearer than the best, each with its box cut to the
     * square of the best; then the crossings of pieces whose boxes meet
     * (sorted by their left sides, each against those starting before it ends). */
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        double best_now = sqrt(s.best2);
        for (i = g->first; i < g->first + g->n; i++) {
            c2d_vec w = rs->w[i];
            double r = rs->rad[i];
            if (has_edge(rs, g, i)) {
                c2d_vec p[2];
                p[0] = vadd(rs->v[i], vscale(w, r));
                p[1] = vadd(rs->v[g->first + c2d_next(i - g->first, g->n)], vscale(w, rs->rad[g->first + c2d_next(i - g->first, g->n)]));
                if (c2d_pt_seg_d2(v2(0, 0), p[0], p[1], NULL) < s.best2 && !buried(&s, k, p[0], p[1])) {
                    if (np == C2D_REGION_FEATURES) return -1;
                    near_pieces[np].region = k; near_pieces[np].i = i; near_pieces[np].round = 0;
                    c2d_points_bounds(p, 2, &near_pieces[np].box);
                    np += piece_box(&near_pieces[np].box, best_now);
                }
            }
            if (r > 0 && fabs(vlen(rs->v[i]) - r) < best_now && !buried_corner(&s, k, i)) {
                if (np == C2D_REGION_FEATURES) return -1;
                near_pieces[np].region = k; near_pieces[np].i = i; near_pieces[np].round = 1;
                corner_box(rs, g, i, &near_pieces[np].box);
                np += piece_box(&near_pieces[np].box, best_now);
            }
        }
    }
    sort_by_left(near_pieces, np);
    for (i = 0; i < np; i++) {
        const piece_ref *f = &near_pieces[i];
        for (j = i + 1; j < np && near_pieces[j].box.minx <= f->box.maxx; j++) {
            const piece_ref *h = &near_pieces[j];
            if (h->region == f->region || h->box.miny > f->box.maxy || h->box.maxy < f->box.miny) continue;
            try_crossing(&s, f, h);
        }
    }
    settle(&s);
    if (!s.found) return 0;
    /* Held within the allowance only (rounding, or a region it grazes): the
     * point a step beyond on its open side, which is clear with none (with
     * leaves of area only when it is: in a zero-width gap, the step beyond
     * is inside the region across it). */
    if (vlen(s.x) > local_tol(rs, s.x) * dmax(1, vlen(s.u)) && !clear_of_all(&s, s.x, 0)) {
        /* The least such step, doubled from the rounding of x itself up to
         * the regions' (which a far vertex can make far coarser than x's:
         * a step of it would overshoot by as much). */
        double most = 4 * local_tol(rs, s.x), step = c2d_ulps(4, fabs(s.x.x) + fabs(s.x.y));
        c2d_vec beyond;
        int clear;
        for (;;) {
            if (!(step < most)) step = most;
            beyond = vadd(s.x, vscale(s.u, step));
            clear = clear_of_all(&s, beyond, 0);
            if (clear || step == most) break;
            step *= 2;
        }
        if (seams || clear) s.x = beyond;
    }
    *x = s.x;
    *u = s.u;
    return 1;
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
    c2d_vec x, u;
    int i, k, keep, touching = 0;
    rs.n = rs.nv = 0;
    *overlapping = 0;
    for (i = 0; i < ps->n; i++)
        if (!add_pair_region(&rs, ps->p[i], ps->q[i], o)) return 0;
    /* Regions nearer than the best bound stay; does any hold or touch the origin. */
    keep = 0;
    for (k = 0; k < rs.n; k++) {
        double d = region_sd(&rs, &rs.g[k], v2(0, 0));
        if (d <= rs.g[k].tol) touching = 1;
        rs.g[k].sd0 = d;
        if (d < cs->best) rs.g[keep++] = rs.g[k];
    }
    rs.n = keep;
    if (!touching) return 1;
    *overlapping = 1;
    i = region_least(&rs, cs->best, seams_possible(ps), &x, &u);
    if (i < 0) return 0;
    if (i > 0) {
        /* hypot and vunit: a step 1e-160 long has a square that underflows */
        double len = hypot(x.x, x.y);
        if (len <= local_tol(&rs, x) * dmax(1, vlen(u))) {
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
        double best_a = atan2(cs->n.y, cs->n.x), step = 2 * C2D_PI / C2D_CONTACT_SPREAD, lo, hi;
        const double g = 0.6180339887498949;
        for (i = 0; i < C2D_CONTACT_SPREAD; i++) {
            double ang = i * step, before = cs->best;
            try_direction(cs, v2(cos(ang), sin(ang)));
            if (cs->best < before) best_a = ang;
        }
        lo = best_a - step;
        hi = best_a + step;
        for (i = 0; i < C2D_CONTACT_REFINE; i++) {
            double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
            double f1 = chase(ps, v2(cos(m1), sin(m1)), C2D_INF), f2 = chase(ps, v2(cos(m2), sin(m2)), C2D_INF);
            if (f1 < cs->best) { cs->best = f1; cs->n = v2(cos(m1), sin(m1)); }
            if (f2 < cs->best) { cs->best = f2; cs->n = v2(cos(m2), sin(m2)); }
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
    case C2D_AABB: case C2D_BOX: case C2D_TRIANGLE: case C2D_POLYGON: return s->ccw != 0;
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
            c2d_vec room[c2d_scaled_room(ps->p[i])];
            const c2d_shape *pm;
            c2d_contact_result r;
            double touch;
            m.minx += d.x; m.maxx += d.x; m.miny += d.y; m.maxy += d.y;
            if (!c2d_bounds_meet(&m, &ps->q[i]->bounds)) continue;
            pm = moved_copy(ps->p[i], d, &st, room);
            /* Touching: within the rest tolerance, or within the rounding of
             * the moved copy's own numbers (far from the origin a step finer
             * than their last bit moves nothing). */
            touch = dmax(ps->tol, c2d_ulps(C2D_MOVED_ROUNDING, c2d_bounds_magnitude(&m)));
            if (c2d_contact(pm, ps->q[i], &r) != C2D_OK || !r.hit || !(r.depth > touch)) continue;
            if (!(r.depth <= C2D_CONTACT_POLISH * c2d_pair_size(pm, ps->q[i], pm->p[0]))) return 0;
            step = vadd(step, vscale(r.normal, r.depth + ps->tol));
            over = 1;
        }
        if (!over) {
            double len = hypot(d.x, d.y);
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

void c2d_compound_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    leafset la, lb;
    pairset ps;
    contact_search cs;
    touches touch;
    c2d_vec o;
    double r0, ax[4];
    int swapped, i, j, overlapping = 0, k;
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

    la.n = la.nh = la.overflow = 0;
    lb.n = lb.nh = lb.overflow = 0;
    leaves(a, &b->bounds, r0, &la);
    leaves(b, &a->bounds, r0, &lb);
    ps.n = 0;
    touch.count = -1;
    ps.tol = C2D_CONTACT_REST * c2d_rest_depth(a, b);
    for (i = 0; i < la.n; i++)
        for (j = 0; j < lb.n; j++) {
            if (!c2d_near(&la.s[i]->bounds, &lb.s[j]->bounds, r0)) continue;
            if (ps.n == C2D_CONTACT_PAIRS) { la.overflow = 1; continue; }
            ps.p[ps.n] = la.s[i];
            ps.q[ps.n] = lb.s[j];
            ps.n++;
        }
    cs.ps = &ps;
    o = a->p[0];
    if (!la.overflow && !lb.overflow && pairs_only_touch(&ps, &touch)) {
        overlapping = 0;
    } else if (!la.overflow && !lb.overflow && !region_contact(&ps, o, &cs, &overlapping)) {
        chase_contact(&ps, o, &cs, &overlapping);
    } else if (overlapping && !pairs_clear_after(&ps, &cs.n, &cs.best)) {
        /* The regions' answer leaves a pair overlapping: the chase over
         * candidate directions instead, which always separates. */
        cs.best = r0;
        cs.n = k == 0 ? v2(-1, 0) : k == 1 ? v2(1, 0) : k == 2 ? v2(0, -1) : v2(0, 1);
        chase_contact(&ps, o, &cs, &overlapping);
    }
    out->hit = 1;
    if (!overlapping && !la.overflow && !lb.overflow) {
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

