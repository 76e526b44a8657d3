/*
 * The pair queries: hits, distance, contains.
 *
 * A pair is always computed in one canonical order (by kind, then by the
 * shapes' numbers), in the frame of the first shape's position; the mirrored
 * call swaps its arguments and its answer. So a:hits(b) == b:hits(a) holds to
 * the bit, and the distances agree exactly.
 */
#include <float.h>
#include <string.h>
#include "geometry.h"

static int cmp_d(double a, double b) { return (a > b) - (a < b); }

static int cmp_v(c2d_vec a, c2d_vec b)
{
    int c = cmp_d(a.x, b.x);
    return c ? c : cmp_d(a.y, b.y);
}

/* A total order on shapes: kind first, then their numbers. */
static int shape_order(const c2d_shape *a, const c2d_shape *b)
{
    int c, i;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    for (i = 0; i < 3; i++)
        if ((c = cmp_v(a->p[i], b->p[i])) != 0) return c;
    if ((c = cmp_d(a->radius, b->radius)) != 0) return c;
    if ((c = cmp_d(a->w, b->w)) != 0) return c;
    if ((c = cmp_d(a->h, b->h)) != 0) return c;
    if ((c = cmp_d(a->angle, b->angle)) != 0) return c;
    if ((c = cmp_d(a->opening, b->opening)) != 0) return c;
    if (a->kind == C2D_POLYGON) {
        if (a->count != b->count) return a->count < b->count ? -1 : 1;
        for (i = 0; i < a->count; i++)
            if ((c = cmp_v(a->verts[i], b->verts[i])) != 0) return c;
    }
    return 0;
}

static double body_radius(const body *b)
{
    return b->type == BODY_POLY ? b->r : 0;
}

/* A disk (radius 0 for a point) given directly by centre and radius. */
static int round_kind(c2d_kind k) { return k == C2D_POINT || k == C2D_DISK; }

/* The pairs cheap enough to answer before building bodies; -1 when not one. */
static int hits_fast(const c2d_shape *a, const c2d_shape *b)
{
    if (round_kind(a->kind) && round_kind(b->kind)) {
        c2d_vec d = vsub(b->p[0], a->p[0]);
        double r = a->radius + b->radius;
        return vlen2(d) <= r * r;
    }
    if (b->kind == C2D_AABB && (a->kind == C2D_AABB || round_kind(a->kind))) {
        if (a->kind == C2D_AABB)
            return a->p[0].x <= b->p[1].x && b->p[0].x <= a->p[1].x &&
                   a->p[0].y <= b->p[1].y && b->p[0].y <= a->p[1].y;
        {
            /* Disk to box: the box's nearest point is the clamped centre. */
            c2d_vec c = a->p[0];
            double dx = c.x < b->p[0].x ? b->p[0].x - c.x : c.x > b->p[1].x ? c.x - b->p[1].x : 0;
            double dy = c.y < b->p[0].y ? b->p[0].y - c.y : c.y > b->p[1].y ? c.y - b->p[1].y : 0;
            return dx * dx + dy * dy <= a->radius * a->radius;
        }
    }
    return -1;
}

int c2d_hits(const c2d_shape *a, const c2d_shape *b)
{
    body A, B;
    c2d_vec pa, pb;
    double r;
    int fast;
    if (shape_order(a, b) > 0) { const c2d_shape *t = a; a = b; b = t; }
    fast = hits_fast(a, b);
    if (fast >= 0) return fast;
    c2d_body(&A, a, a->p[0]);
    c2d_body(&B, b, a->p[0]);
    r = body_radius(&A) + body_radius(&B);
    return c2d_core_d2(&A, &B, r * r, &pa, &pb) <= r * r;
}

c2d_distance_result c2d_distance(const c2d_shape *a, const c2d_shape *b)
{
    c2d_distance_result res;
    body A, B;
    c2d_vec pa, pb, o;
    double ra, rb, d2, D;
    int swapped = shape_order(a, b) > 0;
    if (swapped) { const c2d_shape *t = a; a = b; b = t; }
    o = a->p[0];
    c2d_body(&A, a, o);
    c2d_body(&B, b, o);
    ra = body_radius(&A);
    rb = body_radius(&B);
    d2 = c2d_core_d2(&A, &B, -1, &pa, &pb);
    if (d2 <= (ra + rb) * (ra + rb)) {
        /* Overlap: a point within ra of pa and rb of pb lies in both shapes. */
        c2d_vec common = ra + rb > 0 ? vlerp(pa, pb, ra / (ra + rb)) : pa;
        res.distance = 0;
        pa = pb = common;
    } else {
        c2d_vec u;
        D = sqrt(d2);
        u = vscale(vsub(pb, pa), 1 / D);
        res.distance = D - ra - rb;
        /* Apart by less than the rounding of sqrt: still apart, as hits says. */
        if (res.distance <= 0) res.distance = DBL_MIN;
        pa = vadd(pa, vscale(u, ra));
        pb = vsub(pb, vscale(u, rb));
    }
    res.a = vadd(swapped ? pb : pa, o);
    res.b = vadd(swapped ? pa : pb, o);
    return res;
}

int c2d_contains(const c2d_shape *s, double x, double y)
{
    c2d_shape p;
    memset(&p, 0, sizeof p);
    p.kind = C2D_POINT;
    p.count = 1;
    p.p[0] = v2(x, y);
    return c2d_hits(s, &p);
}
