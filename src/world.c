/*
 * World: a broadphase over many shapes, with the core's exact pair queries
 * as its narrowphase.
 *
 * Shapes of about a cell's size live in a uniform grid: cells, each listing
 * the slots whose bounding box covers it. A cell is found through an index
 * over the rectangle of cells in use while they fill a good part of it (a
 * level), else through a hash. The cells sit in one dense array and their
 * lists in one pool, laid out in the cells' order whenever the grid is
 * rebuilt (with an index, row by row), so the pair pass reads both straight
 * through memory; the boxes it tests sit in an array of their own, apart
 * from the rest of each entry.
 * A cell crowded beyond C2D_WORLD_CROWD slots is swept along x instead of
 * tested pair by pair, so a crowd in one spot costs about what it reports.
 *
 * A shape that would cover more than C2D_WORLD_BIG_CELLS cells (a long wall
 * among tiles) goes to a short list of big shapes instead, so one wall never
 * fills hundreds of cells; its partners are found by walking the cells it
 * covers. A Line (unbounded) goes to a list of its own, tested against
 * everything. A pair met in several cells is reported once, from the cell
 * that holds the lower-left corner of the overlap of the two boxes.
 *
 * Shapes are kept current lazily: a transform notes the changed shape's slot
 * in the World's moved list (c2d_note_moved, in the shapes' layer, which
 * knows the World only as that list), and the next query takes each noted
 * shape's new box (refiling it when it left its cells), fetching the
 * entries, boxes and shapes of the slots a few places ahead while it takes
 * one.
 *
 * The boxes are the shapes' bounds grown by a few ulps of their magnitude
 * (c2d_bounds_pad), and so are the boxes of a query and a ray: hits works in
 * the pair's frame and counts as touching shapes whose bounds are apart by
 * the rounding there (a segment's end two ulps past an AABB's side; a turned
 * Box within its trig allowance), up to what c2d_bounds_meet lets through,
 * and every such pair must be a candidate. bbox() stays the shape's own box.
 *
 * Every slot carries the order it was added in (its id); results are sorted
 * by it, so they are the same on every run whatever the hash does. The pair
 * pass sorts the pairs whose boxes meet before the exact tests, so that it
 * reads the shapes about in the order they were added, not at random; the
 * entries and shapes of the pairs a few places ahead are fetched from memory
 * while the current pair is tested (in a world of thousands of shapes they
 * are far apart, and waiting for each in turn was most of the exact pass).
 */
#include <stdlib.h>
#include <string.h>
#include "world.h"

/* Room for one more int; 0 when memory ran out. */
static int ints_push(ints *a, int x)
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

