/*
 * Internal to the C core: the pair queries where one shape is a compound
 * (compound_query.c, compound_contact.c), which dispatch.c hands them.
 */
#ifndef COLLIDE2D_COMPOUND_QUERY_H
#define COLLIDE2D_COMPOUND_QUERY_H

#include "compound.h"

/* The compound queries (the pair entry points hand them here when either
 * shape is a compound, and contact also a fan opened beyond pi). */
int c2d_compound_hits(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_compound_distance(const c2d_shape *a, const c2d_shape *b);
c2d_sweep_result c2d_compound_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);
c2d_sweep_result c2d_compound_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);
void c2d_compound_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);

/* How far a pair's boxes reach from o (the size that rounding is relative to). */
static inline double c2d_pair_size(const c2d_shape *a, const c2d_shape *b, c2d_vec o)
{
    const c2d_bounds *x = &a->bounds, *y = &b->bounds;
    double m = dmax(dmax(fabs(x->minx - o.x), fabs(x->maxx - o.x)), dmax(fabs(x->miny - o.y), fabs(x->maxy - o.y)));
    if (isfinite(y->minx) && isfinite(y->maxx) && isfinite(y->miny) && isfinite(y->maxy))
        m = dmax(m, dmax(dmax(fabs(y->minx - o.x), fabs(y->maxx - o.x)), dmax(fabs(y->miny - o.y), fabs(y->maxy - o.y))));
    return m;
}

/* Overlap deeper than this (relative to the pair's size) is overlap, not a
 * resting touch: the sweep's own allowance for rounding in a depth. */
static inline double c2d_rest_depth(const c2d_shape *a, const c2d_shape *b)
{
    return c2d_ulps(C2D_REST_ROUNDING, c2d_pair_size(a, b, a->p[0]));
}

#endif
