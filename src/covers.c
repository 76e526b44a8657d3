/*
 * Covers: does a hold every point of b.
 *
 * b is the union of convex leaves (its pieces, a wide fan's two halves), and
 * a covers b when it covers each. A convex a covers a convex leaf L when:
 *   a sharp polygon   L's support along each outward edge normal is within
 *                     the edge's (h_L(w) <= h_a(w) on the normals is enough);
 *   a rounded core    (disk, capsule: core K grown by R) every round centre v
 *                     of L (radius r) has its disk inside: dist(v, K) <= R - r,
 *                     or when r > R, v inside K at least r - R from each edge
 *                     (the erosion of a convex set by a disk); a fan leaf
 *                     through its apex, arc ends and the arc points where the
 *                     distance to K can peak;
 *   a fan (<= pi)     L inside the circle (its farthest point) and inside
 *                     both edge half-planes (supports);
 *   a Line            L a point or segment on it.
 * A compound a (or a wide fan) covers L when one of its leaves does, or else
 * by subtraction: L less each sharp convex leaf (polygon clipping; a point or
 * segment by intervals along it) must leave no area. A round leaf L against a
 * Concave: its core covered and at least its radius from every outline edge.
 */
#include <float.h>
#include <string.h>
#include "compound.h"

/* Subtraction: the most convex parts it keeps, and their vertices. */
#define C2D_COVER_PARTS 32
#define C2D_COVER_VERTS 64
/* The most leaves of a compound a tried against one leaf of b. */
#define C2D_COVER_LEAVES 128



static int within(double x, double limit)
{
    return x <= limit + C2D_COVER_ULPS * DBL_EPSILON * (fabs(x) + fabs(limit));
}

/* The distance from p to a POLY core (0 inside one with an interior). */
static double core_distance(const body *k, c2d_vec p)
{
    double best = C2D_INF;
    int i, inside = k->orient != 0;
    if (k->n == 1) return vlen(vsub(p, c2d_bv(k, 0)));
    for (i = 0; i < k->n; i++) {
        c2d_vec a = c2d_bv(k, i), b = c2d_bv(k, c2d_next(i, k->n));
        if (k->orient != 0 && vcross(vsub(b, a), vsub(p, a)) * k->orient < 0) inside = 0;
        best = dmin(best, sqrt(c2d_pt_seg_d2(p, a, b, NULL)));
        if (k->n == 2) break;
    }
    return inside ? 0 : best;
}

/* The least distance from p (inside) to the edge lines of a core with an interior. */
static double inner_margin(const body *k, c2d_vec p)
{
    double m = C2D_INF;
    int i;
    for (i = 0; i < k->n; i++) {
        c2d_vec a = c2d_bv(k, i), e = vsub(c2d_bv(k, c2d_next(i, k->n)), a);
        double l = vlen(e);
        if (l == 0) continue;
        m = dmin(m, vcross(e, vsub(p, a)) * k->orient / l);
    }
    return m;
}

/* The points of a fan body's arc where the distance to anything built from
 * the given points and normals can peak: its ends, and the arc points facing
 * away from each point or along each normal (when on the arc). */
static int arc_candidates(const body *f, const body *pb, const c2d_vec *pts, int np, const c2d_vec *normals, int nn,
                          c2d_vec *out)
{
    int i, k = 0;
    out[k++] = c2d_bv(f, 0);
    out[k++] = c2d_arc_end(f, 0);
    out[k++] = c2d_arc_end(f, 1);
    for (i = 0; i < np; i++) {
        c2d_vec u = vunit(vsub(c2d_bv(f, 0), pb ? c2d_bv(pb, i) : pts[i])); /* the points: pb's vertices, or pts */
        if ((u.x != 0 || u.y != 0) && c2d_in_wedge(f, u)) out[k++] = vadd(c2d_bv(f, 0), vscale(u, f->r));
    }
    for (i = 0; i < nn; i++)
        if (c2d_in_wedge(f, normals[i])) out[k++] = vadd(c2d_bv(f, 0), vscale(normals[i], f->r));
    return k;
}

