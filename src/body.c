/*
 * Bodies: the form every convex query reads a shape in. A body is the
 * shape's core (a point, a segment's or polygon's vertices, a fan's apex and
 * edges, a Line) in a frame whose origin is near the shapes, so that the
 * differences a query takes are exact for nearby numbers, plus the radius
 * and tolerance that grow the core into the shape (body.h).
 */
#include "geometry.h"

/* Borrow n points of the shape, read in the frame whose origin is o. */
int c2d_kept_index(const body *b, int i)
{
    return c2d_nth_bit(b->own.kept, i);
}

static void borrow(body *b, const c2d_vec *src, int n, c2d_vec o)
{
    b->src = src;
    b->kept = 0;
    b->off = o;
    b->n = n;
}

/* The highest index set in a vertex bit set below end (-1 when none). */
static int last_bit_below(const uint64_t *w, int end)
{
    int i;
    for (i = end - 1; i >= 0; i--)
        if (w[i / 64] >> (i % 64) & 1) return i;
    return -1;
}

/* A Polygon convex only within rounding: drop vertices a rounding length
 * from the last one kept (the edge between them has no direction to speak
 * of). The kept ones are marked in own.kept, or copied to own.v when few.
 * Out of line: rare. */
static C2D_NOINLINE void drop_rounding_edges(body *b, const c2d_shape *s)
{
    double tiny = c2d_rounding_length(s->verts, s->count);
    uint64_t *keep = b->own.kept;
    int i, k = 1, last = 0;
    for (i = 0; i < C2D_VERTEX_WORDS; i++) keep[i] = 0;
    keep[0] = 1;
    for (i = 1; i < b->n; i++)
        if (vlen(vsub(c2d_bv(b, i), c2d_bv(b, last))) > tiny) {
            keep[i / 64] |= (uint64_t)1 << (i % 64);
            last = i;
            k++;
        }
    while (k > 1 && vlen(vsub(c2d_bv(b, last), c2d_bv(b, 0))) <= tiny) {
        keep[last / 64] &= ~((uint64_t)1 << (last % 64));
        last = last_bit_below(keep, last);
        k--;
    }
    if (k == b->n) return;
    b->kept = 1;
    b->n = k;
    if (k <= C2D_BODY_OWN) {
        c2d_vec v[C2D_BODY_OWN];
        for (i = 0; i < k; i++) v[i] = c2d_bv(b, i);
        c2d_body_own(b, v, k);
    }
}

/* A body of four vertices of its own, to be written in place (in its frame). */
static c2d_vec *own_corners(body *b)
{
    b->src = b->own.v;
    b->kept = 0;
    b->off = v2(0, 0);
    b->n = 4;
    return b->own.v;
}

void c2d_body_core(body *b, const c2d_shape *s, const c2d_vec *po)
{
    const c2d_vec o = *po;
    c2d_vec v[4];
    b->type = BODY_POLY;
    b->r = s->radius;
    b->orient = 0;
    switch (s->kind) {
    case C2D_LINE: {
        /* The direction scaled by a power of two to a largest part in [1, 2):
         * exact, and its square can neither underflow nor overflow. */
        c2d_vec d = vsub(s->p[1], s->p[0]);
        int e = ilogb(dmax(fabs(d.x), fabs(d.y)));
        b->type = BODY_LINE;
        v[0] = vsub(s->p[0], o);
        v[1] = v2(ldexp(d.x, -e), ldexp(d.y, -e));
        c2d_body_own(b, v, 2);
        return;
    }
    case C2D_FAN: {
        b->own.fan.d = v2(s->cos_a, s->sin_a);
        borrow(b, s->p, 1, o);                                         /* the apex */
        if (s->radius == 0) { b->r = 0; return; }                     /* a point */
        if (s->opening >= 2 * C2D_PI - C2D_FULL_TURN) return;          /* a disk */
        if (s->opening == 0) {                                         /* a segment */
            b->r = 0;
            v[0] = vsub(s->p[0], o);
            v[1] = vadd(v[0], vscale(b->own.fan.d, s->radius));
            c2d_body_own(b, v, 2);
            return;
        }
        b->type = BODY_FAN;
        b->own.fan.e1 = v2(s->cos_a * s->cos_h - s->sin_a * s->sin_h, s->sin_a * s->cos_h + s->cos_a * s->sin_h);
        b->own.fan.e2 = v2(s->cos_a * s->cos_h + s->sin_a * s->sin_h, s->sin_a * s->cos_h - s->cos_a * s->sin_h);
        b->wide = s->opening > C2D_PI;
        return;
    }
    case C2D_AABB: {
        /* Written where the body keeps them: corners built on the stack and
         * copied over were read back before their halves had been stored,
         * which stalled the copy (most of the cost of a body). */
        c2d_vec *w = own_corners(b);
        double x0 = s->p[0].x - o.x, y0 = s->p[0].y - o.y, x1 = s->p[1].x - o.x, y1 = s->p[1].y - o.y;
        w[0].x = x0; w[0].y = y0;
        w[1].x = x1; w[1].y = y0;
        w[2].x = x1; w[2].y = y1;
        w[3].x = x0; w[3].y = y1;
        b->orient = s->ccw;
        b->r = 0;
        return;
    }
    case C2D_BOX: {
        c2d_vec *w = own_corners(b);
        c2d_box_corners_at(s, o, w);
        /* Winding from the corners in this frame, which may keep a width the
         * stored corners lost (1e-20 wide at x = 1e6: flat as stored, a thin
         * box about its own centre). Flat, it would become a diagonal. */
        b->orient = c2d_box_winds(s, w) ? 1 : 0;
        return;
    }
    case C2D_POLYGON:
        borrow(b, s->verts, s->count, o);
        b->orient = s->ccw;
        if (s->slack > 0) drop_rounding_edges(b, s);
        return;
    default:
        borrow(b, s->p, s->count, o);
        b->orient = s->kind == C2D_TRIANGLE ? s->ccw : 0;
        return;
    }
}

