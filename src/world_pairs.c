/*
 * The World's pair pass: every pair of shapes whose boxes meet, found cell
 * by cell (a crowded cell swept along x, big shapes by walking the cells
 * they cover, Lines against everything), sorted, then tested exactly; and
 * the events (the pairs that began and ended touching) from one pass to the
 * next. See world.c for the grid.
 */
#include <stdlib.h>
#include <string.h>
#include "world.h"

/* Do the entries' bits let them meet. */
static int bits_meet(const entry *a, const entry *b)
{
    return (a->category & b->mask) && (b->category & a->mask);
}

/* Room in the found pairs for more; 0 when memory ran out. */
static int found_room(c2d_world *w, int more)
{
    while (w->nfound + more > w->cap_found) {
        int cap = w->cap_found ? 2 * w->cap_found : 64;
        found_pair *v = (found_pair *)realloc(w->found, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        w->found = v;
        v = (found_pair *)realloc(w->sorted, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        w->sorted = v;
        w->cap_found = cap;
    }
    return 1;
}

/* Note the pair (a, b) whose boxes meet; the exact test comes later, once
 * the pairs are sorted (see c2d_world_collisions). */
static int note_pair(c2d_world *w, int a, int b)
{
    found_pair *f;
    if (!found_room(w, 1)) return 0;
    f = &w->found[w->nfound++];
    f->a = a;
    f->b = b;
    return 1;
}

/* Does a cell report the pair of its items a and b: the one that holds the
 * lower-left corner of the overlap of their cell ranges, where (as both
 * ranges hold the cell) one of them starts in its column and one in its row. */
static int reports(cell_item a, cell_item b)
{
    return ((a | b) & ITEM_FLAGS) == ITEM_FLAGS;
}

/* Move v[i] down the heap v[0 .. n) ordered by box.minx (largest on top). */
static void sift_by_minx(swept *v, int i, int n)
{
    swept x = v[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && v[c + 1].box.minx > v[c].box.minx) c++;
        if (!(v[c].box.minx > x.box.minx)) break;
        v[i] = v[c];
        i = c;
    }
    v[i] = x;
}

/* The pairs of a crowded cell: its slots sorted by the left of their boxes,
 * each tested only against those that start before it ends. */
static int crowded_cell_pairs(c2d_world *w, const cell *c)
{
    int i, j, n = c->n, ok = 1;
    swept *v;
    if (n > w->cap_sweep) {
        int cap = w->cap_sweep ? w->cap_sweep : 64;
        while (cap < n) cap *= 2;
        v = (swept *)realloc(w->sweep, (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        w->sweep = v;
        w->cap_sweep = cap;
    }
    v = w->sweep;
    for (i = 0; i < n; i++) {
        cell_item it = w->pool[c->start + i];
        v[i].box = w->box[item_slot(it)];
        v[i].it = it;
    }
    for (i = n / 2 - 1; i >= 0; i--) sift_by_minx(v, i, n);
    for (i = n - 1; i > 0; i--) {
        swept t = v[0];
        v[0] = v[i];
        v[i] = t;
        sift_by_minx(v, 0, i);
    }
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n && v[j].box.minx <= v[i].box.maxx; j++) {
            if (!reports(v[i].it, v[j].it) || v[i].box.miny > v[j].box.maxy || v[j].box.miny > v[i].box.maxy)
                continue;
            ok &= note_pair(w, item_slot(v[i].it), item_slot(v[j].it));
        }
    return ok;
}

/* Note the pair of items a and b at f[nf] and return nf + 1 when their
 * boxes meet and this cell reports them, else nf (the pair is overwritten
 * next): no branch on the outcome. */
static int try_items(found_pair *f, int nf, const c2d_bounds *box, cell_item a, cell_item b)
{
    f[nf].a = item_slot(a);
    f[nf].b = item_slot(b);
    return nf + (reports(a, b) & boxes_meet(&box[item_slot(a)], &box[item_slot(b)]));
}

/* The grid's pairs, each from the one cell that reports it.
 *
 * Most cells hold 0 to 4 slots, and which one holds how many changes from
 * cell to cell at random. A walk that branched on each cell's count, and
 * looped over its pairs, was learnt whole by the branch predictor in a small
 * scene (which repeats nearly the same each step) and could not be in a
 * large one: for 10 times the shapes it took 15 times as long
 * (bench/broadphase.c). So the cells are first sorted by their count
 * without a branch (each is written to every list, and counted in the one it
 * belongs to), then the cells of 2, 3 and 4 slots are tested with their
 * pairs spelt out, and the pairs are written without a branch on the
 * outcome: every pair is written, and counted only when its boxes meet. */
static int grid_pairs(c2d_world *w)
{
    const c2d_bounds *box = w->box;
    const cell *cells = w->cells;
    const cell_item *pool = w->pool;
    int k, i, j, nc = w->ncells, n2 = 0, n3 = 0, n4 = 0, nmore = 0, nf, ok = 1;
    int *two, *three, *four, *more;
    found_pair *f;
    if (nc == 0) return 1; /* (no cells: the lists below would be offsets from no array) */
    if (!c2d_ints_room(&w->by_size, 4 * nc)) return 0;
    two = w->by_size.v;
    three = two + nc;
    four = three + nc;
    more = four + nc;
    for (k = 0; k < nc; k++) {
        int n = cells[k].n;
        two[n2] = k;
        n2 += n == 2;
        three[n3] = k;
        n3 += n == 3;
        four[n4] = k;
        n4 += n == 4;
        more[nmore] = k;
        nmore += n > 4;
    }
    if (!found_room(w, n2 + 3 * n3 + 6 * n4)) return 0;
    f = w->found;
    nf = w->nfound;
    for (k = 0; k < n2; k++) {
        const cell_item *v = pool + cells[two[k]].start;
        nf = try_items(f, nf, box, v[0], v[1]);
    }
    for (k = 0; k < n3; k++) {
        const cell_item *v = pool + cells[three[k]].start;
        nf = try_items(f, nf, box, v[0], v[1]);
        nf = try_items(f, nf, box, v[0], v[2]);
        nf = try_items(f, nf, box, v[1], v[2]);
    }
    for (k = 0; k < n4; k++) {
        const cell_item *v = pool + cells[four[k]].start;
        nf = try_items(f, nf, box, v[0], v[1]);
        nf = try_items(f, nf, box, v[0], v[2]);
        nf = try_items(f, nf, box, v[0], v[3]);
        nf = try_items(f, nf, box, v[1], v[2]);
        nf = try_items(f, nf, box, v[1], v[3]);
        nf = try_items(f, nf, box, v[2], v[3]);
    }
    w->nfound = nf;
    for (k = 0; k < nmore; k++) {
        const cell *c = &cells[more[k]];
        const cell_item *v = pool + c->start;
        int n = c->n;
        if (n > C2D_WORLD_CROWD) {
            ok &= crowded_cell_pairs(w, c);
            continue;
        }
        if (!found_room(w, n * (n - 1) / 2)) return 0;
        f = w->found;
        nf = w->nfound;
        for (i = 0; i + 1 < n; i++)
            for (j = i + 1; j < n; j++) nf = try_items(f, nf, box, v[i], v[j]);
        w->nfound = nf;
    }
    return ok;
}

/* A big shape's pairs with the grid: through the cells it covers, each pair
 * from the cell that reports it, or through every grid entry when its cells
 * outnumber the grid's. */
static int big_pairs(c2d_world *w, int a)
{
    const entry *ea = &w->e[a];
    int k, i, ok = 1;
    long x, y;
    if (c2d_grid_too_many(w, ea->x0, ea->y0, ea->x1, ea->y1)) {
        for (k = 0; k < w->order.n; k++) {
            int b = w->order.v[k];
            if (w->e[b].where == IN_GRID && boxes_meet(&w->box[a], &w->box[b])) ok &= note_pair(w, a, b);
        }
        return ok;
    }
    for (y = ea->y0; y <= ea->y1; y++)
        for (x = ea->x0; x <= ea->x1; x++) {
            const cell *c = c2d_grid_cell(w, x, y, 0);
            cell_item first = (x == ea->x0 ? ITEM_FIRST_X : 0) | (y == ea->y0 ? ITEM_FIRST_Y : 0);
            int nf;
            if (c == NULL) continue;
            if (!found_room(w, c->n)) return 0;
            /* Without a branch on the outcome, as in grid_pairs. */
            for (i = 0, nf = w->nfound; i < c->n; i++) {
                cell_item it = w->pool[c->start + i];
                w->found[nf].a = a;
                w->found[nf].b = item_slot(it);
                nf += reports(it, first) & boxes_meet(&w->box[a], &w->box[item_slot(it)]);
            }
            w->nfound = nf;
        }
    return ok;
}

/* Ask for the lines of a shape the exact tests read (its first four). */
static void prefetch_shape(const c2d_shape *s)
{
    const char *p = (const char *)s;
    C2D_PREFETCH(p);
    C2D_PREFETCH(p + 64);
    C2D_PREFETCH(p + 128);
    C2D_PREFETCH(p + 192);
}

/* Put the earlier-added shape of each pair noted first, and sort the pairs
 * by the order their first shapes were added, then their second: two stable
 * counting passes over the slots' ranks (linear). */
static int sort_found(c2d_world *w)
{
    int k, n = w->order.n, *rank, *count;
    found_pair *f = w->found, *t = w->sorted;
    if (!c2d_ints_room(&w->rank, w->ne) || !c2d_ints_room(&w->count, n + 1)) return 0;
    rank = w->rank.v;
    count = w->count.v;
    for (k = 0; k < n; k++) rank[w->order.v[k]] = k;
    for (k = 0; k < w->nfound; k++) {
        int a = f[k].a, b = f[k].b, swap = rank[a] > rank[b];
        f[k].a = swap ? b : a;
        f[k].b = swap ? a : b;
    }
    /* By the second shape, into sorted... */
    memset(count, 0, (size_t)(n + 1) * sizeof *count);
    for (k = 0; k < w->nfound; k++) count[rank[f[k].b] + 1]++;
    for (k = 0; k < n; k++) count[k + 1] += count[k];
    for (k = 0; k < w->nfound; k++) t[count[rank[f[k].b]]++] = f[k];
    /* ...then, keeping that order among equals, by the first, back into found. */
    memset(count, 0, (size_t)(n + 1) * sizeof *count);
    for (k = 0; k < w->nfound; k++) count[rank[t[k].a] + 1]++;
    for (k = 0; k < n; k++) count[k + 1] += count[k];
    for (k = 0; k < w->nfound; k++) f[count[rank[t[k].a]]++] = t[k];
    return 1;
}

int c2d_world_collisions(c2d_world *w, const int **pairs)
{
    int k, i, ok = c2d_world_refresh(w);
    w->pairs.n = 0;
    w->nfound = 0;
    ok &= grid_pairs(w);
    /* Big shapes against the grid and each other; Lines against everything. */
    for (k = 0; k < w->big.n; k++) {
        int a = w->big.v[k];
        ok &= big_pairs(w, a);
        for (i = k + 1; i < w->big.n; i++)
            if (boxes_meet(&w->box[a], &w->box[w->big.v[i]])) ok &= note_pair(w, a, w->big.v[i]);
    }
    for (k = 0; k < w->lines.n; k++) {
        int a = w->lines.v[k];
        for (i = 0; i < w->order.n; i++)
            if (w->e[w->order.v[i]].where != IN_LINES) ok &= note_pair(w, a, w->order.v[i]);
        for (i = k + 1; i < w->lines.n; i++) ok &= note_pair(w, a, w->lines.v[i]);
    }
    /* The pairs whose boxes meet, sorted, then the bits and the exact test:
     * in that order the shapes are read about in the order they were added
     * (and mostly made), not at random. */
    ok &= sort_found(w);
    for (k = 0, i = 0; k < w->nfound; k++) {
        const entry *ea = &w->e[w->found[k].a], *eb = &w->e[w->found[k].b];
        if (k + 2 * C2D_WORLD_AHEAD < w->nfound) {
            C2D_PREFETCH(&w->e[w->found[k + 2 * C2D_WORLD_AHEAD].a]);
            C2D_PREFETCH(&w->e[w->found[k + 2 * C2D_WORLD_AHEAD].b]);
        }
        if (k + C2D_WORLD_AHEAD < w->nfound) {
            prefetch_shape(w->e[w->found[k + C2D_WORLD_AHEAD].a].s);
            prefetch_shape(w->e[w->found[k + C2D_WORLD_AHEAD].b].s);
        }
        /* Kept without a branch on the outcome (see grid_pairs). */
        w->found[i] = w->found[k];
        i += bits_meet(ea, eb) && c2d_hits(ea->s, eb->s);
    }
    w->nfound = i;
    ok &= c2d_ints_room(&w->pairs, 2 * w->nfound);
    if (ok) {
        for (k = 0; k < w->nfound; k++) {
            w->pairs.v[2 * k] = w->found[k].a;
            w->pairs.v[2 * k + 1] = w->found[k].b;
        }
        w->pairs.n = 2 * w->nfound;
    }
    *pairs = w->pairs.v;
    return ok ? w->pairs.n / 2 : -1;
}

/* Is pair (a0, a1) before (b0, b1) in id order. */
static int ids_before(const int *a, const int *b)
{
    return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1];
}

int c2d_world_events(c2d_world *w, const int **pairs, int *npairs, const int **began, int *nbegan, const int **ended,
                     int *nended)
{
    int n = c2d_world_collisions(w, pairs), k, i = 0, j = 0;
    *nbegan = *nended = 0;
    *npairs = n < 0 ? 0 : n;
    *began = w->began.v;
    *ended = w->ended.v;
    if (n < 0 || !c2d_ints_room(&w->now_ids, 2 * n) || !c2d_ints_room(&w->began, n) ||
        !c2d_ints_room(&w->ended, w->last_ids.n / 2))
        return -1;
    /* The pairs come ordered by the order their shapes were added: by id. Ids
     * (not slots, which a removed shape gives up) tell one pair from another. */
    for (k = 0; k < n; k++) {
        w->now_ids.v[2 * k] = (int)w->e[(*pairs)[2 * k]].id;
        w->now_ids.v[2 * k + 1] = (int)w->e[(*pairs)[2 * k + 1]].id;
    }
    w->now_ids.n = 2 * n;
    /* Merge the two sorted lists. */
    while (i < n || j < w->last_ids.n / 2) {
        const int *a = &w->now_ids.v[2 * i], *b = &w->last_ids.v[2 * j];
        if (j == w->last_ids.n / 2 || (i < n && ids_before(a, b))) {
            w->began.v[(*nbegan)++] = i++;
        } else if (i == n || ids_before(b, a)) {
            w->ended.v[(*nended)++] = j++;
        } else {
            i++;
            j++;
        }
    }
    w->began.n = *nbegan;
    w->ended.n = *nended;
    *began = w->began.v;
    *ended = w->ended.v;
    return 0;
}

void c2d_world_events_done(c2d_world *w)
{
    ints t = w->last_ids;
    w->last_ids = w->now_ids;
    w->now_ids = t;
}

