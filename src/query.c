/*
 * The pair queries: hits, distance, contains.
 *
 * A pair is always computed in one canonical order (by kind, then by the
 * shapes' numbers), in the frame of the first shape's position; the mirrored
 * call swaps its arguments and its answer. So a:hits(b) == b:hits(a) holds to
 * the bit, and the distances agree exactly.
 */
#include <float.h>
#include <string.h>
#include "hits.h"
#include "tiles.h"
#include "gjk.h"
#include "convex.h"

static int cmp_d(double a, double b) { return (a > b) - (a < b); }

static int cmp_v(c2d_vec a, c2d_vec b)
{
    int c = cmp_d(a.x, b.x);
    return c ? c : cmp_d(a.y, b.y);
}

/* A total order on shapes: kind first, then their numbers. */
int c2d_shape_order(const c2d_shape *a, const c2d_shape *b)
{
    int c, i;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    for (i = 0; i < 3; i++)
        if ((c = cmp_v(a->p[i], b->p[i])) != 0) return c;
    if ((c = cmp_d(a->radius, b->radius)) != 0) return c;
    if ((c = cmp_d(a->w, b->w)) != 0) return c;
    if ((c = cmp_d(a->h, b->h)) != 0) return c;
    if ((c = cmp_d(a->angle, b->angle)) != 0) return c;
    if ((c = cmp_d(a->opening, b->opening)) != 0) return c;
    if (a->kind == C2D_POLYGON || a->kind == C2D_CONCAVE) {
        if (a->count != b->count) return a->count < b->count ? -1 : 1;
        for (i = 0; i < a->count; i++)
            if ((c = cmp_v(a->verts[i], b->verts[i])) != 0) return c;
    }
    if (a->kind == C2D_GROUP) {
        if (a->count != b->count) return a->count < b->count ? -1 : 1;
        for (i = 0; i < a->count; i++)
            if ((c = c2d_shape_order(&a->pieces[i], &b->pieces[i])) != 0) return c;
    }
    if (a->kind == C2D_TILES) return c2d_tiles_order(a, b);
    return 0;
}

static double body_radius(const body *b)
{
    return b->type == BODY_POLY ? b->r : 0;
}

/* A disk (radius 0 for a point) given directly by centre and radius. */
static int round_kind(c2d_kind k) { return k == C2D_POINT || k == C2D_DISK; }

/*
 * Are a Polygon's vertices convex exactly: every turn (between distinct
 * vertices) to the side of orient or straight on, and the edges winding
 * once (their directions cross from the upper half-plane to the lower and
 * back at most once each; a reversal or a second winding crosses more). The
 * constructor's test is rounded, and leaves slack where it cannot tell (an
 * edge shorter than the rounding of the coordinates, a turn below it):
 * such a Polygon may still be convex exactly, and is then decided as one.
 */
static C2D_NOINLINE int exactly_convex(const c2d_vec *v, int n, int orient)
{
    c2d_vec prev = v[n - 1], e;
    int i, k, up, first_up = -1, last_up = -1, flips = 0;
    for (k = n - 1; k > 0 && v[k].x == v[0].x && v[k].y == v[0].y; k--) {}
    prev = v[k];
    for (i = 0; i < n; i++) {
        int j = c2d_next(i, n);
        if (v[j].x == v[i].x && v[j].y == v[i].y) continue;
        /* the turn prev -> v[i] -> v[j] (prev the last vertex before v[i] unlike it) */
        if (c2d_orient_exact(prev, v[i], v[j]) * orient < 0) return 0;
        e = vsub(v[j], v[i]); /* (a rounded difference keeps the exact one's signs) */
        up = e.y > 0 || (e.y == 0 && e.x > 0);
        if (first_up < 0) first_up = up;
        else if (up != last_up) flips++;
        last_up = up;
        prev = v[i];
    }
    if (first_up >= 0 && last_up != first_up) flips++;
    return flips <= 2;
}

/* The vertices of a shape whose core is a convex polygon with an interior, or
 * NULL; an AABB's go to room. */
static const c2d_vec *solid_vertices(const c2d_shape *s, int *n, c2d_vec *room)
{
    if (s->ccw == 0 || s->radius > 0) return NULL; /* (rounded: the general path grows the core) */
    switch (s->kind) {
    case C2D_AABB:
        c2d_aabb_corners(s, room);
        *n = 4;
        return room;
    case C2D_TRIANGLE: *n = 3; return s->p;
    case C2D_BOX:
        /* A turned box carries rounding: the general path allows for it. */
        if (s->cos_a != 0 && s->sin_a != 0) return NULL;
        *n = 4;
        return s->corners;
    case C2D_POLYGON:
        /* convex only within rounding: the general path allows for it */
        if (s->slack > 0 && !exactly_convex(s->verts, s->count, s->ccw)) return NULL;
        *n = s->count;
        return s->verts;
    default: return NULL;
    }
}

