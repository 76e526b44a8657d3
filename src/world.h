/*
 * Internal to the C core: the World's layout (world.c), which its pair pass
 * (world_pairs.c) reads as well.
 */
#ifndef COLLIDE2D_WORLD_H
#define COLLIDE2D_WORLD_H

#include <stdlib.h>
#include "geometry.h"

/* A shape covering more cells than this is a big one (kept in a list). */
enum { C2D_WORLD_BIG_CELLS = 64 };
/* A cell holding more slots than this is swept along x by the pair pass. */
enum { C2D_WORLD_CROWD = 24 };
/* Room a cell's list gets past its length when the pool is laid out anew. */
enum { C2D_WORLD_CELL_SLACK = 2 };
/* The pool is laid out anew when the room its moved lists left behind
 * outgrows both this and the items it holds. */
enum { C2D_WORLD_MIN_WASTE = 64 };
/* Cell indices are clamped to +-2^30, so far shapes share the edge cells. */
#define C2D_WORLD_CELL_LIMIT 1073741824.0
/* The exact pass fetches the shapes of the pair this many places ahead, and
 * the entries of the pair twice as far; refreshing, the shape of the moved
 * slot this many places ahead, and the entry and box of the one twice as far. */
enum { C2D_WORLD_AHEAD = 6 };

/* A hint that what p points to will be read soon (where the compiler takes
 * one; it changes no result). */
#if defined(__GNUC__) || defined(__clang__)
#define C2D_PREFETCH(p) __builtin_prefetch(p)
#else
#define C2D_PREFETCH(p) ((void)(p))
/* c2d_world_push, with overlaps no deeper than allow times the shape's
 * distance from the origin (at least 1) taken for touches (0: none). The
 * controller's push, at the start of each move, leaves the rounding of the
 * move before (a slope walked along ends a few ulps into it). */
c2d_move_status c2d_world_push_past(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, double allow,
                                    c2d_vec *end);

#endif

/* A slot's entry, kept small (touch and the pair pass read it at random);
 * the box it is filed under is in the world's box array. */
typedef struct entry {
    int x0, y0, x1, y1;  /* the cells it covers (grid entries) */
    c2d_shape *s;        /* NULL: a free slot */
    long id;             /* the order it was added in */
    unsigned category, mask;
    unsigned stamp;      /* the last query that met it */
    unsigned long version; /* the world's change count when it was added or last changed */
    unsigned char where; /* IN_GRID, IN_BIG, IN_LINES */
    unsigned char flags; /* C2D_WORLD_SENSOR, ONE_WAY */
} entry;

/* A one-way entry's side is in the world's oneway array. */
enum { ONE_WAY = 0x80 };

enum { IN_GRID, IN_BIG, IN_LINES };

/* A slot filed in a cell, 4 bytes: the slot, times 4, plus whether its
 * range of cells starts in the cell's column (ITEM_FIRST_X) and row
 * (ITEM_FIRST_Y), so the pair pass decides which cell reports a pair
 * without reading the entries, and streams as few bytes as it can (in a
 * world of thousands of shapes, the lists it reads are most of its cost). */
typedef unsigned cell_item;
enum { ITEM_FIRST_Y = 1, ITEM_FIRST_X = 2, ITEM_FLAGS = 3 };
/* Slots stay below this, so that a slot times 4 fits an item. */
enum { C2D_WORLD_MAX_SLOTS = 1 << 29 };

static inline int item_slot(cell_item it) { return (int)(it >> 2); }

/* A cell; its list is pool[start .. start + n), with room for cap. */
typedef struct cell {
    int x, y;
    int start, n, cap;
} cell;

/* A slot of the hash: a cell's coordinates and its index in the cells + 1 (0: free). */
typedef struct cell_key {
    int x, y, at;
} cell_key;

/* A growable array of ints. */
typedef struct ints {
    int *v, n, cap;
} ints;

/* A pair of slots whose boxes meet (the earlier-added first once sorted). */
typedef struct found_pair {
    int a, b;
} found_pair;

/* A slot of a crowded cell, as the sweep along x reads it. */
typedef struct swept {
    c2d_bounds box;
    cell_item it;
} swept;

