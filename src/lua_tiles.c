/*
 * The binding of tile layers: c2d.tiles, and a layer's get, set and
 * pieces. A layer is a shape (the Tiles kind): every query and transform of
 * lua_collide2d.c takes it.
 */
#include <math.h>
#include <string.h>
#include "lua_shape.h"
#include "collide2d_lua.h"

#define KIND_MT(k) lua_upvalueindex((k) + 1)

/* The named kinds, in tile units (u to the right, v down: the top of a tile on
 * a LOVE screen is v = 0). Slopes are named by the corner that is solid. */
typedef struct named_kind {
    const char *name;
    c2d_tile_kind kind;
} named_kind;

static const named_kind named_kinds[] = {
    { "empty", { 0, { 0 }, { 0, 0 } } },
    { "full", { 4, { 0, 0, 1, 0, 1, 1, 0, 1 }, { 0, 0 } } },
    { "top", { 4, { 0, 0, 1, 0, 1, 0.5, 0, 0.5 }, { 0, 0 } } },
    { "bottom", { 4, { 0, 0.5, 1, 0.5, 1, 1, 0, 1 }, { 0, 0 } } },
    { "left", { 4, { 0, 0, 0.5, 0, 0.5, 1, 0, 1 }, { 0, 0 } } },
    { "right", { 4, { 0.5, 0, 1, 0, 1, 1, 0.5, 1 }, { 0, 0 } } },
    { "slope-br", { 3, { 0, 1, 1, 1, 1, 0 }, { 0, 0 } } },
    { "slope-bl", { 3, { 0, 0, 0, 1, 1, 1 }, { 0, 0 } } },
    { "slope-tr", { 3, { 0, 0, 1, 0, 1, 1 }, { 0, 0 } } },
    { "slope-tl", { 3, { 0, 0, 1, 0, 0, 1 }, { 0, 0 } } },
    { "ramp-br-low", { 3, { 0, 1, 1, 1, 1, 0.5 }, { 0, 0 } } },
    { "ramp-br-high", { 4, { 0, 1, 1, 1, 1, 0, 0, 0.5 }, { 0, 0 } } },
    { "ramp-bl-low", { 3, { 0, 0.5, 0, 1, 1, 1 }, { 0, 0 } } },
    { "ramp-bl-high", { 4, { 0, 0, 0, 1, 1, 1, 1, 0.5 }, { 0, 0 } } },
    { "ramp-tr-low", { 3, { 0, 0, 1, 0, 1, 0.5 }, { 0, 0 } } },
    { "ramp-tr-high", { 4, { 0, 0, 1, 0, 1, 1, 0, 0.5 }, { 0, 0 } } },
    { "ramp-tl-low", { 3, { 0, 0, 1, 0, 0, 0.5 }, { 0, 0 } } },
    { "ramp-tl-high", { 4, { 0, 0, 1, 0, 1, 0.5, 0, 1 }, { 0, 0 } } },
    { "oneway", { 4, { 0, 0, 1, 0, 1, 1, 0, 1 }, { 0, -1 } } }, /* a full tile a move meets from above only */
};
#define N_NAMED (int)(sizeof named_kinds / sizeof named_kinds[0])

static int tiles_error(lua_State *L, int arg, const char *fname, const char *fmt, int i)
{
    return c2d_lua_arg_error(L, arg, fname, lua_pushfstring(L, fmt, i));
}

/* A code from the value at index i (a whole number in [0, 65535], or a
 * one-character string: its byte); -1 when it is neither. */
static int code_of(lua_State *L, int i)
{
    if (lua_type(L, i) == LUA_TNUMBER) {
        double x = lua_tonumber(L, i);
        if (x >= 0 && x < C2D_TILE_CODES && x == (double)(int)x) return (int)x;
        return -1;
    }
    if (lua_type(L, i) == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, i, &n);
        return n == 1 ? (unsigned char)s[0] : -1;
    }
    return -1;
}

/* The named kind at index i into k (an error naming the code when unknown). */
static void read_named(lua_State *L, int i, int arg, const char *fname, int code, c2d_tile_kind *k)
{
    const char *name = lua_tostring(L, i);
    int j;
    for (j = 0; j < N_NAMED; j++)
        if (strcmp(name, named_kinds[j].name) == 0) { *k = named_kinds[j].kind; return; }
    tiles_error(L, arg, fname, "kinds[%d]: unknown kind name (empty, full, top, bottom, left, right, "
                "slope-br/bl/tr/tl, ramp-br/bl/tr/tl-low/high, oneway, or a table of u, v numbers)", code);
}

