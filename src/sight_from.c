/*
 * Sight from a shape: whether some point of a shape a sees a shape b past
 * the blockers of a World (c2d_world_sees_from).
 *
 * A point of a that sees b along a segment can be moved along the segment to
 * where the segment leaves a: the boundary of a sees b when any point of a
 * does. Along a piece of that boundary (an edge, an arc, a rounded shape's
 * offset edges and corner circles), what a point sees changes only where it
 * crosses a line that touches two of the corners or round parts of the
 * blockers and b (through two corners, tangent to a round part from a corner,
 * tangent to two round parts), and where it enters or leaves a blocker.
 * Between two neighbouring such places every point sees b or none does. So
 * the places themselves and one point between each two neighbours are asked,
 * each by the exact point sight of c2d_world_sees; the first that sees b is
 * the answer. A line that passes nowhere near b changes no direction toward b
 * and is left out, as are lines that miss a.
 *
 * The places are worked out in doubles: a view that exists only for points
 * of a within rounding of one place can be missed. An answer of 1 is always
 * certified by the point sight's exact rays.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "compound.h"
#include "sort.h"
#include "tiles.h"
#include "world.h"

/* A corner (r 0) or a round part's circle, in the frame. */
typedef struct from_feat {
    c2d_vec c;
    double r;
} from_feat;

/* A piece of a's boundary, in the frame: the segment p + t e, t in [0, 1]
 * (endless: every t), or the arc of radius r about p from angle a0 by span. */
typedef struct from_piece {
    int arc, endless;
    c2d_vec p, e;
    double r, a0, span;
} from_piece;

/* A place on piece k: t along it (an arc's angle from a0). */
typedef struct from_event {
    int piece;
    double t;
} from_event;

typedef struct from_ctx {
    c2d_world *w;
    c2d_vec o;          /* the frame's origin */
    c2d_bounds region;  /* a's box and b's, padded (absolute) */
    c2d_bounds abox, bbox; /* a's and b's boxes in the frame, padded (infinite for a Line) */
    int nf, np, ne;
    int oom;
} from_ctx;

/* Room for need items of size bytes in *p (its contents kept). */
static int room(void **p, int *cap, int need, size_t size)
{
    void *q;
    int c;
    if (need <= *cap) return 1;
    c = *cap > 0 ? *cap : 64;
    while (c < need) c *= 2;
    q = realloc(*p, (size_t)c * size);
    if (q == NULL) return 0;
    *p = q;
    *cap = c;
    return 1;
}

static void add_feat(from_ctx *x, c2d_vec c, double r)
{
    c2d_world *w = x->w;
    if (!room(&w->from_feats, &w->cap_from_feats, x->nf + 1, sizeof(from_feat))) {
        x->oom = 1;
        return;
    }
    ((from_feat *)w->from_feats)[x->nf].c = c;
    ((from_feat *)w->from_feats)[x->nf].r = r;
    x->nf++;
}

static void add_piece(from_ctx *x, const from_piece *p)
{
    c2d_world *w = x->w;
    if (!room(&w->from_pieces, &w->cap_from_pieces, x->np + 1, sizeof(from_piece))) {
        x->oom = 1;
        return;
    }
    ((from_piece *)w->from_pieces)[x->np++] = *p;
}

static void add_event(from_ctx *x, int k, double t)
{
    c2d_world *w = x->w;
    if (!(t == t)) return;
    if (!room(&w->from_events, &w->cap_from_events, x->ne + 1, sizeof(from_event))) {
        x->oom = 1;
        return;
    }
    ((from_event *)w->from_events)[x->ne].piece = k;
    ((from_event *)w->from_events)[x->ne].t = t;
    x->ne++;
}

/* How far past a piece's ends a place still counts (rounding). */
#define FROM_SLACK 1e-9

/* A place at the point q (on piece k's circle, to rounding): its angle. */
static void on_arc(from_ctx *x, int k, c2d_vec q)
{
    const from_piece *p = &((const from_piece *)x->w->from_pieces)[k];
    double a = c2d_atan2(q.y - p->p.y, q.x - p->p.x) - p->a0;
    while (a < 0) a += 2 * C2D_PI;
    while (a >= 2 * C2D_PI) a -= 2 * C2D_PI;
    if (a <= p->span) add_event(x, k, a);
}

