/*
 * Internal to the C core: vectors of doubles and the arithmetic on them, and
 * the rules every file of the core is compiled under (below).
 */
#ifndef COLLIDE2D_VEC_H
#define COLLIDE2D_VEC_H

#include <float.h>
#include <math.h>
#include "collide2d.h"

/*
 * Every product is rounded on its own (no fused multiply-add), whatever the
 * build flags, so that a build by LuaRocks, which passes flags of its own,
 * gives the same answers as the Makefile's (which also says
 * -ffp-contract=off) on every machine.
 *
 * GCC's straight-line vectorizer (SLP, on at -O2 since GCC 12) pairs the x
 * and y halves of a c2d_vec into one SSE register by storing both and
 * loading them back as one, which stalls on store forwarding wherever a
 * vector arrives by value or a result struct is copied: rays, distances and
 * sweeps ran up to 40% slower with it. The pairs it would save are a few
 * multiplies, so the core asks GCC not to do it, whatever the flags.
 */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#pragma GCC optimize("no-tree-slp-vectorize", "fp-contract=off")
#elif defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define C2D_PI 3.14159265358979323846
#define C2D_INF HUGE_VAL

static inline c2d_vec v2(double x, double y) { c2d_vec r; r.x = x; r.y = y; return r; }
static inline c2d_vec vadd(c2d_vec a, c2d_vec b) { return v2(a.x + b.x, a.y + b.y); }
static inline c2d_vec vsub(c2d_vec a, c2d_vec b) { return v2(a.x - b.x, a.y - b.y); }
static inline c2d_vec vscale(c2d_vec a, double k) { return v2(a.x * k, a.y * k); }
static inline c2d_vec vldexp(c2d_vec v, int e) { return v2(ldexp(v.x, e), ldexp(v.y, e)); }
static inline c2d_vec vperp(c2d_vec a) { return v2(-a.y, a.x); }
static inline double vdot(c2d_vec a, c2d_vec b) { return a.x * b.x + a.y * b.y; }
static inline double vcross(c2d_vec a, c2d_vec b) { return a.x * b.y - a.y * b.x; }
static inline double vlen2(c2d_vec a) { return vdot(a, a); }
static inline double vlen(c2d_vec a) { return sqrt(vdot(a, a)); }

/* sqrt(x^2 + y^2) with no overflow or underflow on the way, from IEEE
 * operations alone, so that every machine gives the same bits (the C
 * library's hypot differs between libraries in the last bit): the larger
 * magnitude brought to [1, 2) by a power of two (exact), and back. */
static inline double c2d_hypot(double x, double y)
{
    double ax = fabs(x), ay = fabs(y), m = ax > ay ? ax : ay;
    int e;
    if (!(m > 0) || !(m < HUGE_VAL)) return isinf(x) || isinf(y) ? HUGE_VAL : m;
    e = ilogb(m);
    ax = ldexp(ax, -e);
    ay = ldexp(ay, -e);
    return ldexp(sqrt(ax * ax + ay * ay), e);
}
static inline int veq(c2d_vec a, c2d_vec b) { return a.x == b.x && a.y == b.y; }
/* a + (b - a) * t */
static inline c2d_vec vlerp(c2d_vec a, c2d_vec b, double t) { return v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t); }
/* v scaled to length 1 (v itself when zero); divides by the larger component
 * first, so that tiny and huge vectors neither underflow nor overflow. */
static inline c2d_vec vunit(c2d_vec v)
{
    double m = fabs(v.x) > fabs(v.y) ? fabs(v.x) : fabs(v.y), l;
    if (m == 0 || !(m < HUGE_VAL)) return v;
    v = v2(v.x / m, v.y / m);
    l = sqrt(v.x * v.x + v.y * v.y);
    return v2(v.x / l, v.y / l);
}
static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline int c2d_sign(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

#endif
