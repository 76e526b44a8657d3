/*
 * tools/trig_check.py's window into src/trig.c: the pairs (hi + lo) that
 * c2d_raw_sincos, c2d_atan2 and c2d_acos round once, from the fast path
 * (accurate = 0) or the accurate one (1), so that each path's error before
 * that rounding can be measured against mpmath. Built with trig.c into one
 * library (the public functions come along); not part of the core.
 */
#include "../src/trig.c"

void check_sincos_pair(double x, int accurate, double *out);
void check_atan2_pair(double y, double x, int accurate, double *out);
void check_acos_pair(double x, int accurate, double *out);

/* { sin hi, sin lo, cos hi, cos lo } for finite x, |x| >= 2^-27: the
 * signs and quadrant applied to the pairs as c2d_raw_sincos applies them to
 * the rounded doubles. */
void check_sincos_pair(double x, int accurate, double *out)
{
    dd r, s, c, v[2];
    int n = reduce(fabs(x), &r), below = r.hi < 0;
    if (accurate) sincos_accurate(below ? neg(r) : r, &s, &c);
    else sincos_fast(below ? neg(r) : r, &s, &c);
    v[0] = below ? neg(s) : s;
    v[1] = c;
    s = n >= 2 ? neg(v[n & 1]) : v[n & 1];
    c = n == 1 || n == 2 ? neg(v[(n + 1) & 1]) : v[(n + 1) & 1];
    if (x < 0) s = neg(s);
    out[0] = s.hi;
    out[1] = s.lo;
    out[2] = c.hi;
    out[3] = c.lo;
}

/* { hi, lo } for finite nonzero y and x */
void check_atan2_pair(double y, double x, int accurate, double *out)
{
    dd t = atan2_pair(y, x, accurate);
    out[0] = t.hi;
    out[1] = t.lo;
}

/* { hi, lo } for 0 < |x| < 1 */
void check_acos_pair(double x, int accurate, double *out)
{
    dd t = acos_pair(x, accurate);
    out[0] = t.hi;
    out[1] = t.lo;
}
