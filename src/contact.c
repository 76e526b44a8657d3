/*
 * Contact: the least translation that separates two overlapping shapes.
 *
 * Moving a by d*u separates it from b once d reaches h_b(u) - min over a of
 * a.u (h the support function), so the answer is the u that makes this least.
 * For two rounded polygons that u is an edge normal of the Minkowski
 * difference of the cores (their own edge normals) while the cores overlap,
 * or the line between the cores' closest points while only the radii do.
 * For a fan the arc adds the directions from its centre to the other shape's
 * vertices and centre. A Line counts as the half-plane away from the other
 * shape's centre.
 */
#include <float.h>
#include "compound.h"
#include "convex.h"

/* The normal used when no direction is preferred (equal centres): up on a LÖVE screen. */
static const c2d_vec default_normal = { 0, -1 };

double c2d_overlap_along(const body *a, const body *b, c2d_vec u)
{
    return c2d_support(b, u) + c2d_support(a, vscale(u, -1));
}

static void supports(const body *b, c2d_vec u, double *along, double *against);

int c2d_bodies_part_within(const body *A, const body *B, double d)
{
    int k, i, m;
    if (A->type != BODY_POLY || B->type != BODY_POLY || A->r != 0 || B->r != 0 || A->tol != 0 || B->tol != 0)
        return 0;
    for (k = 0; k < 2; k++) {
        const body *x = k ? A : B;
        m = x->n < 2 ? 0 : x->n == 2 ? 1 : x->n;
        for (i = 0; i < m; i++) {
            c2d_vec u = vunit(vperp(c2d_body_edge(x, i)));
            double a_along, a_against, b_along, b_against;
            if (u.x == 0 && u.y == 0) continue;
            supports(A, u, &a_along, &a_against);
            supports(B, u, &b_along, &b_against);
            /* a moving along u clears b after b's support along u and a's
             * along -u; moving along -u, the other two */
            if (b_along + a_against <= d || a_along + b_against <= d) return 1;
        }
    }
    return 0;
}

int c2d_convex_part_within(const c2d_shape *a, const c2d_shape *b, double d)
{
    body A, B;
    c2d_vec o = a->p[0];
    /* (a compound, a layer or a Line has no body to read) */
    if (c2d_is_compound(a) || c2d_is_compound(b) || a->kind == C2D_LINE || b->kind == C2D_LINE ||
        a->kind == C2D_TILES || b->kind == C2D_TILES)
        return 0;
    c2d_body(&A, a, &o);
    c2d_body(&B, b, &o);
    return c2d_bodies_part_within(&A, &B, d);
}

/* The search for the axis of least overlap: the best so far, and the
 * direction to lean away from among equal ones (the motion, for a sweep). */
typedef struct axis_search {
    double best;
    c2d_vec n, prefer;
    int slide; /* among equal ones, the one most against prefer; with slide, prefer is
                  the motion, and the one it presses least of those it presses */
} axis_search;

/* Is u a better pick than as->n among axes of equal overlap. */
static int preferred(const axis_search *as, c2d_vec u)
{
    double du = vdot(u, as->prefer), dn = vdot(as->n, as->prefer);
    if (!as->slide) return du < dn;
    if ((du < 0) != (dn < 0)) return du < 0;
    return du < 0 ? du > dn : du < dn;
}

/* The supports of b along u and along -u (c2d_support's two values, from one
 * pass over a polygon core: its greatest along -u is minus its least along u). */
static void supports(const body *b, c2d_vec u, double *along, double *against)
{
    const c2d_vec *v;
    double hi = -C2D_INF, lo = C2D_INF;
    int i, n = b->n;
    if (b->type == BODY_FAN) {
        *along = c2d_support(b, u);
        *against = c2d_support(b, vscale(u, -1));
        return;
    }
    if ((v = c2d_bv_plain(b)) != NULL) {
        c2d_vec o = b->off;
        for (i = 0; i < n; i++) {
            double d = vdot(vsub(v[i], o), u);
            hi = dmax(hi, d);
            lo = dmin(lo, d);
        }
    } else {
        for (i = 0; i < n; i++) {
            double d = vdot(c2d_bv(b, i), u);
            hi = dmax(hi, d);
            lo = dmin(lo, d);
        }
    }
    *along = hi + b->r;
    *against = -lo + b->r;
}