/* A convex a (not a wide fan) covers the convex leaf l. */
static int convex_covers(const c2d_shape *a, const c2d_shape *l)
{
    body A, B;
    c2d_vec o = a->p[0];
    int i;
    c2d_body(&A, a, &o);
    c2d_body(&B, l, &o);
    if (A.type == BODY_LINE) {
        if (B.type != BODY_POLY || B.r > 0) return 0;
        for (i = 0; i < B.n; i++)
            if (vcross(vsub(c2d_bv(&B, i), c2d_bv(&A, 0)), c2d_bv(&A, 1)) != 0) return 0;
        return B.orient == 0;
    }
    if (A.type == BODY_POLY && A.r == 0 && A.orient != 0 && A.n >= 3) {
        /* A sharp polygon: the leaf's support along each outward normal. */
        for (i = 0; i < A.n; i++) {
            c2d_vec e = vsub(c2d_bv(&A, c2d_next(i, A.n)), c2d_bv(&A, i)), w = vunit(vscale(vperp(e), -A.orient));
            if (e.x == 0 && e.y == 0) continue;
            if (!within(c2d_support(&B, w) - A.tol, vdot(c2d_bv(&A, i), w))) return 0;
        }
        return 1;
    }
    if (A.type == BODY_POLY) {
        /* A core grown by R. */
        double R = A.r + A.tol;
        if (B.type == BODY_POLY) {
            for (i = 0; i < B.n; i++) {
                if (B.r <= R) {
                    if (!within(core_distance(&A, c2d_bv(&B, i)), R - B.r)) return 0;
                } else {
                    if (A.orient == 0 || core_distance(&A, c2d_bv(&B, i)) > 0) return 0;
                    if (!within(B.r - R, inner_margin(&A, c2d_bv(&B, i)))) return 0;
                }
            }
            return 1;
        } else {
            c2d_vec normals[2 * C2D_MAX_VERTICES], pts[2 * C2D_MAX_VERTICES + 3];
            int nn = 0, np;
            for (i = 0; A.n >= 2 && i < A.n; i++) {
                c2d_vec w = vunit(vperp(vsub(c2d_bv(&A, c2d_next(i, A.n)), c2d_bv(&A, i))));
                normals[nn++] = w;
                normals[nn++] = vscale(w, -1);
                if (A.n == 2) break;
            }
            np = arc_candidates(&B, &A, NULL, A.n, normals, nn, pts);
            for (i = 0; i < np; i++)
                if (!within(core_distance(&A, pts[i]), R)) return 0;
            return 1;
        }
    }
    /* A fan opened up to pi: inside its circle and both edge half-planes. */
    {
        c2d_vec apex = c2d_bv(&A, 0), w1 = vperp(A.own.fan.e1), w2 = vscale(vperp(A.own.fan.e2), -1);
        double R = A.r + A.tol;
        if (B.type == BODY_POLY) {
            for (i = 0; i < B.n; i++)
                if (!within(vlen(vsub(c2d_bv(&B, i), apex)) + B.r, R)) return 0;
        } else {
            c2d_vec pts[4];
            int np = arc_candidates(&B, NULL, &apex, 1, NULL, 0, pts);
            for (i = 0; i < np; i++)
                if (!within(vlen(vsub(pts[i], apex)), R)) return 0;
        }
        return within(c2d_support(&B, w1) - A.tol, vdot(apex, w1)) &&
               within(c2d_support(&B, w2) - A.tol, vdot(apex, w2));
    }
}

/* ---- subtraction, for a compound a ---- */

typedef struct part {
    int n;
    c2d_vec v[C2D_COVER_VERTS];
} part;

typedef struct parts {
    int n, overflow;
    part p[C2D_COVER_PARTS];
} parts;

static double box_extent(const c2d_bounds *b)
{
    return dmax(b->maxx - b->minx, b->maxy - b->miny);
}

static double part_area(const part *p)
{
    double a = 0;
    int i;
    for (i = 1; i + 1 < p->n; i++) a += vcross(vsub(p->v[i], p->v[0]), vsub(p->v[i + 1], p->v[0]));
    return fabs(a) / 2;
}

