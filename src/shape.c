/*
 * Shapes: building them from numbers (with validation), a hull as a shape,
 * and the per-shape facts: bounding box, centroid, position, names. The
 * hull itself and the turn of three points are hull.c's; the bodies queries
 * read shapes in are body.c's.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "sort.h"
#include "tiles.h"

static const char *const kind_names[C2D_KIND_COUNT] = {
    "Point", "Segment", "Line", "Disk", "AABB", "Box", "Triangle", "Polygon", "Capsule", "Fan",
    "Concave", "Group", "Tiles"
};

/* How many numbers each constructor takes (Polygon: any even count, checked
 * apart; Concave and Group have constructors of their own). A Box, Triangle
 * or Polygon takes one more, its radius: the shape rounded by it. */
static const int kind_arity[C2D_KIND_COUNT] = { 2, 4, 4, 3, 4, 5, 6, -1, 5, 5, -1, -1, -1 };

const char *c2d_kind_name(c2d_kind kind)
{
    return (unsigned)kind < C2D_KIND_COUNT ? kind_names[kind] : "?";
}

const char *c2d_error_message(c2d_error err)
{
    switch (err) {
    case C2D_OK: return "ok";
    case C2D_ERR_COUNT: return "wrong number of numbers";
    case C2D_ERR_NONFINITE: return "must be finite";
    case C2D_ERR_NEGATIVE: return "must be >= 0";
    case C2D_ERR_OPENING: return "opening must be in [0, 2*pi]";
    case C2D_ERR_SAME_POINTS: return "line points must differ";
    case C2D_ERR_NONCONVEX: return "polygon is not convex (use c2d.concave for a concave outline)";
    case C2D_ERR_SCALE: return "scale must be finite and >= 0";
    case C2D_ERR_ROTATE_AABB: return "an AABB cannot rotate (use a Box)";
    case C2D_ERR_WIDE_FAN: return "contact is undefined for a fan opened beyond pi (not convex)";
    case C2D_ERR_LINE_SCALE: return "a Line cannot be scaled by 0";
    case C2D_ERR_SELF_CROSSING: return "the outline crosses or touches itself (not a simple polygon)";
    case C2D_ERR_MEMBER: return "a group member must be a bounded shape (not a Line)";
    case C2D_ERR_TILE_KIND: return "a tile kind must be 0 to 8 points within its tile, in convex order";
    case C2D_ERR_ROTATE_TILES: return "a tile layer cannot turn";
    case C2D_ERR_NO_MASS: return "a Line or a tile layer has no area to weigh";
    case C2D_ERR_ROUND: return "only a Box, Triangle or Polygon can be rounded";
    }
    return "unknown error";
}

void c2d_sincos(double angle, double *c, double *s)
{
    /* Snap near multiples of pi/2, where rounding would leave 6e-17 for 0. */
    double q = angle / (C2D_PI / 2);
    double k = floor(q + 0.5);
    if (fabs(q - k) <= c2d_ulps(C2D_SNAP, dmax(1.0, fabs(q)))) {
        long m = (long)fmod(k, 4.0);
        if (m < 0) m += 4;
        *c = m == 0 ? 1.0 : m == 2 ? -1.0 : 0.0;
        *s = m == 1 ? 1.0 : m == 3 ? -1.0 : 0.0;
        return;
    }
    c2d_raw_sincos(angle, c, s);
}


/* The quadrant of a nonzero direction, counter-clockwise from +x: each
 * half-axis belongs to the quadrant it starts. */
static int quadrant(c2d_vec e)
{
    if (e.x > 0 && e.y >= 0) return 0;
    if (e.x <= 0 && e.y > 0) return 1;
    if (e.x < 0 && e.y <= 0) return 2;
    return 3;
}

/* Does the boundary turn round once (not a convex outline walked twice).
 * The turns between edges, each within half a turn, sum to a whole number of
 * turns; counted in quarter turns: the quadrant boundaries each turn
 * crosses, the way it turns (across two, the side its cross product's sign
 * says, as atan2 would: a turn of exactly half a turn by the sign of zero). */
static int turns_once(const c2d_vec *v, int n)
{
    c2d_vec first = v2(0, 0), prev = v2(0, 0);
    int i, have = 0, quarters = 0;
    for (i = 0; i <= n; i++) {
        c2d_vec e = i < n ? vsub(v[c2d_next(i, n)], v[i]) : first;
        int dq;
        if (e.x == 0 && e.y == 0) continue;
        if (!have) {
            first = prev = e;
            have = 1;
            continue;
        }
        dq = (quadrant(e) - quadrant(prev) + 4) % 4;
        quarters += dq == 1 ? 1 : dq == 3 ? -1 : dq == 2 ? (signbit(vcross(prev, e)) ? -2 : 2) : 0;
        prev = e;
    }
    return abs(quarters) < 6;
}

