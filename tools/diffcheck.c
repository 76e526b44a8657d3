/*
 * Differential check of two builds of the C core: random pairs of every kind
 * through hits, distance, contact, sweep, raycast, contains and covers, in
 * both orders, the answers compared bit for bit. Each build is a shared
 * library loaded on its own (RTLD_LOCAL), so both keep their c2d_ names.
 *
 *   sh tools/diffcheck.sh [OLD_REF] [PAIRS]   (see there; not part of CI)
 *   build/diffcheck old.so new.so [pairs] [seed]
 *
 * Shapes: integer grids that touch exactly, gaps of 1e-9, coordinates near
 * 1e6, flat and degenerate ones, polygons convex only within rounding (a
 * vertex a few ulps from its neighbour, up to 40 vertices), Concave outlines
 * and Groups, and whole pairs scaled by 2^+-(150..600).
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../src/collide2d.h"

typedef struct core {
    c2d_error (*make)(c2d_shape *, c2d_kind, const double *, int, c2d_vec *, int *);
    c2d_error (*make_hull)(c2d_shape *, c2d_vec *, int, c2d_vec *);
    size_t (*concave_size)(int);
    c2d_error (*make_concave)(c2d_shape *, const double *, int, void *, int *);
    size_t (*group_size)(const c2d_shape *const *, int);
    c2d_error (*make_group)(c2d_shape *, const c2d_shape *const *, int, void *, int *);
    int (*hits)(const c2d_shape *, const c2d_shape *);
    c2d_distance_result (*distance)(const c2d_shape *, const c2d_shape *);
    c2d_error (*contact)(const c2d_shape *, const c2d_shape *, c2d_contact_result *);
    c2d_sweep_result (*sweep)(const c2d_shape *, c2d_vec, const c2d_shape *, c2d_vec);
    c2d_sweep_result (*raycast)(const c2d_shape *, c2d_vec, c2d_vec, double);
    int (*contains)(const c2d_shape *, double, double);
    int (*covers)(const c2d_shape *, const c2d_shape *);
    int (*bbox)(const c2d_shape *, c2d_bounds *);
} core;

static void *need(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p) { fprintf(stderr, "missing %s\n", name); exit(2); }
    return p;
}

static void load(const char *path, core *c)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "%s\n", dlerror()); exit(2); }
    *(void **)&c->make = need(lib, "c2d_make");
    *(void **)&c->make_hull = need(lib, "c2d_make_hull");
    *(void **)&c->concave_size = need(lib, "c2d_concave_size");
    *(void **)&c->make_concave = need(lib, "c2d_make_concave");
    *(void **)&c->group_size = need(lib, "c2d_group_size");
    *(void **)&c->make_group = need(lib, "c2d_make_group");
    *(void **)&c->hits = need(lib, "c2d_hits");
    *(void **)&c->distance = need(lib, "c2d_distance");
    *(void **)&c->contact = need(lib, "c2d_contact");
    *(void **)&c->sweep = need(lib, "c2d_sweep");
    *(void **)&c->raycast = need(lib, "c2d_raycast");
    *(void **)&c->contains = need(lib, "c2d_contains");
    *(void **)&c->covers = need(lib, "c2d_covers");
    *(void **)&c->bbox = need(lib, "c2d_bbox");
}

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static double unit(void) { return (double)(rnd() >> 11) * 0x1p-53; }
static int below(int n) { return (int)(rnd() % (uint64_t)n); }

/* A shape as numbers, made alike in both builds. */
#define MAXN 96
typedef struct spec {
    int kind;        /* c2d_kind; C2D_POLYGON with hull = 1: made by make_hull */
    int hull;
    int n;
    double num[2 * MAXN];
    int members;     /* Group */
    struct spec *member;
} spec;

static int style;          /* how this pair's numbers are drawn */
static double base_x, base_y;

static double coord(void)
{
    switch (style) {
    case 0: return (double)(below(17) - 8);                         /* integer grid */
    case 1: return (double)(below(9) - 4) + (below(3) - 1) * 1e-9;  /* 1e-9 gaps */
    case 2: return 1e6 + (double)(below(17) - 8) + (below(4) == 0 ? unit() : 0); /* far out */
    default: return (unit() - 0.5) * 16;
    }
}
static double size(void)
{
    if (below(8) == 0) return 0;
    return style == 3 ? unit() * 6 : (double)below(6) + (style == 1 && below(2) ? 1e-9 : 0);
}

