/*
 * The steps of the turning sweep (turning.c): from a t no touch comes
 * before, how far on no touch can come, by the speed bound over the
 * distance, by the gaps along fixed directions (a convex pair, y still),
 * by the separation of vertices from faces, and by the disk a fast spinner
 * sweeps about its pivot; and where x is at t (its pose, or its core alone).
 */
#include <math.h>
#include <string.h>
#include "turning.h"
#include "gjk.h"

/* The farthest of n points from p: the farthest by squared distance, its
 * length taken once (each on its own where the squares leave the range). */
static double farthest(const c2d_vec *v, int n, c2d_vec p)
{
    double best = -1, m = 0;
    int i, k = 0;
    for (i = 0; i < n; i++) {
        double dx = v[i].x - p.x, dy = v[i].y - p.y, d2 = dx * dx + dy * dy;
        if (d2 > best) {
            best = d2;
            k = i;
        }
    }
    if (best >= 0x1p-900 && best <= 0x1p900) return c2d_hypot(v[k].x - p.x, v[k].y - p.y);
    for (i = 0; i < n; i++) m = dmax(m, c2d_hypot(v[i].x - p.x, v[i].y - p.y));
    return m;
}

double c2d_reach_from(const c2d_shape *s, c2d_vec p)
{
    c2d_bounds b;
    double m = 0, far = -1, r = s->radius;
    int i;
    if (!c2d_bbox(s, &b)) return HUGE_VAL;
    /* A convex shape's own points grown by its radius (a Fan's arc is within
     * its radius of the apex), its slack, and rounding far above the trig
     * tolerance the queries allow a turned Box or a Fan: its box's corners
     * can be far beyond (a Fan about its apex: radius sqrt 2 times). */
    switch (s->kind) {
    case C2D_POINT:
    case C2D_DISK:
    case C2D_FAN: far = farthest(s->p, 1, p); break;
    case C2D_SEGMENT:
    case C2D_CAPSULE: far = farthest(s->p, 2, p); break;
    case C2D_TRIANGLE: far = farthest(s->p, 3, p); break;
    case C2D_BOX: far = farthest(s->corners, 4, p); break;
    case C2D_POLYGON: far = farthest(s->verts, s->count, p) + s->slack * (1 + C2D_SLACK_MARGIN); break;
    default: break;
    }
    if (far >= 0)
        return (far + r + c2d_ulps(64, far + r + fabs(p.x) + fabs(p.y) + c2d_bounds_magnitude(&b))) * (1 + 4 * DBL_EPSILON);
    for (i = 0; i < 4; i++) {
        c2d_vec c = v2((i & 1 ? b.maxx : b.minx) - p.x, (i & 2 ? b.maxy : b.miny) - p.y);
        m = dmax(m, c2d_hypot(c.x, c.y));
    }
    return m * (1 + 4 * DBL_EPSILON);
}

/* Where x, or one of its pieces (src), is at t in y's frame, into tn->pose
 * (at t = 0, src itself). */
c2d_error c2d_turning_place(turning *tn, const c2d_shape *src, double t)
{
    c2d_vec off = tn->wy == 0 ? vscale(tn->dd, t) /* (y's pivot plays no part) */
                              : vsub(pivot_at(tn, t), tn->px);
    double phi = (tn->wx - tn->wy) * t;
    c2d_error e;
    c2d_copy(&tn->pose, src, c2d_is_compound(src) ? tn->room : (void *)tn->verts);
    if (t == 0) return C2D_OK;
    if (phi != 0 && (e = c2d_rotate(&tn->pose, phi, tn->px.x, tn->px.y)) != C2D_OK) return e;
    return c2d_move(&tn->pose, off.x, off.y);
}

/* x's pose at t in y's frame, into tn->pose. */
c2d_error c2d_turning_pose(turning *tn, double t)
{
    return c2d_turning_place(tn, tn->x, t);
}

