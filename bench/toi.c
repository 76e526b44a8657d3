/*
 * bench/toi.c: c2d_sweep_turning against Box2D v3's b2TimeOfImpact on the
 * same turning polygon pairs (bench/box2d.sh toi builds it against a Box2D
 * checkout). It only measures: ns per call of each, and how many of the
 * pairs' first touches each one reports late or misses.
 *
 * The pairs: NP convex polygons A (boxes and hulls of 4 to 8 points, 1 to 3
 * units across) moving by up to 4 units and turning by up to 1 radian about
 * their centroid, against a static polygon B, placed so that about half of
 * them touch during the step. Every number is rounded to float first, so both
 * libraries see the same geometry.
 *
 * Each library's own motion is checked: collide2d turns at a constant rate
 * (the pose at t is turned by t * angle); Box2D interpolates the rotation's
 * cosine and sine linearly and normalises (b2GetSweepTransform). For each,
 * the first touch is found by sampling t (SAMPLES steps, collide2d's exact
 * hits on the poses) and bisection; an answer is late when it is after that
 * touch by more than LATE in t, a miss when it says no touch at all.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

enum { NP = 2048, MAXV = 8, SAMPLES = 512 };
#define LATE 1e-6

typedef struct pair {
    int na, nb;
    double a[2 * MAXV], b[2 * MAXV]; /* world vertices at t = 0 */
    double cx, cy;                   /* A's centroid: its pivot */
    double dx, dy, angle;
} pair;

static unsigned long long rng_state = 88172645463325252ULL;
static double rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}
static double f32(double x) { return (double)(float)x; }

static int make_poly(double cx, double cy, double size, double *out)
{
    double pts[2 * MAXV];
    c2d_vec hull[4 * MAXV];
    int n = 4 + (int)(rnd() * 5), i, m;
    if (rnd() < 0.4) { /* a box, turned */
        double w = size * (0.4 + rnd() * 0.6), h = size * (0.4 + rnd() * 0.6), an = rnd() * 3.14159;
        double c = cos(an), s = sin(an);
        double u[4][2] = { { -w / 2, -h / 2 }, { w / 2, -h / 2 }, { w / 2, h / 2 }, { -w / 2, h / 2 } };
        for (i = 0; i < 4; i++) {
            out[2 * i] = f32(cx + c * u[i][0] - s * u[i][1]);
            out[2 * i + 1] = f32(cy + s * u[i][0] + c * u[i][1]);
        }
        return 4;
    }
    for (i = 0; i < n; i++) {
        double an = rnd() * 6.2831853, r = size / 2 * (0.5 + rnd() * 0.5);
        pts[2 * i] = f32(cx + r * cos(an));
        pts[2 * i + 1] = f32(cy + r * sin(an));
    }
    for (i = 0; i < n; i++) { hull[i].x = pts[2 * i]; hull[i].y = pts[2 * i + 1]; }
    m = c2d_hull(hull, n, hull + MAXV);
    if (m < 3) return make_poly(cx, cy, size, out);
    for (i = 0; i < m; i++) { out[2 * i] = hull[MAXV + i].x; out[2 * i + 1] = hull[MAXV + i].y; }
    return m;
}

static c2d_shape poly(const double *v, int n, c2d_vec *store)
{
    c2d_shape s;
    int bad;
    if (c2d_make(&s, C2D_POLYGON, v, 2 * n, store, &bad) != C2D_OK) { fprintf(stderr, "bad polygon\n"); exit(1); }
    return s;
}

/* A's pose at t under each model: turned by q about (cx, cy), moved by t d. */
static c2d_shape pose(const pair *p, double t, int box2d_model, c2d_vec *store)
{
    double v[2 * MAXV], c, s;
    int i;
    if (box2d_model) { /* b2GetSweepTransform: lerp of (cos, sin), normalised */
        double qc = (1 - t) + t * cos(p->angle), qs = t * sin(p->angle), l = sqrt(qc * qc + qs * qs);
        c = qc / l;
        s = qs / l;
    } else {
        c = cos(t * p->angle);
        s = sin(t * p->angle);
    }
    for (i = 0; i < p->na; i++) {
        double x = p->a[2 * i] - p->cx, y = p->a[2 * i + 1] - p->cy;
        v[2 * i] = p->cx + c * x - s * y + t * p->dx;
        v[2 * i + 1] = p->cy + s * x + c * y + t * p->dy;
    }
    return poly(v, p->na, store);
}