/* A place at t along segment piece k, when within it. */
static void on_segment(from_ctx *x, int k, double t)
{
    const from_piece *p = &((const from_piece *)x->w->from_pieces)[k];
    if (p->endless) add_event(x, k, t);
    else if (t >= -FROM_SLACK && t <= 1 + FROM_SLACK) add_event(x, k, dmin(1, dmax(0, t)));
}

/* Can a point X of a's boundary, on a line along f touching two features at
 * feet[0] and feet[1], see them change what it sees of b as it crosses the
 * line: both lie the same way from X along the line, and b's box reaches past
 * the nearer (beyond b, nothing changes what of b is seen). */
static int matters(const from_ctx *x, c2d_vec X, c2d_vec f, const c2d_vec *feet)
{
    double s0 = vdot(vsub(feet[0], X), f), s1 = vdot(vsub(feet[1], X), f), slack, far;
    const c2d_bounds *b = &x->bbox;
    if (!(b->minx > -C2D_INF && b->maxx < C2D_INF && b->miny > -C2D_INF && b->maxy < C2D_INF)) return 1;
    slack = 1e-9 * (fabs(s0) + fabs(s1) + vdot(f, f) * (b->maxx - b->minx + b->maxy - b->miny));
    if ((s0 > slack && s1 < -slack) || (s0 < -slack && s1 > slack)) return 0;
    if (s0 + s1 < 0) {
        f = vscale(f, -1);
        s0 = -s0;
        s1 = -s1;
    }
    /* the farthest b's box reaches along f from X */
    far = dmax(f.x * (b->minx - X.x), f.x * (b->maxx - X.x)) + dmax(f.y * (b->miny - X.y), f.y * (b->maxy - X.y));
    return far >= dmin(s0, s1) - slack;
}

/* Where the line q + u f (u within [ulo, uhi]) crosses a's boundary (with
 * feet, only where the crossing matters). */
static void cross_line(from_ctx *x, c2d_vec q, c2d_vec f, double ulo, double uhi, const c2d_vec *feet)
{
    int k, np = x->np;
    double ff = vdot(f, f);
    if (!(ff > 0)) return;
    for (k = 0; k < np; k++) {
        const from_piece *p = &((const from_piece *)x->w->from_pieces)[k];
        if (p->arc) {
            c2d_vec m = vsub(q, p->p);
            double bq = vdot(m, f), cq = vdot(m, m) - p->r * p->r, disc = bq * bq - ff * cq, u;
            int j;
            if (disc < 0) continue;
            disc = sqrt(disc);
            for (j = 0; j < 2; j++) {
                c2d_vec X;
                u = (j ? -bq + disc : -bq - disc) / ff;
                X = vadd(q, vscale(f, u));
                if (u >= ulo - FROM_SLACK && u <= uhi + FROM_SLACK && (feet == NULL || matters(x, X, f, feet)))
                    on_arc(x, k, X);
            }
        } else {
            c2d_vec g = vsub(q, p->p);
            double den = vcross(p->e, f), t, u;
            if (den == 0) continue;
            t = vcross(g, f) / den;
            u = vcross(g, p->e) / den;
            if (u >= ulo - FROM_SLACK && u <= uhi + FROM_SLACK &&
                (feet == NULL || matters(x, vadd(p->p, vscale(p->e, t)), f, feet)))
                on_segment(x, k, t);
        }
    }
}

