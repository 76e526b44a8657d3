/*
 * Navigation: the shortest way through a World for a disk agent of radius r.
 *
 * The agent's centre moves in the plane less the blockers grown by r. A
 * shortest path there is taut: straight runs from corner to corner of the
 * grown blockers, wrapping round them. A convex corner of a blocker (a
 * vertex of a convex piece, or a round part) grown by r is an arc about the
 * corner of radius rho, r plus the piece's own radius; the mesh stands for
 * it with the corners of the polygon circumscribed about the arc, in steps
 * of angle s small enough that the polygon keeps within tol of the arc,
 * rho (1/cos(s/2) - 1) <= tol (a sharp corner with r = 0: the vertex
 * itself). The circumscribed polygon holds the arc, so a run that keeps
 * outside it keeps the agent outside the blocker.
 *
 * The nodes are those corners where the agent fits. Two nodes are joined
 * when the run between them supports the outline at both ends (both of an
 * end's outline neighbours on one side of it: the only runs a taut path
 * takes, the reduced visibility graph) and the agent moving along it
 * crosses into no blocker. A path is A* over this graph from the start to
 * the goal, each joined to the nodes it sees.
 *
 * Crossing into a blocker is decided exactly: the contact depth of the
 * agent's swept capsule (a segment for r = 0) with the blocker, above
 * C2D_NAV_DEPTH of the numbers' magnitude (the rounding of the nodes,
 * worked out with cos and sin). Touching is free: shapes are closed, and a
 * taut path touches the corners it turns round.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "compound.h"
#include "tiles.h"
#include "world.h"

/* The depth taken as touching, in units of the numbers' magnitude. */
#define C2D_NAV_DEPTH 0x1p-40
/* The most nodes standing for one corner (a tolerance finer than this
 * allows is not met: steps of 2 pi / 1024 keep within 5e-6 rho). */
#define C2D_NAV_STEPS 1024
/* The angle within which an outline neighbour counts as on a run. */
#define C2D_NAV_SIDE 0x1p-36
/* The deepest nesting of compounds walked for corners. */
#define C2D_NAV_NESTING 8

typedef struct nav_node {
    c2d_vec p;
    c2d_vec prev, next; /* along the outline from p, toward its neighbours */
} nav_node;

struct c2d_navmesh {
    double r, tol;
    const c2d_world *w;
    unsigned long changes;
    int built;
    nav_node *node;
    int n, cap;
    /* the runs, node by node: to[first[i] .. first[i + 1]) and their lengths */
    int *first, *to;
    double *len;
    int nruns;
    int *pairs; /* the runs found, two ints each, before they are laid out */
    int npairs, cap_pairs;
    unsigned char *blocks; /* by slot: the shape blocks */
    int nblocks;
    /* a path's work, for the nodes and the goal (index n): costs, estimates
     * (cost plus the straight way on), the node each is reached from (-1 the
     * start), the open heap and each node's place in it (+1; 0 none, -1
     * done); and the path's points */
    double *g, *f;
    int *from, *heap, *place;
    c2d_vec *out;
};

/* ---- growing arrays ---- */

static int grow(void **v, int *cap, int need, size_t size)
{
    void *p;
    int c;
    if (need <= *cap) return 1;
    c = *cap ? *cap : 64;
    while (c < need) {
        if (c > (1 << 28)) return 0;
        c *= 2;
    }
    p = realloc(*v, (size_t)c * size);
    if (p == NULL) return 0;
    *v = p;
    *cap = c;
    return 1;
}

c2d_navmesh *c2d_navmesh_new(double radius, double tol)
{
    c2d_navmesh *m;
    if (!(radius >= 0 && radius < C2D_INF) || !(tol > 0 && tol < C2D_INF)) return NULL;
    m = (c2d_navmesh *)calloc(1, sizeof *m);
    if (m == NULL) return NULL;
    m->r = radius;
    m->tol = tol;
    return m;
}

static void free_work(c2d_navmesh *m)
{
    free(m->first);
    free(m->g);
    free(m->f);
    free(m->from);
    free(m->heap);
    free(m->place);
    free(m->out);
    m->first = m->from = m->heap = m->place = NULL;
    m->g = m->f = NULL;
    m->out = NULL;
}

void c2d_navmesh_free(c2d_navmesh *m)
{
    if (m == NULL) return;
    free_work(m);
    free(m->node);
    free(m->to);
    free(m->len);
    free(m->pairs);
    free(m->blocks);
    free(m);
}

double c2d_navmesh_radius(const c2d_navmesh *m) { return m->r; }