/* Room for n ints in a (its contents not kept); 0 when memory ran out. */
int c2d_ints_room(ints *a, int n)
{
    if (n > a->cap) {
        int cap = a->cap ? a->cap : 16, *v;
        while (cap < n) cap *= 2;
        v = (int *)realloc(a->v, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        a->v = v;
        a->cap = cap;
    }
    return 1;
}

/* Remove the first x from a (order not kept). */
static void ints_drop(ints *a, int x)
{
    int i;
    for (i = 0; i < a->n; i++)
        if (a->v[i] == x) { a->v[i] = a->v[--a->n]; return; }
}

static int cell_of(double x, double inv)
{
    double c = floor(x * inv);
    if (!(c > -C2D_WORLD_CELL_LIMIT)) c = -C2D_WORLD_CELL_LIMIT;
    if (!(c < C2D_WORLD_CELL_LIMIT)) c = C2D_WORLD_CELL_LIMIT;
    return (int)c;
}

/* How many cells x0..x1 by y0..y1 are (in double: the span can pass 2^31). */
static double cells_in(long x0, long y0, long x1, long y1)
{
    return ((double)x1 - (double)x0 + 1) * ((double)y1 - (double)y0 + 1);
}

static unsigned long hash_cell(long x, long y)
{
    unsigned long h = (unsigned long)x * 0x9E3779B1UL ^ (unsigned long)y * 0x85EBCA77UL;
    return h ^ (h >> 15);
}

/* Is an index over a rectangle of iw by ih cells worth keeping, instead of
 * a hash, for n cells in use: at most 8 entries of 4 bytes for each (the hash
 * keeps 4 to 8 slots of 12 bytes for each), or a few thousand in all. */
static int index_pays(double iw, double ih, int n)
{
    return iw * ih <= 8.0 * n + 4096;
}

/* Copy c's list from pool to spare at at, with some room past it; returns
 * where the next list goes. */
static int lay_out(cell *c, const cell_item *pool, cell_item *spare, int at)
{
    memcpy(spare + at, pool + c->start, (size_t)c->n * sizeof *spare);
    c->start = at;
    c->cap = c->n + C2D_WORLD_CELL_SLACK;
    return at + c->cap;
}

/* Make the cells anew from those that hold something (the empty ones are
 * dropped), with room for the cell (mx, my) when make is set: the cells in
 * the spare array, their lists in the spare pool in the cells' order (the
 * arrays then trade places), and the index or the hash anew; 0 when memory
 * ran out (then nothing changed). With an index, the cells are laid out row
 * by row, so neighbouring cells, which share most shapes, sit together; a
 * refiled shape then finds its old and new cells in a few lines of memory.
 * The index's rectangle gets a margin of an eighth of its size (at least
 * 2 cells) on each side, for shapes that wander out. Nothing shrinks, so once
 * the world has grown to its work a rebuild allocates nothing. */
static int regrid(c2d_world *w, int make, long mx, long my)
{
    int k, live = 0, room = 1, at = 0, cap = 256, cells_cap, dense = 0;
    long x0 = mx, y0 = my, x1 = mx, y1 = my;
    double sw, sh;
    unsigned long mask;
    cell_key *hash = w->hash;
    cell_item *spare = w->spare;
    cell *cells = w->spare_cells;
    int *index = w->index;
    for (k = 0; k < w->ncells; k++) {
        const cell *c = &w->cells[k];
        if (c->n == 0) continue;
        if (live == 0 && !make) x0 = x1 = c->x, y0 = y1 = c->y;
        live++;
        room += c->n + C2D_WORLD_CELL_SLACK;
        if (c->x < x0) x0 = c->x;
        if (c->x > x1) x1 = c->x;
        if (c->y < y0) y0 = c->y;
        if (c->y > y1) y1 = c->y;
    }
    /* The index when the rectangle pays (its span in double: it can pass
     * 2^31 cells), with its margins when they pay too; else the hash. */
    sw = (double)x1 - (double)x0 + 1;
    sh = (double)y1 - (double)y0 + 1;
    if (live + make > 0 && index_pays(sw, sh, live + 1)) {
        long mw = (long)sw / 8 + 2, mh = (long)sh / 8 + 2;
        dense = 1;
        if (index_pays(sw + 2.0 * mw, sh + 2.0 * mh, live + 1)) x0 -= mw, x1 += mw, y0 -= mh, y1 += mh;
    }
    /* Room for twice the cells in use, so as many new ones fit before the
     * next rebuild; the hash at most a quarter full, for the same reason. */
    cells_cap = 2 * (live + 1) > 256 ? 2 * (live + 1) : 256;
    if (!dense) {
        while (cap < 4 * (live + 1) || cap < w->cap_hash) cap *= 2;
        cells_cap = cap / 2;
    }
    /* First what may fail: the spare cells and pool, the index or the hash. */
    if (cells_cap > w->spare_cells_cap) {
        cells = (cell *)realloc(w->spare_cells, (size_t)cells_cap * sizeof *cells);
        if (cells == NULL) return 0;
        w->spare_cells = cells;
        w->spare_cells_cap = cells_cap;
    }
    if (room > w->spare_cap) {
        spare = (cell_item *)realloc(w->spare, (size_t)room * sizeof *spare);
        if (spare == NULL) return 0;
        w->spare = spare;
        w->spare_cap = room;
    }
    if (dense) {
        int n = (int)((x1 - x0 + 1) * (y1 - y0 + 1));
        if (n > w->index_cap) {
            index = (int *)realloc(w->index, (size_t)n * sizeof *index);
            if (index == NULL) return 0;
            w->index = index;
            w->index_cap = n;
        }
        memset(index, 0, (size_t)n * sizeof *index);
        /* Each cell's old place in the index, then row by row into the spare arrays. */
        for (k = 0; k < w->ncells; k++)
            if (w->cells[k].n > 0) index[(w->cells[k].y - y0) * (x1 - x0 + 1) + (w->cells[k].x - x0)] = k + 1;
        live = 0;
        for (k = 0; k < n; k++) {
            cell c;
            if (index[k] == 0) continue;
            c = w->cells[index[k] - 1];
            at = lay_out(&c, w->pool, spare, at);
            cells[live] = c;
            index[k] = ++live;
        }
        w->ix0 = x0;
        w->iy0 = y0;
        w->iw = (int)(x1 - x0 + 1);
        w->ih = (int)(y1 - y0 + 1);
    } else {
        if (cap > w->cap_hash) {
            hash = (cell_key *)malloc((size_t)cap * sizeof *hash);
            if (hash == NULL) return 0;
        }
        /* The cells that hold something, in their order, and the hash anew. */
        memset(hash, 0, (size_t)cap * sizeof *hash);
        mask = (unsigned long)(cap - 1);
        live = 0;
        for (k = 0; k < w->ncells; k++) {
            cell c = w->cells[k];
            unsigned long i;
            if (c.n == 0) continue;
            at = lay_out(&c, w->pool, spare, at);
            cells[live] = c;
            for (i = hash_cell(c.x, c.y) & mask; hash[i].at; i = (i + 1) & mask) continue;
            hash[i].x = c.x;
            hash[i].y = c.y;
            hash[i].at = ++live;
        }
        if (hash != w->hash) free(w->hash);
        w->hash = hash;
        w->cap_hash = cap;
        w->iw = w->ih = 0;
    }
    w->spare_cells = w->cells;
    w->spare_cells_cap = w->cap_cells;
    w->cells = cells;
    w->cap_cells = cells_cap;
    w->ncells = live;
    w->spare = w->pool;
    w->pool = spare;
    k = w->spare_cap;
    w->spare_cap = w->pool_cap;
    w->pool_cap = k;
    w->pool_n = at;
    w->pool_waste = 0;
    w->pool_items = at - live * C2D_WORLD_CELL_SLACK;
    return 1;
}

/* A new empty cell (x, y) at the end of the cells (which have room). */
static cell *new_cell(c2d_world *w, long x, long y)
{
    cell *c = &w->cells[w->ncells++];
    c->x = (int)x;
    c->y = (int)y;
    c->start = c->n = c->cap = 0;
    return c;
}

/* The cell (x, y), made when make is set; NULL when absent (or out of memory).
 * Making a cell may move the others: the pointer holds until the next call. */
cell *c2d_grid_cell(c2d_world *w, long x, long y, int make)
{
    for (;;) {
        if (w->iw > 0) {
            /* (x - ix0 could pass a 32-bit long; ix0 + iw cannot.) */
            if (x >= w->ix0 && x < w->ix0 + w->iw && y >= w->iy0 && y < w->iy0 + w->ih) {
                int *at = &w->index[(y - w->iy0) * w->iw + (x - w->ix0)];
                if (*at) return &w->cells[*at - 1];
                if (!make) return NULL;
                if (w->ncells < w->cap_cells) {
                    cell *c = new_cell(w, x, y);
                    *at = w->ncells;
                    return c;
                }
            } else if (!make) {
                return NULL;
            }
        } else if (w->cap_hash > 0 && !(make && 2 * (w->ncells + 1) > w->cap_hash)) {
            /* The hash stays at most half full; the cells have room for as many. */
            unsigned long mask = (unsigned long)(w->cap_hash - 1), i;
            cell *c;
            for (i = hash_cell(x, y) & mask; w->hash[i].at; i = (i + 1) & mask)
                if (w->hash[i].x == x && w->hash[i].y == y) return &w->cells[w->hash[i].at - 1];
            if (!make) return NULL;
            c = new_cell(w, x, y);
            w->hash[i].x = (int)x;
            w->hash[i].y = (int)y;
            w->hash[i].at = w->ncells;
            return c;
        } else if (!make) {
            return NULL;
        }
        /* A rebuild leaves room for (x, y): in the index's rectangle and
         * its cells, or in the hash. */
        if (!regrid(w, 1, x, y)) return NULL;
    }
}

/* Room for k more items at the pool's end; 0 when memory ran out. */
static int pool_reserve(c2d_world *w, int k)
{
    if (w->pool_n + k > w->pool_cap) {
        int cap = w->pool_cap ? w->pool_cap : 256;
        cell_item *v;
        while (cap < w->pool_n + k) cap *= 2;
        v = (cell_item *)realloc(w->pool, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        w->pool = v;
        w->pool_cap = cap;
    }
    return 1;
}

/* Append slot to c's list: a full list grows in place when it ends the pool,
 * else moves to the pool's end (what it leaves behind is counted as waste). */
static int cell_push(c2d_world *w, cell *c, int slot, long x0, long y0)
{
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 2;
        if (c->start + c->cap == w->pool_n) {
            if (!pool_reserve(w, cap - c->cap)) return 0;
            w->pool_n += cap - c->cap;
        } else {
            if (!pool_reserve(w, cap)) return 0;
            memcpy(w->pool + w->pool_n, w->pool + c->start, (size_t)c->n * sizeof *w->pool);
            w->pool_waste += c->cap;
            c->start = w->pool_n;
            w->pool_n += cap;
        }
        c->cap = cap;
    }
    w->pool_items++;
    w->pool[c->start + c->n++] = (cell_item)slot << 2 | (x0 == c->x ? ITEM_FIRST_X : 0) | (y0 == c->y ? ITEM_FIRST_Y : 0);
    return 1;
}

static void cell_drop(c2d_world *w, cell *c, int slot)
{
    cell_item *v = w->pool + c->start;
    int i;
    for (i = 0; i < c->n; i++)
        if (item_slot(v[i]) == slot) {
            v[i] = v[--c->n];
            w->pool_items--;
            return;
        }
}

/* File slot under its shape's current bounds, grown by the rounding hits
 * allows (c2d_bounds_padded); 0 when memory ran out. */
static int file(c2d_world *w, int slot)
{
    entry *e = &w->e[slot];
    long x, y;
    if (e->s->kind == C2D_LINE) {
        e->where = IN_LINES;
        return ints_push(&w->lines, slot);
    }
    c2d_bounds_padded(&e->s->bounds, &w->box[slot]);
    e->x0 = cell_of(w->box[slot].minx, w->inv);
    e->y0 = cell_of(w->box[slot].miny, w->inv);
    e->x1 = cell_of(w->box[slot].maxx, w->inv);
    e->y1 = cell_of(w->box[slot].maxy, w->inv);
    if (cells_in(e->x0, e->y0, e->x1, e->y1) > C2D_WORLD_BIG_CELLS) {
        e->where = IN_BIG;
        return ints_push(&w->big, slot);
    }
    e->where = IN_GRID;
    for (y = e->y0; y <= e->y1; y++)
        for (x = e->x0; x <= e->x1; x++) {
            cell *c = c2d_grid_cell(w, x, y, 1);
            if (c == NULL || !cell_push(w, c, slot, e->x0, e->y0)) return 0;
        }
    return 1;
}

static void unfile(c2d_world *w, int slot)
{
    entry *e = &w->e[slot];
    long x, y;
    if (e->where == IN_LINES) { ints_drop(&w->lines, slot); return; }
    if (e->where == IN_BIG) { ints_drop(&w->big, slot); return; }
    for (y = e->y0; y <= e->y1; y++)
        for (x = e->x0; x <= e->x1; x++) {
            cell *c = c2d_grid_cell(w, x, y, 0);
            if (c != NULL) cell_drop(w, c, slot);
        }
}

c2d_world *c2d_world_new(double size)
{
    c2d_world *w = (c2d_world *)calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    w->size = size > 0 && size < C2D_INF ? size : 64;
    w->inv = 1 / w->size;
    return w;
}

void c2d_world_free(c2d_world *w)
{
    int k;
    if (w == NULL) return;
    for (k = 0; k < w->ne; k++)
        if (w->e[k].s != NULL) w->e[k].s->world = NULL;
    free(w->cells);
    free(w->spare_cells);
    free(w->index);
    free(w->hash);
    free(w->pool);
    free(w->spare);
    free(w->e);
    free(w->box);
    free(w->oneway);
    free(w->last_ids.v);
    free(w->now_ids.v);
    free(w->began.v);
    free(w->ended.v);
    free(w->free_slots.v);
    free(w->big.v);
    free(w->lines.v);
    free(w->moved.slot);
    free(w->moved.marked);
    free(w->order.v);
    free(w->out.v);
    free(w->pairs.v);
    free(w->rank.v);
    free(w->count.v);
    free(w->by_size.v);
    free(w->hits);
    free(w->turn_room);
    free(w->sight_dirs);
    free(w->sight_shapes);
    free(w->sight_slots);
    free(w->sight_items);
    free(w->seen);
    free(w->sight_points);
    free(w->from_feats);
    free(w->from_pieces);
    free(w->from_events);
    free(w->from_slots);
    free(w->found);
    free(w->sorted);
    free(w->sweep);
    free(w);
}

/* Drop the removed slots from the order list, keeping it sorted. Removing
 * leaves them there (so that removing is O(1), as a world's shapes are each
 * removed when it is collected with them); anything that reads the list, or
 * hands a freed slot out again, settles it first. */
static void settle_order(c2d_world *w)
{
    int k, n = 0;
    if (w->order_holes == 0) return;
    for (k = 0; k < w->order.n; k++)
        if (w->e[w->order.v[k]].s != NULL) w->order.v[n++] = w->order.v[k];
    w->order.n = n;
    w->order_holes = 0;
}

/* Room in the moved list and marks for n slots; 0 when memory ran out. */
static int moved_room(c2d_world *w, int n)
{
    int cap = w->cap_moved ? w->cap_moved : 64;
    int *v;
    unsigned char *m;
    if (n <= w->cap_moved) return 1;
    while (cap < n) cap *= 2;
    v = (int *)realloc(w->moved.slot, (size_t)cap * sizeof *v);
    if (v == NULL) return 0;
    w->moved.slot = v;
    m = (unsigned char *)realloc(w->moved.marked, (size_t)cap);
    if (m == NULL) return 0;
    memset(m + w->cap_moved, 0, (size_t)(cap - w->cap_moved));
    w->moved.marked = m;
    w->cap_moved = cap;
    return 1;
}

int c2d_world_add(c2d_world *w, c2d_shape *s, unsigned category, unsigned mask)
{
    int slot, reused;
    entry *e;
    settle_order(w);
    /* Room first, so that nothing after can fail but filing (undone when it
     * does): the order list gains one, and the moved and free lists can hold
     * every slot, so that changing or removing a shape never needs memory. */
    if (!c2d_ints_room(&w->order, w->order.n + 1) || !moved_room(w, w->ne + 1) ||
        !c2d_ints_room(&w->free_slots, w->ne + 1))
        return -1;
    reused = w->free_slots.n > 0;
    if (reused) {
        slot = w->free_slots.v[--w->free_slots.n];
    } else {
        if (w->ne >= C2D_WORLD_MAX_SLOTS) return -1;
        if (w->ne == w->cap_e) {
            int cap = w->cap_e ? 2 * w->cap_e : 64;
            entry *v = (entry *)realloc(w->e, (size_t)cap * sizeof *v);
            c2d_bounds *b;
            if (v == NULL) return -1;
            w->e = v;
            b = (c2d_bounds *)realloc(w->box, (size_t)cap * sizeof *b);
            if (b == NULL) return -1;
            w->box = b;
            if (w->oneway != NULL) {
                c2d_vec *o = (c2d_vec *)realloc(w->oneway, (size_t)cap * sizeof *o);
                if (o == NULL) return -1;
                w->oneway = o;
            }
            w->cap_e = cap;
        }
        slot = w->ne++;
    }
    e = &w->e[slot];
    memset(e, 0, sizeof *e);
    e->s = s;
    e->id = w->next_id++;
    e->category = category;
    e->mask = mask;
    if (!file(w, slot)) {
        /* out of memory: as it was */
        unfile(w, slot);
        e->s = NULL;
        w->next_id--;
        if (reused) w->free_slots.v[w->free_slots.n++] = slot;
        else w->ne--;
        return -1;
    }
    /* The order list is kept sorted by id: a new slot goes last (room made above). */
    w->order.v[w->order.n++] = slot;
    s->world = w;
    w->changes++;
    e->version = w->changes;
    s->world_slot = slot;
    w->live++;
    return slot;
}

void c2d_world_remove(c2d_world *w, int slot)
{
    entry *e;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    e = &w->e[slot];
    unfile(w, slot);
    if (w->moved.marked[slot]) {
        int k;
        for (k = 0; k < w->moved.n; k++)
            if (w->moved.slot[k] == slot) { w->moved.slot[k] = w->moved.slot[--w->moved.n]; break; }
        w->moved.marked[slot] = 0;
    }
    w->order_holes++; /* its place in the order list goes at the next settle_order */
    w->changes++;
    e->s->world = NULL;
    e->s = NULL;
    w->live--;
    ints_push(&w->free_slots, slot); /* cannot fail: the array held this slot before */
}

/* Is cell_of(x, inv) == c: is x * inv in [c, c + 1), or beyond it for a
 * clamped cell. (A move asks this four times; the floor it spares was most
 * of the cost.) */
static int in_cell(double x, double inv, int c)
{
    double t = x * inv;
    return (c == -C2D_WORLD_CELL_LIMIT || t >= c) & (c == C2D_WORLD_CELL_LIMIT || t < (double)c + 1);
}

/* Does b cover the same cells as the grid entry e is filed under. */
static int same_cells(const c2d_world *w, const entry *e, const c2d_bounds *b)
{
    return in_cell(b->minx, w->inv, e->x0) & in_cell(b->miny, w->inv, e->y0) &
           in_cell(b->maxx, w->inv, e->x1) & in_cell(b->maxy, w->inv, e->y1);
}

void c2d_world_touch(c2d_world *w, int slot)
{
    if (slot >= 0 && slot < w->ne && w->e[slot].s != NULL) c2d_note_moved(w->e[slot].s);
}

/* Bring every changed entry up to date (refiled when its box changed), and
 * lay the pool out anew when moved lists have left more room behind than
 * the lists hold (the rebuild costs about what was wasted). */
int c2d_world_refresh(c2d_world *w)
{
    int k, ok = 1, n = w->moved.n, kept = 0;
    const int *moved = w->moved.slot;
    settle_order(w);
    for (k = 0; k < n; k++) {
        int slot = moved[k];
        entry *e = &w->e[slot];
        c2d_bounds *box = &w->box[slot], grown;
        const c2d_bounds *b = &grown;
        /* The changed shapes are scattered through memory: the entries and
         * boxes a few places ahead are fetched while this one is refiled,
         * and the shapes' bounds once their entries are at hand. */
        if (k + 2 * C2D_WORLD_AHEAD < n) {
            C2D_PREFETCH(&w->e[moved[k + 2 * C2D_WORLD_AHEAD]]);
            C2D_PREFETCH(&w->box[moved[k + 2 * C2D_WORLD_AHEAD]]);
        }
        /* (Every moved slot holds a shape: removing one takes it off the list.) */
        if (k + C2D_WORLD_AHEAD < n) C2D_PREFETCH(&w->e[moved[k + C2D_WORLD_AHEAD]].s->bounds);
        w->moved.marked[slot] = 0;
        e->version = ++w->changes;
        c2d_bounds_padded(&e->s->bounds, &grown);
        if (e->where != IN_LINES && b->minx == box->minx && b->miny == box->miny &&
            b->maxx == box->maxx && b->maxy == box->maxy)
            continue;
        if (e->where == IN_GRID && same_cells(w, e, b)) {
            *box = *b; /* the same cells */
            continue;
        }
        unfile(w, slot);
        if (!file(w, slot)) {
            /* out of memory: out of the grid until the next refresh files it (the query fails meanwhile) */
            unfile(w, slot);
            w->moved.marked[slot] = 1;
            w->moved.slot[kept++] = slot;
            ok = 0;
        }
    }
    w->moved.n = kept;
    /* A failed rebuild changes nothing: the pool stays as it was. */
    if (w->pool_waste > C2D_WORLD_MIN_WASTE && w->pool_waste > w->pool_items) regrid(w, 0, 0, 0);
    return ok;
}

c2d_shape *c2d_world_shape(const c2d_world *w, int slot)
{
    return slot >= 0 && slot < w->ne ? w->e[slot].s : NULL;
}

int c2d_world_count(const c2d_world *w) { return w->live; }

int c2d_world_slots(c2d_world *w, const int **slots)
{
    settle_order(w);
    *slots = w->order.v;
    return w->order.n;
}

void c2d_world_set_filter(c2d_world *w, int slot, unsigned category, unsigned mask)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    w->e[slot].category = category;
    w->e[slot].mask = mask;
    w->changes++;
}

