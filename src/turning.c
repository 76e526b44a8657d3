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
 *
 * This file holds the loop, the start's rule and the answer; the steps are
 * in turning_steps.c, and a pair that is not convex steps piece by piece in
 * turning_pieces.c.
 */
#include <math.h>
#include <string.h>
#include "turning.h"

/* The most steps before the answer is the last t reached (a hit: never
 * later than a touch). */
enum { TURNING_STEPS = 1 << 13 };

/* The answer at t, from y's frame to the world's: the normal from y toward
 * x (from the closest points, or contact's when they meet), the point
 * between them. Closest points within the tolerance are nearer than their
 * rounding allows a direction to be read from (1e-9 apart at 10: to 1e-6):
 * a convex pair is then lifted apart along it, where the same features give
 * their direction to rounding over the lift. */
/* The distance from the pose to y. Two Lines that turn alike are parallel
 * (the others are answered at the start), and their distance is that of
 * any point of one to the other: measured from the pose's first point, as
 * the rounding of the pose's direction would otherwise have them cross far
 * away. */
static c2d_distance_result pose_distance(turning *tn)
{
    if (tn->pose.kind == C2D_LINE && tn->y->kind == C2D_LINE) {
        c2d_shape p;
        c2d_point_at(&p, tn->pose.p[0]);
        return c2d_distance(&p, tn->y);
    }
    return c2d_distance(&tn->pose, tn->y);
}

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
                if (!c2d_turning_core_distance(tn, lift, &far)) far.distance = 0;
            } else if (c2d_move(&tn->pose, lift.x, lift.y) == C2D_OK) {
                far = pose_distance(tn);
            } else {
                far.distance = 0;
            }
            m = vsub(far.a, far.b);
            if (far.distance > d->distance && (m.x != 0 || m.y != 0)) n = vunit(m);
        }
    } else {
        /* (the cores answered: the pose is built here, not left from before) */
        c2d_contact_result c;
        if (cored && c2d_turning_pose(tn, t) != C2D_OK) n = v2(0, -1);
        else if (c2d_contact(&tn->pose, tn->y, &c) == C2D_OK && c.hit) n = c.normal;
        else n = vunit(vsub(c2d_center(&tn->pose), c2d_center(tn->y)));
    }
    r.hit = 1;
    r.t = t;
    r.normal = rot(n, tn->wy * t);
    r.point = vadd(tn->wy == 0 ? mid : vadd(rot(vsub(mid, tn->py), tn->wy * t), tn->py), vscale(tn->dy, t));
    return r;
}

/* Are the poses at t deeper into each other than depth. */
static int deeper(turning *tn, double t, double depth, c2d_error *e)
{
    c2d_contact_result c;
    if ((*e = c2d_turning_pose(tn, t)) != C2D_OK) return 0;
    return c2d_contact(&tn->pose, tn->y, &c) == C2D_OK && c.hit && c.depth > depth;
}

size_t c2d_sweep_turning_room(const c2d_shape *a, const c2d_shape *b)
{
    size_t x = c2d_is_compound(a) ? c2d_storage_size(a) : 0, y = c2d_is_compound(b) ? c2d_storage_size(b) : 0;
    return x > y ? x : y;
}

/* The speed bound (turning.c's header) with y as the frame, over the whole
 * step, from x's reach rx about its pivot. */
static double bound_in_frame(const c2d_motion *mx, const c2d_motion *my, double rx)
{
    c2d_vec dd = vsub(mx->d, my->d), c0 = vsub(mx->pivot, my->pivot);
    return fabs(mx->angle - my->angle) * rx + vlen(dd) + fabs(my->angle) * dmax(vlen(c0), vlen(vadd(c0, dd)));
}

/* Which shape stays put in the frame: a Line (unbounded), else a layer
 * (copied whole otherwise), else the one that does not turn, else the one
 * in whose frame the other moves slowest (a Fan 3e4 across spinning beside
 * two points: in the points' frame its arc moves 1e5 a step, the points in
 * its frame 2e2), else the larger compound. 1: b. */
