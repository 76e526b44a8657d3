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
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lua_shape.h"
#include "collide2d_lua.h"

#define WORLD_MT "collide2d.World"
#define ALL_BITS 0xFFFFFFFFu

static c2d_vec v2_(double x, double y) { c2d_vec v; v.x = x; v.y = y; return v; }
static c2d_vec vsub_(c2d_vec a, c2d_vec b) { return v2_(a.x - b.x, a.y - b.y); }

typedef struct lworld {
    uint64_t tag;      /* C2D_TAG_WORLD, or C2D_TAG_FREED once its __gc has run */
    c2d_world *w;      /* NULL once freed */
    const void *store; /* its table of shapes (the user value), to tell it from a replacement */
    int store_room;    /* slots the store's array part was made with (see room_for_slot) */
    unsigned uses;     /* counts the calls on the world: one made from a finalizer shows here */
    double cell;       /* the cell size it was made with (for snapshot) */
} lworld;

/* The store's room for slots when made, and for its named keys (responses, pairs, pairs2). */
enum { STORE_ROOM = 16, STORE_KEYS = 4 };

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

/* Put the world's store (the one it has now: adding shapes may have replaced
 * it with a larger copy) at index idx. */
static void refresh_store(lua_State *L, int idx)
{
    push_store(L, 1);
    lua_replace(L, idx);
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

/* The shape at i, which must not be a tile layer (a map does not move through a world). */
static lshape *check_mover(lua_State *L, int i, const char *fname)
{
    lshape *p = c2d_lua_check_shape(L, i, fname);
    if (p->s.kind == C2D_TILES) c2d_lua_arg_error(L, i, fname, "a tile layer cannot move through a world (place it with moveTo)");
    return p;
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
        refresh_store(L, store);
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

static int restore_world(lua_State *L);

/* c2d.world([cellSize]), or c2d.world(snapshot) */
static int l_world(lua_State *L)
{
    double cell;
    lworld *lw;
    if (lua_type(L, 1) == LUA_TTABLE) return restore_world(L);
    cell = c2d_lua_opt_number(L, 1, 64, "world", "cellSize");
    if (!(cell > 0)) c2d_lua_arg_error(L, 1, "world", "cellSize must be > 0");
    lw = (lworld *)lua_newuserdata(L, sizeof *lw);
    memset(lw, 0, sizeof *lw);
    lw->tag = C2D_TAG_WORLD;
    luaL_getmetatable(L, WORLD_MT);
    c2d_lua_set_metatable(L, -2);
    lua_createtable(L, STORE_ROOM, STORE_KEYS);
    lua_newtable(L);
    lua_setfield(L, -2, "responses");
    lw->store = lua_topointer(L, -1);
    lw->store_room = STORE_ROOM;
#if LUA_VERSION_NUM >= 502
    lua_setuservalue(L, -2);
#else
    lua_setfenv(L, -2);
#endif
    lw->w = c2d_world_new(cell);
    if (lw->w == NULL) out_of_memory(L);
    lw->cell = cell;
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
        lw->uses++; /* a call under way, building an answer, sees the world changed */
        c2d_world_free(w); /* unlinks its shapes, which the store kept alive until now */
    }
    return 0;
}

/*
 * The store holds shapes by slot in its array part, made with room to spare:
 * putting a shape in a slot it has room for allocates nothing, so it cannot
 * fail. (A table that grows and runs out of memory meanwhile may lose keys,
 * under LuaJIT.) When a slot needs more, the store is copied into a table
 * twice as large, which replaces it before anything is put in it.
 */

static void room_for_slot(lua_State *L, lworld *lw, int store, int slot)
{
    int room = lw->store_room;
    if (slot + 1 <= room) return;
    while (room < slot + 1) room *= 2;
    lua_createtable(L, room, STORE_KEYS);
    lua_pushnil(L);
    while (lua_next(L, store) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lw->store = lua_topointer(L, -1);
    lw->store_room = room;
    lua_pushvalue(L, -1);
#if LUA_VERSION_NUM >= 502
    lua_setuservalue(L, 1);
#else
    lua_setfenv(L, 1);
#endif
    lua_replace(L, store);
}

/* grow_store(world, store, slot) -> the store, with room for the slot (the world's new one, when it grew). */
static int grow_store(lua_State *L)
{
    room_for_slot(L, (lworld *)lua_touserdata(L, 1), 2, (int)lua_tointeger(L, 3));
    lua_settop(L, 2);
    return 1;
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
    lua_pushcfunction(L, grow_store); /* made before the world changes */
    slot = c2d_world_add(lw->w, &p->s, category, mask);
    if (slot < 0) out_of_memory(L);
    /* Room in the store for the slot; out of memory, the world lets the shape go again. */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_pushinteger(L, slot);
    if (lua_pcall(L, 3, 1, 0) != 0) {
        if (lw->w != NULL && p->s.world == lw->w) c2d_world_remove(lw->w, p->s.world_slot);
        lua_error(L);
    }
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, slot + 1); /* room made: this allocates nothing */
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

/* Is the shape at the top kept by the filter function at index filter
 * (fn: there is one)? It is popped when not. */
static int kept(lua_State *L, int fn, int filter)
{
    if (!fn) return 1;
    lua_pushvalue(L, filter);
    lua_pushvalue(L, -2);
    lua_call(L, 1, 1);
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 2);
        return 0;
    }
    lua_pop(L, 1);
    return 1;
}

/* What a list of hits comes from: a ray, or a turning sweep. */
typedef struct hits_query {
    c2d_vec o, d;
    double maxt;             /* a ray */
    const c2d_shape *s;      /* a turning sweep (else NULL) */
    c2d_motion m;
    double tol;
} hits_query;

/* Run the query through the world: the hits earliest first, kept in a
 * table at the top as {shape, t, nx, ny} rows (so callbacks may run
 * afterwards). */
static int world_hits(lua_State *L, lworld *lw, const hits_query *q, const unsigned *mask, const char *fname)
{
    int store, tries;
    push_store(L, 1);
    store = lua_gettop(L);
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const c2d_world_hit *hits;
        int n, i;
        live(L, lw, fname);
        refresh_store(L, store);
        n = q->s != NULL ? c2d_world_sweep_turning(lw->w, q->s, &q->m, q->tol, mask, &hits)
                         : c2d_world_raycast(lw->w, q->o, q->d, q->maxt, mask, &hits);
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
    hits_query q;
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
    q.o = o;
    q.d = d;
    q.maxt = maxt;
    q.s = NULL;
    n = world_hits(L, lw, &q, mask, "querySegment");
    rows = lua_gettop(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, rows, 4 * i + 1);
        if (!kept(L, fn, 6)) continue;
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* w:sweepTurning(shape, dx, dy, dangle [, filter [, options]]) -> shapes,
 * times: what shape touches as it moves and turns (the others still),
 * earliest first (options: pivot = {x, y}, tolerance). */
static int l_sweep_turning(lua_State *L)
{
    const char *f = "sweepTurning";
    lworld *lw = check_world(L, f);
    lshape *p = c2d_lua_check_shape(L, 2, f);
    hits_query q;
    int fn, n, i, k = 0, rows, options = 0;
    unsigned room;
    const unsigned *mask;
    q.s = &p->s;
    q.m.d.x = c2d_lua_number(L, 3, f, "dx");
    q.m.d.y = c2d_lua_number(L, 4, f, "dy");
    q.m.angle = c2d_lua_number(L, 5, f, "dangle");
    if (!lua_isnoneornil(L, 7)) {
        if (!lua_istable(L, 7)) c2d_lua_type_error(L, 7, f, "table (options)");
        options = 7;
    }
    if (q.m.angle != 0 && (p->s.kind == C2D_AABB || p->s.kind == C2D_TILES))
        c2d_lua_arg_error(L, 2, f, c2d_error_message(p->s.kind == C2D_AABB ? C2D_ERR_ROTATE_AABB : C2D_ERR_ROTATE_TILES));
    q.m.pivot = c2d_lua_turning_pivot(L, options, "pivot", &p->s);
    q.tol = c2d_lua_turning_tolerance(L, options);
    mask = check_filter(L, 6, f, &fn, &room);
    n = world_hits(L, lw, &q, mask, f);
    rows = lua_gettop(L);
    lua_createtable(L, n, 0);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, rows, 4 * i + 1);
        if (!kept(L, fn, 6)) continue;
        lua_rawseti(L, -3, ++k);
        lua_rawgeti(L, rows, 4 * i + 2);
        lua_rawseti(L, -2, k);
    }
    return 2;
}

/* Sight ------------------------------------------------------------------ */

typedef struct sight_query {
    c2d_view v;
    const c2d_shape *a;   /* sees from a shape: that shape (NULL: from v's point) */
    const c2d_shape *b;   /* sees: the shape looked at; visible: the view's shape */
    int skip;
    const unsigned *mask;
} sight_query;

static int sight_slots(lworld *lw, const void *arg, const int **slots)
{
    const sight_query *q = (const sight_query *)arg;
    if (q->a != NULL) return c2d_world_sight_candidates_from(lw->w, q->a, q->b, q->mask, slots);
    return c2d_world_sight_candidates(lw->w, &q->v, q->b, q->skip, q->mask, slots);
}

static int view_slots(lworld *lw, const void *arg, const int **slots)
{
    const sight_query *q = (const sight_query *)arg;
    return c2d_world_query(lw->w, q->b, q->b->world == lw->w ? q->b->world_slot : -1, q->mask, slots);
}

/* The slots of the shapes in the array at the top that are still in the
 * world (a filter may have removed some), in a block kept in the registry
 * (no garbage once it is large enough); how many in *n. */
static const int *slots_of(lua_State *L, const lworld *lw, int *n)
{
    int len = (int)lua_rawlen(L, -1), i, k = 0;
    size_t bytes = (size_t)(len > 0 ? len : 1) * sizeof(int);
    int *out;
    lua_getfield(L, LUA_REGISTRYINDEX, "collide2d.sight_slots");
    out = (int *)lua_touserdata(L, -1);
    if (out == NULL || lua_rawlen(L, -1) < bytes) {
        lua_pop(L, 1);
        out = (int *)lua_newuserdata(L, bytes);
        lua_setfield(L, LUA_REGISTRYINDEX, "collide2d.sight_slots");
    } else {
        lua_pop(L, 1);
    }
    for (i = 1; i <= len; i++) {
        lshape *p;
        lua_rawgeti(L, -1, i);
        p = c2d_lua_shape(L, -1);
        if (p != NULL && p->s.world == lw->w) out[k++] = p->s.world_slot;
        lua_pop(L, 1);
    }
    *n = k;
    return out;
}