/* The field oneway of the kind table at the top of the stack (nil or false:
 * solid all round; true: one-way from the top; { nx, ny }: from that side)
 * into k's side. */
static void read_oneway(lua_State *L, int arg, const char *fname, int code, c2d_tile_kind *k)
{
    lua_getfield(L, -1, "oneway");
    if (lua_type(L, -1) == LUA_TBOOLEAN) {
        k->side.x = 0;
        k->side.y = lua_toboolean(L, -1) ? -1 : 0;
    } else if (lua_type(L, -1) == LUA_TTABLE) {
        double v[2];
        int j;
        for (j = 0; j < 2; j++) {
            lua_rawgeti(L, -1, j + 1);
            v[j] = lua_tonumber(L, -1);
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v[j]))
                tiles_error(L, arg, fname, "kinds[%d]: oneway must be true or { nx, ny } of finite numbers", code);
            lua_pop(L, 1);
        }
        if (v[0] == 0 && v[1] == 0) tiles_error(L, arg, fname, "kinds[%d]: oneway { nx, ny } must not be { 0, 0 }", code);
        k->side.x = v[0];
        k->side.y = v[1];
    } else if (!lua_isnil(L, -1)) {
        tiles_error(L, arg, fname, "kinds[%d]: oneway must be true, false or { nx, ny }", code);
    }
    lua_pop(L, 1);
}

/* The kind at the top of the stack into k: a name, or a table of u, v
 * numbers or of one name ({ "top" }), either with an optional field oneway. */
static void read_kind(lua_State *L, int arg, const char *fname, int code, c2d_tile_kind *k)
{
    memset(k, 0, sizeof *k);
    if (lua_type(L, -1) == LUA_TSTRING) {
        read_named(L, -1, arg, fname, code, k);
        return;
    }
    if (lua_type(L, -1) == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1), j;
        lua_rawgeti(L, -1, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            if (n != 1) tiles_error(L, arg, fname, "kinds[%d]: a name in a table stands alone: { name, oneway = ... }", code);
            read_named(L, -1, arg, fname, code, k);
            lua_pop(L, 1);
            read_oneway(L, arg, fname, code, k);
            return;
        }
        lua_pop(L, 1);
        if (n % 2 != 0 || n > 2 * C2D_MAX_TILE_VERTICES)
            tiles_error(L, arg, fname, "kinds[%d]: a piece is 0 to 8 points: an even count of at most 16 numbers", code);
        for (j = 0; j < n; j++) {
            lua_rawgeti(L, -1, j + 1);
            if (lua_type(L, -1) != LUA_TNUMBER) tiles_error(L, arg, fname, "kinds[%d]: every entry must be a number", code);
            k->uv[j] = lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        k->count = n / 2;
        read_oneway(L, arg, fname, code, k);
        return;
    }
    tiles_error(L, arg, fname, "kinds[%d] must be a kind name or a table of u, v numbers", code);
}

/* The kinds table at arg into kinds / kind_of (code -> kind; codes it does not name: empty). */
static int read_kinds(lua_State *L, int arg, const char *fname, c2d_tile_kind *kinds, unsigned char *kind_of)
{
    int n = 1;
    memset(kind_of, 0, C2D_TILE_CODES);
    memset(&kinds[0], 0, sizeof kinds[0]); /* kind 0: empty */
    lua_pushnil(L);
    while (lua_next(L, arg) != 0) {
        int code, j;
        c2d_tile_kind k;
        lua_pushvalue(L, -2);
        code = code_of(L, -1);
        lua_pop(L, 1);
        if (code < 0) c2d_lua_arg_error(L, arg, fname, "kinds: each key must be a code (a whole number in [0, 65535] or one character)");
        read_kind(L, arg, fname, code, &k);
        lua_pop(L, 1);
        for (j = 0; j < n; j++)
            if (kinds[j].count == k.count && memcmp(kinds[j].uv, k.uv, sizeof k.uv) == 0 &&
                kinds[j].side.x == k.side.x && kinds[j].side.y == k.side.y)
                break;
        if (j == n) {
            if (n == C2D_TILE_KINDS) c2d_lua_arg_error(L, arg, fname, "kinds: at most 256 different pieces");
            kinds[n++] = k;
        }
        kind_of[code] = (unsigned char)j;
    }
    return n;
}