/* How fast the gap can shrink from t on (n: from y toward x, or (0, 0)). */
/* How fast x's pivot can move in y's frame from t on, any direction: its
 * drift, and y's turn carrying it about y's pivot. */
static double drift(const turning *tn, double t)
{
    c2d_vec c0, c1;
    if (tn->wy == 0) return vlen(tn->dd);
    c0 = vadd(vsub(tn->px, tn->py), vscale(tn->dd, t));
    c1 = vadd(vsub(tn->px, tn->py), tn->dd);
    return vlen(tn->dd) + fabs(tn->wy) * dmax(vlen(c0), vlen(c1));
}

double c2d_turning_speed(const turning *tn, double t, c2d_vec n)
{
    double spin = tn->wx != tn->wy ? fabs(tn->wx - tn->wy) * tn->rx : 0;
    double d = tn->wy == 0 && tn->directional && (n.x != 0 || n.y != 0) ? dmax(0, -vdot(n, tn->dd)) : drift(tn, t);
    return (spin + d) * (1 + 8 * DBL_EPSILON);
}

/* The gap between two bodies of one frame along unit n, from y's side
 * toward x's: their distance is at least this, whatever n is. */
static double shadow_gap(const body *X, const body *Y, c2d_vec n)
{
    return -c2d_support(X, vscale(n, -1)) - c2d_support(Y, n) - X->tol - Y->tol;
}

/* Among a polygon core's edge normals (either way round), the one most
 * along d; (0, 0) for a body with no edge. */
static c2d_vec face_axis(const body *B, c2d_vec d)
{
    c2d_vec best = v2(0, 0);
    double most = -HUGE_VAL;
    int i;
    if (B->type != BODY_POLY || B->n < 2) return best;
    for (i = 0; i < (B->n == 2 ? 1 : B->n); i++) {
        c2d_vec e = vsub(c2d_bv(B, i + 1 == B->n ? 0 : i + 1), c2d_bv(B, i)), m;
        double k;
        if (e.x == 0 && e.y == 0) continue;
        m = vunit(v2(e.y, -e.x));
        k = vdot(m, d);
        if (k < 0) {
            m = vscale(m, -1);
            k = -k;
        }
        if (k > most) {
            most = k;
            best = m;
        }
    }
    return best;
}

/*
 * The step from t along fixed directions: the gap between X and Y (bodies
 * of one frame) along each, less extra, over how fast it can close (x's
 * approach along it and its spin; spinless: the approach alone), the
 * longest. The directions: hint (from the closest points, y toward x), the
 * line between the cores' closest points (unless hint is that: cores), and
 * the faces of y and of x most along it. The closest points are rounded:
 * across a gap of 1e-7 at 5e3 the direction between them is off by 1e-5,
 * and along a tilted direction the gap to a wall 4e4 long is 0.2 less,
 * negative; a face's own normal is exact to rounding. The gap along any
 * direction of y's frame is a lower bound on the distance (convex pairs)
 * that closes no faster than axis_time says, so each step is safe
 * whichever direction gives it.
 */
/* What axis_time reads of y's turn at t, the same for every axis of a step:
 * the turn's cos and sin (on: y turns, by at most 2^20 rad), and the terms
 * of the bound besides the drift's part along the axis. */
typedef struct frame_turn {
    int on;
    double c, s, slack, carry, spin, b;
} frame_turn;

static void frame_turn_at(const turning *tn, double t, frame_turn *ft)
{
    double dl;
    ft->on = tn->wy != 0 && fabs(tn->wy) <= 0x1p20;
    if (!ft->on) return;
    c2d_sincos_near(tn->wy * t, &ft->c, &ft->s);
    dl = vlen(tn->dd);
    ft->slack = dl * (4 * C2D_SINCOS_NEAR_ERR + fabs(tn->wy) * 0x1p-52);
    ft->carry = drift(tn, t) - dl;
    ft->spin = tn->wx != tn->wy ? fabs(tn->wx - tn->wy) * tn->rx : 0;
    ft->b = dl * fabs(tn->wy) * (1 + 8 * DBL_EPSILON);
}