/* The slots a sight query looks at: those the filter function kept (the
 * array at store + 1, when fn), still in the world, or the query's own
 * (its list in the world, untouched since). The stack is cut back to them. */
static int chosen_slots(lua_State *L, lworld *lw, slot_query query, const sight_query *q, int fn, int store,
                        const char *fname, const int **slots)
{
    int n;
    live(L, lw, fname);
    lua_settop(L, fn ? store + 1 : store);
    if (fn) {
        *slots = slots_of(L, lw, &n);
        return n;
    }
    n = query(lw, q, slots);
    if (n < 0) out_of_memory(L);
    return n;
}

/* w:sees(a, b [, filter]) or w:sees(x, y, b [, filter]) -> true, px, py, ex,
 * ey | false, blocker: does some segment from a point (ex, ey) of a (or from
 * x, y) reach b without meeting another shape of the world first (the
 * filter, a mask or a function, picks the blockers; a and b never block) */
static int l_sees(lua_State *L)
{
    const char *f = "sees";
    lworld *lw = check_world(L, f);
    sight_query q;
    lshape *b;
    int filter, fn, n, hider, r, store;
    unsigned room;
    const int *slots;
    c2d_vec point, from;
    q.skip = -1;
    q.a = NULL;
    if (lua_type(L, 2) == LUA_TNUMBER) {
        q.v.o.x = c2d_lua_number(L, 2, f, "x");
        q.v.o.y = c2d_lua_number(L, 3, f, "y");
        b = c2d_lua_check_shape(L, 4, f);
        filter = 5;
    } else {
        lshape *a = c2d_lua_check_shape(L, 2, f);
        if (a->s.kind != C2D_POINT) q.a = &a->s;
        else q.v.o = a->s.p[0];
        if (a->s.world == lw->w) q.skip = a->s.world_slot;
        b = c2d_lua_check_shape(L, 3, f);
        filter = 4;
    }
    q.v.radius = HUGE_VAL;
    q.v.dir = v2_(1, 0);
    q.v.opening = HUGE_VAL;
    q.b = &b->s;
    q.mask = check_filter(L, filter, f, &fn, &room);
    lua_settop(L, filter);
    push_store(L, 1);
    store = lua_gettop(L);
    if (fn) { /* the blockers the function keeps (it may change the world meanwhile) */
        push_query(L, lw, store, sight_slots, &q, f);
        keep_filtered(L, filter);
    }
    n = chosen_slots(L, lw, sight_slots, &q, fn, store, f, &slots);
    if (q.a != NULL) {
        r = c2d_world_sees_from(lw->w, q.a, &b->s, slots, n, &from, &point, &hider);
    } else {
        from = q.v.o;
        r = c2d_world_sees(lw->w, &q.v, &b->s, slots, n, &point, &hider);
    }
    if (r < 0) out_of_memory(L);
    lua_pushboolean(L, r);
    if (r) {
        c2d_lua_push_number(L, point.x);
        c2d_lua_push_number(L, point.y);
        c2d_lua_push_number(L, from.x);
        c2d_lua_push_number(L, from.y);
        return 5;
    }
    if (hider < 0) return 1;
    refresh_store(L, store);
    push_slot(L, store, hider);
    return 2;
}

/* w:visible(view [, filter]) -> shapes, points: the shapes within the view
 * (a Fan, or a Disk) seen from its apex (or centre) past the others, each
 * with a point seen (points: x1, y1, x2, y2, ...) */
static int l_visible(lua_State *L)
{
    const char *f = "visible";
    lworld *lw = check_world(L, f);
    lshape *p = c2d_lua_check_shape(L, 2, f);
    sight_query q;
    int fn, n, k, i, store, tries;
    unsigned room;
    const int *slots;
    const c2d_world_seen *seen;
    if (p->s.kind == C2D_FAN) {
        q.v.o = p->s.p[0];
        q.v.radius = p->s.radius;
        q.v.dir = v2_(p->s.cos_a, p->s.sin_a);
        q.v.opening = p->s.opening;
    } else if (p->s.kind == C2D_DISK) {
        q.v.o = p->s.p[0];
        q.v.radius = p->s.radius;
        q.v.dir = v2_(1, 0);
        q.v.opening = HUGE_VAL;
    } else {
        return c2d_lua_arg_error(L, 2, f, "the view must be a Fan or a Disk");
    }
    q.b = &p->s;
    q.skip = -1;
    q.a = NULL;
    q.mask = check_filter(L, 3, f, &fn, &room);
    lua_settop(L, 3);
    push_store(L, 1);
    store = lua_gettop(L);
    if (fn) { /* the shapes the function keeps (it may change the world meanwhile) */
        push_query(L, lw, store, view_slots, &q, f);
        keep_filtered(L, 3);
    }
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        n = chosen_slots(L, lw, view_slots, &q, fn, store, f, &slots);
        k = c2d_world_visible(lw->w, &q.v, slots, n, &seen);
        if (k < 0) out_of_memory(L);
        /* the two tables first: making them may run a finalizer that calls
         * the world (then the answer is made again) */
        if (!fresh_table(L, lw, k)) continue;
        if (!fresh_table(L, lw, 2 * k)) continue;
        refresh_store(L, store);
        for (i = 0; i < k; i++) { /* (numbers, and shapes already made, allocate nothing) */
            push_slot(L, store, seen[i].slot);
            lua_rawseti(L, -3, i + 1);
            c2d_lua_push_number(L, seen[i].point.x);
            lua_rawseti(L, -2, 2 * i + 1);
            c2d_lua_push_number(L, seen[i].point.y);
            lua_rawseti(L, -2, 2 * i + 2);
        }
        return 2;
    }
    changing(L, lw, f);
    return 0;
}

/* w:visibility(x, y, radius [, filter [, tolerance]]) -> outline, shape: what
 * the point sees within the radius, every other shape (or those the filter
 * keeps) blocking: its outline, flat x1, y1, ... counter-clockwise, and the
 * same as a Concave (nil where the outline is not one: a single point) */
static int l_visibility(lua_State *L)
{
    const char *f = "visibility";
    lworld *lw = check_world(L, f);
    sight_query q;
    c2d_shape disk;
    double nums[3], tol;
    int fn, n, k, i, store, tries, bad;
    unsigned room;
    const int *slots;
    const c2d_vec *pts;
    nums[0] = c2d_lua_number(L, 2, f, "x");
    nums[1] = c2d_lua_number(L, 3, f, "y");
    nums[2] = c2d_lua_number(L, 4, f, "radius");
    if (!(nums[2] > 0)) c2d_lua_arg_error(L, 4, f, "radius must be > 0");
    tol = c2d_lua_opt_number(L, 6, nums[2] / 1000, f, "tolerance");
    if (!(tol > 0)) c2d_lua_arg_error(L, 6, f, "tolerance must be > 0");
    if (c2d_make(&disk, C2D_DISK, nums, 3, NULL, &bad) != C2D_OK) c2d_lua_arg_error(L, 4, f, "radius is out of range");
    q.v.o = v2_(nums[0], nums[1]);
    q.v.radius = nums[2];
    q.v.dir = v2_(1, 0);
    q.v.opening = HUGE_VAL;
    q.b = &disk;
    q.skip = -1;
    q.a = NULL;
    q.mask = check_filter(L, 5, f, &fn, &room);
    lua_settop(L, 6);
    push_store(L, 1);
    store = lua_gettop(L);
    if (fn) {
        push_query(L, lw, store, view_slots, &q, f);
        keep_filtered(L, 5);
    }
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        n = chosen_slots(L, lw, view_slots, &q, fn, store, f, &slots);
        k = c2d_world_visibility(lw->w, &q.v, slots, n, tol, &pts);
        if (k < 0) out_of_memory(L);
        if (!fresh_table(L, lw, 2 * k)) continue;
        for (i = 0; i < k; i++) {
            c2d_lua_push_number(L, pts[i].x);
            lua_rawseti(L, -2, 2 * i + 1);
            c2d_lua_push_number(L, pts[i].y);
            lua_rawseti(L, -2, 2 * i + 2);
        }
        /* the Concave, where the outline makes one */
        for (i = 1; i <= C2D_KIND_COUNT; i++) lua_pushvalue(L, lua_upvalueindex(i)); /* (the kinds' metatables) */
        lua_pushcclosure(L, c2d_lua_concave, C2D_KIND_COUNT);
        lua_pushvalue(L, -2);
        switch (lua_pcall(L, 1, 1, 0)) {
        case 0: break;
        case LUA_ERRMEM: return lua_error(L); /* out of memory: as every call raises it */
        default: /* the outline makes no Concave */
            lua_pop(L, 1);
            lua_pushnil(L);
        }
        return 2;
    }
    changing(L, lw, f);
    return 0;
}

/* w:raycast(x, y, dx, dy [, maxt [, filter]]) -> shape, t, nx, ny | nil */
static int l_raycast(lua_State *L)
{
    lworld *lw = check_world(L, "raycast");
    hits_query q;
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
    if (!fn) { /* the first hit alone: the cells along the ray, in order */
        c2d_world_hit h;
        int met = c2d_world_raycast_first(live(L, lw, "raycast"), o, d, maxt, mask, &h);
        if (met < 0) out_of_memory(L);
        if (met == 0) {
            lua_pushnil(L);
            return 1;
        }
        push_store(L, 1);
        push_slot(L, lua_gettop(L), h.slot); /* (a shape already made allocates nothing) */
        c2d_lua_push_number(L, h.t);
        c2d_lua_push_number(L, h.normal.x);
        c2d_lua_push_number(L, h.normal.y);
        return 4;
    }
    q.o = o;
    q.d = d;
    q.maxt = maxt;
    q.s = NULL;
    n = world_hits(L, lw, &q, mask, "raycast");
    rows = lua_gettop(L);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, rows, 4 * i + 1);
        if (!kept(L, fn, 7)) continue;
        lua_rawgeti(L, rows, 4 * i + 2);
        lua_rawgeti(L, rows, 4 * i + 3);
        lua_rawgeti(L, rows, 4 * i + 4);
        return 4;
    }
    lua_pushnil(L);
    return 1;
}

/* w:raycastMany(rays [, maxt [, filter [, out]]]) -> out, hits: each ray of
 * rays (flat x, y, dx, dy, ...) cast as w:raycast casts it; out holds four
 * entries a ray, the shape met first, t, nx, ny, or four falses for a ray
 * that meets nothing; hits counts the rays that meet a shape */
