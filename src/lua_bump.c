/*
 * The C half of collide2d.bump: a table of functions over the world in
 * bump.c, reached from lua/collide2d/bump.lua as require("collide2d")._bump.
 * The Lua half owns the items (any Lua value) and passes the id -> item array
 * in when a result must name items. Arguments are checked by the Lua half,
 * which knows their user-facing names; here a wrong type is still an error,
 * never a crash.
 */
#include "no_fma.h"
#include <string.h>
#include "lua_shape.h"
#include "bump.h"

#define WORLD_MT lua_upvalueindex(1)
/* The strings the results use, as upvalues from 2 on: a key is set with
 * lua_rawset from its upvalue (no string made or looked up per field), and a
 * filter's answer is compared with the response names without strcmp. */
static const char *const KEY_NAMES[] = {
    "slide", "touch", "cross", "bounce", "x", "y", "w", "h", "ti", "move", "normal", "itemRect", "otherRect",
    "other", "item", "type", "overlaps", "ti1", "ti2", "x1", "y1", "x2", "y2"
};
enum {
    K_SLIDE, K_TOUCH, K_CROSS, K_BOUNCE, K_X, K_Y, K_W, K_H, K_TI, K_MOVE, K_NORMAL, K_ITEMRECT, K_OTHERRECT,
    K_OTHER, K_ITEM, K_TYPE, K_OVERLAPS, K_TI1, K_TI2, K_X1, K_Y1, K_X2, K_Y2, K_COUNT
};
typedef char one_name_per_key[sizeof KEY_NAMES / sizeof *KEY_NAMES == K_COUNT ? 1 : -1];
#define KEY(k) lua_upvalueindex(2 + (k))
#define NAME_SLIDE KEY(K_SLIDE)
#define NAME_TOUCH KEY(K_TOUCH)
#define NAME_CROSS KEY(K_CROSS)
#define NAME_BOUNCE KEY(K_BOUNCE)
#define N_UPVALUES (1 + K_COUNT)
#define LOCAL_COLS 16

int c2d_open_bump(lua_State *L);

typedef struct lworld {
    uint64_t tag;       /* C2D_TAG_BUMP, or C2D_TAG_FREED once its __gc has run */
    c2d_bump_world *w;  /* NULL once freed */
    unsigned uses;      /* counts the calls on the world: one made from a finalizer shows here */
} lworld;

/* A filter's answer the C loop cannot apply: a response added with addResponse. */
#define R_OTHER (-1)

/* The bump world at i (it must not have been freed). */
static lworld *check_lworld(lua_State *L, int i)
{
    lworld *p = (lworld *)lua_touserdata(L, i);
    int ok = 0;
    if (p != NULL && lua_rawlen(L, i) >= sizeof *p && (p->tag == C2D_TAG_BUMP || p->tag == C2D_TAG_FREED) &&
        lua_getmetatable(L, i)) {
        ok = lua_rawequal(L, -1, WORLD_MT);
        lua_pop(L, 1);
    }
    if (!ok) luaL_argerror(L, i, "bump world expected");
    if (p->w == NULL) luaL_argerror(L, i, "the bump world has been freed");
    p->uses++;
    return p;
}

static c2d_bump_world *check_world(lua_State *L, int i)
{
    return check_lworld(L, i)->w;
}

/* After Lua ran (a callback, or a finalizer at an allocation): the world must still be there. */
static c2d_bump_world *live(lua_State *L, const lworld *lw)
{
    if (lw->w == NULL) luaL_error(L, "the bump world was freed while the call ran");
    return lw->w;
}

/* Push a table with room for narr entries in its array part and nrec in its
 * hash part, so that filling them allocates nothing. 0 (the table pushed all
 * the same) when a call on the world ran meanwhile (a finalizer, at the
 * allocation): what the caller holds from the world may be stale; ask again. */
static int fresh_table(lua_State *L, const lworld *lw, int narr, int nrec)
{
    unsigned uses = lw->uses;
    lua_createtable(L, narr, nrec);
    return lw->w != NULL && lw->uses == uses;
}

