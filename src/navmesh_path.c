/*
 * Navigation: a shortest path over a mesh navmesh.c built, by A* (see
 * navmesh.c for the mesh and why its runs are the ones a taut path takes).
 */
#include <math.h>
#include <stdlib.h>
#include "navmesh.h"

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

/* Reach entry i (a node, or n + u: the goal from node u) at cost g from
 * node `from` (-1: the start, by a run not yet checked), if that is cheaper
 * than known; the heap holds size entries. */
static void offer(c2d_navmesh *m, int *size, int i, double g, int from, c2d_vec goal)
{
    if (m->place[i] < 0 || !(g < m->g[i])) return;
    m->g[i] = g;
    m->from[i] = from;
    m->f[i] = g + (i < m->n ? vlen(vsub(goal, m->node[i].p)) : 0);
    if (i < m->n) m->lazy[i] = from < 0;
    if (m->place[i] == 0) {
        m->heap[*size] = i;
        m->place[i] = ++*size;
    }
    heap_up(m, m->place[i] - 1, m->f);
}

/* The cheapest open entry, taken off the heap (and marked done). */
static int take(c2d_navmesh *m, int *size)
{
    int u = m->heap[0];
    m->place[u] = -1;
    m->heap[0] = m->heap[--*size];
    if (*size > 0) {
        m->place[m->heap[0]] = 1;
        heap_down(m, 0, *size, m->f);
    }
    return u;
}

/*
 * A* with its runs to and from the ends checked lazily: the start offers
 * every node it may reach by a supporting run, unchecked; a node taken is
 * checked then, and when its run is blocked it goes back to what its done
 * neighbours offer. Each node taken offers the goal, unchecked too; the
 * goal taken first by a run that is clear ends the search. The estimate
 * (the straight way to the goal) never exceeds the cost, so that is the
 * shortest path.
 */
int c2d_navmesh_path(c2d_navmesh *m, c2d_world *w, c2d_vec start, c2d_vec goal, const c2d_vec **points)
{
    int n = m->n, i, k, at, size = 0, end = -1;
    *points = m->out;
    if (!m->built || m->w != w) return -2;
    if (!(isfinite(start.x) && isfinite(start.y) && isfinite(goal.x) && isfinite(goal.y))) return 0;
    if (c2d_nav_blocked_at(m, w, start) || c2d_nav_blocked_at(m, w, goal)) return 0;
    if (!c2d_nav_crosses(m, w, start, goal)) {
        m->out[0] = start;
        m->out[1] = goal;
        return 2;
    }
    for (i = 0; i < 2 * n; i++) {
        m->g[i] = C2D_INF;
        m->place[i] = 0;
        m->from[i] = -1;
    }
    for (i = 0; i < n; i++) {
        c2d_vec d = vsub(start, m->node[i].p);
        m->lazy[i] = 0;
        if (m->node[i].fits && c2d_nav_supports(&m->node[i], d)) offer(m, &size, i, vlen(d), -1, goal);
    }
    while (size > 0) {
        int u = take(m, &size);
        if (u >= n) { /* the goal, from node u - n */
            if (c2d_nav_crosses(m, w, m->node[u - n].p, goal)) continue;
            end = u - n;
            break;
        }
        if (m->lazy[u]) {
            m->lazy[u] = 0;
            if (c2d_nav_crosses(m, w, start, m->node[u].p)) {
                /* blocked: back to what its done neighbours offer */
                m->g[u] = C2D_INF;
                m->place[u] = 0;
                m->from[u] = -1;
                for (k = m->first[u]; k < m->first[u + 1]; k++)
                    if (m->place[m->to[k]] == -1) offer(m, &size, u, m->g[m->to[k]] + m->len[k], m->to[k], goal);
                continue;
            }
        }
        if (c2d_nav_supports(&m->node[u], vsub(goal, m->node[u].p)))
            offer(m, &size, n + u, m->g[u] + vlen(vsub(goal, m->node[u].p)), u, goal);
        for (k = m->first[u]; k < m->first[u + 1]; k++) offer(m, &size, m->to[k], m->g[u] + m->len[k], u, goal);
    }
    if (end < 0) return 0;
    /* the way back from the goal, then turned round */
    k = 0;
    m->out[k++] = goal;
    for (at = end; at >= 0; at = m->from[at]) m->out[k++] = m->node[at].p;
    m->out[k++] = start;
    for (i = 0; i < k / 2; i++) {
        c2d_vec t = m->out[i];
        m->out[i] = m->out[k - 1 - i];
        m->out[k - 1 - i] = t;
    }
    return k;
}

double c2d_path_length(const c2d_vec *points, int n)
{
    double length = 0;
    int i;
    for (i = 1; i < n; i++) length += c2d_hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    return length;
}