/* Does the outline, wound as orient says, turn back on itself somewhere:
 * an edge followed by one more than a quarter turn the other way (a convex
 * outline only turns one way; within rounding, by a sliver of a turn). */
static int doubles_back(const c2d_vec *v, int n, int orient)
{
    c2d_vec prev = v2(0, 0);
    int k, have = 0;
    for (k = 0; k <= n; k++) { /* the first edge again at the end: the turn into it */
        c2d_vec e = vsub(v[c2d_next(k % n, n)], v[k % n]);
        if (e.x == 0 && e.y == 0) continue;
        if (have && vdot(prev, e) < 0 && vcross(prev, e) * orient <= 0) return 1;
        prev = e;
        have = 1;
    }
    return 0;
}

/* Is every vertex on the inner side of every edge line, within the
 * tolerance (for a flat list: on one line)? *out gets the farthest a vertex
 * stands outside an edge line (or off the line, for a flat list), measured
 * over them all whatever the answer, and *slack that or the length of an
 * edge no longer than rounding, if more. */
static int within_tolerance(const c2d_vec *v, int n, int orient, double *slack, double *out)
{
    int i, j, ok = 1;
    double tiny = c2d_rounding_length(v, n);
    *slack = *out = 0;
    if (orient == 0) {
        /* Zero area: convex when all the points lie on one line. */
        c2d_vec far = v[0], e;
        double best = 0, el;
        for (i = 1; i < n; i++) {
            double d = vlen2(vsub(v[i], v[0]));
            if (d > best) { best = d; far = v[i]; }
        }
        e = vsub(far, v[0]);
        el = vlen(e);
        for (i = 0; i < n && el > 0; i++) {
            c2d_vec w = vsub(v[i], v[0]);
            double c = fabs(vcross(e, w));
            if (c > C2D_CONVEX_TOLERANCE * el * vlen(w)) ok = 0;
            *out = dmax(*out, c / el);
        }
        *slack = *out;
        return ok;
    }
    for (i = 0; i < n; i++) {
        c2d_vec a = v[i], e = vsub(v[c2d_next(i, n)], a);
        double el = dmax(fabs(e.x), fabs(e.y)); /* no squares: a subnormal edge stays nonzero */
        if (el <= tiny) {
            /* Its direction is rounding: no edge; the polygon is convex only
             * up to this length, which queries allow for. */
            *slack = dmax(*slack, C2D_SQRT2 * el); /* el is the larger component: the length is at most sqrt 2 times it */
            continue;
        }
        el = vlen(e);
        for (j = 0; j < n; j++) {
            c2d_vec w = vsub(v[j], a);
            double c = vcross(e, w) * orient;
            if (!(c < 0)) continue; /* on the inner side (most vertices): no square root */
            if (c < -C2D_CONVEX_TOLERANCE * el * vlen(w)) ok = 0;
            *out = dmax(*out, -c / el);
        }
    }
    *slack = dmax(*slack, *out);
    return ok;
}

/* Are the vertices in convex order: within the tolerance, and (with an
 * area) turning once round. */
static int is_convex(const c2d_vec *v, int n, int orient, double *slack)
{
    double out;
    return within_tolerance(v, n, orient, slack, &out) && (orient == 0 || turns_once(v, n));
}

static int finite_all(const double *nums, int n, int *bad)
{
    int i;
    for (i = 0; i < n; i++)
        if (!isfinite(nums[i])) { *bad = i; return 0; }
    return 1;
}

/* Keep a Box's corners (counter-clockwise) current with its numbers. */
static void box_corners(c2d_shape *s)
{
    c2d_box_corners_at(s, v2(0, 0), s->corners);
    s->ccw = c2d_box_winds(s, s->corners) ? 1 : 0;
}

static int compute_bbox(const c2d_shape *s, c2d_bounds *out);

/* Cache the bounding box in the shape (a Line's is the whole plane). */
static void keep_bounds(c2d_shape *s)
{
    if (!compute_bbox(s, &s->bounds)) {
        s->bounds.minx = s->bounds.miny = -C2D_INF;
        s->bounds.maxx = s->bounds.maxy = C2D_INF;
    }
}

