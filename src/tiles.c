/*
 * The pair queries with a tile layer on either side. A layer is the union
 * of its tiles' pieces, and only the tiles near the other shape are read,
 * so a query costs what the tiles its box (or path) crosses cost, whatever
 * the size of the map:
 *   hits, distance   each piece near the other shape, as a compound's pieces;
 *   raycast          the pieces along the ray, a stretch of it at a time;
 *   contact, sweep   the pieces near the other shape (its path, for a
 *                    sweep) gathered into a Group, which the compound
 *                    queries answer: the union, seams and all;
 *   covers           covers.c, with the same Group.
 */
#include <string.h>
#include "tiles.h"
#include "convex.h"

static int is_tiles(const c2d_shape *s) { return s->kind == C2D_TILES; }

/* The pieces whose boxes meet box grown by reach, to f; 0 when f stopped. */
static int each_near(const c2d_shape *s, const c2d_bounds *box, double reach, tile_fn f, void *ud)
{
    tile_range rg;
    if (!c2d_tile_range(s, box, reach, &rg)) return 1;
    return c2d_tiles_each(s, &rg, box, reach, f, ud, NULL);
}

/* ---- which tiles ---- */

int c2d_tiles_cells(const c2d_shape *s, const c2d_bounds *box, const c2d_shape *o, int *cells, int room)
{
    tile_range rg;
    int r, c, n = 0;
    if (s->kind != C2D_TILES || !c2d_tile_range(s, box, 0, &rg)) return 0;
    for (r = rg.r0; r <= rg.r1; r++)
        for (c = rg.c0; c <= rg.c1; c++) {
            c2d_shape p;
            c2d_vec verts[C2D_MAX_TILE_VERTICES];
            if (!c2d_tiles_piece(s, c, r, &p, verts) || !c2d_near(&p.bounds, box, 0)) continue;
            if (o != NULL && !c2d_hits(&p, o)) continue;
            if (n < room) {
                cells[2 * n] = c;
                cells[2 * n + 1] = r;
            }
            n++;
        }
    return n;
}

/* ---- hits, distance ---- */

typedef struct near_walk {
    const c2d_shape *other;
    int swapped;          /* the layer is the pair's second shape */
    int hit;
    c2d_distance_result best;
} near_walk;

static int hit_piece(void *ud, const c2d_shape *p)
{
    near_walk *nw = (near_walk *)ud;
    if (!c2d_hits(p, nw->other)) return 1;
    nw->hit = 1;
    nw->best = nw->swapped ? c2d_distance(nw->other, p) : c2d_distance(p, nw->other);
    return 0;
}

int c2d_tiles_hits(const c2d_shape *a, const c2d_shape *b)
{
    near_walk nw;
    if (!is_tiles(a)) { const c2d_shape *t = a; a = b; b = t; }
    nw.other = b;
    nw.hit = 0;
    nw.swapped = 0;
    return !each_near(a, &b->bounds, 0, hit_piece, &nw) && nw.hit;
}

static int nearer_piece(void *ud, const c2d_shape *p)
{
    near_walk *nw = (near_walk *)ud;
    c2d_distance_result r = nw->swapped ? c2d_distance(nw->other, p) : c2d_distance(p, nw->other);
    if (r.distance < nw->best.distance) nw->best = r;
    return 1;
}

/* Two layers in the canonical order, as compounds take them: the pieces of
 * one order are walked, so that both orders give one answer. */
static int both_reversed(const c2d_shape *a, const c2d_shape *b)
{
    return is_tiles(a) && is_tiles(b) && c2d_shape_order(a, b) > 0;
}

