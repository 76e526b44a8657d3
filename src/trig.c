/*
 * Sine, cosine, arctangent and arccosine of the core's own, in IEEE basic
 * operations only (+, -, *, /, sqrt; no fused multiply-add, no long double,
 * no C library trig), so that every IEEE machine computes the same bits.
 * The C libraries' differ in the last bit: mingw-w64's sin and cos, from
 * the x87 unit, round otherwise than glibc's for about 1 angle in 470, and
 * a turned Box's corners moved with them.
 *
 * Each result is first computed as a pair of doubles, hi + lo, within
 * 2^-66 of itself (the fast path). When every number within 2^-64 of it
 * rounds to the same double, that double is the answer, correctly rounded;
 * otherwise (about 1 call in 600 for sin and cos, 1 in 2,000 for atan2)
 * the accurate path computes the pair again within 2^-86 and rounds it:
 * correctly rounded unless the exact value lies within ~2^-33 ulp of
 * halfway between two doubles, a chance of about 2^-32 for an argument.
 * (tools/trig_check.py measures both paths against mpmath.) sin and cos of
 * |x| < 2^-27 are x and 1, correctly rounded; atan2 of a ratio below 2^-60
 * is the ratio rounded once, which atan's 2^-120 less changes only where
 * the ratio lies exactly halfway between two subnormals (as glibc's does).
 *
 * sin, cos: x = n pi/2 + r with |r| <= pi/4, by pi/2 in parts for
 *   |x| < 2^20 (Cody and Waite), by the bits of 2/pi for larger x (Payne
 *   and Hanek); then r = a + t, a = i/128 from a table of sin a and cos a,
 *   and the Taylor series of sin t and cos t for |t| <= 1/256.
 * atan2: atan q for the ratio q <= 1 of the smaller coordinate to the
 *   larger, by atan q = atan c + atan((q - c)/(1 + q c)) with c = i/128
 *   from a table, and the Taylor series of atan; then the octant.
 * acos: the angle of (x, sqrt(1 - x^2)), the root as a pair too.
 * The constants and tables: trig_tables.h, from tools/trig_tables.py.
 */
#include <string.h>
#include "tolerances.h"
#include "vec.h"
#include "trig.h"
#include "trig_tables.h"

/* A number as hi + lo, |lo| at most about an ulp of hi. */
typedef struct dd {
    double hi, lo;
} dd;

/* A double and its halves (Veltkamp's split): x = h + l, each of at most
 * 26 significant bits, so the product of two halves is exact. */
typedef struct halves {
    double x, h, l;
} halves;

/* a + b exactly, when |a| >= |b| or a = 0 (Dekker's fast two-sum). */
static dd fast_sum(double a, double b)
{
    dd s;
    s.hi = a + b;
    s.lo = b - (s.hi - a);
    return s;
}

/* a + b exactly, either larger (Knuth's two-sum). */
static dd two_sum(double a, double b)
{
    dd s;
    double bv, av;
    s.hi = a + b;
    bv = s.hi - a;
    av = s.hi - bv;
    s.lo = (a - av) + (b - bv);
    return s;
}

/* -a */
static dd neg(dd a)
{
    a.hi = -a.hi;
    a.lo = -a.lo;
    return a;
}

/* x split in halves, while 2^27 x is finite. Like every sum and product
 * here, this needs each operation rounded on its own: no fused
 * multiply-add, which vec.h's pragmas and the Makefile's
 * -ffp-contract=off rule out, as for the rest of the core. */
static halves halve(double x)
{
    double c = 134217729.0 * x; /* 2^27 + 1 */
    halves s;
    s.x = x;
    s.h = c - (c - x);
    s.l = x - s.h;
    return s;
}

/* a b exactly (Dekker's product: the halves' products are exact). */
static dd mul_exact(halves a, halves b)
{
    dd p;
    p.hi = a.x * b.x;
    p.lo = (((a.h * b.h - p.hi) + a.h * b.l) + a.l * b.h) + a.l * b.l;
    return p;
}

