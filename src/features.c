/*
 * Distances between boundary features, and between the cores of two bodies.
 *
 * Every body's boundary is made of three kinds of feature: a segment (a point
 * is a segment of length 0), a fan's arc, and an infinite line. Two closed
 * connected cores meet exactly when a feature of one meets a feature of the
 * other or one holds the other whole; so their distance is 0 in that case and
 * otherwise the least distance over pairs of features. Each pair of feature
 * kinds is written once below; the mirrored pair swaps its arguments.
 *
 * Squared distances are formed from cross and dot products of frame-relative
 * coordinates and one correctly rounded division, so that touching shapes with
 * representable contact (integer tiles, 3-4-5 triangles) come out exactly 0.
 */
#include <float.h>
#include "geometry.h"
#include "gjk.h"

typedef enum feature_type { F_SEG, F_ARC, F_LINE } feature_type;

/* F_SEG: a..b. F_ARC: the arc of fan body f. F_LINE: through a, along b. */
typedef struct feature {
    feature_type type;
    c2d_vec a, b;
    const body *f;
} feature;

static int sgn(double x) { return (x > 0) - (x < 0); }

int c2d_body_contains_solid(const body *b, c2d_vec p)
{
    int i;
    if (b->type == BODY_FAN) {
        c2d_vec v = vsub(p, c2d_bv(b, 0));
        return vlen2(v) <= b->r * b->r && c2d_in_wedge(b, v);
    }
    if (b->type != BODY_POLY || b->orient == 0) return 0;
    {
        /* Within the vertices' box first: past a sliver's tip (a triangle
         * 1e-322 high), every edge line's test is within rounding of 0 and
         * holds a point well off it. */
        int left = 0, right = 0, below = 0, above = 0;
        for (i = 0; i < b->n; i++) {
            c2d_vec a = c2d_bv(b, i);
            left |= a.x <= p.x;
            right |= a.x >= p.x;
            below |= a.y <= p.y;
            above |= a.y >= p.y;
        }
        if (!(left && right && below && above)) return 0;
    }
    for (i = 0; i < b->n; i++) {
        c2d_vec a = c2d_bv(b, i), e = c2d_direction_up(c2d_body_edge(b, i));
        if (vcross(e, vsub(p, a)) * b->orient < 0) return 0;
    }
    return 1;
}

double c2d_pt_seg_d2_scaled(c2d_vec p, c2d_vec a, c2d_vec b, c2d_vec *q)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a), f;
    double t, ff, c;
    int k;
    if (e.x == 0 && e.y == 0) { if (q) *q = a; return vlen2(w); }
    k = -ilogb(dmax(fabs(e.x), fabs(e.y)));
    f = v2(ldexp(e.x, k), ldexp(e.y, k));
    t = vdot(w, f);
    if (t <= 0) { if (q) *q = a; return vlen2(w); }
    ff = vlen2(f);
    /* the foot's parameter along e is t / ff times 2^k: past b when beyond 1 */
    if (t >= ldexp(ff, -k)) { if (q) *q = b; return vlen2(vsub(p, b)); }
    c = vcross(f, w);
    if (q) *q = vadd(a, vscale(f, t / ff));
    return c * c / ff;
}

/* Segment to segment: 0 at a proper crossing, else the best endpoint-to-segment pair. */
static double seg_seg_d2(c2d_vec a, c2d_vec b, c2d_vec c, c2d_vec d, c2d_vec *p, c2d_vec *q)
{
    c2d_vec t1, t2;
    double best, x;
    if (!veq(a, b) && !veq(c, d)) {
        c2d_vec ab = vsub(b, a), cd = vsub(d, c);
        double o1 = vcross(ab, vsub(c, a)), o2 = vcross(ab, vsub(d, a));
        double o3 = vcross(cd, vsub(a, c)), o4 = vcross(cd, vsub(b, c));
        if (sgn(o1) * sgn(o2) < 0 && sgn(o3) * sgn(o4) < 0) {
            *p = *q = vlerp(a, b, o3 / (o3 - o4));
            return 0;
        }
    }
    /* Touching and collinear cases land here: an endpoint lies on the other segment. */
    best = c2d_pt_seg_d2(a, c, d, q); *p = a;
    if (best == 0) return 0;
    x = c2d_pt_seg_d2(b, c, d, &t1);
    if (x < best) { best = x; *p = b; *q = t1; }
    x = c2d_pt_seg_d2(c, a, b, &t2);
    if (x < best) { best = x; *p = t2; *q = c; }
    x = c2d_pt_seg_d2(d, a, b, &t2);
    if (x < best) { best = x; *p = t2; *q = d; }
    return best;
}

