/*
 * Raycast: when does a point moving from origin along dir first touch a
 * shape (a point swept against it; see first_touch.c). The disk, AABB, Box,
 * Triangle and Polygon answer from their numbers; the rest go the sweep's
 * general way.
 */
#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sweep.h"
#include "convex.h"

static c2d_sweep_result raycast_in_range(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);


/* Is a magnitude one c2d_pair_exponent leaves unscaled (0, or within the
 * range), and a number: then the direct paths below compute what the
 * general one would. */
static int unscaled(double m)
{
    return m == 0 || (m >= C2D_RANGE_LO && m <= C2D_RANGE_HI);
}

/* The ray starting inside: t = 0, the normal facing the ray. */
static void ray_starts_inside(double ox, double oy, double dx, double dy, c2d_sweep_result *res)
{
    res->hit = 1;
    res->t = 0;
    res->normal = vunit(v2(-dx, -dy));
    if (res->normal.x == 0 && res->normal.y == 0) res->normal = v2(0, -1);
    res->point = v2(ox, oy);
}

/*
 * A ray from o along d, t in [0, tmax], against the point p (not o): it
 * meets p only on the line exactly (the sign of d x (p - o), exact; a
 * rounded cross product puts points 1e-200 off a ray of length 1 on it),
 * ahead of o, and t is where along d. The normal faces the ray.
 */
static int ray_point(c2d_vec o, c2d_vec d, c2d_vec p, double tmax, double *t, c2d_vec *n)
{
    c2d_vec w = vsub(p, o);
    double along = vdot(w, d);
    if (!(along > 0) || c2d_cross_exact(d, o, p) != 0) return 0;
    *t = along / vdot(d, d);
    if (!(*t <= tmax)) return 0;
    *n = vunit(vscale(d, -1));
    return 1;
}

/* A hit at t with normal n, the ray's start at o along d. */
static void ray_hit(double ox, double oy, double dx, double dy, double t, c2d_vec n, c2d_sweep_result *res)
{
    res->hit = 1;
    res->t = t;
    res->normal = n;
    res->point = v2(ox + dx * t, oy + dy * t);
}

/*
 * The ray from o along v = (vx, vy), t in [0, tmax], against the circle of
 * radius R about p (c = p - o in the ray's frame), which the start is
 * outside: ray_circle's time, on plain numbers (the direct paths keep the
 * pair's vectors out of memory). The normal does not wait for t: with
 * w = start - centre, x = v cross w and s the root of a R^2 - x^2 (a = v.v),
 * the touching point less the centre is (x perp(v) - s v) / a, of length R,
 * so the unit normal is that over a R, with no cancellation however far
 * the start is. A point (R = 0) faces the ray.
 */
/* A circle so small beside the ray that a R^2 leaves the range of squares:
 * decided exactly, the root's square taken with x and R scaled up by 2^*se
 * (the normal's formula does not see the scale; 2^*se itself may be past
 * the doubles, for a subnormal R, so each number is scaled on its own).
 * Out of line: rare. */
static C2D_NOINLINE int tiny_circle(c2d_vec o, c2d_vec p, double R, double vx, double vy, double a, double *x,
                                    double *disc, int *se)
{
    double Rs;
    if (!c2d_ray_line_within_exact(p, o, v2(vx, vy), R)) return 0;
    *se = -ilogb(R);
    Rs = ldexp(R, *se);
    *x = ldexp(*x, *se);
    *disc = dmax(0, a * Rs * Rs - *x * *x);
    return 1;
}

