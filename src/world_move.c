/*
 * Moving shapes through a World: move (and check, a move not applied) and
 * push. The caller answers what a move meets (a response), or says which
 * shapes a push leaves (keep), through the callbacks of c2d_move_calls; the
 * Lua binding's callbacks ask Lua, a C engine's its own code.
 *
 * A callback may change the world, or not return at all (a Lua error unwinds
 * through here): these functions hold no memory of their own across a call
 * (what they need lives in the mover, on the stack, or in memory from the
 * caller's room callback), and read the world anew after each call.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tiles.h"
#include "world.h"


/* The mover: a copy of the shape, unlinked from any world, swept in its place
 * (so the world sees the shape move once, at the end). A Concave or Group,
 * and a Polygon of more than C2D_MOVER_VERTICES vertices, keep their numbers
 * in storage from the caller's room: each level of moves nested in callbacks
 * keeps a mover on the C stack, so it stays small. */
enum { C2D_MOVER_VERTICES = 16 };
typedef struct mover {
    c2d_shape s;
    c2d_vec store[C2D_MOVER_VERTICES];
} mover;

/* Memory that lives until the call returns: the caller's, or malloc'd and
 * listed in *owned (freed by release). */
typedef struct room {
    const c2d_move_calls *calls;
    void *owned[8];
    int nowned;
} room;

static void *take_room(room *r, size_t bytes)
{
    void *p;
    if (r->calls != NULL && r->calls->room != NULL) return r->calls->room(r->calls->ud, bytes);
    if (r->nowned == (int)(sizeof r->owned / sizeof r->owned[0])) return NULL;
    p = malloc(bytes);
    if (p != NULL) r->owned[r->nowned++] = p;
    return p;
}

/* Grow a block from take_room to hold need bytes (the old one is given up to the room). */
static void *grow_room(room *r, void *old, size_t had, size_t need)
{
    void *p = take_room(r, need);
    if (p != NULL && old != NULL && had > 0) memcpy(p, old, had);
    return p;
}

static void release(room *r)
{
    while (r->nowned > 0) free(r->owned[--r->nowned]);
}

/* The mover's copy of s, with vertex storage of its own; 0 when out of memory. */
static int copy_mover(mover *m, const c2d_shape *s, room *r)
{
    if (s->kind == C2D_CONCAVE || s->kind == C2D_GROUP || s->kind == C2D_TILES) {
        void *storage = take_room(r, c2d_storage_size(s));
        if (storage == NULL) return 0;
        c2d_copy(&m->s, s, storage);
    } else {
        m->s = *s;
        if (s->kind == C2D_POLYGON) {
            c2d_vec *v = m->store;
            if (s->count > C2D_MOVER_VERTICES && (v = (c2d_vec *)take_room(r, sizeof *v * (size_t)s->count)) == NULL)
                return 0;
            memcpy(v, s->verts, sizeof *v * (size_t)s->count);
            m->s.verts = v;
        }
    }
    m->s.world = NULL;
    return 1;
}

/* The collision bits s moves with: its own in w, else category 1 and every mask bit. */
static void mover_bits(const c2d_world *w, const c2d_shape *s, unsigned *category, unsigned *mask)
{
    *category = 1;
    *mask = 0xFFFFFFFFu;
    if (s->world == w) c2d_world_get_filter(w, s->world_slot, category, mask);
}

/* s's slot in w, or -1. */
static int own_slot(const c2d_world *w, const c2d_shape *s)
{
    return s->world == w ? s->world_slot : -1;
}

/* A shape's bounding box, widened by its rounding where it has any: those
 * kinds whose box is the least and greatest of their own vertices have none;
 * a radius, a turn or an arc rounds each side by at most an ulp or so. 0 for
 * a Line (no box). */
static int sure_bounds(const c2d_shape *s, c2d_bounds *b)
{
    double ex, ey;
    if (!c2d_bbox(s, b)) return 0;
    switch (s->kind) {
    case C2D_POINT: case C2D_SEGMENT: case C2D_AABB:
        return 1;
    case C2D_TRIANGLE: case C2D_POLYGON:
        if (s->slack == 0 && s->radius == 0) return 1; /* else its queries allow for the slack, its box rounds */
        break;
    default:
        break;
    }
    ex = c2d_ulps(C2D_SURE_BOUNDS_ULPS, dmax(fabs(b->minx), fabs(b->maxx))) + C2D_SURE_BOUNDS_LEAST;
    ey = c2d_ulps(C2D_SURE_BOUNDS_ULPS, dmax(fabs(b->miny), fabs(b->maxy))) + C2D_SURE_BOUNDS_LEAST;
    if (s->kind == C2D_POLYGON) ex += 2 * s->slack, ey += 2 * s->slack;
    b->minx -= ex; b->maxx += ex;
    b->miny -= ey; b->maxy += ey;
    return 1;
}