/* Where the circle of radius r about c crosses a's boundary. */
static void cross_circle(from_ctx *x, c2d_vec c, double r)
{
    int k, np = x->np;
    for (k = 0; k < np; k++) {
        const from_piece *p = &((const from_piece *)x->w->from_pieces)[k];
        if (p->arc) {
            c2d_vec d = vsub(c, p->p), u;
            double l = vlen(d), m, h2;
            if (!(l > 0)) continue;
            m = (p->r * p->r - r * r + l * l) / (2 * l);
            h2 = p->r * p->r - m * m;
            if (h2 < 0) continue;
            u = vscale(d, 1 / l);
            h2 = sqrt(h2);
            on_arc(x, k, vadd(p->p, v2(m * u.x - h2 * u.y, m * u.y + h2 * u.x)));
            on_arc(x, k, vadd(p->p, v2(m * u.x + h2 * u.y, m * u.y - h2 * u.x)));
        } else {
            c2d_vec m = vsub(p->p, c);
            double ee = vdot(p->e, p->e), bq = vdot(m, p->e), cq = vdot(m, m) - r * r, disc = bq * bq - ee * cq;
            if (!(ee > 0) || disc < 0) continue;
            disc = sqrt(disc);
            on_segment(x, k, (-bq - disc) / ee);
            on_segment(x, k, (-bq + disc) / ee);
        }
    }
}

/* The pieces of a leaf's boundary (a rounded shape's offset edges and its
 * corners' whole circles, all within it). */
static void boundary_pieces(from_ctx *x, const c2d_shape *s)
{
    body b;
    from_piece p;
    int i;
    memset(&p, 0, sizeof p);
    c2d_body(&b, s, &x->o);
    if (b.type == BODY_LINE) {
        p.endless = 1;
        p.p = c2d_bv(&b, 0);
        p.e = c2d_bv(&b, 1);
        add_piece(x, &p);
        return;
    }
    if (b.type == BODY_FAN) {
        c2d_vec apex = c2d_bv(&b, 0), e1 = c2d_arc_end(&b, 0), e2 = c2d_arc_end(&b, 1);
        double a1 = c2d_atan2(e1.y - apex.y, e1.x - apex.x), a2 = c2d_atan2(e2.y - apex.y, e2.x - apex.x);
        p.p = apex;
        p.e = vsub(e1, apex);
        add_piece(x, &p);
        p.e = vsub(e2, apex);
        add_piece(x, &p);
        p.arc = 1;
        p.r = b.r;
        p.a0 = a2;
        p.span = a1 - a2;
        while (p.span < 0) p.span += 2 * C2D_PI;
        add_piece(x, &p);
        return;
    }
    for (i = 0; i < b.n; i++) {
        c2d_vec v = c2d_bv(&b, i), e = vsub(c2d_bv(&b, c2d_next(i, b.n)), v);
        if (b.r > 0) {
            p.arc = 1;
            p.p = v;
            p.r = b.r;
            p.a0 = 0;
            p.span = 2 * C2D_PI;
            add_piece(x, &p);
            p.arc = 0;
        }
        if (b.n == 1 || (b.n == 2 && i == 1)) {
            if (b.n == 1 && !(b.r > 0)) { /* a Point: a piece of no length */
                p.p = v;
                p.e = v2(0, 0);
                add_piece(x, &p);
            }
            continue;
        }
        if (b.r > 0 && (e.x != 0 || e.y != 0)) {
            c2d_vec n = vscale(v2(e.y, -e.x), b.r / vlen(e));
            p.p = vadd(v, n);
            p.e = e;
            add_piece(x, &p);
            p.p = vsub(v, n);
            add_piece(x, &p);
        } else {
            p.p = v;
            p.e = e;
            add_piece(x, &p);
        }
    }
}

/* A leaf that blocks (or b): its corners and round parts as features, and
 * where a's boundary enters or leaves it. */
