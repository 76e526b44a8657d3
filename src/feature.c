/*
 * Which feature of a shape a point of its boundary lies on: an edge, a
 * vertex or an arc, in which piece, and that feature's own outward normal.
 * What a contact, sweep or raycast answer names with its point and normal
 * (the edge a ray hit, the face of the mover that met a wall).
 *
 * A shape is read as its body (a core swept by a radius): an edge is a core
 * edge pushed out by the radius, a vertex a corner of a core without radius,
 * an arc a corner's (or a Disk's, a Fan's) round part. Among the features the
 * point lies on (within a tolerance: 1e-9 of the shape's size and the
 * rounding of its coordinates), an edge whose outward normal is the given
 * normal wins; else a vertex or an arc; else the edge the normal is nearest.
 */
#include <math.h>
#include "compound.h"
#include "tiles.h"

/* How near the boundary a point is taken to lie on it. */
static double near_tol(const c2d_shape *s, c2d_vec p)
{
    c2d_bounds b;
    double size = 0, mag = dmax(fabs(p.x), fabs(p.y));
    if (c2d_bbox(s, &b)) {
        size = c2d_hypot(b.maxx - b.minx, b.maxy - b.miny);
        mag = dmax(mag, c2d_bounds_magnitude(&b));
    }
    return 1e-9 * size + c2d_ulps(1024, mag);
}

/* A candidate: how well it fits (lower is better), then which. */
typedef struct pick {
    double score;
    c2d_feature f;
} pick;

static void offer(pick *best, double score, c2d_feature_kind kind, int index, c2d_vec normal)
{
    if (score < best->score) {
        best->score = score;
        best->f.kind = kind;
        best->f.index = index;
        best->f.normal = normal;
    }
}

/* How well the features the point is on fit (lower is better): with n, an
 * edge whose outward normal is n's direction (to 1e-9) 0, a vertex or arc
 * 1, another edge 2 and how far its normal is from n; without n, a vertex or
 * arc 0.25, an edge 0.5. */
static double edge_score(int has_n, c2d_vec u, c2d_vec n)
{
    double off;
    if (!has_n) return 0.5;
    off = 1 - vdot(u, n);
    return off <= 1e-9 ? 0 : 2 + off;
}
#define CORNER_SCORE(has_n) ((has_n) ? 1 : 0.25)

static void leaf_feature(const c2d_shape *s, c2d_vec p, c2d_vec n, double tol, pick *best)
{
    body b;
    int i, has_n = n.x != 0 || n.y != 0;
    c2d_body(&b, s, &p); /* (p at the origin of the frame) */
    tol += b.tol;
    if (b.type == BODY_LINE) {
        c2d_vec d = c2d_bv(&b, 1), u = vunit(v2(-d.y, d.x));
        double h = vdot(c2d_bv(&b, 0), u);
        if (fabs(h) <= tol) {
            if (has_n && vdot(u, n) < 0) u = vscale(u, -1);
            offer(best, edge_score(has_n, u, n), C2D_FEATURE_EDGE, 0, u);
        }
        return;
    }
    if (b.type == BODY_FAN) {
        c2d_vec apex = c2d_bv(&b, 0), q = vscale(apex, -1);
        double r = b.r, dq = vlen(q);
        for (i = 0; i < 2; i++) {
            c2d_vec end = c2d_arc_end(&b, i), e = vsub(end, apex);
            /* the side from the apex to arc end i: outward, away from the direction */
            c2d_vec u = vunit(i == 0 ? v2(-e.y, e.x) : v2(e.y, -e.x));
            if (vdot(u, b.own.fan.d) > 0) u = vscale(u, -1);
            if (c2d_pt_seg_d2(v2(0, 0), apex, end, NULL) <= tol * tol)
                offer(best, edge_score(has_n, u, n), C2D_FEATURE_EDGE, i, u);
        }
        if (dq <= tol) offer(best, CORNER_SCORE(has_n), C2D_FEATURE_VERTEX, 0, has_n ? n : v2(0, 0));
        if (fabs(dq - r) <= tol && c2d_in_wedge(&b, q))
            offer(best, CORNER_SCORE(has_n), C2D_FEATURE_ARC, 0, vunit(q));
        return;
    }
    {
        int m = b.n, edges = m >= 3 ? m : m == 2 ? 2 : 0;
        double r = b.r;
        for (i = 0; i < edges; i++) {
            c2d_vec v, w, u;
            int k;
            if (m == 2) {
                v = c2d_bv(&b, i);
                w = c2d_bv(&b, 1 - i);
                k = i;
            } else {
                v = ccw_vertex(&b, i);
                w = ccw_vertex(&b, c2d_next(i, m));
                /* (its index: the vertex it starts from, in the shape's own order) */
                k = b.orient < 0 ? (2 * m - 2 - i) % m : i;
            }
            if (v.x == w.x && v.y == w.y) continue;
            u = right_normal(v, w);
            if (c2d_pt_seg_d2(v2(0, 0), vadd(v, vscale(u, r)), vadd(w, vscale(u, r)), NULL) <= tol * tol)
                offer(best, edge_score(has_n, u, n), C2D_FEATURE_EDGE, k, u);
        }
        for (i = 0; i < m; i++) {
            c2d_vec v = c2d_bv(&b, i), q = vscale(v, -1);
            double dq = vlen(q);
            if (r == 0 && dq <= tol) offer(best, CORNER_SCORE(has_n), C2D_FEATURE_VERTEX, i, has_n ? n : v2(0, 0));
            if (r > 0 && fabs(dq - r) <= tol) offer(best, CORNER_SCORE(has_n), C2D_FEATURE_ARC, i, vunit(q));
        }
    }
}