/* Do the bounding boxes of a and b show that they at most touch: an axis
 * line with a on one side and b on the other, so that no part of either is
 * inside the other (a character standing on flat tiles, against a wall of
 * them). Cheap, and exact: 0 says only that the boxes cannot tell. */
static int at_most_touching(const c2d_shape *a, const c2d_shape *b)
{
    c2d_bounds x, y;
    if (!sure_bounds(a, &x) || !sure_bounds(b, &y)) return 0;
    return x.maxx <= y.minx || y.maxx <= x.minx || x.maxy <= y.miny || y.maxy <= x.miny;
}

/* Do a and b overlap beyond a touch. */
static int overlapping(const c2d_shape *a, const c2d_shape *b)
{
    c2d_contact_result c;
    c2d_vec p;
    double scale, deep;
    if (at_most_touching(a, b)) return 0;
    p = c2d_position(a);
    scale = fabs(p.x) > fabs(p.y) ? fabs(p.x) : fabs(p.y);
    deep = C2D_MOVE_OVERLAP * (scale > 1 ? scale : 1);
    if (c2d_convex_part_within(a, b, deep)) return 0;
    if (c2d_contact(a, b, &c) != C2D_OK) return 1;
    return c.hit && c.depth > deep;
}

/* Let the caller keep each shape of list (in slot[i] when listed) for the
 * rest of the call, before any callback runs; those it cannot keep (gone
 * from the world meanwhile: no longer in their slot) are dropped, unread.
 * How many are left. */
static int anchor_all(const c2d_move_calls *calls, const c2d_shape **list, const int *slot, int n)
{
    int i, k = 0;
    if (calls == NULL || calls->anchor == NULL) return n;
    for (i = 0; i < n; i++)
        if (calls->anchor(calls->ud, list[i], slot[i])) list[k++] = list[i];
    return k;
}

/* A growing list of the shapes a move passes over. */
typedef struct passed {
    const c2d_shape **v;
    int n, cap;
} passed;

static int is_passed(const passed *p, const c2d_shape *s)
{
    int i;
    for (i = 0; i < p->n; i++)
        if (p->v[i] == s) return 1;
    return 0;
}

static int pass(passed *p, const c2d_shape *s, room *r)
{
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 16;
        const c2d_shape **v = (const c2d_shape **)grow_room(r, (void *)p->v, (size_t)p->cap * sizeof *v,
                                                            (size_t)cap * sizeof *v);
        if (v == NULL) return 0;
        p->v = v;
        p->cap = cap;
    }
    p->v[p->n++] = s;
    return 1;
}

/*
 * A move: each step sweeps the mover toward the goal against the convex
 * pieces of the candidates of its swept box, takes the earliest touch, asks
 * what to do, and answers:
 *   touch   stop there;
 *   cross   go through (the other is passed over for the rest of the move);
 *   slide   stop there, and aim the rest of the motion along the surface;
 *   bounce  stop there, and aim the rest of the motion reflected about the normal;
 *   goal    stop there, and aim for the goal the callback gives.
 * A shape crossed, ignored, answered with a goal (as bump.lua visits each
 * other once), met by a shape that is not moving, or overlapped at the start
 * of the step (the sweep meets it at t = 0 whichever way the mover goes) is
 * passed over for the rest of the move; one slid along or bounced off may be
 * met again (a Concave's wall after its floor), as the sweep counts a touch
 * only while moving in. The move ends at the goal, at a touch, when wedged
 * (C2D_MOVE_WEDGED steps in a row at t = 0), or after C2D_MOVE_STEPS.
 *
 * Walking through contacts. A slide's new motion lies along the surface up
 * to rounding, so a touch at t = 0 whose normal the motion follows within
 * C2D_MOVE_ALONG of its length is sliding, not a hit (a single slope never
 * stalls the mover). Where the mover touches several pieces at the same t
 * (the seam between two tiles: a floor and the next tile's corner), or where
 * a corner of the mover meets a corner of a piece (a ramp's foot level with
 * the floor), several normals would do: the one taken is the one that leaves
 * the most of the motion among those whose slide enters none of the pieces
 * touched, so a face shared with another solid is never a wall.
 */
enum { C2D_MOVE_STEPS = 4096, C2D_MOVE_WEDGED = 8, C2D_MOVE_TIES = 8, C2D_MOVE_NORMALS = 16 };

