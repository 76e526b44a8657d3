/*
 * Tile layers as shapes: their storage, their tiles' pieces, and their
 * transforms. A layer is the union of its tiles' pieces; its pair queries
 * are in tiles.c.
 */
#include <string.h>
#include "tiles.h"

/* ---- storage ---- */

/* The block: the header, the code map, the codes, then the room of a query. */
static size_t tiles_layout(struct c2d_tiles *t, unsigned char *base, int columns, int rows, size_t group_bytes)
{
    size_t at = c2d_align8(sizeof *t);
    C2D_PLACE(t, kind_of, unsigned char, C2D_TILE_CODES);
    C2D_PLACE(t, codes, unsigned short, (size_t)columns * (size_t)rows);
    C2D_PLACE(t, gathered, c2d_shape, C2D_TILE_GATHER);
    C2D_PLACE(t, gverts, c2d_vec, C2D_TILE_GATHER * C2D_MAX_TILE_VERTICES);
    C2D_PLACE(t, gptr, const c2d_shape *, C2D_TILE_GATHER);
    C2D_PLACE(t, group, unsigned char, group_bytes);
    return at;
}

/* A Group's storage for the most pieces a query gathers, each a Polygon of the most vertices. */
static size_t gather_group_bytes(void)
{
    const c2d_shape *ptr[C2D_TILE_GATHER];
    c2d_shape widest;
    int i;
    memset(&widest, 0, sizeof widest);
    widest.kind = C2D_POLYGON;
    widest.count = C2D_MAX_TILE_VERTICES;
    for (i = 0; i < C2D_TILE_GATHER; i++) ptr[i] = &widest;
    return c2d_group_size(ptr, C2D_TILE_GATHER);
}

/* The most tiles a layer holds: the codes' bytes stay far inside a size_t and an int. */
#define C2D_MAX_TILES (1 << 28)

size_t c2d_tiles_size(int columns, int rows)
{
    if (columns < 1 || rows < 1 || (double)columns * (double)rows > C2D_MAX_TILES) return 0;
    return tiles_layout(NULL, NULL, columns, rows, gather_group_bytes());
}

