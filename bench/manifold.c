/*
 * bench/manifold.c: c2d_manifolds against Box2D v3's b2CollidePolygons on the
 * same pairs of boxes (bench/box2d.sh manifold builds it against a Box2D checkout).
 * It only measures: ns per call of each, and how often the two agree on the
 * number of points (within Box2D's speculative distance, the margin given to
 * collide2d too) and on the deepest separation.
 *
 * The pairs: NP boxes 1 to 3 units wide, turned by any angle, each placed near
 * a second one (a floor-like box 8 wide, turned by up to 0.3 rad) so that most
 * rest on it or overlap it a little, some hover within the margin and a few
 * are apart. Every number is rounded to float first, so both libraries see the
 * same geometry (Box2D's boxes turned by the exact cosine and sine, not its
 * own approximation b2ComputeCosSin).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "collide2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

enum { NP = 4096, ROUNDS = 200 };
#define MARGIN 0.02 /* Box2D's B2_SPECULATIVE_DISTANCE: 4 linear slops of 0.005 */

typedef struct box { double cx, cy, w, h, angle; } box;

static double rnd(void) { return uniform(0, 1); }
static double f32(double x) { return (double)(float)x; }

static box A[NP], B[NP];
static c2d_shape ca[NP], cb[NP];
static b2Polygon pa[NP], pb[NP];

int main(void)
{
    int i, r, bad, agree = 0, deep_agree = 0, both = 0, n, counts[3][3] = { { 0 } }, x, y;
    double t0, t_c2d, t_b2, sink = 0;
    for (i = 0; i < NP; i++) {
        double gap = -0.05 + 0.1 * rnd(); /* from 0.05 in to 0.05 apart, before the tilt */
        B[i].cx = f32(20 * rnd() - 10);
        B[i].cy = f32(20 * rnd() - 10);
        B[i].w = 8;
        B[i].h = 2;
        B[i].angle = f32(0.6 * rnd() - 0.3);
        A[i].w = f32(1 + 2 * rnd());
        A[i].h = f32(1 + 2 * rnd());
        A[i].angle = f32(B[i].angle + (rnd() < 0.5 ? 0 : 0.2 * rnd() - 0.1));
        {
            /* on B's top face (its +y side, turned), off its centre along it */
            double c = cos(B[i].angle), s = sin(B[i].angle), along = 6 * rnd() - 3;
            double up = B[i].h / 2 + A[i].h / 2 + gap;
            A[i].cx = f32(B[i].cx + c * along - s * up);
            A[i].cy = f32(B[i].cy + s * along + c * up);
        }
    }
    for (i = 0; i < NP; i++) {
        double na[5] = { A[i].cx, A[i].cy, A[i].w, A[i].h, A[i].angle };
        double nb[5] = { B[i].cx, B[i].cy, B[i].w, B[i].h, B[i].angle };
        c2d_make(&ca[i], C2D_BOX, na, 5, NULL, &bad);
        c2d_make(&cb[i], C2D_BOX, nb, 5, NULL, &bad);
        pa[i] = b2MakeOffsetBox((float)(A[i].w / 2), (float)(A[i].h / 2), (b2Vec2){ (float)A[i].cx, (float)A[i].cy },
                                (b2Rot){ (float)cos(A[i].angle), (float)sin(A[i].angle) });
        pb[i] = b2MakeOffsetBox((float)(B[i].w / 2), (float)(B[i].h / 2), (b2Vec2){ (float)B[i].cx, (float)B[i].cy },
                                (b2Rot){ (float)cos(B[i].angle), (float)sin(B[i].angle) });
    }
    for (i = 0; i < NP; i++) {
        c2d_manifold m;
        b2LocalManifold bm = b2CollidePolygons(&pa[i], &pb[i], b2Transform_identity);
        c2d_manifolds(&ca[i], &cb[i], MARGIN, &m, 1, &n);
        if (n == 0) m.count = 0;
        if (m.count == bm.pointCount) agree++;
        else counts[m.count][bm.pointCount]++;
        if (n > 0 && bm.pointCount > 0) {
            double dc = m.points[0].separation, db = bm.points[0].separation;
            int k;
            for (k = 1; k < m.count; k++) dc = fmin(dc, m.points[k].separation);
            for (k = 1; k < bm.pointCount; k++) db = fmin(db, bm.points[k].separation);
            both++;
            if (fabs(dc - db) < 1e-4) deep_agree++;
            else if (getenv("SHOW") && i < 400) {
                double ds = c2d_distance(&ca[i], &cb[i]).distance;
                c2d_contact_result cr;
                c2d_contact(&ca[i], &cb[i], &cr);
                printf("pair %d: c2d %d pts sep %.6g (n %.4f %.4f) b2 %d pts sep %.6g (n %.4f %.4f); distance %.6g depth %.6g\n", i, m.count, dc, m.normal.x, m.normal.y, bm.pointCount, db, bm.normal.x, bm.normal.y, ds, cr.hit ? cr.depth : -1);
            }
        }
    }
    t0 = cpu_now();
    for (r = 0; r < ROUNDS; r++)
        for (i = 0; i < NP; i++) {
            c2d_manifold m;
            c2d_manifolds(&ca[i], &cb[i], MARGIN, &m, 1, &n);
            sink += n ? m.points[0].separation : 0;
        }
    t_c2d = (cpu_now() - t0) / ((double)ROUNDS * NP) * 1e9;
    t0 = cpu_now();
    for (r = 0; r < ROUNDS; r++)
        for (i = 0; i < NP; i++) {
            b2LocalManifold bm = b2CollidePolygons(&pa[i], &pb[i], b2Transform_identity);
            sink += bm.pointCount ? bm.points[0].separation : 0;
        }
    t_b2 = (cpu_now() - t0) / ((double)ROUNDS * NP) * 1e9;
    printf("manifold of two boxes, %d pairs (margin %g)\n", NP, MARGIN);
    printf("  collide2d c2d_manifolds      %7.1f ns/call\n", t_c2d);
    printf("  Box2D b2CollidePolygons      %7.1f ns/call\n", t_b2);
    printf("  ratio                        %7.2f\n", t_c2d / t_b2);
    printf("  same number of points        %d of %d\n", agree, NP);
    for (x = 0; x < 3; x++)
        for (y = 0; y < 3; y++)
            if (counts[x][y]) printf("    collide2d %d points, Box2D %d: %d pairs\n", x, y, counts[x][y]);
    printf("  deepest separation within 1e-4 (float): %d of %d both report\n", deep_agree, both);
    if (sink == 12345.678) printf("%g\n", sink);
    return 0;
}
