/*
 * The turning sweep's steps for a pair that is not convex (turning.c): the
 * least of the convex steps (turning_steps.c) over the pairs of pieces
 * that can meet first.
 */
#include <math.h>
#include "turning.h"

/*
 * A pair that is not convex (a compound, a layer, a Fan opened beyond pi)
 * steps by the fastest any point of x moves, whatever the direction: where
 * the shapes slide past each other or part along a tangent, the gap stays
 * small while that bound is large, and the steps crawl. The union's first
 * touch is the earliest of its pieces' (a convex x piece against a convex y
 * piece; a wide Fan's pieces are its two halves), and each such pair steps
 * as a convex pair does: by the approach along the line between its closest
 * points (axis_time: in y's frame, which may turn), and the separation
 * steps on its cores. The least of those steps, over every pair of pieces
 * that can meet before it, is as safe as the plain one, and far longer.
 * Pieces whose boxes are too far apart to meet before the least found so
 * far are passed over (their box gap over the fastest speed of x's piece).
 */
typedef struct piece_steps {
    turning *tn;
    double t, best;       /* from t; the least step found */
    double full;          /* the fastest any point of x's piece moves */
    c2d_bounds box;       /* x's piece at t */
    const c2d_shape *xp;  /* x's piece */
    int cores;            /* its body a polygon core, placed in tn->moved */
    int posed;            /* it placed at t in tn->pose */
    int failed;           /* a pair the cores cannot measure: no step from pieces */
} piece_steps;

static int y_piece_step(void *ud, const c2d_shape *p);

/* Each piece of y (a compound's, walked into its members) near x's piece. */
static void y_pieces(piece_steps *ps, const c2d_shape *y, double reach)
{
    if (y->kind == C2D_TILES) {
        tile_range rg;
        if (c2d_tile_range(y, &ps->box, reach, &rg)) c2d_tiles_each(y, &rg, &ps->box, reach, y_piece_step, ps, NULL);
    } else if (c2d_is_compound(y)) {
        piece_walk w;
        const c2d_shape *p;
        c2d_walk_start(&w, y);
        while (!ps->failed && (p = c2d_walk_next(&w, &ps->box, reach)) != NULL) y_pieces(ps, p, reach);
    } else if (c2d_near(&y->bounds, &ps->box, reach)) {
        y_piece_step(ps, y);
    }
}

/* Against a Line (y, which the frame holds still): the gap is the least
 * of x's core vertices' distances along the line's normal, on the side x
 * is on, and only that direction is fixed in the frame (the Line's shadow
 * on any other is the whole line). */
