/*
 * Covers: does a hold every point of b.
 *
 * b is the union of convex leaves (its pieces, a wide fan's two halves), and
 * a covers b when it covers each. A convex a covers a convex leaf L when:
 *   a sharp polygon   L's support along each outward edge normal is within
 *                     the edge's (h_L(w) <= h_a(w) on the normals is enough);
 *   a rounded core    (disk, capsule: core K grown by R) every round centre v
 *                     of L (radius r) has its disk inside: dist(v, K) <= R - r,
 *                     or when r > R, v inside K at least r - R from each edge
 *                     (the erosion of a convex set by a disk); a fan leaf
 *                     through its apex, arc ends and the arc points where the
 *                     distance to K can peak;
 *   a fan (<= pi)     L inside the circle (its farthest point) and inside
 *                     both edge half-planes (supports);
 *   a Line            L a point or segment on it.
 * A compound a (or a wide fan) covers L when one of its leaves does, or
 * else by its union: a point or segment L by the intervals the leaves hold
 * along it; an L with an interior when no boundary piece of any leaf that
 * lies inside L has its outside uncovered (below), and one inner point of L
 * is held.
 */
#include <float.h>
#include "tiles.h"



/* Is x at most limit, allowing the rounding in them and in numbers of
 * magnitude mag; below the normal doubles, where rounding is a fixed step
 * (2^-1074) and not a fraction, as many steps (a fan 49 steps wide has arc
 * ends a step off its circle). */
static int within(double x, double limit, double mag)
{
    return x <= limit + c2d_ulps(C2D_COVER_ULPS, fabs(x) + fabs(limit) + mag) + C2D_COVER_ULPS * 0x1p-1074;
}


/* |x| + |y|. */
static double l1(c2d_vec v) { return fabs(v.x) + fabs(v.y); }

/* The distance from p to a POLY core (0 inside one with an interior). */
static double core_distance(const body *k, c2d_vec p)
{
    double best = C2D_INF;
    int i, inside = k->orient != 0;
    if (k->n == 1) return vlen(vsub(p, c2d_bv(k, 0)));
    for (i = 0; i < k->n; i++) {
        c2d_vec a = c2d_bv(k, i), b = c2d_bv(k, c2d_next(i, k->n));
        if (k->orient != 0 && vcross(vsub(b, a), vsub(p, a)) * k->orient < 0) inside = 0;
        best = dmin(best, sqrt(c2d_pt_seg_d2(p, a, b, NULL)));
        if (k->n == 2) break;
    }
    return inside ? 0 : best;
}

/* The least distance from p (inside) to the edge lines of a core with an interior. */
static double inner_margin(const body *k, c2d_vec p)
{
    double m = C2D_INF;
    int i;
    for (i = 0; i < k->n; i++) {
        c2d_vec a = c2d_bv(k, i), e = vsub(c2d_bv(k, c2d_next(i, k->n)), a);
        double l = vlen(e);
        if (l == 0) continue;
        m = dmin(m, vcross(e, vsub(p, a)) * k->orient / l);
    }
    return m;
}

/* Is every point of a fan body f within R (by within) of the POLY core k:
 * the distance to k is convex along the fan's edges, so it peaks at the
 * apex, the arc ends, or on the arc where the arc faces straight away from
 * a vertex of k or along an edge normal of k (when that point is on it). */
static int fan_within_core(const body *f, const body *k, double R, double mag)
{
    int i, s;
    c2d_vec apex = c2d_bv(f, 0);
    if (!within(core_distance(k, apex), R, mag) || !within(core_distance(k, c2d_arc_end(f, 0)), R, mag) ||
        !within(core_distance(k, c2d_arc_end(f, 1)), R, mag)) return 0;
    for (i = 0; i < k->n; i++) {
        c2d_vec u = vunit(vsub(apex, c2d_bv(k, i))), w;
        if ((u.x != 0 || u.y != 0) && c2d_in_wedge(f, u) && !within(core_distance(k, vadd(apex, vscale(u, f->r))), R, mag)) return 0;
        if (k->n < 2 || (k->n == 2 && i == 1)) continue;
        w = vunit(vperp(vsub(c2d_bv(k, c2d_next(i, k->n)), c2d_bv(k, i))));
        for (s = -1; s <= 1; s += 2) {
            c2d_vec n = vscale(w, s);
            if (c2d_in_wedge(f, n) && !within(core_distance(k, vadd(apex, vscale(n, f->r))), R, mag)) return 0;
        }
    }
    return 1;
}