/* When the gap g along unit axis (fixed in y's frame) can have closed,
 * from t. Where y turns by wy, its frame turns the drift dd by -wy s: along
 * the axis it closes at -dd.R(wy t) axis, and by at most |dd| |wy| (s - t)
 * more at s, besides the turn carrying x's pivot (drift's second term) and
 * x's spin. So the gap lasts while a h + b h^2 / 2 < g (h = s - t). The
 * axis turned by wy t is off by the error of c2d_sincos_near and wy t's
 * rounding (|wy| 2^-53, t <= 1) and the products', allowed for in a;
 * beyond a turn of 2^20 rad, the plain bound. */
static double axis_time(const turning *tn, double t, double g, c2d_vec axis, int spinless, const frame_turn *ft)
{
    double a, mu;
    if (!ft->on) {
        mu = spinless ? dmax(0, -vdot(axis, tn->dd)) * (1 + 8 * DBL_EPSILON) : c2d_turning_speed(tn, t, axis);
        return mu > 0 ? t + g / mu : 2;
    }
    a = dmax(0, -vdot(tn->dd, v2(ft->c * axis.x - ft->s * axis.y, ft->s * axis.x + ft->c * axis.y))) + ft->slack +
        ft->carry + ft->spin;
    a *= 1 + 8 * DBL_EPSILON;
    if (!(a > 0) && !(ft->b > 0)) return 2;
    return t + 2 * g / (a + sqrt(a * a + 2 * ft->b * g)) * (1 - 4 * DBL_EPSILON);
}

static double axis_step(const turning *tn, double t, const body *X, const body *Y, c2d_vec hint, double dist,
                        double extra, int spinless, int cores)
{
    c2d_vec axes[4], pa, pb, u;
    double best = t;
    int k = 0, i;
    frame_turn ft;
    if (hint.x != 0 || hint.y != 0) axes[k++] = hint;
    /* (the gap along hint all but the distance: no other does much better) */
    if (k == 0 || shadow_gap(X, Y, hint) < dist * (1 - 1.0 / 1024)) {
        if (!cores && c2d_core_d2(X, Y, -1, &pa, &pb) > 0 && ((u = vsub(pa, pb)).x != 0 || u.y != 0)) {
            axes[k++] = vunit(u);
            if (hint.x == 0 && hint.y == 0) hint = axes[k - 1];
        }
        if (hint.x != 0 || hint.y != 0) {
            if ((u = face_axis(Y, hint)).x != 0 || u.y != 0) axes[k++] = u;
            if ((u = face_axis(X, vscale(hint, -1))).x != 0 || u.y != 0) axes[k++] = vscale(u, -1);
        }
    }
    frame_turn_at(tn, t, &ft);
    for (i = 0; i < k; i++) {
        double g = shadow_gap(X, Y, axes[i]) - extra - tn->tol / 2;
        if (g > 0) best = dmax(best, axis_time(tn, t, g, axes[i], spinless, &ft));
    }
    return best;
}

/* The plain step from t where the pair is dist apart: the speed bound's
 * over the distance, or, where the pair is convex, the gaps along fixed
 * directions (axis_step), when longer. */
double c2d_turning_plain_step(const turning *tn, double t, double dist, const body *X, const body *Y, c2d_vec n,
                              int cores)
{
    double mu = c2d_turning_speed(tn, t, v2(0, 0)), step = mu > 0 ? t + (dist - tn->tol / 2) / mu : 2;
    if (tn->directional) step = dmax(step, axis_step(tn, t, X, Y, n, dist, 0, 0, cores));
    return step;
}

/* x's core where core_at put it, as a body. */
body c2d_turning_moved_core(const turning *tn)
{
    body x = tn->bx;
    x.src = tn->moved;
    x.off = v2(0, 0);
    x.kept = 0;
    return x;
}

