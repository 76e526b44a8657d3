/*
 * Sight: whether a point sees a shape past others.
 *
 * A point p of a target is seen from o when the segment from o to p meets no
 * blocker before p (a blocker met at p itself does not hide it: the target
 * is reached there). The target is seen when one of its points is, within
 * the view (a radius about o and, for a fan, an opening about a direction).
 *
 * Along a ray from o, the first point of the target and the first of each
 * blocker move continuously with the ray's direction while the ray stays on
 * the same features; which comes first can change only at a direction through
 * a silhouette point (a vertex, or where a ray grazes a round part) of the
 * target or of a blocker, or an edge of the view. So the rays through every
 * such direction, and one between each two neighbouring ones, decide it:
 * each is cast with the exact raycast, and a ray that reaches the target with
 * no blocker before is the answer. Where two shapes overlap, which comes
 * first also changes where their outlines cross: those directions are taken
 * too, but for a tile layer's pieces and for polygons of more than 16
 * vertices (there, a sliver seen only between such a crossing and the next
 * direction can be missed).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "compound.h"
#include "sort.h"
#include "tiles.h"
#include "sight.h"

/* The directions gathered (or, with span set, the least and greatest angle
 * of them from the direction c), and how many would have been. */
typedef struct dirs {
    c2d_vec o;
    double radius; /* the view's (HUGE_VAL: none) */
    double near;   /* how near the shape whose directions are added comes (squared) */
    double tol;    /* > 0: round parts' arcs sampled, no chord farther than tol from its arc */
    c2d_sight_dir *v;
    int n, room;
    int span;
    c2d_vec c;
    double lo, hi;
} dirs;

static void add(dirs *d, c2d_vec v)
{
    if (v.x == 0 && v.y == 0) return;
    if (d->span) {
        double a = c2d_atan2(vcross(d->c, v), vdot(d->c, v));
        d->lo = dmin(d->lo, a);
        d->hi = dmax(d->hi, a);
        return;
    }
    if (d->n < d->room) {
        d->v[d->n].d = v;
        d->v[d->n].angle = c2d_atan2(v.y, v.x);
        d->v[d->n].dist2 = d->near;
    }
    d->n++;
}

/* The two directions from the origin that graze a circle of radius r about
 * c (relative to the origin); none when the origin is within it. */
static void tangents(dirs *d, c2d_vec c, double r)
{
    double l = vlen(c), s, k;
    if (!(l > r)) return;
    s = r / l;
    k = sqrt((1 - s) * (1 + s));
    add(d, v2(k * c.x - s * c.y, s * c.x + k * c.y));
    add(d, v2(k * c.x + s * c.y, -s * c.x + k * c.y));
}

/* Where the view's circle (radius d->radius about the origin) crosses the
 * line through p along e, and the circle of radius r about c: beyond the
 * radius a shape is not seen, so these bound what is, as silhouettes do. */
static void circle_line(dirs *d, c2d_vec p, c2d_vec e, int segment)
{
    double l = vlen(e), b, q, disc, s;
    int k;
    if (!(d->radius < HUGE_VAL) || !(l > 0)) return;
    b = vdot(p, e) / l;
    q = vdot(p, p) - d->radius * d->radius;
    disc = b * b - q;
    if (disc < 0) return;
    disc = sqrt(disc);
    for (k = 0; k < 2; k++) {
        s = (k ? -b + disc : -b - disc) / l; /* along e, 0 at p and 1 at p + e */
        /* (an edge's own crossings, and a little beyond its ends for rounding) */
        if (!segment || (s >= -1e-9 && s <= 1 + 1e-9)) add(d, vadd(p, vscale(e, s)));
    }
}

static void circle_circle(dirs *d, c2d_vec c, double r)
{
    double l = vlen(c), a, h2, R = d->radius;
    c2d_vec u;
    if (!(R < HUGE_VAL) || !(l > 0) || !(r > 0)) return;
    a = (R * R - r * r + l * l) / (2 * l);
    h2 = R * R - a * a;
    if (h2 < 0) return;
    u = vscale(c, 1 / l);
    h2 = sqrt(h2);
    add(d, v2(a * u.x - h2 * u.y, a * u.y + h2 * u.x));
    add(d, v2(a * u.x + h2 * u.y, a * u.y - h2 * u.x));
}

/* The angle step whose chords of a circle of radius r stay within tol of it
 * (at least 1/4096 of a turn). */