void c2d_world_set_sensor(c2d_world *w, int slot, int on)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    if (on) w->e[slot].flags |= C2D_WORLD_SENSOR;
    else w->e[slot].flags &= (unsigned char)~C2D_WORLD_SENSOR;
}

unsigned c2d_world_flags(const c2d_world *w, int slot)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return 0;
    return w->e[slot].flags & C2D_WORLD_SENSOR;
}

int c2d_world_set_oneway(c2d_world *w, int slot, c2d_vec side)
{
    double l;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return 1;
    l = sqrt(side.x * side.x + side.y * side.y);
    if (!(l > 0) || !isfinite(l)) {
        w->e[slot].flags &= (unsigned char)~ONE_WAY;
        return 1;
    }
    if (w->oneway == NULL) {
        w->oneway = (c2d_vec *)malloc((size_t)w->cap_e * sizeof *w->oneway);
        if (w->oneway == NULL) return 0;
    }
    w->oneway[slot].x = side.x / l;
    w->oneway[slot].y = side.y / l;
    w->e[slot].flags |= ONE_WAY;
    return 1;
}

int c2d_world_get_oneway(const c2d_world *w, int slot, c2d_vec *side)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL || !(w->e[slot].flags & ONE_WAY)) return 0;
    *side = w->oneway[slot];
    return 1;
}

