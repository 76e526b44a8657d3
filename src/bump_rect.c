/*
 * bump's rectangle functions (see bump.h): where a segment crosses a
 * rectangle, where a moving rectangle first meets another, and the cells a
 * rectangle covers. As in bump.c, every number a caller can see is computed
 * as bump.lua 3.1.7 computes it, so results agree bit for bit.
 */
#include "no_fma.h"
#include <math.h>
#include "bump.h"
#include "geometry.h"

/* Liang-Barsky clipping of the segment against r within [ti1, ti2], keeping the sides' normals.
   A bound the clipping moves becomes a quotient, a float. */
int c2d_bump_span_of(const c2d_bump_rect *r, double x1, double y1, double x2, double y2,
                     double ti1, double ti2, unsigned t_ints, c2d_bump_span *out)
{
    double dx = x2 - x1, dy = y2 - y1;
    int nx1 = 0, ny1 = 0, nx2 = 0, ny2 = 0, side;
    for (side = 0; side < 4; side++) {
        double p, q, t;
        int nx = 0, ny = 0;
        switch (side) {
        case 0: nx = -1; p = -dx; q = x1 - r->x; break;
        case 1: nx = 1; p = dx; q = r->x + r->w - x1; break;
        case 2: ny = -1; p = -dy; q = y1 - r->y; break;
        default: ny = 1; p = dy; q = r->y + r->h - y1; break;
        }
        if (p == 0) {
            if (q <= 0) return 0;
        } else {
            t = q / p;
            if (p < 0) {
                if (t > ti2) return 0;
                if (t > ti1) { ti1 = t; nx1 = nx; ny1 = ny; t_ints &= ~(unsigned)C2D_BUMP_INT_TI1; }
            } else {
                if (t < ti1) return 0;
                if (t < ti2) { ti2 = t; nx2 = nx; ny2 = ny; t_ints &= ~(unsigned)C2D_BUMP_INT_TI2; }
            }
        }
    }
    out->ti1 = ti1; out->ti2 = ti2;
    out->nx1 = nx1; out->ny1 = ny1; out->nx2 = nx2; out->ny2 = ny2;
    out->ints = t_ints;
    return 1;
}

/* A number as bump.lua holds it: its value, and whether it is an integer. */
typedef struct num {
    double v;
    int integer;
} num;

static num bit_num(double v, unsigned ints, unsigned bit)
{
    num n;
    n.v = v;
    n.integer = (ints & bit) != 0;
    return n;
}

static num add(num a, num b)
{
    num n;
    n.v = a.v + b.v;
    n.integer = a.integer && b.integer;
    return n;
}

static num sub(num a, num b)
{
    num n;
    n.v = a.v - b.v;
    n.integer = a.integer && b.integer;
    return n;
}

/* Of a and b, the one nearer to 0 (b on a tie): bump's nearest(0, a, b). */
static num nearer0(num a, num b)
{
    return fabs(a.v) < fabs(b.v) ? a : b;
}

/* math.min(a, |b|): a unless |b| is smaller. */
static num min_abs(num a, num b)
{
    b.v = fabs(b.v);
    return b.v < a.v ? b : a;
}

static int sign_of(double x)
{
    return x > 0 ? 1 : x == 0 ? 0 : -1;
}

