/*
 * Two convex polygon cores by GJK: the closest pair when they are apart, a
 * common point when they overlap beyond doubt, and -1 when rounding leaves it
 * unsure (then the search over every pair of features in features.c).
 */
#include "geometry.h"
#include "gjk.h"

/*
 * Two convex polygon cores that do not overlap: the closest pair by GJK.
 *
 * GJK walks the Minkowski difference a - b toward the origin by support
 * points and names the vertices (one or two of each core) that end it. The
 * distance is then computed exactly as the full search would, on the edges
 * around those vertices, and certified: the slab between the two closest
 * points, across the gap, must hold neither core (up to the rounding of the
 * dot products). Returns -1 when the walk or the certificate fails (cores
 * that overlap, rounding at a degenerate input); the caller then searches
 * every pair of features.
 */
typedef struct gjk_point {
    c2d_vec w;  /* vertex ia of a - vertex ib of b */
    int ia, ib;
    double l;   /* its weight in the simplex's point nearest the origin */
} gjk_point;

static int support_index(const body *b, c2d_vec d)
{
    const c2d_vec *v = c2d_bv_plain(b);
    int i, k = 0, n = b->n;
    double best = vdot(c2d_bv(b, 0), d);
    if (v != NULL) {
        c2d_vec o = b->off;
        for (i = 1; i < n; i++) {
            double x = vdot(vsub(v[i], o), d);
            if (x > best) { best = x; k = i; }
        }
        return k;
    }
    for (i = 1; i < n; i++) {
        double x = vdot(c2d_bv(b, i), d);
        if (x > best) { best = x; k = i; }
    }
    return k;
}

/* A simplex point, field by field: copying the struct whole would load in
 * 16 bytes what was just stored in 8 (a stall on store forwarding). */
static void set_point(gjk_point *dst, c2d_vec w, int ia, int ib, double l)
{
    dst->w.x = w.x;
    dst->w.y = w.y;
    dst->ia = ia;
    dst->ib = ib;
    dst->l = l;
}

static void put_point(gjk_point *dst, const gjk_point *src)
{
    set_point(dst, src->w, src->ia, src->ib, src->l);
}

/* The point of segment p..q nearest the origin; the points that span it
 * (1 or 2, with their weights) go to out (which may be p or q). */
static c2d_vec simplex_edge(const gjk_point *p, const gjk_point *q, gjk_point *out, int *k)
{
    c2d_vec pw = p->w, qw = q->w, e = vsub(qw, pw);
    int pia = p->ia, pib = p->ib, qia = q->ia, qib = q->ib;
    double t = -vdot(pw, e), ee = vlen2(e), l;
    if (t <= 0 || ee == 0) { set_point(&out[0], pw, pia, pib, 1); *k = 1; return pw; }
    if (t >= ee) { set_point(&out[0], qw, qia, qib, 1); *k = 1; return qw; }
    l = t / ee;
    set_point(&out[0], pw, pia, pib, 1 - l);
    set_point(&out[1], qw, qia, qib, l);
    *k = 2;
    return vadd(pw, vscale(e, l));
}

/* The point of each core the weighted simplex stands for: a common point
 * when the simplex reaches the origin. */
static void simplex_points(const body *a, const body *b, const gjk_point *s, int k, c2d_vec *pa, c2d_vec *pb)
{
    int i;
    *pa = *pb = v2(0, 0);
    for (i = 0; i < k; i++) {
        *pa = vadd(*pa, vscale(c2d_bv(a, s[i].ia), s[i].l));
        *pb = vadd(*pb, vscale(c2d_bv(b, s[i].ib), s[i].l));
    }
}

/* The largest coordinate among the simplex's vertices of core a (which 0)
 * or core b (which 1). */
static double simplex_extent(const body *a, const body *b, const gjk_point *s, int k, int which)
{
    double m = 0;
    int i;
    for (i = 0; i < k; i++) {
        c2d_vec p = which ? c2d_bv(b, s[i].ib) : c2d_bv(a, s[i].ia);
        m = dmax(m, dmax(fabs(p.x), fabs(p.y)));
    }
    return m;
}

/* p if the POLY core holds it, else the core's point nearest to p: a point
 * the weights' rounding put just outside the core it stands for. */
static c2d_vec into_core(const body *b, c2d_vec p)
{
    c2d_vec best = c2d_bv(b, 0), q;
    double d2, best_d2;
    int i;
    if (b->n >= 3 && b->orient != 0 && c2d_body_contains_solid(b, p)) return p;
    best_d2 = vlen2(vsub(p, best));
    for (i = 0; i < b->n && b->n > 1; i++) {
        d2 = c2d_pt_seg_d2(p, c2d_bv(b, i), c2d_bv(b, c2d_next(i, b->n)), &q);
        if (d2 < best_d2) { best_d2 = d2; best = q; }
    }
    return best;
}

/* Does every vertex of b lie on the near side of the line through p across u
 * (sign -1: on the far side), up to the rounding of the dot products and
 * extra (the rounding p itself carries, along u). */