static double arc_step(double r, double tol)
{
    double c = 1 - tol / r;
    return c <= 0 ? C2D_PI / 2 : dmax(c2d_acos(c) * 2, 2 * C2D_PI / 4096);
}

/* Directions to points along the arc of radius r about c from angle a0 by
 * span (<= 2 pi), at most tol from its chords. */
static void arc_samples(dirs *d, c2d_vec c, double r, double a0, double span)
{
    double step = arc_step(r, d->tol);
    int k, m = (int)ceil(span / step);
    for (k = 0; k <= m; k++) {
        double a = a0 + span * k / m, co, si;
        c2d_sincos(a, &co, &si);
        add(d, v2(c.x + r * co, c.y + r * si));
    }
}

/* The silhouette directions of a convex leaf, from d->o, and where its
 * outline crosses the view's circle (its edges' lines, offset by a round
 * shape's radius either way, and its corners' circles: a few to spare). */
static void leaf_directions(dirs *d, const c2d_shape *s)
{
    body b;
    int i;
    c2d_body(&b, s, &d->o);
    if (b.type == BODY_LINE) {
        add(d, c2d_bv(&b, 1));
        add(d, vscale(c2d_bv(&b, 1), -1));
        circle_line(d, c2d_bv(&b, 0), c2d_bv(&b, 1), 0);
        return;
    }
    if (b.type == BODY_FAN) {
        c2d_vec apex = c2d_bv(&b, 0), e1 = c2d_arc_end(&b, 0), e2 = c2d_arc_end(&b, 1);
        add(d, apex);
        add(d, e1);
        add(d, e2);
        tangents(d, apex, b.r);
        circle_line(d, apex, vsub(e1, apex), 1);
        circle_line(d, apex, vsub(e2, apex), 1);
        circle_circle(d, apex, b.r);
        if (d->tol > 0) {
            double a1 = c2d_atan2(e1.y - apex.y, e1.x - apex.x), a2 = c2d_atan2(e2.y - apex.y, e2.x - apex.x);
            double span = a1 - a2;
            while (span < 0) span += 2 * C2D_PI;
            arc_samples(d, apex, b.r, a2, span);
        }
        return;
    }
    for (i = 0; i < b.n; i++) {
        c2d_vec v = c2d_bv(&b, i), e = vsub(c2d_bv(&b, c2d_next(i, b.n)), v);
        if (b.r > 0) tangents(d, v, b.r);
        else add(d, v);
        circle_circle(d, v, b.r);
        if (d->tol > 0 && b.r > 0) arc_samples(d, v, b.r, 0, 2 * C2D_PI);
        if (b.n > 1 && (e.x != 0 || e.y != 0)) {
            c2d_vec n = vscale(v2(-e.y, e.x), b.r / vlen(e));
            circle_line(d, v, e, 1);
            if (b.r > 0) {
                circle_line(d, vadd(v, n), e, 1);
                circle_line(d, vsub(v, n), e, 1);
            }
        }
    }
}

typedef struct tile_dirs {
    dirs *d;
} tile_dirs;

static int tile_directions(void *ud, const c2d_shape *piece)
{
    leaf_directions(((tile_dirs *)ud)->d, piece);
    return 1;
}

static void directions(dirs *d, const c2d_shape *s, const c2d_bounds *box)
{
    if (s->kind == C2D_TILES) {
        tile_range rg;
        tile_dirs td;
        td.d = d;
        if (c2d_tile_range(s, box, 0, &rg)) c2d_tiles_each(s, &rg, box, 0, tile_directions, &td, NULL);
    } else if (c2d_is_compound(s)) {
        int i;
        for (i = 0; i < s->compound->count; i++) leaf_directions(d, &s->pieces[i]);
    } else {
        leaf_directions(d, s);
    }
}

/* Where two shapes overlap, the outline of what a ray meets first turns from
 * one to the other where their outlines cross: those points are directions
 * too. A convex leaf's outline as straight pieces and circles (a rounded
 * shape's offset edges and corner circles, a Fan's edges and circle). */
typedef struct outline_piece {
    int circle;
    c2d_vec p, q; /* a segment p to q, or a circle about p */
    double r;
} outline_piece;

enum { OUTLINE_ROOM = 48 };

