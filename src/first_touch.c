/*
 * First touch: the closed-form times at which a feature of one body, moving
 * along a straight line, first meets a feature of another standing still.
 *
 * Two closed shapes that are apart first touch where a feature of one meets a
 * feature of the other, so the first time is the least over feature pairs of
 * a closed-form time: a corner point moving against a segment, circle, arc or
 * line grown by the summed radii, a fan's arc against a polygon edge (at the
 * arc point whose normal is the edge's), or two arcs. The sweep (sweep.c)
 * and the raycast (raycast.c) are built on these.
 */
#include "sweep.h"

static void offer(first_touch *ft, double t, c2d_vec n)
{
    if (t < ft->t) { ft->t = t; ft->n = n; }
}

/* Point p moving by t*v, t in [0, tmax]: when it first comes within R of c.
 * The normal is from c toward the point, times sign; for a sharp corner
 * (no true radius, only tolerance) it is against the motion instead. */
void c2d_ray_circle(c2d_vec p, c2d_vec v, c2d_vec c, double R, int sharp, double tmax, double sign, first_touch *ft)
{
    c2d_vec w = vsub(p, c), q, n;
    double a = vlen2(v), b = vdot(w, v), cc = vlen2(w) - R * R, disc, t, x;
    if (a == 0 || b >= 0) return; /* still, or moving away */
    if (cc < 0) {
        /* Inside by rounding alone (the shapes are apart): it meets the circle at once. */
        n = sharp ? v2(0, 0) : vunit(w);
        if (n.x == 0 && n.y == 0) n = vunit(vscale(v, -1));
        offer(ft, 0, vscale(n, sign));
        return;
    }
    /* b^2 - a*cc rewritten (Lagrange's identity) so that it does not cancel:
     * the line misses the circle exactly when |v x w| > R |v|. */
    x = vcross(v, w);
    disc = a * R * R - x * x;
    if (disc < 0) return;
    t = cc / (-b + sqrt(disc)); /* the smaller root, in the form that does not cancel */
    if (t > tmax) return;
    q = vadd(p, vscale(v, t));
    n = sharp ? v2(0, 0) : vunit(vsub(q, c));
    if (n.x == 0 && n.y == 0) n = vunit(vscale(v, -1));
    offer(ft, t, vscale(n, sign));
}

/* A segment feature of a fixed body, with what every corner moving at it
 * shares: its direction e, |e|^2, |e|, the motion's speed across it (sv,
 * along its left normal), and the side it is met from: +1 left, -1 right,
 * 0 either (a free segment). A solid body's edge is met from its outer side
 * only: reaching an edge line from inside is no first touch, and its normal
 * would point inward. */
typedef struct edge {
    c2d_vec s0, e;
    double ee, len, sv;
    int outward;
} edge;

static edge make_edge(c2d_vec s0, c2d_vec s1, c2d_vec v, int outward)
{
    edge g;
    g.s0 = s0;
    g.e = vsub(s1, s0);
    g.ee = vlen2(g.e);
    /* (an edge 1e-160 long: its square is subnormal, and its root off by
     * 1e-5; its normal, e over len, would be that far from unit length) */
    g.len = g.ee >= C2D_SQUARES_LO ? sqrt(g.ee) : c2d_hypot(g.e.x, g.e.y);
    g.sv = g.len > 0 ? vcross(g.e, v) / g.len : 0;
    g.outward = outward;
    return g;
}

/* Point p moving by t*v: when it first comes within R of the edge's flat
 * sides (its ends are circles, tested apart). */