static int all_behind(const body *b, c2d_vec p, c2d_vec u, double sign, double extra)
{
    const c2d_vec *v = c2d_bv_plain(b);
    c2d_vec o = b->off;
    int i, n = b->n;
    for (i = 0; i < n; i++) {
        c2d_vec d = vsub(v != NULL ? vsub(v[i], o) : c2d_bv(b, i), p);
        double x = sign * vdot(d, u);
        if (x > c2d_ulps(C2D_CERTIFY_ROUNDING, fabs(d.x * u.x) + fabs(d.y * u.y)) + extra) return 0;
    }
    return 1;
}

/* The largest coordinate of a core's vertices. */
static double core_extent(const body *b)
{
    double m = 0;
    int i;
    for (i = 0; i < b->n; i++) {
        c2d_vec p = c2d_bv(b, i);
        m = dmax(m, dmax(fabs(p.x), fabs(p.y)));
    }
    return m;
}

/* The vertex p of one core against the edges of core e that meet at its
 * vertex i (in their order, as the full search measures them): keeps the
 * nearest in *best, p in *pp and the edge point in *pq. */
static void vertex_to_edges_at(c2d_vec p, const body *e, int i, double *best, c2d_vec *pp, c2d_vec *pq)
{
    int k, m = e->n == 1 ? 0 : e->n == 2 ? 1 : 2;
    if (m == 0) {
        double d2 = vlen2(vsub(p, c2d_bv(e, 0)));
        if (d2 < *best) { *best = d2; *pp = p; *pq = c2d_bv(e, 0); }
        return;
    }
    for (k = 0; k < m; k++) {
        int j0 = e->n == 2 ? 0 : k == 0 ? (i == 0 ? e->n - 1 : i - 1) : i;
        int j1 = e->n == 2 ? 1 : c2d_next(j0, e->n);
        c2d_vec q;
        double d2 = c2d_pt_seg_d2(p, c2d_bv(e, j0), c2d_bv(e, j1), &q);
        if (d2 < *best) { *best = d2; *pp = p; *pq = q; }
    }
}

/* The exact distance near the vertices the walk ended on: each of those
 * vertices against the other core's edges at its ones (a closest pair of two
 * apart convex polygons is a vertex and an edge), certified by the slab
 * between the closest points, across the gap, holding neither core; -1 when
 * the certificate fails. */
static double settle(const body *a, const body *b, const gjk_point *s, int k, c2d_vec *pa, c2d_vec *pb, int certify)
{
    int i, j;
    double best = C2D_INF, extra;
    c2d_vec u;
    for (i = 0; i < k; i++) {
        if (i == 1 && s[1].ia == s[0].ia) continue;
        for (j = 0; j < k; j++) {
            if (j == 1 && s[1].ib == s[0].ib) continue;
            vertex_to_edges_at(c2d_bv(a, s[i].ia), b, s[j].ib, &best, pa, pb);
        }
    }
    for (j = 0; j < k; j++) {
        if (j == 1 && s[1].ib == s[0].ib) continue;
        for (i = 0; i < k; i++) {
            if (i == 1 && s[1].ia == s[0].ia) continue;
            vertex_to_edges_at(c2d_bv(b, s[j].ib), a, s[i].ia, &best, pb, pa);
        }
    }
    /* No pair came nearer than infinity (squares that overflowed): nothing
     * was found, and the full search decides. */
    if (!(best < C2D_INF)) return -1;
    if (!certify) return best > 0 ? best : -1;
    /* A closest point on an edge is rounded (to a few ulps of the edge's
     * ends): near an end of its edge, that end may stand out of the slab by
     * as much, which proves nothing. */
    u = vsub(*pb, *pa);
    extra = c2d_ulps(C2D_CERTIFY_ROUNDING, dmax(core_extent(a), core_extent(b))) * (fabs(u.x) + fabs(u.y));
    return best > 0 && all_behind(a, *pa, u, 1, extra) && all_behind(b, *pb, u, -1, extra) ? best : -1;
}

/* Is the origin farther than margin from the line through y and z, beyond
 * the rounding of lx = y cross z (twice the area of 0, y, z): the line's
 * distance is |lx| / |z - y|, and |z - y| is at most its L1 length. Squares
 * too small to be normal numbers prove nothing. */
static int origin_clear_of(c2d_vec y, c2d_vec z, double lx, double margin)
{
    double e = fabs(z.x - y.x) + fabs(z.y - y.y);
    double err = c2d_ulps(C2D_CERTIFY_ROUNDING, fabs(y.x * z.y) + fabs(y.y * z.x));
    return fabs(lx) >= C2D_SQUARES_LO && fabs(lx) > margin * e + err;
}

double c2d_polygon_cores_d2(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb)
{
    int deep;
    return c2d_polygon_cores_gjk(a, b, -1, pa, pb, &deep);
}

static double gjk(const body *a, const body *b, double margin, c2d_vec *pa, c2d_vec *pb, int *deep, int certify);

double c2d_polygon_cores_gjk(const body *a, const body *b, double margin, c2d_vec *pa, c2d_vec *pb, int *deep)
{
    return gjk(a, b, margin, pa, pb, deep, 1);
}

