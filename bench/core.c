/*
 * bench/core.c: nanoseconds per call of the C core on the workloads a game
 * calls most, with no other library in the process (make bench-core).
 *
 * Each workload holds NPAIRS pairs drawn at random, half of them hits and
 * half misses by the core's own answer, shuffled, and loops over them. Every
 * kernel is timed in this thread's CPU time, calibrated to about TARGET
 * seconds per timing, five timings, and the median printed. Results are
 * summed into a volatile, so no call can be left out. Nothing here passes or
 * fails: it only measures.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "collide2d.h"
#include "bench.h"

#define NPAIRS 4096
#define TIMINGS 5
#define TARGET 0.05
#define PI 3.14159265358979323846


/* One pair of a workload: the shapes (with room for a polygon's vertices), a
 * motion for sweeps, a ray for raycasts. */
typedef struct pair {
    c2d_shape a, b;
    c2d_vec va[8], vb[8];
    c2d_vec motion, origin, dir;
    double maxt;
} pair;

static pair pairs[NPAIRS];
static volatile double sink;

static void make_disk(c2d_shape *s, double x, double y, double r)
{
    double n[3];
    int bad;
    n[0] = x; n[1] = y; n[2] = r;
    c2d_make(s, C2D_DISK, n, 3, NULL, &bad);
}

static void make_aabb(c2d_shape *s, double cx, double cy, double w, double h)
{
    double n[4];
    int bad;
    n[0] = cx - w / 2; n[1] = cy - h / 2; n[2] = w; n[3] = h;
    c2d_make(s, C2D_AABB, n, 4, NULL, &bad);
}

/* A Box centred at (cx, cy), turned by angle. */
static void make_box(c2d_shape *s, double cx, double cy, double w, double h, double angle)
{
    double n[5];
    int bad;
    n[0] = cx; n[1] = cy; n[2] = w; n[3] = h; n[4] = angle;
    c2d_make(s, C2D_BOX, n, 5, NULL, &bad);
}

static void make_capsule(c2d_shape *s, double cx, double cy, double half, double angle, double r)
{
    double n[5];
    int bad;
    n[0] = cx - half * cos(angle); n[1] = cy - half * sin(angle);
    n[2] = cx + half * cos(angle); n[3] = cy + half * sin(angle);
    n[4] = r;
    c2d_make(s, C2D_CAPSULE, n, 5, NULL, &bad);
}

/* A convex n-gon of radius about R, its vertices jittered a little. */
static int make_polygon(c2d_shape *s, c2d_vec *room, int n, double cx, double cy, double R)
{
    double nums[16], start = uniform(0, 2 * PI), step = 2 * PI / n;
    int i, bad;
    for (i = 0; i < n; i++) {
        double a = start + step * i + uniform(-0.1, 0.1) * step, r = R * uniform(0.9, 1);
        nums[2 * i] = cx + r * cos(a);
        nums[2 * i + 1] = cy + r * sin(a);
    }
    return c2d_make(s, C2D_POLYGON, nums, 2 * n, room, &bad) == C2D_OK;
}

enum { HITS, DISTANCE, RAYCAST, SWEEP, CONTACT };

typedef struct workload {
    const char *name;
    int query;
} workload;

static const workload workloads[] = {
    { "circle-circle hits", HITS },
    { "aabb-aabb hits", HITS },
    { "capsule-capsule hits", HITS },
    { "circle-hexagon hits", HITS },
    { "hexagon-hexagon hits", HITS },
    { "octagon-octagon hits", HITS },
    { "distance hexagon-hexagon", DISTANCE },
    { "ray vs circle", RAYCAST },
    { "ray vs hexagon", RAYCAST },
    { "time of impact, moving hexagon", SWEEP },
    { "sweep disk vs aabb", SWEEP },
    { "sweep aabb vs aabb", SWEEP },
    { "contact disk-disk", CONTACT },
    { "contact hexagon-hexagon", CONTACT },
    { "turned box-box hits", HITS },
    { "circle-turned box hits", HITS },
};
#define NWORKLOADS ((int)(sizeof workloads / sizeof workloads[0]))

