-- collide2d.ffi: the LuaJIT front end.
--
-- Under LuaJIT a call through the Lua C API is never compiled by the JIT: a
-- loop that calls a:hits(b) leaves the trace at every call. So, under LuaJIT,
-- the native module hands itself to this file when it opens, and the queries
-- and moves a game calls every frame (hits, distance, contains, contact,
-- manifold, pushBack, sweep, raycast, bbox, center, position, move, moveTo,
-- rotate, scale) are
-- replaced by Lua functions that call the same C core through the FFI, which
-- the JIT compiles.
--
-- Shapes stay the native module's userdata. The FFI passes a pointer to their
-- payload, and each entry point first checks the tag there (a userdata that
-- only wears a shape's metatable is refused: the call then goes to the C
-- binding, which raises the type error); and everything that is
-- not per-frame work (constructors, set, clone, user data, outline, the World,
-- collide2d.bump) stays the C binding's own code. Both backends are therefore
-- one behaviour: the same answers from the same core, the same shapes, and for
-- any bad argument the very same error, because a call whose arguments the
-- quick checks below do not accept is handed to the C binding's function,
-- which accepts it or raises its error.
--
-- Nothing here allocates on a query: answers are written into structs made
-- once, and returned as numbers.
--
-- The native module requires this file; a game does not. It returns the
-- function that takes the module over, or nothing where there is no FFI.
local has_ffi, ffi = pcall(require, "ffi")
if not has_ffi or type(jit) ~= "table" then return nil end

local type, pcall, select, error, setmetatable, tonumber = type, pcall, select, error, setmetatable, tonumber
local unpack = unpack or table.unpack
local getinfo = type(debug) == "table" and debug.getinfo

-- The core's result structs and the module's table of entry points, under
-- names of their own (c2dffi_*), so that a game's own ffi.cdef of collide2d.h
-- cannot clash with them: declared from the C headers by tools/ffi_decls.lua.
-- Shapes are opaque here: the FFI only passes pointers to them.
if not pcall(ffi.typeof, "c2dffi_api") then
  ffi.cdef(require((...):gsub("ffi$", "ffi_decls")))
end

local SHAPE = ffi.typeof("const c2dffi_shape *")
local MUTABLE = ffi.typeof("c2dffi_shape *")

-- "bad argument #3 to 'f' (...)" as the C binding words it for a call made as
-- a function; for a method call (a:f(...)) it counts from the colon, as the
-- binding does when Lua tells it the call was a method call.
local function as_method(msg)
  if type(msg) ~= "string" then return msg end
  local n, fname, why = msg:match("^bad argument #(%d+) to '([^']*)' %((.*)%)$")
  if not n then return msg end
  n = tonumber(n) - 1
  if n == 0 then return ("calling '%s' on bad self (%s)"):format(fname, why) end
  return ("bad argument #%d to '%s' (%s)"):format(n, fname, why)
end

local function pack(...) return { n = select("#", ...), ... } end

-- The slow path: the C binding's own function f decides. Called in tail
-- position by the methods below, so this frame stands where the method's
-- did: Lua reports the user's call (name, and method or not) at level 1, and
-- level 2 is the user's code, where the binding's error would point.
local function by_binding(f, ...)
  local r = pack(pcall(f, ...))
  if r[1] then return unpack(r, 2, r.n) end
  local site = getinfo and getinfo(1, "n")
  if site and site.namewhat == "method" then error(as_method(r[2]), 2) end
  error(r[2], 2)
end