static int ray_disk(c2d_vec o, c2d_vec p, double R, double vx, double vy, double tmax, double *t, c2d_vec *n)
{
    double cx = p.x - o.x, cy = p.y - o.y, wx = 0 - cx, wy = 0 - cy;
    double a = vx * vx + vy * vy, b = wx * vx + wy * vy, cc = (wx * wx + wy * wy) - R * R, x, disc, s, k, err;
    int se = 0;
    /* (the start is outside, by the exact test before: a cc rounded below 0
     * is a start touching to rounding, met at once) */
    if (a == 0 || b >= 0) return 0; /* still, or moving away */
    if (cc < 0) cc = 0;
    /* b^2 - a*cc rewritten (Lagrange's identity) so that it does not cancel:
     * the line misses the circle exactly when |v x w| > R |v|. Its sign is
     * taken when clear of the rounding of w and of the products (a bound,
     * with no root), and decided exactly on the shapes' own numbers when not
     * (a ray that grazes the circle). */
    x = vx * wy - vy * wx;
    if (R > 0 && !(a * R * R >= C2D_SQUARES_LO)) {
        if (!tiny_circle(o, p, R, vx, vy, a, &x, &disc, &se)) return 0;
    } else {
        disc = a * R * R - x * x;
        err = 0x1p-46 * (a * R * R + x * x + fabs(x) * (fabs(vx) + fabs(vy)) * (fabs(wx) + fabs(wy))) + C2D_FILTER_ABS;
        if (!(fabs(disc) > err) && !c2d_ray_line_within_exact(p, o, v2(vx, vy), R)) return 0;
        if (disc < 0) {
            if (!(fabs(disc) <= err)) return 0;
            disc = 0; /* (within R exactly: a graze) */
        }
    }
    s = sqrt(disc);
    *t = cc / (-b + (se ? ldexp(s, -se) : s)); /* the smaller root, in the form that does not cancel */
    if (*t > tmax) return 0;
    k = a * (se ? ldexp(R, se) : R);
    if (R > 0 && k >= C2D_SQUARES_LO && k <= C2D_SQUARES_HI) {
        *n = v2((-x * vy - s * vx) / k, (x * vx - s * vy) / k);
    } else {
        c2d_vec q = v2(0 + vx * *t, 0 + vy * *t);
        *n = R == 0 ? v2(0, 0) : vunit(v2(q.x - cx, q.y - cy));
        if (n->x == 0 && n->y == 0) *n = vunit(v2(-vx, -vy));
    }
    return 1;
}

/* A ray against a Point or a Disk, read from its numbers: the test hits
 * makes for a point and a disk, on the same numbers, then the circle in the
 * ray's frame. Inline, so that the result stays in registers. */
static inline void ray_round(const c2d_shape *s, double ox, double oy, double dx, double dy, double maxt,
                             c2d_sweep_result *res)
{
    double t;
    c2d_vec n;
    c2d_no_hit(res);
    if (c2d_pt_pt_within(v2(ox, oy), s->p[0], s->radius, 0)) {
        ray_starts_inside(ox, oy, dx, dy, res);
        return;
    }
    if ((dx == 0 && dy == 0) || !(maxt > 0)) return;
    if (s->radius == 0 ? ray_point(v2(ox, oy), v2(dx, dy), s->p[0], maxt, &t, &n)
                       : ray_disk(v2(ox, oy), s->p[0], s->radius, dx, dy, maxt, &t, &n))
        ray_hit(ox, oy, dx, dy, t, n, res);
}

c2d_sweep_result c2d_disk_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    c2d_sweep_result r;
    ray_round(s, origin.x, origin.y, dir.x, dir.y, maxt, &r);
    return r;
}

/*
 * A ray against a sharp convex polygon with an interior, read from its own
 * vertices in the ray's frame: the start is inside when it is on the inner
 * side of every edge line (the test hits makes for a point), and the ray is
 * in the polygon from the last entry into an edge's half-plane to the first
 * exit. Each edge gives one depth h (the start's distance inside its line,
 * times the edge's length), which both tests share; the arithmetic is the
 * general path's (a point body swept against the polygon's body), so the
 * answers are the same. Returns 0, deciding nothing, when rounding in this
 * frame flattens the polygon (the general path treats it as flat) or puts
 * the entry off the edge it is through (see sharp_cores_toi).
 */
