/*
 * Internal to the C core: what the queries share. The vectors (vec.h), the
 * tolerances (tolerances.h), the body (body.h) and the exact decisions
 * (exact.h), and on them the helpers on shapes, the separating axes and the
 * scaling of pairs that the queries build on. The convex queries themselves
 * are declared in convex.h, GJK in gjk.h.
 *
 * Every query works in a frame whose origin is one shape's position. Shapes
 * close to each other then have coordinates close to 0 in that frame, and the
 * subtraction that moves them there is exact for nearby doubles (Sterbenz) and
 * for integers, which keeps touching tests exact far from the origin.
 */
#ifndef COLLIDE2D_GEOMETRY_H
#define COLLIDE2D_GEOMETRY_H

#include <string.h>
#include "vec.h"
#include "tolerances.h"
#include "body.h"
#include "exact.h"
#include "trig.h"

/* The length below which a difference of these points is rounding:
 * C2D_POINT_ROUNDING ulps of the largest coordinate. */
static inline double c2d_rounding_length(const c2d_vec *v, int n)
{
    double m = 0;
    int i;
    for (i = 0; i < n; i++) m = dmax(m, dmax(fabs(v[i].x), fabs(v[i].y)));
    return c2d_ulps(C2D_POINT_ROUNDING, m);
}

/* cos and sin of an angle, exact at multiples of pi/2. */
void c2d_sincos(double angle, double *c, double *s);

/* The unit vector at angle a, (cos a, sin a), as trig.c rounds them (no
 * snapping). */
static inline c2d_vec c2d_unit_at(double a)
{
    c2d_vec u;
    c2d_raw_sincos(a, &u.x, &u.y);
    return u;
}

/* The farthest any point of s lies from p, at least (a convex shape's
 * farthest point grown by its radius, slack and rounding; else its box's
 * farthest corner; rounded up); infinite for a Line (turning.c). */
double c2d_reach_from(const c2d_shape *s, c2d_vec p);

/* A move of s that needs no constructor (see shape.c): its points (those of
 * c2d_numbers, in order) now at pts, any kind but Polygon and the compounds;
 * s is unchanged on failure. */
c2d_error c2d_make_moved(c2d_shape *s, const c2d_vec *pts);
/* Twice the signed area of a vertex list, summed relative to its first vertex. */
static inline double c2d_area2(const c2d_vec *v, int n)
{
    double a = 0;
    int i;
    for (i = 1; i + 1 < n; i++) a += vcross(vsub(v[i], v[0]), vsub(v[i + 1], v[0]));
    return a;
}
/* A Box's corners (counter-clockwise) in the frame at o, from its centre
 * there: rounding stays relative to the box. The one place they are
 * computed: the stored corners (o = 0), the bodies (c2d_body) and the pairs
 * decided from the shapes' numbers, so that all decide on the same numbers. */
static inline void c2d_box_corners_at(const c2d_shape *s, c2d_vec o, c2d_vec *w)
{
    double cx = s->p[0].x - o.x, cy = s->p[0].y - o.y, hw = s->w / 2, hh = s->h / 2;
    double axx = s->cos_a * hw, axy = s->sin_a * hw, ayx = -s->sin_a * hh, ayy = s->cos_a * hh;
    w[0].x = cx - axx - ayx; w[0].y = cy - axy - ayy;
    w[1].x = cx + axx - ayx; w[1].y = cy + axy - ayy;
    w[2].x = cx + axx + ayx; w[2].y = cy + axy + ayy;
    w[3].x = cx - axx + ayx; w[3].y = cy - axy + ayy;
}
/* Do a Box's corners w (from c2d_box_corners_at) wind counter-clockwise:
 * not flat where they were computed. */
static inline int c2d_box_winds(const c2d_shape *s, const c2d_vec *w)
{
    return s->w > 0 && s->h > 0 && c2d_area2(w, 4) > 0;
}
/* How far the rounding of a turned Box's cosine and sine may have moved its
 * boundary, for its corners in the frame at o (a body's tol); the one place
 * it is computed, as for the corners. */
static inline double c2d_box_tol_at(const c2d_shape *s, c2d_vec o)
{
    c2d_vec c = vsub(s->p[0], o);
    return c2d_ulps(C2D_TRIG_ROUNDING, s->w + s->h + fabs(c.x) + fabs(c.y));
}