static void ray_side(c2d_vec p, c2d_vec v, const edge *g, double R, double tmax, double sign, first_touch *ft)
{
    double sd, side, t, u;
    if (g->ee == 0) return;
    sd = vcross(g->e, vsub(p, g->s0)) / g->len;
    side = g->outward != 0 ? g->outward : sd >= 0 ? 1 : -1;
    if (!(side * sd >= 0 && side * g->sv < 0)) return;
    /* Nearer than R already (the shapes are apart, so by rounding alone):
     * it meets the side at once. Passed over, a rounded corner that rests
     * on an edge went through it when pressed in. */
    t = dmax(side * sd - R, 0) / (-side * g->sv);
    if (t > tmax) return;
    u = vdot(vsub(vadd(p, vscale(v, t)), g->s0), g->e);
    if (u >= 0 && u <= g->ee) offer(ft, t, vscale(vperp(g->e), side * sign / g->len));
}

/* Point p moving by t*v against fan f's arc grown by R: its outer circle, in the wedge. */
static void ray_arc(c2d_vec p, c2d_vec v, const body *f, double R, double tmax, double sign, first_touch *ft)
{
    first_touch one;
    one.t = C2D_INF;
    c2d_ray_circle(p, v, c2d_bv(f, 0), f->r + R, 0, tmax, 1, &one);
    if (one.t < ft->t && c2d_in_wedge(f, one.n)) offer(ft, one.t, vscale(one.n, sign));
}

/* The segment features of a body: polygon edges (a point is a segment of
 * length 0), or a fan's two edges; how many, and the j-th as an edge met by
 * corners moving by v (its side says which side is outside: 0 for a
 * segment, which has two outsides). */
static int segment_count(const body *b)
{
    if (b->type == BODY_FAN) return 2;
    return b->n <= 2 ? 1 : b->n;
}

static edge segment_edge(const body *b, int j, c2d_vec v)
{
    c2d_vec s0;
    if (b->type == BODY_FAN) {
        /* The fan lies clockwise of its +half edge and counter-clockwise of its -half edge. */
        return make_edge(c2d_bv(b, 0), c2d_arc_end(b, j), v, j == 0 ? 1 : -1);
    }
    s0 = c2d_bv(b, j);
    /* A counter-clockwise polygon has its outside on the right of each edge. */
    return make_edge(s0, b->n == 1 ? s0 : c2d_bv(b, c2d_next(j, b->n)), v, -b->orient);
}

/* The edges of fix against corners moving by v, then mov's corners against
 * them (see corners_against); g holds segment_count(fix) edges. */
static void corners_against_edges(const body *mov, c2d_vec v, const body *fix, edge *g, double R, int sharp,
                                  double tmax, double sign, first_touch *ft)
{
    int i, j, k, ns = segment_count(fix), nc = c2d_corner_count(mov), nf = c2d_corner_count(fix);
    for (j = 0; j < ns; j++) g[j] = segment_edge(fix, j, v);
    for (i = 0; i < nc; i++) {
        c2d_vec c = c2d_corner(mov, i);
        for (j = 0; j < ns; j++) ray_side(c, v, &g[j], R, tmax, sign, ft);
        for (k = 0; k < nf; k++) c2d_ray_circle(c, v, c2d_corner(fix, k), R, sharp, tmax, sign, ft);
        if (fix->type == BODY_FAN) ray_arc(c, v, fix, R, tmax, sign, ft);
    }
    if (mov->type != BODY_FAN) return;
    /* An arc meets an edge first at the arc point whose normal is the edge's
     * (or an end of the edge, found from the other side). Against a point,
     * the other pass (the point moving at the arc) finds it. */
    for (j = 0; j < ns; j++) {
        if (g[j].ee == 0) continue;
        for (k = 0; k < 2; k++) {
            c2d_vec u = vunit(k ? vperp(g[j].e) : vscale(vperp(g[j].e), -1));
            if (c2d_in_wedge(mov, u)) ray_side(vadd(c2d_bv(mov, 0), vscale(u, mov->r)), v, &g[j], R, tmax, sign, ft);
        }
    }
}

/* Body mov moving by t*v against the fixed body fix, features grown by R:
 * mov's corners against fix's edges, corner points and arc, and mov's arc
 * against fix's edges. sign is -1 when mov is really b moving by -v
 * (normals flip). The edges are made once, in room for as many as fix has. */