static int outline_pieces(const c2d_shape *s, c2d_vec o, outline_piece *f)
{
    body b;
    int i, k = 0;
    if (c2d_is_compound(s) || s->kind == C2D_TILES || s->kind == C2D_LINE) return 0;
    c2d_body(&b, s, &o);
    if (b.type == BODY_FAN) {
        c2d_vec apex = c2d_bv(&b, 0);
        f[0].circle = 0; f[0].p = apex; f[0].q = c2d_arc_end(&b, 0);
        f[1].circle = 0; f[1].p = apex; f[1].q = c2d_arc_end(&b, 1);
        f[2].circle = 1; f[2].p = apex; f[2].r = b.r;
        return 3;
    }
    if (b.type != BODY_POLY || 3 * b.n > OUTLINE_ROOM) return 0;
    for (i = 0; i < b.n; i++) {
        c2d_vec v = c2d_bv(&b, i), w = c2d_bv(&b, c2d_next(i, b.n)), e = vsub(w, v);
        if (b.r > 0) {
            f[k].circle = 1; f[k].p = v; f[k].r = b.r; k++;
        }
        if (b.n < 2 || (b.n == 2 && i == 1) || (e.x == 0 && e.y == 0)) continue;
        if (b.r > 0) {
            c2d_vec n = vscale(v2(e.y, -e.x), b.r / vlen(e));
            f[k].circle = 0; f[k].p = vadd(v, n); f[k].q = vadd(w, n); k++;
            f[k].circle = 0; f[k].p = vsub(v, n); f[k].q = vsub(w, n); k++;
        } else {
            f[k].circle = 0; f[k].p = v; f[k].q = w; k++;
        }
    }
    return k;
}

/* The points where two pieces of outline cross, as directions. */
static void cross_pieces(dirs *d, const outline_piece *a, const outline_piece *b)
{
    const double slack = 1e-9;
    if (a->circle && b->circle) {
        c2d_vec c = vsub(b->p, a->p), u;
        double l = vlen(c), x, h2;
        if (!(l > 0)) return;
        x = (a->r * a->r - b->r * b->r + l * l) / (2 * l);
        h2 = a->r * a->r - x * x;
        if (h2 < 0) return;
        u = vscale(c, 1 / l);
        h2 = sqrt(h2);
        add(d, vadd(a->p, v2(x * u.x - h2 * u.y, x * u.y + h2 * u.x)));
        add(d, vadd(a->p, v2(x * u.x + h2 * u.y, x * u.y - h2 * u.x)));
        return;
    }
    if (a->circle || b->circle) {
        const outline_piece *c = a->circle ? a : b, *g = a->circle ? b : a;
        c2d_vec e = vsub(g->q, g->p), m = vsub(g->p, c->p);
        double ee = vdot(e, e), bq = vdot(m, e), cq = vdot(m, m) - c->r * c->r, disc, t;
        int k;
        if (!(ee > 0)) return;
        disc = bq * bq - ee * cq;
        if (disc < 0) return;
        disc = sqrt(disc);
        for (k = 0; k < 2; k++) {
            t = (k ? -bq + disc : -bq - disc) / ee;
            if (t >= -slack && t <= 1 + slack) add(d, vadd(g->p, vscale(e, t)));
        }
        return;
    }
    {
        c2d_vec e = vsub(a->q, a->p), f = vsub(b->q, b->p), g = vsub(b->p, a->p);
        double den = vcross(e, f), t, u;
        if (den == 0) return;
        t = vcross(g, f) / den;
        u = vcross(g, e) / den;
        if (t >= -slack && t <= 1 + slack && u >= -slack && u <= 1 + slack) add(d, vadd(a->p, vscale(e, t)));
    }
}

static int boxes_cross(const c2d_shape *a, const c2d_shape *b)
{
    return a->bounds.minx <= b->bounds.maxx && b->bounds.minx <= a->bounds.maxx && a->bounds.miny <= b->bounds.maxy &&
           b->bounds.miny <= a->bounds.maxy;
}

/* The crossings of the outlines of two convex leaves whose boxes meet. */
static void leaf_crossings(dirs *d, const c2d_shape *a, const c2d_shape *b)
{
    outline_piece fa[OUTLINE_ROOM], fb[OUTLINE_ROOM];
    int na, nb, i, j;
    if (!boxes_cross(a, b)) return;
    na = outline_pieces(a, d->o, fa);
    nb = na > 0 ? outline_pieces(b, d->o, fb) : 0;
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) cross_pieces(d, &fa[i], &fb[j]);
}