/*
 * Disk (or point) against a convex polygon with an interior (vertices v,
 * orientation +1 or -1): the centre inside or on every edge line, or within
 * r of an edge it lies strictly outside the line of (a convex polygon's
 * point nearest an outside centre lies on such an edge). Exact for the
 * doubles given (numbers within C2D_FILTER_HI): the sides are exact signs
 * and the distances exact comparisons, on the shapes' own numbers.
 */
/* disk_hits_convex on exact predicates alone. */
static C2D_NOINLINE int disk_hits_convex_exact(c2d_vec c, double r, const c2d_vec *v, int n, int orient)
{
    int i, inside = 1, within = 0;
    for (i = 0; i < n; i++) {
        int j = c2d_next(i, n), side = c2d_orient_exact(v[i], v[j], c) * orient;
        if (side < 0) {
            inside = 0;
            if (r > 0 && c2d_within_exact(c, v[i], v[j], r, 0)) return 1;
        } else if (side > 0) {
            within = 1;
        }
    }
    if (inside && within) return 1;
    if (!inside) return 0;
    for (i = 0; i < n; i++)
        if (c2d_within_exact(c, v[i], v[c2d_next(i, n)], r, 0)) return 1;
    return 0;
}

static int disk_hits_convex(c2d_vec c, double r, const c2d_vec *v, int n, int orient)
{
    /* The vertices less the centre, each rounded once, as the filters
     * need (the turn a -> b -> c is (a - c) x (b - c)); an edge, v[j] - v[i]
     * rounded once, is within 2.01 times the largest. */
    double r2 = r * r, m = 0, m2;
    int i, inside = 1, within = 0, unsure = 0;
    for (i = 0; i < n; i++) m = dmax(m, dmax(fabs(v[i].x - c.x), fabs(v[i].y - c.y)));
    m2 = c2d_filter_m2(2.01 * m);
    for (i = 0; i < n; i++) {
        int j = c2d_next(i, n), side, k;
        c2d_vec wi = vsub(v[i], c);
        side = c2d_cross_filter(wi, vsub(v[j], c), m2) * orient;
        if (side < 0) {
            inside = 0;
            if (r > 0) {
                k = c2d_pt_seg_filter(vsub(v[j], v[i]), vscale(wi, -1), r2, m2, c, v[j]);
                if (k > 0) return 1;
                unsure |= k < 0;
            }
        } else if (side > 0) {
            within = 1;
        } else {
            unsure = 1;
        }
    }
    if (unsure) return disk_hits_convex_exact(c, r, v, n, orient);
    if (inside && within) return 1;
    if (!inside) return 0;
    return disk_hits_convex_exact(c, r, v, n, orient); /* on every edge line: flat after all */
}

/* A point, segment, disk or capsule: a core of one or two points. */
static int segment_kind(c2d_kind k)
{
    return k == C2D_POINT || k == C2D_SEGMENT || k == C2D_DISK || k == C2D_CAPSULE;
}

/*
 * Disk (or point) against a fan that is a true sector, in the disk's frame:
 * the centre inside (within the radius and the half-angle), or within r of an
 * edge, or of the arc (in the wedge and within the fan's radius plus r).
 */
static C2D_NOINLINE int disk_hits_fan(const c2d_shape *d, const c2d_shape *fan)
{
    body f;
    c2d_vec o = d->p[0], v, tip1, tip2;
    double rr;
    c2d_body(&f, fan, &o);
    v = vscale(c2d_bv(&f, 0), -1);
    if (!c2d_in_wedge(&f, v)) {
        tip1 = vadd(c2d_bv(&f, 0), vscale(f.own.fan.e1, f.r));
        tip2 = vadd(c2d_bv(&f, 0), vscale(f.own.fan.e2, f.r));
        return c2d_pt_seg_within(v2(0, 0), c2d_bv(&f, 0), tip1, d->radius, f.tol) ||
               c2d_pt_seg_within(v2(0, 0), c2d_bv(&f, 0), tip2, d->radius, f.tol);
    }
    rr = f.r + d->radius + f.tol;
    return vlen2(v) <= rr * rr;
}

/* Is c within r of an AABB: its nearest point is c clamped to the box (an
 * exact choice of doubles), and the distance to it an exact comparison. */
static inline int round_hits_aabb(c2d_vec c, double r, const c2d_shape *box)
{
    c2d_vec q;
    q.x = c.x < box->p[0].x ? box->p[0].x : c.x > box->p[1].x ? box->p[1].x : c.x;
    q.y = c.y < box->p[0].y ? box->p[0].y : c.y > box->p[1].y ? box->p[1].y : c.y;
    return c2d_pt_pt_within(c, q, r, 0);
}

/* A point, segment, disk or capsule against a Line: its core's ends
 * strictly either side of the line, or one within the radius of it (exact
 * signs and comparisons on the shapes' own numbers). */
