/*
 * The bump-compatible world (see bump.h; its rectangle functions are
 * bump_rect.c's). Every expression that produces a number a caller can see
 * is written as bump.lua 3.1.7 evaluates it: same operands, same order, in
 * doubles, so results agree bit for bit (the build turns off fused
 * multiply-add contraction for this).
 *
 * Cells live in an open-addressing hash keyed by their (cx, cy) index. A cell
 * that loses its last item stays, empty, until the front end reaps the epoch
 * it was emptied in: bump's empty cells likewise live until the garbage
 * collector takes them, and countCells counts them till then.
 */
#include "no_fma.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bump.h"
#include "geometry.h"

/* Cell indices stay within +-2^40, exact in a double and in a long long. */
#define C2D_BUMP_MAX_CELL 1099511627776.0
/* One item may cover at most 2^24 cells. */
#define C2D_BUMP_MAX_ITEM_CELLS 16777216.0

typedef long long cell_index;

typedef struct cell {
    cell_index cx, cy;
    int n, cap;
    int *ids;
    unsigned mark;  /* the query stamp that last visited this cell */
    unsigned epoch; /* when it was emptied */
} cell;

typedef struct item {
    c2d_bump_rect r;
    cell_index cl, ct, cw, ch;
    double seq;
    unsigned mark;
    int alive;
} item;

typedef struct order_key {
    double seq;
    int id;
} order_key;

struct c2d_bump_world {
    double cell_size;
    item *items;
    int nitems, capitems; /* slot 0 is never used */
    int *free_ids;
    int nfree, capfree;
    double next_seq;
    cell *cells;
    int ncells, capcells;
    int *slots; /* hash slots: cell index + 1, or 0 */
    int nslots;
    unsigned stamp, epoch;
    int emptied;
    /* scratch for results */
    int *ids;
    int capids;
    order_key *keys;
    int capkeys;
    c2d_bump_col *cols;
    int capcols;
    c2d_bump_seghit *hits;
    int caphits;
    char *sort_tmp; /* room for merge_sort */
    int capsort;
    /* The last item added, and how many cells there were before: what c2d_bump_unadd undoes. */
    int undo_id, undo_cells;
};

/* Grow *p (of *cap elements of size sz) to hold at least need. */
static int reserve(void **p, int *cap, int need, size_t sz)
{
    int n;
    void *q;
    if (need <= *cap) return 1;
    n = *cap < 8 ? 8 : *cap;
    while (n < need) n *= 2;
    q = realloc(*p, (size_t)n * sz);
    if (q == NULL) return 0;
    *p = q;
    *cap = n;
    return 1;
}
#define RESERVE(p, cap, need) reserve((void **)&(p), &(cap), (need), sizeof *(p))

/* Squared distance between the rects' centres, bump's tie-break for equal ti. */
static double square_distance(const c2d_bump_rect *a, const c2d_bump_rect *b)
{
    double dx = a->x - b->x + (a->w - b->w) / 2;
    double dy = a->y - b->y + (a->h - b->h) / 2;
    return dx * dx + dy * dy;
}

/* ---- Sorting (a merge sort: stable and safe with any comparator) ---------- */

typedef int (*less_fn)(const void *a, const void *b);

static void merge_sort(void *base, int n, size_t sz, less_fn less, void *tmp)
{
    char *a = (char *)base, *t = (char *)tmp;
    int width, i;
    if (n < 2) return;
    for (width = 1; width < n; width *= 2) {
        for (i = 0; i < n; i += 2 * width) {
            int lo = i, mid = i + width < n ? i + width : n, hi = i + 2 * width < n ? i + 2 * width : n;
            int p = lo, q = mid, k = lo;
            while (p < mid && q < hi) {
                if (less(a + (size_t)q * sz, a + (size_t)p * sz)) memcpy(t + (size_t)k++ * sz, a + (size_t)q++ * sz, sz);
                else memcpy(t + (size_t)k++ * sz, a + (size_t)p++ * sz, sz);
            }
            if (p < mid) memcpy(t + (size_t)k * sz, a + (size_t)p * sz, (size_t)(mid - p) * sz), k += mid - p;
            if (q < hi) memcpy(t + (size_t)k * sz, a + (size_t)q * sz, (size_t)(hi - q) * sz);
        }
        memcpy(a, t, (size_t)n * sz);
    }
}

