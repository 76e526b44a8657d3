/*
 * Internal to the C core: exact decisions on the doubles as given (exact.c),
 * and the filtered tests that ask them only where rounding could decide
 * wrong.
 */
#ifndef COLLIDE2D_EXACT_H
#define COLLIDE2D_EXACT_H

#include "tolerances.h"
#include "vec.h"

/*
 * Exact decisions for any finite doubles (exact.c): the sign of the turn
 * a -> b -> c (and of a direction crossed with a difference), and whether
 * point p lies within ra + rb (the real sum) of the segment a..b (a == b:
 * the point). Slow; the filtered tests below come here only when rounding
 * could have decided wrong.
 */
int c2d_orient_exact(c2d_vec a, c2d_vec b, c2d_vec c);
/* The exact sign of d x (c - a). */
int c2d_cross_exact(c2d_vec d, c2d_vec a, c2d_vec c);
/* The exact sign of (b - a) x (d - c). */
int c2d_cross2_exact(c2d_vec a, c2d_vec b, c2d_vec c, c2d_vec d);
int c2d_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb);
/* Whether point p lies within ra + rb of the line through a and b (a != b). */
int c2d_line_within_exact(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb);
/* Whether point p lies within r of the line through o along d (d not zero). */
int c2d_ray_line_within_exact(c2d_vec p, c2d_vec o, c2d_vec d, double r);

/*
 * The filters' rounding. For numbers of magnitude at most C2D_FILTER_HI (so
 * that no product of four overflows), a rounded sum of products of rounded
 * differences (each factor within one rounding, the products and the sum
 * one each) lies within 8 units of rounding (2^-50) of the products'
 * magnitudes, plus C2D_FILTER_ABS for products that underflow, from the
 * exact value. A test farther from its tie than that has the exact answer.
 */
#define C2D_FILTER_ERR 0x1p-50
#define C2D_FILTER_ABS 0x1p-1000
#define C2D_FILTER_HI 0x1p240

/*
 * The filtered tests below take m2 = 2 m^2, m a bound on every component of
 * every difference they use (each rounded once from the numbers given). A
 * sum of two products of such differences is then within C2D_FILTER_ERR m2
 * (and C2D_FILTER_ABS, for underflow) of its exact value: one bound for the
 * whole test, worked out once by the caller.
 */
static inline double c2d_filter_m2(double m) { return 2 * m * m; }

/* The sign of u x v, where u = b - a and v = c - a (numbers within
 * C2D_FILTER_HI), when the rounded product is farther from 0 than its
 * rounding; 0 when it cannot tell (c2d_orient_exact can). */
static inline int c2d_cross_filter(c2d_vec u, c2d_vec v, double m2)
{
    double d = u.x * v.y - u.y * v.x;
    if (fabs(d) > C2D_FILTER_ERR * m2 + C2D_FILTER_ABS) return d > 0 ? 1 : -1;
    return 0;
}

/* The largest component of three vectors. */
static inline double c2d_max_comp3(c2d_vec a, c2d_vec b, c2d_vec c)
{
    return dmax(dmax(dmax(fabs(a.x), fabs(a.y)), dmax(fabs(b.x), fabs(b.y))), dmax(fabs(c.x), fabs(c.y)));
}

/* The exact sign of the turn a -> b -> c (coordinates within C2D_FILTER_HI). */
static inline int c2d_orient_sign(c2d_vec a, c2d_vec b, c2d_vec c)
{
    c2d_vec u = vsub(b, a), v = vsub(c, a);
    int k = c2d_cross_filter(u, v, c2d_filter_m2(c2d_max_comp3(u, v, v)));
    return k != 0 ? k : c2d_orient_exact(a, b, c);
}

/*
 * Is point p within sqrt(r2) of segment a..b, given e = b - a and w = p - a
 * and m2 (above; p - b counts among the differences): 1 or 0 where the
 * rounded test (no division: exact for integers) is farther from a tie than
 * its rounding, -1 where it cannot tell (c2d_within_exact can). Which
 * region p is in (before a, past b, beside) matters where the distance is
 * far below the segment's length: an end within the radius holds whatever
 * the region (the distance is at most that end's), and so does the line
 * beyond it (the distance is at least the line's); the other two answers
 * need the region sure. (No call in it: the callers' doubles stay in
 * registers, where a call would spill them.)
 */