static void corners_against(const body *mov, c2d_vec v, const body *fix, double R, int sharp, double tmax,
                            double sign, first_touch *ft)
{
    edge g[segment_count(fix)];
    corners_against_edges(mov, v, fix, g, R, sharp, tmax, sign, ft);
}

/* Arc against arc: the centres close to the summed radii along a line inside both wedges. */
static void arc_arc(const body *a, c2d_vec v, const body *b, double tmax, first_touch *ft)
{
    first_touch one;
    one.t = C2D_INF;
    c2d_ray_circle(c2d_bv(a, 0), v, c2d_bv(b, 0), a->r + b->r, 0, tmax, 1, &one);
    if (one.t < ft->t && c2d_in_wedge(b, one.n) && c2d_in_wedge(a, vscale(one.n, -1))) offer(ft, one.t, one.n);
}

/*
 * The sides of line l that body x's corners are on, x moved by d: the least
 * and the greatest cross product of the line's direction with a corner's
 * offset from the line's point, the numbers hits reads (times the
 * direction's length, the distance). x is a polygon core, or a Line
 * parallel to l (its point).
 */
void c2d_corner_sides(const body *x, c2d_vec d, const body *l, double *lo, double *hi)
{
    c2d_vec e = c2d_bv(l, 1), l0 = c2d_bv(l, 0);
    int i, n = x->type == BODY_LINE ? 1 : x->n;
    *lo = C2D_INF;
    *hi = -C2D_INF;
    for (i = 0; i < n; i++) {
        double s = vcross(e, vadd(vsub(c2d_bv(x, i), l0), d));
        *lo = dmin(*lo, s);
        *hi = dmax(*hi, s);
    }
}

/*
 * Body x moving by t*v, t in [0, tmax], against line l, decided as hits
 * decides x at the end: by the sides of the line its corners are on at the
 * start and at the end, and for a round body (a Disk, a Capsule: corners
 * grown by R) by hits' own test of the nearest corner, side^2 / |e|^2 <=
 * R^2. So a corner ending exactly on the line, or a round body ending
 * exactly tangent to it, hits at tmax, and one a hair short none (a
 * crossing time compared with tmax rounds either way). One that ends
 * closer, or across, hits when its nearest corner's side, less R |e|, is
 * run down by the speed across the line, kept in [0, tmax]. Returns 0,
 * deciding nothing, when x is not a sharp core, a Line parallel to l or a
 * round polygon core, is not clear of the line at the start, or the end is
 * not a number.
 */
static int corners_line(const body *x, c2d_vec v, const body *l, double tmax, double sign, first_touch *ft)
{
    c2d_vec e = c2d_bv(l, 1), end = vscale(v, tmax);
    double lo, hi, elo, ehi, from, to, cv, ee = vlen2(e), R = 0, d2, t;
    int side;
    if (x->type == BODY_LINE) {
        if (vcross(c2d_bv(x, 1), e) != 0) return 0;
    } else if (x->type == BODY_POLY && x->r > 0 && x->tol == 0) {
        /* A Disk or a Capsule, R summed as hits sums the radii (the line has
         * none); a rounding allowance (a fan that is a disk) goes the general way. */
        R = x->r;
    } else if (!c2d_sharp_core(x)) {
        return 0;
    }
    if (!(isfinite(end.x) && isfinite(end.y))) return 0;
    c2d_corner_sides(x, v2(0, 0), l, &lo, &hi);
    c2d_corner_sides(x, end, l, &elo, &ehi);
    /* The side of the corner nearest the line, on the side x starts on, now and at the end. */
    if (lo > 0) { from = lo; to = elo; side = 1; }
    else if (hi < 0) { from = hi; to = ehi; side = -1; }
    else return 0;
    if (!(from * from / ee > R * R)) return 0; /* touching already: not for this test */
    cv = vcross(e, v);
    if (side * cv >= 0) return 1; /* moving off the line or along it */
    t = C2D_INF;
    if (side * to >= 0) {
        /* Still on its side at the end, or just on the line: hits' test there. */
        d2 = to * to / ee;
        if (d2 > R * R) return 1;
        if (d2 == R * R) t = tmax;
    }
    if (t > tmax) t = dmin(dmax((side * from - (R > 0 ? R * sqrt(ee) : 0)) / (-side * cv), 0), tmax);
    offer(ft, t, vscale(vunit(vperp(e)), side * sign));
    return 1;
}