/* Does the kind's piece fit its tile and wind one way (convex order); its form. */
static int take_kind(tile_kind *k, const c2d_tile_kind *from)
{
    int n = from->count, i, lo_u = 0, hi_u = 0, lo_v = 0, hi_v = 0;
    double area2 = 0;
    memset(k, 0, sizeof *k);
    if (!isfinite(from->side.x) || !isfinite(from->side.y)) return 0;
    if (from->side.x != 0 || from->side.y != 0) {
        /* (scaled first: a side of tiny or huge parts keeps its direction) */
        double m = dmax(fabs(from->side.x), fabs(from->side.y)), x = from->side.x / m, y = from->side.y / m,
               l = sqrt(x * x + y * y);
        k->side.x = x / l;
        k->side.y = y / l;
    }
    if (n == 0) { k->form = TILE_EMPTY; return 1; }
    if (n < 0 || n > C2D_MAX_TILE_VERTICES) return 0;
    for (i = 0; i < 2 * n; i++)
        if (!(from->uv[i] >= 0 && from->uv[i] <= 1)) return 0;
    k->count = n;
    memcpy(k->uv, from->uv, sizeof(double) * 2 * (size_t)n);
    if (n == 1) { k->form = TILE_POINT; return 1; }
    if (n == 2) { k->form = TILE_SEGMENT; return 1; }
    for (i = 0; i < n; i++) {
        int j = (i + 1) % n;
        area2 += k->uv[2 * i] * k->uv[2 * j + 1] - k->uv[2 * j] * k->uv[2 * i + 1];
    }
    if (area2 < 0) { /* clockwise in (u, v): reverse, so that pieces wind one way */
        for (i = 0; i < n / 2; i++) {
            int j = n - 1 - i;
            double tu = k->uv[2 * i], tv = k->uv[2 * i + 1];
            k->uv[2 * i] = k->uv[2 * j]; k->uv[2 * i + 1] = k->uv[2 * j + 1];
            k->uv[2 * j] = tu; k->uv[2 * j + 1] = tv;
        }
    }
    /* convex order: every turn one way (a straight run allowed), and once round */
    {
        int turns = 0;
        for (i = 0; i < n; i++) {
            const double *p = &k->uv[2 * i], *q = &k->uv[2 * ((i + 1) % n)], *r = &k->uv[2 * ((i + 2) % n)];
            double cr = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
            if (cr < 0) return 0;
            if (cr > 0) turns++;
        }
        if (area2 != 0 && turns < 3) return 0;
    }
    k->form = n == 3 ? TILE_TRIANGLE : TILE_POLYGON;
    if (n == 4) { /* an axis-aligned rectangle: an AABB */
        double u0 = 1, u1 = 0, v0 = 1, v1 = 0;
        for (i = 0; i < 4; i++) {
            u0 = dmin(u0, k->uv[2 * i]); u1 = dmax(u1, k->uv[2 * i]);
            v0 = dmin(v0, k->uv[2 * i + 1]); v1 = dmax(v1, k->uv[2 * i + 1]);
        }
        for (i = 0; i < 4; i++) {
            lo_u += k->uv[2 * i] == u0; hi_u += k->uv[2 * i] == u1;
            lo_v += k->uv[2 * i + 1] == v0; hi_v += k->uv[2 * i + 1] == v1;
        }
        if (u0 < u1 && v0 < v1 && lo_u == 2 && hi_u == 2 && lo_v == 2 && hi_v == 2) {
            k->form = (u0 == 0 && u1 == 1 && v0 == 0 && v1 == 1) ? TILE_FULL : TILE_RECT;
            k->uv[0] = u0; k->uv[1] = v0; k->uv[2] = u1; k->uv[3] = v1;
        }
    }
    return 1;
}

static void tiles_bounds(c2d_shape *s)
{
    const struct c2d_tiles *t = s->tiles;
    s->bounds.minx = s->p[0].x;
    s->bounds.miny = s->p[0].y;
    s->bounds.maxx = s->p[0].x + t->columns * s->w;
    s->bounds.maxy = s->p[0].y + t->rows * s->h;
}

/* Are the layer's corner and far corner finite with tiles of this size. */
static int tiles_fit(double x, double y, double w, double h, int columns, int rows)
{
    return isfinite(x + columns * w) && isfinite(y + rows * h) && isfinite(x) && isfinite(y);
}

