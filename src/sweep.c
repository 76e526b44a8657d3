/*
 * Sweep: when do two shapes in straight-line motion first touch.
 *
 * Only the relative motion v = da - db matters: b stands still, a moves by t*v.
 * Two closed shapes that are apart first touch where a feature of one meets a
 * feature of the other, so the first time is the least over feature pairs of
 * a closed-form time (first_touch.c). No steps are taken, so nothing tunnels
 * however far the shapes move in one step.
 *
 * A raycast (raycast.c) is a point swept against the shape.
 */
#include <stddef.h>
#include "sweep.h"
#include "convex.h"

/* Move a body by d in its frame: its vertices, as its own (in room when
 * more than a body holds, or a fan's apex, room holding as many as the body
 * has). A Line's direction stays where it is, in own.v[1]. */
void c2d_shift_body(body *b, c2d_vec d, c2d_vec *room)
{
    int i, n = b->type == BODY_POLY ? b->n : 1;
    c2d_vec *to = b->type != BODY_FAN && n <= C2D_BODY_OWN ? b->own.v : room;
    for (i = 0; i < n; i++) {
        c2d_vec p = c2d_bv(b, i);
        to[i] = vadd(p, d);
    }
    b->src = to;
    b->kept = 0;
    b->off = v2(0, 0);
}

/* Room for shift: as many vertices as b has beyond what it holds itself (1 when none). */
#define C2D_SHIFT_ROOM(b) ((b)->type == BODY_POLY && (b)->n > C2D_BODY_OWN ? (b)->n : 1)

/*
 * The normal at the touching time. Where several features meet at once (a
 * corner reaching a corner) the first one found may name a side that does
 * not part the shapes; then the axis of least overlap at that moment, the
 * one contact would pick, replaces it.
 */
c2d_vec c2d_separating_normal(const body *a, const body *b, c2d_vec n, c2d_vec v)
{
    double scale, best;
    c2d_vec m = n;
    /* A rounded touch has one normal; supports speak for convex bodies only. */
    if (c2d_poly_radius(a) + c2d_poly_radius(b) > 0) return n;
    if (a->type == BODY_LINE || b->type == BODY_LINE) return n;
    if ((a->type == BODY_FAN && a->wide) || (b->type == BODY_FAN && b->wide)) return n;
    scale = c2d_support(a, v2(1, 0)) + c2d_support(a, v2(-1, 0)) + c2d_support(b, v2(0, 1)) + c2d_support(b, v2(0, -1));
    if (c2d_overlap_along(a, b, n) <= C2D_SEPARATES * (1 + fabs(scale))) return n;
    {
        c2d_vec pa, pb;
        c2d_core_d2(a, b, -1, &pa, &pb);
        best = c2d_least_overlap(a, b, vsub(pa, pb), v, &m);
    }
    return best < C2D_INF ? m : n;
}

/*
 * A body touching a Line: the line's normal toward the side the body lies
 * on, as from b toward a; zero where there is no such side: for two lines,
 * and for a body lying on the line (a point, a segment along it), which any
 * motion parts from it or slides along. The side is read from the corners'
 * cross products with the line's direction, the numbers hits reads, so a
 * corner on the line is on it exactly (the offset of a unit normal rounds
 * to either side); where those say nothing (a fan, or corners on both
 * sides), the side the body reaches farther into.
 */
static c2d_vec line_normal(const body *a, const body *b)
{
    const body *l = b->type == BODY_LINE ? b : a, *x = l == b ? a : b;
    c2d_vec nl = vunit(vperp(c2d_bv(l, 1)));
    double off = vdot(c2d_bv(l, 0), nl), lo = -1, hi = 1; /* a fan's: as if on both sides */
    if (x->type == BODY_LINE) return v2(0, 0);
    if (x->type == BODY_POLY) c2d_corner_sides(x, v2(0, 0), l, &lo, &hi);
    if (lo == 0 && hi == 0) return v2(0, 0);
    if (hi <= 0 && lo < 0) nl = vscale(nl, -1);
    else if (lo < 0 && c2d_support(x, vscale(nl, -1)) + off > c2d_support(x, nl) - off) nl = vscale(nl, -1);
    return l == b ? nl : vscale(nl, -1);
}

