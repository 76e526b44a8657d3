/*
 * The World's binding: c2d.world and its methods, over world.c.
 *
 * A World is a userdata holding the C world; its user value (environment
 * table on 5.1 and LuaJIT) is a table that keeps the shapes alive, indexed by
 * slot, and the responses added with addResponse. Results are built from
 * the C answers before any Lua callback runs, so a filter may add or remove
 * shapes, or run other queries, without disturbing the one it was called
 * from.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lua_shape.h"

#define WORLD_MT "collide2d.World"
#define ALL_BITS 0xFFFFFFFFu

static c2d_vec v2_(double x, double y) { c2d_vec v; v.x = x; v.y = y; return v; }
static c2d_vec vsub_(c2d_vec a, c2d_vec b) { return v2_(a.x - b.x, a.y - b.y); }

typedef struct lworld {
    uint64_t tag;      /* C2D_TAG_WORLD, or C2D_TAG_FREED once its __gc has run */
    c2d_world *w;      /* NULL once freed */
    const void *store; /* its table of shapes (the user value), to tell it from a replacement */
    unsigned uses;     /* counts the calls on the world: one made from a finalizer shows here */
} lworld;

/* The world at i (freed or not), or NULL when the value there is not one. */
static lworld *to_world(lua_State *L, int i)
{
    lworld *lw = (lworld *)luaL_testudata(L, i, WORLD_MT);
    if (lw == NULL || lua_rawlen(L, i) < sizeof *lw || (lw->tag != C2D_TAG_WORLD && lw->tag != C2D_TAG_FREED))
        return NULL;
    return lw;
}

static lworld *check_world(lua_State *L, const char *fname)
{
    lworld *lw = to_world(L, 1);
    if (lw == NULL) c2d_lua_type_error(L, 1, fname, "collide2d world");
    if (lw->w == NULL) c2d_lua_arg_error(L, 1, fname, "the world has been freed");
    lw->uses++;
    return lw;
}

/* After Lua ran (a callback, or a finalizer at an allocation): the world must
 * still be there. */
static c2d_world *live(lua_State *L, const lworld *lw, const char *fname)
{
    if (lw->w == NULL) luaL_error(L, "%s: the world was freed while the call ran", fname);
    return lw->w;
}

/* The slot of p in lw's world, or -1 when it is in no world or another. */
static int own_slot(const lworld *lw, const lshape *p)
{
    return p->s.world == lw->w ? p->s.world_slot : -1;
}

/* Push the world's table (shapes by slot, responses): the one it was made
 * with (the debug library can replace a user value). */
static void push_store(lua_State *L, int world)
{
    const lworld *lw = (const lworld *)lua_touserdata(L, world);
#if LUA_VERSION_NUM >= 502
    lua_getuservalue(L, world);
#else
    lua_getfenv(L, world);
#endif
    if (!lua_istable(L, -1) || lua_topointer(L, -1) != lw->store)
        luaL_error(L, "collide2d world: its table of shapes was replaced (by the debug library); the world cannot be used");
}

/* Push a table with room for narr entries in its array part, so that filling
 * them allocates nothing. 0 (the table pushed all the same) when a call on
 * the world ran meanwhile (a finalizer, at the allocation): answers the
 * caller holds from the world before it may be stale, and it asks again. */
static int fresh_table(lua_State *L, const lworld *lw, int narr)
{
    unsigned uses = lw->uses;
    lua_createtable(L, narr, 0);
    return lw->w != NULL && lw->uses == uses;
}

/* A caller asks again at most this often before it gives up: a finalizer
 * that calls the world again each time it is asked. */
enum { FRESH_TRIES = 64 };

static void changing(lua_State *L, const lworld *lw, const char *fname)
{
    live(L, lw, fname);
    luaL_error(L, "%s: the world kept changing while the answer was built (finalizers calling it)", fname);
}

/* Push the shape in slot. */
static void push_slot(lua_State *L, int store, int slot)
{
    lua_rawgeti(L, store, slot + 1);
}

static void out_of_memory(lua_State *L)
{
    luaL_error(L, "collide2d world: out of memory");
}

/* Collision bits from a Lua number: an integer in [0, 2^32). */
static unsigned check_bits(lua_State *L, int i, unsigned def, const char *fname, const char *name)
{
    double x = c2d_lua_opt_number(L, i, (double)def, fname, name);
    if (x < 0 || x > 4294967295.0 || x != (double)(unsigned long)x)
        c2d_lua_arg_error(L, i, fname, lua_pushfstring(L, "%s must be an integer in [0, 2^32)", name));
    return (unsigned)(unsigned long)x;
}

/* A query's filter at i: a mask (kept in *room, which is returned), or
 * nil or a function (*fn = 1), which test no bits (NULL: every category). */
static const unsigned *check_filter(lua_State *L, int i, const char *fname, int *fn, unsigned *room)
{
    *fn = 0;
    if (lua_isnoneornil(L, i)) return NULL;
    if (lua_type(L, i) == LUA_TFUNCTION) { *fn = 1; return NULL; }
    if (lua_type(L, i) != LUA_TNUMBER)
        c2d_lua_arg_error(L, i, fname, lua_pushfstring(L, "filter (a mask or a function) expected, got %s", luaL_typename(L, i)));
    *room = check_bits(L, i, ALL_BITS, fname, "filter mask");
    return room;
}

/* The shape at i must be in this world: its slot. */
static int slot_in(lua_State *L, lworld *lw, int i, const char *fname)
{
    lshape *p = c2d_lua_check_shape(L, i, fname);
    if (p->s.world != lw->w) c2d_lua_arg_error(L, i, fname, "shape is not in this world");
    return p->s.world_slot;
}

/* A query of the world: its slots through *slots, and how many (negative: out of memory). */
typedef int (*slot_query)(lworld *lw, const void *arg, const int **slots);

/* Push the array of the shapes the query names, made from one answer of the
 * world: asked again when a finalizer calls the world while the array is made. */
static void push_query(lua_State *L, lworld *lw, int store, slot_query q, const void *arg, const char *fname)
{
    int tries;
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *slots;
        int n, i;
        live(L, lw, fname);
        n = q(lw, arg, &slots);
        if (n < 0) out_of_memory(L);
        if (!fresh_table(L, lw, n)) { lua_pop(L, 1); continue; }
        for (i = 0; i < n; i++) {
            push_slot(L, store, slots[i]);
            lua_rawseti(L, -2, i + 1);
        }
        return;
    }
    changing(L, lw, fname);
}