/* The same for two shapes, a Concave's or a Group's pieces each (a tile
 * layer's pieces are left out). */
static void crossings(dirs *d, const c2d_shape *a, const c2d_shape *b)
{
    int i, j, na, nb;
    if (!boxes_cross(a, b) || a->kind == C2D_TILES || b->kind == C2D_TILES) return;
    na = c2d_is_compound(a) ? a->compound->count : 1;
    nb = c2d_is_compound(b) ? b->compound->count : 1;
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++)
            leaf_crossings(d, c2d_is_compound(a) ? &a->pieces[i] : a, c2d_is_compound(b) ? &b->pieces[j] : b);
}

/* Order by angle, (-pi, pi]. */
static int by_angle(const void *a, const void *b)
{
    double x = ((const c2d_sight_dir *)a)->angle, y = ((const c2d_sight_dir *)b)->angle;
    return x < y ? -1 : x > y;
}

/* Is direction u within the view's opening. */
static int in_opening(const c2d_view *v, c2d_vec u)
{
    double c, s;
    if (!(v->opening < 2 * C2D_PI)) return 1;
    c = vdot(u, v->dir);
    s = fabs(vcross(v->dir, u));
    /* the angle from dir, atan2(s, c), within half the opening */
    return c2d_atan2(s, c) <= v->opening / 2;
}



/* The span of angles s covers seen from o (a little wider, for their
 * rounding): 0 with [*lo, *hi], or 1 when it is half a turn or more (or
 * holds o, or cannot tell). */
static int span_of(c2d_vec o, const c2d_shape *s, const c2d_bounds *box, double *lo, double *hi)
{
    dirs span;
    memset(&span, 0, sizeof span);
    span.o = o;
    span.radius = HUGE_VAL;
    span.span = 1;
    span.c = vsub(c2d_center(s), o);
    span.lo = HUGE_VAL;
    span.hi = -HUGE_VAL;
    if (span.c.x == 0 && span.c.y == 0) return 1;
    directions(&span, s, box);
    if (!(span.lo <= span.hi && span.hi - span.lo < C2D_PI)) return 1;
    {
        double at = c2d_atan2(span.c.y, span.c.x);
        *lo = at + span.lo - 1e-9;
        *hi = at + span.hi + 1e-9;
    }
    return 0;
}

/* Does no blocker meet the ray from o along u before t. */
static int clear(c2d_vec o, c2d_vec u, double t, const sight_set *bl, const c2d_shape *self, int *hider)
{
    double far = 0, angle = 0;
    int i;
    if (bl->it != NULL) {
        /* a blocker whose box lies beyond where the ray meets b, or whose
         * span the ray is not in, cannot meet it before */
        double reach = t * vlen(u);
        far = reach * reach * (1 + 16 * DBL_EPSILON) + c2d_ulps(16, fabs(o.x) + fabs(o.y));
        angle = c2d_atan2(u.y, u.x);
    }
    for (i = 0; i < bl->n; i++) {
        c2d_sweep_result k;
        if (bl->s[i] == self) continue;
        if (bl->it != NULL) {
            if (bl->it[i].d2 > far) break;
            if (!bl->it[i].full && !c2d_angle_within(angle, bl->it[i].lo, bl->it[i].hi)) continue;
        }
        k = c2d_raycast(bl->s[i], o, u, t);
        if (k.hit && k.t < t) {
            *hider = i;
            return 0;
        }
    }
    return 1;
}

/* The ray along u from the view's origin: does it reach b (within the
 * radius) before every blocker; *t where, *hider the first blocker before. */