c2d_distance_result c2d_tiles_distance(const c2d_shape *a, const c2d_shape *b)
{
    near_walk nw;
    const c2d_shape *l = a;
    double reach;
    int swapped = !is_tiles(a);
    if (both_reversed(a, b)) {
        c2d_distance_result r = c2d_tiles_distance(b, a);
        c2d_vec t = r.a;
        r.a = r.b;
        r.b = t;
        return r;
    }
    if (swapped) l = b;
    nw.other = swapped ? a : b;
    nw.swapped = swapped;
    nw.hit = 0;
    nw.best.distance = C2D_INF;
    nw.best.a = nw.best.b = v2(0, 0);
    /* A hit first: then a common point. */
    if (!each_near(l, &nw.other->bounds, 0, hit_piece, &nw) && nw.hit) return nw.best;
    /* Then a widening search: a piece nearer than reach has its box within reach. */
    reach = dmax(l->w, l->h);
    for (;;) {
        tile_range rg;
        const struct c2d_tiles *t = l->tiles;
        int all;
        if (!c2d_tile_range(l, &nw.other->bounds, reach, &rg)) {
            /* the layer is beyond reach: widen to the distance of its box */
            double dx = dmax(l->bounds.minx - nw.other->bounds.maxx, nw.other->bounds.minx - l->bounds.maxx);
            double dy = dmax(l->bounds.miny - nw.other->bounds.maxy, nw.other->bounds.miny - l->bounds.maxy);
            double d = dmax(dx, dy);
            if (!(d > reach)) d = 2 * reach;
            if (!isfinite(d)) return nw.best;
            reach = d;
            continue;
        }
        all = rg.c0 == 0 && rg.r0 == 0 && rg.c1 == t->columns - 1 && rg.r1 == t->rows - 1;
        /* once the range is the whole map, every piece in it is a candidate */
        c2d_tiles_each(l, &rg, &nw.other->bounds, all ? C2D_INF : reach, nearer_piece, &nw, NULL);
        if (nw.best.distance <= reach || all) return nw.best;
        reach = isfinite(nw.best.distance) ? nw.best.distance : 4 * reach;
        if (!isfinite(reach)) return nw.best;
    }
}

/* ---- raycast ---- */

typedef struct ray_walk {
    c2d_vec o, d;
    double maxt;
    c2d_sweep_result best;
    c2d_vec ties[8];     /* the normals of pieces hit at best.t */
    int nties;
} ray_walk;

static int ray_piece(void *ud, const c2d_shape *p)
{
    ray_walk *rw = (ray_walk *)ud;
    c2d_sweep_result r = c2d_raycast(p, rw->o, rw->d, rw->maxt);
    if (!r.hit || (rw->best.hit && r.t > rw->best.t)) return 1;
    if (rw->best.hit && r.t == rw->best.t) {
        if (rw->nties < 8) rw->ties[rw->nties++] = r.normal;
        return 1;
    }
    rw->best = r;
    rw->ties[0] = r.normal;
    rw->nties = 1;
    return 1;
}

/* Is x inside some piece of the layer. */
static int piece_at(void *ud, const c2d_shape *p)
{
    return !c2d_contains(p, ((const c2d_vec *)ud)->x, ((const c2d_vec *)ud)->y);
}
static int layer_holds(const c2d_shape *s, c2d_vec x)
{
    c2d_bounds b;
    b.minx = b.maxx = x.x;
    b.miny = b.maxy = x.y;
    return !each_near(s, &b, 0, piece_at, &x);
}

/* The ray's box over [t0, t1]. */
static void ray_span(c2d_vec o, c2d_vec d, double t0, double t1, c2d_bounds *box)
{
    c2d_vec p = v2(o.x + d.x * t0, o.y + d.y * t0), q = v2(o.x + d.x * t1, o.y + d.y * t1);
    box->minx = dmin(p.x, q.x); box->maxx = dmax(p.x, q.x);
    box->miny = dmin(p.y, q.y); box->maxy = dmax(p.y, q.y);
}

/* How many tiles' lengths of the ray one stretch reads. */
#define C2D_RAY_STRETCH 4

