/*
 * Internal to the C core: vector helpers, the tolerances, and the "body", the
 * form every shape takes for a query.
 *
 * Every query works in a frame whose origin is one shape's position. Shapes
 * close to each other then have coordinates close to 0 in that frame, and the
 * subtraction that moves them there is exact for nearby doubles (Sterbenz) and
 * for integers, which keeps touching tests exact far from the origin.
 */
#ifndef COLLIDE2D_GEOMETRY_H
#define COLLIDE2D_GEOMETRY_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include "collide2d.h"
#include "trig.h"

/*
 * Every product is rounded on its own (no fused multiply-add), whatever the
 * build flags, so that a build by LuaRocks, which passes flags of its own,
 * gives the same answers as the Makefile's (which also says
 * -ffp-contract=off) on every machine.
 *
 * GCC's straight-line vectorizer (SLP, on at -O2 since GCC 12) pairs the x
 * and y halves of a c2d_vec into one SSE register by storing both and
 * loading them back as one, which stalls on store forwarding wherever a
 * vector arrives by value or a result struct is copied: rays, distances and
 * sweeps ran up to 40% slower with it. The pairs it would save are a few
 * multiplies, so the core asks GCC not to do it, whatever the flags.
 */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#pragma GCC optimize("no-tree-slp-vectorize", "fp-contract=off")
#elif defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/*
 * The tolerances, all of them. Everything else is compared exactly.
 *
 * C2D_SNAP: an angle within this many units of relative rounding of a multiple
 *   of pi/2 gets exact cos/sin (0, +-1), so math.pi/2 turns a box exactly.
 * C2D_ANGLE_TOLERANCE: radians; a point this close in angle to a fan's edge
 *   ray counts as on it (cos/sin of the edge directions carry ~1e-16 error).
 * C2D_FULL_TURN: a fan opening within this of 2*pi is the full disk.
 * C2D_CONVEX_TOLERANCE: relative to the edge lengths, how far a polygon
 *   vertex may stand on the wrong side of an edge line and still count as
 *   convex (collinear vertices computed with rounding).
 * C2D_TRIG_ROUNDING: in units of DBL_EPSILON times the size of the numbers
 *   involved, how far the corners of a turned Box or the edge ends of a Fan
 *   may sit from where exact cos/sin would put them. Shapes meeting within it
 *   touch; it is ~1e-15 relative, far below any gap a game can mean.
 * C2D_REST_ROUNDING: in units of DBL_EPSILON times the size of the pair in
 *   its frame, the contact depth that still counts as resting (touching)
 *   rather than overlapping, for the sweep: a depth below it is the rounding
 *   of an irrational touch (tangent disks, a slanted edge), and a resting
 *   shape must still be free to walk away or slide.
 * C2D_SLIDE_ROUNDING: in the same units, how far two shadows across the
 *   motion may be off flush and still count as flush (a slide or graze, no
 *   hit), where radii or turned corners make the shadows' ends irrational.
 *   Sharp polygons use no tolerance: their shadows are plain dot products.
 */
#define C2D_SNAP 8.0
#define C2D_ANGLE_TOLERANCE 1e-13
#define C2D_FULL_TURN 1e-12
#define C2D_CONVEX_TOLERANCE 1e-12
#define C2D_TRIG_ROUNDING 4.0

/*
 * The smaller allowances, each for one computation:
 * C2D_POINT_ROUNDING: in ulps of the largest coordinate, the distance below
 *   which two points of a polygon differ only by rounding (no edge between).
 * C2D_SLACK_MARGIN: relative; a polygon convex within rounding allows its
 *   slack plus this share of it, so its own farthest vertex still counts.
 * C2D_BOUNDS_ROUNDING: in ulps of the bounds compared, the gap between two
 *   cached bounding boxes that rounding in them could close (the early miss
 *   must never reject a pair the exact tests accept).
 * C2D_AXIS_TIE: in ulps of the support values, how close two candidate axes'
 *   overlaps may be and still tie (then the preferred direction decides).
 * C2D_CORE_GAP_TRUST: relative to the summed radii, the gap between two
 *   rounded cores above which the line between their closest points is a
 *   trusted contact normal (below it, the closest points are rounding; the
 *   gap must also clear C2D_POINT_ROUNDING ulps of the coordinates).
 * C2D_SEPARATES: relative to the pair's size, how far along a sweep's first
 *   normal the shapes may still overlap at the touch for it to be kept.
 */