static int key_less(const void *a, const void *b)
{
    return ((const order_key *)a)->seq < ((const order_key *)b)->seq;
}

static int col_less(const void *pa, const void *pb)
{
    const c2d_bump_col *a = (const c2d_bump_col *)pa, *b = (const c2d_bump_col *)pb;
    if (a->ti != b->ti) return a->ti < b->ti;
    if (a->dist != b->dist) return a->dist < b->dist;
    return a->seq < b->seq;
}

static int hit_less(const void *pa, const void *pb)
{
    const c2d_bump_seghit *a = (const c2d_bump_seghit *)pa, *b = (const c2d_bump_seghit *)pb;
    if (a->weight != b->weight) return a->weight < b->weight;
    return a->seq < b->seq;
}

/* Sort n elements of scratch by less, merging through the world's sort buffer. */
static int sort_scratch(c2d_bump_world *w, void *base, int n, size_t sz, less_fn less)
{
    if (n < 2) return 1;
    if (!RESERVE(w->sort_tmp, w->capsort, (int)((size_t)n * sz))) return 0;
    merge_sort(base, n, sz, less, w->sort_tmp);
    return 1;
}

/* ---- The cell hash ------------------------------------------------------ */

static unsigned hash_cell(cell_index cx, cell_index cy, int nslots)
{
    unsigned long long h = (unsigned long long)cx * 0x9E3779B97F4A7C15ull;
    h ^= (unsigned long long)cy + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    return (unsigned)(h & (unsigned long long)(nslots - 1));
}

/* The index of cell (cx, cy), or -1. */
static int find_cell(const c2d_bump_world *w, cell_index cx, cell_index cy)
{
    unsigned i;
    if (w->nslots == 0) return -1;
    i = hash_cell(cx, cy, w->nslots);
    for (;;) {
        int s = w->slots[i];
        if (s == 0) return -1;
        if (w->cells[s - 1].cx == cx && w->cells[s - 1].cy == cy) return s - 1;
        i = (i + 1) & (unsigned)(w->nslots - 1);
    }
}

static void place_cell(c2d_bump_world *w, int k)
{
    unsigned i = hash_cell(w->cells[k].cx, w->cells[k].cy, w->nslots);
    while (w->slots[i] != 0) i = (i + 1) & (unsigned)(w->nslots - 1);
    w->slots[i] = k + 1;
}

/* Rebuild the hash with room for need cells at most half full. */
static int rehash(c2d_bump_world *w, int need)
{
    int n = 16, k;
    int *slots;
    while (n < 2 * need) n *= 2;
    slots = (int *)calloc((size_t)n, sizeof *slots);
    if (slots == NULL) return 0;
    free(w->slots);
    w->slots = slots;
    w->nslots = n;
    for (k = 0; k < w->ncells; k++) place_cell(w, k);
    return 1;
}

/* The index of cell (cx, cy), made when missing; -1 when out of memory. */
static int get_cell(c2d_bump_world *w, cell_index cx, cell_index cy)
{
    int k = find_cell(w, cx, cy);
    cell *c;
    if (k >= 0) return k;
    if (2 * (w->ncells + 1) > w->nslots && !rehash(w, w->ncells + 1)) return -1;
    if (!RESERVE(w->cells, w->capcells, w->ncells + 1)) return -1;
    k = w->ncells++;
    c = &w->cells[k];
    c->cx = cx; c->cy = cy;
    c->n = 0; c->cap = 0; c->ids = NULL;
    c->mark = 0; c->epoch = w->epoch;
    place_cell(w, k);
    return k;
}

static int cell_add(c2d_bump_world *w, int id, cell_index cx, cell_index cy)
{
    int k = get_cell(w, cx, cy);
    cell *c;
    if (k < 0) return 0;
    c = &w->cells[k];
    if (!RESERVE(c->ids, c->cap, c->n + 1)) return 0;
    c->ids[c->n++] = id;
    return 1;
}

static void cell_remove(c2d_bump_world *w, int id, cell_index cx, cell_index cy)
{
    int k = find_cell(w, cx, cy), i;
    cell *c;
    if (k < 0) return;
    c = &w->cells[k];
    for (i = 0; i < c->n; i++) {
        if (c->ids[i] == id) {
            c->ids[i] = c->ids[--c->n];
            if (c->n == 0) { c->epoch = w->epoch; w->emptied++; }
            return;
        }
    }
}

