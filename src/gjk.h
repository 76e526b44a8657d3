/*
 * Internal to the C core: GJK on two convex polygon cores (gjk.c), the fast
 * way to their distance that c2d_core_d2 (features.c) tries first.
 */
#ifndef C2D_GJK_H
#define C2D_GJK_H

#include "body.h"

/* Two POLY cores by GJK (n + m > 4): the squared distance with the closest
 * points, certified; 0 with a common point when they overlap beyond doubt;
 * -1 when GJK cannot tell beyond rounding (then c2d_core_d2's full search). */
double c2d_polygon_cores_d2(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb);

/* c2d_polygon_cores_d2, and on overlap *deep set when the origin lies more
 * than margin (>= 0) inside the Minkowski triangle that holds it, beyond the
 * rounding of its cross products: then the cores overlap whatever rounding
 * within margin moved their vertices. */
double c2d_polygon_cores_gjk(const body *a, const body *b, double margin, c2d_vec *pa, c2d_vec *pb, int *deep);

/* GJK's squared distance between two POLY cores apart (n + m > 4) and its
 * closest points, not certified: within the walk's convergence (1e-12 of
 * it) and rounding of the true one, where rounding may leave the certified
 * walk unsure (a touch within 1e-9). -1 where it finds no gap. For steps
 * that need the distance only to a tolerance (the turning sweep). */
double c2d_polygon_cores_near(const body *a, const body *b, c2d_vec *pa, c2d_vec *pb);

#endif