static void gen_convex(spec *s, int n)
{
    /* Points on a circle (a regular polygon when gridded), sometimes a
     * vertex repeated a few ulps off, sometimes all on a line. */
    double cx = coord(), cy = coord(), r = 1 + below(5), a0 = unit() * 6.283;
    int i, flat = below(10) == 0, dup = below(3) == 0;
    s->kind = C2D_POLYGON;
    s->hull = 0;
    s->n = n;
    for (i = 0; i < n; i++) {
        double a = a0 + 6.283185307179586 * i / n;
        s->num[2 * i] = flat ? cx + i : cx + r * cos(a);
        s->num[2 * i + 1] = flat ? cy + 2 * i : cy + r * sin(a);
        if (style == 0 && n == 4 && !flat) { s->num[2 * i] = round(s->num[2 * i]); s->num[2 * i + 1] = round(s->num[2 * i + 1]); }
    }
    if (dup && n >= 4) {
        /* one vertex moved to a few ulps from its predecessor */
        int k = 1 + below(n - 1);
        s->num[2 * k] = nextafter(s->num[2 * k - 2], s->num[2 * k - 2] + 1);
        s->num[2 * k + 1] = s->num[2 * k - 1];
        if (below(2)) {
            int j = 1 + below(n - 1);
            s->num[2 * j] = s->num[2 * j - 2];
            s->num[2 * j + 1] = nextafter(s->num[2 * j - 1], -1e300);
        }
    }
}

static void gen(spec *s, int depth)
{
    int k = below(depth ? 10 : 12), i;
    if (k == C2D_LINE && depth) k = C2D_SEGMENT;
    s->kind = k;
    s->hull = 0;
    s->members = 0;
    switch (k) {
    case C2D_POINT: s->n = 2; s->num[0] = coord(); s->num[1] = coord(); break;
    case C2D_SEGMENT: case C2D_LINE:
        s->n = 4;
        for (i = 0; i < 4; i++) s->num[i] = coord();
        if (k == C2D_LINE && s->num[0] == s->num[2] && s->num[1] == s->num[3]) s->num[2] += 1;
        break;
    case C2D_DISK: s->n = 3; s->num[0] = coord(); s->num[1] = coord(); s->num[2] = size(); break;
    case C2D_AABB: s->n = 4; s->num[0] = coord(); s->num[1] = coord(); s->num[2] = size(); s->num[3] = size(); break;
    case C2D_BOX:
        s->n = 5; s->num[0] = coord(); s->num[1] = coord(); s->num[2] = size(); s->num[3] = size();
        s->num[4] = below(3) == 0 ? below(4) * 1.5707963267948966 : unit() * 7;
        break;
    case C2D_TRIANGLE: s->n = 6; for (i = 0; i < 6; i++) s->num[i] = coord(); break;
    case C2D_POLYGON:
        if (below(4) == 0) {
            /* a hull of random points (1 to 12 of them) */
            s->hull = 1;
            s->n = 2 * (1 + below(12));
            for (i = 0; i < s->n; i++) s->num[i] = coord();
        } else {
            int n = below(4) == 0 ? 17 + below(24) : 3 + below(6);
            gen_convex(s, n);
            s->n = 2 * n;
        }
        break;
    case C2D_CAPSULE: s->n = 5; for (i = 0; i < 4; i++) s->num[i] = coord(); s->num[4] = size(); break;
    case C2D_FAN:
        s->n = 5; s->num[0] = coord(); s->num[1] = coord(); s->num[2] = size();
        s->num[3] = below(3) == 0 ? below(4) * 1.5707963267948966 : unit() * 7;
        { int o = below(6); s->num[4] = o == 0 ? 0 : o == 1 ? 6.283185307179586 : o == 2 ? 3.141592653589793 : unit() * 6.28; }
        break;
    case C2D_CONCAVE: {
        /* a star-shaped outline: simple by construction */
        int n = 5 + below(10);
        double cx = coord(), cy = coord();
        s->n = 2 * n;
        for (i = 0; i < n; i++) {
            double a = 6.283185307179586 * i / n, r = (i % 2 ? 1 : 3) + below(3);
            s->num[2 * i] = style == 0 ? round(cx + r * cos(a)) : cx + r * cos(a);
            s->num[2 * i + 1] = style == 0 ? round(cy + r * sin(a)) : cy + r * sin(a);
        }
        break;
    }
    case C2D_GROUP:
        s->members = 1 + below(3);
        s->member = malloc(sizeof(spec) * (size_t)s->members);
        for (i = 0; i < s->members; i++) gen(&s->member[i], 1);
        break;
    }
}

