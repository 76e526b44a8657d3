/*
 * The convex hull of points (Andrew's monotone chain) and the turn of three
 * points it decides by, exact for the doubles given (error-free products
 * where the rounded determinant is too near 0 to tell). c2d_make_hull, which
 * makes a shape of the hull, is shape.c's.
 */
#include "geometry.h"
#include "sort.h"

int c2d_point_order(const void *pa, const void *pb)
{
    const c2d_vec *a = pa, *b = pb;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return 0;
}

/* x + y = *s + *t exactly (Knuth's two-sum; no overflow). */
static void two_sum(double x, double y, double *s, double *t)
{
    double z = x + y, yv = z - x, xv = z - yv;
    *s = z;
    *t = (x - xv) + (y - yv);
}

/* x as hi + lo, each of at most 26 significant bits (Veltkamp's split),
 * exactly while 2^27 x does not overflow. (The product is kept in a
 * volatile so that no compiler fuses it with the subtraction after it.) */
static void split(double x, double *hi, double *lo)
{
    volatile double c = 134217729.0 * x; /* 2^27 + 1 */
    double h = c - (c - x);
    *hi = h;
    *lo = x - h;
}

/* The rounding error of p, the rounded x * y: x * y - p exactly (Dekker's
 * product on the split halves, whose products are exact), while no
 * product leaves the doubles (orient_exact's range). Not fma: some C
 * libraries (mingw-w64's) compute it inexactly, which turned exact
 * orientations the wrong way on Windows. Each product goes through a
 * volatile, so that no compiler fuses it into an fma either. */
static double product_error(double x, double y, double p)
{
    double xh, xl, yh, yl;
    volatile double hh, hl, lh, ll;
    split(x, &xh, &xl);
    split(y, &yh, &yl);
    hh = xh * yh;
    hl = xh * yl;
    lh = xl * yh;
    ll = xl * yl;
    return (((hh - p) + hl) + lh) + ll;
}

/* The exact sign of (b - a) x (c - a) for coordinates whose magnitudes lie
 * in [2^-400, 2^400] (or are 0), where no difference, product or error term
 * leaves the normal doubles: the differences and products split into exact
 * pairs of doubles (two-sum, Dekker's product), the sixteen terms summed
 * into an exact expansion (Shewchuk's grow-expansion), whose largest term
 * has the sign. */
static int orient_exact(c2d_vec a, c2d_vec b, c2d_vec c)
{
    double ux[2], uy[2], vx[2], vy[2], e[16];
    int i, j, k, m = 0;
    two_sum(b.x, -a.x, &ux[0], &ux[1]);
    two_sum(b.y, -a.y, &uy[0], &uy[1]);
    two_sum(c.x, -a.x, &vx[0], &vx[1]);
    two_sum(c.y, -a.y, &vy[0], &vy[1]);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++) {
            double t[4];
            t[0] = ux[i] * vy[j];
            t[1] = product_error(ux[i], vy[j], t[0]);
            t[2] = -(uy[i] * vx[j]);
            t[3] = product_error(-uy[i], vx[j], t[2]);
            for (k = 0; k < 4; k++) {
                double q = t[k];
                int h;
                for (h = 0; h < m; h++) two_sum(q, e[h], &q, &e[h]);
                e[m++] = q;
            }
        }
    for (k = m - 1; k >= 0; k--)
        if (e[k] != 0) return e[k] > 0 ? 1 : -1;
    return 0;
}

/* Is |x| zero or in [2^-400, 2^400] (orient_exact's range). */
static int exact_range(double x)
{
    x = fabs(x);
    return x == 0 || (x >= 0x1p-400 && x <= 0x1p400);
}

/* The turn a -> b -> c (> 0 counter-clockwise, 0 on a line): its exact sign
 * for the doubles given, so that the hull is convex for them, exactly (a
 * turn decided from rounded differences kept (253 - 2.3e-12, 253 - 3.5e-12)
 * beside (253, 253 - 1.2e-12), which puts (0, -5) 3.5 outside that edge's
 * line). Beyond orient_exact's range, in big integers (c2d_orient_exact):
 * a turn from rounded differences there lost the offsets of points 1e-322
 * apart beside ones 13 away, and read an outline with area as a line. */
double c2d_orient(c2d_vec a, c2d_vec b, c2d_vec c)
{
    c2d_vec u, v;
    double p, q;
    if (exact_range(a.x) && exact_range(a.y) && exact_range(b.x) && exact_range(b.y) && exact_range(c.x) &&
        exact_range(c.y)) {
        /* Where the rounded determinant is farther from 0 than its rounding,
         * its sign is the exact one. */
        u = vsub(b, a);
        v = vsub(c, a);
        p = u.x * v.y;
        q = u.y * v.x;
        if (fabs(p - q) > c2d_ulps(4, fabs(p) + fabs(q)) && fabs(p - q) >= 0x1p-900) return p - q;
        return orient_exact(a, b, c);
    }
    return c2d_orient_exact(a, b, c);
}

int c2d_hull(c2d_vec *pts, int n, c2d_vec *out)
{
    /* Andrew's monotone chain; a vertex on a hull edge is dropped (turn <= 0). */
    int i, k = 0, lower;
    if (n <= 0) return 0;
    c2d_sort(pts, (size_t)n, sizeof *pts, c2d_point_order);
    for (i = 0; i < n; i++) {
        while (k >= 2 && c2d_orient(out[k - 2], out[k - 1], pts[i]) <= 0) k--;
        out[k++] = pts[i];
    }
    lower = k + 1;
    for (i = n - 2; i >= 0; i--) {
        while (k >= lower && c2d_orient(out[k - 2], out[k - 1], pts[i]) <= 0) k--;
        out[k++] = pts[i];
    }
    k--; /* the last point repeats the first */
    if (k < 1) k = 1;
    if (k == 2 && veq(out[0], out[1])) k = 1;
    return k;
}
