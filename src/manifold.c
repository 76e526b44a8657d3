/*
 * Contact manifolds: where two shapes touch, as a physics step wants it. One
 * normal and up to two points, each with its separation along the normal
 * (negative where they overlap) and a feature id that stays the same while
 * the same two features touch.
 *
 * The normal is the core's own: from the closest points when the shapes are
 * apart (within the margin), else contact's least separating direction. A
 * face of either shape that lies across that normal (its outward normal
 * within C2D_MANIFOLD_ALIGN of it) is the reference face, and the face of
 * the other that faces it most squarely, its core clipped to the reference
 * face's extent, gives the points: so a box resting on a box has two points,
 * its corners (or where the faces' overlap ends). Where no face lies across
 * the normal (a disk on a corner, corner to corner, a Fan's arc, a Line) the
 * one point is the closest points' midpoint, or contact's point, with the
 * exact separation.
 *
 * Bodies are a convex core swept by a disk (body.c): a face is an edge of the
 * core, pushed out by the radius; a Segment's or a Capsule's core has two
 * faces, one each side; a Point's or a Disk's none. A Concave, a Group and a
 * tile layer give one manifold per pair of pieces within the margin (a
 * layer's runs of full tiles along a row as one piece, so a box on a floor
 * of tiles has one manifold, not one per tile).
 */
#include <math.h>
#include <string.h>
#include "compound.h"
#include "tiles.h"

/* How far from the normal a face's outward normal may turn and still be its
 * reference face: 1 - cos of about 4.5e-5 rad. */
#define C2D_MANIFOLD_ALIGN 1e-9

/* A face of a POLY body: from p to q (the body's vertices pi and qi; the
 * face's index is pi), outward normal n. */
typedef struct face {
    c2d_vec p, q, n;
    int pi, qi;
} face;

/* The face of body b whose outward normal is nearest u: that dot product,
 * or -2 when b has no face (a point core, a core of 3 or more vertices with
 * no interior). */
static double best_face(const body *b, c2d_vec u, face *out)
{
    double best = -2;
    int i;
    if (b->type != BODY_POLY || b->n < 2) return best;
    if (b->n == 2) {
        /* a segment core: its two sides */
        c2d_vec p = c2d_bv(b, 0), q = c2d_bv(b, 1);
        if (p.x == q.x && p.y == q.y) return best;
        for (i = 0; i < 2; i++) {
            c2d_vec s = i ? q : p, e = i ? p : q, n = right_normal(s, e);
            double d = vdot(n, u);
            if (d > best) {
                best = d;
                out->p = s;
                out->q = e;
                out->n = n;
                out->pi = i;
                out->qi = 1 - i;
            }
        }
        return best;
    }
    if (b->orient == 0) return best;
    for (i = 0; i < b->n; i++) {
        c2d_vec p = ccw_vertex(b, i), q = ccw_vertex(b, c2d_next(i, b->n)), n;
        double d;
        if (p.x == q.x && p.y == q.y) continue;
        n = right_normal(p, q);
        d = vdot(n, u);
        if (d > best) {
            best = d;
            out->p = p;
            out->q = q;
            out->n = n;
            out->pi = b->orient < 0 ? b->n - 1 - i : i;
            out->qi = b->orient < 0 ? (2 * b->n - 2 - i) % b->n : c2d_next(i, b->n);
        }
    }
    return best;
}

/* The incident feature of body b against a reference normal n: the face
 * (or, for a point core, the point) whose outward normal is most against
 * n. Its two ends (equal for a point) and their vertex indices. */
static void incident(const body *b, c2d_vec n, c2d_vec *e0, c2d_vec *e1, int *i0, int *i1)
{
    face f;
    if (b->n == 1 || best_face(b, vscale(n, -1), &f) < -1) {
        *e0 = *e1 = c2d_bv(b, 0);
        *i0 = *i1 = 0;
        return;
    }
    *e0 = f.p;
    *e1 = f.q;
    *i0 = f.pi;
    *i1 = f.qi;
}

/* The one-point manifold: the normal and separation from the exact queries. */
static void one_point(c2d_manifold *m, c2d_vec n, double separation, c2d_vec point)
{
    m->normal = n;
    m->count = 1;
    m->points[0].point = point;
    m->points[0].separation = separation;
    m->points[0].id = 0;
}

