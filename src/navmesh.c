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
 * Built again over the same World, the mesh is brought up to date in place
 * (c2d_navmesh_build): what the blockers changed since cannot touch stays.
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
#include "sort.h"
#include "tiles.h"
#include "navmesh.h"

/* The depth taken as touching, in units of the numbers' magnitude. */
#define C2D_NAV_DEPTH 0x1p-40
/* The most nodes standing for one corner: a tolerance finer than this
 * allows is met only to within a thousandth of the arc's radius (steps of
 * 2 pi / 64 keep within 1.2e-3 rho), so that no tolerance makes a mesh of
 * thousands of nodes a corner (its build grows as the square). */
#define C2D_NAV_STEPS 64
/* The angle within which an outline neighbour counts as on a run. */
#define C2D_NAV_SIDE 0x1p-36
/* The most cells of the blockers' grid along a side. */
#define C2D_NAV_GRID 1024
/* The deepest nesting of compounds walked for corners. */
#define C2D_NAV_NESTING 8

/* The most blockers changed since the last build that it takes in place
 * (beyond them, and beyond an eighth of the blockers, it builds anew). */
#define C2D_NAV_CHANGES 64

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
    free(m->lazy);
    free(m->g);
    free(m->f);
    free(m->from);
    free(m->heap);
    free(m->place);
    free(m->out);
    m->first = m->from = m->heap = m->place = NULL;
    m->g = m->f = NULL;
    m->lazy = NULL;
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
    free(m->slot);
    free(m->version);
    free(m->box);
    free(m->seen);
    free(m->fit);
    free(m->wide);
    free(m->cell_at);
    free(m->items);
    free(m);
}

double c2d_navmesh_radius(const c2d_navmesh *m) { return m->r; }

int c2d_navmesh_stale(const c2d_navmesh *m, c2d_world *w)
{
    c2d_world_refresh(w);
    return !m->built || m->w != w || m->changes != w->changes;
}

int c2d_navmesh_count(const c2d_navmesh *m) { return m->built ? m->nfit : 0; }

c2d_vec c2d_navmesh_node(const c2d_navmesh *m, int i) { return m->node[m->fit[i]].p; }

/* ---- the agent against the blockers ---- */

/* The magnitude of the numbers of a check from p to q. */
static double magnitude(const c2d_navmesh *m, c2d_vec p, c2d_vec q)
{
    return dmax(dmax(dmax(fabs(p.x), fabs(p.y)), dmax(fabs(q.x), fabs(q.y))), m->r);
}

/* The cell column of x (clamped to the grid). */
static int column_of(const c2d_navmesh *m, double x)
{
    double c = floor((x - m->x0) / m->h);
    return c < 0 ? 0 : c >= m->gw ? m->gw - 1 : (int)c;
}

static int row_of(const c2d_navmesh *m, double y)
{
    double r = floor((y - m->y0) / m->h);
    return r < 0 ? 0 : r >= m->gh ? m->gh - 1 : (int)r;
}

/* Does the agent a (its swept shape) cross into blocker k: 1 yes, else 0. */
static int crosses_blocker(const c2d_navmesh *m, const c2d_world *w, const c2d_shape *a, int k, double tol)
{
    const c2d_shape *b = c2d_world_shape(w, m->slot[k]);
    c2d_contact_result c;
    if (b == NULL || !c2d_hits(a, b)) return 0;
    return c2d_contact(a, b, &c) != C2D_OK || (c.hit && c.depth > tol);
}

/*
 * Does the agent moving from p to q cross into a blocker: 1 yes, 0 no. The
 * blockers asked are those listed in the cells the segment crosses: row by
 * row, the columns its stretch within the row spans (a blocker within the
 * agent's reach of the segment has its grown box, and so a cell, there).
 */
/* The agent moving from p to q: a capsule (a disk when they are equal;
 * for r = 0 a segment or a point). 0 when its numbers are out of range. */
