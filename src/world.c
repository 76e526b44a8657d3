/*
 * World: a broadphase over many shapes, with the core's exact pair queries
 * as its narrowphase.
 *
 * Shapes of about a cell's size live in a uniform grid: a hash of cells,
 * each listing the slots whose bounding box covers it. A shape that would
 * cover more than C2D_WORLD_BIG_CELLS cells (a long wall among tiles) goes to
 * a short list of big shapes instead, so one wall never fills hundreds of
 * cells, and a Line (unbounded) to a list of its own; both lists are tested
 * against every query. A pair met in several cells is reported once, from
 * the cell that holds the lower-left corner of the overlap of the two boxes.
 *
 * Every slot carries the order it was added in (its id); results are sorted
 * by it, so they are the same on every run whatever the hash does.
 */
#include <stdlib.h>
#include <string.h>
#include "geometry.h"

/* A shape covering more cells than this is a big one (kept in a list). */
enum { C2D_WORLD_BIG_CELLS = 64 };
/* Cell indices are clamped to +-2^30, so far shapes share the edge cells. */
#define C2D_WORLD_CELL_LIMIT 1073741824.0

typedef struct entry {
    /* What the pair loop reads first, together. */
    c2d_bounds box;      /* the bounds it is filed under */
    long x0, y0, x1, y1; /* the cells it covers (grid entries) */
    c2d_shape *s;        /* NULL: a free slot */
    long id;             /* the order it was added in */
    unsigned category, mask;
    int where;           /* IN_GRID, IN_BIG, IN_LINES */
    int dirty;
    unsigned stamp;      /* the last query that met it */
} entry;

enum { IN_GRID, IN_BIG, IN_LINES };

/* A slot filed in a cell, with the lower-left cell it covers, so the pair
 * pass decides which cell reports a pair without reading the entries. */
typedef struct cell_item {
    int slot, x0, y0;
} cell_item;

typedef struct cell {
    long x, y;
    cell_item *items;
    int n, cap;
    int used;            /* the hash slot holds this cell */
} cell;

/* A growable array of ints. */
typedef struct ints {
    int *v, n, cap;
} ints;

/* A pair found, with the key that orders it: the ids of its two shapes. */
typedef struct found_pair {
    unsigned long long key;
    int a, b;
} found_pair;

struct c2d_world {
    double size, inv;    /* the cell size and its inverse */
    entry *e;
    int ne, cap_e, live;
    ints free_slots, big, lines, dirty, order, out, pairs;
    cell *cells;
    int cap_cells, used_cells;
    long next_id;
    unsigned stamp;
    c2d_world_hit *hits;
    int cap_hits;
    found_pair *found;
    int nfound, cap_found;
};

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

/* Remove the first x from a (order not kept). */
static void ints_drop(ints *a, int x)
{
    int i;
    for (i = 0; i < a->n; i++)
        if (a->v[i] == x) { a->v[i] = a->v[--a->n]; return; }
}

static long cell_of(double x, double inv)
{
    double c = floor(x * inv);
    if (!(c > -C2D_WORLD_CELL_LIMIT)) c = -C2D_WORLD_CELL_LIMIT;
    if (!(c < C2D_WORLD_CELL_LIMIT)) c = C2D_WORLD_CELL_LIMIT;
    return (long)c;
}

static unsigned long hash_cell(long x, long y)
{
    unsigned long h = (unsigned long)x * 0x9E3779B1UL ^ (unsigned long)y * 0x85EBCA77UL;
    return h ^ (h >> 15);
}

/* The cell (x, y), made when make is set; NULL when absent (or out of memory). */
static cell *find_cell(c2d_world *w, long x, long y, int make)
{
    unsigned long mask, i;
    if (w->cap_cells == 0 || (make && 2 * (w->used_cells + 1) > w->cap_cells)) {
        /* Grow, keeping only the cells that still hold something. */
        int cap = w->cap_cells ? 2 * w->cap_cells : 256, k;
        cell *old = w->cells, *cells;
        int old_cap = w->cap_cells;
        if (!make) return NULL;
        cells = (cell *)calloc((size_t)cap, sizeof *cells);
        if (cells == NULL) return NULL;
        w->cells = cells;
        w->cap_cells = cap;
        w->used_cells = 0;
        for (k = 0; k < old_cap; k++) {
            if (!old[k].used) continue;
            if (old[k].n == 0) { free(old[k].items); continue; }
            i = hash_cell(old[k].x, old[k].y) & (unsigned long)(cap - 1);
            while (cells[i].used) i = (i + 1) & (unsigned long)(cap - 1);
            cells[i] = old[k];
            w->used_cells++;
        }
        free(old);
    }
    mask = (unsigned long)(w->cap_cells - 1);
    for (i = hash_cell(x, y) & mask; w->cells[i].used; i = (i + 1) & mask)
        if (w->cells[i].x == x && w->cells[i].y == y) return &w->cells[i];
    if (!make) return NULL;
    w->cells[i].used = 1;
    w->cells[i].x = x;
    w->cells[i].y = y;
    w->cells[i].n = 0;
    w->used_cells++;
    return &w->cells[i];
}