/* Take id back out of cell (cx, cy), undoing a cell_add: the cell is left as it was. */
static int cell_unadd(c2d_bump_world *w, int id, cell_index cx, cell_index cy)
{
    int k = find_cell(w, cx, cy), i;
    cell *c;
    if (k < 0) return 1;
    c = &w->cells[k];
    for (i = 0; i < c->n; i++)
        if (c->ids[i] == id) { c->ids[i] = c->ids[--c->n]; break; }
    return 1;
}

/* Drop the empty cells made since the world had `from` (by an add or update
 * that ran out of memory and was undone), so that it is as it was. */
static void drop_new_cells(c2d_bump_world *w, int from)
{
    int k, kept = from;
    for (k = from; k < w->ncells; k++) {
        if (w->cells[k].n == 0) free(w->cells[k].ids);
        else w->cells[kept++] = w->cells[k];
    }
    if (kept == w->ncells) return;
    w->ncells = kept;
    memset(w->slots, 0, (size_t)w->nslots * sizeof *w->slots);
    for (k = 0; k < w->ncells; k++) place_cell(w, k);
}

/* A block of cells, by its first and last column and row (empty when l > r). */
typedef struct block {
    cell_index l, t, r, b;
} block;

static int in_block(const block *b, cell_index cx, cell_index cy)
{
    return cx >= b->l && cx <= b->r && cy >= b->t && cy <= b->b;
}

/* Apply f to id in the cells of b outside o, row by row, at most limit of
 * them (negative: all), stopping at the first f that fails (*failed then
 * set); how many it applied. */
static long each_cell(c2d_bump_world *w, int id, const block *b, const block *o, long limit,
                      int (*f)(c2d_bump_world *, int, cell_index, cell_index), int *failed)
{
    long done = 0;
    cell_index cx, cy;
    *failed = 0;
    for (cy = b->t; cy <= b->b; cy++)
        for (cx = b->l; cx <= b->r; cx++) {
            if (in_block(o, cx, cy)) continue;
            if (done == limit) return done;
            if (!f(w, id, cx, cy)) { *failed = 1; return done; }
            done++;
        }
    return done;
}

static int cell_remove_cb(c2d_bump_world *w, int id, cell_index cx, cell_index cy)
{
    cell_remove(w, id, cx, cy);
    return 1;
}

/* File id in the cells of b outside o. Out of memory, undo what was done
 * (cells made for it go again) and return 0: the world is as it was. */
static int file_cells(c2d_bump_world *w, int id, const block *b, const block *o)
{
    int from = w->ncells, failed, ignored;
    long done = each_cell(w, id, b, o, -1, cell_add, &failed);
    if (!failed) return 1;
    each_cell(w, id, b, o, done, cell_unadd, &ignored);
    drop_new_cells(w, from);
    return 0;
}

static block item_block(const item *it)
{
    block b;
    b.l = it->cl; b.t = it->ct; b.r = it->cl + it->cw - 1; b.b = it->ct + it->ch - 1;
    return b;
}

int c2d_bump_count_cells(const c2d_bump_world *w)
{
    return w->ncells;
}

int c2d_bump_emptied(const c2d_bump_world *w)
{
    return w->emptied;
}

void c2d_bump_next_epoch(c2d_bump_world *w, int reap)
{
    if (reap) {
        int k, kept = 0;
        for (k = 0; k < w->ncells; k++) {
            cell *c = &w->cells[k];
            if (c->n == 0 && c->epoch != w->epoch) free(c->ids);
            else w->cells[kept++] = *c;
        }
        if (kept != w->ncells) {
            w->ncells = kept;
            memset(w->slots, 0, (size_t)w->nslots * sizeof *w->slots);
            for (k = 0; k < w->ncells; k++) place_cell(w, k);
        }
    }
    w->epoch++;
    w->emptied = 0;
}

/* ---- Items ----------------------------------------------------------------- */

c2d_bump_world *c2d_bump_new(double cell_size)
{
    c2d_bump_world *w = (c2d_bump_world *)calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    w->cell_size = cell_size;
    w->nitems = 1;
    w->next_seq = 1;
    if (!RESERVE(w->items, w->capitems, 1)) { free(w); return NULL; }
    memset(&w->items[0], 0, sizeof w->items[0]);
    return w;
}