static void free_spec(spec *s)
{
    int i;
    if (s->kind == C2D_GROUP) {
        for (i = 0; i < s->members; i++) free_spec(&s->member[i]);
        free(s->member);
    }
}

static void scale_spec(spec *s, int e)
{
    int i;
    if (s->kind == C2D_GROUP) { for (i = 0; i < s->members; i++) scale_spec(&s->member[i], e); return; }
    for (i = 0; i < s->n; i++) {
        int angle = (s->kind == C2D_BOX && i == 4) || (s->kind == C2D_FAN && i >= 3);
        if (!angle) s->num[i] = ldexp(s->num[i], e);
    }
}

/* A made shape and what it owns. */
typedef struct made {
    c2d_shape s;
    c2d_vec store[2 * MAXN];
    void *mem;
    struct made *members;
    int nm;
} made;

static int make(const core *c, const spec *sp, made *m)
{
    int bad, i;
    m->mem = NULL;
    m->members = NULL;
    m->nm = 0;
    if (sp->kind == C2D_CONCAVE) {
        m->mem = malloc(c->concave_size(sp->n / 2));
        return c->make_concave(&m->s, sp->num, sp->n, m->mem, &bad) == C2D_OK;
    }
    if (sp->kind == C2D_GROUP) {
        const c2d_shape *ptr[8];
        m->members = calloc((size_t)sp->members, sizeof(made));
        m->nm = sp->members;
        for (i = 0; i < sp->members; i++) {
            if (!make(c, &sp->member[i], &m->members[i])) return 0;
            ptr[i] = &m->members[i].s;
        }
        m->mem = malloc(c->group_size(ptr, sp->members));
        return c->make_group(&m->s, ptr, sp->members, m->mem, &bad) == C2D_OK;
    }
    if (sp->hull) {
        c2d_vec pts[MAXN];
        for (i = 0; i < sp->n / 2; i++) { pts[i].x = sp->num[2 * i]; pts[i].y = sp->num[2 * i + 1]; }
        return c->make_hull(&m->s, pts, sp->n / 2, m->store) == C2D_OK;
    }
    return c->make(&m->s, (c2d_kind)sp->kind, sp->num, sp->n, m->store, &bad) == C2D_OK;
}

static void unmake(made *m)
{
    int i;
    for (i = 0; i < m->nm; i++) unmake(&m->members[i]);
    free(m->members);
    free(m->mem);
}

/* Results as bytes, compared whole. */
typedef struct answers {
    int hits_ab, hits_ba, contains, covers_ab, covers_ba;
    c2d_distance_result d_ab, d_ba;
    int ce_ab, ce_ba;
    c2d_contact_result c_ab, c_ba;
    c2d_sweep_result s_ab, s_ba, ray, ray2;
    c2d_bounds ba, bb;
} answers;

static const char *const names[] = { "hits", "distance", "contact", "sweep", "raycast", "contains", "covers", "bounds" };
static long disagree[8], asked[8];

static void ask(const core *c, const c2d_shape *a, const c2d_shape *b, const double *q, answers *r)
{
    c2d_vec da, db, o, d;
    memset(r, 0, sizeof *r);
    da.x = q[0]; da.y = q[1]; db.x = q[2]; db.y = q[3]; o.x = q[4]; o.y = q[5]; d.x = q[6]; d.y = q[7];
    r->hits_ab = c->hits(a, b);
    r->hits_ba = c->hits(b, a);
    r->d_ab = c->distance(a, b);
    r->d_ba = c->distance(b, a);
    memset(&r->c_ab, 0, sizeof r->c_ab);
    r->ce_ab = c->contact(a, b, &r->c_ab);
    if (!r->c_ab.hit) memset(&r->c_ab, 0, sizeof r->c_ab);
    r->ce_ba = c->contact(b, a, &r->c_ba);
    if (!r->c_ba.hit) memset(&r->c_ba, 0, sizeof r->c_ba);
    r->s_ab = c->sweep(a, da, b, db);
    r->s_ba = c->sweep(b, db, a, da);
    if (!r->s_ab.hit) memset(&r->s_ab, 0, sizeof r->s_ab);
    if (!r->s_ba.hit) memset(&r->s_ba, 0, sizeof r->s_ba);
    r->ray = c->raycast(a, o, d, q[8]);
    r->ray2 = c->raycast(b, o, d, q[8]);
    if (!r->ray.hit) memset(&r->ray, 0, sizeof r->ray);
    if (!r->ray2.hit) memset(&r->ray2, 0, sizeof r->ray2);
    r->contains = c->contains(a, q[4], q[5]) + 2 * c->contains(b, q[4], q[5]);
    r->covers_ab = c->covers(a, b);
    r->covers_ba = c->covers(b, a);
    c->bbox(a, &r->ba);
    c->bbox(b, &r->bb);
}