/* Point to arc: along the radius when its direction is in the wedge, else to an end. */
static C2D_NOINLINE double pt_arc_d2(c2d_vec p, const body *f, c2d_vec *q)
{
    c2d_vec v = vsub(p, c2d_bv(f, 0)), e1 = c2d_arc_end(f, 0), e2 = c2d_arc_end(f, 1);
    double len = vlen(v), d1, d2;
    if (len == 0) { *q = vadd(c2d_bv(f, 0), vscale(f->own.fan.d, f->r)); return f->r * f->r; }
    if (c2d_in_wedge(f, v)) {
        double k = len - f->r;
        *q = vadd(c2d_bv(f, 0), vscale(v, f->r / len));
        return k * k;
    }
    d1 = vlen2(vsub(p, e1));
    d2 = vlen2(vsub(p, e2));
    *q = d1 <= d2 ? e1 : e2;
    return dmin(d1, d2);
}

/* Keep the lesser of a candidate and the best so far. */
static void keep(double d2, c2d_vec p, c2d_vec q, double *best, c2d_vec *bp, c2d_vec *bq)
{
    if (d2 < *best) { *best = d2; *bp = p; *bq = q; }
}

/* Where the circle of fan f crosses segment a..b (or the line through them when
 * `infinite`) inside the wedge: 1 and the point, or 0. */
static int circle_crossing(const body *f, c2d_vec a, c2d_vec b, int infinite, c2d_vec *x)
{
    /* From the foot of the perpendicular from the centre, h along the line
     * each way: no cancellation however long the segment is. */
    c2d_vec e = vsub(b, a), w = vsub(a, c2d_bv(f, 0)), u = vunit(e), foot;
    double along = -vdot(w, u), off, h2, h, len = vlen(e);
    int k;
    if (len == 0) return 0;
    foot = vadd(a, vscale(u, along));
    off = vcross(u, w);         /* signed distance of the line from the centre */
    h2 = (f->r - off) * (f->r + off);
    if (h2 < 0) return 0;
    h = sqrt(h2);
    for (k = 0; k < 2; k++) {
        double t = along + (k ? h : -h);
        c2d_vec p;
        if (!infinite && (t < 0 || t > len)) continue;
        p = vadd(foot, vscale(u, k ? h : -h));
        if (c2d_in_wedge(f, vsub(p, c2d_bv(f, 0)))) { *x = p; return 1; }
    }
    return 0;
}

/* Segment to arc. The least distance is at a crossing, an end of either, or
 * where the radius through the segment's nearest point to the centre meets it. */
