/*
 * Compound contact by regions (see compound_regions.h): each pair of pieces'
 * region of overlapping moves, and the nearest move outside all of them.
 */
#include <float.h>
#include <string.h>
#include "compound_regions.h"

/* A convex body read as a ring of items, counter-clockwise, or reflected
 * through the origin (sign -1: the region subtracts the moving body). */
typedef struct ring {
    const body *b;
    double sign;
    int n;          /* raw items; a repeated polygon vertex is one with no edge after it */
    int plain;      /* no repeated vertex: every raw item is one (set by ring_start) */
} ring;

static ring body_ring(const body *b, double sign)
{
    ring r;
    r.b = b;
    r.sign = sign;
    r.n = b->type == BODY_FAN ? 4 : b->n;
    r.plain = 0;
    return r;
}

/* Raw item k of the ring: its circle (c, rad) and an outward normal w of
 * the edge after it (not of unit length); 0 when it is a repeated vertex
 * (no item). A fan's ring runs apex, end of its -half edge, arc, end of its
 * +half edge. */
static int ring_item(const ring *r, int k, c2d_vec *c, double *rad, c2d_vec *w)
{
    const body *b = r->b;
    if (b->type == BODY_FAN) {
        *rad = 0;
        switch (k) {
        case 0: *c = c2d_bv(b, 0); *w = v2(b->own.fan.e2.y, -b->own.fan.e2.x); break;
        case 1: *c = c2d_arc_end(b, 1); *w = b->own.fan.e2; break;
        case 2: *c = c2d_bv(b, 0); *rad = b->r; *w = b->own.fan.e1; break;
        default: *c = c2d_arc_end(b, 0); *w = vperp(b->own.fan.e1); break;
        }
    } else {
        c2d_vec p = ccw_vertex(b, k), q = ccw_vertex(b, c2d_next(k, b->n));
        *c = p;
        *rad = b->r;
        *w = v2(0, 0);
        if (b->n > 1) {
            if (veq(p, q)) return 0;
            *w = v2(q.y - p.y, p.x - q.x);
        }
    }
    *c = vscale(*c, r->sign);
    *w = vscale(*w, r->sign);
    return 1;
}

/* Is raw item k an item (not a repeated vertex). */
static int ring_has(const ring *r, int k)
{
    const body *b = r->b;
    if (r->plain || b->type == BODY_FAN || b->n == 1) return 1;
    return !veq(ccw_vertex(b, k), ccw_vertex(b, c2d_next(k, b->n)));
}

/* A number that grows with the direction's angle counter-clockwise from -y
 * (the normal below a lowest vertex), in [0, 4) (a quarter turn is 1):
 * comparisons without trigonometry, of vectors of any length. */
static double pseudo_angle(c2d_vec w)
{
    double s = fabs(w.x) + fabs(w.y), p;
    if (!(s > 0)) return 0;
    /* w turned a quarter counter-clockwise, measured from +x */
    p = -w.y >= 0 ? w.x / s : 2 - w.x / s;
    return p < 0 ? p + 4 : p;
}

/* How far the direction turns from angle a0 to a1 (pseudo-angles), forward;
 * a step back (a polygon convex only within rounding) counts as none. */
static double turn_between(double a0, double a1)
{
    double d = a1 - a0;
    if (d <= -1) d += 4;
    else if (d > 3) d -= 4;
    return d > 0 ? d : 0;
}

/* The raw index of the ring's first item along its normals' directions
 * from -y (the first of a run of equal normals), and how many items it has. */
static int ring_start(ring *r, int *count)
{
    c2d_vec c, w;
    double rad, best = 5;
    int k, s = 0, m = 0, steps;
    if (r->b->type == BODY_POLY) {
        /* The lowest vertex (the leftmost of them): its edge out is the
         * first whose normal turns past -y. */
        c2d_vec low = v2(0, 0);
        for (k = 0; k < r->n; k++) {
            c2d_vec p;
            if (!ring_has(r, k)) continue;
            p = vscale(ccw_vertex(r->b, k), r->sign);
            if (m++ == 0 || p.y < low.y || (p.y == low.y && p.x < low.x)) { low = p; s = k; }
        }
        r->plain = m == r->n;
        *count = m;
        return s;
    }
    for (k = 0; k < r->n; k++) {
        double p;
        if (!ring_item(r, k, &c, &rad, &w)) continue;
        p = pseudo_angle(w);
        if (m++ == 0 || p < best) { best = p; s = k; }
    }
    for (steps = 1; steps < m; steps++) {
        int j = s;
        do j = j == 0 ? r->n - 1 : j - 1; while (!ring_has(r, j));
        ring_item(r, j, &c, &rad, &w);
        if (pseudo_angle(w) != best) break;
        s = j;
    }
    *count = m;
    return s;
}