static int sliding(c2d_vec v, c2d_vec n, c2d_vec p)
{
    double along = v.x * n.x + v.y * n.y, len = fabs(v.x) + fabs(v.y);
    double tol = C2D_MOVE_ALONG * len + c2d_ulps(C2D_MOVE_PLACE, fabs(p.x) + fabs(p.y));
    return len > 0 && along >= -tol; /* (no motion slides along nothing it overlaps) */
}

c2d_vec c2d_response_goal(c2d_response r, c2d_vec at, c2d_vec goal, c2d_vec n)
{
    c2d_vec rest = vsub(goal, at);
    double along = rest.x * n.x + rest.y * n.y;
    /* The rest less its part into the normal is found before it is added
     * to at: a goal far beyond at would swallow at otherwise. */
    switch (r) {
    case C2D_RESPONSE_TOUCH: return at;
    case C2D_RESPONSE_SLIDE:
        return along < 0 ? v2(at.x + (rest.x - along * n.x), at.y + (rest.y - along * n.y)) : goal;
    case C2D_RESPONSE_BOUNCE:
        return along < 0 ? v2(at.x + (rest.x - 2 * along * n.x), at.y + (rest.y - 2 * along * n.y)) : goal;
    default: return goal; /* cross, ignore: on to the goal */
    }
}

/* Call f on each convex piece of s (a Concave's pieces, a Group's members and
 * their pieces, a tile layer's pieces that meet box); stop when it returns 0.
 * A layer's pieces are made one at a time and live only through the call;
 * side holds each one's one-way side ((0, 0) for every other piece). */
typedef int (*piece_fn)(void *ud, const c2d_shape *piece);

static int each_piece(const c2d_shape *s, const c2d_bounds *box, piece_fn f, void *ud, c2d_vec *side)
{
    const c2d_shape *pieces;
    int n, i;
    side->x = side->y = 0;
    if (s->kind == C2D_TILES) {
        tile_range rg;
        return !c2d_tile_range(s, box, 0, &rg) || c2d_tiles_each(s, &rg, box, 0, f, ud, side);
    }
    if (s->kind != C2D_CONCAVE && s->kind != C2D_GROUP) return f(ud, s);
    n = c2d_pieces(s, &pieces);
    for (i = 0; i < n; i++)
        if (!each_piece(&pieces[i], box, f, ud, side)) return 0;
    return 1;
}

/* A piece the mover meets at the earliest time of a step. */
typedef struct touch {
    const c2d_shape *shape, *piece;
    int slot;
    c2d_sweep_result r;
} touch;

/* What the sweep of one step gathers. */
typedef struct sweep_step {
    const c2d_shape *mover, *shape;
    int slot;
    int oneway;        /* shape is one-way, solid on the side `side` points to */
    c2d_vec side;
    c2d_vec piece_side; /* the piece's own (a layer's one-way tiles), or (0, 0) */
    const c2d_shape *moved; /* the mover where the move began */
    int through;       /* one-way shapes and pieces are not met */
    c2d_vec v, from;   /* the step's motion, and where it starts */
    double best_t;
    touch ties[C2D_MOVE_TIES];
    int nties;
} sweep_step;

static int sweep_piece(void *ud, const c2d_shape *piece)
{
    sweep_step *st = (sweep_step *)ud;
    c2d_vec ps = st->piece_side;
    int oneway_piece = ps.x != 0 || ps.y != 0;
    c2d_sweep_result r;
    if (oneway_piece && st->through) return 1;
    r = c2d_sweep(st->mover, st->v, piece, v2(0, 0));
    if (!r.hit || r.t > st->best_t) return 1;
    if (r.t == 0 && sliding(st->v, r.normal, st->from)) return 1; /* along it, up to rounding */
    if (st->oneway && r.normal.x * st->side.x + r.normal.y * st->side.y <= 0) return 1; /* not its solid side */
    /* a layer's one-way tile, as a one-way shape of its own: met from its
     * side, and not at all when the mover was in it as the move began */
    if (oneway_piece && (r.normal.x * ps.x + r.normal.y * ps.y <= 0 || overlapping(st->moved, piece))) return 1;
    if (r.t < st->best_t) { st->best_t = r.t; st->nties = 0; }
    if (st->nties < C2D_MOVE_TIES) {
        touch *t = &st->ties[st->nties++];
        t->shape = st->shape;
        t->piece = piece;
        if (st->shape->kind == C2D_TILES) {
            /* a tile's piece lives only through the sweep: a copy in the
             * layer's room, one slot per touch, kept through this step (the
             * move's own frame stays small, for callbacks nested in it) */
            struct c2d_tiles *lt = st->shape->tiles;
            int k = st->nties - 1;
            lt->gathered[k] = *piece;
            if (piece->kind == C2D_POLYGON) {
                c2d_vec *v = lt->gverts + (size_t)k * C2D_MAX_TILE_VERTICES;
                memcpy(v, piece->verts, sizeof *v * (size_t)piece->count);
                lt->gathered[k].verts = v;
            }
            t->piece = &lt->gathered[k];
        }
        t->slot = st->slot;
        t->r = r;
    }
    return 1;
}

