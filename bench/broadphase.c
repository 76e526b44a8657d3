/*
 * bench/broadphase.c: the World's grid against a dynamic AABB tree, in C
 * alone (make bench-broadphase).
 *
 * The tree is a prototype written for this comparison only: fattened leaf
 * boxes (a leaf is re-inserted only when its shape leaves its fat box),
 * insertion that picks the sibling by the growth of surface area (perimeter
 * in 2D) the way SAH builders do, and height-balancing rotations on the way
 * up. Its pair pass walks the tree against itself: the pairs within a node
 * are those within each child and those across the two children, found by
 * descending both while their boxes meet. Both sides then do the same exact
 * work: the core's c2d_hits on the pairs whose boxes meet, and the pairs
 * sorted by the order the shapes were added (two counting passes).
 *
 * Each scene moves 70% of its shapes a little each step, turning back every
 * 16 steps so that it keeps its density (the crowds move all of theirs and
 * turn back at the edges of their spot). Moving the shapes is timed apart
 * (it is the same for both); "update" is bringing the broadphase up to date
 * after the move, "pairs" the pair pass that follows. Per step, best of RUNS
 * runs, in this thread's CPU time. Both sides must find the same pairs,
 * which is printed.
 *
 * A last table steps the bench-world scene at 1,000 shapes several ways (one
 * scene again and again, ten copies of it, ten different scenes each on its
 * own and in turn) beside the 10,000-shape scene: what the step costs when
 * the processor can learn it and when it cannot (see learning below).
 * Nothing here passes or fails: it only measures.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "collide2d.h"
#include "bench.h"

#define RUNS 5


/* ---- scenes ---- */

typedef struct scene {
    int n, nmove;
    c2d_shape *s;
    c2d_vec *v;      /* velocity of each shape (0 for still ones) */
    int step;        /* steps taken */
    double cell;     /* the grid's cell size */
} scene;

static void make(c2d_shape *s, c2d_kind kind, double a, double b, double c, double d, double e)
{
    double n[5];
    int bad;
    n[0] = a; n[1] = b; n[2] = c; n[3] = d; n[4] = e;
    c2d_make(s, kind, n, kind == C2D_DISK ? 3 : kind == C2D_AABB ? 4 : 5, NULL, &bad);
}

/* A shape of about 4 to 16 px of one of four kinds at (x, y). */
static void mixed_shape(c2d_shape *s, int i, double x, double y)
{
    switch (i % 4) {
    case 0: make(s, C2D_DISK, x, y, uniform(3, 10), 0, 0); break;
    case 1: make(s, C2D_AABB, x, y, uniform(4, 16), uniform(4, 16), 0); break;
    case 2: make(s, C2D_BOX, x, y, uniform(4, 16), uniform(4, 16), uniform(0, 3)); break;
    default: make(s, C2D_CAPSULE, x, y, x + uniform(-10, 10), y + uniform(-10, 10), uniform(1, 4));
    }
}

enum { SPRITES, MIXED, MEDIUM, CROWD, SPECKS, GAME };
static const char *scene_names[] = {
    "same-size sprites (16-px squares)",
    "mixed: 16-px tiles + 8 walls of 2,000 px",
    "mixed: 16-px squares, 1 in 10 of 100 to 250 px",
    "crowd: all in one 64-px spot",
    "crowd of 1-px specks in one 64-px spot",
    "the bench-world scene (4 kinds, 4 long walls)",
};

/* Added to each scene's seed: 0 gives the scenes of the table. */
static unsigned long long scene_seed;