static int same_d(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }
static int same_v(c2d_vec x, c2d_vec y) { return same_d(x.x, y.x) && same_d(x.y, y.y); }
static int same_dist(const c2d_distance_result *x, const c2d_distance_result *y)
{
    return same_d(x->distance, y->distance) && same_v(x->a, y->a) && same_v(x->b, y->b);
}
static int same_contact(const c2d_contact_result *x, const c2d_contact_result *y)
{
    return x->hit == y->hit && same_d(x->depth, y->depth) && same_v(x->normal, y->normal) && same_v(x->point, y->point);
}
static int same_sweep(const c2d_sweep_result *x, const c2d_sweep_result *y)
{
    return x->hit == y->hit && same_d(x->t, y->t) && same_v(x->normal, y->normal) && same_v(x->point, y->point);
}
static int same_bounds(const c2d_bounds *x, const c2d_bounds *y)
{
    return same_d(x->minx, y->minx) && same_d(x->miny, y->miny) && same_d(x->maxx, y->maxx) && same_d(x->maxy, y->maxy);
}

static void print_dist(const char *what, const c2d_distance_result *r)
{
    printf("  %s: distance %.17g a (%.17g, %.17g) b (%.17g, %.17g)\n", what, r->distance, r->a.x, r->a.y, r->b.x, r->b.y);
}
static void print_contact(const char *what, int err, const c2d_contact_result *r)
{
    printf("  %s: err %d hit %d depth %.17g normal (%.17g, %.17g) point (%.17g, %.17g)\n", what, err, r->hit, r->depth,
           r->normal.x, r->normal.y, r->point.x, r->point.y);
}
static void print_sweep(const char *what, const c2d_sweep_result *r)
{
    printf("  %s: hit %d t %.17g normal (%.17g, %.17g) point (%.17g, %.17g)\n", what, r->hit, r->t, r->normal.x, r->normal.y,
           r->point.x, r->point.y);
}

static void print_spec(const spec *s)
{
    int i;
    if (s->kind == C2D_GROUP) {
        printf("group{");
        for (i = 0; i < s->members; i++) { print_spec(&s->member[i]); printf(i + 1 < s->members ? ", " : ""); }
        printf("}");
        return;
    }
    printf("kind %d%s(", s->kind, s->hull ? " hull" : "");
    for (i = 0; i < s->n; i++) printf(i ? ", %.17g" : "%.17g", s->num[i]);
    printf(")");
}