static C2D_NOINLINE double seg_arc_d2(c2d_vec a, c2d_vec b, const body *f, c2d_vec *p, c2d_vec *q)
{
    c2d_vec c = c2d_bv(f, 0), e = vsub(b, a), t1, t2, x;
    double best = C2D_INF, ee = vlen2(e);
    int k;
    if (circle_crossing(f, a, b, 0, &x)) { *p = *q = x; return 0; }
    keep(pt_arc_d2(a, f, &t2), a, t2, &best, p, q);
    keep(pt_arc_d2(b, f, &t2), b, t2, &best, p, q);
    for (k = 0; k < 2; k++) {
        c2d_vec end = c2d_arc_end(f, k);
        keep(c2d_pt_seg_d2(end, a, b, &t1), t1, end, &best, p, q);
    }
    if (ee > 0) {
        double t = -vdot(vsub(a, c), e) / ee;
        if (t > 0 && t < 1) {
            c2d_vec foot = vadd(a, vscale(e, t)), u = vsub(foot, c);
            double len = vlen(u);
            if (len > 0 && c2d_in_wedge(f, u)) {
                double k2 = len - f->r;
                keep(k2 * k2, foot, vadd(c, vscale(u, f->r / len)), &best, p, q);
            } else if (len == 0) {
                /* The segment runs through the centre: every arc point is r away. */
                c2d_vec n = vscale(vperp(e), 1 / sqrt(ee));
                for (k = 0; k < 2; k++) {
                    c2d_vec s = k ? vscale(n, -1) : n;
                    if (c2d_in_wedge(f, s)) keep(f->r * f->r, foot, vadd(c, vscale(s, f->r)), &best, p, q);
                }
            }
        }
    }
    return best;
}

/* Arc to arc: a crossing of the circles inside both wedges, an end of either
 * to the other, or the pairs of points on the line through both centres. */
static C2D_NOINLINE double arc_arc_d2(const body *f, const body *g, c2d_vec *p, c2d_vec *q)
{
    c2d_vec u = vsub(c2d_bv(g, 0), c2d_bv(f, 0)), t;
    double D = vlen(u), best = C2D_INF;
    int k, s1, s2;
    if (D > 0) {
        c2d_vec uh = vscale(u, 1 / D);
        if (D <= f->r + g->r && D >= fabs(f->r - g->r)) {
            double a = (D * D + f->r * f->r - g->r * g->r) / (2 * D);
            double h = sqrt(dmax(f->r * f->r - a * a, 0));
            for (k = 0; k < 2; k++) {
                c2d_vec x = vadd(vadd(c2d_bv(f, 0), vscale(uh, a)), vscale(vperp(uh), k ? -h : h));
                if (c2d_in_wedge(f, vsub(x, c2d_bv(f, 0))) && c2d_in_wedge(g, vsub(x, c2d_bv(g, 0)))) {
                    *p = *q = x;
                    return 0;
                }
            }
        }
        for (s1 = -1; s1 <= 1; s1 += 2)
            for (s2 = -1; s2 <= 1; s2 += 2) {
                c2d_vec df = vscale(uh, s1), dg = vscale(uh, s2);
                if (c2d_in_wedge(f, df) && c2d_in_wedge(g, dg)) {
                    c2d_vec pf = vadd(c2d_bv(f, 0), vscale(df, f->r)), pg = vadd(c2d_bv(g, 0), vscale(dg, g->r));
                    keep(vlen2(vsub(pf, pg)), pf, pg, &best, p, q);
                }
            }
    }
    for (k = 0; k < 2; k++) {
        c2d_vec ef = c2d_arc_end(f, k), eg = c2d_arc_end(g, k);
        keep(pt_arc_d2(ef, g, &t), ef, t, &best, p, q);
        keep(pt_arc_d2(eg, f, &t), t, eg, &best, p, q);
    }
    return best;
}

/* Signed distance of x from the line (through a along dir), times |dir|. */
static double line_side(c2d_vec a, c2d_vec dir, c2d_vec x)
{
    return vcross(dir, vsub(x, a));
}

/* The foot of x on the line through a along dir. */
static c2d_vec line_foot(c2d_vec a, c2d_vec dir, c2d_vec x)
{
    return vadd(a, vscale(dir, vdot(vsub(x, a), dir) / vlen2(dir)));
}

/* Line to segment: 0 where the segment reaches the line, else its nearer end. */
static C2D_NOINLINE double line_seg_d2(c2d_vec la, c2d_vec dir, c2d_vec a, c2d_vec b, c2d_vec *p, c2d_vec *q)
{
    double sa = line_side(la, dir, a), sb = line_side(la, dir, b);
    if (sgn(sa) * sgn(sb) <= 0) {
        *p = *q = sa == sb ? a : vlerp(a, b, sa / (sa - sb));
        return 0;
    }
    if (fabs(sb) < fabs(sa)) { sa = sb; a = b; }
    *q = a;
    *p = line_foot(la, dir, a);
    return sa * sa / vlen2(dir);
}