/* n shapes at one 40-px square of room each (the crowd: all in one spot). */
static scene make_scene(int kind, int n)
{
    scene sc;
    double side = sqrt((double)n) * 40;
    int i, walls = kind == MIXED ? 8 : kind == GAME ? 4 : 0;
    state = 0x9e3779b97f4a7c15ULL + (unsigned long long)kind + scene_seed;
    sc.n = n + walls;
    sc.s = (c2d_shape *)calloc((size_t)sc.n, sizeof *sc.s);
    sc.v = (c2d_vec *)calloc((size_t)sc.n, sizeof *sc.v);
    sc.cell = 32;
    sc.nmove = sc.step = 0;
    for (i = 0; i < n; i++) {
        double x = uniform(0, side), y = uniform(0, side);
        if (kind == SPRITES || kind == MIXED) make(&sc.s[i], C2D_AABB, x, y, 16, 16, 0);
        else if (kind == MEDIUM && i % 10 == 0) make(&sc.s[i], C2D_AABB, x, y, uniform(100, 250), uniform(100, 250), 0);
        else if (kind == MEDIUM) make(&sc.s[i], C2D_AABB, x, y, 16, 16, 0);
        else if (kind == CROWD) mixed_shape(&sc.s[i], i, uniform(0, 64), uniform(0, 64));
        else if (kind == SPECKS) make(&sc.s[i], C2D_AABB, uniform(0, 64), uniform(0, 64), 1, 1, 0);
        else mixed_shape(&sc.s[i], i, x, y);
        if (kind == CROWD || kind == SPECKS || uniform(0, 1) < 0.7) {
            sc.v[i].x = uniform(-1, 1);
            sc.v[i].y = uniform(-1, 1);
            sc.nmove++;
        }
    }
    for (i = 0; i < walls; i++) {
        double at = side * (i / 2 + 1) / (walls / 2 + 1);
        double len = kind == MIXED ? 2000 : side;
        if (i % 2 == 0 || kind == GAME) make(&sc.s[n + i], C2D_AABB, 0, at, len, 8, 0);
        else make(&sc.s[n + i], C2D_AABB, at, 0, 8, len, 0);
    }
    return sc;
}

static void free_scene(scene *sc)
{
    free(sc->s);
    free(sc->v);
}

/* Move the movers; the crowd's turn back at the spot's edges, the others every 16 steps. */
static void move_all(scene *sc, int crowd)
{
    int i;
    double sign = crowd || sc->step++ / 16 % 2 == 0 ? 1 : -1;
    for (i = 0; i < sc->n; i++) {
        c2d_vec *v = &sc->v[i];
        if (v->x == 0 && v->y == 0) continue;
        if (crowd) {
            c2d_vec p = c2d_center(&sc->s[i]);
            if ((p.x < 0 && v->x < 0) || (p.x > 64 && v->x > 0)) v->x = -v->x;
            if ((p.y < 0 && v->y < 0) || (p.y > 64 && v->y > 0)) v->y = -v->y;
        }
        c2d_move(&sc->s[i], sign * v->x, sign * v->y);
    }
}

/* ---- the prototype tree ---- */

typedef struct node {
    c2d_bounds box;      /* a leaf: its fat box */
    int parent, left, right, height; /* left == -1: a leaf */
    int shape;
} node;

typedef struct tree {
    node *n;
    int cap, count, root, free_list;
    int *leaf;           /* the leaf of each shape */
    double margin;
} tree;

typedef struct found_pair {
    int a, b;
} found_pair;

static double perimeter(const c2d_bounds *b) { return 2 * ((b->maxx - b->minx) + (b->maxy - b->miny)); }

static c2d_bounds join(const c2d_bounds *a, const c2d_bounds *b)
{
    c2d_bounds r;
    r.minx = a->minx < b->minx ? a->minx : b->minx;
    r.miny = a->miny < b->miny ? a->miny : b->miny;
    r.maxx = a->maxx > b->maxx ? a->maxx : b->maxx;
    r.maxy = a->maxy > b->maxy ? a->maxy : b->maxy;
    return r;
}

static int meet(const c2d_bounds *a, const c2d_bounds *b)
{
    return a->minx <= b->maxx && b->minx <= a->maxx && a->miny <= b->maxy && b->miny <= a->maxy;
}

static int inside(const c2d_bounds *in, const c2d_bounds *out)
{
    return in->minx >= out->minx && in->miny >= out->miny && in->maxx <= out->maxx && in->maxy <= out->maxy;
}

static int new_node(tree *t)
{
    int k;
    if (t->free_list >= 0) {
        k = t->free_list;
        t->free_list = t->n[k].parent;
    } else {
        if (t->count == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 256;
            t->n = (node *)realloc(t->n, (size_t)t->cap * sizeof *t->n);
        }
        k = t->count++;
    }
    t->n[k].parent = t->n[k].left = t->n[k].right = -1;
    t->n[k].height = 0;
    t->n[k].shape = -1;
    return k;
}