/* The axis u whose overlap is hb + ha (b's support along u, a's along -u). */
static void consider(double hb, double ha, c2d_vec u, axis_search *as)
{
    /* Equal means equal up to the rounding in the two support values. */
    double d = hb + ha, eps = c2d_ulps(C2D_AXIS_TIE, fabs(hb) + fabs(ha));
    if (d < as->best - eps || (d <= as->best + eps && preferred(as, u))) {
        as->best = dmin(d, as->best);
        as->n = u;
    }
}

/* Keep the axis with the least overlap, trying both senses of u. */
static void try_axis(const body *a, const body *b, c2d_vec u, axis_search *as)
{
    double au, amu, bu, bmu;
    if (u.x == 0 && u.y == 0) return;
    u = vunit(u);
    supports(a, u, &au, &amu);
    supports(b, u, &bu, &bmu);
    consider(bu, amu, u, as);
    consider(bmu, au, vscale(u, -1), as);
}

/* The edge normals (and, for a flat core, edge directions) of a POLY core. */
static void try_edges(const body *p, const body *a, const body *b, int flat, axis_search *as)
{
    int i, m = p->type != BODY_POLY ? 0 : p->n == 1 ? 0 : p->n == 2 ? 1 : p->n;
    for (i = 0; i < m; i++) {
        c2d_vec e = c2d_body_edge(p, i);
        try_axis(a, b, vperp(e), as);
        if (flat) try_axis(a, b, e, as);
    }
}

/* The round centres of a body: a fan's apex, a rounded polygon's vertices
 * (its corners, the first so many of them). */
static int round_centre_count(const body *b)
{
    if (b->type == BODY_FAN) return 1;
    return b->r > 0 ? c2d_corner_count(b) : 0;
}

/* Candidate axes when a fan is involved: every edge normal, and the lines
 * from each round centre of one body to each corner point of the other. */
static void fan_axes(const body *a, const body *b, axis_search *as)
{
    int i, j, nca = round_centre_count(a), ncb = round_centre_count(b);
    int nka = c2d_corner_count(a), nkb = c2d_corner_count(b);
    const body *both[2];
    both[0] = a;
    both[1] = b;
    for (i = 0; i < 2; i++) {
        const body *f = both[i];
        if (f->type == BODY_FAN) {
            try_axis(a, b, vperp(f->own.fan.e1), as);
            try_axis(a, b, vperp(f->own.fan.e2), as);
        } else {
            try_edges(f, a, b, 0, as);
        }
    }
    for (i = 0; i < nca; i++) {
        c2d_vec c = c2d_corner(a, i);
        for (j = 0; j < nkb; j++) try_axis(a, b, vsub(c2d_corner(b, j), c), as);
    }
    for (i = 0; i < ncb; i++) {
        c2d_vec c = c2d_corner(b, i);
        for (j = 0; j < nka; j++) try_axis(a, b, vsub(c2d_corner(a, j), c), as);
    }
}

/* Contact of a body x with a line l; the normal points from l toward x. */
static void line_contact(const body *x, const body *l, c2d_vec x_centre, double *depth, c2d_vec *n)
{
    c2d_vec nl = vunit(vperp(c2d_bv(l, 1)));
    double side, lowest;
    if (x->type == BODY_LINE) {
        /* Parallel lines meet only when they coincide; crossing ones never part. */
        *n = nl;
        *depth = vcross(c2d_bv(x, 1), c2d_bv(l, 1)) == 0 ? 0 : C2D_INF;
        return;
    }
    side = vdot(vsub(x_centre, c2d_bv(l, 0)), nl);
    if (side < 0) nl = vscale(nl, -1);
    lowest = -c2d_support(x, vscale(nl, -1)) - vdot(c2d_bv(l, 0), nl);
    *n = nl;
    *depth = dmax(0, -lowest);
}