/* A candidate pair for workload w (0-based, in the table's order). */
static int draw(int w, pair *p)
{
    double cx = uniform(-20, 20), cy = uniform(-20, 20), ang = uniform(0, 2 * PI);
    memset(p, 0, sizeof *p);
    switch (w) {
    case 0: case 12: {
        double ra = uniform(0.5, 2), rb = uniform(0.5, 2), d = uniform(0, 2 * (ra + rb));
        make_disk(&p->a, cx, cy, ra);
        make_disk(&p->b, cx + d * cos(ang), cy + d * sin(ang), rb);
        return 1;
    }
    case 1: {
        double wa = uniform(0.5, 3), ha = uniform(0.5, 3), wb = uniform(0.5, 3), hb = uniform(0.5, 3);
        make_aabb(&p->a, cx, cy, wa, ha);
        make_aabb(&p->b, cx + uniform(-1, 1) * (wa + wb) * 0.7, cy + uniform(-1, 1) * (ha + hb) * 0.7, wb, hb);
        return 1;
    }
    case 2: {
        double ha = uniform(0.5, 2), hb = uniform(0.5, 2), ra = uniform(0.2, 1), rb = uniform(0.2, 1);
        double d = uniform(0, 1.5 * (ha + hb + ra + rb));
        make_capsule(&p->a, cx, cy, ha, uniform(0, PI), ra);
        make_capsule(&p->b, cx + d * cos(ang), cy + d * sin(ang), hb, uniform(0, PI), rb);
        return 1;
    }
    case 3: {
        double r = uniform(0.3, 1.5), R = uniform(0.8, 2), d = uniform(0, 1.5 * (R + r));
        make_disk(&p->a, cx + d * cos(ang), cy + d * sin(ang), r);
        return make_polygon(&p->b, p->vb, 6, cx, cy, R);
    }
    case 4: case 5: case 6: case 13: {
        int n = w == 5 ? 8 : 6;
        double Ra = uniform(0.8, 2), Rb = uniform(0.8, 2), d = uniform(0, 1.4 * (Ra + Rb));
        return make_polygon(&p->a, p->va, n, cx, cy, Ra) &&
               make_polygon(&p->b, p->vb, n, cx + d * cos(ang), cy + d * sin(ang), Rb);
    }
    case 7: case 8: {
        double R = uniform(0.5, 2), d = R + uniform(0.2, 6), tx, ty, len;
        if (w == 7) make_disk(&p->b, cx, cy, R);
        else if (!make_polygon(&p->b, p->vb, 6, cx, cy, R)) return 0;
        p->origin.x = cx + d * cos(ang);
        p->origin.y = cy + d * sin(ang);
        tx = cx + uniform(-2, 2) * R - p->origin.x;
        ty = cy + uniform(-2, 2) * R - p->origin.y;
        len = sqrt(tx * tx + ty * ty);
        p->dir.x = tx / len;
        p->dir.y = ty / len;
        p->maxt = len * uniform(0.5, 1.5);
        return 1;
    }
    case 9: {
        double Ra = uniform(0.8, 2), Rb = uniform(0.8, 2), d = (Ra + Rb) * uniform(1.05, 2.5), s = uniform(0.3, 1.6);
        double ax = cx + d * cos(ang), ay = cy + d * sin(ang);
        if (!make_polygon(&p->b, p->vb, 6, cx, cy, Rb) || !make_polygon(&p->a, p->va, 6, ax, ay, Ra)) return 0;
        p->motion.x = (cx + uniform(-1.5, 1.5) * Rb - ax) * s;
        p->motion.y = (cy + uniform(-1.5, 1.5) * Rb - ay) * s;
        return !c2d_hits(&p->a, &p->b);
    }
    case 14: case 15: {
        /* Boxes turned by any angle (the general path: a turned box's
         * corners carry rounding, which it allows for). */
        double wb = uniform(1, 3), hb = uniform(1, 3), d = uniform(0, 1.4 * (wb + hb));
        make_box(&p->b, cx, cy, wb, hb, uniform(0, 2 * PI));
        if (w == 15) make_disk(&p->a, cx + d * cos(ang), cy + d * sin(ang), uniform(0.3, 1.5));
        else make_box(&p->a, cx + d * cos(ang), cy + d * sin(ang), uniform(1, 3), uniform(1, 3), uniform(0, 2 * PI));
        return 1;
    }
    case 10: case 11: {
        /* A mover heading for a tile, from a few of its sizes away. */
        double w0 = uniform(1, 3), h0 = uniform(1, 3), d = uniform(3, 8), s = uniform(0.3, 1.6);
        double ax = cx + d * cos(ang), ay = cy + d * sin(ang);
        make_aabb(&p->b, cx, cy, w0, h0);
        if (w == 10) make_disk(&p->a, ax, ay, uniform(0.3, 1.5));
        else make_aabb(&p->a, ax, ay, uniform(0.5, 2), uniform(0.5, 2));
        p->motion.x = (cx + uniform(-1.5, 1.5) * w0 - ax) * s;
        p->motion.y = (cy + uniform(-1.5, 1.5) * h0 - ay) * s;
        return !c2d_hits(&p->a, &p->b);
    }
    }
    return 0;
}