c2d_error c2d_make(c2d_shape *s, c2d_kind kind, const double *nums, int n,
                   c2d_vec *storage, int *bad)
{
    int i, rounded = 0;
    *bad = -1;
    if ((unsigned)kind >= C2D_KIND_COUNT || kind == C2D_CONCAVE || kind == C2D_GROUP || kind == C2D_TILES)
        return C2D_ERR_COUNT;
    if (kind == C2D_POLYGON) {
        if (n < 6 || n > 2 * C2D_MAX_VERTICES + 1) return C2D_ERR_COUNT;
        rounded = n % 2;
    } else if (n != kind_arity[kind]) {
        rounded = (kind == C2D_BOX || kind == C2D_TRIANGLE) && n == kind_arity[kind] + 1;
        if (!rounded) return C2D_ERR_COUNT;
    }
    if (!finite_all(nums, n, bad)) return C2D_ERR_NONFINITE;
    n -= rounded;
    if (rounded && nums[n] < 0) { *bad = n; return C2D_ERR_NEGATIVE; }

    memset(s, 0, sizeof *s);
    s->kind = kind;
    if (rounded) s->radius = nums[n];
    switch (kind) {
    case C2D_POINT:
        s->count = 1;
        s->p[0] = v2(nums[0], nums[1]);
        break;
    case C2D_SEGMENT:
    case C2D_LINE:
        s->count = 2;
        s->p[0] = v2(nums[0], nums[1]);
        s->p[1] = v2(nums[2], nums[3]);
        if (kind == C2D_LINE && veq(s->p[0], s->p[1])) return C2D_ERR_SAME_POINTS;
        break;
    case C2D_DISK:
        if (nums[2] < 0) { *bad = 2; return C2D_ERR_NEGATIVE; }
        s->count = 1;
        s->p[0] = v2(nums[0], nums[1]);
        s->radius = nums[2];
        break;
    case C2D_AABB:
    case C2D_BOX:
        if (nums[2] < 0) { *bad = 2; return C2D_ERR_NEGATIVE; }
        if (nums[3] < 0) { *bad = 3; return C2D_ERR_NEGATIVE; }
        s->p[0] = v2(nums[0], nums[1]);
        s->w = nums[2];
        s->h = nums[3];
        if (kind == C2D_AABB) {
            s->count = 2;
            s->p[1] = v2(nums[0] + nums[2], nums[1] + nums[3]);
            if (!isfinite(s->p[1].x)) { *bad = 2; return C2D_ERR_NONFINITE; }
            if (!isfinite(s->p[1].y)) { *bad = 3; return C2D_ERR_NONFINITE; }
            /* From the corners as stored: a size below the rounding of the position is flat. */
            s->ccw = (s->p[1].x > s->p[0].x && s->p[1].y > s->p[0].y) ? 1 : 0;
        } else {
            s->count = 4;
            s->angle = nums[4];
            c2d_sincos(s->angle, &s->cos_a, &s->sin_a);
            box_corners(s);
        }
        break;
    case C2D_TRIANGLE:
        s->count = 3;
        for (i = 0; i < 3; i++) s->p[i] = v2(nums[2 * i], nums[2 * i + 1]);
        s->ccw = c2d_sign(c2d_area2(s->p, 3));
        break;
    case C2D_POLYGON:
        s->count = n / 2;
        for (i = 0; i < s->count; i++) storage[i] = v2(nums[2 * i], nums[2 * i + 1]);
        s->verts = storage;
        s->p[0] = storage[0];
        s->ccw = c2d_sign(c2d_area2(storage, s->count));
        if (!is_convex(storage, s->count, s->ccw, &s->slack)) return C2D_ERR_NONCONVEX;
        /* Convex within rounding, but walked back and forth along a line
         * (to (46, 46), back to (21, 21), on to (25.75, 25.75), a few ulps
         * off the diagonal): its area is rounding, and the walk no outline.
         * It is the flat polygon along that line. */
        {
            double flat; /* (a test that fails leaves the slack as it was) */
            if (s->slack > 0 && s->ccw != 0 && doubles_back(storage, s->count, s->ccw) &&
                is_convex(storage, s->count, 0, &flat)) {
                s->ccw = 0;
                s->slack = flat;
            }
        }
        break;
    case C2D_CAPSULE:
        if (nums[4] < 0) { *bad = 4; return C2D_ERR_NEGATIVE; }
        s->count = 2;
        s->p[0] = v2(nums[0], nums[1]);
        s->p[1] = v2(nums[2], nums[3]);
        s->radius = nums[4];
        break;
    case C2D_FAN:
        if (nums[2] < 0) { *bad = 2; return C2D_ERR_NEGATIVE; }
        if (nums[4] < 0 || nums[4] > 2 * C2D_PI + C2D_FULL_TURN) { *bad = 4; return C2D_ERR_OPENING; }
        s->count = 1;
        s->p[0] = v2(nums[0], nums[1]);
        s->radius = nums[2];
        s->angle = nums[3];
        s->opening = nums[4];
        c2d_sincos(s->angle, &s->cos_a, &s->sin_a);
        c2d_sincos(s->opening / 2, &s->cos_h, &s->sin_h);
        break;
    default:
        return C2D_ERR_COUNT;
    }
    keep_bounds(s);
    if (rounded && !(c2d_bounds_magnitude(&s->bounds) <= DBL_MAX)) { *bad = n; return C2D_ERR_NONFINITE; }
    return C2D_OK;
}

