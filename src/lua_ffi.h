/*
 * Internal to the binding: the table of entry points the module hands to the
 * LuaJIT front end (lua/collide2d/ffi.lua). tools/ffi_decls.lua writes the
 * front end's ffi.cdef of it (and of the result structs of collide2d.h) into
 * lua/collide2d/ffi_decls.lua, renamed c2dffi_*: this declaration is the only
 * one written by hand. Each entry point takes a pointer to a shape userdata's
 * payload (an lshape, opaque to the front end) and plain numbers, and writes
 * its answer through a pointer.
 */
#ifndef COLLIDE2D_LUA_FFI_H
#define COLLIDE2D_LUA_FFI_H

#include "collide2d.h"

struct lshape;

typedef struct c2d_ffi_api {
    int (*hits)(const struct lshape *a, const struct lshape *b);
    int (*distance)(const struct lshape *a, const struct lshape *b, c2d_distance_result *out);
    int (*contains)(const struct lshape *s, double x, double y);
    int (*contact)(const struct lshape *a, const struct lshape *b, c2d_contact_result *out);
    int (*sweep)(const struct lshape *a, double dx, double dy, const struct lshape *b, double bdx, double bdy,
                 c2d_sweep_result *out);
    int (*raycast)(const struct lshape *s, double x, double y, double dx, double dy, double maxt,
                   c2d_sweep_result *out);
    int (*bbox)(const struct lshape *s, c2d_bounds *out);
    int (*center)(const struct lshape *s, c2d_vec *out);
    int (*position)(const struct lshape *s, c2d_vec *out);
    int (*move)(struct lshape *s, double dx, double dy);
    int (*move_to)(struct lshape *s, double x, double y);
    int (*rotate)(struct lshape *s, double angle, int has_ox, double ox, int has_oy, double oy);
    int (*scale)(struct lshape *s, double k, int has_ox, double ox, int has_oy, double oy);
    int (*manifold)(const struct lshape *a, const struct lshape *b, double margin, c2d_manifold *out, int max,
                    int *count);
    int (*push_back)(const struct lshape *a, double dx, double dy, const struct lshape *b, c2d_sweep_result *out);
} c2d_ffi_api;

#endif