/* A convex a (not a wide fan) covers the convex leaf l. */
static C2D_NOINLINE int convex_covers(const c2d_shape *a, const c2d_shape *l)
{
    body A, B;
    c2d_vec o = a->p[0];
    double mag = 0;
    int i;
    c2d_body(&A, a, &o);
    c2d_body(&B, l, &o);
    if (A.type == BODY_LINE) {
        if (B.type != BODY_POLY || B.r > 0) return 0;
        for (i = 0; i < B.n; i++)
            if (vcross(vsub(c2d_bv(&B, i), c2d_bv(&A, 0)), c2d_bv(&A, 1)) != 0) return 0;
        return B.orient == 0;
    }
    if (A.type == BODY_POLY && A.r == 0 && A.orient != 0 && A.n >= 3) {
        /* A sharp polygon: a sharp leaf's vertices on the inner side of each
         * edge (cross products, exact up to their own rounding: a sliver's
         * own vertices stay on its edges); any other leaf's support along
         * each outward normal. A vertex in this frame also carries the
         * rounding of its translation, half an ulp of its own coordinates,
         * which tilts an edge much shorter than the polygon by far more than
         * the products' rounding: a polygon flat but for an edge 2e-13 long
         * read a vertex 10 away as 0.2 outside that edge's line, and did not
         * cover itself. */
        for (i = 0; i < A.n; i++) {
            c2d_vec a0 = c2d_bv(&A, i), a1 = c2d_bv(&A, c2d_next(i, A.n)), e = vsub(a1, a0), w;
            int k;
            if (e.x == 0 && e.y == 0) continue;
            if (B.type == BODY_POLY && B.r == 0) {
                double el = vlen(e), na = l1(a0), ne = l1(e), nab = na + l1(a1);
                for (k = 0; k < B.n; k++) {
                    c2d_vec bk = c2d_bv(&B, k), d = vsub(bk, a0);
                    double slack = c2d_ulps(C2D_COVER_ULPS, fabs(e.x * d.y) + fabs(e.y * d.x)) + A.tol * el +
                                   c2d_ulps(2, nab * l1(d) + ne * (l1(bk) + na));
                    if (vcross(e, d) * A.orient < -slack) return 0;
                }
                continue;
            }
            w = vunit(vscale(vperp(e), -A.orient));
            if (!within(c2d_support(&B, w) - A.tol, vdot(c2d_bv(&A, i), w), mag)) return 0;
        }
        return 1;
    }
    if (A.type == BODY_POLY) {
        /* A core grown by R. */
        double R = A.r + A.tol;
        if (B.type == BODY_POLY) {
            for (i = 0; i < B.n; i++) {
                if (B.r <= R) {
                    if (!within(core_distance(&A, c2d_bv(&B, i)), R - B.r, mag)) return 0;
                } else {
                    if (A.orient == 0 || core_distance(&A, c2d_bv(&B, i)) > 0) return 0;
                    if (!within(B.r - R, inner_margin(&A, c2d_bv(&B, i)), mag)) return 0;
                }
            }
            return 1;
        }
        return fan_within_core(&B, &A, R, mag);
    }
    /* A fan opened up to pi: inside its circle and both edge half-planes. */
    {
        c2d_vec apex = c2d_bv(&A, 0), w1 = vperp(A.own.fan.e1), w2 = vscale(vperp(A.own.fan.e2), -1);
        double R = A.r + A.tol;
        if (B.type == BODY_POLY) {
            for (i = 0; i < B.n; i++)
                if (!within(vlen(vsub(c2d_bv(&B, i), apex)) + B.r, R, mag)) return 0;
        } else {
            /* A fan leaf inside the circle about apex: its apex, arc ends, and
             * the arc point facing away from apex (the distance to a point
             * is convex along the fan's edges). */
            c2d_vec u = vunit(vsub(c2d_bv(&B, 0), apex)), p[4];
            int np = 0;
            p[np++] = c2d_bv(&B, 0);
            p[np++] = c2d_arc_end(&B, 0);
            p[np++] = c2d_arc_end(&B, 1);
            if ((u.x != 0 || u.y != 0) && c2d_in_wedge(&B, u)) p[np++] = vadd(c2d_bv(&B, 0), vscale(u, B.r));
            for (i = 0; i < np; i++)
                if (!within(vlen(vsub(p[i], apex)), R, mag)) return 0;
        }
        return within(c2d_support(&B, w1) - A.tol, vdot(apex, w1), mag) &&
               within(c2d_support(&B, w2) - A.tol, vdot(apex, w2), mag);
    }
}

/* ---- a compound a: the boundaries of its leaves inside l ----
 *
 * The leaves of a compound a are its convex parts: a Concave's pieces, a
 * Group's members (a Concave member's pieces), a wide fan's two halves. */

/* A leaf of a, and where it comes from: the shape, and which half of it
 * (0: the shape itself) when the shape is a wide fan. */
typedef struct leaf_walk {
    const c2d_shape *single;     /* a that is not compound, not yet given */
    const c2d_bounds *box;
    piece_walk outer, inner;
    int compound, in_inner, pending;
    const c2d_shape *src;
    c2d_shape halves[2];
} leaf_walk;

