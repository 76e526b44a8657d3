-- collide2d.core: the LuaJIT FFI front end over the C core alone.
--
--   local c2d = require("collide2d.core").open("path/to/libcollide2d.so")
--
-- The library is the core with no Lua in it (`make core` builds
-- build/core/libcollide2d.so; the Windows collide2d.dll of `make dist`
-- exports the same functions and opens as well). Everything here goes through
-- the FFI: shapes are cdata of one ffi.metatype, each a c2d_shape followed by
-- its own storage (a Polygon's vertices, a Concave's or Group's block), and
-- every method is a Lua function calling the core. c2d.backend is "ffi-core".
--
-- It has the shapes, their methods and the module functions of the API, with
-- the same answers (the same core computes them) and the same error messages
-- as the C binding. It has no World and no collide2d.bump: those are the Lua
-- module's C code (src/lua_world.c, src/lua_bump.c), so c2d.world raises an
-- error that says so.
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
-- with them; __asm__ names the library's symbol. A shape is a c2dcore_obj:
-- the c2d_shape (laid out as in collide2d.h) and then its storage. The query
-- functions are declared to take a c2dcore_obj, whose first member is the
-- c2d_shape they read, so a shape passes as it is.
local CDEF = [[
typedef struct c2dcore_vec { double x, y; } c2dcore_vec;
typedef struct c2dcore_bounds { double minx, miny, maxx, maxy; } c2dcore_bounds;
typedef struct c2dcore_shape {
  int kind; int ccw; double radius; c2dcore_vec p[3]; int count; int world_slot;
  const c2dcore_vec *verts; double slack; c2dcore_bounds bounds;
  const struct c2dcore_shape *pieces; double w, h; double angle; double opening;
  double cos_a, sin_a; double cos_h, sin_h; c2dcore_vec corners[4];
  void *world; void *compound; double unused[6];
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

-- Build the module over the loaded library lib (once per process).
local function build(lib)
  local OBJ = ffi.typeof("c2dcore_obj") -- its metatable (state.metatable) is filled in below
  local SHAPE_PTR = ffi.typeof("const c2dcore_shape *")
  local VEC_PTR = ffi.typeof("c2dcore_vec *")
  local SHAPE_SIZE = ffi.sizeof("c2dcore_shape")
  local istype, cast, new, fstring = ffi.istype, ffi.cast, ffi.new, ffi.string
  local mt = state.metatable

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

  local function raise(arg, fname, msg)
    local level = 2
    while getinfo do
      local info = getinfo(level, "fn")
      if not info then level = nil break end
      if api[info.func] then
        if info.namewhat == "method" then
          arg = arg - 1
          if arg == 0 then error(("calling '%s' on bad self (%s)"):format(fname, msg), level + 1) end
        end
        break
      end
      level = level + 1
    end
    error(("bad argument #%d to '%s' (%s)"):format(arg, fname, msg), level and level + 1 or 2)
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

  local function check_shape(arg, fname, v, present)
    if not istype(OBJ, v) then type_error(arg, fname, "collide2d shape", v, present) end
    return v
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

  -- A new shape holding a copy of s (a c2d_shape pointer), with its own storage.
  local function copy_of(s)
    local obj = OBJ(floor((tonumber(storage_size(s)) + 7) / 8))
    copy(obj, s, obj.storage)
    return obj
  end

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
      msg = NUM_NAMES[kind][badi + 1] .. " must be finite"
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
    if into == nil then return obj end
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
        m = rawget(t, i)
        if not istype(OBJ, m) then
          raise(first, fname, ("collide2d shape expected at index %d, got %s"):format(i, value_name(m, true)))
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
    if into == nil then return obj end
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

  function methods.hits(...)
    local a, b = ...
    if istype(OBJ, a) and istype(OBJ, b) then return hits_fn(a, b) ~= 0 end
    refuse("hits", SIG_PAIR, ...)
  end

  function methods.covers(...)
    local a, b = ...
    if istype(OBJ, a) and istype(OBJ, b) then return covers_fn(a, b) ~= 0 end
    refuse("covers", SIG_PAIR, ...)
  end

  function methods.distance(...)
    local a, b = ...
    if not (istype(OBJ, a) and istype(OBJ, b)) then refuse("distance", SIG_PAIR, ...) end
    local r = distance_out
    distance_fn(a, b, r)
    return r.distance + 0, r.a.x + 0, r.a.y + 0, r.b.x + 0, r.b.y + 0
  end

  local SIG_CONTAINS = { "shape", "x", "y" }
  function methods.contains(...)
    local s, x, y = ...
    if istype(OBJ, s) and finite(x) and finite(y) then return contains_fn(s, x, y) ~= 0 end
    refuse("contains", SIG_CONTAINS, ...)
  end

  function methods.contact(...)
    local a, b = ...
    if not (istype(OBJ, a) and istype(OBJ, b)) then refuse("contact", SIG_PAIR, ...) end
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
    if bdx == nil then bdx = 0 end
    if bdy == nil then bdy = 0 end
    if not (istype(OBJ, a) and finite(dx) and finite(dy) and istype(OBJ, b) and finite(bdx) and finite(bdy)) then
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
    if maxt == nil then maxt = 1 end
    if not (istype(OBJ, s) and finite(x) and finite(y) and finite(dx) and finite(dy) and finite(maxt)) then
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
    if not istype(OBJ, s) then refuse("bbox", SIG_ONE, ...) end
    local b = bounds_out
    if bbox_fn(s, b) == 0 then raise(1, "bbox", "a Line has no bounding box (it is unbounded)") end
    return b.minx + 0, b.miny + 0, b.maxx + 0, b.maxy + 0
  end

  function methods.center(...)
    local s = ...
    if not istype(OBJ, s) then refuse("center", SIG_ONE, ...) end
    local v = vec_out
    center_fn(s, v)
    return v.x + 0, v.y + 0
  end

  function methods.position(...)
    local s = ...
    if not istype(OBJ, s) then refuse("position", SIG_ONE, ...) end
    local v = vec_out
    position_fn(s, v)
    return v.x + 0, v.y + 0
  end

  -- Changing shapes ----------------------------------------------------------

  local SIG_MOVE, SIG_MOVE_TO = { "shape", "dx", "dy" }, { "shape", "x", "y" }
  function methods.move(...)
    local s, dx, dy = ...
    if not (istype(OBJ, s) and finite(dx) and finite(dy)) then refuse("move", SIG_MOVE, ...) end
    local err = move_fn(s, dx, dy)
    if err ~= 0 then raise(2, "move", message(err)) end
    return s
  end

  function methods.moveTo(...)
    local s, x, y = ...
    if not (istype(OBJ, s) and finite(x) and finite(y)) then refuse("moveTo", SIG_MOVE_TO, ...) end
    local err = move_to_fn(s, x, y)
    if err ~= 0 then raise(2, "moveTo", message(err)) end
    return s
  end

  -- What rotate and scale turn about by default: the centre, or a Fan's apex
  -- (a view cone turns with the head that holds it).
  local function pivot(s)
    local v = vec_out
    if s.core.kind == FAN then position_fn(s, v) else center_fn(s, v) end
    return v.x, v.y
  end

  local SIG_ROTATE = { "shape", "angle", "?ox", "?oy" }
  function methods.rotate(...)
    local s, angle, ox, oy = ...
    if not (istype(OBJ, s) and finite(angle) and (ox == nil or finite(ox)) and (oy == nil or finite(oy))) then
      refuse("rotate", SIG_ROTATE, ...)
    end
    if s.core.kind == AABB then raise(1, "rotate", message(ERR_ROTATE_AABB)) end
    if ox == nil or oy == nil then
      local cx, cy = pivot(s)
      if ox == nil then ox = cx end
      if oy == nil then oy = cy end
    end
    local err = rotate_fn(s, angle, ox, oy)
    if err ~= 0 then raise(2, "rotate", message(err)) end
    return s
  end

  local SIG_SCALE = { "shape", "factor", "?ox", "?oy" }
  function methods.scale(...)
    local s, k, ox, oy = ...
    if not (istype(OBJ, s) and finite(k) and (ox == nil or finite(ox)) and (oy == nil or finite(oy))) then
      refuse("scale", SIG_SCALE, ...)
    end
    if k < 0 then raise(2, "scale", "factor must be >= 0") end
    if ox == nil or oy == nil then
      local cx, cy = pivot(s)
      if ox == nil then ox = cx end
      if oy == nil then oy = cy end
    end
    local err = scale_fn(s, k, ox, oy)
    if err ~= 0 then raise(2, "scale", message(err)) end
    return s
  end

  function methods.set(...)
    local s = ...
    if not istype(OBJ, s) then refuse("set", SIG_ONE, ...) end
    local kind = s.core.kind
    if kind == POLYGON and s.core.count < 3 then
      raise(1, "set", "a hull of fewer than 3 points has no constructor numbers")
    end
    -- (never a tail call: an error names the frame of set, as a method or not)
    if kind == CONCAVE then construct_concave(2, "set", s, select(2, ...))
    elseif kind == GROUP then construct_group(2, "set", s, select(2, ...))
    else construct(kind, 2, "set", s, select(2, ...)) end
    return s
  end

  function methods.clone(...)
    local s = ...
    if not istype(OBJ, s) then refuse("clone", SIG_ONE, ...) end
    return copy_of(as_shape(s)) -- the user data stays with the original
  end

  -- User data, by the shape as a weak key. LuaJIT's weak tables are not
  -- ephemerons: a value that refers back to its shape keeps it alive (the
  -- binding keeps the value in the shape itself and has no such cycle).
  local user_data = state.user_data or setmetatable({}, { __mode = "k" })
  state.user_data = user_data

  function methods.setUserData(...)
    local s, v = ...
    if not istype(OBJ, s) then refuse("setUserData", SIG_ONE, ...) end
    if select("#", ...) < 2 then raise(2, "setUserData", "value expected") end
    user_data[s] = v
    return s
  end

  function methods.getUserData(...)
    local s = ...
    if not istype(OBJ, s) then refuse("getUserData", SIG_ONE, ...) end
    return user_data[s]
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
    if not (istype(OBJ, s) and (k == nil or finite(k))) then refuse("outline", SIG_OUTLINE, ...) end
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
    if not istype(OBJ, s) then refuse("pieces", SIG_ONE, ...) end
    local p = as_shape(s)
    local n = pieces_fn(p, pieces_out)
    if n == 0 then return { copy_of(p) } end
    local m, out = pieces_out[0], {}
    for i = 0, n - 1 do out[i + 1] = copy_of(m + i) end
    return out
  end

  function methods.unpack(...)
    local s = ...
    if not istype(OBJ, s) then refuse("unpack", SIG_ONE, ...) end
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
    if not istype(OBJ, v) then return nil end
    return kind_names[v.core.kind]
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
    check_shape(1, "tostring", s, true)
    local parts = {}
    describe(as_shape(s), parts)
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
    return istype(OBJ, a) and istype(OBJ, b) and same_shape(as_shape(a), as_shape(b))
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

  -- The World and collide2d.bump are the Lua module's C code.
  function module.world()
    error("c2d.world: the World needs the collide2d Lua module (src/lua_world.c); "
      .. "the core-only front end (backend \"ffi-core\") has shapes and queries only", 2)
  end
  module._VERSION = VERSION
  module.backend = "ffi-core"

  mt.__index = methods
  mt.__tostring = tostring_shape
  mt.__eq = equal
  return module
end

-- The module over the core library at path (a file name as ffi.load takes
-- it). One core per process: the shapes' FFI type is made once, so a second
-- open gives the same module for the same path and an error for another.
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
  if not state.metatable then
    -- The metatable of the shapes' type, made once: build fills it in.
    state.metatable = {}
    ffi.metatype("c2dcore_obj", state.metatable)
  end
  ok, lib = pcall(function() return lib.c2dcore_hits and lib end)
  if not ok then error(("collide2d.core: %s is not the collide2d core (%s)"):format(path, tostring(lib)), 2) end
  state.module, state.path, state.lib = build(lib), path, lib
  return state.module
end

-- What COLLIDE2D_BACKEND=core asks for: open(COLLIDE2D_CORE).
function M.from_environment()
  local path = os.getenv("COLLIDE2D_CORE")
  if path == nil or path == "" then
    error("COLLIDE2D_BACKEND=core: set COLLIDE2D_CORE to the path of the core library (make core builds build/core/libcollide2d.so)", 2)
  end
  return M.open(path)
end

return M