/* The points of a manifold from reference face rf (of a when ref_a, else of
 * b) and the incident feature e[0]..e[1] (its ends' ids), clipped to rf's
 * extent, in the frame at o: those within margin. 0 when none is (rounding
 * clipped both). */
static int clip(c2d_manifold *m, const face *rf, int ref_a, const c2d_vec *e, const int *ids, double r_ref, double r_inc,
                c2d_vec o, double margin)
{
    c2d_vec t = vsub(rf->q, rf->p);
    int k, count = 0;
    double len2 = vlen2(t), s[2];
    s[0] = vdot(vsub(e[0], rf->p), t);
    s[1] = vdot(vsub(e[1], rf->p), t);
    for (k = 0; k < 2; k++) {
        c2d_vec p = e[k];
        unsigned feature = (unsigned)ids[k];
        double h;
        if (k == 1 && e[1].x == e[0].x && e[1].y == e[0].y) break; /* a point core */
        if (s[k] < 0 || s[k] > len2) {
            /* past a side: where the feature crosses it, if it does */
            double side = s[k] < 0 ? 0 : len2, other = s[1 - k];
            if ((s[k] < 0 && other < 0) || (s[k] > len2 && other > len2)) continue;
            p = vadd(e[k], vscale(vsub(e[1 - k], e[k]), (side - s[k]) / (other - s[k])));
            feature = 0x8000u | (s[k] < 0 ? 0u : 1u);
        }
        h = vdot(vsub(p, rf->p), rf->n);
        if (h - r_ref - r_inc > margin) continue;
        m->points[count].separation = h - r_ref - r_inc;
        /* midway between the incident surface (p pulled in by its radius)
         * and the reference surface (p's foot pushed out by its) */
        m->points[count].point = vadd(o, vsub(p, vscale(rf->n, (h - r_ref + r_inc) / 2)));
        m->points[count].id = (ref_a ? 0x80000000u : 0u) | ((unsigned)rf->pi << 16) | feature;
        count++;
    }
    if (count == 0) return 0;
    m->count = count;
    m->normal = ref_a ? vscale(rf->n, -1) : rf->n; /* (from b toward a) */
    return 1;
}

/* Is s a plain polygon as a body: an AABB, Box, Triangle or Polygon. */
static int plain_polygon(const c2d_shape *s)
{
    return (s->kind == C2D_AABB || s->kind == C2D_BOX || s->kind == C2D_TRIANGLE || s->kind == C2D_POLYGON) &&
           s->radius == 0;
}

/* The most vertices a polygon pair takes by separating axes (n * m dot
 * products); larger pairs take the general path. */
#define C2D_SAT_VERTICES 8

/* A plain polygon's core vertices counter-clockwise, with their indices in
 * the body. */
typedef struct ring {
    int n;
    c2d_vec v[C2D_SAT_VERTICES];
    int at[C2D_SAT_VERTICES];
} ring;

static void ring_of(const body *b, ring *r)
{
    int i;
    r->n = b->n;
    for (i = 0; i < b->n; i++) {
        r->at[i] = b->orient < 0 ? b->n - 1 - i : i;
        r->v[i] = c2d_bv(b, r->at[i]);
    }
}

/* The face of x whose outward normal has y farthest out (the separating
 * axis): that separation, the least over y's vertices of their height
 * above the face, and that nearest vertex of y (its place in y). Stops early (returning it)
 * at a face that has y beyond stop. */
static double most_apart(const ring *x, const ring *y, double stop, face *out, int *nearest)
{
    /* (the heights along an edge's unnormalised normal, compared as
     * fractions of its length: best_h / best_len, one root at the end) */
    double best_h = -HUGE_VAL, best_len = 1, len;
    int i, j, found = -1;
    for (i = 0; i < x->n; i++) {
        int k = i + 1 < x->n ? i + 1 : 0, near = 0;
        c2d_vec p = x->v[i], e = vsub(x->v[k], p), n = v2(e.y, -e.x);
        double least = HUGE_VAL;
        if (e.x == 0 && e.y == 0) continue;
        for (j = 0; j < y->n; j++) {
            double h = vdot(n, vsub(y->v[j], p));
            if (h < least) {
                least = h;
                near = j;
            }
        }
        len = sqrt(vdot(n, n));
        if (found < 0 || least * best_len > best_h * len) {
            best_h = least;
            best_len = len;
            found = i;
            *nearest = near;
            if (least > stop * len) break;
        }
    }
    if (found < 0) return -HUGE_VAL;
    {
        int k = found + 1 < x->n ? found + 1 : 0;
        c2d_vec e = vsub(x->v[k], x->v[found]);
        out->p = x->v[found];
        out->q = x->v[k];
        out->n = vscale(v2(e.y, -e.x), 1 / best_len);
        out->pi = x->at[found];
        out->qi = x->at[k];
    }
    return best_h / best_len;
}

