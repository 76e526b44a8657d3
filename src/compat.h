/*
 * The few Lua API calls the binding uses that differ between 5.1, LuaJIT and
 * 5.2-5.4, written against the 5.4 names. LuaJIT already has luaL_setfuncs.
 */
#ifndef COLLIDE2D_COMPAT_H
#define COLLIDE2D_COMPAT_H

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h" /* LuaJIT's names LUA_JITLIBNAME */

/* Lua 5.3 and later tell integers from floats. */
#if LUA_VERSION_NUM >= 503
#define c2d_isinteger(L, i) lua_isinteger((L), (i))
#else
#define c2d_isinteger(L, i) ((void)(L), (void)(i), 0)
#endif

#if LUA_VERSION_NUM < 502
#define lua_rawlen(L, i) lua_objlen((L), (i))
#define lua_absindex(L, i) ((i) > 0 || (i) <= LUA_REGISTRYINDEX ? (i) : lua_gettop(L) + (i) + 1)

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

/* The userdata at ud when its metatable is the registry's tname, else NULL. */
static inline void *luaL_testudata(lua_State *L, int ud, const char *tname)
{
    void *p = lua_touserdata(L, ud);
    if (p != NULL && lua_getmetatable(L, ud)) {
        int same;
        lua_getfield(L, LUA_REGISTRYINDEX, tname);
        same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (same) return p;
    }
    return NULL;
}
#endif
#endif

#endif