void c2d_bump_free(c2d_bump_world *w)
{
    int k;
    if (w == NULL) return;
    for (k = 0; k < w->ncells; k++) free(w->cells[k].ids);
    free(w->cells);
    free(w->slots);
    free(w->items);
    free(w->free_ids);
    free(w->ids);
    free(w->keys);
    free(w->cols);
    free(w->hits);
    free(w->sort_tmp);
    free(w);
}

int c2d_bump_alive(const c2d_bump_world *w, int id)
{
    return id > 0 && id < w->nitems && w->items[id].alive;
}

const c2d_bump_rect *c2d_bump_rect_of(const c2d_bump_world *w, int id)
{
    return c2d_bump_alive(w, id) ? &w->items[id].r : NULL;
}

/* The cells of r as integers, or why they cannot be held. */
static c2d_bump_status item_cells(const c2d_bump_world *w, const c2d_bump_rect *r, cell_index out[4])
{
    c2d_bump_cells c;
    c2d_bump_cells_of(w->cell_size, r, &c);
    if (!(fabs(c.cl) <= C2D_BUMP_MAX_CELL && fabs(c.ct) <= C2D_BUMP_MAX_CELL &&
          fabs(c.cl + c.cw) <= C2D_BUMP_MAX_CELL && fabs(c.ct + c.ch) <= C2D_BUMP_MAX_CELL))
        return C2D_BUMP_TOO_FAR;
    if (c.cw * c.ch > C2D_BUMP_MAX_ITEM_CELLS) return C2D_BUMP_TOO_MANY_CELLS;
    out[0] = (cell_index)c.cl; out[1] = (cell_index)c.ct;
    out[2] = (cell_index)c.cw; out[3] = (cell_index)c.ch;
    return C2D_BUMP_OK;
}

/* The empty block. */
static const block none = { 0, 0, -1, -1 };

int c2d_bump_add(c2d_bump_world *w, const c2d_bump_rect *r)
{
    cell_index c[4];
    c2d_bump_status st = item_cells(w, r, c);
    int id, reused, cells_before = w->ncells;
    item *it;
    block b;
    if (st != C2D_BUMP_OK) return st;
    if (!RESERVE(w->free_ids, w->capfree, w->nitems + 1)) return C2D_BUMP_NO_MEMORY;
    reused = w->nfree > 0;
    if (reused) {
        id = w->free_ids[--w->nfree];
    } else {
        if (!RESERVE(w->items, w->capitems, w->nitems + 1)) return C2D_BUMP_NO_MEMORY;
        id = w->nitems++;
        w->items[id].mark = 0;
    }
    it = &w->items[id];
    it->r = *r;
    it->cl = c[0]; it->ct = c[1]; it->cw = c[2]; it->ch = c[3];
    b = item_block(it);
    if (!file_cells(w, id, &b, &none)) {
        /* leave no half-added item behind: the id goes back where it came from */
        if (reused) w->free_ids[w->nfree++] = id;
        else w->nitems--;
        return C2D_BUMP_NO_MEMORY;
    }
    it->seq = w->next_seq++;
    it->alive = 1;
    w->undo_id = id;
    w->undo_cells = cells_before;
    return id;
}

void c2d_bump_unadd(c2d_bump_world *w, int id)
{
    int from = w->undo_id == id ? w->undo_cells : w->ncells;
    item *it;
    block b;
    if (!c2d_bump_alive(w, id)) return;
    it = &w->items[id];
    b = item_block(it);
    {
        int ignored;
        each_cell(w, id, &b, &none, -1, cell_unadd, &ignored);
    }
    drop_new_cells(w, from);
    it->alive = 0;
    w->free_ids[w->nfree++] = id; /* room reserved by add */
    w->undo_id = 0;
}

void c2d_bump_remove(c2d_bump_world *w, int id)
{
    item *it;
    cell_index cx, cy;
    if (!c2d_bump_alive(w, id)) return;
    it = &w->items[id];
    for (cy = it->ct; cy < it->ct + it->ch; cy++)
        for (cx = it->cl; cx < it->cl + it->cw; cx++)
            cell_remove(w, id, cx, cy);
    it->alive = 0;
    w->free_ids[w->nfree++] = id; /* room reserved by add */
}

