/*
 * Clipping and triangles: the intersection of two convex shapes as a
 * polygon, and a shape cut into triangles.
 *
 * Both read a shape as the polygon of its outline (c2d_outline): a
 * polygonal kind's own vertices, exact; a round kind's points on its arcs,
 * `segments` to a full turn (inscribed: the polygon lies inside the shape).
 * The intersection clips one polygon by each edge of the other in turn
 * (Sutherland and Hodgman); shapes that only touch meet in a point or a
 * segment, which is what is answered (a hull of 1 or 2 points). Triangles
 * fan out from a vertex of each convex piece: a Concave's and a Group's
 * pieces, a Fan from its apex (a sector, however wide, is seen whole from
 * there).
 */
#include <math.h>
#include <string.h>
#include "compound.h"

/* Room for one shape's outline: a circle's segments (at most
 * C2D_CLIP_SEGMENTS), or a Polygon's vertices. A rounded shape's arcs take
 * what room is given (a triangulation: both ends of each corner's arc and
 * the segments; an intersection, whose answer is a Polygon: half of a
 * Polygon's vertices, so that the common part of two fits in one). */
#define C2D_CLIP_SEGMENTS 256
#define C2D_CLIP_ROOM (C2D_CLIP_SEGMENTS + 3 > C2D_MAX_VERTICES ? C2D_CLIP_SEGMENTS + 3 : C2D_MAX_VERTICES)
#define C2D_ROUNDED_ROOM (C2D_CLIP_SEGMENTS + 3 + 2 * C2D_MAX_VERTICES)

/* The room for a rounded outline clipped with one of n points. */
static int room_left(int n)
{
    return C2D_MAX_VERTICES - n > C2D_MAX_VERTICES / 2 ? C2D_MAX_VERTICES - n : C2D_MAX_VERTICES / 2;
}

static int outline_of(const c2d_shape *s, int segments, c2d_vec *out, int room)
{
    int n, i;
    double area = 0;
    if (s->kind == C2D_POLYGON && s->count > room) room = s->count; /* (a point for each corner) */
    n = c2d_outline(s, segments < 3 ? 3 : segments > C2D_CLIP_SEGMENTS ? C2D_CLIP_SEGMENTS : segments, out,
                    c2d_is_rounded(s) ? room : C2D_CLIP_ROOM);
    if (s->kind == C2D_CAPSULE && s->radius == 0) { /* (its outline: the first end; its shape: the segment) */
        out[0] = s->p[0];
        out[1] = s->p[1];
        n = 2;
    }
    for (i = 0; i < n; i++) area += vcross(vsub(out[i], out[0]), vsub(out[c2d_next(i, n)], out[0]));
    if (area < 0) /* counter-clockwise */
        for (i = 0; i < n / 2; i++) {
            c2d_vec t = out[i];
            out[i] = out[n - 1 - i];
            out[n - 1 - i] = t;
        }
    return n;
}

/* Does the outline have an inside (three points not in line). */
static int has_area(const c2d_vec *v, int n)
{
    int i;
    for (i = 2; i < n; i++)
        if (vcross(vsub(v[1], v[0]), vsub(v[i], v[0])) != 0) return 1;
    return 0;
}

/* The two points of a flat outline farthest apart along it: the farthest
 * from the first, then the farthest from that. */
static void flat_ends(const c2d_vec *v, int n, c2d_vec *lo, c2d_vec *hi)
{
    int i;
    double best = -1;
    *lo = *hi = v[0];
    for (i = 0; i < n; i++)
        if (vlen2(vsub(v[i], v[0])) > best) { best = vlen2(vsub(v[i], v[0])); *lo = v[i]; }
    best = -1;
    for (i = 0; i < n; i++)
        if (vlen2(vsub(v[i], *lo)) > best) { best = vlen2(vsub(v[i], *lo)); *hi = v[i]; }
}

/* p clipped to the left of (or on) the line from q0 to q1: into out. */
static int clip_by(const c2d_vec *p, int n, c2d_vec q0, c2d_vec q1, c2d_vec *out)
{
    c2d_vec e = vsub(q1, q0);
    int i, m = 0;
    for (i = 0; i < n; i++) {
        c2d_vec u = p[i], v = p[c2d_next(i, n)];
        double su = vcross(e, vsub(u, q0)), sv = vcross(e, vsub(v, q0));
        if (su >= 0) out[m++] = u;
        if ((su > 0 && sv < 0) || (su < 0 && sv > 0)) {
            double t = su / (su - sv);
            out[m++] = vadd(u, vscale(vsub(v, u), t));
        }
    }
    return m;
}

