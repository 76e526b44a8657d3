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

/*
 * Integers and floats. Lua 5.3 and later hold a whole number either as an
 * integer or as a float, and bump.lua's arithmetic keeps integers integers:
 * the sum, difference or product of two integers is an integer, a quotient is
 * always a float, and math.min or math.abs return the type they were given.
 * So that a front end on those runtimes gives every number the type bump.lua
 * would, the structs below carry `ints`, a bit per number named by the enum
 * beside them: on input, set the bits of the numbers the caller got as
 * integers (0 on runtimes without integers); on output, they are worked out
 * from those. The values themselves are doubles either way (exact for whole
 * numbers up to 2^53).
 */
enum c2d_bump_rect_ints { C2D_BUMP_INT_X = 1, C2D_BUMP_INT_Y = 2, C2D_BUMP_INT_W = 4, C2D_BUMP_INT_H = 8 };
enum c2d_bump_col_ints { C2D_BUMP_INT_TI = 1, C2D_BUMP_INT_MX = 2, C2D_BUMP_INT_MY = 4, C2D_BUMP_INT_TX = 8, C2D_BUMP_INT_TY = 16 };
enum c2d_bump_span_ints { C2D_BUMP_INT_TI1 = 1, C2D_BUMP_INT_TI2 = 2 };

typedef struct c2d_bump_rect {
    double x, y, w, h;
    unsigned ints;        /* c2d_bump_rect_ints */
} c2d_bump_rect;

/* A block of cells: left and top cell, and how many across and down (bump's cl, ct, cw, ch). */
typedef struct c2d_bump_cells {
    double cl, ct, cw, ch;
} c2d_bump_cells;

/* Where a segment (x1,y1)-(x2,y2) enters (ti1) and leaves (ti2) a rect, with those sides' normals. */
typedef struct c2d_bump_span {
    double ti1, ti2;
    int nx1, ny1, nx2, ny2;
    unsigned ints;        /* c2d_bump_span_ints */
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
    unsigned ints;        /* c2d_bump_col_ints */
} c2d_bump_col;

/* An item crossed by a segment: entry and exit along the segment, and the sort key. */
typedef struct c2d_bump_seghit {
    int item;
    double ti1, ti2, weight, seq;
    unsigned ints;        /* c2d_bump_span_ints, of ti1 and ti2 */
} c2d_bump_seghit;

/* What a check does with a collision: a built-in response, or nothing. */
typedef enum c2d_bump_response {
    C2D_BUMP_IGNORE = 0,
    C2D_BUMP_TOUCH,
    C2D_BUMP_CROSS,
    C2D_BUMP_SLIDE,
    C2D_BUMP_BOUNCE
} c2d_bump_response;

/* A check (bump's World:check) under way: where the item started, where the
   next projection starts, and the goal it heads for. */
typedef struct c2d_bump_check {
    int id;
    c2d_bump_rect start, from;
    double goalx, goaly;
    unsigned goal_ints;   /* C2D_BUMP_INT_X, C2D_BUMP_INT_Y */
} c2d_bump_check;

/* Why a world call refused. */
typedef enum c2d_bump_status {
    C2D_BUMP_OK = 0,
    C2D_BUMP_NO_MEMORY = -1,
    C2D_BUMP_TOO_FAR = -2,       /* a cell index beyond +-2^40 */
    C2D_BUMP_TOO_MANY_CELLS = -3, /* one rect over more than 2^24 cells */
    C2D_BUMP_NOT_IN_WORLD = -4    /* the item is not (or no longer) in the world */
} c2d_bump_status;


/* Pure rectangle functions (no world). */
/* t_ints: which of ti1, ti2 the caller gave as integers (c2d_bump_span_ints). */
int c2d_bump_span_of(const c2d_bump_rect *r, double x1, double y1, double x2, double y2,
                     double ti1, double ti2, unsigned t_ints, c2d_bump_span *out);
/* goal_ints: C2D_BUMP_INT_X, C2D_BUMP_INT_Y for a goal given as integers. */
int c2d_bump_detect(const c2d_bump_rect *item, const c2d_bump_rect *other,
                    double goalx, double goaly, unsigned goal_ints, c2d_bump_col *out);
void c2d_bump_cells_of(double cell_size, const c2d_bump_rect *r, c2d_bump_cells *out);

/* The world. */
c2d_bump_world *c2d_bump_new(double cell_size);
void c2d_bump_free(c2d_bump_world *w);
int c2d_bump_add(c2d_bump_world *w, const c2d_bump_rect *r); /* id > 0, or a c2d_bump_status */
int c2d_bump_alive(const c2d_bump_world *w, int id);
const c2d_bump_rect *c2d_bump_rect_of(const c2d_bump_world *w, int id);
void c2d_bump_remove(c2d_bump_world *w, int id);
/* Take back the item c2d_bump_add just gave id (the caller could not keep it,
 * e.g. out of memory): as remove, and the cells that add made go too, so the
 * world is as it was before the add. */
void c2d_bump_unadd(c2d_bump_world *w, int id);
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
                     double goalx, double goaly, unsigned goal_ints, const c2d_bump_col **out);

/*
 * bump's World:check, a step at a time, so that the caller can ask its filter
 * between steps (a filter may query or change the world). The caller keeps
 * the list of items the check has met (the item itself first). Each step:
 * c2d_bump_check_next projects from where the check stands toward its goal,
 * skipping those items; the caller picks the first collision its filter
 * accepts (the list is nearest first), and c2d_bump_check_take applies the
 * response, which moves the goal and where the next projection starts. The
 * check ends when a step finds nothing the filter accepts, or after a touch.
 * The goal is then where the item goes: c2d_bump_check_finish moves it there.
 */
/* Begin a check of item id toward (goalx, goaly). 0 when id is not in the world. */
int c2d_bump_check_begin(const c2d_bump_world *w, int id, double goalx, double goaly, unsigned goal_ints,
                         c2d_bump_check *out);
/* The collisions of the next step, nearest first (in the world's scratch space). Negative on failure. */
int c2d_bump_check_next(c2d_bump_world *w, const c2d_bump_check *c, const int *skip, int nskip,
                        const c2d_bump_col **out);
/* Apply response r to collision col, one of the last step's. */
void c2d_bump_check_take(c2d_bump_check *c, const c2d_bump_col *col, c2d_bump_response r);
/* Move the item to the check's goal (World:move), keeping its size. C2D_BUMP_OK, or why not. */
c2d_bump_status c2d_bump_check_finish(c2d_bump_world *w, const c2d_bump_check *c);

#ifdef __cplusplus
}
#endif

#endif