c2d_error c2d_make_tiles(c2d_shape *s, const double *nums, int columns, int rows, const c2d_tile_kind *kinds,
                         int nkinds, const unsigned char *kind_of, const unsigned short *codes, void *storage,
                         int *bad)
{
    struct c2d_tiles *t = (struct c2d_tiles *)storage;
    size_t bytes = c2d_tiles_size(columns, rows);
    int i;
    *bad = -1;
    for (i = 0; i < 4; i++)
        if (!isfinite(nums[i])) { *bad = i; return C2D_ERR_NONFINITE; }
    if (!(nums[2] > 0)) { *bad = 2; return C2D_ERR_NEGATIVE; }
    if (!(nums[3] > 0)) { *bad = 3; return C2D_ERR_NEGATIVE; }
    if (bytes == 0) return C2D_ERR_COUNT;
    if (!tiles_fit(nums[0], nums[1], nums[2], nums[3], columns, rows)) return C2D_ERR_NONFINITE;
    if (kinds != NULL && (nkinds < 1 || nkinds > C2D_TILE_KINDS || kind_of == NULL)) return C2D_ERR_COUNT;
    if (kinds != NULL) {
        for (i = 0; i < nkinds; i++) {
            tile_kind k;
            if (!take_kind(&k, &kinds[i])) { *bad = C2D_TILE_BAD_KIND + i; return C2D_ERR_TILE_KIND; }
        }
        for (i = 0; i < C2D_TILE_CODES; i++)
            if (kind_of[i] >= nkinds) return C2D_ERR_COUNT;
    }
    memset(t, 0, sizeof *t);
    tiles_layout(t, (unsigned char *)storage, columns, rows, gather_group_bytes());
    t->bytes = bytes;
    t->columns = columns;
    t->rows = rows;
    if (kinds != NULL) {
        t->nkinds = nkinds;
        for (i = 0; i < nkinds; i++) take_kind(&t->kinds[i], &kinds[i]);
        memcpy(t->kind_of, kind_of, C2D_TILE_CODES);
    } else {
        static const c2d_tile_kind full = { 4, { 0, 0, 1, 0, 1, 1, 0, 1 }, { 0, 0 } };
        t->nkinds = 2;
        t->kinds[0].form = TILE_EMPTY;
        take_kind(&t->kinds[1], &full);
        t->kind_of[0] = 0;
        memset(t->kind_of + 1, 1, C2D_TILE_CODES - 1);
    }
    if (codes != NULL) memcpy(t->codes, codes, sizeof *codes * (size_t)columns * (size_t)rows);
    else memset(t->codes, 0, sizeof *t->codes * (size_t)columns * (size_t)rows);
    memset(s, 0, sizeof *s);
    s->kind = C2D_TILES;
    s->p[0] = v2(nums[0], nums[1]);
    s->w = nums[2];
    s->h = nums[3];
    s->count = columns;
    s->tiles = t;
    tiles_bounds(s);
    return C2D_OK;
}

void c2d_tiles_dims(const c2d_shape *s, int *columns, int *rows)
{
    *columns = s->kind == C2D_TILES ? s->tiles->columns : 0;
    *rows = s->kind == C2D_TILES ? s->tiles->rows : 0;
}

int c2d_tiles_get(const c2d_shape *s, int column, int row)
{
    const struct c2d_tiles *t = s->tiles;
    if (s->kind != C2D_TILES || column < 0 || row < 0 || column >= t->columns || row >= t->rows) return -1;
    return t->codes[(size_t)row * (size_t)t->columns + (size_t)column];
}

int c2d_tiles_set(c2d_shape *s, int column, int row, int code)
{
    struct c2d_tiles *t = s->tiles;
    if (c2d_tiles_get(s, column, row) < 0 || code < 0 || code >= C2D_TILE_CODES) return 0;
    t->codes[(size_t)row * (size_t)t->columns + (size_t)column] = (unsigned short)code;
    c2d_note_moved(s); /* (its World counts it as a change: a navigation mesh over it goes stale) */
    return 1;
}

int c2d_tiles_kind_of(const c2d_shape *s, int code)
{
    if (s->kind != C2D_TILES || code < 0 || code >= C2D_TILE_CODES) return -1;
    return s->tiles->kind_of[code];
}

int c2d_tiles_order(const c2d_shape *a, const c2d_shape *b)
{
    const struct c2d_tiles *x = a->tiles, *y = b->tiles;
    int c;
    if (x->columns != y->columns) return x->columns < y->columns ? -1 : 1;
    if (x->rows != y->rows) return x->rows < y->rows ? -1 : 1;
    if ((c = memcmp(x->codes, y->codes, sizeof *x->codes * (size_t)x->columns * (size_t)x->rows)) != 0) return c < 0 ? -1 : 1;
    if ((c = memcmp(x->kind_of, y->kind_of, C2D_TILE_CODES)) != 0) return c < 0 ? -1 : 1;
    if ((c = memcmp(x->kinds, y->kinds, sizeof x->kinds)) != 0) return c < 0 ? -1 : 1;
    return 0;
}

/* ---- pieces ---- */