static void leaf_start(leaf_walk *w, const c2d_shape *a, const c2d_bounds *box)
{
    w->box = box;
    w->compound = c2d_is_compound(a);
    w->single = w->compound ? NULL : a;
    w->in_inner = w->pending = 0;
    w->src = NULL;
    if (w->compound) c2d_walk_start(&w->outer, a);
}

/* The next leaf whose box meets the walk's box, or NULL; *half as above. */
static const c2d_shape *leaf_next(leaf_walk *w, int *half)
{
    const c2d_shape *p;
    for (;;) {
        if (w->pending) {
            w->pending = 0;
            *half = 2;
            return &w->halves[1];
        }
        if (w->in_inner) {
            p = c2d_walk_next(&w->inner, w->box, 0);
            if (p == NULL) { w->in_inner = 0; continue; }
        } else if (w->single != NULL) {
            p = w->single;
            w->single = NULL;
        } else if (w->compound) {
            p = c2d_walk_next(&w->outer, w->box, 0);
            if (p == NULL) return NULL;
            if (c2d_is_compound(p)) {
                /* A Concave inside a Group: its pieces. */
                c2d_walk_start(&w->inner, p);
                w->in_inner = 1;
                continue;
            }
        } else {
            return NULL;
        }
        w->src = p;
        if (c2d_wide_fan(p)) {
            c2d_fan_halves(p, w->halves);
            w->pending = 1;
            *half = 1;
            return &w->halves[0];
        }
        *half = 0;
        return p;
    }
}

/* Is a point or segment p0..p1 inside the union of a's leaves: the
 * intervals along it that the leaves hold must chain from 0 to 1 (each
 * meeting the reach so far within rounding). No list is kept: the leaves
 * are walked again until none extends the reach. */
static int segment_covered(const c2d_shape *a, const c2d_bounds *box, c2d_vec p0, c2d_vec p1)
{
    leaf_walk w;
    const c2d_shape *s;
    c2d_vec d = vsub(p1, p0);
    double reach = 0, slack = c2d_ulps(C2D_COVER_ULPS, 1);
    int half, moved = 1;
    while (moved && reach < 1 - slack) {
        moved = 0;
        leaf_start(&w, a, box);
        while ((s = leaf_next(&w, &half)) != NULL) {
            c2d_sweep_result in = c2d_raycast(s, p0, d, 1), out;
            double hi;
            if (!in.hit) continue;
            if (d.x == 0 && d.y == 0) return 1;
            if (in.t > reach + slack) continue;
            out = c2d_raycast(s, p1, vscale(d, -1), 1);
            if (!out.hit) continue;
            hi = 1 - out.t;
            if (hi > reach) { reach = hi; moved = 1; }
        }
    }
    return reach >= 1 - slack;
}

/*
 * A leaf l with an interior: a holds l when no point of the union's boundary
 * lies inside l and one inner point of l is held (l's interior is connected,
 * so it then lies all inside the union or all outside it). The union's
 * boundary is made of pieces of the leaves' boundaries: segments and circle
 * arcs. Each piece is cut wherever another leaf's boundary or l's own meets
 * it; between two cuts, whether another leaf holds the outside of the piece
 * does not change, so the middle of each run decides. A run inside l must
 * have its middle inside another leaf, or on an edge of another leaf that
 * lies across it (two tiles sharing an edge hold their seam). Exact up to
 * rounding in the pieces' numbers: points within it of a boundary count as
 * on it, and runs shorter than it decide nothing.
 */

/* A boundary piece of a convex body, counter-clockwise round it: a segment
 * from a to b with outward unit normal n, or an arc of the circle about a
 * of radius r from the unit direction u turning counter-clockwise by span. */
typedef struct bpiece {
    int arc;
    c2d_vec a, b, n, u;
    double r, span;
} bpiece;

/* The most cuts kept along a piece at once; a piece with more is taken in
 * halves, up to so many times. */
#define C2D_COVER_CUTS 128
#define C2D_COVER_HALVINGS 40

/* Can the body hold area. */
static int has_interior(const body *x)
{
    return x->type == BODY_FAN || (x->type == BODY_POLY && (x->r > 0 || (x->orient != 0 && x->n >= 3)));
}

/* How many boundary pieces the body has (some may be empty). */
static int piece_count(const body *x)
{
    if (x->type == BODY_FAN) return 3;
    if (x->r == 0) return x->n;
    if (x->n == 1) return 1;
    if (x->n == 2) return 4;
    return 2 * x->n;
}

/* The outward normal of the first edge of positive length from vertex i on. */
static c2d_vec normal_from(const body *x, int i)
{
    int k, j;
    for (k = 0; k < x->n; k++) {
        c2d_vec p, q;
        j = (i + k) % x->n;
        p = ccw_vertex(x, j);
        q = ccw_vertex(x, c2d_next(j, x->n));
        if (!veq(p, q)) return right_normal(p, q);
    }
    return v2(0, 0);
}