c2d_bump_status c2d_bump_update(c2d_bump_world *w, int id, const c2d_bump_rect *r)
{
    item *it;
    cell_index c[4];
    c2d_bump_status st;
    if (!c2d_bump_alive(w, id)) return C2D_BUMP_OK;
    it = &w->items[id];
    if (it->r.x == r->x && it->r.y == r->y && it->r.w == r->w && it->r.h == r->h) return C2D_BUMP_OK;
    st = item_cells(w, r, c);
    if (st != C2D_BUMP_OK) return st;
    if (c[0] != it->cl || c[1] != it->ct || c[2] != it->cw || c[3] != it->ch) {
        /* Into the new cells first (which may run out of memory, and is then
         * undone), then out of the old. */
        block old = item_block(it), now;
        int ignored;
        now.l = c[0]; now.t = c[1]; now.r = c[0] + c[2] - 1; now.b = c[1] + c[3] - 1;
        if (!file_cells(w, id, &now, &old)) return C2D_BUMP_NO_MEMORY;
        each_cell(w, id, &old, &now, -1, cell_remove_cb, &ignored);
        it->cl = c[0]; it->ct = c[1]; it->cw = c[2]; it->ch = c[3];
    }
    w->items[id].r = *r;
    return C2D_BUMP_OK;
}

/* ---- Gathering items from cells ------------------------------------------- */

/* A fresh stamp for marking items and cells visited by one query. */
static unsigned next_stamp(c2d_bump_world *w)
{
    if (++w->stamp == 0) {
        int k;
        for (k = 0; k < w->nitems; k++) w->items[k].mark = 0;
        for (k = 0; k < w->ncells; k++) w->cells[k].mark = 0;
        w->stamp = 1;
    }
    return w->stamp;
}

/* Append the unmarked items of cell k to w->ids (from *n), marking them. */
static int gather_cell(c2d_bump_world *w, int k, unsigned stamp, int *n)
{
    cell *c = &w->cells[k];
    int i;
    if (!RESERVE(w->ids, w->capids, *n + c->n)) return 0;
    for (i = 0; i < c->n; i++) {
        int id = c->ids[i];
        if (w->items[id].mark != stamp) {
            w->items[id].mark = stamp;
            w->ids[(*n)++] = id;
        }
    }
    return 1;
}

/* The items in a block of cells into w->ids, skipping those already marked with stamp. */
static int gather_block(c2d_bump_world *w, const c2d_bump_cells *b, unsigned stamp)
{
    int n = 0, k;
    double right = b->cl + b->cw - 1, bottom = b->ct + b->ch - 1;
    if (!(b->cw >= 1 && b->ch >= 1)) return 0;
    if (fabs(b->cl) <= C2D_BUMP_MAX_CELL && fabs(b->ct) <= C2D_BUMP_MAX_CELL && b->cw * b->ch <= (double)w->ncells) {
        cell_index cx, cy, l = (cell_index)b->cl, t = (cell_index)b->ct;
        cell_index r = l + (cell_index)b->cw, bt = t + (cell_index)b->ch;
        for (cy = t; cy < bt; cy++)
            for (cx = l; cx < r; cx++) {
                k = find_cell(w, cx, cy);
                if (k >= 0 && !gather_cell(w, k, stamp, &n)) return -1;
            }
    } else {
        /* A block larger than the grid itself: look at every cell instead. */
        for (k = 0; k < w->ncells; k++) {
            const cell *c = &w->cells[k];
            if ((double)c->cx >= b->cl && (double)c->cx <= right && (double)c->cy >= b->ct && (double)c->cy <= bottom)
                if (!gather_cell(w, k, stamp, &n)) return -1;
        }
    }
    return n;
}

/* Sort w->ids[0..n) by insertion order. */
static int order_ids(c2d_bump_world *w, int n)
{
    int i;
    if (n < 2) return 1;
    if (!RESERVE(w->keys, w->capkeys, n)) return 0;
    for (i = 0; i < n; i++) { w->keys[i].seq = w->items[w->ids[i]].seq; w->keys[i].id = w->ids[i]; }
    if (!sort_scratch(w, w->keys, n, sizeof *w->keys, key_less)) return 0;
    for (i = 0; i < n; i++) w->ids[i] = w->keys[i].id;
    return 1;
}

