/*
 * The bump-compatible world: axis-aligned rectangles in a uniform grid of
 * square cells, swept rectangle tests and segment queries, with the same
 * floating-point operations, in the same order, as bump.lua 3.1.7, so that
 * every number comes out bit for bit the same.
 *
 * Plain structs and functions, no Lua: the Lua binding (lua_bump.c) and any
 * other front end drive it. Items are small integer ids (1, 2, ...) handed out
 * by c2d_bump_add; the caller maps them to its own values. Results of
 * c2d_bump_project, c2d_bump_query_* and c2d_bump_segment live in the world's
 * scratch space and stay valid until the next call on the same world.
 * No macros in the declarations, so they can go to a LuaJIT ffi.cdef as they are.
 */
#ifndef COLLIDE2D_BUMP_H
#define COLLIDE2D_BUMP_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct c2d_bump_world c2d_bump_world;

typedef struct c2d_bump_rect {
    double x, y, w, h;
} c2d_bump_rect;

/* A block of cells: left and top cell, and how many across and down (bump's cl, ct, cw, ch). */
typedef struct c2d_bump_cells {
    double cl, ct, cw, ch;
} c2d_bump_cells;

/* Where a segment (x1,y1)-(x2,y2) enters (ti1) and leaves (ti2) a rect, with those sides' normals. */
typedef struct c2d_bump_span {
    double ti1, ti2;
    int nx1, ny1, nx2, ny2;
} c2d_bump_span;

/* One swept-rectangle collision, as bump's rect.detectCollision describes it. */
typedef struct c2d_bump_col {
    int other;            /* the other item's id (0 for a bare rectangle test) */
    int overlaps;         /* 1 when the rectangles overlapped at the start */
    double ti;            /* time of impact, or minus the overlap area */
    double dist;          /* squared distance of the centres, to order equal ti */
    double mx, my;        /* the attempted move */
    int nx, ny;           /* the normal of the side hit */
    double tx, ty;        /* where the item touches the other */
    double seq;           /* the other's insertion number, the last tie-break */
    c2d_bump_rect item, rect;
} c2d_bump_col;

/* An item crossed by a segment: entry and exit along the segment, and the sort key. */
typedef struct c2d_bump_seghit {
    int item;
    double ti1, ti2, weight, seq;
} c2d_bump_seghit;

/* Why a world call refused. */
typedef enum c2d_bump_status {
    C2D_BUMP_OK = 0,
    C2D_BUMP_NO_MEMORY = -1,
    C2D_BUMP_TOO_FAR = -2,       /* a cell index beyond +-2^40 */
    C2D_BUMP_TOO_MANY_CELLS = -3 /* one rect over more than 2^24 cells */
} c2d_bump_status;


/* Pure rectangle functions (no world). */
int c2d_bump_span_of(const c2d_bump_rect *r, double x1, double y1, double x2, double y2,
                     double ti1, double ti2, c2d_bump_span *out);
int c2d_bump_detect(const c2d_bump_rect *item, const c2d_bump_rect *other,
                    double goalx, double goaly, c2d_bump_col *out);
void c2d_bump_cells_of(double cell_size, const c2d_bump_rect *r, c2d_bump_cells *out);

/* The world. */
c2d_bump_world *c2d_bump_new(double cell_size);
void c2d_bump_free(c2d_bump_world *w);
int c2d_bump_add(c2d_bump_world *w, const c2d_bump_rect *r); /* id > 0, or a c2d_bump_status */
int c2d_bump_alive(const c2d_bump_world *w, int id);
const c2d_bump_rect *c2d_bump_rect_of(const c2d_bump_world *w, int id);
void c2d_bump_remove(c2d_bump_world *w, int id);
c2d_bump_status c2d_bump_update(c2d_bump_world *w, int id, const c2d_bump_rect *r);
int c2d_bump_count_cells(const c2d_bump_world *w);
/* How many cells were emptied since the last c2d_bump_next_epoch. */
int c2d_bump_emptied(const c2d_bump_world *w);
/* Start a new epoch; with reap, first drop the empty cells emptied before the current one. */
void c2d_bump_next_epoch(c2d_bump_world *w, int reap);

/* Every item, in insertion order. Negative on failure. */
int c2d_bump_items(c2d_bump_world *w, const int **out);
/* Items in a block of cells, once each, in insertion order. Negative on failure. */
int c2d_bump_query_cells(c2d_bump_world *w, const c2d_bump_cells *c, const int **out);
/* Items whose rect meets r (open overlap, as bump's queryRect). */
int c2d_bump_query_rect(c2d_bump_world *w, const c2d_bump_rect *r, const int **out);
/* Items whose rect holds (x, y) by more than bump's margin. */
int c2d_bump_query_point(c2d_bump_world *w, double x, double y, const int **out);
/* Items the segment crosses, ordered along the segment's line. */
int c2d_bump_segment(c2d_bump_world *w, double x1, double y1, double x2, double y2,
                     const c2d_bump_seghit **out);
/* The collisions of r moving to (goalx, goaly), skipping the ids in skip,
   ordered by ti, then distance, then insertion. */
int c2d_bump_project(c2d_bump_world *w, const int *skip, int nskip, const c2d_bump_rect *r,
                     double goalx, double goaly, const c2d_bump_col **out);

#ifdef __cplusplus
}
#endif

#endif