/* Piece k of the body's boundary; 0 when it is empty. A rounded polygon's
 * pieces alternate: offset edge k / 2, then the round corner at its end. */
static int body_piece(const body *x, int k, bpiece *f)
{
    f->arc = 0;
    f->r = x->r;
    if (x->type == BODY_FAN) {
        c2d_vec apex = c2d_bv(x, 0);
        if (k == 0) { f->a = apex; f->b = c2d_arc_end(x, 1); f->n = v2(x->own.fan.e2.y, -x->own.fan.e2.x); }
        else if (k == 2) { f->a = c2d_arc_end(x, 0); f->b = apex; f->n = vperp(x->own.fan.e1); }
        else { f->arc = 1; f->a = apex; f->u = x->own.fan.e2; f->span = 2 * c2d_atan2(vcross(x->own.fan.d, x->own.fan.e1), vdot(x->own.fan.d, x->own.fan.e1)); }
        return 1;
    }
    if (x->r == 0) {
        c2d_vec p = ccw_vertex(x, k), q = ccw_vertex(x, c2d_next(k, x->n));
        if (veq(p, q)) return 0;
        f->a = p; f->b = q; f->n = right_normal(p, q);
        return 1;
    }
    if (x->n == 1) { f->arc = 1; f->a = c2d_bv(x, 0); f->u = v2(1, 0); f->span = 2 * C2D_PI; return 1; }
    if (x->n == 2) {
        /* A capsule: side, cap round the second end, side back, cap. */
        c2d_vec p = c2d_bv(x, 0), q = c2d_bv(x, 1), w = right_normal(p, q), s = vscale(w, x->r);
        switch (k) {
        case 0: f->a = vadd(p, s); f->b = vadd(q, s); f->n = w; break;
        case 1: f->arc = 1; f->a = q; f->u = w; f->span = C2D_PI; break;
        case 2: f->a = vsub(q, s); f->b = vsub(p, s); f->n = vscale(w, -1); break;
        default: f->arc = 1; f->a = p; f->u = vscale(w, -1); f->span = C2D_PI; break;
        }
        return 1;
    }
    {
        int i = k / 2;
        c2d_vec p = ccw_vertex(x, i), q = ccw_vertex(x, c2d_next(i, x->n)), w;
        /* A repeated vertex: no edge, and its corner is the one before. */
        if (veq(p, q)) return 0;
        w = right_normal(p, q);
        if (k % 2 == 0) {
            f->a = vadd(p, vscale(w, x->r)); f->b = vadd(q, vscale(w, x->r)); f->n = w;
        } else {
            c2d_vec out = normal_from(x, c2d_next(i, x->n));
            f->arc = 1; f->a = q; f->u = w;
            f->span = c2d_atan2(vcross(w, out), vdot(w, out));
            if (!(f->span > 0)) return 0;
        }
        return 1;
    }
}

/* u turned counter-clockwise by t. */
static c2d_vec turned(c2d_vec u, double t)
{
    double c, s;
    c2d_raw_sincos(t, &c, &s);
    return v2(u.x * c - u.y * s, u.x * s + u.y * c);
}

static double piece_end(const bpiece *f) { return f->arc ? f->span : 1; }

static c2d_vec piece_at(const bpiece *f, double t)
{
    return f->arc ? vadd(f->a, vscale(turned(f->u, t), f->r)) : vlerp(f->a, f->b, t);
}

/* The parameter of the point of f's line or circle nearest x. */
static double piece_param(const bpiece *f, c2d_vec x)
{
    c2d_vec d = vsub(x, f->a), e;
    double t;
    if (f->arc) {
        t = c2d_atan2(vcross(f->u, d), vdot(f->u, d));
        return t < 0 ? t + 2 * C2D_PI : t;
    }
    e = vsub(f->b, f->a);
    return vdot(d, e) / vlen2(e);
}

/* The distance from x to the piece. */
static double piece_distance(const bpiece *f, c2d_vec x)
{
    if (!f->arc) return sqrt(c2d_pt_seg_d2(x, f->a, f->b, NULL));
    if (piece_param(f, x) <= f->span) return fabs(vlen(vsub(x, f->a)) - f->r);
    return dmin(vlen(vsub(x, piece_at(f, 0))), vlen(vsub(x, piece_at(f, f->span))));
}

static void piece_bounds(const bpiece *f, c2d_bounds *b)
{
    if (f->arc) {
        b->minx = f->a.x - f->r; b->maxx = f->a.x + f->r;
        b->miny = f->a.y - f->r; b->maxy = f->a.y + f->r;
    } else {
        c2d_vec p[2];
        p[0] = f->a;
        p[1] = f->b;
        c2d_points_bounds(p, 2, b);
    }
}

static double box_extent(const c2d_bounds *b)
{
    return dmax(b->maxx - b->minx, b->maxy - b->miny);
}

