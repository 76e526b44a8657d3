/*
 * Concave: a simple polygon cut into convex pieces.
 *
 * The outline is cleaned (repeated vertices and vertices on a straight run
 * dropped), checked for crossings (edges sorted by their left end, so each
 * is tested only against those whose x-range meets its own), turned
 * counter-clockwise, cut into triangles by ear clipping, and the triangles
 * merged again across every diagonal whose removal leaves both ends convex
 * (Hertel and Mehlhorn: at most four times the fewest convex pieces, and in
 * practice close to it). The pieces use only outline vertices, so a
 * transform maps the outline and rebuilds each piece from its vertices'
 * outline indices.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "compound.h"
#include "sort.h"

/* Round a byte count up to the alignment of a double. */

/* The most pieces (triangles before merging) an outline of n vertices gives. */
static int piece_room(int n) { return n > 3 ? n - 2 : 1; }

/* Where each array of a Concave of n vertices sits in its block; returns the
 * block's size (without the work space). */
static size_t concave_layout(struct c2d_compound *c, unsigned char *base, int n)
{
    int p = piece_room(n);
    size_t at = c2d_align8(sizeof *c);
    if (c) {
        c->room = p;
        c->outline = n;
    }
    C2D_PLACE(c, pieces, c2d_shape, p);
    C2D_PLACE(c, tree, c2d_node, 2 * p);
    C2D_PLACE(c, verts, c2d_vec, n);
    C2D_PLACE(c, pverts, c2d_vec, 3 * p);
    C2D_PLACE(c, pindex, int, 3 * p);
    C2D_PLACE(c, pfirst, int, p + 1);
    C2D_PLACE(c, order, int, p);
    if (c) {
        c->moffset = NULL;
        c->bytes = at;
    }
    return at;
}

/* An edge of the ring by its left end's x (the crossing check). */
struct xkey { double x; int i; };

/* The work space of the cut, after the block. */
typedef struct work {
    int *keep;          /* the cleaned outline: indices into the input */
    int *prv, *nxt;     /* the ring during ear clipping (positions in keep) */
    int *corner;        /* triangle corners, 3 per triangle (positions in keep) */
    int *cnext, *cprev; /* each corner's neighbours in its piece */
    int *alias;         /* a dropped corner: the corner that took its edge */
    int *parent, *size; /* pieces as sets of triangles, their vertex counts */
    struct xkey *keys;  /* edges by their left end (the crossing check) */
    struct edge_key { int lo, hi, corner; } *edges;
} work;

static size_t work_layout(work *w, unsigned char *base, int n)
{
    int p = piece_room(n), t = 3 * p;
    size_t at = 0;
    C2D_PLACE(w, keep, int, n);
    C2D_PLACE(w, prv, int, n);
    C2D_PLACE(w, nxt, int, n);
    C2D_PLACE(w, corner, int, t);
    C2D_PLACE(w, cnext, int, t);
    C2D_PLACE(w, cprev, int, t);
    C2D_PLACE(w, alias, int, t);
    C2D_PLACE(w, parent, int, p);
    C2D_PLACE(w, size, int, p);
    C2D_PLACE(w, keys, struct xkey, n);
    C2D_PLACE(w, edges, struct edge_key, t);
    return at;
}

size_t c2d_concave_size(int vertices)
{
    if (vertices < 3) vertices = 3;
    return concave_layout(NULL, NULL, vertices) + work_layout(NULL, NULL, vertices);
}

/* The turn a -> b -> c (> 0 counter-clockwise): its exact sign for the
 * doubles given (c2d_orient), so one triple always gets one answer. A turn
 * decided from differences taken at the leftmost point lost the offsets
 * of points 1e-322 apart beside ones 13 away, and took an outline with
 * area for a line. */
static double turn(c2d_vec a, c2d_vec b, c2d_vec c)
{
    return c2d_orient(a, b, c);
}

