/*
 * Internal to the C core: what the point sight (sight.c) lends the
 * visibility polygon (visibility.c): the World's blockers as sight lists
 * them, nearest first, with their spans of angles.
 */
#ifndef COLLIDE2D_SIGHT_H
#define COLLIDE2D_SIGHT_H

#include "world.h"

/* A blocker as the World's sight lists it: how near its box comes to the
 * view's origin, and its span of angles from there (unless full). */
typedef struct sight_item {
    double d2;
    int slot;
    int full;
    double lo, hi;
    double far;  /* the farthest its points lie from the origin */
    int convex;  /* its span is exact, and every ray within it meets it */
} sight_item;

/* The blockers: n shapes, and (unless NULL) their items, nearest first. */
typedef struct sight_set {
    const c2d_shape *const *s;
    int n;
    const sight_item *it;
} sight_set;

/* Is angle a within [lo, hi] (hi - lo < 2 pi), round the circle. */
static inline int c2d_angle_within(double a, double lo, double hi)
{
    double x = a - lo;
    while (x < 0) x += 2 * C2D_PI;
    while (x >= 2 * C2D_PI) x -= 2 * C2D_PI;
    return x <= hi - lo;
}

/* The shapes of slots into the world's list, nearest the origin first, with
 * their spans, and their directions sorted (sight.c): the count of
 * directions, or -1 when memory ran out. */
int c2d_sight_prepare(c2d_world *w, const c2d_view *v, const c2d_bounds *box, const c2d_shape *b, const int *slots, int *np,
                      double tol);

#endif
