/*
 * collide2d for C and C++ engines that embed Lua: the engine and its scripts
 * share one World. The engine makes the World and its shapes through these
 * functions (they are Lua objects, collected as Lua collects them), keeps the
 * C pointers they give, and moves its entities with the C API of collide2d.h
 * (c2d_move_to, c2d_world_move, c2d_world_push, the queries); scripts see the
 * same World and shapes as c2d.world and c2d.disk give them. A World a
 * script made can be handed to C the same way.
 *
 * A pointer stays valid while its Lua object lives: a shape while the World
 * holds it (or the engine keeps a reference, e.g. luaL_ref), a World while
 * it is referenced. luaopen_collide2d must have run in the state (require
 * "collide2d", or a call of it whose result goes to package.loaded.collide2d).
 */
#ifndef COLLIDE2D_LUA_H
#define COLLIDE2D_LUA_H

#include "lua.h"
#include "collide2d.h"

#ifdef __cplusplus
extern "C" {
#endif

int luaopen_collide2d(lua_State *L);

/* Push a new World (as c2d.world(cell) makes) and return its C world. */
c2d_world *c2d_lua_newworld(lua_State *L, double cell);
/* The C world of the World at index i, or NULL (not a World, or freed). */
c2d_world *c2d_lua_toworld(lua_State *L, int i);
/* Push a new shape, a copy of s in no world (as the constructors make), and return the copy. */
c2d_shape *c2d_lua_pushshape(lua_State *L, const c2d_shape *s);
/* The shape at index i, or NULL. */
c2d_shape *c2d_lua_toshape(lua_State *L, int i);
/* world:add(shape, category, mask) for the World and shape at those indices: the shape's slot (or a Lua error). */
int c2d_lua_add(lua_State *L, int world, int shape, unsigned category, unsigned mask);

#ifdef __cplusplus
}
#endif

#endif
