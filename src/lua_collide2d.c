/*
 * The Lua binding of the shapes (lua_tiles.c, lua_world.c and lua_bump.c bind
 * the rest; these and their headers are the only files that know Lua). Each shape is a userdata
 * holding a c2d_shape (and, for a Polygon, its vertices right after it), with
 * one metatable per kind named "collide2d.<Kind>". Every function closes over
 * the ten metatables as upvalues, so telling a shape from any other value is a
 * size check and one pointer comparison, with no registry lookup.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include "lua_shape.h"
#include "collide2d_lua.h"

#define KIND_MT(k) lua_upvalueindex((k) + 1)
#define N_UPVALUES C2D_KIND_COUNT

/* Raise "bad argument #arg to 'fname' (msg)", counting from the colon in a method call. */
static int arg_error(lua_State *L, int arg, const char *fname, const char *msg)
{
    lua_Debug ar;
    if (lua_getstack(L, 0, &ar)) {
        lua_getinfo(L, "n", &ar);
        if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
            arg--;
            if (arg == 0) return luaL_error(L, "calling '%s' on bad self (%s)", fname, msg);
        }
    }
    return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fname, msg);
}

/* Is the userdata at i, whose metatable is named name, the object that name
 * stands for (a world, a bump world, a shape; freed worlds included). */
static int is_own_object(lua_State *L, int i, const char *name)
{
    const uint64_t *tag = (const uint64_t *)lua_touserdata(L, i);
    if (tag == NULL || lua_rawlen(L, i) < sizeof *tag) return 0;
    if (strcmp(name, "collide2d.World") == 0) return *tag == C2D_TAG_WORLD || *tag == C2D_TAG_FREED;
    if (strcmp(name, "collide2d.bump.World") == 0) return *tag == C2D_TAG_BUMP || *tag == C2D_TAG_FREED;
    return *tag == C2D_TAG_SHAPE && lua_rawlen(L, i) >= LSHAPE_MIN_SIZE;
}

/* The name of the value at i for a type error: its metatable's __name, or
 * (where the runtime sets none, as 5.1 and LuaJIT) the registry name its
 * metatable was made under, as FILE*; else its type. */