/*
 * The shadow of a body on u (not necessarily unit): the interval [lo, hi] of
 * p.u over its points. A Line's shadow is one value when u is across it and
 * unbounded otherwise. *err gets how far rounding may have moved the ends
 * (0 for a sharp polygon, whose dot products are all the rounding there is).
 */
static void shadow(const body *b, c2d_vec u, double *lo, double *hi, double *err)
{
    double len, m = 0;
    int i;
    *err = 0;
    if (b->type == BODY_LINE) {
        if (vdot(c2d_bv(b, 1), u) != 0) { *lo = -C2D_INF; *hi = C2D_INF; return; }
        *lo = *hi = vdot(c2d_bv(b, 0), u);
        return;
    }
    if (b->type == BODY_FAN) {
        c2d_vec w;
        len = vlen(u);
        w = vscale(u, 1 / len);
        *hi = c2d_support(b, w) * len;
        *lo = -c2d_support(b, vscale(w, -1)) * len;
        *err = c2d_ulps(C2D_SLIDE_ROUNDING, fabs(*lo) + fabs(*hi) + b->r * len) + b->tol * len;
        return;
    }
    *lo = *hi = vdot(c2d_bv(b, 0), u);
    for (i = 1; i < b->n; i++) {
        double d = vdot(c2d_bv(b, i), u);
        *lo = dmin(*lo, d);
        *hi = dmax(*hi, d);
    }
    if (b->r > 0 || b->tol > 0) {
        len = vlen(u);
        m = (b->r + b->tol) * len;
        *err = c2d_ulps(C2D_SLIDE_ROUNDING, fabs(*lo) + fabs(*hi) + m) + b->tol * len;
        *lo -= b->r * len;
        *hi += b->r * len;
    }
}

/* How a moves by v against b, read from their shadows across the motion,
 * which the motion does not change: MISS when a shadow gap separates them
 * for the whole step, or when they are flush on one side (a graze or a
 * slide: they can touch but never move into each other); INLINE when both
 * are flat and lie on the line of motion; ACROSS otherwise, when the line of
 * motion passes through the set of offsets at which they overlap. */
enum { MISS, INLINE, ACROSS };

static int motion_line(const body *a, const body *b, c2d_vec v)
{
    c2d_vec u = vperp(v);
    double alo, ahi, aerr, blo, bhi, berr, above, below, err;
    shadow(a, u, &alo, &ahi, &aerr);
    shadow(b, u, &blo, &bhi, &berr);
    err = aerr + berr;
    above = alo - bhi; /* a's shadow beyond b's on +u */
    below = blo - ahi; /* a's shadow beyond b's on -u */
    if (fabs(above) <= err && fabs(below) <= err && a->type != BODY_FAN && b->type != BODY_FAN &&
        a->type != BODY_LINE && b->type != BODY_LINE)
        return INLINE;
    return above >= -err || below >= -err ? MISS : ACROSS;
}

/* The normal two touching convex bodies would get from contact: the line
 * between the cores where only the radii meet, else the axis of least
 * overlap (among equal ones, where a corner meets a corner, the one the
 * motion v presses least of those it presses). */
static c2d_vec touch_normal(const body *a, const body *b, c2d_vec fallback, c2d_vec v)
{
    c2d_vec pa, pb, m = fallback;
    double d2 = c2d_core_d2(a, b, -1, &pa, &pb), r = c2d_poly_radius(a) + c2d_poly_radius(b);
    if (a->type == BODY_LINE || b->type == BODY_LINE) return fallback;
    if (r > 0 && d2 > 0 && (a->type != BODY_POLY || b->type != BODY_POLY || !c2d_cores_overlap(a, b))) {
        c2d_vec u = vunit(vsub(pa, pb));
        if (u.x != 0 || u.y != 0) return u;
    }
    return c2d_least_overlap_sliding(a, b, vsub(pa, pb), v, &m) < C2D_INF ? m : fallback;
}