/* The data at arg (an array of codes, or a string of one code per byte) into codes. */
static void read_codes(lua_State *L, int arg, const char *fname, size_t count, unsigned short *codes, int has_kinds)
{
    size_t i;
    if (lua_type(L, arg) == LUA_TSTRING) {
        size_t n;
        const unsigned char *s = (const unsigned char *)lua_tolstring(L, arg, &n);
        if (n != count) c2d_lua_arg_error(L, arg, fname, lua_pushfstring(L, "data must hold columns * rows = %d codes, got %d", (int)count, (int)n));
        for (i = 0; i < n; i++) {
            /* Without kinds, '0', ' ' and '.' are empty and any other byte full. */
            unsigned c = s[i];
            codes[i] = (unsigned short)(has_kinds ? c : (c == '0' || c == ' ' || c == '.') ? 0 : c);
        }
        return;
    }
    if (lua_type(L, arg) != LUA_TTABLE) c2d_lua_type_error(L, arg, fname, "table or string of tile codes");
    if (lua_rawlen(L, arg) != count)
        c2d_lua_arg_error(L, arg, fname, lua_pushfstring(L, "data must hold columns * rows = %d codes, got %d", (int)count, (int)lua_rawlen(L, arg)));
    for (i = 0; i < count; i++) {
        int code;
        lua_rawgeti(L, arg, (int)i + 1);
        code = code_of(L, -1);
        if (code < 0 || lua_type(L, -1) != LUA_TNUMBER)
            tiles_error(L, arg, fname, "data[%d] must be a whole number in [0, 65535]", (int)i + 1);
        lua_pop(L, 1);
        codes[i] = (unsigned short)code;
    }
}

/* A whole number of tiles at index i. */
static int count_arg(lua_State *L, int i, const char *fname, const char *name)
{
    double x = c2d_lua_number(L, i, fname, name);
    if (!(x >= 1 && x <= (1 << 28) && x == (double)(int)x))
        c2d_lua_arg_error(L, i, fname, lua_pushfstring(L, "%s must be a whole number of tiles, at least 1", name));
    return (int)x;
}

/* The codes at arg for collide2d.ffi: a string of count codes, two bytes
 * each in the machine's order, which the FFI front end fills from a table of
 * codes in a compiled loop (through the Lua API, reading a million-entry
 * table is most of a big layer's cost under LuaJIT). */
static void read_wide(lua_State *L, int arg, const char *fname, size_t count, unsigned short *codes)
{
    size_t n = 0;
    const char *s = lua_type(L, arg) == LUA_TSTRING ? lua_tolstring(L, arg, &n) : NULL;
    if (s == NULL || n != sizeof *codes * count) c2d_lua_arg_error(L, arg, fname, "codes of two bytes each expected");
    memcpy(codes, s, n);
}

/* c2d.tiles(x, y, tileW, tileH, columns, rows, data [, kinds]); wide: data
 * as read_wide takes it */