/* Two AABBs: the shallower of the two axis overlaps; the point is the middle
 * of the overlap box. */
static void aabb_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    double left = a->p[1].x - b->p[0].x, right = b->p[1].x - a->p[0].x;  /* push a -x / +x */
    double down = a->p[1].y - b->p[0].y, up = b->p[1].y - a->p[0].y;      /* push a -y / +y */
    double dx = dmin(left, right), dy = dmin(down, up);
    out->hit = left >= 0 && right >= 0 && down >= 0 && up >= 0;
    if (!out->hit) return;
    if (dx <= dy) {
        out->depth = dx;
        out->normal = v2(left <= right ? -1 : 1, 0);
    } else {
        out->depth = dy;
        out->normal = v2(0, down <= up ? -1 : 1);
    }
    out->point = v2((dmax(a->p[0].x, b->p[0].x) + dmin(a->p[1].x, b->p[1].x)) / 2,
                    (dmax(a->p[0].y, b->p[0].y) + dmin(a->p[1].y, b->p[1].y)) / 2);
}

static double least_overlap(const body *a, const body *b, c2d_vec gap, c2d_vec prefer, int slide, c2d_vec *n);

double c2d_least_overlap(const body *a, const body *b, c2d_vec gap, c2d_vec prefer, c2d_vec *n)
{
    return least_overlap(a, b, gap, prefer, 0, n);
}

double c2d_least_overlap_sliding(const body *a, const body *b, c2d_vec gap, c2d_vec motion, c2d_vec *n)
{
    return least_overlap(a, b, gap, motion, 1, n);
}

static double least_overlap(const body *a, const body *b, c2d_vec gap, c2d_vec prefer, int slide, c2d_vec *n)
{
    axis_search as;
    as.best = C2D_INF;
    as.n = *n;
    as.prefer = prefer;
    as.slide = slide;
    if (a->type == BODY_POLY && b->type == BODY_POLY) {
        int flat = a->orient == 0 && b->orient == 0;
        try_edges(a, a, b, flat, &as);
        try_edges(b, a, b, flat, &as);
    } else {
        fan_axes(a, b, &as);
    }
    /* Cores apart (only radii overlap): the line between their closest points. */
    try_axis(a, b, gap, &as);
    *n = as.n;
    return as.best;
}

static c2d_error contact_in_range(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);

/* A pair beyond the range of squares, on copies scaled by 2^-e, lengths scaled back. */
static C2D_NOINLINE c2d_error contact_scaled(const c2d_shape *a, const c2d_shape *b, int e, c2d_contact_result *out)
{
    c2d_shape sa, sb;
    c2d_vec ra[c2d_scaled_room(a)], rb[c2d_scaled_room(b)];
    int exact = c2d_unscaled_pair_hits(a, b);
    c2d_error err;
    if (exact == 0) {
        out->hit = 0;
        return C2D_OK;
    }
    err = contact_in_range(c2d_scaled_copy(a, e, &sa, ra), c2d_scaled_copy(b, e, &sb, rb), out);
    if (err == C2D_OK && out->hit) {
        out->depth = ldexp(out->depth, e);
        out->point = v2(ldexp(out->point.x, e), ldexp(out->point.y, e));
    } else if (err == C2D_OK && exact == 1) {
        /* The copies lost a subnormal offset that makes the touch: touching,
         * at a's nearest point to b. */
        c2d_distance_result d = c2d_convex_distance(a, b);
        out->hit = 1;
        out->depth = 0;
        out->normal = default_normal;
        out->point = d.a;
    }
    return err;
}