static int l_raycast_many(lua_State *L)
{
    const char *f = "raycastMany";
    lworld *lw = check_world(L, f);
    int fn, nrays, i, k, hits = 0, store;
    unsigned room;
    const unsigned *mask;
    double maxt;
    size_t len;
    if (!lua_istable(L, 2)) c2d_lua_type_error(L, 2, f, "table");
    maxt = c2d_lua_opt_number(L, 3, 1, f, "maxt");
    if (maxt < 0) c2d_lua_arg_error(L, 3, f, "maxt must be >= 0");
    mask = check_filter(L, 4, f, &fn, &room);
    if (!lua_isnoneornil(L, 5) && !lua_istable(L, 5)) c2d_lua_type_error(L, 5, f, "table");
    len = lua_rawlen(L, 2);
    if (len % 4 != 0 || len / 4 > (size_t)INT_MAX / 4)
        c2d_lua_arg_error(L, 2, f, "rays must hold four numbers a ray (x, y, dx, dy)");
    nrays = (int)(len / 4);
    lua_settop(L, 5);
    if (!lua_istable(L, 5)) {
        lua_createtable(L, 4 * nrays, 0);
        lua_replace(L, 5);
    }
    push_store(L, 1);
    store = lua_gettop(L); /* 6 */
    for (i = 0; i < nrays; i++) {
        double v[4];
        int slot = -1;
        double t = 0, nx = 0, ny = 0;
        for (k = 0; k < 4; k++) {
            lua_rawgeti(L, 2, 4 * i + k + 1);
            v[k] = lua_tonumber(L, -1);
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v[k]))
                c2d_lua_arg_error(L, 2, f, lua_pushfstring(L, "rays[%d] must be a finite number", 4 * i + k + 1));
            lua_pop(L, 1);
        }
        if (fn) {
            /* the hits in order, the first the filter keeps */
            hits_query q;
            int n, j, rows;
            q.o = v2_(v[0], v[1]);
            q.d = v2_(v[2], v[3]);
            q.maxt = maxt;
            q.s = NULL;
            n = world_hits(L, lw, &q, NULL, f);
            rows = lua_gettop(L);
            for (j = 0; j < n; j++) {
                lua_rawgeti(L, rows, 4 * j + 1);
                if (!kept(L, fn, 4)) continue;
                lua_pop(L, 1);
                for (k = 1; k <= 4; k++) {
                    lua_rawgeti(L, rows, 4 * j + k);
                    lua_rawseti(L, 5, 4 * i + k);
                }
                hits++;
                break;
            }
            lua_settop(L, store);
            if (j < n) continue;
        } else {
            c2d_world_hit h;
            int n = c2d_world_raycast_first(live(L, lw, f), v2_(v[0], v[1]), v2_(v[2], v[3]), maxt, mask, &h);
            if (n < 0) out_of_memory(L);
            if (n > 0) {
                slot = h.slot;
                t = h.t;
                nx = h.normal.x;
                ny = h.normal.y;
            }
        }
        if (slot < 0) {
            for (k = 1; k <= 4; k++) {
                lua_pushboolean(L, 0);
                lua_rawseti(L, 5, 4 * i + k);
            }
            continue;
        }
        refresh_store(L, store);
        push_slot(L, store, slot);
        lua_rawseti(L, 5, 4 * i + 1);
        c2d_lua_push_number(L, t);
        lua_rawseti(L, 5, 4 * i + 2);
        c2d_lua_push_number(L, nx);
        lua_rawseti(L, 5, 4 * i + 3);
        c2d_lua_push_number(L, ny);
        lua_rawseti(L, 5, 4 * i + 4);
        hits++;
    }
    lua_settop(L, 5);
    lua_pushinteger(L, hits);
    return 2;
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
        int n, i;
        lua_settop(L, 3);
        live(L, lw, "collisions");
        refresh_store(L, 3);
        n = c2d_world_collisions(lw->w, &pairs);
        if (n < 0) out_of_memory(L);
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

/* Push the world's table of responses (in its store at index store). */
static void push_responses(lua_State *L, int store)
{
    lua_pushliteral(L, "responses");
    lua_rawget(L, store);
    if (!lua_istable(L, -1)) c2d_lua_tampered(L, "a World's table of responses");
}

/* w:addResponse(name, fn) */
static int l_add_response(lua_State *L)
{
    check_world(L, "addResponse");
    luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    lua_settop(L, 3);
    push_store(L, 1);
    push_responses(L, 4);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    return 0;
}

/*
 * Movement: move, check and push are the core's (c2d_world_move and
 * c2d_world_push, world_move.c); here are their callbacks, which ask Lua.
 * A callback may raise (a Lua error unwinds through the core, which holds
 * nothing of its own meanwhile), and checks before it returns that the world
 * is still there, since Lua ran (the filter, or a finalizer at an allocation).
 */

/* The upvalue of the World's methods after the ten kind metatables: the pool
 * of spare room for movers. */
#define ROOM_POOL lua_upvalueindex(C2D_KIND_COUNT + 1)

/*
 * Callbacks may call move, check and push again (a filter that checks
 * another move first), or collide2d.bump's move and check. Each level keeps
 * a mover on the C stack, and LuaJIT sets no limit of its own on how deep C
 * calls Lua, so a callback calling itself ran off the C stack. The outermost
 * call notes where the C stack stands (in a guard kept in the registry, one
 * for the whole state, coroutines included, since they share the C stack); a
 * call more than NEST_STACK bytes below that place raises an error instead
 * (a few dozen levels).
 */
enum { NEST_STACK = 192 * 1024 };
/* The guard's key in the registry: an address, looked up without making a
 * string (two lookups per move). */
static const char nest_guard_key = 0;
#define PUSH_NEST_GUARD_KEY(L) lua_pushlightuserdata((L), (void *)&nest_guard_key)

typedef struct nest_guard {
    uint64_t tag;   /* C2D_TAG_ROOM */
    uintptr_t base; /* where the outermost active call's frame is; 0: none */
} nest_guard;

static int l_move(lua_State *L);
static int l_check(lua_State *L);
static int l_push(lua_State *L);
static int l_controller_move(lua_State *L);

static nest_guard *the_guard(lua_State *L)
{
    nest_guard *g;
    PUSH_NEST_GUARD_KEY(L);
    lua_rawget(L, LUA_REGISTRYINDEX);
    g = (nest_guard *)lua_touserdata(L, -1);
    if (g == NULL || lua_type(L, -1) != LUA_TUSERDATA || lua_rawlen(L, -1) < sizeof *g || g->tag != C2D_TAG_ROOM)
        c2d_lua_tampered(L, "the guard against nested moves");
    lua_pop(L, 1); /* the registry keeps it */
    return g;
}

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
        if (f == l_move || f == l_check || f == l_push || f == l_controller_move || f == c2d_lua_bump_check) return 1;
    }
    return 0;
}

int c2d_lua_enter_nest(lua_State *L, const void *frame, const char *fname)
{
    nest_guard *g = the_guard(L);
    uintptr_t at = (uintptr_t)frame;
    int main_thread;
    /* Below the noted place, the call is nested in the one that noted it,
     * unless that one ended by an error (which left its note behind). The
     * call stack tells, when it is the main thread's: in a coroutine, the
     * call that noted it may be on another thread's stack. */
    if (g->base == 0 || at >= g->base) {
        g->base = at;
        return 1;
    }
    main_thread = lua_pushthread(L);
    lua_pop(L, 1);
    if (main_thread && !in_movement(L)) {
        g->base = at;
        return 1;
    }
    if (g->base - at > NEST_STACK)
        luaL_error(L, "%s: callbacks nested too deep (move, check and push called from their own callbacks, "
                      "a few dozen levels at most)", fname);
    return 0;
}

void c2d_lua_leave_nest(lua_State *L, int outermost)
{
    if (outermost) the_guard(L)->base = 0;
}

/* What the callbacks of one move or push share. */
typedef struct lmove {
    lua_State *L;
    lworld *lw;
    const char *fname;
    int store, filter, cols, ncols;
    int give_at;   /* pool_room, pushed before the move */
    int anchors;   /* shapes the core was told of, by address: made when first needed (0 until then) */
    int room_base; /* the room given out is on the stack above this */
} lmove;

/* Push the shape the core knows at s (one it anchored). */
static void push_known(lmove *mv, const c2d_shape *s)
{
    lua_pushlightuserdata(mv->L, (void *)s);
    lua_rawget(mv->L, mv->anchors);
}

/* Keep the shape at the top (popped) for the rest of the call, by its address. */
static void move_anchor_top(lmove *mv)
{
    lua_State *L = mv->L;
    lshape *q = c2d_lua_shape(L, -1);
    if (mv->anchors == 0) {
        lua_newtable(L);
        lua_replace(L, mv->room_base); /* the place kept for it */
        mv->anchors = mv->room_base;
    }
    lua_pushlightuserdata(L, (void *)&q->s);
    lua_insert(L, -2);
    lua_rawset(L, mv->anchors);
}

/* Keep the shape in slot, if it is s, for the rest of the call. */
static int move_anchor(void *ud, const c2d_shape *s, int slot)
{
    lmove *mv = (lmove *)ud;
    lua_State *L = mv->L;
    lshape *q;
    int top = lua_gettop(L), ok;
    refresh_store(L, mv->store);
    push_slot(L, mv->store, slot);
    q = c2d_lua_shape(L, -1);
    ok = q != NULL && &q->s == s;
    if (ok) move_anchor_top(mv);
    lua_settop(L, top);
    live(L, mv->lw, mv->fname);
    return ok;
}

/* Room for the core: a userdata with a header that says it is spare room
 * (the pool is reachable by the debug library, which could put a shape there). */
typedef struct room_header {
    uint64_t tag;  /* C2D_TAG_ROOM */
    uint64_t size; /* the bytes after the header */
} room_header;

/* The pool of spare room, which must be a table. */
static void check_pool(lua_State *L)
{
    if (!lua_istable(L, ROOM_POOL)) c2d_lua_tampered(L, "the pool of spare room for moves");
}

/* Room for the core, from the pool of spare room when one is large enough;
 * left on the stack until the call ends (then back to the pool). */
static void *move_room(void *ud, size_t bytes)
{
    lmove *mv = (lmove *)ud;
    lua_State *L = mv->L;
    int n;
    room_header *h = NULL;
    luaL_checkstack(L, 2, "no room on the stack for a move");
    check_pool(L);
    n = (int)lua_rawlen(L, ROOM_POOL);
    if (n > 0) {
        lua_rawgeti(L, ROOM_POOL, n);
        h = (room_header *)lua_touserdata(L, -1);
        if (h != NULL && lua_type(L, -1) == LUA_TUSERDATA && lua_rawlen(L, -1) >= sizeof *h + bytes &&
            h->tag == C2D_TAG_ROOM && h->size >= bytes) {
            lua_pushnil(L);
            lua_rawseti(L, ROOM_POOL, n);
        } else {
            lua_pop(L, 1);
            h = NULL;
        }
    }
    if (h == NULL) {
        h = (room_header *)lua_newuserdata(L, sizeof *h + bytes);
        h->tag = C2D_TAG_ROOM;
        h->size = bytes;
    }
    live(L, mv->lw, mv->fname);
    return h + 1;
}