static int make_layer(lua_State *L, int wide)
{
    static const char *const names[4] = { "x", "y", "tileW", "tileH" };
    double nums[4];
    int columns, rows, i, bad, nkinds = 0, has_kinds = !lua_isnoneornil(L, 8);
    size_t bytes;
    lshape *p;
    c2d_error err;
    c2d_tile_kind *kinds = NULL;
    unsigned char *kind_of = NULL;
    unsigned short *codes;
    for (i = 0; i < 4; i++) nums[i] = c2d_lua_number(L, i + 1, "tiles", names[i]);
    if (!(nums[2] > 0)) c2d_lua_arg_error(L, 3, "tiles", "tileW must be positive");
    if (!(nums[3] > 0)) c2d_lua_arg_error(L, 4, "tiles", "tileH must be positive");
    columns = count_arg(L, 5, "tiles", "columns");
    rows = count_arg(L, 6, "tiles", "rows");
    bytes = c2d_tiles_size(columns, rows);
    if (bytes == 0) c2d_lua_arg_error(L, 5, "tiles", "too many tiles (at most 2^28)");
    if (has_kinds) {
        if (lua_type(L, 8) != LUA_TTABLE) c2d_lua_type_error(L, 8, "tiles", "table of tile kinds");
        kinds = (c2d_tile_kind *)lua_newuserdata(L, sizeof *kinds * C2D_TILE_KINDS);
        kind_of = (unsigned char *)lua_newuserdata(L, C2D_TILE_CODES);
        nkinds = read_kinds(L, 8, "tiles", kinds, kind_of);
    }
    codes = (unsigned short *)lua_newuserdata(L, sizeof *codes * (size_t)columns * (size_t)rows);
    if (wide) read_wide(L, 7, "tiles", (size_t)columns * (size_t)rows, codes);
    else read_codes(L, 7, "tiles", (size_t)columns * (size_t)rows, codes, has_kinds);
    p = c2d_lua_new_shape(L, bytes, KIND_MT(C2D_TILES));
    err = c2d_make_tiles(&p->s, nums, columns, rows, kinds, nkinds, kind_of, codes, p->verts, &bad);
    if (err == C2D_ERR_TILE_KIND) {
        int code;
        for (code = 0; code < C2D_TILE_CODES && kind_of[code] != bad - C2D_TILE_BAD_KIND; code++) {}
        tiles_error(L, 8, "tiles", "kinds[%d]: a piece must be 0 to 8 points within its tile (u, v in [0, 1]) in convex order", code);
    }
    if (err != C2D_OK) {
        if (bad >= 0 && bad < 4) c2d_lua_arg_error(L, bad + 1, "tiles", c2d_error_message(err));
        c2d_lua_arg_error(L, 1, "tiles", "the layer's far corner must be finite");
    }
    return 1;
}

static int l_tiles(lua_State *L) { return make_layer(L, 0); }
static int l_tiles_wide(lua_State *L) { return make_layer(L, 1); }

static lshape *check_tiles(lua_State *L, const char *fname)
{
    lshape *p = c2d_lua_check_shape(L, 1, fname);
    if (p->s.kind != C2D_TILES) c2d_lua_arg_error(L, 1, fname, "a tile layer expected");
    return p;
}

/* A tile's column and row (from 1) at i, i + 1, as the core's (from 0); -1 outside. */
static int tile_at(lua_State *L, const lshape *p, int i, const char *fname, int *c, int *r)
{
    double x = c2d_lua_number(L, i, fname, "column"), y = c2d_lua_number(L, i + 1, fname, "row");
    if (x != (double)(long)x || y != (double)(long)y)
        c2d_lua_arg_error(L, x != (double)(long)x ? i : i + 1, fname, "column and row must be whole numbers");
    if (x < 1 || y < 1 || x > (1 << 28) || y > (1 << 28) || c2d_tiles_get(&p->s, (int)x - 1, (int)y - 1) < 0) return 0;
    *c = (int)x - 1;
    *r = (int)y - 1;
    return 1;
}

/* layer:get(column, row) -> code (nil outside the layer) */
static int c2d_lua_tiles_get(lua_State *L)
{
    lshape *p = check_tiles(L, "get");
    int c, r;
    if (!tile_at(L, p, 2, "get", &c, &r)) { lua_pushnil(L); return 1; }
    lua_pushinteger(L, c2d_tiles_get(&p->s, c, r));
    return 1;
}

/* layer:set(column, row, code) -> layer */
int c2d_lua_tiles_set(lua_State *L)
{
    lshape *p = check_tiles(L, "set");
    int c, r, code;
    if (!tile_at(L, p, 2, "set", &c, &r)) c2d_lua_arg_error(L, 2, "set", "the tile is outside the layer");
    code = code_of(L, 4);
    if (code < 0 || lua_type(L, 4) == LUA_TNIL)
        c2d_lua_arg_error(L, 4, "set", "code must be a whole number in [0, 65535] or one character");
    c2d_tiles_set(&p->s, c, r, code);
    lua_settop(L, 1);
    return 1;
}

/* The tiles of the layer at 1 whose pieces meet box (and hit o unless NULL),
 * as column, row pairs: in room (CELLS_ROOM pairs) when they fit, else in a
 * userdata pushed for them. */