static int boxes_meet(const c2d_bounds *a, const c2d_bounds *b, double slack)
{
    return !(a->minx > b->maxx + slack || b->minx > a->maxx + slack ||
             a->miny > b->maxy + slack || b->miny > a->maxy + slack);
}

/* How far inside the body p lies (< 0: outside, by as much when it has a
 * sharp core or is round). */
static double inner_depth(const body *x, c2d_vec p)
{
    if (x->type == BODY_FAN) {
        c2d_vec v = vsub(p, c2d_bv(x, 0));
        return dmin(x->r - vlen(v), dmin(-vcross(x->own.fan.e1, v), vcross(x->own.fan.e2, v)));
    }
    if (x->orient != 0 && core_distance(x, p) == 0) return x->r + inner_margin(x, p);
    return x->r - core_distance(x, p);
}

/* A point well inside a body with an interior. */
static c2d_vec inner_point(const body *x)
{
    c2d_vec c = v2(0, 0);
    int i;
    if (x->type == BODY_FAN) return vadd(c2d_bv(x, 0), vscale(x->own.fan.d, x->r / 2));
    for (i = 0; i < x->n; i++) c = vadd(c, c2d_bv(x, i));
    return vscale(c, 1.0 / x->n);
}

/* The rounding in the numbers of shape s as body x in the frame at o. */
static double rounding_of(const c2d_shape *s, c2d_vec o, const body *x)
{
    c2d_bounds b = s->bounds;
    b.minx -= o.x; b.maxx -= o.x; b.miny -= o.y; b.maxy -= o.y;
    return c2d_ulps(C2D_COVER_ULPS, c2d_bounds_magnitude(&b)) + x->tol + C2D_COVER_ULPS * 0x1p-1074;
}

typedef struct cover_job {
    const c2d_shape *a, *l;
    const body *B;           /* l in the frame at o */
    c2d_vec o;
    double eb;               /* l's rounding */
    c2d_bounds box;          /* l's box in the frame */
} cover_job;

typedef struct cuts {
    double lo, hi, near;
    int n, overflow;
    double t[C2D_COVER_CUTS];
} cuts;

/* Cut f at x when x lies on both f and h (within the cuts' near) inside (lo, hi). */
static void cut_at(cuts *c, const bpiece *f, const bpiece *h, c2d_vec x)
{
    double t;
    if (!(piece_distance(f, x) <= c->near && piece_distance(h, x) <= c->near)) return;
    t = piece_param(f, x);
    if (!(t > c->lo && t < c->hi)) return;
    if (c->n == C2D_COVER_CUTS) { c->overflow = 1; return; }
    c->t[c->n++] = t;
}

/* The points where the line p + t e meets the circle (c, r): 0 or 2. */
static int line_circle(c2d_vec p, c2d_vec e, c2d_vec c, double r, double near, c2d_vec *out)
{
    c2d_vec w = vsub(p, c);
    double l = vlen(e), t0, d, half;
    if (!(l > 0)) return 0;
    t0 = -vdot(w, e) / (l * l);
    d = vcross(e, w) / l;
    if (!(fabs(d) <= r + near)) return 0;
    half = sqrt(dmax(0, (r - d) * (r + d))) / l;
    out[0] = vadd(p, vscale(e, t0 + half));
    out[1] = vadd(p, vscale(e, t0 - half));
    return 2;
}

/* Cut f where h meets it: where they cross, and at h's ends on f. */
static void cut_with(cuts *c, const bpiece *f, const bpiece *h)
{
    c2d_vec x[2];
    int k, m = 0;
    cut_at(c, f, h, piece_at(h, 0));
    cut_at(c, f, h, piece_at(h, piece_end(h)));
    if (!f->arc && !h->arc) {
        c2d_vec e = vsub(f->b, f->a), g = vsub(h->b, h->a);
        double det = vcross(e, g);
        if (det != 0) {
            x[0] = vadd(f->a, vscale(e, vcross(vsub(h->a, f->a), g) / det));
            m = 1;
        }
    } else if (!f->arc || !h->arc) {
        const bpiece *s = f->arc ? h : f, *r = f->arc ? f : h;
        m = line_circle(s->a, vsub(s->b, s->a), r->a, r->r, c->near, x);
    } else {
        c2d_vec e = vsub(h->a, f->a), u, p;
        double dd = vlen(e), along, half;
        if (dd > 0 && dd <= f->r + h->r + c->near && dd >= fabs(f->r - h->r) - c->near) {
            u = vscale(e, 1 / dd);
            along = (dd + (f->r - h->r) * (f->r + h->r) / dd) / 2;
            half = sqrt(dmax(0, (f->r - along) * (f->r + along)));
            p = vadd(f->a, vscale(u, along));
            x[0] = vadd(p, vscale(vperp(u), half));
            x[1] = vsub(p, vscale(vperp(u), half));
            m = 2;
        }
    }
    for (k = 0; k < m; k++) cut_at(c, f, h, x[k]);
}

