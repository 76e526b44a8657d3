/*
 * Internal to the C core: a tile layer's storage (tile_shape.c) and its pair
 * queries (tiles.c), which dispatch.c and covers.c hand it.
 *
 * A layer's storage is one block the caller owns: this header, the kinds,
 * the map from codes to kinds, the codes, and the room a query gathers the
 * pieces near the other shape in (a Group of them, which the compound
 * queries then answer: the union of the pieces, seams and all).
 */
#ifndef COLLIDE2D_TILES_H
#define COLLIDE2D_TILES_H

#include "compound_query.h"

/* The most pieces a query gathers into one Group. */
#define C2D_TILE_GATHER C2D_MAX_MEMBERS

/* A kind as the layer keeps it: its piece, and how it is built. */
enum { TILE_EMPTY, TILE_FULL, TILE_RECT, TILE_POINT, TILE_SEGMENT, TILE_TRIANGLE, TILE_POLYGON };
typedef struct tile_kind {
    int form;                 /* TILE_* */
    int count;
    double uv[2 * C2D_MAX_TILE_VERTICES]; /* counter-clockwise in (x, y) */
    c2d_vec side;             /* a one-way piece's side (a unit vector), or (0, 0) */
} tile_kind;

struct c2d_tiles {
    size_t bytes;
    int columns, rows, nkinds;
    tile_kind kinds[C2D_TILE_KINDS];
    unsigned char *kind_of;   /* C2D_TILE_CODES */
    unsigned short *codes;    /* columns * rows, row after row */
    /* the room of a query */
    c2d_shape *gathered;      /* C2D_TILE_GATHER */
    c2d_vec *gverts;          /* C2D_MAX_TILE_VERTICES for each */
    const c2d_shape **gptr;   /* C2D_TILE_GATHER */
    void *group;              /* a Group of C2D_TILE_GATHER pieces */
    int solid_only;           /* 1: one-way pieces are left out (a World's push, which they never make) */
};

/* The range of columns and rows whose tiles may meet box grown by reach
 * (0 when none). */
typedef struct tile_range {
    int c0, c1, r0, r1;
    int merge;      /* runs of full tiles along a row as one AABB (c2d_tile_range: 1) */
} tile_range;
int c2d_tile_range(const c2d_shape *s, const c2d_bounds *box, double reach, tile_range *out);

/* Call f on each solid piece in range whose box meets box grown by reach
 * (runs of full tiles of one side along a row as one AABB); stop when f
 * returns 0 (then 0). side, unless NULL, holds each piece's one-way side
 * while f sees it. */
typedef int (*tile_fn)(void *ud, const c2d_shape *piece);
int c2d_tiles_each(const c2d_shape *s, const tile_range *rg, const c2d_bounds *box, double reach, tile_fn f, void *ud,
                   c2d_vec *side);

/* The layer's pieces that meet box grown by reach, in the layer's room
 * (*pieces): how many (-1 when more than C2D_TILE_GATHER). */
int c2d_tiles_collect(const c2d_shape *s, const c2d_bounds *box, double reach, int merge, const c2d_shape **pieces);

/* (merge 0: every tile its own piece, as contact takes them: a point on a
 * run's top is then at a corner of two pieces, which the regions read right.) */
/* The layer's pieces that meet box grown by reach as a Group in the layer's
 * room (g), or 0 when there are none (-1 when more than C2D_TILE_GATHER). */
int c2d_tiles_gather(const c2d_shape *s, const c2d_bounds *box, double reach, int merge, c2d_shape *g);

/* Point a copied block's pointers into storage. */
void c2d_tiles_relocate(c2d_shape *dst, void *storage);

/* The canonical order of two layers at the same corner with the same tile
 * size (c2d_shape_order): by their sizes, codes and kinds. */
int c2d_tiles_order(const c2d_shape *a, const c2d_shape *b);

/* Does box lie within the layer's tiles, every tile it meets full. */
int c2d_tiles_all_full(const c2d_shape *s, const c2d_bounds *box);

/* The layer's transforms (transform.c hands layers here) and centre. */
c2d_error c2d_tiles_move_to(c2d_shape *s, double x, double y);
c2d_error c2d_tiles_scale(c2d_shape *s, double k, double ox, double oy);
c2d_vec c2d_tiles_center(const c2d_shape *s);

/* The pair queries with a layer on either side. */
int c2d_tiles_hits(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_tiles_distance(const c2d_shape *a, const c2d_shape *b);
void c2d_tiles_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);
c2d_sweep_result c2d_tiles_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);
c2d_sweep_result c2d_tiles_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

#endif
