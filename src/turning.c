/*
 * Sweeps of shapes that turn while they move: the first t in [0, 1] at which
 * two shapes, each turned by t * angle about its pivot and moved by t * d,
 * come within a tolerance of each other.
 *
 * Conservative advancement, with the exact distance as its oracle. The
 * distance is measured in the frame of one shape, y, where only the other,
 * x, moves: turned by phi(t) = (angle_x - angle_y) t about its pivot and
 * moved by off(t) = R(-angle_y t)(pivot_x - pivot_y + t (d_x - d_y)) +
 * pivot_y - pivot_x. No point of x moves faster, in that frame, than
 *   mu = |angle_x - angle_y| r_x + |d_x - d_y| + |angle_y| max |pivot_x - pivot_y + t (d_x - d_y)|,
 * r_x the farthest point of x from its pivot, so where they are d apart no
 * touch can come sooner than d / mu later: each step goes that far (less a
 * margin of half the tolerance, for the rounding of the poses), and a touch
 * is never stepped over. Where both are convex and y does not turn, the
 * part of the motion along the line between their closest points alone
 * counts (the gap along it shrinks no faster than that).
 *
 * A start within the tolerance follows sweep's rule: moving in is a hit at
 * t = 0; parting or sliding is not, and the steps then go on from where
 * they are apart (a slide is followed in doubling steps while they stay
 * within the tolerance and no deeper).
 */
#include <math.h>
#include <string.h>
#include "compound.h"
#include "tiles.h"

/* The most steps before the answer is the last t reached (a hit: never
 * later than a touch). */
enum { TURNING_STEPS = 1 << 13 };

typedef struct turning {
    const c2d_shape *x, *y;       /* x moves in y's frame */
    double wx, wy;                /* their turns over the step */
    c2d_vec px, py, dd;           /* pivots, and d_x - d_y */
    c2d_vec dy;                   /* y's own motion (back to the world) */
    double rx;                    /* the farthest point of x from px */
    int directional;              /* convex pair, y not turning */
    int fast;                     /* both bodies cores swept by disks: root-find (below) */
    body bx, by;                  /* x in the frame at its pivot, y in its own */
    double cmax;                  /* the most |pivot_x - pivot_y + t (d_x - d_y)| */
    double lift;                  /* how far apart the normal is taken (answer) */
    double tol;
    c2d_shape pose;               /* x where it is at t, in y's frame */
    void *room;                   /* its storage when it is a compound */
    c2d_vec verts[C2D_MAX_VERTICES];
    c2d_vec moved[C2D_MAX_VERTICES]; /* x's core at t (core_distance) */
} turning;