/* Body x moving by t*v against line l: when its near side reaches the line.
 * sign is -1 when the line is really a and moves. */
static void against_line(const body *x, c2d_vec v, const body *l, double tmax, double sign, first_touch *ft)
{
    c2d_vec nl;
    double lo, hi, speed, t;
    if (corners_line(x, v, l, tmax, sign, ft)) return;
    nl = vunit(vperp(c2d_bv(l, 1)));
    speed = vdot(v, nl);
    if (x->type == BODY_LINE) {
        /* Crossing lines already meet; parallel ones meet when the gap closes. */
        lo = hi = vdot(vsub(c2d_bv(x, 0), c2d_bv(l, 0)), nl);
    } else {
        hi = c2d_support(x, nl) - vdot(c2d_bv(l, 0), nl);
        lo = -c2d_support(x, vscale(nl, -1)) - vdot(c2d_bv(l, 0), nl);
    }
    if (lo > 0 && speed < 0) {
        t = lo / -speed;
        if (t <= tmax) offer(ft, t, vscale(nl, sign));
    } else if (hi < 0 && speed > 0) {
        t = -hi / speed;
        if (t <= tmax) offer(ft, t, vscale(nl, -sign));
    }
}

/* The first touch of body a moving by t*v (t in [0, tmax]) with b standing still. */
void c2d_first_contact(const body *a, c2d_vec v, const body *b, double tmax, first_touch *ft)
{
    /* The rounding tolerance of turned boxes and fans counts, as it does for hits. */
    double r = c2d_poly_radius(a) + c2d_poly_radius(b), R = r + a->tol + b->tol;
    int sharp = r == 0;
    ft->t = C2D_INF;
    ft->n = v2(0, 0);
    if (b->type == BODY_LINE) { against_line(a, v, b, tmax, 1, ft); return; }
    if (a->type == BODY_LINE) { against_line(b, vscale(v, -1), a, tmax, -1, ft); return; }
    corners_against(a, v, b, R, sharp, tmax, 1, ft);
    corners_against(b, vscale(v, -1), a, R, sharp, tmax, -1, ft);
    if (a->type == BODY_FAN && b->type == BODY_FAN) arc_arc(a, v, b, tmax, ft);
}

/* One round point (a disk's or a point's centre c) moving by t*v against a
 * POLY core b, everything's radius in R: its edges (met from outside when b
 * is solid) and its corners, without the scratch of the general pass (the
 * mirrored pass has nothing to add: c has no edges, and corner to corner is
 * the same test). sign -1 when c is really b's, moving by -v. */
void c2d_point_against_core(c2d_vec c, c2d_vec v, const body *b, double R, double tmax, double sign, first_touch *ft)
{
    int i, m = b->n == 1 ? 0 : b->n == 2 ? 1 : b->n;
    for (i = 0; i < m; i++) {
        edge g = make_edge(c2d_bv(b, i), c2d_bv(b, c2d_next(i, b->n)), v, b->n >= 3 ? -b->orient : 0);
        ray_side(c, v, &g, R, tmax, sign, ft);
    }
    for (i = 0; i < b->n; i++) c2d_ray_circle(c, v, c2d_bv(b, i), R, R == 0, tmax, sign, ft);
}
