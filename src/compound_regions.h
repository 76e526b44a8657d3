/*
 * Internal to the C core: the regions of compound contact
 * (compound_regions.c), which compound_contact.c asks for the least move
 * that clears every pair of pieces.
 */
#ifndef COLLIDE2D_COMPOUND_REGIONS_H
#define COLLIDE2D_COMPOUND_REGIONS_H

#include "compound_query.h"

/* ---- contact by regions ----
 *
 * Each leaf pair's region M = Q - P (the moves x of a after which P + x
 * meets Q) is convex, and its boundary is a ring of circle arcs joined by
 * straight edges: the Minkowski sum of the two bodies' rings. A rounded
 * polygon's ring is its core vertices, each a circle of its radius; a fan's
 * is its apex and arc ends (circles of radius 0) and its arc (the circle
 * about the apex), the arc joined to its ends by edges of length 0. Summing
 * two rings merges their edges by the direction of their outward normals;
 * each item of the sum is a pair of items, a circle about the sum of their
 * centres with the sum of their radii. A move x clears the pair when x lies
 * outside the interior of M (its signed distance sd(x) >= 0 within
 * rounding), and the answer is the nearest x outside every region's
 * interior. That nearest point x* lies on the boundary of the union; either
 * it is inside one boundary piece of one region (then it is the foot of the
 * perpendicular from the origin on an edge, or the point of an arc on the
 * line through its centre), or two regions' boundaries cross there: a corner
 * of a single convex region cannot be nearest (its outside spans more than
 * half a turn, some of it closer). Every such point is a candidate; each is
 * kept only if it lies inside no region, and any such point is a move that
 * separates, so the least kept is the answer, with no direction search.
 * Only boundary pieces nearer than the best so far are crossed.
 */

/* The most regions, region items and near boundary pieces. */
#define C2D_REGIONS 128
#define C2D_REGION_VERTS 1024
#define C2D_REGION_FEATURES 256

typedef struct region {
    int first, n;   /* its items [first, first + n), counter-clockwise */
    c2d_bounds box; /* its items' circles */
    double rmax;    /* the largest item radius */
    int uniform;    /* every item has radius rmax: the region is its centres' polygon grown by it */
    int solid;      /* the centres' polygon has area */
    double sd0;     /* the origin's signed distance */
    double tol;     /* the rounding in its numbers: C2D_REGION_ROUNDING ulps of its reach, and the bodies' own */
} region;

typedef struct regionset {
    region g[C2D_REGIONS];
    int n;
    c2d_vec v[C2D_REGION_VERTS];   /* item centres */
    double rad[C2D_REGION_VERTS];  /* item radii */
    c2d_vec w[C2D_REGION_VERTS];   /* the outward unit normal of the edge from item i to the next */
    unsigned char edge[C2D_REGION_VERTS]; /* that edge has positive length */
    int nv;
} regionset;


/* Add the region of leaf p moving against leaf q, in the frame at o (the
 * bodies live in this frame only); 0 when it does not fit, or when a leaf
 * is not convex (a fan opened beyond pi whose halves found no room). */
int c2d_add_pair_region(regionset *rs, const c2d_shape *p, const c2d_shape *q, c2d_vec o);

/* The signed distance of x from region g's boundary (< 0 inside). */
double c2d_region_sd(const regionset *rs, const region *g, c2d_vec x);

/* The rounding of the regions whose boxes reach x. */
double c2d_regions_tol(const regionset *rs, c2d_vec x);

/* Where a leaf without area meets two leaves of the other shape, a point
 * clear of every region may still lie on a seam of their union (two pieces
 * of a Concave meet along a cut): on_seam(ctx, x) says whether the leaf,
 * moved by x, lies in the union's interior, or that it cannot tell (the
 * search then takes x only when a point a step beyond it on its open side
 * is clear too). */
enum { C2D_SEAM_NO, C2D_SEAM_YES, C2D_SEAM_UNKNOWN };
typedef struct c2d_seams {
    int (*on_seam)(const struct c2d_seams *seams, c2d_vec x);
    const void *ctx;
    double tol;     /* the length it takes as rounding */
} c2d_seams;

/* The least move of a (by x) outside every region, when below best; returns
 * whether one was found (seams: NULL when no point can lie on a seam). */
int c2d_region_least(regionset *rs, double best, const c2d_seams *seams, c2d_vec *x, c2d_vec *u);

#endif
