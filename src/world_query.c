/*
 * The World's queries over its grid: the candidates whose boxes meet a box
 * (the cells it covers, or every entry when they are too many; the big
 * shapes and Lines always), each offered once per query and sorted by the
 * order the shapes were added; then the shapes among them that a shape hits,
 * that a ray meets (all, or the first, walking the cells along the ray), and
 * that a turning sweep meets.
 */
#include <stdlib.h>
#include "world.h"

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
     * along d: the box of that path grown by the reach, and by the
     * tolerance within which a pair counts as touching (when not given:
     * far above the default, 1e-9 of the sizes or the coordinates'
     * rounding, which depends on the other shape). */
    double reach = c2d_reach_from(s, m->pivot), pad;
    *hits = w->hits;
    box.minx = dmin(m->pivot.x, m->pivot.x + m->d.x) - reach;
    box.maxx = dmax(m->pivot.x, m->pivot.x + m->d.x) + reach;
    box.miny = dmin(m->pivot.y, m->pivot.y + m->d.y) - reach;
    box.maxy = dmax(m->pivot.y, m->pivot.y + m->d.y) + reach;
    pad = dmax(tol > 0 ? tol : 0, dmax(1e-6 * (box.maxx - box.minx + box.maxy - box.miny), c2d_ulps(1024, c2d_bounds_magnitude(&box))));
    box.minx -= pad;
    box.maxx += pad;
    box.miny -= pad;
    box.maxy += pad;
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