/* Does the mover ms, where it is, enter piece when it moves along w (more than sliding along it). */
static int enters(const c2d_shape *ms, c2d_vec w, const c2d_shape *piece)
{
    c2d_sweep_result r = c2d_sweep(ms, w, piece, v2(0, 0));
    return r.hit && r.t == 0 && !sliding(w, r.normal, c2d_position(ms));
}

/* Add the normals of a sharp body's edges at its vertex at p (both ways:
 * which way a slide may go is for the probes to say). */
static int corner_normals(const c2d_shape *s, c2d_vec p, double tol, c2d_vec *out, int n)
{
    body b;
    int k, m;
    if (s->kind == C2D_CONCAVE || s->kind == C2D_GROUP || s->kind == C2D_LINE || s->kind == C2D_TILES) return n;
    c2d_body(&b, s, &p);
    if (b.type != BODY_POLY || b.r > 0 || b.n < 2) return n;
    m = b.n;
    for (k = 0; k < m; k++) {
        c2d_vec c = c2d_corner(&b, k);
        int e;
        if (fabs(c.x) > tol || fabs(c.y) > tol) continue;
        for (e = 0; e < 2; e++) { /* the edges from this vertex to each neighbour */
            c2d_vec q = c2d_corner(&b, e == 0 ? (k + 1) % m : (k + m - 1) % m), d = vsub(q, c), u;
            double l = sqrt(d.x * d.x + d.y * d.y);
            if (!(l > 0) || n + 2 > C2D_MOVE_NORMALS) continue;
            u = v2(-d.y / l, d.x / l);
            out[n++] = u;
            out[n++] = v2(-u.x, -u.y);
        }
        break;
    }
    return n;
}

/* Is p a vertex of the sharp body of s (within tol). */
static int sharp_vertex(const c2d_shape *s, c2d_vec p, double tol)
{
    c2d_vec ns[C2D_MOVE_NORMALS];
    return corner_normals(s, p, tol, ns, 0) > 0;
}

/* Of the touches of a step, the one to answer and the normal to slide by: the
 * earliest-added touch with the sweep's normal, unless several touches, or
 * a corner on a corner, leave a choice: then the normal whose slide keeps
 * the most of the motion v and enters none of the pieces touched. */
static int choose_touch(const c2d_shape *ms, const sweep_step *st, c2d_vec v, c2d_vec *normal)
{
    c2d_vec cand[C2D_MOVE_TIES * (1 + C2D_MOVE_NORMALS)];
    int owner[C2D_MOVE_TIES * (1 + C2D_MOVE_NORMALS)];
    int nc = 0, i, k, best = -1;
    double best_score = -HUGE_VAL;
    *normal = st->ties[0].r.normal;
    for (i = 0; i < st->nties; i++) {
        const touch *t = &st->ties[i];
        c2d_vec p = t->r.point, extra[C2D_MOVE_NORMALS];
        double tol = C2D_CORNER_NEAR * (1 + fabs(p.x) + fabs(p.y));
        int ne = 0;
        cand[nc] = t->r.normal;
        owner[nc++] = i;
        if (sharp_vertex(ms, p, tol) && sharp_vertex(t->piece, p, tol)) {
            ne = corner_normals(t->piece, p, tol, extra, 0);
            ne = corner_normals(ms, p, tol, extra, ne);
        }
        for (k = 0; k < ne; k++) {
            cand[nc] = extra[k];
            owner[nc++] = i;
        }
    }
    if (nc == 1) return 0;
    for (k = 0; k < nc; k++) {
        c2d_vec n = cand[k], w;
        double along = v.x * n.x + v.y * n.y, score;
        int j, ok = 1;
        if (!(along < 0)) continue; /* not a surface the motion presses on */
        w = v2(v.x - along * n.x, v.y - along * n.y);
        score = v.x * w.x + v.y * w.y;
        if (!(score > best_score)) continue;
        for (j = 0; j < st->nties && ok; j++) ok = !enters(ms, w, st->ties[j].piece);
        if (!ok) continue;
        best = k;
        best_score = score;
    }
    if (best < 0) return 0;
    *normal = cand[best];
    return owner[best];
}

