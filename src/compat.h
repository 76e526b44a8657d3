/*
 * The few Lua API calls the binding uses that differ between 5.1, LuaJIT and
 * 5.2-5.4, written against the 5.4 names. LuaJIT already has luaL_setfuncs.
 */
#ifndef COLLIDE2D_COMPAT_H
#define COLLIDE2D_COMPAT_H

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h" /* LuaJIT's names LUA_JITLIBNAME */

#if LUA_VERSION_NUM < 502
#define lua_rawlen(L, i) lua_objlen((L), (i))

#if !defined(LUA_JITLIBNAME)
/* Register funcs into the table below the nup upvalues, each closing over them. */
static void luaL_setfuncs(lua_State *L, const luaL_Reg *l, int nup)
{
    int i;
    luaL_checkstack(L, nup, "too many upvalues");
    for (; l->name != NULL; l++) {
        for (i = 0; i < nup; i++) lua_pushvalue(L, -nup);
        lua_pushcclosure(L, l->func, nup);
        lua_setfield(L, -(nup + 2), l->name);
    }
    lua_pop(L, nup);
}
#endif
#endif

#endif