/* The outward normal (length: the edge's) of edge i of a polygon in the
 * ray's frame, o the ray's start: the arithmetic the edge loop below uses. */
static void edge_outward(const c2d_vec *v, int n, int orient, int i, double ox, double oy, double *nx, double *ny)
{
    double v0x = v[0].x - ox, v0y = v[0].y - oy;
    double ax = i == 0 ? v0x : v[i].x - ox, ay = i == 0 ? v0y : v[i].y - oy;
    double bx = i + 1 == n ? v0x : v[i + 1].x - ox, by = i + 1 == n ? v0y : v[i + 1].y - oy;
    double ex = bx - ax, ey = by - ay;
    *nx = orient < 0 ? -ey : ey;
    *ny = orient < 0 ? ex : -ex;
}

static int ray_sharp_polygon(const c2d_vec *v, int n, int orient, double ox, double oy, double dx, double dy,
                             double maxt, int near, c2d_sweep_result *res)
{
    double tin = -C2D_INF, tout = C2D_INF, area = 0, nix, niy, o1 = fabs(ox) + fabs(oy);
    double v0x = v[0].x - ox, v0y = v[0].y - oy, ax, ay;
    int i, inside = 1, enter, best = -1, along_outside = 0, unsure = 0, out = 0;
    ax = v0x;
    ay = v0y;
    /* Which edges the ray enters by is as good as random: the times are
     * kept by min and max and the entering edge by its index, so that no
     * branch waits on a division. The same pass sums the orientation in
     * this frame (the fan from v[0], as the body's). */
    for (i = 0; i < n; i++) {
        double bx = i + 1 == n ? v0x : v[i + 1].x - ox, by = i + 1 == n ? v0y : v[i + 1].y - oy;
        double ex = bx - ax, ey = by - ay, nx = ey, ny = -ex, h, nv, t, te, tx;
        if (i > 0 && i + 1 < n) area += (ax - v0x) * (by - v0y) - (ay - v0y) * (bx - v0x);
        if (orient < 0) { nx = -nx; ny = -ny; } /* (ey, -ex) is outward for a counter-clockwise polygon */
        /* The ray's start is the point body's only vertex, at the frame's origin. */
        h = (ax * nx + ay * ny) + (0 * -nx + 0 * -ny);
        {
            /* h's rounding, and its differences' from the shape's own
             * numbers (each within an ulp of |a| + |o|): within it, the
             * start's side of this edge is for the exact test to say */
            double err = 0x1p-49 * (fabs(ax) + fabs(ay) + o1) * (fabs(nx) + fabs(ny));
            unsure |= fabs(h) <= err;
            out |= h < -err;
        }
        ax = bx;
        ay = by;
        inside &= !(h < 0);
        nv = nx * dx + ny * dy;
        if (nv == 0) {
            along_outside |= h < 0; /* outside an edge the ray runs along: a miss */
            continue;
        }
        t = h / nv;
        te = nv < 0 ? t : -C2D_INF; /* as an entry, as an exit */
        tx = nv > 0 ? t : C2D_INF;
        tout = dmin(tout, tx);
        enter = te > tin;
        if (t == tin && te == t && nv < 0) { /* (rare: tested first, as nv's sign is as good as random) */
            /* On a tie, the face the ray runs into most squarely. */
            double bnx = 0, bny = 0;
            if (best >= 0) edge_outward(v, n, orient, best, ox, oy, &bnx, &bny);
            enter = nv / sqrt(nx * nx + ny * ny) <
                    (best >= 0 ? (bnx * dx + bny * dy) / sqrt(bnx * bnx + bny * bny) : 0);
        }
        tin = dmax(tin, te); /* t on an entry that wins or ties */
        best = enter ? i : best;
    }
    if ((area > 0 ? 1 : area < 0 ? -1 : 0) != orient) return 0; /* flattened in this frame */
    if (near && unsure && !out) return 0; /* on an edge line within rounding: hits' exact test decides */
    c2d_no_hit(res);
    if (along_outside) return 1;
    if (inside && near) {
        ray_starts_inside(ox, oy, dx, dy, res);
        return 1;
    }
    if (!(maxt > 0) || !(tin <= tout) || tin > maxt || tout < 0) return 1;
    if (tin < 0) tin = 0; /* apart only by the rounding of h: touching now */
    nix = niy = 0;
    /* No edge entered: the start is within every half-plane, yet not
     * inside by hits' test (a sliver's tip): the general path decides. */
    if (best < 0) return 0;
    {
        /* The entry must lie on the edge it is through, as in
         * sharp_cores_toi; off it (edge lines nearly parallel), the general
         * path decides. */
        int j = best + 1 == n ? 0 : best + 1;
        c2d_vec p = v2(dx * tin, dy * tin), e0 = v2(v[best].x - ox, v[best].y - oy), e1 = v2(v[j].x - ox, v[j].y - oy);
        double tol = c2d_ulps(C2D_FACE_ROUNDING, fabs(p.x) + fabs(p.y) + fabs(e0.x) + fabs(e0.y) + fabs(e1.x) + fabs(e1.y));
        if (!(c2d_pt_seg_d2(p, e0, e1, NULL) <= tol * tol)) return 0;
        edge_outward(v, n, orient, best, ox, oy, &nix, &niy);
    }
    ray_hit(ox, oy, dx, dy, tin, vunit(v2(nix, niy)), res);
    return 1;
}