/* The next raw item after k that is one. */
static int ring_next(const ring *r, int k)
{
    int j = k, steps;
    for (steps = 0; steps < r->n; steps++) {
        j = c2d_next(j, r->n);
        if (ring_has(r, j)) return j;
    }
    return k;
}

/* The Minkowski sum of two rings into (v, rad, w): at most as many items
 * as both have. */
static int ring_sum(ring *p, ring *q, c2d_vec *v, double *rad, c2d_vec *w)
{
    c2d_vec cp, cq, wp, wq;
    double rp, rq, ap, aq;
    int np, nq, ip, iq, i = 0, j = 0, k = 0;
    if ((p->b->type == BODY_POLY && p->b->n == 1) || (q->b->type == BODY_POLY && q->b->n == 1)) {
        /* A circle and a ring: the ring moved and grown, from any item. */
        ring *one = p->b->type == BODY_POLY && p->b->n == 1 ? p : q, *other = one == p ? q : p;
        c2d_vec c1, c;
        double r1, r;
        ring_item(one, 0, &c1, &r1, &wp);
        for (i = 0; i < other->n; i++) {
            if (!ring_item(other, i, &c, &r, &w[k])) continue;
            w[k] = vunit(w[k]);
            v[k] = vadd(c, c1);
            rad[k] = r + r1;
            k++;
        }
        if (k == 1) w[0] = v2(0, 0);
        return k;
    }
    ip = ring_start(p, &np);
    iq = ring_start(q, &nq);
    if (np == 0 || nq == 0) return 0;
    ring_item(p, ip, &cp, &rp, &wp);
    ring_item(q, iq, &cq, &rq, &wq);
    ap = pseudo_angle(wp);
    aq = pseudo_angle(wq);
    while (i < np || j < nq) {
        int take_p = j == nq || (i < np && ap <= aq), take_q = i == np || (j < nq && aq <= ap);
        v[k] = vadd(cp, cq);
        rad[k] = rp + rq;
        w[k] = vunit(take_p ? wp : wq);
        k++;
        if (take_p) {
            i++;
            ip = ring_next(p, ip);
            ring_item(p, ip, &cp, &rp, &wp);
            ap += turn_between(ap, pseudo_angle(wp));
        }
        if (take_q) {
            j++;
            iq = ring_next(q, iq);
            ring_item(q, iq, &cq, &rq, &wq);
            aq += turn_between(aq, pseudo_angle(wq));
        }
    }
    return k;
}

/* The room a body's ring needs. */
static int ring_room(const body *b)
{
    return b->type == BODY_FAN ? 4 : b->n;
}

/* Add the region of moving body A against body B; 0 when there is no room. */
static int add_region(regionset *rs, const body *A, const body *B)
{
    ring ra = body_ring(A, -1), rb = body_ring(B, 1);
    region *g;
    double area = 0, rmax = 0;
    int i, n;
    c2d_vec *v = rs->v + rs->nv;
    if (rs->n == C2D_REGIONS || rs->nv + ring_room(A) + ring_room(B) > C2D_REGION_VERTS) return 0;
    g = &rs->g[rs->n];
    g->first = rs->nv;
    n = ring_sum(&ra, &rb, v, rs->rad + rs->nv, rs->w + rs->nv);
    g->n = n;
    if (n == 0) return 1;
    g->box.minx = g->box.maxx = v[0].x;
    g->box.miny = g->box.maxy = v[0].y;
    for (i = 0; i < n; i++) {
        double r = rs->rad[g->first + i], rn = rs->rad[g->first + c2d_next(i, n)];
        c2d_vec wi = rs->w[g->first + i];
        rs->edge[g->first + i] = n > 1 && !veq(vadd(v[i], vscale(wi, r)), vadd(v[c2d_next(i, n)], vscale(wi, rn)));
        area += vcross(vsub(v[i], v[0]), vsub(v[c2d_next(i, n)], v[0]));
        rmax = dmax(rmax, r);
        g->box.minx = dmin(g->box.minx, v[i].x - r); g->box.maxx = dmax(g->box.maxx, v[i].x + r);
        g->box.miny = dmin(g->box.miny, v[i].y - r); g->box.maxy = dmax(g->box.maxy, v[i].y + r);
    }
    g->rmax = rmax;
    g->solid = n >= 3 && area > 0;
    g->uniform = 1;
    for (i = 0; i < n; i++)
        if (rs->rad[g->first + i] != rmax) g->uniform = 0;
    g->tol = c2d_ulps(C2D_REGION_ROUNDING, c2d_bounds_magnitude(&g->box) + rmax) + A->tol + B->tol;
    /* A region with no interior (two points, or flat sharp cores) never blocks. */
    if (!(n >= 3 && area > 0) && !(rmax > 0)) return 1;
    rs->nv += n;
    rs->n++;
    return 1;
}