/* The plain step for two convex shapes, taken in the frame at o. */
double c2d_turning_shapes_step(const turning *tn, double t, double dist, const c2d_shape *x, const c2d_shape *y,
                               c2d_vec o, c2d_vec n)
{
    body X, Y;
    c2d_body(&X, x, &o);
    c2d_body(&Y, y, &o);
    if (X.type == BODY_LINE || Y.type == BODY_LINE) {
        double mu = c2d_turning_speed(tn, t, v2(0, 0));
        return mu > 0 ? t + (dist - tn->tol / 2) / mu : 2;
    }
    return c2d_turning_plain_step(tn, t, dist, &X, &Y, n, 0);
}

/* A shape of one convex piece. */
int c2d_turning_convex(const c2d_shape *s)
{
    return !c2d_is_compound(s) && s->kind != C2D_TILES && s->kind != C2D_LINE && !c2d_wide_fan(s);
}

/* The step from the disk x sweeps about its pivot: every point of x is
 * within rx of the pivot, so x is at least (the pivot's distance to y) - rx
 * from y, a gap only the pivot's own motion closes (along the direction
 * between the pivot and y's nearest point, when y is convex and does not
 * turn). Where x spins fast far from y, the speed bound's spin term steps
 * ever shorter while this gap closes as the pivot moves. Taken only where
 * the spin is most of the speed (else the plain step goes about as far). */
double c2d_turning_reach_step(turning *tn, double t)
{
    c2d_shape p;
    c2d_distance_result d;
    c2d_vec q = pivot_at(tn, t), n;
    double spin = fabs(tn->wx - tn->wy) * tn->rx, move = drift(tn, t), gap, step;
    if (!(spin > 4 * move) || !(tn->rx < HUGE_VAL) || !isfinite(q.x) || !isfinite(q.y)) return t;
    c2d_point_at(&p, q);
    d = c2d_distance(&p, tn->y);
    gap = d.distance - tn->rx - tn->tol / 2;
    if (!(gap > 0)) return t;
    move *= 1 + 8 * DBL_EPSILON;
    step = move > 0 ? t + gap / move : 2;
    n = vsub(d.a, d.b);
    if (tn->wy == 0 && c2d_turning_convex(tn->y) && (n.x != 0 || n.y != 0)) {
        /* along fixed directions: the pivot's gap to y's shadow on each */
        body X, Y;
        c2d_body(&X, &p, &d.b);
        c2d_body(&Y, tn->y, &d.b);
        step = dmax(step, axis_step(tn, t, &X, &Y, vunit(n), d.distance, tn->rx, 1, 0));
    }
    return step;
}

/* The farthest a point w of y's frame is from x's pivot, from t to 1: the
 * pivot's path is a line when y does not turn (the farther end), else it
 * stays within cmax of y's pivot. */
static double far_from_pivot(const turning *tn, c2d_vec w, double t)
{
    if (tn->wy == 0)
        return dmax(vlen(vsub(w, vadd(tn->px, vscale(tn->dd, t)))), vlen(vsub(w, vadd(tn->px, tn->dd)))) * (1 + 8 * DBL_EPSILON);
    return (vlen(vsub(w, tn->py)) + tn->cmax) * (1 + 8 * DBL_EPSILON);
}

