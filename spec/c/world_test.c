/*
 * The C API of the World and its movement, as a C engine uses it (no Lua but
 * in the last tests, which hand a World between C and Lua). Every expected
 * value is worked out by hand in the comment beside it; and the core's own
 * sort (src/sort.h), against what a stable sort must give. Prints one line per
 * failure and ends with "N passed, N failed".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide2d.h"
#include "collide2d_lua.h"
#include "lauxlib.h"
#include "lualib.h"
#include "sort.h"

static int passed, failed;

static void check(int ok, const char *what, int line)
{
    if (ok) passed++;
    else { failed++; printf("FAIL line %d: %s\n", line, what); }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

/* Open collide2d in L as require "collide2d" would (every Lua version). */
static void open_collide2d(lua_State *L)
{
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "loaded");
    lua_pushcfunction(L, luaopen_collide2d);
    lua_pushliteral(L, "collide2d");
    lua_call(L, 1, 1);
    lua_setfield(L, -2, "collide2d");
    lua_pop(L, 2);
}

static c2d_vec v2(double x, double y) { c2d_vec v; v.x = x; v.y = y; return v; }

static c2d_shape aabb(double x, double y, double w, double h)
{
    c2d_shape s;
    double n[4];
    int bad;
    n[0] = x; n[1] = y; n[2] = w; n[3] = h;
    c2d_make(&s, C2D_AABB, n, 4, NULL, &bad);
    return s;
}

/* What a respond callback saw, and what it answers. */
typedef struct script {
    c2d_response answer;
    c2d_vec goal;
    int calls;
    c2d_meet last;
    const c2d_shape *other;
} script;

static c2d_response respond(void *ud, const c2d_shape *other, const c2d_meet *meet, c2d_vec *goal)
{
    script *sc = (script *)ud;
    sc->calls++;
    sc->last = *meet;
    sc->other = other;
    if (sc->answer == C2D_RESPONSE_GOAL) *goal = sc->goal;
    return sc->answer;
}

static void test_slide_along_a_floor(void)
{
    /* A 10-wide box resting on a floor whose top is y = 10, sent to (20, 5):
     * it meets the floor at once (t = 0, normal (0, -1), at (0, 0)); sliding
     * drops the motion's part into the floor, 5 down, so it ends at (20, 0). */
    c2d_world *w = c2d_world_new(16);
    c2d_shape floor = aabb(0, 10, 100, 10), box = aabb(0, 0, 10, 10);
    c2d_move_calls calls;
    script sc;
    c2d_vec end;
    c2d_world_add(w, &floor, 1, 0xFFFFFFFFu);
    c2d_world_add(w, &box, 1, 0xFFFFFFFFu);
    memset(&calls, 0, sizeof calls);
    memset(&sc, 0, sizeof sc);
    sc.answer = C2D_RESPONSE_SLIDE;
    calls.respond = respond;
    calls.ud = &sc;
    CHECK(c2d_world_move(w, &box, v2(20, 5), &calls, 0, &end) == C2D_MOVE_DONE); /* a check */
    CHECK(end.x == 20 && end.y == 0);
    CHECK(c2d_position(&box).x == 0 && c2d_position(&box).y == 0); /* a check moves nothing */
    CHECK(sc.calls == 1 && sc.other == &floor && sc.last.t == 0);
    CHECK(sc.last.normal.x == 0 && sc.last.normal.y == -1 && sc.last.at.x == 0 && sc.last.at.y == 0);
    CHECK(c2d_world_move(w, &box, v2(20, 5), NULL, 1, &end) == C2D_MOVE_DONE); /* slide by default */
    CHECK(c2d_position(&box).x == 20 && c2d_position(&box).y == 0);
    c2d_world_free(w);
}