/* Could the ray's start hit s, by hits' first test (c2d_bounds_meet): past
 * a sliver's tip its edge lines' tests, all within rounding of 0, can hold
 * a point well off it, which hits never reaches. */
static int start_near(const c2d_shape *s, double ox, double oy)
{
    c2d_bounds b;
    b.minx = b.maxx = ox;
    b.miny = b.maxy = oy;
    return c2d_bounds_meet(&b, &s->bounds);
}

/*
 * The kinds a ray reads straight from the shape's numbers (a disk or point,
 * an AABB, a sharp Triangle or Polygon), when nothing needs scaling (reach:
 * the pair's magnitude with the ray, near: without its direction). Returns
 * 0 for anything else, which goes the general way.
 */
static int raycast_direct(const c2d_shape *s, double ox, double oy, double dx, double dy, double maxt, double reach,
                          double near, c2d_sweep_result *res)
{
    if (!unscaled(reach)) return 0;
    switch (s->kind) {
    case C2D_POINT:
    case C2D_DISK:
        ray_round(s, ox, oy, dx, dy, maxt, res);
        return 1;
    case C2D_AABB: {
        /* Slabs: the later of the axes' entries, before either exits (touching counts). */
        double lox = s->p[0].x - ox, loy = s->p[0].y - oy, hix = s->p[1].x - ox, hiy = s->p[1].y - oy;
        double ex, lx, ey, ly, t;
        int on_x;
        if (s->ccw == 0) return 0;
        c2d_no_hit(res);
        if (s->p[0].x <= ox && ox <= s->p[1].x && s->p[0].y <= oy && oy <= s->p[1].y) {
            ray_starts_inside(ox, oy, dx, dy, res);
            return 1;
        }
        if ((dx == 0 && dy == 0) || !(maxt > 0)) return 1;
        if (dx == 0) { if (lox > 0 || hix < 0) return 1; ex = -C2D_INF; lx = C2D_INF; }
        else { ex = (dx > 0 ? lox : hix) / dx; lx = (dx > 0 ? hix : lox) / dx; }
        if (dy == 0) { if (loy > 0 || hiy < 0) return 1; ey = -C2D_INF; ly = C2D_INF; }
        else { ey = (dy > 0 ? loy : hiy) / dy; ly = (dy > 0 ? hiy : loy) / dy; }
        on_x = ex > ey || (ex == ey && fabs(dx) >= fabs(dy));
        t = dmax(on_x ? ex : ey, 0);
        if (t > maxt || t > lx || t > ly) return 1;
        ray_hit(ox, oy, dx, dy, t, on_x ? v2(dx > 0 ? -1 : 1, 0) : v2(0, dy > 0 ? -1 : 1), res);
        return 1;
    }
    case C2D_TRIANGLE:
        /* The start's test is hits' for a point, which scales by near alone
         * and asks first whether the start's box meets the shape's. */
        if (s->ccw == 0 || s->radius > 0 || !unscaled(near)) return 0;
        return ray_sharp_polygon(s->p, 3, s->ccw, ox, oy, dx, dy, maxt, start_near(s, ox, oy), res);
    case C2D_POLYGON:
        if (s->ccw == 0 || s->slack > 0 || s->radius > 0 || s->count < 3 || !unscaled(near)) return 0;
        return ray_sharp_polygon(s->verts, s->count, s->ccw, ox, oy, dx, dy, maxt, start_near(s, ox, oy), res);
    default:
        return 0;
    }
}

