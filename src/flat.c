/*
 * The queries that take or return a struct by value (distance, sweep,
 * raycast, center, position), again with plain numbers in and the answer
 * written through a pointer. A foreign caller may not pass structs by value
 * cheaply: LuaJIT's JIT does not compile an FFI call that does, and each
 * struct returned is a new object for its collector. The World's pairs are
 * copied into the caller's array likewise: reading the pointer the core hands
 * out would make a new object per call where the JIT is not running.
 */
#include <string.h>
#include "geometry.h"

static c2d_vec vec2(double x, double y)
{
    c2d_vec v;
    v.x = x;
    v.y = y;
    return v;
}

void c2d_distance_into(const c2d_shape *a, const c2d_shape *b, c2d_distance_result *out)
{
    *out = c2d_distance(a, b);
}

void c2d_sweep_into(const c2d_shape *a, double dx, double dy, const c2d_shape *b, double bdx, double bdy,
                    c2d_sweep_result *out)
{
    *out = c2d_sweep(a, vec2(dx, dy), b, vec2(bdx, bdy));
}

void c2d_raycast_into(const c2d_shape *s, double x, double y, double dx, double dy, double maxt,
                      c2d_sweep_result *out)
{
    *out = c2d_raycast(s, vec2(x, y), vec2(dx, dy), maxt);
}

void c2d_center_into(const c2d_shape *s, c2d_vec *out)
{
    *out = c2d_center(s);
}

void c2d_position_into(const c2d_shape *s, c2d_vec *out)
{
    *out = c2d_position(s);
}

int c2d_world_collisions_into(c2d_world *w, int *out, int room)
{
    const int *pairs;
    int n = c2d_world_collisions(w, &pairs);
    if (n > 0) memcpy(out, pairs, sizeof *out * (size_t)(2 * n < room ? 2 * n : room));
    return n;
}
