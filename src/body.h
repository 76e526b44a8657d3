/*
 * Internal to the C core: the body, the form every shape takes for a query
 * (body.c builds it), and the reads of its vertices.
 */
#ifndef COLLIDE2D_BODY_H
#define COLLIDE2D_BODY_H

#include <stdint.h>
#include "vec.h"

/*
 * A body is a shape as a query sees it, in the query's frame:
 *   BODY_POLY  a convex core of n >= 1 vertices (1: a point, 2: a segment)
 *              swept by a disk of radius r. Point, Segment, Disk, AABB, Box,
 *              Triangle, Polygon, Capsule, and the Fans that are a point, a
 *              segment or a disk.
 *   BODY_FAN   a circular sector with 0 < opening < 2*pi and r > 0.
 *   BODY_LINE  the infinite line through v[0] along v[1].
 */
typedef enum body_type { BODY_POLY, BODY_FAN, BODY_LINE } body_type;

/* How many vertices a body holds itself: those it computes (an AABB's or a
 * Box's corners, a flat core's two ends, a Line's point and direction, a
 * Fan's segment) and a Polygon's vertices when dropping rounding-length
 * edges leaves so few of them. */
#define C2D_BODY_OWN 4

/* Words of a bit set with one bit per vertex of a shape. */
#define C2D_VERTEX_WORDS ((C2D_MAX_VERTICES + 63) / 64)

typedef struct body {
    /* The core's vertices: vertex i is src[i] - off, or src[j] - off for
     * the i-th j set in own.kept. Most bodies borrow their shape's points
     * (src the shape's, off the frame's origin, the subtraction exact for
     * nearby numbers); the vertices a body computes stand in own.v with off
     * 0 (x - 0 is x, signed zeros included). kept is used only by a Polygon
     * of more than C2D_BODY_OWN vertices some of which were dropped. */
    const c2d_vec *src;
    c2d_vec off;
    int kept;     /* whether own.kept lists the vertices */
    body_type type;
    int n;        /* POLY: core vertices */
    int orient;   /* POLY: +1 ccw, -1 cw, 0 no interior (n < 3 or zero area) */
    int wide;     /* FAN: opened beyond pi */
    double r;     /* POLY: rounding radius; FAN: radius */
    double tol;   /* how far rounding in cos/sin may have moved the boundary (turned Box, Fan) */
    union {
        c2d_vec v[C2D_BODY_OWN];          /* vertices of its own */
        uint64_t kept[C2D_VERTEX_WORDS];  /* the shape's vertices kept */
        /* FAN (which borrows its apex): unit direction d, unit edge
         * directions e1 = d turned by +half, e2 = d turned by -half. */
        struct { c2d_vec d, e1, e2; } fan;
    } own;
} body; /* POLY: the core; FAN: vertex 0 the apex; LINE: vertex 0 a point, 1 the direction */

/* How many bits of w are set. */
static inline int c2d_bit_count(uint64_t w)
{
#if defined(__GNUC__)
    return __builtin_popcountll(w);
#else
    int k = 0;
    for (; w; w &= w - 1) k++;
    return k;
#endif
}

/* The index of the i-th set bit of a vertex bit set (counted from 0; it is there). */
static inline int c2d_nth_bit(const uint64_t *w, int i)
{
    int k = 0, j = 0;
    uint64_t x;
    while (i >= c2d_bit_count(w[k])) i -= c2d_bit_count(w[k++]);
    for (x = w[k]; i > 0; i--) x &= x - 1;
    while (!(x & 1)) { x >>= 1; j++; }
    return 64 * k + j;
}

/* The index in its source of a body's i-th kept vertex (out of line: rare,
 * and kept apart so that the common read stays small enough to inline). */
int c2d_kept_index(const body *b, int i);

/* The i-th vertex of a body in its frame: every read of a body's vertices
 * goes through this. */
static inline c2d_vec c2d_bv(const body *b, int i)
{
#if defined(__GNUC__)
    if (__builtin_expect(b->kept, 0)) return vsub(b->src[c2d_kept_index(b, i)], b->off);
#else
    if (b->kept) return vsub(b->src[c2d_kept_index(b, i)], b->off);
#endif
    return vsub(b->src[i], b->off);
}

/* The edge from vertex i to the next, from the shape's own numbers: one
 * rounding, where the frame's vertices (each rounded to the coordinates'
 * ulp) turn a short edge far from the frame's origin (an edge 48 long, 2e11
 * away, by 2e-7: its line then misses a point there by 1e4). */
static inline c2d_vec c2d_body_edge(const body *b, int i)
{
    int j = i + 1 == b->n ? 0 : i + 1;
    if (b->kept) return vsub(b->src[c2d_kept_index(b, j)], b->src[c2d_kept_index(b, i)]);
    return vsub(b->src[j], b->src[i]);
}

/* A body's vertices as one array (vertex i is plain[i] - b->off), or NULL
 * when it keeps only some of its source's: for loops that read them all. */
static inline const c2d_vec *c2d_bv_plain(const body *b)
{
    return b->kept ? NULL : b->src;
}

/* A copy of a body (its own vertices, if any, read from the copy). */
static inline void c2d_body_copy(body *dst, const body *src)
{
    *dst = *src;
    if (src->src == src->own.v) dst->src = dst->own.v;
}

/* Set a body's vertices to n points of its own (n <= C2D_BODY_OWN), already
 * in its frame; v may be the body's own vertices. */
static inline void c2d_body_own(body *b, const c2d_vec *v, int n)
{
    int i;
    for (i = 0; i < n; i++) b->own.v[i] = v[i];
    b->src = b->own.v;
    b->kept = 0;
    b->off = v2(0, 0);
    b->n = n;
}

/* The index after i round a cycle of n. */
static inline int c2d_next(int i, int n) { return i + 1 == n ? 0 : i + 1; }

/* The end of a fan body's arc on its +half edge (which 0) or -half edge (1). */
static inline c2d_vec c2d_arc_end(const body *f, int which)
{
    return vadd(c2d_bv(f, 0), vscale(which ? f->own.fan.e2 : f->own.fan.e1, f->r));
}

/* The corner points of a POLY or FAN body: core vertices, or a fan's apex
 * and arc ends; how many, and the i-th. */
static inline int c2d_corner_count(const body *b) { return b->type == BODY_FAN ? 3 : b->n; }
static inline c2d_vec c2d_corner(const body *b, int i)
{
    if (b->type == BODY_FAN) return i == 0 ? c2d_bv(b, 0) : c2d_arc_end(b, i - 1);
    return c2d_bv(b, i);
}

/* The body of shape s in the frame whose origin is o. */
void c2d_body(body *b, const c2d_shape *s, const c2d_vec *o);

/* Its core alone: what c2d_body builds before it checks the winding in this
 * frame and adds a turned Box's or a slack Polygon's tolerance. */
void c2d_body_core(body *b, const c2d_shape *s, const c2d_vec *o);

/* Is v (relative to a fan's apex) within the fan's angular range. */
int c2d_in_wedge(const body *f, c2d_vec v);

/* Does the body's solid part (POLY with an interior, FAN) hold p. */
int c2d_body_contains_solid(const body *b, c2d_vec p);

#endif
