/*
 * Internal to the C core: the turning sweep's state, shared by its loop
 * (turning.c), its steps (turning_steps.c) and the steps of a pair that is
 * not convex, piece by piece (turning_pieces.c).
 */
#ifndef COLLIDE2D_TURNING_H
#define COLLIDE2D_TURNING_H

#include "compound.h"
#include "tiles.h"

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

static inline c2d_vec rot(c2d_vec v, double angle)
{
    double c, s;
    c2d_sincos(angle, &c, &s);
    return v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

/* Where x's pivot is at t in y's frame, as pose_at puts it. */
static inline c2d_vec pivot_at(const turning *tn, double t)
{
    if (tn->wy == 0) return vadd(tn->px, vscale(tn->dd, t));
    return vadd(tn->py, rot(vadd(vsub(tn->px, tn->py), vscale(tn->dd, t)), -tn->wy * t));
}

/* Where x, or one of its pieces (src), is at t in y's frame, into tn->pose
 * (at t = 0, src itself); c2d_turning_pose places x. */
c2d_error c2d_turning_place(turning *tn, const c2d_shape *src, double t);
c2d_error c2d_turning_pose(turning *tn, double t);

/* How fast the gap can shrink from t on (n: from y toward x, or (0, 0)). */
double c2d_turning_speed(const turning *tn, double t, c2d_vec n);

/* The plain step from t where the pair is dist apart (X, Y: bodies of one
 * frame; cores: X is x's core where c2d_turning_core_at put it), and the
 * same for two convex shapes taken in the frame at o. */
double c2d_turning_plain_step(const turning *tn, double t, double dist, const body *X, const body *Y, c2d_vec n,
                              int cores);
double c2d_turning_shapes_step(const turning *tn, double t, double dist, const c2d_shape *x, const c2d_shape *y,
                               c2d_vec o, c2d_vec n);

/* A shape of one convex piece. */
int c2d_turning_convex(const c2d_shape *s);

/* The step from the disk x sweeps about its pivot (t where none). */
double c2d_turning_reach_step(turning *tn, double t);

/* The separation step from t along n, taken at time at (fixed in y's frame,
 * or turning with x), down to level. */
double c2d_turning_separation_step(const turning *tn, double at, double t, c2d_vec n, int turning_with_x,
                                   double level);

/* Both separation steps from t along n, each from where the one before
 * left off (the second only where the pair turns against each other), down
 * to half the tolerance. */
double c2d_turning_separations(const turning *tn, double t, double step, c2d_vec n);

/* x's core at t into tn->moved; its distance to y's core, moved on by
 * shift (0: the cores could not tell); and that core as a body. */
void c2d_turning_core_at(turning *tn, double t);
int c2d_turning_core_distance(const turning *tn, c2d_vec shift, c2d_distance_result *out);
body c2d_turning_moved_core(const turning *tn);

/* From t, where the plain step reaches next: the pieces' step when longer
 * (a pair that is not convex; turning_pieces.c). */
double c2d_turning_pieces_next(turning *tn, double t, double next);

#endif