/* The coordinate of tile line i (a column's or row's edge) at fraction u into it. */
static double at_x(const c2d_shape *s, int i, double u) { return s->p[0].x + (i + u) * s->w; }
static double at_y(const c2d_shape *s, int i, double v) { return s->p[0].y + (i + v) * s->h; }

int c2d_tile_range(const c2d_shape *s, const c2d_bounds *box, double reach, tile_range *out)
{
    const struct c2d_tiles *t = s->tiles;
    /* The tiles the division says; the edges as computed settle the ends (below). */
    double c0 = (box->minx - reach - s->p[0].x) / s->w, c1 = (box->maxx + reach - s->p[0].x) / s->w;
    double r0 = (box->miny - reach - s->p[0].y) / s->h, r1 = (box->maxy + reach - s->p[0].y) / s->h;
    if (c0 != c0 || c1 != c1 || r0 != r0 || r1 != r1) { /* an infinite box grown by an infinite reach */
        out->c0 = out->r0 = 0;
        out->c1 = t->columns - 1;
        out->r1 = t->rows - 1;
        out->merge = 1;
        return 1;
    }
    if (!c2d_near(&s->bounds, box, reach)) return 0; /* (the layer's bounds are its outer edges as computed) */
    out->c0 = c0 <= 0 ? 0 : c0 >= t->columns - 1 ? t->columns - 1 : (int)c0;
    out->r0 = r0 <= 0 ? 0 : r0 >= t->rows - 1 ? t->rows - 1 : (int)r0;
    out->c1 = c1 <= 0 ? 0 : c1 >= t->columns - 1 ? t->columns - 1 : (int)c1;
    out->r1 = r1 <= 0 ? 0 : r1 >= t->rows - 1 ? t->rows - 1 : (int)r1;
    out->merge = 1;
    /* The division rounds, and tiles far smaller than their coordinates'
     * ulps land on the same doubles as their neighbours: take in each tile
     * whose edge, as computed, still reaches the box. */
    while (out->c0 > 0 && at_x(s, out->c0, 0) >= box->minx - reach) out->c0--;
    while (out->c1 < t->columns - 1 && at_x(s, out->c1, 1) <= box->maxx + reach) out->c1++;
    while (out->r0 > 0 && at_y(s, out->r0, 0) >= box->miny - reach) out->r0--;
    while (out->r1 < t->rows - 1 && at_y(s, out->r1, 1) <= box->maxy + reach) out->r1++;
    return out->c0 <= out->c1 && out->r0 <= out->r1;
}

/* The piece of kind k in tile (c, r), into *p (a Polygon's vertices at verts). */
static void make_piece(const c2d_shape *s, const tile_kind *k, int c, int r, c2d_shape *p, c2d_vec *verts)
{
    double nums[2 * C2D_MAX_TILE_VERTICES];
    int i, bad;
    if (k->form == TILE_FULL || k->form == TILE_RECT) {
        /* What c2d_make sets for an AABB, with the corners as they are
         * computed, not from a width (which would round). */
        static const c2d_shape blank;
        c2d_vec lo = v2(at_x(s, c, k->uv[0]), at_y(s, r, k->uv[1]));
        c2d_vec hi = v2(at_x(s, c, k->uv[2]), at_y(s, r, k->uv[3]));
        *p = blank;
        p->kind = C2D_AABB;
        p->count = 2;
        p->p[0] = lo;
        p->p[1] = hi;
        p->w = hi.x - lo.x;
        p->h = hi.y - lo.y;
        p->ccw = hi.x > lo.x && hi.y > lo.y;
        p->bounds.minx = lo.x; p->bounds.miny = lo.y;
        p->bounds.maxx = hi.x; p->bounds.maxy = hi.y;
        return;
    }
    for (i = 0; i < k->count; i++) {
        nums[2 * i] = at_x(s, c, k->uv[2 * i]);
        nums[2 * i + 1] = at_y(s, r, k->uv[2 * i + 1]);
    }
    switch (k->form) {
    case TILE_POINT: c2d_make(p, C2D_POINT, nums, 2, NULL, &bad); return;
    case TILE_SEGMENT: c2d_make(p, C2D_SEGMENT, nums, 4, NULL, &bad); return;
    case TILE_TRIANGLE: c2d_make(p, C2D_TRIANGLE, nums, 6, NULL, &bad); return;
    default:
        /* Convex in tile units; scaled and rounded it is convex within its slack. */
        if (c2d_make(p, C2D_POLYGON, nums, 2 * k->count, verts, &bad) != C2D_OK) {
            c2d_vec pts[C2D_MAX_TILE_VERTICES], hull[2 * C2D_MAX_TILE_VERTICES];
            for (i = 0; i < k->count; i++) pts[i] = v2(nums[2 * i], nums[2 * i + 1]);
            c2d_make_hull(p, pts, k->count, hull);
            memcpy(verts, hull, sizeof *verts * (size_t)p->count);
            p->verts = verts;
        }
        return;
    }
}