static int frame_is_b(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb)
{
    double in_b, in_a;
    if (a->kind == C2D_LINE || b->kind == C2D_LINE) return b->kind == C2D_LINE;
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return b->kind == C2D_TILES;
    /* a frame that does not turn leaves the direction between the closest
     * points fixed, whose gap (convex pieces) steps far beyond the speed
     * bound where the shapes part or slide along a tangent */
    if ((ma->angle == 0) != (mb->angle == 0)) return mb->angle == 0;
    in_b = bound_in_frame(ma, mb, c2d_reach_from(a, ma->pivot));
    in_a = bound_in_frame(mb, ma, c2d_reach_from(b, mb->pivot));
    if (in_b < in_a / 2 || in_a < in_b / 2) return in_b < in_a;
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
            if ((e = c2d_turning_pose(&tn, 0)) != C2D_OK) return e;
            *out = answer(&tn, 0, &d0, 0);
            if (swap) out->normal = vscale(out->normal, -1);
            return C2D_OK;
        }
        tn.rx = 0; /* (not turning against each other: only the drift moves it) */
    } else {
        tn.rx = c2d_reach_from(tn.x, tn.px);
    }
    tn.directional = c2d_turning_convex(tn.x) && c2d_turning_convex(tn.y);
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
            c2d_turning_core_at(&tn, t);
            if (c2d_turning_core_distance(&tn, v2(0, 0), &d))
                cored = d.distance > tn.tol || (t > 0 && d.distance <= tn.tol - tn.tol / 16);
        }
        if (!cored) {
            if ((e = c2d_turning_pose(&tn, t)) != C2D_OK) return e;
            d = pose_distance(&tn);
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
                slide_step = tn.tol / dmax(c2d_turning_speed(&tn, t, v2(0, 0)), DBL_MIN);
                /* a start in touch: in at all after the least step is moving in */
                if (t == 0) {
                    int in = deeper(&tn, dmin(1, slide_step), tn.tol / 64, &e);
                    if (e != C2D_OK) return e;
                    if (in) {
                        if ((e = c2d_turning_pose(&tn, 0)) != C2D_OK) return e;
                        break;
                    }
                }
            }
            {
                double next = dmin(1, t + slide_step);
                int in = deeper(&tn, next, tn.tol, &e);
                if (e != C2D_OK) return e;
                if (in) {
                    if ((e = c2d_turning_pose(&tn, t)) != C2D_OK) return e;
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
            if (!tn.directional) {
                double mu = c2d_turning_speed(&tn, t, v2(0, 0));
                next = mu > 0 ? t + (d.distance - tn.tol / 2) / mu : 2;
            } else if (cored) {
                body x = c2d_turning_moved_core(&tn);
                next = c2d_turning_plain_step(&tn, t, d.distance, &x, &tn.by, n, 1);
            } else {
                next = c2d_turning_shapes_step(&tn, t, d.distance, &tn.pose, tn.y, d.b, n);
            }
            if (tn.fast && next <= 1 && (n.x != 0 || n.y != 0)) {
                /* each certifies from where the one before left off */
                next = c2d_turning_separations(&tn, t, next, n);
            } else if (!tn.directional && next <= 1) {
                next = c2d_turning_pieces_next(&tn, t, next);
            }
            if (next <= 1 && tn.wx != tn.wy) next = dmax(next, c2d_turning_reach_step(&tn, t));
            t = next;
        }
        if (!(t <= 1)) return C2D_OK;
    }
    /* a touch at t found sliding (or, out of steps, a t no later than any touch) */
    if ((e = c2d_turning_pose(&tn, t)) != C2D_OK) return e;
    {
        c2d_distance_result d = pose_distance(&tn);
        *out = answer(&tn, t, &d, 0);
    }
    if (swap) out->normal = vscale(out->normal, -1);
    return C2D_OK;
}