int c2d_bump_items(c2d_bump_world *w, const int **out)
{
    int id, n = 0;
    *out = w->ids;
    if (!RESERVE(w->ids, w->capids, w->nitems)) return C2D_BUMP_NO_MEMORY;
    *out = w->ids;
    for (id = 1; id < w->nitems; id++)
        if (w->items[id].alive) w->ids[n++] = id;
    return order_ids(w, n) ? n : C2D_BUMP_NO_MEMORY;
}

int c2d_bump_query_cells(c2d_bump_world *w, const c2d_bump_cells *c, const int **out)
{
    int n = gather_block(w, c, next_stamp(w));
    *out = w->ids;
    if (n < 0 || !order_ids(w, n)) return C2D_BUMP_NO_MEMORY;
    return n;
}

int c2d_bump_query_rect(c2d_bump_world *w, const c2d_bump_rect *r, const int **out)
{
    c2d_bump_cells c;
    int n, i, kept = 0;
    c2d_bump_cells_of(w->cell_size, r, &c);
    n = gather_block(w, &c, next_stamp(w));
    *out = w->ids;
    if (n < 0) return C2D_BUMP_NO_MEMORY;
    for (i = 0; i < n; i++) {
        const c2d_bump_rect *o = &w->items[w->ids[i]].r;
        if (r->x < o->x + o->w && o->x < r->x + r->w && r->y < o->y + o->h && o->y < r->y + r->h)
            w->ids[kept++] = w->ids[i];
    }
    return order_ids(w, kept) ? kept : C2D_BUMP_NO_MEMORY;
}

int c2d_bump_query_point(c2d_bump_world *w, double x, double y, const int **out)
{
    c2d_bump_cells c;
    int n, i, kept = 0;
    c.cl = floor(x / w->cell_size) + 1;
    c.ct = floor(y / w->cell_size) + 1;
    c.cw = c.ch = 1;
    n = gather_block(w, &c, next_stamp(w));
    *out = w->ids;
    if (n < 0) return C2D_BUMP_NO_MEMORY;
    for (i = 0; i < n; i++) {
        const c2d_bump_rect *o = &w->items[w->ids[i]].r;
        if (x - o->x > C2D_BUMP_DELTA && y - o->y > C2D_BUMP_DELTA && o->x + o->w - x > C2D_BUMP_DELTA &&
            o->y + o->h - y > C2D_BUMP_DELTA)
            w->ids[kept++] = w->ids[i];
    }
    return order_ids(w, kept) ? kept : C2D_BUMP_NO_MEMORY;
}

/* ---- Moving rectangles ------------------------------------------------------ */

int c2d_bump_project(c2d_bump_world *w, const int *skip, int nskip, const c2d_bump_rect *r,
                     double goalx, double goaly, unsigned goal_ints, const c2d_bump_col **out)
{
    unsigned stamp = next_stamp(w);
    c2d_bump_rect span;
    c2d_bump_cells c;
    int i, n, hits = 0;
    double right, bottom;
    /* The cells under the whole path: the box around start and goal. */
    span.x = r->x < goalx ? r->x : goalx;
    span.y = r->y < goaly ? r->y : goaly;
    right = r->x + r->w > goalx + r->w ? r->x + r->w : goalx + r->w;
    bottom = r->y + r->h > goaly + r->h ? r->y + r->h : goaly + r->h;
    span.w = right - span.x;
    span.h = bottom - span.y;
    c2d_bump_cells_of(w->cell_size, &span, &c);
    for (i = 0; i < nskip; i++)
        if (skip[i] > 0 && skip[i] < w->nitems) w->items[skip[i]].mark = stamp;
    n = gather_block(w, &c, stamp);
    *out = w->cols;
    if (n < 0 || !RESERVE(w->cols, w->capcols, n)) return C2D_BUMP_NO_MEMORY;
    *out = w->cols;
    for (i = 0; i < n; i++) {
        const item *o = &w->items[w->ids[i]];
        c2d_bump_col *col = &w->cols[hits];
        if (c2d_bump_detect(r, &o->r, goalx, goaly, goal_ints, col)) {
            col->other = w->ids[i];
            col->seq = o->seq;
            col->dist = square_distance(r, &o->r);
            hits++;
        }
    }
    return sort_scratch(w, w->cols, hits, sizeof *w->cols, col_less) ? hits : C2D_BUMP_NO_MEMORY;
}