static const char *value_name(lua_State *L, int i)
{
    if (lua_type(L, i) == LUA_TNONE) return "no value";
    if (lua_type(L, i) == LUA_TLIGHTUSERDATA) return "light userdata";
    if (luaL_getmetafield(L, i, "__name") != 0) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -1);
            if (strncmp(name, "collide2d.", 10) == 0 && !is_own_object(L, i, name))
                return lua_pushfstring(L, "a userdata wearing %s's metatable", name);
            return name;
        }
        lua_pop(L, 1);
    }
    if (lua_type(L, i) == LUA_TUSERDATA && lua_getmetatable(L, i)) {
        int mt = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, LUA_REGISTRYINDEX) != 0) {
            if (lua_type(L, -2) == LUA_TSTRING && lua_rawequal(L, -1, mt)) {
                lua_pop(L, 1);
                return lua_tostring(L, -1);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return luaL_typename(L, i);
}

int c2d_lua_type_error(lua_State *L, int arg, const char *fname, const char *expected)
{
    return arg_error(L, arg, fname, lua_pushfstring(L, "%s expected, got %s", expected, value_name(L, arg)));
}

/* The shape at index i, or NULL when the value there is not one of ours. */
static lshape *to_shape(lua_State *L, int i)
{
    lshape *p = (lshape *)lua_touserdata(L, i);
    if (p != NULL && lua_rawlen(L, i) >= LSHAPE_MIN_SIZE && p->tag == C2D_TAG_SHAPE && lua_getmetatable(L, i)) {
        unsigned k = (unsigned)p->s.kind;
        int ok = k < C2D_KIND_COUNT && lua_rawequal(L, -1, KIND_MT(k));
        lua_pop(L, 1);
        if (ok) return p;
    }
    return NULL;
}

static const c2d_shape *check_shape(lua_State *L, int i, const char *fname)
{
    lshape *p = to_shape(L, i);
    if (p == NULL) c2d_lua_type_error(L, i, fname, "collide2d shape");
    return &p->s;
}

/* check_pair's answer when its quick test fails: each argument in turn,
 * with the error naming the first bad one. Out of line, so that the quick
 * test stays small enough to be made inline in every pair query. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void check_pair_slow(lua_State *L, const char *fname, const c2d_shape **a, const c2d_shape **b)
{
    *a = check_shape(L, 1, fname);
    *b = check_shape(L, 2, fname);
}

/* The two shapes at indices 1 and 2 (the hot path of every pair query).
 * The check is to_shape's, made with as few and as cheap calls into Lua as
 * it can be: the metatables are compared by address (lua_topointer, which
 * for two tables is raw equality, and a cheaper call than lua_rawequal), the
 * kind's own looked up once when both shapes are of one kind; on success the
 * two metatables it looked at are left on the stack (every caller pushes its
 * answers and returns them from the top, so they go with the call), which
 * saves restoring the top on the path every query takes. */
static inline void check_pair(lua_State *L, const char *fname, const c2d_shape **a, const c2d_shape **b)
{
    lshape *p = (lshape *)lua_touserdata(L, 1), *q = (lshape *)lua_touserdata(L, 2);
    /* (a light userdata has length 0, so the tags are read only inside a userdata large enough) */
    if (p != NULL && q != NULL && lua_rawlen(L, 1) >= LSHAPE_MIN_SIZE && lua_rawlen(L, 2) >= LSHAPE_MIN_SIZE &&
        p->tag == C2D_TAG_SHAPE && q->tag == C2D_TAG_SHAPE) {
        unsigned kp = (unsigned)p->s.kind, kq = (unsigned)q->s.kind;
        if (kp < C2D_KIND_COUNT && kq < C2D_KIND_COUNT && lua_getmetatable(L, 1)) {
            const void *mp = lua_topointer(L, KIND_MT(kp));
            if (lua_topointer(L, -1) == mp && lua_getmetatable(L, 2)) {
                if (lua_topointer(L, -1) == (kq == kp ? mp : lua_topointer(L, KIND_MT(kq)))) {
                    *a = &p->s;
                    *b = &q->s;
                    return;
                }
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
    check_pair_slow(L, fname, a, b);
}

/* Not NaN and not +-inf. */
static int is_finite(double x) { return x == x && x - x == 0; }

/* A finite number at index i; name says which, for the message. */
static double check_named(lua_State *L, int i, const char *fname, const char *name)
{
    double x;
    if (lua_type(L, i) != LUA_TNUMBER) c2d_lua_type_error(L, i, fname, "number");
    x = (double)lua_tonumber(L, i);
    if (!is_finite(x)) arg_error(L, i, fname, lua_pushfstring(L, "%s must be finite", name));
    return x;
}


/* A new userdata for a shape with bytes of storage after it (at verts), with kind's metatable. */
static lshape *new_shape_bytes(lua_State *L, c2d_kind kind, size_t bytes)
{
    lshape *p = (lshape *)lua_newuserdata(L, sizeof(lshape) + bytes);
    memset(p, 0, sizeof(lshape) + bytes);
    p->tag = C2D_TAG_SHAPE;
    lua_pushvalue(L, KIND_MT(kind));
    c2d_lua_set_metatable(L, -2);
    return p;
}

lshape *c2d_lua_new_shape(lua_State *L, size_t bytes, int mt)
{
    lshape *p = (lshape *)lua_newuserdata(L, sizeof(lshape) + bytes);
    memset(p, 0, sizeof(lshape) + bytes);
    p->tag = C2D_TAG_SHAPE;
    lua_pushvalue(L, mt);
    c2d_lua_set_metatable(L, -2);
    return p;
}

/* A new userdata for a shape of count polygon vertices, with kind's metatable. */
static lshape *new_shape(lua_State *L, c2d_kind kind, int count)
{
    return new_shape_bytes(L, kind, count > 1 ? (size_t)(count - 1) * sizeof(c2d_vec) : 0);
}

/* How many bytes of storage the userdata at i holds after its shape. */
static size_t shape_room(lua_State *L, int i)
{
    return lua_rawlen(L, i) - sizeof(lshape) + sizeof(c2d_vec);
}

/* A new userdata holding a copy of s (in no world). */
static lshape *push_copy(lua_State *L, const c2d_shape *s)
{
    lshape *q = new_shape_bytes(L, s->kind, c2d_storage_size(s));
    c2d_copy(&q->s, s, q->verts);
    return q;
}

/* What each number of each constructor means, for error messages. */
static const char *const num_names[C2D_KIND_COUNT][7] = {
    { "x", "y" },
    { "x1", "y1", "x2", "y2" },
    { "x1", "y1", "x2", "y2" },
    { "x", "y", "radius" },
    { "x", "y", "width", "height" },
    { "x", "y", "width", "height", "angle", "radius" },
    { "x1", "y1", "x2", "y2", "x3", "y3", "radius" },
    { "x", "y" },
    { "x1", "y1", "x2", "y2", "radius" },
    { "x", "y", "radius", "direction", "opening" },
    { "x", "y" },
    { "x", "y" },
};

/* Is number i of n a Polygon's radius (any count: fixed < 0; odd: the last). */
static int radius_last(int fixed, int n, int i)
{
    return fixed < 0 && n % 2 == 1 && i == n - 1;
}

/*
 * Read the numbers of a constructor (or of set: `first` is then 2) into nums.
 * A Polygon or hull also takes one table of numbers. Returns how many, and
 * sets *in_table when they came from a table at index first.
 */
static int read_numbers(lua_State *L, int first, const char *fname, const char *const *names,
                        int fixed, int max, double *nums, int *in_table)
{
    int top = lua_gettop(L), n, i;
    *in_table = 0;
    if (fixed < 0 && lua_type(L, first) == LUA_TTABLE) {
        *in_table = 1;
        if (top > first) arg_error(L, first + 1, fname, "no value expected after the table");
        n = (int)lua_rawlen(L, first);
        if (n > max) arg_error(L, first, fname, lua_pushfstring(L, "too many numbers (%d; at most %d)", n, max));
        for (i = 0; i < n; i++) {
            lua_rawgeti(L, first, i + 1);
            if (lua_type(L, -1) != LUA_TNUMBER)
                arg_error(L, first, fname, lua_pushfstring(L, "number expected at index %d, got %s", i + 1, luaL_typename(L, -1)));
            nums[i] = (double)lua_tonumber(L, -1);
            lua_pop(L, 1);
            if (!is_finite(nums[i]))
                arg_error(L, first, fname, radius_last(fixed, n, i) ? "radius must be finite"
                                           : lua_pushfstring(L, "number at index %d must be finite", i + 1));
        }
        return n;
    }
    n = top - first + 1;
    if (n < 0) n = 0;
    if (fixed >= 0 && n > fixed)
        arg_error(L, first + fixed, fname, lua_pushfstring(L, "too many numbers (%d; expected %d)", n, fixed));
    if (fixed >= 0 && n < fixed) n = fixed; /* the missing ones fail as "got no value" */
    if (n > max) arg_error(L, first + max, fname, lua_pushfstring(L, "too many numbers (at most %d)", max));
    for (i = 0; i < n; i++) {
        if ((names != NULL || radius_last(fixed, n, i)) && lua_type(L, first + i) == LUA_TNUMBER) {
            double x = (double)lua_tonumber(L, first + i);
            if (!is_finite(x))
                arg_error(L, first + i, fname, lua_pushfstring(L, "%s must be finite", names != NULL ? names[i] : "radius"));
        }
        nums[i] = check_named(L, first + i, fname, "number");
    }
    return n;
}

/* Turn a c2d_make failure into a Lua error naming the number at fault. The
 * numbers were each found finite before, so a number that is not finite now
 * is one the shape computes from them (x + width, a corner). */
static int make_error(lua_State *L, c2d_kind kind, c2d_error err, int bad, int n, int first, int in_table, const char *fname)
{
    const char *msg = c2d_error_message(err);
    int arg = in_table ? first : first + (bad >= 0 ? bad : 0);
    if (err == C2D_ERR_NEGATIVE && kind == C2D_POLYGON)
        msg = "radius must be >= 0";
    else if (err == C2D_ERR_NEGATIVE && bad >= 0)
        msg = lua_pushfstring(L, "%s must be >= 0", num_names[kind][bad]);
    else if (err == C2D_ERR_NONFINITE && kind == C2D_POLYGON && bad == n - 1 && n % 2 == 1)
        msg = "radius is out of range: the shape would reach past the largest number";
    else if (err == C2D_ERR_NONFINITE && bad >= 0 && kind != C2D_POLYGON)
        msg = lua_pushfstring(L, "%s is out of range: the shape would reach past the largest number", num_names[kind][bad]);
    else if (err == C2D_ERR_COUNT && kind == C2D_POLYGON)
        msg = lua_pushfstring(L, "expected 3 to %d vertices as x, y pairs (and a radius), got %d number%s", (int)C2D_MAX_VERTICES, n, n == 1 ? "" : "s");
    if (err == C2D_ERR_NONCONVEX || err == C2D_ERR_COUNT || err == C2D_ERR_SAME_POINTS) arg = first;
    return arg_error(L, arg, fname, msg);
}

/* A table's `radius = r` field (a rounded Polygon or hull) into *r: 1 when
 * there is one. */
static int table_radius(lua_State *L, int t, const char *fname, double *r)
{
    int there;
    lua_getfield(L, t, "radius");
    there = !lua_isnil(L, -1);
    if (there) {
        if (lua_type(L, -1) != LUA_TNUMBER)
            arg_error(L, t, fname, lua_pushfstring(L, "radius must be a number, got %s", luaL_typename(L, -1)));
        *r = (double)lua_tonumber(L, -1);
        if (!is_finite(*r)) arg_error(L, t, fname, "radius must be finite");
        if (*r < 0) arg_error(L, t, fname, "radius must be >= 0");
    }
    lua_pop(L, 1);
    return there;
}

/* How many vertices the Polygon userdata at index i has room for. */
static int polygon_room(lua_State *L, int i)
{
    return (int)((lua_rawlen(L, i) - sizeof(lshape)) / sizeof(c2d_vec)) + 1;
}

/* Build a shape of kind from the numbers at first.. into *out (a new userdata when out is NULL). */
static void construct(lua_State *L, c2d_kind kind, int first, const char *fname, lshape *out)
{
    double nums[2 * C2D_MAX_VERTICES + 1];
    int in_table, bad, fixed = kind == C2D_POLYGON ? -1 : 0;
    int n, i;
    c2d_shape s;
    c2d_vec storage[C2D_MAX_VERTICES];
    c2d_error err;
    if (fixed == 0) {
        static const int arity[C2D_KIND_COUNT] = { 2, 4, 4, 3, 4, 5, 6, -1, 5, 5, -1, -1 };
        fixed = arity[kind];
        /* a Box or Triangle takes one number more: its radius */
        if ((kind == C2D_BOX || kind == C2D_TRIANGLE) && lua_gettop(L) - first + 1 > fixed) fixed++;
    }
    n = read_numbers(L, first, fname, kind == C2D_POLYGON ? NULL : num_names[kind], fixed,
                     2 * C2D_MAX_VERTICES + 1, nums, &in_table);
    if (in_table && kind == C2D_POLYGON) {
        double r;
        if (table_radius(L, first, fname, &r)) {
            if (n % 2 != 0) arg_error(L, first, fname, "radius given twice (as the last number and as radius =)");
            nums[n++] = r;
        }
    }
    err = c2d_make(&s, kind, nums, n, storage, &bad);
    if (err != C2D_OK) make_error(L, kind, err, bad, n, first, in_table, fname);
    if (out == NULL) {
        out = new_shape(L, kind, s.count);
    } else if (kind == C2D_POLYGON && s.count > polygon_room(L, first - 1)) {
        arg_error(L, first, fname, "a polygon cannot gain vertices in place");
    }
    s.world = out->s.world; /* a shape set in place stays in its world */
    s.world_slot = out->s.world_slot;
    out->s = s;
    if (kind == C2D_POLYGON) {
        for (i = 0; i < s.count; i++) out->verts[i] = storage[i];
        out->s.verts = out->verts;
    }
}

#define CTOR(kind, name) \
    static int l_##name(lua_State *L) { construct(L, kind, 1, #name, NULL); return 1; }
CTOR(C2D_POINT, point)
CTOR(C2D_SEGMENT, segment)
CTOR(C2D_LINE, line)
CTOR(C2D_DISK, disk)
CTOR(C2D_AABB, aabb)
CTOR(C2D_BOX, box)
CTOR(C2D_TRIANGLE, triangle)
CTOR(C2D_POLYGON, polygon)
CTOR(C2D_CAPSULE, capsule)
CTOR(C2D_FAN, fan)

/* The numbers of c2d.concave (or set) from first on, as varargs or one table,
 * into a scratch userdata pushed on the stack; returns how many. */
static int read_many(lua_State *L, int first, const char *fname, double **out, int *in_table)
{
    int top = lua_gettop(L), n, i, points = 0;
    double *nums;
    *in_table = lua_type(L, first) == LUA_TTABLE;
    if (*in_table && top > first) arg_error(L, first + 1, fname, "no value expected after the table");
    n = *in_table ? (int)lua_rawlen(L, first) : top - first + 1;
    if (n < 0) n = 0;
    if (*in_table && n > 0) {
        lua_rawgeti(L, first, 1);
        points = lua_type(L, -1) == LUA_TTABLE; /* Tiled's { {x =, y =}, ... } */
        lua_pop(L, 1);
        if (points && n <= C2D_MAX_CONCAVE_VERTICES) n *= 2;
    }
    if (n > 2 * C2D_MAX_CONCAVE_VERTICES)
        arg_error(L, first, fname, lua_pushfstring(L, "too many numbers (%d; at most %d)", n, 2 * C2D_MAX_CONCAVE_VERTICES));
    nums = (double *)lua_newuserdata(L, (size_t)(n > 0 ? n : 1) * sizeof(double));
    for (i = 0; i < n; i++) {
        if (points) {
            lua_rawgeti(L, first, i / 2 + 1);
            if (lua_type(L, -1) != LUA_TTABLE)
                arg_error(L, first, fname, lua_pushfstring(L, "point {x =, y =} expected at index %d, got %s", i / 2 + 1, luaL_typename(L, -1)));
            lua_getfield(L, -1, i % 2 ? "y" : "x");
            if (lua_type(L, -1) != LUA_TNUMBER)
                arg_error(L, first, fname, lua_pushfstring(L, "number expected at index %d's %s, got %s", i / 2 + 1, i % 2 ? "y" : "x", luaL_typename(L, -1)));
            nums[i] = (double)lua_tonumber(L, -1);
            lua_pop(L, 2);
            if (!is_finite(nums[i])) arg_error(L, first, fname, lua_pushfstring(L, "point at index %d must be finite", i / 2 + 1));
        } else if (*in_table) {
            lua_rawgeti(L, first, i + 1);
            if (lua_type(L, -1) != LUA_TNUMBER)
                arg_error(L, first, fname, lua_pushfstring(L, "number expected at index %d, got %s", i + 1, luaL_typename(L, -1)));
            nums[i] = (double)lua_tonumber(L, -1);
            lua_pop(L, 1);
            if (!is_finite(nums[i])) arg_error(L, first, fname, lua_pushfstring(L, "number at index %d must be finite", i + 1));
        } else {
            nums[i] = check_named(L, first + i, fname, "coordinate");
        }
    }
    *out = nums;
    return n;
}

/* set on a compound: the new shape p copied into the old one's storage,
 * which stays in its world. */
static void set_in_place(lshape *into, const lshape *p)
{
    struct c2d_world *w = into->s.world;
    int slot = into->s.world_slot;
    c2d_copy(&into->s, &p->s, into->verts);
    into->s.world = w;
    into->s.world_slot = slot;
}

/* Build a Concave from the numbers at first.. into a new userdata (pushed),
 * or into *into when it has room (set). */
static void construct_concave(lua_State *L, int first, const char *fname, lshape *into, size_t room)
{
    double *nums;
    int in_table, bad, n = read_many(L, first, fname, &nums, &in_table);
    c2d_error err;
    lshape *p;
    size_t need;
    if (n % 2 != 0 || n < 6)
        arg_error(L, first, fname, lua_pushfstring(L, "expected 3 to %d vertices as x, y pairs, got %d number%s",
                                                   (int)C2D_MAX_CONCAVE_VERTICES, n, n == 1 ? "" : "s"));
    need = c2d_concave_size(n / 2);
    p = new_shape_bytes(L, C2D_CONCAVE, need);
    err = c2d_make_concave(&p->s, nums, n, p->verts, &bad);
    if (err != C2D_OK) arg_error(L, in_table || bad < 0 ? first : first + bad, fname, c2d_error_message(err));
    if (into != NULL) {
        if (c2d_storage_size(&p->s) > room) arg_error(L, first, fname, "a concave shape cannot gain vertices in place");
        set_in_place(into, p);
    }
}

static int l_concave(lua_State *L)
{
    construct_concave(L, 1, "concave", NULL, 0);
    return 1;
}

int c2d_lua_concave(lua_State *L)
{
    return l_concave(L);
}

/* Build a Group from the shapes at first.. (or one table of them). */
static void construct_group(lua_State *L, int first, const char *fname, lshape *into, size_t room)
{
    const c2d_shape *members[C2D_MAX_MEMBERS];
    int top = lua_gettop(L), in_table = lua_type(L, first) == LUA_TTABLE, n, i, bad;
    size_t need;
    lshape *p;
    c2d_error err;
    if (in_table && top > first) arg_error(L, first + 1, fname, "no value expected after the table");
    n = in_table ? (int)lua_rawlen(L, first) : top - first + 1;
    if (n < 1) arg_error(L, first, fname, "a group needs at least one shape");
    if (n > C2D_MAX_MEMBERS) arg_error(L, first, fname, lua_pushfstring(L, "too many members (at most %d)", (int)C2D_MAX_MEMBERS));
    for (i = 0; i < n; i++) {
        lshape *m;
        if (in_table) {
            lua_rawgeti(L, first, i + 1);
            m = to_shape(L, -1);
            if (m == NULL)
                arg_error(L, first, fname, lua_pushfstring(L, "collide2d shape expected at index %d, got %s", i + 1, value_name(L, -1)));
            lua_pop(L, 1); /* the table keeps it alive */
        } else {
            m = to_shape(L, first + i);
            if (m == NULL) c2d_lua_type_error(L, first + i, fname, "collide2d shape");
        }
        if (m->s.kind == C2D_LINE)
            arg_error(L, in_table ? first : first + i, fname, "a group member must be a bounded shape (a Line is unbounded)");
        members[i] = &m->s;
    }
    need = c2d_group_size(members, n);
    if (into != NULL && need > room) arg_error(L, first, fname, "a group cannot grow in place");
    p = new_shape_bytes(L, C2D_GROUP, need);
    err = c2d_make_group(&p->s, members, n, p->verts, &bad);
    if (err == C2D_ERR_COUNT) /* members of the Groups given count one by one */
        arg_error(L, first, fname, lua_pushfstring(L, "too many members once the groups in it are flattened (at most %d)", (int)C2D_MAX_MEMBERS));
    if (err != C2D_OK) arg_error(L, first, fname, c2d_error_message(err));
    if (into != NULL) set_in_place(into, p);
}

static int l_group(lua_State *L)
{
    construct_group(L, 1, "group", NULL, 0);
    return 1;
}

/* c2d.hull(x1, y1, ...) or c2d.hull{...}: the convex hull as a Polygon. */
static int l_hull(lua_State *L)
{
    int top = lua_gettop(L), in_table = lua_type(L, 1) == LUA_TTABLE;
    int n = in_table ? (int)lua_rawlen(L, 1) : top, i, k;
    c2d_vec *pts, *hull;
    c2d_shape s;
    lshape *out;
    double r = 0;
    if (in_table && top > 1) arg_error(L, 2, "hull", "no value expected after the table");
    if (n % 2 != 0) { /* a radius last */
        n--;
        if (in_table) lua_rawgeti(L, 1, n + 1);
        r = in_table ? (lua_type(L, -1) == LUA_TNUMBER ? (double)lua_tonumber(L, -1) : -1) : check_named(L, n + 1, "hull", "radius");
        if (in_table) lua_pop(L, 1);
        if (!is_finite(r)) arg_error(L, in_table ? 1 : n + 1, "hull", "radius must be finite");
        if (r < 0) arg_error(L, in_table ? 1 : n + 1, "hull", "radius must be a number >= 0");
    }
    if (in_table && table_radius(L, 1, "hull", &r) && n != (int)lua_rawlen(L, 1))
        arg_error(L, 1, "hull", "radius given twice (as the last number and as radius =)");
    if (n == 0)
        return arg_error(L, 1, "hull", "expected x, y pairs of at least one point (and a radius), got no points");
    /* Scratch for any number of points: construction may allocate, queries never do. */
    pts = (c2d_vec *)lua_newuserdata(L, (size_t)n * sizeof(c2d_vec));
    for (i = 0; i < n; i++) {
        double x;
        if (in_table) {
            lua_rawgeti(L, 1, i + 1);
            if (lua_type(L, -1) != LUA_TNUMBER)
                arg_error(L, 1, "hull", lua_pushfstring(L, "number expected at index %d, got %s", i + 1, luaL_typename(L, -1)));
            x = (double)lua_tonumber(L, -1);
            lua_pop(L, 1);
            if (!is_finite(x)) arg_error(L, 1, "hull", lua_pushfstring(L, "number at index %d must be finite", i + 1));
        } else {
            x = check_named(L, i + 1, "hull", "coordinate");
        }
        if (i % 2 == 0) pts[i / 2].x = x; else pts[i / 2].y = x;
    }
    hull = (c2d_vec *)lua_newuserdata(L, (size_t)n * sizeof(c2d_vec)); /* 2 per point */
    if (c2d_make_hull(&s, pts, n / 2, hull) != C2D_OK)
        return arg_error(L, 1, "hull", lua_pushfstring(L, "the hull has more than %d vertices", (int)C2D_MAX_VERTICES));
    if (c2d_round(&s, r) != C2D_OK)
        return arg_error(L, 1, "hull", "radius is out of range: the shape would reach past the largest number");
    out = new_shape(L, C2D_POLYGON, s.count);
    out->s = s;
    for (k = 0; k < s.count; k++) out->verts[k] = hull[k];
    out->s.verts = out->verts;
    return 1;
}

/* Push a number; a zero comes out as 0, never -0. */
static void push_num(lua_State *L, double x)
{
    lua_pushnumber(L, x + 0.0);
}

static int push_vec(lua_State *L, c2d_vec v)
{
    push_num(L, v.x);
    push_num(L, v.y);
    return 2;
}

static int l_hits(lua_State *L)
{
    const c2d_shape *a, *b;
    check_pair(L, "hits", &a, &b);
    lua_pushboolean(L, c2d_hits(a, b));
    return 1;
}

static int l_distance(lua_State *L)
{
    const c2d_shape *a, *b;
    c2d_distance_result r;
    check_pair(L, "distance", &a, &b);
    r = c2d_distance(a, b);
    push_num(L, r.distance);
    push_vec(L, r.a);
    push_vec(L, r.b);
    return 5;
}

static int l_covers(lua_State *L)
{
    const c2d_shape *a, *b;
    check_pair(L, "covers", &a, &b);
    lua_pushboolean(L, c2d_covers(a, b));
    return 1;
}

/* a:pieces(): a Concave's convex pieces, a Group's members, or {a:clone()}. */
static int l_pieces(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "pieces"), *m;
    int n = c2d_pieces(s, &m), i;
    if (s->kind == C2D_TILES) return c2d_lua_tiles_pieces(L);
    if (n == 0) {
        lua_createtable(L, 1, 0);
        push_copy(L, s);
        lua_rawseti(L, -2, 1);
        return 1;
    }
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
        push_copy(L, &m[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_contains(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "contains");
    double x = check_named(L, 2, "contains", "x"), y = check_named(L, 3, "contains", "y");
    lua_pushboolean(L, c2d_contains(s, x, y));
    return 1;
}

static int l_bbox(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "bbox");
    c2d_bounds b;
    if (!c2d_bbox(s, &b)) return arg_error(L, 1, "bbox", "a Line has no bounding box (it is unbounded)");
    push_num(L, b.minx);
    push_num(L, b.miny);
    push_num(L, b.maxx);
    push_num(L, b.maxy);
    return 4;
}

static int l_center(lua_State *L)
{
    return push_vec(L, c2d_center(check_shape(L, 1, "center")));
}

/* The mass properties of the shape at 1 (an error for a Line or a layer). */
static c2d_mass_result mass_of(lua_State *L, const char *fname)
{
    c2d_mass_result m;
    c2d_error err = c2d_mass(check_shape(L, 1, fname), &m);
    if (err != C2D_OK) arg_error(L, 1, fname, c2d_error_message(err));
    return m;
}

static int l_area(lua_State *L)
{
    push_num(L, mass_of(L, "area").area);
    return 1;
}

static int l_perimeter(lua_State *L)
{
    push_num(L, mass_of(L, "perimeter").perimeter);
    return 1;
}

static int l_centroid(lua_State *L)
{
    return push_vec(L, mass_of(L, "centroid").centroid);
}

/* a:inertia([density]): the rotational inertia about the centroid */
static int l_inertia(lua_State *L)
{
    double density = c2d_lua_opt_number(L, 2, 1, "inertia", "density");
    c2d_mass_result m;
    if (density < 0) arg_error(L, 2, "inertia", "density must be >= 0");
    m = mass_of(L, "inertia");
    push_num(L, density * m.inertia);
    return 1;
}

static int l_position(lua_State *L)
{
    return push_vec(L, c2d_position(check_shape(L, 1, "position")));
}

static int l_unpack(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "unpack");
    double nums[2 * C2D_MAX_VERTICES + 1];
    int n, i;
    if (s->kind == C2D_CONCAVE) {
        luaL_checkstack(L, 2 * s->count, "too many numbers to unpack");
        for (i = 0; i < s->count; i++) push_vec(L, s->verts[i]);
        return 2 * s->count;
    }
    if (s->kind == C2D_TILES) { /* x, y, tileW, tileH, columns, rows */
        int columns, rows;
        n = c2d_numbers(s, nums);
        for (i = 0; i < n; i++) push_num(L, nums[i]);
        c2d_tiles_dims(s, &columns, &rows);
        lua_pushinteger(L, columns);
        lua_pushinteger(L, rows);
        return n + 2;
    }
    if (s->kind == C2D_GROUP) {
        const c2d_shape *m;
        n = c2d_pieces(s, &m);
        luaL_checkstack(L, n, "too many members to unpack");
        for (i = 0; i < n; i++) push_copy(L, &m[i]);
        return n;
    }
    n = c2d_numbers(s, nums);
    luaL_checkstack(L, n, "too many numbers to unpack");
    for (i = 0; i < n; i++) push_num(L, nums[i]);
    return n;
}

/*
 * s:serialize(): the shape as a plain table, { kind, numbers... } (a Group:
 * { "group", member tables... }), which love.thread channels carry and save
 * files keep; c2d.deserialize(t) builds it again. The numbers are the
 * constructor's, and a transformed shape is exactly the shape built from its
 * transformed numbers, so the copy is the same shape bit for bit (a Concave's
 * pieces are worked out again from its outline: the same point set). A
 * Polygon of one or two points (a hull's) comes back through c2d.hull, in its
 * order. Tile layers are not serialized (keep the map's data).
 */
static void push_serialized(lua_State *L, const c2d_shape *s)
{
    double nums[2 * C2D_MAX_VERTICES + 1];
    int n, i;
    luaL_checkstack(L, 4, "serialize");
    if (s->kind == C2D_GROUP) {
        const c2d_shape *m;
        n = c2d_pieces(s, &m);
        lua_createtable(L, n + 1, 0);
        lua_pushstring(L, "group");
        lua_rawseti(L, -2, 1);
        for (i = 0; i < n; i++) {
            push_serialized(L, &m[i]);
            lua_rawseti(L, -2, i + 2);
        }
        return;
    }
    if (s->kind == C2D_CONCAVE) {
        lua_createtable(L, 2 * s->count + 1, 0);
        for (i = 0; i < s->count; i++) {
            push_num(L, s->verts[i].x);
            lua_rawseti(L, -2, 2 * i + 2);
            push_num(L, s->verts[i].y);
            lua_rawseti(L, -2, 2 * i + 3);
        }
    } else {
        n = c2d_numbers(s, nums);
        lua_createtable(L, n + 1, 0);
        for (i = 0; i < n; i++) {
            push_num(L, nums[i]);
            lua_rawseti(L, -2, i + 2);
        }
    }
    if (s->kind == C2D_POLYGON && s->count < 3) {
        lua_pushstring(L, "hull");
    } else { /* the constructor's name: the kind's, in lower case */
        const char *k = c2d_kind_name(s->kind);
        char name[16];
        for (i = 0; k[i] != '\0' && i + 1 < (int)sizeof name; i++) name[i] = (char)tolower((unsigned char)k[i]);
        lua_pushlstring(L, name, (size_t)i);
    }
    lua_rawseti(L, -2, 1);
}

void c2d_lua_serialize(lua_State *L, const c2d_shape *s)
{
    push_serialized(L, s);
}

static int l_serialize(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "serialize");
    if (s->kind == C2D_TILES) arg_error(L, 1, "serialize", "a tile layer is not serialized (keep the map's data and build it again)");
    push_serialized(L, s);
    return 1;
}

/* The constructor named kind ("hull" too), or NULL. */
static lua_CFunction constructor_named(const char *kind);
static int l_deserialize(lua_State *L);

/* Build the shape the table at t describes (depth: how many Groups it is
 * in), calling its constructor (a closure over this function's upvalues, the
 * module's); the shape is pushed. */
static void build_serialized(lua_State *L, int t, int depth)
{
    const char *kind;
    lua_CFunction make;
    int n = (int)lua_rawlen(L, t), i, status;
    luaL_checkstack(L, n + N_UPVALUES + 4, "deserialize");
    lua_rawgeti(L, t, 1);
    kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    make = kind != NULL ? constructor_named(kind) : NULL;
    if (make == NULL)
        arg_error(L, 1, "deserialize", lua_pushfstring(L, "%s[1] must name a kind of shape, got %s", depth ? "a member's table" : "the table",
                                                      kind != NULL ? kind : luaL_typename(L, -1)));
    lua_pop(L, 1);
    for (i = 1; i <= N_UPVALUES; i++) lua_pushvalue(L, lua_upvalueindex(i));
    lua_pushcclosure(L, make, N_UPVALUES);
    for (i = 2; i <= n; i++) {
        lua_rawgeti(L, t, i);
        if (make == l_group && lua_type(L, -1) == LUA_TTABLE) {
            int at = lua_gettop(L);
            if (depth >= 8) arg_error(L, 1, "deserialize", "groups nested too deeply");
            build_serialized(L, at, depth + 1);
            lua_remove(L, at);
        } else if (lua_type(L, -1) != LUA_TNUMBER || make == l_group) {
            arg_error(L, 1, "deserialize", lua_pushfstring(L, "%s[%d] must be a %s, got %s", depth ? "a member's table" : "the table", i,
                                                          make == l_group ? "member's table" : "number", luaL_typename(L, -1)));
        }
    }
    status = lua_pcall(L, n - 1, 1, 0);
    if (status == LUA_ERRMEM) lua_error(L);
    if (status != 0) arg_error(L, 1, "deserialize", lua_pushfstring(L, "%s: %s", kind, lua_tostring(L, -1)));
    if (make == l_hull && (n == 5 || n == 6)) {
        /* two points: in the order given (the hull orders them its way) */
        lshape *p = to_shape(L, -1);
        double x0, y0;
        lua_rawgeti(L, t, 2);
        x0 = lua_tonumber(L, -1);
        lua_rawgeti(L, t, 3);
        y0 = lua_tonumber(L, -1);
        lua_pop(L, 2);
        if (p != NULL && p->s.count == 2 && !(p->verts[0].x == x0 && p->verts[0].y == y0)) {
            c2d_vec v = p->verts[0];
            p->verts[0] = p->verts[1];
            p->verts[1] = v;
            p->s.p[0] = p->verts[0];
        }
    }
}

int c2d_lua_deserialize(lua_State *L)
{
    return l_deserialize(L);
}

static int l_deserialize(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TTABLE) c2d_lua_type_error(L, 1, "deserialize", "table");
    lua_settop(L, 1);
    build_serialized(L, 1, 0);
    return 1;
}

/* c2d.type(v) and s:type(): the kind's name for a shape, nil for anything else. */
static int l_type(lua_State *L)
{
    lshape *p = to_shape(L, 1);
    if (p == NULL) lua_pushnil(L);
    else lua_pushstring(L, c2d_kind_name(p->s.kind));
    return 1;
}

/* Kind(n1, n2, ...) into the buffer; a Group lists its members so. */
static void add_description(luaL_Buffer *b, const c2d_shape *s)
{
    double nums[2 * C2D_MAX_VERTICES + 1];
    int n, i;
    char num[64];
    luaL_addstring(b, c2d_kind_name(s->kind));
    luaL_addchar(b, '(');
    if (s->kind == C2D_GROUP) {
        const c2d_shape *m;
        n = c2d_pieces(s, &m);
        for (i = 0; i < n; i++) {
            if (i) luaL_addstring(b, ", ");
            add_description(b, &m[i]);
        }
    } else if (s->kind == C2D_CONCAVE) {
        for (i = 0; i < s->count; i++) {
            snprintf(num, sizeof num, i ? ", %.14g, %.14g" : "%.14g, %.14g", s->verts[i].x + 0.0, s->verts[i].y + 0.0);
            luaL_addstring(b, num);
        }
    } else {
        n = c2d_numbers(s, nums);
        for (i = 0; i < n; i++) {
            snprintf(num, sizeof num, i ? ", %.14g" : "%.14g", nums[i]);
            luaL_addstring(b, num);
        }
        if (s->kind == C2D_TILES) {
            int columns, rows;
            c2d_tiles_dims(s, &columns, &rows);
            snprintf(num, sizeof num, ", %d, %d", columns, rows);
            luaL_addstring(b, num);
        }
    }
    luaL_addchar(b, ')');
}

static int l_tostring(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "tostring");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    add_description(&b, s);
    luaL_pushresult(&b);
    return 1;
}