static int ray_sees(const c2d_view *v, const c2d_shape *b, const sight_set *bl, c2d_vec u,
                    double reach, c2d_vec *point, int *hider)
{
    double l = vlen(u), maxt;
    c2d_sweep_result r;
    if (!(l > 0) || !in_opening(v, vscale(u, 1 / l))) return 0;
    maxt = dmin(v->radius, reach) / l * (1 + 4 * DBL_EPSILON);
    if (!(maxt < HUGE_VAL)) maxt = DBL_MAX / 4 / l;
    r = c2d_raycast(b, v->o, u, maxt);
    if (!r.hit) return 0;
    if (v->radius < HUGE_VAL && !(r.t * l <= v->radius)) return 0;
    if (!clear(v->o, u, r.t, bl, b, hider)) return 0;
    /* The point (on b's outline to rounding), and the ray through it as a
     * caller casts it, from o toward the point: rounding may have moved it
     * off a ray that grazes b or a blocker. */
    *point = vadd(v->o, vscale(u, r.t));
    /* (a point at the radius may round out of the view: drawn in by ulps) */
    if (v->radius < HUGE_VAL && !c2d_pt_pt_within(*point, v->o, v->radius, 0))
        *point = vadd(v->o, vscale(vsub(*point, v->o), 1 - 4 * DBL_EPSILON));
    u = vsub(*point, v->o);
    r = c2d_raycast(b, v->o, u, 2);
    /* (b met within the point's rounding, in units of u) */
    l = c2d_ulps(8, fabs(v->o.x) + fabs(v->o.y) + fabs(point->x) + fabs(point->y)) / vlen(u);
    return r.hit && r.t <= 1 + l && clear(v->o, u, r.t, bl, b, hider);
}

/* A Point b is seen along the one ray toward it (its direction rounded: the
 * point's own exact raycast would take it as passing by). */
static int point_seen(const c2d_view *v, const c2d_shape *b, const sight_set *bl, c2d_vec *point, int *hider)
{
    c2d_vec u = vsub(b->p[0], v->o);
    double l = vlen(u);
    /* (beyond about 1e154 the length overflows: not taken as seen) */
    if (!(l > 0 && l < HUGE_VAL) || !in_opening(v, vscale(u, 1 / l))) return 0;
    if (v->radius < HUGE_VAL && !c2d_pt_pt_within(b->p[0], v->o, v->radius, 0)) return 0;
    if (!clear(v->o, u, 1, bl, b, hider)) return 0;
    *point = b->p[0];
    return 1;
}

/* The region the rays from v to b cross: b's box and the origin, within the
 * radius (padded by the rounding queries allow); *reach the farthest point of
 * b from the origin (infinite for a Line). */
static void sight_box(const c2d_view *v, const c2d_shape *b, c2d_bounds *out, double *reach)
{
    c2d_bounds box, bb;
    *reach = HUGE_VAL;
    if (c2d_bbox(b, &bb)) {
        box.minx = dmin(bb.minx, v->o.x);
        box.maxx = dmax(bb.maxx, v->o.x);
        box.miny = dmin(bb.miny, v->o.y);
        box.maxy = dmax(bb.maxy, v->o.y);
        *reach = c2d_reach_from(b, v->o);
    } else {
        box.minx = box.miny = -C2D_INF;
        box.maxx = box.maxy = C2D_INF;
    }
    if (v->radius < HUGE_VAL) {
        box.minx = dmax(box.minx, v->o.x - v->radius);
        box.maxx = dmin(box.maxx, v->o.x + v->radius);
        box.miny = dmax(box.miny, v->o.y - v->radius);
        box.maxy = dmin(box.maxy, v->o.y + v->radius);
    }
    if (box.minx > -C2D_INF && box.maxx < C2D_INF && box.miny > -C2D_INF && box.maxy < C2D_INF)
        c2d_bounds_padded(&box, out);
    else
        *out = box;
}

/* The nearest blocker on the ray from the origin toward b's centre, before b. */
static int nearest_hider(const c2d_view *v, const c2d_shape *b, const sight_set *bl)
{
    const c2d_shape *const *blockers = bl->s;
    int n = bl->n;
    c2d_vec u = vsub(c2d_center(b), v->o);
    c2d_sweep_result r = c2d_raycast(b, v->o, u, 1);
    double best = r.hit ? r.t : 1;
    int i, at = -1;
    if (u.x == 0 && u.y == 0) return -1;
    for (i = 0; i < n; i++) {
        c2d_sweep_result k;
        if (blockers[i] == b) continue;
        k = c2d_raycast(blockers[i], v->o, u, best);
        if (k.hit && (at < 0 || k.t < best)) {
            best = k.t;
            at = i;
        }
    }
    return at;
}

/* A Point at p. */
static void point_at(c2d_shape *s, c2d_vec p)
{
    double nums[2];
    int bad;
    nums[0] = p.x;
    nums[1] = p.y;
    c2d_make(s, C2D_POINT, nums, 2, NULL, &bad);
}

/* How near s's box comes to o, squared. */
static double near2(c2d_vec o, const c2d_shape *s)
{
    const c2d_bounds *x = &s->bounds;
    double dx = dmax(0, dmax(x->minx - o.x, o.x - x->maxx));
    double dy = dmax(0, dmax(x->miny - o.y, o.y - x->maxy));
    return dx * dx + dy * dy;
}