/* Put the room the call took back in the pool (stack: the pool, then the room). */
static int pool_room(lua_State *L)
{
    int i, n = lua_gettop(L);
    for (i = 2; i <= n; i++) {
        lua_pushvalue(L, i);
        lua_rawseti(L, 1, (int)lua_rawlen(L, 1) + 1);
    }
    return 0;
}

/* Put the room the call took back in the pool: protected (the function for it
 * was pushed before the move, at give_at), since the move has been made by
 * then, and running out of memory now only leaves the room to the collector. */
static void give_room(lmove *mv)
{
    lua_State *L = mv->L;
    int n = lua_gettop(L) - mv->room_base;
    if (n > 0 && lua_istable(L, ROOM_POOL)) {
        lua_pushvalue(L, ROOM_POOL);
        lua_insert(L, mv->room_base + 1);
        lua_pushvalue(L, mv->give_at);
        lua_insert(L, mv->room_base + 1);
        lua_pcall(L, n + 1, 0, 0);
    }
    lua_settop(L, mv->room_base);
}

static const char *const response_names[] = { NULL, "touch", "cross", "slide", "bounce" };


/* The response named by the value at i (pushing the custom function when
 * it is one, for C2D_RESPONSE_GOAL). */
static c2d_response response_of(lua_State *L, int i, int store, const char *fname)
{
    const char *name;
    int k;
    if (!lua_toboolean(L, i)) return C2D_RESPONSE_IGNORE;
    if (lua_type(L, i) != LUA_TSTRING) c2d_lua_arg_error(L, 5, fname, "the filter must return a response name or a falsy value");
    name = lua_tostring(L, i);
    /* A response added with addResponse comes first, as in bump.lua, where
     * one added under a built-in name replaces it. */
    push_responses(L, store);
    lua_pushvalue(L, i);
    lua_rawget(L, -2);
    lua_remove(L, -2);
    if (!lua_isnil(L, -1)) return C2D_RESPONSE_GOAL;
    lua_pop(L, 1);
    for (k = C2D_RESPONSE_TOUCH; k <= C2D_RESPONSE_BOUNCE; k++)
        if (strcmp(name, response_names[k]) == 0) return (c2d_response)k;
    return (c2d_response)c2d_lua_arg_error(
        L, 5, fname, lua_pushfstring(L, "the filter returned '%s', which is not a response name: add it with addResponse", name));
}

/* What to do on meeting other: the filter's answer (default slide), with the
 * record {other, type, ti, nx, ny, x, y} added to the list; a response added
 * with addResponse is called fn(world, col, x, y, goalX, goalY) and returns
 * the new goal, or nothing to stop there. */
static c2d_response move_respond(void *ud, const c2d_shape *o, const c2d_meet *meet, c2d_vec *goal)
{
    lmove *mv = (lmove *)ud;
    lua_State *L = mv->L;
    int top = lua_gettop(L), other = top + 1, col;
    c2d_response r;
    lshape *q;
    /* A controller's probe without a filter: every shape is solid, and no
     * Lua runs before the core is done with o. */
    if (meet->probe && !mv->filter) return C2D_RESPONSE_SLIDE;
    /* No Lua ran since the core found o in its slot. A shape met is kept
     * alive by its record, or (ignored, or probed) by the anchors. */
    refresh_store(L, mv->store);
    push_slot(L, mv->store, meet->slot);
    q = c2d_lua_shape(L, other);
    if (q == NULL || &q->s != o) luaL_error(L, "%s: the world's table of shapes does not hold the shape met", mv->fname);
    if (mv->filter) {
        lua_pushvalue(L, mv->filter);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, other);
        lua_call(L, 2, 1);
        live(L, mv->lw, mv->fname);
    } else {
        lua_pushliteral(L, "slide");
    }
    r = response_of(L, other + 1, mv->store, mv->fname);
    if (meet->probe) {
        /* a controller only looks: the answer says whether other is solid to the mover */
        lua_settop(L, other);
        move_anchor_top(mv);
        lua_settop(L, top);
        live(L, mv->lw, mv->fname);
        return r == C2D_RESPONSE_GOAL ? C2D_RESPONSE_SLIDE : r;
    }
    if (r == C2D_RESPONSE_IGNORE) {
        lua_settop(L, other);
        move_anchor_top(mv);
        lua_settop(L, top);
        live(L, mv->lw, mv->fname);
        return r;
    }
    lua_createtable(L, 0, 7);
    col = lua_gettop(L);
    lua_pushvalue(L, other);
    lua_setfield(L, col, "other");
    if (r == C2D_RESPONSE_GOAL) lua_pushvalue(L, other + 1); /* the name the filter gave */
    else lua_pushstring(L, response_names[r]);
    lua_setfield(L, col, "type");
    c2d_lua_push_number(L, meet->t);
    lua_setfield(L, col, "ti");
    c2d_lua_push_number(L, meet->normal.x);
    lua_setfield(L, col, "nx");
    c2d_lua_push_number(L, meet->normal.y);
    lua_setfield(L, col, "ny");
    c2d_lua_push_number(L, meet->at.x);
    lua_setfield(L, col, "x");
    c2d_lua_push_number(L, meet->at.y);
    lua_setfield(L, col, "y");
    lua_pushvalue(L, col);
    lua_rawseti(L, mv->cols, ++mv->ncols);
    if (r == C2D_RESPONSE_GOAL) {
        lua_pushvalue(L, other + 2);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, col);
        c2d_lua_push_number(L, meet->at.x);
        c2d_lua_push_number(L, meet->at.y);
        c2d_lua_push_number(L, goal->x);
        c2d_lua_push_number(L, goal->y);
        lua_call(L, 6, 2);
        if (lua_isnil(L, -2) && lua_isnil(L, -1)) {
            *goal = meet->at;
        } else if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER) {
            goal->x = lua_tonumber(L, -2);
            goal->y = lua_tonumber(L, -1);
        } else {
            luaL_error(L, "%s: a response must return goalX, goalY (numbers) or nothing, got %s and %s", mv->fname,
                       luaL_typename(L, -2), luaL_typename(L, -1));
        }
    }
    lua_settop(L, top);
    live(L, mv->lw, mv->fname);
    return r;
}

/* Begin the callbacks' state: the stack from 1 to nargs holds the call's
 * arguments (world, shape, ..., filter at filter or 0); above them go the
 * store, the list of records, a place for the anchors, then the room. */
static void begin_move(lua_State *L, lmove *mv, lworld *lw, int nargs, int filter, const char *fname,
                       c2d_move_calls *calls)
{
    lua_settop(L, nargs);
    push_store(L, 1);
    mv->L = L;
    mv->lw = lw;
    mv->fname = fname;
    mv->store = nargs + 1;
    mv->filter = filter;
    lua_newtable(L);
    mv->cols = nargs + 2;
    mv->ncols = 0;
    lua_pushcfunction(L, pool_room);
    mv->give_at = nargs + 3;
    lua_pushnil(L);
    mv->anchors = 0;
    mv->room_base = nargs + 4;
    memset(calls, 0, sizeof *calls);
    calls->anchor = move_anchor;
    calls->room = move_room;
    calls->ud = mv;
}

/* Raise for a move that did not end well. */
static void move_failed(lua_State *L, c2d_move_status st, int steps0, const char *fname, c2d_vec from, c2d_vec goal)
{
    switch (st) {
    case C2D_MOVE_NO_MEMORY: out_of_memory(L); break;
    case C2D_MOVE_GOAL_RANGE:
        if (steps0) {
            int x = isfinite(goal.x - from.x);
            c2d_lua_arg_error(L, x ? 4 : 3, fname,
                              lua_pushfstring(L, "%s is out of range: the motion to it would pass the largest number",
                                              x ? "goalY" : "goalX"));
        }
        luaL_error(L, "%s: the goal is out of range", fname);
        break;
    case C2D_MOVE_REST_RANGE:
        luaL_error(L, "%s: the rest of the motion is out of range (it would pass the largest number)", fname);
        break;
    case C2D_MOVE_BAD_GOAL: luaL_error(L, "%s: a response returned a goal that is not finite", fname); break;
    default: break;
    }
}

/* The end of a move, check, push or controller move: its room given back,
 * the nesting left, and its answers x, y, cols, len. */
static int move_answers(lua_State *L, lmove *mv, int outermost, c2d_vec end)
{
    give_room(mv);
    c2d_lua_leave_nest(L, outermost);
    c2d_lua_push_number(L, end.x);
    c2d_lua_push_number(L, end.y);
    lua_pushvalue(L, mv->cols);
    lua_pushinteger(L, mv->ncols);
    return 4;
}

/* move and check: x, y, cols, len. */
static int move_or_check(lua_State *L, int apply, const char *fname)
{
    lworld *lw = check_world(L, fname);
    lshape *p = check_mover(L, 2, fname);
    c2d_vec goal, from, end;
    int outermost, filter = 0;
    lmove mv;
    c2d_move_calls calls;
    c2d_move_status st;
    int fn;
    unsigned room_mask;
    const unsigned *mask;
    goal.x = c2d_lua_number(L, 3, fname, "goalX");
    goal.y = c2d_lua_number(L, 4, fname, "goalY");
    mask = check_filter(L, 5, fname, &fn, &room_mask);
    if (fn) filter = 5;
    outermost = c2d_lua_enter_nest(L, &mv, fname);
    begin_move(L, &mv, lw, 5, filter, fname, &calls);
    calls.respond = move_respond;
    calls.anchor = NULL; /* respond keeps what it is told of */
    calls.mask = mask;
    from = c2d_position(&p->s);
    st = c2d_world_move(live(L, lw, fname), &p->s, goal, &calls, apply, &end);
    live(L, lw, fname);
    if (st != C2D_MOVE_DONE) {
        c2d_vec d;
        d.x = goal.x - from.x;
        d.y = goal.y - from.y;
        move_failed(L, st, !(isfinite(d.x) && isfinite(d.y)), fname, from, goal);
    }
    return move_answers(L, &mv, outermost, end);
}

static int l_move(lua_State *L) { return move_or_check(L, 1, "move"); }
static int l_check(lua_State *L) { return move_or_check(L, 0, "check"); }