#define C2D_POINT_ROUNDING 32.0
#define C2D_SLACK_MARGIN 1e-9
#define C2D_BOUNDS_ROUNDING 8.0
#define C2D_AXIS_TIE 16.0
#define C2D_CORE_GAP_TRUST 1e-6
#define C2D_SEPARATES 1e-9
/* Distance: relative to the pair's size in its frame (plus so many ulps of
 * the frame's distance from the origin), how far from touching a certified
 * GJK distance must be to stand for the hit decision (nearer, the exact
 * decision is made). */
#define C2D_DECIDE_MARGIN 1e-9
#define C2D_DECIDE_ULPS 64.0
#define C2D_SQRT2 1.4142135623730951
#define C2D_REST_ROUNDING 64.0
/* GJK (polygon distance): a step that brings the origin closer by less than
 * this share of the squared distance is rounding, and the walk ends; it ends
 * anyway after so many steps (then every feature pair is searched). The
 * certificate of its answer allows this many ulps in each dot product. */
#define C2D_GJK_PROGRESS 1e-12
#define C2D_GJK_ITERATIONS 64
/* GJK: the least weight of each corner for a simplex that holds the origin
 * to count as overlap (below it, the touch is left to the full search). */
#define C2D_GJK_INSIDE 1e-9
#define C2D_CERTIFY_ROUNDING 16.0
#define C2D_SLIDE_ROUNDING 16.0
/* A sweep's or a ray's touch on a sharp polygon's face stands when the other
 * core's vertex there is within this many ulps of the face's numbers. */
#define C2D_FACE_ROUNDING 32.0
/*
 * The compound contact search (Concave and Group), on the regions a pair's
 * cores sweep out:
 * C2D_REGION_ROUNDING: in ulps of a region's largest coordinate plus its
 *   radius, how far rounding in summing two cores may have moved its boundary.
 * C2D_ON_PIECE: relative, how far off its piece a point computed on the
 *   piece's line or circle may be and still be tried (a wrong try costs time,
 *   never truth: every try is checked).
 * C2D_OPPOSED_NORMALS: two unit normals whose sum is shorter than this face
 *   each other; no step leaves both pieces, and the corner is not tried.
 * C2D_CROSSING_SLACK: relative to two edge lines' offsets, how far outside
 *   the other lines their computed crossing may fall and still be tried.
 * C2D_CONTACT_REST: depths below this many rest tolerances are touches, not
 *   overlap.
 * C2D_CONTACT_POLISH: how much of a pair's size it may still overlap by after
 *   the regions' move for a further step out of it to be taken: the rounding
 *   of the regions' corners, where nearly parallel edges cross.
 * C2D_MOVED_ROUNDING: a moved copy's rounding, in ulps of its magnitude.
 * C2D_OPEN_SLACK: how far into a touch the side shapes that only touch open
 *   on may lean (a sine: the normals' rounding).
 */
#define C2D_REGION_ROUNDING 16.0
#define C2D_ON_PIECE 1e-9
#define C2D_OPPOSED_NORMALS 1e-9
#define C2D_CROSSING_SLACK 1e-9
#define C2D_CONTACT_REST 4.0
#define C2D_CONTACT_POLISH 1e-9
#define C2D_MOVED_ROUNDING 4.0
#define C2D_OPEN_SLACK 1e-12
/*
 * Covers:
 * C2D_COVER_ULPS: in ulps of the values, the rounding allowed in a support
 *   comparison.
 * C2D_COVER_NEAR: how far (relative to the pieces' sizes) a point computed
 *   where two pieces meet may lie off either and still cut (a needless cut
 *   costs time only).
 */
#define C2D_COVER_ULPS 16.0
#define C2D_COVER_NEAR 1e-9

/* The sizes whose squares and their sums stay normal doubles: a test of sums
 * of such squares is exact-same unscaled and scaled by any power of two. */
#define C2D_SQUARE_SAFE_HI 0x1p450
#define C2D_SQUARE_SAFE_LO 0x1p-450
#define C2D_SQUARES_HI 0x1p900
#define C2D_SQUARES_LO 0x1p-900