static void free_node(tree *t, int k)
{
    t->n[k].parent = t->free_list;
    t->n[k].height = -1;
    t->free_list = k;
}

/* Rotate the taller grandchild up where a node's children differ by more than 1. */
static int balance(tree *t, int a)
{
    node *A = &t->n[a];
    int b, c, taller, up, f, g;
    if (A->left < 0 || A->height < 2) return a;
    b = A->left;
    c = A->right;
    if (abs(t->n[b].height - t->n[c].height) <= 1) return a;
    taller = t->n[c].height > t->n[b].height ? c : b;
    {
        node *T = &t->n[taller];
        f = T->left;
        g = T->right;
        /* taller goes up in a's place; a takes taller's shorter child. */
        T->left = a;
        T->parent = A->parent;
        A->parent = taller;
        if (T->parent >= 0) {
            if (t->n[T->parent].left == a) t->n[T->parent].left = taller;
            else t->n[T->parent].right = taller;
        } else {
            t->root = taller;
        }
        up = t->n[f].height > t->n[g].height ? f : g;
        {
            int down = up == f ? g : f;
            T->right = up;
            if (taller == c) A->right = down; else A->left = down;
            t->n[down].parent = a;
        }
        A->box = join(&t->n[A->left].box, &t->n[A->right].box);
        A->height = 1 + (t->n[A->left].height > t->n[A->right].height ? t->n[A->left].height : t->n[A->right].height);
        T->box = join(&A->box, &t->n[up].box);
        T->height = 1 + (A->height > t->n[up].height ? A->height : t->n[up].height);
    }
    return taller;
}

/* Refit boxes and heights from k to the root, balancing on the way. */
static void refit(tree *t, int k)
{
    while (k >= 0) {
        node *N;
        k = balance(t, k);
        N = &t->n[k];
        N->box = join(&t->n[N->left].box, &t->n[N->right].box);
        N->height = 1 + (t->n[N->left].height > t->n[N->right].height ? t->n[N->left].height : t->n[N->right].height);
        k = N->parent;
    }
}

/* Insert a leaf for shape i with its box fattened by the margin. */
static void tree_insert(tree *t, int i, const c2d_bounds *b)
{
    int leaf = new_node(t), sib, old, parent;
    c2d_bounds box = *b;
    box.minx -= t->margin; box.miny -= t->margin;
    box.maxx += t->margin; box.maxy += t->margin;
    t->n[leaf].box = box;
    t->n[leaf].shape = i;
    t->leaf[i] = leaf;
    if (t->root < 0) { t->root = leaf; return; }
    /* Walk down to the sibling that costs least surface area. */
    sib = t->root;
    while (t->n[sib].left >= 0) {
        node *N = &t->n[sib];
        c2d_bounds j = join(&N->box, &box);
        double area = perimeter(&N->box), joined = perimeter(&j), cost, inherit, cl, cr;
        const node *L = &t->n[N->left], *R = &t->n[N->right];
        c2d_bounds jl = join(&L->box, &box), jr = join(&R->box, &box);
        cost = 2 * joined;
        inherit = 2 * (joined - area);
        cl = perimeter(&jl) + inherit - (L->left >= 0 ? perimeter(&L->box) : 0);
        cr = perimeter(&jr) + inherit - (R->left >= 0 ? perimeter(&R->box) : 0);
        if (cost < cl && cost < cr) break;
        sib = cl < cr ? N->left : N->right;
    }
    old = t->n[sib].parent;
    parent = new_node(t);
    t->n[parent].parent = old;
    t->n[parent].left = sib;
    t->n[parent].right = leaf;
    t->n[sib].parent = parent;
    t->n[leaf].parent = parent;
    if (old >= 0) {
        if (t->n[old].left == sib) t->n[old].left = parent; else t->n[old].right = parent;
    } else {
        t->root = parent;
    }
    refit(t, parent);
}