static int core_hits_line(const c2d_shape *o, const c2d_shape *l)
{
    c2d_vec p0 = o->p[0], p1 = o->p[o->count - 1], a = l->p[0], b = l->p[1];
    if (!veq(p0, p1) && c2d_orient_sign(a, b, p0) * c2d_orient_sign(a, b, p1) < 0) return 1;
    return c2d_pt_line_within(p0, a, b, o->radius, 0) || c2d_pt_line_within(p1, a, b, o->radius, 0);
}

/* A Segment or Capsule against a convex polygon with an interior: an end of
 * its core within the radius of the polygon, or its core within the radius
 * of an edge (a core that crosses the polygon crosses an edge; the nearest
 * points of a core apart from it are an end and the polygon, or the core and
 * an edge). Exact as those tests are. */
static int core_hits_convex(const c2d_shape *o, const c2d_vec *v, int n, int orient)
{
    c2d_vec p0 = o->p[0], p1 = o->p[o->count - 1];
    int i;
    if (disk_hits_convex(p0, o->radius, v, n, orient) || disk_hits_convex(p1, o->radius, v, n, orient)) return 1;
    if (veq(p0, p1)) return 0;
    for (i = 0; i < n; i++)
        if (c2d_segments_within(p0, p1, v[i], v[c2d_next(i, n)], o->radius, 0)) return 1;
    return 0;
}

/* A Line against a convex polygon: unless every vertex lies strictly on one
 * side of it (exact signs). */
static int line_hits_convex(const c2d_shape *l, const c2d_vec *v, int n)
{
    int i, below = 0, above = 0;
    for (i = 0; i < n; i++) {
        int s = c2d_orient_sign(l->p[0], l->p[1], v[i]);
        below |= s <= 0;
        above |= s >= 0;
    }
    return below && above;
}

/* Two Lines meet unless parallel and apart: their directions' cross product
 * not 0 (filtered, else exact), or the second's point on the first. Exact for
 * any finite doubles. */
static int lines_meet(const c2d_shape *a, const c2d_shape *b)
{
    c2d_vec e = vsub(a->p[1], a->p[0]), f = vsub(b->p[1], b->p[0]);
    double m = c2d_max_comp3(e, f, f);
    if (m <= C2D_FILTER_HI && c2d_cross_filter(e, f, c2d_filter_m2(m)) != 0) return 1;
    if (c2d_cross2_exact(a->p[0], a->p[1], b->p[0], b->p[1]) != 0) return 1;
    return c2d_orient_exact(a->p[0], a->p[1], b->p[0]) == 0;
}

/* Is s a Polygon of one or two points: a point (a disk, rounded) or a
 * segment (a capsule), as a hull of equal or collinear points gives. */
static int few_points(const c2d_shape *s) { return s->kind == C2D_POLYGON && s->count < 3; }

/* The kind a Polygon of one or two points is the same set as; any other
 * shape's own kind. */
static c2d_kind simple_kind(const c2d_shape *s)
{
    if (!few_points(s)) return s->kind;
    if (s->count == 1) return s->radius > 0 ? C2D_DISK : C2D_POINT;
    return s->radius > 0 ? C2D_CAPSULE : C2D_SEGMENT;
}

/* A Polygon of one or two points as the point, disk, segment or capsule it
 * is (built in *out from its numbers); any other shape as it is. */
static const c2d_shape *as_simple(const c2d_shape *s, c2d_shape *out)
{
    double nums[5];
    int n = 0, i, bad;
    if (!few_points(s)) return s;
    for (i = 0; i < s->count; i++) {
        nums[n++] = s->verts[i].x;
        nums[n++] = s->verts[i].y;
    }
    if (s->radius > 0) nums[n++] = s->radius;
    return c2d_make(out, simple_kind(s), nums, n, NULL, &bad) == C2D_OK ? out : s;
}

static int hits_direct(const c2d_shape *a, const c2d_shape *b);

/* A pair with a Polygon of one or two points, decided as the simpler shape
 * it is: on the shapes' own numbers, as the round and segment kinds are
 * (in a frame at a's position, a subnormal offset beside a larger
 * coordinate would be lost). */
static C2D_NOINLINE int hits_few_points(const c2d_shape *a, const c2d_shape *b)
{
    c2d_shape sa, sb;
    a = as_simple(a, &sa);
    b = as_simple(b, &sb);
    if (few_points(a) || few_points(b)) return -1;
    /* (the round kinds are taken first) */
    if (round_kind(b->kind) && !round_kind(a->kind)) return hits_direct(b, a);
    return hits_direct(a, b);
}