/* Add the region of leaf p moving against leaf q, in the frame at o (the
 * bodies live in this frame only); 0 when it does not fit, or when a leaf
 * is not convex (a fan opened beyond pi whose halves found no room). */
C2D_NOINLINE int c2d_add_pair_region(regionset *rs, const c2d_shape *p, const c2d_shape *q, c2d_vec o)
{
    body A, B;
    c2d_body(&A, p, &o);
    c2d_body(&B, q, &o);
    if (A.type == BODY_LINE || B.type == BODY_LINE || (A.type == BODY_FAN && A.wide) || (B.type == BODY_FAN && B.wide)) return 0;
    return add_region(rs, &A, &B);
}

/* The most arcs a point is checked against one by one (beyond them, all). */
#define C2D_FACING 8

/* The item before i in region g. */
static int item_before(const region *g, int i)
{
    return i == g->first ? g->first + g->n - 1 : i - 1;
}

/* Is the direction d within the normals of item i's arc (from the normal
 * before it to its own), each side allowed slack. An arc that turns back
 * (rounding) holds no direction. d must also point the arc's way: where the
 * two normals are the same (a vertex in the middle of a straight edge), the
 * side tests alone hold the opposite direction too. */
static int in_arc(const regionset *rs, const region *g, int i, c2d_vec d, double slack)
{
    c2d_vec a = rs->w[item_before(g, i)], b = rs->w[i];
    if (g->n == 1) return 1;
    if (vdot(a, b) >= 0 && vcross(a, b) < 0) return 0;
    return vcross(a, d) >= -slack && vcross(d, b) >= -slack && vdot(d, vadd(a, b)) >= 0;
}

/* The signed distance of x from region g's boundary (< 0 inside): the
 * greatest x.u - h(u) over unit u, h the region's support, which on item
 * i's normals is c_i.u + rad_i; its greatest over an arc is |x - c_i| -
 * rad_i when x - c_i points within the arc, else at the arc's ends (the
 * edge normals). */
double c2d_region_sd(const regionset *rs, const region *g, c2d_vec x)
{
    double most = -C2D_INF;
    int i;
    if (g->n == 1) return vlen(vsub(x, rs->v[g->first])) - rs->rad[g->first];
    for (i = g->first; i < g->first + g->n; i++) {
        c2d_vec d = vsub(x, rs->v[i]);
        most = dmax(most, vdot(d, rs->w[i]) - rs->rad[i]);
        if (in_arc(rs, g, i, d, 0)) most = dmax(most, vlen(d) - rs->rad[i]);
    }
    return most;
}

/* Is x outside (or on, within allow times its rounding) the interior of
 * region g: sd(x) >= -allow * tol, from the edges first, then the round
 * arcs x faces. */
static int region_clear(const regionset *rs, const region *g, c2d_vec x, double allow)
{
    double least = -allow * g->tol;
    int i, k, nf = 0, faces[C2D_FACING];
    if (x.x <= g->box.minx || x.x >= g->box.maxx || x.y <= g->box.miny || x.y >= g->box.maxy) return 1;
    if (g->n == 1) {
        double reach = rs->rad[g->first] + least;
        return reach <= 0 || vlen2(vsub(x, rs->v[g->first])) >= reach * reach;
    }
    /* The edges; and the arcs x may face. x - c faces an arc's normals only
     * when it has a positive share along one of the arc's end normals (an
     * arc turns by less than half a turn): when x lies beyond an edge's line
     * drawn through the arc's centre. */
    if (!(g->rmax > 0)) {
        /* Sharp: the edges alone. */
        for (i = g->first; i < g->first + g->n; i++)
            if (vdot(vsub(x, rs->v[i]), rs->w[i]) >= least) return 1;
        return 0;
    }
    if (g->uniform) {
        /* The centres' polygon V grown by r: clear when x is r (less the
         * allowance) from V, which only the edges x lies beyond can tell. */
        const c2d_vec *v = rs->v + g->first, *w = rs->w + g->first;
        double reach = g->rmax + least, most = -C2D_INF, d2 = C2D_INF;
        int outside = 0;
        for (i = 0; i < g->n; i++) {
            double s = vdot(vsub(x, v[i]), w[i]);
            if (s >= reach) return 1;
            most = dmax(most, s);
            if (s > 0) { outside = 1; d2 = dmin(d2, c2d_pt_seg_d2(x, v[i], v[c2d_next(i, g->n)], NULL)); }
        }
        /* (inside every edge line by more than rounding: inside V; a point
         * beyond the tip of a sliver whose edges rounding leaves all but
         * parallel reads as inside every line, and its distance decides) */
        if (!outside && g->solid && most < -g->tol) return most >= reach;
        if (!outside)
            for (i = 0; i < g->n; i++) d2 = dmin(d2, c2d_pt_seg_d2(x, v[i], v[c2d_next(i, g->n)], NULL));
        return reach <= 0 || d2 >= reach * reach;
    }
    for (i = g->first; i < g->first + g->n; i++) {
        int next = g->first + c2d_next(i - g->first, g->n);
        double s = vdot(vsub(x, rs->v[i]), rs->w[i]) - rs->rad[i];
        if (s >= least) return 1;
        if (s + rs->rad[i] > -g->tol && nf <= C2D_FACING - 2) faces[nf++] = i;
        else if (s + rs->rad[i] > -g->tol) nf = C2D_FACING + 1;
        if (s + rs->rad[next] > -g->tol && nf <= C2D_FACING - 1) faces[nf++] = next;
        else if (s + rs->rad[next] > -g->tol) nf = C2D_FACING + 1;
    }
    /* Inside every edge line: only a round arc x faces can leave it outside. */
    for (k = 0; k < (nf > C2D_FACING ? g->n : nf); k++) {
        double reach;
        c2d_vec d;
        i = nf > C2D_FACING ? g->first + k : faces[k];
        reach = rs->rad[i] + least;
        if (!(rs->rad[i] > 0)) continue;
        d = vsub(x, rs->v[i]);
        if (in_arc(rs, g, i, d, 0) && (reach <= 0 || vlen2(d) >= reach * reach)) return 1;
    }
    return 0;
}