/* The greatest u-component over a sharp polygon core, and where (*at). */
static double core_support(const body *b, c2d_vec u, int *at)
{
    /* The index in a local, stored once: a store through at inside the
     * loop could be the body's count, which would then be read again. */
    const c2d_vec *v = c2d_bv_plain(b);
    double h = vdot(c2d_bv(b, 0), u);
    int i, k = 0, n = b->n;
    if (v != NULL) {
        c2d_vec o = b->off;
        for (i = 1; i < n; i++) {
            double x = vdot(vsub(v[i], o), u);
            if (x > h) { h = x; k = i; }
        }
    } else {
        for (i = 1; i < n; i++) {
            double x = vdot(c2d_bv(b, i), u);
            if (x > h) { h = x; k = i; }
        }
    }
    *at = k;
    return h;
}

/* The outward normal (not unit) of edge i of a sharp core: a segment's two
 * sides, a polygon's edges. */
static c2d_vec edge_normal(const body *b, int i)
{
    c2d_vec e;
    if (b->n == 2) e = vsub(c2d_bv(b, 1), c2d_bv(b, 0));
    else e = vsub(c2d_bv(b, c2d_next(i, b->n)), c2d_bv(b, i));
    e = v2(e.y, -e.x); /* the right side: outward for a counter-clockwise polygon */
    return b->n == 2 ? (i ? vscale(e, -1) : e) : b->orient < 0 ? vscale(e, -1) : e;
}

/*
 * Two sharp convex cores, one of them a polygon with an interior, a moving
 * by t*v against b: when the ray t*v enters the set of offsets at which they
 * overlap (b minus a, a convex polygon whose edge normals are b's and a's
 * reversed). The ray enters each edge's half-plane at h(n)/(n.v), where
 * h(n) = support of b along n plus support of a along -n; it is inside the
 * polygon from the last entry to the first exit. The edge of the last entry
 * is the face the touch is on: its normal is the contact normal. Returns 0
 * when the ray misses in [0, 1], 1 with the touch in *ft, and -1, deciding
 * nothing (*ft untouched), when the touch found is off the face (below).
 *
 * Where two edge lines are nearly parallel (a sliver, a sharp spike), the
 * rounding of their h moves the point where they cross far along them, so
 * the half-planes can overlap, within rounding, well past the spike's tip,
 * and the ray can "enter" there: a ray 4 units past the end of the sliver
 * (0,0), (1,0), (-48,1e-14) did. The touch is only as good as its point:
 * when the other core's vertex at the touch is farther from the face's core
 * than the rounding of the numbers that placed it, the caller decides by the
 * features instead (each edge as a segment, each corner as a point).
 */
