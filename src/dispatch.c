/*
 * The pair queries' public entry points (collide2d.h): each one's opening,
 * then the compound layer (compound_query.c, compound_contact.c) or the
 * convex one (query.c, contact.c, sweep.c).
 *
 * A sweep or a raycast whose motion is far beyond the pair's size is first
 * cut to where the boxes can meet (below); a pair with a compound goes to
 * its pieces, which come back here; the rest is convex.
 */
#include <float.h>
#include <string.h>
#include "tiles.h"
#include "hits.h"
#include "convex.h"

int c2d_hits(const c2d_shape *a, const c2d_shape *b)
{
    /* The two commonest pairs without a call. */
    if (a->kind == b->kind && a->kind == C2D_DISK) return c2d_hits_round_round(a, b);
    if (a->kind == b->kind && a->kind == C2D_AABB) return c2d_hits_aabb_aabb(a, b);
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return c2d_tiles_hits(a, b);
    if (c2d_is_compound(a) || c2d_is_compound(b)) return c2d_compound_hits(a, b);
    if ((unsigned)a->kind >= C2D_KIND_COUNT || (unsigned)b->kind >= C2D_KIND_COUNT) return 0;
    {
        const pair_hits *p = &c2d_hits_table[a->kind][b->kind];
        return p->swapped ? p->fn(b, a) : p->fn(a, b);
    }
}

int c2d_contains(const c2d_shape *s, double x, double y)
{
    c2d_shape p;
    c2d_point_at(&p, v2(x, y));
    return c2d_hits(s, &p);
}

c2d_distance_result c2d_distance(const c2d_shape *a, const c2d_shape *b)
{
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return c2d_tiles_distance(a, b);
    if (c2d_is_compound(a) || c2d_is_compound(b)) return c2d_compound_distance(a, b);
    return c2d_convex_distance(a, b);
}

c2d_error c2d_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) {
        c2d_tiles_contact(a, b, out);
        return C2D_OK;
    }
    /* a fan opened beyond pi is not convex: its halves are taken as a compound's pieces */
    if (c2d_is_compound(a) || c2d_is_compound(b) || c2d_wide_fan(a) || c2d_wide_fan(b)) {
        c2d_compound_contact(a, b, out);
        return C2D_OK;
    }
    return c2d_convex_contact(a, b, out);
}

/*
 * Motion far beyond the pair's size. Scaling the pair by the motion's
 * magnitude would shrink the shapes past the range of squares, so a motion
 * more than 2^C2D_RANGE times the pair's magnitude is first cut to the times
 * at which the pair's boxes can meet: the slab test of the motion against
 * the box of meeting offsets (comparisons and one division per axis, no
 * squares), on boxes padded by C2D_CLIP_PAD of the magnitude, far above the
 * rounding of their offsets (2^-52), so a touch is never cut off. Nothing
 * meets beyond the boxes' exit, so the query is the same on the motion
 * shortened to a power of two past it: exact, the start does not move (the
 * touching contract is untouched) and t scales back exactly. Within
 * 2^C2D_RANGE, the ordinary paths stand as they are.
 */
#define C2D_CLIP_PAD 0x1p-32
/* The windows a power of two can stand for with room to spare: 2^+-1020
 * keeps the shortened motion and its t clear of the subnormals and of
 * overflow (the double exponent range is about 2^+-1022). */
#define C2D_CLIP_WINDOW_MIN 0x1p-1020
#define C2D_CLIP_WINDOW_MAX 0x1p1020

/* The pair's magnitude (0, or not finite: no clipping). */
static double bounds_magnitude(const c2d_bounds *b)
{
    return dmax(dmax(fabs(b->minx), fabs(b->maxx)), dmax(fabs(b->miny), fabs(b->maxy)));
}

/* A ray's magnitude: its shape's and its start's. */
static double ray_magnitude(const c2d_shape *s, c2d_vec origin)
{
    return dmax(bounds_magnitude(&s->bounds), dmax(fabs(origin.x), fabs(origin.y)));
}

/* A motion v (t in [0, 1]) this many times the magnitude m is clipped. */
static int huge_motion(double reach, double m)
{
    return m > 0 && m < C2D_INF && reach > C2D_RANGE_HI * m;
}

/*
 * The offset t*v, t >= 0, against the box [x0, x1] x [y0, y1] padded by pad:
 * 0 when it never meets it, else 1 with the (padded) entry and exit times.
 */