/* Gather into work the directions of b (unless NULL), the blockers' and the
 * view's edges, sorted by angle: how many (more than room: nothing sorted). */
static int gather(const c2d_view *v, const c2d_bounds *box, const c2d_shape *b, const c2d_shape *const *blockers,
                  int n, c2d_sight_dir *work, int room, double tol)
{
    dirs d;
    int i;
    memset(&d, 0, sizeof d);
    d.o = v->o;
    d.radius = v->radius;
    d.v = work;
    d.room = room;
    d.tol = tol;
    if (b != NULL) directions(&d, b, box);
    for (i = 0; i < n; i++) {
        int j;
        d.near = near2(v->o, blockers[i]);
        directions(&d, blockers[i], box);
        /* (tagged with the nearer one of the pair) */
        if (b != NULL && blockers[i] != b) crossings(&d, b, blockers[i]);
        for (j = 0; j < i; j++) crossings(&d, blockers[j], blockers[i]);
    }
    d.near = 0;
    if (v->opening < 2 * C2D_PI) {
        double c, s;
        c2d_sincos(v->opening / 2, &c, &s);
        add(&d, v2(c * v->dir.x - s * v->dir.y, s * v->dir.x + c * v->dir.y));
        add(&d, v2(c * v->dir.x + s * v->dir.y, -s * v->dir.x + c * v->dir.y));
        add(&d, v->dir);
    }
    if (tol > 0 && v->radius < HUGE_VAL) /* the view's own circle */
        arc_samples(&d, v2(0, 0), v->radius, 0, 2 * C2D_PI);
    if (d.n < 2) { /* (nothing else to go by: the two halves) */
        add(&d, v2(1, 0));
        add(&d, v2(-1, 0));
    }
    if (d.n <= room) c2d_sort(work, (size_t)d.n, sizeof *work, by_angle);
    return d.n;
}

/* Is b seen: the rays along the sorted directions dv[0 .. k) that fall
 * within b's span of angles from the origin, and between each two such
 * neighbours (b's own silhouette directions, among them, bound its span). */
static int see_sorted(const c2d_view *v, const c2d_shape *b, const sight_set *bl, const c2d_sight_dir *dv, int k,
                      const c2d_bounds *box, c2d_vec *point, int *hider)
{
    c2d_bounds bb;
    double reach = c2d_bbox(b, &bb) ? c2d_reach_from(b, v->o) : HUGE_VAL, lo = 0, hi = 2 * C2D_PI, far;
    int j, full, first = -1, prev = -1;
    *hider = -1;
    {
        /* the origin in b: seen where it stands */
        c2d_shape p;
        point_at(&p, v->o);
        if (c2d_hits(&p, b)) {
            *point = v->o;
            return 1;
        }
    }
    if (b->kind == C2D_POINT) {
        if (point_seen(v, b, bl, point, hider)) return 1;
        *hider = nearest_hider(v, b, bl);
        return 0;
    }
    full = span_of(v->o, b, box, &lo, &hi);
    if (!full && bl->it != NULL) {
        /* A convex blocker wholly nearer than b whose span holds b's (with a
         * margin for their rounding) hides all of b: every ray toward b meets
         * it first. */
        double near = sqrt(near2(v->o, b)), margin = 4e-9;
        for (j = 0; j < bl->n && bl->it[j].d2 < near * near; j++) {
            const sight_item *x = &bl->it[j];
            if (bl->s[j] == b || x->full || !x->convex || !(x->far < near)) continue;
            if (c2d_angle_within(lo, x->lo + margin, x->hi - margin) && c2d_angle_within(hi, x->lo + margin, x->hi - margin) &&
                hi - lo < x->hi - x->lo - 2 * margin) {
                *hider = j;
                return 0;
            }
        }
    }
    /* the ray toward b's centre first: where b is seen, it mostly is */
    if (ray_sees(v, b, bl, vsub(c2d_center(b), v->o), reach, point, hider)) return 1;
    /* The directions that can matter: within b's span, from shapes that
     * come nearer than b's far side (one wholly beyond b hides none of it),
     * b's own and the view's; each, and between each two such neighbours. */
    far = reach < HUGE_VAL ? reach * reach * (1 + 16 * DBL_EPSILON) : HUGE_VAL;
    for (j = 0; j <= k; j++) {
        const c2d_sight_dir *a = &dv[j < k ? j : first];
        if (j == k && (first < 0 || prev == first)) break;
        if (!(a->dist2 <= far) || !(full || c2d_angle_within(a->angle, lo, hi))) continue;
        if (j < k && ray_sees(v, b, bl, a->d, reach, point, hider)) return 1;
        if (prev >= 0) { /* between the one before and this one, counter-clockwise */
            c2d_vec x = vscale(dv[prev].d, 1 / vlen(dv[prev].d)), y = vscale(a->d, 1 / vlen(a->d)), u;
            double turn = vcross(x, y);
            int test = 1;
            if (turn > 0) u = vadd(x, y);                   /* under half a turn apart */
            else if (turn < 0) u = vscale(vadd(x, y), -1);  /* over half a turn */
            else if (vdot(x, y) < 0) u = v2(-x.y, x.x);      /* half a turn */
            else if (prev == (j < k ? j : first)) u = vscale(x, -1); /* the one direction: all the rest */
            else test = 0;                                  /* the same direction */
            if (test && ray_sees(v, b, bl, u, reach, point, hider)) return 1;
        }
        if (j == k) break;
        if (first < 0) first = j;
        prev = j;
    }
    *hider = nearest_hider(v, b, bl);
    return 0;
}