int c2d_sharp_cores_toi(const body *a, const body *b, c2d_vec v, double tmax, first_touch *ft)
{
    const body *both[2];
    double tin = -C2D_INF, tout = C2D_INF, best_along = -C2D_INF, best, tol;
    c2d_vec nin = v2(0, 0), s0, s1, x, at;
    int k, i, kin = 0, iin = 0, xin = 0;
    both[0] = b;
    both[1] = a;
    for (k = 0; k < 2; k++) {
        const body *p = both[k];
        int m = p->n == 1 ? 0 : p->n == 2 ? 2 : p->n;
        for (i = 0; i < m; i++) {
            c2d_vec n = edge_normal(p, i);
            double h, nv, t;
            int ib, ia;
            /* An edge's own vertex is its core's extreme along its normal: only
             * the other core is searched. */
            if (k) {
                n = vscale(n, -1);
                ia = p->n == 2 ? 0 : i;
                h = core_support(b, n, &ib) - vdot(c2d_bv(a, ia), n);
            } else {
                ib = p->n == 2 ? 0 : i;
                h = vdot(c2d_bv(b, ib), n) + core_support(a, vscale(n, -1), &ia);
            }
            nv = vdot(n, v);
            if (nv == 0) {
                if (h < 0) return 0;
                continue;
            }
            t = h / nv;
            if (nv > 0) {
                tout = dmin(tout, t);
            } else {
                /* On a tie (a corner reaching a corner), the face the motion
                 * presses least, along which the rest of it could slide. */
                double along = nv / vlen(n);
                if (t > tin || (t == tin && along > best_along)) {
                    tin = t; nin = n; best_along = along;
                    kin = k; iin = i; xin = k ? ib : ia;
                }
            }
        }
    }
    if (!(tin <= tout) || tin > tmax || tout < 0) return 0;
    /* No face entered: within every half-plane from the start, which the
     * caller found apart (a sliver's tip): the features decide. */
    if (tin == -C2D_INF) return -1;
    if (tin < 0) tin = 0; /* apart only by the rounding of h: touching now */
    /* The touching point: the other body's extreme vertex, brought onto the
     * face (where parallel faces meet, a face's end that overhangs is
     * brought back onto the other face). a has moved by t*v. */
    {
        const body *p = kin ? a : b, *q = kin ? b : a;
        c2d_vec move = vscale(v, tin);
        if (p->n == 2) { s0 = c2d_bv(p, 0); s1 = c2d_bv(p, 1); }
        else { s0 = c2d_bv(p, iin); s1 = c2d_bv(p, c2d_next(iin, p->n)); }
        x = c2d_bv(q, xin);
        if (kin) { s0 = vadd(s0, move); s1 = vadd(s1, move); }
        else x = vadd(x, move);
        best = c2d_pt_seg_d2(x, s0, s1, &at);
        if (p->n >= 3) {
            /* Edges collinear within rounding tie for the face, and x may
             * touch a neighbour of the one chosen (a long spike's edge in
             * line with a short one): the nearest point of the whole core. */
            for (i = 0; i < p->n && best > 0; i++) {
                c2d_vec e0 = c2d_bv(p, i), e1 = c2d_bv(p, c2d_next(i, p->n)), y;
                double d2;
                if (kin) { e0 = vadd(e0, move); e1 = vadd(e1, move); }
                d2 = c2d_pt_seg_d2(x, e0, e1, &y);
                if (d2 < best) { best = d2; at = y; }
            }
        }
        /* The rounding of the numbers that placed x and the face: their
         * magnitudes in this frame. */
        tol = c2d_ulps(C2D_FACE_ROUNDING,
                       fabs(x.x) + fabs(x.y) + fabs(s0.x) + fabs(s0.y) + fabs(s1.x) + fabs(s1.y) + fabs(move.x) + fabs(move.y));
        if (!(best <= tol * tol)) return -1;
    }
    ft->t = tin;
    ft->n = vunit(nin);
    ft->at = at;
    ft->at_known = 1;
    return 1;
}


/* Is b a POLY core of one point (a disk, a point, a fan that is a disk). */
static int round_point(const body *b) { return b->type == BODY_POLY && b->n == 1; }

/* Split a fan opened beyond pi into its two convex halves, either side of its bisector. */
static void fan_halves(const body *f, body *h)
{
    int k;
    for (k = 0; k < 2; k++) {
        c2d_body_copy(&h[k], f);
        h[k].wide = 0;
        h[k].own.fan.e1 = k == 0 ? f->own.fan.e1 : f->own.fan.d;
        h[k].own.fan.e2 = k == 0 ? f->own.fan.d : f->own.fan.e2;
        h[k].own.fan.d = vunit(vadd(h[k].own.fan.e1, h[k].own.fan.e2));
    }
}

/* Is b not convex (a fan opened beyond pi). */
static int is_wide(const body *b) { return b->type == BODY_FAN && b->wide; }

/*
 * The sweep of a moving by t*v against b standing still, in the pair's frame:
 * the first t in [0, 1] at which they touch while the motion carries them
 * into each other. A pair that does not overlap (at most touches) at t = 0
 * is given as such. For convex bodies the offsets at which they meet form a
 * convex set, so the line of motion meets it in one interval: touching at
 * the start and not moving in, they never meet again in the step. A body that
 * is not convex is taken as its convex halves, the earliest half winning.
 */