static int cell_push(cell *c, int slot, long x0, long y0)
{
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 4;
        cell_item *v = (cell_item *)realloc(c->items, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        c->items = v;
        c->cap = cap;
    }
    c->items[c->n].slot = slot;
    c->items[c->n].x0 = (int)x0;
    c->items[c->n].y0 = (int)y0;
    c->n++;
    return 1;
}

static void cell_drop(cell *c, int slot)
{
    int i;
    for (i = 0; i < c->n; i++)
        if (c->items[i].slot == slot) { c->items[i] = c->items[--c->n]; return; }
}

/* File slot under its shape's current bounds; 0 when memory ran out. */
static int file(c2d_world *w, int slot)
{
    entry *e = &w->e[slot];
    long x, y;
    if (e->s->kind == C2D_LINE) {
        e->where = IN_LINES;
        return ints_push(&w->lines, slot);
    }
    e->box = e->s->bounds;
    e->x0 = cell_of(e->box.minx, w->inv);
    e->y0 = cell_of(e->box.miny, w->inv);
    e->x1 = cell_of(e->box.maxx, w->inv);
    e->y1 = cell_of(e->box.maxy, w->inv);
    if ((double)(e->x1 - e->x0 + 1) * (double)(e->y1 - e->y0 + 1) > C2D_WORLD_BIG_CELLS) {
        e->where = IN_BIG;
        return ints_push(&w->big, slot);
    }
    e->where = IN_GRID;
    for (y = e->y0; y <= e->y1; y++)
        for (x = e->x0; x <= e->x1; x++) {
            cell *c = find_cell(w, x, y, 1);
            if (c == NULL || !cell_push(c, slot, e->x0, e->y0)) return 0;
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
            cell *c = find_cell(w, x, y, 0);
            if (c != NULL) cell_drop(c, slot);
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
    for (k = 0; k < w->cap_cells; k++) free(w->cells[k].items);
    free(w->cells);
    free(w->e);
    free(w->free_slots.v);
    free(w->big.v);
    free(w->lines.v);
    free(w->dirty.v);
    free(w->order.v);
    free(w->out.v);
    free(w->pairs.v);
    free(w->hits);
    free(w->found);
    free(w);
}

int c2d_world_add(c2d_world *w, c2d_shape *s, unsigned category, unsigned mask)
{
    int slot;
    entry *e;
    if (w->free_slots.n > 0) {
        slot = w->free_slots.v[--w->free_slots.n];
    } else {
        if (w->ne == w->cap_e) {
            int cap = w->cap_e ? 2 * w->cap_e : 64;
            entry *v = (entry *)realloc(w->e, (size_t)cap * sizeof *v);
            if (v == NULL) return -1;
            w->e = v;
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
    /* The order list is kept sorted by id: a new slot goes last. */
    if (!file(w, slot) || !ints_push(&w->order, slot)) {
        unfile(w, slot);
        ints_drop(&w->order, slot);
        e->s = NULL;
        ints_push(&w->free_slots, slot);
        return -1;
    }
    s->world = w;
    s->world_slot = slot;
    w->live++;
    return slot;
}

void c2d_world_remove(c2d_world *w, int slot)
{
    entry *e;
    int i, k;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    e = &w->e[slot];
    unfile(w, slot);
    if (e->dirty) ints_drop(&w->dirty, slot);
    /* Keep the order list sorted: shift the rest down. */
    for (i = 0; i < w->order.n && w->order.v[i] != slot; i++) continue;
    for (k = i; k + 1 < w->order.n; k++) w->order.v[k] = w->order.v[k + 1];
    if (i < w->order.n) w->order.n--;
    e->s->world = NULL;
    e->s = NULL;
    w->live--;
    ints_push(&w->free_slots, slot); /* cannot fail: the array held this slot before */
}

void c2d_world_touch(c2d_world *w, int slot)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL || w->e[slot].dirty) return;
    if (ints_push(&w->dirty, slot)) w->e[slot].dirty = 1;
}

/* Bring every changed entry up to date (refiled when its box changed). */
static int refresh(c2d_world *w)
{
    int k, ok = 1;
    for (k = 0; k < w->dirty.n; k++) {
        int slot = w->dirty.v[k];
        entry *e = &w->e[slot];
        const c2d_bounds *b = &e->s->bounds;
        e->dirty = 0;
        if (e->where != IN_LINES && b->minx == e->box.minx && b->miny == e->box.miny &&
            b->maxx == e->box.maxx && b->maxy == e->box.maxy)
            continue;
        if (e->where == IN_GRID && cell_of(b->minx, w->inv) == e->x0 && cell_of(b->miny, w->inv) == e->y0 &&
            cell_of(b->maxx, w->inv) == e->x1 && cell_of(b->maxy, w->inv) == e->y1) {
            e->box = *b; /* the same cells */
            continue;
        }
        unfile(w, slot);
        if (!file(w, slot)) ok = 0;
    }
    w->dirty.n = 0;
    return ok;
}

c2d_shape *c2d_world_shape(const c2d_world *w, int slot)
{
    return slot >= 0 && slot < w->ne ? w->e[slot].s : NULL;
}

int c2d_world_count(const c2d_world *w) { return w->live; }

int c2d_world_slots(c2d_world *w, const int **slots)
{
    *slots = w->order.v;
    return w->order.n;
}

void c2d_world_set_filter(c2d_world *w, int slot, unsigned category, unsigned mask)
{
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    w->e[slot].category = category;
    w->e[slot].mask = mask;
}

void c2d_world_get_filter(const c2d_world *w, int slot, unsigned *category, unsigned *mask)
{
    *category = *mask = 0;
    if (slot < 0 || slot >= w->ne || w->e[slot].s == NULL) return;
    *category = w->e[slot].category;
    *mask = w->e[slot].mask;
}

static int boxes_meet(const c2d_bounds *a, const c2d_bounds *b)
{
    return a->minx <= b->maxx && b->minx <= a->maxx && a->miny <= b->maxy && b->miny <= a->maxy;
}

/* Sort slots by the order they were added (insertion sort: the lists are short). */
static void sort_by_id(const c2d_world *w, int *v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int x = v[i];
        long id = w->e[x].id;
        for (j = i; j > 0 && w->e[v[j - 1]].id > id; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Offer slot as a candidate for box: once per query (the stamp), its
 * category against mask, its box against box. */
static int offer_slot(c2d_world *w, int slot, const c2d_bounds *box, int skip, unsigned mask)
{
    entry *e = &w->e[slot];
    if (e->stamp == w->stamp || slot == skip) return 1;
    e->stamp = w->stamp;
    if (!(e->category & mask)) return 1;
    if (e->where != IN_LINES && !boxes_meet(&e->box, box)) return 1;
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

int c2d_world_candidates(c2d_world *w, const c2d_bounds *box, int skip, unsigned mask, const int **slots)
{
    long x, y, x0, y0, x1, y1;
    int k, ok = refresh(w);
    w->out.n = 0;
    *slots = w->out.v;
    next_stamp(w);
    x0 = cell_of(box->minx, w->inv);
    y0 = cell_of(box->miny, w->inv);
    x1 = cell_of(box->maxx, w->inv);
    y1 = cell_of(box->maxy, w->inv);
    if ((double)(x1 - x0 + 1) * (double)(y1 - y0 + 1) > 4.0 * w->used_cells + 64) {
        /* A box wider than the grid is: every grid entry is a candidate. */
        for (k = 0; k < w->order.n; k++)
            if (w->e[w->order.v[k]].where == IN_GRID) ok &= offer_slot(w, w->order.v[k], box, skip, mask);
    } else {
        for (y = y0; y <= y1; y++)
            for (x = x0; x <= x1; x++) {
                cell *c = find_cell(w, x, y, 0);
                int i;
                if (c == NULL) continue;
                for (i = 0; i < c->n; i++) ok &= offer_slot(w, c->items[i].slot, box, skip, mask);
            }
    }
    for (k = 0; k < w->big.n; k++) ok &= offer_slot(w, w->big.v[k], box, skip, mask);
    for (k = 0; k < w->lines.n; k++) ok &= offer_slot(w, w->lines.v[k], box, skip, mask);
    sort_by_id(w, w->out.v, w->out.n);
    *slots = w->out.v;
    return ok ? w->out.n : -1;
}

int c2d_world_query(c2d_world *w, const c2d_shape *s, int skip, unsigned mask, const int **slots)
{
    c2d_bounds box;
    int n, i, k = 0;
    if (!c2d_bbox(s, &box)) box.minx = box.miny = -C2D_INF, box.maxx = box.maxy = C2D_INF;
    n = c2d_world_candidates(w, &box, skip, mask, slots);
    if (n < 0) return -1;
    for (i = 0; i < n; i++)
        if (c2d_hits(s, w->e[w->out.v[i]].s)) w->out.v[k++] = w->out.v[i];
    w->out.n = k;
    return k;
}

/* Do the entries' bits let them meet. */
static int bits_meet(const entry *a, const entry *b)
{
    return (a->category & b->mask) && (b->category & a->mask);
}

/* Keep the pair (a, b) when it really hits: the earlier-added first. */
static int keep_pair(c2d_world *w, int a, int b)
{
    found_pair *f;
    if (!bits_meet(&w->e[a], &w->e[b]) || !c2d_hits(w->e[a].s, w->e[b].s)) return 1;
    if (w->e[a].id > w->e[b].id) { int t = a; a = b; b = t; }
    if (w->nfound == w->cap_found) {
        int cap = w->cap_found ? 2 * w->cap_found : 64;
        found_pair *v = (found_pair *)realloc(w->found, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        w->found = v;
        w->cap_found = cap;
    }
    f = &w->found[w->nfound++];
    f->key = (unsigned long long)w->e[a].id << 32 | (unsigned long long)w->e[b].id;
    f->a = a;
    f->b = b;
    return 1;
}

static int by_key(const void *x, const void *y)
{
    unsigned long long a = ((const found_pair *)x)->key, b = ((const found_pair *)y)->key;
    return (a > b) - (a < b);
}

int c2d_world_collisions(c2d_world *w, const int **pairs)
{
    int k, ok = refresh(w), i, j;
    w->pairs.n = 0;
    w->nfound = 0;
    /* Grid against grid, each pair from the one cell that holds the lower-left
     * corner of the overlap of the two boxes. */
    for (k = 0; k < w->cap_cells; k++) {
        cell *c = &w->cells[k];
        if (!c->used) continue;
        for (i = 0; i < c->n; i++) {
            const cell_item *a = &c->items[i];
            for (j = i + 1; j < c->n; j++) {
                const cell_item *b = &c->items[j];
                long x = a->x0 > b->x0 ? a->x0 : b->x0, y = a->y0 > b->y0 ? a->y0 : b->y0;
                if (x != c->x || y != c->y || !boxes_meet(&w->e[a->slot].box, &w->e[b->slot].box)) continue;
                ok &= keep_pair(w, a->slot, b->slot);
            }
        }
    }
    /* Big shapes and lines against everything (each such pair once). */
    for (k = 0; k < w->order.n; k++) {
        int a = w->order.v[k];
        entry *ea = &w->e[a];
        if (ea->where == IN_GRID) continue;
        for (i = 0; i < w->order.n; i++) {
            int b = w->order.v[i];
            entry *eb = &w->e[b];
            if (b == a || (eb->where != IN_GRID && eb->id < ea->id)) continue;
            if (ea->where == IN_BIG && eb->where != IN_LINES && !boxes_meet(&ea->box, &eb->box)) continue;
            ok &= keep_pair(w, a, b);
        }
    }
    /* By the first shape's id, then the second's: the order they were added. */
    qsort(w->found, (size_t)w->nfound, sizeof *w->found, by_key);
    for (k = 0; k < w->nfound; k++)
        ok &= ints_push(&w->pairs, w->found[k].a) && ints_push(&w->pairs, w->found[k].b);
    *pairs = w->pairs.v;
    return ok ? w->pairs.n / 2 : -1;
}

int c2d_world_raycast(c2d_world *w, c2d_vec o, c2d_vec d, double maxt, unsigned mask, const c2d_world_hit **hits)
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
    n = c2d_world_candidates(w, &box, -1, mask, &slots);
    if (n < 0) return -1;
    if (n > w->cap_hits) {
        c2d_world_hit *v = (c2d_world_hit *)realloc(w->hits, (size_t)n * sizeof *v);
        if (v == NULL) return -1;
        w->hits = v;
        w->cap_hits = n;
    }
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