/* Steps that no touch comes before, from the gap along one direction.
 *
 * For any unit n, the distance between x and y is at least the gap between
 * their shadows on n. Two directions are followed, both through n, the
 * direction between the closest points at time `at`:
 *  - fixed in y's frame (a vertex of x coming to a face of y): y's side is
 *    a constant, x's the least of f_i(s) = n.(R(phi s) u_i + q(s)), u_i a
 *    vertex about x's pivot and q(s) where the pivot is (pivot_at);
 *  - turning with x (a vertex of y coming to a face of x):
 *    m(s) = -R(phi (s - at)) n, x's side a constant, y's the least of
 *    g_j(s) = m(s).(w_j - q(s)).
 * Each f_i, g_j is smooth with |f''| <= M (below, one for all), so it stays above a level
 * for the h before the root of f + f' h - M h^2 / 2. Each vertex is taken
 * with its own gap and speed; stepping to the least of their h's, and again
 * from there, reaches where the gap first comes down to the level:
 * quadratically, where conservative advancement, bounding every vertex by
 * the fastest, steps ever shorter. The bounds on [t, 1]: |q'| <= |d_x - d_y|
 * + |wy| cmax, |q''| <= wy^2 cmax + 2 |wy| |d_x - d_y|, and |w_j - q| as
 * far_from_pivot. From a t no touch comes before, returns a t' >= t before
 * which the gap along the direction stays above level (past 1: none within
 * the step). */
double c2d_turning_separation_step(const turning *tn, double at, double t, c2d_vec n, int turning_with_x,
                                   double level)
{
    double phi = tn->wx - tn->wy, side = -HUGE_VAL, dd = vlen(tn->dd);
    double mq = tn->wy != 0 ? tn->wy * tn->wy * tn->cmax + 2 * fabs(tn->wy) * dd : 0;
    double qv = dd + fabs(tn->wy) * tn->cmax, mm, ea, ev;
    const body *own = turning_with_x ? &tn->bx : &tn->by, *other = turning_with_x ? &tn->by : &tn->bx;
    c2d_vec m = n; /* the direction at phi t = 0 */
    int i, k;
    if (turning_with_x) {
        double co, si;
        c2d_sincos(-phi * at, &co, &si);
        m = v2(co * n.x - si * n.y, si * n.x + co * n.y);
        m = vscale(m, -1); /* from x toward y */
    }
    /* the constant side: the one the direction is fixed to (a Line's, along
     * its normal, is its point's) */
    if (own->type == BODY_LINE) side = vdot(m, c2d_bv(own, 0));
    else for (i = 0; i < own->n; i++) side = dmax(side, vdot(m, c2d_bv(own, i)));
    side += tn->bx.r + tn->bx.tol + tn->by.r + tn->by.tol;
    /* one M for every vertex, over [t, 1] */
    /* and what the turn's cos and sin (c2d_sincos_near, each within
     * C2D_SINCOS_NEAR_ERR: the turn's matrix within twice that) take from
     * each gap and each rate: 2 err |w| and 2 err (|phi| |w| + |q'|), w the
     * vertex turned (from x's pivot: within rx) or turned against (within
     * far), taken off both (a step from lower values is shorter) */
    if (turning_with_x) {
        double far = 0;
        for (i = 0; i < other->n; i++) far = dmax(far, far_from_pivot(tn, c2d_bv(other, i), t));
        mm = phi * phi * far + 2 * fabs(phi) * qv + mq;
        ea = 2 * C2D_SINCOS_NEAR_ERR * far;
        ev = 2 * C2D_SINCOS_NEAR_ERR * (fabs(phi) * far + qv);
    } else {
        mm = phi * phi * tn->rx + mq;
        ea = 2 * C2D_SINCOS_NEAR_ERR * tn->rx;
        ev = 2 * C2D_SINCOS_NEAR_ERR * fabs(phi) * tn->rx;
    }
    for (k = 0; k < 32; k++) {
        c2d_vec q, dq, dir;
        double co, si, least = HUGE_VAL, h = HUGE_VAL;
        q = pivot_at(tn, t);
        if (tn->wy == 0) {
            dq = tn->dd;
        } else {
            c2d_vec rc = vsub(q, tn->py);
            dq = vadd(rot(tn->dd, -tn->wy * t), vscale(v2(-rc.y, rc.x), -tn->wy));
        }
        c2d_sincos_near(phi * t, &co, &si);
        dir = turning_with_x ? v2(co * m.x - si * m.y, si * m.x + co * m.y) : n;
        for (i = 0; i < other->n; i++) {
            c2d_vec u = c2d_bv(other, i);
            double a, v, r;
            if (turning_with_x) { /* g = dir.(w - q) - side */
                c2d_vec w = vsub(u, q);
                a = vdot(dir, w) - side - level;
                v = phi * (dir.x * w.y - dir.y * w.x) - vdot(dir, dq);
            } else { /* f = n.(R u + q) - side */
                c2d_vec ru = v2(co * u.x - si * u.y, si * u.x + co * u.y);
                a = vdot(n, vadd(ru, q)) - side - level;
                v = phi * (n.y * ru.x - n.x * ru.y) + vdot(n, dq);
            }
            a -= ea;
            v -= ev;
            if (!(a > 0)) return t;
            least = dmin(least, a);
            /* (still above its level h on, by the bound: its own step is
             * longer, and needs no root; rounding here is far below the
             * level) */
            if (h < HUGE_VAL && a + h * (v - mm * h / 2) > 0) continue;
            r = sqrt(v * v + 2 * mm * a);
            if (v <= 0) h = dmin(h, 2 * a / (r - v));
            else if (mm > 0) h = dmin(h, (r + v) / mm);
        }
        /* near the level: the distance decides from here */
        if (least <= level / 2 || !(h < HUGE_VAL)) return h < HUGE_VAL ? t : 2;
        t += h * (1 - 8 * DBL_EPSILON);
        if (t > 1) return t;
    }
    return t;
}