/* Is s the leaf (src, half). */
static int same_leaf(const leaf_walk *w, int half, const c2d_shape *src, int src_half)
{
    return w->src == src && half == src_half;
}

/* Gather the cuts of f (of leaf (src, half)) in (c->lo, c->hi): by l's
 * boundary and by every other leaf's. */
static C2D_NOINLINE void gather_cuts(const cover_job *job, const c2d_shape *src, int src_half, const bpiece *f, cuts *c)
{
    leaf_walk w;
    const c2d_shape *s;
    body M;
    bpiece h;
    c2d_bounds fb, hb, abs_box;
    int half, k;
    double slack;
    piece_bounds(f, &fb);
    slack = c->near;
    for (k = 0; k < piece_count(job->B); k++)
        if (body_piece(job->B, k, &h)) {
            piece_bounds(&h, &hb);
            if (boxes_meet(&fb, &hb, slack)) cut_with(c, f, &h);
        }
    abs_box = fb;
    abs_box.minx += job->o.x; abs_box.maxx += job->o.x;
    abs_box.miny += job->o.y; abs_box.maxy += job->o.y;
    slack += c2d_ulps(C2D_COVER_ULPS, c2d_bounds_magnitude(&abs_box));
    leaf_start(&w, job->a, &job->l->bounds);
    while ((s = leaf_next(&w, &half)) != NULL) {
        if (same_leaf(&w, half, src, src_half) || !boxes_meet(&s->bounds, &abs_box, slack)) continue;
        c2d_body(&M, s, &job->o);
        if (!has_interior(&M)) continue;
        for (k = 0; k < piece_count(&M); k++)
            if (body_piece(&M, k, &h)) {
                piece_bounds(&h, &hb);
                if (boxes_meet(&fb, &hb, c->near)) cut_with(c, f, &h);
            }
    }
}

/* Is the outside of f (of leaf (src, half)) at x, its point with outward
 * normal n, held by another leaf: x inside it, or on an edge of it that
 * lies across f (f straight too). ef: f's rounding. */
static C2D_NOINLINE int held_outside(const cover_job *job, const c2d_shape *src, int src_half, const bpiece *f, c2d_vec x, c2d_vec n, double ef)
{
    leaf_walk w;
    const c2d_shape *s;
    body M;
    bpiece g;
    c2d_bounds at;
    int half, k;
    at.minx = at.maxx = x.x + job->o.x;
    at.miny = at.maxy = x.y + job->o.y;
    leaf_start(&w, job->a, &job->l->bounds);
    while ((s = leaf_next(&w, &half)) != NULL) {
        double e;
        if (same_leaf(&w, half, src, src_half) ||
            !boxes_meet(&s->bounds, &at, ef + c2d_ulps(C2D_COVER_ULPS, c2d_bounds_magnitude(&at)))) continue;
        c2d_body(&M, s, &job->o);
        if (!has_interior(&M)) continue;
        e = ef + rounding_of(s, job->o, &M);
        if (inner_depth(&M, x) > e) return 1;
        if (f->arc) continue;
        for (k = 0; k < piece_count(&M); k++)
            if (body_piece(&M, k, &g) && !g.arc && vdot(g.n, n) < -0.5 && piece_distance(&g, x) <= e) return 1;
    }
    return 0;
}

static void sort_cuts(cuts *c)
{
    int i, j;
    for (i = 1; i < c->n; i++) {
        double t = c->t[i];
        for (j = i; j > 0 && c->t[j - 1] > t; j--) c->t[j] = c->t[j - 1];
        c->t[j] = t;
    }
}

/* Is every run of f inside l held on its outside by another leaf. A piece
 * with more cuts than are kept is taken a window at a time, each window
 * halved until its cuts fit. */
static int piece_held(const cover_job *job, const c2d_shape *src, int src_half, const bpiece *f, double ef)
{
    cuts c;
    double lo = 0, end = piece_end(f), size;
    c2d_bounds fb;
    piece_bounds(f, &fb);
    size = box_extent(&fb);
    while (lo < end) {
        double hi = end;
        int halvings = 0, i;
        for (;;) {
            c.lo = lo;
            c.hi = hi;
            c.n = c.overflow = 0;
            c.near = C2D_COVER_NEAR * (size + box_extent(&job->box)) + ef + job->eb;
            gather_cuts(job, src, src_half, f, &c);
            if (!c.overflow || halvings == C2D_COVER_HALVINGS) break;
            hi = lo + (hi - lo) / 2;
            halvings++;
        }
        sort_cuts(&c);
        for (i = 0; i <= c.n; i++) {
            double t0 = i == 0 ? lo : c.t[i - 1], t1 = i == c.n ? hi : c.t[i];
            double len = (t1 - t0) * (f->arc ? f->r : vlen(vsub(f->b, f->a))), mid = t0 + (t1 - t0) / 2;
            c2d_vec x;
            if (!(len > ef + job->eb)) continue;
            x = piece_at(f, mid);
            if (!(inner_depth(job->B, x) > ef + job->eb)) continue;
            if (!held_outside(job, src, src_half, f, x, f->arc ? turned(f->u, mid) : f->n, ef)) return 0;
        }
        lo = hi;
    }
    return 1;
}

