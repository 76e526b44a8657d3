/*
 * Internal to the C core: a navigation mesh's storage and what its build
 * (navmesh.c) and its path search (navmesh_path.c) share.
 */
#ifndef COLLIDE2D_NAVMESH_H
#define COLLIDE2D_NAVMESH_H

#include "world.h"

typedef struct nav_node {
    c2d_vec p;
    c2d_vec prev, next; /* along the outline from p, toward its neighbours */
    int owner;          /* the blocker whose corner it is */
    unsigned char fits; /* the agent fits there (only such nodes have runs) */
    unsigned char fresh; /* its runs are to be found (new, or fitting anew) */
} nav_node;

struct c2d_navmesh {
    double r, tol;
    const c2d_world *w;
    unsigned long changes;
    int built;
    nav_node *node;
    int n, cap;
    int owner;     /* the blocker whose corners are being added */
    int *fit;      /* the nodes that fit, in order (nfit of them) */
    int nfit;
    /* the runs, node by node: to[first[i] .. first[i + 1]) and their lengths */
    int *first, *to;
    double *len;
    int nruns;
    int *pairs; /* the runs found, two ints each, before they are laid out */
    int npairs, cap_pairs;
    /* the blockers: their slots, and a grid of their boxes grown by the
     * agent's reach (cells of side h from (x0, y0), gw by gh, each listing
     * the blockers whose grown box meets it: items[cell_at[c] ..
     * cell_at[c + 1])); those with no finite box (Lines) in wide[] */
    int *slot;
    unsigned long *version; /* each blocker's as its World had it */
    c2d_bounds *box;
    unsigned *seen; /* the check that last took each blocker */
    unsigned check;
    int nb;
    int *wide;
    int nwide;
    double x0, y0, h;
    int gw, gh;
    int *cell_at, *items;
    /* a path's work, for the nodes and for the goal reached from each node
     * (index n + i): costs, estimates (cost plus the straight way on), the
     * node each is reached from (-1 the start), the open heap and each one's
     * place in it (+1; 0 none, -1 done), whether a node's cost is by the
     * straight run from the start, not yet checked; and the path's points */
    double *g, *f;
    int *from, *heap, *place;
    unsigned char *lazy;
    c2d_vec *out;
};

/* Does the agent moving from p to q cross into a blocker (1), or may it go (0). */
int c2d_nav_crosses(c2d_navmesh *m, const c2d_world *w, c2d_vec p, c2d_vec q);
/* Does the run from node a along d support the outline there: both of its
 * neighbours on one side (or on the run). */
int c2d_nav_supports(const nav_node *a, c2d_vec d);
/* Does the agent fit at p: 0 yes, 1 no. */
int c2d_nav_blocked_at(c2d_navmesh *m, const c2d_world *w, c2d_vec p);

#endif