/* Two plain polygons that meet, by their separating axes: the face whose
 * outward normal has the other farthest out is, where they overlap or touch,
 * the direction of the least move apart (contact's exact normal: for two
 * convex polygons it is a face's); where they are apart, so is the distance
 * when the other's nearest vertex lies over that face. 1 with *m; 0 when
 * apart beyond the margin; -1 where a corner faces a corner (the general path
 * measures it) or the bodies are not plain or small. */
static int polygons(const c2d_shape *a, const c2d_shape *b, double margin, c2d_manifold *m)
{
    body ba, bb;
    ring ra, rb;
    face fa, fb;
    double sa, sb;
    c2d_vec o = v2((a->bounds.minx + a->bounds.maxx) / 2, (a->bounds.miny + a->bounds.maxy) / 2);
    int va, vb;
    c2d_body(&ba, a, &o);
    c2d_body(&bb, b, &o);
    if (ba.type != BODY_POLY || bb.type != BODY_POLY || ba.n < 3 || bb.n < 3 || ba.n > C2D_SAT_VERTICES ||
        bb.n > C2D_SAT_VERTICES || ba.orient == 0 || bb.orient == 0 || ba.r != 0 || bb.r != 0)
        return -1;
    ring_of(&ba, &ra);
    ring_of(&bb, &rb);
    if ((sa = most_apart(&ra, &rb, margin, &fa, &va)) > margin) return 0; /* (the distance is at least that) */
    if ((sb = most_apart(&rb, &ra, margin, &fb, &vb)) > margin) return 0;
    if (dmax(sa, sb) > 0) {
        /* apart: the face's separation is their distance when the nearest
         * vertex lies over the face (else a corner faces a corner) */
        const face *f = sa > sb ? &fa : &fb;
        c2d_vec v = sa > sb ? rb.v[va] : ra.v[vb], t = vsub(f->q, f->p);
        double along = vdot(vsub(v, f->p), t);
        if (!(along >= 0 && along <= vlen2(t))) return -1;
    }
    m->piece_a = m->piece_b = -1;
    /* the reference face: b's unless a's separates them more; the incident
     * face, the other's face most against it: one of the two at its vertex
     * nearest the reference face */
    {
        int ref_a = sa > sb, j = ref_a ? va : vb, ids[2];
        const ring *r = ref_a ? &rb : &ra;
        const face *f = ref_a ? &fa : &fb;
        int before = j > 0 ? j - 1 : r->n - 1, after = j + 1 < r->n ? j + 1 : 0;
        c2d_vec e[2], u = vsub(r->v[after], r->v[j]), w = vsub(r->v[j], r->v[before]);
        /* (outward normals (u.y, -u.x) / |u| and (w.y, -w.x) / |w|: the
         * one more against f's normal) */
        double du = (u.y * f->n.x - u.x * f->n.y) * sqrt(vlen2(w)), dw = (w.y * f->n.x - w.x * f->n.y) * sqrt(vlen2(u));
        if (du <= dw) {
            e[0] = r->v[j];
            e[1] = r->v[after];
            ids[0] = r->at[j];
            ids[1] = r->at[after];
        } else {
            e[0] = r->v[before];
            e[1] = r->v[j];
            ids[0] = r->at[before];
            ids[1] = r->at[j];
        }
        return clip(m, f, ref_a, e, ids, 0, 0, o, margin) ? 1 : -1;
    }
}

/* Two leaf shapes (neither a compound nor a layer): 1 and *m when within
 * margin, else 0. */