void c2d_contact_at_scale(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out)
{
    int e = c2d_pair_exponent(a, b, 0);
    if (e == 0) c2d_contact_decided(a, b, A, B, out);
    else contact_scaled(a, b, e, out);
}

c2d_error c2d_convex_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    int e = c2d_pair_exponent(a, b, 0);
    return e == 0 ? contact_in_range(a, b, out) : contact_scaled(a, b, e, out);
}

static C2D_NOINLINE c2d_error contact_in_range(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out)
{
    body A, B;
    int swapped;
    out->hit = 0;
    if (c2d_wide_fan(a) || c2d_wide_fan(b)) return C2D_ERR_WIDE_FAN;
    swapped = c2d_shape_order(a, b) > 0;
    if (swapped) { const c2d_shape *t = a; a = b; b = t; }
    if (!(a->kind == C2D_AABB && b->kind == C2D_AABB) && !c2d_decide(a, b, &A, &B)) return C2D_OK;
    c2d_contact_decided(a, b, &A, &B, out);
    if (swapped) out->normal = vscale(out->normal, -1);
    return C2D_OK;
}

/* How far the pair's boxes reach from o (the frame's origin). */
static double frame_reach(const c2d_shape *a, const c2d_shape *b, c2d_vec o)
{
    const c2d_bounds *x = &a->bounds, *y = &b->bounds;
    return dmax(dmax(dmax(fabs(x->minx - o.x), fabs(x->maxx - o.x)), dmax(fabs(x->miny - o.y), fabs(x->maxy - o.y))),
                dmax(dmax(fabs(y->minx - o.x), fabs(y->maxx - o.x)), dmax(fabs(y->miny - o.y), fabs(y->maxy - o.y))));
}

void c2d_contact_decided(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out)
{
    c2d_vec n = default_normal, o = a->p[0], pa, pb;
    double depth = 0, gap;
    if (a->kind == C2D_AABB && b->kind == C2D_AABB) {
        aabb_contact(a, b, out);
        return;
    }
    out->hit = 1;
    c2d_core_d2(A, B, -1, &pa, &pb);
    out->point = vadd(c2d_common_point(A, B, pa, pb), o);
    if (B->type == BODY_LINE) {
        line_contact(A, B, vsub(c2d_center(a), o), &depth, &n);
    } else if (A->type == BODY_LINE) {
        line_contact(B, A, vsub(c2d_center(b), o), &depth, &n);
        n = vscale(n, -1);
    } else {
        int by_gap = A->type == BODY_POLY && B->type == BODY_POLY &&
                     (gap = vlen(vsub(pa, pb))) > C2D_CORE_GAP_TRUST * (A->r + B->r) &&
                     gap > c2d_ulps(C2D_POINT_ROUNDING, frame_reach(a, b, o)) && !c2d_cores_overlap(A, B);
        if (by_gap) {
            /* Only the radii overlap: along the line between the cores
             * (trusted while the gap is well above the rounding in the
             * closest points, of the radii and of the coordinates: a disk on
             * the edge of a polygon 1e11 long finds its closest point 3e-5
             * off in x, and the line from there is no normal of anything),
             * where that line parts the cores: a Polygon convex only within
             * rounding holds a point beyond the line of an edge whose end
             * turns the wrong way, and its closest points then join the
             * point to the edge it is inside. */
            n = vunit(vsub(pa, pb)); /* not over gap: its square may underflow (cores 1e-160 apart) */
            depth = A->r + B->r - gap;
            by_gap = c2d_overlap_along(A, B, n) <= A->r + B->r;
        }
        if (!by_gap) {
            depth = c2d_least_overlap(A, B, vsub(pa, pb), v2(0, 0), &n);
            /* Two equal points offer no axis: any direction parts them by the radii. */
            if (depth == C2D_INF) depth = A->r + B->r;
        }
    }
    out->depth = dmax(depth, 0);
    out->normal = n;
}