/* The part of src on the side of line (k0, e) where side * cross(e, p - k0) >= 0. */
static void clip(const part *src, c2d_vec k0, c2d_vec e, double side, part *dst)
{
    int i;
    dst->n = 0;
    for (i = 0; i < src->n; i++) {
        c2d_vec p = src->v[i], q = src->v[c2d_next(i, src->n)];
        double sp = side * vcross(e, vsub(p, k0)), sq = side * vcross(e, vsub(q, k0));
        if (sp >= 0 && dst->n < C2D_COVER_VERTS) dst->v[dst->n++] = p;
        if (((sp > 0 && sq < 0) || (sp < 0 && sq > 0)) && dst->n < C2D_COVER_VERTS)
            dst->v[dst->n++] = vlerp(p, q, sp / (sp - sq));
    }
}

/* Replace the parts by what is left of them outside the sharp convex body k. */
static void subtract(parts *ps, const body *k, double tol)
{
    parts out;
    part cur, piece;
    int i, j;
    out.n = 0;
    out.overflow = ps->overflow;
    for (i = 0; i < ps->n; i++) {
        cur = ps->p[i];
        for (j = 0; j < k->n && cur.n > 0; j++) {
            c2d_vec k0 = c2d_bv(k, j), e = vsub(c2d_bv(k, c2d_next(j, k->n)), k0);
            if (e.x == 0 && e.y == 0) continue;
            clip(&cur, k0, e, -k->orient, &piece);
            if (piece.n >= 3 && part_area(&piece) > tol) {
                if (out.n < C2D_COVER_PARTS) out.p[out.n++] = piece;
                else out.overflow = 1;
            }
            clip(&cur, k0, e, k->orient, &piece);
            cur = piece;
        }
    }
    *ps = out;
}

/* Is a segment (or point) p0..p1 inside the union of a's leaves: the
 * intervals along it that each leaf holds must cover [0, 1]. */
static int segment_covered(const c2d_shape *const *lv, int n, c2d_vec p0, c2d_vec p1)
{
    double lo[C2D_COVER_LEAVES], hi[C2D_COVER_LEAVES], reach = 0;
    int i, m = 0, moved = 1;
    c2d_vec d = vsub(p1, p0);
    for (i = 0; i < n && m < C2D_COVER_LEAVES; i++) {
        c2d_sweep_result in = c2d_raycast(lv[i], p0, d, 1), out;
        if (!in.hit) continue;
        out = c2d_raycast(lv[i], p1, vscale(d, -1), 1);
        if (!out.hit) continue;
        lo[m] = in.t;
        hi[m] = 1 - out.t;
        m++;
    }
    if (d.x == 0 && d.y == 0) return m > 0;
    /* Grow the covered prefix [0, reach] until nothing extends it. */
    while (moved) {
        moved = 0;
        for (i = 0; i < m; i++)
            if (lo[i] <= reach && hi[i] > reach) { reach = hi[i]; moved = 1; }
    }
    return reach >= 1;
}