int c2d_navmesh_stale(const c2d_navmesh *m, c2d_world *w)
{
    c2d_world_refresh(w);
    return !m->built || m->w != w || m->changes != w->changes;
}

int c2d_navmesh_count(const c2d_navmesh *m) { return m->built ? m->n : 0; }

c2d_vec c2d_navmesh_node(const c2d_navmesh *m, int i) { return m->node[i].p; }

/* ---- the agent against the blockers ---- */

/* The magnitude of the numbers of a check from p to q. */
static double magnitude(const c2d_navmesh *m, c2d_vec p, c2d_vec q)
{
    return dmax(dmax(dmax(fabs(p.x), fabs(p.y)), dmax(fabs(q.x), fabs(q.y))), m->r);
}

/*
 * Does the agent moving from p to q cross into a blocker: 0 free, 1 not,
 * -1 out of memory (the World's candidate list).
 */
static int crosses(const c2d_navmesh *m, c2d_world *w, c2d_vec p, c2d_vec q)
{
    c2d_shape a;
    double nums[5];
    const int *slots;
    int n, i, bad;
    double tol = C2D_NAV_DEPTH * magnitude(m, p, q);
    nums[0] = p.x; nums[1] = p.y; nums[2] = q.x; nums[3] = q.y; nums[4] = m->r;
    if (p.x == q.x && p.y == q.y) {
        nums[2] = m->r;
        if (c2d_make(&a, m->r > 0 ? C2D_DISK : C2D_POINT, nums, m->r > 0 ? 3 : 2, NULL, &bad) != C2D_OK) return 1;
    } else if (m->r > 0) {
        if (c2d_make(&a, C2D_CAPSULE, nums, 5, NULL, &bad) != C2D_OK) return 1;
    } else if (c2d_make(&a, C2D_SEGMENT, nums, 4, NULL, &bad) != C2D_OK) {
        return 1;
    }
    n = c2d_world_candidates(w, &a.bounds, -1, NULL, &slots);
    if (n < 0) return -1;
    for (i = 0; i < n; i++) {
        const c2d_shape *b;
        c2d_contact_result c;
        if (slots[i] >= m->nblocks || !m->blocks[slots[i]]) continue;
        b = c2d_world_shape(w, slots[i]);
        if (!c2d_hits(&a, b)) continue;
        if (c2d_contact(&a, b, &c) != C2D_OK || (c.hit && c.depth > tol)) return 1;
    }
    return 0;
}

/* ---- corners ---- */

static int add_node(c2d_navmesh *m, c2d_vec p, c2d_vec prev, c2d_vec next)
{
    nav_node *d;
    if (!(isfinite(p.x) && isfinite(p.y))) return 1;
    if (!grow((void **)&m->node, &m->cap, m->n + 1, sizeof *m->node)) return 0;
    d = &m->node[m->n++];
    d->p = p;
    d->prev = prev;
    d->next = next;
    return 1;
}

/*
 * The nodes of the arc of radius rho about v whose outward normals turn
 * counter-clockwise from the angle a0 through span (0 < span <= 2 pi): the
 * corners of the circumscribed polygon, steps of equal angle within tol.
 */
static int corner(c2d_navmesh *m, c2d_vec v, double rho, double a0, double span)
{
    int k = 1, j;
    double s, dist;
    if (!(span > 0)) return 1;
    if (rho == 0 && span >= 2 * C2D_PI) return 1; /* a point: nothing to go round */
    if (rho > 0) {
        double smax = 2 * acos(rho / (rho + m->tol));
        k = smax > 0 ? (int)ceil(dmin(span / smax, C2D_NAV_STEPS)) : C2D_NAV_STEPS;
        /* (a half turn or more in one step has no circumscribed corner) */
        while (span / k >= 0.9 * C2D_PI) k++;
    }
    s = span / k;
    dist = rho > 0 ? rho / cos(s / 2) : 0;
    for (j = 0; j < k; j++) {
        double a = a0 + (j + 0.5) * s, b = a - s / 2, c = a + s / 2;
        c2d_vec p = vadd(v, v2(dist * cos(a), dist * sin(a)));
        if (!add_node(m, p, v2(sin(b), -cos(b)), v2(-sin(c), cos(c)))) return 0;
    }
    return 1;
}

static double angle_of(c2d_vec u) { return atan2(u.y, u.x); }

/* The ends of a flat outline (p0 to p1) grown by rho: a half turn at each. */
static int flat_corners(c2d_navmesh *m, c2d_vec p0, c2d_vec p1, double rho)
{
    c2d_vec n;
    if (p0.x == p1.x && p0.y == p1.y) return corner(m, p0, rho, 0, 2 * C2D_PI);
    n = right_normal(p0, p1);
    return corner(m, p1, rho, angle_of(n), C2D_PI) && corner(m, p0, rho, angle_of(vscale(n, -1)), C2D_PI);
}