/* Same kind and same numbers (a Group: the same members, in order). */
static int same_shape(const c2d_shape *a, const c2d_shape *b)
{
    double na[2 * C2D_MAX_VERTICES + 1], nb[2 * C2D_MAX_VERTICES + 1];
    int n, i, eq;
    if (a->kind != b->kind) return 0;
    if (a->kind == C2D_TILES) return a == b; /* layers: the same one */
    if (a->kind == C2D_CONCAVE || a->kind == C2D_GROUP) {
        const c2d_shape *ma, *mb;
        if (a->count != b->count) return 0;
        if (a->kind == C2D_CONCAVE) {
            for (i = 0; i < a->count; i++)
                if (a->verts[i].x != b->verts[i].x || a->verts[i].y != b->verts[i].y) return 0;
            return 1;
        }
        n = c2d_pieces(a, &ma);
        c2d_pieces(b, &mb);
        for (i = 0; i < n; i++)
            if (!same_shape(&ma[i], &mb[i])) return 0;
        return 1;
    }
    n = c2d_numbers(a, na);
    eq = n == c2d_numbers(b, nb);
    for (i = 0; eq && i < n; i++) eq = na[i] == nb[i];
    return eq;
}

static int l_eq(lua_State *L)
{
    lshape *a = to_shape(L, 1), *b = to_shape(L, 2);
    lua_pushboolean(L, a != NULL && b != NULL && same_shape(&a->s, &b->s));
    return 1;
}