c2d_move_status c2d_world_move(c2d_world *w, c2d_shape *s, c2d_vec goal, const c2d_move_calls *calls, int apply,
                               c2d_vec *end)
{
    mover m;
    room r;
    passed gone;
    c2d_vec pos, start;
    unsigned category, mask;
    int steps, wedged = 0, still = 1;
    c2d_move_status st = C2D_MOVE_DONE;
    int through = calls != NULL && calls->through_oneway;
    r.calls = calls;
    r.nowned = 0;
    gone.v = NULL;
    gone.n = gone.cap = 0;
    mover_bits(w, s, &category, &mask);
    if (calls != NULL && calls->mask != NULL) mask &= *calls->mask;
    start = pos = c2d_position(s);
    *end = pos;
    if (!copy_mover(&m, s, &r)) return C2D_MOVE_NO_MEMORY;
    for (steps = 0; steps < C2D_MOVE_STEPS; steps++) {
        c2d_vec v = vsub(goal, pos), n;
        c2d_bounds a0, a1, box;
        const int *slots;
        int nc, i, self, takes, chosen;
        sweep_step sw;
        const touch *best;
        const c2d_shape *other;
        c2d_meet meet;
        c2d_vec next_goal = goal;
        c2d_response resp;
        if (!(isfinite(v.x) && isfinite(v.y))) {
            /* A motion farther than the largest number could only tunnel. */
            st = steps == 0 ? C2D_MOVE_GOAL_RANGE : C2D_MOVE_REST_RANGE;
            break;
        }
        /* A move to where the shape is still meets what it overlaps (each
         * once, as the sweep gives t = 0 only for those); once the shape has
         * gone somewhere, reaching the goal ends the move. */
        if (v.x == 0 && v.y == 0) {
            if (!still) break;
        } else {
            still = 0;
        }
        if (c2d_move_to(&m.s, pos.x, pos.y) != C2D_OK) break;
        if (!c2d_bbox(&m.s, &a0)) a0.minx = a0.miny = -HUGE_VAL, a0.maxx = a0.maxy = HUGE_VAL;
        a1 = a0;
        a1.minx += v.x; a1.maxx += v.x; a1.miny += v.y; a1.maxy += v.y;
        box.minx = a0.minx < a1.minx ? a0.minx : a1.minx;
        box.miny = a0.miny < a1.miny ? a0.miny : a1.miny;
        box.maxx = a0.maxx > a1.maxx ? a0.maxx : a1.maxx;
        box.maxy = a0.maxy > a1.maxy ? a0.maxy : a1.maxy;
        /* The mover's own slot, asked each step: a callback may have removed
         * it and added it again (another shape may hold its old slot now). */
        self = own_slot(w, s);
        nc = c2d_world_candidates(w, &box, self, &mask, &slots);
        if (nc < 0) { st = C2D_MOVE_NO_MEMORY; break; }
        /* The earliest touches among the pieces of the candidates whose bits
         * take the mover. No callback runs in this loop, so the slots stay. */
        sw.mover = &m.s;
        sw.v = v;
        sw.from = pos;
        sw.best_t = 2;
        sw.nties = 0;
        sw.moved = s;
        sw.through = through;
        for (i = 0; i < nc; i++) {
            const c2d_shape *o = c2d_world_shape(w, slots[i]);
            unsigned oc, om;
            if (o == NULL || o == s) continue;
            c2d_world_get_filter(w, slots[i], &oc, &om);
            if (!(om & category) || is_passed(&gone, o) || (c2d_world_flags(w, slots[i]) & C2D_WORLD_SENSOR)) continue;
            sw.oneway = c2d_world_get_oneway(w, slots[i], &sw.side);
            if (sw.oneway && (through || overlapping(s, o))) {
                /* dropping through, or in it when the move began: not there for this move */
                if (!pass(&gone, o, &r)) { st = C2D_MOVE_NO_MEMORY; goto done; }
                continue;
            }
            sw.shape = o;
            sw.slot = slots[i];
            each_piece(o, &box, sweep_piece, &sw, &sw.piece_side);
        }
        if (sw.nties == 0) { pos = goal; break; }
        meet.t = sw.best_t;
        meet.at = v2(pos.x + v.x * sw.best_t, pos.y + v.y * sw.best_t);
        meet.probe = 0;
        if (sw.nties > 1 || meet.t == 0) {
            /* the choice of normal is probed from where they touch */
            if (c2d_move_to(&m.s, meet.at.x, meet.at.y) != C2D_OK) break;
        }
        chosen = choose_touch(&m.s, &sw, v, &n);
        best = &sw.ties[chosen];
        meet.slot = best->slot;
        meet.normal = n;
        other = best->shape;
        if (anchor_all(calls, &other, &meet.slot, 1) == 0) continue; /* (it was just found in its slot) */
        /* Ask what to do (default slide). The world may change from here on:
         * the other is known by its shape, which the caller keeps. */
        resp = calls != NULL && calls->respond != NULL
                   ? calls->respond(calls->ud, best->shape, &meet, &next_goal)
                   : C2D_RESPONSE_SLIDE;
        takes = resp == C2D_RESPONSE_SLIDE || resp == C2D_RESPONSE_BOUNCE || resp == C2D_RESPONSE_TOUCH;
        if (!takes || still ||
            (meet.t == 0 && c2d_move_to(&m.s, pos.x, pos.y) == C2D_OK && overlapping(&m.s, best->shape))) {
            if (!pass(&gone, best->shape, &r)) { st = C2D_MOVE_NO_MEMORY; break; }
        }
        if (resp == C2D_RESPONSE_IGNORE) continue;
        if (resp == C2D_RESPONSE_GOAL) {
            if (!(isfinite(next_goal.x) && isfinite(next_goal.y))) { st = C2D_MOVE_BAD_GOAL; goto done; }
            goal = next_goal;
        } else {
            goal = c2d_response_goal(resp, meet.at, goal, n);
        }
        if (resp != C2D_RESPONSE_CROSS) pos = meet.at;
        if (resp == C2D_RESPONSE_TOUCH) break;
        if (resp != C2D_RESPONSE_CROSS && !still) {
            wedged = meet.t == 0 ? wedged + 1 : 0;
            if (wedged >= C2D_MOVE_WEDGED) break;
        }
    }
done:
    release(&r);
    *end = pos;
    if (st != C2D_MOVE_DONE) return st;
    if (apply && (pos.x != start.x || pos.y != start.y) && c2d_move_to(s, pos.x, pos.y) != C2D_OK)
        return C2D_MOVE_GOAL_RANGE;
    return C2D_MOVE_DONE;
}