/* The corners of a rounded convex polygon: its core c[0 .. n), counter-clockwise, radius rho. */
static int polygon_corners(c2d_navmesh *m, const c2d_vec *c, int n, double rho)
{
    int i;
    if (n == 1) return corner(m, c[0], rho, 0, 2 * C2D_PI);
    if (n == 2) return flat_corners(m, c[0], c[1], rho);
    for (i = 0; i < n; i++) {
        c2d_vec a = c[(i + n - 1) % n], v = c[i], b = c[(i + 1) % n], n1, n2;
        if ((a.x == v.x && a.y == v.y) || (b.x == v.x && b.y == v.y)) continue;
        n1 = right_normal(a, v);
        n2 = right_normal(v, b);
        if (!corner(m, v, rho, angle_of(n1), atan2(vcross(n1, n2), vdot(n1, n2)))) return 0;
    }
    return 1;
}

/* The two points of a flat core farthest apart along it. */
static void flat_ends(const c2d_vec *c, int n, c2d_vec *lo, c2d_vec *hi)
{
    int i;
    *lo = *hi = c[0];
    for (i = 1; i < n; i++) {
        if (c[i].x < lo->x || (c[i].x == lo->x && c[i].y < lo->y)) *lo = c[i];
        if (c[i].x > hi->x || (c[i].x == hi->x && c[i].y > hi->y)) *hi = c[i];
    }
}

/* The corners of a convex shape (not a compound, not a Line). */
static int leaf_corners(c2d_navmesh *m, const c2d_shape *s)
{
    body b;
    c2d_vec o = s->p[0];
    if (s->kind == C2D_LINE) return 1;
    c2d_body(&b, s, &o);
    if (b.type == BODY_FAN) {
        c2d_vec apex = vadd(c2d_bv(&b, 0), o), e1 = b.own.fan.e1, e2 = b.own.fan.e2;
        double rho = b.r + m->r, a1 = angle_of(e1), a2 = angle_of(e2), open = s->opening;
        if (b.r == 0 || open >= 2 * C2D_PI) return corner(m, apex, rho, 0, 2 * C2D_PI);
        if (open == 0) return flat_corners(m, apex, vadd(apex, vscale(e1, b.r)), m->r);
        return corner(m, apex, rho, a2, open) &&                                 /* the arc */
               corner(m, vadd(apex, vscale(e1, b.r)), m->r, a1, C2D_PI / 2) &&    /* its +half end */
               corner(m, vadd(apex, vscale(e2, b.r)), m->r, a2 - C2D_PI / 2, C2D_PI / 2) &&
               (open >= C2D_PI || corner(m, apex, m->r, a1 + C2D_PI / 2, C2D_PI - open));
    }
    if (b.type == BODY_POLY) {
        c2d_vec c[C2D_MAX_VERTICES];
        int i, n = b.n;
        if (n > C2D_MAX_VERTICES) n = C2D_MAX_VERTICES;
        for (i = 0; i < n; i++) c[i] = vadd(ccw_vertex(&b, i), o);
        if (n >= 3 && b.orient == 0) {
            c2d_vec lo, hi;
            flat_ends(c, n, &lo, &hi);
            return flat_corners(m, lo, hi, b.r + m->r);
        }
        return polygon_corners(m, c, n, b.r + m->r);
    }
    return 1;
}

static int tile_corners(void *ud, const c2d_shape *piece) { return leaf_corners((c2d_navmesh *)ud, piece); }

static int shape_corners(c2d_navmesh *m, const c2d_shape *s, int depth)
{
    if (s->kind == C2D_TILES) {
        tile_range rg;
        if (!c2d_tile_range(s, &s->bounds, 0, &rg)) return 1;
        return c2d_tiles_each(s, &rg, &s->bounds, 0, tile_corners, m, NULL);
    }
    if (c2d_is_compound(s)) {
        const c2d_shape *p;
        int i, n = c2d_pieces(s, &p);
        if (depth >= C2D_NAV_NESTING) return 1;
        for (i = 0; i < n; i++)
            if (!shape_corners(m, &p[i], depth + 1)) return 0;
        return 1;
    }
    return leaf_corners(m, s);
}

/* ---- the graph ---- */

/* Does the run from node i along d support the outline there: both of its
 * neighbours on one side (or on the run). */
