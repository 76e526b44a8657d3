/*
 * Internal to the C core: the two commonest hit tests, inline where hits is
 * dispatched (dispatch.c) and in the convex table (query.c).
 */
#ifndef COLLIDE2D_HITS_H
#define COLLIDE2D_HITS_H

#include "geometry.h"

/* Two round shapes whose sums leave the normal range (query.c). */
int c2d_hits_round_round_rare(const c2d_shape *a, const c2d_shape *b);

/* Two AABBs: comparisons, exact at any magnitude. All four are made and
 * joined by & (no short circuit), so that a mix of hits and misses costs no
 * mispredicted branches. */
static inline int c2d_hits_aabb_aabb(const c2d_shape *a, const c2d_shape *b)
{
    return (a->p[0].x <= b->p[1].x) & (b->p[0].x <= a->p[1].x) &
           (a->p[0].y <= b->p[1].y) & (b->p[0].y <= a->p[1].y);
}

/* Two round shapes (points and disks): the centres within the summed radii.
 * The same numbers whichever comes first, so no order is needed. Both sums
 * well inside the normal range, and farther apart than their rounding, is
 * the common case, tested in one branch; touches and near-touches go to the
 * exact decision. */
static inline int c2d_hits_round_round(const c2d_shape *a, const c2d_shape *b)
{
    double dx = b->p[0].x - a->p[0].x, dy = b->p[0].y - a->p[0].y, r = a->radius + b->radius;
    double d2 = dx * dx + dy * dy, rr = r * r;
    /* Both in [LO, HI]: the lesser not below, the greater not above (no
     * NaN can arise from finite shapes: the sums add squares). */
    double least = dmin(d2, rr), most = dmax(d2, rr);
    /* (d2 within 4 roundings of its value, rr within 3: farther apart than
     * 2^-50 of rr, the rounded comparison is the exact one) */
    int in = d2 < rr * (1 - C2D_FILTER_ERR), out = d2 > rr * (1 + C2D_FILTER_ERR);
    if ((least >= C2D_SQUARES_LO) & (most <= C2D_SQUARES_HI) & (in | out)) return in;
    return c2d_hits_round_round_rare(a, b);
}

/*
 * Where each pair of kinds is decided: a function named after the kinds, or
 * the general decision on bodies (hits_general, which itself answers some
 * pairs from their numbers: see hits_direct). The mirror of an entry is the
 * same function, marked to take its shapes the other way round.
 */
typedef struct pair_hits {
    int (*fn)(const c2d_shape *a, const c2d_shape *b);
    int swapped;
} pair_hits;

/* The table of every pair of kinds (query.c); a compound's rows and columns
 * are never read (dispatch.c hands compounds to compound_query.c first). */
extern const pair_hits c2d_hits_table[C2D_KIND_COUNT][C2D_KIND_COUNT];

#endif