/*
 * A move without the constructor. A moved shape must be exactly the shape
 * c2d_make builds from the moved numbers; a move changes only the points
 * among them, so what c2d_make would check or compute from the rest (the
 * lengths' signs, the openings, the cos and sin of the angles) is already in
 * the shape, and only what depends on the points is computed here, by the
 * same code c2d_make runs. The points are those of c2d_numbers, moved: pts[i]
 * is the i-th point (the first m of them).
 *
 * A Polygon's convexity check (and its slack, its winding) reads only the
 * differences of its vertices and, for its shortest edges, a rounding length
 * from its largest coordinate. When every vertex moved by exactly (dx, dy)
 * (no rounding in any sum) the differences are the same doubles, and when no
 * edge crosses the rounding length as it changes, the check gives the same
 * answer: then the vertices are moved and the rest kept. Otherwise (a move
 * that rounds) c2d_make decides; c2d_move_polygon returns -1 for that.
 */
c2d_error c2d_make_moved(c2d_shape *s, const c2d_vec *pts)
{
    c2d_vec p1;
    int i, m;
    switch (s->kind) {
    case C2D_POINT: case C2D_DISK: case C2D_BOX: case C2D_FAN: case C2D_AABB: m = 1; break;
    case C2D_SEGMENT: case C2D_LINE: case C2D_CAPSULE: m = 2; break;
    case C2D_TRIANGLE: m = 3; break;
    default: return C2D_ERR_COUNT;
    }
    for (i = 0; i < m; i++)
        if (!isfinite(pts[i].x) || !isfinite(pts[i].y)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_LINE && veq(pts[0], pts[1])) return C2D_ERR_SAME_POINTS;
    switch (s->kind) {
    case C2D_POINT: case C2D_DISK: case C2D_FAN:
        s->p[0] = pts[0];
        break;
    case C2D_SEGMENT: case C2D_LINE: case C2D_CAPSULE:
        s->p[0] = pts[0];
        s->p[1] = pts[1];
        break;
    case C2D_AABB:
        p1 = v2(pts[0].x + s->w, pts[0].y + s->h);
        if (!isfinite(p1.x) || !isfinite(p1.y)) return C2D_ERR_NONFINITE;
        s->p[0] = pts[0];
        s->p[1] = p1;
        s->ccw = (s->p[1].x > s->p[0].x && s->p[1].y > s->p[0].y) ? 1 : 0;
        break;
    case C2D_BOX:
        s->p[0] = pts[0];
        box_corners(s);
        break;
    default: /* C2D_TRIANGLE */
        s->p[0] = pts[0];
        s->p[1] = pts[1];
        s->p[2] = pts[2];
        s->ccw = c2d_sign(c2d_area2(s->p, 3));
        break;
    }
    keep_bounds(s);
    return C2D_OK;
}

/* Is a + b the double s without rounding (s = a + b rounded). */
static int exact_sum(double a, double b, double s)
{
    double bb = s - a;
    return (a - (s - bb)) + (b - bb) == 0;
}

int c2d_move_polygon(c2d_shape *s, double dx, double dy)
{
    c2d_vec *v = (c2d_vec *)s->verts; /* the caller's storage, writable by contract */
    double m0 = 0, m1 = 0, tiny0, tiny1;
    int i, n = s->count;
    if (n < 3) return -1;
    for (i = 0; i < n; i++) {
        double x = v[i].x + dx, y = v[i].y + dy;
        if (!isfinite(x) || !isfinite(y)) return C2D_ERR_NONFINITE;
        if (!exact_sum(v[i].x, dx, x) || !exact_sum(v[i].y, dy, y)) return -1;
        m0 = dmax(m0, dmax(fabs(v[i].x), fabs(v[i].y)));
        m1 = dmax(m1, dmax(fabs(x), fabs(y)));
    }
    /* As c2d_rounding_length computes it, before and after. */
    tiny0 = c2d_ulps(C2D_POINT_ROUNDING, m0);
    tiny1 = c2d_ulps(C2D_POINT_ROUNDING, m1);
    if (tiny0 != tiny1 && s->ccw != 0)
        for (i = 0; i < n; i++) {
            c2d_vec e = vsub(v[c2d_next(i, n)], v[i]);
            double el = dmax(fabs(e.x), fabs(e.y));
            if ((el <= tiny0) != (el <= tiny1)) return -1;
        }
    for (i = 0; i < n; i++) v[i] = v2(v[i].x + dx, v[i].y + dy);
    s->p[0] = v[0];
    keep_bounds(s);
    return C2D_OK;
}