#define C2D_PI 3.14159265358979323846
#define C2D_INF HUGE_VAL

/* n ulps of numbers of magnitude m: the rounding the tolerances above are
 * counted in (n * DBL_EPSILON * m, multiplied in that order). */
static inline double c2d_ulps(double n, double m) { return n * DBL_EPSILON * m; }

static inline c2d_vec v2(double x, double y) { c2d_vec r; r.x = x; r.y = y; return r; }
static inline c2d_vec vadd(c2d_vec a, c2d_vec b) { return v2(a.x + b.x, a.y + b.y); }
static inline c2d_vec vsub(c2d_vec a, c2d_vec b) { return v2(a.x - b.x, a.y - b.y); }
static inline c2d_vec vscale(c2d_vec a, double k) { return v2(a.x * k, a.y * k); }
static inline c2d_vec vldexp(c2d_vec v, int e) { return v2(ldexp(v.x, e), ldexp(v.y, e)); }
static inline c2d_vec vperp(c2d_vec a) { return v2(-a.y, a.x); }
static inline double vdot(c2d_vec a, c2d_vec b) { return a.x * b.x + a.y * b.y; }
static inline double vcross(c2d_vec a, c2d_vec b) { return a.x * b.y - a.y * b.x; }
static inline double vlen2(c2d_vec a) { return vdot(a, a); }
static inline double vlen(c2d_vec a) { return sqrt(vdot(a, a)); }

/* sqrt(x^2 + y^2) with no overflow or underflow on the way, from IEEE
 * operations alone, so that every machine gives the same bits (the C
 * library's hypot differs between libraries in the last bit): the larger
 * magnitude brought to [1, 2) by a power of two (exact), and back. */
static inline double c2d_hypot(double x, double y)
{
    double ax = fabs(x), ay = fabs(y), m = ax > ay ? ax : ay;
    int e;
    if (!(m > 0) || !(m < HUGE_VAL)) return isinf(x) || isinf(y) ? HUGE_VAL : m;
    e = ilogb(m);
    ax = ldexp(ax, -e);
    ay = ldexp(ay, -e);
    return ldexp(sqrt(ax * ax + ay * ay), e);
}
static inline int veq(c2d_vec a, c2d_vec b) { return a.x == b.x && a.y == b.y; }
/* a + (b - a) * t */
static inline c2d_vec vlerp(c2d_vec a, c2d_vec b, double t) { return v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t); }
/* v scaled to length 1 (v itself when zero); divides by the larger component
 * first, so that tiny and huge vectors neither underflow nor overflow. */
