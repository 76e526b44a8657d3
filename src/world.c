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

/* The side is kept as given, scaled by a power of two (exact) so that its
 * larger component lies in [1, 2): a move reads only the sign of its dot
 * product with a normal, and a side read back and set again is the same
 * side bit for bit (a World snapshot restores it so). */
int c2d_world_set_oneway(c2d_world *w, int slot, c2d_vec side)
{
    int e;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return 1;
    if (!(isfinite(side.x) && isfinite(side.y)) || (side.x == 0 && side.y == 0)) {
        w->e[slot].flags &= (unsigned char)~ONE_WAY;
        return 1;
    }
    if (w->oneway == NULL) {
        w->oneway = (c2d_vec *)malloc((size_t)w->cap_e * sizeof *w->oneway);
        if (w->oneway == NULL) return 0;
    }
    e = ilogb(dmax(fabs(side.x), fabs(side.y)));
    w->oneway[slot].x = ldexp(side.x, -e);
    w->oneway[slot].y = ldexp(side.y, -e);
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