c2d_error c2d_move_within_rounding(c2d_shape *s, const double *nums)
{
    c2d_vec *v = (c2d_vec *)s->verts; /* the caller's storage, writable by contract */
    c2d_vec w[C2D_MAX_VERTICES];
    double allow, out, slack;
    int i, n = s->count, orient;
    if (s->kind != C2D_POLYGON || n < 3 || n > C2D_MAX_VERTICES) return C2D_ERR_NONCONVEX;
    for (i = 0; i < n; i++) w[i] = v2(nums[2 * i], nums[2 * i + 1]);
    allow = s->slack + c2d_rounding_length(w, n);
    orient = c2d_sign(c2d_area2(w, n));
    /* a sliver whose winding rounding flipped or undid: flat, if it is within the allowance */
    if (orient != s->ccw) orient = 0;
    within_tolerance(w, n, orient, &slack, &out); /* (how far they stand out, whatever the tolerance says) */
    if (!(out <= allow) || (orient != 0 && !turns_once(w, n))) return C2D_ERR_NONCONVEX;
    for (i = 0; i < n; i++) v[i] = w[i];
    s->ccw = orient;
    s->slack = dmax(s->slack, slack);
    s->p[0] = v[0];
    keep_bounds(s);
    return C2D_OK;
}

c2d_error c2d_make_hull(c2d_shape *s, c2d_vec *pts, int n, c2d_vec *storage)
{
    int k, i;
    if (n < 1) return C2D_ERR_COUNT;
    for (i = 0; i < n; i++)
        if (!isfinite(pts[i].x) || !isfinite(pts[i].y)) return C2D_ERR_NONFINITE;
    k = c2d_hull(pts, n, storage);
    if (k > C2D_MAX_VERTICES) return C2D_ERR_COUNT;
    memset(s, 0, sizeof *s);
    s->kind = C2D_POLYGON;
    s->count = k;
    s->verts = storage;
    s->p[0] = storage[0];
    /* The chain keeps only left turns: counter-clockwise, even where the
     * area's products underflow (a sliver 1e-323 wide). */
    s->ccw = k >= 3 ? 1 : 0;
    is_convex(storage, k, s->ccw, &s->slack);
    keep_bounds(s);
    return C2D_OK;
}

c2d_error c2d_round(c2d_shape *s, double r)
{
    c2d_bounds was = s->bounds;
    double old = s->radius;
    if (s->kind != C2D_BOX && s->kind != C2D_TRIANGLE && s->kind != C2D_POLYGON) return C2D_ERR_ROUND;
    if (!isfinite(r)) return C2D_ERR_NONFINITE;
    if (r < 0) return C2D_ERR_NEGATIVE;
    s->radius = r;
    keep_bounds(s);
    if (!isfinite(s->bounds.minx) || !isfinite(s->bounds.miny) || !isfinite(s->bounds.maxx) ||
        !isfinite(s->bounds.maxy)) {
        s->radius = old;
        s->bounds = was;
        return C2D_ERR_NONFINITE;
    }
    return C2D_OK;
}

int c2d_numbers(const c2d_shape *s, double *out)
{
    int i, n = 0;
    switch (s->kind) {
    case C2D_POLYGON:
        for (i = 0; i < s->count; i++) { out[n++] = s->verts[i].x; out[n++] = s->verts[i].y; }
        if (s->radius > 0) out[n++] = s->radius;
        return n;
    case C2D_CONCAVE:
    case C2D_GROUP:
        return 0;
    case C2D_TILES:
        out[n++] = s->p[0].x; out[n++] = s->p[0].y; out[n++] = s->w; out[n++] = s->h;
        return n;
    case C2D_AABB:
    case C2D_BOX:
        out[n++] = s->p[0].x; out[n++] = s->p[0].y; out[n++] = s->w; out[n++] = s->h;
        if (s->kind == C2D_BOX) out[n++] = s->angle;
        if (s->radius > 0) out[n++] = s->radius;
        return n;
    default:
        for (i = 0; i < s->count && i < 3; i++) { out[n++] = s->p[i].x; out[n++] = s->p[i].y; }
        if (s->kind == C2D_DISK || s->kind == C2D_CAPSULE || s->kind == C2D_FAN ||
            (s->kind == C2D_TRIANGLE && s->radius > 0))
            out[n++] = s->radius;
        if (s->kind == C2D_FAN) { out[n++] = s->angle; out[n++] = s->opening; }
        return n;
    }
}