static inline c2d_vec vunit(c2d_vec v)
{
    double m = fabs(v.x) > fabs(v.y) ? fabs(v.x) : fabs(v.y), l;
    if (m == 0 || !(m < HUGE_VAL)) return v;
    v = v2(v.x / m, v.y / m);
    l = sqrt(v.x * v.x + v.y * v.y);
    return v2(v.x / l, v.y / l);
}
static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline int c2d_sign(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

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

/*
 * A body is a shape as a query sees it, in the query's frame:
 *   BODY_POLY  a convex core of n >= 1 vertices (1: a point, 2: a segment)
 *              swept by a disk of radius r. Point, Segment, Disk, AABB, Box,
 *              Triangle, Polygon, Capsule, and the Fans that are a point, a
 *              segment or a disk.
 *   BODY_FAN   a circular sector with 0 < opening < 2*pi and r > 0.
 *   BODY_LINE  the infinite line through v[0] along v[1].
 */
typedef enum body_type { BODY_POLY, BODY_FAN, BODY_LINE } body_type;

/* How many vertices a body holds itself: those it computes (an AABB's or a
 * Box's corners, a flat core's two ends, a Line's point and direction, a
 * Fan's segment) and a Polygon's vertices when dropping rounding-length
 * edges leaves so few of them. */
#define C2D_BODY_OWN 4

/* Words of a bit set with one bit per vertex of a shape. */
#define C2D_VERTEX_WORDS ((C2D_MAX_VERTICES + 63) / 64)

typedef struct body {
    /* The core's vertices: vertex i is src[i] - off, or src[j] - off for
     * the i-th j set in own.kept. Most bodies borrow their shape's points
     * (src the shape's, off the frame's origin, the subtraction exact for
     * nearby numbers); the vertices a body computes stand in own.v with off
     * 0 (x - 0 is x, signed zeros included). kept is used only by a Polygon
     * of more than C2D_BODY_OWN vertices some of which were dropped. */
    const c2d_vec *src;
    c2d_vec off;
    int kept;     /* whether own.kept lists the vertices */
    body_type type;
    int n;        /* POLY: core vertices */
    int orient;   /* POLY: +1 ccw, -1 cw, 0 no interior (n < 3 or zero area) */
    int wide;     /* FAN: opened beyond pi */
    double r;     /* POLY: rounding radius; FAN: radius */
    double tol;   /* how far rounding in cos/sin may have moved the boundary (turned Box, Fan) */
    union {
        c2d_vec v[C2D_BODY_OWN];          /* vertices of its own */
        uint64_t kept[C2D_VERTEX_WORDS];  /* the shape's vertices kept */
        /* FAN (which borrows its apex): unit direction d, unit edge
         * directions e1 = d turned by +half, e2 = d turned by -half. */
        struct { c2d_vec d, e1, e2; } fan;
    } own;
} body; /* POLY: the core; FAN: vertex 0 the apex; LINE: vertex 0 a point, 1 the direction */

/* How many bits of w are set. */
static inline int c2d_bit_count(uint64_t w)
{
#if defined(__GNUC__)
    return __builtin_popcountll(w);
#else
    int k = 0;
    for (; w; w &= w - 1) k++;
    return k;
#endif
}

/* The index of the i-th set bit of a vertex bit set (counted from 0; it is there). */
static inline int c2d_nth_bit(const uint64_t *w, int i)
{
    int k = 0, j = 0;
    uint64_t x;
    while (i >= c2d_bit_count(w[k])) i -= c2d_bit_count(w[k++]);
    for (x = w[k]; i > 0; i--) x &= x - 1;
    while (!(x & 1)) { x >>= 1; j++; }
    return 64 * k + j;
}

/* The index in its source of a body's i-th kept vertex (out of line: rare,
 * and kept apart so that the common read stays small enough to inline). */
int c2d_kept_index(const body *b, int i);

/* The i-th vertex of a body in its frame: every read of a body's vertices
 * goes through this. */
static inline c2d_vec c2d_bv(const body *b, int i)
{
#if defined(__GNUC__)
    if (__builtin_expect(b->kept, 0)) return vsub(b->src[c2d_kept_index(b, i)], b->off);
#else
    if (b->kept) return vsub(b->src[c2d_kept_index(b, i)], b->off);
#endif
    return vsub(b->src[i], b->off);
}

/* The edge from vertex i to the next, from the shape's own numbers: one
 * rounding, where the frame's vertices (each rounded to the coordinates'
 * ulp) turn a short edge far from the frame's origin (an edge 48 long, 2e11
 * away, by 2e-7: its line then misses a point there by 1e4). */
static inline c2d_vec c2d_body_edge(const body *b, int i)
{
    int j = i + 1 == b->n ? 0 : i + 1;
    if (b->kept) return vsub(b->src[c2d_kept_index(b, j)], b->src[c2d_kept_index(b, i)]);
    return vsub(b->src[j], b->src[i]);
}

/* A body's vertices as one array (vertex i is plain[i] - b->off), or NULL
 * when it keeps only some of its source's: for loops that read them all. */
static inline const c2d_vec *c2d_bv_plain(const body *b)
{
    return b->kept ? NULL : b->src;
}

/* A copy of a body (its own vertices, if any, read from the copy). */
static inline void c2d_body_copy(body *dst, const body *src)
{
    *dst = *src;
    if (src->src == src->own.v) dst->src = dst->own.v;
}

/* Set a body's vertices to n points of its own (n <= C2D_BODY_OWN), already
 * in its frame; v may be the body's own vertices. */
static inline void c2d_body_own(body *b, const c2d_vec *v, int n)
{
    int i;
    for (i = 0; i < n; i++) b->own.v[i] = v[i];
    b->src = b->own.v;
    b->kept = 0;
    b->off = v2(0, 0);
    b->n = n;
}

/* The index after i round a cycle of n. */
static inline int c2d_next(int i, int n) { return i + 1 == n ? 0 : i + 1; }

/* The end of a fan body's arc on its +half edge (which 0) or -half edge (1). */
static inline c2d_vec c2d_arc_end(const body *f, int which)
{
    return vadd(c2d_bv(f, 0), vscale(which ? f->own.fan.e2 : f->own.fan.e1, f->r));
}

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

/* A Polygon of 3 or more vertices moved by (dx, dy) when no sum rounds (and
 * so its convexity check would give what it gave): C2D_OK, or
 * C2D_ERR_NONFINITE (then unchanged); -1 when c2d_make must decide. */
int c2d_move_polygon(c2d_shape *s, double dx, double dy);

/* The bounding box of n >= 1 points. */
void c2d_points_bounds(const c2d_vec *v, int n, c2d_bounds *out);

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

/* The body of shape s in the frame whose origin is o. */
void c2d_body(body *b, const c2d_shape *s, const c2d_vec *o);

/* Its core alone: what c2d_body builds before it checks the winding in this
 * frame and adds a turned Box's or a slack Polygon's tolerance. */
void c2d_body_core(body *b, const c2d_shape *s, const c2d_vec *o);

/* Is v (relative to a fan's apex) within the fan's angular range. */
int c2d_in_wedge(const body *f, c2d_vec v);

/* Does the body's solid part (POLY with an interior, FAN) hold p. */
int c2d_body_contains_solid(const body *b, c2d_vec p);

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

/*
 * Exact decisions for any finite doubles (exact.c): the sign of the turn
 * a -> b -> c (and of a direction crossed with a difference), and whether
 * point p lies within ra + rb (the real sum) of the segment a..b (a == b:
 * the point). Slow; the filtered tests below come here only when rounding
 * could have decided wrong.
 */
int c2d_orient_exact(c2d_vec a, c2d_vec b, c2d_vec c);
/* The exact sign of d x (c - a). */
int c2d_cross_exact(c2d_vec d, c2d_vec a, c2d_vec c);
/* The exact sign of (b - a) x (d - c). */
int c2d_cross2_exact(c2d_vec a, c2d_vec b, c2d_vec c, c2d_vec d);
int c2d_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb);
/* Whether point p lies within ra + rb of the line through a and b (a != b). */
int c2d_line_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb);
/* Whether point p lies within r of the line through o along d (d not zero). */
int c2d_ray_line_within_exact(c2d_vec p, c2d_vec o, c2d_vec d, double r);