static void blocker_leaf(from_ctx *x, const c2d_shape *s, int is_b)
{
    body b;
    int i;
    c2d_body(&b, s, &x->o);
    if (b.type == BODY_LINE) {
        if (!is_b) cross_line(x, c2d_bv(&b, 0), c2d_bv(&b, 1), -HUGE_VAL, HUGE_VAL, NULL);
        return;
    }
    if (b.type == BODY_FAN) {
        c2d_vec apex = c2d_bv(&b, 0), e1 = c2d_arc_end(&b, 0), e2 = c2d_arc_end(&b, 1);
        add_feat(x, apex, 0);
        add_feat(x, e1, 0);
        add_feat(x, e2, 0);
        add_feat(x, apex, b.r);
        if (!is_b) {
            cross_line(x, apex, vsub(e1, apex), 0, 1, NULL);
            cross_line(x, apex, vsub(e2, apex), 0, 1, NULL);
            cross_circle(x, apex, b.r);
        }
        return;
    }
    for (i = 0; i < b.n; i++) {
        c2d_vec v = c2d_bv(&b, i), e = vsub(c2d_bv(&b, c2d_next(i, b.n)), v);
        add_feat(x, v, b.r);
        if (is_b) continue;
        if (b.r > 0) cross_circle(x, v, b.r);
        if (b.n == 1 || (b.n == 2 && i == 1) || (e.x == 0 && e.y == 0)) continue;
        if (b.r > 0) {
            c2d_vec n = vscale(v2(e.y, -e.x), b.r / vlen(e));
            cross_line(x, vadd(v, n), e, 0, 1, NULL);
            cross_line(x, vsub(v, n), e, 0, 1, NULL);
        } else {
            cross_line(x, v, e, 0, 1, NULL);
        }
    }
}

typedef struct leaf_visit {
    from_ctx *x;
    int mode; /* 0: a's boundary; 1: a blocker; 2: b */
} leaf_visit;

static int visit_leaf(void *ud, const c2d_shape *s)
{
    leaf_visit *v = (leaf_visit *)ud;
    if (v->mode == 0) boundary_pieces(v->x, s);
    else blocker_leaf(v->x, s, v->mode == 2);
    return !v->x->oom;
}

/* Each leaf of s (a compound's pieces, a tile layer's within box). */
static void each_leaf(const c2d_shape *s, const c2d_bounds *box, leaf_visit *v)
{
    if (s->kind == C2D_TILES) {
        tile_range rg;
        if (c2d_tile_range(s, box, 0, &rg)) c2d_tiles_each(s, &rg, box, 0, visit_leaf, v, NULL);
    } else if (c2d_is_compound(s)) {
        int i;
        for (i = 0; i < s->compound->count && !v->x->oom; i++) visit_leaf(v, &s->pieces[i]);
    } else {
        visit_leaf(v, s);
    }
}

/* Does the line n.x = d pass within box (unbounded sides included). */
static int line_meets(c2d_vec n, double d, const c2d_bounds *box)
{
    double lo, hi, a, b;
    if (!(box->minx > -C2D_INF && box->maxx < C2D_INF && box->miny > -C2D_INF && box->maxy < C2D_INF)) return 1;
    a = n.x * box->minx;
    b = n.x * box->maxx;
    lo = dmin(a, b);
    hi = dmax(a, b);
    a = n.y * box->miny;
    b = n.y * box->maxy;
    lo += dmin(a, b);
    hi += dmax(a, b);
    return lo <= d && d <= hi;
}

/* The lines touching both features (through corners, tangent to circles) that
 * pass by both a's box and b's: where they cross a's boundary. */
static void pair_lines(from_ctx *x, const from_feat *f, const from_feat *g)
{
    c2d_vec D = vsub(g->c, f->c), P = v2(-D.y, D.x);
    double L2 = vdot(D, D);
    int s, h;
    if (!(L2 > 0)) return;
    /* normals n with n.c_f - d = r_f and n.c_g - d = +-r_g: n.D = k */
    for (s = 0; s < (g->r > 0 && f->r > 0 ? 2 : 1); s++) {
        double k = (s ? -g->r : g->r) - f->r, root;
        if (k * k > L2) continue;
        root = sqrt(L2 - k * k);
        for (h = 0; h < (root > 0 && (f->r > 0 || g->r > 0) ? 2 : 1); h++) {
            c2d_vec n = vscale(vadd(vscale(D, k), vscale(P, h ? -root : root)), 1 / L2), feet[2];
            double d = vdot(n, f->c) - f->r;
            if (!line_meets(n, d, &x->bbox) || !line_meets(n, d, &x->abox)) continue;
            /* where the line touches each (a circle's point nearest it) */
            feet[0] = vsub(f->c, vscale(n, f->r));
            feet[1] = vsub(g->c, vscale(n, vdot(n, g->c) - d));
            cross_line(x, vscale(n, d), v2(-n.y, n.x), -HUGE_VAL, HUGE_VAL, feet);
        }
    }
}

