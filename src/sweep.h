/*
 * Internal to the C core: the first-touch times of features (first_touch.c)
 * and what the sweep (sweep.c) lends the raycast (raycast.c), a point swept
 * against a shape.
 */
#ifndef COLLIDE2D_SWEEP_H
#define COLLIDE2D_SWEEP_H

#include "compound.h"

/* The earliest touch found so far: time and normal (from b toward a). */
typedef struct first_touch {
    double t;
    c2d_vec n;
    int at_known;  /* at holds the touching point (in the frame, b still) */
    c2d_vec at;
} first_touch;


/* Is b a sharp core (no radius, no rounding allowance), and also a polygon with an interior. */
static inline int c2d_sharp_core(const body *b) { return b->type == BODY_POLY && b->r == 0 && b->tol == 0; }
static inline int c2d_sharp_solid(const body *b) { return c2d_sharp_core(b) && b->n >= 3 && b->orient != 0; }

/* No hit yet: every field set on its own (a chained struct assignment
 * would copy the first over the second through memory). Inline, so that a
 * result built on the caller's stack stays in registers: passed to a call,
 * it would be copied out whole, each 16-byte load waiting on the smaller
 * stores that built it. */
static inline void c2d_no_hit(c2d_sweep_result *res)
{
    res->hit = 0;
    res->t = 0;
    res->normal.x = res->normal.y = 0;
    res->point.x = res->point.y = 0;
}

/* Point p moving by t*v, t in [0, tmax]: when it first comes within R of c.
 * The normal is from c toward the point, times sign; for a sharp corner
 * (no true radius, only tolerance) it is against the motion instead. */
void c2d_ray_circle(c2d_vec p, c2d_vec v, c2d_vec c, double R, int sharp, double tmax, double sign, first_touch *ft);

/* The radius a POLY core is grown by (0 for a Fan or a Line). */
static inline double c2d_poly_radius(const body *b) { return b->type == BODY_POLY ? b->r : 0; }

/* The sides of line l that the corners of x, moved by d, lie on: the least
 * and greatest cross product of l's direction with corner - l's point
 * (first_touch.c). */
void c2d_corner_sides(const body *x, c2d_vec d, const body *l, double *lo, double *hi);

/* The first touch of body a moving by t*v (t in [0, tmax]) with b standing still. */
void c2d_first_contact(const body *a, c2d_vec v, const body *b, double tmax, first_touch *ft);

/* Move a body by d in its frame (room: see sweep.c). */
void c2d_shift_body(body *b, c2d_vec d, c2d_vec *room);

/* The normal at the touching time: the first feature's, unless it does not
 * part the shapes (then the axis of least overlap at that moment). */
c2d_vec c2d_separating_normal(const body *a, const body *b, c2d_vec n, c2d_vec v);

/* Two sharp convex cores, one a polygon with an interior: the ray t*v into
 * the offsets at which they overlap. 0: a miss; 1: the touch in *ft; -1:
 * the touch found is off the face, left to the features. */
int c2d_sharp_cores_toi(const body *a, const body *b, c2d_vec v, double tmax, first_touch *ft);

/* One round point c moving by t*v against a POLY core b grown by R (sign -1
 * when c is really b's, moving by -v). */
void c2d_point_against_core(c2d_vec c, c2d_vec v, const body *b, double R, double tmax, double sign, first_touch *ft);

#endif