static int answer(int query, const pair *p)
{
    c2d_vec still = { 0, 0 };
    c2d_contact_result c;
    switch (query) {
    case HITS: case DISTANCE: return c2d_hits(&p->a, &p->b);
    case RAYCAST: return c2d_raycast(&p->b, p->origin, p->dir, p->maxt).hit;
    case SWEEP: return c2d_sweep(&p->a, p->motion, &p->b, still).hit;
    default: c2d_contact(&p->a, &p->b, &c); return c.hit;
    }
}

/* NPAIRS pairs for workload w, half hits and half misses, shuffled. */
static void fill(int w)
{
    int hits = 0, misses = 0, i;
    while (hits + misses < NPAIRS) {
        pair p;
        int h;
        if (!draw(w, &p)) continue;
        h = answer(workloads[w].query, &p);
        if (h && hits < NPAIRS / 2) pairs[hits++ + misses] = p;
        else if (!h && misses < NPAIRS / 2) pairs[hits + misses++] = p;
    }
    for (i = NPAIRS - 1; i > 0; i--) {
        int j = (int)(uniform(0, 1) * (i + 1));
        pair t;
        if (j > i) j = i;
        t = pairs[i]; pairs[i] = pairs[j]; pairs[j] = t;
    }
    /* The copies moved the vertices: point each polygon at its own. */
    for (i = 0; i < NPAIRS; i++) {
        if (pairs[i].a.kind == C2D_POLYGON) pairs[i].a.verts = pairs[i].va;
        if (pairs[i].b.kind == C2D_POLYGON) pairs[i].b.verts = pairs[i].vb;
    }
}

/* One pass over every pair with workload w's query. */
static void pass(int query)
{
    c2d_vec still = { 0, 0 };
    double sum = 0;
    int i;
    for (i = 0; i < NPAIRS; i++) {
        const pair *p = &pairs[i];
        switch (query) {
        case HITS: sum += c2d_hits(&p->a, &p->b); break;
        case DISTANCE: sum += c2d_distance(&p->a, &p->b).distance; break;
        case RAYCAST: sum += c2d_raycast(&p->b, p->origin, p->dir, p->maxt).t; break;
        case SWEEP: sum += c2d_sweep(&p->a, p->motion, &p->b, still).t; break;
        default: {
            c2d_contact_result c;
            c2d_contact(&p->a, &p->b, &c);
            sum += c.hit ? c.depth : 0;
        }
        }
    }
    sink += sum;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double time_workload(int query)
{
    double t[TIMINGS], start;
    long passes = 1, k;
    int i;
    /* Calibrate: passes enough for TARGET seconds. */
    for (;;) {
        start = cpu_now();
        for (k = 0; k < passes; k++) pass(query);
        if (cpu_now() - start >= TARGET / 4 || passes > (1L << 24)) break;
        passes *= 2;
    }
    passes = (long)(passes * (TARGET / (cpu_now() - start + 1e-9))) + 1;
    for (i = 0; i < TIMINGS; i++) {
        start = cpu_now();
        for (k = 0; k < passes; k++) pass(query);
        t[i] = (cpu_now() - start) / ((double)passes * NPAIRS) * 1e9;
    }
    qsort(t, TIMINGS, sizeof t[0], by_value);
    return t[TIMINGS / 2];
}

int main(int argc, char **argv)
{
    int w, only = argc > 1 ? atoi(argv[1]) : 0;
    printf("| workload | ns per call |\n|---|---|\n");
    for (w = 0; w < NWORKLOADS; w++) {
        if (only > 0 && w + 1 != only) continue;
        fill(w);
        printf("| %s | %.1f |\n", workloads[w].name, time_workload(workloads[w].query));
        fflush(stdout);
    }
    return 0;
}