/* Twice the signed area of the cleaned outline. */
static double ring_area2(const c2d_vec *v, const int *keep, int m)
{
    double a = 0;
    int i;
    for (i = 1; i + 1 < m; i++)
        a += vcross(vsub(v[keep[i]], v[keep[0]]), vsub(v[keep[i + 1]], v[keep[0]]));
    return a;
}

/*
 * Drop repeated vertices and vertices where the outline runs straight on;
 * returns how many are kept, or -1 when the outline doubles back on itself
 * (a spike of no width: two edges overlap).
 */
static int clean(const c2d_vec *v, int n, work *w)
{
    int m = 0, i, changed = 1;
    for (i = 0; i < n; i++)
        if (m == 0 || !veq(v[w->keep[m - 1]], v[i])) w->keep[m++] = i;
    while (m > 1 && veq(v[w->keep[m - 1]], v[w->keep[0]])) m--;
    while (changed && m >= 3) {
        int k = 0;
        changed = 0;
        for (i = 0; i < m; i++) {
            c2d_vec a = v[w->keep[k > 0 ? k - 1 : (i + m - 1) % m]];
            c2d_vec b = v[w->keep[i]], c = v[w->keep[(i + 1) % m]];
            if (turn(a, b, c) == 0 && !veq(a, c)) {
                if (vdot(vsub(b, a), vsub(c, b)) < 0) return -1;
                changed = 1;
                continue;
            }
            if (veq(a, c)) return -1; /* a spike back to the vertex before */
            w->keep[k++] = w->keep[i];
        }
        m = k;
    }
    return m;
}

/* Is p, on the line through a and b, between them (in their box). */
static int within_box(c2d_vec p, c2d_vec a, c2d_vec b)
{
    return dmin(a.x, b.x) <= p.x && p.x <= dmax(a.x, b.x) && dmin(a.y, b.y) <= p.y && p.y <= dmax(a.y, b.y);
}

/* Do two edges of the ring (positions i, j) share a point: by the turns'
 * exact signs, as the cut decides its turns (a test on rounded distances
 * found two edges of a spike to 4e11 meeting that pass 1e-16 apart). */
static int edges_meet(const c2d_vec *v, const int *keep, int m, int i, int j)
{
    c2d_vec a = v[keep[i]], b = v[keep[(i + 1) % m]], c = v[keep[j]], d = v[keep[(j + 1) % m]];
    double o1 = turn(a, b, c), o2 = turn(a, b, d), o3 = turn(c, d, a), o4 = turn(c, d, b);
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 1;
    return (o1 == 0 && within_box(c, a, b)) || (o2 == 0 && within_box(d, a, b)) || (o3 == 0 && within_box(a, c, d)) ||
           (o4 == 0 && within_box(b, c, d));
}

static int x_order(const void *pa, const void *pb)
{
    const struct xkey *a = pa, *b = pb;
    return (a->x > b->x) - (a->x < b->x);
}

/*
 * Does the ring cross or touch itself: two edges that are not neighbours
 * share a point (neighbours share only their vertex once straight runs and
 * spikes are gone). The edges sorted by their left x, each is tested against
 * the following ones until one starts right of its own right end.
 */
static int self_crossing(const c2d_vec *v, const int *keep, int m, struct xkey *keys)
{
    int a, b;
    for (a = 0; a < m; a++) {
        keys[a].x = dmin(v[keep[a]].x, v[keep[(a + 1) % m]].x);
        keys[a].i = a;
    }
    c2d_sort(keys, (size_t)m, sizeof *keys, x_order);
    for (a = 0; a < m; a++) {
        int i = keys[a].i;
        double right = dmax(v[keep[i]].x, v[keep[(i + 1) % m]].x);
        for (b = a + 1; b < m && keys[b].x <= right; b++) {
            int j = keys[b].i;
            if (j == (i + 1) % m || i == (j + 1) % m) continue;
            if (edges_meet(v, keep, m, i, j)) return 1;
        }
    }
    return 0;
}