static int leaf_manifold(const c2d_shape *a, const c2d_shape *b, double margin, c2d_manifold *m)
{
    c2d_distance_result d;
    c2d_vec n, point, o;
    double sep;
    body ba, bb;
    face fa, fb;
    double da, db;
    if (plain_polygon(a) && plain_polygon(b)) {
        int r = polygons(a, b, margin, m);
        if (r >= 0) return r;
    }
    d = c2d_distance(a, b);
    if (!(d.distance <= margin)) return 0;
    if (d.distance > 0 && (d.a.x != d.b.x || d.a.y != d.b.y)) {
        n = vunit(vsub(d.a, d.b));
        sep = d.distance;
        point = vscale(vadd(d.a, d.b), 0.5);
    } else {
        c2d_contact_result c;
        if (c2d_contact(a, b, &c) != C2D_OK || !c.hit) return 0;
        n = c.normal;
        sep = -c.depth;
        point = c.point;
    }
    m->piece_a = m->piece_b = -1;
    one_point(m, n, sep, point);
    /* both as cores in a frame at the touching point (nearby numbers) */
    o = point;
    c2d_body(&ba, a, &o);
    c2d_body(&bb, b, &o);
    if (ba.type != BODY_POLY || bb.type != BODY_POLY) return 1;
    da = best_face(&ba, vscale(n, -1), &fa);
    db = best_face(&bb, n, &fb);
    if (da < 1 - C2D_MANIFOLD_ALIGN && db < 1 - C2D_MANIFOLD_ALIGN) return 1;
    /* the reference face: b's unless a's lies squarer across the normal
     * (where rounding clipped both points, the exact one point stands) */
    {
        int ref_a = da > db, ids[2];
        c2d_vec e[2];
        incident(ref_a ? &bb : &ba, ref_a ? fa.n : fb.n, &e[0], &e[1], &ids[0], &ids[1]);
        if (ref_a) clip(m, &fa, 1, e, ids, ba.r, bb.r, o, margin);
        else clip(m, &fb, 0, e, ids, bb.r, ba.r, o, margin);
    }
    return 1;
}

/* Collecting manifolds over pieces. */
typedef struct gather {
    c2d_manifold *out;
    int max, count;
    double margin;
    const c2d_shape *other;  /* the shape a layer's pieces meet */
    int other_piece;
    int layer_is_a;
    const c2d_shape *layer;
    const c2d_shape *concave[2]; /* the Concave a's (0) or b's (1) leaf is a piece of, or NULL */
    int cpiece[2];               /* and which */
} gather;

/* Does q lie on the outline of Concave s, along an edge of its piece i
 * (within tol)? A piece's other edges cut through the Concave's inside. */
static int on_outline(const c2d_shape *s, int i, c2d_vec q, double tol)
{
    const struct c2d_compound *c = s->compound;
    int first = c->pfirst[i], k = c->pfirst[i + 1] - first, n = c->outline, j;
    if (k < 3) return 1; /* (a flat Concave: its one piece is its outline) */
    for (j = 0; j < k; j++) {
        int u = c->pindex[first + j], w = c->pindex[first + (j + 1) % k];
        if ((w == (u + 1) % n || u == (w + 1) % n) && c2d_pt_seg_d2(q, c->verts[u], c->verts[w], NULL) <= tol * tol)
            return 1;
    }
    return 0;
}

/* A manifold of pieces, less the points where a Concave's piece touches
 * along a cut of the Concave (not its outline): 0 when none is left. */
static int outline_points(const gather *g, c2d_manifold *m)
{
    int side, k, kept;
    for (side = 0; side < 2; side++) {
        const c2d_shape *s = g->concave[side];
        c2d_bounds bb;
        double tol;
        if (s == NULL) continue;
        bb = s->pieces[g->cpiece[side]].bounds;
        tol = 1e-9 * c2d_hypot(bb.maxx - bb.minx, bb.maxy - bb.miny) + c2d_ulps(64, c2d_bounds_magnitude(&bb));
        for (k = kept = 0; k < m->count; k++) {
            c2d_manifold_point p = m->points[k];
            /* that piece's surface: half the separation along the normal
             * (which runs from b toward a) */
            double h = (side == 0 ? 0.5 : -0.5) * p.separation;
            if (on_outline(s, g->cpiece[side], vadd(p.point, vscale(m->normal, h)), tol + fabs(p.separation) * 1e-9))
                m->points[kept++] = p;
        }
        m->count = kept;
    }
    return m->count > 0;
}