void c2d_world_get_filter(const c2d_world *w, int slot, unsigned *category, unsigned *mask)
{
    *category = *mask = 0;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    *category = w->e[slot].category;
    *mask = w->e[slot].mask;
}


/* Move v[i] down the heap v[0 .. n) ordered by id (largest on top). */
static void sift_by_id(const c2d_world *w, int *v, int i, int n)
{
    int x = v[i];
    long id = w->e[x].id;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && w->e[v[c + 1]].id > w->e[v[c]].id) c++;
        if (w->e[v[c]].id <= id) break;
        v[i] = v[c];
        i = c;
    }
    v[i] = x;
}

/* Sort slots by the order they were added: insertion for short lists, a
 * heap sort (in place, n log n) for the long ones a crowd gives. */
static void sort_by_id(const c2d_world *w, int *v, int n)
{
    int i, j;
    if (n > 16) {
        for (i = n / 2 - 1; i >= 0; i--) sift_by_id(w, v, i, n);
        for (i = n - 1; i > 0; i--) {
            int t = v[0];
            v[0] = v[i];
            v[i] = t;
            sift_by_id(w, v, 0, i);
        }
        return;
    }
    for (i = 1; i < n; i++) {
        int x = v[i];
        long id = w->e[x].id;
        for (j = i; j > 0 && w->e[v[j - 1]].id > id; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Offer slot as a candidate for box: once per query (the stamp), its
 * category against *mask (any category when mask is NULL), its box against box. */
static int offer_slot(c2d_world *w, int slot, const c2d_bounds *box, int skip, const unsigned *mask)
{
    entry *e = &w->e[slot];
    if (e->stamp == w->stamp || slot == skip) return 1;
    e->stamp = w->stamp;
    if (mask != NULL && !(e->category & *mask)) return 1;
    if (e->where != IN_LINES && !boxes_meet(&w->box[slot], box)) return 1;
    return ints_push(&w->out, slot);
}

static void next_stamp(c2d_world *w)
{
    int k;
    if (++w->stamp == 0) { /* wrapped: forget every old stamp */
        for (k = 0; k < w->ne; k++) w->e[k].stamp = 0;
        w->stamp = 1;
    }
}

/* Are the cells x0..x1 by y0..y1 too many to walk: more than the grid holds,
 * when reading every grid entry is the cheaper way. */
int c2d_grid_too_many(const c2d_world *w, long x0, long y0, long x1, long y1)
{
    return cells_in(x0, y0, x1, y1) > 4.0 * w->ncells + 64;
}

int c2d_world_candidates(c2d_world *w, const c2d_bounds *box, int skip, const unsigned *mask, const int **slots)
{
    long x, y, x0, y0, x1, y1;
    int k, ok = c2d_world_refresh(w);
    w->out.n = 0;
    *slots = w->out.v;
    next_stamp(w);
    x0 = cell_of(box->minx, w->inv);
    y0 = cell_of(box->miny, w->inv);
    x1 = cell_of(box->maxx, w->inv);
    y1 = cell_of(box->maxy, w->inv);
    if (c2d_grid_too_many(w, x0, y0, x1, y1)) {
        for (k = 0; k < w->order.n; k++)
            if (w->e[w->order.v[k]].where == IN_GRID) ok &= offer_slot(w, w->order.v[k], box, skip, mask);
    } else {
        for (y = y0; y <= y1; y++)
            for (x = x0; x <= x1; x++) {
                cell *c = c2d_grid_cell(w, x, y, 0);
                int i;
                if (c == NULL) continue;
                for (i = 0; i < c->n; i++) ok &= offer_slot(w, item_slot(w->pool[c->start + i]), box, skip, mask);
            }
    }
    for (k = 0; k < w->big.n; k++) ok &= offer_slot(w, w->big.v[k], box, skip, mask);
    for (k = 0; k < w->lines.n; k++) ok &= offer_slot(w, w->lines.v[k], box, skip, mask);
    sort_by_id(w, w->out.v, w->out.n);
    *slots = w->out.v;
    return ok ? w->out.n : -1;
}

int c2d_world_query(c2d_world *w, const c2d_shape *s, int skip, const unsigned *mask, const int **slots)
{
    c2d_bounds box;
    int n, i, k = 0;
    if (c2d_bbox(s, &box)) c2d_bounds_padded(&box, &box);
    else box.minx = box.miny = -C2D_INF, box.maxx = box.maxy = C2D_INF;
    n = c2d_world_candidates(w, &box, skip, mask, slots);
    if (n < 0) return -1;
    for (i = 0; i < n; i++)
        if (c2d_hits(s, w->e[w->out.v[i]].s)) w->out.v[k++] = w->out.v[i];
    w->out.n = k;
    return k;
}

/* Make room for n hits; 0 when memory ran out. */
static int hits_room(c2d_world *w, int n)
{
    if (n > w->cap_hits) {
        c2d_world_hit *v = (c2d_world_hit *)realloc(w->hits, (size_t)n * sizeof *v);
        if (v == NULL) return 0;
        w->hits = v;
        w->cap_hits = n;
    }
    return 1;
}

int c2d_world_raycast(c2d_world *w, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, const c2d_world_hit **hits)
{
    c2d_bounds box;
    c2d_vec end = vadd(o, vscale(d, maxt));
    const int *slots;
    int n, i, k = 0;
    *hits = w->hits;
    box.minx = dmin(o.x, end.x);
    box.maxx = dmax(o.x, end.x);
    box.miny = dmin(o.y, end.y);
    box.maxy = dmax(o.y, end.y);
    if (!(box.minx > -C2D_INF && box.maxx < C2D_INF && box.miny > -C2D_INF && box.maxy < C2D_INF))
        box.minx = box.miny = -C2D_INF, box.maxx = box.maxy = C2D_INF;
    else
        c2d_bounds_padded(&box, &box); /* the ray's end, and a touch, carry rounding */
    n = c2d_world_candidates(w, &box, -1, mask, &slots);
    if (n < 0 || !hits_room(w, n)) return -1;
    for (i = 0; i < n; i++) {
        c2d_sweep_result r = c2d_raycast(w->e[slots[i]].s, o, d, maxt);
        if (!r.hit) continue;
        w->hits[k].slot = slots[i];
        w->hits[k].t = r.t;
        w->hits[k].normal = r.normal;
        k++;
    }
    /* Nearest first; the candidates came in id order, so a stable sort keeps ties so. */
    for (i = 1; i < k; i++) {
        c2d_world_hit x = w->hits[i];
        for (n = i; n > 0 && w->hits[n - 1].t > x.t; n--) w->hits[n] = w->hits[n - 1];
        w->hits[n] = x;
    }
    *hits = w->hits;
    return k;
}

/* The first hit of a ray as it is being looked for: the least t, ties to the earlier added. */
typedef struct first_hit {
    c2d_world_hit hit;
    long id;
    int found;
} first_hit;

static void try_first(c2d_world *w, int slot, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, first_hit *f)
{
    entry *e = &w->e[slot];
    c2d_sweep_result r;
    if (e->stamp == w->stamp) return;
    e->stamp = w->stamp;
    if (mask != NULL && !(e->category & *mask)) return;
    r = c2d_raycast(e->s, o, d, maxt);
    if (!r.hit || (f->found && (r.t > f->hit.t || (r.t == f->hit.t && e->id > f->id)))) return;
    f->found = 1;
    f->id = e->id;
    f->hit.slot = slot;
    f->hit.t = r.t;
    f->hit.normal = r.normal;
}

/* The ray's parameter where it crosses the cell boundary after (step > 0)
 * or before cell c along one axis (o + t v). */
static double boundary_t(long c, int step, double size, double o, double v)
{
    if (step == 0) return C2D_INF;
    return ((double)(step > 0 ? c + 1 : c) * size - o) / v;
}

/*
 * The ray's cells in order along it (a grid walk), each cell's shapes cast
 * against, ending at the first cell the best hit so far lies before: a
 * shape met after that would be met in a cell the walk has not reached,
 * which starts after the hit. (A boundary's rounding is covered by the
 * padding of the boxes the cells are filed by, and a slack of 2^-30 of t.)
 * The big shapes and Lines first. A ray too long for its cells to be walked
 * cheaply, or beyond the grid's range, goes the candidates' way.
 */
int c2d_world_raycast_first(c2d_world *w, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, c2d_world_hit *hit)
{
    c2d_vec end = vadd(o, vscale(d, maxt));
    first_hit f;
    long x, y, x0, y0, x1, y1, steps;
    int sx, sy, k, ok;
    double tx, ty;
    f.found = 0;
    f.id = 0;
    if (!(isfinite(o.x) && isfinite(o.y) && isfinite(end.x) && isfinite(end.y) && maxt >= 0)) {
        const c2d_world_hit *all;
        int n = c2d_world_raycast(w, o, d, maxt, mask, &all);
        if (n > 0) *hit = all[0];
        return n > 0 ? 1 : n;
    }
    ok = c2d_world_refresh(w);
    x0 = cell_of(o.x, w->inv);
    y0 = cell_of(o.y, w->inv);
    x1 = cell_of(end.x, w->inv);
    y1 = cell_of(end.y, w->inv);
    steps = labs(x1 - x0) + labs(y1 - y0) + 1;
    if (!ok || (double)steps > 4.0 * w->ncells + 64 || labs(x0) >= (long)C2D_WORLD_CELL_LIMIT ||
        labs(x1) >= (long)C2D_WORLD_CELL_LIMIT || labs(y0) >= (long)C2D_WORLD_CELL_LIMIT ||
        labs(y1) >= (long)C2D_WORLD_CELL_LIMIT) {
        const c2d_world_hit *all;
        int n = c2d_world_raycast(w, o, d, maxt, mask, &all);
        if (n > 0) *hit = all[0];
        return n > 0 ? 1 : n;
    }
    next_stamp(w);
    for (k = 0; k < w->big.n; k++) try_first(w, w->big.v[k], o, d, maxt, mask, &f);
    for (k = 0; k < w->lines.n; k++) try_first(w, w->lines.v[k], o, d, maxt, mask, &f);
    sx = x1 > x0 ? 1 : x1 < x0 ? -1 : 0;
    sy = y1 > y0 ? 1 : y1 < y0 ? -1 : 0;
    x = x0;
    y = y0;
    tx = boundary_t(x, sx, w->size, o.x, d.x);
    ty = boundary_t(y, sy, w->size, o.y, d.y);
    /* (a walk that rounding leads astray stops at its count of cells, plus slack) */
    for (steps += 2; steps > 0; steps--) {
        cell *c = c2d_grid_cell(w, x, y, 0);
        double leave = dmin(tx, ty);
        if (c != NULL)
            for (k = 0; k < c->n; k++) try_first(w, item_slot(w->pool[c->start + k]), o, d, maxt, mask, &f);
        if (f.found && f.hit.t + 0x1p-30 * (f.hit.t + maxt) < leave) break;
        if ((x == x1 && y == y1) || !(leave <= maxt)) break;
        if (tx <= ty && x != x1) {
            x += sx;
            tx = boundary_t(x, sx, w->size, o.x, d.x);
        } else if (y != y1) {
            y += sy;
            ty = boundary_t(y, sy, w->size, o.y, d.y);
        } else {
            x += sx;
            tx = boundary_t(x, sx, w->size, o.x, d.x);
        }
    }
    if (f.found) *hit = f.hit;
    return f.found;
}

int c2d_world_sweep_turning(c2d_world *w, const c2d_shape *s, const c2d_motion *m, double tol, const unsigned *mask,
                            const c2d_world_hit **hits)
{
    c2d_bounds box;
    const int *slots;
    int n, i, k = 0, self = s->world == w ? s->world_slot : -1;
    /* Every pose lies within the shape's reach from its pivot, which moves
     * along d: the box of that path grown by the reach. */
    double reach = c2d_reach_from(s, m->pivot);
    *hits = w->hits;
    box.minx = dmin(m->pivot.x, m->pivot.x + m->d.x) - reach;
    box.maxx = dmax(m->pivot.x, m->pivot.x + m->d.x) + reach;
    box.miny = dmin(m->pivot.y, m->pivot.y + m->d.y) - reach;
    box.maxy = dmax(m->pivot.y, m->pivot.y + m->d.y) + reach;
    if (!(box.minx > -C2D_INF && box.maxx < C2D_INF && box.miny > -C2D_INF && box.maxy < C2D_INF))
        box.minx = box.miny = -C2D_INF, box.maxx = box.maxy = C2D_INF;
    else
        c2d_bounds_padded(&box, &box);
    n = c2d_world_candidates(w, &box, self, mask, &slots);
    if (n < 0 || !hits_room(w, n)) return -1;
    for (i = 0; i < n; i++) {
        const c2d_shape *o = w->e[slots[i]].s;
        c2d_motion still;
        c2d_sweep_result r;
        size_t need = c2d_sweep_turning_room(s, o);
        if (need > w->cap_turn_room) {
            void *room = malloc(need);
            if (room == NULL) return -1;
            free(w->turn_room);
            w->turn_room = room;
            w->cap_turn_room = need;
        }
        still.d = v2(0, 0);
        still.angle = 0;
        still.pivot = v2(0, 0);
        if (c2d_sweep_turning(s, m, o, &still, tol, w->turn_room, &r) != C2D_OK || !r.hit) continue;
        w->hits[k].slot = slots[i];
        w->hits[k].t = r.t;
        w->hits[k].normal = r.normal;
        k++;
    }
    for (i = 1; i < k; i++) { /* earliest first, ties in the order added */
        c2d_world_hit x = w->hits[i];
        for (n = i; n > 0 && w->hits[n - 1].t > x.t; n--) w->hits[n] = w->hits[n - 1];
        w->hits[n] = x;
    }
    *hits = w->hits;
    return k;
}
