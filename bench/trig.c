/*
 * bench/trig.c: nanoseconds per call of the core's own sin, cos, atan2 and
 * acos (src/trig.c) beside the C library's, and of what calls them: a Box
 * built turned, and a Box turned (make bench-trig).
 *
 * Each row loops over NARGS arguments drawn once, timed in this thread's
 * CPU time, calibrated to about TARGET seconds per timing, five timings,
 * the median printed (as bench/core.c does). Results are summed into a
 * volatile, so no call can be left out. It only measures.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "collide2d.h"
#include "trig.h"
#include "bench.h"

#define NARGS 4096
#define TIMINGS 5
#define TARGET 0.05
#define PI 3.14159265358979323846

static double xs[NARGS], ys[NARGS];
static c2d_shape boxes[NARGS];
static volatile double sink;

enum { OWN_SINCOS, LIBC_SINCOS, OWN_SIN, LIBC_SIN, OWN_ATAN2, LIBC_ATAN2, OWN_ACOS, LIBC_ACOS, MAKE_BOX, ROTATE_BOX };

/* One pass of kernel k over the arguments. */
static void pass(int k)
{
    double sum = 0;
    int i;
    for (i = 0; i < NARGS; i++) {
        double x = xs[i], c, s;
        switch (k) {
        case OWN_SINCOS: c2d_raw_sincos(x, &c, &s); sum += c + s; break;
        case LIBC_SINCOS: sum += cos(x) + sin(x); break;
        case OWN_SIN: sum += c2d_sin(x); break;
        case LIBC_SIN: sum += sin(x); break;
        case OWN_ATAN2: sum += c2d_atan2(ys[i], x); break;
        case LIBC_ATAN2: sum += atan2(ys[i], x); break;
        case OWN_ACOS: sum += c2d_acos(x); break;
        case LIBC_ACOS: sum += acos(x); break;
        case MAKE_BOX: {
            double n[5];
            int bad;
            n[0] = 1; n[1] = 2; n[2] = 3; n[3] = 4; n[4] = x;
            c2d_make(&boxes[i], C2D_BOX, n, 5, NULL, &bad);
            sum += boxes[i].bounds.maxx;
            break;
        }
        default:
            c2d_rotate(&boxes[i], x, 0, 0);
            sum += boxes[i].bounds.maxx;
        }
    }
    sink += sum;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double time_kernel(int k)
{
    double t[TIMINGS], start;
    long passes = 1, n;
    int i;
    for (;;) {
        start = cpu_now();
        for (n = 0; n < passes; n++) pass(k);
        if (cpu_now() - start >= TARGET / 4 || passes > (1L << 24)) break;
        passes *= 2;
    }
    passes = (long)(passes * (TARGET / (cpu_now() - start + 1e-9))) + 1;
    for (i = 0; i < TIMINGS; i++) {
        start = cpu_now();
        for (n = 0; n < passes; n++) pass(k);
        t[i] = (cpu_now() - start) / ((double)passes * NARGS) * 1e9;
    }
    qsort(t, TIMINGS, sizeof t[0], by_value);
    return t[TIMINGS / 2];
}

/* Arguments: x uniform in [lo, hi), or log-uniform when log is set. */
static void draw(double lo, double hi, int log)
{
    int i;
    for (i = 0; i < NARGS; i++) {
        xs[i] = log ? exp(uniform(lo, hi)) : uniform(lo, hi);
        ys[i] = uniform(-100, 100);
    }
}

static void row(const char *what, const char *args, int own, int libc)
{
    printf("| %s | %s | %.1f |", what, args, time_kernel(own));
    if (libc >= 0) printf(" %.1f |\n", time_kernel(libc));
    else printf(" |\n");
    fflush(stdout);
}

int main(void)
{
    int i;
    printf("| call | arguments | ours, ns | C library, ns |\n|---|---|---|---|\n");
    draw(-2 * PI, 2 * PI, 0);
    row("sin and cos of one angle", "[-2 pi, 2 pi]", OWN_SINCOS, LIBC_SINCOS);
    row("sin", "[-2 pi, 2 pi]", OWN_SIN, LIBC_SIN);
    draw(-1e5, 1e5, 0);
    row("sin and cos of one angle", "[-1e5, 1e5]", OWN_SINCOS, LIBC_SINCOS);
    draw(log(1e6), log(1e300), 1);
    row("sin and cos of one angle", "[1e6, 1e300]", OWN_SINCOS, LIBC_SINCOS);
    draw(-100, 100, 0);
    row("atan2", "x, y in [-100, 100]", OWN_ATAN2, LIBC_ATAN2);
    draw(-1, 1, 0);
    row("acos", "[-1, 1]", OWN_ACOS, LIBC_ACOS);
    draw(0, 2 * PI, 0);
    row("c2d_make of a turned Box", "[0, 2 pi]", MAKE_BOX, -1);
    for (i = 0; i < NARGS; i++) {
        double n[5] = { 1, 2, 3, 4, 0.5 };
        int bad;
        c2d_make(&boxes[i], C2D_BOX, n, 5, NULL, &bad);
    }
    draw(-0.01, 0.01, 0);
    row("c2d_rotate of a Box", "[-0.01, 0.01]", ROTATE_BOX, -1);
    return 0;
}