static int agent(const c2d_navmesh *m, c2d_vec p, c2d_vec q, c2d_shape *a)
{
    double nums[5];
    int bad;
    nums[0] = p.x; nums[1] = p.y; nums[2] = q.x; nums[3] = q.y; nums[4] = m->r;
    if (p.x == q.x && p.y == q.y) {
        nums[2] = m->r;
        return c2d_make(a, m->r > 0 ? C2D_DISK : C2D_POINT, nums, m->r > 0 ? 3 : 2, NULL, &bad) == C2D_OK;
    }
    return c2d_make(a, m->r > 0 ? C2D_CAPSULE : C2D_SEGMENT, nums, m->r > 0 ? 5 : 4, NULL, &bad) == C2D_OK;
}

/* Does the agent moving from node i to node j cross into blocker k. */
static int crosses_one(const c2d_navmesh *m, const c2d_world *w, int i, int j, int k)
{
    c2d_shape a;
    c2d_vec p = m->node[i].p, q = m->node[j].p;
    if (!agent(m, p, q, &a)) return 1;
    return crosses_blocker(m, w, &a, k, C2D_NAV_DEPTH * magnitude(m, p, q));
}

int c2d_nav_crosses(c2d_navmesh *m, const c2d_world *w, c2d_vec p, c2d_vec q)
{
    c2d_shape a;
    double tol = C2D_NAV_DEPTH * magnitude(m, p, q), lo_y = dmin(p.y, q.y), hi_y = dmax(p.y, q.y);
    int k, r0, r1, row;
    if (!agent(m, p, q, &a)) return 1;
    for (k = 0; k < m->nwide; k++)
        if (crosses_blocker(m, w, &a, m->wide[k], tol)) return 1;
    if (m->gw == 0 || hi_y < m->y0 || lo_y > m->y0 + m->gh * m->h || dmax(p.x, q.x) < m->x0 ||
        dmin(p.x, q.x) > m->x0 + m->gw * m->h)
        return 0;
    if (++m->check == 0) { /* (the count wrapped: every mark is stale) */
        memset(m->seen, 0, (size_t)m->nb * sizeof *m->seen);
        m->check = 1;
    }
    r0 = row_of(m, lo_y);
    r1 = row_of(m, hi_y);
    for (row = r0; row <= r1; row++) {
        /* the segment's stretch within the row (the whole of it in the end rows' outer parts) */
        double y_lo = row == r0 ? -C2D_INF : m->y0 + row * m->h, y_hi = row == r1 ? C2D_INF : m->y0 + (row + 1) * m->h;
        double x_a, x_b;
        int c0, c1, col;
        if (p.y == q.y) {
            x_a = p.x;
            x_b = q.x;
        } else {
            double ta = (dmax(y_lo, lo_y) - p.y) / (q.y - p.y), tb = (dmin(y_hi, hi_y) - p.y) / (q.y - p.y);
            x_a = p.x + dmin(dmax(ta, 0), 1) * (q.x - p.x);
            x_b = p.x + dmin(dmax(tb, 0), 1) * (q.x - p.x);
        }
        c0 = column_of(m, dmin(x_a, x_b));
        c1 = column_of(m, dmax(x_a, x_b));
        /* (one column more each way: the rounding of the stretch's ends) */
        if (c0 > 0) c0--;
        if (c1 < m->gw - 1) c1++;
        for (col = c0; col <= c1; col++) {
            int c = row * m->gw + col, it;
            for (it = m->cell_at[c]; it < m->cell_at[c + 1]; it++) {
                int b = m->items[it];
                if (m->seen[b] == m->check) continue;
                m->seen[b] = m->check;
                if (!c2d_bounds_meet(&a.bounds, &m->box[b])) continue;
                if (crosses_blocker(m, w, &a, b, tol)) return 1;
            }
        }
    }
    return 0;
}

/* The grid of the blockers' boxes, each grown by the agent's radius and a
 * pad, with about two cells a blocker. 0 when out of memory. */