/* The ends of a body that lies along a segment (within rounding): a POLY's
 * vertices least and farthest along the direction from its first vertex
 * to the one farthest from it; a fan's apex and the end of its middle
 * radius. */
static void spine(const body *x, c2d_vec *lo, c2d_vec *hi)
{
    c2d_vec v0 = c2d_bv(x, 0), far = v0, d;
    double best = 0, tlo = 0, thi = 0;
    int i;
    if (x->type == BODY_FAN) {
        /* from its apex along its middle direction */
        *lo = v0;
        *hi = vadd(v0, vscale(x->own.fan.d, x->r));
        return;
    }
    for (i = 1; i < x->n; i++) {
        c2d_vec q = vsub(c2d_bv(x, i), v0);
        double m = dmax(fabs(q.x), fabs(q.y));
        if (m > best) { best = m; far = c2d_bv(x, i); }
    }
    d = vsub(far, v0);
    *lo = *hi = v0;
    for (i = 1; i < x->n; i++) {
        c2d_vec q = c2d_bv(x, i);
        double t = vdot(vsub(q, v0), d);
        if (t < tlo) { tlo = t; *lo = q; }
        if (t > thi) { thi = t; *hi = q; }
    }
}

/* The least width of a body with an interior: a POLY's core's least extent
 * across an edge (that of a convex polygon is across one of its edges; 0
 * for a point or a segment) plus its diameter of rounding; a fan's chord
 * across its arc (at most pi open: a wider fan is taken in halves). */
static double body_width(const body *x)
{
    double w = C2D_INF;
    int i, j;
    if (x->type == BODY_FAN) return 2 * x->r * fabs(vcross(x->own.fan.d, x->own.fan.e1)); /* its arc's chord */
    if (x->n < 3 || x->orient == 0) return 2 * x->r;
    for (i = 0; i < x->n; i++) {
        c2d_vec a = c2d_bv(x, i), e = vsub(c2d_bv(x, c2d_next(i, x->n)), a);
        double l = vlen(e), m = 0;
        if (!(l > 0)) continue;
        for (j = 0; j < x->n; j++) m = dmax(m, vcross(e, vsub(c2d_bv(x, j), a)) * x->orient / l);
        w = dmin(w, m);
    }
    return (w < C2D_INF ? w : 0) + 2 * x->r;
}

/* Does the union of a's leaves hold the leaf l (body B in the frame at o). */
static C2D_NOINLINE int union_covers(const c2d_shape *a, const c2d_shape *l, const body *B, c2d_vec o)
{
    cover_job job;
    leaf_walk w;
    const c2d_shape *s;
    body M;
    bpiece f;
    c2d_bounds fb;
    c2d_vec inner = inner_point(B);
    int half, k, held = 0;
    job.a = a;
    job.l = l;
    job.B = B;
    job.o = o;
    job.eb = rounding_of(l, o, B);
    job.box = l->bounds;
    job.box.minx -= o.x; job.box.maxx -= o.x;
    job.box.miny -= o.y; job.box.maxy -= o.y;
    {
        /* The runs below decide nothing where they are shorter than the
         * leaves' rounding and l's, and no point of l lies deeper than
         * that in it when l is thinner than twice it (a sliver, or a fan
         * whose arc is that short): then every run would be passed over and
         * one inner point decide. Such an l lies along its spine, to
         * rounding, and is held as that segment (a fan's: from its apex
         * along its middle direction). */
        double most = 0;
        leaf_start(&w, a, &l->bounds);
        while ((s = leaf_next(&w, &half)) != NULL) {
            c2d_body(&M, s, &o);
            if (has_interior(&M)) most = dmax(most, rounding_of(s, o, &M));
        }
        if (body_width(B) <= 2 * (job.eb + most)) {
            c2d_vec lo, hi;
            spine(B, &lo, &hi);
            return segment_covered(a, &l->bounds, vadd(lo, o), vadd(hi, o));
        }
    }
    leaf_start(&w, a, &l->bounds);
    while ((s = leaf_next(&w, &half)) != NULL) {
        double ef;
        const c2d_shape *src = w.src;
        c2d_body(&M, s, &o);
        if (!has_interior(&M)) continue;
        ef = rounding_of(s, o, &M);
        if (!held && inner_depth(&M, inner) >= -ef) held = 1;
        for (k = 0; k < piece_count(&M); k++) {
            if (!body_piece(&M, k, &f)) continue;
            piece_bounds(&f, &fb);
            if (!boxes_meet(&fb, &job.box, ef + job.eb)) continue;
            if (!piece_held(&job, src, half, &f, ef)) return 0;
        }
    }
    return held;
}