static void sweep_bodies(const body *a, const body *b, c2d_vec v, int touching, first_touch *ft);

/* A fan opened beyond pi swept as its two convex halves: the earlier touch. */
static C2D_NOINLINE void sweep_halves(const body *a, const body *b, c2d_vec v, first_touch *ft)
{
    body h[2];
    first_touch one;
    int k;
    fan_halves(is_wide(a) ? a : b, h);
    for (k = 0; k < 2; k++) {
        if (is_wide(a)) sweep_bodies(&h[k], b, v, -1, &one);
        else sweep_bodies(a, &h[k], v, -1, &one);
        if (one.t < ft->t) *ft = one;
    }
}

/* Touching at the start: a hit at t = 0 only when the motion presses in. */
static void touching_start(const body *a, const body *b, c2d_vec v, int line, first_touch *ft)
{
    c2d_vec n;
    if (line == INLINE) {
        /* Both flat on the line of motion: pressing when a is behind b. */
        if (c2d_support(a, v) <= -c2d_support(b, vscale(v, -1))) { ft->t = 0; ft->n = vunit(vscale(v, -1)); }
        return;
    }
    /* Where a corner touches a corner, several normals part the shapes:
     * the motion presses in only when it presses against every one, so
     * against the one it presses least (the one the rest of the motion
     * could slide along). */
    n = a->type == BODY_LINE || b->type == BODY_LINE ? line_normal(a, b) : touch_normal(a, b, v2(0, 0), v);
    if (vdot(v, n) < 0) { ft->t = 0; ft->n = n; }
}

static double frame_size(const body *b);

/* Apart (by the exact decision), yet closer than the rounding of the
 * numbers that placed them: a shape left resting against another by an
 * earlier answer. The sweeps below are rounded, and may read such a start
 * as already inside the other and report nothing; it is a touch. */
static C2D_NOINLINE int resting_apart(const body *a, const body *b)
{
    c2d_vec pa, pb;
    double d2, gap, R;
    if (a->type != BODY_POLY || b->type != BODY_POLY) return 0;
    R = a->r + b->r + a->tol + b->tol;
    d2 = c2d_core_d2(a, b, -1, &pa, &pb);
    gap = sqrt(d2) - R;
    return gap <= c2d_ulps(C2D_REST_ROUNDING, frame_size(a) + frame_size(b));
}

/* touching: whether a and b share a point now, or -1 when not known. */
static void sweep_bodies(const body *a, const body *b, c2d_vec v, int touching, first_touch *ft)
{
    int line;
    ft->t = C2D_INF;
    ft->n = v2(0, 0);
    ft->at_known = 0;
    if (is_wide(a) || is_wide(b)) {
        sweep_halves(a, b, v, ft);
        return;
    }
    if (v.x == 0 && v.y == 0) return;
    line = motion_line(a, b, v);
    if (line == MISS) return;
    if (touching < 0) touching = c2d_bodies_hit(a, b);
    if (touching) {
        touching_start(a, b, v, line, ft);
        return;
    }
    if (c2d_sharp_core(a) && c2d_sharp_core(b) && (c2d_sharp_solid(a) || c2d_sharp_solid(b))) {
        int found = c2d_sharp_cores_toi(a, b, v, 1, ft);
        if (found > 0 && ft->t == 0) {
            /* Apart, but within the rounding of the faces' offsets, which
             * meet at once: as touching, a hit only when the motion presses
             * in, on the face it presses least (not the last one crossed,
             * which may lie far behind). */
            c2d_vec n = touch_normal(a, b, ft->n, v);
            if (vdot(v, n) < 0) ft->n = n;
            else ft->t = C2D_INF;
        }
        if (found >= 0) {
            if (!found) ft->t = C2D_INF;
            return;
        }
        /* (A touch off its face: the features decide, below.) */
    }
    if (a->type == BODY_POLY && b->type == BODY_POLY && (round_point(a) || round_point(b))) {
        double R = a->r + b->r + a->tol + b->tol;
        if (round_point(a)) c2d_point_against_core(c2d_bv(a, 0), v, b, R, 1, 1, ft);
        else c2d_point_against_core(c2d_bv(b, 0), vscale(v, -1), a, R, 1, -1, ft);
        if (ft->t <= 1 && (ft->n.x != 0 || ft->n.y != 0)) {
            /* Where the round one's rim meets the other (b still, a moved by t*v). */
            ft->at = round_point(a) ? vsub(vadd(c2d_bv(a, 0), vscale(v, ft->t)), vscale(ft->n, a->r))
                                    : vadd(c2d_bv(b, 0), vscale(ft->n, b->r));
            ft->at_known = 1;
        }
    } else {
        c2d_first_contact(a, v, b, 1, ft);
    }
    if (ft->t > 1) {
        ft->t = C2D_INF;
        if (resting_apart(a, b)) touching_start(a, b, v, line, ft);
        return;
    }
    if (c2d_poly_radius(a) + c2d_poly_radius(b) == 0 && a->type != BODY_LINE && b->type != BODY_LINE) {
        /* Sharp features meeting: the normal contact gives at that moment;
         * a corner meeting a corner, the one the motion presses least. */
        body at;
        c2d_vec room[C2D_SHIFT_ROOM(a)];
        c2d_body_copy(&at, a);
        c2d_shift_body(&at, vscale(v, ft->t), room);
        ft->n = touch_normal(&at, b, ft->n, v);
    }
}