/* The first touch under the model (sampling, then bisection), or -1. */
static double first_touch(const pair *p, int box2d_model)
{
    c2d_vec sa[MAXV], sb[MAXV];
    c2d_shape b = poly(p->b, p->nb, sb), a;
    double lo = 0, hi = -1;
    int k;
    for (k = 0; k <= SAMPLES; k++) {
        double t = (double)k / SAMPLES;
        a = pose(p, t, box2d_model, sa);
        if (c2d_hits(&a, &b)) { hi = t; break; }
        lo = t;
    }
    if (hi < 0) return -1;
    if (hi == 0) return 0;
    for (k = 0; k < 50; k++) {
        double mid = (lo + hi) / 2;
        a = pose(p, mid, box2d_model, sa);
        if (c2d_hits(&a, &b)) hi = mid; else lo = mid;
    }
    return hi;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static pair P[NP];
static c2d_shape SA[NP], SB[NP];
static c2d_vec VA[NP][MAXV], VB[NP][MAXV];
static c2d_motion MA[NP], MB[NP];
static b2TOIInput IN[NP];

int main(void)
{
    int i, rep, c2d_late = 0, c2d_miss = 0, b2_late = 0, b2_miss = 0, touching = 0;
    double best_c = 1e30, best_b = 1e30, sink = 0;
    for (i = 0; i < NP; i++) {
        pair *p = &P[i];
        double bx = rnd() * 6 - 3, by = rnd() * 6 - 3;
        c2d_vec cen;
        p->na = make_poly(0, 0, 1 + rnd() * 2, p->a);
        p->nb = make_poly(bx, by, 1 + rnd() * 2, p->b);
        SA[i] = poly(p->a, p->na, VA[i]);
        SB[i] = poly(p->b, p->nb, VB[i]);
        if (c2d_hits(&SA[i], &SB[i])) { i--; continue; } /* apart at the start */
        cen = c2d_center(&SA[i]);
        p->cx = cen.x;
        p->cy = cen.y;
        /* toward B, give or take */
        p->dx = f32((bx - p->cx) * (0.3 + rnd()) + rnd() - 0.5);
        p->dy = f32((by - p->cy) * (0.3 + rnd()) + rnd() - 0.5);
        p->angle = f32(rnd() * 2 - 1);
        MA[i].d.x = p->dx; MA[i].d.y = p->dy; MA[i].angle = p->angle; MA[i].pivot = cen;
        memset(&MB[i], 0, sizeof MB[i]);
        MB[i].pivot = c2d_center(&SB[i]);
        {
            b2Vec2 la[MAXV], lb[MAXV];
            int k;
            for (k = 0; k < p->na; k++) { la[k].x = (float)(p->a[2 * k] - p->cx); la[k].y = (float)(p->a[2 * k + 1] - p->cy); }
            for (k = 0; k < p->nb; k++) { lb[k].x = (float)p->b[2 * k]; lb[k].y = (float)p->b[2 * k + 1]; }
            memset(&IN[i], 0, sizeof IN[i]);
            IN[i].proxyA = b2MakeProxy(la, p->na, 0);
            IN[i].proxyB = b2MakeProxy(lb, p->nb, 0);
            IN[i].sweepA.localCenter = (b2Vec2){ 0, 0 };
            IN[i].sweepA.c1 = (b2Vec2){ (float)p->cx, (float)p->cy };
            IN[i].sweepA.c2 = (b2Vec2){ (float)(p->cx + p->dx), (float)(p->cy + p->dy) };
            IN[i].sweepA.q1 = b2MakeRot(0);
            IN[i].sweepA.q2 = b2MakeRot((float)p->angle);
            IN[i].sweepB.localCenter = (b2Vec2){ 0, 0 };
            IN[i].sweepB.c1 = IN[i].sweepB.c2 = (b2Vec2){ 0, 0 };
            IN[i].sweepB.q1 = IN[i].sweepB.q2 = b2MakeRot(0);
            IN[i].maxFraction = 1;
        }
    }
    /* the answers, checked */
    for (i = 0; i < NP; i++) {
        c2d_sweep_result r;
        b2TOIOutput o = b2TimeOfImpact(&IN[i]);
        double ours = first_touch(&P[i], 0), theirs = first_touch(&P[i], 1);
        c2d_sweep_turning(&SA[i], &MA[i], &SB[i], &MB[i], 0, NULL, &r);
        touching += ours >= 0;
        if (ours >= 0 && !r.hit) c2d_miss++;
        else if (ours >= 0 && r.t > ours + LATE) c2d_late++;
        if (theirs >= 0 && o.state != b2_toiStateHit && o.state != b2_toiStateOverlapped) b2_miss++;
        else if (theirs >= 0 && o.fraction > theirs + LATE) b2_late++;
    }
    for (rep = 0; rep < 5; rep++) {
        double t0 = now(), t1;
        for (i = 0; i < NP; i++) {
            c2d_sweep_result r;
            c2d_sweep_turning(&SA[i], &MA[i], &SB[i], &MB[i], 0, NULL, &r);
            sink += r.t;
        }
        t1 = now();
        if (t1 - t0 < best_c) best_c = t1 - t0;
        t0 = now();
        for (i = 0; i < NP; i++) {
            b2TOIOutput o = b2TimeOfImpact(&IN[i]);
            sink += o.fraction;
        }
        t1 = now();
        if (t1 - t0 < best_b) best_b = t1 - t0;
    }
    printf("%d turning polygon pairs (%d touch during the step), best of 5 runs\n\n", NP, touching);
    printf("| | ns per call | late (> %g in t) | missed |\n|---|---|---|---|\n", LATE);
    printf("| collide2d c2d_sweep_turning | %.0f | %d | %d |\n", best_c / NP * 1e9, c2d_late, c2d_miss);
    printf("| Box2D b2TimeOfImpact | %.0f | %d | %d |\n", best_b / NP * 1e9, b2_late, b2_miss);
    printf("\ncollide2d / Box2D time: %.2f   (checksum %g)\n", best_c / best_b, sink);
    return 0;
}