int main(int argc, char **argv)
{
    core old, now;
    int force_scaled = argc > 5 && strcmp(argv[5], "scaled") == 0;
    long pairs, p, made_pairs = 0, shown = 0, show = getenv("DIFFCHECK_SHOW") ? atol(getenv("DIFFCHECK_SHOW")) : 10;
    if (argc < 3) { fprintf(stderr, "usage: %s old.so new.so [pairs] [seed]\n", argv[0]); return 2; }
    load(argv[1], &old);
    load(argv[2], &now);
    pairs = argc > 3 ? atol(argv[3]) : 100000;
    rng_state = argc > 4 ? strtoull(argv[4], NULL, 10) : 88172645463325252ULL;
    if (!rng_state) rng_state = 1;
    for (p = 0; p < pairs; p++) {
        spec A, B;
        made ao, bo, an, bn;
        double q[9];
        answers x, y;
        int i, ok;
        style = below(4);
        base_x = base_y = 0;
        gen(&A, 0);
        gen(&B, 0);
        for (i = 0; i < 8; i++) q[i] = style == 3 ? (unit() - 0.5) * 20 : (double)(below(17) - 8);
        if (style == 2) { q[4] += 1e6; q[5] += 1e6; }
        switch (below(6)) { /* the ray's length: huge, small integers, any, any power of two away */
        case 0: q[8] = 1e300; break;
        case 4: q[8] = unit() * 10; break;
        case 5: q[8] = ldexp(1 + unit(), below(40) - 20); break;
        default: q[8] = 1 + below(3); break;
        }
        if (below(12) == 0 || force_scaled) {
            /* beyond the range of squares: the whole pair scaled by a power of two */
            int e = (below(2) ? 1 : -1) * (150 + below(450));
            scale_spec(&A, e);
            scale_spec(&B, e);
            for (i = 0; i < 8; i++) q[i] = ldexp(q[i], e);
        }
        ok = make(&old, &A, &ao) & make(&old, &B, &bo);
        ok &= make(&now, &A, &an) & make(&now, &B, &bn);
        if (ok) {
            made_pairs++;
            ask(&old, &ao.s, &bo.s, q, &x);
            ask(&now, &an.s, &bn.s, q, &y);
            {
                int bad[8];
                bad[0] = x.hits_ab != y.hits_ab || x.hits_ba != y.hits_ba;
                bad[1] = !same_dist(&x.d_ab, &y.d_ab) || !same_dist(&x.d_ba, &y.d_ba);
                bad[2] = x.ce_ab != y.ce_ab || x.ce_ba != y.ce_ba || !same_contact(&x.c_ab, &y.c_ab) ||
                         !same_contact(&x.c_ba, &y.c_ba);
                bad[3] = !same_sweep(&x.s_ab, &y.s_ab) || !same_sweep(&x.s_ba, &y.s_ba);
                bad[4] = !same_sweep(&x.ray, &y.ray) || !same_sweep(&x.ray2, &y.ray2);
                bad[5] = x.contains != y.contains;
                bad[6] = x.covers_ab != y.covers_ab || x.covers_ba != y.covers_ba;
                bad[7] = !same_bounds(&x.ba, &y.ba) || !same_bounds(&x.bb, &y.bb);
                for (i = 0; i < 8; i++) {
                    asked[i]++;
                    disagree[i] += bad[i];
                    if (bad[i] && shown < show) {
                        shown++;
                        printf("%s differs: a = ", names[i]);
                        print_spec(&A);
                        printf(", b = ");
                        print_spec(&B);
                        printf("\n");
                        if (i == 1) {
                            print_dist("old ab", &x.d_ab); print_dist("new ab", &y.d_ab);
                            print_dist("old ba", &x.d_ba); print_dist("new ba", &y.d_ba);
                        }
                        if (i == 2) {
                            print_contact("old ab", x.ce_ab, &x.c_ab); print_contact("new ab", y.ce_ab, &y.c_ab);
                            print_contact("old ba", x.ce_ba, &x.c_ba); print_contact("new ba", y.ce_ba, &y.c_ba);
                        }
                        if (i == 3)
                            printf("  motions (%.17g, %.17g) (%.17g, %.17g)\n", q[0], q[1], q[2], q[3]);
                        if (i == 4)
                            printf("  ray from (%.17g, %.17g) along (%.17g, %.17g) to %.17g\n", q[4], q[5], q[6], q[7], q[8]);
                        if (i == 3 || i == 4) {
                            print_sweep(i == 3 ? "old ab" : "old a", i == 3 ? &x.s_ab : &x.ray);
                            print_sweep(i == 3 ? "new ab" : "new a", i == 3 ? &y.s_ab : &y.ray);
                            print_sweep(i == 3 ? "old ba" : "old b", i == 3 ? &x.s_ba : &x.ray2);
                            print_sweep(i == 3 ? "new ba" : "new b", i == 3 ? &y.s_ba : &y.ray2);
                        }
                    }
                }
            }
        }
        unmake(&ao); unmake(&bo); unmake(&an); unmake(&bn);
        free_spec(&A);
        free_spec(&B);
    }
    printf("%ld pairs drawn, %ld made in both builds\n", pairs, made_pairs);
    for (p = 0; p < 8; p++) printf("  %-9s %ld disagreements in %ld pairs\n", names[p], disagree[p], asked[p]);
    return 0;
}