c2d_sweep_result c2d_tiles_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    ray_walk rw;
    double len = dmax(fabs(dir.x), fabs(dir.y)), step, t0 = 0, tin = 0, tout = maxt;
    int axis;
    memset(&rw, 0, sizeof rw);
    rw.o = origin;
    rw.d = dir;
    rw.maxt = maxt;
    if (!(maxt >= 0)) return rw.best;
    /* The stretch of the ray inside the layer's box (slabs, padded a tile). */
    for (axis = 0; axis < 2; axis++) {
        double o = axis ? origin.y : origin.x, d = axis ? dir.y : dir.x;
        double lo = (axis ? s->bounds.miny - s->h : s->bounds.minx - s->w);
        double hi = (axis ? s->bounds.maxy + s->h : s->bounds.maxx + s->w);
        if (d == 0) {
            if (o < lo || o > hi) return rw.best;
            continue;
        }
        {
            double ta = (lo - o) / d, tb = (hi - o) / d;
            if (ta > tb) { double x = ta; ta = tb; tb = x; }
            tin = dmax(tin, ta);
            tout = dmin(tout, tb);
        }
    }
    if (len == 0) tout = 0;
    if (!(tin <= tout)) return rw.best;
    /* a stretch crosses about C2D_RAY_STRETCH tiles, counted along each axis */
    {
        double per_t = fabs(dir.x) / s->w + fabs(dir.y) / s->h;
        step = per_t > 0 ? C2D_RAY_STRETCH / per_t : C2D_INF;
    }
    t0 = tin;
    for (;;) {
        double t1 = dmin(tout, t0 + step);
        c2d_bounds box;
        if (!(t1 > t0) && t0 < tout) t1 = tout; /* a step below the rounding of t */
        ray_span(origin, dir, t0, t1, &box);
        each_near(s, &box, 0, ray_piece, &rw);
        if ((rw.best.hit && rw.best.t <= t1) || t1 >= tout) break;
        t0 = t1;
    }
    /* At a seam several pieces are hit at once; the normal is one whose side
     * just off the point is outside the union (not an inner edge). */
    if (rw.best.hit && rw.nties > 1) {
        double eps = 0x1p-20 * dmin(s->w, s->h);
        int i;
        for (i = 0; i < rw.nties; i++) {
            c2d_vec n = rw.ties[i], x = v2(rw.best.point.x + n.x * eps, rw.best.point.y + n.y * eps);
            if (!layer_holds(s, x)) { rw.best.normal = n; break; }
        }
    }
    return rw.best;
}

/* ---- contact, sweep: the pieces near the other shape as a Group ---- */

/* Beyond the gathering's room: the least move that clears the layer's whole
 * box, which holds every piece (a move that separates, not always the least). */
static void box_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    const c2d_shape *l = is_tiles(a) ? a : b;
    c2d_shape box;
    double nums[4];
    int bad;
    nums[0] = l->bounds.minx;
    nums[1] = l->bounds.miny;
    nums[2] = l->bounds.maxx - l->bounds.minx;
    nums[3] = l->bounds.maxy - l->bounds.miny;
    c2d_make(&box, C2D_AABB, nums, 4, NULL, &bad);
    box.p[1] = v2(l->bounds.maxx, l->bounds.maxy);
    box.bounds = l->bounds;
    if (l == a) c2d_contact(&box, b, out);
    else c2d_contact(a, &box, out);
}

void c2d_tiles_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    const c2d_shape *l = is_tiles(a) ? a : b, *o = l == a ? b : a;
    c2d_shape g;
    double reach = 0;
    int round;
    memset(out, 0, sizeof *out);
    if (both_reversed(a, b)) {
        c2d_tiles_contact(b, a, out);
        out->normal = vscale(out->normal, -1);
        return;
    }
    if (a == b) { /* a layer against itself: the pieces overlap wherever there are any */
        if (c2d_tiles_hits(a, a)) box_contact(a, a, out);
        return;
    }
    /* The answer from the pieces within reach of o is the answer when it
     * moves o no further than reach: every other piece is beyond that. */
    for (round = 0; round < 8; round++) {
        int n = c2d_tiles_gather(l, &o->bounds, reach, 0, &g);
        if (n == 0) return;
        if (n < 0) { box_contact(a, b, out); return; }
        if (l == a) c2d_contact(&g, o, out);
        else c2d_contact(o, &g, out);
        if (!out->hit || out->depth <= reach) return;
        reach = out->depth + out->depth * 0x1p-20;
    }
    box_contact(a, b, out); /* the set of pieces still growing: a move that surely separates */
}

typedef struct piece_sweep {
    const c2d_shape *a, *b, *l;
    c2d_vec da, db;
    c2d_sweep_result best;
} piece_sweep;