static int supports(const nav_node *a, c2d_vec d)
{
    /* (a neighbour within C2D_NAV_SIDE rad of the run counts as on it: the
     * directions come from cos and sin) */
    double x = vcross(d, a->prev), y = vcross(d, a->next), l = vlen(d) * C2D_NAV_SIDE;
    if (fabs(x) <= l * vlen(a->prev)) x = 0;
    if (fabs(y) <= l * vlen(a->next)) y = 0;
    return (x >= 0 && y >= 0) || (x <= 0 && y <= 0);
}

/* Does the agent fit at p: 0 yes, 1 no, -1 out of memory. */
static int blocked_at(const c2d_navmesh *m, c2d_world *w, c2d_vec p) { return crosses(m, w, p, p); }

static int add_pair(c2d_navmesh *m, int i, int j)
{
    if (!grow((void **)&m->pairs, &m->cap_pairs, 2 * m->npairs + 2, sizeof *m->pairs)) return 0;
    m->pairs[2 * m->npairs] = i;
    m->pairs[2 * m->npairs + 1] = j;
    m->npairs++;
    return 1;
}

/* The runs as lists by node (first, to, len), from the pairs. */
static int lay_out(c2d_navmesh *m)
{
    int i, k, n = m->n, *at;
    size_t runs = 2 * (size_t)m->npairs + 1;
    free(m->first);
    free(m->to);
    free(m->len);
    m->first = (int *)calloc((size_t)n + 1, sizeof *m->first);
    m->to = (int *)malloc(runs * sizeof *m->to);
    m->len = (double *)malloc(runs * sizeof *m->len);
    if (m->first == NULL || m->to == NULL || m->len == NULL) return 0;
    for (k = 0; k < m->npairs; k++) {
        m->first[m->pairs[2 * k] + 1]++;
        m->first[m->pairs[2 * k + 1] + 1]++;
    }
    for (i = 0; i < n; i++) m->first[i + 1] += m->first[i];
    at = (int *)malloc(((size_t)n + 1) * sizeof *at);
    if (at == NULL) return 0;
    memcpy(at, m->first, (size_t)n * sizeof *at);
    for (k = 0; k < m->npairs; k++) {
        int a = m->pairs[2 * k], b = m->pairs[2 * k + 1];
        double l = vlen(vsub(m->node[b].p, m->node[a].p));
        m->to[at[a]] = b;
        m->len[at[a]++] = l;
        m->to[at[b]] = a;
        m->len[at[b]++] = l;
    }
    free(at);
    m->nruns = 2 * m->npairs;
    return 1;
}

static int work_room(c2d_navmesh *m)
{
    size_t n = (size_t)m->n + 2;
    free_work(m);
    m->first = NULL;
    m->g = (double *)malloc(n * sizeof *m->g);
    m->f = (double *)malloc(n * sizeof *m->f);
    m->from = (int *)malloc(n * sizeof *m->from);
    m->heap = (int *)malloc(n * sizeof *m->heap);
    m->place = (int *)malloc(n * sizeof *m->place);
    m->out = (c2d_vec *)malloc(n * sizeof *m->out);
    return m->g && m->f && m->from && m->heap && m->place && m->out;
}

int c2d_navmesh_build(c2d_navmesh *m, c2d_world *w, const int *slots, int n)
{
    int i, j, kept = 0, r;
    m->built = 0;
    m->n = 0;
    m->npairs = 0;
    m->nruns = 0;
    if (!c2d_world_refresh(w)) return -1;
    /* the blockers, by slot */
    free(m->blocks);
    m->nblocks = 0;
    m->blocks = NULL;
    for (i = 0; i < n; i++) m->nblocks = slots[i] + 1 > m->nblocks ? slots[i] + 1 : m->nblocks;
    if (m->nblocks > 0 && (m->blocks = (unsigned char *)calloc((size_t)m->nblocks, 1)) == NULL) return -1;
    for (i = 0; i < n; i++) {
        if (c2d_world_shape(w, slots[i]) == NULL) continue;
        m->blocks[slots[i]] = 1;
    }
    for (i = 0; i < m->nblocks; i++)
        if (m->blocks[i] && !shape_corners(m, c2d_world_shape(w, i), 0)) return -1;
    /* the nodes where the agent fits */
    for (i = 0; i < m->n; i++) {
        if ((r = blocked_at(m, w, m->node[i].p)) < 0) return -1;
        if (!r) m->node[kept++] = m->node[i];
    }
    m->n = kept;
    /* the runs */
    for (i = 0; i < m->n; i++)
        for (j = i + 1; j < m->n; j++) {
            c2d_vec d = vsub(m->node[j].p, m->node[i].p);
            if (d.x == 0 && d.y == 0) continue;
            if (!supports(&m->node[i], d) || !supports(&m->node[j], vscale(d, -1))) continue;
            if ((r = crosses(m, w, m->node[i].p, m->node[j].p)) < 0) return -1;
            if (!r && !add_pair(m, i, j)) return -1;
        }
    if (!work_room(m) || !lay_out(m)) return -1;
    m->w = w;
    m->changes = w->changes;
    m->built = 1;
    return 0;
}