/* The answer for the ray as the caller gave it: t scaled back by span (the
 * ray's length, when it was taken as one step) and kept within the ray.
 * Built field by field from r's numbers, so that no struct is copied whole
 * over fields just stored one by one (a stall on store forwarding). */
static c2d_sweep_result ray_answer(const c2d_sweep_result *r, double span, double maxt)
{
    c2d_sweep_result out;
    double t = r->t * span;
    out.hit = r->hit;
    out.t = t > span * maxt ? span * maxt : t;
    out.normal.x = r->normal.x;
    out.normal.y = r->normal.y;
    out.point.x = r->point.x;
    out.point.y = r->point.y;
    return out;
}

/* A ray beyond the range of squares, on a copy scaled by 2^-e: out of line
 * with its scratch (as much as the shape needs). */
static C2D_NOINLINE c2d_sweep_result raycast_scaled(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt, int e)
{
    c2d_shape ss;
    c2d_vec room[c2d_scaled_room(s)], d = vldexp(dir, -e);
    c2d_sweep_result r;
    int k = 0;
    if (!(isfinite(d.x) && isfinite(d.y))) {
        /* A direction far longer than the reach (maxt near 0) would pass the
         * largest number: taken 2^k shorter, with t counted 2^k longer
         * (maxt * 2^k stays near the reach, within range). */
        k = ilogb(dmax(fabs(dir.x), fabs(dir.y))) - e;
        d = vldexp(dir, -e - k);
    }
    r = raycast_in_range(c2d_scaled_copy(s, e, &ss, room), vldexp(origin, -e), d, ldexp(maxt, k));
    r.t = ldexp(r.t, -k);
    r.point = vldexp(r.point, e);
    return r;
}

/* Any shape, on copies scaled by 2^-e when the pair is beyond the range of
 * squares: kept out of line, so the direct paths do not pay for its stack. */
static C2D_NOINLINE c2d_sweep_result raycast_general(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt,
                                                     double reach, double span)
{
    c2d_sweep_result r;
    int e = c2d_pair_exponent(s, NULL, reach);
    if (e == 0) {
        r = raycast_in_range(s, origin, dir, maxt);
    } else {
        r = raycast_scaled(s, origin, dir, maxt, e);
    }
    return ray_answer(&r, span, maxt);
}

