/*
 * For the drivers that embed Lua with the module linked in (tools/oom,
 * tools/tsan): make a fresh state find the module as require "collide2d"
 * (package.preload) and its Lua parts in lua/, and nothing on the C path.
 */
#ifndef COLLIDE2D_TOOLS_EMBED_H
#define COLLIDE2D_TOOLS_EMBED_H

#include "lua.h"
#include "collide2d_lua.h"

static void embed_collide2d(lua_State *L)
{
    lua_getglobal(L, "package");
    lua_pushliteral(L, "lua/?.lua;lua/?/init.lua");
    lua_setfield(L, -2, "path");
    lua_pushliteral(L, "");
    lua_setfield(L, -2, "cpath");
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, luaopen_collide2d);
    lua_setfield(L, -2, "collide2d");
    lua_pop(L, 2);
}

#endif