/* A convex pair of bodies (tn->fast) is measured from their cores alone,
 * x's turned and moved into tn->moved as pose_at would, with no shape built:
 * within the rounding of the cores' coordinates of c2d_distance on the
 * poses. core_at places x's core at t; core_distance measures it, moved on
 * by shift (0: the cores could not tell). */
void c2d_turning_core_at(turning *tn, double t)
{
    c2d_vec q = pivot_at(tn, t);
    double co, si;
    int i;
    c2d_sincos((tn->wx - tn->wy) * t, &co, &si);
    for (i = 0; i < tn->bx.n; i++) {
        c2d_vec v = c2d_bv(&tn->bx, i);
        tn->moved[i] = v2(q.x + (co * v.x - si * v.y), q.y + (si * v.x + co * v.y));
    }
}

int c2d_turning_core_distance(const turning *tn, c2d_vec shift, c2d_distance_result *out)
{
    body x = tn->bx;
    c2d_vec moved[C2D_MAX_VERTICES], pa, pb, u;
    double d2;
    int i;
    for (i = 0; i < x.n; i++) moved[i] = vadd(tn->moved[i], shift);
    x.src = moved;
    x.off = v2(0, 0);
    x.kept = 0;
    /* (GJK's walk stops within 1e-12 of the distance: the least it may be) */
    d2 = x.n + tn->by.n > 4 ? c2d_polygon_cores_near(&x, &tn->by, &pa, &pb) * (1 - 1e-11) : -1;
    if (d2 < 0) d2 = c2d_core_d2(&x, &tn->by, -1, &pa, &pb);
    if (!(d2 > 0 && d2 < HUGE_VAL)) return 0;
    u = vunit(vsub(pa, pb));
    out->distance = sqrt(d2) - (tn->bx.r + tn->by.r + tn->bx.tol + tn->by.tol);
    out->a = vsub(pa, vscale(u, tn->bx.r));
    out->b = vadd(pb, vscale(u, tn->by.r));
    return 1;
}

double c2d_turning_separations(const turning *tn, double t, double step, c2d_vec n)
{
    step = c2d_turning_separation_step(tn, t, step, n, 0, tn->tol / 2);
    if (step <= 1 && tn->wx != tn->wy) step = c2d_turning_separation_step(tn, t, step, n, 1, tn->tol / 2);
    return step;
}