/* An optional finite number at i, or def when absent or nil. */
static double opt_num(lua_State *L, int i, double def, const char *fname, const char *name)
{
    return lua_isnoneornil(L, i) ? def : check_named(L, i, fname, name);
}

/* Which of a (1) and b (2) made contact fail: the one that fails with itself
 * (a Fan opened beyond pi), decided by the core, not by a copy of its test. */
static int contact_culprit(const c2d_shape *a)
{
    c2d_contact_result r;
    return c2d_contact(a, a, &r) != C2D_OK ? 1 : 2;
}

/* a:contact(b) -> nil | nx, ny, depth, px, py */
static int l_contact(lua_State *L)
{
    const c2d_shape *a, *b;
    c2d_contact_result r;
    c2d_error err;
    check_pair(L, "contact", &a, &b);
    err = c2d_contact(a, b, &r);
    if (err != C2D_OK) return arg_error(L, contact_culprit(a), "contact", c2d_error_message(err));
    if (!r.hit) { lua_pushnil(L); return 1; }
    push_vec(L, r.normal);
    push_num(L, r.depth);
    push_vec(L, r.point);
    return 5;
}

/* t[key], a table made when t has none there (a manifold's reused tables) */
static void sub_table(lua_State *L, int t, int key)
{
    lua_rawgeti(L, t, key);
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 2, 4);
        lua_pushvalue(L, -1);
        lua_rawseti(L, t < 0 ? t - 2 : t, key);
    }
}

static void set_num(lua_State *L, const char *key, double x)
{
    push_num(L, x);
    lua_setfield(L, -2, key);
}

/* a:manifold(b [, margin [, into]]) -> nil | { {nx=, ny=, pieceA=, pieceB=,
 * {x=, y=, separation=, id=} [, {...}]}, ... }; into: a list to fill (its
 * tables reused) */
