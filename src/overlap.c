/*
 * The hit decision: do two bodies share a point.
 *
 * Polygon cores (everything but fans and lines) are decided by separating
 * axes: two convex sets are apart exactly when their projections on some edge
 * normal are apart, and the projections are dot products of frame-relative
 * coordinates, exact for integer tiles. Rounded bodies (disks, capsules) add
 * a vertex-to-edge squared distance against the summed radii. Fans and lines
 * go through the feature distances. Both c2d_hits and c2d_distance use this
 * one decision, so "hits" and "distance is 0" never disagree.
 */
#include <float.h>
#include <stddef.h>
#include "geometry.h"

/* An edge direction whose products with ordinary offsets would underflow,
 * brought near 1 by a power of two (see c2d_direction_up in geometry.h). */
C2D_NOINLINE c2d_vec c2d_direction_scaled(c2d_vec e)
{
    double m = dmax(fabs(e.x), fabs(e.y));
    int k;
    if (m == 0) return e;
    k = -ilogb(m);
    return v2(ldexp(e.x, k), ldexp(e.y, k));
}

/* The number of edges of a polygon core: none for a point, one for a segment. */
static int edge_count(const body *b)
{
    return b->n == 1 ? 0 : b->n == 2 ? 1 : b->n;
}

/* Are the cores' projections on axis apart. */
static int apart_on(const body *a, const body *b, c2d_vec axis)
{
    double amin = C2D_INF, amax = -C2D_INF, bmin = C2D_INF, bmax = -C2D_INF;
    int i;
    for (i = 0; i < a->n; i++) {
        double p = vdot(c2d_bv(a, i), axis);
        amin = dmin(amin, p);
        amax = dmax(amax, p);
    }
    for (i = 0; i < b->n; i++) {
        double p = vdot(c2d_bv(b, i), axis);
        bmin = dmin(bmin, p);
        bmax = dmax(bmax, p);
    }
    return amax < bmin || bmax < amin;
}

/* Is some edge normal of `a` (or, when a core is flat, an edge direction) a
 * separating axis. A flat pair needs the direction: two collinear segments can
 * be apart along their line. */
static int separated_by_edges(const body *a, const body *b, int flat)
{
    int i, j, m = edge_count(a);
    for (i = 0; i < m; i++) {
        c2d_vec v = c2d_bv(a, i), e = c2d_body_edge(a, i);
        if (e.x == 0 && e.y == 0) continue;
        e = c2d_direction_up(e);
        if (a->orient != 0) {
            /* A convex core lies wholly on the inner side of each edge line:
             * the edge separates when every vertex of b is strictly outside. */
            for (j = 0; j < b->n; j++)
                if (vcross(e, vsub(c2d_bv(b, j), v)) * a->orient >= 0) break;
            if (j == b->n) return 1;
            continue;
        }
        if (apart_on(a, b, vperp(e))) return 1;
        if (flat && apart_on(a, b, e)) return 1;
    }
    return 0;
}

int c2d_cores_overlap(const body *a, const body *b)
{
    if (a->n <= 2 && b->n <= 2)
        return c2d_segments_within(c2d_bv(a, 0), c2d_bv(a, a->n - 1), c2d_bv(b, 0), c2d_bv(b, b->n - 1), 0, 0);
    int flat = a->orient == 0 && b->orient == 0;
    if (a->n == 1 && b->n == 1) return veq(c2d_bv(a, 0), c2d_bv(b, 0));
    return !separated_by_edges(a, b, flat) && !separated_by_edges(b, a, flat);
}

/* Is some vertex of `a` within ra + rb of an edge (or the point) of `b`. */
static int vertex_near_edge(const body *a, const body *b, double ra, double rb)
{
    int i, j, m = edge_count(b);
    for (i = 0; i < a->n; i++) {
        if (m == 0) {
            if (c2d_pt_seg_within(c2d_bv(a, i), c2d_bv(b, 0), c2d_bv(b, 0), ra, rb)) return 1;
            continue;
        }
        for (j = 0; j < m; j++)
            if (c2d_pt_seg_within(c2d_bv(a, i), c2d_bv(b, j), c2d_bv(b, c2d_next(j, b->n)), ra, rb)) return 1;
    }
    return 0;
}

