/*
 * Internal to the C core: the storage of a compound shape (Concave, Group)
 * and the walk over the tree of its pieces' boxes.
 *
 * A compound's storage is one block the caller owns: this header struct,
 * then the pieces (c2d_shape each), the tree, and the kind's own arrays. Its
 * layout follows from the vertex (or member) count alone, so a copy is a
 * memcpy and a pass that points the pointers into the new block.
 */
#ifndef COLLIDE2D_COMPOUND_H
#define COLLIDE2D_COMPOUND_H

#include "geometry.h"

/* A node of the tree over the pieces' boxes, in preorder: a leaf holds
 * order[first .. first + count); an inner node (count 0) has its left child
 * next to it and its right child at right. */
typedef struct c2d_node {
    c2d_bounds bounds;
    int first, count, right;
} c2d_node;

struct c2d_compound {
    size_t bytes;       /* the block, for a copy (a Concave's work space not included) */
    int kind;
    int count;          /* pieces (Concave) or members (Group) */
    int room;           /* the most pieces the layout holds */
    int nodes;          /* tree nodes in use */
    int outline;        /* Concave: outline vertices */
    c2d_shape *pieces;
    c2d_node *tree;
    int *order;         /* the pieces in tree order */
    c2d_vec *verts;     /* Concave: the outline */
    c2d_vec *pverts;    /* Concave: the pieces' vertices */
    int *pindex;        /* Concave: the outline index of each piece vertex */
    int *pfirst;        /* Concave: where piece i's vertices start (count + 1) */
    size_t *moffset;    /* Group: where member i's storage starts in the block */
};

/* A compound's block is laid out in fields 8-byte aligned: n rounded up, and
 * C2D_PLACE(s, field, type, count) puts s->field at base + at (when s is
 * set) and moves at past it (base and at are the layout's own variables). */
static inline size_t c2d_align8(size_t n) { return (n + 7) & ~(size_t)7; }
#define C2D_PLACE(s, field, type, count)                                \
    do {                                                                \
        if (s) (s)->field = (type *)(void *)(base + at);                \
        at = c2d_align8(at + sizeof(type) * (size_t)(count));           \
    } while (0)

/* The deepest tree walk (a median split halves the pieces at each level). */
#define C2D_TREE_STACK 64

/* A walk over the pieces whose boxes come within reach of a box. */
typedef struct piece_walk {
    const struct c2d_compound *c;
    int stack[C2D_TREE_STACK];
    int top, leaf, leaf_end;
} piece_walk;

/* Does a meet b grown by reach (the cheap test that never rejects a meeting pair). */
static inline int c2d_near(const c2d_bounds *a, const c2d_bounds *b, double reach)
{
    c2d_bounds g;
    if (reach == 0) return c2d_bounds_meet(a, b);
    g.minx = b->minx - reach;
    g.miny = b->miny - reach;
    g.maxx = b->maxx + reach;
    g.maxy = b->maxy + reach;
    return c2d_bounds_meet(a, &g);
}

void c2d_walk_start(piece_walk *w, const c2d_shape *s);
/* The next piece whose box meets box grown by reach, or NULL. */
const c2d_shape *c2d_walk_next(piece_walk *w, const c2d_bounds *box, double reach);

/* Build the tree over the pieces' boxes (order, tree, nodes), and refit it
 * after the pieces moved; both set the shape's bounds. */
void c2d_tree_build(c2d_shape *s);
void c2d_tree_refit(c2d_shape *s);

/* The i-th core vertex of a POLY body, counter-clockwise. */
static inline c2d_vec ccw_vertex(const body *x, int i)
{
    return c2d_bv(x, x->orient < 0 ? x->n - 1 - i : i);
}

/* The outward unit normal of an edge run from p to q with the inside on its left. */
static inline c2d_vec right_normal(c2d_vec p, c2d_vec q)
{
    c2d_vec e = vsub(q, p);
    return vunit(v2(e.y, -e.x));
}

/* Is s a Concave or a Group. */
static inline int c2d_is_compound(const c2d_shape *s)
{
    return s->kind == C2D_CONCAVE || s->kind == C2D_GROUP;
}

/* Concave: rebuild the pieces from the outline (after a transform). */
void c2d_concave_refresh(c2d_shape *s);

/* The compound transforms (transform.c hands compounds here). */
c2d_error c2d_compound_move(c2d_shape *s, double dx, double dy);
c2d_error c2d_compound_move_to(c2d_shape *s, double x, double y);
c2d_error c2d_compound_rotate(c2d_shape *s, double angle, double ox, double oy);
c2d_error c2d_compound_scale(c2d_shape *s, double k, double ox, double oy);

/* A Fan opened beyond pi (not convex), and its two halves, each convex (h: room for 2). */
static inline int c2d_wide_fan(const c2d_shape *s)
{
    return s->kind == C2D_FAN && s->radius > 0 && s->opening > C2D_PI && s->opening < 2 * C2D_PI - C2D_FULL_TURN;
}
void c2d_fan_halves(const c2d_shape *s, c2d_shape *h);
c2d_vec c2d_compound_center(const c2d_shape *s);

/* Point the copied block's pointers into storage (src: the original). */
void c2d_relocate(c2d_shape *dst, const c2d_shape *src, void *storage);

#endif