/* ---- paths ---- */

static void heap_up(c2d_navmesh *m, int k, const double *f)
{
    int *h = m->heap;
    while (k > 0) {
        int up = (k - 1) / 2;
        if (!(f[h[k]] < f[h[up]])) break;
        { int t = h[k]; h[k] = h[up]; h[up] = t; }
        m->place[h[k]] = k + 1;
        m->place[h[up]] = up + 1;
        k = up;
    }
}

static void heap_down(c2d_navmesh *m, int k, int size, const double *f)
{
    int *h = m->heap;
    for (;;) {
        int l = 2 * k + 1, r = l + 1, best = k;
        if (l < size && f[h[l]] < f[h[best]]) best = l;
        if (r < size && f[h[r]] < f[h[best]]) best = r;
        if (best == k) break;
        { int t = h[k]; h[k] = h[best]; h[best] = t; }
        m->place[h[k]] = k + 1;
        m->place[h[best]] = best + 1;
        k = best;
    }
}

/* Reach node i (n: the goal) at cost g from node `from` (-1: the start),
 * if that is cheaper than known; the heap holds size nodes. */
static void offer(c2d_navmesh *m, int *size, int i, double g, int from, c2d_vec goal)
{
    if (m->place[i] < 0 || !(g < m->g[i])) return;
    m->g[i] = g;
    m->from[i] = from;
    m->f[i] = g + (i < m->n ? vlen(vsub(goal, m->node[i].p)) : 0);
    if (m->place[i] == 0) {
        m->heap[*size] = i;
        m->place[i] = ++*size;
    }
    heap_up(m, m->place[i] - 1, m->f);
}

int c2d_navmesh_path(c2d_navmesh *m, c2d_world *w, c2d_vec start, c2d_vec goal, const c2d_vec **points)
{
    int n = m->n, i, r, k, at, goal_node = n, size = 0;
    *points = m->out;
    if (!m->built || m->w != w) return -2;
    if (!(isfinite(start.x) && isfinite(start.y) && isfinite(goal.x) && isfinite(goal.y))) return 0;
    if ((r = blocked_at(m, w, start)) != 0) return r < 0 ? -1 : 0;
    if ((r = blocked_at(m, w, goal)) != 0) return r < 0 ? -1 : 0;
    if ((r = crosses(m, w, start, goal)) == 0) {
        m->out[0] = start;
        m->out[1] = goal;
        return 2;
    }
    if (r < 0) return -1;
    for (i = 0; i <= n; i++) {
        m->g[i] = C2D_INF;
        m->place[i] = 0;
        m->from[i] = -1;
    }
    /* the start, joined to every node it sees */
    for (i = 0; i < n; i++) {
        c2d_vec d = vsub(start, m->node[i].p);
        if (!supports(&m->node[i], d)) continue;
        if ((r = crosses(m, w, start, m->node[i].p)) < 0) return -1;
        if (!r) offer(m, &size, i, vlen(d), -1, goal);
    }
    while (size > 0) {
        int u = m->heap[0];
        m->place[u] = -1;
        m->heap[0] = m->heap[--size];
        if (size > 0) {
            m->place[m->heap[0]] = 1;
            heap_down(m, 0, size, m->f);
        }
        if (u == goal_node) break;
        /* the goal, when u sees it (asked once, as u is taken) */
        if (supports(&m->node[u], vsub(goal, m->node[u].p))) {
            if ((r = crosses(m, w, m->node[u].p, goal)) < 0) return -1;
            if (!r) offer(m, &size, goal_node, m->g[u] + vlen(vsub(goal, m->node[u].p)), u, goal);
        }
        for (k = m->first[u]; k < m->first[u + 1]; k++) offer(m, &size, m->to[k], m->g[u] + m->len[k], u, goal);
    }
    if (m->place[goal_node] != -1) return 0;
    /* the way back from the goal, then turned round */
    k = 0;
    m->out[k++] = goal;
    for (at = m->from[goal_node]; at >= 0; at = m->from[at]) m->out[k++] = m->node[at].p;
    m->out[k++] = start;
    for (i = 0; i < k / 2; i++) {
        c2d_vec t = m->out[i];
        m->out[i] = m->out[k - 1 - i];
        m->out[k - 1 - i] = t;
    }
    return k;
}