/*
 * Is some edge of convex polygon a a separating axis for polygon b. The
 * vertex of b deepest inside edge i only moves forward round b as i goes
 * round a, so it is tracked by climbing instead of found by a full scan:
 * O(n + m) for the whole loop. Depth inside an edge is the cross product of
 * the edge with the vertex's offset, times the winding (0 on the line).
 */
/* Is every vertex of b strictly outside the line of a's edge v -> w (exact). */
static C2D_NOINLINE int outside_exact(c2d_vec v, c2d_vec w, int oa, const c2d_vec *b, int nb)
{
    int k;
    for (k = 0; k < nb; k++)
        if (c2d_orient_exact(v, w, b[k]) * oa >= 0) return 0;
    return 1;
}

static int separated_by(const c2d_vec *a, int na, int oa, const c2d_vec *b, int nb, int ob, double bound)
{
    int i, j = 0, k, step = oa == ob ? 1 : nb - 1;
    double best = -C2D_INF;
    c2d_vec v = a[0], e = vsub(a[1], a[0]);
    for (i = 1; i < na && e.x == 0 && e.y == 0; i++) {
        v = a[i];
        e = vsub(a[c2d_next(i, na)], v);
    }
    e = c2d_direction_up(e);
    for (k = 0; k < nb; k++) {
        double s = vcross(e, vsub(b[k], v)) * oa;
        j = s > best ? k : j;
        best = s > best ? s : best;
    }
    for (i = 0; i < na; i++) {
        int guard = nb, scaled;
        v = a[i];
        e = vsub(a[c2d_next(i, na)], v);
        if (e.x == 0 && e.y == 0) continue; /* a repeated vertex: no edge */
        scaled = fabs(e.x) + fabs(e.y) < C2D_SQUARE_SAFE_LO;
        e = c2d_direction_up(e);
        best = vcross(e, vsub(b[j], v)) * oa;
        /* Climb. A step that falls by no more than the products' rounding is
         * walked over without being taken (a repeated vertex, an edge of b
         * parallel to this one, or vertices so close that their depths round
         * out of order), so no such step stops the climb short of the top.
         * Forward first; where a sharp corner of a turns the normal by nearly
         * half a turn, the last vertex may sit on the falling side, so then back. */
        for (k = 0; k < 2; k++) {
            int dir = k == 0 ? step : nb - step, moved = 0, at = j;
            guard = nb;
            while (guard-- > 0) {
                int next = at + dir;
                double s;
                if (next >= nb) next -= nb;
                s = vcross(e, vsub(b[next], v)) * oa;
                if (s > best) {
                    best = s;
                    j = next;
                    moved = 1;
                } else if (!(s >= best - bound)) {
                    break;
                }
                at = next;
            }
            if (moved) break;
        }
        /* Outside by more than the products' rounding: apart. Within it
         * (a touch or near-touch, or an edge scaled up from below the range
         * of squares), every vertex of b is asked exactly. */
        if (best < -bound && !scaled) return 1;
        if ((!(best > bound) || scaled) && outside_exact(v, a[c2d_next(i, na)], oa, b, nb)) return 1;
    }
    return 0;
}

int c2d_convex_overlap(const c2d_vec *a, int na, int oa, const c2d_vec *b, int nb, int ob, double m)
{
    double bound = C2D_FILTER_ERR * c2d_filter_m2(m) + C2D_FILTER_ABS;
    return !separated_by(a, na, oa, b, nb, ob, bound) && !separated_by(b, nb, ob, a, na, oa, bound);
}