/* How large the bodies' numbers are in the pair's frame, for rounding. */
static double frame_size(const body *b)
{
    if (b->type == BODY_LINE) return fabs(c2d_bv(b, 0).x) + fabs(c2d_bv(b, 0).y);
    return fabs(c2d_support(b, v2(1, 0))) + fabs(c2d_support(b, v2(-1, 0))) +
           fabs(c2d_support(b, v2(0, 1))) + fabs(c2d_support(b, v2(0, -1)));
}

/* Two bodies that share a point: do they overlap by more than the rounding
 * of a touch, and the normal contact gives (from b toward a) in *n. */
static int overlapping(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_vec *n)
{
    double depth = 0;
    if (c2d_bodies_part_within(A, B, c2d_ulps(C2D_REST_ROUNDING, frame_size(A) + frame_size(B)))) return 0;
    /* Contact answers a wide fan against a Line (it pushes to a side of the
     * line); against anything else a wide fan is not convex, and has none. */
    if ((is_wide(A) || is_wide(B)) && a->kind != C2D_LINE && b->kind != C2D_LINE) {
        /* Not convex, so contact has no answer: the deeper of the convex halves. */
        body h[2];
        int k;
        fan_halves(is_wide(A) ? A : B, h);
        for (k = 0; k < 2; k++) {
            const body *x = is_wide(A) ? &h[k] : A, *y = is_wide(A) ? B : &h[k];
            c2d_vec pa, pb, m = v2(0, -1);
            double d;
            if (!c2d_bodies_hit(x, y)) continue;
            c2d_core_d2(x, y, -1, &pa, &pb);
            d = c2d_least_overlap(x, y, vsub(pa, pb), v2(0, 0), &m);
            if (d > depth) { depth = d; *n = m; }
        }
    } else {
        c2d_contact_result c;
        c2d_contact_at_scale(a, b, A, B, &c);
        if (!c.hit) return 0;
        depth = c.depth;
        *n = c.normal;
    }
    return depth > c2d_ulps(C2D_REST_ROUNDING, frame_size(A) + frame_size(B));
}

/* Where a (already moved to the touching time) touches b: on b's surface. */
static c2d_vec touching_point(const body *a, const body *b)
{
    c2d_vec pa, pb, u;
    c2d_core_d2(a, b, -1, &pa, &pb);
    u = vunit(vsub(pa, pb));
    return vadd(pb, vscale(u, c2d_poly_radius(b)));
}

