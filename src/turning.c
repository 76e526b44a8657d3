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

/* The most steps before the answer is the last t reached (a hit: never
 * later than a touch). */
enum { TURNING_STEPS = 1 << 20 };

typedef struct turning {
    const c2d_shape *x, *y;       /* x moves in y's frame */
    double wx, wy;                /* their turns over the step */
    c2d_vec px, py, dd;           /* pivots, and d_x - d_y */
    c2d_vec dy;                   /* y's own motion (back to the world) */
    double rx;                    /* the farthest point of x from px */
    int directional;              /* convex pair, y not turning */
    double tol;
    c2d_shape pose;               /* x where it is at t, in y's frame */
    void *room;                   /* its storage when it is a compound */
    c2d_vec verts[C2D_MAX_VERTICES];
} turning;

static c2d_vec rot(c2d_vec v, double angle)
{
    double c, s;
    c2d_sincos(angle, &c, &s);
    return v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

double c2d_reach_from(const c2d_shape *s, c2d_vec p)
{
    c2d_bounds b;
    double m = 0;
    int i;
    if (!c2d_bbox(s, &b)) return HUGE_VAL;
    for (i = 0; i < 4; i++) {
        c2d_vec c = v2((i & 1 ? b.maxx : b.minx) - p.x, (i & 2 ? b.maxy : b.miny) - p.y);
        m = dmax(m, hypot(c.x, c.y));
    }
    return m * (1 + 4 * DBL_EPSILON);
}

/* x's pose at t in y's frame, into tn->pose. */
static c2d_error pose_at(turning *tn, double t)
{
    c2d_vec c = vadd(vsub(tn->px, tn->py), vscale(tn->dd, t));
    c2d_vec off = vsub(vadd(rot(c, -tn->wy * t), tn->py), tn->px);
    double phi = (tn->wx - tn->wy) * t;
    c2d_error e;
    c2d_copy(&tn->pose, tn->x, c2d_is_compound(tn->x) ? tn->room : (void *)tn->verts);
    if (phi != 0 && (e = c2d_rotate(&tn->pose, phi, tn->px.x, tn->px.y)) != C2D_OK) return e;
    return c2d_move(&tn->pose, off.x, off.y);
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

/* The answer at t, from y's frame to the world's: the normal from y toward
 * x (from the closest points, or contact's when they meet), the point
 * between them. */
static c2d_sweep_result answer(turning *tn, double t, const c2d_distance_result *d)
{
    c2d_sweep_result r;
    c2d_vec n = vsub(d->a, d->b), mid = vscale(vadd(d->a, d->b), 0.5);
    if (d->distance > 0 && (n.x != 0 || n.y != 0)) {
        n = vunit(n);
    } else {
        c2d_contact_result c;
        if (c2d_contact(&tn->pose, tn->y, &c) == C2D_OK && c.hit) n = c.normal;
        else n = vunit(vsub(c2d_center(&tn->pose), c2d_center(tn->y)));
    }
    r.hit = 1;
    r.t = t;
    r.normal = rot(n, tn->wy * t);
    r.point = vadd(vadd(rot(vsub(mid, tn->py), tn->wy * t), tn->py), vscale(tn->dy, t));
    return r;
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
 * (copied whole otherwise), else the larger compound. 1: b. */
static int frame_is_b(const c2d_shape *a, const c2d_shape *b)
{
    if (a->kind == C2D_LINE || b->kind == C2D_LINE) return b->kind == C2D_LINE;
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return b->kind == C2D_TILES;
    return c2d_storage_size(b) >= c2d_storage_size(a);
}

static int convex(const c2d_shape *s)
{
    return !c2d_is_compound(s) && s->kind != C2D_TILES && s->kind != C2D_LINE && !c2d_wide_fan(s);
}

/* The default tolerance: 1e-9 of the smaller shape's size (its box's
 * diagonal; a Point, or a Line, leaves the other's), and never below the
 * rounding of their coordinates. */
static double default_tol(const c2d_shape *a, const c2d_shape *b)
{
    c2d_bounds x;
    double size = HUGE_VAL, mag = 0;
    const c2d_shape *s[2];
    int i;
    s[0] = a;
    s[1] = b;
    for (i = 0; i < 2; i++)
        if (c2d_bbox(s[i], &x)) {
            double d = hypot(x.maxx - x.minx, x.maxy - x.miny);
            if (d > 0) size = dmin(size, d);
            mag = dmax(mag, c2d_bounds_magnitude(&x));
        } else {
            mag = dmax(mag, dmax(fabs(s[i]->p[0].x), fabs(s[i]->p[0].y)));
        }
    if (size == HUGE_VAL) size = 0;
    return dmax(1e-9 * size, dmax(c2d_ulps(64, mag), 0x1p-1000));
}

c2d_error c2d_sweep_turning(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb,
                            double tol, void *room, c2d_sweep_result *out)
{
    turning tn;
    int swap, steps, sliding = 0;
    double t = 0, slide_step = 0;
    c2d_error e;
    memset(out, 0, sizeof *out);
    if (!(isfinite(ma->d.x) && isfinite(ma->d.y) && isfinite(ma->angle) && isfinite(ma->pivot.x) &&
          isfinite(ma->pivot.y) && isfinite(mb->d.x) && isfinite(mb->d.y) && isfinite(mb->angle) &&
          isfinite(mb->pivot.x) && isfinite(mb->pivot.y) && !(tol != tol) && tol < HUGE_VAL))
        return C2D_ERR_NONFINITE;
    if ((ma->angle != 0 && a->kind == C2D_AABB) || (mb->angle != 0 && b->kind == C2D_AABB)) return C2D_ERR_ROTATE_AABB;
    if ((ma->angle != 0 && a->kind == C2D_TILES) || (mb->angle != 0 && b->kind == C2D_TILES)) return C2D_ERR_ROTATE_TILES;
    if (ma->angle == 0 && mb->angle == 0) { /* no turn: sweep's exact answer */
        *out = c2d_sweep(a, ma->d, b, mb->d);
        return C2D_OK;
    }
    swap = !frame_is_b(a, b);
    tn.x = swap ? b : a;
    tn.y = swap ? a : b;
    {
        const c2d_motion *mx = swap ? mb : ma, *my = swap ? ma : mb;
        tn.wx = mx->angle;
        tn.wy = my->angle;
        tn.px = mx->pivot;
        tn.py = my->pivot;
        tn.dd = vsub(mx->d, my->d);
        tn.dy = my->d;
    }
    if (tn.x->kind == C2D_TILES && tn.wx != tn.wy) return C2D_ERR_ROTATE_TILES;
    if (tn.x->kind == C2D_LINE) {
        /* Two Lines: they meet now, or (parallel) the moment they turn apart. */
        c2d_distance_result d0 = c2d_distance(a, b);
        if (d0.distance == 0 || tn.wx != tn.wy) {
            tn.room = room;
            tn.tol = 0;
            if ((e = pose_at(&tn, 0)) != C2D_OK) return e;
            *out = answer(&tn, 0, &d0);
            if (swap) out->normal = vscale(out->normal, -1);
            return C2D_OK;
        }
        tn.rx = 0; /* (not turning against each other: only the drift moves it) */
    } else {
        tn.rx = c2d_reach_from(tn.x, tn.px);
    }
    tn.directional = convex(tn.x) && convex(tn.y);
    tn.tol = tol > 0 ? tol : default_tol(a, b);
    tn.room = room;
    for (steps = 0; steps < TURNING_STEPS; steps++) {
        c2d_distance_result d;
        double mu;
        if ((e = pose_at(&tn, t)) != C2D_OK) return e;
        d = c2d_distance(&tn.pose, tn.y);
        if (d.distance <= tn.tol) {
            if (!sliding && t > 0) break; /* a touch */
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
            c2d_vec n = d.distance > 0 ? vscale(vsub(d.a, d.b), 1 / d.distance) : v2(0, 0);
            if (tn.wy != 0) n = v2(0, 0);
            mu = speed(&tn, t, n);
        }
        if (!(mu > 0)) return C2D_OK; /* nothing brings them nearer */
        t += (d.distance - tn.tol / 2) / mu;
        if (!(t <= 1)) return C2D_OK;
    }
    /* a touch at t (or, out of steps, a t no later than any touch) */
    if ((e = pose_at(&tn, t)) != C2D_OK) return e;
    {
        c2d_distance_result d = c2d_distance(&tn.pose, tn.y);
        *out = answer(&tn, t, &d);
    }
    if (swap) out->normal = vscale(out->normal, -1);
    return C2D_OK;
}
