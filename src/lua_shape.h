/*
 * Internal to the binding: what lua_world.c shares with lua_collide2d.c.
 * Functions that read shapes must be closures over the ten kind metatables
 * (see luaopen_collide2d).
 */
#ifndef COLLIDE2D_LUA_SHAPE_H
#define COLLIDE2D_LUA_SHAPE_H

#include <stddef.h>
#include <stdint.h>
#include "compat.h"
#include "collide2d.h"

/*
 * Every object the binding hands out starts with a tag saying what it is.
 * A metatable alone proves nothing (the debug library can lend one to any
 * userdata), so the tag is checked, with the userdata's size, before its
 * memory is trusted; an object freed by hand (its __gc called) is marked so.
 */
enum {
    C2D_TAG_SHAPE = 0x53643263,  /* "c2dS" */
    C2D_TAG_WORLD = 0x57643263,  /* "c2dW" */
    C2D_TAG_BUMP = 0x42643263,   /* "c2dB" */
    C2D_TAG_CONTROLLER = 0x43643263, /* "c2dC" */
    C2D_TAG_NAVMESH = 0x4e643263, /* "c2dN" */
    C2D_TAG_ROOM = 0x52643263,   /* "c2dR": spare room a move borrows */
    C2D_TAG_FREED = 0x46643263   /* "c2dF": a world or bump world whose __gc has run */
};

typedef struct lshape {
    uint64_t tag;     /* C2D_TAG_SHAPE (64 bits, so that s stays aligned for doubles) */
    c2d_shape s;
    c2d_vec verts[1]; /* a Polygon's vertices; sized at allocation */
} lshape;

/* The smallest userdata that holds a shape (no vertices after it). */
#define LSHAPE_MIN_SIZE offsetof(lshape, verts)

/* The shape at index i, or NULL when the value there is not one of ours. */
lshape *c2d_lua_shape(lua_State *L, int i);
/* The shape at index i, or a "collide2d shape expected" error. */
lshape *c2d_lua_check_shape(lua_State *L, int i, const char *fname);
/* "bad argument #arg to 'fname' (msg)", counting from the colon in a method call. */
int c2d_lua_arg_error(lua_State *L, int arg, const char *fname, const char *msg);
/* "bad argument #arg to 'fname' (expected expected, got <the value's name>)", the
 * name as a shape's type errors give it (its __name, else its registry name, as FILE*). */
int c2d_lua_type_error(lua_State *L, int arg, const char *fname, const char *expected);
/* A finite number at index i (name for the message); def when absent or nil and opt. */
double c2d_lua_number(lua_State *L, int i, const char *fname, const char *name);
double c2d_lua_opt_number(lua_State *L, int i, double def, const char *fname, const char *name);
/* Push a number (never -0). */
void c2d_lua_push_number(lua_State *L, double x);
/* Set the metatable at the top's __metatable so getmetatable gives false (nothing to call). */
void c2d_lua_lock_metatable(lua_State *L);
/* lua_setmetatable(L, idx) with the value at the top, which must be a table: the
 * debug library can put anything where the module keeps its metatables. */
void c2d_lua_set_metatable(lua_State *L, int idx);
/* Stop with an error when the debug library has replaced what the module keeps. */
int c2d_lua_tampered(lua_State *L, const char *what);

/* The guard against moves nested too deep, for the World's moves and
 * collide2d.bump's checks alike: enter (whether this call is the outermost,
 * for leave), leave. */
int c2d_lua_enter_nest(lua_State *L, const void *frame, const char *fname);
void c2d_lua_leave_nest(lua_State *L, int outermost);
/* collide2d.bump's check (lua_bump.c): the guard knows it by its address. */
int c2d_lua_bump_check(lua_State *L);

/* c2d.concave(...): the constructor, for the World's visibility outline. */
int c2d_lua_concave(lua_State *L);
/* s:serialize()'s table for s, pushed; c2d.deserialize and s:clone as
 * functions (each closed over the kinds' metatables, as the module's are). */
void c2d_lua_serialize(lua_State *L, const c2d_shape *s);
int c2d_lua_deserialize(lua_State *L);
int c2d_lua_clone(lua_State *L);

/* A new userdata for a shape with bytes of storage after it, with the
 * metatable at index mt. */
lshape *c2d_lua_new_shape(lua_State *L, size_t bytes, int mt);
/* Tile layers (lua_tiles.c): c2d.tiles into the table at module and layer:get
 * into the methods at methods; layer:set, which the shapes' set hands on. */
void c2d_open_tiles(lua_State *L, int module, int methods, int mts);
/* A turning sweep's options (the table at index options, or 0): the pivot
 * options[name] = {x, y} gives for s (else rotate's default), and the
 * tolerance (0: the core's default). */
c2d_vec c2d_lua_turning_pivot(lua_State *L, int options, const char *name, const c2d_shape *s);
double c2d_lua_turning_tolerance(lua_State *L, int options);
/* Where c2d_open_tiles leaves, in the registry, the constructor collide2d.ffi
 * calls with the codes it has read (see read_wide in lua_tiles.c). */
#define C2D_TILES_WIDE "collide2d.tiles_wide"
int c2d_lua_tiles_set(lua_State *L);
int c2d_lua_tiles_pieces(lua_State *L);

/* Register the World: c2d.world into the table at module (the kind
 * metatables are at mts .. mts + 9). */
void c2d_open_world(lua_State *L, int module, int mts);

#endif