int c2d_sees(const c2d_view *v, const c2d_shape *b, const c2d_shape *const *blockers, int n, c2d_sight_dir *work,
             int room, c2d_vec *point, int *hider)
{
    c2d_bounds box;
    double reach;
    int k;
    sight_box(v, b, &box, &reach);
    sight_set bl;
    k = gather(v, &box, b, blockers, n, work, room, 0);
    if (k > room) return -k; /* more room wanted */
    bl.s = blockers;
    bl.n = n;
    bl.it = NULL;
    return see_sorted(v, b, &bl, work, k, &box, point, hider);
}


static int by_nearness(const void *a, const void *b)
{
    const sight_item *x = (const sight_item *)a, *y = (const sight_item *)b;
    return x->d2 < y->d2 ? -1 : x->d2 > y->d2 ? 1 : x->slot - y->slot;
}

/* Room in the world's sight arrays: n shapes, k directions. */
static int sight_room(c2d_world *w, int n, int k)
{
    if (n > w->cap_sight) {
        const c2d_shape **s = (const c2d_shape **)realloc((void *)w->sight_shapes, (size_t)n * sizeof *s);
        int *t;
        sight_item *it;
        if (s == NULL) return 0;
        w->sight_shapes = s;
        t = (int *)realloc(w->sight_slots, (size_t)n * sizeof *t);
        if (t == NULL) return 0;
        w->sight_slots = t;
        it = (sight_item *)realloc(w->sight_items, (size_t)n * sizeof *it);
        if (it == NULL) return 0;
        w->sight_items = it;
        w->cap_sight = n;
    }
    if (k > w->cap_sight_dirs) {
        c2d_sight_dir *v = (c2d_sight_dir *)realloc(w->sight_dirs, (size_t)k * sizeof *v);
        if (v == NULL) return 0;
        w->sight_dirs = v;
        w->cap_sight_dirs = k;
    }
    return 1;
}

int c2d_world_sight_candidates(c2d_world *w, const c2d_view *v, const c2d_shape *b, int skip, const unsigned *mask,
                               const int **slots)
{
    c2d_bounds box;
    double reach;
    int n, i, k = 0, own = b->world == w ? b->world_slot : -1;
    const int *found;
    sight_box(v, b, &box, &reach);
    n = c2d_world_candidates(w, &box, skip, mask, &found);
    if (n < 0 || !sight_room(w, n, 0)) return -1;
    for (i = 0; i < n; i++)
        if (found[i] != own) w->sight_slots[k++] = found[i];
    *slots = w->sight_slots;
    return k;
}

/* The shapes of slots into the world's list, nearest the origin first (a
 * ray meets a near blocker first), with their spans; for one target b, only
 * those that can hide it (*np: how many are kept). Their directions (with
 * b's) sorted: the count of directions, or -1 when memory ran out. */