/* The turn a -> b -> c: > 0 counter-clockwise, < 0 clockwise, 0 on a line.
 * Its sign is exact for the doubles given when every coordinate is 0 or of
 * magnitude in [2^-400, 2^400]; beyond that it is decided from rounded
 * differences, one answer for a triple whatever order its points come in.
 * The hull and the Concave's cut decide their turns by it. */
double c2d_orient(c2d_vec a, c2d_vec b, c2d_vec c);

/* Points ordered by x, then y (the hull's sort; a flat list's ends): a
 * comparison for c2d_sort, of two c2d_vec. */
int c2d_point_order(const void *pa, const void *pb);

/* A Polygon of 3 or more vertices moved by (dx, dy) when no sum rounds (and
 * so its convexity check would give what it gave): C2D_OK, or
 * C2D_ERR_NONFINITE (then unchanged); -1 when c2d_make must decide. */
int c2d_move_polygon(c2d_shape *s, double dx, double dy);

/* A Polygon set to its moved points nums as they are (finite, its count of
 * them), where the constructor refuses them and their hull drops the first
 * (the position): when they stand out of convex order by no more than its
 * slack and the rounding of their coordinates (a move rounds each by half
 * an ulp), their slack grown to what they show (a sliver whose winding the
 * rounding flipped is flat). C2D_ERR_NONCONVEX otherwise, s unchanged. */
c2d_error c2d_move_within_rounding(c2d_shape *s, const double *nums);

/* The bounding box of n >= 1 points. */
void c2d_points_bounds(const c2d_vec *v, int n, c2d_bounds *out);

/* s set to the Point at p: what c2d_make builds from p's numbers when they
 * are finite (the caller's to know), without its checks. */
static inline void c2d_point_at(c2d_shape *s, c2d_vec p)
{
    memset(s, 0, sizeof *s);
    s->kind = C2D_POINT;
    s->count = 1;
    s->p[0] = p;
    s->bounds.minx = s->bounds.maxx = p.x;
    s->bounds.miny = s->bounds.maxy = p.y;
}

/*
 * What a World shares with the transforms of its shapes: the slots whose
 * shapes changed since it last looked, each once. It is the first member of
 * the World, so a shape's world pointer reaches it; the World reads it at
 * its next query (and keeps room for every slot, so a note never fails).
 */
typedef struct c2d_moved {
    int *slot;              /* the slots noted, n of them */
    int n;
    unsigned char *marked;  /* per slot: noted and not yet looked at */
} c2d_moved;

/* Note that s changed (its world, if any, refiles it at its next query). */
void c2d_note_moved(const c2d_shape *s);

/* The centroid of a shape that is not a compound (c2d_center of a Concave or
 * Group is its pieces' c2d_leaf_center, weighted by area). */
c2d_vec c2d_leaf_center(const c2d_shape *s);

/* A Box, Triangle or Polygon rounded by its radius (c2d_round). */
static inline int c2d_is_rounded(const c2d_shape *s)
{
    return s->radius > 0 && (s->kind == C2D_BOX || s->kind == C2D_TRIANGLE || s->kind == C2D_POLYGON);
}

/* The core of a rounded Box, Triangle or Polygon (shape.c): its vertices
 * counter-clockwise without repeats (room for its count, at least 4), or
 * when flat its two ends (one point when all are one); returns how many. */
int c2d_round_core(const c2d_shape *s, c2d_vec *out);

/* c2d_pt_seg_d2 for an edge whose square lies below the normal doubles (an
 * edge 1e-160 long beside offsets near 1): the squares of the edge and of
 * its products with the offset would keep only a few bits there, so the
 * edge is first brought near 1 by a power of two (exact), which neither the
 * closest point nor the quotient sees. */
double c2d_pt_seg_d2_scaled(c2d_vec p, c2d_vec a, c2d_vec b, c2d_vec *q);

/* Point to segment: squared distance, and the closest point q unless q is NULL. */
static inline double c2d_pt_seg_d2(c2d_vec p, c2d_vec a, c2d_vec b, c2d_vec *q)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a);
    double t = vdot(w, e), ee = vlen2(e), c;
    if (ee < C2D_SQUARES_LO && ee < C2D_SQUARES_LO * vlen2(w)) return c2d_pt_seg_d2_scaled(p, a, b, q);
    if (t <= 0) { if (q) *q = a; return vlen2(w); }
    if (t >= ee) { if (q) *q = b; return vlen2(vsub(p, b)); }
    /* cross^2 / |e|^2: exact whenever the true value is a double. */
    c = vcross(e, w);
    if (q) *q = vadd(a, vscale(e, t / ee));
    return c * c / ee;
}