/* Keep the entries of the array at the top that the function at filter keeps:
 * filter(other) truthy. */
static void keep_filtered(lua_State *L, int filter)
{
    int n = (int)lua_rawlen(L, -1), i, k = 0;
    for (i = 1; i <= n; i++) {
        lua_pushvalue(L, filter);
        lua_rawgeti(L, -2, i);
        lua_call(L, 1, 1);
        if (lua_toboolean(L, -1)) {
            lua_pop(L, 1);
            lua_rawgeti(L, -1, i);
            lua_rawseti(L, -2, ++k);
        } else {
            lua_pop(L, 1);
        }
    }
    for (i = k + 1; i <= n; i++) {
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
}

/* c2d.world([cellSize]) */
static int l_world(lua_State *L)
{
    double cell = c2d_lua_opt_number(L, 1, 64, "world", "cellSize");
    lworld *lw;
    if (!(cell > 0)) c2d_lua_arg_error(L, 1, "world", "cellSize must be > 0");
    lw = (lworld *)lua_newuserdata(L, sizeof *lw);
    memset(lw, 0, sizeof *lw);
    lw->tag = C2D_TAG_WORLD;
    luaL_getmetatable(L, WORLD_MT);
    lua_setmetatable(L, -2);
    lua_newtable(L);
    lua_newtable(L);
    lua_setfield(L, -2, "responses");
    lw->store = lua_topointer(L, -1);
#if LUA_VERSION_NUM >= 502
    lua_setuservalue(L, -2);
#else
    lua_setfenv(L, -2);
#endif
    lw->w = c2d_world_new(cell);
    if (lw->w == NULL) out_of_memory(L);
    return 1;
}

/* Free the world (collected, or __gc called by hand: a call under way then
 * finds it gone when it next looks, and raises). */
static int l_gc(lua_State *L)
{
    lworld *lw = to_world(L, 1);
    if (lw != NULL && lw->w != NULL) {
        c2d_world *w = lw->w;
        lw->w = NULL;
        lw->tag = C2D_TAG_FREED;
        c2d_world_free(w); /* unlinks its shapes, which the store kept alive until now */
    }
    return 0;
}

/* store[key] = the value at the top (popped), where the store is at index 1. */
static int store_set(lua_State *L)
{
    lua_rawset(L, 1);
    return 0;
}

/* w:add(shape [, category, mask]) */
static int l_add(lua_State *L)
{
    lworld *lw = check_world(L, "add");
    lshape *p = c2d_lua_check_shape(L, 2, "add");
    unsigned category = check_bits(L, 3, 1, "add", "category"), mask = check_bits(L, 4, ALL_BITS, "add", "mask");
    int slot;
    if (p->s.world != NULL)
        c2d_lua_arg_error(L, 2, "add", p->s.world == lw->w ? "shape is already in this world" : "shape is already in another world (remove it there first)");
    lua_settop(L, 2);
    push_store(L, 1);
    lua_pushcfunction(L, store_set); /* all the room the store's entry needs is made first... */
    lua_pushvalue(L, 3);
    slot = c2d_world_add(lw->w, &p->s, category, mask);
    if (slot < 0) out_of_memory(L);
    lua_pushinteger(L, slot + 1);
    lua_pushvalue(L, 2);
    /* ...and when the store cannot take it (out of memory), the world lets the shape go again */
    if (lua_pcall(L, 3, 0, 0) != 0) {
        if (lw->w != NULL && p->s.world == lw->w) c2d_world_remove(lw->w, p->s.world_slot);
        lua_error(L);
    }
    lua_settop(L, 2);
    return 1;
}

/* w:remove(shape) */
static int l_remove(lua_State *L)
{
    lworld *lw = check_world(L, "remove");
    int slot = slot_in(L, lw, 2, "remove");
    c2d_world_remove(lw->w, slot);
    push_store(L, 1);
    lua_pushnil(L);
    lua_rawseti(L, -2, slot + 1);
    lua_settop(L, 2);
    return 1;
}

static int l_has(lua_State *L)
{
    lworld *lw = check_world(L, "has");
    lshape *p = c2d_lua_check_shape(L, 2, "has");
    lua_pushboolean(L, p->s.world == lw->w);
    return 1;
}

static int l_count(lua_State *L)
{
    lworld *lw = check_world(L, "count");
    lua_pushinteger(L, c2d_world_count(lw->w));
    return 1;
}

/* w:shapes(): every shape, in the order they were added. */
static int all_slots(lworld *lw, const void *arg, const int **slots)
{
    (void)arg;
    return c2d_world_slots(lw->w, slots);
}

static int l_shapes(lua_State *L)
{
    lworld *lw = check_world(L, "shapes");
    lua_settop(L, 1);
    push_store(L, 1);
    push_query(L, lw, 2, all_slots, NULL, "shapes");
    return 1;
}

static int l_set_filter(lua_State *L)
{
    lworld *lw = check_world(L, "setFilter");
    int slot = slot_in(L, lw, 2, "setFilter");
    unsigned category = check_bits(L, 3, 1, "setFilter", "category"), mask = check_bits(L, 4, ALL_BITS, "setFilter", "mask");
    c2d_world_set_filter(lw->w, slot, category, mask);
    lua_settop(L, 2);
    return 1;
}

static int l_get_filter(lua_State *L)
{
    lworld *lw = check_world(L, "getFilter");
    unsigned category, mask;
    c2d_world_get_filter(lw->w, slot_in(L, lw, 2, "getFilter"), &category, &mask);
    lua_pushnumber(L, (lua_Number)category);
    lua_pushnumber(L, (lua_Number)mask);
    return 2;
}

typedef struct shape_query {
    const c2d_shape *s;
    const unsigned *mask;
} shape_query;

/* The shapes that hit q->s (itself left out when it is in this world). */
static int hit_slots(lworld *lw, const void *arg, const int **slots)
{
    const shape_query *q = (const shape_query *)arg;
    return c2d_world_query(lw->w, q->s, q->s->world == lw->w ? q->s->world_slot : -1, q->mask, slots);
}

/* The shapes that hit s, kept by the filter at index filter. */
static int query_shape(lua_State *L, lworld *lw, const c2d_shape *s, int filter, const char *fname)
{
    int fn;
    unsigned room;
    shape_query q;
    q.s = s;
    q.mask = check_filter(L, filter, fname, &fn, &room);
    lua_settop(L, filter);
    push_store(L, 1);
    push_query(L, lw, filter + 1, hit_slots, &q, fname);
    if (fn) keep_filtered(L, filter);
    return 1;
}

/* w:query(shape [, filter]) */
static int l_query(lua_State *L)
{
    lworld *lw = check_world(L, "query");
    lshape *p = c2d_lua_check_shape(L, 2, "query");
    return query_shape(L, lw, &p->s, 3, "query");
}

/* w:queryPoint(x, y [, filter]) */
static int l_query_point(lua_State *L)
{
    lworld *lw = check_world(L, "queryPoint");
    double nums[2];
    c2d_shape s;
    int bad;
    nums[0] = c2d_lua_number(L, 2, "queryPoint", "x");
    nums[1] = c2d_lua_number(L, 3, "queryPoint", "y");
    c2d_make(&s, C2D_POINT, nums, 2, NULL, &bad);
    return query_shape(L, lw, &s, 4, "queryPoint");
}

/* w:queryRect(x, y, width, height [, filter]) */
static int l_query_rect(lua_State *L)
{
    lworld *lw = check_world(L, "queryRect");
    double nums[4];
    c2d_shape s;
    int bad, i;
    c2d_error err;
    static const char *const names[4] = { "x", "y", "width", "height" };
    for (i = 0; i < 4; i++) nums[i] = c2d_lua_number(L, i + 2, "queryRect", names[i]);
    err = c2d_make(&s, C2D_AABB, nums, 4, NULL, &bad);
    if (err != C2D_OK) {
        /* (Each number is finite: one that is not is x + width or y + height.) */
        const char *name = names[bad >= 0 ? bad : 2];
        c2d_lua_arg_error(L, bad >= 0 ? bad + 2 : 2, "queryRect",
                          lua_pushfstring(L, err == C2D_ERR_NEGATIVE ? "%s must be >= 0"
                                                                     : "%s is out of range: the rectangle would reach past the largest number",
                                          name));
    }
    return query_shape(L, lw, &s, 6, "queryRect");
}

/* Run a ray through the world: the hits nearest first, kept in a table at
 * the top as {shape, t, nx, ny} rows (so callbacks may run afterwards). */
static int ray_hits(lua_State *L, lworld *lw, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, const char *fname)
{
    int store, tries;
    push_store(L, 1);
    store = lua_gettop(L);
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const c2d_world_hit *hits;
        int n = c2d_world_raycast(live(L, lw, fname), o, d, maxt, mask, &hits), i;
        if (n < 0) out_of_memory(L);
        if (!fresh_table(L, lw, 4 * n)) { lua_pop(L, 1); continue; }
        for (i = 0; i < n; i++) { /* numbers allocate nothing */
            push_slot(L, store, hits[i].slot);
            lua_rawseti(L, -2, 4 * i + 1);
            c2d_lua_push_number(L, hits[i].t);
            lua_rawseti(L, -2, 4 * i + 2);
            c2d_lua_push_number(L, hits[i].normal.x);
            lua_rawseti(L, -2, 4 * i + 3);
            c2d_lua_push_number(L, hits[i].normal.y);
            lua_rawseti(L, -2, 4 * i + 4);
        }
        lua_remove(L, store);
        return n;
    }
    changing(L, lw, fname);
    return 0;
}