/* A caller asks again at most this often (a finalizer that calls the world each time). */
enum { FRESH_TRIES = 64 };

static int changing(lua_State *L, const lworld *lw)
{
    live(L, lw);
    return luaL_error(L, "the bump world kept changing while the answer was built (finalizers calling it)");
}

/* The number at i, noting in *ints (with bit) whether it is an integer. */
static double check_num(lua_State *L, int i, unsigned *ints, unsigned bit)
{
    double v = luaL_checknumber(L, i);
    if (c2d_isinteger(L, i)) *ints |= bit;
    return v;
}

static void check_rect(lua_State *L, int i, c2d_bump_rect *r)
{
    r->ints = 0;
    r->x = check_num(L, i, &r->ints, C2D_BUMP_INT_X);
    r->y = check_num(L, i + 1, &r->ints, C2D_BUMP_INT_Y);
    r->w = check_num(L, i + 2, &r->ints, C2D_BUMP_INT_W);
    r->h = check_num(L, i + 3, &r->ints, C2D_BUMP_INT_H);
}

/* Push v as bump.lua would hold it: an integer when ints has bit (Lua 5.3+), else a float. */
static void push_num(lua_State *L, double v, unsigned ints, unsigned bit)
{
#if LUA_VERSION_NUM >= 503
    if ((ints & bit) && v >= -9223372036854775808.0 && v < 9223372036854775808.0) {
        lua_pushinteger(L, (lua_Integer)v);
        return;
    }
#else
    (void)ints; (void)bit;
#endif
    lua_pushnumber(L, (lua_Number)v);
}

/* Raise the error a world status stands for. */
static int status_error(lua_State *L, int st)
{
    switch (st) {
    case C2D_BUMP_TOO_FAR: return luaL_error(L, "rect too far from the origin for the grid (cell index beyond 2^40)");
    case C2D_BUMP_TOO_MANY_CELLS: return luaL_error(L, "rect covers more than 2^24 cells");
    default: return luaL_error(L, "not enough memory");
    }
}

/* t[k] = v in the table at the top, k one of the K_ keys. */
static void set_num(lua_State *L, int k, double v, unsigned ints, unsigned bit)
{
    lua_pushvalue(L, KEY(k));
    push_num(L, v, ints, bit);
    lua_rawset(L, -3);
}

/* t[k] = the value at the top (popped), in the table below it. */
static void set_top(lua_State *L, int k)
{
    lua_pushvalue(L, KEY(k));
    lua_insert(L, -2);
    lua_rawset(L, -3);
}

/* {x = x, y = y}; ints has C2D_BUMP_INT_X/Y for integers. */
static void push_xy(lua_State *L, double x, double y, unsigned ints)
{
    lua_createtable(L, 0, 2);
    set_num(L, K_X, x, ints, C2D_BUMP_INT_X);
    set_num(L, K_Y, y, ints, C2D_BUMP_INT_Y);
}

static void push_rect(lua_State *L, const c2d_bump_rect *r)
{
    lua_createtable(L, 0, 4);
    set_num(L, K_X, r->x, r->ints, C2D_BUMP_INT_X);
    set_num(L, K_Y, r->y, r->ints, C2D_BUMP_INT_Y);
    set_num(L, K_W, r->w, r->ints, C2D_BUMP_INT_W);
    set_num(L, K_H, r->h, r->ints, C2D_BUMP_INT_H);
}

