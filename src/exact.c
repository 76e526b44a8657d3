/*
 * Exact decisions for any finite doubles: the fallbacks the filtered tests in
 * exact.h take when rounding could have flipped their answer.
 *
 * Every finite double is an integer times a power of two, so the numbers of
 * one decision are all integer multiples of 2^base (base: the least exponent
 * among them). Taken as integers in that unit, their differences, sums and
 * products are exact in big integers; a comparison of two polynomials of the
 * same degree in them is then the comparison of the doubles' real values. No
 * rounding, no overflow, no underflow: a gap of 1e-300 beside coordinates of
 * 1e300 is decided as surely as one of 1.
 *
 * Slow next to a rounded test (the magnitudes are sums of 32-bit limbs,
 * several hundred for the widest), which is why the filters come first: a
 * game's queries come here only for touches and near-touches.
 */
#include <string.h>
#include <stdint.h>
#include "exact.h"

/* Limbs for a product of four doubles' spans (each at most 2^2100 in its
 * unit) with room for the sums. */
#define LIMBS 280

typedef struct big {
    int n, neg;          /* limbs used (no leading zero limb); the sign */
    uint32_t d[LIMBS];   /* the magnitude, least significant limb first */
} big;

/* The exponent of x's least significant bit of mantissa: x = m 2^e, m an integer. */
static int low_exponent(double x)
{
    int e;
    frexp(x, &e);
    return e - 53;
}

/* The least unit among n doubles (their zeros left out). */
static int unit_of(const double *x, int n)
{
    int i, base = 0, any = 0;
    for (i = 0; i < n; i++) {
        if (x[i] == 0) continue;
        if (!any || low_exponent(x[i]) < base) base = low_exponent(x[i]);
        any = 1;
    }
    return base;
}

static void trim(big *z)
{
    while (z->n > 0 && z->d[z->n - 1] == 0) z->n--;
    if (z->n == 0) z->neg = 0;
}

/* x as an integer in units of 2^base (x is a multiple of it). */
static void big_set(big *z, double x, int base)
{
    int e, sh, q, r, i;
    uint64_t m;
    z->n = 0;
    z->neg = x < 0;
    if (x == 0) { z->neg = 0; return; }
    m = (uint64_t)ldexp(frexp(fabs(x), &e), 53);
    sh = e - 53 - base;
    q = sh / 32;
    r = sh % 32;
    for (i = 0; i < q; i++) z->d[i] = 0;
    z->d[q] = (uint32_t)(m << r);
    z->d[q + 1] = (uint32_t)(r ? m >> (32 - r) : m >> 32);
    z->d[q + 2] = (uint32_t)(r ? m >> (64 - r) : 0);
    z->n = q + 3;
    trim(z);
}