/* The pairs answered from the shapes' numbers directly; -1 when not one of them. */
static int hits_direct(const c2d_shape *a, const c2d_shape *b)
{
    const c2d_vec *v, *u;
    c2d_vec room_a[4], room_b[4];
    int n, m;
    if (few_points(a) || few_points(b)) return hits_few_points(a, b);
    if ((u = solid_vertices(a, &m, room_a)) != NULL && (v = solid_vertices(b, &n, room_b)) != NULL) {
        /* (every difference of their coordinates is at most twice the largest) */
        double big = dmax(dmax(dmax(fabs(a->bounds.minx), fabs(a->bounds.maxx)), dmax(fabs(a->bounds.miny), fabs(a->bounds.maxy))),
                          dmax(dmax(fabs(b->bounds.minx), fabs(b->bounds.maxx)), dmax(fabs(b->bounds.miny), fabs(b->bounds.maxy))));
        return c2d_convex_overlap(u, m, a->ccw, v, n, b->ccw, 2 * big);
    }
    if (segment_kind(a->kind) && segment_kind(b->kind)) {
        /* On the shapes' own numbers (no frame): exact for any doubles. */
        return c2d_segments_within_any(a->p[0], a->p[a->count - 1], b->p[0], b->p[b->count - 1], a->radius, b->radius);
    }
    if ((a->kind == C2D_LINE && segment_kind(b->kind)) || (b->kind == C2D_LINE && segment_kind(a->kind)))
        return a->kind == C2D_LINE ? core_hits_line(b, a) : core_hits_line(a, b);
    if (a->kind == C2D_LINE && b->kind == C2D_LINE) return lines_meet(a, b);
    if (a->kind == C2D_SEGMENT || a->kind == C2D_CAPSULE || a->kind == C2D_LINE) {
        if ((v = solid_vertices(b, &n, room_b)) != NULL)
            return a->kind == C2D_LINE ? line_hits_convex(a, v, n) : core_hits_convex(a, v, n, b->ccw);
        return -1;
    }
    if (b->kind == C2D_SEGMENT || b->kind == C2D_CAPSULE || b->kind == C2D_LINE) {
        if ((u = solid_vertices(a, &m, room_a)) != NULL)
            return b->kind == C2D_LINE ? line_hits_convex(b, u, m) : core_hits_convex(b, u, m, a->ccw);
        return -1;
    }
    if (!round_kind(a->kind)) return -1;
    if (b->kind == C2D_FAN && b->radius > 0 && b->opening > 0 && b->opening < 2 * C2D_PI - C2D_FULL_TURN)
        return disk_hits_fan(a, b);
    if (b->kind == C2D_AABB) return round_hits_aabb(a->p[0], a->radius, b);
    if ((v = solid_vertices(b, &n, room_b)) != NULL)
        return disk_hits_convex(a->p[0], a->radius, v, n, b->ccw);
    return -1;
}

/*
 * The one hit decision for a canonically ordered pair; hits and distance both
 * use it, so they cannot disagree. Builds the bodies in *A and *B (frame at
 * a's position) when it needs them and says so in *built.
 */
static int decide(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int *built)
{
    int direct;
    *built = 0;
    if (a->kind == C2D_AABB && b->kind == C2D_AABB)
        return a->p[0].x <= b->p[1].x && b->p[0].x <= a->p[1].x &&
               a->p[0].y <= b->p[1].y && b->p[0].y <= a->p[1].y;
    if (round_kind(a->kind) && round_kind(b->kind))
        return c2d_pt_pt_within(b->p[0], a->p[0], a->radius, b->radius);
    if (!c2d_bounds_meet(&a->bounds, &b->bounds)) return 0;
    if ((direct = hits_direct(a, b)) >= 0) return direct;
    c2d_body(A, a, &a->p[0]);
    c2d_body(B, b, &a->p[0]);
    *built = 1;
    return c2d_bodies_hit(A, B);
}

int c2d_decide(const c2d_shape *a, const c2d_shape *b, body *A, body *B)
{
    int built, hit = decide(a, b, A, B, &built);
    if (!built) {
        c2d_body(A, a, &a->p[0]);
        c2d_body(B, b, &a->p[0]);
    }
    return hit;
}

/* How large a shape's numbers are (from its cached bounds when finite). */
static double magnitude(const c2d_shape *s)
{
    const c2d_bounds *b = &s->bounds;
    double m = dmax(dmax(fabs(b->minx), fabs(b->maxx)), dmax(fabs(b->miny), fabs(b->maxy)));
    if (!(m < C2D_INF)) {
        double nums[c2d_number_room(s)];
        int i, n = c2d_numbers(s, nums);
        m = 0;
        for (i = 0; i < n; i++) m = dmax(m, fabs(nums[i]));
    }
    return m;
}

int c2d_pair_exponent(const c2d_shape *a, const c2d_shape *b, double extra)
{
    double m = dmax(dmax(magnitude(a), b ? magnitude(b) : 0), fabs(extra));
    if (m > C2D_RANGE_HI || (m > 0 && m < C2D_RANGE_LO))
        return ilogb(m < C2D_INF ? m : DBL_MAX);
    return 0;
}