/* A collision table as bump builds it; item, other and type are the values at those indices (0: absent). */
static void push_col(lua_State *L, const c2d_bump_col *c, int item, int other, int type)
{
    lua_createtable(L, 0, 12);
    lua_pushboolean(L, c->overlaps);
    set_top(L, K_OVERLAPS);
    set_num(L, K_TI, c->ti, c->ints, C2D_BUMP_INT_TI);
    push_xy(L, c->mx, c->my, ((c->ints & C2D_BUMP_INT_MX) ? C2D_BUMP_INT_X : 0) | ((c->ints & C2D_BUMP_INT_MY) ? C2D_BUMP_INT_Y : 0));
    set_top(L, K_MOVE);
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, c->nx);
    set_top(L, K_X);
    lua_pushinteger(L, c->ny);
    set_top(L, K_Y);
    set_top(L, K_NORMAL);
    push_xy(L, c->tx, c->ty, ((c->ints & C2D_BUMP_INT_TX) ? C2D_BUMP_INT_X : 0) | ((c->ints & C2D_BUMP_INT_TY) ? C2D_BUMP_INT_Y : 0));
    set_top(L, K_TOUCH);
    push_rect(L, &c->item);
    set_top(L, K_ITEMRECT);
    push_rect(L, &c->rect);
    set_top(L, K_OTHERRECT);
    if (other) { lua_pushvalue(L, other); set_top(L, K_OTHER); }
    if (item) { lua_pushvalue(L, item); set_top(L, K_ITEM); }
    if (type) { lua_pushvalue(L, type); set_top(L, K_TYPE); }
}

/* ---- The world object --------------------------------------------------- */

static int l_new(lua_State *L)
{
    double cs = luaL_checknumber(L, 1);
    lworld *p = (lworld *)lua_newuserdata(L, sizeof *p);
    memset(p, 0, sizeof *p);
    p->tag = C2D_TAG_BUMP;
    lua_pushvalue(L, WORLD_MT);
    c2d_lua_set_metatable(L, -2);
    p->w = c2d_bump_new(cs);
    if (p->w == NULL) return luaL_error(L, "not enough memory");
    return 1;
}

/* Free the world (collected, or __gc called by hand: a call under way then
 * finds it gone when it next looks, and raises). */
static int l_gc(lua_State *L)
{
    lworld *p = (lworld *)lua_touserdata(L, 1);
    if (p != NULL && lua_rawlen(L, 1) >= sizeof *p && p->tag == C2D_TAG_BUMP && p->w != NULL) {
        c2d_bump_world *w = p->w;
        p->w = NULL;
        p->tag = C2D_TAG_FREED;
        p->uses++; /* a call under way, building an answer, sees the world changed */
        c2d_bump_free(w);
    }
    return 0;
}

/* ids[item] = id and items[id] = item (stack: ids, items, item, id). */
static int link_item(lua_State *L)
{
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 4);
    lua_rawset(L, 1);
    lua_pushvalue(L, 3);
    lua_rawseti(L, 2, (int)lua_tointeger(L, 4));
    return 0;
}

/* add(W, ids, items, item, x, y, w, h): add the rect, and link item and its
 * id in the tables ids (item -> id) and items (id -> item). Out of memory at
 * any point, everything is as it was before the call. */
static int l_add(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    c2d_bump_rect r;
    int id;
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checkany(L, 4);
    check_rect(L, 5, &r);
    lua_settop(L, 8);
    lua_pushcfunction(L, link_item); /* 9: the room the call needs is made first */
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 4);
    id = c2d_bump_add(lw->w, &r);
    if (id < 0) return status_error(L, id);
    lua_pushinteger(L, id);
    if (lua_pcall(L, 4, 0, 0) != 0) {
        /* the tables could not take it: undo what they took, then the add */
        lua_pushvalue(L, 4);
        lua_rawget(L, 2);
        if (!lua_isnil(L, -1)) { lua_pushvalue(L, 4); lua_pushnil(L); lua_rawset(L, 2); }
        lua_pop(L, 1);
        lua_rawgeti(L, 3, id);
        if (!lua_isnil(L, -1)) { lua_pushnil(L); lua_rawseti(L, 3, id); }
        lua_pop(L, 1);
        if (lw->w != NULL) c2d_bump_unadd(lw->w, id);
        return lua_error(L);
    }
    lua_pushinteger(L, id);
    return 1;
}