/*
 * The filters' rounding. For numbers of magnitude at most C2D_FILTER_HI (so
 * that no product of four overflows), a rounded sum of products of rounded
 * differences (each factor within one rounding, the products and the sum
 * one each) lies within 8 units of rounding (2^-50) of the products'
 * magnitudes, plus C2D_FILTER_ABS for products that underflow, from the
 * exact value. A test farther from its tie than that has the exact answer.
 */
#define C2D_FILTER_ERR 0x1p-50
#define C2D_FILTER_ABS 0x1p-1000
#define C2D_FILTER_HI 0x1p240

/*
 * The filtered tests below take m2 = 2 m^2, m a bound on every component of
 * every difference they use (each rounded once from the numbers given). A
 * sum of two products of such differences is then within C2D_FILTER_ERR m2
 * (and C2D_FILTER_ABS, for underflow) of its exact value: one bound for the
 * whole test, worked out once by the caller.
 */
static inline double c2d_filter_m2(double m) { return 2 * m * m; }

/* The sign of u x v, where u = b - a and v = c - a (numbers within
 * C2D_FILTER_HI), when the rounded product is farther from 0 than its
 * rounding; 0 when it cannot tell (c2d_orient_exact can). */
static inline int c2d_cross_filter(c2d_vec u, c2d_vec v, double m2)
{
    double d = u.x * v.y - u.y * v.x;
    if (fabs(d) > C2D_FILTER_ERR * m2 + C2D_FILTER_ABS) return d > 0 ? 1 : -1;
    return 0;
}

/* The largest component of three vectors. */
static inline double c2d_max_comp3(c2d_vec a, c2d_vec b, c2d_vec c)
{
    return dmax(dmax(dmax(fabs(a.x), fabs(a.y)), dmax(fabs(b.x), fabs(b.y))), dmax(fabs(c.x), fabs(c.y)));
}