static int l_manifold(lua_State *L)
{
    const c2d_shape *a, *b;
    c2d_manifold small[16], *m = small;
    double margin;
    int count, i, k, list;
    c2d_error err;
    lua_settop(L, 4); /* (check_pair leaves its metatables above the arguments) */
    check_pair(L, "manifold", &a, &b);
    margin = opt_num(L, 3, 0, "manifold", "margin");
    if (margin < 0) return arg_error(L, 3, "manifold", "margin must be >= 0");
    if (!lua_isnoneornil(L, 4)) luaL_checktype(L, 4, LUA_TTABLE);
    err = c2d_manifolds(a, b, margin, small, 16, &count);
    if (err != C2D_OK) return arg_error(L, 3, "manifold", c2d_error_message(err));
    if (count > 16) {
        int again;
        m = (c2d_manifold *)lua_newuserdata(L, (size_t)count * sizeof *m);
        c2d_manifolds(a, b, margin, m, count, &again);
    }
    if (count == 0) {
        if (!lua_isnoneornil(L, 4)) for (i = (int)lua_rawlen(L, 4); i >= 1; i--) {
            lua_pushnil(L);
            lua_rawseti(L, 4, i);
        }
        lua_pushnil(L);
        return 1;
    }
    if (lua_isnoneornil(L, 4)) lua_createtable(L, count, 0);
    else lua_pushvalue(L, 4);
    list = lua_gettop(L);
    for (i = 0; i < count; i++) {
        sub_table(L, list, i + 1);
        set_num(L, "nx", m[i].normal.x);
        set_num(L, "ny", m[i].normal.y);
        if (m[i].piece_a >= 0) set_num(L, "pieceA", m[i].piece_a + 1);
        else { lua_pushnil(L); lua_setfield(L, -2, "pieceA"); }
        if (m[i].piece_b >= 0) set_num(L, "pieceB", m[i].piece_b + 1);
        else { lua_pushnil(L); lua_setfield(L, -2, "pieceB"); }
        for (k = 0; k < m[i].count; k++) {
            sub_table(L, -1, k + 1);
            set_num(L, "x", m[i].points[k].point.x);
            set_num(L, "y", m[i].points[k].point.y);
            set_num(L, "separation", m[i].points[k].separation);
            set_num(L, "id", (double)m[i].points[k].id);
            lua_pop(L, 1);
        }
        for (; k < 2; k++) {
            lua_pushnil(L);
            lua_rawseti(L, -2, k + 1);
        }
        lua_pop(L, 1);
    }
    for (i = (int)lua_rawlen(L, list); i > count; i--) {
        lua_pushnil(L);
        lua_rawseti(L, list, i);
    }
    lua_settop(L, list);
    return 1;
}

/* segments at i for intersection and triangles: [3, 256], default 32 */
static int clip_segments(lua_State *L, int i, const char *fname)
{
    double k = opt_num(L, i, 32, fname, "segments");
    if (k < 3 || k > 256) arg_error(L, i, fname, "segments must be in [3, 256]");
    return (int)k;
}

/* a:intersection(b [, segments]) -> nil | the common part, as a Polygon
 * (a hull of 1 or 2 points where they only touch) */
static int l_intersection(lua_State *L)
{
    const c2d_shape *a, *b;
    c2d_vec pts[2 * (256 + 3 + C2D_MAX_VERTICES)], hull[2 * (256 + 3 + C2D_MAX_VERTICES)];
    c2d_shape s;
    lshape *out;
    int segments, n, k;
    lua_settop(L, 3); /* (check_pair leaves its metatables above the arguments) */
    check_pair(L, "intersection", &a, &b);
    segments = clip_segments(L, 3, "intersection");
    n = c2d_intersection(a, b, segments, pts, (int)(sizeof pts / sizeof *pts));
    if (n < 0) {
        int culprit = c2d_intersection(a, a, 3, pts, 0) < 0 ? 1 : 2;
        c2d_kind kind = (culprit == 1 ? a : b)->kind;
        return arg_error(L, culprit, "intersection",
                         lua_pushfstring(L, "takes two convex shapes: a %s%s is not one", c2d_kind_name(kind),
                                         kind == C2D_FAN ? " opened beyond pi" : ""));
    }
    if (n == 0) {
        lua_pushnil(L);
        return 1;
    }
    if (c2d_make_hull(&s, pts, n, hull) != C2D_OK) return arg_error(L, 1, "intersection", "the common part has too many vertices");
    out = new_shape(L, C2D_POLYGON, s.count);
    out->s = s;
    for (k = 0; k < s.count; k++) out->verts[k] = hull[k];
    out->s.verts = out->verts;
    return 1;
}

/* s:triangles([segments]) -> {x1, y1, x2, y2, x3, y3, ...} */
static int l_triangles(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "triangles");
    int segments = clip_segments(L, 2, "triangles"), n, i;
    c2d_vec *pts;
    n = c2d_triangles(s, segments, NULL, 0);
    if (n < 0) return arg_error(L, 1, "triangles", lua_pushfstring(L, "a %s has no triangles", c2d_kind_name(s->kind)));
    pts = (c2d_vec *)lua_newuserdata(L, (size_t)(3 * n + 1) * sizeof *pts);
    c2d_triangles(s, segments, pts, 3 * n);
    lua_createtable(L, 6 * n, 0);
    for (i = 0; i < 3 * n; i++) {
        push_num(L, pts[i].x);
        lua_rawseti(L, -2, 2 * i + 1);
        push_num(L, pts[i].y);
        lua_rawseti(L, -2, 2 * i + 2);
    }
    return 1;
}

/* a:pushBack(dx, dy, b) -> nil | k, nx, ny, px, py: a moved by -k (dx, dy)
 * only touches b */
static int l_push_back(lua_State *L)
{
    const c2d_shape *a = check_shape(L, 1, "pushBack"), *b;
    c2d_vec d;
    c2d_sweep_result r;
    c2d_error err;
    d.x = check_named(L, 2, "pushBack", "dx");
    d.y = check_named(L, 3, "pushBack", "dy");
    b = check_shape(L, 4, "pushBack");
    err = c2d_push_back(a, d, b, &r);
    if (err != C2D_OK) return arg_error(L, 1, "pushBack", c2d_error_message(err));
    if (!r.hit) { lua_pushnil(L); return 1; }
    push_num(L, r.t);
    push_vec(L, r.normal);
    push_vec(L, r.point);
    return 5;
}

/* s:featureAt(x, y [, nx, ny]) -> nil | kind, index, piece, fnx, fny */
static int l_feature_at(lua_State *L)
{
    static const char *const kinds[] = { "none", "edge", "vertex", "arc" };
    const c2d_shape *s = check_shape(L, 1, "featureAt");
    c2d_vec p, n;
    c2d_feature f;
    p.x = check_named(L, 2, "featureAt", "x");
    p.y = check_named(L, 3, "featureAt", "y");
    n.x = opt_num(L, 4, 0, "featureAt", "nx");
    n.y = opt_num(L, 5, 0, "featureAt", "ny");
    c2d_feature_at(s, p, n, &f);
    if (f.kind == C2D_FEATURE_NONE) { lua_pushnil(L); return 1; }
    lua_pushstring(L, kinds[f.kind]);
    lua_pushinteger(L, f.index + 1);
    if (f.piece >= 0) lua_pushinteger(L, f.piece + 1); else lua_pushnil(L);
    push_vec(L, f.normal);
    return 5;
}

/* a:sweep(dx, dy, b [, bdx, bdy]) -> nil | t, nx, ny, px, py */
static int l_sweep(lua_State *L)
{
    const c2d_shape *a = check_shape(L, 1, "sweep"), *b;
    c2d_vec da, db;
    c2d_sweep_result r;
    da.x = check_named(L, 2, "sweep", "dx");
    da.y = check_named(L, 3, "sweep", "dy");
    b = check_shape(L, 4, "sweep");
    db.x = opt_num(L, 5, 0, "sweep", "bdx");
    db.y = opt_num(L, 6, 0, "sweep", "bdy");
    r = c2d_sweep(a, da, b, db);
    if (!r.hit) { lua_pushnil(L); return 1; }
    push_num(L, r.t);
    push_vec(L, r.normal);
    push_vec(L, r.point);
    return 5;
}

/* The pivot a turning sweep uses for s: options[name] = {x, y} when given
 * (options the table's index, or 0), else rotate's default (the centre, a
 * Fan's apex). Also the tolerance options gives (0: the default). */
static c2d_vec default_pivot(const c2d_shape *s);
c2d_vec c2d_lua_turning_pivot(lua_State *L, int options, const char *name, const c2d_shape *s)
{
    c2d_vec p;
    if (options == 0) return default_pivot(s);
    lua_getfield(L, options, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return default_pivot(s);
    }
    if (!lua_istable(L, -1)) arg_error(L, options, "sweepTurning", lua_pushfstring(L, "options.%s must be a table {x, y}", name));
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    if (lua_type(L, -2) != LUA_TNUMBER || lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -2)) ||
        !isfinite(lua_tonumber(L, -1)))
        arg_error(L, options, "sweepTurning", lua_pushfstring(L, "options.%s must hold two finite numbers", name));
    p.x = lua_tonumber(L, -2);
    p.y = lua_tonumber(L, -1);
    lua_pop(L, 3);
    return p;
}

double c2d_lua_turning_tolerance(lua_State *L, int options)
{
    double tol = 0;
    if (options == 0) return 0;
    lua_getfield(L, options, "tolerance");
    if (!lua_isnil(L, -1)) {
        tol = lua_tonumber(L, -1);
        if (lua_type(L, -1) != LUA_TNUMBER || !(tol > 0) || !isfinite(tol))
            arg_error(L, options, "sweepTurning", "options.tolerance must be a finite number above 0");
    }
    lua_pop(L, 1);
    return tol;
}

/* Room for the poses of a turning sweep of compounds: a block kept in the
 * registry and grown as needed, so that a sweep makes no garbage. */
static void *turning_room(lua_State *L, size_t bytes)
{
    void *room;
    if (bytes == 0) return NULL;
    lua_getfield(L, LUA_REGISTRYINDEX, "collide2d.turning_room");
    room = lua_touserdata(L, -1);
    if (room == NULL || lua_rawlen(L, -1) < bytes) {
        lua_pop(L, 1);
        room = lua_newuserdata(L, bytes);
        lua_setfield(L, LUA_REGISTRYINDEX, "collide2d.turning_room");
        return room;
    }
    lua_pop(L, 1);
    return room;
}

/* a:sweepTurning(dx, dy, dangle, b [, bdx, bdy, bdangle] [, options]) ->
 * nil | t, nx, ny, px, py: sweep's answer for shapes that turn as they move
 * (options: apivot, bpivot = {x, y}, tolerance) */