/* ---- Checks: bump's World:check a step at a time ------------------------------ */

int c2d_bump_check_begin(const c2d_bump_world *w, int id, double goalx, double goaly, unsigned goal_ints,
                         c2d_bump_check *out)
{
    if (!c2d_bump_alive(w, id)) return 0;
    out->id = id;
    out->start = out->from = w->items[id].r;
    out->goalx = goalx;
    out->goaly = goaly;
    out->goal_ints = goal_ints;
    return 1;
}

int c2d_bump_check_next(c2d_bump_world *w, const c2d_bump_check *c, const int *skip, int nskip,
                        const c2d_bump_col **out)
{
    return c2d_bump_project(w, skip, nskip, &c->from, c->goalx, c->goaly, c->goal_ints, out);
}

/* The touch point's coordinate as a goal's (C2D_BUMP_INT_X or _Y when an integer). */
static unsigned touch_ints(const c2d_bump_col *col, unsigned ints_x, unsigned ints_y)
{
    return ((col->ints & C2D_BUMP_INT_TX) ? ints_x : 0) | ((col->ints & C2D_BUMP_INT_TY) ? ints_y : 0);
}

/* The next projection starts at the touch point. */
static void start_at_touch(c2d_bump_check *c, const c2d_bump_col *col)
{
    unsigned size = c->from.ints & (C2D_BUMP_INT_W | C2D_BUMP_INT_H);
    c->from.x = col->tx;
    c->from.y = col->ty;
    c->from.ints = size | touch_ints(col, C2D_BUMP_INT_X, C2D_BUMP_INT_Y);
}

void c2d_bump_check_take(c2d_bump_check *c, const c2d_bump_col *col, c2d_bump_response r)
{
    int moved = col->mx != 0 || col->my != 0;
    unsigned tints = touch_ints(col, C2D_BUMP_INT_X, C2D_BUMP_INT_Y);
    switch (r) {
    case C2D_BUMP_TOUCH: /* stop at the touch point */
        c->goalx = col->tx;
        c->goaly = col->ty;
        c->goal_ints = tints;
        break;
    case C2D_BUMP_CROSS: /* go on to the goal from the start, passing through */
        c->from = c->start;
        break;
    case C2D_BUMP_SLIDE:
        /* The goal keeps the motion along the side hit; with no motion it stays. */
        if (moved) {
            if (col->nx != 0) {
                c->goalx = col->tx;
                c->goal_ints = (c->goal_ints & C2D_BUMP_INT_Y) | (tints & C2D_BUMP_INT_X);
            } else {
                c->goaly = col->ty;
                c->goal_ints = (c->goal_ints & C2D_BUMP_INT_X) | (tints & C2D_BUMP_INT_Y);
            }
        }
        start_at_touch(c, col);
        break;
    case C2D_BUMP_BOUNCE:
        /* The rest of the move, mirrored in the side hit; with no motion, the touch point. */
        if (moved) {
            double bnx = c->goalx - col->tx, bny = c->goaly - col->ty;
            if (col->nx == 0) bny = -bny; else bnx = -bnx;
            c->goalx = col->tx + bnx;
            c->goaly = col->ty + bny;
            c->goal_ints &= tints; /* touch + (goal - touch) */
        } else {
            c->goalx = col->tx;
            c->goaly = col->ty;
            c->goal_ints = tints;
        }
        start_at_touch(c, col);
        break;
    default:
        break;
    }
}

c2d_bump_status c2d_bump_check_finish(c2d_bump_world *w, const c2d_bump_check *c)
{
    const c2d_bump_rect *now = c2d_bump_rect_of(w, c->id);
    c2d_bump_rect to;
    if (now == NULL) return C2D_BUMP_NOT_IN_WORLD;
    to = *now;
    to.x = c->goalx;
    to.y = c->goaly;
    to.ints = (now->ints & (C2D_BUMP_INT_W | C2D_BUMP_INT_H)) | c->goal_ints;
    return c2d_bump_update(w, c->id, &to);
}

/* ---- Segments ---------------------------------------------------------------- */

/* bump's per-axis set-up of the grid walk: step, t per cell, t to the first border. */
static void walk_axis(double cs, double ct, double t1, double t2, double *step, double *dt, double *t)
{
    double v = t2 - t1;
    if (v > 0) {
        *step = 1; *dt = cs / v; *t = ((ct + v) * cs - t1) / v;
    } else if (v < 0) {
        *step = -1; *dt = -cs / v; *t = ((ct + v - 1) * cs - t1) / v;
    } else {
        *step = 0; *dt = HUGE_VAL; *t = HUGE_VAL;
    }
}