/* w:querySegment(x1, y1, x2, y2 [, filter]): the shapes met, in order along it. */
static int l_query_segment(lua_State *L)
{
    lworld *lw = check_world(L, "querySegment");
    c2d_vec o, e, d;
    double maxt = 1;
    int fn, n, i, k = 0, rows;
    unsigned room;
    const unsigned *mask;
    o.x = c2d_lua_number(L, 2, "querySegment", "x1");
    o.y = c2d_lua_number(L, 3, "querySegment", "y1");
    e.x = c2d_lua_number(L, 4, "querySegment", "x2");
    e.y = c2d_lua_number(L, 5, "querySegment", "y2");
    mask = check_filter(L, 6, "querySegment", &fn, &room);
    d = vsub_(e, o);
    if (!(isfinite(d.x) && isfinite(d.y))) {
        /* Ends farther apart than the largest number: half the step, twice
         * as far (the same ray: halving is exact at such magnitudes). */
        d = vsub_(v2_(e.x * 0.5, e.y * 0.5), v2_(o.x * 0.5, o.y * 0.5));
        maxt = 2;
    }
    n = ray_hits(L, lw, o, d, maxt, mask, "querySegment");
    rows = lua_gettop(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, rows, 4 * i + 1);
        if (fn) {
            lua_pushvalue(L, 6);
            lua_pushvalue(L, -2);
            lua_call(L, 1, 1);
            if (!lua_toboolean(L, -1)) { lua_pop(L, 2); continue; }
            lua_pop(L, 1);
        }
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* w:raycast(x, y, dx, dy [, maxt [, filter]]) -> shape, t, nx, ny | nil */
static int l_raycast(lua_State *L)
{
    lworld *lw = check_world(L, "raycast");
    c2d_vec o, d;
    double maxt;
    int fn, n, i, rows;
    unsigned room;
    const unsigned *mask;
    o.x = c2d_lua_number(L, 2, "raycast", "x");
    o.y = c2d_lua_number(L, 3, "raycast", "y");
    d.x = c2d_lua_number(L, 4, "raycast", "dx");
    d.y = c2d_lua_number(L, 5, "raycast", "dy");
    maxt = c2d_lua_opt_number(L, 6, 1, "raycast", "maxt");
    if (maxt < 0) c2d_lua_arg_error(L, 6, "raycast", "maxt must be >= 0");
    mask = check_filter(L, 7, "raycast", &fn, &room);
    n = ray_hits(L, lw, o, d, maxt, mask, "raycast");
    rows = lua_gettop(L);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, rows, 4 * i + 1);
        if (fn) {
            lua_pushvalue(L, 7);
            lua_pushvalue(L, -2);
            lua_call(L, 1, 1);
            if (!lua_toboolean(L, -1)) { lua_pop(L, 2); continue; }
            lua_pop(L, 1);
        }
        lua_rawgeti(L, rows, 4 * i + 2);
        lua_rawgeti(L, rows, 4 * i + 3);
        lua_rawgeti(L, rows, 4 * i + 4);
        return 4;
    }
    lua_pushnil(L);
    return 1;
}

/* w:collisions([out]) -> list, n. Filling out may allocate (a finalizer may
 * then call the world): the answer is asked for again when it does. */