/* Are segments a0a1 and b0b1 (either may be a point) within ra + rb: the
 * capsule-capsule method, and the decision for every pair of such cores;
 * exact, for numbers within C2D_FILTER_HI (the _any form: any finite). */
int c2d_segments_within(c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1, double ra, double rb);
int c2d_segments_within_any(c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1, double ra, double rb);

/* Do two convex polygons with interiors (orientations oa, ob: +1 or -1) share
 * a point; m bounds every difference of their coordinates. Exact for any
 * finite numbers: a separation within the rounding of its products is asked
 * again exactly. */
int c2d_convex_overlap(const c2d_vec *a, int na, int oa, const c2d_vec *b, int nb, int ob, double m);

/* The four corners of an AABB, counter-clockwise from its min corner. */
void c2d_aabb_corners(const c2d_shape *s, c2d_vec *out);

/* The greatest u-component over a body, radius included (not for a Line). */
double c2d_support(const body *b, c2d_vec u);

/* How far body a must move along unit u to clear b (<= 0: already clear). */
double c2d_overlap_along(const body *a, const body *b, c2d_vec u);

/* Two sharp polygon cores (no radius, no rounding of their own): does a move
 * of at most d along an edge normal of either part them? Then contact's
 * depth, the least such move, is at most d: a shape resting on another is
 * told from one sunk into it without the search for the least move. 0 says
 * only that this test cannot tell (other bodies, or a deeper overlap). */
int c2d_bodies_part_within(const body *A, const body *B, double d);

/* The same for two convex shapes (0 for a compound or a Line). */
int c2d_convex_part_within(const c2d_shape *a, const c2d_shape *b, double d);

/* The axis along which a needs the least move to clear b (POLY and FAN
 * bodies), among the edge normals, the fan axes and gap (the line between
 * the cores' closest points): its length, and the unit normal in *n; C2D_INF
 * (and *n as it was) when no axis exists (two equal points). Among equal
 * axes, the one with the least component along prefer. */
double c2d_least_overlap(const body *a, const body *b, c2d_vec gap, c2d_vec prefer, c2d_vec *n);
/* The same, where among equal ones the pick is the axis the motion presses
 * least among those it presses (the one it could slide along), for a sweep. */
double c2d_least_overlap_sliding(const body *a, const body *b, c2d_vec gap, c2d_vec motion, c2d_vec *n);

/* Do two POLY cores (radii left out) share a point. */
int c2d_cores_overlap(const body *a, const body *b);

/*
 * Extreme magnitudes. Squared distances and the division-free tests form
 * products of up to four coordinates, which overflow past ~1e77 and lose
 * everything below ~1e-77. A pair whose magnitude (extra: motions or a ray's
 * reach) lies outside 2^-C2D_RANGE..2^C2D_RANGE is computed on copies scaled
 * by a power of two, which is exact, and lengths are scaled back.
 */
#define C2D_RANGE 200
#define C2D_RANGE_HI 0x1p200
#define C2D_RANGE_LO 0x1p-200

/* Keep a function out of line (its stack frame stays out of its callers'). */
#if defined(__GNUC__)
#define C2D_NOINLINE __attribute__((noinline))
#else
#define C2D_NOINLINE
#endif

/* The power of two to divide the pair by, or 0 when none is needed. */
int c2d_pair_exponent(const c2d_shape *a, const c2d_shape *b, double extra);

/* How many numbers c2d_numbers gives for a shape that is not a compound:
 * room for them (at least 1). */
static inline int c2d_number_room(const c2d_shape *s)
{
    return s->kind == C2D_POLYGON && s->count > 3 ? 2 * s->count + 1 : 8;
}

/* How many vertices a copy of s made from its numbers stores: a Polygon's
 * count, and for a hull of one or two points, its points and the up to
 * 2 count - 1 the hull writes while it works (at least 1). */
static inline int c2d_scaled_room(const c2d_shape *s)
{
    if (s->kind != C2D_POLYGON || s->count < 1) return 1;
    return s->count < 3 ? 3 * s->count : s->count;
}