/* Does the compound (or wide fan) a cover the convex leaf l. Out of line:
 * its body stays out of the frames covers_part recurses through. */
static C2D_NOINLINE int compound_covers(const c2d_shape *a, const c2d_shape *l)
{
    leaf_walk w;
    const c2d_shape *s;
    body B;
    c2d_vec o = l->p[0];
    int half;
    leaf_start(&w, a, &l->bounds);
    while ((s = leaf_next(&w, &half)) != NULL)
        if (convex_covers(s, l)) return 1;
    c2d_body(&B, l, &o);
    if (B.type == BODY_LINE) return 0;
    if (!has_interior(&B)) {
        /* A point or a segment (a flat polygon's vertices come in any order
         * along its line). */
        c2d_vec lo, hi;
        spine(&B, &lo, &hi);
        return segment_covered(a, &l->bounds, vadd(lo, o), vadd(hi, o));
    }
    return union_covers(a, l, &B, o);
}

/* Does a cover the shape l (a leaf, or a compound taken piece by piece). */
static int covers_part(const c2d_shape *a, const c2d_shape *l)
{
    int i;
    if (c2d_is_compound(l)) {
        for (i = 0; i < l->compound->count; i++)
            if (!covers_part(a, &l->pieces[i])) return 0;
        return 1;
    }
    if (c2d_wide_fan(l)) {
        c2d_shape h[2];
        c2d_fan_halves(l, h);
        return covers_part(a, &h[0]) && covers_part(a, &h[1]);
    }
    if (c2d_is_compound(a) || c2d_wide_fan(a)) return compound_covers(a, l);
    return convex_covers(a, l);
}

/* ---- tile layers ---- */

typedef struct cover_walk {
    const c2d_shape *a;
    int ok;
} cover_walk;

static int piece_covered(void *ud, const c2d_shape *p)
{
    cover_walk *cw = (cover_walk *)ud;
    cw->ok = c2d_covers(cw->a, p);
    return cw->ok;
}

/* A layer b is covered when each of its pieces is; a layer a covers b when
 * the Group of its pieces near b does (beyond a Group's room: when every
 * tile b's box meets is full). */
static C2D_NOINLINE int tiles_covers(const c2d_shape *a, const c2d_shape *b)
{
    c2d_shape g;
    int n;
    if (b->kind == C2D_TILES) {
        cover_walk cw;
        tile_range rg;
        cw.a = a;
        cw.ok = 1;
        if (a == b || !c2d_tile_range(b, &b->bounds, 0, &rg)) return 1;
        c2d_tiles_each(b, &rg, &b->bounds, 0, piece_covered, &cw, NULL);
        return cw.ok;
    }
    n = c2d_tiles_gather(a, &b->bounds, 0, 1, &g);
    if (n == 0) return 0;
    if (n > 0) return c2d_covers(&g, b);
    return c2d_tiles_all_full(a, &b->bounds);
}

/*
 * The tests above work in one shape's frame and allow for rounding there,
 * which can read a point that hits says is apart (a point 1e-322 off a
 * vertex, lost in the frame's subtraction) as held. So a shape that is one
 * point (its box is that point) is held exactly when hits says so, and any
 * other is held only when hits also says the two meet: covers never says a
 * holds b where hits says they are apart.
 */
int c2d_covers(const c2d_shape *a, const c2d_shape *b)
{
    c2d_bounds g;
    double slack;
    if (b->kind == C2D_LINE) {
        /* Only a Line holds a whole line: the same one (both of b's points
         * on a's line, decided exactly: a rounded cross product of
         * subnormal or far numbers can be 0 for parallel lines apart). */
        return a->kind == C2D_LINE && c2d_orient_exact(a->p[0], a->p[1], b->p[0]) == 0 &&
               c2d_orient_exact(a->p[0], a->p[1], b->p[1]) == 0;
    }
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return tiles_covers(a, b);
    if (b->bounds.minx == b->bounds.maxx && b->bounds.miny == b->bounds.maxy) return c2d_hits(a, b);
    /* b's box must lie in a's (grown by the rounding in both, and by the
     * widening of a fan's box for its edge tolerance). */
    g = a->bounds;
    slack = c2d_ulps(C2D_COVER_ULPS, fabs(g.minx) + fabs(g.maxx) + fabs(g.miny) + fabs(g.maxy) +
                                         c2d_bounds_magnitude(&b->bounds)) +
            2 * C2D_ANGLE_TOLERANCE * box_extent(&b->bounds);
    if (!(b->bounds.minx >= g.minx - slack && b->bounds.maxx <= g.maxx + slack &&
          b->bounds.miny >= g.miny - slack && b->bounds.maxy <= g.maxy + slack) && a->kind != C2D_LINE)
        return 0;
    return covers_part(a, b) && c2d_hits(a, b);
}