const c2d_shape *c2d_scaled_copy(const c2d_shape *s, int e, c2d_shape *out, c2d_vec *store)
{
    /* ldexp on each number: exact for any e, where 2^-e itself may not be a double. */
    double nums[c2d_number_room(s)];
    int i, bad, n = c2d_numbers(s, nums);
    for (i = 0; i < n; i++) {
        int angle = (s->kind == C2D_BOX && i == 4) || (s->kind == C2D_FAN && i >= 3);
        if (!angle) nums[i] = ldexp(nums[i], -e);
    }
    if (s->kind == C2D_POLYGON && s->count < 3) {
        for (i = 0; i < s->count; i++) store[i] = v2(nums[2 * i], nums[2 * i + 1]);
        if (c2d_make_hull(out, store, s->count, store + s->count) != C2D_OK) return s;
        return 2 * s->count < n && c2d_round(out, nums[2 * s->count]) != C2D_OK ? s : out;
    }
    return c2d_make(out, s->kind, nums, n, store, &bad) == C2D_OK ? out : s;
}


/* The general decision, on bodies, for a pair in range: kept out of line so
 * that the pairs answered without bodies do not pay for their stack. */
static C2D_NOINLINE int hits_in_range(const c2d_shape *a, const c2d_shape *b)
{
    body A, B;
    int built;
    if (c2d_shape_order(a, b) > 0) { const c2d_shape *t = a; a = b; b = t; }
    return decide(a, b, &A, &B, &built);
}

/* Pairs decided on their own numbers at any magnitude (no scaled copies):
 * points, segments, disks and capsules (with each other and with a Line),
 * and a point or disk with an AABB or a convex polygon with an interior. */
static int unscaled_pair(const c2d_shape *a, const c2d_shape *b)
{
    c2d_vec room[4];
    int n;
    c2d_kind ka = simple_kind(a), kb = simple_kind(b);
    return (segment_kind(ka) && segment_kind(kb)) || (round_kind(ka) && kb == C2D_AABB) ||
           (ka == C2D_AABB && round_kind(kb)) || (ka == C2D_LINE && segment_kind(kb)) ||
           (segment_kind(ka) && kb == C2D_LINE) || (ka == C2D_LINE && kb == C2D_LINE) ||
           (round_kind(ka) && solid_vertices(b, &n, room) != NULL) ||
           (round_kind(kb) && solid_vertices(a, &n, room) != NULL);
}

int c2d_unscaled_pair_hits(const c2d_shape *a, const c2d_shape *b)
{
    if (!unscaled_pair(a, b)) return -1;
    return hits_in_range(a, b);
}

/* A pair beyond the range of squares, on copies scaled by 2^-e. */
static C2D_NOINLINE int hits_scaled(const c2d_shape *a, const c2d_shape *b, int e)
{
    c2d_shape sa, sb;
    c2d_vec ra[c2d_scaled_room(a)], rb[c2d_scaled_room(b)];
    return hits_in_range(c2d_scaled_copy(a, e, &sa, ra), c2d_scaled_copy(b, e, &sb, rb));
}

/* Any pair: the canonical order, the frame, the range. Out of line, so that
 * the pairs that rarely come here keep lean frames. */
static C2D_NOINLINE int hits_general(const c2d_shape *a, const c2d_shape *b)
{
    int e;
    /* Points and segments with radii (and round shapes with AABBs) are
     * decided on their own numbers, exactly at any magnitude: no copy scaled
     * (which would lose a subnormal offset beside a large coordinate). */
    if (unscaled_pair(a, b)) return hits_in_range(a, b);
    e = c2d_pair_exponent(a, b, 0);
    return e == 0 ? hits_in_range(a, b) : hits_scaled(a, b, e);
}

/* Two round shapes whose squared gap or summed radius is 0 or outside the
 * normal range: sums of squares in the normal range compare as their scaled
 * copies would (a square that underflows beside one in range is below its
 * rounding); anything else goes the general way. */
C2D_NOINLINE int c2d_hits_round_round_rare(const c2d_shape *a, const c2d_shape *b)
{
    return c2d_pt_pt_within(b->p[0], a->p[0], a->radius, b->radius);
}


/* A round shape against an AABB: the clamped centre within the radius. */
static int hits_round_aabb(const c2d_shape *d, const c2d_shape *box)
{
    return round_hits_aabb(d->p[0], d->radius, box);
}

/* c2d_pair_exponent(a, b, 0) == 0, inline for two shapes with finite bounds. */
static inline int in_range(const c2d_shape *a, const c2d_shape *b)
{
    const c2d_bounds *p = &a->bounds, *q = &b->bounds;
    double m = dmax(dmax(dmax(fabs(p->minx), fabs(p->maxx)), dmax(fabs(p->miny), fabs(p->maxy))),
                    dmax(dmax(fabs(q->minx), fabs(q->maxx)), dmax(fabs(q->miny), fabs(q->maxy))));
    if (!(m < C2D_INF)) return c2d_pair_exponent(a, b, 0) == 0;
    return m == 0 || (m >= C2D_RANGE_LO && m <= C2D_RANGE_HI);
}