static int grid(c2d_navmesh *m)
{
    c2d_bounds all;
    int k, finite = 0, c;
    double area;
    free(m->wide);
    free(m->cell_at);
    free(m->items);
    m->wide = m->cell_at = m->items = NULL;
    m->nwide = m->gw = m->gh = 0;
    all.minx = all.miny = C2D_INF;
    all.maxx = all.maxy = -C2D_INF;
    m->wide = (int *)malloc(((size_t)m->nb + 1) * sizeof *m->wide);
    if (m->wide == NULL) return 0;
    for (k = 0; k < m->nb; k++) {
        c2d_bounds *b = &m->box[k];
        double pad;
        if (!(b->minx > -C2D_INF && b->maxx < C2D_INF && b->miny > -C2D_INF && b->maxy < C2D_INF)) {
            m->wide[m->nwide++] = k;
            continue;
        }
        pad = m->r + C2D_NAV_DEPTH * dmax(dmax(fabs(b->minx), fabs(b->maxx)), dmax(fabs(b->miny), fabs(b->maxy)));
        c2d_bounds_padded(b, b);
        b->minx -= pad;
        b->miny -= pad;
        b->maxx += pad;
        b->maxy += pad;
        all.minx = dmin(all.minx, b->minx);
        all.miny = dmin(all.miny, b->miny);
        all.maxx = dmax(all.maxx, b->maxx);
        all.maxy = dmax(all.maxy, b->maxy);
        finite++;
    }
    if (finite == 0) return 1;
    area = (all.maxx - all.minx) * (all.maxy - all.miny);
    m->h = sqrt(area / (2.0 * finite));
    if (!(m->h > 0 && isfinite(m->h))) m->h = dmax(all.maxx - all.minx, all.maxy - all.miny);
    if (!(m->h > 0 && isfinite(m->h))) m->h = 1;
    m->h = dmax(m->h, dmax(all.maxx - all.minx, all.maxy - all.miny) / C2D_NAV_GRID);
    m->x0 = all.minx;
    m->y0 = all.miny;
    m->gw = (int)dmin(ceil((all.maxx - all.minx) / m->h), C2D_NAV_GRID) + 1;
    m->gh = (int)dmin(ceil((all.maxy - all.miny) / m->h), C2D_NAV_GRID) + 1;
    m->cell_at = (int *)calloc((size_t)m->gw * (size_t)m->gh + 1, sizeof *m->cell_at);
    if (m->cell_at == NULL) return 0;
    /* counted, then laid out */
    for (c = 0; c < 2; c++) {
        for (k = 0; k < m->nb; k++) {
            const c2d_bounds *b = &m->box[k];
            int x, y, x0, x1, y0, y1;
            if (!(b->minx > -C2D_INF && b->maxx < C2D_INF && b->miny > -C2D_INF && b->maxy < C2D_INF)) continue;
            x0 = column_of(m, b->minx);
            x1 = column_of(m, b->maxx);
            y0 = row_of(m, b->miny);
            y1 = row_of(m, b->maxy);
            for (y = y0; y <= y1; y++)
                for (x = x0; x <= x1; x++) {
                    if (c == 0) m->cell_at[y * m->gw + x + 1]++;
                    else m->items[m->cell_at[y * m->gw + x]++] = k;
                }
        }
        if (c == 0) {
            size_t n = (size_t)m->gw * (size_t)m->gh, i;
            for (i = 0; i < n; i++) m->cell_at[i + 1] += m->cell_at[i];
            m->items = (int *)malloc(((size_t)m->cell_at[n] + 1) * sizeof *m->items);
            if (m->items == NULL) return 0;
        } else {
            /* (filling moved each cell's start to the next one's: back one place) */
            size_t n = (size_t)m->gw * (size_t)m->gh;
            memmove(m->cell_at + 1, m->cell_at, n * sizeof *m->cell_at);
            m->cell_at[0] = 0;
        }
    }
    return 1;
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
    d->owner = m->owner;
    d->fits = 0;
    d->fresh = 1;
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
        double smax = 2 * c2d_acos(rho / (rho + m->tol));
        k = smax > 0 ? (int)ceil(dmin(span / smax, C2D_NAV_STEPS)) : C2D_NAV_STEPS;
        /* (a half turn or more in one step has no circumscribed corner) */
        while (span / k >= 0.9 * C2D_PI) k++;
    }
    s = span / k;
    dist = rho > 0 ? rho / c2d_cos(s / 2) : 0;
    for (j = 0; j < k; j++) {
        double a = a0 + (j + 0.5) * s, b = a - s / 2, c = a + s / 2;
        c2d_vec u = c2d_unit_at(a), ub = c2d_unit_at(b), uc = c2d_unit_at(c);
        c2d_vec p = vadd(v, v2(dist * u.x, dist * u.y));
        if (!add_node(m, p, v2(ub.y, -ub.x), v2(-uc.y, uc.x))) return 0;
    }
    return 1;
}