static int cmp_mag(const big *a, const big *b)
{
    int i;
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* z = a + b with b's sign flipped when negate (z may be a or b). */
static void big_add(big *z, const big *a, const big *b, int negate)
{
    int bneg = b->neg ^ (negate && b->n > 0), i, n;
    if (a->neg == bneg) {
        uint64_t carry = 0;
        n = a->n > b->n ? a->n : b->n;
        for (i = 0; i < n; i++) {
            uint64_t s = carry + (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0);
            z->d[i] = (uint32_t)s;
            carry = s >> 32;
        }
        z->d[n] = (uint32_t)carry;
        z->n = n + 1;
        z->neg = a->neg;
    } else {
        /* The larger magnitude less the smaller, with the larger's sign. */
        const big *hi = a, *lo = b;
        int neg = a->neg;
        int64_t borrow = 0;
        if (cmp_mag(a, b) < 0) { hi = b; lo = a; neg = bneg; }
        n = hi->n;
        for (i = 0; i < n; i++) {
            int64_t s = (int64_t)hi->d[i] - (i < lo->n ? lo->d[i] : 0) - borrow;
            borrow = s < 0;
            z->d[i] = (uint32_t)(s + (borrow ? (int64_t)1 << 32 : 0));
        }
        z->n = n;
        z->neg = neg;
    }
    trim(z);
}

/* z = a b (z distinct from a and b). */
static void big_mul(big *z, const big *a, const big *b)
{
    int i, j;
    z->n = a->n + b->n;
    memset(z->d, 0, sizeof z->d[0] * (size_t)z->n);
    for (i = 0; i < a->n; i++) {
        uint64_t carry = 0, x = a->d[i];
        if (x == 0) continue;
        for (j = 0; j < b->n; j++) {
            uint64_t t = x * b->d[j] + z->d[i + j] + carry;
            z->d[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        for (j = i + b->n; carry; j++) {
            uint64_t t = (uint64_t)z->d[j] + carry;
            z->d[j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    z->neg = a->neg != b->neg;
    trim(z);
}

/* The sign of a - b. */
static int big_cmp(const big *a, const big *b)
{
    int c;
    if (a->neg != b->neg) return a->neg ? -1 : 1;
    c = cmp_mag(a, b);
    return a->neg ? -c : c;
}

static int big_sign(const big *a) { return a->n == 0 ? 0 : a->neg ? -1 : 1; }

/* z = x^2 + y^2 (t scratch). */
static void big_norm2(big *z, const big *x, const big *y, big *t)
{
    big_mul(z, x, x);
    big_mul(t, y, y);
    big_add(z, z, t, 0);
}

int c2d_orient_exact(c2d_vec a, c2d_vec b, c2d_vec c)
{
    double x[6];
    big ux, uy, vx, vy, p, q;
    int base;
    x[0] = a.x, x[1] = a.y, x[2] = b.x, x[3] = b.y, x[4] = c.x, x[5] = c.y;
    base = unit_of(x, 6);
    big_set(&p, a.x, base);
    big_set(&q, b.x, base);
    big_add(&ux, &q, &p, 1);
    big_set(&q, c.x, base);
    big_add(&vx, &q, &p, 1);
    big_set(&p, a.y, base);
    big_set(&q, b.y, base);
    big_add(&uy, &q, &p, 1);
    big_set(&q, c.y, base);
    big_add(&vy, &q, &p, 1);
    big_mul(&p, &ux, &vy);
    big_mul(&q, &uy, &vx);
    return big_cmp(&p, &q);
}

/* A direction d, the offset v = c - a and a radius r in one unit (r 0 is
 * left out of the unit's choice, as every zero is; s and t scratch). */
static void load_direction(c2d_vec d, c2d_vec a, c2d_vec c, double r, big *dx, big *dy, big *vx, big *vy, big *R,
                           big *s, big *t)
{
    double x[7];
    int base;
    x[0] = d.x, x[1] = d.y, x[2] = a.x, x[3] = a.y, x[4] = c.x, x[5] = c.y, x[6] = r;
    base = unit_of(x, 7);
    big_set(dx, d.x, base);
    big_set(dy, d.y, base);
    big_set(s, a.x, base);
    big_set(t, c.x, base);
    big_add(vx, t, s, 1);
    big_set(s, a.y, base);
    big_set(t, c.y, base);
    big_add(vy, t, s, 1);
    big_set(R, r, base);
}

int c2d_cross_exact(c2d_vec d, c2d_vec a, c2d_vec c)
{
    big dx, dy, vx, vy, R, p, q;
    load_direction(d, a, c, 0, &dx, &dy, &vx, &vy, &R, &p, &q);
    big_mul(&p, &dx, &vy);
    big_mul(&q, &dy, &vx);
    return big_cmp(&p, &q);
}

/* z = to - from, both in the unit 2^base (s and t scratch). */
static void big_diff(big *z, double to, double from, int base, big *s, big *t)
{
    big_set(s, from, base);
    big_set(t, to, base);
    big_add(z, t, s, 1);
}

int c2d_cross2_exact(c2d_vec a, c2d_vec b, c2d_vec c, c2d_vec d)
{
    double x[8];
    big ux, uy, vx, vy, p, q;
    int base;
    x[0] = a.x, x[1] = a.y, x[2] = b.x, x[3] = b.y, x[4] = c.x, x[5] = c.y, x[6] = d.x, x[7] = d.y;
    base = unit_of(x, 8);
    big_diff(&ux, b.x, a.x, base, &p, &q);
    big_diff(&uy, b.y, a.y, base, &p, &q);
    big_diff(&vx, d.x, c.x, base, &p, &q);
    big_diff(&vy, d.y, c.y, base, &p, &q);
    big_mul(&p, &ux, &vy);
    big_mul(&q, &uy, &vx);
    return big_cmp(&p, &q);
}

/* A point p, a segment or line a..b and radii ra, rb in one unit: e = b - a,
 * w = p - a and r = ra + rb (s and t scratch). */
static void load_point_segment(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb, big *ex, big *ey, big *wx,
                               big *wy, big *r, big *s, big *t)
{
    double x[8];
    int base;
    x[0] = p.x, x[1] = p.y, x[2] = a.x, x[3] = a.y, x[4] = b.x, x[5] = b.y, x[6] = ra, x[7] = rb;
    base = unit_of(x, 8);
    big_set(s, a.x, base);
    big_set(t, b.x, base);
    big_add(ex, t, s, 1);
    big_set(t, p.x, base);
    big_add(wx, t, s, 1);
    big_set(s, a.y, base);
    big_set(t, b.y, base);
    big_add(ey, t, s, 1);
    big_set(t, p.y, base);
    big_add(wy, t, s, 1);
    big_set(s, ra, base);
    big_set(t, rb, base);
    big_add(r, s, t, 0);
}

int c2d_ray_line_within_exact(c2d_vec p, c2d_vec o, c2d_vec d, double r)
{
    big dx, dy, wx, wy, R, s, t, u;
    load_direction(d, o, p, r, &dx, &dy, &wx, &wy, &R, &s, &t);
    /* (d x w)^2 against r^2 (d.d), w = p - o */
    big_mul(&s, &R, &R);
    big_norm2(&t, &dx, &dy, &u);
    big_mul(&u, &s, &t);
    big_mul(&s, &dx, &wy);
    big_mul(&t, &dy, &wx);
    big_add(&s, &s, &t, 1);
    big_mul(&t, &s, &s);
    return big_cmp(&t, &u) <= 0;
}

int c2d_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    big ex, ey, wx, wy, r, r2, s, t, u;
    load_point_segment(p, a, b, ra, rb, &ex, &ey, &wx, &wy, &r, &s, &t);
    big_mul(&r2, &r, &r);
    /* Before a (or at it, a point): |w|^2 against r^2. */
    big_mul(&s, &ex, &wx);
    big_mul(&t, &ey, &wy);
    big_add(&s, &s, &t, 0); /* s = w.e */
    if (big_sign(&s) <= 0) {
        big_norm2(&t, &wx, &wy, &u);
        return big_cmp(&t, &r2) <= 0;
    }
    /* Past b: |p - b|^2 against r^2 (w - e = p - b). */
    big_norm2(&t, &ex, &ey, &u); /* t = e.e */
    if (big_cmp(&s, &t) >= 0) {
        big_add(&wx, &wx, &ex, 1);
        big_add(&wy, &wy, &ey, 1);
        big_norm2(&s, &wx, &wy, &u);
        return big_cmp(&s, &r2) <= 0;
    }
    /* Beside the segment: (e x w)^2 against r^2 (e.e). */
    big_mul(&s, &r2, &t); /* degree 4 */
    big_mul(&t, &ex, &wy);
    big_mul(&u, &ey, &wx);
    big_add(&t, &t, &u, 1);
    big_mul(&u, &t, &t);
    return big_cmp(&u, &s) <= 0;
}

int c2d_line_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    big ex, ey, wx, wy, r, s, t, u;
    load_point_segment(p, a, b, ra, rb, &ex, &ey, &wx, &wy, &r, &s, &t);
    /* (e x w)^2 against r^2 (e.e) */
    big_mul(&s, &r, &r);
    big_norm2(&t, &ex, &ey, &u);
    big_mul(&u, &s, &t); /* r^2 e.e, degree four */
    big_mul(&s, &ex, &wy);
    big_mul(&t, &ey, &wx);
    big_add(&s, &s, &t, 1);
    big_mul(&t, &s, &s);
    return big_cmp(&t, &u) <= 0;
}