/* Is b a full tile of a's side. */
static int same_full(const tile_kind *a, const tile_kind *b)
{
    return b->form == TILE_FULL && b->side.x == a->side.x && b->side.y == a->side.y;
}

int c2d_tiles_each(const c2d_shape *s, const tile_range *rg, const c2d_bounds *box, double reach, tile_fn f, void *ud,
                   c2d_vec *side)
{
    const struct c2d_tiles *t = s->tiles;
    c2d_shape p;
    c2d_vec verts[C2D_MAX_TILE_VERTICES];
    int r, c;
    for (r = rg->r0; r <= rg->r1; r++) {
        const unsigned short *row = t->codes + (size_t)r * (size_t)t->columns;
        for (c = rg->c0; c <= rg->c1; c++) {
            const tile_kind *k = &t->kinds[t->kind_of[row[c]]];
            if (k->form == TILE_EMPTY || (t->solid_only && (k->side.x != 0 || k->side.y != 0))) continue;
            make_piece(s, k, c, r, &p, verts);
            if (k->form == TILE_FULL && rg->merge) { /* the run of full tiles of this side from here */
                int e = c;
                while (e < rg->c1 && same_full(k, &t->kinds[t->kind_of[row[e + 1]]])) e++;
                if (e > c) {
                    p.p[1].x = at_x(s, e, 1);
                    p.w = p.p[1].x - p.p[0].x;
                    p.bounds.maxx = p.p[1].x;
                    c = e;
                }
            }
            if (side != NULL) *side = k->side;
            if (c2d_near(&p.bounds, box, reach) && !f(ud, &p)) return 0;
        }
    }
    return 1;
}

int c2d_tiles_all_full(const c2d_shape *s, const c2d_bounds *box)
{
    const struct c2d_tiles *t = s->tiles;
    tile_range rg;
    int r, c;
    if (!(box->minx >= s->bounds.minx && box->maxx <= s->bounds.maxx && box->miny >= s->bounds.miny &&
          box->maxy <= s->bounds.maxy) || !c2d_tile_range(s, box, 0, &rg))
        return 0;
    for (r = rg.r0; r <= rg.r1; r++)
        for (c = rg.c0; c <= rg.c1; c++) {
            const tile_kind *k = &t->kinds[t->kind_of[t->codes[(size_t)r * (size_t)t->columns + (size_t)c]]];
            /* a tile whose closed cell meets the box */
            if (at_x(s, c, 1) < box->minx || at_x(s, c, 0) > box->maxx || at_y(s, r, 1) < box->miny ||
                at_y(s, r, 0) > box->maxy)
                continue;
            if (k->form != TILE_FULL || (t->solid_only && (k->side.x != 0 || k->side.y != 0))) return 0;
        }
    return 1;
}

/* ---- gathering the pieces near a box ---- */