/*
 * A round shape against a turned Box, decided as the general path decides it
 * (decide, c2d_body, c2d_bodies_hit) on the same numbers, without building
 * the bodies: the box's corners in the round shape's frame, the allowance
 * for the rounding of its cosine and sine added to the radius, then the
 * centre inside every edge, or within that sum of an edge or of a corner.
 * A box flat in this frame, or with an edge whose products would need
 * scaling, goes the general way, which treats those apart.
 */
static int hits_round_turned_box(const c2d_shape *d, const c2d_shape *b)
{
    const c2d_vec z = v2(0, 0);
    c2d_vec w[4], e[4];
    double tol;
    int i, inside = 1;
    if (!c2d_bounds_meet(&d->bounds, &b->bounds)) return 0;
    c2d_box_corners_at(b, d->p[0], w); /* as c2d_body builds it, in the frame at d's centre */
    if (!c2d_box_winds(b, w)) return hits_general(d, b);
    /* The centre inside every edge (c2d_cores_overlap: a point against a
     * counter-clockwise core). */
    for (i = 0; i < 4; i++) {
        e[i] = vsub(w[c2d_next(i, 4)], w[i]);
        if (fabs(e[i].x) + fabs(e[i].y) < C2D_SQUARE_SAFE_LO) return hits_general(d, b);
        inside &= vcross(e[i], vsub(z, w[i])) >= 0;
    }
    if (inside) return 1;
    /* c2d_bodies_hit's summed radii: the round shape's, the box's allowance
     * (c2d_body's tol, held in a double as there: where arithmetic runs
     * wider than double, one expression would keep the extra bits). */
    tol = c2d_box_tol_at(b, d->p[0]);
    if (!(d->radius + tol > 0)) return 0;
    for (i = 0; i < 4; i++)
        if (c2d_pt_seg_within(z, w[i], w[c2d_next(i, 4)], d->radius, tol)) return 1;
    return 0;
}

/* A round shape against a convex polygon with an interior (Triangle,
 * Polygon, axis-aligned Box): the region test, in the round shape's frame
 * (always first in the canonical order, so the same numbers either way). */
static int hits_round_convex(const c2d_shape *d, const c2d_shape *p)
{
    c2d_vec room[4];
    const c2d_vec *v;
    int n;
    if (!in_range(d, p)) return hits_general(d, p);
    if ((v = solid_vertices(p, &n, room)) == NULL) {
        if (p->kind == C2D_BOX && p->ccw != 0 && p->radius == 0 && p->cos_a != 0 && p->sin_a != 0)
            return hits_round_turned_box(d, p);
        return hits_general(d, p);
    }
    if (!c2d_bounds_meet(&d->bounds, &p->bounds)) return 0;
    return disk_hits_convex(d->p[0], d->radius, v, n, p->ccw);
}

/*
 * For the pairs answered from their numbers below: -1 when the pair is not
 * in the range of squares (or its bounds are not finite), for the general
 * path to scale it; else whether the cached bounds meet, as in_range and
 * c2d_bounds_meet decide, from one pass over the bounds' magnitudes.
 */
static inline int near_in_range(const c2d_shape *a, const c2d_shape *b)
{
    const c2d_bounds *p = &a->bounds, *q = &b->bounds;
    double m = dmax(c2d_bounds_magnitude(p), c2d_bounds_magnitude(q)), tol;
    if (!(m <= C2D_RANGE_HI) || (m < C2D_RANGE_LO && m != 0)) return -1;
    tol = c2d_ulps(2 * C2D_BOUNDS_ROUNDING, m) + C2D_BOUNDS_ROUNDING * 0x1p-1074;
    return !(q->minx - p->maxx > tol || p->minx - q->maxx > tol || q->miny - p->maxy > tol || p->miny - q->maxy > tol);
}

/*
 * Two shapes whose cores are points or segments (Point, Segment, Disk,
 * Capsule; two round ones go to c2d_hits_round_round): the cores within the
 * summed radii, computed as the general path does (hits_direct) on the same
 * numbers, so hits and distance agree to the bit. The frame is the position
 * of the first shape in the canonical order: the lower kind, or for one kind
 * the lesser first point (when those are equal the frame is the same either
 * way, and c2d_segments_within is symmetric in its two segments).
 */
static int hits_segment_segment(const c2d_shape *a, const c2d_shape *b)
{
    int near = near_in_range(a, b);
    if (near < 0) return hits_general(a, b);
    if (!near) return 0;
    if (a->kind > b->kind || (a->kind == b->kind && cmp_v(a->p[0], b->p[0]) > 0)) {
        const c2d_shape *t = a;
        a = b;
        b = t;
    }
    return c2d_segments_within(a->p[0], a->p[a->count - 1], b->p[0], b->p[b->count - 1], a->radius, b->radius);
}

/*
 * A round shape against a Triangle with an interior: disk_hits_convex for
 * its three vertices, after the bounds (as the general path, which comes
 * to the same function).
 */