static int by_place(const void *p, const void *q)
{
    const from_event *a = (const from_event *)p, *b = (const from_event *)q;
    if (a->piece != b->piece) return a->piece - b->piece;
    return a->t < b->t ? -1 : a->t > b->t;
}

/* The point at t along piece p (absolute). */
static c2d_vec place(const from_ctx *x, const from_piece *p, double t)
{
    c2d_vec q;
    if (p->arc) {
        double co, si;
        c2d_sincos(p->a0 + t, &co, &si);
        q = vadd(p->p, v2(p->r * co, p->r * si));
    } else {
        q = vadd(p->p, vscale(p->e, t));
    }
    return vadd(q, x->o);
}

/* Ask the point sight from eye: 1 seen, 0 not, -1 out of memory. */
static int sees_from_point(c2d_world *w, c2d_vec eye, const c2d_shape *b, const int *slots, int n, c2d_vec *point,
                           int *hider)
{
    c2d_view v;
    if (!(fabs(eye.x) <= DBL_MAX && fabs(eye.y) <= DBL_MAX)) return 0; /* (a place out of range) */
    v.o = eye;
    v.radius = HUGE_VAL;
    v.dir = v2(1, 0);
    v.opening = HUGE_VAL;
    return c2d_world_sees(w, &v, b, slots, n, point, hider);
}

static void box_in_frame(const c2d_shape *s, c2d_vec o, c2d_bounds *out)
{
    c2d_bounds bb;
    if (!c2d_bbox(s, &bb)) {
        out->minx = out->miny = -C2D_INF;
        out->maxx = out->maxy = C2D_INF;
        return;
    }
    c2d_bounds_padded(&bb, &bb);
    out->minx = bb.minx - o.x;
    out->maxx = bb.maxx - o.x;
    out->miny = bb.miny - o.y;
    out->maxy = bb.maxy - o.y;
    {   /* (and the rounding of the frame's subtraction) */
        double pad = c2d_ulps(4, fabs(bb.minx) + fabs(bb.maxx) + fabs(bb.miny) + fabs(bb.maxy));
        out->minx -= pad;
        out->miny -= pad;
        out->maxx += pad;
        out->maxy += pad;
    }
}

/* The region rays from a to b cross: both boxes (padded). */
static void from_region(const c2d_shape *a, const c2d_shape *b, c2d_bounds *out)
{
    c2d_bounds ab, bb;
    if (!c2d_bbox(a, &ab) || !c2d_bbox(b, &bb)) {
        out->minx = out->miny = -C2D_INF;
        out->maxx = out->maxy = C2D_INF;
        return;
    }
    ab.minx = dmin(ab.minx, bb.minx);
    ab.miny = dmin(ab.miny, bb.miny);
    ab.maxx = dmax(ab.maxx, bb.maxx);
    ab.maxy = dmax(ab.maxy, bb.maxy);
    c2d_bounds_padded(&ab, out);
}

int c2d_world_sight_candidates_from(c2d_world *w, const c2d_shape *a, const c2d_shape *b, const unsigned *mask,
                                    const int **slots)
{
    c2d_bounds box;
    int n, i, k = 0, own_a = a->world == w ? a->world_slot : -1, own_b = b->world == w ? b->world_slot : -1;
    const int *found;
    from_region(a, b, &box);
    n = c2d_world_candidates(w, &box, own_a, mask, &found);
    if (n < 0 || !room((void **)&w->from_slots, &w->cap_from_slots, n, sizeof(int))) return -1;
    for (i = 0; i < n; i++)
        if (found[i] != own_b) w->from_slots[k++] = found[i];
    *slots = w->from_slots;
    return k;
}

/* Test the places of a's boundary (the midpoints between them first, then
 * the places): 1 seen, 0 not, -1 out of memory. */