struct c2d_world {
    c2d_moved moved;     /* first: the shapes' transforms note their slots here */
    int cap_moved;       /* the slots moved has room for */
    double size, inv;    /* the cell size and its inverse */
    entry *e;
    c2d_bounds *box;     /* the bounds each slot is filed under */
    c2d_vec *oneway;     /* a one-way slot's side (cap_e of them once one is set, else NULL) */
    int ne, cap_e, live;
    ints free_slots, big, lines, order, out, pairs, rank, count;
    /* Events: the pairs of the last call, as ids (2 per pair, sorted), and
     * the indices of the pairs that began (into pairs) and ended (into the
     * last call's pairs). */
    ints last_ids, now_ids, began, ended;
    ints by_size;        /* the pair pass's cells, sorted by how many slots they hold */
    cell *cells;         /* dense: row by row in an index's rectangle as of the last
                            rebuild, else in the order they were made; new ones last */
    int ncells, cap_cells;
    cell *spare_cells;   /* the array a rebuild lays the cells out in */
    int spare_cells_cap;
    /* The cells are found through an index when they fill a good part of
     * their rectangle (a level's cells), else through a hash. */
    int *index;          /* iw * ih entries, row by row: a cell's place in cells + 1 (0: none) */
    long ix0, iy0;       /* the rectangle's lowest cell */
    int iw, ih;          /* its size, in cells; iw == 0: the hash is in use */
    int index_cap;
    cell_key *hash;
    int cap_hash;
    cell_item *pool;     /* every cell's list */
    int pool_n, pool_cap;  /* the room given to lists; the capacity */
    cell_item *spare;    /* the pool a rebuild lays the lists out in */
    int spare_cap;
    int pool_items, pool_waste; /* the items the lists hold; the room moved lists left behind */
    long next_id;
    int order_holes;     /* removed slots still in the order list (dropped by settle_order) */
    unsigned stamp;
    unsigned long changes; /* grows at every add, remove, filter and refresh of moved shapes (c2d_world_changes) */
    c2d_world_hit *hits;
    int cap_hits;
    void *turn_room;     /* the poses of a turning sweep's compounds (c2d_world_sweep_turning) */
    size_t cap_turn_room;
    found_pair *found, *sorted;
    int nfound, cap_found;
    swept *sweep;
    int cap_sweep;
    /* sight (sight.c): the rays' directions, the blockers, what is seen */
    c2d_sight_dir *sight_dirs;
    int cap_sight_dirs;
    const c2d_shape **sight_shapes;
    int *sight_slots;
    void *sight_items;
    int cap_sight;
    c2d_world_seen *seen;
    int cap_seen;
    c2d_vec *sight_points;  /* a visibility polygon's outline */
    int cap_points;
    /* sight from a shape (sight_from.c): corners, a's outline, its places, the blockers */
    void *from_feats, *from_pieces, *from_events;
    int cap_from_feats, cap_from_pieces, cap_from_events;
    int *from_slots;
    int cap_from_slots;
};

/* Do the boxes meet (the four tests made alike, with no branch between them). */
static inline int boxes_meet(const c2d_bounds *a, const c2d_bounds *b)
{
    return (a->minx <= b->maxx) & (b->minx <= a->maxx) & (a->miny <= b->maxy) & (b->miny <= a->maxy);
}

/* Room for one more int; 0 when memory ran out. */
static inline int ints_push(ints *a, int x)
{
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 16;
        int *v = (int *)realloc(a->v, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 1;
}

/* The cell holding x (inv: 1 / the cell size), clamped to the grid's limit. */
static inline int cell_of(double x, double inv)
{
    double c = floor(x * inv);
    if (!(c > -C2D_WORLD_CELL_LIMIT)) c = -C2D_WORLD_CELL_LIMIT;
    if (!(c < C2D_WORLD_CELL_LIMIT)) c = C2D_WORLD_CELL_LIMIT;
    return (int)c;
}

/* How many cells x0..x1 by y0..y1 are (in double: the span can pass 2^31). */
static inline double cells_in(long x0, long y0, long x1, long y1)
{
    return ((double)x1 - (double)x0 + 1) * ((double)y1 - (double)y0 + 1);
}

/* Room for n ints in a (its contents not kept); 0 when memory ran out. */
int c2d_ints_room(ints *a, int n);

/* The cell (x, y), made when make is set; NULL when absent (or out of memory).
 * Making a cell may move the others: the pointer holds until the next call. */
cell *c2d_grid_cell(c2d_world *w, long x, long y, int make);

/* Are the cells x0..x1 by y0..y1 too many to walk (reading every grid entry is cheaper). */
int c2d_grid_too_many(const c2d_world *w, long x0, long y0, long x1, long y1);

/* Bring every changed entry up to date; 0 when memory ran out. */
int c2d_world_refresh(c2d_world *w);

/* c2d_world_push, with overlaps no deeper than allow times the shape's
 * distance from the origin (at least 1) taken for touches (0: none). The
 * controller's push, at the start of each move, leaves the rounding of the
 * move before (a slope walked along ends a few ulps into it). */
c2d_move_status c2d_world_push_past(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, double allow,
                                    c2d_vec *end);

#endif