/* Does the push's filter (at 3, when there is one) keep other. */
static int push_keep(void *ud, const c2d_shape *o)
{
    lmove *mv = (lmove *)ud;
    lua_State *L = mv->L;
    int keep;
    if (!mv->filter) return 1;
    lua_pushvalue(L, mv->filter);
    lua_pushvalue(L, 2);
    push_known(mv, o);
    lua_call(L, 2, 1);
    keep = lua_toboolean(L, -1);
    lua_pop(L, 1);
    live(L, mv->lw, mv->fname);
    return keep;
}

/* Add {other=, type="push", nx=, ny=, depth=} to the records. */
static void push_pushed(void *ud, const c2d_shape *o, c2d_vec n, double depth)
{
    lmove *mv = (lmove *)ud;
    lua_State *L = mv->L;
    lua_createtable(L, 0, 5);
    push_known(mv, o);
    lua_setfield(L, -2, "other");
    lua_pushliteral(L, "push");
    lua_setfield(L, -2, "type");
    c2d_lua_push_number(L, n.x);
    lua_setfield(L, -2, "nx");
    c2d_lua_push_number(L, n.y);
    lua_setfield(L, -2, "ny");
    c2d_lua_push_number(L, depth);
    lua_setfield(L, -2, "depth");
    lua_rawseti(L, mv->cols, ++mv->ncols);
    live(L, mv->lw, mv->fname);
}

/* Drop the records so far (the push starts over along one direction). */
static void push_forget(void *ud)
{
    lmove *mv = (lmove *)ud;
    lua_newtable(mv->L);
    lua_replace(mv->L, mv->cols);
    mv->ncols = 0;
    live(mv->L, mv->lw, mv->fname);
}

/* w:push(shape [, filter]) -> x, y, cols, len */
static int l_push(lua_State *L)
{
    lworld *lw = check_world(L, "push");
    lshape *p = check_mover(L, 2, "push");
    int outermost, filter = 0;
    lmove mv;
    c2d_move_calls calls;
    c2d_move_status st;
    c2d_vec end;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TFUNCTION);
        filter = 3;
    }
    outermost = c2d_lua_enter_nest(L, &mv, "push");
    begin_move(L, &mv, lw, 3, filter, "push", &calls);
    calls.keep = push_keep;
    calls.pushed = push_pushed;
    calls.forget = push_forget;
    st = c2d_world_push(live(L, lw, "push"), &p->s, &calls, &end);
    live(L, lw, "push");
    if (st == C2D_MOVE_NO_MEMORY) out_of_memory(L);
    if (st != C2D_MOVE_DONE) luaL_error(L, "push: the position is out of range");
    return move_answers(L, &mv, outermost, end);
}

/* w:setSensor(shape [, on]) -> shape */
static int l_set_sensor(lua_State *L)
{
    lworld *lw = check_world(L, "setSensor");
    int slot = slot_in(L, lw, 2, "setSensor");
    c2d_world_set_sensor(lw->w, slot, lua_isnone(L, 3) || lua_toboolean(L, 3));
    lua_settop(L, 2);
    return 1;
}

static int l_is_sensor(lua_State *L)
{
    lworld *lw = check_world(L, "isSensor");
    lua_pushboolean(L, (c2d_world_flags(lw->w, slot_in(L, lw, 2, "isSensor")) & C2D_WORLD_SENSOR) != 0);
    return 1;
}

/* w:setOneWay(shape [, nx, ny]) -> shape: solid on the side (nx, ny) points to (default
 * (0, -1), the top on a LÖVE screen); w:setOneWay(shape, false): solid all round. */
static int l_set_one_way(lua_State *L)
{
    lworld *lw = check_world(L, "setOneWay");
    int slot = slot_in(L, lw, 2, "setOneWay");
    c2d_vec side;
    side.x = 0;
    side.y = -1;
    if (lua_isboolean(L, 3) && !lua_toboolean(L, 3)) {
        side.y = 0;
    } else if (!lua_isnoneornil(L, 3)) {
        side.x = c2d_lua_number(L, 3, "setOneWay", "nx");
        side.y = c2d_lua_number(L, 4, "setOneWay", "ny");
        if (side.x == 0 && side.y == 0) c2d_lua_arg_error(L, 3, "setOneWay", "(nx, ny) must not be (0, 0)");
    }
    if (!c2d_world_set_oneway(lw->w, slot, side)) out_of_memory(L);
    lua_settop(L, 2);
    return 1;
}

/* w:getOneWay(shape) -> nx, ny, or nil when it is solid all round */
static int l_get_one_way(lua_State *L)
{
    lworld *lw = check_world(L, "getOneWay");
    c2d_vec side;
    double l;
    if (!c2d_world_get_oneway(lw->w, slot_in(L, lw, 2, "getOneWay"), &side)) {
        lua_pushnil(L);
        return 1;
    }
    l = sqrt(side.x * side.x + side.y * side.y); /* (the larger component is in [1, 2): no overflow) */
    c2d_lua_push_number(L, side.x / l);
    c2d_lua_push_number(L, side.y / l);
    return 2;
}

/* w:slide(col, goalX, goalY) and w:bounce(...): the goal the built-in response would
 * give at the collision col, for a response of one's own to use. */
static int response_goal(lua_State *L, c2d_response r, const char *fname)
{
    c2d_vec at, goal, n;
    check_world(L, fname);
    luaL_checktype(L, 2, LUA_TTABLE);
    goal.x = c2d_lua_number(L, 3, fname, "goalX");
    goal.y = c2d_lua_number(L, 4, fname, "goalY");
    lua_getfield(L, 2, "x");
    lua_getfield(L, 2, "y");
    lua_getfield(L, 2, "nx");
    lua_getfield(L, 2, "ny");
    at.x = c2d_lua_number(L, 5, fname, "col.x");
    at.y = c2d_lua_number(L, 6, fname, "col.y");
    n.x = c2d_lua_number(L, 7, fname, "col.nx");
    n.y = c2d_lua_number(L, 8, fname, "col.ny");
    goal = c2d_response_goal(r, at, goal, n);
    c2d_lua_push_number(L, goal.x);
    c2d_lua_push_number(L, goal.y);
    return 2;
}

static int l_slide(lua_State *L) { return response_goal(L, C2D_RESPONSE_SLIDE, "slide"); }
static int l_bounce(lua_State *L) { return response_goal(L, C2D_RESPONSE_BOUNCE, "bounce"); }

/* Fill the table at t with the shapes of pairs idx[0 .. n) of the flat shape
 * list at from (2 per pair); returns 0 when a call on the world ran meanwhile. */
static int fill_pairs(lua_State *L, const lworld *lw, int t, int from, const int *idx, int n, unsigned uses)
{
    int k, old = (int)lua_rawlen(L, t);
    for (k = 0; k < n && lw->uses == uses; k++) {
        lua_rawgeti(L, from, 2 * idx[k] + 1);
        lua_rawseti(L, t, 2 * k + 1);
        lua_rawgeti(L, from, 2 * idx[k] + 2);
        lua_rawseti(L, t, 2 * k + 2);
    }
    for (k = 2 * n + 1; k <= old && lw->uses == uses; k++) {
        lua_pushnil(L);
        lua_rawseti(L, t, k);
    }
    return lw->uses == uses && lw->w != NULL;
}

/* The table store[key], made when missing. */
static void store_table(lua_State *L, int store, const char *key)
{
    lua_getfield(L, store, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, store, key);
    }
}

/* w:events([began [, ended]]) -> began, nbegan, ended, nended: the pairs that began
 * and ended touching since the last call, flat ({a1, b1, a2, b2, ...}); into the
 * tables given, when given (a game allocates nothing per frame). */
static int l_events(lua_State *L)
{
    lworld *lw = check_world(L, "events");
    int tries, i;
    for (i = 2; i <= 3; i++)
        if (!lua_isnoneornil(L, i)) luaL_checktype(L, i, LUA_TTABLE);
    lua_settop(L, 3);
    push_store(L, 1);             /* 4 */
    store_table(L, 4, "pairs");   /* 5: the shapes of the pairs the last call reported, flat */
    store_table(L, 4, "pairs2");  /* 6: this call's, swapped with 5 when it is done */
    for (i = 2; i <= 3; i++)
        if (lua_isnil(L, i)) { lua_newtable(L); lua_replace(L, i); }
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *pairs, *began, *ended;
        int np, nb, ne, k;
        unsigned uses;
        live(L, lw, "events");
        refresh_store(L, 4);
        uses = lw->uses;
        if (c2d_world_events(lw->w, &pairs, &np, &began, &nb, &ended, &ne) < 0) out_of_memory(L);
        /* This call's pairs, as shapes (reading slots before any allocation). */
        for (k = 0; k < 2 * np && lw->uses == uses; k++) {
            push_slot(L, 4, pairs[k]);
            lua_rawseti(L, 6, k + 1);
        }
        if (lw->uses != uses) continue;
        for (k = (int)lua_rawlen(L, 6); k > 2 * np && lw->uses == uses; k--) {
            lua_pushnil(L);
            lua_rawseti(L, 6, k);
        }
        if (!fill_pairs(L, lw, 2, 6, began, nb, uses) || !fill_pairs(L, lw, 3, 5, ended, ne, uses)) continue;
        c2d_world_events_done(lw->w);
        lua_pushvalue(L, 6); /* this call's pairs are the next call's last */
        lua_setfield(L, 4, "pairs");
        lua_pushvalue(L, 5);
        lua_setfield(L, 4, "pairs2");
        lua_pushvalue(L, 2);
        lua_pushinteger(L, nb);
        lua_pushvalue(L, 3);
        lua_pushinteger(L, ne);
        return 4;
    }
    changing(L, lw, "events");
    return 0;
}

/*
 * Controllers: c2d.controller(world, shape [, options]). A userdata holding
 * the core's c2d_controller; its user value (environment on 5.1 and LuaJIT)
 * keeps the world, the shape and the ground alive: {world, shape, ground}.
 */
#define CONTROLLER_MT "collide2d.Controller"

typedef struct lcontroller {
    uint64_t tag; /* C2D_TAG_CONTROLLER */
    c2d_controller c;
} lcontroller;

static void push_uservalue(lua_State *L, int i)
{
#if LUA_VERSION_NUM >= 502
    lua_getuservalue(L, i);
#else
    lua_getfenv(L, i);
#endif
}

static lcontroller *check_controller(lua_State *L, const char *fname)
{
    lcontroller *lc = (lcontroller *)luaL_testudata(L, 1, CONTROLLER_MT);
    if (lc == NULL || lua_rawlen(L, 1) < sizeof *lc || lc->tag != C2D_TAG_CONTROLLER)
        c2d_lua_type_error(L, 1, fname, "collide2d controller");
    return lc;
}

/* The number at the top of the stack, the option name of the table at
 * argument i: an error naming both unless it is a finite number. */