/* Is p in the closed triangle a, b, c (counter-clockwise). */
static int in_triangle(c2d_vec p, c2d_vec a, c2d_vec b, c2d_vec c)
{
    return turn(a, b, p) >= 0 && turn(b, c, p) >= 0 && turn(c, a, p) >= 0;
}

/* Is the ring's vertex i an ear: convex, and no other vertex in its triangle. */
static int is_ear(const c2d_vec *v, const work *w, int i)
{
    int p = w->prv[i], q = w->nxt[i], j;
    c2d_vec a = v[w->keep[p]], b = v[w->keep[i]], c = v[w->keep[q]];
    if (turn(a, b, c) <= 0) return 0;
    for (j = w->nxt[q]; j != p; j = w->nxt[j]) {
        c2d_vec x = v[w->keep[j]];
        if (veq(x, a) || veq(x, b) || veq(x, c)) continue;
        if (in_triangle(x, a, b, c)) return 0;
    }
    return 1;
}

/* Do all the points lie on one line. */
static int collinear(const c2d_vec *v, int n)
{
    int i, j = 1;
    while (j < n && veq(v[j], v[0])) j++;
    for (i = j + 1; i < n; i++)
        if (turn(v[0], v[j], v[i]) != 0) return 0;
    return 1;
}

/* Ear clipping: the triangles into w->corner (3 positions each, counter-
 * clockwise); returns how many. */
static int ear_clip(const c2d_vec *v, work *w, int m)
{
    int i, left = m, t = 0, tried = 0, cur = 0;
    for (i = 0; i < m; i++) {
        w->prv[i] = (i + m - 1) % m;
        w->nxt[i] = (i + 1) % m;
    }
    while (left > 3) {
        int p = w->prv[cur], q = w->nxt[cur];
        c2d_vec a = v[w->keep[p]], b = v[w->keep[cur]], c = v[w->keep[q]];
        double k = turn(a, b, c);
        if (k == 0 && !veq(a, c) && vdot(vsub(b, a), vsub(c, b)) >= 0) {
            /* A straight run left by earlier cuts: the vertex lies on the
             * new edge, so it is dropped with no triangle. */
        } else if ((k == 0 && !veq(a, c)) || is_ear(v, w, cur) || tried > left) {
            /* (A turn of 0 where the ring doubles back is a spike thinner
             * than rounding, made so by earlier cuts: its flat triangle is
             * cut as a piece, the needle it is, not dropped with its tip.
             * Flat triangles are never merged; see merge.) */
            /* (After a whole round with no ear, rounding hides them: cut anyway.) */
            w->corner[3 * t] = p;
            w->corner[3 * t + 1] = cur;
            w->corner[3 * t + 2] = q;
            t++;
        } else {
            cur = q;
            tried++;
            continue;
        }
        w->nxt[p] = q;
        w->prv[q] = p;
        left--;
        tried = 0;
        cur = p;
    }
    w->corner[3 * t] = w->prv[cur];
    w->corner[3 * t + 1] = cur;
    w->corner[3 * t + 2] = w->nxt[cur];
    return t + 1;
}

static int edge_order(const void *pa, const void *pb)
{
    const struct edge_key *a = pa, *b = pb;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi) return a->hi < b->hi ? -1 : 1;
    return (a->corner > b->corner) - (a->corner < b->corner);
}

