/*
 * Visibility: the outline of what a point sees among a World's shapes
 * within a radius (c2d_world_visibility).
 *
 * The blockers' silhouette directions, as the point sight gathers them
 * (sight.c), are the only places where the first thing met along a ray can
 * jump from one shape to another. A ray is cast along each, and a hair to
 * either side of it (where a ray grazes a corner, what lies beyond is seen on
 * one side only); the points met, in order of angle, make the outline.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sight.h"

/* How far to either side of a direction its side rays go (radians). */
#define HAIR 1e-9

/* Does the outline a, b, c turn back at b (b a spike's tip: c on the line
 * through a and b, back toward a, as where two rays along one direction meet
 * the same edge end-on). */
static int spike(c2d_vec a, c2d_vec b, c2d_vec c)
{
    c2d_vec e = vsub(b, a), f = vsub(c, b);
    return vdot(e, f) < 0 && fabs(vcross(e, f)) <= 1e-12 * vlen(e) * vlen(f);
}

/* Put p at the end of the outline pts[0 .. m), dropping one within merge
 * of the last and the tips of spikes it makes; the new count. */
static int put_point(c2d_vec *pts, int m, c2d_vec p, double merge)
{
    if (m > 0 && vlen(vsub(pts[m - 1], p)) <= merge) return m;
    while (m > 1 && spike(pts[m - 2], pts[m - 1], p)) {
        m--;
        if (vlen(vsub(pts[m - 1], p)) <= merge) return m;
    }
    pts[m] = p;
    return m + 1;
}

/* The first thing the ray from the origin along u meets, within maxt: its t
 * (maxt when nothing is met). */
static double first_hit(c2d_vec o, c2d_vec u, double maxt, const sight_set *bl)
{
    double best = maxt, angle = c2d_atan2(u.y, u.x), l = vlen(u);
    int i;
    for (i = 0; i < bl->n; i++) {
        c2d_sweep_result k;
        double reach = best * l;
        if (bl->it[i].d2 > reach * reach * (1 + 16 * DBL_EPSILON) + c2d_ulps(16, fabs(o.x) + fabs(o.y))) break;
        if (!bl->it[i].full && !c2d_angle_within(angle, bl->it[i].lo, bl->it[i].hi)) continue;
        k = c2d_raycast(bl->s[i], o, u, best);
        if (k.hit && k.t < best) best = k.t;
    }
    return best;
}

/* Where the ray from the view's origin along d (a hair to the side when
 * side is -1 or 1) first meets a blocker or the radius. */
static c2d_vec ray_point(const c2d_view *v, c2d_vec d, int side, const sight_set *bl)
{
    c2d_vec u = vscale(d, 1 / vlen(d));
    if (side != 0) u = v2(u.x - HAIR * side * u.y, u.y + HAIR * side * u.x);
    return vadd(v->o, vscale(u, first_hit(v->o, u, v->radius, bl)));
}

int c2d_world_visibility(c2d_world *w, const c2d_view *v, const int *slots, int n, double tol, const c2d_vec **points)
{
    c2d_bounds box;
    sight_set bl;
    double jump;
    int j, k, m = 0;
    if (!(v->radius < HUGE_VAL) || !(tol > 0)) return -2;
    box.minx = v->o.x - v->radius;
    box.maxx = v->o.x + v->radius;
    box.miny = v->o.y - v->radius;
    box.maxy = v->o.y + v->radius;
    c2d_bounds_padded(&box, &box);
    k = c2d_sight_prepare(w, v, &box, NULL, slots, &n, tol);
    if (k < 0) return -1;
    if (3 * k > w->cap_points) {
        c2d_vec *p = (c2d_vec *)realloc(w->sight_points, (size_t)(3 * k) * sizeof *p);
        if (p == NULL) return -1;
        w->sight_points = p;
        w->cap_points = 3 * k;
    }
    bl.s = w->sight_shapes;
    bl.n = n;
    bl.it = (const sight_item *)w->sight_items;
    /* (side points nearer than this to their ray's are the same edge's;
     * points nearer than this to the last are one) */
    jump = dmin(1e-6 * v->radius, tol / 4);
    for (j = 0; j < k;) {
        /* Along each direction, and a hair to either side of it: where a ray
         * grazes a corner, what lies beyond it is seen on one side. Directions
         * closer than that are taken together (the first's side, each one,
         * the last's side), so that the points stay in order of angle, which
         * keeps the outline simple. */
        int last = j, i;
        c2d_vec centre, p;
        while (last + 1 < k && w->sight_dirs[last + 1].angle - w->sight_dirs[last].angle < 4 * HAIR) last++;
        centre = ray_point(v, w->sight_dirs[j].d, 0, &bl);
        p = ray_point(v, w->sight_dirs[j].d, -1, &bl);
        if (vlen(vsub(p, centre)) > jump) m = put_point(w->sight_points, m, p, jump);
        for (i = j; i <= last; i++) {
            centre = i == j ? centre : ray_point(v, w->sight_dirs[i].d, 0, &bl);
            m = put_point(w->sight_points, m, centre, jump);
        }
        p = ray_point(v, w->sight_dirs[last].d, 1, &bl);
        if (vlen(vsub(p, centre)) > jump) m = put_point(w->sight_points, m, p, jump);
        j = last + 1;
    }
    /* the wrap: the last points against the first */
    while (m > 2 && (vlen(vsub(w->sight_points[m - 1], w->sight_points[0])) <= jump ||
                     spike(w->sight_points[m - 2], w->sight_points[m - 1], w->sight_points[0])))
        m--;
    while (m > 2 && spike(w->sight_points[m - 1], w->sight_points[0], w->sight_points[1])) {
        memmove(w->sight_points, w->sight_points + 1, (size_t)(m - 1) * sizeof *w->sight_points);
        m--;
    }
    *points = w->sight_points;
    return m;
}