enum { CELLS_ROOM = 256 };
static const int *cells_of(lua_State *L, const lshape *p, const c2d_bounds *box, const c2d_shape *o, int *room, int *n)
{
    int *cells = room;
    *n = c2d_tiles_cells(&p->s, box, o, room, CELLS_ROOM);
    if (*n > CELLS_ROOM) {
        cells = (int *)lua_newuserdata(L, sizeof *cells * 2 * (size_t)*n);
        c2d_tiles_cells(&p->s, box, o, cells, *n);
    }
    return cells;
}

/* layer:pieces([x, y, w, h]) -> the pieces of the solid tiles meeting the
 * box (default: the whole layer), one per tile, row by row */
int c2d_lua_tiles_pieces(lua_State *L)
{
    lshape *p = check_tiles(L, "pieces");
    c2d_bounds box = p->s.bounds;
    int room[2 * CELLS_ROOM], i, n;
    const int *cells;
    if (!lua_isnoneornil(L, 2)) {
        double x = c2d_lua_number(L, 2, "pieces", "x"), y = c2d_lua_number(L, 3, "pieces", "y");
        double w = c2d_lua_number(L, 4, "pieces", "w"), h = c2d_lua_number(L, 5, "pieces", "h");
        if (w < 0 || h < 0) c2d_lua_arg_error(L, w < 0 ? 4 : 5, "pieces", "w and h must not be negative");
        box.minx = x; box.miny = y; box.maxx = x + w; box.maxy = y + h;
    }
    cells = cells_of(L, p, &box, NULL, room, &n);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
        c2d_shape piece;
        c2d_vec verts[C2D_MAX_TILE_VERTICES];
        c2d_tiles_piece(&p->s, cells[2 * i], cells[2 * i + 1], &piece, verts);
        c2d_lua_pushshape(L, &piece);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* layer:tilesHit(shape [, out]) -> out, n: the tiles whose pieces hit shape,
 * row by row, as out = { column1, row1, column2, row2, ... } (out reused
 * when given: what it held past the pairs is cleared) */
static int c2d_lua_tiles_hit(lua_State *L)
{
    lshape *p = check_tiles(L, "tilesHit");
    lshape *o = c2d_lua_check_shape(L, 2, "tilesHit");
    int room[2 * CELLS_ROOM], i, n, old = 0, has_out = !lua_isnoneornil(L, 3);
    const int *cells;
    c2d_bounds box;
    if (has_out && lua_type(L, 3) != LUA_TTABLE) c2d_lua_type_error(L, 3, "tilesHit", "table (out)");
    lua_settop(L, 3);
    if (!c2d_bbox(&o->s, &box)) box.minx = box.miny = -HUGE_VAL, box.maxx = box.maxy = HUGE_VAL;
    cells = cells_of(L, p, &box, &o->s, room, &n);
    if (has_out) {
        lua_pushvalue(L, 3);
        old = (int)lua_rawlen(L, -1);
    } else {
        lua_createtable(L, 2 * n, 0);
    }
    for (i = 0; i < 2 * n; i++) {
        lua_pushinteger(L, cells[i] + 1);
        lua_rawseti(L, -2, i + 1);
    }
    for (i = old; i > 2 * n; i--) {
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* Register c2d.tiles and the layers' get and tilesHit (closures over the kind metatables). */
void c2d_open_tiles(lua_State *L, int module, int methods, int mts)
{
    static const luaL_Reg constructor[] = { { "tiles", l_tiles }, { NULL, NULL } };
    static const luaL_Reg method[] = { { "get", c2d_lua_tiles_get }, { "tilesHit", c2d_lua_tiles_hit }, { NULL, NULL } };
    int k;
    lua_pushvalue(L, module);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    luaL_setfuncs(L, constructor, C2D_KIND_COUNT);
    lua_pop(L, 1);
    lua_pushvalue(L, methods);
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    luaL_setfuncs(L, method, C2D_KIND_COUNT);
    lua_pop(L, 1);
    /* for collide2d.ffi (open_ffi hands it over): c2d.tiles taking wide codes */
    for (k = 0; k < C2D_KIND_COUNT; k++) lua_pushvalue(L, mts + k);
    lua_pushcclosure(L, l_tiles_wide, C2D_KIND_COUNT);
    lua_setfield(L, LUA_REGISTRYINDEX, C2D_TILES_WIDE);
}