static int line_step(piece_steps *ps, const c2d_shape *line)
{
    turning *tn = ps->tn;
    c2d_vec o = v2(0, 0), n, p0;
    double lo = HUGE_VAL, hi = -HUGE_VAL, gap, mu, step;
    int i;
    c2d_body(&tn->by, line, &o);
    p0 = c2d_bv(&tn->by, 0);
    n = vunit(vperp(c2d_bv(&tn->by, 1)));
    for (i = 0; i < tn->bx.n; i++) {
        double d = vdot(n, vsub(tn->moved[i], p0));
        lo = dmin(lo, d);
        hi = dmax(hi, d);
    }
    if (!(lo > 0) && !(hi < 0)) { ps->best = ps->t; return 0; } /* (across it) */
    if (hi < 0) { n = vscale(n, -1); lo = -hi; }
    gap = lo - (tn->bx.r + tn->bx.tol + tn->by.r + tn->by.tol);
    if (!(gap > tn->tol / 2)) { ps->best = ps->t; return 0; }
    mu = c2d_turning_speed(tn, ps->t, tn->wy != 0 ? o : n);
    step = mu > 0 ? ps->t + (gap - tn->tol / 2) / mu : 2;
    if (step <= 1) step = c2d_turning_separation_step(tn, ps->t, step, n, 0, tn->tol / 2);
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

/* A pair of pieces one of which is no polygon core (a Fan, or against a
 * Line): the distance between x's piece placed at t and y's, and the plain
 * step along the line between their closest points (the gap along that
 * fixed direction shrinks no faster than speed says, for convex pieces). */
static int posed_step(piece_steps *ps, const c2d_shape *p)
{
    turning *tn = ps->tn;
    c2d_distance_result d;
    c2d_vec n;
    double step;
    if (!ps->posed) {
        if (c2d_turning_place(tn, ps->xp, ps->t) != C2D_OK) { ps->failed = 1; return 0; }
        ps->posed = 1;
    }
    d = c2d_distance(&tn->pose, p);
    if (!(d.distance > tn->tol / 2)) { ps->best = ps->t; return 0; } /* (nothing to gain) */
    n = vsub(d.a, d.b);
    n = n.x != 0 || n.y != 0 ? vunit(n) : n;
    step = c2d_turning_shapes_step(tn, ps->t, d.distance, &tn->pose, p, d.b, n);
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

static int y_piece_step(void *ud, const c2d_shape *p)
{
    piece_steps *ps = (piece_steps *)ud;
    turning *tn = ps->tn;
    c2d_distance_result d;
    c2d_vec o = v2(0, 0), n;
    double gx, gy, step;
    if (ps->failed) return 0;
    if (p->kind == C2D_LINE) return ps->cores ? line_step(ps, p) : posed_step(ps, p);
    if (c2d_wide_fan(p)) { /* (its two halves, each convex) */
        c2d_shape h[2];
        c2d_fan_halves(p, h);
        return y_piece_step(ud, &h[0]) && y_piece_step(ud, &h[1]);
    }
    if (c2d_is_compound(p) || !c2d_turning_convex(p)) { ps->failed = 1; return 0; }
    gx = dmax(0, dmax(p->bounds.minx - ps->box.maxx, ps->box.minx - p->bounds.maxx));
    gy = dmax(0, dmax(p->bounds.miny - ps->box.maxy, ps->box.miny - p->bounds.maxy));
    if (ps->t + (c2d_hypot(gx, gy) - tn->tol / 2) / ps->full >= ps->best) return 1; /* (too far to come first) */
    c2d_body(&tn->by, p, &o);
    if (!ps->cores || tn->by.type != BODY_POLY) return posed_step(ps, p);
    if (!c2d_turning_core_distance(tn, o, &d)) { ps->failed = 1; return 0; }
    if (!(d.distance > tn->tol / 2)) { ps->best = ps->t; return 0; } /* (nothing to gain) */
    n = vsub(d.a, d.b);
    n = n.x != 0 || n.y != 0 ? vunit(n) : n;
    {
        body x = c2d_turning_moved_core(tn);
        step = c2d_turning_plain_step(tn, ps->t, d.distance, &x, &tn->by, n, 1);
    }
    if (step <= 1 && (n.x != 0 || n.y != 0)) step = c2d_turning_separations(tn, ps->t, step, n);
    ps->best = dmin(ps->best, step);
    return ps->best > ps->t;
}

/* Each piece of x (a compound's, walked into its members) against y's. */
static void x_pieces(piece_steps *ps, const c2d_shape *x)
{
    turning *tn = ps->tn;
    double r;
    int i;
    if (c2d_is_compound(x)) {
        piece_walk w;
        const c2d_shape *p;
        c2d_walk_start(&w, x);
        while (!ps->failed && ps->best > ps->t && (p = c2d_walk_next(&w, &x->bounds, 0)) != NULL) x_pieces(ps, p);
        return;
    }
    if (c2d_wide_fan(x)) { /* (its two halves, each convex) */
        c2d_shape h[2];
        c2d_fan_halves(x, h);
        x_pieces(ps, &h[0]);
        if (!ps->failed && ps->best > ps->t) x_pieces(ps, &h[1]);
        return;
    }
    if (x->kind == C2D_TILES || !c2d_turning_convex(x)) { ps->failed = 1; return; }
    c2d_body(&tn->bx, x, &tn->px);
    ps->xp = x;
    ps->cores = tn->bx.type == BODY_POLY && tn->bx.n <= C2D_MAX_VERTICES;
    ps->posed = 0;
    tn->rx = c2d_reach_from(x, tn->px);
    tn->directional = 0;
    ps->full = c2d_turning_speed(tn, ps->t, v2(0, 0));
    tn->directional = 1; /* (a convex pair of pieces) */
    if (!(ps->full > 0)) return; /* (it does not move) */
    if (!ps->cores) {
        /* (a Fan: placed whole, its box the pose's) */
        if (c2d_turning_place(tn, x, ps->t) != C2D_OK) { ps->failed = 1; return; }
        ps->posed = 1;
        ps->box = tn->pose.bounds;
    } else {
        c2d_turning_core_at(tn, ps->t);
        ps->box.minx = ps->box.maxx = tn->moved[0].x;
        ps->box.miny = ps->box.maxy = tn->moved[0].y;
        for (i = 1; i < tn->bx.n; i++) {
            ps->box.minx = dmin(ps->box.minx, tn->moved[i].x);
            ps->box.maxx = dmax(ps->box.maxx, tn->moved[i].x);
            ps->box.miny = dmin(ps->box.miny, tn->moved[i].y);
            ps->box.maxy = dmax(ps->box.maxy, tn->moved[i].y);
        }
        r = tn->bx.r + tn->bx.tol;
        ps->box.minx -= r; ps->box.miny -= r; ps->box.maxx += r; ps->box.maxy += r;
    }
    /* the pieces of y it can reach before the least step found so far */
    y_pieces(ps, tn->y, ps->full * (dmin(ps->best, 1) - ps->t) + tn->tol);
}

/* From t, where the plain step reaches next: the pieces' step when longer. */
double c2d_turning_pieces_next(turning *tn, double t, double next)
{
    piece_steps ps;
    const c2d_shape *x = tn->x;
    double rx = tn->rx;
    ps.tn = tn;
    ps.t = t;
    ps.best = HUGE_VAL;
    ps.failed = 0;
    x_pieces(&ps, x);
    tn->x = x;
    tn->rx = rx;
    tn->directional = 0;
    return ps.failed ? next : dmax(next, ps.best);
}