static int l_sweep_turning(lua_State *L)
{
    const char *f = "sweepTurning";
    const c2d_shape *a = check_shape(L, 1, f), *b;
    c2d_motion ma, mb;
    c2d_sweep_result r;
    c2d_error err;
    int options = 0;
    double tol;
    ma.d.x = check_named(L, 2, f, "dx");
    ma.d.y = check_named(L, 3, f, "dy");
    ma.angle = check_named(L, 4, f, "dangle");
    b = check_shape(L, 5, f);
    if (lua_istable(L, 6)) {
        options = 6;
        mb.d.x = mb.d.y = mb.angle = 0;
    } else {
        mb.d.x = opt_num(L, 6, 0, f, "bdx");
        mb.d.y = opt_num(L, 7, 0, f, "bdy");
        mb.angle = opt_num(L, 8, 0, f, "bdangle");
        if (!lua_isnoneornil(L, 9)) {
            if (!lua_istable(L, 9)) c2d_lua_type_error(L, 9, f, "table (options)");
            options = 9;
        }
    }
    if (a->kind == C2D_AABB && ma.angle != 0) return arg_error(L, 1, f, c2d_error_message(C2D_ERR_ROTATE_AABB));
    if (b->kind == C2D_AABB && mb.angle != 0) return arg_error(L, 5, f, c2d_error_message(C2D_ERR_ROTATE_AABB));
    if (a->kind == C2D_TILES && ma.angle != 0) return arg_error(L, 1, f, c2d_error_message(C2D_ERR_ROTATE_TILES));
    if (b->kind == C2D_TILES && mb.angle != 0) return arg_error(L, 5, f, c2d_error_message(C2D_ERR_ROTATE_TILES));
    ma.pivot = c2d_lua_turning_pivot(L, options, "apivot", a);
    mb.pivot = c2d_lua_turning_pivot(L, options, "bpivot", b);
    tol = c2d_lua_turning_tolerance(L, options);
    err = c2d_sweep_turning(a, &ma, b, &mb, tol, turning_room(L, c2d_sweep_turning_room(a, b)), &r);
    if (err != C2D_OK) return arg_error(L, 1, f, c2d_error_message(err));
    if (!r.hit) { lua_pushnil(L); return 1; }
    push_num(L, r.t);
    push_vec(L, r.normal);
    push_vec(L, r.point);
    return 5;
}

/* a:raycast(x, y, dx, dy [, maxt]) -> nil | t, nx, ny */
static int l_raycast(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "raycast");
    c2d_vec o, d;
    double maxt;
    c2d_sweep_result r;
    o.x = check_named(L, 2, "raycast", "x");
    o.y = check_named(L, 3, "raycast", "y");
    d.x = check_named(L, 4, "raycast", "dx");
    d.y = check_named(L, 5, "raycast", "dy");
    maxt = opt_num(L, 6, 1, "raycast", "maxt");
    if (maxt < 0) arg_error(L, 6, "raycast", "maxt must be >= 0");
    r = c2d_raycast(s, o, d, maxt);
    if (!r.hit) { lua_pushnil(L); return 1; }
    push_num(L, r.t);
    push_vec(L, r.normal);
    return 3;
}

/* The shape at i for changing in place. */
static lshape *check_mutable_at(lua_State *L, int i, const char *fname)
{
    lshape *p = to_shape(L, i);
    if (p == NULL) c2d_lua_type_error(L, i, fname, "collide2d shape");
    return p;
}

static lshape *check_mutable(lua_State *L, const char *fname) { return check_mutable_at(L, 1, fname); }

/* Raise for a failed transform, naming the first argument after self. */
static void transform_result(lua_State *L, c2d_error err, const char *fname)
{
    if (err != C2D_OK) arg_error(L, 2, fname, c2d_error_message(err));
    lua_settop(L, 1);
}

static int l_move(lua_State *L)
{
    lshape *p = check_mutable(L, "move");
    double dx = check_named(L, 2, "move", "dx"), dy = check_named(L, 3, "move", "dy");
    transform_result(L, c2d_move(&p->s, dx, dy), "move");
    return 1;
}

static int l_move_to(lua_State *L)
{
    lshape *p = check_mutable(L, "moveTo");
    double x = check_named(L, 2, "moveTo", "x"), y = check_named(L, 3, "moveTo", "y");
    transform_result(L, c2d_move_to(&p->s, x, y), "moveTo");
    return 1;
}

/* What rotate and scale turn about by default: the centre, or a Fan's apex
 * (a view cone turns with the head that holds it). */
static c2d_vec default_pivot(const c2d_shape *s)
{
    return s->kind == C2D_FAN ? c2d_position(s) : c2d_center(s);
}

static int l_rotate(lua_State *L)
{
    lshape *p = check_mutable(L, "rotate");
    double angle = check_named(L, 2, "rotate", "angle");
    c2d_vec c = default_pivot(&p->s);
    double ox = opt_num(L, 3, c.x, "rotate", "ox"), oy = opt_num(L, 4, c.y, "rotate", "oy");
    if (p->s.kind == C2D_AABB) return arg_error(L, 1, "rotate", c2d_error_message(C2D_ERR_ROTATE_AABB));
    transform_result(L, c2d_rotate(&p->s, angle, ox, oy), "rotate");
    return 1;
}

static int l_scale(lua_State *L)
{
    lshape *p = check_mutable(L, "scale");
    double k = check_named(L, 2, "scale", "factor");
    c2d_vec c = default_pivot(&p->s);
    double ox = opt_num(L, 3, c.x, "scale", "ox"), oy = opt_num(L, 4, c.y, "scale", "oy");
    if (k < 0) arg_error(L, 2, "scale", "factor must be >= 0");
    transform_result(L, c2d_scale(&p->s, k, ox, oy), "scale");
    return 1;
}

/* a:set(...) replaces the constructor's numbers, with the constructor's checks. */
static int l_set(lua_State *L)
{
    lshape *p = check_mutable(L, "set");
    if (p->s.kind == C2D_TILES) return c2d_lua_tiles_set(L);
    if (p->s.kind == C2D_POLYGON && p->s.count < 3)
        return arg_error(L, 1, "set", "a hull of fewer than 3 points has no constructor numbers");
    if (p->s.kind == C2D_CONCAVE) construct_concave(L, 2, "set", p, shape_room(L, 1));
    else if (p->s.kind == C2D_GROUP) construct_group(L, 2, "set", p, shape_room(L, 1));
    else construct(L, p->s.kind, 2, "set", p);
    if (p->s.world != NULL) c2d_world_touch(p->s.world, p->s.world_slot);
    lua_settop(L, 1);
    return 1;
}

static int l_clone(lua_State *L)
{
    lshape *p = check_mutable(L, "clone");
    push_copy(L, &p->s); /* a clone is in no world */
    return 1;
}

int c2d_lua_clone(lua_State *L)
{
    return l_clone(L);
}

/*
 * User data lives in the shape itself, so a value that refers back to its
 * shape is collected with it (a weak table would keep such a cycle alive on
 * 5.1 and LuaJIT, whose weak tables are not ephemerons). From 5.3 on it is
 * the userdata's own user value. Before, a user value (5.2) or environment
 * (5.1, LuaJIT) must be a table: the value is kept at [1] of a table marked
 * by a metatable kept in the registry, so a reloaded module still reads it.
 */
#define USER_DATA_MARK "collide2d.userdata"

static void set_user_data(lua_State *L, int i)
{
#if LUA_VERSION_NUM >= 503
    lua_setuservalue(L, i);
#else
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        luaL_newmetatable(L, USER_DATA_MARK); /* an empty table that holds nothing at [1] */
    } else {
        lua_createtable(L, 1, 0);
        lua_insert(L, -2);
        lua_rawseti(L, -2, 1);
        luaL_newmetatable(L, USER_DATA_MARK);
        c2d_lua_set_metatable(L, -2);
    }
#if LUA_VERSION_NUM == 502
    lua_setuservalue(L, i);
#else
    lua_setfenv(L, i);
#endif
#endif
}