c2d_sweep_result c2d_convex_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    /* The whole ray as about one step (t in [1/2, 1]) when that is a number,
     * so that its reach scales with the shape; the step is maxt rounded up to
     * a power of two, which scales the direction exactly (a ray through a
     * corner still meets it whatever maxt is), and t is scaled back by it. */
    const c2d_bounds *b = &s->bounds;
    double ox = origin.x, oy = origin.y, dx = dir.x, dy = dir.y;
    double span = 1, reach, size, start;
    c2d_sweep_result r;
    if (maxt >= 0x1p-1000 && maxt <= 0x1p1000) {
        /* (the same on the number's bits, with no call: maxt normal, its
         * power of two and the inverse normal too) */
        uint64_t bits;
        int k;
        double up, down, sx, sy;
        memcpy(&bits, &maxt, sizeof bits);
        k = (int)((bits >> 52) & 0x7ff) - 1022; /* maxt = m 2^k, m in [1/2, 1) */
        if ((bits & 0xfffffffffffffULL) == 0) k--; /* a power of two: the step is maxt itself */
        bits = (uint64_t)(k + 1023) << 52;
        memcpy(&up, &bits, sizeof up);
        bits = (uint64_t)(1023 - k) << 52;
        memcpy(&down, &bits, sizeof down);
        sx = dir.x * up;
        sy = dir.y * up;
        if (isfinite(sx) && isfinite(sy) && sx * down == dir.x && sy * down == dir.y) {
            span = up;
            maxt *= down;
            dx = sx;
            dy = sy;
        }
    } else if (maxt > 0 && isfinite(maxt)) {
        int k;
        double m = frexp(maxt, &k), sx, sy;
        if (m == 0.5) { m = 1; k--; } /* a power of two: the step is maxt itself */
        sx = ldexp(dir.x, k);
        sy = ldexp(dir.y, k);
        if (isfinite(sx) && isfinite(sy) && ldexp(sx, -k) == dir.x && ldexp(sy, -k) == dir.y) {
            span = ldexp(1, k);
            maxt = m;
            dx = sx;
            dy = sy;
        }
    }
    start = dmax(fabs(ox), fabs(oy));
    /* (maxt = 0 tests the start alone: the direction, however long, reaches
     * nowhere, and must not scale the pair: by 2^1023 the shape and the
     * start would fall together.) */
    reach = maxt > 0 ? dmax(start, dmax(fabs(dx), fabs(dy)) * (maxt < 1 ? 1 : maxt)) : start;
    /* The shape's magnitude, as c2d_pair_exponent takes it from finite bounds. */
    size = dmax(dmax(fabs(b->minx), fabs(b->maxx)), dmax(fabs(b->miny), fabs(b->maxy)));
    if (size < C2D_INF && raycast_direct(s, ox, oy, dx, dy, maxt, dmax(size, reach), dmax(start, size), &r))
        return ray_answer(&r, span, maxt);
    return raycast_general(s, v2(ox, oy), v2(dx, dy), maxt, reach, span);
}