static int l_collisions(lua_State *L)
{
    lworld *lw = check_world(L, "collisions");
    int tries, list, old;
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    push_store(L, 1); /* 3 */
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *pairs;
        unsigned uses;
        int n = c2d_world_collisions(live(L, lw, "collisions"), &pairs), i;
        if (n < 0) out_of_memory(L);
        lua_settop(L, 3);
        if (lua_isnil(L, 2)) {
            if (!fresh_table(L, lw, 2 * n)) continue;
            list = 4;
            old = 0;
        } else {
            list = 2;
            old = (int)lua_rawlen(L, 2);
        }
        uses = lw->uses;
        for (i = 0; i < 2 * n && lw->uses == uses; i++) {
            push_slot(L, 3, pairs[i]);
            lua_rawseti(L, list, i + 1);
        }
        if (lw->uses != uses || lw->w == NULL) continue;
        for (i = 2 * n + 1; i <= old; i++) { /* clear what a longer list left */
            lua_pushnil(L);
            lua_rawseti(L, list, i);
        }
        lua_pushvalue(L, list);
        lua_pushinteger(L, n);
        return 2;
    }
    changing(L, lw, "collisions");
    return 0;
}

/* w:addResponse(name, fn) */
static int l_add_response(lua_State *L)
{
    check_world(L, "addResponse");
    luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    push_store(L, 1);
    lua_getfield(L, -1, "responses");
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    return 0;
}

/*
 * Movement. The mover is swept on a copy (so the world sees it move only
 * once, at the end); each step sweeps it toward the goal against the
 * candidates of its swept box, takes the earliest touch, asks the filter
 * what to do, and answers:
 *   touch   stop there;
 *   cross   go through (the other is passed over for the rest of the move);
 *   slide   stop there, and aim the rest of the motion along the surface;
 *   bounce  stop there, and aim the rest of the motion reflected about the normal;
 *   a name added with addResponse: fn(world, col, x, y, goalX, goalY) returns the new goal.
 * A shape crossed or ignored is passed over for the rest of the move; the
 * loop ends at the goal, at a touch, when wedged, or after MOVE_STEPS.
 */
typedef struct mover {
    c2d_shape s;
    c2d_vec store[C2D_MAX_VERTICES];
} mover;

/* The mover's copy, unlinked, with vertex storage of its own. */
static void copy_mover(mover *m, const c2d_shape *s)
{
    m->s = *s;
    m->s.world = NULL;
    if (s->kind == C2D_POLYGON) {
        memcpy(m->store, s->verts, sizeof m->store[0] * (size_t)s->count);
        m->s.verts = m->store;
    }
}

/* The upvalues of the World's methods after the ten kind metatables: the
 * nesting guard (below) and the pool of spare movers for Concave and Group. */
#define NEST_GUARD lua_upvalueindex(C2D_KIND_COUNT + 1)
#define MOVER_POOL lua_upvalueindex(C2D_KIND_COUNT + 2)

/* The mover: a copy of s in *room, on the C stack, so that a move makes no
 * garbage; a Concave or a Group, whose storage can be large, in a userdata
 * taken from the pool (made when the pool has none large enough) and left
 * on the Lua stack; give_mover returns it. A call that raises never returns
 * its mover, which the collector then frees: nested calls never share one. */
static mover *new_mover(lua_State *L, const c2d_shape *s, mover *room)
{
    mover *m = NULL;
    size_t need;
    int n;
    if (s->kind != C2D_CONCAVE && s->kind != C2D_GROUP) {
        copy_mover(room, s);
        return room;
    }
    need = sizeof *m + c2d_storage_size(s);
    n = (int)lua_rawlen(L, MOVER_POOL);
    if (n > 0) {
        lua_rawgeti(L, MOVER_POOL, n);
        lua_pushnil(L);
        lua_rawseti(L, MOVER_POOL, n);
        if (lua_rawlen(L, -1) >= need) m = (mover *)lua_touserdata(L, -1);
        else lua_pop(L, 1); /* too small: left to the collector */
    }
    if (m == NULL) m = (mover *)lua_newuserdata(L, need);
    c2d_copy(&m->s, s, m + 1);
    return m;
}

/* Put the mover at index i (when new_mover made one there) back in the pool. */
static void give_mover(lua_State *L, const mover *m, const mover *room, int i)
{
    if (m == room) return;
    lua_pushvalue(L, i);
    lua_rawseti(L, MOVER_POOL, (int)lua_rawlen(L, MOVER_POOL) + 1);
}

/*
 * Callbacks may call move, check and push again (a filter that checks
 * another move first). Each level keeps its mover on the C stack, and
 * LuaJIT sets no limit of its own on how deep C calls Lua, so a callback
 * calling itself ran off the C stack. The outermost call notes where the C
 * stack stands; a call more than NEST_STACK bytes below that place raises
 * an error instead (a few dozen levels). A call that finds itself no deeper
 * than the noted place knows that the call which noted it has ended (an
 * error unwound it) and notes its own.
 */
enum { NEST_STACK = 192 * 1024 };

typedef struct nest_guard {
    uintptr_t base; /* where the outermost active call's frame is; 0: none */
} nest_guard;

static int l_move(lua_State *L);
static int l_check(lua_State *L);
static int l_push(lua_State *L);

/* Is a move, check or push under way below the running call, on L's call stack. */
static int in_movement(lua_State *L)
{
    lua_Debug ar;
    int level;
    for (level = 1; lua_getstack(L, level, &ar); level++) {
        lua_CFunction f;
        lua_getinfo(L, "f", &ar);
        f = lua_tocfunction(L, -1);
        lua_pop(L, 1);
        if (f == l_move || f == l_check || f == l_push) return 1;
    }
    return 0;
}

/* Enter a level; returns whether this call is the outermost (pass it to leave_nest). */
static int enter_nest(lua_State *L, const void *frame, const char *fname)
{
    nest_guard *g = (nest_guard *)lua_touserdata(L, NEST_GUARD);
    uintptr_t at = (uintptr_t)frame;
    /* Below the noted place, the call is nested in the one that noted it,
     * unless that one ended by an error (which left its note behind): the
     * call stack tells, and is read only then. */
    if (g->base == 0 || at >= g->base || !in_movement(L)) {
        g->base = at;
        return 1;
    }
    if (g->base - at > NEST_STACK)
        luaL_error(L, "%s: callbacks nested too deep (move, check and push called from their own callbacks, "
                      "a few dozen levels at most)", fname);
    return 0;
}