/*
 * Push. First the deepest overlap at a time, each left by contact's least
 * translation, which frees a shape from one overlap or a few (a corner) by
 * the least motion. When that goes round in circles (a shape pinned between
 * two walls, pushed from one into the other) or meets an overlap no
 * translation ends (a Line across a Line), the push goes along one direction
 * instead: each overlap's normal, then up, right, left and down, taking the
 * least distance along any of them that leaves the shape clear.
 */
enum { C2D_PUSH_STEPS = 64, C2D_PUSH_DIRECTIONS = 12 };

/* What a push carries from step to step. */
typedef struct pusher {
    c2d_world *w;
    c2d_shape *s;              /* the shape pushed */
    mover m;
    const c2d_move_calls *calls;
    room r;
    unsigned category, mask;
    const c2d_shape **list;    /* the shapes of the last query (copied: callbacks may change the world) */
    int *slot;                 /* and their slots then */
    int cap;
} pusher;

/* The shapes the mover overlaps or touches where it is (s itself left out)
 * whose masks take its category, into pu->list; how many, or -1 out of memory. */
static int push_takers(pusher *pu)
{
    const int *slots;
    int n = c2d_world_query(pu->w, &pu->m.s, own_slot(pu->w, pu->s), &pu->mask, &slots), i, k = 0;
    if (n < 0) return -1;
    if (n > pu->cap) {
        const c2d_shape **v = (const c2d_shape **)take_room(&pu->r, (size_t)n * sizeof *v);
        int *sl = (int *)take_room(&pu->r, (size_t)n * sizeof *sl);
        if (v == NULL || sl == NULL) return -1;
        pu->list = v;
        pu->slot = sl;
        pu->cap = n;
    }
    for (i = 0; i < n; i++) {
        unsigned oc, om;
        c2d_vec side;
        c2d_world_get_filter(pu->w, slots[i], &oc, &om);
        /* sensors and one-way shapes never push */
        if (!(om & pu->category) || (c2d_world_flags(pu->w, slots[i]) & C2D_WORLD_SENSOR) ||
            c2d_world_get_oneway(pu->w, slots[i], &side))
            continue;
        pu->list[k] = c2d_world_shape(pu->w, slots[i]);
        pu->slot[k++] = slots[i];
    }
    return anchor_all(pu->calls, pu->list, pu->slot, k);
}

/* Does the push leave o (the keep callback, when there is one). */
static int keeps(const pusher *pu, const c2d_shape *o)
{
    if (o == NULL || o == pu->s) return 0;
    return pu->calls == NULL || pu->calls->keep == NULL || pu->calls->keep(pu->calls->ud, o);
}