static inline int c2d_pt_seg_filter(c2d_vec e, c2d_vec w, double r2, double m2, c2d_vec p, c2d_vec b)
{
    double t = vdot(w, e), err = C2D_FILTER_ERR * m2 + C2D_FILTER_ABS, d2, ee, g, c, lhs, rhs, slack;
    int sure;
    if (t > 0) {
        ee = vlen2(e);
        g = ee - t; /* e.(b - p): past b when <= 0 */
        if (g > 0) {
            /* Beside the segment: (e x w)^2 against r^2 (e.e), degree four.
             * The rounding of rhs is within 8 units of it, each square
             * within 3: four times the margin, and the underflow of squares. */
            c = vcross(e, w);
            rhs = r2 * ee;
            slack = C2D_FILTER_ABS * (1 + m2 + r2);
            lhs = fabs(c) - err;
            if (lhs > 0 && lhs * lhs - slack > rhs * (1 + 4 * C2D_FILTER_ERR) + slack) return 0;
            lhs = fabs(c) + err;
            if (lhs * lhs + slack < rhs * (1 - 4 * C2D_FILTER_ERR) - slack && t > err && g > 2 * err) return 1;
            return -1;
        }
        w = vsub(p, b);
        sure = -g > 2 * err;
    } else {
        sure = -t > err || (e.x == 0 && e.y == 0); /* (a point: no regions) */
    }
    /* Before a or past b: |w|^2 against r^2. */
    if (w.x == 0 && w.y == 0) return 1; /* at the end */
    d2 = vlen2(w);
    if (fabs(d2 - r2) > C2D_FILTER_ERR * (d2 + r2) + C2D_FILTER_ABS && (d2 <= r2 || sure)) return d2 <= r2;
    return -1;
}

/* Is point p within ra + rb of segment a..b (a == b: a point), exactly, for
 * numbers within C2D_FILTER_HI. */
static inline int c2d_pt_seg_within(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a);
    double r = ra + rb;
    int k = c2d_pt_seg_filter(e, w, r * r, c2d_filter_m2(c2d_max_comp3(e, w, vsub(p, b))), p, b);
    return k >= 0 ? k : c2d_within_exact(p, a, b, ra, rb);
}

/* Is point p within ra + rb of the line through a and b (a != b), exactly,
 * for any finite numbers: (e x w)^2 against r^2 (e.e), as beside a segment
 * (a product that overflows or underflows leaves the filter unsure). */
static inline int c2d_pt_line_within(c2d_vec p, c2d_vec a, c2d_vec b, double ra, double rb)
{
    c2d_vec e = vsub(b, a), w = vsub(p, a);
    double r = ra + rb, r2 = r * r, m2 = c2d_filter_m2(c2d_max_comp3(e, w, w));
    double err = C2D_FILTER_ERR * m2 + C2D_FILTER_ABS, c = vcross(e, w), rhs = r2 * vlen2(e);
    double slack = C2D_FILTER_ABS * (1 + m2 + r2), lhs = fabs(c) - err;
    if (lhs > 0 && lhs * lhs - slack > rhs * (1 + 4 * C2D_FILTER_ERR) + slack) return 0;
    lhs = fabs(c) + err;
    if (lhs * lhs + slack < rhs * (1 - 4 * C2D_FILTER_ERR) - slack) return 1;
    return c2d_line_within_exact(p, a, b, ra, rb);
}

/* Is point p within ra + rb of point q, exactly, for any finite numbers (a
 * square that overflows or underflows leaves the filter unsure). */
static inline int c2d_pt_pt_within(c2d_vec p, c2d_vec q, double ra, double rb)
{
    double dx = q.x - p.x, dy = q.y - p.y, r = ra + rb, d2 = dx * dx + dy * dy, r2 = r * r;
    if (dx == 0 && dy == 0) return 1;
    if (fabs(d2 - r2) > C2D_FILTER_ERR * (d2 + r2) + C2D_FILTER_ABS) return d2 <= r2;
    return c2d_within_exact(p, q, q, ra, rb);
}

#endif
