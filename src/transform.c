/*
 * Transforms: move, move to, rotate, scale, each in place. Every one maps the
 * constructor's numbers and rebuilds the shape through c2d_make, so a moved
 * shape is exactly the shape built from the moved numbers; nothing changes
 * unless the result is valid. A move (the one transform a game makes every
 * frame) computes only what the points change, when that is the same shape
 * (c2d_make_moved, c2d_move_polygon in shape.c).
 */
#include <string.h>
#include "tiles.h"

/* Which numbers of each kind are points (x, y pairs from index 0) and which
 * are lengths; the rest (angles) are left to the transform. */
static int point_count(const c2d_shape *s)
{
    switch (s->kind) {
    case C2D_POINT: case C2D_DISK: case C2D_AABB: case C2D_BOX: case C2D_FAN: return 1;
    case C2D_SEGMENT: case C2D_LINE: case C2D_CAPSULE: return 2;
    case C2D_TRIANGLE: return 3;
    default: return s->count;
    }
}

/* Rebuild s from nums; on failure s is untouched. */
static c2d_error rebuild(c2d_shape *s, const double *nums, int n)
{
    c2d_shape t;
    c2d_vec storage[s->kind == C2D_POLYGON && s->count > 0 ? s->count : 1];
    int bad, i;
    c2d_error err;
    if (s->kind == C2D_POLYGON && s->count < 3) {
        /* A hull of one or two points: no constructor takes it; the moved
         * points are still its hull, in the same order. */
        if (s->count < 1) return C2D_ERR_COUNT;
        for (i = 0; i < n; i++) if (!isfinite(nums[i])) return C2D_ERR_NONFINITE;
        for (i = 0; i < s->count; i++) storage[i] = v2(nums[2 * i], nums[2 * i + 1]);
        t = *s;
        t.p[0] = storage[0];
        t.verts = storage;
        c2d_points_bounds(storage, s->count, &t.bounds);
        t.radius = 0;
        if (2 * s->count < n && (err = c2d_round(&t, nums[2 * s->count])) != C2D_OK) return err;
    } else {
        err = c2d_make(&t, s->kind, nums, n, storage, &bad);
        if (err != C2D_OK) return err;
    }
    if (s->kind == C2D_POLYGON) {
        c2d_vec *dst = (c2d_vec *)s->verts; /* the caller's storage, writable by contract */
        memcpy(dst, storage, sizeof *dst * (size_t)t.count);
        t.verts = dst;
    }
    t.world = s->world;
    t.world_slot = s->world_slot;
    *s = t;
    c2d_note_moved(s);
    return C2D_OK;
}

void c2d_note_moved(const c2d_shape *s)
{
    c2d_moved *m;
    if (s->world == NULL) return;
    m = (c2d_moved *)(void *)s->world;
    if (m->marked[s->world_slot]) return;
    m->marked[s->world_slot] = 1;
    m->slot[m->n++] = s->world_slot;
}

/* A Polygon whose moved or turned vertices rounding leaves convex only
 * within a few ulps (which c2d_make refuses): rebuilt as their hull, which
 * differs from them by that rounding (and may drop a vertex rounding put in
 * line), from the same first vertex: the position stays where the transform
 * puts it. keep_first 1 (a move) refuses a hull without that vertex (a flat
 * Polygon whose first vertex lies between its ends); 0 (a turn) takes it
 * from the hull's first. */
static c2d_error rehull(c2d_shape *s, const double *nums, int m, int keep_first)
{
    c2d_vec pts[m], storage[2 * m], first = v2(nums[0], nums[1]);
    c2d_vec *dst = (c2d_vec *)s->verts; /* the caller's storage, writable by contract */
    c2d_shape t;
    c2d_error err;
    int i, at = -1;
    for (i = 0; i < m; i++) pts[i] = v2(nums[2 * i], nums[2 * i + 1]);
    if ((err = c2d_make_hull(&t, pts, m, storage)) != C2D_OK) return err;
    if (s->radius > 0 && (err = c2d_round(&t, s->radius)) != C2D_OK) return err;
    for (i = 0; i < t.count && at < 0; i++)
        if (storage[i].x == first.x && storage[i].y == first.y) at = i;
    if (at < 0 && keep_first) return C2D_ERR_NONCONVEX;
    if (at < 0) at = 0;
    for (i = 0; i < t.count; i++) dst[i] = storage[(at + i) % t.count]; /* (turned round: still counter-clockwise) */
    t.verts = dst;
    t.p[0] = dst[0];
    t.world = s->world;
    t.world_slot = s->world_slot;
    *s = t;
    c2d_note_moved(s);
    return C2D_OK;
}

/* Move s so that its first point lands on first and the others move by
 * (dx, dy): the constructor's numbers moved so (as rebuild would take them),
 * without the constructor where c2d_make_moved and c2d_move_polygon give the
 * same shape. */