static int find(int *parent, int x)
{
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static int resolve(int *alias, int x)
{
    while (alias[x] != x) x = alias[x] = alias[alias[x]];
    return x;
}

/* Is triangle tri of the ear clipping flat (its turn 0). */
static int flat_triangle(const c2d_vec *v, const work *w, int tri)
{
    const int *k = w->corner + 3 * tri;
    return turn(v[w->keep[k[0]]], v[w->keep[k[1]]], v[w->keep[k[2]]]) == 0;
}

/* Merge the triangles across each diagonal that leaves both its ends convex
 * (and the piece within C2D_MAX_VERTICES); returns the corners' pieces in
 * w->cnext / w->cprev cycles. */
static void merge(const c2d_vec *v, work *w, int t)
{
    int i, ne = 3 * t;
    for (i = 0; i < ne; i++) {
        int tri = i / 3, k = i % 3;
        w->cnext[i] = 3 * tri + (k + 1) % 3;
        w->cprev[i] = 3 * tri + (k + 2) % 3;
        w->alias[i] = i;
    }
    for (i = 0; i < t; i++) { w->parent[i] = i; w->size[i] = 3; }
    for (i = 0; i < ne; i++) {
        int a = w->corner[i], b = w->corner[w->cnext[i]];
        w->edges[i].lo = a < b ? a : b;
        w->edges[i].hi = a < b ? b : a;
        w->edges[i].corner = i;
    }
    c2d_sort(w->edges, (size_t)ne, sizeof *w->edges, edge_order);
    for (i = 0; i + 1 < ne; i++) {
        int x, y, xb, ya, px, py;
        if (w->edges[i].lo != w->edges[i + 1].lo || w->edges[i].hi != w->edges[i + 1].hi) continue;
        x = resolve(w->alias, w->edges[i].corner);
        y = resolve(w->alias, w->edges[i + 1].corner);
        i++;
        px = find(w->parent, x / 3);
        py = find(w->parent, y / 3);
        if (px == py || w->size[px] + w->size[py] - 2 > C2D_MAX_VERTICES) continue;
        /* A flat triangle (a needle, or a cut rounding forced) stays a
         * piece of its own: merged, a needle would reverse the piece's
         * outline, and the hull build_piece then takes would hold area
         * the Concave does not. */
        if (flat_triangle(v, w, x / 3) || flat_triangle(v, w, y / 3)) continue;
        xb = w->cnext[x]; /* b in x's piece */
        ya = w->cnext[y]; /* a in y's piece */
        if (w->corner[xb] != w->corner[y] || w->corner[ya] != w->corner[x]) continue;
        if (turn(v[w->keep[w->corner[w->cprev[x]]]], v[w->keep[w->corner[x]]], v[w->keep[w->corner[w->cnext[ya]]]]) < 0)
            continue;
        if (turn(v[w->keep[w->corner[w->cprev[y]]]], v[w->keep[w->corner[y]]], v[w->keep[w->corner[w->cnext[xb]]]]) < 0)
            continue;
        /* Splice: a goes on along y's piece, b along x's. */
        w->cnext[x] = w->cnext[ya];
        w->cprev[w->cnext[ya]] = x;
        w->cnext[y] = w->cnext[xb];
        w->cprev[w->cnext[xb]] = y;
        w->alias[ya] = x;
        w->alias[xb] = y;
        w->cnext[ya] = w->cnext[xb] = -1; /* dropped */
        w->parent[py] = px;
        w->size[px] += w->size[py] - 2;
    }
}

/* Build piece i of a Concave from its vertices' outline indices. */
static void build_piece(c2d_shape *s, int i)
{
    struct c2d_compound *c = s->compound;
    int first = c->pfirst[i], k = c->pfirst[i + 1] - first, j, bad;
    double nums[2 * C2D_MAX_VERTICES];
    c2d_shape *p = &c->pieces[i];
    for (j = 0; j < k; j++) {
        c2d_vec q = c->verts[c->pindex[first + j]];
        nums[2 * j] = q.x;
        nums[2 * j + 1] = q.y;
    }
    if (k < 3 || c2d_make(p, C2D_POLYGON, nums, 2 * k, c->pverts + first, &bad) != C2D_OK) {
        /* Convex only up to rounding the polygon check will not allow (or
         * flat): its hull, the same points up to that rounding. */
        c2d_vec pts[C2D_MAX_VERTICES], hull[2 * C2D_MAX_VERTICES];
        for (j = 0; j < k; j++) pts[j] = c->verts[c->pindex[first + j]];
        c2d_make_hull(p, pts, k, hull);
        memcpy(c->pverts + first, hull, sizeof *hull * (size_t)p->count);
        p->verts = c->pverts + first;
    }
}

void c2d_concave_refresh(c2d_shape *s)
{
    struct c2d_compound *c = s->compound;
    int i;
    for (i = 0; i < c->count; i++) build_piece(s, i);
    s->verts = c->verts;
    s->p[0] = c->verts[0];
    c2d_tree_refit(s);
}

c2d_error c2d_make_concave(c2d_shape *s, const double *nums, int n, void *storage, int *bad)
{
    struct c2d_compound *c = (struct c2d_compound *)storage;
    unsigned char *base = (unsigned char *)storage;
    work w;
    int i, m, t, nv, at;
    double area;
    *bad = -1;
    if (n % 2 != 0 || n < 6 || n > 2 * C2D_MAX_CONCAVE_VERTICES) return C2D_ERR_COUNT;
    for (i = 0; i < n; i++)
        if (!isfinite(nums[i])) { *bad = i; return C2D_ERR_NONFINITE; }
    nv = n / 2;
    memset(c, 0, sizeof *c);
    concave_layout(c, base, nv);
    work_layout(&w, base + c->bytes, nv);
    c->kind = C2D_CONCAVE;
    for (i = 0; i < nv; i++) c->verts[i] = v2(nums[2 * i], nums[2 * i + 1]);
    memset(s, 0, sizeof *s);
    s->kind = C2D_CONCAVE;
    s->count = nv;
    s->verts = c->verts;
    s->p[0] = c->verts[0];
    s->compound = c;
    s->pieces = c->pieces;

    if (collinear(c->verts, nv)) {
        /* No area: the segment (or point) between the outline's extreme
         * vertices, one piece. */
        int lo = 0, hi = 0;
        for (i = 1; i < nv; i++) {
            c2d_vec q = c->verts[i];
            if (q.x < c->verts[lo].x || (q.x == c->verts[lo].x && q.y < c->verts[lo].y)) lo = i;
            if (q.x > c->verts[hi].x || (q.x == c->verts[hi].x && q.y > c->verts[hi].y)) hi = i;
        }
        c->count = 1;
        c->pfirst[0] = 0;
        c->pindex[0] = lo;
        c->pindex[1] = hi;
        c->pfirst[1] = 2;
    } else {
        m = clean(c->verts, nv, &w);
        if (m < 3 || self_crossing(c->verts, w.keep, m, w.keys)) return C2D_ERR_SELF_CROSSING;
        area = ring_area2(c->verts, w.keep, m);
        if (area == 0) return C2D_ERR_SELF_CROSSING; /* a figure eight's halves cancel */
        s->ccw = area > 0 ? 1 : -1;
        if (area < 0)
            for (i = 0; i < m / 2; i++) { int x = w.keep[i]; w.keep[i] = w.keep[m - 1 - i]; w.keep[m - 1 - i] = x; }
        t = ear_clip(c->verts, &w, m);
        merge(c->verts, &w, t);
        at = 0;
        c->count = 0;
        for (i = 0; i < 3 * t; i++) {
            int j = i;
            if (w.cnext[i] < 0 || w.alias[i] != i) continue;
            c->pfirst[c->count] = at;
            do {
                c->pindex[at++] = w.keep[w.corner[j]];
                w.alias[j] = -1; /* taken */
                j = w.cnext[j];
            } while (j != i);
            c->count++;
        }
        c->pfirst[c->count] = at;
    }
    for (i = 0; i < c->count; i++) build_piece(s, i);
    c2d_tree_build(s);
    return C2D_OK;
}