/* Sweep item toward the goal against other, through their Minkowski difference. */
int c2d_bump_detect(const c2d_bump_rect *a, const c2d_bump_rect *b, double goalx, double goaly,
                    unsigned goal_ints, c2d_bump_col *out)
{
    num ax = bit_num(a->x, a->ints, C2D_BUMP_INT_X), ay = bit_num(a->y, a->ints, C2D_BUMP_INT_Y);
    num aw = bit_num(a->w, a->ints, C2D_BUMP_INT_W), ah = bit_num(a->h, a->ints, C2D_BUMP_INT_H);
    num bx = bit_num(b->x, b->ints, C2D_BUMP_INT_X), by = bit_num(b->y, b->ints, C2D_BUMP_INT_Y);
    num bw = bit_num(b->w, b->ints, C2D_BUMP_INT_W), bh = bit_num(b->h, b->ints, C2D_BUMP_INT_H);
    num mx = sub(bit_num(goalx, goal_ints, C2D_BUMP_INT_X), ax);
    num my = sub(bit_num(goaly, goal_ints, C2D_BUMP_INT_Y), ay);
    num dx = sub(sub(bx, ax), aw), dy = sub(sub(by, ay), ah); /* the difference's corner and size */
    num dw = add(aw, bw), dh = add(ah, bh);
    num px, py, tx, ty, ti;
    c2d_bump_rect d;
    c2d_bump_span s;
    int overlaps, nx = 0, ny = 0;
    d.x = dx.v; d.y = dy.v; d.w = dw.v; d.h = dh.v; d.ints = 0;
    px = nearer0(dx, add(dx, dw));
    py = nearer0(dy, add(dy, dh));
    if (0 - d.x > C2D_BUMP_DELTA && 0 - d.y > C2D_BUMP_DELTA && d.x + d.w - 0 > C2D_BUMP_DELTA &&
        d.y + d.h - 0 > C2D_BUMP_DELTA) {
        /* They overlap: ti is minus the area of the overlap. */
        num wi = min_abs(aw, px), hi = min_abs(ah, py);
        ti.v = -wi.v * hi.v;
        ti.integer = wi.integer && hi.integer;
        overlaps = 1;
    } else {
        if (!c2d_bump_span_of(&d, 0, 0, mx.v, my.v, -HUGE_VAL, HUGE_VAL, 0, &s)) return 0;
        /* A hit only when entering within the step, not grazing a corner. */
        if (!(s.ti1 < 1 && fabs(s.ti1 - s.ti2) >= C2D_BUMP_DELTA &&
              (0 < s.ti1 + C2D_BUMP_DELTA || (0 == s.ti1 && s.ti2 > 0))))
            return 0;
        ti.v = s.ti1;
        ti.integer = 0;
        nx = s.nx1; ny = s.ny1;
        overlaps = 0;
    }
    if (overlaps && mx.v == 0 && my.v == 0) {
        /* Not moving: push out along the shorter way (the other coordinate a literal 0). */
        num zero = { 0, 1 };
        if (fabs(px.v) < fabs(py.v)) py = zero; else px = zero;
        nx = sign_of(px.v); ny = sign_of(py.v);
        tx = add(ax, px); ty = add(ay, py);
    } else {
        double t = ti.v;
        if (overlaps) {
            /* Moving: back out against the motion. */
            if (!c2d_bump_span_of(&d, 0, 0, mx.v, my.v, -HUGE_VAL, 1, 0, &s)) return 0;
            nx = s.nx1; ny = s.ny1;
            t = s.ti1;
        }
        /* The time is a quotient (or -inf): a float. */
        tx.v = ax.v + mx.v * t; tx.integer = 0;
        ty.v = ay.v + my.v * t; ty.integer = 0;
    }
    out->other = 0;
    out->overlaps = overlaps;
    out->ti = ti.v;
    out->dist = 0;
    out->mx = mx.v; out->my = my.v;
    out->nx = nx; out->ny = ny;
    out->tx = tx.v; out->ty = ty.v;
    out->seq = 0;
    out->item = *a;
    out->rect = *b;
    out->ints = (ti.integer ? C2D_BUMP_INT_TI : 0) | (mx.integer ? C2D_BUMP_INT_MX : 0) |
                (my.integer ? C2D_BUMP_INT_MY : 0) | (tx.integer ? C2D_BUMP_INT_TX : 0) |
                (ty.integer ? C2D_BUMP_INT_TY : 0);
    return 1;
}

void c2d_bump_cells_of(double cs, const c2d_bump_rect *r, c2d_bump_cells *out)
{
    double cx = floor(r->x / cs) + 1, cy = floor(r->y / cs) + 1;
    double cr = ceil((r->x + r->w) / cs), cb = ceil((r->y + r->h) / cs);
    out->cl = cx; out->ct = cy;
    out->cw = cr - cx + 1; out->ch = cb - cy + 1;
}