void c2d_aabb_corners(const c2d_shape *s, c2d_vec *out)
{
    out[0] = s->p[0];
    out[1] = v2(s->p[1].x, s->p[0].y);
    out[2] = s->p[1];
    out[3] = v2(s->p[0].x, s->p[1].y);
}

/* The vertices of a shape with a polygonal core (n of them), in absolute
 * coordinates: its own, or an AABB's corners made in room (4). */
static const c2d_vec *core_vertices(const c2d_shape *s, c2d_vec *room, int *n)
{
    switch (s->kind) {
    case C2D_AABB:
        c2d_aabb_corners(s, room);
        *n = 4;
        return room;
    case C2D_BOX:
        *n = 4;
        return s->corners;
    case C2D_POLYGON:
        *n = s->count;
        return s->verts;
    default:
        *n = s->count;
        return s->p;
    }
}

int c2d_bbox(const c2d_shape *s, c2d_bounds *out)
{
    if (s->kind == C2D_LINE) return 0;
    *out = s->bounds;
    return 1;
}

/* The bounding box from the shape's numbers. */
void c2d_points_bounds(const c2d_vec *v, int n, c2d_bounds *out)
{
    int i;
    out->minx = out->maxx = v[0].x;
    out->miny = out->maxy = v[0].y;
    for (i = 1; i < n; i++) {
        out->minx = dmin(out->minx, v[i].x);
        out->maxx = dmax(out->maxx, v[i].x);
        out->miny = dmin(out->miny, v[i].y);
        out->maxy = dmax(out->maxy, v[i].y);
    }
}

static int compute_bbox(const c2d_shape *s, c2d_bounds *out)
{
    c2d_vec room[4];
    const c2d_vec *v;
    double r = s->radius;
    int i, n;
    if (s->kind == C2D_LINE) return 0;
    if (s->kind == C2D_FAN) {
        body f;
        c2d_vec c = s->p[0], p1, p2, o = v2(0, 0);
        double slack;
        c2d_body_core(&f, s, &o);
        if (f.type == BODY_POLY) {
            out->minx = out->maxx = c.x;
            out->miny = out->maxy = c.y;
            for (i = 0; i < f.n; i++) {
                out->minx = dmin(out->minx, c2d_bv(&f, i).x - f.r);
                out->maxx = dmax(out->maxx, c2d_bv(&f, i).x + f.r);
                out->miny = dmin(out->miny, c2d_bv(&f, i).y - f.r);
                out->maxy = dmax(out->maxy, c2d_bv(&f, i).y + f.r);
            }
            return 1;
        }
        /* The apex, the arc's ends, and each axis extreme the wedge takes in. */
        p1 = vadd(c, vscale(f.own.fan.e1, r));
        p2 = vadd(c, vscale(f.own.fan.e2, r));
        out->minx = dmin(c.x, dmin(p1.x, p2.x));
        out->maxx = dmax(c.x, dmax(p1.x, p2.x));
        out->miny = dmin(c.y, dmin(p1.y, p2.y));
        out->maxy = dmax(c.y, dmax(p1.y, p2.y));
        if (c2d_in_wedge(&f, v2(1, 0))) out->maxx = c.x + r;
        if (c2d_in_wedge(&f, v2(-1, 0))) out->minx = c.x - r;
        if (c2d_in_wedge(&f, v2(0, 1))) out->maxy = c.y + r;
        if (c2d_in_wedge(&f, v2(0, -1))) out->miny = c.y - r;
        /* The arc ends carry rounding from cos/sin (a few ulps), and points
         * within the edge tolerance count as on the fan: widen by both. */
        slack = c2d_ulps(C2D_TRIG_ROUNDING, r + fabs(c.x) + fabs(c.y)) + 2 * C2D_ANGLE_TOLERANCE * r;
        out->minx -= slack; out->miny -= slack; out->maxx += slack; out->maxy += slack;
        return 1;
    }
    v = core_vertices(s, room, &n);
    c2d_points_bounds(v, n, out);
    out->minx -= r; out->miny -= r; out->maxx += r; out->maxy += r;
    return 1;
}