static int sweep_piece(void *ud, const c2d_shape *p)
{
    piece_sweep *ps = (piece_sweep *)ud;
    c2d_sweep_result q = ps->l == ps->a ? c2d_sweep(p, ps->da, ps->b, ps->db) : c2d_sweep(ps->a, ps->da, p, ps->db);
    if (q.hit && (!ps->best.hit || q.t < ps->best.t)) ps->best = q;
    return 1;
}

/* The earliest touch over [t0, t1] of the motion (v relative to the layer),
 * halving the span while its pieces are more than a Group holds. */
static c2d_sweep_result sweep_span(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db, double t0,
                                   double t1, int depth)
{
    const c2d_shape *l = is_tiles(a) ? a : b, *o = l == a ? b : a;
    c2d_vec v = l == a ? vsub(db, da) : vsub(da, db);
    c2d_bounds box = o->bounds;
    c2d_sweep_result r;
    c2d_shape g;
    int n;
    box.minx = dmin(o->bounds.minx + v.x * t0, o->bounds.minx + v.x * t1);
    box.maxx = dmax(o->bounds.maxx + v.x * t0, o->bounds.maxx + v.x * t1);
    box.miny = dmin(o->bounds.miny + v.y * t0, o->bounds.miny + v.y * t1);
    box.maxy = dmax(o->bounds.maxy + v.y * t0, o->bounds.maxy + v.y * t1);
    memset(&r, 0, sizeof r);
    n = c2d_tiles_gather(l, &box, 0, 1, &g);
    if (n == 0) return r;
    if (n > 0) return l == a ? c2d_sweep(&g, da, b, db) : c2d_sweep(a, da, &g, db);
    /* Halving the span helps while the motion over it is longer than the
     * shape's box and a tile; past that, the pieces one by one. */
    if (depth < 20 && dmax(fabs(v.x), fabs(v.y)) * (t1 - t0) >
                          dmax(dmax(o->bounds.maxx - o->bounds.minx, o->bounds.maxy - o->bounds.miny), dmax(l->w, l->h))) {
        double tm = t0 + (t1 - t0) / 2;
        c2d_sweep_result r2;
        r = sweep_span(a, da, b, db, t0, tm, depth + 1);
        if (r.hit && r.t <= tm) return r;
        r2 = sweep_span(a, da, b, db, tm, t1, depth + 1);
        if (r2.hit && (!r.hit || r2.t < r.t)) r = r2;
        return r;
    }
    /* A span whose box alone holds more pieces than a Group: each piece on its own. */
    {
        piece_sweep ps;
        ps.a = a; ps.b = b; ps.da = da; ps.db = db; ps.l = l;
        ps.best = r;
        each_near(l, &box, 0, sweep_piece, &ps);
        r = ps.best;
    }
    return r;
}

c2d_sweep_result c2d_tiles_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    if (both_reversed(a, b)) {
        c2d_sweep_result r = c2d_tiles_sweep(b, db, a, da);
        r.normal = vscale(r.normal, -1);
        return r;
    }
    if (a == b) { /* a layer against itself: at t = 0 where it has pieces */
        c2d_sweep_result r;
        c2d_contact_result c;
        memset(&r, 0, sizeof r);
        c2d_tiles_contact(a, b, &c);
        if (!c.hit) return r;
        r.hit = 1;
        r.normal = c.normal;
        r.point = c.point;
        return r;
    }
    /* Overlapping at the start: t = 0 and the pair's contact, which reads
     * every piece its move can reach (a start inside the union by 13 but
     * within 1e-316 of the only piece its box meets is not a resting touch). */
    if (a->kind != C2D_LINE && b->kind != C2D_LINE && c2d_tiles_hits(a, b)) {
        /* (a Line's contact with a compound pushes the whole of it to one
         * side, which is no measure of overlap: its pieces' sweeps decide) */
        c2d_contact_result c;
        c2d_tiles_contact(a, b, &c);
        if (c.hit && c.depth > c2d_rest_depth(a, b)) {
            c2d_sweep_result r;
            r.hit = 1;
            r.t = 0;
            r.normal = c.normal;
            r.point = c.point;
            return r;
        }
    }
    return sweep_span(a, da, b, db, 0, 1, 0);
}