/* Does the compound (or wide fan) a cover the convex leaf l. */
static int compound_covers(const c2d_shape *a, const c2d_shape *l)
{
    const c2d_shape *lv[C2D_COVER_LEAVES];
    c2d_shape halves[2];
    piece_walk w;
    const c2d_shape *p;
    body B;
    c2d_vec o = l->p[0];
    int n = 0, i;
    if (c2d_wide_fan(a)) {
        c2d_fan_halves(a, halves);
        lv[n++] = &halves[0];
        lv[n++] = &halves[1];
    } else {
        c2d_walk_start(&w, a);
        while ((p = c2d_walk_next(&w, &l->bounds, 0)) != NULL && n < C2D_COVER_LEAVES) {
            if (c2d_is_compound(p)) {
                /* A Concave inside a Group: its pieces. */
                piece_walk w2;
                const c2d_shape *q;
                c2d_walk_start(&w2, p);
                while ((q = c2d_walk_next(&w2, &l->bounds, 0)) != NULL && n < C2D_COVER_LEAVES) lv[n++] = q;
            } else {
                lv[n++] = p;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (!c2d_wide_fan(lv[i]) && convex_covers(lv[i], l)) return 1;
    c2d_body(&B, l, &o);
    if (B.type == BODY_POLY && B.r == 0 && B.n <= 2)
        return segment_covered(lv, n, vadd(c2d_bv(&B, 0), o), vadd(c2d_bv(&B, B.n - 1), o));
    if (B.type == BODY_POLY && B.r == 0) {
        parts ps;
        double size = box_extent(&l->bounds), tol = C2D_SLIVER_AREA * DBL_EPSILON * size * size;
        ps.n = 1;
        ps.overflow = 0;
        ps.p[0].n = B.n;
        for (i = 0; i < B.n; i++) ps.p[0].v[i] = c2d_bv(&B, i);
        for (i = 0; i < n && ps.n > 0; i++) {
            body K;
            c2d_body(&K, lv[i], &o);
            if (K.type == BODY_POLY && K.r == 0 && K.orient != 0 && K.n >= 3) subtract(&ps, &K, tol);
        }
        return ps.n == 0 && !ps.overflow;
    }
    if (a->kind == C2D_CONCAVE && B.type == BODY_POLY) {
        /* A round leaf: its core covered, and its radius clear of the outline. */
        c2d_shape core, edge;
        c2d_vec store[C2D_MAX_VERTICES];
        double nums[2 * C2D_MAX_VERTICES];
        int bad, k;
        for (i = 0; i < B.n; i++) { nums[2 * i] = c2d_bv(&B, i).x + o.x; nums[2 * i + 1] = c2d_bv(&B, i).y + o.y; }
        if (B.n >= 3) {
            if (c2d_make(&core, C2D_POLYGON, nums, 2 * B.n, store, &bad) != C2D_OK) return 0;
        } else if (c2d_make(&core, B.n == 1 ? C2D_POINT : C2D_SEGMENT, nums, 2 * B.n, NULL, &bad) != C2D_OK) {
            return 0;
        }
        if (!compound_covers(a, &core)) return 0;
        for (k = 0; k < a->count; k++) {
            c2d_vec e0 = a->verts[k], e1 = a->verts[(k + 1) % a->count];
            double en[4];
            en[0] = e0.x; en[1] = e0.y; en[2] = e1.x; en[3] = e1.y;
            c2d_make(&edge, C2D_SEGMENT, en, 4, NULL, &bad);
            if (!within(B.r, c2d_distance(&core, &edge).distance)) return 0;
        }
        return 1;
    }
    return 0;
}

/* Does a cover the shape l (a leaf, or a compound taken piece by piece). */
static int covers_part(const c2d_shape *a, const c2d_shape *l)
{
    int i;
    if (c2d_is_compound(l)) {
        for (i = 0; i < l->compound->count; i++)
            if (!covers_part(a, &l->pieces[i])) return 0;
        return 1;
    }
    if (c2d_wide_fan(l)) {
        c2d_shape h[2];
        c2d_fan_halves(l, h);
        return covers_part(a, &h[0]) && covers_part(a, &h[1]);
    }
    if (c2d_is_compound(a) || c2d_wide_fan(a)) return compound_covers(a, l);
    return convex_covers(a, l);
}

int c2d_covers(const c2d_shape *a, const c2d_shape *b)
{
    c2d_bounds g;
    double slack;
    if (b->kind == C2D_LINE) {
        /* Only a Line holds a whole line: the same one. */
        return a->kind == C2D_LINE && vcross(vsub(b->p[0], a->p[0]), vsub(a->p[1], a->p[0])) == 0 &&
               vcross(vsub(b->p[1], a->p[0]), vsub(a->p[1], a->p[0])) == 0;
    }
    /* b's box must lie in a's (grown by the rounding in both). */
    g = a->bounds;
    slack = C2D_COVER_ULPS * DBL_EPSILON * (fabs(g.minx) + fabs(g.maxx) + fabs(g.miny) + fabs(g.maxy));
    if (!(b->bounds.minx >= g.minx - slack && b->bounds.maxx <= g.maxx + slack &&
          b->bounds.miny >= g.miny - slack && b->bounds.maxy <= g.maxy + slack) && a->kind != C2D_LINE)
        return 0;
    return covers_part(a, b);
}