static c2d_error translate(c2d_shape *s, c2d_vec first, double dx, double dy)
{
    double nums[c2d_number_room(s)];
    int n, i, m;
    c2d_error err;
    if (s->kind == C2D_POLYGON) {
        if (s->count >= 3 && first.x == s->verts[0].x + dx && first.y == s->verts[0].y + dy) {
            int r = c2d_move_polygon(s, dx, dy);
            if (r >= 0 && r != C2D_ERR_NONCONVEX) { /* (not convex: below, as its hull) */
                if (r == C2D_OK) c2d_note_moved(s);
                return (c2d_error)r;
            }
        }
    } else {
        c2d_vec pts[3];
        m = point_count(s);
        pts[0] = first;
        for (i = 1; i < m; i++) pts[i] = v2(s->p[i].x + dx, s->p[i].y + dy);
        err = c2d_make_moved(s, pts);
        if (err == C2D_OK) c2d_note_moved(s);
        return err;
    }
    n = c2d_numbers(s, nums);
    m = point_count(s);
    nums[0] = first.x;
    nums[1] = first.y;
    for (i = 1; i < m; i++) { nums[2 * i] += dx; nums[2 * i + 1] += dy; }
    err = rebuild(s, nums, n);
    if (err == C2D_ERR_NONCONVEX && s->kind == C2D_POLYGON) err = rehull(s, nums, m, 1);
    if (err == C2D_ERR_NONCONVEX && s->kind == C2D_POLYGON && (err = c2d_move_within_rounding(s, nums)) == C2D_OK)
        c2d_note_moved(s);
    return err;
}

c2d_error c2d_move(c2d_shape *s, double dx, double dy)
{
    if (c2d_is_compound(s)) return c2d_compound_move(s, dx, dy);
    if (!isfinite(dx) || !isfinite(dy)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_TILES) return c2d_tiles_move_to(s, s->p[0].x + dx, s->p[0].y + dy);
    return translate(s, v2(s->p[0].x + dx, s->p[0].y + dy), dx, dy);
}

c2d_error c2d_move_to(c2d_shape *s, double x, double y)
{
    /* The position lands on (x, y) exactly; the other points keep their offsets. */
    if (c2d_is_compound(s)) return c2d_compound_move_to(s, x, y);
    if (!isfinite(x) || !isfinite(y)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_TILES) return c2d_tiles_move_to(s, x, y);
    return translate(s, v2(x, y), x - s->p[0].x, y - s->p[0].y);
}

/* An angle wrapped into (-pi, pi]. */
static double wrap_angle(double a)
{
    a = fmod(a, 2 * C2D_PI);
    if (a > C2D_PI) a -= 2 * C2D_PI;
    else if (a <= -C2D_PI) a += 2 * C2D_PI;
    return a;
}

c2d_error c2d_rotate(c2d_shape *s, double angle, double ox, double oy)
{
    double nums[c2d_number_room(s)], c, sn;
    int n, i, m;
    c2d_error err;
    if (c2d_is_compound(s)) return c2d_compound_rotate(s, angle, ox, oy);
    if (s->kind == C2D_TILES) return C2D_ERR_ROTATE_TILES;
    n = c2d_numbers(s, nums);
    m = point_count(s);
    if (s->kind == C2D_AABB) return C2D_ERR_ROTATE_AABB;
    if (!isfinite(angle) || !isfinite(ox) || !isfinite(oy)) return C2D_ERR_NONFINITE;
    c2d_sincos(angle, &c, &sn);
    /* A whole number of turns (0, 2*pi, or an angle that snaps to one)
     * changes nothing, not even by the rounding of x - ox + ox. */
    if (c == 1 && sn == 0) return C2D_OK;
    for (i = 0; i < m; i++) {
        double x = nums[2 * i] - ox, y = nums[2 * i + 1] - oy;
        nums[2 * i] = ox + (c * x - sn * y);
        nums[2 * i + 1] = oy + (sn * x + c * y);
    }
    if (s->kind == C2D_BOX) nums[4] = wrap_angle(nums[4] + angle);
    if (s->kind == C2D_FAN) nums[3] = wrap_angle(nums[3] + angle);
    err = rebuild(s, nums, n);
    if (err == C2D_ERR_NONCONVEX && s->kind == C2D_POLYGON) err = rehull(s, nums, m, 0);
    return err;
}

c2d_error c2d_scale(c2d_shape *s, double k, double ox, double oy)
{
    double nums[c2d_number_room(s)];
    int n, i, m;
    if (c2d_is_compound(s)) return c2d_compound_scale(s, k, ox, oy);
    if (s->kind == C2D_TILES) {
        if (!isfinite(ox) || !isfinite(oy)) return C2D_ERR_NONFINITE;
        return k == 1 ? C2D_OK : c2d_tiles_scale(s, k, ox, oy);
    }
    n = c2d_numbers(s, nums);
    m = point_count(s);
    if (!isfinite(k) || k < 0) return C2D_ERR_SCALE;
    if (!isfinite(ox) || !isfinite(oy)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_LINE && k == 0) return C2D_ERR_LINE_SCALE;
    if (k == 1) return C2D_OK; /* unchanged, not even by rounding about the pivot */
    for (i = 0; i < m; i++) {
        nums[2 * i] = ox + k * (nums[2 * i] - ox);
        nums[2 * i + 1] = oy + k * (nums[2 * i + 1] - oy);
    }
    switch (s->kind) {
    case C2D_DISK: nums[2] *= k; break;
    case C2D_AABB: case C2D_BOX: nums[2] *= k; nums[3] *= k; break;
    case C2D_CAPSULE: nums[4] *= k; break;
    case C2D_FAN: nums[2] *= k; break;
    default: break;
    }
    if (c2d_is_rounded(s))
        nums[n - 1] *= k; /* a rounded shape's radius, its last number */
    return rebuild(s, nums, n);
}