static int visit(c2d_bump_world *w, double cx, double cy, unsigned stamp, int *n)
{
    int k;
    if (!(fabs(cx) <= C2D_BUMP_MAX_CELL && fabs(cy) <= C2D_BUMP_MAX_CELL)) return 1;
    k = find_cell(w, (cell_index)cx, (cell_index)cy);
    if (k < 0 || w->cells[k].mark == stamp) return 1;
    w->cells[k].mark = stamp;
    return gather_cell(w, k, stamp, n);
}

/* The items in the cells the segment walks through, as bump's grid walk visits them
   (corners included); every item when the walk would pass more cells than exist. */
static int gather_segment(c2d_bump_world *w, double x1, double y1, double x2, double y2, unsigned stamp)
{
    double cs = w->cell_size;
    double cx1 = floor(x1 / cs) + 1, cy1 = floor(y1 / cs) + 1;
    double cx2 = floor(x2 / cs) + 1, cy2 = floor(y2 / cs) + 1;
    double sx, sy, dx, dy, tx, ty, cx = cx1, cy = cy1, steps = fabs(cx2 - cx1) + fabs(cy2 - cy1);
    int n = 0, ok = 1;
    if (!(steps <= 4.0 * w->ncells + 64)) {
        int id;
        if (!RESERVE(w->ids, w->capids, w->nitems)) return -1;
        for (id = 1; id < w->nitems; id++)
            if (w->items[id].alive) w->ids[n++] = id;
        return n;
    }
    walk_axis(cs, cx1, x1, x2, &sx, &dx, &tx);
    walk_axis(cs, cy1, y1, y2, &sy, &dy, &ty);
    ok = visit(w, cx, cy, stamp, &n);
    /* Each step moves one cell nearer, so 2 * steps + 4 bounds the walk even when rounding misleads it. */
    while (ok && fabs(cx - cx2) + fabs(cy - cy2) > 1 && steps-- > -4) {
        if (tx < ty) {
            tx = tx + dx; cx = cx + sx;
            ok = visit(w, cx, cy, stamp, &n);
        } else {
            if (tx == ty) ok = visit(w, cx + sx, cy, stamp, &n);
            ty = ty + dy; cy = cy + sy;
            ok = ok && visit(w, cx, cy, stamp, &n);
        }
    }
    if (ok && (cx != cx2 || cy != cy2)) ok = visit(w, cx2, cy2, stamp, &n);
    return ok ? n : -1;
}

int c2d_bump_segment(c2d_bump_world *w, double x1, double y1, double x2, double y2,
                     const c2d_bump_seghit **out)
{
    int n = gather_segment(w, x1, y1, x2, y2, next_stamp(w)), i, hits = 0;
    *out = w->hits;
    if (n < 0 || !RESERVE(w->hits, w->caphits, n)) return C2D_BUMP_NO_MEMORY;
    *out = w->hits;
    for (i = 0; i < n; i++) {
        const item *o = &w->items[w->ids[i]];
        c2d_bump_span s, line;
        /* bump clips from the integers 0 and 1 */
        if (c2d_bump_span_of(&o->r, x1, y1, x2, y2, 0, 1, C2D_BUMP_INT_TI1 | C2D_BUMP_INT_TI2, &s) &&
            ((0 < s.ti1 && s.ti1 < 1) || (0 < s.ti2 && s.ti2 < 1)) &&
            c2d_bump_span_of(&o->r, x1, y1, x2, y2, -HUGE_VAL, HUGE_VAL, 0, &line)) {
            c2d_bump_seghit *h = &w->hits[hits++];
            h->item = w->ids[i];
            h->ti1 = s.ti1;
            h->ti2 = s.ti2;
            /* Ordered along the infinite line, not the segment. */
            h->weight = line.ti2 < line.ti1 ? line.ti2 : line.ti1;
            h->seq = o->seq;
            h->ints = s.ints;
        }
    }
    return sort_scratch(w, w->hits, hits, sizeof *w->hits, hit_less) ? hits : C2D_BUMP_NO_MEMORY;
}