/* Twice the signed area of a body's core, as c2d_area2 on its vertices. */
static double body_area2(const body *b)
{
    double a = 0;
    c2d_vec v0 = c2d_bv(b, 0);
    int i;
    for (i = 1; i + 1 < b->n; i++)
        a += vcross(vsub(c2d_bv(b, i), v0), vsub(c2d_bv(b, i + 1), v0));
    return a;
}


/* Is a before b in x-then-y order. */
static int before(c2d_vec a, c2d_vec b)
{
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/* A flat core is the segment between its extreme points along its line (or
 * a point): the line runs from vertex 0 to the vertex farthest from it, and
 * a list that doubles back still spans all of it. Out of line: rare. */
static C2D_NOINLINE void flatten(body *b)
{
    c2d_vec v0 = c2d_bv(b, 0), lo = v0, hi = v0, e = v2(0, 0), ends[2];
    double plo = 0, phi = 0, far = 0;
    int i;
    for (i = 1; i < b->n; i++) {
        c2d_vec w = vsub(c2d_bv(b, i), v0);
        double d = vlen2(w);
        if (d > far) { far = d; e = w; }
    }
    for (i = 1; i < b->n; i++) {
        c2d_vec p = c2d_bv(b, i);
        double t = vdot(vsub(p, v0), e);
        if (t < plo || (t == plo && before(p, lo))) { plo = t; lo = p; }
        if (t > phi || (t == phi && before(hi, p))) { phi = t; hi = p; }
    }
    ends[0] = lo;
    ends[1] = hi;
    c2d_body_own(b, ends, veq(lo, hi) ? 1 : 2);
}

/* Is c (a cross product with a unit edge direction) at least -tol * |v|. */
static int not_below(double c, c2d_vec v)
{
    return c >= 0 || c * c <= C2D_ANGLE_TOLERANCE * C2D_ANGLE_TOLERANCE * vlen2(v);
}

int c2d_in_wedge(const body *f, c2d_vec v)
{
    if (!f->wide) /* the convex cone from e2 round to e1, on the bisector's side
                     (for a thin fan the two edge tests alone also pass -d) */
        return not_below(vcross(f->own.fan.e2, v), v) && not_below(vcross(v, f->own.fan.e1), v) &&
               not_below(vdot(v, f->own.fan.d), v);
    /* above pi: all but the open cone from e1 round to e2, which is under pi */
    return not_below(-vcross(f->own.fan.e1, v), v) || not_below(-vcross(v, f->own.fan.e2), v);
}

void c2d_body(body *b, const c2d_shape *s, const c2d_vec *po)
{
    c2d_body_core(b, s, po);
    b->tol = 0;
    if (b->type == BODY_POLY && b->orient != 0 && c2d_sign(body_area2(b)) != b->orient)
        b->orient = 0; /* rounding in this frame flattened (or turned) it: treat it as flat */
    if (b->type == BODY_POLY && b->orient == 0 && b->n >= 3) flatten(b);
    if (b->type == BODY_POLY && b->n == 2 && veq(c2d_bv(b, 0), c2d_bv(b, 1))) b->n = 1; /* a zero-length segment is a point */
    if (s->kind == C2D_BOX && s->cos_a != 0 && s->sin_a != 0) {
        b->tol = c2d_box_tol_at(s, *po);
    } else if (b->type == BODY_FAN) {
        c2d_vec apex = c2d_bv(b, 0);
        b->tol = c2d_ulps(C2D_TRIG_ROUNDING, b->r + fabs(apex.x) + fabs(apex.y));
    } else if (s->kind == C2D_POLYGON && s->slack > 0) {
        /* Convex only within rounding: it still holds its own vertices, which
         * stand no farther than the slack outside its edges (measured on
         * the stored vertices; moving them to this frame rounds each by up
         * to an ulp of its coordinates, which the exact tests would see). */
        b->tol = s->slack * (1 + C2D_SLACK_MARGIN) +
                 c2d_ulps(4, c2d_bounds_magnitude(&s->bounds) + fabs(po->x) + fabs(po->y));
    }
}