/* Into the caller's room (c2d_tiles_pieces). */
typedef struct collect {
    c2d_shape *out;
    c2d_vec *verts;
    int n, room, over;
} collect;

static int collect_piece(void *ud, const c2d_shape *piece)
{
    collect *k = (collect *)ud;
    if (k->n == k->room) { k->over = 1; return 0; }
    k->out[k->n] = *piece;
    if (piece->kind == C2D_POLYGON) {
        c2d_vec *v = k->verts + (size_t)k->n * C2D_MAX_TILE_VERTICES;
        memcpy(v, piece->verts, sizeof *v * (size_t)piece->count);
        k->out[k->n].verts = v;
    }
    k->n++;
    return 1;
}

int c2d_tiles_piece(const c2d_shape *s, int column, int row, c2d_shape *out, c2d_vec *verts)
{
    int code = c2d_tiles_get(s, column, row);
    const tile_kind *k;
    if (code < 0) return 0;
    k = &s->tiles->kinds[s->tiles->kind_of[code]];
    if (k->form == TILE_EMPTY) return 0;
    make_piece(s, k, column, row, out, verts);
    return 1;
}

int c2d_tiles_collect(const c2d_shape *s, const c2d_bounds *box, double reach, int merge, const c2d_shape **pieces)
{
    struct c2d_tiles *t = s->tiles;
    tile_range rg;
    collect k;
    *pieces = t->gathered;
    if (!c2d_tile_range(s, box, reach, &rg)) return 0;
    rg.merge = merge;
    k.out = t->gathered; k.verts = t->gverts; k.n = 0; k.room = C2D_TILE_GATHER; k.over = 0;
    c2d_tiles_each(s, &rg, box, reach, collect_piece, &k, NULL);
    return k.over ? -1 : k.n;
}

int c2d_tiles_gather(const c2d_shape *s, const c2d_bounds *box, double reach, int merge, c2d_shape *g)
{
    struct c2d_tiles *t = s->tiles;
    const c2d_shape *pieces;
    int i, bad, n = c2d_tiles_collect(s, box, reach, merge, &pieces);
    if (n <= 0) return n;
    for (i = 0; i < n; i++) t->gptr[i] = &t->gathered[i];
    c2d_make_group(g, t->gptr, n, t->group, &bad);
    return n;
}

/* ---- storage ---- */

void c2d_tiles_relocate(c2d_shape *dst, void *storage)
{
    struct c2d_tiles *t = (struct c2d_tiles *)storage;
    tiles_layout(t, (unsigned char *)storage, t->columns, t->rows, gather_group_bytes());
    dst->tiles = t;
}

/* ---- transforms, centre ---- */

c2d_error c2d_tiles_move_to(c2d_shape *s, double x, double y)
{
    if (!tiles_fit(x, y, s->w, s->h, s->tiles->columns, s->tiles->rows)) return C2D_ERR_NONFINITE;
    s->p[0] = v2(x, y);
    tiles_bounds(s);
    return C2D_OK;
}

c2d_error c2d_tiles_scale(c2d_shape *s, double k, double ox, double oy)
{
    double x = ox + (s->p[0].x - ox) * k, y = oy + (s->p[0].y - oy) * k, w = s->w * k, h = s->h * k;
    if (!(k > 0) || !isfinite(k) || !(w > 0) || !(h > 0)) return C2D_ERR_SCALE;
    if (!tiles_fit(x, y, w, h, s->tiles->columns, s->tiles->rows)) return C2D_ERR_NONFINITE;
    s->p[0] = v2(x, y);
    s->w = w;
    s->h = h;
    tiles_bounds(s);
    return C2D_OK;
}

c2d_vec c2d_tiles_center(const c2d_shape *s)
{
    return v2(s->bounds.minx / 2 + s->bounds.maxx / 2, s->bounds.miny / 2 + s->bounds.maxy / 2);
}