static int slab_window(c2d_vec v, double x0, double x1, double y0, double y1, double pad, double *enter,
                       double *leave)
{
    double lo[2], hi[2], d[2];
    int i;
    lo[0] = x0 - pad; hi[0] = x1 + pad; d[0] = v.x;
    lo[1] = y0 - pad; hi[1] = y1 + pad; d[1] = v.y;
    *enter = 0;
    *leave = C2D_INF;
    for (i = 0; i < 2; i++) {
        if (d[i] == 0) {
            if (!(lo[i] <= 0 && 0 <= hi[i])) return 0;
            continue;
        }
        *enter = dmax(*enter, (d[i] > 0 ? lo[i] : hi[i]) / d[i]);
        *leave = dmin(*leave, (d[i] > 0 ? hi[i] : lo[i]) / d[i]);
    }
    return *enter <= *leave;
}

/* The exponent k <= 0 that shortens v to a power of two past the window's
 * exit, or 1 when that is not exact (a window too short, a component that
 * would leave the normal doubles). */
static int shortening(c2d_vec v, double leave)
{
    int k;
    if (leave >= 1) return 0;
    /* A window below the normal doubles (a motion near the largest double)
     * still shortens exactly while no component of the motion leaves them;
     * t then scales back with only the rounding of so small a number. */
    if (!(leave > 0)) return 1;
    k = ilogb(leave) + 2;
    if (k > 0) return 0;
    if (ldexp(ldexp(v.x, k), -k) != v.x || ldexp(ldexp(v.y, k), -k) != v.y) return 1;
    return k;
}

/*
 * A sweep whose motion is far beyond the pair (m its magnitude), on the
 * motion relative to b cut to the boxes' window (b's own motion only moves
 * the point). Returns 0, deciding nothing, when the cut would not be exact.
 * The shortened motion is within 8 m, so the query it makes is not clipped
 * again.
 */
static C2D_NOINLINE int sweep_clipped(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db, double m,
                                      c2d_sweep_result *r)
{
    c2d_vec v = vsub(da, db);
    const c2d_bounds *x = &a->bounds, *y = &b->bounds;
    double enter, leave;
    int k;
    if (!(isfinite(v.x) && isfinite(v.y))) return 0;
    r->hit = 0;
    r->t = 0;
    r->normal = r->point = v2(0, 0);
    if (!slab_window(v, y->minx - x->maxx, y->maxx - x->minx, y->miny - x->maxy, y->maxy - x->miny, C2D_CLIP_PAD * m,
                     &enter, &leave) || enter > 1)
        return 1;
    if ((k = shortening(v, leave)) > 0) return 0;
    *r = c2d_sweep(a, vldexp(v, k), b, v2(0, 0));
    r->t = ldexp(r->t, k);
    r->point = vadd(r->point, vscale(db, r->t));
    return 1;
}

/*
 * A ray whose reach is far beyond the shape and its start (m): the ray cut
 * to the shape's box, maxt shortened to a power of two past its exit, which
 * scales exactly. Returns 0, deciding nothing, when that would not be exact.
 */
static C2D_NOINLINE int raycast_clipped(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt,
                                        c2d_sweep_result *r)
{
    const c2d_bounds *b = &s->bounds;
    double m = ray_magnitude(s, origin), enter, leave;
    int k;
    if (!(isfinite(dir.x) && isfinite(dir.y) && isfinite(maxt))) return 0;
    r->hit = 0;
    r->t = 0;
    r->normal = r->point = v2(0, 0);
    if (!slab_window(dir, b->minx - origin.x, b->maxx - origin.x, b->miny - origin.y, b->maxy - origin.y,
                     C2D_CLIP_PAD * m, &enter, &leave) || enter > maxt)
        return 1;
    if (leave < C2D_CLIP_WINDOW_MIN && leave > 0) {
        /* A direction so long that the box is crossed in less than the
         * window: the same ray with dir shortened by a power of two (exact
         * while no component leaves the normal doubles) and maxt lengthened
         * by it; t scales back exactly, but for the rounding of a t below
         * the normal doubles. */
        int j = ilogb(m) - ilogb(dmax(fabs(dir.x), fabs(dir.y))) + 3;
        c2d_vec d = vldexp(dir, j);
        double mt = ldexp(maxt, -j);
        if (j >= 0 || ldexp(d.x, -j) != dir.x || ldexp(d.y, -j) != dir.y || !isfinite(mt)) return 0;
        *r = c2d_raycast(s, origin, d, mt);
        r->t = ldexp(r->t, j);
        return 1;
    }
    if (!(leave >= C2D_CLIP_WINDOW_MIN && leave <= C2D_CLIP_WINDOW_MAX)) return 0;
    k = ilogb(leave) + 2;
    if (!(ldexp(1, k) < maxt)) return 0;
    *r = c2d_raycast(s, origin, dir, ldexp(1, k));
    return 1;
}