/* The exact sign of the turn a -> b -> c (coordinates within C2D_FILTER_HI). */
static inline int c2d_orient_sign(c2d_vec a, c2d_vec b, c2d_vec c)
{
    c2d_vec u = vsub(b, a), v = vsub(c, a);
    int k = c2d_cross_filter(u, v, c2d_filter_m2(c2d_max_comp3(u, v, v)));
    return k != 0 ? k : c2d_orient_exact(a, b, c);
}

/*
 * Is point p within sqrt(r2) of segment a..b, given e = b - a and w = p - a
 * and m2 (above; p - b counts among the differences): 1 or 0 where the
 * rounded test (no division: exact for integers) is farther from a tie than
 * its rounding, -1 where it cannot tell (c2d_within_exact can). Which
 * region p is in (before a, past b, beside) matters where the distance is
 * far below the segment's length: an end within the radius holds whatever
 * the region (the distance is at most that end's), and so does the line
 * beyond it (the distance is at least the line's); the other two answers
 * need the region sure. (No call in it: the callers' doubles stay in
 * registers, where a call would spill them.)
 */
static inline int c2d_pt_seg_filter(c2d_vec e, c2d_vec w, double r2, double m2, c2d_vec p, c2d_vec b)
{
    double t = vdot(w, e), err = C2D_FILTER_ERR * m2 + C2D_FILTER_ABS, d2, ee, g, c, lhs, rhs, slack;
    int sure;
    if (t > 0) {
        ee = vlen2(e);
        g = ee - t; /* e.(b - p): past b when <= 0 */
        if (g > 0) {
            /* Beside the segment: (e x w)^2 against r^2 (e.e), degree four.
             * The rounding of rhs is within 8 units of it, each square
             * within 3: four times the margin, and the underflow of squares. */
            c = vcross(e, w);
            rhs = r2 * ee;
            slack = C2D_FILTER_ABS * (1 + m2 + r2);
            lhs = fabs(c) - err;
            if (lhs > 0 && lhs * lhs - slack > rhs * (1 + 4 * C2D_FILTER_ERR) + slack) return 0;
            lhs = fabs(c) + err;
            if (lhs * lhs + slack < rhs * (1 - 4 * C2D_FILTER_ERR) - slack && t > err && g > 2 * err) return 1;
            return -1;
        }
        w = vsub(p, b);
        sure = -g > 2 * err;
    } else {
        sure = -t > err || (e.x == 0 && e.y == 0); /* (a point: no regions) */
    }
    /* Before a or past b: |w|^2 against r^2. */
    if (w.x == 0 && w.y == 0) return 1; /* at the end */
    d2 = vlen2(w);
    if (fabs(d2 - r2) > C2D_FILTER_ERR * (d2 + r2) + C2D_FILTER_ABS && (d2 <= r2 || sure)) return d2 <= r2;
    return -1;
}

/* Is point p within ra + rb of segment a..b (a == b: a point), exactly, for
 * numbers within C2D_FILTER_HI. */
static inline int c2d_pt_seg_within(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a);
    double r = ra + rb;
    int k = c2d_pt_seg_filter(e, w, r * r, c2d_filter_m2(c2d_max_comp3(e, w, vsub(p, b))), p, b);
    return k >= 0 ? k : c2d_within_exact(p, a, b, ra, rb);
}

/* Is point p within ra + rb of the line through a and b (a != b), exactly,
 * for any finite numbers: (e x w)^2 against r^2 (e.e), as beside a segment
 * (a product that overflows or underflows leaves the filter unsure). */
static inline int c2d_pt_line_within(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a);
    double r = ra + rb, r2 = r * r, m2 = c2d_filter_m2(c2d_max_comp3(e, w, w));
    double err = C2D_FILTER_ERR * m2 + C2D_FILTER_ABS, c = vcross(e, w), rhs = r2 * vlen2(e);
    double slack = C2D_FILTER_ABS * (1 + m2 + r2), lhs = fabs(c) - err;
    if (lhs > 0 && lhs * lhs - slack > rhs * (1 + 4 * C2D_FILTER_ERR) + slack) return 0;
    lhs = fabs(c) + err;
    if (lhs * lhs + slack < rhs * (1 - 4 * C2D_FILTER_ERR) - slack) return 1;
    return c2d_line_within_exact(p, a, b, ra, rb);
}