/* A Concave: its own outline's edges and vertices (not its pieces'). */
static void concave_feature(const c2d_shape *s, c2d_vec p, c2d_vec n, double tol, pick *best)
{
    const c2d_vec *v = s->compound->verts;
    int m = s->compound->outline, i, has_n = n.x != 0 || n.y != 0;
    double area = 0;
    for (i = 0; i < m; i++) area += vcross(vsub(v[i], v[0]), vsub(v[c2d_next(i, m)], v[0]));
    for (i = 0; i < m; i++) {
        c2d_vec a = vsub(v[i], p), b = vsub(v[c2d_next(i, m)], p), u;
        if (a.x == b.x && a.y == b.y) continue;
        u = area >= 0 ? right_normal(a, b) : vscale(right_normal(a, b), -1);
        if (c2d_pt_seg_d2(v2(0, 0), a, b, NULL) <= tol * tol)
            offer(best, edge_score(has_n, u, n), C2D_FEATURE_EDGE, i, u);
        if (vlen(a) <= tol) offer(best, CORNER_SCORE(has_n), C2D_FEATURE_VERTEX, i, has_n ? n : v2(0, 0));
    }
}

typedef struct walk {
    c2d_vec p, n;
    double tol;
    pick *best;
    const c2d_shape *layer;
} walk;

static int tile_piece(void *ud, const c2d_shape *piece)
{
    walk *w = (walk *)ud;
    pick here = *w->best;
    int cols, rows, c, r;
    c2d_bounds b;
    leaf_feature(piece, w->p, w->n, w->tol, &here);
    if (here.score < w->best->score) {
        c2d_tiles_dims(w->layer, &cols, &rows);
        c2d_bbox(piece, &b);
        c = (int)floor((b.minx - w->layer->p[0].x) / w->layer->w + 0.5);
        r = (int)floor(((b.miny + b.maxy) / 2 - w->layer->p[0].y) / w->layer->h);
        c = c < 0 ? 0 : c >= cols ? cols - 1 : c;
        r = r < 0 ? 0 : r >= rows ? rows - 1 : r;
        here.f.piece = r * cols + c;
        *w->best = here;
    }
    return 1;
}

static void any_feature(const c2d_shape *s, c2d_vec p, c2d_vec n, double tol, pick *best, int piece)
{
    int i;
    if (s->kind == C2D_CONCAVE) {
        pick here = *best;
        concave_feature(s, p, n, tol, &here);
        if (here.score < best->score) {
            *best = here;
            best->f.piece = piece;
        }
        return;
    }
    if (s->kind == C2D_GROUP) {
        for (i = 0; i < s->compound->count; i++) any_feature(&s->pieces[i], p, n, tol, best, piece < 0 ? i : piece);
        return;
    }
    if (s->kind == C2D_TILES) {
        c2d_bounds box;
        tile_range rg;
        walk w;
        box.minx = p.x - tol;
        box.maxx = p.x + tol;
        box.miny = p.y - tol;
        box.maxy = p.y + tol;
        w.p = p;
        w.n = n;
        w.tol = tol;
        w.best = best;
        w.layer = s;
        if (c2d_tile_range(s, &box, 0, &rg)) c2d_tiles_each(s, &rg, &box, 0, tile_piece, &w, NULL);
        return;
    }
    {
        pick here = *best;
        leaf_feature(s, p, n, tol, &here);
        if (here.score < best->score) {
            *best = here;
            best->f.piece = piece;
        }
    }
}

c2d_error c2d_feature_at(const c2d_shape *s, c2d_vec p, c2d_vec n, c2d_feature *out)
{
    pick best;
    double len;
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(n.x) || !isfinite(n.y)) return C2D_ERR_NONFINITE;
    len = vlen(n);
    if (len > 0) n = vscale(n, 1 / len);
    best.score = HUGE_VAL;
    best.f.kind = C2D_FEATURE_NONE;
    best.f.index = -1;
    best.f.piece = -1;
    best.f.normal = v2(0, 0);
    any_feature(s, p, n, near_tol(s, p), &best, -1);
    *out = best.f;
    return C2D_OK;
}