static void push_user_data(lua_State *L, int i)
{
#if LUA_VERSION_NUM >= 503
    lua_getuservalue(L, i);
#else
#if LUA_VERSION_NUM == 502
    lua_getuservalue(L, i);
#else
    lua_getfenv(L, i);
#endif
    if (lua_istable(L, -1) && lua_getmetatable(L, -1)) {
        luaL_getmetatable(L, USER_DATA_MARK);
        if (lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            lua_rawgeti(L, -1, 1);
            lua_remove(L, -2);
            return;
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    lua_pushnil(L);
#endif
}

static int l_set_user_data(lua_State *L)
{
    check_mutable(L, "setUserData");
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    set_user_data(L, 1);
    lua_settop(L, 1);
    return 1;
}

static int l_get_user_data(lua_State *L)
{
    check_mutable(L, "getUserData");
    lua_settop(L, 1);
    push_user_data(L, 1);
    return 1;
}

/* a:outline([segments]) -> {x1, y1, x2, y2, ...} */
static int l_outline(lua_State *L)
{
    const c2d_shape *s = check_shape(L, 1, "outline");
    double k = opt_num(L, 2, 32, "outline", "segments");
    int segments, room, n, i;
    c2d_vec *pts;
    if (k < 3 || k > 4096) arg_error(L, 2, "outline", "segments must be in [3, 4096]");
    segments = (int)k;
    if (s->kind == C2D_TILES) return arg_error(L, 1, "outline", "a tile layer has one outline per piece: draw its pieces()");
    if (s->kind == C2D_GROUP) {
        /* One outline per member: {{x1, y1, ...}, {...}}. */
        const c2d_shape *m;
        int count = c2d_pieces(s, &m);
        room = segments + 3 + 2 * C2D_MAX_VERTICES > C2D_MAX_CONCAVE_VERTICES ? segments + 3 + 2 * C2D_MAX_VERTICES
                                                                           : C2D_MAX_CONCAVE_VERTICES;
        pts = (c2d_vec *)lua_newuserdata(L, (size_t)room * sizeof(c2d_vec));
        lua_createtable(L, count, 0);
        for (k = 0; k < count; k++) {
            n = c2d_outline(&m[(int)k], segments, pts, room);
            lua_createtable(L, 2 * n, 0);
            for (i = 0; i < n; i++) {
                push_num(L, pts[i].x);
                lua_rawseti(L, -2, 2 * i + 1);
                push_num(L, pts[i].y);
                lua_rawseti(L, -2, 2 * i + 2);
            }
            lua_rawseti(L, -2, (int)k + 1);
        }
        return 1;
    }
    room = segments + 3 + 2 * C2D_MAX_VERTICES; /* (a rounded Polygon's arcs) */
    if (s->kind == C2D_CONCAVE && room < s->count) room = s->count;
    pts = (c2d_vec *)lua_newuserdata(L, (size_t)room * sizeof(c2d_vec));
    n = c2d_outline(s, segments, pts, room);
    lua_createtable(L, 2 * n, 0);
    for (i = 0; i < n; i++) {
        push_num(L, pts[i].x);
        lua_rawseti(L, -2, 2 * i + 1);
        push_num(L, pts[i].y);
        lua_rawseti(L, -2, 2 * i + 2);
    }
    return 1;
}

static const luaL_Reg methods[] = {
    { "contact", l_contact },
    { "manifold", l_manifold },
    { "intersection", l_intersection },
    { "triangles", l_triangles },
    { "pushBack", l_push_back },
    { "featureAt", l_feature_at },
    { "sweep", l_sweep },
    { "sweepTurning", l_sweep_turning },
    { "raycast", l_raycast },
    { "move", l_move },
    { "moveTo", l_move_to },
    { "rotate", l_rotate },
    { "scale", l_scale },
    { "set", l_set },
    { "clone", l_clone },
    { "setUserData", l_set_user_data },
    { "getUserData", l_get_user_data },
    { "outline", l_outline },
    { "hits", l_hits },
    { "distance", l_distance },
    { "contains", l_contains },
    { "covers", l_covers },
    { "pieces", l_pieces },
    { "bbox", l_bbox },
    { "center", l_center },
    { "area", l_area },
    { "perimeter", l_perimeter },
    { "centroid", l_centroid },
    { "inertia", l_inertia },
    { "position", l_position },
    { "unpack", l_unpack },
    { "serialize", l_serialize },
    { "type", l_type },
    { NULL, NULL }
};

static const luaL_Reg constructors[] = {
    { "point", l_point },
    { "segment", l_segment },
    { "line", l_line },
    { "disk", l_disk },
    { "aabb", l_aabb },
    { "box", l_box },
    { "triangle", l_triangle },
    { "polygon", l_polygon },
    { "hull", l_hull },
    { "capsule", l_capsule },
    { "fan", l_fan },
    { "concave", l_concave },
    { "group", l_group },
    { "deserialize", l_deserialize },
    { NULL, NULL }
};

static lua_CFunction constructor_named(const char *kind)
{
    const luaL_Reg *r;
    for (r = constructors; r->name != NULL; r++)
        if (r->func != l_deserialize && strcmp(r->name, kind) == 0) return r->func;
    return NULL;
}

/*
 * A shape collected (or its __gc called by hand) leaves the world it is in.
 * A world keeps its shapes alive, so in the ordinary course a shape is
 * collected in a world only together with that world; but the debug library
 * can take a world's store of shapes away, and the world must then never
 * reach a shape's freed memory.
 */
static int l_shape_gc(lua_State *L)
{
    lshape *p = (lshape *)lua_touserdata(L, 1);
    if (p != NULL && lua_rawlen(L, 1) >= LSHAPE_MIN_SIZE && p->tag == C2D_TAG_SHAPE && p->s.world != NULL)
        c2d_world_remove(p->s.world, p->s.world_slot);
    return 0;
}

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { "__eq", l_eq },
    { "__gc", l_shape_gc },
    { NULL, NULL }
};

int c2d_lua_tampered(lua_State *L, const char *what)
{
    return luaL_error(L, "collide2d: %s was replaced (by the debug library); the module cannot go on with it", what);
}

void c2d_lua_set_metatable(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_istable(L, -1)) c2d_lua_tampered(L, "a metatable of the module");
    lua_setmetatable(L, idx);
}

void c2d_lua_lock_metatable(lua_State *L)
{
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
}

/* Push the upvalues (the ten metatables, then the user-data table) so that
 * the next luaL_setfuncs closes over them. */
static void push_metatables(lua_State *L, int first)
{
    int k;
    for (k = 0; k < N_UPVALUES; k++) lua_pushvalue(L, first + k);
}

/* What COLLIDE2D_BACKEND asks for: "capi", "ffi", or nothing (unset or
 * empty: the runtime's best). Any other value is an error, so that a typo is
 * not a silent change of backend. */
enum { BACKEND_DEFAULT, BACKEND_CAPI, BACKEND_FFI };
static int chosen_backend(lua_State *L)
{
    const char *v = getenv("COLLIDE2D_BACKEND");
    if (v == NULL || v[0] == '\0') return BACKEND_DEFAULT;
    if (strcmp(v, "capi") == 0) return BACKEND_CAPI;
    if (strcmp(v, "ffi") == 0) return BACKEND_FFI;
    return luaL_error(L, "COLLIDE2D_BACKEND must be \"ffi\" or \"capi\" (or unset), got \"%s\"", v);
}

/*
 * The LuaJIT front end (lua/collide2d/ffi.lua) calls the core through the
 * FFI, so that the JIT compiles the calls, while shapes stay this binding's
 * userdata (the FFI passes a pointer to their payload, an lshape, whose tag
 * each entry point checks). The module hands it
 * this table of entry points, each taking plain numbers and writing its
 * answer through a pointer (a struct returned by value would be a new cdata
 * on every call). The front end declares the same struct; the sizes below
 * let it refuse a module built from other sources. It is offered on every
 * runtime, whatever headers the module was built with: collide2d/ffi.lua takes
 * it where there is a JIT and its ffi library, and declines elsewhere.
 */
#include "lua_ffi.h"

/* The entry points are the plain-numbers API of collide2d.h (flat.c), with
 * the shape's tag checked and -0 answered as 0, as the C API's answers are.
 * Each returns FFI_REFUSED when a pointer it is given is not a
 * shape's (a userdata that only wears a shape's metatable): the front end
 * then hands the call to the C binding, which raises the type error. */
enum { FFI_REFUSED = -1 };
#define FFI_SHAPE(p) ((p)->tag == C2D_TAG_SHAPE)

static c2d_vec vec2(double x, double y) { c2d_vec v; v.x = x; v.y = y; return v; }
/* Adding 0 turns -0 into 0, as push_num does for the C API's answers. */
static c2d_vec unsigned_zero(c2d_vec v) { return vec2(v.x + 0.0, v.y + 0.0); }

static int ffi_hits(const lshape *a, const lshape *b)
{
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    return c2d_hits(&a->s, &b->s);
}
static int ffi_distance(const lshape *a, const lshape *b, c2d_distance_result *out)
{
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    c2d_distance_into(&a->s, &b->s, out);
    out->distance += 0.0;
    out->a = unsigned_zero(out->a);
    out->b = unsigned_zero(out->b);
    return 0;
}
static int ffi_contains(const lshape *s, double x, double y)
{
    if (!FFI_SHAPE(s)) return FFI_REFUSED;
    return c2d_contains(&s->s, x, y);
}
static int ffi_contact(const lshape *a, const lshape *b, c2d_contact_result *out)
{
    c2d_error err;
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    err = c2d_contact(&a->s, &b->s, out);
    out->depth += 0.0;
    out->normal = unsigned_zero(out->normal);
    out->point = unsigned_zero(out->point);
    return (int)err;
}
static int ffi_sweep(const lshape *a, double dx, double dy, const lshape *b, double bdx, double bdy,
                     c2d_sweep_result *out)
{
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    c2d_sweep_into(&a->s, dx, dy, &b->s, bdx, bdy, out);
    out->t += 0.0;
    out->normal = unsigned_zero(out->normal);
    out->point = unsigned_zero(out->point);
    return 0;
}
static int ffi_raycast(const lshape *s, double x, double y, double dx, double dy, double maxt,
                       c2d_sweep_result *out)
{
    if (!FFI_SHAPE(s)) return FFI_REFUSED;
    c2d_raycast_into(&s->s, x, y, dx, dy, maxt, out);
    out->t += 0.0;
    out->normal = unsigned_zero(out->normal);
    return 0;
}
/* 1 with the bounds, 0 for a Line (unbounded). */
static int ffi_bbox(const lshape *s, c2d_bounds *out)
{
    int ok;
    if (!FFI_SHAPE(s)) return FFI_REFUSED;
    ok = c2d_bbox(&s->s, out);
    out->minx += 0.0; out->miny += 0.0; out->maxx += 0.0; out->maxy += 0.0;
    return ok;
}
static int ffi_center(const lshape *s, c2d_vec *out)
{
    if (!FFI_SHAPE(s)) return FFI_REFUSED;
    c2d_center_into(&s->s, out);
    *out = unsigned_zero(*out);
    return 0;
}
static int ffi_position(const lshape *s, c2d_vec *out)
{
    if (!FFI_SHAPE(s)) return FFI_REFUSED;
    c2d_position_into(&s->s, out);
    *out = unsigned_zero(*out);
    return 0;
}
static int ffi_move(lshape *s, double dx, double dy)
{
    return FFI_SHAPE(s) ? (int)c2d_move(&s->s, dx, dy) : FFI_REFUSED;
}
static int ffi_move_to(lshape *s, double x, double y)
{
    return FFI_SHAPE(s) ? (int)c2d_move_to(&s->s, x, y) : FFI_REFUSED;
}
/* rotate and scale about the pivot given, or the default one for what is missing. */
static int ffi_rotate(lshape *p, double angle, int has_ox, double ox, int has_oy, double oy)
{
    c2d_vec c;
    if (!FFI_SHAPE(p)) return FFI_REFUSED;
    c = default_pivot(&p->s);
    if (p->s.kind == C2D_AABB) return (int)C2D_ERR_ROTATE_AABB;
    return (int)c2d_rotate(&p->s, angle, has_ox ? ox : c.x, has_oy ? oy : c.y);
}
static int ffi_scale(lshape *p, double k, int has_ox, double ox, int has_oy, double oy)
{
    c2d_vec c;
    if (!FFI_SHAPE(p)) return FFI_REFUSED;
    c = default_pivot(&p->s);
    if (k < 0) return (int)C2D_ERR_SCALE;
    return (int)c2d_scale(&p->s, k, has_ox ? ox : c.x, has_oy ? oy : c.y);
}

/* (the front end builds the tables from out, as l_manifold does) */
static int ffi_manifold(const lshape *a, const lshape *b, double margin, c2d_manifold *out, int max, int *count)
{
    int i, k;
    c2d_error err;
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    err = c2d_manifolds(&a->s, &b->s, margin, out, max, count);
    for (i = 0; i < *count && i < max; i++) {
        out[i].normal = unsigned_zero(out[i].normal);
        for (k = 0; k < out[i].count; k++) {
            out[i].points[k].point = unsigned_zero(out[i].points[k].point);
            out[i].points[k].separation += 0.0;
        }
    }
    return (int)err;
}