/* Line to arc: the arc's extreme points across the line are its ends and the
 * points where the radius is normal to the line; it crosses when they differ in side. */
static C2D_NOINLINE double line_arc_d2(c2d_vec la, c2d_vec dir, const body *f, c2d_vec *p, c2d_vec *q)
{
    c2d_vec cand[4], n = vscale(vperp(dir), 1 / vlen(dir)), x;
    double lo = C2D_INF, hi = -C2D_INF, bests = C2D_INF;
    int i, m = 0, best = 0;
    cand[m++] = c2d_arc_end(f, 0);
    cand[m++] = c2d_arc_end(f, 1);
    if (c2d_in_wedge(f, n)) cand[m++] = vadd(c2d_bv(f, 0), vscale(n, f->r));
    if (c2d_in_wedge(f, vscale(n, -1))) cand[m++] = vsub(c2d_bv(f, 0), vscale(n, f->r));
    for (i = 0; i < m; i++) {
        double s = line_side(la, dir, cand[i]);
        lo = dmin(lo, s);
        hi = dmax(hi, s);
        if (fabs(s) < bests) { bests = fabs(s); best = i; }
    }
    if (lo <= 0 && hi >= 0) {
        if (!circle_crossing(f, la, vadd(la, dir), 1, &x)) x = line_foot(la, dir, cand[best]);
        *p = *q = x;
        return 0;
    }
    *q = cand[best];
    *p = line_foot(la, dir, cand[best]);
    return bests * bests / vlen2(dir);
}

/* Line to line: 0 unless parallel. */
static C2D_NOINLINE double line_line_d2(c2d_vec a, c2d_vec da, c2d_vec b, c2d_vec db, c2d_vec *p, c2d_vec *q)
{
    double c = vcross(da, db), s;
    if (c != 0) {
        /* Lines a hair off parallel may meet beyond the largest double: then
         * the farthest point along a that is still a number stands in. */
        double t = vcross(vsub(b, a), db) / c, cap = DBL_MAX / 4 / dmax(fabs(da.x), fabs(da.y));
        if (!(fabs(t) <= cap)) t = t < 0 ? -cap : cap;
        *p = *q = vadd(a, vscale(da, t));
        return 0;
    }
    s = line_side(a, da, b);
    *q = b;
    *p = line_foot(a, da, b);
    return s * s / vlen2(da);
}

/* The pair of features, each kind pair written once; a mirrored pair swaps. */
static double feature_d2(const feature *x, const feature *y, c2d_vec *p, c2d_vec *q)
{
    if (x->type > y->type) return feature_d2(y, x, q, p);
    switch (x->type * 3 + y->type) {
    case F_SEG * 3 + F_SEG:
        if (veq(x->a, x->b)) { *p = x->a; return c2d_pt_seg_d2(x->a, y->a, y->b, q); }
        if (veq(y->a, y->b)) { *q = y->a; return c2d_pt_seg_d2(y->a, x->a, x->b, p); }
        return seg_seg_d2(x->a, x->b, y->a, y->b, p, q);
    case F_SEG * 3 + F_ARC:
        if (veq(x->a, x->b)) { *p = x->a; return pt_arc_d2(x->a, y->f, q); }
        return seg_arc_d2(x->a, x->b, y->f, p, q);
    case F_SEG * 3 + F_LINE:
        return line_seg_d2(y->a, y->b, x->a, x->b, q, p);
    case F_ARC * 3 + F_ARC:
        return arc_arc_d2(x->f, y->f, p, q);
    case F_ARC * 3 + F_LINE:
        return line_arc_d2(y->a, y->b, x->f, q, p);
    default: /* F_LINE with F_LINE */
        return line_line_d2(x->a, x->b, y->a, y->b, p, q);
    }
}