static double option_number(lua_State *L, int i, const char *fname, const char *name)
{
    double x = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(x))
        c2d_lua_arg_error(L, i, fname, lua_pushfstring(L, "options.%s must be a finite number", name));
    return x;
}

/* Set the options in the table at i (those it gives). */
static void controller_options(lua_State *L, int i, c2d_controller *c, const char *fname)
{
    static const char *const names[3] = { "maxSlope", "snap", "step" };
    double *at[3];
    int k;
    if (lua_isnoneornil(L, i)) return;
    luaL_checktype(L, i, LUA_TTABLE);
    at[0] = &c->max_slope;
    at[1] = &c->snap;
    at[2] = &c->step;
    for (k = 0; k < 3; k++) {
        double x;
        lua_getfield(L, i, names[k]);
        if (!lua_isnil(L, -1)) {
            x = option_number(L, i, fname, names[k]);
            if (x < 0 || (k == 0 && x > 1.5707963267948966))
                c2d_lua_arg_error(L, i, fname, lua_pushfstring(L, k == 0 ? "%s must be in [0, pi/2]" : "%s must be >= 0", names[k]));
            *at[k] = x;
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, i, "up");
    if (!lua_isnil(L, -1)) {
        c2d_vec u;
        double l;
        int t = lua_gettop(L);
        if (!lua_istable(L, t)) c2d_lua_arg_error(L, i, fname, "options.up must be a direction {x, y}");
        lua_rawgeti(L, t, 2);
        u.y = option_number(L, i, fname, "up[2]");
        lua_rawgeti(L, t, 1);
        u.x = option_number(L, i, fname, "up[1]");
        l = sqrt(u.x * u.x + u.y * u.y);
        if (!(l > 0) || !isfinite(l)) c2d_lua_arg_error(L, i, fname, "up must be a direction {x, y}, not (0, 0)");
        c->up.x = u.x / l;
        c->up.y = u.y / l;
        lua_settop(L, t);
    }
    lua_pop(L, 1);
}

/* c2d.controller(world, shape [, options]) */
static int l_controller(lua_State *L)
{
    lworld *lw = check_world(L, "controller");
    int slot = slot_in(L, lw, 2, "controller");
    lcontroller *lc;
    (void)slot;
    check_mover(L, 2, "controller");
    lua_settop(L, 3);
    lc = (lcontroller *)lua_newuserdata(L, sizeof *lc);
    memset(lc, 0, sizeof *lc);
    lc->tag = C2D_TAG_CONTROLLER;
    c2d_controller_init(&lc->c);
    controller_options(L, 3, &lc->c, "controller");
    luaL_getmetatable(L, CONTROLLER_MT);
    c2d_lua_set_metatable(L, -2);
    lua_createtable(L, 3, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
#if LUA_VERSION_NUM >= 502
    lua_setuservalue(L, -2);
#else
    lua_setfenv(L, -2);
#endif
    return 1;
}

/* ctl:set(options) -> ctl */
static int l_controller_set(lua_State *L)
{
    lcontroller *lc = check_controller(L, "set");
    controller_options(L, 2, &lc->c, "set");
    lua_settop(L, 1);
    return 1;
}

/* ctl:move(dx, dy [, filter [, drop]]) -> x, y, cols, len */
static int l_controller_move(lua_State *L)
{
    lcontroller *lc = check_controller(L, "move");
    c2d_vec motion, end;
    int fn, filter = 0, outermost, drop = lua_toboolean(L, 5), uv;
    unsigned room_mask;
    const unsigned *mask;
    lworld *lw;
    lshape *p;
    lmove mv;
    c2d_move_calls calls;
    c2d_move_status st;
    motion.x = c2d_lua_number(L, 2, "move", "dx");
    motion.y = c2d_lua_number(L, 3, "move", "dy");
    mask = check_filter(L, 4, "move", &fn, &room_mask);
    /* the arguments of the World's move: world, shape, (goal), filter */
    lua_settop(L, 5);
    push_uservalue(L, 1);
    uv = lua_gettop(L);
    lua_rawgeti(L, uv, 1);
    lw = to_world(L, -1);
    if (lw == NULL || lw->w == NULL) luaL_error(L, "move: the controller's world has been freed");
    lua_rawgeti(L, uv, 2);
    p = c2d_lua_shape(L, -1);
    if (p == NULL || p->s.world != lw->w) luaL_error(L, "move: the controller's shape is no longer in its world");
    /* stack for the callbacks: 1 world, 2 shape, 3 ctl, 4 uv, 5 filter */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, uv);
    lua_pushvalue(L, 4);
    lua_replace(L, 5);
    lua_replace(L, 4);
    lua_replace(L, 3);
    lua_replace(L, 2);
    lua_replace(L, 1);
    lua_settop(L, 5);
    if (fn) filter = 5;
    lw->uses++;
    outermost = c2d_lua_enter_nest(L, &mv, "move");
    begin_move(L, &mv, lw, 5, filter, "move", &calls);
    calls.respond = move_respond;
    calls.anchor = NULL; /* respond keeps what it is told of */
    calls.mask = mask;
    st = c2d_controller_move(&((lcontroller *)lua_touserdata(L, 3))->c, live(L, lw, "move"), &p->s, motion, drop,
                             &calls, &end);
    live(L, lw, "move");
    if (st == C2D_MOVE_NO_MEMORY) out_of_memory(L);
    if (st != C2D_MOVE_DONE) luaL_error(L, "move: the motion is out of range (it would pass the largest number)");
    lc = (lcontroller *)lua_touserdata(L, 3);
    /* keep the ground alive (its shape, from its slot) */
    lua_pushnil(L);
    if (lc->c.ground != NULL && lc->c.ground_slot >= 0) {
        lshape *g;
        lua_pop(L, 1);
        refresh_store(L, mv.store);
        push_slot(L, mv.store, lc->c.ground_slot);
        g = c2d_lua_shape(L, -1);
        if (g == NULL || &g->s != lc->c.ground) {
            lua_pop(L, 1);
            lua_pushnil(L);
            lc->c.ground = NULL;
            lc->c.grounded = 0;
        }
    }
    lua_rawseti(L, 4, 3);
    return move_answers(L, &mv, outermost, end);
}

static int l_controller_grounded(lua_State *L)
{
    lua_pushboolean(L, check_controller(L, "isGrounded")->c.grounded);
    return 1;
}

/* ctl:ground() -> shape, nx, ny | nil */
static int l_controller_ground(lua_State *L)
{
    lcontroller *lc = check_controller(L, "ground");
    if (!lc->c.grounded) { lua_pushnil(L); return 1; }
    push_uservalue(L, 1);
    lua_rawgeti(L, -1, 3);
    c2d_lua_push_number(L, lc->c.ground_normal.x);
    c2d_lua_push_number(L, lc->c.ground_normal.y);
    return 3;
}

/* ctl:wall() and ctl:ceiling() -> nx, ny | nil */
static int push_side(lua_State *L, int on, c2d_vec n)
{
    if (!on) { lua_pushnil(L); return 1; }
    c2d_lua_push_number(L, n.x);
    c2d_lua_push_number(L, n.y);
    return 2;
}
static int l_controller_wall(lua_State *L)
{
    lcontroller *lc = check_controller(L, "wall");
    return push_side(L, lc->c.wall, lc->c.wall_normal);
}
static int l_controller_ceiling(lua_State *L)
{
    lcontroller *lc = check_controller(L, "ceiling");
    return push_side(L, lc->c.ceiling, lc->c.ceiling_normal);
}

/* ctl:shape(), ctl:world() */
static int l_controller_shape(lua_State *L)
{
    check_controller(L, "shape");
    push_uservalue(L, 1);
    lua_rawgeti(L, -1, 2);
    return 1;
}
static int l_controller_world(lua_State *L)
{
    check_controller(L, "world");
    push_uservalue(L, 1);
    lua_rawgeti(L, -1, 1);
    return 1;
}

static const luaL_Reg controller_methods[] = {
    { "move", l_controller_move },
    { "set", l_controller_set },
    { "isGrounded", l_controller_grounded },
    { "ground", l_controller_ground },
    { "wall", l_controller_wall },
    { "ceiling", l_controller_ceiling },
    { "shape", l_controller_shape },
    { "world", l_controller_world },
    { NULL, NULL }
};

static int l_tostring(lua_State *L)
{
    lworld *lw = check_world(L, "tostring");
    lua_pushfstring(L, "World(%d shapes)", c2d_world_count(lw->w));
    return 1;
}

/* Navigation ------------------------------------------------------------- */

#define NAVMESH_MT "collide2d.NavMesh"

/* A navigation mesh over a World; its user value holds { world, filter }. */
typedef struct lnav {
    uint64_t tag;   /* C2D_TAG_NAVMESH */
    c2d_navmesh *m; /* NULL once collected (or when made out of memory) */
    unsigned mask;  /* the blockers' categories meet it (a mask filter; ALL_BITS: none) */
    int fn;         /* the filter is a function (the user value's [2]) */
    unsigned uses;  /* counts the calls on it: one made from a finalizer shows here */
} lnav;

static lnav *check_nav(lua_State *L, const char *fname)
{
    lnav *ln = (lnav *)luaL_testudata(L, 1, NAVMESH_MT);
    if (ln == NULL || lua_rawlen(L, 1) < sizeof *ln || ln->tag != C2D_TAG_NAVMESH)
        c2d_lua_type_error(L, 1, fname, "collide2d navmesh");
    if (ln->m == NULL) c2d_lua_arg_error(L, 1, fname, "the navmesh has been freed");
    ln->uses++;
    return ln;
}

/* Put the mesh's world at index 1 (the mesh moves to 2). */
static lworld *nav_world(lua_State *L, const char *fname)
{
    lworld *lw;
    push_uservalue(L, 1);
    lua_rawgeti(L, -1, 1);
    lw = to_world(L, -1);
    if (lw == NULL || lw->w == NULL) luaL_error(L, "%s: the navmesh's world has been freed", fname);
    lua_remove(L, -2);
    lua_insert(L, 1);
    return lw;
}

static int every_slot(lworld *lw, const void *arg, const int **slots)
{
    (void)arg;
    return c2d_world_slots(lw->w, slots);
}

/* Build the mesh (at 2, its world at 1) again when the world changed since:
 * the blockers are the shapes the filter keeps, asked anew. */
static void nav_refresh(lua_State *L, lnav *ln, lworld *lw, const char *fname)
{
    int top = lua_gettop(L), store, n, i, k = 0, len;
    const int *slots;
    if (!c2d_navmesh_stale(ln->m, live(L, lw, fname))) return;
    push_uservalue(L, 2);
    lua_rawgeti(L, -1, 2); /* the filter */
    push_store(L, 1);
    store = lua_gettop(L);
    push_query(L, lw, store, every_slot, NULL, fname);
    if (ln->fn) {
        keep_filtered(L, store - 1);
    } else if (ln->mask != ALL_BITS) {
        len = (int)lua_rawlen(L, -1);
        for (i = 1; i <= len; i++) {
            unsigned category, mask;
            lshape *p;
            lua_rawgeti(L, -1, i);
            p = c2d_lua_shape(L, -1);
            lua_pop(L, 1);
            if (p == NULL || p->s.world != lw->w) continue;
            c2d_world_get_filter(lw->w, p->s.world_slot, &category, &mask);
            if (!(category & ln->mask)) continue;
            lua_rawgeti(L, -1, i);
            lua_rawseti(L, -2, ++k);
        }
        for (i = k + 1; i <= len; i++) {
            lua_pushnil(L);
            lua_rawseti(L, -2, i);
        }
    }
    slots = slots_of(L, lw, &n);
    if (c2d_navmesh_build(ln->m, live(L, lw, fname), slots, n) < 0) out_of_memory(L);
    lua_settop(L, top);
}

/* c2d.navmesh(layer, radius [, nil [, tolerance]]): the layer (in no World)
 * goes into a World of its own, which takes the place of argument 1; its
 * solid tiles are the only blockers. */
static void layer_world(lua_State *L, const char *fname)
{
    lshape *t = c2d_lua_shape(L, 1);
    if (!lua_isnoneornil(L, 3))
        c2d_lua_arg_error(L, 3, fname, "a tile layer's navmesh takes no filter: its solid tiles block");
    if (t->s.world != NULL)
        c2d_lua_arg_error(L, 1, fname, "the layer is in a World: build the mesh from the World, its filter keeping the layer");
    lua_getfield(L, LUA_REGISTRYINDEX, "collide2d.world");
    lua_call(L, 0, 1);
    lua_getfield(L, -1, "add");
    lua_pushvalue(L, -2);
    lua_pushvalue(L, 1);
    lua_call(L, 2, 0);
    lua_replace(L, 1);
}

/* w:navmesh(radius [, filter [, tolerance]]) or c2d.navmesh(w, radius, ...)
 * -> a navigation mesh for a disk agent of the radius, the shapes the
 * filter keeps (a mask or a function; nil: every shape) blocking; or
 * c2d.navmesh(layer, radius [, nil [, tolerance]]) */
static int l_navmesh(lua_State *L)
{
    const char *f = "navmesh";
    lworld *lw;
    lshape *layer = c2d_lua_shape(L, 1);
    if (layer != NULL && layer->s.kind == C2D_TILES) layer_world(L, f);
    lw = check_world(L, f);
    double r = c2d_lua_number(L, 2, f, "radius"), tol;
    unsigned room;
    int fn;
    const unsigned *mask;
    lnav *ln;
    if (!(r >= 0)) c2d_lua_arg_error(L, 2, f, "radius must be >= 0");
    mask = check_filter(L, 3, f, &fn, &room);
    tol = c2d_lua_opt_number(L, 4, r > 0 ? r / 100 : 0.01, f, "tolerance");
    if (!(tol > 0)) c2d_lua_arg_error(L, 4, f, "tolerance must be > 0");
    (void)lw;
    lua_settop(L, 3);
    ln = (lnav *)lua_newuserdata(L, sizeof *ln);
    memset(ln, 0, sizeof *ln);
    ln->tag = C2D_TAG_NAVMESH;
    ln->mask = mask != NULL ? *mask : ALL_BITS;
    ln->fn = fn;
    luaL_getmetatable(L, NAVMESH_MT);
    c2d_lua_set_metatable(L, -2);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    if (fn) {
        lua_pushvalue(L, 3);
        lua_rawseti(L, -2, 2);
    }
#if LUA_VERSION_NUM >= 502
    lua_setuservalue(L, -2);
#else
    lua_setfenv(L, -2);
#endif
    ln->m = c2d_navmesh_new(r, tol);
    if (ln->m == NULL) {
        if (!(r < HUGE_VAL) || !(tol < HUGE_VAL)) c2d_lua_arg_error(L, 2, f, "radius or tolerance out of range");
        out_of_memory(L);
    }
    return 1;
}

/* nav:path(x1, y1, x2, y2 [, out]) -> points, length | nil: the shortest
 * way from (x1, y1) to (x2, y2), flat x, y, ... from start to goal (into
 * out when given, its entries past the path cleared) */
static int l_nav_path(lua_State *L)
{
    const char *f = "path";
    lnav *ln = check_nav(L, f);
    lworld *lw;
    c2d_vec a, b;
    int tries;
    a.x = c2d_lua_number(L, 2, f, "x1");
    a.y = c2d_lua_number(L, 3, f, "y1");
    b.x = c2d_lua_number(L, 4, f, "x2");
    b.y = c2d_lua_number(L, 5, f, "y2");
    if (!lua_isnoneornil(L, 6) && !lua_istable(L, 6)) c2d_lua_type_error(L, 6, f, "table");
    lua_settop(L, 6);
    lw = nav_world(L, f); /* the world at 1, the mesh at 2, out at 7 */
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const c2d_vec *pts;
        double length = 0;
        unsigned uses;
        int k, i;
        nav_refresh(L, ln, lw, f);
        uses = ln->uses;
        k = c2d_navmesh_path(ln->m, live(L, lw, f), a, b, &pts);
        if (k == -1) out_of_memory(L);
        if (k == -2) continue;
        if (k == 0) {
            lua_pushnil(L);
            return 1;
        }
        length = c2d_path_length(pts, k);
        if (lua_istable(L, 7)) lua_pushvalue(L, 7);
        else lua_createtable(L, 2 * k, 0);
        /* (a finalizer run by an allocation may call the mesh, which then
         * holds another answer: asked again) */
        for (i = 0; i < k && ln->uses == uses; i++) {
            c2d_lua_push_number(L, pts[i].x);
            lua_rawseti(L, -2, 2 * i + 1);
            if (ln->uses != uses) break;
            c2d_lua_push_number(L, pts[i].y);
            lua_rawseti(L, -2, 2 * i + 2);
        }
        if (ln->uses != uses) {
            lua_pop(L, 1);
            continue;
        }
        for (i = 2 * k + 1;; i++) { /* (clearing allocates nothing) */
            lua_rawgeti(L, -1, i);
            if (lua_isnil(L, -1)) break;
            lua_pop(L, 1);
            lua_pushnil(L);
            lua_rawseti(L, -3, i);
        }
        lua_pop(L, 1);
        c2d_lua_push_number(L, length);
        return 2;
    }
    return luaL_error(L, "%s: the navmesh kept changing while the answer was built (finalizers calling it)", f);
}