static void tree_remove(tree *t, int i)
{
    int leaf = t->leaf[i], parent = t->n[leaf].parent, grand, sib;
    if (parent < 0) { t->root = -1; free_node(t, leaf); return; }
    grand = t->n[parent].parent;
    sib = t->n[parent].left == leaf ? t->n[parent].right : t->n[parent].left;
    if (grand >= 0) {
        if (t->n[grand].left == parent) t->n[grand].left = sib; else t->n[grand].right = sib;
        t->n[sib].parent = grand;
        refit(t, grand);
    } else {
        t->root = sib;
        t->n[sib].parent = -1;
    }
    free_node(t, parent);
    free_node(t, leaf);
}

/* Re-insert the shapes that left their fat boxes. */
static void tree_update(tree *t, const scene *sc)
{
    int i;
    for (i = 0; i < sc->n; i++) {
        if (sc->v[i].x == 0 && sc->v[i].y == 0) continue;
        if (inside(&sc->s[i].bounds, &t->n[t->leaf[i]].box)) continue;
        tree_remove(t, i);
        tree_insert(t, i, &sc->s[i].bounds);
    }
}

/* Where the tree's pair pass puts what it finds. */
typedef struct sink {
    const scene *sc;
    found_pair *found;
    int n, cap;
} sink;

/* Keep the pair of shapes a and b when their boxes meet and they hit. */
static void keep(sink *k, int a, int b)
{
    const c2d_shape *s = k->sc->s;
    if (a > b) { int x = a; a = b; b = x; }
    if (!meet(&s[a].bounds, &s[b].bounds) || !c2d_hits(&s[a], &s[b])) return;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 1024;
        k->found = (found_pair *)realloc(k->found, (size_t)k->cap * sizeof *k->found);
    }
    k->found[k->n].a = a;
    k->found[k->n].b = b;
    k->n++;
}

/* The pairs between the subtrees x and y: descend the taller while the boxes meet. */
static void cross(const tree *t, sink *k, int x, int y)
{
    const node *X = &t->n[x], *Y = &t->n[y];
    if (!meet(&X->box, &Y->box)) return;
    if (X->left < 0 && Y->left < 0) {
        keep(k, X->shape, Y->shape);
    } else if (Y->left < 0 || (X->left >= 0 && X->height >= Y->height)) {
        cross(t, k, X->left, y);
        cross(t, k, X->right, y);
    } else {
        cross(t, k, x, Y->left);
        cross(t, k, x, Y->right);
    }
}

/* The pairs within the subtree x: those of each child, and those across them. */
static void within(const tree *t, sink *k, int x)
{
    const node *X = &t->n[x];
    if (X->left < 0) return;
    within(t, k, X->left);
    within(t, k, X->right);
    cross(t, k, X->left, X->right);
}

/* Sort pairs by their first shape, then their second, as the World does:
 * two stable counting passes over the shapes' indices (linear). */
static void sort_pairs(found_pair *f, int n, int shapes)
{
    found_pair *t = (found_pair *)malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
    int *count = (int *)malloc((size_t)(shapes + 1) * sizeof *count), k;
    memset(count, 0, (size_t)(shapes + 1) * sizeof *count);
    for (k = 0; k < n; k++) count[f[k].b + 1]++;
    for (k = 0; k < shapes; k++) count[k + 1] += count[k];
    for (k = 0; k < n; k++) t[count[f[k].b]++] = f[k];
    memset(count, 0, (size_t)(shapes + 1) * sizeof *count);
    for (k = 0; k < n; k++) count[t[k].a + 1]++;
    for (k = 0; k < shapes; k++) count[k + 1] += count[k];
    for (k = 0; k < n; k++) f[count[t[k].a]++] = t[k];
    free(t);
    free(count);
}

/* ---- timing ---- */

typedef struct timing {
    double move, update, pairs;
    int found;
} timing;

/* Keep the least of each figure, per step. */
static void keep_best(timing *best, double mv, double up, double pa, int steps)
{
    if (mv / steps < best->move) best->move = mv / steps;
    if (up / steps < best->update) best->update = up / steps;
    if (pa / steps < best->pairs) best->pairs = pa / steps;
}