/* One-way shapes never push, and neither do a layer's one-way tiles: while
 * push asks the core about a layer, the layer leaves them out (set and
 * cleared around each call, so that no callback sees the layer so). */
static void solid_only(const c2d_shape *o, int on)
{
    if (o->kind == C2D_TILES) o->tiles->solid_only = on;
}

static int push_contact(const c2d_shape *a, const c2d_shape *o, c2d_contact_result *c)
{
    c2d_error e;
    solid_only(o, 1);
    e = c2d_contact(a, o, c);
    solid_only(o, 0);
    return e == C2D_OK && c->hit;
}

static int push_overlapping(const c2d_shape *a, const c2d_shape *o)
{
    int r;
    solid_only(o, 1);
    r = overlapping(a, o);
    solid_only(o, 0);
    return r;
}

/* The shapes push counts as overlaps where the mover is: in pu->list, kept
 * and overlapping beyond a touch; how many, or -1. */
static int push_overlaps(pusher *pu)
{
    int k = push_takers(pu), i, out = 0;
    for (i = 0; i < k; i++) {
        const c2d_shape *o = pu->list[i];
        if (keeps(pu, o) && push_overlapping(&pu->m.s, o)) pu->list[out++] = o;
    }
    return k < 0 ? -1 : out;
}

/* How far the mover, placed at p, must go along the unit vector u to leave
 * o: from a place far enough along u that it is clear, the sweep back meets
 * o where the mover leaves it. 0 when no distance does (o a Line along u).
 * The mover is left elsewhere. */
static int exit_along(mover *m, c2d_vec p, c2d_vec u, const c2d_shape *o, double *exit)
{
    c2d_bounds a, b;
    double far = 0;
    int k;
    if (c2d_move_to(&m->s, p.x, p.y) != C2D_OK) return 0;
    if (c2d_bbox(&m->s, &a)) far += (a.maxx - a.minx) + (a.maxy - a.miny);
    if (c2d_bbox(o, &b)) far += (b.maxx - b.minx) + (b.maxy - b.miny);
    if (!(far > 0)) far = 1;
    for (k = 0; k < 64 && isfinite(far); k++, far *= 2) {
        c2d_sweep_result sr;
        if (c2d_move_to(&m->s, p.x + u.x * far, p.y + u.y * far) != C2D_OK) return 0;
        if (push_overlapping(&m->s, o)) continue;
        solid_only(o, 1);
        sr = c2d_sweep(&m->s, v2(-u.x * far, -u.y * far), o, v2(0, 0));
        solid_only(o, 0);
        *exit = sr.hit ? far - far * sr.t : 0;
        return 1;
    }
    return 0;
}

/* The least s >= 0 that leaves the mover at start + s u clear of what
 * push_overlaps counts: from each place, past every shape it overlaps
 * there. With record, the shapes left, in the order met, go to the record
 * callback. 0 when no s is found, -1 out of memory. */
static int clear_along(pusher *pu, c2d_vec start, c2d_vec u, double *s_out, int record)
{
    double s = 0;
    int steps;
    for (steps = 0; steps < C2D_PUSH_STEPS; steps++) {
        c2d_vec at = v2(start.x + u.x * s, start.y + u.y * s);
        double step = 0;
        int k, i;
        if (c2d_move_to(&pu->m.s, at.x, at.y) != C2D_OK) return 0;
        k = push_overlaps(pu);
        if (k < 0) return -1;
        if (k == 0) {
            *s_out = s;
            return 1;
        }
        for (i = 0; i < k; i++) {
            double e;
            const c2d_shape *o = pu->list[i];
            if (!exit_along(&pu->m, at, u, o, &e)) return 0;
            if (record && pu->calls != NULL && pu->calls->pushed != NULL) pu->calls->pushed(pu->calls->ud, o, u, e);
            if (e > step) step = e;
        }
        if (!(step > 0) || !isfinite(s + step)) return 0;
        s += step;
    }
    return 0;
}

c2d_move_status c2d_world_push(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, c2d_vec *end)
{
    return c2d_world_push_past(w, s, calls, 0, end);
}

