/*
 * A C engine with a collide2d World: the engine builds a level, moves its
 * player with slide (coins are crossed and collected), then hands the same
 * World to a Lua script, which queries it as any script would.
 *
 *   make example-c        (builds build/<LUA>/platform and runs it)
 */
#include <stdio.h>
#include <string.h>
#include "collide2d.h"
#include "collide2d_lua.h"
#include "lauxlib.h"
#include "lualib.h"

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

enum { SOLID = 1, COIN = 2, PLAYER = 4 };

static c2d_shape make(c2d_kind kind, const double *numbers, int n)
{
    c2d_shape s;
    int bad;
    c2d_make(&s, kind, numbers, n, NULL, &bad);
    return s;
}

/* The game's answer to what the player meets: coins are collected and passed
 * through, everything else is slid along. */
typedef struct game {
    c2d_world *world;
    int coins;
} game;

static c2d_response respond(void *ud, const c2d_shape *other, const c2d_meet *meet, c2d_vec *goal)
{
    game *g = (game *)ud;
    unsigned category, mask;
    (void)other; (void)goal;
    c2d_world_get_filter(g->world, meet->slot, &category, &mask);
    if (category == COIN) { /* collected: it meets nothing any more */
        g->coins++;
        c2d_world_set_filter(g->world, meet->slot, 0, 0);
        return C2D_RESPONSE_CROSS;
    }
    return C2D_RESPONSE_SLIDE;
}

/* Add a shape made from numbers to the World at index world, with its bits. */
static c2d_shape *add(lua_State *L, int world, c2d_kind kind, const double *numbers, int n, unsigned category)
{
    c2d_shape proto = make(kind, numbers, n), *s = c2d_lua_pushshape(L, &proto);
    c2d_lua_add(L, world, -1, category, 0xFFFFFFFFu);
    lua_pop(L, 1); /* the World keeps it */
    return s;
}

int main(void)
{
    lua_State *L = luaL_newstate();
    game g;
    c2d_move_calls calls;
    c2d_shape *player;
    c2d_vec end;
    int world, i, frame;
    static const double floor_tiles[][4] = { { 0, 200, 64, 32 }, { 64, 200, 64, 32 }, { 128, 200, 64, 32 } };
    static const double slope[6] = { 192, 200, 256, 200, 256, 168 };
    static const double coin[3] = { 100, 185, 6 };
    static const double body[4] = { 10, 160, 16, 40 };

    luaL_openlibs(L);
    open_collide2d(L);
    g.world = c2d_lua_newworld(L, 64);
    g.coins = 0;
    world = lua_gettop(L);
    for (i = 0; i < 3; i++) add(L, world, C2D_AABB, floor_tiles[i], 4, SOLID);
    add(L, world, C2D_TRIANGLE, slope, 6, SOLID);
    add(L, world, C2D_DISK, coin, 3, COIN);
    player = add(L, world, C2D_AABB, body, 4, PLAYER);

    /* Walk right for 30 frames at 4 px a frame, falling 2 px a frame onto the floor. */
    memset(&calls, 0, sizeof calls);
    calls.respond = respond;
    calls.ud = &g;
    for (frame = 0; frame < 30; frame++) {
        c2d_vec at = c2d_position(player);
        at.x += 4;
        at.y += 2;
        if (c2d_world_move(g.world, player, at, &calls, 1, &end) != C2D_MOVE_DONE) return 1;
    }
    printf("C: the player is at (%g, %g), %d coin collected\n", end.x, end.y, g.coins);

    /* The same World, from Lua. */
    if (luaL_loadstring(L,
            "local world = ...\n"
            "local under = world:queryRect(0, 199, 256, 2)\n"
            "local shape, t = world:raycast(220, 0, 0, 1, 300)\n"
            "print(('Lua: %d shapes in the world, %d along the floor line, a ray down from (220, 0) meets a %s at t = %g')\n"
            "  :format(world:count(), #under, shape and shape:type() or 'nothing', t or 0))\n") != 0 ||
        (lua_pushvalue(L, world), lua_pcall(L, 1, 0, 0)) != 0) {
        printf("Lua error: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_close(L);
    return 0;
}