static void add(gather *g, const c2d_manifold *m)
{
    if (g->count < g->max) g->out[g->count] = *m;
    g->count++;
}

/* The piece index of a layer's piece: its first tile, row by row. */
static int tile_index(const c2d_shape *layer, const c2d_shape *piece)
{
    c2d_bounds b;
    int cols, rows, c, r;
    c2d_tiles_dims(layer, &cols, &rows);
    if (!c2d_bbox(piece, &b)) return -1;
    c = (int)floor(((b.minx + b.maxx) / 2 - layer->p[0].x) / layer->w);
    r = (int)floor(((b.miny + b.maxy) / 2 - layer->p[0].y) / layer->h);
    if (piece->kind == C2D_AABB) c = (int)floor((b.minx - layer->p[0].x) / layer->w + 0.5); /* (a run: its first) */
    if (c < 0) c = 0;
    if (c >= cols) c = cols - 1;
    if (r < 0) r = 0;
    if (r >= rows) r = rows - 1;
    return r * cols + c;
}

static void pair(gather *g, const c2d_shape *a, int pa, const c2d_shape *b, int pb);

static int layer_piece(void *ud, const c2d_shape *piece)
{
    gather *g = (gather *)ud;
    int i = tile_index(g->layer, piece);
    if (g->layer_is_a) pair(g, piece, i, g->other, g->other_piece);
    else pair(g, g->other, g->other_piece, piece, i);
    return 1;
}

/* Every pair of leaves of a and b (pa, pb: their piece indices so far, -1
 * for a shape itself). */
static void pair(gather *g, const c2d_shape *a, int pa, const c2d_shape *b, int pb)
{
    c2d_bounds ab, bb;
    int i;
    if (c2d_bbox(a, &ab) && c2d_bbox(b, &bb) && !c2d_near(&ab, &bb, g->margin)) return;
    if (c2d_is_compound(a) || c2d_is_compound(b)) {
        int side = c2d_is_compound(a) ? 0 : 1;
        const c2d_shape *s = side == 0 ? a : b, *was = g->concave[side];
        int piece = g->cpiece[side];
        for (i = 0; i < s->compound->count; i++) {
            if (s->kind == C2D_CONCAVE) {
                g->concave[side] = s;
                g->cpiece[side] = i;
            }
            if (side == 0) pair(g, &s->pieces[i], pa < 0 ? i : pa, b, pb);
            else pair(g, a, pa, &s->pieces[i], pb < 0 ? i : pb);
        }
        g->concave[side] = was;
        g->cpiece[side] = piece;
        return;
    }
    if (a->kind == C2D_TILES || b->kind == C2D_TILES) {
        const c2d_shape *layer = a->kind == C2D_TILES ? a : b, *other = a->kind == C2D_TILES ? b : a;
        c2d_bounds ob;
        tile_range rg;
        gather sub = *g;
        if (!c2d_bbox(other, &ob)) ob = layer->bounds; /* (a Line: every piece) */
        sub.layer = layer;
        sub.other = other;
        sub.other_piece = a->kind == C2D_TILES ? pb : pa;
        sub.layer_is_a = a->kind == C2D_TILES;
        if (c2d_tile_range(layer, &ob, g->margin, &rg)) c2d_tiles_each(layer, &rg, &ob, g->margin, layer_piece, &sub, NULL);
        g->count = sub.count;
        return;
    }
    {
        c2d_manifold m;
        if (leaf_manifold(a, b, g->margin, &m) && outline_points(g, &m)) {
            m.piece_a = pa;
            m.piece_b = pb;
            add(g, &m);
        }
    }
}

c2d_error c2d_manifolds(const c2d_shape *a, const c2d_shape *b, double margin, c2d_manifold *out, int max, int *count)
{
    gather g;
    *count = 0;
    if (margin != margin || margin == HUGE_VAL) return C2D_ERR_NONFINITE;
    if (margin < 0) return C2D_ERR_NEGATIVE;
    g.out = out;
    g.max = max < 0 ? 0 : max;
    g.count = 0;
    g.margin = margin;
    g.concave[0] = g.concave[1] = NULL;
    g.cpiece[0] = g.cpiece[1] = -1;
    pair(&g, a, -1, b, -1);
    *count = g.count;
    return C2D_OK;
}