static c2d_sweep_result raycast_in_range(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    c2d_sweep_result res;
    c2d_shape p;
    body P, S;
    first_touch ft;
    int inside, built = 0;
    c2d_no_hit(&res);
    if (s->kind == C2D_DISK || s->kind == C2D_POINT) {
        /* The test hits makes for a point and a disk. */
        inside = c2d_pt_pt_within(origin, s->p[0], s->radius, 0);
    } else if (s->kind == C2D_AABB) {
        inside = s->p[0].x <= origin.x && origin.x <= s->p[1].x && s->p[0].y <= origin.y && origin.y <= s->p[1].y;
    } else {
        c2d_point_at(&p, origin);
        /* The shared decision, in the pair's canonical order; when the
         * point comes first, its bodies are in the ray's frame and serve
         * the rest. */
        if (c2d_shape_order(&p, s) > 0) {
            inside = c2d_hits_at_scale(s, &p, &S, &P, &built);
            built = 0;
        } else {
            inside = c2d_hits_at_scale(&p, s, &P, &S, &built);
        }
    }
    if (inside) {
        /* Starting inside: t = 0, the normal facing the ray. */
        res.hit = 1;
        res.normal = vunit(vscale(dir, -1));
        if (res.normal.x == 0 && res.normal.y == 0) res.normal = v2(0, -1);
        res.point = origin;
        return res;
    }
    if ((dir.x == 0 && dir.y == 0) || !(maxt > 0)) return res;
    ft.t = C2D_INF;
    ft.n = v2(0, 0);
    if (s->kind == C2D_DISK || s->kind == C2D_POINT) {
        /* A circle, straight from the shape's numbers (in the ray's frame). */
        c2d_vec c = vsub(s->p[0], origin);
        if (s->radius == 0) ray_point(origin, dir, s->p[0], maxt, &ft.t, &ft.n);
        else c2d_ray_circle(v2(0, 0), dir, c, s->radius, 0, maxt, 1, &ft);
        if (ft.t > maxt) return res;
        res.hit = 1;
        res.t = ft.t;
        res.normal = ft.n;
        res.point = vadd(origin, vscale(dir, ft.t));
        return res;
    }
    if (s->kind == C2D_AABB && s->ccw != 0) {
        /* Slabs: the later of the axes' entries, before either exits (touching counts). */
        c2d_vec lo = vsub(s->p[0], origin), hi = vsub(s->p[1], origin);
        double ex, lx, ey, ly, t;
        int on_x;
        if (dir.x == 0) { if (lo.x > 0 || hi.x < 0) return res; ex = -C2D_INF; lx = C2D_INF; }
        else { ex = (dir.x > 0 ? lo.x : hi.x) / dir.x; lx = (dir.x > 0 ? hi.x : lo.x) / dir.x; }
        if (dir.y == 0) { if (lo.y > 0 || hi.y < 0) return res; ey = -C2D_INF; ly = C2D_INF; }
        else { ey = (dir.y > 0 ? lo.y : hi.y) / dir.y; ly = (dir.y > 0 ? hi.y : lo.y) / dir.y; }
        on_x = ex > ey || (ex == ey && fabs(dir.x) >= fabs(dir.y));
        t = dmax(on_x ? ex : ey, 0);
        if (t > maxt || t > lx || t > ly) return res;
        res.hit = 1;
        res.t = t;
        res.normal = on_x ? v2(dir.x > 0 ? -1 : 1, 0) : v2(0, dir.y > 0 ? -1 : 1);
        res.point = vadd(origin, vscale(dir, t));
        return res;
    }
    if (s->kind == C2D_DISK || s->kind == C2D_POINT || s->kind == C2D_AABB) {
        /* (a flat AABB comes here; the point was not made for it) */
        c2d_point_at(&p, origin);
    }
    if (!built) {
        c2d_body(&P, &p, &origin);
        c2d_body(&S, s, &origin);
    }
    if (c2d_sharp_solid(&S)) {
        /* A sharp convex polygon: the ray between the last entry into and
         * the first exit from its edges' half-planes (touching counts);
         * a touch off its face is left to the edges and corners below. */
        int found = c2d_sharp_cores_toi(&P, &S, dir, maxt, &ft);
        if (found == 0) return res;
        if (found > 0) {
            res.hit = 1;
            res.t = ft.t;
            res.normal = ft.n;
            res.point = vadd(origin, vscale(dir, ft.t));
            return res;
        }
    }
    if (S.type == BODY_POLY) {
        /* A polygon core grown by its radius: the ray's point against its
         * edges and corners in one pass. */
        c2d_point_against_core(v2(0, 0), dir, &S, S.r + S.tol, maxt, 1, &ft);
        if (ft.t > maxt) return res;
    } else {
        /* (Against a Line, as a point's sweep: decided by the sides of the
         * line the start and the end are on; see corners_line.) */
        c2d_first_contact(&P, dir, &S, maxt, &ft);
        if (ft.t > maxt) return res;
    }
    res.hit = 1;
    res.t = ft.t;
    c2d_shift_body(&P, vscale(dir, ft.t), NULL); /* a point: its own vertex */
    res.normal = c2d_separating_normal(&P, &S, ft.n, dir);
    res.point = vadd(origin, vscale(dir, ft.t));
    return res;
}
