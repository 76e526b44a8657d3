/*
 * make dist-check: loads the Windows collide2d.dll with LoadLibrary, as a
 * program with no Lua would (the DLL takes the Lua API from lua51.dll only
 * when a Lua function is first called), and asks the C core questions whose
 * answers are worked out by hand. Exits non-zero on any wrong answer.
 *   dll_check.exe path\to\collide2d.dll
 */
#include <windows.h>
#include <stdio.h>
#include "collide2d.h"

typedef c2d_error (*make_fn)(c2d_shape *, c2d_kind, const double *, int, c2d_vec *, int *);
typedef int (*hits_fn)(const c2d_shape *, const c2d_shape *);
typedef c2d_distance_result (*distance_fn)(const c2d_shape *, const c2d_shape *);
typedef c2d_sweep_result (*sweep_fn)(const c2d_shape *, c2d_vec, const c2d_shape *, c2d_vec);
typedef c2d_sweep_result (*raycast_fn)(const c2d_shape *, c2d_vec, c2d_vec, double);

static make_fn make;
static int failures;

static void expect(int ok, const char *what)
{
    printf("%s  %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok) failures++;
}

/* A shape of kind from its constructor's numbers; storage for a Polygon. */
static c2d_shape shape(c2d_kind kind, const double *nums, int n, c2d_vec *storage)
{
    c2d_shape s;
    int bad = -1;
    if (make(&s, kind, nums, n, storage, &bad) != C2D_OK) {
        printf("FAIL  c2d_make refused kind %d (number %d)\n", (int)kind, bad);
        failures++;
    }
    return s;
}

static c2d_vec vec(double x, double y)
{
    c2d_vec v;
    v.x = x;
    v.y = y;
    return v;
}

/* GetProcAddress, and a failure when the DLL does not export name. */
static void (*symbol(HMODULE dll, const char *name))(void)
{
    void (*f)(void) = (void (*)(void))GetProcAddress(dll, name);
    if (f == NULL) {
        printf("FAIL  %s is not exported\n", name);
        failures++;
    }
    return f;
}

int main(int argc, char **argv)
{
    HMODULE dll;
    hits_fn hits;
    distance_fn distance;
    sweep_fn sweep;
    raycast_fn raycast;
    c2d_vec tri_storage[3];
    const double tile_a[] = { 0, 0, 16, 16 }, tile_b[] = { 16, 0, 16, 16 };
    const double tile_gap[] = { 16 + 1e-9, 0, 16, 16 };
    const double small[] = { 0, 0, 1 }, big[] = { 5, 0, 2 };
    const double bullet[] = { 0, 50, 1 }, wall[] = { 100, 0, 20, 200 };
    const double tri[] = { 0, 0, 4, 0, 0, 4 }, on_edge[] = { 2, 2 }, past_edge[] = { 2, 2.000001 };
    const double far_a[] = { 1e6, 1e6, 3 }, far_b[] = { 1e6 + 4, 1e6 + 3, 2 };
    c2d_shape a, b;
    c2d_distance_result d;
    c2d_sweep_result r;

    if (argc != 2) {
        fprintf(stderr, "usage: dll_check path\\to\\collide2d.dll\n");
        return 2;
    }
    dll = LoadLibraryA(argv[1]);
    if (dll == NULL) {
        printf("FAIL  LoadLibrary(%s): error %lu\n", argv[1], (unsigned long)GetLastError());
        return 1;
    }
    expect(GetModuleHandleA("lua51.dll") == NULL, "loaded without lua51.dll");
    make = (make_fn)symbol(dll, "c2d_make");
    hits = (hits_fn)symbol(dll, "c2d_hits");
    distance = (distance_fn)symbol(dll, "c2d_distance");
    sweep = (sweep_fn)symbol(dll, "c2d_sweep");
    raycast = (raycast_fn)symbol(dll, "c2d_raycast");
    symbol(dll, "luaopen_collide2d");
    if (failures) return 1;

    /* Integer tiles sharing the edge x = 16 hit; 1e-9 further they do not. */
    a = shape(C2D_AABB, tile_a, 4, NULL);
    b = shape(C2D_AABB, tile_b, 4, NULL);
    expect(hits(&a, &b) && hits(&b, &a), "touching tiles hit");
    b = shape(C2D_AABB, tile_gap, 4, NULL);
    expect(!hits(&a, &b), "tiles 1e-9 apart miss");

    /* Disks at (0, 0) r 1 and (5, 0) r 2: 5 - 1 - 2 = 2 apart, at (1, 0) and (3, 0). */
    a = shape(C2D_DISK, small, 3, NULL);
    b = shape(C2D_DISK, big, 3, NULL);
    d = distance(&a, &b);
    expect(d.distance == 2 && d.a.x == 1 && d.a.y == 0 && d.b.x == 3 && d.b.y == 0,
           "disk distance 2, closest points (1, 0) and (3, 0)");

    /* Far out: centres (3, 4) apart, radii 3 + 2 = 5: they touch. */
    a = shape(C2D_DISK, far_a, 3, NULL);
    b = shape(C2D_DISK, far_b, 3, NULL);
    expect(hits(&a, &b), "disks touching near 1e6 hit");

    /* A point on the hypotenuse x + y = 4 of the triangle is in it; 1e-6 beyond is not. */
    a = shape(C2D_POLYGON, tri, 6, tri_storage);
    b = shape(C2D_POINT, on_edge, 2, NULL);
    expect(hits(&a, &b), "point on a polygon edge hits");
    b = shape(C2D_POINT, past_edge, 2, NULL);
    expect(!hits(&a, &b), "point past a polygon edge misses");

    /* A disk of radius 1 at x = 0 moving 1000 right meets the wall x = 100
     * when its rim reaches it: t = 99 / 1000, normal (-1, 0). */
    a = shape(C2D_DISK, bullet, 3, NULL);
    b = shape(C2D_AABB, wall, 4, NULL);
    r = sweep(&a, vec(1000, 0), &b, vec(0, 0));
    expect(r.hit && r.t == 0.099 && r.normal.x == -1 && r.normal.y == 0, "sweep into a wall: t 0.099, normal (-1, 0)");
    r = sweep(&a, vec(0, 1000), &b, vec(0, 0));
    expect(!r.hit, "sweep along the wall misses");

    /* A ray from (0, 50) along (200, 0) reaches x = 100 at t = 0.5; to the left it misses. */
    r = raycast(&b, vec(0, 50), vec(200, 0), 1);
    expect(r.hit && r.t == 0.5 && r.normal.x == -1 && r.normal.y == 0, "raycast: t 0.5, normal (-1, 0)");
    r = raycast(&b, vec(0, 50), vec(-200, 0), 1);
    expect(!r.hit, "raycast away misses");

    printf("%s\n", failures ? "dll_check: FAILED" : "dll_check: all answers right");
    return failures ? 1 : 0;
}