static void test_touch_cross_and_goal(void)
{
    /* A box at x 0..10 heading for x = 30, a wall at x 20..30: they meet when
     * the box has gone 10 of 30, t = 1/3, at (10, 0), normal (-1, 0). */
    c2d_world *w = c2d_world_new(16);
    c2d_shape wall = aabb(20, 0, 10, 10), box = aabb(0, 0, 10, 10);
    c2d_move_calls calls;
    script sc;
    c2d_vec end;
    c2d_world_add(w, &wall, 1, 0xFFFFFFFFu);
    memset(&calls, 0, sizeof calls);
    memset(&sc, 0, sizeof sc);
    calls.respond = respond;
    calls.ud = &sc;
    sc.answer = C2D_RESPONSE_TOUCH;
    CHECK(c2d_world_move(w, &box, v2(30, 0), &calls, 0, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 10 && end.y == 0 && sc.last.t == 10.0 / 30.0);
    CHECK(sc.last.normal.x == -1 && sc.last.normal.y == 0);
    sc.answer = C2D_RESPONSE_CROSS; /* through it, to the goal */
    CHECK(c2d_world_move(w, &box, v2(30, 0), &calls, 0, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 30 && end.y == 0);
    sc.answer = C2D_RESPONSE_IGNORE;
    CHECK(c2d_world_move(w, &box, v2(30, 0), &calls, 0, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 30 && end.y == 0);
    sc.answer = C2D_RESPONSE_GOAL; /* from the touch point, up to (10, -20): nothing there */
    sc.goal = v2(10, -20);
    sc.calls = 0;
    CHECK(c2d_world_move(w, &box, v2(30, 0), &calls, 0, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 10 && end.y == -20 && sc.calls == 1);
    sc.goal = v2(HUGE_VAL, 0); /* a goal that is not finite is refused */
    CHECK(c2d_world_move(w, &box, v2(30, 0), &calls, 1, &end) == C2D_MOVE_BAD_GOAL);
    CHECK(c2d_position(&box).x == 0); /* and the shape does not move */
    c2d_world_free(w);
}

static int keep_none(void *ud, const c2d_shape *other)
{
    (void)ud; (void)other;
    return 0;
}

static void test_push(void)
{
    /* A box 2 into a wall on its right (x 8..18): the least move out is 2 to
     * the left. With a keep callback that leaves nothing, it stays. */
    c2d_world *w = c2d_world_new(16);
    c2d_shape wall = aabb(8, 0, 10, 10), box = aabb(0, 0, 10, 10);
    c2d_move_calls calls;
    c2d_vec end;
    c2d_world_add(w, &wall, 1, 0xFFFFFFFFu);
    c2d_world_add(w, &box, 1, 0xFFFFFFFFu);
    memset(&calls, 0, sizeof calls);
    calls.keep = keep_none;
    CHECK(c2d_world_push(w, &box, &calls, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 0 && end.y == 0);
    CHECK(c2d_world_push(w, &box, NULL, &end) == C2D_MOVE_DONE);
    CHECK(end.x == -2 && end.y == 0 && c2d_position(&box).x == -2);
    c2d_world_free(w);
}

static void test_bits(void)
{
    /* A wall whose mask leaves out the mover's category is not met. */
    c2d_world *w = c2d_world_new(16);
    c2d_shape wall = aabb(20, 0, 10, 10), box = aabb(0, 0, 10, 10);
    c2d_vec end;
    c2d_world_add(w, &wall, 1, 1);
    c2d_world_add(w, &box, 2, 0xFFFFFFFFu);
    CHECK(c2d_world_move(w, &box, v2(30, 0), NULL, 1, &end) == C2D_MOVE_DONE);
    CHECK(end.x == 30);
    c2d_world_free(w);
}

static void test_handed_to_lua(void)
{
    /* The engine makes the World and a floor, a script queries and moves in
     * it, and the engine sees what the script did. */
    lua_State *L = luaL_newstate();
    c2d_world *w;
    c2d_shape floor = aabb(0, 10, 100, 10), *f, *player;
    int world;
    luaL_openlibs(L);
    open_collide2d(L);
    w = c2d_lua_newworld(L, 32);
    world = lua_gettop(L);
    CHECK(w != NULL && c2d_lua_toworld(L, world) == w);
    f = c2d_lua_pushshape(L, &floor);
    CHECK(c2d_lua_add(L, world, -1, 1, 0xFFFFFFFFu) == f->world_slot && f->world == w);
    lua_pop(L, 1);
    CHECK(c2d_world_count(w) == 1);
    /* the script: a player above the floor falls 30 onto it (top at 10), ends at y = 0 */
    CHECK(luaL_loadstring(L,
        "local c2d, w = require 'collide2d', ...\n"
        "local p = w:add(c2d.aabb(5, -20, 10, 10))\n"
        "local x, y = w:move(p, 5, 10)\n"
        "return p, #w:queryRect(0, 9, 100, 2), x, y") == 0);
    lua_pushvalue(L, world);
    CHECK(lua_pcall(L, 1, 4, 0) == 0);
    player = c2d_lua_toshape(L, -4);
    CHECK(player != NULL && player->world == w);
    CHECK(lua_tointeger(L, -3) == 2 && lua_tonumber(L, -2) == 5 && lua_tonumber(L, -1) == 0);
    CHECK(c2d_world_count(w) == 2 && c2d_position(player).y == 0);
    CHECK(c2d_lua_toworld(L, -4) == NULL && c2d_lua_toshape(L, world) == NULL); /* each is what it is */
    lua_close(L);
}

/* A tile layer through the C API: 4 x 2 tiles of 10 x 10 at (0, 0), the
 * bottom row full, one full tile at column 3 of the top row; then a copy of
 * it, and a tile set in place. */
static void test_tile_layer(void)
{
    static const unsigned short codes[8] = { 0, 0, 0, 1, 1, 1, 1, 1 };
    size_t bytes = c2d_tiles_size(4, 2);
    double nums[4] = { 0, 0, 10, 10 };
    void *storage = malloc(bytes), *copy_storage = malloc(bytes);
    c2d_shape layer, copy, box = aabb(2, 4, 6, 6), piece;
    c2d_vec verts[C2D_MAX_TILE_VERTICES];
    c2d_contact_result c;
    c2d_sweep_result r;
    int bad, columns, rows;
    CHECK(bytes > 0 && c2d_tiles_size(0, 3) == 0 && c2d_tiles_size(1 << 15, 1 << 15) == 0);
    if (storage == NULL || copy_storage == NULL) { failed++; free(storage); free(copy_storage); return; }
    CHECK(c2d_make_tiles(&layer, nums, 4, 2, NULL, 0, NULL, codes, storage, &bad) == C2D_OK);
    c2d_tiles_dims(&layer, &columns, &rows);
    CHECK(columns == 4 && rows == 2 && layer.kind == C2D_TILES);
    CHECK(layer.bounds.maxx == 40 && layer.bounds.maxy == 20);
    CHECK(c2d_tiles_get(&layer, 3, 0) == 1 && c2d_tiles_get(&layer, 0, 0) == 0 && c2d_tiles_get(&layer, 4, 0) == -1);
    /* the box (2..8, 4..10) rests on the floor's top (y = 10) */
    CHECK(c2d_hits(&layer, &box));
    CHECK(!c2d_contains(&layer, 5, 9.5) && c2d_contains(&layer, 10, 10) && c2d_contains(&layer, 35, 5));
    /* sunk 2 into the floor across the seam at x = 10: out straight up by 2 */
    box = aabb(6, 6, 6, 6);
    CHECK(c2d_contact(&box, &layer, &c) == C2D_OK && c.hit && c.depth == 2 && c.normal.x == 0 && c.normal.y == -1);
    /* resting on the floor, moving right 30: the wall at x = 30 is met when the right edge (12) has gone 18 */
    box = aabb(6, 4, 6, 6);
    r = c2d_sweep(&box, v2(30, 0), &layer, v2(0, 0));
    CHECK(r.hit && r.t == 18.0 / 30 && r.normal.x == -1 && r.normal.y == 0);
    /* the copy answers the same, the original's storage gone */
    c2d_copy(&copy, &layer, copy_storage);
    memset(storage, 0, bytes);
    r = c2d_sweep(&box, v2(30, 0), &copy, v2(0, 0));
    CHECK(r.hit && r.t == 18.0 / 30);
    /* the wall dug out: the box slides the whole way */
    CHECK(c2d_tiles_set(&copy, 3, 0, 0) && !c2d_tiles_set(&copy, 4, 0, 1) && !c2d_tiles_set(&copy, 0, 0, 65536));
    r = c2d_sweep(&box, v2(30, 0), &copy, v2(0, 0));
    CHECK(!r.hit || r.t == 0); /* resting on the floor it touches from t = 0, and slides */
    CHECK(c2d_tiles_piece(&copy, 1, 1, &piece, verts) && piece.kind == C2D_AABB && piece.bounds.minx == 10 &&
          piece.bounds.maxx == 20 && !c2d_tiles_piece(&copy, 1, 0, &piece, verts));
    /* a ray down the seam at x = 10 lands on the floor's top, normal up */
    r = c2d_raycast(&copy, v2(10, -5), v2(0, 1), 100);
    CHECK(r.hit && r.t == 15 && r.normal.x == 0 && r.normal.y == -1);
    CHECK(c2d_rotate(&copy, 1, 0, 0) == C2D_ERR_ROTATE_TILES);
    free(storage);
    free(copy_storage);
}

/* One-way tiles through the C API: a row of 3 tiles of 10 at (0, 10) whose
 * kind 1 is a full tile met from above only (side (0, -1)). A 6 x 6 box
 * under it (y 22..28) goes up through it to y 0; falling, it lands on its
 * top (y 10 - 6 = 4); dropping (through_oneway) it goes through. */
static void test_oneway_tiles(void)
{
    static const unsigned short codes[3] = { 1, 1, 1 };
    static unsigned char kind_of[C2D_TILE_CODES];
    c2d_tile_kind kinds[2];
    size_t bytes = c2d_tiles_size(3, 1);
    double nums[4] = { 0, 10, 10, 10 };
    void *storage = malloc(bytes);
    c2d_world *w = c2d_world_new(16);
    c2d_shape layer, box = aabb(12, 22, 6, 6);
    c2d_move_calls calls;
    c2d_vec end;
    int bad;
    if (storage == NULL || w == NULL) { failed++; free(storage); c2d_world_free(w); return; }
    memset(kinds, 0, sizeof kinds);
    kinds[1].count = 4;
    kinds[1].uv[2] = kinds[1].uv[4] = kinds[1].uv[5] = kinds[1].uv[7] = 1;
    kinds[1].side = v2(0, -1);
    kind_of[1] = 1;
    CHECK(c2d_make_tiles(&layer, nums, 3, 1, kinds, 2, kind_of, codes, storage, &bad) == C2D_OK);
    kinds[1].side = v2(0, 0.0 / 0.0);
    CHECK(c2d_make_tiles(&box, nums, 3, 1, kinds, 2, kind_of, codes, storage, &bad) == C2D_ERR_TILE_KIND &&
          bad == C2D_TILE_BAD_KIND + 1);
    box = aabb(12, 22, 6, 6);
    c2d_world_add(w, &layer, 1, 0xFFFFFFFFu);
    c2d_world_add(w, &box, 1, 0xFFFFFFFFu);
    CHECK(c2d_contains(&layer, 15, 15)); /* a query takes it as solid */
    CHECK(c2d_world_move(w, &box, v2(12, 0), NULL, 1, &end) == C2D_MOVE_DONE && end.y == 0);
    CHECK(c2d_world_move(w, &box, v2(12, 8), NULL, 1, &end) == C2D_MOVE_DONE && end.y == 4);
    memset(&calls, 0, sizeof calls);
    calls.through_oneway = 1;
    CHECK(c2d_world_move(w, &box, v2(12, 30), &calls, 1, &end) == C2D_MOVE_DONE && end.y == 30);
    c2d_world_free(w);
    free(storage);
}

/* Elements of the sort test: a key with many ties, where each came from, and
 * padding that makes an element wider than the sort's 64-byte swap buffer. */
typedef struct keyed { int key, from; char pad[72]; } keyed;
typedef struct small { int key, from; } small;

static int keyed_order(const void *a, const void *b)
{
    int x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return (x > y) - (x < y);
}

static int small_order(const void *a, const void *b)
{
    int x = ((const small *)a)->key, y = ((const small *)b)->key;
    return (x > y) - (x < y);
}

/* Sorted by key, equal keys in the order they came (from rising), and the
 * same elements (each from 0 .. n-1 once, with its key and padding). */
static int stable_sorted_keyed(const keyed *v, int n, const int *key_of)
{
    int i, *seen = (int *)calloc((size_t)n + 1, sizeof *seen), ok = 1;
    for (i = 0; i < n && ok; i++) {
        int f = v[i].from;
        ok = f >= 0 && f < n && !seen[f] && v[i].key == key_of[f] && v[i].pad[71] == (char)f;
        if (ok) seen[f] = 1;
        if (ok && i > 0) ok = v[i - 1].key < v[i].key || (v[i - 1].key == v[i].key && v[i - 1].from < f);
    }
    free(seen);
    return ok;
}

static void test_sort(void)
{
    static const int sizes[] = { 0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 100, 257, 1000, 4099 };
    static const int ranges[] = { 1, 2, 7, 1000000 };
    unsigned seed = 12345;
    size_t a, b;
    for (a = 0; a < sizeof sizes / sizeof *sizes; a++)
        for (b = 0; b < sizeof ranges / sizeof *ranges; b++) {
            int n = sizes[a], i, order, ok = 1;
            keyed *v = (keyed *)malloc(((size_t)n + 1) * sizeof *v);
            small *u = (small *)malloc(((size_t)n + 1) * sizeof *u);
            int *key_of = (int *)malloc(((size_t)n + 1) * sizeof *key_of);
            /* order 0: random keys; 1: falling; 2: rising */
            for (order = 0; order < 3; order++) {
                for (i = 0; i < n; i++) {
                    seed = seed * 1103515245u + 12345u;
                    key_of[i] = order == 0 ? (int)((seed >> 8) % (unsigned)ranges[b])
                              : order == 1 ? (n - i) % ranges[b] : i % ranges[b] + i / ranges[b] * ranges[b];
                    memset(&v[i], 0, sizeof v[i]);
                    v[i].key = u[i].key = key_of[i];
                    v[i].from = u[i].from = i;
                    v[i].pad[71] = (char)i;
                }
                c2d_sort(v, (size_t)n, sizeof *v, keyed_order);
                c2d_sort(u, (size_t)n, sizeof *u, small_order);
                ok = ok && stable_sorted_keyed(v, n, key_of);
                for (i = 0; i < n && ok; i++) ok = u[i].key == v[i].key && u[i].from == v[i].from;
            }
            CHECK(ok);
            if (!ok) printf("  (the sort, %d elements, keys below %d)\n", n, ranges[b]);
            free(v);
            free(u);
            free(key_of);
        }
}

/* A ray whose maxt is negative (the C API lets one through; the Lua binding
 * refuses it) holds no t in [0, maxt]: no hit, even from inside the shape,
 * for a disk (its plain path), an AABB, a Polygon and a World. */
static void test_negative_maxt(void)
{
    c2d_shape disk, box, poly;
    c2d_vec pv[3];
    double dn[3] = { 0, 0, 1 }, bn[4] = { -1, -1, 2, 2 }, pn[6] = { -2, -2, 2, -2, 0, 2 };
    const double maxts[3] = { -10, -1e-300, -0.0 };
    int bad, k;
    c2d_world *w = c2d_world_new(16);
    const c2d_world_hit *hits;
    CHECK(c2d_make(&disk, C2D_DISK, dn, 3, NULL, &bad) == C2D_OK);
    CHECK(c2d_make(&box, C2D_AABB, bn, 4, NULL, &bad) == C2D_OK);
    CHECK(c2d_make(&poly, C2D_POLYGON, pn, 6, pv, &bad) == C2D_OK);
    for (k = 0; k < 3; k++) {
        double m = maxts[k];
        /* -0.0 is 0: [0, 0] holds t = 0, where the origin is inside */
        int inside = m == 0;
        c2d_sweep_result r = c2d_raycast(&disk, v2(0, 0), v2(1, 0), m);
        CHECK(r.hit == inside && (!inside || r.t == 0));
        r = c2d_raycast(&box, v2(0, 0), v2(1, 0), m);
        CHECK(r.hit == inside && (!inside || r.t == 0));
        r = c2d_raycast(&poly, v2(0, 0), v2(1, 0), m);
        CHECK(r.hit == inside && (!inside || r.t == 0));
        r = c2d_raycast(&disk, v2(-5, 0), v2(1, 0), m);
        CHECK(!r.hit);
    }
    CHECK(w != NULL);
    if (w == NULL) return;
    CHECK(c2d_world_add(w, &disk, 1, 0xFFFFFFFFu) >= 0);
    CHECK(c2d_world_raycast(w, v2(0, 0), v2(1, 0), -10, NULL, &hits) == 0);
    c2d_world_free(w);
}

int main(void)
{
    test_slide_along_a_floor();
    test_touch_cross_and_goal();
    test_push();
    test_bits();
    test_handed_to_lua();
    test_tile_layer();
    test_oneway_tiles();
    test_sort();
    test_negative_maxt();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
