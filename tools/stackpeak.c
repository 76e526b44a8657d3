/*
 * The deepest stack each query reaches, for a few pairs: the stack below
 * the caller is painted, the query called, and the untouched paint counted.
 * Loads a build of the core as a shared library (as tools/diffcheck.c does),
 * so two builds can be measured alike. Not part of CI.
 *
 *   sh tools/stackpeak.sh [REF]    (REF's core and the working tree's)
 *   build/stackpeak/stackpeak core.so
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../src/collide2d.h"

#define PAINT 200000
#define MARK 0xA5

typedef struct core {
    c2d_error (*make)(c2d_shape *, c2d_kind, const double *, int, c2d_vec *, int *);
    size_t (*concave_size)(int);
    c2d_error (*make_concave)(c2d_shape *, const double *, int, void *, int *);
    int (*hits)(const c2d_shape *, const c2d_shape *);
    c2d_distance_result (*distance)(const c2d_shape *, const c2d_shape *);
    c2d_error (*contact)(const c2d_shape *, const c2d_shape *, c2d_contact_result *);
    c2d_sweep_result (*sweep)(const c2d_shape *, c2d_vec, const c2d_shape *, c2d_vec);
    c2d_sweep_result (*raycast)(const c2d_shape *, c2d_vec, c2d_vec, double);
} core;

static core C;
static const c2d_shape *qa, *qb;
static volatile unsigned char *lowest;

/* Paint PAINT bytes below this frame; remember where they end. */
static __attribute__((noinline)) void paint(void)
{
    volatile unsigned char area[PAINT];
    memset((void *)area, MARK, sizeof area);
    lowest = area;
}

/* How many painted bytes were written over, counted from the low end. */
static __attribute__((noinline)) size_t used(void)
{
    size_t i = 0;
    while (i < PAINT && lowest[i] == MARK) i++;
    return PAINT - i;
}

static __attribute__((noinline)) void ask(int which)
{
    c2d_contact_result r;
    c2d_vec o = {-20, 0.25}, d = {1, 0}, da = {3, 1}, db = {0, 0};
    switch (which) {
    case 0: (void)C.hits(qa, qb); break;
    case 1: (void)C.distance(qa, qb); break;
    case 2: (void)C.contact(qa, qb, &r); break;
    case 3: (void)C.sweep(qa, da, qb, db); break;
    case 4: (void)C.raycast(qb, o, d, 100); break;
    default: break; /* nothing: the harness's own depth */
    }
}

static void *need(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p) { fprintf(stderr, "missing %s\n", name); exit(2); }
    return p;
}

int main(int argc, char **argv)
{
    static const char *const queries[] = { "hits", "distance", "contact", "sweep", "raycast" };
    c2d_shape a[5], b[5];
    c2d_vec sa[5][64], sb[5][64];
    double num[128];
    void *lib, *ma, *mb;
    int bad, i, k;
    if (argc < 2) { fprintf(stderr, "usage: %s core.so\n", argv[0]); return 2; }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    *(void **)&C.make = need(lib, "c2d_make");
    *(void **)&C.concave_size = need(lib, "c2d_concave_size");
    *(void **)&C.make_concave = need(lib, "c2d_make_concave");
    *(void **)&C.hits = need(lib, "c2d_hits");
    *(void **)&C.distance = need(lib, "c2d_distance");
    *(void **)&C.contact = need(lib, "c2d_contact");
    *(void **)&C.sweep = need(lib, "c2d_sweep");
    *(void **)&C.raycast = need(lib, "c2d_raycast");
    /* two disks, two turned boxes, two 8-gons, two 64-gons, two Concave outlines */
    { double d1[] = {0, 0, 1}, d2[] = {1.5, 0.5, 1};
      C.make(&a[0], C2D_DISK, d1, 3, sa[0], &bad); C.make(&b[0], C2D_DISK, d2, 3, sb[0], &bad); }
    { double b1[] = {0, 0, 2, 1, 0.3}, b2[] = {1.5, 0.5, 2, 1, 1.1};
      C.make(&a[1], C2D_BOX, b1, 5, sa[1], &bad); C.make(&b[1], C2D_BOX, b2, 5, sb[1], &bad); }
    for (k = 0; k < 2; k++) {
        int n = k ? 64 : 8;
        for (i = 0; i < n; i++) { num[2 * i] = 2 * cos(6.283185307179586 * i / n); num[2 * i + 1] = 2 * sin(6.283185307179586 * i / n); }
        C.make(&a[2 + k], C2D_POLYGON, num, 2 * n, sa[2 + k], &bad);
        for (i = 0; i < n; i++) num[2 * i] += 1.5;
        C.make(&b[2 + k], C2D_POLYGON, num, 2 * n, sb[2 + k], &bad);
    }
    { double star[20];
      for (i = 0; i < 10; i++) { double r = i % 2 ? 1 : 3; star[2 * i] = r * cos(0.6283185307179586 * i); star[2 * i + 1] = r * sin(0.6283185307179586 * i); }
      ma = malloc(C.concave_size(10)); mb = malloc(C.concave_size(10));
      C.make_concave(&a[4], star, 20, ma, &bad);
      for (i = 0; i < 10; i++) star[2 * i] += 2.5;
      C.make_concave(&b[4], star, 20, mb, &bad); }
    printf("%-10s %8s %8s %8s %8s %8s\n", "pair", queries[0], queries[1], queries[2], queries[3], queries[4]);
    for (k = 0; k < 5; k++) {
        static const char *const names[] = { "disks", "boxes", "8-gons", "64-gons", "concave" };
        size_t base;
        qa = &a[k]; qb = &b[k];
        paint(); ask(-1); base = used();
        printf("%-10s", names[k]);
        for (i = 0; i < 5; i++) { paint(); ask(i); printf(" %8zu", used() - base); }
        printf("\n");
    }
    free(ma); free(mb);
    return 0;
}
