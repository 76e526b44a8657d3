/*
 * Pushing back along the motion: a shape that a move left overlapping
 * another goes back along that move to where it only touches, as a game's
 * response to a mover that starts a frame inside a wall wants.
 *
 * With a's position a - s d, the overlap of two convex pieces is an interval
 * of s (their Minkowski difference is convex), whose ends two exact sweeps
 * find: from far behind (s = L) forward, and from far ahead (s = -L) back.
 * The answer is the least s >= 0 inside no piece pair's interval: from 0, on
 * to the far end of every interval that holds it, until none does (a mover
 * pushed out of one piece into another goes on out of that one too). Only
 * overlap counts: at an interval's ends the shapes touch.
 */
#include <math.h>
#include <string.h>
#include "compound.h"
#include "tiles.h"

typedef struct back {
    c2d_vec d;
    double L;          /* a - L d and a + L d are apart from b */
    double cur;        /* s so far */
    double next;       /* the farthest end of an interval holding cur */
    c2d_sweep_result at; /* the sweep that found next (normal, point) */
    c2d_bounds reach;  /* a's box over s in [0, L] */
    c2d_error e;
} back;

/* Where s lies for leaf x against leaf y: the interval's far end (and the
 * sweep that found it) when its inside holds cur. */
static void leaf_pair(back *k, const c2d_shape *x, const c2d_shape *y)
{
    c2d_vec room[C2D_MAX_VERTICES];
    c2d_shape m, m_shape;
    c2d_sweep_result hi, lo;
    double s_hi, s_lo;
    c2d_error e;
    /* from s = L forward */
    c2d_copy(&m, x, room);
    if ((e = c2d_move(&m, -k->L * k->d.x, -k->L * k->d.y)) != C2D_OK) { k->e = e; return; }
    hi = c2d_sweep(&m, vscale(k->d, 2 * k->L), y, v2(0, 0));
    if (!hi.hit) return;
    s_hi = k->L - 2 * k->L * hi.t;
    if (!(s_hi > k->cur)) return;
    {
        /* L - 2 L t keeps the rounding of L: again from just beyond it, a
         * millionth of L, whose rounding is a millionth of that */
        double step = k->L * 0x1p-20;
        c2d_sweep_result near;
        c2d_copy(&m_shape, x, room);
        if (c2d_move(&m_shape, -(s_hi + step) * k->d.x, -(s_hi + step) * k->d.y) == C2D_OK) {
            near = c2d_sweep(&m_shape, vscale(k->d, 2 * step), y, v2(0, 0));
            if (near.hit && near.t > 0) {
                s_hi = s_hi + step - 2 * step * near.t;
                hi = near;
            }
        }
    }
    /* from s = -L back */
    c2d_copy(&m, x, room);
    if ((e = c2d_move(&m, k->L * k->d.x, k->L * k->d.y)) != C2D_OK) { k->e = e; return; }
    lo = c2d_sweep(&m, vscale(k->d, -2 * k->L), y, v2(0, 0));
    if (!lo.hit) return;
    s_lo = -k->L + 2 * k->L * lo.t;
    if (!(s_lo < k->cur)) return;
    if (s_hi > k->next) {
        k->next = s_hi;
        k->at = hi;
    }
}

static void pair(back *k, const c2d_shape *a, const c2d_shape *b);

/* b grown to hold (x, y). */
static void grow(c2d_bounds *b, double x, double y)
{
    b->minx = dmin(b->minx, x);
    b->miny = dmin(b->miny, y);
    b->maxx = dmax(b->maxx, x);
    b->maxy = dmax(b->maxy, y);
}

/* A layer's piece against the other shape (piece_is_a: the piece is a's). */
typedef struct layer_walk {
    back *k;
    const c2d_shape *other;
    int piece_is_a;
} layer_walk;

static int layer_piece(void *ud, const c2d_shape *piece)
{
    layer_walk *w = (layer_walk *)ud;
    if (w->piece_is_a) pair(w->k, piece, w->other);
    else pair(w->k, w->other, piece);
    return w->k->e == C2D_OK;
}

static void walk_layer(back *k, const c2d_shape *layer, const c2d_bounds *box, const c2d_shape *other, int piece_is_a)
{
    layer_walk w;
    tile_range rg;
    w.k = k;
    w.other = other;
    w.piece_is_a = piece_is_a;
    if (c2d_tile_range(layer, box, 0, &rg)) c2d_tiles_each(layer, &rg, box, 0, layer_piece, &w, NULL);
}