/* The middle of where two touching AABBs meet (a face, a part of one, or a corner). */
static c2d_vec touch_middle(const c2d_shape *a, const c2d_shape *b)
{
    return v2((dmax(a->p[0].x, b->p[0].x) + dmin(a->p[1].x, b->p[1].x)) / 2,
              (dmax(a->p[0].y, b->p[0].y) + dmin(a->p[1].y, b->p[1].y)) / 2);
}

/*
 * Two AABBs with interiors, a moving by t*v against b, in closed form. The
 * offsets at which they meet form the box M = [mx0, mx1] x [my0, my1]; the
 * ray t*v is inside it between the later of the axes' entries and the
 * earlier of their exits. The rules of every sweep hold: overlapping at the
 * start (beyond a touch's rounding) is t = 0 with contact's normal; touching
 * at the start is a hit only when v presses against every touching face;
 * a ray that only runs along M's boundary (a graze or a slide) is no hit.
 * Returns 0 when the pair is not for this path (a flat AABB), 2 when they
 * overlap at the start (the point is left to distance), else 1.
 */
static int aabbs_sweep(const c2d_shape *a, c2d_vec v, const c2d_shape *b, c2d_sweep_result *res)
{
    double mx0 = b->p[0].x - a->p[1].x, mx1 = b->p[1].x - a->p[0].x;
    double my0 = b->p[0].y - a->p[1].y, my1 = b->p[1].y - a->p[0].y;
    double ex, lx, ey, ly, t;
    int on_x;
    if (a->ccw == 0 || b->ccw == 0) return 0;
    res->hit = 0;
    if (mx0 <= 0 && 0 <= mx1 && my0 <= 0 && 0 <= my1) {
        double size = dmax(dmax(mx1 - mx0, my1 - my0), dmax(dmax(fabs(mx0), fabs(mx1)), dmax(fabs(my0), fabs(my1))));
        double depth = dmin(dmin(-mx0, mx1), dmin(-my0, my1));
        if (depth > c2d_ulps(C2D_REST_ROUNDING, size)) {
            c2d_contact_result c;
            c2d_contact_at_scale(a, b, NULL, NULL, &c);
            res->hit = 1;
            res->t = 0;
            res->normal = c.normal;
            return 2;
        }
        /* Touching: every touching face must be pressed (n from b toward a). */
        if ((mx0 == 0 && v.x <= 0) || (mx1 == 0 && v.x >= 0) || (my0 == 0 && v.y <= 0) || (my1 == 0 && v.y >= 0) ||
            (mx0 != 0 && mx1 != 0 && my0 != 0 && my1 != 0))
            return 1;
        res->hit = 1;
        res->t = 0;
        /* corner to corner: the face pressed least (the motion could slide along it) */
        on_x = (mx0 == 0 || mx1 == 0) && ((my0 != 0 && my1 != 0) || fabs(v.x) < fabs(v.y));
        res->normal = on_x ? v2(mx0 == 0 ? -1 : 1, 0) : v2(0, my0 == 0 ? -1 : 1);
        res->point = touch_middle(a, b);
        return 1;
    }
    /* Apart: an axis the motion does not cross must hold 0 strictly inside. */
    if (v.x == 0) { if (!(mx0 < 0 && 0 < mx1)) return 1; ex = -C2D_INF; lx = C2D_INF; }
    else { ex = (v.x > 0 ? mx0 : mx1) / v.x; lx = (v.x > 0 ? mx1 : mx0) / v.x; }
    if (v.y == 0) { if (!(my0 < 0 && 0 < my1)) return 1; ey = -C2D_INF; ly = C2D_INF; }
    else { ey = (v.y > 0 ? my0 : my1) / v.y; ly = (v.y > 0 ? my1 : my0) / v.y; }
    /* On a tie (corner to corner) the axis moved along slower: the face the
     * motion presses least, along which the rest of it could slide. */
    on_x = ex > ey || (ex == ey && fabs(v.x) < fabs(v.y));
    t = on_x ? ex : ey;
    if (t < 0 || t > 1 || !(t < lx && t < ly)) return 1;
    res->hit = 1;
    res->t = t;
    res->normal = on_x ? v2(v.x > 0 ? -1 : 1, 0) : v2(0, v.y > 0 ? -1 : 1);
    {
        /* The middle of where the touching faces meet, in b's still frame. */
        c2d_shape at = *a;
        at.p[0] = v2(a->p[0].x + v.x * t, a->p[0].y + v.y * t);
        at.p[1] = v2(a->p[1].x + v.x * t, a->p[1].y + v.y * t);
        res->point = touch_middle(&at, b);
    }
    return 1;
}