/* Is point p within ra + rb of point q, exactly, for any finite numbers (a
 * square that overflows or underflows leaves the filter unsure). */
static inline int c2d_pt_pt_within(c2d_vec p, c2d_vec q, double ra, double rb)
{
    double dx = q.x - p.x, dy = q.y - p.y, r = ra + rb, d2 = dx * dx + dy * dy, r2 = r * r;
    if (dx == 0 && dy == 0) return 1;
    if (fabs(d2 - r2) > C2D_FILTER_ERR * (d2 + r2) + C2D_FILTER_ABS) return d2 <= r2;
    return c2d_within_exact(p, q, q, ra, rb);
}

/* The corner points of a POLY or FAN body: core vertices, or a fan's apex
 * and arc ends; how many, and the i-th. */
static inline int c2d_corner_count(const body *b) { return b->type == BODY_FAN ? 3 : b->n; }
static inline c2d_vec c2d_corner(const body *b, int i)
{
    if (b->type == BODY_FAN) return i == 0 ? c2d_bv(b, 0) : c2d_arc_end(b, i - 1);
    return c2d_bv(b, i);
}

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

/* Points, segments, disks and capsules (both of the pair, or one with a
 * Line), and a point or disk with an AABB or a sharp convex polygon, are
 * decided on their own numbers, exactly at any magnitude, where other pairs beyond the range of squares are decided on
 * scaled copies: that decision (query.c), or -1 for other kinds. Scaled
 * contact and distance defer to it. */
int c2d_unscaled_pair_hits(const c2d_shape *a, const c2d_shape *b);

/* The canonical order of a pair: > 0 when b comes first. */
int c2d_shape_order(const c2d_shape *a, const c2d_shape *b);

/* Build both bodies in a's frame and decide hits (the shared decision). */
int c2d_decide(const c2d_shape *a, const c2d_shape *b, body *A, body *B);

/* Contact of a pair in canonical order that meets (by c2d_decide), on the
 * bodies c2d_decide built (two AABBs need none); the normal from b toward a.
 * contact and the sweep's start share it. */
void c2d_contact_decided(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out);

/* Distance of a pair in canonical order, in a's frame: A and B its bodies,
 * already built there when built is set (storage otherwise). distance and
 * the sweep's start share it. */
c2d_distance_result c2d_distance_pair(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built);

/* The same two at the pair's own scale: on the bodies given when the pair's
 * numbers need no scaling (a sweep's or a ray's scale also counts the
 * motion), else on scaled copies, as contact and distance themselves do. */
void c2d_contact_at_scale(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out);
c2d_distance_result c2d_distance_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built);
/* And hits of a pair in canonical order, leaving its bodies built in a's
 * frame when it says so in *built. */
int c2d_hits_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int *built);

/* The pair queries of collide2d.h on two shapes that are not compounds (a
 * wide fan not either, for contact), with their scaling; dispatch.c hands
 * every other pair to the compound layer. A sweep or a ray far beyond the
 * pair's size is cut short there first. */
int c2d_convex_hits(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_convex_distance(const c2d_shape *a, const c2d_shape *b);
c2d_error c2d_convex_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);
c2d_sweep_result c2d_convex_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);
c2d_sweep_result c2d_convex_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

/* A number 0 or within 2^+-50 (band: not 0). Products of four such, and of
 * their differences, stay far inside the doubles (no overflow, and no
 * rounding below the normal range), and a ray of such numbers reaches at
 * most 2^150 times its pair's magnitude, well short of the clipping of
 * huge motions (2^C2D_RANGE). */
static inline int c2d_in_band(double v) { double a = fabs(v); return (a >= 0x1p-50) & (a <= 0x1p50); }
static inline int c2d_near_band(double v) { return (v == 0) | c2d_in_band(v); }

/* A ray against a Disk whose numbers sit in that band, maxt above 0
 * (c2d_disk_ray_plain):
 * the circle straight from its numbers, neither shape nor ray scaled. The
 * general path (c2d_convex_raycast) scales the ray to one step by a power
 * of two; with nothing near the ends of the range, every operation commutes
 * with that scaling, so the two give the same answer bit for bit. */