/* s divided by 2^e, in out with its vertices in store (c2d_scaled_room(s)
 * of them); s itself when the result would be invalid. */
const c2d_shape *c2d_scaled_copy(const c2d_shape *s, int e, c2d_shape *out, c2d_vec *store);

/* A point two overlapping bodies share (in their frame), from their cores'
 * closest points pa, pb. */
c2d_vec c2d_common_point(const body *a, const body *b, c2d_vec pa, c2d_vec pb);

/* An edge direction whose products with ordinary offsets would underflow
 * (a subnormal edge of a tiny shape against a large one: cross products
 * rounded to multiples of the least double and falsely tied or signed),
 * brought near 1 by a power of two. Exact, and every cross or dot product
 * with it keeps its sign and order. The test is inline and the scaling
 * (overlap.c) out of line, so that the loops that test edges stay lean. */
c2d_vec c2d_direction_scaled(c2d_vec e);
static inline c2d_vec c2d_direction_up(c2d_vec e)
{
    return fabs(e.x) + fabs(e.y) < C2D_SQUARE_SAFE_LO ? c2d_direction_scaled(e) : e;
}

/* Do the two bodies share a point (their bounds already meet). */
int c2d_bodies_hit(const body *a, const body *b);

/* The largest magnitude of a box's numbers. */
static inline double c2d_bounds_magnitude(const c2d_bounds *b)
{
    double x = fabs(b->minx) > fabs(b->maxx) ? fabs(b->minx) : fabs(b->maxx);
    double y = fabs(b->miny) > fabs(b->maxy) ? fabs(b->miny) : fabs(b->maxy);
    return x > y ? x : y;
}

/* Could the shapes' cached bounds meet: a cheap early miss that never
 * rejects a pair the exact tests would accept. Those work in a frame of the
 * pair and allow rounding relative to the pair's magnitude on both axes (a
 * point at (48, 1e-322) touches one at (48, 0)), so the gap allowed here is
 * relative to the larger of the two boxes' magnitudes, plus a few of the
 * smallest subnormal steps. Inline: the pairs decided from their numbers
 * ask it first. */
static inline int c2d_bounds_meet(const c2d_bounds *a, const c2d_bounds *b)
{
    double ma = c2d_bounds_magnitude(a), mb = c2d_bounds_magnitude(b);
    double tol = c2d_ulps(2 * C2D_BOUNDS_ROUNDING, ma > mb ? ma : mb) + C2D_BOUNDS_ROUNDING * 0x1p-1074;
    return !(b->minx - a->maxx > tol || a->minx - b->maxx > tol || b->miny - a->maxy > tol || a->miny - b->maxy > tol);
}

/* How far a box must grow on every side so that two boxes so grown meet
 * (compared exactly) whenever c2d_bounds_meet says the bounds could: its
 * tolerance, of the larger magnitude, is at most the sum of the two boxes'
 * shares of their own magnitudes; each share doubled, for the rounding of
 * the growing and of the gap it measured. The World files shapes under
 * their bounds so grown, so that its candidates hold every pair hits may
 * accept. */
static inline double c2d_bounds_pad(const c2d_bounds *b)
{
    return 2 * (c2d_ulps(2 * C2D_BOUNDS_ROUNDING, c2d_bounds_magnitude(b)) + C2D_BOUNDS_ROUNDING * 0x1p-1074);
}

/* b grown by c2d_bounds_pad(b) on every side. */
static inline void c2d_bounds_padded(const c2d_bounds *b, c2d_bounds *out)
{
    double pad = c2d_bounds_pad(b);
    out->minx = b->minx - pad;
    out->miny = b->miny - pad;
    out->maxx = b->maxx + pad;
    out->maxy = b->maxy + pad;
}

/*
 * The squared distance between the cores of two bodies (a POLY without its
 * radius) and a closest point on each. Stops as soon as it finds a pair of
 * features no farther than sqrt(limit2) apart (limit2 < 0: never stops early).
 */
double c2d_core_d2(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb);

/* c2d_core_d2 by the search over every pair of features (no GJK). */
double c2d_core_d2_full(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb);

/* c2d_core_d2_full over the boundary features alone, with no test of one
 * core holding the other: for a pair the exact decision finds apart, where
 * a sliver's sign tests (all within rounding of 0) may hold a point on its
 * line beyond its ends. */
double c2d_core_d2_features(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb);

#endif