/* The centroid of a convex vertex list: by area, or of the segment it spans when flat. */
static c2d_vec polygon_centroid(const c2d_vec *v, int n)
{
    c2d_vec o = v[0], acc = v2(0, 0), lo = v[0], hi = v[0];
    double a = 0;
    int i;
    for (i = 1; i + 1 < n; i++) {
        c2d_vec p = vsub(v[i], o), q = vsub(v[i + 1], o);
        double t = vcross(p, q);
        a += t;
        acc = vadd(acc, vscale(vadd(p, q), t));
    }
    for (i = 1; i < n; i++) {
        if (c2d_point_order(&v[i], &lo) < 0) lo = v[i];
        if (c2d_point_order(&v[i], &hi) > 0) hi = v[i];
    }
    if (a != 0) {
        /* An area that is only rounding gives a point anywhere: then the
         * polygon is flat, and its centroid the middle of the segment. */
        c2d_vec c = vadd(o, vscale(acc, 1.0 / (3.0 * a)));
        double x0 = v[0].x, x1 = v[0].x, y0 = v[0].y, y1 = v[0].y;
        for (i = 1; i < n; i++) {
            x0 = dmin(x0, v[i].x); x1 = dmax(x1, v[i].x);
            y0 = dmin(y0, v[i].y); y1 = dmax(y1, v[i].y);
        }
        if (c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1) return c;
    }
    return vlerp(lo, hi, 0.5);
}

/* The area centroid of a rounded Triangle or Polygon (its core grown by the
 * radius: not its core's), which lies in its box like every centroid. */
static c2d_vec rounded_centroid(const c2d_shape *s)
{
    c2d_mass_result m;
    c2d_vec c;
    if (c2d_mass(s, &m) != C2D_OK) return s->p[0];
    c = m.centroid;
    c.x = dmin(dmax(c.x, s->bounds.minx), s->bounds.maxx);
    c.y = dmin(dmax(c.y, s->bounds.miny), s->bounds.maxy);
    return c;
}

c2d_vec c2d_leaf_center(const c2d_shape *s)
{
    switch (s->kind) {
    case C2D_POINT:
    case C2D_DISK:
    case C2D_BOX:
        return s->p[0];
    case C2D_SEGMENT:
    case C2D_LINE:
    case C2D_AABB:
    case C2D_CAPSULE:
        return vlerp(s->p[0], s->p[1], 0.5);
    case C2D_TRIANGLE:
        if (s->radius > 0) return rounded_centroid(s);
        if (s->ccw != 0)
            return v2((s->p[0].x + s->p[1].x + s->p[2].x) / 3, (s->p[0].y + s->p[1].y + s->p[2].y) / 3);
        return polygon_centroid(s->p, 3);
    case C2D_POLYGON:
        if (s->radius > 0) return rounded_centroid(s);
        return polygon_centroid(s->verts, s->count);
    case C2D_FAN: {
        /* A sector of half-angle a has its centroid 2 r sin(a) / (3 a) along the bisector. */
        double a = s->opening / 2, k;
        if (s->opening >= 2 * C2D_PI - C2D_FULL_TURN) k = 0;
        else if (a == 0) k = s->radius / 2;
        else k = 2 * s->radius * s->sin_h / (3 * a);
        return v2(s->p[0].x + k * s->cos_a, s->p[0].y + k * s->sin_a);
    }
    default:
        return s->p[0];
    }
}

c2d_vec c2d_center(const c2d_shape *s)
{
    if (s->kind == C2D_TILES) return c2d_tiles_center(s);
    return c2d_is_compound(s) ? c2d_compound_center(s) : c2d_leaf_center(s);
}

c2d_vec c2d_position(const c2d_shape *s)
{
    return s->p[0];
}

/* Points from angle a0 to a1 on the circle (c, r), count of them, ends included. */
static int arc_points(c2d_vec c, double r, double a0, double a1, int count, c2d_vec *out, int room)
{
    int i, n = 0;
    for (i = 0; i < count && n < room; i++) {
        double a = count > 1 ? a0 + (a1 - a0) * i / (count - 1) : a0, cs, sn;
        c2d_sincos(a, &cs, &sn);
        out[n++] = v2(c.x + r * cs, c.y + r * sn);
    }
    return n;
}

int c2d_round_core(const c2d_shape *s, c2d_vec *out)
{
    c2d_vec room[4];
    int n, i, k = 0;
    const c2d_vec *v = core_vertices(s, room, &n);
    if (s->ccw == 0 || n < 3) {
        /* flat: the two points farthest apart in the order of x, then y,
         * are its ends (all lie on one line) */
        c2d_vec lo = v[0], hi = v[0];
        for (i = 1; i < n; i++) {
            if (c2d_point_order(&v[i], &lo) < 0) lo = v[i];
            if (c2d_point_order(&v[i], &hi) > 0) hi = v[i];
        }
        out[0] = lo;
        out[1] = hi;
        return veq(lo, hi) ? 1 : 2;
    }
    for (i = 0; i < n; i++) {
        c2d_vec p = v[s->ccw > 0 ? i : n - 1 - i];
        if (k == 0 || !veq(p, out[k - 1])) out[k++] = p;
    }
    while (k > 1 && veq(out[k - 1], out[0])) k--;
    return k;
}