static void leave_nest(lua_State *L, int outermost)
{
    if (outermost) ((nest_guard *)lua_touserdata(L, NEST_GUARD))->base = 0;
}

/* Push an array of the shapes the mover m overlaps or touches where it is
 * (p itself left out) whose masks take category (the mover's; mask, the
 * mover's, is applied by the query), as shapes, since callbacks may change
 * the world before they are used; returns how many. */
static int push_takers(lua_State *L, lworld *lw, int store, const mover *m, const lshape *p, unsigned category,
                       unsigned mask)
{
    int tries;
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *slots;
        int n = c2d_world_query(live(L, lw, "push"), &m->s, own_slot(lw, p), &mask, &slots), i, k = 0;
        if (n < 0) out_of_memory(L);
        if (!fresh_table(L, lw, n)) { lua_pop(L, 1); continue; }
        for (i = 0; i < n; i++) {
            unsigned oc, om;
            c2d_world_get_filter(lw->w, slots[i], &oc, &om);
            if (!(om & category)) continue;
            push_slot(L, store, slots[i]);
            lua_rawseti(L, -2, ++k);
        }
        return k;
    }
    changing(L, lw, "push");
    return 0;
}

enum { R_TOUCH, R_CROSS, R_SLIDE, R_BOUNCE, R_CUSTOM };

/* The response named by the value at i (pushing the custom function when
 * it is one); -1 for a falsy value (ignore the other). */
static int response_of(lua_State *L, int i, int store, const char *fname)
{
    const char *name;
    if (!lua_toboolean(L, i)) return -1;
    if (lua_type(L, i) != LUA_TSTRING) c2d_lua_arg_error(L, 5, fname, "the filter must return a response name or a falsy value");
    name = lua_tostring(L, i);
    /* A response added with addResponse comes first, as in bump.lua, where
     * one added under a built-in name replaces it. */
    lua_getfield(L, store, "responses");
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    if (!lua_isnil(L, -1)) return R_CUSTOM;
    lua_pop(L, 1);
    if (strcmp(name, "touch") == 0) return R_TOUCH;
    if (strcmp(name, "cross") == 0) return R_CROSS;
    if (strcmp(name, "slide") == 0) return R_SLIDE;
    if (strcmp(name, "bounce") == 0) return R_BOUNCE;
    return c2d_lua_arg_error(L, 5, fname,
                             lua_pushfstring(L, "the filter returned '%s', which is not a response name: add it with addResponse", name));
}

static const char *const response_names[] = { "touch", "cross", "slide", "bounce" };

/* A move gives up after this many steps in a row that made no headway
 * (each first touch at t = 0): the mover is wedged, e.g. sliding into a
 * corner sharper than a right angle, where each surface sends the rest of
 * the motion into the other. */
enum { MOVE_STEPS = 4096, WEDGED_STEPS = 8 };

/* How deep two shapes must overlap, relative to their distance from the
 * origin (at least 1), to be overlapping rather than touching within the
 * rounding of the step that brought them together. */
#define MOVE_OVERLAP 1e-9

/* Do a and b overlap beyond a touch (b may be gone: a callback removed it). */
static int overlapping(const c2d_shape *a, const c2d_shape *b)
{
    c2d_contact_result c;
    c2d_vec p;
    double scale;
    if (b == NULL) return 1;
    if (c2d_contact(a, b, &c) != C2D_OK) return 1;
    p = c2d_position(a);
    scale = fabs(p.x) > fabs(p.y) ? fabs(p.x) : fabs(p.y);
    return c.hit && c.depth > MOVE_OVERLAP * (scale > 1 ? scale : 1);
}