static int ffi_push_back(const lshape *a, double dx, double dy, const lshape *b, c2d_sweep_result *out)
{
    c2d_error err;
    if (!FFI_SHAPE(a) || !FFI_SHAPE(b)) return FFI_REFUSED;
    err = c2d_push_back(&a->s, vec2(dx, dy), &b->s, out);
    out->t += 0.0;
    out->normal = unsigned_zero(out->normal);
    out->point = unsigned_zero(out->point);
    return (int)err;
}

static const c2d_ffi_api ffi_api = {
    ffi_hits, ffi_distance, ffi_contains, ffi_contact, ffi_sweep, ffi_raycast,
    ffi_bbox, ffi_center, ffi_position, ffi_move, ffi_move_to, ffi_rotate, ffi_scale, ffi_manifold, ffi_push_back
};

/* Where C lays out the fields of the structs the FFI front end reads. */
typedef struct field_at {
    const char *type, *field;
    size_t at;
} field_at;

#define SIZE_OF(T) { #T, "size", sizeof(T) }
#define FIELD_AT(T, f) { #T, #f, offsetof(T, f) }
static const field_at ffi_layout[] = {
    SIZE_OF(c2d_vec), FIELD_AT(c2d_vec, x), FIELD_AT(c2d_vec, y),
    SIZE_OF(c2d_bounds), FIELD_AT(c2d_bounds, minx), FIELD_AT(c2d_bounds, miny), FIELD_AT(c2d_bounds, maxx),
    FIELD_AT(c2d_bounds, maxy),
    SIZE_OF(c2d_contact_result), FIELD_AT(c2d_contact_result, hit), FIELD_AT(c2d_contact_result, depth),
    FIELD_AT(c2d_contact_result, normal), FIELD_AT(c2d_contact_result, point),
    SIZE_OF(c2d_sweep_result), FIELD_AT(c2d_sweep_result, hit), FIELD_AT(c2d_sweep_result, t),
    FIELD_AT(c2d_sweep_result, normal), FIELD_AT(c2d_sweep_result, point),
    SIZE_OF(c2d_distance_result), FIELD_AT(c2d_distance_result, distance), FIELD_AT(c2d_distance_result, a),
    FIELD_AT(c2d_distance_result, b),
    SIZE_OF(c2d_ffi_api), FIELD_AT(c2d_ffi_api, hits), FIELD_AT(c2d_ffi_api, distance), FIELD_AT(c2d_ffi_api, contains),
    FIELD_AT(c2d_ffi_api, contact), FIELD_AT(c2d_ffi_api, sweep), FIELD_AT(c2d_ffi_api, raycast),
    FIELD_AT(c2d_ffi_api, bbox), FIELD_AT(c2d_ffi_api, center), FIELD_AT(c2d_ffi_api, position),
    FIELD_AT(c2d_ffi_api, move), FIELD_AT(c2d_ffi_api, move_to), FIELD_AT(c2d_ffi_api, rotate),
    FIELD_AT(c2d_ffi_api, scale), FIELD_AT(c2d_ffi_api, manifold), FIELD_AT(c2d_ffi_api, push_back),
    SIZE_OF(c2d_manifold_point), FIELD_AT(c2d_manifold_point, point), FIELD_AT(c2d_manifold_point, separation),
    FIELD_AT(c2d_manifold_point, id),
    SIZE_OF(c2d_manifold), FIELD_AT(c2d_manifold, normal), FIELD_AT(c2d_manifold, count),
    FIELD_AT(c2d_manifold, piece_a), FIELD_AT(c2d_manifold, piece_b), FIELD_AT(c2d_manifold, points),
};

/* Push { [type] = { size = n, [field] = offset, ... }, ... } for the FFI's structs. */
static void push_layout(lua_State *L)
{
    size_t i;
    lua_newtable(L);
    for (i = 0; i < sizeof ffi_layout / sizeof ffi_layout[0]; i++) {
        lua_getfield(L, -1, ffi_layout[i].type);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_setfield(L, -3, ffi_layout[i].type);
        }
        lua_pushinteger(L, (lua_Integer)ffi_layout[i].at);
        lua_setfield(L, -2, ffi_layout[i].field);
        lua_pop(L, 1);
    }
}

/* Under LuaJIT, unless COLLIDE2D_BACKEND=capi: hand the module at index
 * module (its method table at method_table, kind metatables at mts..) to collide2d.ffi,
 * which puts its functions in place of the C ones. Without that file, or
 * without the ffi library, the module stays the C API binding. */
static void open_ffi(lua_State *L, int backend, int module, int method_table, int mts)
{
    int k;
    if (backend == BACKEND_CAPI) return;
    lua_getglobal(L, "require");
    lua_pushliteral(L, "collide2d.ffi");
    if (lua_pcall(L, 1, 1, 0) != 0) {
        const char *msg = lua_tostring(L, -1);
        if (msg != NULL && strstr(msg, "module 'collide2d.ffi' not found") != NULL) { lua_pop(L, 1); return; }
        lua_error(L);
    }
    if (!lua_isfunction(L, -1)) { lua_pop(L, 1); return; }
    lua_createtable(L, 0, 8);
    lua_pushlightuserdata(L, (void *)&ffi_api);
    lua_setfield(L, -2, "api");
    push_layout(L);
    lua_setfield(L, -2, "layout");
    lua_pushvalue(L, module);
    lua_setfield(L, -2, "module");
    lua_pushvalue(L, method_table);
    lua_setfield(L, -2, "methods");
    lua_createtable(L, C2D_KIND_COUNT, 0);
    for (k = 0; k < C2D_KIND_COUNT; k++) {
        lua_pushvalue(L, mts + k);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "metatables");
    lua_getfield(L, LUA_REGISTRYINDEX, C2D_TILES_WIDE);
    lua_setfield(L, -2, "tiles_wide");
    lua_call(L, 1, 0);
}

lshape *c2d_lua_shape(lua_State *L, int i) { return to_shape(L, i); }

/* The functions of collide2d_lua.h, for C engines: they find the kinds'
 * metatables in the registry, where luaopen_collide2d made them. */
static void push_kind_metatable(lua_State *L, c2d_kind kind)
{
    lua_pushfstring(L, "collide2d.%s", c2d_kind_name(kind));
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (!lua_istable(L, -1)) luaL_error(L, "collide2d is not open in this Lua state (require it first)");
}

c2d_shape *c2d_lua_pushshape(lua_State *L, const c2d_shape *s)
{
    size_t bytes = c2d_storage_size(s);
    lshape *q = (lshape *)lua_newuserdata(L, sizeof(lshape) + bytes);
    memset(q, 0, sizeof(lshape) + bytes);
    q->tag = C2D_TAG_SHAPE;
    push_kind_metatable(L, s->kind);
    c2d_lua_set_metatable(L, -2);
    c2d_copy(&q->s, s, q->verts);
    q->s.world = NULL;
    return &q->s;
}

c2d_shape *c2d_lua_toshape(lua_State *L, int i)
{
    lshape *p = (lshape *)lua_touserdata(L, i);
    int ok = 0;
    if (p != NULL && lua_rawlen(L, i) >= LSHAPE_MIN_SIZE && p->tag == C2D_TAG_SHAPE &&
        (unsigned)p->s.kind < C2D_KIND_COUNT && lua_getmetatable(L, i)) {
        push_kind_metatable(L, p->s.kind);
        ok = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    return ok ? &p->s : NULL;
}
lshape *c2d_lua_check_shape(lua_State *L, int i, const char *fname) { return check_mutable_at(L, i, fname); }
int c2d_lua_arg_error(lua_State *L, int arg, const char *fname, const char *msg) { return arg_error(L, arg, fname, msg); }
double c2d_lua_number(lua_State *L, int i, const char *fname, const char *name) { return check_named(L, i, fname, name); }
double c2d_lua_opt_number(lua_State *L, int i, double def, const char *fname, const char *name)
{
    return opt_num(L, i, def, fname, name);
}
void c2d_lua_push_number(lua_State *L, double x) { push_num(L, x); }

int luaopen_collide2d(lua_State *L);
int c2d_open_bump(lua_State *L); /* lua_bump.c */

int luaopen_collide2d(lua_State *L)
{
    int k, mts, methods_idx, module_idx;
    int backend = chosen_backend(L); /* a bad value raises before anything is built */
    /* The metatables come first: every function closes over them. */
    mts = lua_gettop(L) + 1;
    for (k = 0; k < C2D_KIND_COUNT; k++) {
        char name[64];
        snprintf(name, sizeof name, "collide2d.%s", c2d_kind_name((c2d_kind)k));
        luaL_newmetatable(L, name);
        lua_pushstring(L, name);
        lua_setfield(L, -2, "__name");
    }
    lua_newtable(L);
    methods_idx = lua_gettop(L);
    push_metatables(L, mts);
    luaL_setfuncs(L, methods, N_UPVALUES);
    lua_newtable(L); /* the module, below: filled after the layers' own */
    module_idx = lua_gettop(L);
    c2d_open_tiles(L, module_idx, methods_idx, mts);

    push_metatables(L, mts);
    luaL_setfuncs(L, constructors, N_UPVALUES);
    /* Every method is also a module function: c2d.hits(a, b) is a:hits(b). */
    lua_pushnil(L);
    while (lua_next(L, methods_idx) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, module_idx);
    }
    lua_pushliteral(L, "0.1.0");
    lua_setfield(L, module_idx, "_VERSION");
    lua_pushliteral(L, "capi");
    lua_setfield(L, module_idx, "backend");
    push_layout(L); /* for the specs, which check the FFI's declarations against it */
    lua_setfield(L, module_idx, "_layout");
    c2d_open_bump(L); /* the C half of collide2d.bump */
    c2d_open_world(L, module_idx, mts);
    lua_setfield(L, module_idx, "_bump");

    for (k = 0; k < C2D_KIND_COUNT; k++) {
        lua_pushvalue(L, mts + k);
        push_metatables(L, mts);
        luaL_setfuncs(L, metamethods, N_UPVALUES);
        lua_pushvalue(L, methods_idx);
        lua_setfield(L, -2, "__index");
        c2d_lua_lock_metatable(L);
        lua_pop(L, 1);
    }
    open_ffi(L, backend, module_idx, methods_idx, mts);
    if (backend == BACKEND_FFI) {
        lua_getfield(L, module_idx, "backend");
        if (strcmp(lua_tostring(L, -1), "ffi") != 0)
            luaL_error(L, "COLLIDE2D_BACKEND=ffi: the FFI front end needs LuaJIT with its ffi library and collide2d/ffi.lua");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, module_idx);
    return 1;
}