static void pair(back *k, const c2d_shape *a, const c2d_shape *b)
{
    c2d_bounds bb;
    int i;
    if (k->e != C2D_OK) return;
    if (c2d_bbox(b, &bb) && !c2d_bounds_meet(&k->reach, &bb)) return;
    if (c2d_is_compound(a)) {
        for (i = 0; i < a->compound->count; i++) pair(k, &a->pieces[i], b);
        return;
    }
    if (c2d_is_compound(b)) {
        for (i = 0; i < b->compound->count; i++) pair(k, a, &b->pieces[i]);
        return;
    }
    if (a->kind == C2D_TILES) {
        /* (a layer against a layer or a Line: a's pieces where b can meet them) */
        c2d_bounds o = a->bounds;
        if (c2d_bbox(b, &bb)) {
            o = bb;
            grow(&o, bb.minx + k->L * k->d.x, bb.miny + k->L * k->d.y);
            grow(&o, bb.maxx + k->L * k->d.x, bb.maxy + k->L * k->d.y);
        }
        walk_layer(k, a, &o, b, 1);
        return;
    }
    if (b->kind == C2D_TILES) {
        walk_layer(k, b, &k->reach, a, 0);
        return;
    }
    leaf_pair(k, a, b);
}

/* The diagonal of s's box. */
static double diagonal(const c2d_shape *s)
{
    c2d_bounds b;
    c2d_bbox(s, &b);
    return c2d_hypot(b.maxx - b.minx, b.maxy - b.miny);
}

c2d_error c2d_push_back(const c2d_shape *a, c2d_vec d, const c2d_shape *b, c2d_sweep_result *out)
{
    back k;
    c2d_bounds ab;
    c2d_contact_result c;
    double dd = vlen(d);
    memset(out, 0, sizeof *out);
    if (!isfinite(d.x) || !isfinite(d.y)) return C2D_ERR_NONFINITE;
    if ((a->kind == C2D_LINE && b->kind != C2D_LINE) ||
        (a->kind == C2D_TILES && b->kind != C2D_LINE && b->kind != C2D_TILES)) {
        /* a - s d against b is b + s d against a */
        c2d_error e = c2d_push_back(b, vscale(d, -1), a, out);
        out->normal = vscale(out->normal, -1);
        return e;
    }
    if (c2d_contact(a, b, &c) != C2D_OK || !c.hit || !(c.depth > 0)) return C2D_OK; /* no overlap */
    out->hit = 1;
    out->normal = c.normal;
    out->point = c.point;
    out->t = HUGE_VAL;
    if (dd == 0 || a->kind == C2D_LINE) return C2D_OK; /* (no motion; two Lines that cross) */
    if (b->kind == C2D_LINE) {
        /* far enough along d to take a's box across the Line */
        c2d_vec e = vsub(b->p[1], b->p[0]);
        double across = fabs(vcross(e, d)) / vlen(e);
        if (across == 0) return C2D_OK; /* along the Line: never clear of it */
        k.L = 2 * diagonal(a) / across;
    } else if (a->kind == C2D_TILES) { /* (two layers) */
        k.L = 2 * (diagonal(a) + diagonal(b)) / dd;
    } else {
        c2d_bounds bb;
        c2d_bbox(a, &ab);
        c2d_bbox(b, &bb);
        k.L = 2 * (diagonal(a) + diagonal(b) +
                   c2d_hypot((ab.minx + ab.maxx) / 2 - (bb.minx + bb.maxx) / 2, (ab.miny + ab.maxy) / 2 - (bb.miny + bb.maxy) / 2)) / dd;
    }
    if (!isfinite(k.L) || !(k.L > 0)) return C2D_OK;
    k.d = d;
    if (!c2d_bbox(a, &ab)) ab = a->bounds;
    k.reach = ab;
    grow(&k.reach, ab.minx - k.L * d.x, ab.miny - k.L * d.y);
    grow(&k.reach, ab.maxx - k.L * d.x, ab.maxy - k.L * d.y);
    k.cur = 0;
    k.e = C2D_OK;
    for (;;) {
        k.next = k.cur;
        pair(&k, a, b);
        if (k.e != C2D_OK) return k.e;
        if (!(k.next > k.cur)) break;
        k.cur = k.next;
        out->normal = k.at.normal;
        out->point = k.at.point;
    }
    out->t = k.cur;
    return C2D_OK;
}