/* nav:nodes() -> x1, y1, ...: the corners a path may turn at (for drawing) */
static int l_nav_nodes(lua_State *L)
{
    const char *f = "nodes";
    lnav *ln = check_nav(L, f);
    lworld *lw;
    int tries;
    lua_settop(L, 1);
    lw = nav_world(L, f);
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        unsigned uses;
        int n, i;
        nav_refresh(L, ln, lw, f);
        uses = ln->uses;
        n = c2d_navmesh_count(ln->m);
        lua_createtable(L, 2 * n, 0);
        if (ln->uses != uses) {
            lua_pop(L, 1);
            continue;
        }
        /* (numbers into the room made: nothing allocates) */
        for (i = 0; i < n; i++) {
            c2d_vec p = c2d_navmesh_node(ln->m, i);
            c2d_lua_push_number(L, p.x);
            lua_rawseti(L, -2, 2 * i + 1);
            c2d_lua_push_number(L, p.y);
            lua_rawseti(L, -2, 2 * i + 2);
        }
        return 1;
    }
    return luaL_error(L, "%s: the navmesh kept changing while the answer was built (finalizers calling it)", f);
}

/* nav:radius() -> the agent's radius */
static int l_nav_radius(lua_State *L)
{
    lnav *ln = check_nav(L, "radius");
    c2d_lua_push_number(L, c2d_navmesh_radius(ln->m));
    return 1;
}

/* nav:world() -> the World it navigates */
static int l_nav_world(lua_State *L)
{
    check_nav(L, "world");
    push_uservalue(L, 1);
    lua_rawgeti(L, -1, 1);
    return 1;
}

static int l_nav_gc(lua_State *L)
{
    lnav *ln = (lnav *)luaL_testudata(L, 1, NAVMESH_MT);
    if (ln != NULL && lua_rawlen(L, 1) >= sizeof *ln && ln->tag == C2D_TAG_NAVMESH && ln->m != NULL) {
        c2d_navmesh *m = ln->m;
        ln->m = NULL;
        ln->uses++;
        c2d_navmesh_free(m);
    }
    return 0;
}

static int l_nav_tostring(lua_State *L)
{
    lnav *ln = (lnav *)luaL_testudata(L, 1, NAVMESH_MT);
    if (ln == NULL || lua_rawlen(L, 1) < sizeof *ln || ln->tag != C2D_TAG_NAVMESH || ln->m == NULL)
        lua_pushliteral(L, "NavMesh(freed)");
    else
        lua_pushfstring(L, "NavMesh(radius %f)", c2d_navmesh_radius(ln->m));
    return 1;
}

static const luaL_Reg nav_methods[] = {
    { "path", l_nav_path },
    { "nodes", l_nav_nodes },
    { "radius", l_nav_radius },
    { "world", l_nav_world },
    { NULL, NULL }
};

/* The closure of f over this function's upvalues (the kinds' metatables). */
static void push_sibling(lua_State *L, lua_CFunction f)
{
    int k;
    for (k = 1; k <= C2D_KIND_COUNT; k++) lua_pushvalue(L, lua_upvalueindex(k));
    lua_pushcclosure(L, f, C2D_KIND_COUNT);
}

/*
 * w:snapshot(): the World as a table, for save games and rollback:
 * { cellSize = s, { shape = t, category = c, mask = m, sensor = true,
 * oneway = { nx, ny } }, ... }, an entry per shape in the order added, each
 * shape as its serialize table (a tile layer: a clone of it, a tile map
 * being level data). c2d.world(snapshot) builds a new World of copies, added
 * in that order, with those bits: it answers every query as the World did
 * (events start afresh). User data stays with the caller: entry i is
 * w:shapes()[i] in both.
 */