static int feature_count(const body *b)
{
    if (b->type == BODY_FAN) return 3;
    if (b->type == BODY_LINE || b->n <= 2) return 1;
    return b->n;
}

static feature feature_at(const body *b, int i)
{
    feature f;
    f.f = b;
    f.type = F_SEG;
    if (b->type == BODY_LINE) {
        f.type = F_LINE;
        f.a = c2d_bv(b, 0);
        f.b = c2d_bv(b, 1);
    } else if (b->type == BODY_FAN) {
        if (i == 2) f.type = F_ARC;
        f.a = c2d_bv(b, 0);
        f.b = c2d_arc_end(b, i);
    } else {
        f.a = c2d_bv(b, i);
        f.b = b->n == 1 ? c2d_bv(b, 0) : c2d_bv(b, c2d_next(i, b->n));
    }
    return f;
}

static int has_solid(const body *b)
{
    return b->type == BODY_FAN || (b->type == BODY_POLY && b->orient != 0);
}

double c2d_core_d2(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb)
{
    if (a->type == BODY_POLY && b->type == BODY_POLY && a->n == 1 && b->n == 1) {
        /* Two points (disks' cores): their squared distance, as the feature
         * search finds it, infinity when it is not a number below that. */
        double d2;
        *pa = c2d_bv(a, 0);
        *pb = c2d_bv(b, 0);
        d2 = vlen2(vsub(*pa, *pb));
        return d2 < C2D_INF ? d2 : C2D_INF;
    }
    if (a->type == BODY_POLY && b->type == BODY_POLY && a->n + b->n > 4) {
        double d2 = c2d_polygon_cores_d2(a, b, pa, pb);
        if (d2 >= 0) return d2;
    }
    return c2d_core_d2_full(a, b, limit2, pa, pb);
}

double c2d_core_d2_full(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb)
{
    /* One core inside the other: each holds its own first point. */
    if (has_solid(a) && c2d_body_contains_solid(a, c2d_bv(b, 0))) { *pa = *pb = c2d_bv(b, 0); return 0; }
    if (has_solid(b) && c2d_body_contains_solid(b, c2d_bv(a, 0))) { *pa = *pb = c2d_bv(a, 0); return 0; }
    return c2d_core_d2_features(a, b, limit2, pa, pb);
}

double c2d_core_d2_features(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb)
{
    double best = C2D_INF;
    int i, j, na = feature_count(a), nb = feature_count(b);
    *pa = c2d_bv(a, 0);
    *pb = c2d_bv(b, 0);
    for (i = 0; i < na; i++) {
        feature fa = feature_at(a, i);
        for (j = 0; j < nb; j++) {
            feature fb = feature_at(b, j);
            c2d_vec p, q;
            double d2 = feature_d2(&fa, &fb, &p, &q);
            if (d2 < best) {
                best = d2;
                *pa = p;
                *pb = q;
                /* nothing comes closer than a touch (the first one found stands) */
                if (best <= limit2 || best == 0) return best;
            }
        }
    }
    return best;
}

double c2d_support(const body *b, c2d_vec u)
{
    const c2d_vec *v;
    double h;
    int i, n = b->n;
    if (b->type == BODY_FAN) {
        c2d_vec c = c2d_bv(b, 0);
        h = vdot(c, u);
        if (c2d_in_wedge(b, u)) return h + b->r;
        h = dmax(h, vdot(c2d_arc_end(b, 0), u));
        return dmax(h, vdot(c2d_arc_end(b, 1), u));
    }
    h = -C2D_INF;
    if ((v = c2d_bv_plain(b)) != NULL) {
        c2d_vec o = b->off;
        for (i = 0; i < n; i++) h = dmax(h, vdot(vsub(v[i], o), u));
    } else {
        for (i = 0; i < n; i++) h = dmax(h, vdot(c2d_bv(b, i), u));
    }
    return h + b->r;
}