/* The arc of radius r round c from outward normal n0 to n1 (turning
 * counter-clockwise): its points, its share of `segments` to a full turn
 * (both ends; one point where the normals agree). */
static int corner_arc(c2d_vec c, double r, c2d_vec n0, c2d_vec n1, int segments, c2d_vec *out, int room)
{
    double a0 = c2d_atan2(n0.y, n0.x), turn = c2d_atan2(vcross(n0, n1), vdot(n0, n1));
    if (turn < 0 || (turn == 0 && vdot(n0, n1) < 0)) turn += 2 * C2D_PI; /* (a flat core's end: half a turn) */
    if (turn == 0) {
        if (room < 1) return 0;
        out[0] = vadd(c, vscale(n0, r));
        return 1;
    }
    return arc_points(c, r, a0, a0 + turn, (int)ceil(segments * turn / (2 * C2D_PI)) + 1, out, room);
}

/* The outline of a rounded Box, Triangle or Polygon: each edge moved out by
 * the radius, joined by arcs round the vertices. Where room is short of
 * that (segments + 2 n points at most), the arcs take fewer points, down to
 * one at each arc's middle: a coarser outline, still on the shape's rim. */
static int rounded_outline(const c2d_shape *s, int segments, c2d_vec *out, int room)
{
    c2d_vec v[C2D_MAX_VERTICES], nrm[C2D_MAX_VERTICES];
    int n = c2d_round_core(s, v), i, k = 0;
    if (n == 1) {
        if (segments > room) segments = room < 3 ? 3 : room;
        return arc_points(v[0], s->radius, 0, 2 * C2D_PI * (segments - 1) / segments, segments, out, room);
    }
    for (i = 0; i < n; i++) {
        c2d_vec e = vsub(v[c2d_next(i, n)], v[i]);
        nrm[i] = vunit(v2(e.y, -e.x)); /* outward: counter-clockwise vertices */
    }
    if (segments + 2 * n > room && room - 2 * n >= 3) segments = room - 2 * n;
    for (i = 0; i < n && k < room; i++) {
        c2d_vec n0 = nrm[(i + n - 1) % n], n1 = nrm[i];
        if (segments + 2 * n > room) {
            c2d_vec mid = vunit(vadd(n0, n1)); /* (half a turn, a flat core's end: across) */
            if (mid.x == 0 && mid.y == 0) mid = v2(-n0.y, n0.x);
            out[k++] = vadd(v[i], vscale(mid, s->radius));
        } else {
            k += corner_arc(v[i], s->radius, n0, n1, segments, out + k, room - k);
        }
    }
    return k;
}

int c2d_outline(const c2d_shape *s, int segments, c2d_vec *out, int room)
{
    c2d_vec corners[4];
    const c2d_vec *v;
    int n, i;
    if (segments < 3) segments = 3;
    if (room <= 0) return 0;
    if (c2d_is_rounded(s))
        return rounded_outline(s, segments, out, room);
    switch (s->kind) {
    case C2D_DISK:
        if (s->radius == 0) break;
        return arc_points(s->p[0], s->radius, 0, 2 * C2D_PI * (segments - 1) / segments, segments, out, room);
    case C2D_CAPSULE: {
        c2d_vec d = vsub(s->p[1], s->p[0]);
        double a = c2d_atan2(d.y, d.x), half = C2D_PI / 2;
        int k = segments / 2 + 1;
        if (s->radius == 0) break;
        n = arc_points(s->p[1], s->radius, a - half, a + half, k, out, room);
        return n + arc_points(s->p[0], s->radius, a + half, a + 3 * half, k, out + n, room - n);
    }
    case C2D_FAN: {
        double h = s->opening / 2;
        int k = (int)ceil(segments * s->opening / (2 * C2D_PI)) + 1;
        if (s->radius == 0) break;
        if (s->opening >= 2 * C2D_PI - C2D_FULL_TURN)
            return arc_points(s->p[0], s->radius, 0, 2 * C2D_PI * (segments - 1) / segments, segments, out, room);
        out[0] = s->p[0];
        return 1 + arc_points(s->p[0], s->radius, s->angle - h, s->angle + h, k < 2 ? 2 : k, out + 1, room - 1);
    }
    case C2D_CONCAVE:
        for (i = 0; i < s->count && i < room; i++) out[i] = s->verts[i];
        return i;
    case C2D_GROUP:
    case C2D_TILES:
        return 0;
    default:
        v = core_vertices(s, corners, &n);
        for (i = 0; i < n && i < room; i++) out[i] = v[i];
        return i;
    }
    out[0] = s->p[0];
    return 1;
}