static double angle_of(c2d_vec u) { return c2d_atan2(u.y, u.x); }

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
        if (!corner(m, v, rho, angle_of(n1), c2d_atan2(vcross(n1, n2), vdot(n1, n2)))) return 0;
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

int c2d_nav_supports(const nav_node *a, c2d_vec d)
{
    /* (a neighbour within C2D_NAV_SIDE rad of the run counts as on it: the
     * directions come from cos and sin) */
    double x = vcross(d, a->prev), y = vcross(d, a->next), l = vlen(d) * C2D_NAV_SIDE;
    if (fabs(x) <= l * vlen(a->prev)) x = 0;
    if (fabs(y) <= l * vlen(a->next)) y = 0;
    return (x >= 0 && y >= 0) || (x <= 0 && y <= 0);
}

int c2d_nav_blocked_at(c2d_navmesh *m, const c2d_world *w, c2d_vec p) { return c2d_nav_crosses(m, w, p, p); }

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
    size_t n = 2 * (size_t)m->n + 2;
    free_work(m);
    m->first = NULL;
    m->lazy = (unsigned char *)malloc(n);
    m->g = (double *)malloc(n * sizeof *m->g);
    m->f = (double *)malloc(n * sizeof *m->f);
    m->from = (int *)malloc(n * sizeof *m->from);
    m->heap = (int *)malloc(n * sizeof *m->heap);
    m->place = (int *)malloc(n * sizeof *m->place);
    m->out = (c2d_vec *)malloc(n * sizeof *m->out);
    return m->lazy && m->g && m->f && m->from && m->heap && m->place && m->out;
}

/* Does the run from node i to node j meet the box b (a grown box: the
 * slab test, its rounding far inside the growth). */
static int run_meets(const c2d_navmesh *m, int i, int j, const c2d_bounds *b)
{
    c2d_vec p = m->node[i].p, d = vsub(m->node[j].p, p);
    double lo[2], hi[2], o[2], v[2], t0 = 0, t1 = 1;
    int a;
    if (!(dmin(p.x, p.x + d.x) <= b->maxx && dmax(p.x, p.x + d.x) >= b->minx && dmin(p.y, p.y + d.y) <= b->maxy &&
          dmax(p.y, p.y + d.y) >= b->miny))
        return 0;
    lo[0] = b->minx; hi[0] = b->maxx; o[0] = p.x; v[0] = d.x;
    lo[1] = b->miny; hi[1] = b->maxy; o[1] = p.y; v[1] = d.y;
    for (a = 0; a < 2; a++) {
        double ta, tb;
        if (v[a] == 0) continue; /* (within the slab: the box test above) */
        ta = (lo[a] - o[a]) / v[a];
        tb = (hi[a] - o[a]) / v[a];
        t0 = dmax(t0, dmin(ta, tb));
        t1 = dmin(t1, dmax(ta, tb));
    }
    return t0 <= t1;
}

/* Does the point lie in the box. */
static int box_holds(const c2d_bounds *b, c2d_vec p)
{
    return p.x >= b->minx && p.x <= b->maxx && p.y >= b->miny && p.y <= b->maxy;
}