static int hits_round_triangle(const c2d_shape *d, const c2d_shape *t)
{
    int near = near_in_range(d, t);
    if (near < 0 || t->ccw == 0 || t->radius > 0) return hits_general(d, t);
    if (!near) return 0;
    return disk_hits_convex(d->p[0], d->radius, t->p, 3, t->ccw);
}


#define GEN { hits_general, 0 }
#define RR { c2d_hits_round_round, 0 }
#define RA { hits_round_aabb, 0 }
#define AR { hits_round_aabb, 1 }
#define RC { hits_round_convex, 0 }
#define CR { hits_round_convex, 1 }
#define AA { c2d_hits_aabb_aabb, 0 }
#define SS { hits_segment_segment, 0 }
#define RT { hits_round_triangle, 0 }
#define TR { hits_round_triangle, 1 }
const pair_hits c2d_hits_table[C2D_KIND_COUNT][C2D_KIND_COUNT] = {
    /*            Point Segment Line Disk AABB Box  Triangle Polygon Capsule Fan Concave Group */
    /* Point    */ { RR, SS,  GEN, RR,  RA,  RC,  RT,  RC,  SS,  GEN, GEN, GEN },
    /* Segment  */ { SS, SS,  GEN, SS,  GEN, GEN, GEN, GEN, SS,  GEN, GEN, GEN },
    /* Line     */ { GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Disk     */ { RR, SS,  GEN, RR,  RA,  RC,  RT,  RC,  SS,  GEN, GEN, GEN },
    /* AABB     */ { AR, GEN, GEN, AR,  AA,  GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Box      */ { CR, GEN, GEN, CR,  GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Triangle */ { TR, GEN, GEN, TR,  GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Polygon  */ { CR, GEN, GEN, CR,  GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Capsule  */ { SS, SS,  GEN, SS,  GEN, GEN, GEN, GEN, SS,  GEN, GEN, GEN },
    /* Fan      */ { GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Concave  */ { GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
    /* Group    */ { GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN, GEN },
};
#undef SS
#undef RT
#undef TR
#undef GEN
#undef RR
#undef RA
#undef AR
#undef RC
#undef CR
#undef AA

int c2d_convex_hits(const c2d_shape *a, const c2d_shape *b)
{
    const pair_hits *p;
    /* The two commonest pairs without the table's indirect call. */
    if (a->kind == b->kind && a->kind == C2D_DISK) return c2d_hits_round_round(a, b);
    if (a->kind == b->kind && a->kind == C2D_AABB) return c2d_hits_aabb_aabb(a, b);
    if ((unsigned)a->kind >= C2D_KIND_COUNT || (unsigned)b->kind >= C2D_KIND_COUNT) return 0;
    p = &c2d_hits_table[a->kind][b->kind];
    return p->swapped ? p->fn(b, a) : p->fn(a, b);
}

/* Where the cores are nearest at pa and pb and the shapes overlap, a point
 * within ra of pa and rb of pb: it lies in both shapes. */
static c2d_vec common_point(c2d_vec pa, c2d_vec pb, double ra, double rb)
{
    return ra + rb > 0 ? vlerp(pa, pb, ra / (ra + rb)) : vlerp(pa, pb, 0.5);
}

c2d_vec c2d_common_point(const body *a, const body *b, c2d_vec pa, c2d_vec pb)
{
    return common_point(pa, pb, body_radius(a), body_radius(b));
}

static c2d_distance_result distance_in_range(const c2d_shape *a, const c2d_shape *b);

/* A pair beyond the range of squares, on copies scaled by 2^-e, lengths scaled back. */
static C2D_NOINLINE c2d_distance_result distance_scaled(const c2d_shape *a, const c2d_shape *b, int e)
{
    c2d_distance_result r;
    c2d_shape sa, sb;
    c2d_vec ra[c2d_scaled_room(a)], rb[c2d_scaled_room(b)];
    r = distance_in_range(c2d_scaled_copy(a, e, &sa, ra), c2d_scaled_copy(b, e, &sb, rb));
    /* Apart stays apart: a gap that underflows scaling back is the least double. */
    r.distance = r.distance > 0 ? dmax(ldexp(r.distance, e), nextafter(0, 1)) : 0;
    r.a = v2(ldexp(r.a.x, e), ldexp(r.a.y, e));
    r.b = v2(ldexp(r.b.x, e), ldexp(r.b.y, e));
    if (unscaled_pair(a, b)) {
        /* The copies may have lost a subnormal offset beside a large
         * coordinate: the decision is the one hits makes on the shapes. */
        int hit = hits_in_range(a, b);
        if (hit && r.distance > 0) {
            r.distance = 0;
            r.b = r.a;
        } else if (!hit && !(r.distance > 0)) {
            r.distance = nextafter(0, 1);
        }
    }
    return r;
}

int c2d_hits_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int *built)
{
    int e = c2d_pair_exponent(a, b, 0);
    *built = e == 0;
    if (e != 0 && unscaled_pair(a, b)) return hits_in_range(a, b);
    return e == 0 ? c2d_decide(a, b, A, B) : hits_scaled(a, b, e);
}

c2d_distance_result c2d_distance_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built)
{
    int e = c2d_pair_exponent(a, b, 0);
    return e == 0 ? c2d_distance_pair(a, b, A, B, built) : distance_scaled(a, b, e);
}

c2d_distance_result c2d_convex_distance(const c2d_shape *a, const c2d_shape *b)
{
    int e = c2d_pair_exponent(a, b, 0);
    return e == 0 ? distance_in_range(a, b) : distance_scaled(a, b, e);
}

/* Kinds whose body is always a POLY core (a Fan may be a sector, a Line is none). */
static int polygon_core_kind(c2d_kind k) { return k != C2D_FAN && k != C2D_LINE; }

/* How far cached bounds reach from o (for a relative margin). */
static double frame_size(const c2d_bounds *b, c2d_vec o)
{
    return dmax(dmax(fabs(b->minx - o.x), fabs(b->maxx - o.x)), dmax(fabs(b->miny - o.y), fabs(b->maxy - o.y)));
}

static C2D_NOINLINE c2d_distance_result distance_in_range(const c2d_shape *a, const c2d_shape *b)
{
    c2d_distance_result res;
    body A, B;
    c2d_vec t;
    if (c2d_shape_order(a, b) <= 0) return c2d_distance_pair(a, b, &A, &B, 0);
    res = c2d_distance_pair(b, a, &A, &B, 0);
    t = res.a;
    res.a = res.b;
    res.b = t;
    return res;
}

c2d_distance_result c2d_distance_pair(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int have)
{
    c2d_distance_result res;
    c2d_vec pa, pb, o;
    double ra, rb, d2, D, margin = 0;
    int hit, built, deep = 0, searched = 0;
    o = a->p[0];
    d2 = -1;
    if (polygon_core_kind(a->kind) && polygon_core_kind(b->kind)) {
        /* Two polygon cores: GJK's certified answer stands for the decision
         * when it is far from a touch; near one, the exact decision is made.
         * Rounding grows with the pair's size in the frame and with how far
         * the frame is from the origin (the coordinates' own ulps). */
        margin = C2D_DECIDE_MARGIN * (frame_size(&a->bounds, o) + frame_size(&b->bounds, o)) +
                 c2d_ulps(C2D_DECIDE_ULPS, fabs(o.x) + fabs(o.y));
        if (!have) {
            c2d_body(A, a, &o);
            c2d_body(B, b, &o);
            have = 1;
        }
        if (A->n + B->n > 4) {
            d2 = c2d_polygon_cores_gjk(A, B, margin, &pa, &pb, &deep);
            searched = d2 < 0; /* GJK could not tell: only the full search is left */
        }
    }
    if (d2 >= 0) {
        double gap = sqrt(d2) - body_radius(A) - body_radius(B);
        /* A core overlap deeper than the margin needs no exact decision. */
        hit = (d2 > 0 && gap < -margin) || deep ? 1 : gap > margin ? 0 : decide(a, b, A, B, &built);
        /* GJK saw the cores meet where the exact decision sees them apart
         * (rounding, or squares lost to underflow): search every feature. */
        if (d2 == 0 && !hit) d2 = c2d_core_d2_features(A, B, -1, &pa, &pb);
    } else {
        hit = decide(a, b, A, B, &built);
        if (!built && !have) {
            c2d_body(A, a, &o);
            c2d_body(B, b, &o);
        }
        d2 = searched ? c2d_core_d2_full(A, B, -1, &pa, &pb) : c2d_core_d2(A, B, -1, &pa, &pb);
        /* Apart by the exact decision, yet held by a core's sign tests:
         * the features tell how far. */
        if (d2 == 0 && !hit) d2 = c2d_core_d2_features(A, B, -1, &pa, &pb);
    }
    ra = body_radius(A);
    rb = body_radius(B);
    if (hit) {
        res.distance = 0;
        pa = pb = common_point(pa, pb, ra, rb);
    } else {
        /* Unit direction between the cores: none when rounding left them at
         * one point while the decision (the exact one) says apart. */
        c2d_vec u = vunit(vsub(pb, pa));
        D = sqrt(d2);
        res.distance = D - ra - rb;
        pa = vadd(pa, vscale(u, ra));
        pb = vsub(pb, vscale(u, rb));
        /* Apart by less than the rounding (or the underflow) of the squared
         * gap: still apart, as the decision says; the points tell how far. */
        if (res.distance <= 0) {
            double gap = c2d_hypot(pb.x - pa.x, pb.y - pa.y);
            res.distance = gap > 0 ? gap : DBL_MIN;
        }
    }
    res.a = vadd(pa, o);
    res.b = vadd(pb, o);
    return res;
}