/* Candidates are gathered, then tried nearest first: the first one inside
 * no region is the least of them, and the rest need no test. */
#define C2D_CANDIDATES 64

typedef struct region_search {
    const regionset *rs;
    double best2;
    c2d_vec x, u;
    int found;
    int last;                       /* the region that last refused a point */
    const c2d_seams *seams;         /* a leaf without area: a point clear of every
                                       region may still lie on a seam of their union */
    int nc;
    double cd2[C2D_CANDIDATES];
    c2d_vec cx[C2D_CANDIDATES];
    c2d_vec cu[C2D_CANDIDATES];     /* the side the shapes come apart on */
    unsigned char cround[C2D_CANDIDATES]; /* on a round piece: a cusp's way out may run along it */
} region_search;

/* Is x inside no region, within their rounding when allow (the one that
 * refused the last point first). */
static int clear_of_all(region_search *s, c2d_vec x, double allow)
{
    const regionset *rs = s->rs;
    int k;
    if (s->last < rs->n && !region_clear(rs, &rs->g[s->last], x, allow)) return 0;
    for (k = 0; k < rs->n; k++)
        if (k != s->last && !region_clear(rs, &rs->g[k], x, allow)) { s->last = k; return 0; }
    return 1;
}

/* The rounding of the regions whose boxes reach x. */
double c2d_regions_tol(const regionset *rs, c2d_vec x)
{
    double t = 0;
    int k;
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        if (x.x >= g->box.minx - g->tol && x.x <= g->box.maxx + g->tol &&
            x.y >= g->box.miny - g->tol && x.y <= g->box.maxy + g->tol) t = dmax(t, g->tol);
    }
    return t;
}

static void sift_down(region_search *s, int i, int n)
{
    for (;;) {
        int l = 2 * i + 1, m = i;
        double td;
        c2d_vec tx;
        unsigned char tr;
        if (l < n && s->cd2[l] < s->cd2[m]) m = l;
        if (l + 1 < n && s->cd2[l + 1] < s->cd2[m]) m = l + 1;
        if (m == i) return;
        td = s->cd2[i]; s->cd2[i] = s->cd2[m]; s->cd2[m] = td;
        tx = s->cx[i]; s->cx[i] = s->cx[m]; s->cx[m] = tx;
        tx = s->cu[i]; s->cu[i] = s->cu[m]; s->cu[m] = tx;
        tr = s->cround[i]; s->cround[i] = s->cround[m]; s->cround[m] = tr;
        i = m;
    }
}

/* For a point in a cusp, where two round pieces are tangent (or apart or
 * overlapping by rounding) and u, between their normals, points into the
 * other: the way out runs along their common tangent, across u, which
 * leaves both circles to second order only. A point that far along it
 * (r the largest radius of the regions there) puts the circles 8 tol
 * behind, and must be clear of every region by more than its rounding: a
 * straight seam, along which the point stays on both outlines, is not.
 * Sets *u to the way out. */