int c2d_sight_prepare(c2d_world *w, const c2d_view *v, const c2d_bounds *box, const c2d_shape *b, const int *slots, int *np,
                   double tol)
{
    sight_item *it;
    int i, k, m = 0, n = *np, bfull = 1;
    double blo = 0, bhi = 0, breach = HUGE_VAL;
    if (!sight_room(w, n, 16)) return -1;
    it = (sight_item *)w->sight_items;
    for (i = 0; i < n; i++) {
        it[i].d2 = near2(v->o, w->e[slots[i]].s);
        it[i].slot = slots[i];
    }
    if (n > 1) c2d_sort(it, (size_t)n, sizeof *it, by_nearness);
    if (b != NULL) {
        /* one target: only what comes nearer than its far side, within its span, can hide it */
        c2d_bounds bb;
        if (c2d_bbox(b, &bb)) breach = c2d_reach_from(b, v->o);
        bfull = span_of(v->o, b, box, &blo, &bhi);
    }
    for (i = 0; i < n; i++) {
        const c2d_shape *s = w->e[it[i].slot].s;
        sight_item x = it[i];
        if (b != NULL && !(x.d2 <= breach * breach * (1 + 16 * DBL_EPSILON))) break;
        x.full = span_of(v->o, s, box, &x.lo, &x.hi);
        if (b != NULL && !bfull && !x.full && !c2d_angle_within(x.lo, blo, bhi) && !c2d_angle_within(blo, x.lo, x.hi)) continue;
        x.far = c2d_reach_from(s, v->o);
        /* (a Fan's span is taken with its whole circle's tangents: too wide to stand for it here) */
        x.convex = !c2d_is_compound(s) && s->kind != C2D_TILES && s->kind != C2D_LINE && s->kind != C2D_FAN;
        it[m] = x;
        w->sight_slots[m] = x.slot;
        w->sight_shapes[m] = s;
        m++;
    }
    n = *np = m;
    for (;;) {
        k = gather(v, box, b, w->sight_shapes, n, w->sight_dirs, w->cap_sight_dirs, tol);
        if (k <= w->cap_sight_dirs) return k;
        if (!sight_room(w, n, k)) return -1;
    }
}

int c2d_world_sees(c2d_world *w, const c2d_view *v, const c2d_shape *b, const int *slots, int n, c2d_vec *point,
                   int *hider)
{
    c2d_bounds box;
    double reach;
    int k, r;
    sight_set bl;
    sight_box(v, b, &box, &reach);
    /* (slots may be the world's own list: copied into the items first) */
    k = c2d_sight_prepare(w, v, &box, b, slots, &n, 0);
    if (k < 0) return -1;
    bl.s = w->sight_shapes;
    bl.n = n;
    bl.it = (const sight_item *)w->sight_items;
    r = see_sorted(v, b, &bl, w->sight_dirs, k, &box, point, hider);
    if (*hider >= 0) *hider = w->sight_slots[*hider];
    return r;
}

int c2d_world_visible(c2d_world *w, const c2d_view *v, const int *slots, int n, const c2d_world_seen **seen)
{
    c2d_bounds box;
    sight_set bl;
    int i, k, m = 0;
    if (n > w->cap_seen) {
        c2d_world_seen *s = (c2d_world_seen *)realloc(w->seen, (size_t)n * sizeof *s);
        if (s == NULL) return -1;
        w->seen = s;
        w->cap_seen = n;
    }
    box.minx = box.miny = -C2D_INF;
    box.maxx = box.maxy = C2D_INF;
    if (v->radius < HUGE_VAL) {
        box.minx = v->o.x - v->radius;
        box.maxx = v->o.x + v->radius;
        box.miny = v->o.y - v->radius;
        box.maxy = v->o.y + v->radius;
        c2d_bounds_padded(&box, &box);
    }
    /* the targets in the list's order: the seen list first holds it */
    for (i = 0; i < n; i++) w->seen[i].slot = slots[i];
    k = c2d_sight_prepare(w, v, &box, NULL, slots, &n, 0);
    if (k < 0) return -1;
    bl.s = w->sight_shapes;
    bl.n = n;
    bl.it = (const sight_item *)w->sight_items;
    for (i = 0; i < n; i++) {
        int slot = w->seen[i].slot, hider;
        c2d_vec p;
        if (see_sorted(v, w->e[slot].s, &bl, w->sight_dirs, k, &box, &p, &hider)) {
            w->seen[m].slot = slot;
            w->seen[m].point = p;
            m++;
        }
    }
    *seen = w->seen;
    return m;
}