/* move and check: x, y, cols, len. */
static int move_or_check(lua_State *L, int apply, const char *fname)
{
    lworld *lw = check_world(L, fname);
    lshape *p = c2d_lua_check_shape(L, 2, fname);
    c2d_vec pos, goal, start;
    unsigned category = 1, mask = ALL_BITS;
    int store, passed, cols, ncols = 0, steps, wedged = 0, have_filter, self, still = 1, outermost, at_mover;
    mover *m, room;
    goal.x = c2d_lua_number(L, 3, fname, "goalX");
    goal.y = c2d_lua_number(L, 4, fname, "goalY");
    have_filter = !lua_isnoneornil(L, 5);
    if (have_filter) luaL_checktype(L, 5, LUA_TFUNCTION);
    lua_settop(L, 5);
    outermost = enter_nest(L, &room, fname);
    self = own_slot(lw, p);
    if (self >= 0) c2d_world_get_filter(lw->w, self, &category, &mask);
    push_store(L, 1);
    store = lua_gettop(L);
    lua_pushnil(L); /* other -> true for the shapes passed over (crossed or ignored); a table once needed */
    passed = lua_gettop(L);
    lua_newtable(L);
    cols = lua_gettop(L);
    m = new_mover(L, &p->s, &room);
    at_mover = lua_gettop(L);
    start = pos = c2d_position(&p->s);
    for (steps = 0; steps < MOVE_STEPS; steps++) {
        c2d_vec v = vsub_(goal, pos);
        c2d_bounds a0, a1, box;
        const int *slots;
        int n, i, best = -1, other, resp;
        double best_t = 2, along;
        c2d_sweep_result best_r;
        c2d_vec at, rest;
        live(L, lw, fname); /* the last step ran Lua */
        if (!(isfinite(v.x) && isfinite(v.y))) {
            /* A motion farther than the largest number could only tunnel. */
            if (steps == 0)
                c2d_lua_arg_error(L, isfinite(v.x) ? 4 : 3, fname,
                                  lua_pushfstring(L, "%s is out of range: the motion to it would pass the largest number",
                                                  isfinite(v.x) ? "goalY" : "goalX"));
            luaL_error(L, "%s: the rest of the motion is out of range (it would pass the largest number)", fname);
        }
        /* A move to where the shape is still meets what it overlaps (each
         * once, as the sweep gives t = 0 only for those); once the shape has
         * gone somewhere, reaching the goal ends the move. */
        if (v.x == 0 && v.y == 0) {
            if (!still) break;
        } else {
            still = 0;
        }
        if (c2d_move_to(&m->s, pos.x, pos.y) != C2D_OK) break;
        if (!c2d_bbox(&m->s, &a0)) a0.minx = a0.miny = -HUGE_VAL, a0.maxx = a0.maxy = HUGE_VAL;
        a1 = a0;
        a1.minx += v.x; a1.maxx += v.x; a1.miny += v.y; a1.maxy += v.y;
        box.minx = a0.minx < a1.minx ? a0.minx : a1.minx;
        box.miny = a0.miny < a1.miny ? a0.miny : a1.miny;
        box.maxx = a0.maxx > a1.maxx ? a0.maxx : a1.maxx;
        box.maxy = a0.maxy > a1.maxy ? a0.maxy : a1.maxy;
        /* The mover's own slot, asked each step: a callback may have removed
         * it and added it again (another shape may hold its old slot now). */
        self = own_slot(lw, p);
        n = c2d_world_candidates(lw->w, &box, self, &mask, &slots);
        if (n < 0) out_of_memory(L);
        memset(&best_r, 0, sizeof best_r);
        /* The earliest touch among the candidates whose bits take the mover.
         * No Lua runs in this loop, so the slots stay as they are. */
        for (i = 0; i < n; i++) {
            const c2d_shape *o = c2d_world_shape(lw->w, slots[i]);
            unsigned oc, om;
            c2d_sweep_result r;
            if (o == NULL || o == &p->s) continue;
            c2d_world_get_filter(lw->w, slots[i], &oc, &om);
            if (!(om & category)) continue;
            if (!lua_isnil(L, passed)) {
                int skip;
                push_slot(L, store, slots[i]);
                lua_rawget(L, passed);
                skip = !lua_isnil(L, -1);
                lua_pop(L, 1);
                if (skip) continue;
            }
            r = c2d_sweep(&m->s, v, o, v2_(0, 0));
            if (r.hit && r.t < best_t) { best_t = r.t; best = slots[i]; best_r = r; }
        }
        if (best < 0) { pos = goal; break; }
        at = v2_(pos.x + v.x * best_t, pos.y + v.y * best_t);
        /* Ask the filter (default slide); the callbacks may change the world
         * from here on, so the other is held as its shape. */
        push_slot(L, store, best);
        other = lua_gettop(L);
        if (have_filter) {
            lua_pushvalue(L, 5);
            lua_pushvalue(L, 2);
            lua_pushvalue(L, other);
            lua_call(L, 2, 1);
            live(L, lw, fname);
        } else {
            lua_pushliteral(L, "slide");
        }
        resp = response_of(L, other + 1, store, fname);
        /* A shape crossed, ignored, given to a response added with
         * addResponse (as bump.lua visits each other once), met by a shape
         * that is not moving, or overlapped at the start of the step (the
         * sweep meets it at t = 0 whichever way the mover goes) is passed
         * over for the rest of the move; one slid along or bounced off may be
         * met again (a Concave's wall after its floor), as the sweep counts a
         * touch only while moving in. */
        if (resp < 0 || resp == R_CROSS || resp == R_CUSTOM || still ||
            (best_t == 0 && overlapping(&m->s, c2d_world_shape(lw->w, best)))) {
            if (lua_isnil(L, passed)) {
                lua_newtable(L);
                lua_replace(L, passed);
            }
            lua_pushvalue(L, other);
            lua_pushboolean(L, 1);
            lua_rawset(L, passed);
        }
        if (resp < 0) { lua_settop(L, other - 1); continue; }
        /* The collision record. */
        lua_createtable(L, 0, 7);
        lua_pushvalue(L, other);
        lua_setfield(L, -2, "other");
        if (resp == R_CUSTOM) lua_pushvalue(L, other + 1); /* the name the filter gave */
        else lua_pushstring(L, response_names[resp]);
        lua_setfield(L, -2, "type");
        c2d_lua_push_number(L, best_t);
        lua_setfield(L, -2, "ti");
        c2d_lua_push_number(L, best_r.normal.x);
        lua_setfield(L, -2, "nx");
        c2d_lua_push_number(L, best_r.normal.y);
        lua_setfield(L, -2, "ny");
        c2d_lua_push_number(L, at.x);
        lua_setfield(L, -2, "x");
        c2d_lua_push_number(L, at.y);
        lua_setfield(L, -2, "y");
        lua_pushvalue(L, -1);
        lua_rawseti(L, cols, ++ncols);
        rest = vsub_(goal, at);
        along = rest.x * best_r.normal.x + rest.y * best_r.normal.y;
        /* The rest less its part into the normal is found before it is added
         * to at: a goal far beyond at would swallow at otherwise. */
        switch (resp) {
        case R_TOUCH: pos = goal = at; break;
        case R_CROSS: break;
        case R_SLIDE:
            pos = at;
            if (along < 0) goal = v2_(at.x + (rest.x - along * best_r.normal.x), at.y + (rest.y - along * best_r.normal.y));
            break;
        case R_BOUNCE:
            pos = at;
            if (along < 0)
                goal = v2_(at.x + (rest.x - 2 * along * best_r.normal.x), at.y + (rest.y - 2 * along * best_r.normal.y));
            break;
        default: {
            /* fn(world, col, x, y, goalX, goalY) -> goalX, goalY, or nothing to stop there */
            int col = lua_gettop(L);
            lua_pushvalue(L, other + 2);
            lua_pushvalue(L, 1);
            lua_pushvalue(L, col);
            c2d_lua_push_number(L, at.x);
            c2d_lua_push_number(L, at.y);
            c2d_lua_push_number(L, goal.x);
            c2d_lua_push_number(L, goal.y);
            lua_call(L, 6, 2);
            live(L, lw, fname);
            pos = at;
            if (lua_isnil(L, -2) && lua_isnil(L, -1)) {
                goal = at;
            } else if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER) {
                goal.x = lua_tonumber(L, -2);
                goal.y = lua_tonumber(L, -1);
                if (!(goal.x - goal.x == 0 && goal.y - goal.y == 0)) luaL_error(L, "%s: a response returned a goal that is not finite", fname);
            } else {
                luaL_error(L, "%s: a response must return goalX, goalY (numbers) or nothing, got %s and %s", fname,
                           luaL_typename(L, -2), luaL_typename(L, -1));
            }
        }
        }
        lua_settop(L, other - 1);
        if (resp == R_TOUCH) break;
        if (resp != R_CROSS && !still) {
            wedged = best_t == 0 ? wedged + 1 : 0;
            if (wedged >= WEDGED_STEPS) break;
        }
    }
    if (apply && (pos.x != start.x || pos.y != start.y)) {
        if (c2d_move_to(&p->s, pos.x, pos.y) != C2D_OK) luaL_error(L, "%s: the goal is out of range", fname);
    }
    give_mover(L, m, &room, at_mover);
    leave_nest(L, outermost);
    c2d_lua_push_number(L, pos.x);
    c2d_lua_push_number(L, pos.y);
    lua_pushvalue(L, cols);
    lua_pushinteger(L, ncols);
    return 4;
}