static c2d_vec rot(c2d_vec v, double angle)
{
    double c, s;
    c2d_sincos(angle, &c, &s);
    return v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

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

/* Where x's pivot is at t in y's frame, as pose_at puts it. */
static c2d_vec pivot_at(const turning *tn, double t)
{
    if (tn->wy == 0) return vadd(tn->px, vscale(tn->dd, t));
    return vadd(tn->py, rot(vadd(vsub(tn->px, tn->py), vscale(tn->dd, t)), -tn->wy * t));
}

/* Where x, or one of its pieces (src), is at t in y's frame, into tn->pose
 * (at t = 0, src itself). */
static c2d_error place(turning *tn, const c2d_shape *src, double t)
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
static c2d_error pose_at(turning *tn, double t)
{
    return place(tn, tn->x, t);
}

/* How fast the gap can shrink from t on (n: from y toward x, or (0, 0)). */
static double speed(const turning *tn, double t, c2d_vec n)
{
    double spin = tn->wx != tn->wy ? fabs(tn->wx - tn->wy) * tn->rx : 0;
    double drift;
    if (tn->wy == 0) {
        drift = tn->directional && (n.x != 0 || n.y != 0) ? dmax(0, -vdot(n, tn->dd)) : vlen(tn->dd);
    } else {
        c2d_vec c0 = vadd(vsub(tn->px, tn->py), vscale(tn->dd, t)), c1 = vadd(vsub(tn->px, tn->py), tn->dd);
        drift = vlen(tn->dd) + fabs(tn->wy) * dmax(vlen(c0), vlen(c1));
    }
    return (spin + drift) * (1 + 8 * DBL_EPSILON);
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
 * fixed direction is a lower bound on the distance that closes no faster
 * than that (convex pairs, y still), so each step is safe whichever
 * direction gives it.
 */
static double axis_step(const turning *tn, double t, const body *X, const body *Y, c2d_vec hint, double dist,
                        double extra, int spinless, int cores)
{
    c2d_vec axes[4], pa, pb, u;
    double best = t;
    int k = 0, i;
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
    for (i = 0; i < k; i++) {
        double g = shadow_gap(X, Y, axes[i]) - extra - tn->tol / 2, mu;
        if (!(g > 0)) continue;
        mu = spinless ? dmax(0, -vdot(axes[i], tn->dd)) * (1 + 8 * DBL_EPSILON) : speed(tn, t, axes[i]);
        best = dmax(best, mu > 0 ? t + g / mu : 2);
    }
    return best;
}

/* The plain step from t where the pair is dist apart: the speed bound's
 * over the distance, or, where the pair is convex and y does not turn, the
 * gaps along fixed directions (axis_step), when longer. */
static double plain_step(const turning *tn, double t, double dist, const body *X, const body *Y, c2d_vec n, int cores)
{
    double mu = speed(tn, t, v2(0, 0)), step = mu > 0 ? t + (dist - tn->tol / 2) / mu : 2;
    if (tn->directional && tn->wy == 0) step = dmax(step, axis_step(tn, t, X, Y, n, dist, 0, 0, cores));
    return step;
}

/* x's core where core_at put it, as a body. */
static body moved_core(const turning *tn)
{
    body x = tn->bx;
    x.src = tn->moved;
    x.off = v2(0, 0);
    x.kept = 0;
    return x;
}

/* The plain step for two convex shapes, taken in the frame at o. */
static double shapes_step(const turning *tn, double t, double dist, const c2d_shape *x, const c2d_shape *y, c2d_vec o,
                          c2d_vec n)
{
    body X, Y;
    c2d_body(&X, x, &o);
    c2d_body(&Y, y, &o);
    if (X.type == BODY_LINE || Y.type == BODY_LINE) {
        double mu = speed(tn, t, v2(0, 0));
        return mu > 0 ? t + (dist - tn->tol / 2) / mu : 2;
    }
    return plain_step(tn, t, dist, &X, &Y, n, 0);
}

/* A shape of one convex piece. */
static int convex(const c2d_shape *s)
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
static double reach_step(turning *tn, double t)
{
    c2d_shape p;
    c2d_distance_result d;
    c2d_vec q = pivot_at(tn, t), n;
    double spin = fabs(tn->wx - tn->wy) * tn->rx, drift, gap, step, xy[2];
    int bad;
    if (tn->wy == 0) {
        drift = vlen(tn->dd);
    } else {
        c2d_vec c0 = vadd(vsub(tn->px, tn->py), vscale(tn->dd, t)), c1 = vadd(vsub(tn->px, tn->py), tn->dd);
        drift = vlen(tn->dd) + fabs(tn->wy) * dmax(vlen(c0), vlen(c1));
    }
    if (!(spin > 4 * drift) || !(tn->rx < HUGE_VAL)) return t;
    xy[0] = q.x;
    xy[1] = q.y;
    if (c2d_make(&p, C2D_POINT, xy, 2, NULL, &bad) != C2D_OK) return t;
    d = c2d_distance(&p, tn->y);
    gap = d.distance - tn->rx - tn->tol / 2;
    if (!(gap > 0)) return t;
    drift *= 1 + 8 * DBL_EPSILON;
    step = drift > 0 ? t + gap / drift : 2;
    n = vsub(d.a, d.b);
    if (tn->wy == 0 && convex(tn->y) && (n.x != 0 || n.y != 0)) {
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
static double separation_step(const turning *tn, double at, double t, c2d_vec n, int turning_with_x, double level)
{
    double phi = tn->wx - tn->wy, side = -HUGE_VAL, dd = vlen(tn->dd);
    double mq = tn->wy != 0 ? tn->wy * tn->wy * tn->cmax + 2 * fabs(tn->wy) * dd : 0;
    double qv = dd + fabs(tn->wy) * tn->cmax, mm;
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
    if (turning_with_x) {
        double far = 0;
        for (i = 0; i < other->n; i++) far = dmax(far, far_from_pivot(tn, c2d_bv(other, i), t));
        mm = phi * phi * far + 2 * fabs(phi) * qv + mq;
    } else {
        mm = phi * phi * tn->rx + mq;
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
        c2d_sincos(phi * t, &co, &si);
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
            if (!(a > 0)) return t;
            least = dmin(least, a);
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
static void core_at(turning *tn, double t)
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

static int core_distance(const turning *tn, c2d_vec shift, c2d_distance_result *out)
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

/* The answer at t, from y's frame to the world's: the normal from y toward
 * x (from the closest points, or contact's when they meet), the point
 * between them. Closest points within the tolerance are nearer than their
 * rounding allows a direction to be read from (1e-9 apart at 10: to 1e-6):
 * a convex pair is then lifted apart along it, where the same features give
 * their direction to rounding over the lift. */
static c2d_sweep_result answer(turning *tn, double t, const c2d_distance_result *d, int cored)
{
    c2d_sweep_result r;
    c2d_vec n = vsub(d->a, d->b), mid = vscale(vadd(d->a, d->b), 0.5);
    if (d->distance > 0 && (n.x != 0 || n.y != 0)) {
        n = vunit(n);
        if (d->distance < tn->lift) {
            c2d_distance_result far;
            c2d_vec lift = vscale(n, tn->lift), m;
            if (cored) {
                if (!core_distance(tn, lift, &far)) far.distance = 0;
            } else if (c2d_move(&tn->pose, lift.x, lift.y) == C2D_OK) {
                far = c2d_distance(&tn->pose, tn->y);
            } else {
                far.distance = 0;
            }
            m = vsub(far.a, far.b);
            if (far.distance > d->distance && (m.x != 0 || m.y != 0)) n = vunit(m);
        }
    } else {
        /* (the cores answered: the pose is built here, not left from before) */
        c2d_contact_result c;
        if (cored && pose_at(tn, t) != C2D_OK) n = v2(0, -1);
        else if (c2d_contact(&tn->pose, tn->y, &c) == C2D_OK && c.hit) n = c.normal;
        else n = vunit(vsub(c2d_center(&tn->pose), c2d_center(tn->y)));
    }
    r.hit = 1;
    r.t = t;
    r.normal = rot(n, tn->wy * t);
    r.point = vadd(tn->wy == 0 ? mid : vadd(rot(vsub(mid, tn->py), tn->wy * t), tn->py), vscale(tn->dy, t));
    return r;
}

/*
 * A pair that is not convex (a compound, a layer) steps by the fastest any
 * point of x moves, whatever the direction: where the shapes slide past
 * each other or part along a tangent, the gap stays small while that bound
 * is large, and the steps crawl. The union's first touch is the earliest of
 * its pieces' (a convex x piece against a convex y piece), and each such
 * pair steps as a convex pair does: by the approach along the line between
 * its closest points (y not turning), and the separation steps on its
 * cores. The least of those steps, over every pair of pieces that can meet
 * before it, is as safe as the plain one, and far longer. Pieces whose
 * boxes are too far apart to meet before the least found so far are passed
 * over (their box gap over the fastest speed of x's piece).
 */
typedef struct piece_steps {
    turning *tn;
    double t, best;       /* from t; the least step found */
    double full;          /* the fastest any point of x's piece moves */
    c2d_bounds box;       /* x's piece at t */
    const c2d_shape *xp;  /* x's piece */
    int cores;            /* its body a polygon core, placed in tn->moved */
    int posed;            /* it placed at t in tn->pose */
    int failed;           /* a pair the cores cannot measure: no step from pieces */
} piece_steps;

static int y_piece_step(void *ud, const c2d_shape *p);

/* Each piece of y (a compound's, walked into its members) near x's piece. */
static void y_pieces(piece_steps *ps, const c2d_shape *y, double reach)
{
    if (y->kind == C2D_TILES) {
        tile_range rg;
        if (c2d_tile_range(y, &ps->box, reach, &rg)) c2d_tiles_each(y, &rg, &ps->box, reach, y_piece_step, ps, NULL);
    } else if (c2d_is_compound(y)) {
        piece_walk w;
        const c2d_shape *p;
        c2d_walk_start(&w, y);
        while (!ps->failed && (p = c2d_walk_next(&w, &ps->box, reach)) != NULL) y_pieces(ps, p, reach);
    } else if (c2d_near(&y->bounds, &ps->box, reach)) {
        y_piece_step(ps, y);
    }
}

/* Against a Line (y, which the frame holds still): the gap is the least
 * of x's core vertices' distances along the line's normal, on the side x
 * is on, and only that direction is fixed in the frame (the Line's shadow
 * on any other is the whole line). */
static int line_step(piece_steps *ps, const c2d_shape *line)
{
    turning *tn = ps->tn;
    c2d_vec o = v2(0, 0), n, p0;
    double lo = HUGE_VAL, hi = -HUGE_VAL, gap, mu, step;
    int i;
    c2d_body(&tn->by, line, &o);
    p0 = c2d_bv(&tn->by, 0);
    n = vunit(vperp(c2d_bv(&tn->by, 1)));
    for (i = 0; i < tn->bx.n; i++) {
        double d = vdot(n, vsub(tn->moved[i], p0));
        lo = dmin(lo, d);
        hi = dmax(hi, d);
    }
    if (!(lo > 0) && !(hi < 0)) { ps->best = ps->t; return 0; } /* (across it) */
    if (hi < 0) { n = vscale(n, -1); lo = -hi; }
    gap = lo - (tn->bx.r + tn->bx.tol + tn->by.r + tn->by.tol);
    if (!(gap > tn->tol / 2)) { ps->best = ps->t; return 0; }
    mu = speed(tn, ps->t, tn->wy != 0 ? o : n);
    step = mu > 0 ? ps->t + (gap - tn->tol / 2) / mu : 2;
    if (step <= 1) step = separation_step(tn, ps->t, step, n, 0, tn->tol / 2);
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

/* A pair of pieces one of which is no polygon core (a Fan, or against a
 * Line): the distance between x's piece placed at t and y's, and the plain
 * step along the line between their closest points (the gap along that
 * fixed direction shrinks no faster than speed says, for convex pieces). */
static int posed_step(piece_steps *ps, const c2d_shape *p)
{
    turning *tn = ps->tn;
    c2d_distance_result d;
    c2d_vec n;
    double step;
    if (!ps->posed) {
        if (place(tn, ps->xp, ps->t) != C2D_OK) { ps->failed = 1; return 0; }
        ps->posed = 1;
    }
    d = c2d_distance(&tn->pose, p);
    if (!(d.distance > tn->tol / 2)) { ps->best = ps->t; return 0; } /* (nothing to gain) */
    n = vsub(d.a, d.b);
    n = n.x != 0 || n.y != 0 ? vunit(n) : n;
    step = shapes_step(tn, ps->t, d.distance, &tn->pose, p, d.b, n);
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

static int y_piece_step(void *ud, const c2d_shape *p)
{
    piece_steps *ps = (piece_steps *)ud;
    turning *tn = ps->tn;
    c2d_distance_result d;
    c2d_vec o = v2(0, 0), n;
    double gx, gy, step;
    if (ps->failed) return 0;
    if (p->kind == C2D_LINE) return ps->cores ? line_step(ps, p) : posed_step(ps, p);
    if (c2d_is_compound(p) || !convex(p)) { ps->failed = 1; return 0; }
    gx = dmax(0, dmax(p->bounds.minx - ps->box.maxx, ps->box.minx - p->bounds.maxx));
    gy = dmax(0, dmax(p->bounds.miny - ps->box.maxy, ps->box.miny - p->bounds.maxy));
    if (ps->t + (c2d_hypot(gx, gy) - tn->tol / 2) / ps->full >= ps->best) return 1; /* (too far to come first) */
    c2d_body(&tn->by, p, &o);
    if (!ps->cores || tn->by.type != BODY_POLY) return posed_step(ps, p);
    if (!core_distance(tn, o, &d)) { ps->failed = 1; return 0; }
    if (!(d.distance > tn->tol / 2)) { ps->best = ps->t; return 0; } /* (nothing to gain) */
    n = vsub(d.a, d.b);
    n = n.x != 0 || n.y != 0 ? vunit(n) : n;
    {
        body x = moved_core(tn);
        step = plain_step(tn, ps->t, d.distance, &x, &tn->by, n, 1);
    }
    if (step <= 1 && (n.x != 0 || n.y != 0)) {
        step = separation_step(tn, ps->t, step, n, 0, tn->tol / 2);
        if (step <= 1 && tn->wx != tn->wy) step = separation_step(tn, ps->t, step, n, 1, tn->tol / 2);
    }
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

/* Each piece of x (a compound's, walked into its members) against y's. */
static void x_pieces(piece_steps *ps, const c2d_shape *x)
{
    turning *tn = ps->tn;
    double r;
    int i;
    if (c2d_is_compound(x)) {
        piece_walk w;
        const c2d_shape *p;
        c2d_walk_start(&w, x);
        while (!ps->failed && ps->best > ps->t && (p = c2d_walk_next(&w, &x->bounds, 0)) != NULL) x_pieces(ps, p);
        return;
    }
    if (x->kind == C2D_TILES || !convex(x)) { ps->failed = 1; return; }
    c2d_body(&tn->bx, x, &tn->px);
    ps->xp = x;
    ps->cores = tn->bx.type == BODY_POLY && tn->bx.n <= C2D_MAX_VERTICES;
    ps->posed = 0;
    tn->rx = c2d_reach_from(x, tn->px);
    tn->directional = 0;
    ps->full = speed(tn, ps->t, v2(0, 0));
    tn->directional = 1; /* (a convex pair of pieces) */
    if (!(ps->full > 0)) return; /* (it does not move) */
    if (!ps->cores) {
        /* (a Fan: placed whole, its box the pose's) */
        if (place(tn, x, ps->t) != C2D_OK) { ps->failed = 1; return; }
        ps->posed = 1;
        ps->box = tn->pose.bounds;
    } else {
        core_at(tn, ps->t);
        ps->box.minx = ps->box.maxx = tn->moved[0].x;
        ps->box.miny = ps->box.maxy = tn->moved[0].y;
        for (i = 1; i < tn->bx.n; i++) {
            ps->box.minx = dmin(ps->box.minx, tn->moved[i].x);
            ps->box.maxx = dmax(ps->box.maxx, tn->moved[i].x);
            ps->box.miny = dmin(ps->box.miny, tn->moved[i].y);
            ps->box.maxy = dmax(ps->box.maxy, tn->moved[i].y);
        }
        r = tn->bx.r + tn->bx.tol;
        ps->box.minx -= r; ps->box.miny -= r; ps->box.maxx += r; ps->box.maxy += r;
    }
    /* the pieces of y it can reach before the least step found so far */
    y_pieces(ps, tn->y, ps->full * (dmin(ps->best, 1) - ps->t) + tn->tol);
}

/* From t, where the plain step reaches next: the pieces' step when longer. */
static C2D_NOINLINE double pieces_next(turning *tn, double t, double next)
{
    piece_steps ps;
    const c2d_shape *x = tn->x;
    double rx = tn->rx;
    ps.tn = tn;
    ps.t = t;
    ps.best = HUGE_VAL;
    ps.failed = 0;
    x_pieces(&ps, x);
    tn->x = x;
    tn->rx = rx;
    tn->directional = 0;
    return ps.failed ? next : dmax(next, ps.best);
}

/* Are the poses at t deeper into each other than depth. */
static int deeper(turning *tn, double t, double depth, c2d_error *e)
{
    c2d_contact_result c;
    if ((*e = pose_at(tn, t)) != C2D_OK) return 0;
    return c2d_contact(&tn->pose, tn->y, &c) == C2D_OK && c.hit && c.depth > depth;
}

size_t c2d_sweep_turning_room(const c2d_shape *a, const c2d_shape *b)
{
    size_t x = c2d_is_compound(a) ? c2d_storage_size(a) : 0, y = c2d_is_compound(b) ? c2d_storage_size(b) : 0;
    return x > y ? x : y;
}

/* Which shape stays put in the frame: a Line (unbounded), else a layer
 * (copied whole otherwise), else the one that does not turn, else the
 * larger compound. 1: b. */
static int frame_is_b(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb)
{
    if (a->kind == C2D_LINE || b->kind == C2D_LINE) return b->kind == C2D_LINE;
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return b->kind == C2D_TILES;
    /* a frame that does not turn leaves the direction between the closest
     * points fixed, whose gap (convex pieces) steps far beyond the speed
     * bound where the shapes part or slide along a tangent */
    if ((ma->angle == 0) != (mb->angle == 0)) return mb->angle == 0;
    return c2d_storage_size(b) >= c2d_storage_size(a);
}

/* The smaller shape's size (its box's diagonal; a Point, or a Line, leaves
 * the other's) and the magnitude of their coordinates. */
static void sizes(const c2d_shape *a, const c2d_shape *b, double *size_out, double *mag_out)
{
    c2d_bounds x;
    double size = HUGE_VAL, mag = 0;
    const c2d_shape *s[2];
    int i;
    s[0] = a;
    s[1] = b;
    for (i = 0; i < 2; i++)
        if (c2d_bbox(s[i], &x)) {
            double d = c2d_hypot(x.maxx - x.minx, x.maxy - x.miny);
            if (d > 0) size = dmin(size, d);
            mag = dmax(mag, c2d_bounds_magnitude(&x));
        } else {
            mag = dmax(mag, dmax(fabs(s[i]->p[0].x), fabs(s[i]->p[0].y)));
        }
    if (size == HUGE_VAL) size = 0;
    *size_out = size;
    *mag_out = mag;
}

/* A layer against a turning Line: in the Line's frame the layer would turn,
 * which a layer cannot; the first touch is the earliest with any of its
 * pieces (each taken alone). */
typedef struct layer_sweep {
    const c2d_shape *line;
    const c2d_motion *ml, *mt; /* the Line's motion, the layer's */
    int layer_is_a;
    double tol;
    c2d_sweep_result best;
    c2d_error e;
} layer_sweep;

static int sweep_piece(void *ud, const c2d_shape *piece)
{
    layer_sweep *ls = (layer_sweep *)ud;
    c2d_sweep_result r;
    c2d_shape box;
    c2d_vec corners[4];
    if (piece->kind == C2D_AABB) { /* (a run of full tiles) as a Polygon, which may turn in the Line's frame */
        double nums[8];
        int bad;
        nums[0] = nums[6] = piece->p[0].x;
        nums[1] = nums[3] = piece->p[0].y;
        nums[2] = nums[4] = piece->p[1].x;
        nums[5] = nums[7] = piece->p[1].y;
        if ((ls->e = c2d_make(&box, C2D_POLYGON, nums, 8, corners, &bad)) != C2D_OK) return 0;
        piece = &box;
    }
    ls->e = ls->layer_is_a ? c2d_sweep_turning(piece, ls->mt, ls->line, ls->ml, ls->tol, NULL, &r)
                           : c2d_sweep_turning(ls->line, ls->ml, piece, ls->mt, ls->tol, NULL, &r);
    if (ls->e != C2D_OK) return 0;
    if (r.hit && (!ls->best.hit || r.t < ls->best.t)) ls->best = r;
    return 1;
}

static c2d_error layer_and_line(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb,
                                double tol, c2d_sweep_result *out)
{
    layer_sweep ls;
    tile_range rg;
    const c2d_shape *layer = a->kind == C2D_TILES ? a : b;
    ls.layer_is_a = a->kind == C2D_TILES;
    ls.line = ls.layer_is_a ? b : a;
    ls.ml = ls.layer_is_a ? mb : ma;
    ls.mt = ls.layer_is_a ? ma : mb;
    ls.tol = tol;
    ls.e = C2D_OK;
    memset(&ls.best, 0, sizeof ls.best);
    if (c2d_tile_range(layer, &layer->bounds, 0, &rg)) c2d_tiles_each(layer, &rg, &layer->bounds, 0, sweep_piece, &ls, NULL);
    if (ls.e != C2D_OK) return ls.e;
    *out = ls.best;
    return C2D_OK;
}

/* Does s turning about m's pivot stay as it is: a Disk or Point turning
 * about its own centre. */
static int turns_onto_itself(const c2d_shape *s, const c2d_motion *m)
{
    return (s->kind == C2D_DISK || s->kind == C2D_POINT) && veq(s->p[0], m->pivot);
}

c2d_error c2d_sweep_turning(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb,
                            double tol, void *room, c2d_sweep_result *out)
{
    turning tn;
    c2d_shape box;
    c2d_vec corners[8];
    c2d_motion still_a, still_b;
    int swap, steps, sliding = 0;
    double t = 0, slide_step = 0;
    c2d_error e;
    memset(out, 0, sizeof *out);
    if (!(isfinite(ma->d.x) && isfinite(ma->d.y) && isfinite(ma->angle) && isfinite(ma->pivot.x) &&
          isfinite(ma->pivot.y) && isfinite(mb->d.x) && isfinite(mb->d.y) && isfinite(mb->angle) &&
          isfinite(mb->pivot.x) && isfinite(mb->pivot.y) && !(tol != tol) && tol < HUGE_VAL))
        return C2D_ERR_NONFINITE;
    /* (a turn that moves nothing is no turn: two such are the straight sweep) */
    if (ma->angle != 0 && turns_onto_itself(a, ma)) {
        still_a = *ma;
        still_a.angle = 0;
        ma = &still_a;
    }
    if (mb->angle != 0 && turns_onto_itself(b, mb)) {
        still_b = *mb;
        still_b.angle = 0;
        mb = &still_b;
    }
    if ((ma->angle != 0 && a->kind == C2D_AABB) || (mb->angle != 0 && b->kind == C2D_AABB)) return C2D_ERR_ROTATE_AABB;
    if ((ma->angle != 0 && a->kind == C2D_TILES) || (mb->angle != 0 && b->kind == C2D_TILES)) return C2D_ERR_ROTATE_TILES;
    if (ma->angle == 0 && mb->angle == 0) { /* no turn: sweep's exact answer */
        *out = c2d_sweep(a, ma->d, b, mb->d);
        return C2D_OK;
    }
    swap = !frame_is_b(a, ma, b, mb);
    tn.x = swap ? b : a;
    tn.y = swap ? a : b;
    if (tn.x->kind == C2D_AABB) {
        /* An AABB turns in the frame of a shape that turns: the same box as
         * a Polygon of its four corners, which may. */
        c2d_vec pts[4];
        pts[0] = tn.x->p[0];
        pts[1] = v2(tn.x->p[1].x, tn.x->p[0].y);
        pts[2] = tn.x->p[1];
        pts[3] = v2(tn.x->p[0].x, tn.x->p[1].y);
        if ((e = c2d_make_hull(&box, pts, 4, corners)) != C2D_OK) return e;
        tn.x = &box;
    }
    {
        const c2d_motion *mx = swap ? mb : ma, *my = swap ? ma : mb;
        tn.wx = mx->angle;
        tn.wy = my->angle;
        tn.px = mx->pivot;
        tn.py = my->pivot;
        tn.dd = vsub(mx->d, my->d);
        tn.dy = my->d;
    }
    if (tn.x->kind == C2D_TILES && tn.wx != tn.wy) return layer_and_line(a, ma, b, mb, tol, out);
    if (tn.x->kind == C2D_LINE) {
        /* Two Lines: they meet now, or (parallel) the moment they turn apart. */
        c2d_distance_result d0 = c2d_distance(a, b);
        if (d0.distance == 0 || tn.wx != tn.wy) {
            tn.room = room;
            tn.tol = 0;
            tn.lift = 0;
            if ((e = pose_at(&tn, 0)) != C2D_OK) return e;
            *out = answer(&tn, 0, &d0, 0);
            if (swap) out->normal = vscale(out->normal, -1);
            return C2D_OK;
        }
        tn.rx = 0; /* (not turning against each other: only the drift moves it) */
    } else {
        tn.rx = c2d_reach_from(tn.x, tn.px);
    }
    tn.directional = convex(tn.x) && convex(tn.y);
    tn.fast = 0;
    if (tn.directional) {
        c2d_vec o = v2(0, 0);
        c2d_body(&tn.bx, tn.x, &tn.px);
        c2d_body(&tn.by, tn.y, &o);
        tn.fast = tn.bx.type == BODY_POLY && tn.by.type == BODY_POLY;
    }
    /* (the pieces' steps of a pair not convex use it too) */
    tn.cmax = dmax(vlen(vsub(tn.px, tn.py)), vlen(vadd(vsub(tn.px, tn.py), tn.dd))) * (1 + 4 * DBL_EPSILON);
    {
        /* the default tolerance: 1e-9 of the size, and never below the
         * rounding of the coordinates */
        double size, mag;
        sizes(a, b, &size, &mag);
        tn.tol = tol > 0 ? tol : dmax(1e-9 * size, dmax(c2d_ulps(64, mag), 0x1p-1000));
        tn.lift = tn.directional ? dmax(1e-4 * size, c2d_ulps(1 << 24, mag)) : 0;
    }
    tn.room = room;
    for (steps = 0; steps < TURNING_STEPS; steps++) {
        c2d_distance_result d;
        /* A convex pair's cores tell where they are apart, and a touch
         * within the tolerance less its 16th (the rounding between them and
         * the poses); a start, a slide, or near that, the poses. */
        int cored = 0;
        if (tn.fast && !sliding) {
            core_at(&tn, t);
            if (core_distance(&tn, v2(0, 0), &d))
                cored = d.distance > tn.tol || (t > 0 && d.distance <= tn.tol - tn.tol / 16);
        }
        if (!cored) {
            if ((e = pose_at(&tn, t)) != C2D_OK) return e;
            d = c2d_distance(&tn.pose, tn.y);
        }
        if (d.distance <= tn.tol) {
            if (!sliding && t > 0) { /* a touch */
                *out = answer(&tn, t, &d, cored);
                if (swap) out->normal = vscale(out->normal, -1);
                return C2D_OK;
            }
            /* At the start (or sliding on): in deeper than the tolerance a
             * little later is a hit now; else on along the slide. */
            if (!sliding) {
                sliding = 1;
                slide_step = tn.tol / dmax(speed(&tn, t, v2(0, 0)), DBL_MIN);
                /* a start in touch: in at all after the least step is moving in */
                if (t == 0) {
                    int in = deeper(&tn, dmin(1, slide_step), tn.tol / 64, &e);
                    if (e != C2D_OK) return e;
                    if (in) {
                        if ((e = pose_at(&tn, 0)) != C2D_OK) return e;
                        break;
                    }
                }
            }
            {
                double next = dmin(1, t + slide_step);
                int in = deeper(&tn, next, tn.tol, &e);
                if (e != C2D_OK) return e;
                if (in) {
                    if ((e = pose_at(&tn, t)) != C2D_OK) return e;
                    break;
                }
                if (next >= 1) return C2D_OK; /* slid to the end */
                t = next;
                slide_step *= 2;
                continue;
            }
        }
        sliding = 0;
        {
            /* (a unit n, even where rounding leaves |a - b| off the distance) */
            c2d_vec n = vsub(d.a, d.b);
            double next;
            n = d.distance > 0 && (n.x != 0 || n.y != 0) ? vunit(n) : v2(0, 0);
            /* (past 1: nothing brings them nearer) */
            if (!tn.directional || tn.wy != 0) {
                double mu = speed(&tn, t, v2(0, 0));
                next = mu > 0 ? t + (d.distance - tn.tol / 2) / mu : 2;
            } else if (cored) {
                body x = moved_core(&tn);
                next = plain_step(&tn, t, d.distance, &x, &tn.by, n, 1);
            } else {
                next = shapes_step(&tn, t, d.distance, &tn.pose, tn.y, d.b, n);
            }
            if (tn.fast && next <= 1 && (n.x != 0 || n.y != 0)) {
                /* each certifies from where the one before left off */
                next = separation_step(&tn, t, next, n, 0, tn.tol / 2);
                if (next <= 1 && tn.wx != tn.wy) next = separation_step(&tn, t, next, n, 1, tn.tol / 2);
            } else if (!tn.directional && next <= 1) {
                next = pieces_next(&tn, t, next);
            }
            if (next <= 1 && tn.wx != tn.wy) next = dmax(next, reach_step(&tn, t));
            t = next;
        }
        if (!(t <= 1)) return C2D_OK;
    }
    /* a touch at t found sliding (or, out of steps, a t no later than any touch) */
    if ((e = pose_at(&tn, t)) != C2D_OK) return e;
    {
        c2d_distance_result d = c2d_distance(&tn.pose, tn.y);
        *out = answer(&tn, t, &d, 0);
    }
    if (swap) out->normal = vscale(out->normal, -1);
    return C2D_OK;
}