static int clear_along_tangent(region_search *s, c2d_vec x, c2d_vec *u, double tol)
{
    const regionset *rs = s->rs;
    double r = 0, ul = vlen(*u), step;
    int k;
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        if (x.x >= g->box.minx - tol && x.x <= g->box.maxx + tol && x.y >= g->box.miny - tol && x.y <= g->box.maxy + tol)
            r = dmax(r, g->rmax);
    }
    if (!(r > 0) || !(ul > 0) || !(tol > 0)) return 0;
    step = 4 * tol + 4 * sqrt(r * tol);
    for (k = 0; k < 2; k++) {
        c2d_vec v = vscale(vperp(*u), (k ? -1 : 1) / ul);
        if (clear_of_all(s, vadd(x, vscale(v, step)), -1)) {
            *u = v;
            return 1;
        }
    }
    return 0;
}

/* Is x clear of every region (within their rounding; where two nearly
 * parallel edges cross, |u| grows as their crossing's rounding does).
 * Unless seams are possible (seams_possible), that is all: were the moved
 * shapes to overlap, some pair of leaves would, and x would be inside its
 * region. A zero-width gap between two regions (a box exactly as tall as a
 * slot) is then an answer.
 * Where a leaf without area (a point, a segment) meets several, a point on
 * the seam of two regions (one ends where the other begins, as two pieces of
 * a Concave meet along a diagonal) is clear of each but inside their union:
 * the caller's on_seam decides. Where it cannot tell, or x is within
 * rounding of no move, the point a step beyond x on the side u where its
 * regions open must be clear too. The step is well beyond the rounding the
 * clear test allows x, and the point beyond is held to no allowance (a
 * narrow piece it grazes still refuses it). */
static int clear_at(region_search *s, c2d_vec x, c2d_vec *u, int round)
{
    double tol = s->seams ? dmax(c2d_regions_tol(s->rs, x), s->seams->tol) : 0, len = vlen(*u);
    int k, seam;
    if (!clear_of_all(s, x, dmax(1, len))) return 0;
    if (!s->seams) return 1;
    seam = s->seams->on_seam(s->seams, x);
    if (seam == C2D_SEAM_YES) return 0;
    if (seam == C2D_SEAM_UNKNOWN)
        return clear_of_all(s, vadd(x, vscale(*u, 4 * tol)), 0) || (round && clear_along_tangent(s, x, u, tol));
    if (c2d_hypot(x.x, x.y) > tol * dmax(1, len)) return 1;
    /* Within rounding of no move, the answer is a touch whose normal is u:
     * the side beyond must open, off any seam; or, held on that side (a
     * segment flush in a slot), a side along it. The step is twice the
     * stretch along a cut that pairs_on_seam counts as a seam, so that a
     * segment pushed that far along a cut (a fan's halves) is on one. */
    for (k = 0; k < 3; k++) {
        c2d_vec v = k == 0 ? *u : vscale(vperp(*u), k == 1 ? 1 : -1), beyond = vadd(x, vscale(v, 16 * tol));
        if (clear_of_all(s, beyond, 0) && s->seams->on_seam(s->seams, beyond) == C2D_SEAM_NO) {
            *u = v;
            return 1;
        }
    }
    return 0;
}

/* Try the gathered candidates nearest first (a heap), up to the first clear one. */
static void settle(region_search *s)
{
    int i, n = s->nc;
    for (i = n / 2 - 1; i >= 0; i--) sift_down(s, i, n);
    while (n > 0 && s->cd2[0] < s->best2) {
        if (clear_at(s, s->cx[0], &s->cu[0], s->cround[0])) {
            s->best2 = s->cd2[0];
            s->x = s->cx[0];
            s->u = s->cu[0];
            s->found = 1;
            break;
        }
        n--;
        s->cd2[0] = s->cd2[n];
        s->cx[0] = s->cx[n];
        s->cu[0] = s->cu[n];
        s->cround[0] = s->cround[n];
        sift_down(s, 0, n);
    }
    s->nc = 0;
}

/* A candidate x, where the regions it lies on open toward u (a step of u
 * leaves each of them by at least a step). */
static void try_point(region_search *s, c2d_vec x, c2d_vec u, int round)
{
    double d2 = vlen2(x);
    if (!(d2 < s->best2)) return;
    s->cd2[s->nc] = d2;
    s->cx[s->nc] = x;
    s->cu[s->nc] = u;
    s->cround[s->nc] = (unsigned char)round;
    if (++s->nc == C2D_CANDIDATES) settle(s);
}

/* A boundary piece: an offset edge (the edge from vertex i) or a round corner. */
typedef struct piece_ref {
    int region, i, round;
    c2d_bounds box;   /* its box (grown by rounding), within the best's square */
} piece_ref;

static void edge_line(const regionset *rs, const region *g, int i, c2d_vec *w, double *c)
{
    (void)g;
    *w = rs->w[i];
    *c = vdot(rs->v[i], *w) + rs->rad[i];
}