static int l_move(lua_State *L) { return move_or_check(L, 1, "move"); }
static int l_check(lua_State *L) { return move_or_check(L, 0, "check"); }

/*
 * Push. First the deepest overlap at a time, each left by contact's least
 * translation, which frees a shape from one overlap or a few (a corner) by
 * the least motion. When that goes round in circles (a shape pinned between
 * two walls, pushed from one into the other) or meets an overlap no
 * translation ends (a Line across a Line), the push goes along one direction
 * instead: each overlap's normal, then up, right, left and down, taking the
 * least distance along any of them that leaves the shape clear.
 */
enum { PUSH_STEPS = 64, PUSH_DIRECTIONS = 12 };

/* Does the push's filter (at 3, when there is one) keep the shape at the top. */
static int push_keeps(lua_State *L, int have_filter)
{
    int keep;
    if (!have_filter) return 1;
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -3);
    lua_call(L, 2, 1);
    keep = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return keep;
}

/* Add {other=, type="push", nx=, ny=, depth=} to the records at cols, other
 * being the shape at index other. */
static void push_record(lua_State *L, int cols, int *ncols, int other, c2d_vec n, double depth)
{
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, other);
    lua_setfield(L, -2, "other");
    lua_pushliteral(L, "push");
    lua_setfield(L, -2, "type");
    c2d_lua_push_number(L, n.x);
    lua_setfield(L, -2, "nx");
    c2d_lua_push_number(L, n.y);
    lua_setfield(L, -2, "ny");
    c2d_lua_push_number(L, depth);
    lua_setfield(L, -2, "depth");
    lua_rawseti(L, cols, ++*ncols);
}

/* Push an array of the shapes the mover overlaps (beyond a touch) where it
 * is, whose masks take category and that the filter at 3 (when there is one)
 * keeps; returns how many. */
static int push_overlaps(lua_State *L, lworld *lw, const mover *m, const lshape *p, unsigned category,
                         unsigned mask, int have_filter, int store)
{
    int k = push_takers(L, lw, store, m, p, category, mask), i, cand, out = 0;
    cand = lua_gettop(L);
    lua_createtable(L, k, 0);
    for (i = 1; i <= k; i++) {
        lshape *o;
        lua_rawgeti(L, cand, i);
        o = c2d_lua_shape(L, -1);
        if (o == NULL || o == p || !push_keeps(L, have_filter) || !overlapping(&m->s, &o->s)) {
            lua_pop(L, 1);
            continue;
        }
        lua_rawseti(L, -2, ++out);
    }
    lua_remove(L, cand);
    return out;
}

/* How far the mover, placed at p, must go along the unit vector u to leave
 * o: from a place far enough along u that it is clear, the sweep back meets
 * o where the mover leaves it. 0 when no distance does (o a Line along u).
 * The mover is left elsewhere. */
static int exit_along(mover *m, c2d_vec p, c2d_vec u, const c2d_shape *o, double *exit)
{
    c2d_bounds a, b;
    double far = 0;
    int k;
    if (c2d_move_to(&m->s, p.x, p.y) != C2D_OK) return 0;
    if (c2d_bbox(&m->s, &a)) far += (a.maxx - a.minx) + (a.maxy - a.miny);
    if (c2d_bbox(o, &b)) far += (b.maxx - b.minx) + (b.maxy - b.miny);
    if (!(far > 0)) far = 1;
    for (k = 0; k < 64 && isfinite(far); k++, far *= 2) {
        c2d_sweep_result r;
        if (c2d_move_to(&m->s, p.x + u.x * far, p.y + u.y * far) != C2D_OK) return 0;
        if (overlapping(&m->s, o)) continue;
        r = c2d_sweep(&m->s, v2_(-u.x * far, -u.y * far), o, v2_(0, 0));
        *exit = r.hit ? far - far * r.t : 0;
        return 1;
    }
    return 0;
}

/* The least s >= 0 that leaves the mover at start + s u clear of what
 * push_overlaps counts: from each place, past every shape it overlaps
 * there. With record, the records of the shapes left, in the order met, go
 * to the table at cols. 0 when no s is found. */
static int clear_along(lua_State *L, lworld *lw, mover *m, const lshape *p, unsigned category,
                       unsigned mask, int have_filter, int store, c2d_vec start, c2d_vec u, double *s_out,
                       int record, int cols, int *ncols)
{
    double s = 0;
    int steps;
    for (steps = 0; steps < PUSH_STEPS; steps++) {
        c2d_vec at = v2_(start.x + u.x * s, start.y + u.y * s);
        double step = 0;
        int k, i, list;
        if (c2d_move_to(&m->s, at.x, at.y) != C2D_OK) return 0;
        k = push_overlaps(L, lw, m, p, category, mask, have_filter, store);
        list = lua_gettop(L);
        if (k == 0) {
            lua_pop(L, 1);
            *s_out = s;
            return 1;
        }
        for (i = 1; i <= k; i++) {
            double e;
            const lshape *o;
            lua_rawgeti(L, list, i);
            o = c2d_lua_shape(L, -1);
            if (o == NULL || !exit_along(m, at, u, &o->s, &e)) { lua_settop(L, list - 1); return 0; }
            if (record) push_record(L, cols, ncols, lua_gettop(L), u, e);
            lua_pop(L, 1);
            if (e > step) step = e;
        }
        lua_pop(L, 1);
        if (!(step > 0) || !isfinite(s + step)) return 0;
        s += step;
    }
    return 0;
}