static int l_remove(lua_State *L)
{
    c2d_bump_world *w = check_world(L, 1);
    c2d_bump_remove(w, (int)luaL_checkinteger(L, 2));
    lua_pushinteger(L, c2d_bump_emptied(w));
    return 1;
}

static int l_update(lua_State *L)
{
    c2d_bump_world *w = check_world(L, 1);
    c2d_bump_rect r;
    int st;
    check_rect(L, 3, &r);
    st = c2d_bump_update(w, (int)luaL_checkinteger(L, 2), &r);
    if (st != C2D_BUMP_OK) return status_error(L, st);
    lua_pushinteger(L, c2d_bump_emptied(w));
    return 1;
}

static int l_rect(lua_State *L)
{
    const c2d_bump_rect *r = c2d_bump_rect_of(check_world(L, 1), (int)luaL_checkinteger(L, 2));
    if (r == NULL) return 0;
    push_num(L, r->x, r->ints, C2D_BUMP_INT_X);
    push_num(L, r->y, r->ints, C2D_BUMP_INT_Y);
    push_num(L, r->w, r->ints, C2D_BUMP_INT_W);
    push_num(L, r->h, r->ints, C2D_BUMP_INT_H);
    return 4;
}

static int l_count_cells(lua_State *L)
{
    lua_pushinteger(L, c2d_bump_count_cells(check_world(L, 1)));
    return 1;
}

static int l_epoch(lua_State *L)
{
    c2d_bump_next_epoch(check_world(L, 1), lua_toboolean(L, 2));
    return 0;
}

/* ---- Queries -------------------------------------------------------------- */

/* A query of the world: ids through *ids, how many (negative: a c2d_bump_status). */
typedef int (*id_query)(c2d_bump_world *w, const void *arg, const int **ids);

/* The list of the items the query names, and how many (items: the id -> item
 * array at index t), made from one answer of the world: asked again when a
 * finalizer calls the world while the list is made. */