static inline int c2d_disk_ray_plain(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    return s->kind == C2D_DISK && c2d_in_band(s->radius) & (maxt >= 0x1p-50) & (maxt <= 0x1p50) &
           c2d_in_band(dmax(fabs(dir.x), fabs(dir.y))) & c2d_near_band(dir.x) & c2d_near_band(dir.y) &
           c2d_near_band(origin.x) & c2d_near_band(origin.y) & c2d_near_band(s->p[0].x) & c2d_near_band(s->p[0].y);
}
c2d_sweep_result c2d_disk_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

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

/* How deep two shapes must overlap, relative to their distance from the
 * origin (at least 1), to be overlapping rather than touching within the
 * rounding of the step that brought them together. */
#define C2D_MOVE_OVERLAP 1e-9

/* A motion v touching a surface of normal n slides along it when v . n is
 * no more against n than C2D_MOVE_ALONG |v| (far above the rounding of a
 * normal, a few ulps; far below any visible angle), and C2D_MOVE_PLACE ulps
 * of the position p it starts from (a motion is a goal less a position: at
 * the position's magnitude, each of those rounds by an ulp of it). */
#define C2D_MOVE_ALONG 0x1p-40
#define C2D_MOVE_PLACE 8
/* The World's moves: a shape whose box is not its own vertices' (a radius,
 * a turn, an arc) has it widened by this many ulps of its largest
 * coordinate, and at least this much, before its box can show two shapes
 * only touch. */
#define C2D_SURE_BOUNDS_ULPS 4
#define C2D_SURE_BOUNDS_LEAST 0x1p-1070
/* A touching point within this of a vertex of both shapes, relative to its
 * distance from the origin (at least 1), is a corner on a corner, whose
 * slide may go along either shape's edge. */
#define C2D_CORNER_NEAR 1e-9
/* The controller: a surface whose direction has no more than this part
 * across up is upright (a wall, never walked along), and a probe that asks
 * whether a shape rests on something reaches this much, relative to its
 * distance from the origin (at least 1): as short as the coordinates allow,
 * which an exact sweep still tells from no motion. */
#define C2D_UPRIGHT 1e-12
#define C2D_REST_PROBE 0x1p-40
/* bump.lua's margin for its "strictly inside" tests (its DELTA), which
 * collide2d.bump keeps to give the same answers. */
#define C2D_BUMP_DELTA 1e-10

/* c2d_world_push, with overlaps no deeper than allow times the shape's
 * distance from the origin (at least 1) taken for touches (0: none). The
 * controller's push, at the start of each move, leaves the rounding of the
 * move before (a slope walked along ends a few ulps into it). */
c2d_move_status c2d_world_push_past(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, double allow,
                                    c2d_vec *end);

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

/* Two POLY cores by GJK (n + m > 4): the squared distance with the closest
 * points, certified; 0 with a common point when they overlap beyond doubt;
 * -1 when GJK cannot tell beyond rounding (then c2d_core_d2's full search). */
double c2d_polygon_cores_d2(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb);

/* c2d_polygon_cores_d2, and on overlap *deep set when the origin lies more
 * than margin (>= 0) inside the Minkowski triangle that holds it, beyond the
 * rounding of its cross products: then the cores overlap whatever rounding
 * within margin moved their vertices. */
double c2d_polygon_cores_gjk(const body *a, const body *b, double margin, c2d_vec *pa, c2d_vec *pb, int *deep);

/* GJK's squared distance between two POLY cores apart (n + m > 4) and its
 * closest points, not certified: within the walk's convergence (1e-12 of
 * it) and rounding of the true one, where rounding may leave the certified
 * walk unsure (a touch within 1e-9). -1 where it finds no gap. For steps
 * that need the distance only to a tolerance (the turning sweep). */
double c2d_polygon_cores_near(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb);

/* c2d_core_d2 by the search over every pair of features (no GJK). */
double c2d_core_d2_full(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb);

/* c2d_core_d2_full over the boundary features alone, with no test of one
 * core holding the other: for a pair the exact decision finds apart, where
 * a sliver's sign tests (all within rounding of 0) may hold a point on its
 * line beyond its ends. */
double c2d_core_d2_features(const body *a, const body *b, double limit2, c2d_vec *pa, c2d_vec *pb);

#endif