/* w:push(shape [, filter]) */
static int l_push(lua_State *L)
{
    lworld *lw = check_world(L, "push");
    lshape *p = c2d_lua_check_shape(L, 2, "push");
    int store, cols, ncols = 0, steps, have_filter, self, clear = 0, outermost, at_mover;
    unsigned category = 1, mask = ALL_BITS;
    c2d_vec pos, start;
    mover *m, room;
    have_filter = !lua_isnoneornil(L, 3);
    if (have_filter) luaL_checktype(L, 3, LUA_TFUNCTION);
    lua_settop(L, 3);
    outermost = enter_nest(L, &room, "push");
    self = own_slot(lw, p);
    if (self >= 0) c2d_world_get_filter(lw->w, self, &category, &mask);
    push_store(L, 1);
    store = lua_gettop(L);
    lua_newtable(L);
    cols = lua_gettop(L);
    m = new_mover(L, &p->s, &room);
    at_mover = lua_gettop(L);
    start = pos = c2d_position(&p->s);
    for (steps = 0; steps < PUSH_STEPS; steps++) {
        /* The shape's own slot, asked each step: a filter may have removed
         * it and added it again (another shape may hold its old slot now). */
        int k = push_takers(L, lw, store, m, p, category, mask), i, cand, best = 0;
        double depth = 0;
        c2d_contact_result best_c;
        cand = lua_gettop(L);
        memset(&best_c, 0, sizeof best_c);
        for (i = 1; i <= k; i++) {
            lshape *o;
            c2d_contact_result c;
            lua_rawgeti(L, cand, i);
            o = c2d_lua_shape(L, -1);
            if (o == NULL || o == p || !push_keeps(L, have_filter)) { lua_pop(L, 1); continue; }
            lua_pop(L, 1);
            if (c2d_contact(&m->s, &o->s, &c) != C2D_OK || !c.hit) continue;
            if (c.depth > depth) { depth = c.depth; best = i; best_c = c; }
        }
        if (best == 0) { lua_pop(L, 1); clear = 1; break; }
        if (!isfinite(depth)) { lua_pop(L, 1); break; } /* no translation ends it */
        pos = v2_(pos.x + best_c.normal.x * depth, pos.y + best_c.normal.y * depth);
        if (c2d_move_to(&m->s, pos.x, pos.y) != C2D_OK) { lua_pop(L, 1); break; }
        lua_rawgeti(L, cand, best);
        push_record(L, cols, &ncols, lua_gettop(L), best_c.normal, depth);
        lua_pop(L, 2);
    }
    if (!clear) {
        /* Along one direction: the overlaps' normals where the shape is,
         * then up, right, left and down; the least distance wins (ties: the
         * first). */
        c2d_vec dirs[PUSH_DIRECTIONS], best_u = v2_(0, 0);
        double best_s = HUGE_VAL, s;
        int nd = 0, k, i, list, found = 0;
        static const double axes[4][2] = { { 0, -1 }, { 1, 0 }, { -1, 0 }, { 0, 1 } };
        if (c2d_move_to(&m->s, start.x, start.y) != C2D_OK) luaL_error(L, "push: the position is out of range");
        k = push_overlaps(L, lw, m, p, category, mask, have_filter, store);
        list = lua_gettop(L);
        for (i = 1; i <= k && nd < PUSH_DIRECTIONS - 4; i++) {
            const lshape *o;
            c2d_contact_result c;
            lua_rawgeti(L, list, i);
            o = c2d_lua_shape(L, -1);
            lua_pop(L, 1);
            if (o != NULL && c2d_contact(&m->s, &o->s, &c) == C2D_OK && c.hit && isfinite(c.depth))
                dirs[nd++] = c.normal;
        }
        for (i = 0; i < 4; i++) dirs[nd++] = v2_(axes[i][0], axes[i][1]);
        for (i = 0; i < nd; i++)
            if (clear_along(L, lw, m, p, category, mask, have_filter, store, start, dirs[i], &s, 0, 0, NULL) &&
                s < best_s) {
                best_s = s;
                best_u = dirs[i];
                found = 1;
            }
        lua_newtable(L);
        lua_replace(L, cols);
        ncols = 0;
        if (found) {
            clear_along(L, lw, m, p, category, mask, have_filter, store, start, best_u, &s, 1, cols, &ncols);
            pos = v2_(start.x + best_u.x * best_s, start.y + best_u.y * best_s);
        } else {
            /* Nothing frees it: it stays, and its overlaps are listed. */
            pos = start;
            if (c2d_move_to(&m->s, start.x, start.y) != C2D_OK) luaL_error(L, "push: the position is out of range");
            for (i = 1; i <= k; i++) {
                const lshape *o;
                c2d_contact_result c;
                lua_rawgeti(L, list, i);
                o = c2d_lua_shape(L, -1);
                if (o != NULL && c2d_contact(&m->s, &o->s, &c) == C2D_OK && c.hit)
                    push_record(L, cols, &ncols, lua_gettop(L), c.normal, c.depth);
                lua_pop(L, 1);
            }
        }
        lua_settop(L, list - 1);
    }
    if (pos.x != start.x || pos.y != start.y) {
        if (c2d_move_to(&p->s, pos.x, pos.y) != C2D_OK) luaL_error(L, "push: the position is out of range");
    }
    give_mover(L, m, &room, at_mover);
    leave_nest(L, outermost);
    c2d_lua_push_number(L, pos.x);
    c2d_lua_push_number(L, pos.y);
    lua_pushvalue(L, cols);
    lua_pushinteger(L, ncols);
    return 4;
}

static int l_tostring(lua_State *L)
{
    lworld *lw = check_world(L, "tostring");
    lua_pushfstring(L, "World(%d shapes)", c2d_world_count(lw->w));
    return 1;
}

static const luaL_Reg world_methods[] = {
    { "add", l_add },
    { "remove", l_remove },
    { "has", l_has },
    { "count", l_count },
    { "shapes", l_shapes },
    { "setFilter", l_set_filter },
    { "getFilter", l_get_filter },
    { "query", l_query },
    { "queryPoint", l_query_point },
    { "queryRect", l_query_rect },
    { "querySegment", l_query_segment },
    { "raycast", l_raycast },
    { "collisions", l_collisions },
    { "move", l_move },
    { "check", l_check },
    { "push", l_push },
    { "addResponse", l_add_response },
    { NULL, NULL }
};

void c2d_open_world(lua_State *L, int module, int mts)
{
    int k;
    luaL_newmetatable(L, WORLD_MT);
    lua_pushliteral(L, WORLD_MT);
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_newtable(L);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    memset(lua_newuserdata(L, sizeof(nest_guard)), 0, sizeof(nest_guard)); /* NEST_GUARD */
    lua_newtable(L);                                                       /* MOVER_POOL */
    luaL_setfuncs(L, world_methods, C2D_KIND_COUNT + 2);
    lua_setfield(L, -2, "__index");
    c2d_lua_lock_metatable(L);
    lua_pop(L, 1);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    lua_pushcclosure(L, l_world, C2D_KIND_COUNT);
    lua_setfield(L, module, "world");
}