static int test_places(from_ctx *x, const c2d_shape *b, const int *slots, int n, c2d_vec *from, c2d_vec *point)
{
    const from_event *ev = (const from_event *)x->w->from_events;
    const from_piece *pc = (const from_piece *)x->w->from_pieces;
    int pass, i, r, h;
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < x->ne; i++) {
            const from_piece *p = &pc[ev[i].piece];
            double t = ev[i].t;
            int last = i + 1 == x->ne || ev[i + 1].piece != ev[i].piece;
            if (pass == 0) { /* between this place and the next; an endless piece's also past its ends */
                if (last) {
                    if (!p->endless) continue;
                    t += dmax(1, fabs(t));
                } else if (ev[i + 1].t == t) {
                    continue;
                } else {
                    t = t + (ev[i + 1].t - t) / 2;
                }
                if (p->endless && (i == 0 || ev[i - 1].piece != ev[i].piece)) {
                    c2d_vec q = place(x, p, ev[i].t - dmax(1, fabs(ev[i].t)));
                    r = sees_from_point(x->w, q, b, slots, n, point, &h);
                    if (r != 0) {
                        *from = q;
                        return r;
                    }
                }
            } else if (i > 0 && ev[i - 1].piece == ev[i].piece && ev[i - 1].t == t) {
                continue;
            }
            *from = place(x, p, t);
            r = sees_from_point(x->w, *from, b, slots, n, point, &h);
            if (r != 0) return r;
        }
    }
    return 0;
}

int c2d_world_sees_from(c2d_world *w, const c2d_shape *a, const c2d_shape *b, const int *slots, int n, c2d_vec *from,
                        c2d_vec *point, int *hider)
{
    from_ctx x;
    leaf_visit v;
    c2d_vec c;
    int r, i, j;
    /* (sight from a Point is the point sight) */
    if (a->kind == C2D_POINT) {
        *from = a->p[0];
        return sees_from_point(w, *from, b, slots, n, point, hider);
    }
    if (c2d_hits(a, b)) { /* a point of both sees b where it stands */
        c2d_distance_result d = c2d_distance(a, b);
        *from = *point = d.a;
        *hider = -1;
        return 1;
    }
    /* (slots may be the list given by the candidates: copied, as the point
     * sight's own lists are remade at every call) */
    if (slots != w->from_slots) {
        if (!room((void **)&w->from_slots, &w->cap_from_slots, n, sizeof(int))) return -1;
        if (n > 0) memmove(w->from_slots, slots, (size_t)n * sizeof(int));
        slots = w->from_slots;
    }
    /* a's centre first, when within it; it also names the hider */
    c = c2d_center(a);
    {
        c2d_shape p;
        c2d_point_at(&p, c);
        r = sees_from_point(w, c, b, slots, n, point, hider);
        if (r < 0) return -1;
        if (r && c2d_hits(&p, a)) {
            *from = c;
            return 1;
        }
    }
    memset(&x, 0, sizeof x);
    x.w = w;
    x.o = c;
    from_region(a, b, &x.region);
    box_in_frame(a, c, &x.abox);
    box_in_frame(b, c, &x.bbox);
    v.x = &x;
    v.mode = 0;
    each_leaf(a, &x.region, &v);
    /* each piece's ends are places */
    for (i = 0; i < x.np && !x.oom; i++) {
        const from_piece *p = &((const from_piece *)w->from_pieces)[i];
        add_event(&x, i, 0);
        if (p->endless) continue;
        add_event(&x, i, p->arc ? p->span : 1);
    }
    v.mode = 2;
    each_leaf(b, &x.region, &v);
    v.mode = 1;
    for (i = 0; i < n && !x.oom; i++) each_leaf(w->e[slots[i]].s, &x.region, &v);
    for (i = 0; i < x.nf && !x.oom; i++)
        for (j = 0; j < i && !x.oom; j++)
            pair_lines(&x, &((const from_feat *)w->from_feats)[i], &((const from_feat *)w->from_feats)[j]);
    if (x.oom) return -1;
    if (x.ne > 1) c2d_sort(w->from_events, (size_t)x.ne, sizeof(from_event), by_place);
    return test_places(&x, b, slots, n, from, point);
}