static int push_items(lua_State *L, lworld *lw, id_query q, const void *arg, int t)
{
    int tries;
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *ids;
        int n = q(live(L, lw), arg, &ids), i;
        if (n < 0) return status_error(L, n);
        if (!fresh_table(L, lw, n, 0)) { lua_pop(L, 1); continue; }
        for (i = 0; i < n; i++) {
            lua_rawgeti(L, t, ids[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_pushinteger(L, n);
        return 2;
    }
    return changing(L, lw);
}

static int all_items(c2d_bump_world *w, const void *arg, const int **ids)
{
    (void)arg;
    return c2d_bump_items(w, ids);
}

static int l_items(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    return push_items(L, lw, all_items, NULL, 2);
}

static int items_in_cells(c2d_bump_world *w, const void *arg, const int **ids)
{
    return c2d_bump_query_cells(w, (const c2d_bump_cells *)arg, ids);
}

static int l_cells(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    c2d_bump_cells c;
    int tries;
    c.cl = luaL_checknumber(L, 2);
    c.ct = luaL_checknumber(L, 3);
    c.cw = luaL_checknumber(L, 4);
    c.ch = luaL_checknumber(L, 5);
    luaL_checktype(L, 6, LUA_TTABLE);
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const int *ids;
        int n = items_in_cells(live(L, lw), &c, &ids), i;
        if (n < 0) return status_error(L, n);
        if (!fresh_table(L, lw, 0, n)) { lua_pop(L, 1); continue; }
        for (i = 0; i < n; i++) {
            lua_rawgeti(L, 6, ids[i]);
            lua_pushboolean(L, 1);
            lua_rawset(L, -3); /* n keys into room for n: no allocation */
        }
        return 1;
    }
    return changing(L, lw);
}

static int items_in_rect(c2d_bump_world *w, const void *arg, const int **ids)
{
    return c2d_bump_query_rect(w, (const c2d_bump_rect *)arg, ids);
}

static int l_query_rect(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    c2d_bump_rect r;
    check_rect(L, 2, &r);
    luaL_checktype(L, 6, LUA_TTABLE);
    return push_items(L, lw, items_in_rect, &r, 6);
}

static int items_at_point(c2d_bump_world *w, const void *arg, const int **ids)
{
    const double *xy = (const double *)arg;
    return c2d_bump_query_point(w, xy[0], xy[1], ids);
}

static int l_query_point(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    double xy[2];
    xy[0] = luaL_checknumber(L, 2);
    xy[1] = luaL_checknumber(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    return push_items(L, lw, items_at_point, xy, 4);
}

/* segment(W, x1, y1, x2, y2, items, withCoords): the items, or bump's info
 * tables (made one by one: a finalizer calling the world meanwhile makes the
 * segment be asked again). */
static int l_segment(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    unsigned ints = 0; /* x1, x2 as C2D_BUMP_INT_X and _W, y1, y2 as _Y and _H */
    double x1 = check_num(L, 2, &ints, C2D_BUMP_INT_X), y1 = check_num(L, 3, &ints, C2D_BUMP_INT_Y);
    double x2 = check_num(L, 4, &ints, C2D_BUMP_INT_W), y2 = check_num(L, 5, &ints, C2D_BUMP_INT_H);
    double dx = x2 - x1, dy = y2 - y1;
    /* x1 + dx * ti: an integer when x1, x2 and ti are */
    unsigned xs = (ints & C2D_BUMP_INT_X) && (ints & C2D_BUMP_INT_W), ys = (ints & C2D_BUMP_INT_Y) && (ints & C2D_BUMP_INT_H);
    int coords = lua_toboolean(L, 7), tries;
    luaL_checktype(L, 6, LUA_TTABLE);
    lua_settop(L, 7);
    for (tries = 0; tries < FRESH_TRIES; tries++) {
        const c2d_bump_seghit *h;
        unsigned uses;
        int n = c2d_bump_segment(live(L, lw), x1, y1, x2, y2, &h), i;
        if (n < 0) return status_error(L, n);
        lua_settop(L, 7);
        if (!fresh_table(L, lw, n, 0)) continue;
        uses = lw->uses;
        for (i = 0; i < n && lw->uses == uses && lw->w != NULL; i++) {
            if (coords) {
                c2d_bump_seghit hit = h[i]; /* the table made next may let a finalizer run */
                unsigned t1 = (hit.ints & C2D_BUMP_INT_TI1) != 0, t2 = (hit.ints & C2D_BUMP_INT_TI2) != 0;
                lua_createtable(L, 0, 7);
                lua_rawgeti(L, 6, hit.item);
                set_top(L, K_ITEM);
                set_num(L, K_TI1, hit.ti1, t1, 1);
                set_num(L, K_TI2, hit.ti2, t2, 1);
                set_num(L, K_X1, x1 + dx * hit.ti1, xs && t1, 1);
                set_num(L, K_Y1, y1 + dy * hit.ti1, ys && t1, 1);
                set_num(L, K_X2, x1 + dx * hit.ti2, xs && t2, 1);
                set_num(L, K_Y2, y1 + dy * hit.ti2, ys && t2, 1);
            } else {
                lua_rawgeti(L, 6, h[i].item);
            }
            lua_rawseti(L, -2, i + 1);
        }
        if (lw->uses != uses || lw->w == NULL) continue;
        lua_pushinteger(L, n);
        return 2;
    }
    return changing(L, lw);
}

/* ---- Moving ------------------------------------------------------------------ */

/* The response a filter's answer names; R_OTHER for anything the Lua half must handle. */
static int response_of(lua_State *L, int i)
{
    if (!lua_toboolean(L, i)) return C2D_BUMP_IGNORE;
    if (lua_rawequal(L, i, NAME_SLIDE)) return C2D_BUMP_SLIDE;
    if (lua_rawequal(L, i, NAME_TOUCH)) return C2D_BUMP_TOUCH;
    if (lua_rawequal(L, i, NAME_CROSS)) return C2D_BUMP_CROSS;
    if (lua_rawequal(L, i, NAME_BOUNCE)) return C2D_BUMP_BOUNCE;
    return R_OTHER;
}

/* Room for n collisions that outlives calls back into Lua (which may query
 * the world): local when n is small, else a userdata pushed on the stack
 * (whose allocation may run a finalizer: the caller asks the world again). */
static c2d_bump_col *room_for_cols(lua_State *L, int n, c2d_bump_col *local)
{
    if (n <= LOCAL_COLS) return local;
    return (c2d_bump_col *)lua_newuserdata(L, (size_t)n * sizeof(c2d_bump_col));
}

/* The goal at i, i + 1 (numbers), with C2D_BUMP_INT_X/Y in *ints for integers. */
static void check_goal(lua_State *L, int i, double *gx, double *gy, unsigned *ints)
{
    *ints = 0;
    *gx = check_num(L, i, ints, C2D_BUMP_INT_X);
    *gy = check_num(L, i + 1, ints, C2D_BUMP_INT_Y);
}

/*
 * project(W, skip, item, x, y, w, h, goalx, goaly, filter, items): bump's
 * World:project. skip is the item's id (0 when it is not in the world); the
 * filter, when given, is called as filter(item, other) for each collision in
 * order, and its answer becomes the collision's type.
 */
static int l_project(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    int skip = (int)luaL_checkinteger(L, 2);
    c2d_bump_rect r;
    double gx, gy;
    unsigned gints;
    c2d_bump_col local[LOCAL_COLS], *cols = NULL;
    int n = 0, i, len = 0, has_filter, out, tries;
    check_rect(L, 4, &r);
    check_goal(L, 8, &gx, &gy, &gints);
    has_filter = !lua_isnoneornil(L, 10);
    luaL_checktype(L, 11, LUA_TTABLE);
    for (tries = 0; cols == NULL; tries++) {
        const c2d_bump_col *found;
        unsigned uses;
        if (tries == FRESH_TRIES) return changing(L, lw);
        lua_settop(L, 11);
        n = c2d_bump_project(live(L, lw), &skip, 1, &r, gx, gy, gints, &found);
        if (n < 0) return status_error(L, n);
        uses = lw->uses;
        cols = room_for_cols(L, n, local);
        if (lw->uses != uses || lw->w == NULL) { cols = NULL; continue; }
        if (n > 0) memcpy(cols, found, (size_t)n * sizeof *cols);
    }
    lua_createtable(L, n, 0);
    out = lua_gettop(L);
    lua_pushvalue(L, NAME_SLIDE);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, 11, cols[i].other); /* other */
        if (has_filter) {
            lua_pushvalue(L, 10);
            lua_pushvalue(L, 3);
            lua_pushvalue(L, -3);
            lua_call(L, 2, 1);
        } else {
            lua_pushvalue(L, out + 1);
        }
        if (lua_toboolean(L, -1)) {
            int top = lua_gettop(L);
            push_col(L, &cols[i], 3, top - 1, top);
            lua_rawseti(L, out, ++len);
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    lua_pushinteger(L, len);
    return 2;
}

/*
 * check(W, id, item, goalx, goaly, filter, items, update): bump's World:check
 * (and World:move when update is true) for the four built-in responses, the
 * core's check a step at a time with the filter asked in between. Returns
 * goalx, goaly, cols, len, cells emptied; or false, having changed nothing,
 * when the filter names any other response.
 */
int c2d_lua_bump_check(lua_State *L)
{
    lworld *lw = check_lworld(L, 1);
    int id = (int)luaL_checkinteger(L, 2);
    double gx, gy;
    unsigned gints;
    int has_filter = !lua_isnoneornil(L, 6), update = lua_toboolean(L, 8);
    c2d_bump_check chk;
    int local_skip[64], *skip = local_skip, nskip = 1, capskip = 64, len = 0;
    const int out = 9, dflt = 10, base = 11; /* the result list, "slide", the skip list's storage */
    c2d_bump_col local[LOCAL_COLS];
    int outermost;
    check_goal(L, 4, &gx, &gy, &gints);
    luaL_checktype(L, 7, LUA_TTABLE);
    if (!c2d_bump_check_begin(lw->w, id, gx, gy, gints, &chk)) return luaL_argerror(L, 2, "item not in the world");
    outermost = c2d_lua_enter_nest(L, &chk, "check");
    lua_settop(L, 8);
    lua_newtable(L);
    lua_pushvalue(L, NAME_SLIDE);
    lua_pushnil(L);
    skip[0] = id;
    for (;;) {
        const c2d_bump_col *found;
        c2d_bump_col best;
        int kind = C2D_BUMP_IGNORE;
        int n, i;
        lua_settop(L, base);
        lua_pushnil(L); /* base + 1: the collision's type */
        n = c2d_bump_check_next(live(L, lw), &chk, skip, nskip, &found);
        if (n < 0) return status_error(L, n);
        if (n == 0) break;
        if (!has_filter) {
            best = found[0];
            kind = C2D_BUMP_SLIDE;
            lua_pushvalue(L, dflt);
            lua_replace(L, base + 1);
        } else {
            /* Nearest first: the first collision the filter accepts is the one bump picks. */
            unsigned uses = lw->uses;
            c2d_bump_col *cols = room_for_cols(L, n, local);
            if (lw->uses != uses || lw->w == NULL) continue; /* a finalizer called the world: this step again */
            memcpy(cols, found, (size_t)n * sizeof *cols);
            for (i = 0; i < n && kind == C2D_BUMP_IGNORE; i++) {
                lua_pushvalue(L, 6);
                lua_pushvalue(L, 3);
                lua_rawgeti(L, 7, cols[i].other);
                lua_call(L, 2, 1);
                kind = response_of(L, -1);
                if (kind == R_OTHER) {
                    c2d_lua_leave_nest(L, outermost);
                    lua_pushboolean(L, 0);
                    return 1;
                }
                if (kind == C2D_BUMP_IGNORE) lua_pop(L, 1);
                else { best = cols[i]; lua_replace(L, base + 1); }
            }
            if (kind == C2D_BUMP_IGNORE) break;
        }
        lua_settop(L, base + 1);
        lua_rawgeti(L, 7, best.other);
        push_col(L, &best, 3, base + 2, base + 1);
        if (nskip == capskip) {
            int *more = (int *)lua_newuserdata(L, (size_t)capskip * 2 * sizeof *more);
            memcpy(more, skip, (size_t)capskip * sizeof *more);
            lua_replace(L, base);
            skip = more;
            capskip *= 2;
        }
        skip[nskip++] = best.other;
        c2d_bump_check_take(&chk, &best, (c2d_bump_response)kind);
        /* slide and bounce record the goal they set */
        if (kind == C2D_BUMP_SLIDE || kind == C2D_BUMP_BOUNCE) {
            push_xy(L, chk.goalx, chk.goaly, chk.goal_ints);
            set_top(L, kind == C2D_BUMP_SLIDE ? K_SLIDE : K_BOUNCE);
        }
        lua_rawseti(L, out, ++len);
        if (kind == C2D_BUMP_TOUCH) break;
    }
    if (update) {
        int st = c2d_bump_check_finish(live(L, lw), &chk);
        if (st == C2D_BUMP_NOT_IN_WORLD) return luaL_error(L, "the moving item left the world during its move");
        if (st != C2D_BUMP_OK) return status_error(L, st);
    }
    c2d_lua_leave_nest(L, outermost);
    push_num(L, chk.goalx, chk.goal_ints, C2D_BUMP_INT_X);
    push_num(L, chk.goaly, chk.goal_ints, C2D_BUMP_INT_Y);
    lua_pushvalue(L, out);
    lua_pushinteger(L, len);
    lua_pushinteger(L, c2d_bump_emptied(live(L, lw)));
    return 5;
}

/* ---- Rectangle functions --------------------------------------------------- */

/* detect(x1,y1,w1,h1, x2,y2,w2,h2 [, goalx, goaly]): bump's rect.detectCollision. */
static int l_detect(lua_State *L)
{
    c2d_bump_rect a, b;
    c2d_bump_col c;
    double gx = 0, gy = 0;
    unsigned gints = 0;
    check_rect(L, 1, &a);
    check_rect(L, 5, &b);
    /* a goal left out is the item's position */
    if (lua_isnoneornil(L, 9)) { gx = a.x; gints |= a.ints & C2D_BUMP_INT_X; }
    else gx = check_num(L, 9, &gints, C2D_BUMP_INT_X);
    if (lua_isnoneornil(L, 10)) { gy = a.y; gints |= a.ints & C2D_BUMP_INT_Y; }
    else gy = check_num(L, 10, &gints, C2D_BUMP_INT_Y);
    if (!c2d_bump_detect(&a, &b, gx, gy, gints, &c)) return 0;
    push_col(L, &c, 0, 0, 0);
    return 1;
}

/* span(x,y,w,h, x1,y1,x2,y2 [, ti1, ti2]): bump's rect.getSegmentIntersectionIndices. */
static int l_span(lua_State *L)
{
    c2d_bump_rect r;
    c2d_bump_span s;
    double x1, y1, x2, y2, ti1 = 0, ti2 = 1;
    unsigned tints = 0;
    check_rect(L, 1, &r);
    x1 = luaL_checknumber(L, 5); y1 = luaL_checknumber(L, 6);
    x2 = luaL_checknumber(L, 7); y2 = luaL_checknumber(L, 8);
    /* bounds left out are the integers 0 and 1 */
    if (lua_isnoneornil(L, 9)) tints |= C2D_BUMP_INT_TI1;
    else ti1 = check_num(L, 9, &tints, C2D_BUMP_INT_TI1);
    if (lua_isnoneornil(L, 10)) tints |= C2D_BUMP_INT_TI2;
    else ti2 = check_num(L, 10, &tints, C2D_BUMP_INT_TI2);
    if (!c2d_bump_span_of(&r, x1, y1, x2, y2, ti1, ti2, tints, &s)) {
        lua_pushnil(L); /* bump returns nil here, one value */
        return 1;
    }
    push_num(L, s.ti1, s.ints, C2D_BUMP_INT_TI1);
    push_num(L, s.ti2, s.ints, C2D_BUMP_INT_TI2);
    lua_pushinteger(L, s.nx1);
    lua_pushinteger(L, s.ny1);
    lua_pushinteger(L, s.nx2);
    lua_pushinteger(L, s.ny2);
    return 6;
}

static const luaL_Reg functions[] = {
    { "new", l_new },
    { "add", l_add },
    { "remove", l_remove },
    { "update", l_update },
    { "rect", l_rect },
    { "countCells", l_count_cells },
    { "epoch", l_epoch },
    { "items", l_items },
    { "cells", l_cells },
    { "queryRect", l_query_rect },
    { "queryPoint", l_query_point },
    { "segment", l_segment },
    { "project", l_project },
    { "check", c2d_lua_bump_check },
    { "detect", l_detect },
    { "span", l_span },
    { NULL, NULL }
};

/* Push the table of bump functions (the main module keeps it as _bump). */
int c2d_open_bump(lua_State *L)
{
    int k;
    luaL_newmetatable(L, "collide2d.bump.World");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "collide2d.bump.World");
    lua_setfield(L, -2, "__name");
    c2d_lua_lock_metatable(L);
    lua_newtable(L);
    lua_pushvalue(L, -2);
    for (k = 0; k < K_COUNT; k++) lua_pushstring(L, KEY_NAMES[k]);
    luaL_setfuncs(L, functions, N_UPVALUES);
    lua_remove(L, -2);
    return 1;
}