/* c b exactly for c of at most 26 significant bits (its own halves: c, 0). */
static dd mul_short(double c, halves b)
{
    dd p;
    p.hi = c * b.x;
    p.lo = (c * b.h - p.hi) + c * b.l;
    return p;
}

/* a b for two pairs, to about 2^-104 of it (lo times lo left out). */
static dd mul_dd(dd a, dd b)
{
    dd p = mul_exact(halve(a.hi), halve(b.hi));
    return fast_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

/* n / d for two pairs, to about 2^-104 of it: the quotient's error by an
 * exact product, divided again (by the reciprocal: one division). */
static dd div_dd(dd n, dd d)
{
    double inv = 1 / d.hi, q = n.hi * inv;
    dd p = mul_exact(halve(q), halve(d.hi));
    return fast_sum(q, ((n.hi - p.hi) - p.lo + n.lo - q * d.lo) * inv);
}

/* Does every number within 2^-64 of t (relatively) round to the double
 * t.hi + t.lo rounds to? Then the fast path's pair, within 2^-66 of the
 * exact value, gives the correctly rounded answer. */
static int rounds_surely(dd t)
{
    double e = 0x1p-64 * fabs(t.hi);
    return t.hi + (t.lo + e) == t.hi + (t.lo - e);
}

/* ---- sin and cos ------------------------------------------------------ */

/* r = a + t for 0 <= r <= pi/4 plus the reduction's rounding: a = i/128,
 * returned, the nearest to r, and |t| <= 1/256 (the difference is exact,
 * by Sterbenz's lemma). */
static int table_step(dd r, dd *t)
{
    int i = (int)(r.hi * SINCOS_STEP + 0.5);
    *t = two_sum(r.hi - (double)i / SINCOS_STEP, r.lo);
    return i;
}

/*
 * sin r and cos r within 2^-66 (the fast path): sin t - t and cos t - 1 by
 * their series in doubles (2^-18 of t and 2^-17 at most, so their rounding
 * is below 2^-69), the angle-sum formulas with the products by t exact:
 *   sin(a + t) = sin a + cos a t + sin a (cos t - 1) + cos a (sin t - t)
 *   cos(a + t) = cos a - sin a t + cos a (cos t - 1) - sin a (sin t - t)
 */
static void sincos_fast(dd r, dd *s, dd *c)
{
    dd t;
    int i = table_step(r, &t);
    double z = t.hi * t.hi;
    double ps = t.hi * z * (SIN3_HI + z * (SIN5 + z * (SIN7 + z * SIN9)));
    double pc = z * (-0.5 + z * (COS4 + z * (COS6 + z * COS8))) - t.hi * t.lo;
    if (i == 0) {
        *s = fast_sum(t.hi, t.lo + ps);
        *c = fast_sum(1, pc);
    } else {
        const double *e = sincos_table[i]; /* sin a hi, lo, cos a hi, lo */
        halves th = halve(t.hi);
        dd ct = mul_exact(halve(e[2]), th), st = mul_exact(halve(e[0]), th);
        *s = fast_sum(e[0], ct.hi);
        s->lo += (((e[2] * t.lo + e[3] * t.hi) + e[1]) + ct.lo) + (e[0] * pc + e[2] * ps);
        *c = fast_sum(e[2], -st.hi);
        c->lo += (((e[3] - e[0] * t.lo) - e[1] * t.hi) - st.lo) + (e[2] * pc - e[0] * ps);
    }
}

/* t^2 as a pair. */
static dd square(dd t)
{
    halves th = halve(t.hi);
    dd z = mul_exact(th, th);
    z.lo += 2 * t.hi * t.lo;
    return z;
}

/* t + t^3 (k + tail) for |t| <= 2^-8 given z = t^2: the odd series of sin
 * (k = -1/6) and atan (k = -1/3), the cubic term's coefficient k as a pair
 * and tail the rest of the series over t^3. The cubic term is up to 2^-17
 * of t, so it is computed in pairs; tail's rounding is 2^-86 of t. */
static dd odd_series(dd t, dd z, dd k, double tail)
{
    dd kt = fast_sum(k.hi, tail), cube, w, s;
    halves th = halve(t.hi);
    kt.lo += k.lo;
    cube = mul_exact(th, halve(z.hi)); /* t^3 = t.hi z.hi + t.hi z.lo + t.lo z.hi */
    cube.lo += t.hi * z.lo + t.lo * z.hi;
    w = mul_exact(halve(cube.hi), halve(kt.hi));
    w.lo += cube.hi * kt.lo + cube.lo * kt.hi;
    s = fast_sum(t.hi, w.hi);
    s.lo += t.lo + w.lo;
    return s;
}

/* a + a u + b v, given a, u, b and v halved: the angle-sum formulas, with
 * a = sin a0 or cos a0 and u = cos t - 1 (some 2^-17), b = cos a0 or
 * -sin a0 and v = sin t (at most 2^-8). Both products are exact in their
 * leading part: even a u must be right to 2^-65 of itself. */
static dd angle_sum(dd a, halves ah, dd u, halves uh, dd b, halves bh, dd v, halves vh)
{
    dd au = mul_exact(ah, uh), bv = mul_exact(bh, vh), s, s2;
    au.lo += a.hi * u.lo + a.lo * u.hi;
    bv.lo += b.hi * v.lo + b.lo * v.hi;
    s = fast_sum(a.hi, bv.hi);
    s2 = fast_sum(s.hi, au.hi);
    s2.lo += (s.lo + ((a.lo + bv.lo) + au.lo));
    return s2;
}

/* sin r and cos r within 2^-86 (the accurate path): sin t and cos t - 1
 * as pairs, then sin(a + t) and cos(a + t) by the angle-sum formulas. */
static void sincos_accurate(dd r, dd *s, dd *c)
{
    dd t, z, st, cm, k;
    int i = table_step(r, &t);
    z = square(t);
    k.hi = SIN3_HI;
    k.lo = SIN3_LO;
    st = odd_series(t, z, k, z.hi * (SIN5 + z.hi * (SIN7 + z.hi * SIN9)));
    /* cos t - 1 = -t^2/2 + t^4 (1/24 - t^2/720 + ...): the t^4 term is 2^-36 */
    cm = fast_sum(-0.5 * z.hi, z.hi * z.hi * (COS4 + z.hi * (COS6 + z.hi * (COS8 + z.hi * COS10))) - 0.5 * z.lo);
    if (i == 0) {
        *s = st;
        *c = fast_sum(1, cm.hi);
        c->lo += cm.lo;
    } else {
        const double *e = sincos_table[i];
        dd sa, ca;
        halves sah, cah, cmh = halve(cm.hi), sth = halve(st.hi);
        sa.hi = e[0]; sa.lo = e[1];
        ca.hi = e[2]; ca.lo = e[3];
        sah = halve(sa.hi);
        cah = halve(ca.hi);
        *s = angle_sum(sa, sah, cm, cmh, ca, cah, st, sth); /* sin a + sin a (cos t - 1) + cos a sin t */
        sah.x = -sah.x; sah.h = -sah.h; sah.l = -sah.l;
        *c = angle_sum(ca, cah, cm, cmh, neg(sa), sah, st, sth); /* cos a + cos a (cos t - 1) - sin a sin t */
    }
}

/* x = n pi/2 + r for 0 <= x < 2^20, *n = n mod 4 (Cody and Waite): n x
 * PIO2_1..3 exact (n < 2^20, 33-bit parts), each subtraction exact as a
 * pair, so r is right to ~2^-132 absolutely. The nearest integer by adding
 * and taking away 1.5 2^52 (round to nearest even, as IEEE rounds). */
static dd reduce_cody_waite(double x, int *n)
{
    double k = (x * INV_PIO2 + 0x1.8p52) - 0x1.8p52;
    double r1 = x - k * PIO2_1; /* exact: k PIO2_1 is near x (Sterbenz) */
    dd r2 = two_sum(r1, -k * PIO2_2), r3 = two_sum(r2.hi, -k * PIO2_3);
    *n = (int)k & 3;
    return fast_sum(r3.hi, (r2.lo + r3.lo) - k * PIO2_4);
}

/* The 32 bits of 2/pi's fraction from bit j on (bit 1 the first after the
 * point; bits at j <= 0, its integer part, are 0). j >= -63. */
static uint32_t bits_of_2_over_pi(int j)
{
    int g = j + 63; /* the table's bit index: two words of zeros first */
    uint64_t w = (uint64_t)two_over_pi[g / 32] << 32 | two_over_pi[g / 32 + 1];
    return (uint32_t)(w >> (32 - g % 32));
}

/* p = m times the 224 bits of 2/pi from bit e - 1 on, in 32-bit words,
 * least significant first: m 2^e 2/pi = p 2^-222 but for multiples of 4
 * (the bits before e - 1 give only those). m < 2^53. */
static void times_2_over_pi(uint64_t m, int e, uint32_t p[9])
{
    uint32_t c[7], mlo = (uint32_t)m, mhi = (uint32_t)(m >> 32);
    uint64_t carry;
    int i;
    for (i = 0; i < 7; i++) c[6 - i] = bits_of_2_over_pi(e - 1 + 32 * i);
    for (carry = 0, i = 0; i < 7; i++) {
        uint64_t t = (uint64_t)mlo * c[i] + carry;
        p[i] = (uint32_t)t;
        carry = t >> 32;
    }
    p[7] = (uint32_t)carry;
    for (carry = 0, i = 0; i < 7; i++) {
        uint64_t t = (uint64_t)mhi * c[i] + p[i + 1] + carry;
        p[i + 1] = (uint32_t)t;
        carry = t >> 32;
    }
    p[8] = (uint32_t)carry;
}

/* The fraction f[0 .. 7) 2^-222 (f[6] < 2^30) as a pair, word by word from
 * its first nonzero one, each sum's rounding error kept in lo. */
static dd fraction_pair(const uint32_t f[7])
{
    double scale = 0x1p-30;
    int top, i;
    dd x;
    for (top = 6; top > 0 && f[top] == 0; top--) scale *= 0x1p-32;
    x.hi = f[top] * scale;
    x.lo = 0;
    for (i = top - 1; i >= 0; i--) {
        dd s;
        scale *= 0x1p-32;
        s = fast_sum(x.hi, f[i] * scale);
        x.hi = s.hi;
        x.lo += s.lo;
    }
    return fast_sum(x.hi, x.lo);
}

/*
 * x = n pi/2 + r for finite x >= 2^20, *n = n mod 4 (Payne and Hanek):
 * x = m 2^e with m a 53-bit integer, and x 2/pi mod 4 taken exactly from
 * m times the bits of 2/pi that matter. 224 of them leave the fraction
 * right to 2^-169, where the nearest double to a multiple of pi/2 is
 * 2^-61 from it. The fraction's nearest integer is n, and r = (fraction -
 * n) pi/2.
 */
static dd reduce_payne_hanek(double x, int *n)
{
    uint64_t bits, carry;
    uint32_t p[9];
    int i, up;
    dd f, pio2;
    memcpy(&bits, &x, sizeof bits);
    times_2_over_pi((bits & 0xfffffffffffffULL) | (1ULL << 52), (int)(bits >> 52) - 1075, p);
    /* units at bit 30 of p[6]: n its two bits; a fraction of 1/2 or more
     * counts from n + 1, as its complement to 1, negated */
    *n = (int)(p[6] >> 30);
    up = (int)(p[6] >> 29) & 1;
    p[6] &= 0x3fffffff;
    if (up) {
        for (carry = 1, i = 0; i < 7; i++) {
            uint64_t t = (uint64_t)(uint32_t)~p[i] + carry;
            p[i] = (uint32_t)t;
            carry = t >> 32;
        }
        p[6] &= 0x3fffffff;
        *n += 1;
    }
    *n &= 3;
    pio2.hi = PIO2_HI;
    pio2.lo = PIO2_LO;
    f = mul_dd(fraction_pair(p), pio2);
    return up ? neg(f) : f;
}

/* x = n pi/2 + r for finite x >= 0: returns n mod 4. */
static int reduce(double x, dd *r)
{
    int n = 0;
    if (x <= PIO4) { r->hi = x; r->lo = 0; }
    else if (x < 0x1p20) *r = reduce_cody_waite(x, &n);
    else *r = reduce_payne_hanek(x, &n);
    return n;
}

/* sin and cos of n pi/2 + r from s = sin |r| and c = cos r, r's sign in
 * sr: (s, c), (c, -s), (-s, -c), (-c, s) for n = 0 to 3. Exact. */
static void quadrant(int n, double sr, double s, double c, double *sin_x, double *cos_x)
{
    static const double sin_sign[4] = { 1, 1, -1, -1 }, cos_sign[4] = { 1, -1, -1, 1 };
    double v[2];
    v[0] = sr * s;
    v[1] = c;
    *sin_x = sin_sign[n] * v[n & 1];
    *cos_x = cos_sign[n] * v[(n + 1) & 1];
}

void c2d_raw_sincos(double x, double *c, double *s)
{
    dd r, sp, cp;
    int n;
    if (!(fabs(x) < HUGE_VAL)) { /* an infinity or NaN: NaN */
        *c = *s = x - x;
        return;
    }
    if (fabs(x) < 0x1p-27) { /* sin x rounds to x and cos x to 1 (x^3/6, x^2/2 below half an ulp) */
        *s = x;
        *c = 1;
        return;
    }
    n = reduce(fabs(x), &r);
    sincos_fast(r.hi < 0 ? neg(r) : r, &sp, &cp);
    if (!rounds_surely(sp) || !rounds_surely(cp)) sincos_accurate(r.hi < 0 ? neg(r) : r, &sp, &cp);
    quadrant(n, r.hi < 0 ? -1 : 1, sp.hi + sp.lo, cp.hi + cp.lo, s, c); /* each rounded once */
    if (x < 0) *s = -*s;
}

/*
 * Within 2^-50: below 2^20, the reduction above (r within ~2^-132 of
 * x - n pi/2, |r| <= pi/4 + 2^-40), then sin r and cos r by their Taylor
 * series to r^15 and r^16 in doubles: the series' tails are below 5e-17
 * there, and the rounding of r and of the evaluation a few ulps of 1 (the
 * terms fall by at least 10 each step, so each rounding weighs little), far
 * below 2^-50 = 8.9e-16. Beyond 2^20 (and for an
 * infinity or NaN), c2d_raw_sincos, within an ulp.
 */
void c2d_sincos_near(double x, double *c, double *s)
{
    double ax = fabs(x), r = ax, z, z2, z4, sp, cp;
    int n = 0;
    if (!(ax < 0x1p20)) {
        c2d_raw_sincos(x, c, s);
        return;
    }
    if (ax > PIO4) r = reduce_cody_waite(ax, &n).hi;
    /* (Estrin's scheme: the powers z^2 and z^4 beside the pairs of terms,
     * a shorter chain of dependent operations than Horner's) */
    z = r * r;
    z2 = z * z;
    z4 = z2 * z2;
    sp = r + r * z *
                 ((-1.0 / 6 + z * (1.0 / 120)) + z2 * (-1.0 / 5040 + z * (1.0 / 362880)) +
                  z4 * ((-1.0 / 39916800 + z * (1.0 / 6227020800.0)) + z2 * (-1.0 / 1307674368000.0)));
    cp = 1 + z * ((-0.5 + z * (1.0 / 24)) + z2 * (-1.0 / 720 + z * (1.0 / 40320)) +
                  z4 * ((-1.0 / 3628800 + z * (1.0 / 479001600)) +
                        z2 * (-1.0 / 87178291200.0 + z * (1.0 / 20922789888000.0))));
    quadrant(n, 1, sp, cp, s, c); /* (sp carries r's sign) */
    if (x < 0) *s = -*s;
}

double c2d_sin(double x)
{
    double c, s;
    c2d_raw_sincos(x, &c, &s);
    return s;
}

double c2d_cos(double x)
{
    double c, s;
    c2d_raw_sincos(x, &c, &s);
    return c;
}

/* ---- atan2 and acos --------------------------------------------------- */

/* u = (a - c b)/(b + c a) as a pair for c = i/128, the table point
 * nearest a/b: tan(atan(a/b) - atan c), |u| <= 1/256. Both sums exact but
 * for the pairs' low parts (2^-106). */
static dd atan_step(dd a, dd b, double c)
{
    dd cb = mul_short(c, halve(b.hi)), ca = mul_short(c, halve(a.hi)), num, den;
    num = two_sum(a.hi, -cb.hi);
    num.lo += (a.lo - cb.lo) - c * b.lo;
    den = two_sum(b.hi, ca.hi);
    den.lo += (b.lo + ca.lo) + c * a.lo;
    return div_dd(num, den);
}

/* atan(a / b) in [0, pi/4] for pairs 0 <= a <= b, b > 0, a >= b 2^-60, b
 * in [2^-500, 2^500]: atan c from the table and atan u by its series,
 * within 2^-66 (the fast path: u^3/3 and the rest in doubles, their
 * rounding 2^-76 at most) or 2^-86 (the accurate path: u^3/3 in pairs). */
static dd atan_ratio(dd a, dd b, int accurate)
{
    int i = (int)(a.hi / b.hi * ATAN_STEP + 0.5);
    dd u = atan_step(a, b, (double)i / ATAN_STEP), at;
    if (accurate) {
        dd z = square(u), k;
        k.hi = ATAN3_HI;
        k.lo = ATAN3_LO;
        u = odd_series(u, z, k, z.hi * (ATAN5 + z.hi * (ATAN7 + z.hi * (ATAN9 + z.hi * ATAN11))));
    } else {
        double z = u.hi * u.hi;
        u.lo += u.hi * z * (ATAN3_HI + z * (ATAN5 + z * (ATAN7 + z * ATAN9)));
    }
    at = fast_sum(atan_table[i][0], u.hi); /* atan c >= 2 |atan u| but for c = 0 */
    at.lo += atan_table[i][1] + u.lo;
    return at;
}

/* hi + lo - a for a pair a <= hi + lo (pi/2 or pi minus an angle). */
static dd minus(double hi, double lo, dd a)
{
    dd s = two_sum(hi, -a.hi);
    s.lo += lo - a.lo;
    return s;
}

/* The angle of (x, y) in [0, pi/2] for positive finite pairs: atan of the
 * smaller over the larger, from pi/2 when y is the larger. Both scaled by
 * a power of 2 into the range atan_ratio takes (exact); a ratio below
 * 2^-60 is its own atan to 2^-120, which changes its rounding only where it
 * lies exactly halfway between two subnormals. */
static dd first_quadrant(dd y, dd x, int accurate)
{
    int swap = y.hi > x.hi;
    dd a = swap ? x : y, b = swap ? y : x, t;
    if (a.hi * 0x1p60 < b.hi) {
        t.hi = a.hi / b.hi;
        t.lo = 0;
    } else {
        double f = b.hi > 0x1p500 ? 0x1p-600 : b.hi < 0x1p-500 ? 0x1p600 : 1;
        a.hi *= f; a.lo *= f;
        b.hi *= f; b.lo *= f;
        t = atan_ratio(a, b, accurate);
    }
    return swap ? minus(PIO2_HI, PIO2_LO, t) : t;
}

/* atan(a / b) within 2^-66 for doubles 0 < a <= b, a >= b 2^-60, b in
 * [2^-500, 2^500]: the fast path of atan_ratio with no low parts, u's
 * quotient unnormalized. */
static dd atan_ratio_fast(double a, double b)
{
    int i = (int)(a / b * ATAN_STEP + 0.5);
    double c = (double)i / ATAN_STEP, inv, q, lo, z;
    dd cb = mul_short(c, halve(b)), ca = mul_short(c, halve(a)), num, den, p, at;
    num = two_sum(a, -cb.hi);
    den = two_sum(b, ca.hi);
    num.lo -= cb.lo;
    den.lo += ca.lo;
    inv = 1 / den.hi;
    q = num.hi * inv;
    p = mul_exact(halve(q), halve(den.hi));
    lo = ((num.hi - p.hi) - p.lo + num.lo - q * den.lo) * inv;
    z = q * q;
    lo += q * z * (ATAN3_HI + z * (ATAN5 + z * (ATAN7 + z * ATAN9)));
    at = fast_sum(atan_table[i][0], q);
    at.lo += atan_table[i][1] + lo;
    return at;
}

/* atan2(y, x) as a pair for finite nonzero y and x. */
static dd atan2_pair(double y, double x, int accurate)
{
    double ay = fabs(y), ax = fabs(x), a = ay > ax ? ax : ay, b = ay > ax ? ay : ax;
    dd t;
    if (accurate || !(a * 0x1p60 >= b && b <= 0x1p500 && b >= 0x1p-500)) {
        dd yy, xx;
        yy.hi = ay; yy.lo = 0;
        xx.hi = ax; xx.lo = 0;
        t = first_quadrant(yy, xx, accurate);
    } else {
        t = atan_ratio_fast(a, b);
        if (ay > ax) t = minus(PIO2_HI, PIO2_LO, t);
    }
    if (x < 0) t = minus(PI_HI, PI_LO, t);
    return y < 0 ? neg(t) : t;
}

double c2d_atan2(double y, double x)
{
    double ay = fabs(y), ax = fabs(x), r;
    if (y != y || x != x) return x + y; /* NaN */
    if (ay != 0 && ax != 0 && ay < HUGE_VAL && ax < HUGE_VAL) {
        dd t = atan2_pair(y, x, 0);
        if (!rounds_surely(t)) t = atan2_pair(y, x, 1);
        return t.hi + t.lo; /* rounded once */
    }
    if (ay == HUGE_VAL) r = ax != HUGE_VAL ? PIO2_HI : x > 0 ? PIO4 : PI3O4;
    else if (ax == HUGE_VAL) r = x > 0 ? 0 : PI_HI;
    else if (ay == 0) r = signbit(x) ? PI_HI : 0; /* atan2(+-0, -0) = +-pi, atan2(+-0, +0) = +-0 */
    else r = PIO2_HI; /* x = +-0 */
    return signbit(y) ? -r : r;
}

/* acos x as a pair for 0 < |x| < 1: the angle of (x, sqrt(1 - x^2)). */
static dd acos_pair(double x, int accurate)
{
    double ax = fabs(x), h;
    dd w, root, xx, t;
    /* 1 - x^2 as a pair: (1 - |x|)(1 + |x|), the first exact (Sterbenz), from 1/2 up */
    if (ax >= 0.5) {
        dd one_plus = two_sum(1, ax);
        double d = 1 - ax;
        w = mul_exact(halve(d), halve(one_plus.hi));
        w.lo += d * one_plus.lo;
    } else {
        halves xh = halve(ax);
        dd sq = mul_exact(xh, xh);
        w = fast_sum(1, -sq.hi);
        w.lo -= sq.lo;
    }
    /* its square root as a pair: the root's error by an exact square */
    h = sqrt(w.hi);
    {
        halves hh = halve(h);
        dd sq = mul_exact(hh, hh);
        root = fast_sum(h, ((w.hi - sq.hi) - sq.lo + w.lo) / (2 * h));
    }
    xx.hi = ax;
    xx.lo = 0;
    t = first_quadrant(root, xx, accurate);
    return x < 0 ? minus(PI_HI, PI_LO, t) : t;
}

double c2d_acos(double x)
{
    dd t;
    if (!(fabs(x) <= 1)) return (x - x) / (x - x); /* NaN beyond [-1, 1] */
    if (x == 1) return 0;
    if (x == -1) return PI_HI;
    if (x == 0) return PIO2_HI;
    t = acos_pair(x, 0);
    if (!rounds_surely(t)) t = acos_pair(x, 1);
    return t.hi + t.lo; /* rounded once */
}
