-- collide2d.core: the LuaJIT FFI front end over the C core alone.
--
--   local c2d = require("collide2d.core").open("path/to/libcollide2d_core.so")
--
-- The library is the core with no Lua in it: `make core` builds
-- build/core/libcollide2d_core.so, `make core-dll` build/core/collide2d_core.dll
-- for Windows. It exports the functions of collide2d.h and bump.h, which this
-- file declares under names of its own and calls through the FFI; nothing of
-- the Lua binding is involved, and c2d.backend is "ffi-core".
--
-- It is the whole module: shapes, their methods and the module functions,
-- the World and the C half of collide2d.bump, following the binding's code
-- (src/lua_collide2d.c, src/lua_world.c, src/lua_bump.c) step by step, so the
-- answers are the same (the same core computes them), and so are the errors,
-- word for word. Shapes are userdata as there, with one metatable per kind;
-- each holds its c2d_shape and storage (a Polygon's vertices, a Concave's or
-- Group's block) in an FFI object, found through a weak table.
--
-- Nothing here allocates on a query: answers are written into structs made
-- once and returned as numbers. Constructors, clone, pieces, unpack and
-- outline make new objects, as in the binding.
--
-- COLLIDE2D_BACKEND=core with COLLIDE2D_CORE=path makes require "collide2d"
-- return open(path) (see from_environment below).
local M = {}

local has_ffi, ffi = pcall(require, "ffi")
if not has_ffi or type(jit) ~= "table" then ffi = nil end

local type, select, error, tostring, rawget, setmetatable = type, select, error, tostring, rawget, setmetatable
local floor, huge = math.floor, math.huge
local unpack = unpack or table.unpack
local getinfo = type(debug) == "table" and debug.getinfo or nil
local raw_metatable = type(debug) == "table" and debug.getmetatable or getmetatable
local registry = type(debug) == "table" and debug.getregistry and debug.getregistry() or nil

-- What survives a reload of this file (busted reloads modules for each spec
-- file; a game may clear package.loaded): the FFI types and their metatable
-- are made once per process, so the module they serve is kept with them.
local STATE_KEY = "collide2d.core"
local state = registry and type(registry[STATE_KEY]) == "table" and registry[STATE_KEY] or {}
if registry then registry[STATE_KEY] = state end

-- The core's types and functions under names of their own (c2dcore_), so
-- that neither a game's ffi.cdef of collide2d.h nor collide2d.ffi clashes
-- with them; __asm__ names the library's symbol. A shape's object is a c2dcore_obj:
-- the c2d_shape (laid out as in collide2d.h) and then its storage. The query
-- functions are declared to take a c2dcore_obj, whose first member is the
-- c2d_shape they read, so an object passes as it is.
local CDEF = [[
typedef struct c2dcore_vec { double x, y; } c2dcore_vec;
typedef struct c2dcore_bounds { double minx, miny, maxx, maxy; } c2dcore_bounds;
typedef struct c2dcore_shape {
  int kind; int ccw; double radius; c2dcore_vec p[3]; int count; int world_slot;
  const c2dcore_vec *verts; double slack; c2dcore_bounds bounds;
  void *world; double w, h; double angle; double opening;
  double cos_a, sin_a; double cos_h, sin_h; c2dcore_vec corners[4];
  const struct c2dcore_shape *pieces; void *compound; double unused[6];
} c2dcore_shape;
typedef struct c2dcore_obj { c2dcore_shape core; double storage[?]; } c2dcore_obj;
typedef struct c2dcore_contact_result { int hit; double depth; c2dcore_vec normal; c2dcore_vec point; } c2dcore_contact_result;
typedef struct c2dcore_sweep_result { int hit; double t; c2dcore_vec normal; c2dcore_vec point; } c2dcore_sweep_result;
typedef struct c2dcore_distance_result { double distance; c2dcore_vec a, b; } c2dcore_distance_result;

int c2dcore_make(c2dcore_obj *s, int kind, const double *nums, int n, c2dcore_vec *storage, int *bad) __asm__("c2d_make");
int c2dcore_make_hull(c2dcore_obj *s, c2dcore_vec *pts, int n, c2dcore_vec *storage) __asm__("c2d_make_hull");
size_t c2dcore_concave_size(int vertices) __asm__("c2d_concave_size");
int c2dcore_make_concave(c2dcore_obj *s, const double *nums, int n, void *storage, int *bad) __asm__("c2d_make_concave");
size_t c2dcore_group_size(const c2dcore_obj *const *members, int n) __asm__("c2d_group_size");
int c2dcore_make_group(c2dcore_obj *s, const c2dcore_obj *const *members, int n, void *storage, int *bad) __asm__("c2d_make_group");
size_t c2dcore_storage_size(const c2dcore_shape *s) __asm__("c2d_storage_size");
void c2dcore_copy(c2dcore_obj *dst, const c2dcore_shape *src, void *storage) __asm__("c2d_copy");
int c2dcore_pieces(const c2dcore_shape *s, const c2dcore_shape **pieces) __asm__("c2d_pieces");
int c2dcore_numbers(const c2dcore_shape *s, double *out) __asm__("c2d_numbers");
int c2dcore_hits(const c2dcore_obj *a, const c2dcore_obj *b) __asm__("c2d_hits");
void c2dcore_distance_into(const c2dcore_obj *a, const c2dcore_obj *b, c2dcore_distance_result *out) __asm__("c2d_distance_into");
int c2dcore_contains(const c2dcore_obj *s, double x, double y) __asm__("c2d_contains");
int c2dcore_covers(const c2dcore_obj *a, const c2dcore_obj *b) __asm__("c2d_covers");
int c2dcore_contact(const c2dcore_obj *a, const c2dcore_obj *b, c2dcore_contact_result *out) __asm__("c2d_contact");
void c2dcore_sweep_into(const c2dcore_obj *a, double dx, double dy, const c2dcore_obj *b, double bdx, double bdy,
                        c2dcore_sweep_result *out) __asm__("c2d_sweep_into");
void c2dcore_raycast_into(const c2dcore_obj *s, double x, double y, double dx, double dy, double maxt,
                          c2dcore_sweep_result *out) __asm__("c2d_raycast_into");
int c2dcore_bbox(const c2dcore_obj *s, c2dcore_bounds *out) __asm__("c2d_bbox");
void c2dcore_center_into(const c2dcore_obj *s, c2dcore_vec *out) __asm__("c2d_center_into");
void c2dcore_position_into(const c2dcore_obj *s, c2dcore_vec *out) __asm__("c2d_position_into");
int c2dcore_move(c2dcore_obj *s, double dx, double dy) __asm__("c2d_move");
int c2dcore_move_to(c2dcore_obj *s, double x, double y) __asm__("c2d_move_to");
int c2dcore_rotate(c2dcore_obj *s, double angle, double ox, double oy) __asm__("c2d_rotate");
int c2dcore_scale(c2dcore_obj *s, double k, double ox, double oy) __asm__("c2d_scale");
int c2dcore_outline(const c2dcore_shape *s, int segments, c2dcore_vec *out, int room) __asm__("c2d_outline");
const char *c2dcore_kind_name(int kind) __asm__("c2d_kind_name");
typedef struct c2dcore_world c2dcore_world;
typedef struct c2dcore_world_hit { int slot; double t; c2dcore_vec normal; } c2dcore_world_hit;
c2dcore_world *c2dcore_world_new(double cell) __asm__("c2d_world_new");
void c2dcore_world_free(c2dcore_world *w) __asm__("c2d_world_free");
int c2dcore_world_add(c2dcore_world *w, c2dcore_obj *s, unsigned category, unsigned mask) __asm__("c2d_world_add");
void c2dcore_world_remove(c2dcore_world *w, int slot) __asm__("c2d_world_remove");
void c2dcore_world_touch(void *w, int slot) __asm__("c2d_world_touch");
c2dcore_obj *c2dcore_world_shape(const c2dcore_world *w, int slot) __asm__("c2d_world_shape");
int c2dcore_world_count(const c2dcore_world *w) __asm__("c2d_world_count");
int c2dcore_world_slots(c2dcore_world *w, const int **slots) __asm__("c2d_world_slots");
void c2dcore_world_set_filter(c2dcore_world *w, int slot, unsigned category, unsigned mask) __asm__("c2d_world_set_filter");
void c2dcore_world_get_filter(const c2dcore_world *w, int slot, unsigned *category, unsigned *mask) __asm__("c2d_world_get_filter");
int c2dcore_world_query(c2dcore_world *w, const c2dcore_obj *s, int skip, const unsigned *mask, const int **slots) __asm__("c2d_world_query");
int c2dcore_world_candidates(c2dcore_world *w, const c2dcore_bounds *box, int skip, const unsigned *mask, const int **slots) __asm__("c2d_world_candidates");
int c2dcore_world_collisions_into(c2dcore_world *w, int *pairs, int room) __asm__("c2d_world_collisions_into");
int c2dcore_world_raycast(c2dcore_world *w, c2dcore_vec o, c2dcore_vec d, double maxt, const unsigned *mask,
                          const c2dcore_world_hit **hits) __asm__("c2d_world_raycast");
typedef struct c2dcore_bump_world c2dcore_bump_world;
typedef struct c2dcore_bump_rect { double x, y, w, h; } c2dcore_bump_rect;
typedef struct c2dcore_bump_cells { double cl, ct, cw, ch; } c2dcore_bump_cells;
typedef struct c2dcore_bump_span { double ti1, ti2; int nx1, ny1, nx2, ny2; } c2dcore_bump_span;
typedef struct c2dcore_bump_col {
  int other; int overlaps; double ti; double dist; double mx, my; int nx, ny; double tx, ty; double seq;
  c2dcore_bump_rect item, rect;
} c2dcore_bump_col;
typedef struct c2dcore_bump_seghit { int item; double ti1, ti2, weight, seq; } c2dcore_bump_seghit;
int c2dcore_bump_span_of(const c2dcore_bump_rect *r, double x1, double y1, double x2, double y2,
                         double ti1, double ti2, c2dcore_bump_span *out) __asm__("c2d_bump_span_of");
int c2dcore_bump_detect(const c2dcore_bump_rect *item, const c2dcore_bump_rect *other,
                        double goalx, double goaly, c2dcore_bump_col *out) __asm__("c2d_bump_detect");
c2dcore_bump_world *c2dcore_bump_new(double cell_size) __asm__("c2d_bump_new");
void c2dcore_bump_free(c2dcore_bump_world *w) __asm__("c2d_bump_free");
int c2dcore_bump_add(c2dcore_bump_world *w, const c2dcore_bump_rect *r) __asm__("c2d_bump_add");
const c2dcore_bump_rect *c2dcore_bump_rect_of(const c2dcore_bump_world *w, int id) __asm__("c2d_bump_rect_of");
void c2dcore_bump_remove(c2dcore_bump_world *w, int id) __asm__("c2d_bump_remove");
int c2dcore_bump_update(c2dcore_bump_world *w, int id, const c2dcore_bump_rect *r) __asm__("c2d_bump_update");
int c2dcore_bump_count_cells(const c2dcore_bump_world *w) __asm__("c2d_bump_count_cells");
int c2dcore_bump_emptied(const c2dcore_bump_world *w) __asm__("c2d_bump_emptied");
void c2dcore_bump_next_epoch(c2dcore_bump_world *w, int reap) __asm__("c2d_bump_next_epoch");
int c2dcore_bump_items(c2dcore_bump_world *w, const int **out) __asm__("c2d_bump_items");
int c2dcore_bump_query_cells(c2dcore_bump_world *w, const c2dcore_bump_cells *c, const int **out) __asm__("c2d_bump_query_cells");
int c2dcore_bump_query_rect(c2dcore_bump_world *w, const c2dcore_bump_rect *r, const int **out) __asm__("c2d_bump_query_rect");
int c2dcore_bump_query_point(c2dcore_bump_world *w, double x, double y, const int **out) __asm__("c2d_bump_query_point");
int c2dcore_bump_segment(c2dcore_bump_world *w, double x1, double y1, double x2, double y2,
                         const c2dcore_bump_seghit **out) __asm__("c2d_bump_segment");
int c2dcore_bump_project(c2dcore_bump_world *w, const int *skip, int nskip, const c2dcore_bump_rect *r,
                         double goalx, double goaly, const c2dcore_bump_col **out) __asm__("c2d_bump_project");
const char *c2dcore_error_message(int err) __asm__("c2d_error_message");
]]

-- The kinds and errors of collide2d.h, and its limits.
local POINT, LINE, DISK, AABB, BOX, POLYGON, FAN, CONCAVE, GROUP = 0, 2, 3, 4, 5, 7, 9, 10, 11
local KIND_COUNT = 12
local ERR_COUNT, ERR_NEGATIVE, ERR_NONFINITE = 1, 3, 2
local ERR_SAME_POINTS, ERR_NONCONVEX, ERR_ROTATE_AABB = 5, 6, 8
local MAX_VERTICES, MAX_CONCAVE_VERTICES, MAX_MEMBERS = 256, 4096, 256
local VERSION = "0.1.0" -- as the C binding's _VERSION (src/lua_collide2d.c)

-- What each number of each constructor means, for error messages (as
-- num_names in the binding), and how many numbers the fixed kinds take.
local NUM_NAMES = {
  [0] = { "x", "y" }, { "x1", "y1", "x2", "y2" }, { "x1", "y1", "x2", "y2" }, { "x", "y", "radius" },
  { "x", "y", "width", "height" }, { "x", "y", "width", "height", "angle" },
  { "x1", "y1", "x2", "y2", "x3", "y3" }, { "x", "y" }, { "x1", "y1", "x2", "y2", "radius" },
  { "x", "y", "radius", "direction", "opening" }, { "x", "y" }, { "x", "y" },
}
local ARITY = { [0] = 2, 4, 4, 3, 4, 5, 6, -1, 5, 5, -1, -1 }

-- A finite number (not NaN, not +-inf).
local function finite(x) return type(x) == "number" and x - x == 0 end

-- The World (c2d.world), worded and behaving as the binding's (src/lua_world.c)
-- over the core's world (c2d_world_*). A World is a userdata, as there, whose
-- environment holds the C world, the shapes by slot (which keeps them alive
-- while the C world points at them) and the responses added with
-- addResponse; its __gc frees the C world once nothing reaches it. ctx holds
-- the shapes' helpers from build. Returns c2d.world.
local function build_world(ctx)
  local lib, OBJ, api, raise, check_shape = ctx.lib, ctx.OBJ, ctx.api, ctx.raise, ctx.check_shape
  local check_number, object_of, shape_of = ctx.check_number, ctx.object_of, ctx.shape_of
  local new = ffi.new
  local band = require("bit").band
  local getfenv, setfenv = debug.getfenv, debug.setfenv
  local abs, huge, floor = math.abs, math.huge, math.floor
  local ALL_BITS = 4294967295
  local WORLD_NAME = "collide2d.World"
  -- A move gives up after MOVE_STEPS steps, or after WEDGED_STEPS in a row
  -- that made no headway; MOVE_OVERLAP is how deep two shapes must overlap,
  -- relative to their distance from the origin, to overlap rather than touch
  -- (the binding's constants of the same names).
  local MOVE_STEPS, WEDGED_STEPS, MOVE_OVERLAP, PUSH_STEPS = 4096, 8, 1e-9, 64

  -- Scratch for the C answers; each is read before any Lua callback runs.
  local slots_out = new("const int *[1]")
  local pairs_room = 256
  local pairs_out = new("int[?]", pairs_room) -- w:collisions's pairs (grown as needed)
  local hits_out = new("const c2dcore_world_hit *[1]")
  local category_out, mask_out = new("unsigned[1]"), new("unsigned[1]")
  local mover_mask = new("unsigned[1]") -- the mask a move or push queries with
  local box = new("c2dcore_bounds")
  local bounds_out = new("c2dcore_bounds")
  local vec_out = new("c2dcore_vec")
  local origin, direction = new("c2dcore_vec"), new("c2dcore_vec")
  local sweep_out = new("c2dcore_sweep_result")
  local contact_out = new("c2dcore_contact_result")
  local nums, bad = new("double[4]"), new("int[1]")
  local probe = OBJ(0) -- the point or rectangle of queryPoint and queryRect

  -- The copies move, check and push sweep (the shape itself moves once, at
  -- the end), kept and reused so that a move leaves no garbage but its
  -- list of collisions: one per depth of moves made inside filters. A
  -- callback that raises leaves its depth taken; later moves then use the
  -- next one (made once), which costs nothing but the memory.
  local movers, mover_rooms, mover_depth = {}, {}, 0
  local function take_mover(s)
    local need = floor((tonumber(lib.c2dcore_storage_size(s)) + 7) / 8)
    local m
    mover_depth = mover_depth + 1
    m = movers[mover_depth]
    if m == nil or mover_rooms[mover_depth] < need then
      m = OBJ(need)
      movers[mover_depth], mover_rooms[mover_depth] = m, need
    end
    lib.c2dcore_copy(m, s, m.storage)
    m.core.world = nil -- unlinked: its moves are not the shape's
    return m
  end

  local proto = newproxy(true)
  local WORLD_MT = getmetatable(proto)
  local methods = {}

  -- The name of a value's type, as luaL_typename gives it.
  local function typename(v, present)
    if not present then return "no value" end
    return type(v)
  end

  -- The error the binding raises with luaL_error: the message at the
  -- caller of the library function that is running.
  local function fail(msg)
    local level = 2
    while true do
      local info = debug.getinfo(level, "f")
      if not info then error(msg, 2) end
      if api[info.func] then error(msg, level + 1) end
      level = level + 1
    end
  end

  local function out_of_memory() fail("collide2d world: out of memory") end

  -- The environment of the World w (argument 1 of fname).
  local function check_world(fname, w, present)
    local env = type(w) == "userdata" and rawequal(getmetatable(w), WORLD_MT) and getfenv(w)
    if not env or env.cw == nil then
      ctx.type_error(1, fname, "collide2d world", w, present)
    end
    return env
  end

  -- Collision bits: an integer in [0, 2^32), def when absent or nil.
  local function check_bits(i, v, def, fname, name)
    if v == nil then return def end
    local x = check_number(i, fname, name, v, true)
    if x < 0 or x > ALL_BITS or x ~= math.floor(x) then
      raise(i, fname, name .. " must be an integer in [0, 2^32)")
    end
    return x
  end

  -- A query's filter: nil, a mask, or a function. Returns the mask for the
  -- core (nil: no bits are tested, as for nil or a function) and the function.
  local query_mask = new("unsigned[1]")
  local function check_filter(i, v, fname)
    if v == nil then return nil, nil end
    if type(v) == "function" then return nil, v end
    if type(v) ~= "number" then raise(i, fname, "filter (a mask or a function) expected, got " .. type(v)) end
    query_mask[0] = check_bits(i, v, ALL_BITS, fname, "filter mask")
    return query_mask, nil
  end

  -- luaL_checktype(L, i, LUA_TFUNCTION): the function named as at the call.
  local function check_function(i, v, present)
    if type(v) ~= "function" then raise(i, nil, "function expected, got " .. typename(v, present)) end
  end

  -- The slot of shape s (argument i), which must be in this world.
  local function slot_in(env, i, s, fname, present)
    local obj = check_shape(i, fname, s, present)
    if obj.core.world ~= env.cw then raise(i, fname, "shape is not in this world") end
    return obj.core.world_slot
  end

  -- The shapes of the n slots at slots, then those filter(shape) keeps.
  local function shapes_of(store, slots, n, filter)
    local list = {}
    for i = 0, n - 1 do list[i + 1] = store[slots[i] + 1] end
    if not filter then return list end
    local k = 0
    for i = 1, n do
      local other = list[i]
      if filter(other) then
        k = k + 1
        list[k] = other
      end
    end
    for i = k + 1, n do list[i] = nil end
    return list
  end

  local function world(...)
    local cell = ...
    if cell == nil then cell = 64 else cell = check_number(1, "world", "cellSize", cell, true) end
    if not (cell > 0) then raise(1, "world", "cellSize must be > 0") end
    local w = newproxy(proto)
    local cw = lib.c2dcore_world_new(cell)
    if cw == nil then out_of_memory() end
    setfenv(w, { cw = cw, store = {}, responses = {} })
    return w
  end

  WORLD_MT.__gc = function(w)
    local env = getfenv(w)
    if type(env) == "table" and env.cw ~= nil then
      lib.c2dcore_world_free(env.cw) -- unlinks its shapes, which the store kept alive until now
      env.cw = nil
    end
  end

  function methods.add(...)
    local w, s, category, mask = ...
    local n = select("#", ...)
    local env = check_world("add", w, n >= 1)
    local obj = check_shape(2, "add", s, n >= 2)
    category = check_bits(3, category, 1, "add", "category")
    mask = check_bits(4, mask, ALL_BITS, "add", "mask")
    if obj.core.world ~= nil then
      raise(2, "add", obj.core.world == env.cw and "shape is already in this world"
        or "shape is already in another world (remove it there first)")
    end
    local slot = lib.c2dcore_world_add(env.cw, obj, category, mask)
    if slot < 0 then out_of_memory() end
    env.store[slot + 1] = s
    return s
  end

  function methods.remove(...)
    local w, s = ...
    local n = select("#", ...)
    local env = check_world("remove", w, n >= 1)
    local slot = slot_in(env, 2, s, "remove", n >= 2)
    lib.c2dcore_world_remove(env.cw, slot)
    env.store[slot + 1] = nil
    return s
  end

  function methods.has(...)
    local w, s = ...
    local n = select("#", ...)
    local env = check_world("has", w, n >= 1)
    return check_shape(2, "has", s, n >= 2).core.world == env.cw
  end

  function methods.count(...)
    local env = check_world("count", (...), select("#", ...) >= 1)
    return lib.c2dcore_world_count(env.cw)
  end

  function methods.shapes(...)
    local env = check_world("shapes", (...), select("#", ...) >= 1)
    local n = lib.c2dcore_world_slots(env.cw, slots_out)
    return shapes_of(env.store, slots_out[0], n)
  end

  function methods.setFilter(...)
    local w, s, category, mask = ...
    local n = select("#", ...)
    local env = check_world("setFilter", w, n >= 1)
    local slot = slot_in(env, 2, s, "setFilter", n >= 2)
    category = check_bits(3, category, 1, "setFilter", "category")
    mask = check_bits(4, mask, ALL_BITS, "setFilter", "mask")
    lib.c2dcore_world_set_filter(env.cw, slot, category, mask)
    return s
  end

  function methods.getFilter(...)
    local w, s = ...
    local n = select("#", ...)
    local env = check_world("getFilter", w, n >= 1)
    lib.c2dcore_world_get_filter(env.cw, slot_in(env, 2, s, "getFilter", n >= 2), category_out, mask_out)
    return category_out[0] + 0, mask_out[0] + 0
  end

  -- The slot of obj in the world cw, or -1 when it is in no world or another.
  local function own_slot(obj, cw)
    if obj.core.world == cw then return obj.core.world_slot end
    return -1
  end

  -- The shapes that hit s (skip: its slot when it is in this world, else -1).
  local function query_shape(env, s, skip, i, filter, fname)
    local mask, fn = check_filter(i, filter, fname)
    local n = lib.c2dcore_world_query(env.cw, s, skip, mask, slots_out)
    if n < 0 then out_of_memory() end
    return shapes_of(env.store, slots_out[0], n, fn)
  end

  function methods.query(...)
    local w, s, filter = ...
    local n = select("#", ...)
    local env = check_world("query", w, n >= 1)
    local obj = check_shape(2, "query", s, n >= 2)
    local list = query_shape(env, obj, own_slot(obj, env.cw), 3, filter, "query")
    return list
  end

  function methods.queryPoint(...)
    local w, x, y, filter = ...
    local n = select("#", ...)
    local env = check_world("queryPoint", w, n >= 1)
    nums[0] = check_number(2, "queryPoint", "x", x, n >= 2)
    nums[1] = check_number(3, "queryPoint", "y", y, n >= 3)
    lib.c2dcore_make(probe, POINT, nums, 2, nil, bad)
    local list = query_shape(env, probe, -1, 4, filter, "queryPoint")
    return list
  end

  local RECT_NAMES = { "x", "y", "width", "height" }
  function methods.queryRect(...)
    local w, _, _, _, _, filter = ...
    local n = select("#", ...)
    local env = check_world("queryRect", w, n >= 1)
    for i = 1, 4 do nums[i - 1] = check_number(i + 1, "queryRect", RECT_NAMES[i], (select(i + 1, ...)), n >= i + 1) end
    local err = lib.c2dcore_make(probe, AABB, nums, 4, nil, bad)
    if err ~= 0 then
      local name = RECT_NAMES[bad[0] >= 0 and bad[0] + 1 or 3]
      raise(bad[0] >= 0 and bad[0] + 2 or 2, "queryRect",
            name .. (err == ERR_NEGATIVE and " must be >= 0" or " is out of range: the rectangle would reach past the largest number"))
    end
    local list = query_shape(env, probe, -1, 6, filter, "queryRect")
    return list
  end

  -- A ray through the world: its hits nearest first, as {shape, t, nx, ny}
  -- rows (read out before any callback runs).
  local function ray_hits(env, ox, oy, dx, dy, maxt, mask)
    origin.x, origin.y, direction.x, direction.y = ox, oy, dx, dy
    local n = lib.c2dcore_world_raycast(env.cw, origin, direction, maxt, mask, hits_out)
    if n < 0 then out_of_memory() end
    local hits, store, rows = hits_out[0], env.store, {}
    for i = 0, n - 1 do
      local h = hits[i]
      rows[4 * i + 1], rows[4 * i + 2] = store[h.slot + 1], h.t + 0
      rows[4 * i + 3], rows[4 * i + 4] = h.normal.x + 0, h.normal.y + 0
    end
    return rows, n
  end

  function methods.querySegment(...)
    local w, x1, y1, x2, y2, filter = ...
    local n = select("#", ...)
    local env = check_world("querySegment", w, n >= 1)
    local ox = check_number(2, "querySegment", "x1", x1, n >= 2)
    local oy = check_number(3, "querySegment", "y1", y1, n >= 3)
    local ex = check_number(4, "querySegment", "x2", x2, n >= 4)
    local ey = check_number(5, "querySegment", "y2", y2, n >= 5)
    local mask, fn = check_filter(6, filter, "querySegment")
    local dx, dy, maxt = ex - ox, ey - oy, 1
    if dx - dx ~= 0 or dy - dy ~= 0 then
      -- ends farther apart than the largest number: half the step, twice as far
      dx, dy, maxt = ex * 0.5 - ox * 0.5, ey * 0.5 - oy * 0.5, 2
    end
    local rows, count = ray_hits(env, ox, oy, dx, dy, maxt, mask)
    local list, k = {}, 0
    for i = 0, count - 1 do
      local other = rows[4 * i + 1]
      if not fn or fn(other) then
        k = k + 1
        list[k] = other
      end
    end
    return list
  end

  function methods.raycast(...)
    local w, x, y, dx, dy, maxt, filter = ...
    local n = select("#", ...)
    local env = check_world("raycast", w, n >= 1)
    x = check_number(2, "raycast", "x", x, n >= 2)
    y = check_number(3, "raycast", "y", y, n >= 3)
    dx = check_number(4, "raycast", "dx", dx, n >= 4)
    dy = check_number(5, "raycast", "dy", dy, n >= 5)
    if maxt == nil then maxt = 1 else maxt = check_number(6, "raycast", "maxt", maxt, true) end
    if maxt < 0 then raise(6, "raycast", "maxt must be >= 0") end
    local mask, fn = check_filter(7, filter, "raycast")
    local rows, count = ray_hits(env, x, y, dx, dy, maxt, mask)
    for i = 0, count - 1 do
      local other = rows[4 * i + 1]
      if not fn or fn(other) then return other, rows[4 * i + 2], rows[4 * i + 3], rows[4 * i + 4] end
    end
    return nil
  end

  function methods.collisions(...)
    local w, out = ...
    local env = check_world("collisions", w, select("#", ...) >= 1)
    local n = lib.c2dcore_world_collisions_into(env.cw, pairs_out, pairs_room)
    if n < 0 then out_of_memory() end
    if 2 * n > pairs_room then
      pairs_room = 4 * n
      pairs_out = new("int[?]", pairs_room)
      n = lib.c2dcore_world_collisions_into(env.cw, pairs_out, pairs_room)
      if n < 0 then out_of_memory() end
    end
    if out ~= nil and type(out) ~= "table" then raise(2, nil, "table expected, got " .. type(out)) end
    local pairs_, store = pairs_out, env.store
    local list, old = out, 0
    if list == nil then list = {} else old = #list end
    for i = 0, 2 * n - 1 do list[i + 1] = store[pairs_[i] + 1] end
    for i = 2 * n + 1, old do list[i] = nil end -- clear what a longer list left
    return list, n
  end

  function methods.addResponse(...)
    local w, name, fn = ...
    local n = select("#", ...)
    local env = check_world("addResponse", w, n >= 1)
    if type(name) == "number" then
      name = tostring(name)
    elseif type(name) ~= "string" then
      raise(2, nil, "string expected, got " .. typename(name, n >= 2))
    end
    check_function(3, fn, n >= 3)
    env.responses[name] = fn
  end

  -- Movement, as the binding's move_or_check: the mover is swept on a copy
  -- (the world sees it move once, at the end); each step sweeps it toward the
  -- goal against the candidates of its swept box, takes the earliest touch,
  -- asks the filter what to do, and answers touch, cross, slide, bounce or
  -- a response added with addResponse.
  local TOUCH, CROSS, SLIDE, BOUNCE, CUSTOM = 0, 1, 2, 3, 4
  local RESPONSES = { touch = TOUCH, cross = CROSS, slide = SLIDE, bounce = BOUNCE }

  -- Do a and b overlap beyond a touch (b nil: a callback removed it).
  local function overlapping(a, b)
    if b == nil then return true end
    local c = contact_out
    if lib.c2dcore_contact(a, b, c) ~= 0 then return true end
    lib.c2dcore_position_into(a, vec_out)
    local scale = abs(vec_out.x) > abs(vec_out.y) and abs(vec_out.x) or abs(vec_out.y)
    return c.hit ~= 0 and c.depth > MOVE_OVERLAP * (scale > 1 and scale or 1)
  end

  local function move_or_check(apply, fname, ...)
    local w, s, goalX, goalY, filter = ...
    local nargs = select("#", ...)
    local env = check_world(fname, w, nargs >= 1)
    local obj = check_shape(2, fname, s, nargs >= 2)
    local gx = check_number(3, fname, "goalX", goalX, nargs >= 3)
    local gy = check_number(4, fname, "goalY", goalY, nargs >= 4)
    if filter ~= nil then check_function(5, filter, true) end
    local cw, store, responses = env.cw, env.store, env.responses
    local category, mask = 1, ALL_BITS
    if obj.core.world == cw then
      lib.c2dcore_world_get_filter(cw, obj.core.world_slot, category_out, mask_out)
      category, mask = category_out[0] + 0, mask_out[0] + 0
    end
    local passed -- other -> true for the shapes passed over (crossed or ignored)
    local cols, ncols, wedged, still = {}, 0, 0, true
    local m = take_mover(ctx.as_shape(obj))
    lib.c2dcore_position_into(obj, vec_out)
    local px, py = vec_out.x, vec_out.y
    local startx, starty = px, py
    for steps = 1, MOVE_STEPS do
      local vx, vy = gx - px, gy - py
      if vx - vx ~= 0 or vy - vy ~= 0 then
        -- a motion farther than the largest number could only tunnel
        if steps == 1 then
          local xbad = vx - vx ~= 0
          raise(xbad and 3 or 4, fname,
                (xbad and "goalX" or "goalY") .. " is out of range: the motion to it would pass the largest number")
        end
        fail(fname .. ": the rest of the motion is out of range (it would pass the largest number)")
      end
      -- A move to where the shape is still meets what it overlaps (each
      -- once); once the shape has gone somewhere, reaching the goal ends it.
      if vx == 0 and vy == 0 then
        if not still then break end
      else
        still = false
      end
      if lib.c2dcore_move_to(m, px, py) ~= 0 then break end
      local b = bounds_out
      local minx, miny, maxx, maxy = -huge, -huge, huge, huge
      if lib.c2dcore_bbox(m, b) ~= 0 then minx, miny, maxx, maxy = b.minx, b.miny, b.maxx, b.maxy end
      local minx1, miny1, maxx1, maxy1 = minx + vx, miny + vy, maxx + vx, maxy + vy
      box.minx = minx < minx1 and minx or minx1
      box.miny = miny < miny1 and miny or miny1
      box.maxx = maxx > maxx1 and maxx or maxx1
      box.maxy = maxy > maxy1 and maxy or maxy1
      mover_mask[0] = mask
      -- The mover's own slot, asked each step: a callback may have removed it
      -- and added it again (another shape may hold its old slot now).
      local self = own_slot(obj, cw)
      local n = lib.c2dcore_world_candidates(cw, box, self, mover_mask, slots_out)
      if n < 0 then out_of_memory() end
      -- The earliest touch among the candidates whose bits take the mover
      -- (no Lua callback runs in this loop, so the slots stay as they are).
      local slots, best, best_t, bnx, bny = slots_out[0], -1, 2, 0, 0
      for i = 0, n - 1 do
        local slot = slots[i]
        local o = store[slot + 1]
        if o ~= nil and slot ~= self then
          lib.c2dcore_world_get_filter(cw, slot, category_out, mask_out)
          if band(mask_out[0], category) ~= 0 and not (passed and passed[o]) then
            local r = sweep_out
            lib.c2dcore_sweep_into(m, vx, vy, object_of[o], 0, 0, r)
            if r.hit ~= 0 and r.t < best_t then best_t, best, bnx, bny = r.t, slot, r.normal.x, r.normal.y end
          end
        end
      end
      if best < 0 then px, py = gx, gy break end
      local atx, aty = px + vx * best_t, py + vy * best_t
      -- Ask the filter (default slide); the callbacks may change the world
      -- from here on, so the other is held as its shape.
      local other = store[best + 1]
      local answer = "slide"
      if filter then answer = filter(s, other) end
      local resp, custom = -1, nil
      if answer then
        if type(answer) ~= "string" then raise(5, fname, "the filter must return a response name or a falsy value") end
        -- a response added with addResponse first (one under a built-in name replaces it)
        custom = responses[answer]
        if custom ~= nil then
          resp = CUSTOM
        else
          resp = RESPONSES[answer]
          if resp == nil then
            raise(5, fname, ("the filter returned '%s', which is not a response name: add it with addResponse"):format(answer))
          end
        end
      end
      -- A shape crossed, ignored, given to an added response, met by a shape
      -- that is not moving, or overlapped at the start of the step is passed
      -- over for the rest of the move.
      if resp < 0 or resp == CROSS or resp == CUSTOM or still
         or (best_t == 0 and overlapping(m, lib.c2dcore_world_shape(cw, best))) then
        passed = passed or {}
        passed[other] = true
      end
      if resp >= 0 then
        local col = { other = other, type = answer, ti = best_t + 0, nx = bnx + 0, ny = bny + 0, x = atx + 0, y = aty + 0 }
        ncols = ncols + 1
        cols[ncols] = col
        local restx, resty = gx - atx, gy - aty
        local along = restx * bnx + resty * bny
        -- The rest less its part into the normal is found before it is added
        -- to at: a goal far beyond at would swallow at otherwise.
        if resp == TOUCH then
          px, py, gx, gy = atx, aty, atx, aty
        elseif resp == SLIDE then
          px, py = atx, aty
          if along < 0 then gx, gy = atx + (restx - along * bnx), aty + (resty - along * bny) end
        elseif resp == BOUNCE then
          px, py = atx, aty
          if along < 0 then gx, gy = atx + (restx - 2 * along * bnx), aty + (resty - 2 * along * bny) end
        elseif resp == CUSTOM then
          -- fn(world, col, x, y, goalX, goalY) -> goalX, goalY, or nothing to stop there
          local nx, ny = custom(w, col, atx + 0, aty + 0, gx + 0, gy + 0)
          px, py = atx, aty
          if nx == nil and ny == nil then
            gx, gy = atx, aty
          elseif type(nx) == "number" and type(ny) == "number" then
            gx, gy = nx, ny
            if not (gx - gx == 0 and gy - gy == 0) then fail(fname .. ": a response returned a goal that is not finite") end
          else
            fail(("%s: a response must return goalX, goalY (numbers) or nothing, got %s and %s"):format(fname, type(nx), type(ny)))
          end
        end
        if resp == TOUCH then break end
        if resp ~= CROSS and not still then
          wedged = best_t == 0 and wedged + 1 or 0
          if wedged >= WEDGED_STEPS then break end
        end
      end
    end
    mover_depth = mover_depth - 1
    if apply and (px ~= startx or py ~= starty) then
      if lib.c2dcore_move_to(obj, px, py) ~= 0 then fail(fname .. ": the goal is out of range") end
    end
    return px + 0, py + 0, cols, ncols
  end

  function methods.move(...)
    local x, y, cols, n = move_or_check(true, "move", ...)
    return x, y, cols, n
  end

  function methods.check(...)
    local x, y, cols, n = move_or_check(false, "check", ...)
    return x, y, cols, n
  end

  -- Push, as the binding's l_push: the deepest overlap at a time, each left
  -- by contact's least translation; when that goes round in circles (a shape
  -- pinned between two walls) or meets an overlap no translation ends (a
  -- Line across a Line), along one direction instead: each overlap's normal,
  -- then up, right, left and down, the least distance that leaves it clear.
  local PUSH_AXES = { { 0, -1 }, { 1, 0 }, { -1, 0 }, { 0, 1 } }
  local PUSH_DIRECTIONS = 12

  -- The shapes the mover m overlaps (beyond a touch) where it is, whose masks
  -- take category and that the filter keeps, as an array of shapes.
  -- The shapes that hit the mover m where it is and whose masks take
  -- category, as shapes (callbacks may change the world): an array and its length.
  local function push_takers(env, m, obj, category, mask)
    local cw, store = env.cw, env.store
    mover_mask[0] = mask
    -- The shape's own slot, asked each time: a filter may have removed it and
    -- added it again (another shape may hold its old slot now).
    local n = lib.c2dcore_world_query(cw, m, own_slot(obj, cw), mover_mask, slots_out)
    if n < 0 then out_of_memory() end
    local cand, k, slots = {}, 0, slots_out[0]
    for i = 0, n - 1 do
      lib.c2dcore_world_get_filter(cw, slots[i], category_out, mask_out)
      if band(mask_out[0], category) ~= 0 then
        k = k + 1
        cand[k] = store[slots[i] + 1]
      end
    end
    return cand, k
  end

  local function push_overlaps(env, m, s, obj, category, mask, filter)
    local cand, k = push_takers(env, m, obj, category, mask)
    local list, out = {}, 0
    for i = 1, k do
      local o = cand[i]
      local other = shape_of(o)
      if other ~= nil and not rawequal(o, s) and (not filter or filter(s, o)) and overlapping(m, other) then
        out = out + 1
        list[out] = o
      end
    end
    return list, out
  end

  -- How far the mover, placed at (px, py), must go along the unit vector
  -- (ux, uy) to leave o: from a place far enough along that it is clear, the
  -- sweep back meets o where the mover leaves it. nil when no distance does.
  local function exit_along(m, px, py, ux, uy, o)
    if lib.c2dcore_move_to(m, px, py) ~= 0 then return nil end
    local b, far = bounds_out, 0
    if lib.c2dcore_bbox(m, b) ~= 0 then far = far + (b.maxx - b.minx) + (b.maxy - b.miny) end
    if lib.c2dcore_bbox(o, b) ~= 0 then far = far + (b.maxx - b.minx) + (b.maxy - b.miny) end
    if not (far > 0) then far = 1 end
    for _ = 1, 64 do
      if far - far ~= 0 then return nil end
      if lib.c2dcore_move_to(m, px + ux * far, py + uy * far) ~= 0 then return nil end
      if not overlapping(m, o) then
        local r = sweep_out
        lib.c2dcore_sweep_into(m, -ux * far, -uy * far, o, 0, 0, r)
        if r.hit ~= 0 then return far - far * r.t end
        return 0
      end
      far = far * 2
    end
    return nil
  end

  -- The least s >= 0 that leaves the mover at start + s u clear of what
  -- push_overlaps counts; with cols, the records of the shapes left, in the
  -- order met. nil when none is found.
  local function clear_along(env, m, s, obj, category, mask, filter, sx, sy, ux, uy, cols)
    local dist = 0
    for _ = 1, PUSH_STEPS do
      local ax, ay = sx + ux * dist, sy + uy * dist
      if lib.c2dcore_move_to(m, ax, ay) ~= 0 then return nil end
      local list, k = push_overlaps(env, m, s, obj, category, mask, filter)
      if k == 0 then return dist end
      local step = 0
      for i = 1, k do
        local e = exit_along(m, ax, ay, ux, uy, object_of[list[i]])
        if e == nil then return nil end
        if cols then cols[#cols + 1] = { other = list[i], type = "push", nx = ux + 0, ny = uy + 0, depth = e + 0 } end
        if e > step then step = e end
      end
      if not (step > 0) or (dist + step) - (dist + step) ~= 0 then return nil end
      dist = dist + step
    end
    return nil
  end

  -- w:push(shape [, filter])
  function methods.push(...)
    local w, s, filter = ...
    local nargs = select("#", ...)
    local env = check_world("push", w, nargs >= 1)
    local obj = check_shape(2, "push", s, nargs >= 2)
    if filter ~= nil then check_function(3, filter, true) end
    local cw = env.cw
    local category, mask = 1, ALL_BITS
    if obj.core.world == cw then
      lib.c2dcore_world_get_filter(cw, obj.core.world_slot, category_out, mask_out)
      category, mask = category_out[0] + 0, mask_out[0] + 0
    end
    local cols, ncols, clear = {}, 0, false
    local m = take_mover(ctx.as_shape(obj))
    lib.c2dcore_position_into(obj, vec_out)
    local px, py = vec_out.x, vec_out.y
    local startx, starty = px, py
    for _ = 1, PUSH_STEPS do
      local cand, k = push_takers(env, m, obj, category, mask)
      local best, depth, bnx, bny = 0, 0, 0, 0
      for i = 1, k do
        local o = cand[i]
        local other = shape_of(o) -- (nil for a shape given another kind's metatable: passed over, as in the binding)
        if other ~= nil and not rawequal(o, s) and (not filter or filter(s, o)) then
          local c = contact_out
          if lib.c2dcore_contact(m, other, c) == 0 and c.hit ~= 0 and c.depth > depth then
            depth, best, bnx, bny = c.depth, i, c.normal.x, c.normal.y
          end
        end
      end
      if best == 0 then clear = true break end
      if depth - depth ~= 0 then break end -- no translation ends it
      px, py = px + bnx * depth, py + bny * depth
      if lib.c2dcore_move_to(m, px, py) ~= 0 then break end
      ncols = ncols + 1
      cols[ncols] = { other = cand[best], type = "push", nx = bnx + 0, ny = bny + 0, depth = depth + 0 }
    end
    if not clear then
      if lib.c2dcore_move_to(m, startx, starty) ~= 0 then fail("push: the position is out of range") end
      local list, k = push_overlaps(env, m, s, obj, category, mask, filter)
      local dirs = {}
      for i = 1, k do
        if #dirs >= PUSH_DIRECTIONS - 4 then break end
        local c = contact_out
        if lib.c2dcore_contact(m, object_of[list[i]], c) == 0 and c.hit ~= 0 and c.depth - c.depth == 0 then
          dirs[#dirs + 1] = { c.normal.x, c.normal.y }
        end
      end
      for i = 1, 4 do dirs[#dirs + 1] = PUSH_AXES[i] end
      local best_s, bux, buy = huge, nil, nil
      for i = 1, #dirs do
        local d = clear_along(env, m, s, obj, category, mask, filter, startx, starty, dirs[i][1], dirs[i][2])
        if d ~= nil and d < best_s then best_s, bux, buy = d, dirs[i][1], dirs[i][2] end
      end
      cols = {}
      if bux ~= nil then
        clear_along(env, m, s, obj, category, mask, filter, startx, starty, bux, buy, cols)
        px, py = startx + bux * best_s, starty + buy * best_s
      else
        -- nothing frees it: it stays, and its overlaps are listed
        px, py = startx, starty
        if lib.c2dcore_move_to(m, startx, starty) ~= 0 then fail("push: the position is out of range") end
        for i = 1, k do
          local c = contact_out
          if lib.c2dcore_contact(m, object_of[list[i]], c) == 0 and c.hit ~= 0 then
            cols[#cols + 1] = { other = list[i], type = "push", nx = c.normal.x + 0, ny = c.normal.y + 0, depth = c.depth + 0 }
          end
        end
      end
      ncols = #cols
    end
    mover_depth = mover_depth - 1
    if px ~= startx or py ~= starty then
      if lib.c2dcore_move_to(obj, px, py) ~= 0 then fail("push: the position is out of range") end
    end
    return px + 0, py + 0, cols, ncols
  end

  local function tostring_world(w)
    local env = check_world("tostring", w, true)
    return ("World(%d shapes)"):format(lib.c2dcore_world_count(env.cw))
  end

  WORLD_MT.__name = WORLD_NAME
  WORLD_MT.__index = methods
  WORLD_MT.__tostring = tostring_world
  for _, f in pairs(methods) do api[f] = true end
  api[world], api[tostring_world] = true, true
  return world
end

-- The C half of collide2d.bump (c2d._bump), worded and behaving as the
-- binding's (src/lua_bump.c) over the core's bump grid (src/bump.h). The Lua
-- half, lua/collide2d/bump.lua, checks the arguments a user gives; rect.detectCollision
-- and rect.getSegmentIntersectionIndices are these functions themselves, so
-- their numbers are checked as luaL_checknumber checks them.
local function build_bump(lib)
  local new = ffi.new
  local TOO_FAR, TOO_MANY_CELLS = -2, -3
  local rect_a, rect_b, rect_r = new("c2dcore_bump_rect"), new("c2dcore_bump_rect"), new("c2dcore_bump_rect")
  local cells = new("c2dcore_bump_cells")
  local span_out, col_out = new("c2dcore_bump_span"), new("c2dcore_bump_col")
  local ids_out = new("const int *[1]")
  local hits_out = new("const c2dcore_bump_seghit *[1]")
  local cols_out = new("const c2dcore_bump_col *[1]")
  local skip_one = new("int[1]")
  local B = {}

  -- luaL_argerror: "bad argument #i to 'name' (msg)", named and counted as
  -- Lua names the function at stack level fl (from here), raised at its caller.
  local function argerror(fl, i, msg)
    local info = debug.getinfo(fl, "n")
    local name = info and info.name or "?"
    if info and info.namewhat == "method" then
      i = i - 1
      if i == 0 then error(("calling '%s' on bad self (%s)"):format(name, msg), fl + 1) end
    end
    error(("bad argument #%d to '%s' (%s)"):format(i, name, msg), fl + 1)
  end

  local function typename(v, present) return present and type(v) or "no value" end

  -- luaL_checknumber for argument i of the function that calls this (a
  -- numeric string is taken as its number).
  local function checknumber(i, v, present)
    local x = tonumber(v)
    if type(v) ~= "number" and (type(v) ~= "string" or x == nil) then
      argerror(3, i, "number expected, got " .. typename(v, present))
    end
    return x
  end

  -- The luaL_error a world status stands for, at the caller of the function
  -- at stack level fl (2: the function calling this; 3: its caller).
  local function status_error(st, fl)
    fl = (fl or 2) + 1
    if st == TOO_FAR then error("rect too far from the origin for the grid (cell index beyond 2^40)", fl) end
    if st == TOO_MANY_CELLS then error("rect covers more than 2^24 cells", fl) end
    error("not enough memory", fl)
  end

  -- The C world of a bump world w (a userdata holding it, freed by __gc).
  local proto = newproxy(true)
  local WORLD_MT = getmetatable(proto)
  WORLD_MT.__name = "collide2d.bump.World"
  WORLD_MT.__gc = function(w)
    local env = debug.getfenv(w)
    if type(env) == "table" and env.w ~= nil then
      lib.c2dcore_bump_free(env.w)
      env.w = nil
    end
  end
  local function check_world(w)
    local env = type(w) == "userdata" and rawequal(getmetatable(w), WORLD_MT) and debug.getfenv(w)
    if not env or env.w == nil then argerror(3, 1, "bump world expected") end
    return env.w
  end

  local function as_rect(r, x, y, w, h) r.x, r.y, r.w, r.h = x, y, w, h return r end

  -- A collision table as bump builds it.
  local function col_table(c, item, other, kind)
    return {
      overlaps = c.overlaps ~= 0, ti = c.ti + 0,
      move = { x = c.mx + 0, y = c.my + 0 }, normal = { x = c.nx, y = c.ny },
      touch = { x = c.tx + 0, y = c.ty + 0 },
      itemRect = { x = c.item.x + 0, y = c.item.y + 0, w = c.item.w + 0, h = c.item.h + 0 },
      otherRect = { x = c.rect.x + 0, y = c.rect.y + 0, w = c.rect.w + 0, h = c.rect.h + 0 },
      other = other, item = item, type = kind,
    }
  end

  function B.new(cs)
    cs = checknumber(1, cs, cs ~= nil)
    local w = newproxy(proto)
    local cw = lib.c2dcore_bump_new(cs)
    if cw == nil then error("not enough memory", 2) end
    debug.setfenv(w, { w = cw })
    return w
  end

  function B.add(w, x, y, width, h)
    local cw = check_world(w)
    local id = lib.c2dcore_bump_add(cw, as_rect(rect_r, x, y, width, h))
    if id < 0 then status_error(id) end
    return id
  end

  function B.remove(w, id)
    local cw = check_world(w)
    lib.c2dcore_bump_remove(cw, id)
    return lib.c2dcore_bump_emptied(cw)
  end

  function B.update(w, id, x, y, width, h)
    local cw = check_world(w)
    local st = lib.c2dcore_bump_update(cw, id, as_rect(rect_r, x, y, width, h))
    if st ~= 0 then status_error(st) end
    return lib.c2dcore_bump_emptied(cw)
  end

  function B.rect(w, id)
    local r = lib.c2dcore_bump_rect_of(check_world(w), id)
    if r == nil then return end
    return r.x + 0, r.y + 0, r.w + 0, r.h + 0
  end

  function B.countCells(w) return lib.c2dcore_bump_count_cells(check_world(w)) end

  function B.epoch(w, reap) lib.c2dcore_bump_next_epoch(check_world(w), reap and 1 or 0) end

  -- A list of the items with the n ids at ids (items: id -> item), and n.
  local function items_of(ids, n, items)
    if n < 0 then status_error(n, 3) end
    local list = {}
    for i = 0, n - 1 do list[i + 1] = items[ids[i]] end
    return list, n
  end

  function B.items(w, items)
    local cw = check_world(w)
    local n = lib.c2dcore_bump_items(cw, ids_out)
    local list, len = items_of(ids_out[0], n, items)
    return list, len
  end

  function B.cells(w, cl, ct, cwidth, ch, items)
    local cw = check_world(w)
    cells.cl, cells.ct, cells.cw, cells.ch = cl, ct, cwidth, ch
    local n = lib.c2dcore_bump_query_cells(cw, cells, ids_out)
    if n < 0 then status_error(n) end
    local ids, set = ids_out[0], {}
    for i = 0, n - 1 do set[items[ids[i]]] = true end
    return set
  end

  function B.queryRect(w, x, y, width, h, items)
    local cw = check_world(w)
    local n = lib.c2dcore_bump_query_rect(cw, as_rect(rect_r, x, y, width, h), ids_out)
    local list, len = items_of(ids_out[0], n, items)
    return list, len
  end

  function B.queryPoint(w, x, y, items)
    local cw = check_world(w)
    local n = lib.c2dcore_bump_query_point(cw, x, y, ids_out)
    local list, len = items_of(ids_out[0], n, items)
    return list, len
  end

  -- segment(W, x1, y1, x2, y2, items, withCoords): the items, or bump's info tables.
  function B.segment(w, x1, y1, x2, y2, items, coords)
    local cw = check_world(w)
    local dx, dy = x2 - x1, y2 - y1
    local n = lib.c2dcore_bump_segment(cw, x1, y1, x2, y2, hits_out)
    if n < 0 then status_error(n) end
    local h, list = hits_out[0], {}
    for i = 0, n - 1 do
      local hit = h[i]
      if coords then
        list[i + 1] = {
          item = items[hit.item], ti1 = hit.ti1 + 0, ti2 = hit.ti2 + 0,
          x1 = x1 + dx * hit.ti1, y1 = y1 + dy * hit.ti1, x2 = x1 + dx * hit.ti2, y2 = y1 + dy * hit.ti2,
        }
      else
        list[i + 1] = items[hit.item]
      end
    end
    return list, n
  end

  -- A copy of n collisions that outlives calls back into Lua (which may query the world).
  local function keep_cols(found, n)
    local copy = new("c2dcore_bump_col[?]", n)
    ffi.copy(copy, found, n * ffi.sizeof("c2dcore_bump_col"))
    return copy
  end

  -- project(W, skip, item, x, y, w, h, goalx, goaly, filter, items): bump's World:project.
  function B.project(w, skip, item, x, y, width, h, gx, gy, filter, items)
    local cw = check_world(w)
    skip_one[0] = skip
    local n = lib.c2dcore_bump_project(cw, skip_one, 1, as_rect(rect_r, x, y, width, h), gx, gy, cols_out)
    if n < 0 then status_error(n) end
    local cols, list, len = keep_cols(cols_out[0], n), {}, 0
    for i = 0, n - 1 do
      local other = items[cols[i].other]
      local kind = "slide"
      if filter ~= nil then kind = filter(item, other) end
      if kind then
        len = len + 1
        list[len] = col_table(cols[i], item, other, kind)
      end
    end
    return list, len
  end

  local BUILT_IN = { slide = true, touch = true, cross = true, bounce = true }

  -- check(W, id, item, goalx, goaly, filter, items, update): bump's World:check
  -- (and World:move when update is true) for the four built-in responses.
  -- Returns goalx, goaly, cols, len, cells emptied; or false, having changed
  -- nothing, when the filter names any other response.
  function B.check(w, id, item, gx, gy, filter, items, update)
    local cw = check_world(w)
    local cur = lib.c2dcore_bump_rect_of(cw, id)
    if cur == nil then argerror(2, 2, "item not in the world") end
    local r0 = new("c2dcore_bump_rect", cur[0])
    local from = new("c2dcore_bump_rect", cur[0])
    local capskip, nskip = 64, 1
    local skip = new("int[?]", capskip)
    skip[0] = id
    local out, len = {}, 0
    while true do
      local n = lib.c2dcore_bump_project(cw, skip, nskip, from, gx, gy, cols_out)
      if n < 0 then status_error(n) end
      if n == 0 then break end
      local best, kind
      if filter == nil then
        best, kind = new("c2dcore_bump_col", cols_out[0][0]), "slide"
      else
        -- Nearest first: the first collision the filter accepts is the one bump picks.
        local cols = keep_cols(cols_out[0], n)
        for i = 0, n - 1 do
          local answer = filter(item, items[cols[i].other])
          if answer then
            if not (type(answer) == "string" and BUILT_IN[answer]) then return false end
            best, kind = cols[i], answer
            break
          end
        end
        if kind == nil then break end
      end
      local col = col_table(best, item, items[best.other], kind)
      if nskip == capskip then
        local more = new("int[?]", capskip * 2)
        ffi.copy(more, skip, capskip * ffi.sizeof("int"))
        skip, capskip = more, capskip * 2
      end
      skip[nskip] = best.other
      nskip = nskip + 1
      if kind == "touch" then
        gx, gy = best.tx + 0, best.ty + 0
      elseif kind == "cross" then
        from.x, from.y, from.w, from.h = r0.x, r0.y, r0.w, r0.h
      elseif kind == "slide" then
        local sx, sy = gx, gy
        if best.mx ~= 0 or best.my ~= 0 then
          if best.nx ~= 0 then sx = best.tx + 0 else sy = best.ty + 0 end
        end
        col.slide = { x = sx, y = sy }
        gx, gy = sx, sy
        from.x, from.y = best.tx, best.ty
      else -- bounce: the rest of the move, mirrored in the side hit
        local bx, by = best.tx + 0, best.ty + 0
        if best.mx ~= 0 or best.my ~= 0 then
          local bnx, bny = gx - best.tx, gy - best.ty
          if best.nx == 0 then bny = -bny else bnx = -bnx end
          bx, by = best.tx + bnx, best.ty + bny
        end
        col.bounce = { x = bx, y = by }
        gx, gy = bx, by
        from.x, from.y = best.tx, best.ty
      end
      len = len + 1
      out[len] = col
      if kind == "touch" then break end
    end
    if update then
      cur = lib.c2dcore_bump_rect_of(cw, id)
      if cur == nil then error("the moving item left the world during its move", 2) end
      local st = lib.c2dcore_bump_update(cw, id, as_rect(rect_r, gx, gy, cur.w, cur.h))
      if st ~= 0 then status_error(st) end
    end
    return gx, gy, out, len, lib.c2dcore_bump_emptied(cw)
  end

  -- detect(x1,y1,w1,h1, x2,y2,w2,h2 [, goalx, goaly]): bump's rect.detectCollision.
  function B.detect(...)
    local n = select("#", ...)
    local v = { ... }
    for i = 1, 8 do v[i] = checknumber(i, v[i], i <= n) end
    local gx = v[9] == nil and v[1] or checknumber(9, v[9], true)
    local gy = v[10] == nil and v[2] or checknumber(10, v[10], true)
    as_rect(rect_a, v[1], v[2], v[3], v[4])
    as_rect(rect_b, v[5], v[6], v[7], v[8])
    if lib.c2dcore_bump_detect(rect_a, rect_b, gx, gy, col_out) == 0 then return end
    return col_table(col_out)
  end

  -- span(x,y,w,h, x1,y1,x2,y2 [, ti1, ti2]): bump's rect.getSegmentIntersectionIndices.
  function B.span(...)
    local n = select("#", ...)
    local v = { ... }
    for i = 1, 8 do v[i] = checknumber(i, v[i], i <= n) end
    as_rect(rect_a, v[1], v[2], v[3], v[4])
    local ti1 = v[9] == nil and 0 or checknumber(9, v[9], true)
    local ti2 = v[10] == nil and 1 or checknumber(10, v[10], true)
    if lib.c2dcore_bump_span_of(rect_a, v[5], v[6], v[7], v[8], ti1, ti2, span_out) == 0 then return nil end
    local s = span_out
    return s.ti1 + 0, s.ti2 + 0, s.nx1, s.ny1, s.nx2, s.ny2
  end

  return B
end

-- Build the module over the loaded library lib (once per process).
local function build(lib)
  local OBJ = ffi.typeof("c2dcore_obj")
  local SHAPE_PTR = ffi.typeof("const c2dcore_shape *")
  local VEC_PTR = ffi.typeof("c2dcore_vec *")
  local SHAPE_SIZE = ffi.sizeof("c2dcore_shape")
  local cast, new, fstring = ffi.cast, ffi.new, ffi.string
  local getfenv, setfenv = debug.getfenv, debug.setfenv

  -- A shape is a userdata, as in the binding, with one metatable per kind
  -- (newproxy of that kind's prototype); its c2d_shape and storage are an
  -- FFI object, found through object_of (weak keys: the object goes with
  -- its shape, and refers to nothing). Only shapes made here are keys of
  -- object_of, so a lookup is also the check that a value is a shape. The
  -- shape's environment table holds its user data, so a value that refers
  -- back to its shape is collected with it.
  local object_of = setmetatable({}, { __mode = "k" })
  local prototypes, metatables = {}, {}
  for k = 0, KIND_COUNT - 1 do
    prototypes[k] = newproxy(true)
    metatables[k] = getmetatable(prototypes[k])
  end

  -- The FFI object of v when v is a shape wearing its own kind's metatable
  -- (the real one, which no __metatable field disguises), else nil: what the
  -- binding takes for a shape, so that one given another kind's metatable
  -- with debug.setmetatable is refused there and here alike.
  local function shape_of(v)
    local obj = object_of[v]
    if obj ~= nil and raw_metatable(v) == metatables[obj.core.kind] then return obj end
    return nil
  end

  local hits_fn, distance_fn, contains_fn, covers_fn = lib.c2dcore_hits, lib.c2dcore_distance_into, lib.c2dcore_contains, lib.c2dcore_covers
  local contact_fn, sweep_fn, raycast_fn, bbox_fn = lib.c2dcore_contact, lib.c2dcore_sweep_into, lib.c2dcore_raycast_into, lib.c2dcore_bbox
  local center_fn, position_fn = lib.c2dcore_center_into, lib.c2dcore_position_into
  local move_fn, move_to_fn, rotate_fn, scale_fn = lib.c2dcore_move, lib.c2dcore_move_to, lib.c2dcore_rotate, lib.c2dcore_scale
  local storage_size, copy, pieces_fn, numbers_fn = lib.c2dcore_storage_size, lib.c2dcore_copy, lib.c2dcore_pieces, lib.c2dcore_numbers

  -- Answers are written here, made once.
  local distance_out = new("c2dcore_distance_result")
  local contact_out = new("c2dcore_contact_result")
  local sweep_out = new("c2dcore_sweep_result")
  local bounds_out = new("c2dcore_bounds")
  local vec_out = new("c2dcore_vec")
  -- Scratch for constructors and the slower methods.
  local nums = new("double[?]", 2 * MAX_CONCAVE_VERTICES)
  local nums_b = new("double[?]", 2 * MAX_VERTICES)
  local verts = new("c2dcore_vec[?]", MAX_VERTICES)
  local bad = new("int[1]")
  local scratch = OBJ(0)
  local members = new("const c2dcore_obj *[?]", MAX_MEMBERS)
  local pieces_out = new("const c2dcore_shape *[1]")

  local kind_names = {}
  for k = 0, KIND_COUNT - 1 do kind_names[k] = fstring(lib.c2dcore_kind_name(k)) end
  local function message(err) return fstring(lib.c2dcore_error_message(err)) end

  -- The layout declared above must be the library's: a Disk and a Box made
  -- by the core must read back right through the fields (the box's corners
  -- lie past everything else a query reads).
  do
    local probe = OBJ(0)
    nums[0], nums[1], nums[2], nums[3], nums[4] = 1, 2, 3, 4, 0
    local ok = lib.c2dcore_make(probe, DISK, nums, 3, nil, bad) == 0 and probe.core.kind == DISK
      and probe.core.radius == 3 and probe.core.p[0].x == 1 and probe.core.bounds.minx == -2 and probe.core.bounds.maxy == 5
    ok = ok and lib.c2dcore_make(probe, BOX, nums, 5, nil, bad) == 0 and probe.core.w == 3 and probe.core.h == 4
      and probe.core.corners[2].x == 2.5 and probe.core.corners[2].y == 4
    if not ok or kind_names[DISK] ~= "Disk" then
      error("collide2d.core: the library's c2d_shape is not the one this file declares (rebuild both from one source)", 0)
    end
  end

  -- Errors, worded as the C binding words them --------------------------------

  -- The functions a user calls (filled in below): an error names the
  -- innermost of them on the stack, and counts from the colon when it was
  -- called as a method, as the binding does.
  local api = {}

  -- With fname nil, the function is named as Lua names it at the call
  -- (or '?'), as luaL_argerror does for the binding's luaL_check* calls.
  local function raise(arg, fname, msg)
    local level = 2
    while getinfo do
      local info = getinfo(level, "fn")
      if not info then level = nil break end
      if api[info.func] then
        if fname == nil then fname = info.name or "?" end
        if info.namewhat == "method" then
          arg = arg - 1
          if arg == 0 then error(("calling '%s' on bad self (%s)"):format(fname, msg), level + 1) end
        end
        break
      end
      level = level + 1
    end
    error(("bad argument #%d to '%s' (%s)"):format(arg, fname or "?", msg), level and level + 1 or 2)
  end

  -- The name of a value for a type error: its metatable's __name, or the
  -- registry name its metatable was made under (FILE* for a file), or its type.
  local function value_name(v, present)
    if not present then return "no value" end
    local m = raw_metatable(v)
    if type(m) == "table" then
      local name = rawget(m, "__name")
      if type(name) == "string" then return name end
      if type(v) == "userdata" and registry then
        for k, x in pairs(registry) do
          if type(k) == "string" and rawequal(x, m) then return k end
        end
      end
    end
    return type(v)
  end

  local function type_error(arg, fname, expected, v, present)
    raise(arg, fname, expected .. " expected, got " .. value_name(v, present))
  end

  local function check_number(arg, fname, name, v, present)
    if type(v) ~= "number" then type_error(arg, fname, "number", v, present) end
    if v - v ~= 0 then raise(arg, fname, name .. " must be finite") end
    return v
  end

  -- The FFI object of the shape v (argument arg of fname), which must be one.
  local function check_shape(arg, fname, v, present)
    local obj = shape_of(v)
    if obj == nil then type_error(arg, fname, "collide2d shape", v, present) end
    return obj
  end

  -- The arguments of fname, against sig: "shape", a number's name, or
  -- "?name" for an optional number. Raises for the first that fails.
  local function refuse(fname, sig, ...)
    local n = select("#", ...)
    for i = 1, #sig do
      local want, v = sig[i], (select(i, ...))
      if want == "shape" then
        check_shape(i, fname, v, i <= n)
      elseif want:sub(1, 1) == "?" then
        if v ~= nil then check_number(i, fname, want:sub(2), v, true) end
      else
        check_number(i, fname, want, v, i <= n)
      end
    end
  end

  -- Shapes -------------------------------------------------------------------

  local function as_shape(obj) return cast(SHAPE_PTR, obj) end

  -- The shape (a new userdata) of the FFI object obj.
  local function wrap(obj)
    local shape = newproxy(prototypes[obj.core.kind])
    object_of[shape] = obj
    return shape
  end

  -- A new FFI object holding a copy of s (a c2d_shape pointer), with its own
  -- storage and in no World; copy_of makes it a shape.
  local function copy_object(s)
    local obj = OBJ(floor((tonumber(storage_size(s)) + 7) / 8))
    copy(obj, s, obj.storage)
    return obj
  end
  local function copy_of(s) return wrap(copy_object(s)) end

  -- How many bytes of storage obj holds after its shape.
  local function room(obj) return ffi.sizeof(obj) - SHAPE_SIZE end

  -- The numbers of a constructor (or of set: first is then 2) from the
  -- arguments ..., into nums; a Polygon also takes one table. Returns how
  -- many, and whether they came from a table.
  local function read_numbers(first, fname, names, fixed, max, ...)
    local top = select("#", ...)
    local t = ...
    if fixed < 0 and type(t) == "table" then
      if top > 1 then raise(first + 1, fname, "no value expected after the table") end
      local n = #t
      if n > max then raise(first, fname, ("too many numbers (%d; at most %d)"):format(n, max)) end
      for i = 1, n do
        local v = rawget(t, i)
        if type(v) ~= "number" then raise(first, fname, ("number expected at index %d, got %s"):format(i, type(v))) end
        if v - v ~= 0 then raise(first, fname, ("number at index %d must be finite"):format(i)) end
        nums[i - 1] = v
      end
      return n, true
    end
    local n = top
    if fixed >= 0 and n > fixed then raise(first + fixed, fname, ("too many numbers (%d; expected %d)"):format(n, fixed)) end
    if fixed >= 0 and n < fixed then n = fixed end
    if n > max then raise(first + max, fname, ("too many numbers (at most %d)"):format(max)) end
    for i = 1, n do
      local v = (select(i, ...))
      if names and type(v) == "number" and v - v ~= 0 then raise(first + i - 1, fname, names[i] .. " must be finite") end
      nums[i - 1] = check_number(first + i - 1, fname, "number", v, i <= top)
    end
    return n, false
  end

  -- A c2d_make failure as the error naming the number at fault.
  local function make_error(kind, err, badi, n, first, in_table, fname)
    local msg = message(err)
    local arg = in_table and first or first + (badi >= 0 and badi or 0)
    if err == ERR_NEGATIVE and badi >= 0 and kind ~= POLYGON then
      msg = NUM_NAMES[kind][badi + 1] .. " must be >= 0"
    elseif err == ERR_NONFINITE and badi >= 0 and kind ~= POLYGON then
      -- (each number was found finite before: the shape computes one that is not)
      msg = NUM_NAMES[kind][badi + 1] .. " is out of range: the shape would reach past the largest number"
    elseif err == ERR_COUNT and kind == POLYGON then
      msg = ("expected 3 to %d vertices as x, y pairs, got %d number%s"):format(MAX_VERTICES, n, n == 1 and "" or "s")
    end
    if err == ERR_NONCONVEX or err == ERR_COUNT or err == ERR_SAME_POINTS then arg = first end
    raise(arg, fname, msg)
  end

  -- A shape of kind from the numbers ... (a new one, or into: set).
  local function construct(kind, first, fname, into, ...)
    local n, in_table = read_numbers(first, fname, kind ~= POLYGON and NUM_NAMES[kind] or nil,
                                     ARITY[kind], 2 * MAX_VERTICES, ...)
    local err = lib.c2dcore_make(scratch, kind, nums, n, verts, bad)
    if err ~= 0 then make_error(kind, err, bad[0], n, first, in_table, fname) end
    if into == nil then return copy_of(as_shape(scratch)) end
    if kind == POLYGON and scratch.core.count * 16 > room(into) then
      raise(first, fname, "a polygon cannot gain vertices in place")
    end
    copy(into, as_shape(scratch), into.storage)
    return into
  end

  -- The numbers of c2d.concave (or set) from ..., as varargs or one table, into nums.
  local function read_many(first, fname, ...)
    local top = select("#", ...)
    local t = ...
    local in_table = type(t) == "table"
    if in_table and top > 1 then raise(first + 1, fname, "no value expected after the table") end
    local n = in_table and #t or top
    if n > 2 * MAX_CONCAVE_VERTICES then
      raise(first, fname, ("too many numbers (%d; at most %d)"):format(n, 2 * MAX_CONCAVE_VERTICES))
    end
    local list = in_table and t or { ... }
    for i = 1, n do
      local v = rawget(list, i)
      if in_table then
        if type(v) ~= "number" then raise(first, fname, ("number expected at index %d, got %s"):format(i, type(v))) end
        if v - v ~= 0 then raise(first, fname, ("number at index %d must be finite"):format(i)) end
        nums[i - 1] = v
      else
        nums[i - 1] = check_number(first + i - 1, fname, "coordinate", v, i <= top)
      end
    end
    return n, in_table
  end

  local function construct_concave(first, fname, into, ...)
    local n, in_table = read_many(first, fname, ...)
    if n % 2 ~= 0 or n < 6 then
      raise(first, fname, ("expected 3 to %d vertices as x, y pairs, got %d number%s"):format(MAX_CONCAVE_VERTICES, n, n == 1 and "" or "s"))
    end
    local need = tonumber(lib.c2dcore_concave_size(n / 2))
    local obj = OBJ(floor((need + 7) / 8))
    local err = lib.c2dcore_make_concave(obj, nums, n, obj.storage, bad)
    if err ~= 0 then raise((in_table or bad[0] < 0) and first or first + bad[0], fname, message(err)) end
    if into == nil then return wrap(obj) end
    if tonumber(storage_size(as_shape(obj))) > room(into) then raise(first, fname, "a concave shape cannot gain vertices in place") end
    copy(into, as_shape(obj), into.storage)
    return into
  end

  local function construct_group(first, fname, into, ...)
    local top = select("#", ...)
    local t = ...
    local in_table = type(t) == "table"
    if in_table and top > 1 then raise(first + 1, fname, "no value expected after the table") end
    local n = in_table and #t or top
    if n < 1 then raise(first, fname, "a group needs at least one shape") end
    if n > MAX_MEMBERS then raise(first, fname, ("too many members (at most %d)"):format(MAX_MEMBERS)) end
    for i = 1, n do
      local m
      if in_table then
        local v = rawget(t, i)
        m = shape_of(v)
        if m == nil then
          raise(first, fname, ("collide2d shape expected at index %d, got %s"):format(i, value_name(v, true)))
        end
      else
        m = check_shape(first + i - 1, fname, (select(i, ...)), true)
      end
      if m.core.kind == LINE then
        raise(in_table and first or first + i - 1, fname, "a group member must be a bounded shape (a Line is unbounded)")
      end
      members[i - 1] = m
    end
    local need = tonumber(lib.c2dcore_group_size(members, n))
    if into ~= nil and need > room(into) then raise(first, fname, "a group cannot grow in place") end
    local obj = OBJ(floor((need + 7) / 8))
    local err = lib.c2dcore_make_group(obj, members, n, obj.storage, bad)
    for i = 0, n - 1 do members[i] = nil end
    if err ~= 0 then raise(first, fname, message(err)) end
    if into == nil then return wrap(obj) end
    copy(into, as_shape(obj), into.storage)
    return into
  end

  local function hull(...)
    local top = select("#", ...)
    local t = ...
    local in_table = type(t) == "table"
    local n = in_table and #t or top
    if in_table and top > 1 then raise(2, "hull", "no value expected after the table") end
    if n == 0 or n % 2 ~= 0 then
      raise(1, "hull", ("expected x, y pairs of at least one point, got %d number%s"):format(n, n == 1 and "" or "s"))
    end
    local pts = new("c2dcore_vec[?]", n / 2)
    local list = in_table and t or { ... }
    for i = 1, n do
      local v = rawget(list, i)
      if in_table then
        if type(v) ~= "number" then raise(1, "hull", ("number expected at index %d, got %s"):format(i, type(v))) end
        if v - v ~= 0 then raise(1, "hull", ("number at index %d must be finite"):format(i)) end
      else
        check_number(i, "hull", "coordinate", v, true)
      end
      if i % 2 == 1 then pts[(i - 1) / 2].x = v else pts[(i - 2) / 2].y = v end
    end
    local out = new("c2dcore_vec[?]", n) -- 2 per point
    if lib.c2dcore_make_hull(scratch, pts, n / 2, out) ~= 0 then
      raise(1, "hull", ("the hull has more than %d vertices"):format(MAX_VERTICES))
    end
    return copy_of(as_shape(scratch))
  end

  -- Queries ------------------------------------------------------------------

  local methods, module = {}, {}
  local SIG_PAIR = { "shape", "shape" }
  local SIG_ONE = { "shape" }

  -- A yes-or-no question about two shapes (hits, covers).
  local function pair_test(name, fn)
    return function(...)
      local a, b = ...
      a, b = shape_of(a), shape_of(b)
      if a ~= nil and b ~= nil then return fn(a, b) ~= 0 end
      refuse(name, SIG_PAIR, ...)
    end
  end
  methods.hits = pair_test("hits", hits_fn)
  methods.covers = pair_test("covers", covers_fn)

  function methods.distance(...)
    local a, b = ...
    a, b = shape_of(a), shape_of(b)
    if not (a ~= nil and b ~= nil) then refuse("distance", SIG_PAIR, ...) end
    local r = distance_out
    distance_fn(a, b, r)
    return r.distance + 0, r.a.x + 0, r.a.y + 0, r.b.x + 0, r.b.y + 0
  end

  local SIG_CONTAINS = { "shape", "x", "y" }
  function methods.contains(...)
    local s, x, y = ...
    s = shape_of(s)
    if s ~= nil and finite(x) and finite(y) then return contains_fn(s, x, y) ~= 0 end
    refuse("contains", SIG_CONTAINS, ...)
  end

  function methods.contact(...)
    local a, b = ...
    a, b = shape_of(a), shape_of(b)
    if not (a ~= nil and b ~= nil) then refuse("contact", SIG_PAIR, ...) end
    local r = contact_out
    local err = contact_fn(a, b, r)
    if err ~= 0 then
      -- the shape that fails with itself (a Fan opened beyond pi) is at fault
      raise(contact_fn(a, a, r) ~= 0 and 1 or 2, "contact", message(err))
    end
    if r.hit == 0 then return nil end
    return r.normal.x + 0, r.normal.y + 0, r.depth + 0, r.point.x + 0, r.point.y + 0
  end

  local SIG_SWEEP = { "shape", "dx", "dy", "shape", "?bdx", "?bdy" }
  function methods.sweep(...)
    local a, dx, dy, b, bdx, bdy = ...
    a, b = shape_of(a), shape_of(b)
    if bdx == nil then bdx = 0 end
    if bdy == nil then bdy = 0 end
    if not (a ~= nil and finite(dx) and finite(dy) and b ~= nil and finite(bdx) and finite(bdy)) then
      refuse("sweep", SIG_SWEEP, ...)
    end
    local r = sweep_out
    sweep_fn(a, dx, dy, b, bdx, bdy, r)
    if r.hit == 0 then return nil end
    return r.t + 0, r.normal.x + 0, r.normal.y + 0, r.point.x + 0, r.point.y + 0
  end

  local SIG_RAYCAST = { "shape", "x", "y", "dx", "dy", "?maxt" }
  function methods.raycast(...)
    local s, x, y, dx, dy, maxt = ...
    s = shape_of(s)
    if maxt == nil then maxt = 1 end
    if not (s ~= nil and finite(x) and finite(y) and finite(dx) and finite(dy) and finite(maxt)) then
      refuse("raycast", SIG_RAYCAST, ...)
    end
    if maxt < 0 then raise(6, "raycast", "maxt must be >= 0") end
    local r = sweep_out
    raycast_fn(s, x, y, dx, dy, maxt, r)
    if r.hit == 0 then return nil end
    return r.t + 0, r.normal.x + 0, r.normal.y + 0
  end

  function methods.bbox(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("bbox", SIG_ONE, ...) end
    local b = bounds_out
    if bbox_fn(s, b) == 0 then raise(1, "bbox", "a Line has no bounding box (it is unbounded)") end
    return b.minx + 0, b.miny + 0, b.maxx + 0, b.maxy + 0
  end

  -- A point of one shape (center, position).
  local function shape_point(name, fn)
    return function(...)
      local s = ...
      s = shape_of(s)
      if s == nil then refuse(name, SIG_ONE, ...) end
      local v = vec_out
      fn(s, v)
      return v.x + 0, v.y + 0
    end
  end
  methods.center = shape_point("center", center_fn)
  methods.position = shape_point("position", position_fn)

  -- Changing shapes ----------------------------------------------------------

  local SIG_MOVE, SIG_MOVE_TO = { "shape", "dx", "dy" }, { "shape", "x", "y" }
  function methods.move(...)
    local s, dx, dy = ...
    s = shape_of(s)
    if not (s ~= nil and finite(dx) and finite(dy)) then refuse("move", SIG_MOVE, ...) end
    local err = move_fn(s, dx, dy)
    if err ~= 0 then raise(2, "move", message(err)) end
    return (...)
  end

  function methods.moveTo(...)
    local s, x, y = ...
    s = shape_of(s)
    if not (s ~= nil and finite(x) and finite(y)) then refuse("moveTo", SIG_MOVE_TO, ...) end
    local err = move_to_fn(s, x, y)
    if err ~= 0 then raise(2, "moveTo", message(err)) end
    return (...)
  end

  -- What rotate and scale turn about by default: the centre, or a Fan's apex
  -- (a view cone turns with the head that holds it).
  local function pivot(s)
    local v = vec_out
    if s.core.kind == FAN then position_fn(s, v) else center_fn(s, v) end
    return v.x, v.y
  end

  -- The point rotate and scale turn about: (ox, oy), the pivot's numbers
  -- standing in for those not given.
  local function about(s, ox, oy)
    if ox == nil or oy == nil then
      local cx, cy = pivot(s)
      if ox == nil then ox = cx end
      if oy == nil then oy = cy end
    end
    return ox, oy
  end

  local SIG_ROTATE = { "shape", "angle", "?ox", "?oy" }
  function methods.rotate(...)
    local s, angle, ox, oy = ...
    s = shape_of(s)
    if not (s ~= nil and finite(angle) and (ox == nil or finite(ox)) and (oy == nil or finite(oy))) then
      refuse("rotate", SIG_ROTATE, ...)
    end
    if s.core.kind == AABB then raise(1, "rotate", message(ERR_ROTATE_AABB)) end
    ox, oy = about(s, ox, oy)
    local err = rotate_fn(s, angle, ox, oy)
    if err ~= 0 then raise(2, "rotate", message(err)) end
    return (...)
  end

  local SIG_SCALE = { "shape", "factor", "?ox", "?oy" }
  function methods.scale(...)
    local s, k, ox, oy = ...
    s = shape_of(s)
    if not (s ~= nil and finite(k) and (ox == nil or finite(ox)) and (oy == nil or finite(oy))) then
      refuse("scale", SIG_SCALE, ...)
    end
    if k < 0 then raise(2, "scale", "factor must be >= 0") end
    ox, oy = about(s, ox, oy)
    local err = scale_fn(s, k, ox, oy)
    if err ~= 0 then raise(2, "scale", message(err)) end
    return (...)
  end

  function methods.set(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("set", SIG_ONE, ...) end
    local kind = s.core.kind
    if kind == POLYGON and s.core.count < 3 then
      raise(1, "set", "a hull of fewer than 3 points has no constructor numbers")
    end
    -- (never a tail call: an error names the frame of set, as a method or not)
    -- A shape in a World stays in it: the copy the constructors make into s
    -- unlinks it, so the link is put back and the World told it changed.
    local world, slot = s.core.world, s.core.world_slot
    if kind == CONCAVE then construct_concave(2, "set", s, select(2, ...))
    elseif kind == GROUP then construct_group(2, "set", s, select(2, ...))
    else construct(kind, 2, "set", s, select(2, ...)) end
    if world ~= nil then
      s.core.world, s.core.world_slot = world, slot
      lib.c2dcore_world_touch(world, slot)
    end
    return (...)
  end

  function methods.clone(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("clone", SIG_ONE, ...) end
    return copy_of(as_shape(s)) -- the user data stays with the original
  end

  -- User data, in the shape's environment: a table of ours (marked by the
  -- key USER), made at the first setUserData.
  local USER = {}

  function methods.setUserData(...)
    local s, v = ...
    s = shape_of(s)
    if s == nil then refuse("setUserData", SIG_ONE, ...) end
    if select("#", ...) < 2 then raise(2, nil, "value expected") end
    local shape = ...
    local env = getfenv(shape)
    if type(env) == "table" and rawget(env, USER) then env.value = v else setfenv(shape, { [USER] = true, value = v }) end
    return shape
  end

  function methods.getUserData(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("getUserData", SIG_ONE, ...) end
    local env = getfenv((...))
    if type(env) == "table" and rawget(env, USER) then return env.value end
    return nil
  end

  -- Whole shapes -------------------------------------------------------------

  local function add_outline(s, segments, pts, size)
    local n = lib.c2dcore_outline(s, segments, pts, size)
    local t = {}
    for i = 0, n - 1 do
      t[2 * i + 1] = pts[i].x + 0
      t[2 * i + 2] = pts[i].y + 0
    end
    return t
  end

  local SIG_OUTLINE = { "shape", "?segments" }
  function methods.outline(...)
    local s, k = ...
    s = shape_of(s)
    if not (s ~= nil and (k == nil or finite(k))) then refuse("outline", SIG_OUTLINE, ...) end
    if k == nil then k = 32 end
    if k < 3 or k > 4096 then raise(2, "outline", "segments must be in [3, 4096]") end
    local segments = floor(k)
    local p = as_shape(s)
    if s.core.kind == GROUP then
      -- one outline per member: {{x1, y1, ...}, {...}}
      local size = segments + 3 > MAX_CONCAVE_VERTICES and segments + 3 or MAX_CONCAVE_VERTICES
      local pts = new("c2dcore_vec[?]", size)
      local count = pieces_fn(p, pieces_out)
      local out = {}
      for i = 0, count - 1 do out[i + 1] = add_outline(pieces_out[0] + i, segments, pts, size) end
      return out
    end
    local size = segments + 3 > MAX_VERTICES and segments + 3 or MAX_VERTICES
    if s.core.kind == CONCAVE and size < s.core.count then size = s.core.count end
    return add_outline(p, segments, new("c2dcore_vec[?]", size), size)
  end

  function methods.pieces(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("pieces", SIG_ONE, ...) end
    local p = as_shape(s)
    local n = pieces_fn(p, pieces_out)
    if n == 0 then return { copy_of(p) } end
    local m, out = pieces_out[0], {}
    for i = 0, n - 1 do out[i + 1] = copy_of(m + i) end
    return out
  end

  function methods.unpack(...)
    local s = ...
    s = shape_of(s)
    if s == nil then refuse("unpack", SIG_ONE, ...) end
    local p, out = as_shape(s), {}
    local kind = s.core.kind
    if kind == CONCAVE then
      local v = s.core.verts
      for i = 0, s.core.count - 1 do
        out[2 * i + 1], out[2 * i + 2] = v[i].x + 0, v[i].y + 0
      end
      return unpack(out, 1, 2 * s.core.count)
    end
    if kind == GROUP then
      local n = pieces_fn(p, pieces_out)
      for i = 0, n - 1 do out[i + 1] = copy_of(pieces_out[0] + i) end
      return unpack(out, 1, n)
    end
    local n = numbers_fn(p, nums)
    for i = 0, n - 1 do out[i + 1] = nums[i] + 0 end
    return unpack(out, 1, n)
  end

  -- c2d.type(v) and s:type(): the kind's name for a shape, nil for anything else.
  function methods.type(v)
    local obj = shape_of(v)
    if obj == nil then return nil end
    return kind_names[obj.core.kind]
  end

  -- Kind(n1, n2, ...), with %.14g as the binding prints; a Group lists its members so.
  local function describe(s, parts)
    local kind = s.kind
    parts[#parts + 1] = kind_names[kind] .. "("
    if kind == GROUP then
      local n = pieces_fn(s, pieces_out)
      local m = pieces_out[0]
      for i = 0, n - 1 do
        if i > 0 then parts[#parts + 1] = ", " end
        describe(m + i, parts)
      end
    elseif kind == CONCAVE then
      for i = 0, s.count - 1 do
        parts[#parts + 1] = ("%s%.14g, %.14g"):format(i > 0 and ", " or "", s.verts[i].x + 0, s.verts[i].y + 0)
      end
    else
      local n = numbers_fn(s, nums)
      for i = 0, n - 1 do parts[#parts + 1] = ("%s%.14g"):format(i > 0 and ", " or "", nums[i]) end
    end
    parts[#parts + 1] = ")"
  end

  local function tostring_shape(s)
    local obj = check_shape(1, "tostring", s, true)
    local parts = {}
    describe(as_shape(obj), parts)
    return table.concat(parts)
  end

  -- Same kind and same numbers (a Group: the same members, in order).
  local function same_shape(a, b)
    if a.kind ~= b.kind then return false end
    if a.kind == CONCAVE or a.kind == GROUP then
      if a.count ~= b.count then return false end
      if a.kind == CONCAVE then
        for i = 0, a.count - 1 do
          if a.verts[i].x ~= b.verts[i].x or a.verts[i].y ~= b.verts[i].y then return false end
        end
        return true
      end
      local n = pieces_fn(a, pieces_out)
      local ma = pieces_out[0]
      pieces_fn(b, pieces_out)
      local mb = pieces_out[0]
      for i = 0, n - 1 do
        if not same_shape(ma + i, mb + i) then return false end
      end
      return true
    end
    local n = numbers_fn(a, nums)
    if n ~= numbers_fn(b, nums_b) then return false end
    for i = 0, n - 1 do
      if nums[i] ~= nums_b[i] then return false end
    end
    return true
  end

  local function equal(a, b)
    a, b = shape_of(a), shape_of(b)
    return a ~= nil and b ~= nil and same_shape(as_shape(a), as_shape(b))
  end

  -- The module ----------------------------------------------------------------

  -- A constructor's frame stays on the stack while it builds (no tail call),
  -- so that an error names it.
  local function ctor(kind, name)
    return function(...)
      local s = construct(kind, 1, name, nil, ...)
      return s
    end
  end
  module.point = ctor(POINT, "point")
  module.segment = ctor(1, "segment")
  module.line = ctor(LINE, "line")
  module.disk = ctor(DISK, "disk")
  module.aabb = ctor(AABB, "aabb")
  module.box = ctor(BOX, "box")
  module.triangle = ctor(6, "triangle")
  module.polygon = ctor(POLYGON, "polygon")
  module.capsule = ctor(8, "capsule")
  module.fan = ctor(FAN, "fan")
  module.hull = hull
  function module.concave(...)
    local s = construct_concave(1, "concave", nil, ...)
    return s
  end
  function module.group(...)
    local s = construct_group(1, "group", nil, ...)
    return s
  end
  -- Every method is also a module function: c2d.hits(a, b) is a:hits(b).
  for name, f in pairs(methods) do module[name] = f end
  for _, f in pairs(module) do api[f] = true end
  api[tostring_shape] = true

  -- The World, as the binding's (src/lua_world.c), over the core's world.
  module.world = build_world {
    lib = lib, OBJ = OBJ, api = api, raise = raise, check_shape = check_shape, type_error = type_error,
    check_number = check_number, copy_object = copy_object, as_shape = as_shape, object_of = object_of,
    shape_of = shape_of,
  }
  module._bump = build_bump(lib) -- the C half of collide2d.bump
  module._VERSION = VERSION
  module.backend = "ffi-core"

  for k = 0, KIND_COUNT - 1 do
    local mt = metatables[k]
    mt.__name = "collide2d." .. kind_names[k]
    mt.__index = methods
    mt.__tostring = tostring_shape
    mt.__eq = equal
  end
  return module
end

-- The module over the core library at path (a file name as ffi.load takes
-- it). One core per process: the shapes' FFI type is made once, so a second
-- open gives the same module for the same path and an error for another.
-- The module becomes require "collide2d" too, unless that is loaded already,
-- so that collide2d.bump and the game's other files find it there.
function M.open(path)
  if not ffi then error("collide2d.core: the core-only front end needs LuaJIT and its ffi library", 2) end
  if type(path) ~= "string" then
    error(("bad argument #1 to 'open' (string expected, got %s)"):format(path == nil and "no value" or type(path)), 2)
  end
  if state.module then
    if state.path == path then return state.module end
    error(("collide2d.core: %s is open already (one core per process), so %s cannot be"):format(state.path, path), 2)
  end
  local ok, lib = pcall(ffi.load, path)
  if not ok then error(("collide2d.core: cannot load the core library %s: %s"):format(path, tostring(lib)), 2) end
  if not pcall(ffi.typeof, "c2dcore_obj") then ffi.cdef(CDEF) end
  ok, lib = pcall(function() return lib.c2dcore_hits and lib end)
  if not ok then error(("collide2d.core: %s is not the collide2d core (%s)"):format(path, tostring(lib)), 2) end
  state.module, state.path, state.lib = build(lib), path, lib
  if package.loaded.collide2d == nil then package.loaded.collide2d = state.module end
  return state.module
end

-- What COLLIDE2D_BACKEND=core asks for: open(COLLIDE2D_CORE).
function M.from_environment()
  local path = os.getenv("COLLIDE2D_CORE")
  if path == nil or path == "" then
    error("COLLIDE2D_BACKEND=core: set COLLIDE2D_CORE to the path of the core library (make core builds build/core/libcollide2d_core.so)", 2)
  end
  return M.open(path)
end

return M