/* No hit yet: every field set on its own (a chained struct assignment
 * would copy the first over the second through memory). */
static c2d_sweep_result sweep_in_range(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);

/* A pair beyond the range of squares, on copies scaled by 2^-e, the point scaled back. */
static C2D_NOINLINE c2d_sweep_result sweep_scaled(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db, int e)
{
    c2d_shape sa, sb;
    c2d_vec ra[c2d_scaled_room(a)], rb[c2d_scaled_room(b)];
    c2d_sweep_result r = sweep_in_range(c2d_scaled_copy(a, e, &sa, ra), vldexp(da, -e), c2d_scaled_copy(b, e, &sb, rb),
                                        vldexp(db, -e));
    r.point = vldexp(r.point, e);
    return r;
}

c2d_sweep_result c2d_convex_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    double reach = dmax(dmax(fabs(da.x), fabs(da.y)), dmax(fabs(db.x), fabs(db.y)));
    int e = c2d_pair_exponent(a, b, reach);
    return e == 0 ? sweep_in_range(a, da, b, db) : sweep_scaled(a, da, b, db, e);
}

/* Where a pair in canonical order meets at the start: the point distance
 * gives on the first shape of the call (b's when swapped), from the pair's
 * bodies (built when built is set). */
static c2d_vec start_point(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built, int swapped)
{
    c2d_distance_result d = c2d_distance_at_scale(a, b, A, B, built);
    return swapped ? d.b : d.a;
}

static C2D_NOINLINE c2d_sweep_result sweep_in_range(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    c2d_sweep_result res;
    body A, B;
    first_touch ft;
    c2d_vec v = vsub(da, db), o, n = v2(0, -1);
    int swapped = c2d_shape_order(a, b) > 0, touching, closed;
    c2d_no_hit(&res);
    if (swapped) {
        const c2d_shape *t = a; a = b; b = t;
        v = vscale(v, -1);
    }
    o = a->p[0];
    if (a->kind == C2D_AABB && b->kind == C2D_AABB && (closed = aabbs_sweep(a, v, b, &res)) != 0) {
        if (!res.hit) return res;
        if (swapped) res.normal = vscale(res.normal, -1);
        if (closed == 2) res.point = start_point(a, b, &A, &B, 0, swapped);
        else res.point = vadd(res.point, vscale(swapped ? da : db, res.t));
        return res;
    }
    touching = c2d_decide(a, b, &A, &B);
    if (touching && overlapping(a, b, &A, &B, &n)) {
        /* Overlapping: t = 0 whatever the motion, with the contact normal. */
        res.hit = 1;
        res.normal = swapped ? vscale(n, -1) : n;
        res.point = start_point(a, b, &A, &B, 1, swapped);
        return res;
    }
    sweep_bodies(&A, &B, v, touching, &ft);
    if (ft.t > 1) return res;
    res.hit = 1;
    res.t = ft.t;
    res.normal = swapped ? vscale(ft.n, -1) : ft.n;
    if (ft.t == 0) {
        res.point = start_point(a, b, &A, &B, 1, swapped);
        return res;
    }
    if (!ft.at_known) {
        c2d_vec room[C2D_SHIFT_ROOM(&A)];
        c2d_shift_body(&A, vscale(v, ft.t), room);
        ft.at = touching_point(&A, &B);
    }
    /* In b's still frame; b itself has moved by t*db (by t*da when swapped). */
    res.point = vadd(vadd(ft.at, o), vscale(swapped ? da : db, ft.t));
    return res;
}