double c2d_polygon_cores_near(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb)
{
    int deep;
    return gjk(a, b, -1, pa, pb, &deep, 0);
}

static double gjk(const body *a, const body *b, double margin, c2d_vec *pa, c2d_vec *pb, int *deep, int certify)
{
    gjk_point s[3], t[2];
    c2d_vec v;
    int k = 1, iter, i;
    c2d_vec ca = v2(0, 0), cb = v2(0, 0), d;
    *deep = 0;
    /* Start from the vertices that face each other across the line between
     * the cores' vertex means (n times them): a walk from there is short. */
    for (i = 0; i < a->n; i++) ca = vadd(ca, c2d_bv(a, i));
    for (i = 0; i < b->n; i++) cb = vadd(cb, c2d_bv(b, i));
    d = vsub(vscale(cb, a->n), vscale(ca, b->n));
    s[0].ia = support_index(a, d);
    s[0].ib = support_index(b, vscale(d, -1));
    s[0].l = 1;
    s[0].w = vsub(c2d_bv(a, s[0].ia), c2d_bv(b, s[0].ib));
    v = s[0].w;
    for (iter = 0; iter < C2D_GJK_ITERATIONS; iter++) {
        gjk_point w;
        double vv = vlen2(v);
        if (v.x == 0 && v.y == 0) break; /* the simplex reaches the origin: the cores share a point */
        if (vv < C2D_SQUARES_LO) return -1; /* squares this small have lost their bits */
        w.ia = support_index(a, vscale(v, -1));
        w.ib = support_index(b, v);
        w.w = vsub(c2d_bv(a, w.ia), c2d_bv(b, w.ib));
        /* No support point comes nearer than rounding: the walk is done. */
        if (vv - vdot(v, w.w) <= C2D_GJK_PROGRESS * vv) return settle(a, b, s, k, pa, pb, certify);
        for (i = 0; i < k; i++)
            if (s[i].ia == w.ia && s[i].ib == w.ib) return settle(a, b, s, k, pa, pb, certify);
        if (k == 1) {
            v = simplex_edge(&w, &s[0], s, &k);
        } else {
            /* A triangle w, s0, s1 holding the origin: the cores overlap, and
             * the origin's weights give a point of both. Else the nearer of
             * its edges through w (the old edge is no nearer). */
            c2d_vec x = w.w, y = s[0].w, z = s[1].w, v1, v2_;
            double o = vcross(vsub(y, x), vsub(z, x));
            double lx = vcross(y, z), ly = vcross(z, x), lz = vcross(x, y);
            gjk_point t2[2];
            int k1, k2;
            if (o != 0 && lx * o >= 0 && ly * o >= 0 && lz * o >= 0) {
                /* Trusted only well inside: an origin near the triangle's
                 * edge is a touch within rounding, for the full search. */
                if (dmin(lx / o, dmin(ly / o, lz / o)) < C2D_GJK_INSIDE) return -1;
                set_point(&s[2], w.w, w.ia, w.ib, lx / o);
                s[0].l = ly / o;
                s[1].l = lz / o;
                simplex_points(a, b, s, 3, pa, pb);
                /* Both sums stand for one point; each carries the weights'
                 * rounding times its own core's size, so the smaller core's
                 * (a small polygon against a huge box) is the accurate one.
                 * A thin triangle (cores overlapping in a sliver) makes the
                 * weights themselves uncertain, and the point may lie well
                 * off the other core: then the full search finds one. */
                {
                    double ea = simplex_extent(a, b, s, 3, 0), eb = simplex_extent(a, b, s, 3, 1), tol;
                    const body *small = ea <= eb ? a : b, *other = ea <= eb ? b : a;
                    c2d_vec p = into_core(small, ea <= eb ? *pa : *pb), q = into_core(other, p);
                    tol = c2d_ulps(C2D_CERTIFY_ROUNDING, ea + eb);
                    if (!(fabs(p.x - q.x) + fabs(p.y - q.y) <= tol)) return -1;
                    *pa = *pb = p;
                }
                /* Farther than margin inside each edge: the overlap stands
                 * whatever rounding moved the corners by (less than margin). */
                *deep = margin >= 0 && origin_clear_of(y, z, lx, margin) && origin_clear_of(z, x, ly, margin) &&
                        origin_clear_of(x, y, lz, margin);
                return 0;
            }
            v1 = simplex_edge(&w, &s[0], t, &k1);
            v2_ = simplex_edge(&w, &s[1], t2, &k2);
            if (vlen2(v2_) < vlen2(v1)) {
                v1 = v2_;
                k1 = k2;
                for (i = 0; i < k2; i++) put_point(&t[i], &t2[i]);
            }
            v = v1;
            k = k1;
            for (i = 0; i < k; i++) put_point(&s[i], &t[i]);
        }
    }
    /* Ended on the origin: trusted only where a vertex of each core coincide. */
    if (iter == C2D_GJK_ITERATIONS || k != 1) return -1;
    *pa = *pb = c2d_bv(a, s[0].ia);
    return 0;
}