c2d_move_status c2d_world_push_past(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, double allow,
                                    c2d_vec *end)
{
    pusher pu;
    c2d_vec pos, start;
    int steps, clear = 0;
    c2d_move_status st = C2D_MOVE_DONE;
    pu.w = w;
    pu.s = s;
    pu.calls = calls;
    pu.r.calls = calls;
    pu.r.nowned = 0;
    pu.list = NULL;
    pu.slot = NULL;
    pu.cap = 0;
    mover_bits(w, s, &pu.category, &pu.mask);
    start = pos = c2d_position(s);
    *end = pos;
    if (allow > 0) {
        double scale = fabs(pos.x) > fabs(pos.y) ? fabs(pos.x) : fabs(pos.y);
        allow *= scale > 1 ? scale : 1;
    }
    if (!copy_mover(&pu.m, s, &pu.r)) return C2D_MOVE_NO_MEMORY;
    for (steps = 0; steps < C2D_PUSH_STEPS; steps++) {
        int k = push_takers(&pu), i;
        double depth = allow;
        const c2d_shape *best = NULL;
        c2d_contact_result best_c;
        if (k < 0) { st = C2D_MOVE_NO_MEMORY; goto done; }
        memset(&best_c, 0, sizeof best_c);
        for (i = 0; i < k; i++) {
            const c2d_shape *o = pu.list[i];
            c2d_contact_result c;
            if (!keeps(&pu, o) || at_most_touching(&pu.m.s, o)) continue;
            /* (a contact no deeper than the deepest so far is passed over) */
            if (c2d_convex_part_within(&pu.m.s, o, depth)) continue;
            if (!push_contact(&pu.m.s, o, &c)) continue;
            if (c.depth > depth) { depth = c.depth; best = o; best_c = c; }
        }
        if (best == NULL) { clear = 1; break; }
        if (!isfinite(depth)) break; /* no translation ends it */
        pos = v2(pos.x + best_c.normal.x * depth, pos.y + best_c.normal.y * depth);
        if (c2d_move_to(&pu.m.s, pos.x, pos.y) != C2D_OK) break;
        if (calls != NULL && calls->pushed != NULL) calls->pushed(calls->ud, best, best_c.normal, depth);
    }
    if (!clear) {
        /* Along one direction: the overlaps' normals where the shape is,
         * then up, right, left and down; the least distance wins (ties: the
         * first). The records so far are dropped for those of that direction. */
        c2d_vec dirs[C2D_PUSH_DIRECTIONS], best_u = v2(0, 0);
        double best_s = HUGE_VAL, sd;
        int nd = 0, k, i, found = 0, got;
        static const double axes[4][2] = { { 0, -1 }, { 1, 0 }, { -1, 0 }, { 0, 1 } };
        if (c2d_move_to(&pu.m.s, start.x, start.y) != C2D_OK) { st = C2D_MOVE_GOAL_RANGE; goto done; }
        k = push_overlaps(&pu);
        if (k < 0) { st = C2D_MOVE_NO_MEMORY; goto done; }
        for (i = 0; i < k && nd < C2D_PUSH_DIRECTIONS - 4; i++) {
            c2d_contact_result c;
            if (push_contact(&pu.m.s, pu.list[i], &c) && isfinite(c.depth)) dirs[nd++] = c.normal;
        }
        for (i = 0; i < 4; i++) dirs[nd++] = v2(axes[i][0], axes[i][1]);
        for (i = 0; i < nd; i++) {
            got = clear_along(&pu, start, dirs[i], &sd, 0);
            if (got < 0) { st = C2D_MOVE_NO_MEMORY; goto done; }
            if (got && sd < best_s) {
                best_s = sd;
                best_u = dirs[i];
                found = 1;
            }
        }
        if (calls != NULL && calls->forget != NULL) calls->forget(calls->ud);
        if (found) {
            if (clear_along(&pu, start, best_u, &sd, 1) < 0) { st = C2D_MOVE_NO_MEMORY; goto done; }
            pos = v2(start.x + best_u.x * best_s, start.y + best_u.y * best_s);
        } else {
            /* Nothing frees it: it stays, and its overlaps are listed. */
            pos = start;
            if (c2d_move_to(&pu.m.s, start.x, start.y) != C2D_OK) { st = C2D_MOVE_GOAL_RANGE; goto done; }
            k = push_overlaps(&pu);
            if (k < 0) { st = C2D_MOVE_NO_MEMORY; goto done; }
            for (i = 0; i < k; i++) {
                c2d_contact_result c;
                if (push_contact(&pu.m.s, pu.list[i], &c) && calls != NULL && calls->pushed != NULL)
                    calls->pushed(calls->ud, pu.list[i], c.normal, c.depth);
            }
        }
    }
done:
    release(&pu.r);
    *end = pos;
    if (st != C2D_MOVE_DONE) return st;
    if ((pos.x != start.x || pos.y != start.y) && c2d_move_to(s, pos.x, pos.y) != C2D_OK) return C2D_MOVE_GOAL_RANGE;
    return C2D_MOVE_DONE;
}