/* A Line's magnitude: its two points' (its bounds are infinite). */
static double line_magnitude(const c2d_shape *l)
{
    return dmax(dmax(fabs(l->p[0].x), fabs(l->p[0].y)), dmax(fabs(l->p[1].x), fabs(l->p[1].y)));
}

/* A shape's magnitude as the clipping takes it: a Line's points, else its bounds. */
static double clip_magnitude(const c2d_shape *s)
{
    return s->kind == C2D_LINE ? line_magnitude(s) : bounds_magnitude(&s->bounds);
}

/*
 * sweep_clipped for a pair with a Line, whose box is the whole plane: the
 * window is when the other's box (or, for two parallel Lines, the other
 * Line) spans the line, measured across it, padded as there. Crossing
 * Lines, or a box on the line moving along it, meet for all time: the
 * motion is shortened to a few times m, which keeps its direction and
 * changes no answer. Returns 0, deciding nothing, when that is not exact.
 */
static C2D_NOINLINE int sweep_line_clipped(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db, double m,
                                           c2d_sweep_result *r)
{
    const c2d_shape *l = a->kind == C2D_LINE ? a : b, *x = l == a ? b : a;
    c2d_vec v = vsub(da, db), u = l == a ? vscale(v, -1) : v, e = vsub(l->p[1], l->p[0]), along = v2(0, 0);
    double len, pad = C2D_CLIP_PAD * m, lo, hi, speed, enter = 0, leave = C2D_INF, reach;
    int k;
    if (!(isfinite(v.x) && isfinite(v.y) && isfinite(e.x) && isfinite(e.y)) || (e.x == 0 && e.y == 0)) return 0;
    /* The line's direction scaled by a power of two to about 1 (exact), so
     * that neither its length squared nor its products with the motion
     * leave the doubles however near or far apart its points are. */
    e = vldexp(e, -ilogb(dmax(fabs(e.x), fabs(e.y))));
    len = vlen(e);
    r->hit = 0;
    r->t = 0;
    r->normal = r->point = v2(0, 0);
    if (x->kind == C2D_LINE) {
        if (vcross(e, vsub(x->p[1], x->p[0])) != 0) {
            lo = -C2D_INF;
            hi = C2D_INF;
        } else {
            lo = hi = vcross(e, vsub(x->p[0], l->p[0])) / len;
        }
    } else {
        const c2d_bounds *bx = &x->bounds;
        c2d_vec c[4];
        int i;
        c[0] = v2(bx->minx, bx->miny);
        c[1] = v2(bx->maxx, bx->miny);
        c[2] = v2(bx->minx, bx->maxy);
        c[3] = v2(bx->maxx, bx->maxy);
        lo = C2D_INF;
        hi = -C2D_INF;
        for (i = 0; i < 4; i++) {
            double d = vcross(e, vsub(c[i], l->p[0])) / len;
            lo = dmin(lo, d);
            hi = dmax(hi, d);
        }
    }
    lo -= pad;
    hi += pad;
    speed = vcross(e, u) / len;
    if (!isfinite(speed)) return 0;
    if (speed == 0) {
        if (!(lo <= 0 && 0 <= hi)) return 1; /* beside the line, moving along it */
    } else {
        double ta = -lo / speed, tb = -hi / speed;
        enter = dmax(0, dmin(ta, tb));
        leave = dmax(ta, tb);
        if (!(enter <= leave) || enter > 1) return 1;
    }
    reach = dmax(fabs(v.x), fabs(v.y));
    if (leave < C2D_INF) {
        k = leave >= 1 ? 0 : ilogb(leave) + 2;
        if (k > 0) k = 0;
        if (huge_motion(ldexp(reach, k), m)) {
            /* A motion so nearly along the line that the window spans far
             * more than the shapes: the part of it along the line changes
             * nothing (a Line is the same set shifted along itself), so the
             * query runs on the part across the line, whose window is a few
             * times m, and the point is carried along after. */
            c2d_vec across = vscale(vperp(e), vcross(e, v) / (len * len));
            if (!(isfinite(across.x) && isfinite(across.y))) return 0;
            along = vsub(v, across);
            v = across;
            reach = dmax(fabs(v.x), fabs(v.y));
        }
    } else {
        k = reach > 0 ? ilogb(m > 0 ? m : 1) - ilogb(reach) + 3 : 0;
        if (k > 0) k = 0;
    }
    /* The shortened query is never clipped again. */
    if (ldexp(ldexp(v.x, k), -k) != v.x || ldexp(ldexp(v.y, k), -k) != v.y || huge_motion(ldexp(reach, k), m))
        return 0;
    *r = c2d_sweep(a, vldexp(v, k), b, v2(0, 0));
    r->t = ldexp(r->t, k);
    if (r->hit && l == b) r->point = vadd(r->point, vscale(along, r->t));
    r->point = vadd(r->point, vscale(db, r->t));
    return 1;
}