return function(native)
  local api = ffi.cast("const c2dffi_api *", native.api)
  -- Every struct the FFI reads, as C lays it out (sizeof, offsetof).
  for struct, layout in pairs(native.layout) do
    local name = struct:gsub("^c2d_ffi_", "c2d_"):gsub("^c2d_", "c2dffi_")
    for field, at in pairs(layout) do
      local here = field == "size" and ffi.sizeof(name) or ffi.offsetof(name, field)
      if here ~= at then
        error(("collide2d.ffi: %s.%s is at %s here, %s in the native module (rebuild both from one source)")
          :format(name, field, tostring(here), tostring(at)), 0)
      end
    end
  end
  local module, methods = native.module, native.methods
  local capi = {}
  for name, f in pairs(methods) do capi[name] = f end
  local shape_type = capi.type

  -- Is v one of our shapes: its raw metatable (which no __metatable field can
  -- disguise, and which only the debug library could lend another userdata)
  -- is one of the ten kinds'. debug.getmetatable is compiled by the JIT and
  -- the comparisons are with constants, so this costs next to nothing. Where
  -- a sandbox took the debug library away, the C binding is asked once per
  -- shape, and the shapes it vouched for are remembered (weak keys).
  local is_shape
  local raw_metatable = type(debug) == "table" and debug.getmetatable
  if raw_metatable then
    -- return m == mt4 or m == mt5 ... for as many kinds as the module has,
    -- the commonest first (Disk, AABB, Polygon, Capsule, Box, Triangle, Point,
    -- Segment, Fan, Line, then any kind added after these ten): each test is
    -- one guard in a compiled trace.
    local names, tests, seen = {}, {}, {}
    for k = 1, #native.metatables do names[k] = "mt" .. k end
    for _, k in ipairs { 4, 5, 8, 9, 6, 7, 1, 2, 10, 3 } do
      if native.metatables[k] then tests[#tests + 1], seen[k] = "m == mt" .. k, true end
    end
    for k = 1, #native.metatables do
      if not seen[k] then tests[#tests + 1] = "m == mt" .. k end
    end
    local source = ("local raw_metatable, %s = ...\n"):format(table.concat(names, ", "))
        .. "return function(v) local m = raw_metatable(v) return " .. table.concat(tests, " or ") .. " end"
    is_shape = assert(loadstring(source, "=collide2d.ffi is_shape"))(raw_metatable, unpack(native.metatables))
  else
    local known = setmetatable({}, { __mode = "k" })
    is_shape = function(v)
      if known[v] then return true end
      if shape_type(v) == nil then return false end
      known[v] = true
      return true
    end
  end

  local hits_fn, distance_fn, contains_fn, contact_fn = api.hits, api.distance, api.contains, api.contact
  local sweep_fn, raycast_fn, bbox_fn = api.sweep, api.raycast, api.bbox
  local center_fn, position_fn, move_fn, move_to_fn = api.center, api.position, api.move, api.move_to
  local rotate_fn, scale_fn = api.rotate, api.scale
  local distance_out = ffi.new("c2dffi_distance_result")
  local contact_out = ffi.new("c2dffi_contact_result")
  local sweep_out = ffi.new("c2dffi_sweep_result")
  local bounds_out = ffi.new("c2dffi_bounds")
  local vec_out = ffi.new("c2dffi_vec")
  local capi_hits, capi_distance, capi_contains, capi_contact = capi.hits, capi.distance, capi.contains, capi.contact
  local capi_sweep, capi_raycast, capi_bbox, capi_center = capi.sweep, capi.raycast, capi.bbox, capi.center
  local capi_position, capi_move, capi_move_to = capi.position, capi.move, capi.moveTo
  local capi_rotate, capi_scale = capi.rotate, capi.scale

  -- A finite number (not NaN, not +-inf).
  local function finite(x) return type(x) == "number" and x - x == 0 end

  local fast = {}

  function fast.hits(...)
    local a, b = ...
    if not is_shape(a) or not is_shape(b) then return by_binding(capi_hits, ...) end
    local r = hits_fn(SHAPE(a), SHAPE(b))
    if r < 0 then return by_binding(capi_hits, ...) end
    return r ~= 0
  end

  function fast.distance(...)
    local a, b = ...
    if not is_shape(a) or not is_shape(b) then return by_binding(capi_distance, ...) end
    local r = distance_out
    if distance_fn(SHAPE(a), SHAPE(b), r) ~= 0 then return by_binding(capi_distance, ...) end
    return r.distance, r.a.x, r.a.y, r.b.x, r.b.y
  end

  function fast.contains(...)
    local s, x, y = ...
    if not is_shape(s) or not finite(x) or not finite(y) then
      return by_binding(capi_contains, ...)
    end
    local r = contains_fn(SHAPE(s), x, y)
    if r < 0 then return by_binding(capi_contains, ...) end
    return r ~= 0
  end

  function fast.contact(...)
    local a, b = ...
    if not is_shape(a) or not is_shape(b) then return by_binding(capi_contact, ...) end
    local r = contact_out
    if contact_fn(SHAPE(a), SHAPE(b), r) ~= 0 then return by_binding(capi_contact, ...) end
    if r.hit == 0 then return nil end
    return r.normal.x, r.normal.y, r.depth, r.point.x, r.point.y
  end

  function fast.sweep(...)
    local a, dx, dy, b, bdx, bdy = ...
    if bdx == nil then bdx = 0 end
    if bdy == nil then bdy = 0 end
    if not is_shape(a) or not finite(dx) or not finite(dy) or not is_shape(b)
       or not finite(bdx) or not finite(bdy) then
      return by_binding(capi_sweep, ...)
    end
    local r = sweep_out
    if sweep_fn(SHAPE(a), dx, dy, SHAPE(b), bdx, bdy, r) ~= 0 then return by_binding(capi_sweep, ...) end
    if r.hit == 0 then return nil end
    return r.t, r.normal.x, r.normal.y, r.point.x, r.point.y
  end

  function fast.raycast(...)
    local s, x, y, dx, dy, maxt = ...
    if maxt == nil then maxt = 1 end
    if not is_shape(s) or not finite(x) or not finite(y) or not finite(dx) or not finite(dy)
       or not finite(maxt) or maxt < 0 then
      return by_binding(capi_raycast, ...)
    end
    local r = sweep_out
    if raycast_fn(SHAPE(s), x, y, dx, dy, maxt, r) ~= 0 then return by_binding(capi_raycast, ...) end
    if r.hit == 0 then return nil end
    return r.t, r.normal.x, r.normal.y
  end

  function fast.bbox(...)
    local s = ...
    if not is_shape(s) then return by_binding(capi_bbox, ...) end
    local b = bounds_out
    if bbox_fn(SHAPE(s), b) ~= 1 then return by_binding(capi_bbox, ...) end
    return b.minx, b.miny, b.maxx, b.maxy
  end

  -- center and position: a point of the shape.
  local function point_of(c_fn, capi_fn)
    return function(...)
      local s = ...
      if not is_shape(s) then return by_binding(capi_fn, ...) end
      local v = vec_out
      if c_fn(SHAPE(s), v) ~= 0 then return by_binding(capi_fn, ...) end
      return v.x, v.y
    end
  end
  fast.center = point_of(center_fn, capi_center)
  fast.position = point_of(position_fn, capi_position)

  function fast.move(...)
    local s, dx, dy = ...
    if not is_shape(s) or not finite(dx) or not finite(dy)
       or move_fn(MUTABLE(s), dx, dy) ~= 0 then
      return by_binding(capi_move, ...)
    end
    return s
  end

  function fast.moveTo(...)
    local s, x, y = ...
    if not is_shape(s) or not finite(x) or not finite(y)
       or move_to_fn(MUTABLE(s), x, y) ~= 0 then
      return by_binding(capi_move_to, ...)
    end
    return s
  end

  -- rotate and scale: a number, then an optional pivot, either coordinate
  -- defaulting on its own (the centre, or a Fan's apex, chosen in C).
  local function about_pivot(c_fn, capi_fn)
    return function(...)
      local s, x, ox, oy = ...
      local has_ox, has_oy = ox ~= nil, oy ~= nil
      if not is_shape(s) or not finite(x) or (has_ox and not finite(ox)) or (has_oy and not finite(oy))
         or c_fn(MUTABLE(s), x, has_ox and 1 or 0, has_ox and ox or 0, has_oy and 1 or 0, has_oy and oy or 0) ~= 0 then
        return by_binding(capi_fn, ...)
      end
      return s
    end
  end
  fast.rotate = about_pivot(rotate_fn, capi_rotate)
  fast.scale = about_pivot(scale_fn, capi_scale)

  -- manifold: the C binding's tables, built here from the structs (a list
  -- given as `into` and its tables reused, as the binding reuses them).
  local manifold_fn, capi_manifold = api.manifold, capi.manifold
  local manifolds_out, count_out = ffi.new("c2dffi_manifold[16]"), ffi.new("int[1]")
  local rawget, rawset = rawget, rawset
  local function sub_table(t, key)
    local v = rawget(t, key)
    if type(v) ~= "table" then
      v = {}
      rawset(t, key, v)
    end
    return v
  end
  -- One point of a manifold into p.
  local function fill_point(p, q)
    p.x, p.y, p.separation, p.id = q.point.x, q.point.y, q.separation, tonumber(q.id)
  end
  -- One manifold (one or two points) into m.
  local function fill_manifold(m, c)
    m.nx, m.ny = c.normal.x, c.normal.y
    m.pieceA = c.piece_a >= 0 and c.piece_a + 1 or nil
    m.pieceB = c.piece_b >= 0 and c.piece_b + 1 or nil
    if c.count > 0 then fill_point(sub_table(m, 1), c.points[0]) else rawset(m, 1, nil) end
    if c.count > 1 then fill_point(sub_table(m, 2), c.points[1]) else rawset(m, 2, nil) end
  end
  function fast.manifold(...)
    local a, b, margin, into = ...
    if margin == nil then margin = 0 end
    if not is_shape(a) or not is_shape(b) or not finite(margin) or margin < 0
       or (into ~= nil and type(into) ~= "table") then
      return by_binding(capi_manifold, ...)
    end
    local out = manifolds_out
    if manifold_fn(SHAPE(a), SHAPE(b), margin, out, 16, count_out) ~= 0 or count_out[0] > 16 then
      return by_binding(capi_manifold, ...)
    end
    local count = count_out[0]
    if count == 0 then
      if into ~= nil then for i = #into, 1, -1 do rawset(into, i, nil) end end
      return nil
    end
    -- (No loop runs for the common answer, one manifold: a loop inside would
    -- stop the JIT compiling the game's own loop around the call, whose FFI
    -- reads the interpreter then boxes, a table's worth of garbage a call.)
    local list = into or {}
    fill_manifold(sub_table(list, 1), out[0])
    for i = 2, count do fill_manifold(sub_table(list, i), out[i - 1]) end
    for i = #list, count + 1, -1 do rawset(list, i, nil) end
    return list
  end

  local push_back_fn, capi_push_back = api.push_back, capi.pushBack
  function fast.pushBack(...)
    local a, dx, dy, b = ...
    if not is_shape(a) or not finite(dx) or not finite(dy) or not is_shape(b) then
      return by_binding(capi_push_back, ...)
    end
    local r = sweep_out
    if push_back_fn(SHAPE(a), dx, dy, SHAPE(b), r) ~= 0 then return by_binding(capi_push_back, ...) end
    if r.hit == 0 then return nil end
    return r.t, r.normal.x, r.normal.y, r.point.x, r.point.y
  end

  -- One function serves a:f(...) and c2d.f(a, ...), as in the C binding.
  for name, f in pairs(fast) do
    methods[name] = f
    module[name] = f
  end

  -- c2d.tiles with a table of codes: the binding reads a table entry by
  -- entry through the Lua API, which for a big map (a million tiles) is most
  -- of the layer's cost under LuaJIT. Here a compiled loop reads the codes
  -- into two bytes a tile, and the binding copies them. Anything it does not
  -- take as it is (a string, a metatable, a code that is not a whole number
  -- in [0, 65535], a wrong count, a bad argument anywhere) goes to the
  -- binding's own c2d.tiles, which then answers or raises its error.
  local native_tiles, tiles_wide = module.tiles, native.tiles_wide
  if tiles_wide then
    local CODES = ffi.typeof("uint16_t[?]")
    local floor, getmetatable = math.floor, getmetatable
    module.tiles = function(...)
      local x, y, tile_w, tile_h, columns, rows, data, kinds = ...
      if type(data) ~= "table" or getmetatable(data) ~= nil or type(columns) ~= "number" or type(rows) ~= "number" then
        return by_binding(native_tiles, ...)
      end
      local n = columns * rows
      if not (n >= 1 and n <= 268435456 and columns == floor(columns) and rows == floor(rows)) or #data ~= n then
        return by_binding(native_tiles, ...)
      end
      local codes = CODES(n)
      for i = 1, n do
        local v = rawget(data, i)
        if type(v) ~= "number" or not (v >= 0 and v <= 65535) or v ~= floor(v) then
          return by_binding(native_tiles, ...)
        end
        codes[i - 1] = v
      end
      local ok, layer = pcall(tiles_wide, x, y, tile_w, tile_h, columns, rows, ffi.string(codes, 2 * n), kinds)
      if ok then return layer end
      return by_binding(native_tiles, ...)
    end
  end
  module.backend = "ffi"
end