/* A grid world (the scene's cell size) holding every shape of sc. */
static c2d_world *grid_world(scene *sc)
{
    c2d_world *w = c2d_world_new(sc->cell);
    int i;
    for (i = 0; i < sc->n; i++) c2d_world_add(w, &sc->s[i], 1, 0xffffffffu);
    return w;
}

static timing run_grid(int kind, int n, int steps)
{
    timing best = { 1e9, 1e9, 1e9, 0 };
    int r, k;
    for (r = 0; r < RUNS; r++) {
        scene sc = make_scene(kind, n);
        c2d_world *w = grid_world(&sc);
        c2d_bounds far = { -1e9, -1e9, -1e9, -1e9 };
        const int *out;
        double mv = 0, up = 0, pa = 0, t0;
        best.found = c2d_world_collisions(w, &out);
        for (k = 0; k < steps; k++) {
            t0 = cpu_now();
            move_all(&sc, kind == CROWD || kind == SPECKS);
            mv += cpu_now() - t0;
            t0 = cpu_now();
            c2d_world_candidates(w, &far, -1, NULL, &out); /* brings the grid up to date */
            up += cpu_now() - t0;
            t0 = cpu_now();
            best.found = c2d_world_collisions(w, &out);
            pa += cpu_now() - t0;
        }
        keep_best(&best, mv, up, pa, steps);
        c2d_world_free(w);
        free_scene(&sc);
    }
    return best;
}

static timing run_tree(int kind, int n, int steps)
{
    timing best = { 1e9, 1e9, 1e9, 0 };
    int r, step, i;
    for (r = 0; r < RUNS; r++) {
        scene sc = make_scene(kind, n);
        tree t;
        sink found;
        double mv = 0, up = 0, pa = 0, t0;
        memset(&t, 0, sizeof t);
        t.root = t.free_list = -1;
        t.margin = 4;
        t.leaf = (int *)calloc((size_t)sc.n, sizeof *t.leaf);
        found.sc = &sc;
        found.found = NULL;
        found.cap = 0;
        for (i = 0; i < sc.n; i++) tree_insert(&t, i, &sc.s[i].bounds);
        for (step = 0; step < steps; step++) {
            int nf;
            t0 = cpu_now();
            move_all(&sc, kind == CROWD || kind == SPECKS);
            mv += cpu_now() - t0;
            t0 = cpu_now();
            tree_update(&t, &sc);
            up += cpu_now() - t0;
            t0 = cpu_now();
            found.n = 0;
            if (t.root >= 0) within(&t, &found, t.root);
            nf = found.n;
            sort_pairs(found.found, nf, sc.n);
            pa += cpu_now() - t0;
            best.found = nf;
        }
        keep_best(&best, mv, up, pa, steps);
        free(t.n);
        free(t.leaf);
        free(found.found);
        free_scene(&sc);
    }
    return best;
}

/*
 * What a step of the bench-world scene costs when the processor can learn
 * it and when it cannot, at 1,000 shapes, five ways:
 *   one scene stepped again and again;
 *   ten copies of it stepped in turn (ten times the memory, the same work
 *   in the same order);
 *   ten different scenes (other seeds), each stepped again and again on
 *   its own (their own work, learnable);
 *   the same ten stepped in turn (the same memory and work, not learnable);
 * and the 10,000-shape scene. Per scene and step (move and pairs, update
 * included), best of 40 rounds of 20 steps each, a round timed whole; the
 * ways take turns round by round, so that a busy spell of the machine falls
 * on all of them. The pairs found per scene and step show the work.
 */
enum { LEARN_WAYS = 5, LEARN_ROUNDS = 40, LEARN_STEPS = 20 };

/* One step of a scene in its world: move, then the pairs; how many. */
static int step_world(scene *sc, c2d_world *w)
{
    const int *out;
    move_all(sc, 0);
    return c2d_world_collisions(w, &out);
}