/*
 * A fan opened beyond pi is swept as its two convex halves, split along its
 * bisector. A shape lying along that seam overlaps the fan, though it only
 * touches each half: the whole fan's contact (its halves taken as a
 * compound's pieces) decides a start in overlap, as it does for a compound.
 * (Against a Line the halves' own answer stands: contact pushes the fan to
 * a side of the line.)
 */
static C2D_NOINLINE c2d_sweep_result wide_fan_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    c2d_sweep_result r;
    c2d_contact_result c;
    if (a->kind != C2D_LINE && b->kind != C2D_LINE && c2d_hits(a, b)) {
        c2d_compound_contact(a, b, &c);
        /* (the allowance from the pair in canonical order: the same either
         * way round, as the answer must be) */
        if (c.hit && c.depth > (c2d_shape_order(a, b) <= 0 ? c2d_rest_depth(a, b) : c2d_rest_depth(b, a))) {
            r.hit = 1;
            r.t = 0;
            r.normal = c.normal;
            r.point = c2d_distance(a, b).a;
            return r;
        }
    }
    return c2d_convex_sweep(a, da, b, db);
}

/* The sweep or ray past the clipping (compounds to their pieces), kept out
 * of line from the entry points so that they hand an ordinary query on with
 * no frame of their own. */
static c2d_sweep_result sweep_on(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) return c2d_tiles_sweep(a, da, b, db);
    if (c2d_is_compound(a) || c2d_is_compound(b)) return c2d_compound_sweep(a, da, b, db);
    if (c2d_wide_fan(a) || c2d_wide_fan(b)) return wide_fan_sweep(a, da, b, db);
    return c2d_convex_sweep(a, da, b, db);
}

static C2D_NOINLINE c2d_sweep_result sweep_huge(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db,
                                                double m)
{
    c2d_sweep_result r;
    if (a->kind == C2D_LINE || b->kind == C2D_LINE ? sweep_line_clipped(a, da, b, db, m, &r)
                                                   : sweep_clipped(a, da, b, db, m, &r))
        return r;
    return sweep_on(a, da, b, db);
}

c2d_sweep_result c2d_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    double reach = dmax(dmax(fabs(da.x), fabs(da.y)), dmax(fabs(db.x), fabs(db.y)));
    double m = dmax(clip_magnitude(a), clip_magnitude(b));
    if (huge_motion(reach, m)) return sweep_huge(a, da, b, db, m);
    return sweep_on(a, da, b, db);
}

static C2D_NOINLINE c2d_sweep_result raycast_huge(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    c2d_sweep_result r;
    if (raycast_clipped(s, origin, dir, maxt, &r)) return r;
    if (s->kind == C2D_TILES) return c2d_tiles_raycast(s, origin, dir, maxt);
    if (c2d_is_compound(s)) return c2d_compound_raycast(s, origin, dir, maxt);
    return c2d_convex_raycast(s, origin, dir, maxt);
}

c2d_sweep_result c2d_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    double reach;
    /* (the commonest ray, with nothing to scale or clip) */
    if (c2d_disk_ray_plain(s, origin, dir, maxt)) return c2d_disk_raycast(s, origin, dir, maxt);
    if (!(maxt >= 0)) {
        /* [0, maxt] holds no t (the C API lets a negative maxt through) */
        c2d_sweep_result none;
        memset(&none, 0, sizeof none);
        return none;
    }
    reach = dmax(fabs(dir.x), fabs(dir.y)) * maxt;
    /* The start's own magnitude settles most rays without the shape's. */
    if (!(reach <= C2D_RANGE_HI * dmax(fabs(origin.x), fabs(origin.y))) && huge_motion(reach, ray_magnitude(s, origin)))
        return raycast_huge(s, origin, dir, maxt);
    if (s->kind == C2D_TILES) return c2d_tiles_raycast(s, origin, dir, maxt);
    if (c2d_is_compound(s)) return c2d_compound_raycast(s, origin, dir, maxt);
    return c2d_convex_raycast(s, origin, dir, maxt);
}