static int l_snapshot(lua_State *L)
{
    lworld *lw = check_world(L, "snapshot");
    int n, i, k = 0;
    lua_settop(L, 1);
    push_store(L, 1);
    push_query(L, lw, 2, all_slots, NULL, "snapshot"); /* 3: the shapes, a table no finalizer moves */
    n = (int)lua_rawlen(L, 3);
    lua_createtable(L, n, 1);
    c2d_lua_push_number(L, lw->cell);
    lua_setfield(L, -2, "cellSize");
    for (i = 1; i <= n; i++) {
        lshape *p;
        unsigned category, mask;
        c2d_vec side;
        int slot, sensor, oneway;
        live(L, lw, "snapshot");
        lua_rawgeti(L, 3, i);
        p = c2d_lua_shape(L, -1);
        if (p == NULL || p->s.world != lw->w) { /* (a finalizer took it out meanwhile) */
            lua_pop(L, 1);
            continue;
        }
        /* Everything read from the world before anything is allocated (a
         * collection may run a finalizer that changes or frees it). */
        slot = p->s.world_slot;
        c2d_world_get_filter(lw->w, slot, &category, &mask);
        sensor = (c2d_world_flags(lw->w, slot) & C2D_WORLD_SENSOR) != 0;
        oneway = c2d_world_get_oneway(lw->w, slot, &side);
        lua_createtable(L, 0, 5);
        if (p->s.kind == C2D_TILES) {
            push_sibling(L, c2d_lua_clone);
            lua_pushvalue(L, -3);
            lua_call(L, 1, 1);
        } else {
            c2d_lua_serialize(L, &p->s);
        }
        lua_setfield(L, -2, "shape");
        c2d_lua_push_number(L, (double)category);
        lua_setfield(L, -2, "category");
        c2d_lua_push_number(L, (double)mask);
        lua_setfield(L, -2, "mask");
        if (sensor) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, "sensor");
        }
        if (oneway) {
            lua_createtable(L, 2, 0);
            c2d_lua_push_number(L, side.x);
            lua_rawseti(L, -2, 1);
            c2d_lua_push_number(L, side.y);
            lua_rawseti(L, -2, 2);
            lua_setfield(L, -2, "oneway");
        }
        lua_rawseti(L, 4, ++k);
        lua_pop(L, 1);
    }
    return 1;
}

/* Call the function at the top of the stack, below it nargs arguments, for
 * snapshot entry i: an error names the entry (out of memory stays itself). */
static void restore_call(lua_State *L, int nargs, int nres, int i, const char *what)
{
    int status = lua_pcall(L, nargs, nres, 0);
    if (status == LUA_ERRMEM) lua_error(L);
    if (status != 0)
        c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot[%d].%s: %s", i, what, lua_tostring(L, -1)));
}

/* t[key], read raw, pushed. */
static void raw_field(lua_State *L, int t, const char *key)
{
    lua_pushstring(L, key);
    lua_rawget(L, t);
}

/* The number at t[key] (absent: def). */
static double entry_number(lua_State *L, int t, const char *key, double def, int i)
{
    double x;
    raw_field(L, t, key);
    if (lua_isnil(L, -1)) x = def;
    else if (lua_type(L, -1) != LUA_TNUMBER)
        return c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot[%d].%s must be a number, got %s", i, key, luaL_typename(L, -1)));
    else x = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return x;
}

/* c2d.world(snapshot): a new World of copies of the snapshot's shapes. */
static int restore_world(lua_State *L)
{
    lworld *lw;
    int n, i, w;
    lua_settop(L, 1);
    raw_field(L, 1, "cellSize");
    if (lua_type(L, 2) != LUA_TNUMBER)
        c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot.cellSize must be a number, got %s", luaL_typename(L, 2)));
    push_sibling(L, l_world);
    lua_insert(L, 2);
    lua_call(L, 1, 1); /* 2: the new World (its cellSize checked as c2d.world checks it) */
    w = 2;
    lw = (lworld *)lua_touserdata(L, w);
    n = (int)lua_rawlen(L, 1);
    for (i = 1; i <= n; i++) {
        int e, slot;
        double category, mask;
        lshape *p;
        lua_settop(L, w);
        lua_rawgeti(L, 1, i);
        e = lua_gettop(L);
        if (lua_type(L, e) != LUA_TTABLE)
            c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot[%d] must be a table, got %s", i, luaL_typename(L, e)));
        category = entry_number(L, e, "category", 1, i);
        mask = entry_number(L, e, "mask", ALL_BITS, i);
        raw_field(L, e, "shape");
        if (lua_type(L, -1) == LUA_TTABLE) {
            push_sibling(L, c2d_lua_deserialize);
            lua_insert(L, -2);
        } else if (c2d_lua_shape(L, -1) != NULL) {
            push_sibling(L, c2d_lua_clone);
            lua_insert(L, -2);
        } else {
            c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot[%d].shape must be a serialize table or a shape, got %s", i, luaL_typename(L, -1)));
        }
        restore_call(L, 1, 1, i, "shape");
        /* w:add(copy, category, mask) */
        push_sibling(L, l_add);
        lua_pushvalue(L, w);
        lua_pushvalue(L, -3);
        lua_pushnumber(L, (lua_Number)category);
        lua_pushnumber(L, (lua_Number)mask);
        restore_call(L, 4, 1, i, "category");
        p = c2d_lua_shape(L, -1);
        slot = p->s.world_slot;
        raw_field(L, e, "sensor");
        if (lua_toboolean(L, -1)) c2d_world_set_sensor(lw->w, slot, 1);
        lua_pop(L, 1);
        raw_field(L, e, "oneway");
        if (!lua_isnil(L, -1)) {
            int t = lua_gettop(L);
            push_sibling(L, l_set_one_way);
            lua_pushvalue(L, w);
            lua_pushvalue(L, t - 1);
            if (lua_type(L, t) != LUA_TTABLE)
                c2d_lua_arg_error(L, 1, "world", lua_pushfstring(L, "snapshot[%d].oneway must be a table, got %s", i, luaL_typename(L, t)));
            lua_rawgeti(L, t, 1);
            lua_rawgeti(L, t, 2);
            restore_call(L, 4, 0, i, "oneway");
        }
    }
    lua_settop(L, w);
    return 1;
}

static const luaL_Reg world_methods[] = {
    { "add", l_add },
    { "snapshot", l_snapshot },
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
    { "raycastMany", l_raycast_many },
    { "sweepTurning", l_sweep_turning },
    { "sees", l_sees },
    { "visible", l_visible },
    { "visibility", l_visibility },
    { "navmesh", l_navmesh },
    { "collisions", l_collisions },
    { "move", l_move },
    { "check", l_check },
    { "push", l_push },
    { "addResponse", l_add_response },
    { "setSensor", l_set_sensor },
    { "isSensor", l_is_sensor },
    { "setOneWay", l_set_one_way },
    { "getOneWay", l_get_one_way },
    { "slide", l_slide },
    { "bounce", l_bounce },
    { "events", l_events },
    { NULL, NULL }
};

c2d_world *c2d_lua_toworld(lua_State *L, int i)
{
    lworld *lw = to_world(L, lua_absindex(L, i));
    return lw != NULL ? lw->w : NULL;
}

c2d_world *c2d_lua_newworld(lua_State *L, double cell)
{
    lua_pushliteral(L, "collide2d.world");
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (!lua_isfunction(L, -1)) luaL_error(L, "collide2d is not open in this Lua state (require it first)");
    lua_pushnumber(L, cell);
    lua_call(L, 1, 1);
    return c2d_lua_toworld(L, -1);
}

int c2d_lua_add(lua_State *L, int world, int shape, unsigned category, unsigned mask)
{
    c2d_shape *s;
    world = lua_absindex(L, world);
    shape = lua_absindex(L, shape);
    if (c2d_lua_toworld(L, world) == NULL) luaL_error(L, "c2d_lua_add: no World at index %d", world);
    lua_pushliteral(L, "collide2d.World");
    lua_rawget(L, LUA_REGISTRYINDEX);
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, "add");
    lua_pushvalue(L, world);
    lua_pushvalue(L, shape);
    lua_pushnumber(L, (lua_Number)category);
    lua_pushnumber(L, (lua_Number)mask);
    lua_call(L, 4, 0);
    lua_pop(L, 2);
    s = c2d_lua_toshape(L, shape);
    return s->world_slot;
}

/* Push the World's pool of room (the upvalue after the kinds' metatables). */
static void push_move_upvalues(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, WORLD_MT);
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, "move");
    lua_getupvalue(L, -1, C2D_KIND_COUNT + 1);
    lua_remove(L, -2); /* move, __index, the metatable */
    lua_remove(L, -2);
    lua_remove(L, -2);
}

void c2d_open_world(lua_State *L, int module, int mts)
{
    int k;
    nest_guard *g;
    PUSH_NEST_GUARD_KEY(L);
    g = (nest_guard *)lua_newuserdata(L, sizeof *g);
    g->tag = C2D_TAG_ROOM;
    g->base = 0;
    lua_rawset(L, LUA_REGISTRYINDEX);
    luaL_newmetatable(L, WORLD_MT);
    lua_pushliteral(L, WORLD_MT);
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_newtable(L);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    lua_newtable(L);                                                       /* ROOM_POOL */
    luaL_setfuncs(L, world_methods, C2D_KIND_COUNT + 1);
    lua_setfield(L, -2, "__index");
    c2d_lua_lock_metatable(L);
    lua_pop(L, 1);
    luaL_newmetatable(L, NAVMESH_MT);
    lua_pushliteral(L, NAVMESH_MT);
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, l_nav_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_nav_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_newtable(L);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k); /* (shapes are told by their kinds' metatables) */
    luaL_setfuncs(L, nav_methods, C2D_KIND_COUNT);
    lua_setfield(L, -2, "__index");
    c2d_lua_lock_metatable(L);
    lua_pop(L, 1);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    lua_pushcclosure(L, l_navmesh, C2D_KIND_COUNT);
    lua_setfield(L, module, "navmesh");
    /* Controllers: their methods close over what the World's do. */
    luaL_newmetatable(L, CONTROLLER_MT);
    lua_pushliteral(L, CONTROLLER_MT);
    lua_setfield(L, -2, "__name");
    lua_newtable(L);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    push_move_upvalues(L); /* the World's pool of room */
    luaL_setfuncs(L, controller_methods, C2D_KIND_COUNT + 1);
    lua_setfield(L, -2, "__index");
    c2d_lua_lock_metatable(L);
    lua_pop(L, 1);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    push_move_upvalues(L);
    lua_pushcclosure(L, l_controller, C2D_KIND_COUNT + 1);
    lua_setfield(L, module, "controller");
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    lua_pushcclosure(L, l_world, C2D_KIND_COUNT);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "collide2d.world"); /* for c2d_lua_newworld */
    lua_setfield(L, module, "world");
}