int c2d_intersection(const c2d_shape *a, const c2d_shape *b, int segments, c2d_vec *out, int room)
{
    static const c2d_kind flat[] = { C2D_LINE, C2D_CONCAVE, C2D_GROUP, C2D_TILES };
    c2d_vec pa[2 * C2D_CLIP_ROOM], pb[2 * C2D_CLIP_ROOM], work[2 * C2D_CLIP_ROOM], *cur = pa, *next = work;
    c2d_vec flat_lo, flat_hi;
    int na, nb, i, n, flat_a;
    for (i = 0; i < 4; i++)
        if (a->kind == flat[i] || b->kind == flat[i]) return -1;
    if (c2d_wide_fan(a) || c2d_wide_fan(b)) return -1;
    if (!c2d_hits(a, b)) return 0;
    /* (a rounded one takes the room the other leaves in a Polygon's vertices,
     * at least half of them) */
    na = c2d_is_rounded(a) ? 0 : outline_of(a, segments, pa, C2D_CLIP_ROOM);
    nb = c2d_is_rounded(b) ? 0 : outline_of(b, segments, pb, C2D_CLIP_ROOM);
    if (c2d_is_rounded(a)) na = outline_of(a, segments, pa, c2d_is_rounded(b) ? C2D_MAX_VERTICES / 2 : room_left(nb));
    if (c2d_is_rounded(b)) nb = outline_of(b, segments, pb, c2d_is_rounded(a) ? C2D_MAX_VERTICES / 2 : room_left(na));
    if (!has_area(pb, nb)) {
        /* clip the one without an inside by the other */
        int tn;
        if (has_area(pa, na)) {
            memcpy(work, pb, sizeof *pb * (size_t)nb);
            memcpy(pb, pa, sizeof *pa * (size_t)na);
            memcpy(pa, work, sizeof *pa * (size_t)nb);
            tn = na;
            na = nb;
            nb = tn;
        } else {
            /* two flat shapes that meet: where two segments along one line
             * overlap (its ends are ends of theirs), else a closest point */
            c2d_vec lo, hi, dir, q[2];
            double len2;
            flat_ends(pa, na, &lo, &hi);
            flat_ends(pb, nb, &q[0], &q[1]);
            dir = vsub(hi, lo);
            len2 = vdot(dir, dir);
            if (len2 > 0 && vcross(dir, vsub(q[0], lo)) == 0 && vcross(dir, vsub(q[1], lo)) == 0) {
                double s0 = vdot(vsub(q[0], lo), dir), s1 = vdot(vsub(q[1], lo), dir);
                c2d_vec first = s0 <= s1 ? q[0] : q[1], last = s0 <= s1 ? q[1] : q[0];
                double sf = dmin(s0, s1), sl = dmax(s0, s1);
                c2d_vec from = sf > 0 ? first : lo, to = sl < len2 ? last : hi;
                if ((from.x != to.x || from.y != to.y) && room >= 2) {
                    out[0] = from;
                    out[1] = to;
                    return 2;
                }
            }
            if (room >= 1) out[0] = c2d_distance(a, b).a;
            return 1;
        }
    }
    flat_a = !has_area(pa, na);
    if (flat_a) flat_ends(pa, na, &flat_lo, &flat_hi);
    n = na;
    memcpy(cur, pa, sizeof *pa * (size_t)na);
    for (i = 0; i < nb && n > 0; i++) {
        c2d_vec *t;
        n = clip_by(cur, n, pb[i], pb[c2d_next(i, nb)], next);
        t = cur;
        cur = next;
        next = t;
    }
    if (n == 0) {
        /* (rounding clipped a touch away: they meet, so a common point) */
        if (room >= 1) out[0] = c2d_distance(a, b).a;
        return 1;
    }
    if (flat_a) {
        /* a point or a segment clipped: its ends in the other (the two
         * crossings of one side come out twice, rounded apart) */
        c2d_vec dir = vsub(flat_hi, flat_lo), lo = cur[0], hi = cur[0];
        for (i = 1; i < n; i++) {
            if (vdot(vsub(cur[i], lo), dir) < 0) lo = cur[i];
            if (vdot(vsub(cur[i], hi), dir) > 0) hi = cur[i];
        }
        if (room >= 1) out[0] = lo;
        if (lo.x == hi.x && lo.y == hi.y) return 1;
        if (room >= 2) out[1] = hi;
        return 2;
    }
    {
        /* drop repeats (a vertex on a clipping line comes out twice) */
        int m = 0;
        for (i = 0; i < n; i++) {
            c2d_vec v = cur[i];
            if (m > 0 && v.x == out[m - 1].x && v.y == out[m - 1].y) continue;
            if (m < room) out[m] = v;
            m++;
            if (m > room) break;
        }
        while (m > 1 && m <= room && out[m - 1].x == out[0].x && out[m - 1].y == out[0].y) m--;
        return m;
    }
}

/* Triangles of one convex leaf, fanned from its first outline point. */
static int leaf_triangles(const c2d_shape *s, int segments, c2d_vec *out, int room, int at)
{
    c2d_vec v[C2D_ROUNDED_ROOM];
    int n = outline_of(s, segments, v, C2D_ROUNDED_ROOM), i;
    if (n < 3) return at;
    for (i = 1; i + 1 < n; i++) {
        if (3 * (at + 1) <= room) {
            out[3 * at] = v[0];
            out[3 * at + 1] = v[i];
            out[3 * at + 2] = v[i + 1];
        }
        at++;
    }
    return at;
}

static int triangles_at(const c2d_shape *s, int segments, c2d_vec *out, int room, int at)
{
    int i;
    if (c2d_is_compound(s)) {
        for (i = 0; i < s->compound->count; i++) at = triangles_at(&s->pieces[i], segments, out, room, at);
        return at;
    }
    return leaf_triangles(s, segments, out, room, at);
}

int c2d_triangles(const c2d_shape *s, int segments, c2d_vec *out, int room)
{
    if (s->kind == C2D_LINE || s->kind == C2D_TILES) return -1;
    return triangles_at(s, segments, out, room, 0);
}