/* c2d_segments_within on exact predicates alone (any finite numbers). */
static C2D_NOINLINE int segments_within_exact(c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1, double ra, double rb)
{
    if (!veq(a0, a1) && !veq(b0, b1) && c2d_orient_exact(a0, a1, b0) * c2d_orient_exact(a0, a1, b1) < 0 &&
        c2d_orient_exact(b0, b1, a0) * c2d_orient_exact(b0, b1, a1) < 0)
        return 1;
    return c2d_within_exact(a0, b0, b1, ra, rb) || c2d_within_exact(a1, b0, b1, ra, rb) ||
           c2d_within_exact(b0, a0, a1, rb, ra) || c2d_within_exact(b1, a0, a1, rb, ra);
}

int c2d_segments_within(c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1, double ra, double rb)
{
    /* Every difference the tests take, once (a - b rounds to -(b - a)),
     * and the bound on them the filters read. */
    c2d_vec ea = vsub(a1, a0), eb = vsub(b1, b0), d00 = vsub(b0, a0), d01 = vsub(b1, a0), d10 = vsub(a1, b0);
    double r = ra + rb, r2 = r * r;
    double m2 = c2d_filter_m2(dmax(c2d_max_comp3(ea, eb, d00), c2d_max_comp3(d01, d10, vsub(a1, b1))));
    int unsure = 0, k, s1, s2;
    /* Crossing: each segment's ends strictly on both sides of the other's line. */
    if (!veq(a0, a1) && !veq(b0, b1)) {
        s1 = c2d_cross_filter(ea, d00, m2) * c2d_cross_filter(ea, d01, m2);
        s2 = c2d_cross_filter(eb, vscale(d00, -1), m2) * c2d_cross_filter(eb, d10, m2);
        if (s1 < 0 && s2 < 0) return 1;
        unsure = (s1 == 0 && s2 <= 0) || (s2 == 0 && s1 <= 0);
    }
    /* Apart, touching or collinear: the nearest pair has an endpoint in it.
     * (An end within the radii decides; anything unsure, the exact test.) */
    if ((k = c2d_pt_seg_filter(eb, vscale(d00, -1), r2, m2, a0, b1)) > 0) return 1;
    unsure |= k < 0;
    if ((k = c2d_pt_seg_filter(eb, d10, r2, m2, a1, b1)) > 0) return 1;
    unsure |= k < 0;
    if ((k = c2d_pt_seg_filter(ea, d00, r2, m2, b0, a1)) > 0) return 1;
    unsure |= k < 0;
    if ((k = c2d_pt_seg_filter(ea, d01, r2, m2, b1, a1)) > 0) return 1;
    unsure |= k < 0;
    return unsure ? segments_within_exact(a0, a1, b0, b1, ra, rb) : 0;
}

int c2d_segments_within_any(c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1, double ra, double rb)
{
    double m = dmax(dmax(dmax(fabs(a0.x), fabs(a0.y)), dmax(fabs(a1.x), fabs(a1.y))),
                    dmax(dmax(fabs(b0.x), fabs(b0.y)), dmax(fabs(b1.x), fabs(b1.y))));
    if (dmax(m, dmax(ra, rb)) <= C2D_FILTER_HI) return c2d_segments_within(a0, a1, b0, b1, ra, rb);
    return segments_within_exact(a0, a1, b0, b1, ra, rb); /* beyond the filters' range */
}

int c2d_bodies_hit(const body *a, const body *b)
{
    double ra = (a->type == BODY_POLY ? a->r : 0) + a->tol, rb = (b->type == BODY_POLY ? b->r : 0) + b->tol;
    double r = ra + rb;
    c2d_vec pa, pb;
    if (a->type == BODY_POLY && b->type == BODY_POLY && a->n <= 2 && b->n <= 2)
        return c2d_segments_within(c2d_bv(a, 0), c2d_bv(a, a->n - 1), c2d_bv(b, 0), c2d_bv(b, b->n - 1), ra, rb);
    if (a->type == BODY_POLY && b->type == BODY_POLY) {
        /* Disjoint convex cores are nearest at a vertex of one and an edge of the other. */
        if (c2d_cores_overlap(a, b)) return 1;
        return r > 0 && (vertex_near_edge(a, b, ra, rb) || vertex_near_edge(b, a, rb, ra));
    }
    return c2d_core_d2(a, b, r * r, &pa, &pb) <= r * r;
}