/* Runs in order of their ends. */
static int ordered_pairs(const void *a, const void *b)
{
    const int *x = (const int *)a, *y = (const int *)b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

/* Is (i, j), i < j, among the first count runs (in order). */
static int has_pair(const c2d_navmesh *m, int count, int i, int j)
{
    int key[2];
    key[0] = i;
    key[1] = j;
    return count > 0 && bsearch(key, m->pairs, (size_t)count, 2 * sizeof *m->pairs, ordered_pairs) != NULL;
}

/*
 * Build, or bring up to date: the blockers kept since the last build (the
 * same slot at the same version of its World) keep their corners and their
 * runs; the corners of those gone go, with their runs; the new ones' are
 * added. Then the nodes within the boxes of the blockers changed (gone or
 * new) are asked again whether the agent fits, the runs the new blockers
 * cross go, and runs are looked for from every node that is new or fits
 * anew, and between old nodes where a blocker gone may have blocked them.
 */
int c2d_navmesh_build(c2d_navmesh *m, c2d_world *w, const int *slots, int n)
{
    int i, j, k, nb_old = m->nb, kept = 0, full, nchanged = 0, n_old;
    int *old_of = NULL, *node_map = NULL;
    c2d_bounds *changed = NULL;
    unsigned long *ver_old = m->version;
    int *slot_old = m->slot;
    c2d_bounds *box_old = m->box;
    if (n < 0) n = 0;
    if (!c2d_world_refresh(w)) goto fail;
    full = !m->built || m->w != w;
    m->built = 0;
    m->slot = (int *)malloc(((size_t)n + 1) * sizeof *m->slot);
    m->version = (unsigned long *)malloc(((size_t)n + 1) * sizeof *m->version);
    m->box = (c2d_bounds *)malloc(((size_t)n + 1) * sizeof *m->box);
    /* old_of[new blocker]: the old blocker it is (-1: new); node_map: old index -> new */
    old_of = (int *)malloc(((size_t)n + 1) * sizeof *old_of);
    changed = (c2d_bounds *)malloc(((size_t)n + (size_t)nb_old + 1) * sizeof *changed);
    if (m->slot == NULL || m->version == NULL || m->box == NULL || old_of == NULL || changed == NULL) goto fail;
    free(m->seen);
    m->seen = (unsigned *)calloc((size_t)n + 1, sizeof *m->seen);
    m->check = 0;
    if (m->seen == NULL) goto fail;
    m->nb = 0;
    for (i = 0; i < n; i++) {
        const c2d_shape *b = c2d_world_shape(w, slots[i]);
        if (b == NULL) continue;
        m->slot[m->nb] = slots[i];
        m->version[m->nb] = w->e[slots[i]].version;
        m->box[m->nb] = b->bounds;
        old_of[m->nb++] = -1;
    }
    /* which of the old blockers are kept (both lists are short next to the
     * work of a build: a blocker's slot is looked up through a map by slot) */
    if (!full && nb_old > 0) {
        int *by_slot = (int *)malloc((size_t)w->ne * sizeof *by_slot + 1);
        if (by_slot == NULL) goto fail;
        for (i = 0; i < w->ne; i++) by_slot[i] = -1;
        for (i = 0; i < nb_old; i++)
            if (slot_old[i] >= 0 && slot_old[i] < w->ne) by_slot[slot_old[i]] = i;
        for (i = 0; i < m->nb; i++) {
            int o = by_slot[m->slot[i]];
            if (o >= 0 && ver_old[o] == m->version[i]) {
                old_of[i] = o;
                by_slot[m->slot[i]] = -1; /* (a slot listed twice is new the second time) */
                kept++;
            }
        }
        free(by_slot);
    }
    if (!full && (m->nb - kept) + (nb_old - kept) > C2D_NAV_CHANGES && (m->nb - kept) + (nb_old - kept) > m->nb / 8)
        full = 1;
    if (!grid(m)) goto fail; /* (grows m->box) */
    n_old = full ? 0 : m->n;
    if (full) {
        m->n = 0;
        m->npairs = 0;
    } else {
        /* the old blockers' new indices; the boxes of those gone, and of the new ones */
        int *new_of = (int *)malloc(((size_t)nb_old + 1) * sizeof *new_of);
        if (new_of == NULL) goto fail;
        for (i = 0; i < nb_old; i++) new_of[i] = -1;
        for (i = 0; i < m->nb; i++)
            if (old_of[i] >= 0) new_of[old_of[i]] = i;
            else changed[nchanged++] = m->box[i];
        for (i = 0; i < nb_old; i++)
            if (new_of[i] < 0) changed[nchanged++] = box_old[i]; /* (grown as the old grid grew it) */
        /* the nodes of blockers gone go; the others take their blockers' new indices */
        node_map = (int *)malloc(((size_t)n_old + 1) * sizeof *node_map);
        if (node_map == NULL) {
            free(new_of);
            goto fail;
        }
        for (i = 0, k = 0; i < n_old; i++) {
            int o = new_of[m->node[i].owner];
            node_map[i] = -1;
            if (o < 0) continue;
            node_map[i] = k;
            m->node[k] = m->node[i];
            m->node[k].owner = o;
            m->node[k].fresh = 0;
            k++;
        }
        free(new_of);
        m->n = n_old = k;
        for (i = 0, k = 0; i < m->npairs; i++) {
            int a = node_map[m->pairs[2 * i]], b = node_map[m->pairs[2 * i + 1]];
            if (a < 0 || b < 0) continue;
            m->pairs[2 * k] = a;
            m->pairs[2 * k + 1] = b;
            k++;
        }
        m->npairs = k;
    }
    /* the new blockers' corners */
    for (i = 0; i < m->nb; i++) {
        if (!full && old_of[i] >= 0) continue;
        m->owner = i;
        if (!shape_corners(m, c2d_world_shape(w, m->slot[i]), 0)) goto fail;
    }
    /* where the agent fits: every new node, and the old ones within a changed box */
    for (i = 0; i < m->n; i++) {
        nav_node *d = &m->node[i];
        if (i < n_old) {
            int near = 0, fits;
            for (k = 0; k < nchanged && !near; k++) near = box_holds(&changed[k], d->p);
            if (!near) continue;
            fits = !c2d_nav_blocked_at(m, w, d->p);
            if (fits && !d->fits) d->fresh = 1;
            d->fits = (unsigned char)fits;
        } else {
            d->fits = (unsigned char)!c2d_nav_blocked_at(m, w, d->p);
        }
    }
    /* the old runs that stand: both ends fit, neither is found anew, no new blocker crosses */
    for (i = 0, k = 0; i < m->npairs; i++) {
        int a = m->pairs[2 * i], b = m->pairs[2 * i + 1], keep;
        keep = m->node[a].fits && m->node[b].fits && !m->node[a].fresh && !m->node[b].fresh;
        for (j = 0; j < m->nb && keep; j++)
            if (old_of[j] < 0 && run_meets(m, a, b, &m->box[j]) && crosses_one(m, w, a, b, j)) keep = 0;
        if (!keep) continue;
        m->pairs[2 * k] = a < b ? a : b;
        m->pairs[2 * k + 1] = a < b ? b : a;
        k++;
    }
    m->npairs = k;
    if (m->npairs > 1) c2d_sort(m->pairs, (size_t)m->npairs, 2 * sizeof *m->pairs, ordered_pairs);
    k = m->npairs; /* (the old runs, in order: has_pair looks among them) */
    for (i = 0; i < m->n; i++) {
        if (!m->node[i].fits) continue;
        for (j = i + 1; j < m->n; j++) {
            c2d_vec d;
            int look;
            if (!m->node[j].fits) continue;
            look = m->node[i].fresh || m->node[j].fresh;
            if (!look && nchanged > 0) {
                int c;
                for (c = 0; c < nchanged && !look; c++) look = run_meets(m, i, j, &changed[c]);
                if (look) look = !has_pair(m, k, i, j);
            }
            if (!look) continue;
            d = vsub(m->node[j].p, m->node[i].p);
            if (d.x == 0 && d.y == 0) continue;
            if (!c2d_nav_supports(&m->node[i], d) || !c2d_nav_supports(&m->node[j], vscale(d, -1))) continue;
            if (!c2d_nav_crosses(m, w, m->node[i].p, m->node[j].p) && !add_pair(m, i, j)) goto fail;
        }
    }
    /* the nodes that fit, in order */
    free(m->fit);
    m->fit = (int *)malloc(((size_t)m->n + 1) * sizeof *m->fit);
    if (m->fit == NULL) goto fail;
    for (i = 0, m->nfit = 0; i < m->n; i++) {
        m->node[i].fresh = 0;
        if (m->node[i].fits) m->fit[m->nfit++] = i;
    }
    if (!work_room(m) || !lay_out(m)) goto fail;
    free(slot_old);
    free(ver_old);
    free(box_old);
    free(old_of);
    free(node_map);
    free(changed);
    m->w = w;
    m->changes = w->changes;
    m->built = 1;
    return 0;
fail:
    /* (the mesh is left empty: the next build starts anew) */
    if (m->slot != slot_old) free(slot_old);
    if (m->version != ver_old) free(ver_old);
    if (m->box != box_old) free(box_old);
    free(old_of);
    free(node_map);
    free(changed);
    m->built = 0;
    m->n = m->npairs = m->nruns = m->nfit = 0;
    return -1;
}