static void learning(void)
{
    static const char *names[LEARN_WAYS] = {
        "one scene, stepped again and again", "ten copies of it, stepped in turn",
        "ten different scenes, each stepped again and again", "the same ten, stepped in turn",
        "the 10,000-shape scene (per step)" };
    static const int worlds[LEARN_WAYS] = { 1, 10, 10, 10, 1 };
    scene sc[LEARN_WAYS][10];
    c2d_world *w[LEARN_WAYS][10];
    double best[LEARN_WAYS], found[LEARN_WAYS];
    int way, r, k, j;
    for (way = 0; way < LEARN_WAYS; way++) {
        best[way] = 1e9;
        found[way] = 0;
        for (j = 0; j < worlds[way]; j++) {
            scene_seed = way == 2 || way == 3 ? 7919 * (unsigned long long)(j + 1) : 0;
            sc[way][j] = make_scene(GAME, way == 4 ? 10000 : 1000);
            w[way][j] = grid_world(&sc[way][j]);
        }
    }
    scene_seed = 0;
    for (r = 0; r < LEARN_ROUNDS; r++)
        for (way = 0; way < LEARN_WAYS; way++) {
            int nw = worlds[way];
            long pairs = 0;
            double t0 = cpu_now(), t;
            if (way == 2) /* each scene its 20 steps, then the next */
                for (j = 0; j < nw; j++)
                    for (k = 0; k < LEARN_STEPS; k++) pairs += step_world(&sc[way][j], w[way][j]);
            else /* a step of each scene in turn */
                for (k = 0; k < LEARN_STEPS; k++)
                    for (j = 0; j < nw; j++) pairs += step_world(&sc[way][j], w[way][j]);
            t = (cpu_now() - t0) / (LEARN_STEPS * nw);
            if (t < best[way]) best[way] = t;
            found[way] += (double)pairs / (LEARN_STEPS * nw);
        }
    printf("\n| the bench-world scene at 1,000 shapes | pairs per step | ms per scene and step | the 10,000-shape step is |\n"
           "|---|---|---|---|\n");
    for (way = 0; way < LEARN_WAYS; way++) {
        printf("| %s | %.0f | %.4f |", names[way], found[way] / LEARN_ROUNDS, best[way] * 1e3);
        if (way < LEARN_WAYS - 1) printf(" %.1fx |\n", best[LEARN_WAYS - 1] / best[way]);
        else printf(" - |\n");
        for (j = 0; j < worlds[way]; j++) {
            c2d_world_free(w[way][j]);
            free_scene(&sc[way][j]);
        }
    }
}

int main(int argc, char **argv)
{
    static const struct { int kind, n, steps; } cases[] = {
        { SPRITES, 10000, 20 },
        { MIXED, 10000, 20 },
        { MEDIUM, 10000, 10 },
        { CROWD, 2000, 10 },
        { SPECKS, 2000, 50 },
        { GAME, 1000, 200 },
        { GAME, 10000, 20 },
    };
    /* Arguments, for profiling: a case's index, then "grid" or "tree" alone;
     * or "learning" for the last table alone. */
    int c, only = argc > 1 ? atoi(argv[1]) : -1;
    const char *side = argc > 2 ? argv[2] : "";
    if (argc > 1 && strcmp(argv[1], "learning") == 0) {
        learning();
        return 0;
    }
    printf("Broadphase: the World's grid (cell 32) against a dynamic AABB tree prototype\n");
    printf("(ms per step, best of %d runs; move = moving the shapes, the same for both;\n", RUNS);
    printf("update = bringing the broadphase up to date; pairs = the pair pass, exact tests and sort included)\n\n");
    printf("| scene | shapes | move | grid update | grid pairs | tree update | tree pairs | pairs found (grid / tree) |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (c = 0; c < (int)(sizeof cases / sizeof cases[0]); c++) {
        timing g, t;
        if (only >= 0 && c != only) continue;
        memset(&g, 0, sizeof g);
        memset(&t, 0, sizeof t);
        if (strcmp(side, "tree") != 0) g = run_grid(cases[c].kind, cases[c].n, cases[c].steps);
        if (strcmp(side, "grid") != 0) t = run_tree(cases[c].kind, cases[c].n, cases[c].steps);
        printf("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %d / %d |\n", scene_names[cases[c].kind], cases[c].n,
               (g.move > 0 ? g.move : t.move) * 1e3, g.update * 1e3, g.pairs * 1e3, t.update * 1e3, t.pairs * 1e3, g.found, t.found);
        fflush(stdout);
    }
    if (only < 0) learning();
    return 0;
}