/* Is x, on the line of the offset edge from vertex i, within that edge. */
static int on_edge(const regionset *rs, const region *g, int i, c2d_vec x)
{
    int j = g->first + c2d_next(i - g->first, g->n);
    c2d_vec p0 = vadd(rs->v[i], vscale(rs->w[i], rs->rad[i]));
    c2d_vec e = vsub(vadd(rs->v[j], vscale(rs->w[i], rs->rad[j])), p0);
    double t = vdot(vsub(x, p0), e), ee = vlen2(e), slack = C2D_ON_PIECE * ee;
    return t >= -slack && t <= ee + slack;
}

/* Is x, on the circle about vertex i, on that round corner: between the
 * normals of the edges that meet there. */
static int on_corner(const regionset *rs, const region *g, int i, c2d_vec x)
{
    c2d_vec u = vsub(x, rs->v[i]);
    return in_arc(rs, g, i, u, C2D_ON_PIECE * vlen(u));
}

/* Does item i have an edge of positive length after it. */
static int has_edge(const regionset *rs, const region *g, int i)
{
    (void)g;
    return rs->edge[i];
}

static int on_piece(const regionset *rs, const piece_ref *f, c2d_vec x)
{
    const region *g = &rs->g[f->region];
    return f->round ? on_corner(rs, g, f->i, x) : on_edge(rs, g, f->i, x);
}

/* A point where two pieces may cross: tried when it is on both. */
/* The outward normal of a piece at x on it. */
static c2d_vec piece_normal(const regionset *rs, const piece_ref *f, c2d_vec x)
{
    return f->round ? vunit(vsub(x, rs->v[f->i])) : rs->w[f->i];
}

static void try_on(region_search *s, const piece_ref *f, const piece_ref *h, c2d_vec x)
{
    c2d_vec u;
    if (!(vlen2(x) < s->best2)) return;
    if (!on_piece(s->rs, f, x) || !on_piece(s->rs, h, x)) return;
    /* Outside both: between their normals, by the step over the share of it
     * that leaves each piece. */
    u = vadd(piece_normal(s->rs, f, x), piece_normal(s->rs, h, x));
    if (vlen(u) > C2D_OPPOSED_NORMALS) {
        try_point(s, x, vscale(u, 2 / vlen2(u)), 0);
    } else if (f->round && h->round) {
        /* Round corners tangent from outside (a point in the cusp between
         * two tangent disks): any way out runs along the common tangent,
         * both ways tried (the point a step along it must be clear too,
         * as it is off both circles to second order only). Two edges
         * facing each other are left out: a fan's halves meet that way,
         * and the rounding between them is no way out. */
        u = vperp(piece_normal(s->rs, f, x));
        try_point(s, x, u, 1);
        try_point(s, x, vscale(u, -1), 1);
    }
}

/* Where two boundary pieces of different regions cross. */
static void try_crossing(region_search *s, const piece_ref *f, const piece_ref *h)
{
    const regionset *rs = s->rs;
    const region *gf, *gh;
    if (f->round && !h->round) { const piece_ref *t = f; f = h; h = t; }
    gf = &rs->g[f->region];
    gh = &rs->g[h->region];
    if (!f->round && !h->round) {
        c2d_vec w1, w2;
        double c1, c2, det;
        edge_line(rs, gf, f->i, &w1, &c1);
        edge_line(rs, gh, h->i, &w2, &c2);
        det = vcross(w1, w2);
        if (det == 0) return;
        try_on(s, f, h, v2((c1 * w2.y - c2 * w1.y) / det, (c2 * w1.x - c1 * w2.x) / det));
    } else if (!f->round) {
        /* An offset edge's line x.w = c and the circle about v of radius r. */
        c2d_vec w, v = rs->v[h->i], foot;
        double c, d, r = rs->rad[h->i], half;
        edge_line(rs, gf, f->i, &w, &c);
        d = c - vdot(v, w);
        if (!(fabs(d) <= r)) return;
        foot = vadd(v, vscale(w, d));
        half = sqrt(dmax(0, (r - d) * (r + d)));
        try_on(s, f, h, vadd(foot, vscale(vperp(w), half)));
        try_on(s, f, h, vsub(foot, vscale(vperp(w), half)));
    } else {
        c2d_vec v1 = rs->v[f->i], v2_ = rs->v[h->i], e = vsub(v2_, v1), u, p;
        double r1 = rs->rad[f->i], r2 = rs->rad[h->i], dd = vlen(e), along, half;
        if (!(dd > 0) || dd > r1 + r2 || dd < fabs(r1 - r2)) return;
        u = vscale(e, 1 / dd);
        along = (dd + (r1 - r2) * (r1 + r2) / dd) / 2;
        half = sqrt(dmax(0, (r1 - along) * (r1 + along)));
        p = vadd(v1, vscale(u, along));
        try_on(s, f, h, vadd(p, vscale(vperp(u), half)));
        try_on(s, f, h, vsub(p, vscale(vperp(u), half)));
    }
}

/* The box of round corner i: its ends, and its extreme points along the
 * axes that lie on it. */
static void corner_box(const regionset *rs, const region *g, int i, c2d_bounds *box)
{
    static const c2d_vec axes[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
    c2d_vec v = rs->v[i], p[6];
    double r = rs->rad[i];
    int j, m = 0;
    if (g->n == 1) {
        box->minx = v.x - r; box->maxx = v.x + r;
        box->miny = v.y - r; box->maxy = v.y + r;
        return;
    }
    {
        c2d_vec win = rs->w[item_before(g, i)], wout = rs->w[i];
        p[m++] = vadd(v, vscale(win, r));
        p[m++] = vadd(v, vscale(wout, r));
        for (j = 0; j < 4; j++)
            if (vcross(win, axes[j]) >= 0 && vcross(axes[j], wout) >= 0) p[m++] = vadd(v, vscale(axes[j], r));
    }
    c2d_points_bounds(p, m, box);
}

/* Grow a piece's box by rounding and cut it to the square of radius best;
 * 1 when anything is left. */
static int piece_box(c2d_bounds *b, double best)
{
    double slack = C2D_ON_PIECE * (fabs(b->minx) + fabs(b->maxx) + fabs(b->miny) + fabs(b->maxy) + best);
    b->minx = dmax(b->minx - slack, -best); b->maxx = dmin(b->maxx + slack, best);
    b->miny = dmax(b->miny - slack, -best); b->maxy = dmin(b->maxy + slack, best);
    return b->minx <= b->maxx && b->miny <= b->maxy;
}

/* Sort pieces by their boxes' left sides (Shell's sort: no allocation). */
static void sort_by_left(piece_ref *p, int n)
{
    static const int gaps[] = { 109, 41, 19, 5, 1 };
    int g, i, j;
    for (g = 0; g < 5; g++) {
        int gap = gaps[g];
        for (i = gap; i < n; i++) {
            piece_ref t = p[i];
            for (j = i; j >= gap && p[j - gap].box.minx > t.box.minx; j -= gap) p[j] = p[j - gap];
            p[j] = t;
        }
    }
}

/* Does some other region than k hold the segment p0 p1 in its interior
 * (then no point of it is on the union's boundary). */
static int buried(region_search *s, int k, c2d_vec p0, c2d_vec p1)
{
    const regionset *rs = s->rs;
    int l;
    if (s->last != k && s->last < rs->n && !region_clear(rs, &rs->g[s->last], p0, 1) && !region_clear(rs, &rs->g[s->last], p1, 1)) return 1;
    for (l = 0; l < rs->n; l++)
        if (l != k && l != s->last && !region_clear(rs, &rs->g[l], p0, 1) && !region_clear(rs, &rs->g[l], p1, 1)) { s->last = l; return 1; }
    return 0;
}

/* Does some other region than k hold round corner i in its interior: the
 * triangle of its ends and the crossing of its end tangents, which holds an
 * arc of less than two thirds of a half turn. */
static int buried_corner(region_search *s, int k, int i)
{
    const regionset *rs = s->rs;
    const region *g = &rs->g[k];
    c2d_vec v = rs->v[i], win, wout, e0, e1, apex;
    double c, r = rs->rad[i];
    int l;
    if (g->n == 1) return 0;
    win = rs->w[item_before(g, i)];
    wout = rs->w[i];
    c = vdot(win, wout);
    if (!(c > -0.5)) return 0;
    e0 = vadd(v, vscale(win, r));
    e1 = vadd(v, vscale(wout, r));
    apex = vadd(v, vscale(vadd(win, wout), r / (1 + c)));
    for (l = 0; l < rs->n; l++) {
        const region *h = &rs->g[l];
        if (l != k && !region_clear(rs, h, e0, 1) && !region_clear(rs, h, e1, 1) && !region_clear(rs, h, apex, 1)) return 1;
    }
    return 0;
}

/* The least move of a (by x) outside every region, when below best; returns
 * whether one was found. */
int c2d_region_least(regionset *rs, double best, const c2d_seams *seams, c2d_vec *x, c2d_vec *u)
{
    region_search s;
    piece_ref near_pieces[C2D_REGION_FEATURES];
    int k, i, j, np = 0;
    s.rs = rs;
    s.seams = seams;
    s.best2 = best * best;
    s.found = 0;
    s.last = 0;
    s.nc = 0;
    /* Feet of perpendiculars, and round corners on the line through their centre. */
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        for (i = g->first; i < g->first + g->n; i++) {
            c2d_vec v = rs->v[i];
            double r = rs->rad[i];
            if (has_edge(rs, g, i)) {
                c2d_vec w;
                double c;
                edge_line(rs, g, i, &w, &c);
                if (c >= -g->tol && on_edge(rs, g, i, vscale(w, c))) try_point(&s, vscale(w, c), w, 0);
            }
            if (r > 0) {
                double len = vlen(v);
                if (len > 0) {
                    c2d_vec far = vscale(v, (len + r) / len), back = vscale(v, (len - r) / len);
                    c2d_vec out = vscale(v, 1 / len);
                    if (on_corner(rs, g, i, far)) try_point(&s, far, out, 1);
                    if (len <= r + g->tol && on_corner(rs, g, i, back)) try_point(&s, back, vscale(out, -1), 1);
                } else if (g->n > 1) {
                    /* Centred on the origin: the whole arc is as near; its ends. */
                    int prev = item_before(g, i);
                    try_point(&s, vadd(v, vscale(rs->w[i], r)), rs->w[i], 1);
                    try_point(&s, vadd(v, vscale(rs->w[prev], r)), rs->w[prev], 1);
                } else {
                    try_point(&s, v2(0, -r), v2(0, -1), 1);
                }
            }
        }
    }
    settle(&s);
    /* Only the regions nearer than the best found can hold a nearer point. */
    for (k = i = 0; k < rs->n; k++)
        if (rs->g[k].sd0 * rs->g[k].sd0 < s.best2 || rs->g[k].sd0 < 0) rs->g[i++] = rs->g[k];
    rs->n = i;
    s.last = 0;
    /* The boundary pieces nearer than the best, each with its box cut to the
     * square of the best; then the crossings of pieces whose boxes meet
     * (sorted by their left sides, each against those starting before it ends). */
    for (k = 0; k < rs->n; k++) {
        const region *g = &rs->g[k];
        double best_now = sqrt(s.best2);
        for (i = g->first; i < g->first + g->n; i++) {
            c2d_vec w = rs->w[i];
            double r = rs->rad[i];
            if (has_edge(rs, g, i)) {
                c2d_vec p[2];
                p[0] = vadd(rs->v[i], vscale(w, r));
                p[1] = vadd(rs->v[g->first + c2d_next(i - g->first, g->n)], vscale(w, rs->rad[g->first + c2d_next(i - g->first, g->n)]));
                if (c2d_pt_seg_d2(v2(0, 0), p[0], p[1], NULL) < s.best2 && !buried(&s, k, p[0], p[1])) {
                    if (np == C2D_REGION_FEATURES) return -1;
                    near_pieces[np].region = k; near_pieces[np].i = i; near_pieces[np].round = 0;
                    c2d_points_bounds(p, 2, &near_pieces[np].box);
                    np += piece_box(&near_pieces[np].box, best_now);
                }
            }
            if (r > 0 && fabs(vlen(rs->v[i]) - r) < best_now && !buried_corner(&s, k, i)) {
                if (np == C2D_REGION_FEATURES) return -1;
                near_pieces[np].region = k; near_pieces[np].i = i; near_pieces[np].round = 1;
                corner_box(rs, g, i, &near_pieces[np].box);
                np += piece_box(&near_pieces[np].box, best_now);
            }
        }
    }
    sort_by_left(near_pieces, np);
    for (i = 0; i < np; i++) {
        const piece_ref *f = &near_pieces[i];
        for (j = i + 1; j < np && near_pieces[j].box.minx <= f->box.maxx; j++) {
            const piece_ref *h = &near_pieces[j];
            if (h->region == f->region || h->box.miny > f->box.maxy || h->box.maxy < f->box.miny) continue;
            try_crossing(&s, f, h);
        }
    }
    settle(&s);
    if (!s.found) return 0;
    /* Held within the allowance only (rounding, or a region it grazes): the
     * point a step beyond on its open side, which is clear with none (with
     * leaves of area only when it is: in a zero-width gap, the step beyond
     * is inside the region across it). */
    if (vlen(s.x) > c2d_regions_tol(rs, s.x) * dmax(1, vlen(s.u)) && !clear_of_all(&s, s.x, 0)) {
        /* The least such step, doubled from the rounding of x itself up to
         * the regions' (which a far vertex can make far coarser than x's:
         * a step of it would overshoot by as much). */
        double most = 4 * c2d_regions_tol(rs, s.x), step = c2d_ulps(4, fabs(s.x.x) + fabs(s.x.y));
        c2d_vec beyond;
        int clear;
        for (;;) {
            if (!(step < most)) step = most;
            beyond = vadd(s.x, vscale(s.u, step));
            clear = clear_of_all(&s, beyond, 0);
            if (clear || step == most) break;
            step *= 2;
        }
        if (seams || clear) s.x = beyond;
    }
    *x = s.x;
    *u = s.u;
    return 1;
}

