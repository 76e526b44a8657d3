-- The cases of spec/hostile_spec.lua: every public function and method called
-- with hostile values in each argument position, callbacks that misbehave,
-- finalizers that change a world while it builds an answer, and what the
-- debug library can do to the module's objects. Each call must return or raise
-- a Lua error; a crash is found by running each group in a child process
-- (spec/support/hostile_run.lua), which the spec starts.
--
-- A group is a function that declares tests with test(name, fn); inside, every
-- call to the module goes through call(), which counts it (so that a child can
-- skip the calls before one that crashed, and say which call it was) and
-- checks that a failure is a Lua error with a message. fail() records a wrong
-- answer; the test goes on. pending() marks a test that does not apply to this
-- runtime.
local c2d = require "collide2d"
local bump = require "collide2d.bump"
local draw = require "collide2d.draw"

local unpack = table.unpack or unpack
local nan, inf = 0 / 0, math.huge
local floor = math.floor
local getmt, setmt = debug and debug.getmetatable, debug and debug.setmetatable

local M = { groups = {} }
local function group(name, fn) M.groups[#M.groups + 1] = { name = name, fn = fn } end

-- The runner ----------------------------------------------------------------------

local R -- { skip, trace, seq, out }
local current -- the test running

local function oneline(s) return (tostring(s):gsub("[\r\n]+", " | ")) end

local function fail(msg) R.out("F " .. current .. " :: " .. oneline(msg)) end
-- (a test some of whose calls a rerun passed over cannot tell that it does not apply)
local function pending(reason) if not R.skipped_in_test then R.out("P " .. current .. " :: " .. oneline(reason)) end end
local function check(cond, msg) if not cond then fail(msg) end return cond end

local function test(name, fn)
  current = name
  R.skipped_in_test = false
  R.out("T " .. name)
  local ok, err = xpcall(fn, debug and debug.traceback or tostring)
  if not ok then fail("the test itself raised: " .. tostring(err)) end
end

local function pack(...) return { n = select("#", ...), ... } end

-- The name of a value, for descriptions.
local names = setmetatable({}, { __mode = "k" })
local function describe_value(v)
  if type(v) == "table" or type(v) == "userdata" or type(v) == "function" or type(v) == "thread" then
    if names[v] then return names[v] end
    local ok, s = pcall(tostring, v)
    -- (no addresses: a call is known by its description from one run to the next)
    return ok and type(s) == "string" and (s:gsub("0x%x+", "0x")) or type(v)
  end
  if type(v) == "string" then return ("%q"):format(v) end
  if v ~= v then return "NaN" end
  return tostring(v)
end
local function named(name, v)
  if type(v) == "table" or type(v) == "userdata" or type(v) == "function" or type(v) == "thread" then names[v] = name end
  return v
end

local function describe_call(fname, args, n)
  local parts = {}
  for i = 1, n do parts[i] = describe_value(args[i]) end
  return ("%s(%s)"):format(fname, table.concat(parts, ", "))
end

-- Call f with args[1..n] in pcall. Returns the pcall's results packed, or nil
-- when the call is one that crashed an earlier run (skipped).
local function call(fname, f, args, n)
  -- (the line is made in both modes, so that a traced run allocates, and so
  -- collects and finalizes, as the run it retraces did)
  local desc = oneline(describe_call(fname, args, n))
  local line = ("B %s :: %s"):format(current, desc)
  local skip = R.skip[desc]
  for _, prefix in ipairs(R.skip) do skip = skip or desc:sub(1, #prefix) == prefix end
  if skip then
    R.skipped_in_test = true
    return nil
  end
  if R.trace then R.out(line) end
  local r = pack(pcall(f, unpack(args, 1, n)))
  if not r[1] and (type(r[2]) ~= "string" or r[2] == "") and not R.error_objects then
    fail(("%s raised %s instead of a message"):format(describe_call(fname, args, n), describe_value(r[2])))
  end
  return r
end

-- No NaN in what a call returned (numbers only, one level deep).
local function no_nan(fname, args, n, r)
  for i = 2, r.n do
    if type(r[i]) == "number" and r[i] ~= r[i] then
      fail(("%s returned NaN (value %d)"):format(describe_call(fname, args, n), i - 1))
      return
    end
  end
end

-- Objects dressed in another's metatable get theirs back when the group ends
-- (a World left wearing a shape's metatable would never be freed).
local undress = {}
local function dress(v, mt)
  local old = getmt(v)
  undress[#undress + 1] = function() setmt(v, old) end
  setmt(v, mt)
  return v
end

-- Run group name; skip: the set of call descriptions not to make (they crashed
-- an earlier run), and in its array part, prefixes of descriptions not to
-- make (a sweep that crashed); trace: a B line before each call.
function M.run(name, skip, trace, out)
  R = { skip = skip, trace = trace, out = out }
  for _, g in ipairs(M.groups) do
    if g.name == name then
      local ok, err = xpcall(g.fn, debug and debug.traceback or tostring)
      if not ok then current = "(group)"; fail("the group raised: " .. tostring(err)) end
      for i = #undress, 1, -1 do pcall(undress[i]) end
      undress = {}
      out("D")
      return
    end
  end
  out("F (group) :: no group " .. name)
  out("D")
end

function M.names()
  local t = {}
  for i, g in ipairs(M.groups) do t[i] = g.name end
  return t
end

-- Shapes, worlds and hostile values --------------------------------------------------

local KINDS = { "Point", "Segment", "Line", "Disk", "AABB", "Box", "Triangle", "Polygon", "Capsule", "Fan", "Concave", "Group" }

-- The constructor's numbers of one shape of each kind (the arguments of set).
local NUMBERS = {
  Point = { 1, 2 }, Segment = { 0, 0, 4, 3 }, Line = { 0, 0, 1, 1 }, Disk = { 0, 0, 5 }, AABB = { 5, -2, 4, 4 },
  Box = { 0, 0, 4, 2, 0.5 }, Triangle = { 0, 0, 4, 0, 0, 3 }, Polygon = { 0, 0, 4, 0, 6, 2, 4, 4, 0, 4 },
  Capsule = { 0, 0, 10, 0, 2 }, Fan = { 0, 0, 10, 1, 5 }, Concave = { 0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8 },
}

local function make(kind)
  if kind == "Group" then return named("Group", c2d.group(c2d.disk(0, 0, 2), c2d.box(3, 0, 2, 2, 0.3), c2d.concave(unpack(NUMBERS.Concave)))) end
  return named(kind, c2d[kind:lower()](unpack(NUMBERS[kind])))
end

-- The arguments of set for a shape of kind.
local function set_args(kind)
  if kind == "Group" then return { c2d.disk(1, 1, 1), c2d.aabb(0, 0, 1, 1) } end
  return { unpack(NUMBERS[kind]) }
end

local function freed_world()
  local w = c2d.world()
  w:add(c2d.disk(0, 0, 1))
  getmt(w).__gc(w)
  return named("a freed World", w)
end

local function freed_bump()
  local b = bump.newWorld(16)
  b:add("x", 0, 0, 1, 1)
  getmt(b._w).__gc(b._w)
  return named("a bump world whose C half was freed", b)
end

-- A userdata of no use to the module: a file handle (whose metatable the
-- group gives back), or where there is one, newproxy's bare userdata.
local function foreign(i)
  if newproxy then return named("newproxy()" .. i, newproxy(false)) end
  return named("io.tmpfile()" .. i, io.tmpfile())
end

local trap_mt = {}
for _, k in ipairs { "__index", "__newindex", "__len", "__call", "__eq", "__lt", "__le", "__concat", "__tostring", "__unm", "__add" } do
  trap_mt[k] = function() error("a metamethod of a hostile table ran", 0) end
end

local function hostile_values()
  local v = {}
  local function add(name, value) v[#v + 1] = { name = name, value = named(name, value) } end
  add("nil", nil); add("true", true); add("false", false)
  add("NaN", nan); add("inf", inf); add("-inf", -inf); add("-0", -0.0); add("0", 0); add("-1", -1); add("0.5", 0.5)
  add("1e308", 1e308); add("-1e308", -1e308); add("2^53", 2 ^ 53); add("2^63", 2 ^ 63); add("4.9e-324", 4.9e-324)
  if math.maxinteger then add("maxinteger", math.maxinteger); add("mininteger", math.mininteger) end
  add('"x"', "x"); add('"10"', "10"); add('""', "")
  add("{}", {}); add("{1,2,3}", { 1, 2, 3 }); add("a table whose metamethods raise", setmetatable({}, trap_mt))
  add("a table named 123", setmetatable({}, { __name = 123 }))
  add("a table named collide2d.World", setmetatable({}, { __name = "collide2d.World" }))
  add("a function", function() return "slide" end)
  add("a raising function", function() error("raised by a hostile function", 0) end)
  add("a coroutine", coroutine.create(function() end))
  add("io.stdout", io.stdout)
  add("a World", c2d.world())
  add("a freed World", freed_world())
  add("a bump world", bump.newWorld())
  add("a bump world's freed C half", freed_bump()._w)
  add("a bump world whose C half was freed", freed_bump())
  for _, kind in ipairs { "Point", "Line", "Disk", "Concave", "Group" } do add("a " .. kind, make(kind)) end
  add("a 1-vertex hull", c2d.hull(2, 2))
  add("a rounded Box", c2d.box(0, 0, 4, 2, 0.5, 1))
  add("a rounded 2-point hull", c2d.hull(0, 0, 3, 0, 0.5))
  if setmt then
    local disk, poly, world, bw = make("Disk"), make("Polygon"), c2d.world(), bump.newWorld()
    local i = 0
    for _, mt in ipairs { { "Disk", getmt(disk) }, { "Polygon", getmt(poly) }, { "Concave", getmt(make("Concave")) },
                          { "Group", getmt(make("Group")) }, { "World", getmt(world) }, { "bump World", getmt(bw._w) } } do
      i = i + 1
      add("a foreign userdata wearing the " .. mt[1] .. " metatable", dress(foreign(i), mt[2]))
    end
    add("a World wearing the Disk metatable", dress(c2d.world(), getmt(disk)))
    add("a Disk wearing the World metatable", dress(make("Disk"), getmt(world)))
    add("a Disk wearing the Polygon metatable", dress(make("Disk"), getmt(poly)))
    add("a Polygon wearing the Disk metatable", dress(make("Polygon"), getmt(disk)))
    add("a freed World wearing the bump World metatable", dress(freed_world(), getmt(bw._w)))
    add("a bump world's C half wearing the World metatable", dress(bump.newWorld()._w, getmt(world)))
    add("a World wearing the bump World metatable", dress(c2d.world(), getmt(bw._w)))
  end
  return v
end

-- Call f with the template args, each position in turn replaced by each
-- hostile value; args are values, or {fresh = function} for a value made anew
-- for each call. after(r, args, n) checks a call's answer.
local FRESH = {}
local function fresh(fn) return setmetatable({ fresh = fn }, FRESH) end

local function sweep(fname, f, template, values, opts)
  opts = opts or {}
  local n = template.n or #template
  local first = opts.first or 1
  for pos = first, n + 1 do
    for _, hv in ipairs(values) do
      local args = {}
      for i = 1, n do
        local a = template[i]
        if getmetatable(a) == FRESH then a = a.fresh() end
        args[i] = a
      end
      args[pos] = hv.value
      local m = math.max(n, pos)
      local r = call(fname, f, args, m)
      if r then
        if r[1] and not opts.nan_ok then no_nan(fname, args, m, r) end
        if opts.after then opts.after(r, args, m) end
      end
    end
  end
end

-- A World with shapes of several kinds, consistent or the test says why not.
local function world_with_shapes()
  local w = named("the World", c2d.world(8))
  local s = {}
  for _, kind in ipairs { "Disk", "AABB", "Concave", "Group", "Line", "Polygon", "Capsule" } do
    s[#s + 1] = w:add(make(kind))
  end
  for i = 1, 6 do s[#s + 1] = w:add(named("box" .. i, c2d.aabb(i * 3, 1, 2, 2))) end
  return w, s
end

-- Does the world still answer consistently: nil, or what is wrong.
local function world_wrong(w)
  local ok, list = pcall(w.shapes, w)
  if not ok then return nil end -- a freed world
  local ok2, count = pcall(w.count, w)
  if not ok2 then return "count() raised " .. tostring(count) .. " where shapes() answered" end
  if count ~= #list then return ("count() %d but shapes() lists %d"):format(count, #list) end
  for i, s in ipairs(list) do
    if c2d.type(s) == nil then return ("shapes()[%d] is %s, not a shape"):format(i, describe_value(s)) end
    if not w:has(s) then return ("shapes()[%d] %s is not has()"):format(i, tostring(s)) end
  end
  local pairs_, n = w:collisions()
  if #pairs_ ~= 2 * n then return ("collisions() says %d pairs, lists %d shapes"):format(n, #pairs_) end
  for i = 1, n do
    local a, b = pairs_[2 * i - 1], pairs_[2 * i]
    if c2d.type(a) == nil or c2d.type(b) == nil then return "collisions() lists a value that is not a shape" end
    if not (w:has(a) and w:has(b)) then return "collisions() lists a shape not in the world" end
    if not a:hits(b) then return ("collisions() pairs %s and %s, which do not hit"):format(tostring(a), tostring(b)) end
  end
  for _, s in ipairs(list) do
    local q = w:query(s)
    local expect = 0
    for _, o in ipairs(list) do if not rawequal(o, s) and s:hits(o) then expect = expect + 1 end end
    if #q ~= expect then return ("query(%s) finds %d shapes, %d hit it"):format(tostring(s), #q, expect) end
  end
  return nil
end

local function check_world(w, when)
  local wrong = world_wrong(w)
  if wrong then fail(("%s: the world no longer answers consistently: %s"):format(when, wrong)) end
end

-- The same for a bump world.
local function bump_wrong(b)
  local ok, items, len = pcall(b.getItems, b)
  if not ok then return nil end
  if b:countItems() ~= len then return ("countItems() %d, getItems() %d"):format(b:countItems(), len) end
  -- (a rect so thin that it covers no cell, (x + w) / cellSize rounding to x / cellSize,
  -- is in no cell in bump.lua as here: no query finds it)
  local visible, cs = 0, b.cellSize
  for i = 1, len do
    if items[i] == nil then return ("getItems()[%d] is nil"):format(i) end
    local okr, x, y, w, h = pcall(b.getRect, b, items[i])
    if not okr or type(x) ~= "number" then return ("getRect(%s) gives no rect"):format(describe_value(items[i])) end
    if math.ceil((x + w) / cs) - floor(x / cs) >= 1 and math.ceil((y + h) / cs) - floor(y / cs) >= 1 then visible = visible + 1 end
  end
  local _, n = b:queryRect(-1e300, -1e300, 2e300, 2e300)
  if n ~= visible then return ("a queryRect over everything finds %d of %d items"):format(n, visible) end
  return nil
end

local function check_bump(b, when)
  local wrong = bump_wrong(b)
  if wrong then fail(("%s: the bump world no longer answers consistently: %s"):format(when, wrong)) end
end

M.world_wrong, M.bump_wrong = world_wrong, bump_wrong

-- Hostile arguments ---------------------------------------------------------------

local SHAPE_METHODS = {
  contact = function() return { make("Disk") } end,
  manifold = function() return { make("Disk"), 1, {} } end,
  intersection = function() return { make("Disk"), 16 } end,
  triangles = function() return { 16 } end,
  pushBack = function() return { 1, 0, make("Disk") } end,
  featureAt = function() return { 1, 0, 1, 0 } end,
  sweep = function() return { 1, 0, make("Disk"), 0, 0 } end,
  raycast = function() return { -20, 0, 40, 0, 1 } end,
  move = function() return { 1, 1 } end,
  moveTo = function() return { 1, 1 } end,
  rotate = function() return { 0.5, 0, 0 } end,
  scale = function() return { 2, 0, 0 } end,
  clone = function() return {} end,
  setUserData = function() return { "ud" } end,
  getUserData = function() return {} end,
  outline = function() return { 8 } end,
  hits = function() return { make("Disk") } end,
  distance = function() return { make("Disk") } end,
  contains = function() return { 0, 0 } end,
  covers = function() return { make("Disk") } end,
  pieces = function() return {} end,
  bbox = function() return {} end,
  center = function() return {} end,
  position = function() return {} end,
  unpack = function() return {} end,
  serialize = function() return {} end,
  type = function() return {} end,
}
local MUTATORS = { move = true, moveTo = true, rotate = true, scale = true, set = true, setUserData = true }

group("shape functions", function()
  local values = hostile_values()
  local method_names = {}
  for name in pairs(SHAPE_METHODS) do method_names[#method_names + 1] = name end
  method_names[#method_names + 1] = "set"
  table.sort(method_names)
  for _, name in ipairs(method_names) do
    test(("c2d.%s (and s:%s) with hostile arguments"):format(name, name), function()
      local f = c2d[name]
      check(type(f) == "function", "no c2d." .. name)
      local template = name == "set" and set_args("Disk") or SHAPE_METHODS[name]()
      -- self: every hostile value
      local args = { make("Disk") }
      for i, a in ipairs(template) do args[i + 1] = a end
      sweep("c2d." .. name, f, args, values, { first = 1 })
      -- the other positions, with a shape of each kind as self
      for _, kind in ipairs(KINDS) do
        local t = name == "set" and set_args(kind) or SHAPE_METHODS[name]()
        local tmpl = { fresh(function() return make(kind) end) }
        for i, a in ipairs(t) do tmpl[i + 1] = a end
        sweep(("c2d.%s on a %s"):format(name, kind), f, tmpl, values, {
          first = 2,
          after = function(r, a, n)
            local s = a[1]
            if c2d.type(s) == nil then return end
            -- a call that raised leaves its shape as it was; a query changes nothing
            if (not r[1]) or not MUTATORS[name] then
              local want = tostring(make(kind))
              if tostring(s) ~= want and not (MUTATORS[name] and r[1]) then
                fail(("%s changed its shape to %s (was %s)"):format(describe_call("c2d." .. name, a, n), tostring(s), want))
              end
            end
          end,
        })
      end
    end)
  end
  test("metamethods of shapes with hostile arguments", function()
    local mt = getmt(make("Disk"))
    if not mt then return pending("no debug library") end
    for _, mm in ipairs { "__tostring", "__eq", "__gc" } do
      sweep("Disk metatable." .. mm, mt[mm], { make("Disk"), make("Disk") }, values)
    end
    check(getmetatable(make("Disk")) == false, "getmetatable(shape) is not false")
  end)
end)

group("constructors", function()
  local values = hostile_values()
  local ctors = {
    point = { 1, 2 }, segment = { 0, 0, 1, 1 }, line = { 0, 0, 1, 1 }, disk = { 0, 0, 1 }, aabb = { 0, 0, 1, 1 },
    box = { 0, 0, 2, 1, 0.5 }, triangle = { 0, 0, 1, 0, 0, 1 }, polygon = { 0, 0, 1, 0, 1, 1, 0, 1 },
    hull = { 0, 0, 1, 0, 0, 1 }, capsule = { 0, 0, 1, 0, 0.5 }, fan = { 0, 0, 1, 0, 1 },
    concave = { 0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2 },
    group = { make("Disk"), make("AABB") }, world = { 16 }, type = { make("Disk") },
    ["world(snapshot)"] = { { cellSize = 8, { shape = { "disk", 0, 0, 1 }, category = 2, oneway = { 0, -1 } } } },
    deserialize = { { "group", { "disk", 0, 0, 1 }, { "box", 3, 0, 2, 2, 0.3 } } },
  }
  local list = {}
  for name in pairs(ctors) do list[#list + 1] = name end
  table.sort(list)
  for _, name in ipairs(list) do
    test(("c2d.%s with hostile arguments"):format(name), function()
      local f = c2d[name:match("^%w+")]
      sweep("c2d." .. name, f, ctors[name], values)
      if name == "polygon" or name == "hull" or name == "concave" or name == "group" then
        -- one table of them, each entry in turn hostile
        local t = ctors[name]
        for pos = 1, #t + 1 do
          for _, hv in ipairs(values) do
            local copy = { unpack(t) }
            copy[pos] = hv.value
            call("c2d." .. name .. "{...}", f, { copy }, 1)
          end
        end
      elseif name == "deserialize" or name == "world(snapshot)" then
        -- the table's entries, and an entry's fields, each in turn hostile
        local t = ctors[name][1]
        local inner = name == "deserialize" and t[2] or t[1]
        for _, hv in ipairs(values) do
          for pos = 1, #t + 1 do
            local copy = { unpack(t) }
            copy.cellSize = t.cellSize
            copy[pos] = hv.value
            call("c2d." .. name .. "(t)", f, { copy }, 1)
          end
          for key in pairs(inner) do
            local e = {}
            for k, v in pairs(inner) do e[k] = v end
            e[key] = hv.value
            local copy = { unpack(t) }
            copy.cellSize = t.cellSize
            copy[name == "deserialize" and 2 or 1] = e
            call("c2d." .. name .. "(t, entry)", f, { copy }, 1)
          end
        end
      end
    end)
  end
  test("sizes at and past the limits", function()
    local function nums(n, f) local t = {} for i = 1, n do t[i] = f(i) end return t end
    local ring = function(n) return nums(2 * n, function(i)
      local k = floor((i - 1) / 2)
      return (i % 2 == 1 and math.cos or math.sin)(2 * math.pi * k / n) * 100
    end) end
    for _, n in ipairs { 255, 256, 257, 1000 } do call("c2d.polygon{ring}", c2d.polygon, { ring(n) }, 1) end
    for _, n in ipairs { 4095, 4096, 4097 } do call("c2d.concave{ring}", c2d.concave, { ring(n) }, 1) end
    call("c2d.hull(200000 points)", c2d.hull, { nums(400000, function(i) return (i * 7919) % 1000 end) }, 1)
    local members = nums(300, function(i) return c2d.disk(i, 0, 1) end)
    call("c2d.group(300 members)", c2d.group, members, 300)
    call("c2d.group{300 members}", c2d.group, { members }, 1)
    local g = c2d.group(unpack(members, 1, 256))
    call("group of 256:unpack()", g.unpack, { g }, 1)
    call("group of 256 in a group", c2d.group, { g, c2d.disk(0, 0, 1) }, 2)
    local big = c2d.concave(ring(4096))
    call("concave of 4096:unpack()", big.unpack, { big }, 1)
    call("concave of 4096:outline()", big.outline, { big, 4096 }, 2)
    call("concave of 4096:pieces()", big.pieces, { big }, 1)
    call("c2d.polygon with 600 arguments", c2d.polygon, nums(600, function(i) return i end), 600)
    -- (Lua 5.1 and LuaJIT pass a C function at most about 8,000 arguments)
    if pcall(function() return select("#", unpack(nums(8194, function(i) return i end))) end) then
      call("c2d.concave with 8194 arguments", c2d.concave, nums(8194, function(i) return i end), 8194)
    end
    for _, kind in ipairs(KINDS) do
      local s = make(kind)
      call("outline(4096) of a " .. kind, s.outline, { s, 4096 }, 2)
      call("outline(4097) of a " .. kind, s.outline, { s, 4097 }, 2)
    end
  end)
end)

local WORLD_METHODS = {
  add = function(w) return { w, fresh(function() return make("Disk") end), 1, 0xFFFFFFFF } end,
  remove = function(w) return { w, fresh(function() return w:add(make("Disk")) end) } end,
  has = function(w, s) return { w, s[1] } end,
  count = function(w) return { w } end,
  shapes = function(w) return { w } end,
  snapshot = function(w) return { w } end,
  setFilter = function(w, s) return { w, s[1], 1, 1 } end,
  getFilter = function(w, s) return { w, s[1] } end,
  query = function(w, s) return { w, s[1], function() return true end } end,
  queryPoint = function(w) return { w, 0, 0, function() return true end } end,
  queryRect = function(w) return { w, 0, 0, 10, 10, function() return true end } end,
  querySegment = function(w) return { w, -5, 0, 20, 5, function() return true end } end,
  raycast = function(w) return { w, -5, 1, 40, 0, 1, function() return true end } end,
  raycastMany = function(w) return { w, { -5, 1, 40, 0, -5, 3, 40, 1 }, 1, function() return true end, {} } end,
  sees = function(w, s) return { w, -5, 1, s[1], function() return true end } end,
  visible = function(w) return { w, make("Fan"), function() return true end } end,
  visibility = function(w) return { w, 0, 0, 40, function() return true end, 0.5 } end,
  navmesh = function(w) return { w, 0.5, function() return true end, 0.5 } end,
  collisions = function(w) return { w, {} } end,
  move = function(w, s) return { w, s[1], 10, 3, function() return "slide" end } end,
  check = function(w, s) return { w, s[1], 10, 3, function() return "slide" end } end,
  push = function(w, s) return { w, s[1], function() return true end } end,
  addResponse = function(w) return { w, "mine", function(_, _, x, y) return x, y end } end,
}

group("World methods", function()
  local values = hostile_values()
  local list = {}
  for name in pairs(WORLD_METHODS) do list[#list + 1] = name end
  table.sort(list)
  for _, name in ipairs(list) do
    test(("w:%s with hostile arguments"):format(name), function()
      local w, s = world_with_shapes()
      local f = getmt(w).__index[name]
      sweep("w:" .. name, f, WORLD_METHODS[name](w, s), values)
      check_world(w, "after w:" .. name .. " with hostile arguments")
    end)
  end
  test("NavMesh methods with hostile arguments", function()
    local w = world_with_shapes()
    local nav = c2d.navmesh(w, 0.5)
    local mt = getmt(nav)
    sweep("nav:path", mt.__index.path, { nav, -10, 1, 60, 1, {} }, values)
    for _, name in ipairs { "nodes", "radius", "world" } do sweep("nav:" .. name, mt.__index[name], { nav }, values) end
    sweep("NavMesh __tostring", mt.__tostring, { nav }, values)
    sweep("NavMesh __gc", mt.__gc, { c2d.navmesh(w, 1) }, values)
    sweep("c2d.navmesh", c2d.navmesh, { w, 0.5, 1, 0.5 }, values)
    sweep("c2d.navmesh of a layer", c2d.navmesh,
      { fresh(function() return c2d.tiles(0, 0, 1, 1, 2, 2, { 1, 0, 0, 1 }) end), 0.5, nil, 0.5, n = 4 }, values)
    check_world(w, "after the NavMesh methods")
  end)
  test("World metamethods with hostile arguments", function()
    local w = world_with_shapes()
    local mt = getmt(w)
    check(getmetatable(w) == false, "getmetatable(world) is not false")
    sweep("World __tostring", mt.__tostring, { w }, values)
    sweep("World __gc", mt.__gc, { c2d.world() }, values)
    check_world(w, "after the World's metamethods")
  end)
  test("every World method on a freed World raises", function()
    local w, s = world_with_shapes()
    getmt(w).__gc(w)
    getmt(w).__gc(w) -- twice: nothing more happens
    for _, name in ipairs(list) do
      local args = WORLD_METHODS[name](w, s)
      for i, a in ipairs(args) do if getmetatable(a) == FRESH then args[i] = make("Disk") end end
      local r = call("freed w:" .. name, getmt(w).__index[name], args, #args)
      if r then check(not r[1] and tostring(r[2]):find("freed"), ("w:%s on a freed World: %s"):format(name, tostring(r[2]))) end
    end
    local r = call("tostring(freed World)", tostring, { w }, 1)
    if r then check(not r[1], "tostring of a freed World answered") end
    -- its shapes are free to join another world
    local w2 = c2d.world()
    for _, shape in ipairs(s) do
      local r2 = call("w2:add(a freed World's shape)", w2.add, { w2, shape }, 2)
      if r2 then check(r2[1], "a freed World's shape cannot join another world: " .. tostring(r2[2])) end
    end
    check_world(w2, "a new world holding a freed World's shapes")
  end)
end)

local BUMP_METHODS = {
  add = function(b) return { b, fresh(function() return {} end), 0, 0, 10, 10 } end,
  remove = function(b) return { b, fresh(function() local i = {} b:add(i, 1, 1, 5, 5) return i end) } end,
  update = function(b) return { b, "a", 1, 1, 10, 10 } end,
  move = function(b) return { b, "a", 30, 0, function() return "slide" end } end,
  check = function(b) return { b, "a", 30, 0, function() return "slide" end } end,
  project = function(b) return { b, "a", 0, 0, 10, 10, 30, 5, function() return "cross" end } end,
  queryRect = function(b) return { b, 0, 0, 100, 100, function() return true end } end,
  queryPoint = function(b) return { b, 5, 5, function() return true end } end,
  querySegment = function(b) return { b, -5, 5, 100, 5, function() return true end } end,
  querySegmentWithCoords = function(b) return { b, -5, 5, 100, 5, function() return true end } end,
  hasItem = function(b) return { b, "a" } end,
  getItems = function(b) return { b } end,
  countItems = function(b) return { b } end,
  countCells = function(b) return { b } end,
  getRect = function(b) return { b, "a" } end,
  toCell = function(b) return { b, 10, 10 } end,
  toWorld = function(b) return { b, 1, 1 } end,
  addResponse = function(b) return { b, "mine", function(_w, col) return col.touch.x, col.touch.y, {}, 0 end } end,
  getDictItemsInCellRect = function(b) return { b, 1, 1, 2, 2 } end,
}

local function bump_world()
  local b = named("the bump world", bump.newWorld(16))
  b:add("a", 0, 0, 10, 10)
  b:add("b", 20, 0, 10, 10)
  b:add("c", 0, 20, 50, 10)
  b:add("d", 40, 0, 10, 10)
  return b
end

group("collide2d.bump", function()
  local values = hostile_values()
  local list = {}
  for name in pairs(BUMP_METHODS) do list[#list + 1] = name end
  table.sort(list)
  for _, name in ipairs(list) do
    test(("bump world:%s with hostile arguments"):format(name), function()
      local b = bump_world()
      -- (toCell and toWorld are bump.lua's arithmetic: NaN in, NaN out)
      sweep("world:" .. name, b[name], BUMP_METHODS[name](b), values, { nan_ok = name == "toCell" or name == "toWorld" })
      check_bump(b, "after world:" .. name .. " with hostile arguments")
    end)
  end
  test("a bump world's C half has a locked metatable", function()
    check(getmetatable(bump_world()._w) == false, "getmetatable(world._w) is not false")
  end)
  test("bump.newWorld with hostile arguments", function()
    sweep("bump.newWorld", bump.newWorld, { 64 }, values)
  end)
  test("bump.rect with hostile arguments", function()
    local templates = {
      getNearestCorner = { 0, 0, 10, 10, 3, 4 },
      getSegmentIntersectionIndices = { 0, 0, 10, 10, -5, 5, 20, 5, 0, 1 },
      getDiff = { 0, 0, 10, 10, 5, 5, 10, 10 },
      containsPoint = { 0, 0, 10, 10, 5, 5 },
      isIntersecting = { 0, 0, 10, 10, 5, 5, 10, 10 },
      getSquareDistance = { 0, 0, 10, 10, 5, 5, 10, 10 },
      detectCollision = { 0, 0, 10, 10, 5, 5, 10, 10, 1, 1 },
    }
    -- (bump.rect's functions are bump.lua's arithmetic: NaN in, NaN out, as in bump.lua)
    for name, t in pairs(templates) do sweep("bump.rect." .. name, bump.rect[name], t, values, { nan_ok = true }) end
  end)
  test("bump.responses with hostile arguments", function()
    for name, fn in pairs(bump.responses) do
      local b = bump_world()
      local _, _, cols = b:check("a", 30, 0, function() return "touch" end)
      local col = cols[1]
      sweep("bump.responses." .. name, fn, { b, col, 0, 0, 10, 10, 30, 0, function() return "slide" end }, values)
      check_bump(b, "after bump.responses." .. name)
    end
  end)
  test("the C half (require('collide2d')._bump) with hostile arguments", function()
    local C = c2d._bump
    local b = bump_world()
    local W, items = b._w, b._items
    local templates = {
      new = { 64 }, add = { W, 0, 0, 10, 10 }, remove = { W, 1 }, update = { W, 1, 0, 0, 10, 10 }, rect = { W, 1 },
      countCells = { W }, epoch = { W, true }, items = { W, items }, cells = { W, 1, 1, 2, 2, items },
      queryRect = { W, 0, 0, 10, 10, items }, queryPoint = { W, 1, 1, items },
      segment = { W, 0, 0, 10, 10, items, true }, project = { W, 0, "x", 0, 0, 10, 10, 5, 5, nil, items, n = 11 },
      check = { W, 1, "a", 5, 5, nil, items, false, n = 8 }, detect = { 0, 0, 10, 10, 5, 5, 10, 10, 1, 1 },
      span = { 0, 0, 10, 10, -5, 5, 20, 5, 0, 1 },
    }
    local list2 = {}
    for name in pairs(templates) do list2[#list2 + 1] = name end
    table.sort(list2)
    -- (the C half trusts the Lua half's checks of numbers: NaN may come out, never a crash)
    for _, name in ipairs(list2) do sweep("_bump." .. name, C[name], templates[name], values, { nan_ok = true }) end
    -- ids the Lua half never hands out
    for _, id in ipairs { 0, -1, 2 ^ 31, -2 ^ 31, 2 ^ 40, 1e300, 99 } do
      for _, name in ipairs { "remove", "rect" } do call("_bump." .. name, C[name], { W, id }, 2) end
      call("_bump.update", C.update, { W, id, 0, 0, 5, 5 }, 6)
      call("_bump.check", C.check, { W, id, "a", 5, 5, nil, items, true }, 8)
      call("_bump.project", C.project, { W, id, "a", 0, 0, 5, 5, 9, 9, nil, items }, 11)
    end
    -- a table of items that does not match the ids
    for _, bad in ipairs { {}, { [1] = 0 / 0 }, setmetatable({}, trap_mt) } do
      for _, name in ipairs { "items", "queryRect", "queryPoint" } do
        local t = templates[name]
        local a = { unpack(t) }
        a[#a] = bad
        call("_bump." .. name .. " with a wrong items table", C[name], a, #a)
      end
      call("_bump.cells with a wrong items table", C.cells, { W, 1, 1, 2, 2, bad }, 6)
      call("_bump.segment with a wrong items table", C.segment, { W, 0, 0, 10, 10, bad, true }, 7)
    end
  end)
  test("a bump world's own tables tampered with", function()
    local b = bump_world()
    b._ids.a = 999
    b._items[2] = nil
    b._count = -5
    for _, name in ipairs { "getItems", "queryRect", "queryPoint", "querySegment", "querySegmentWithCoords", "move", "check", "remove", "update", "getRect", "project" } do
      local t = BUMP_METHODS[name](b)
      for i, a in ipairs(t) do if getmetatable(a) == FRESH then t[i] = a.fresh() end end
      call("tampered world:" .. name, b[name], t, #t)
    end
    for _, other in ipairs { make("Disk"), c2d.world(), io.stdout, "x" } do
      local b2 = bump_world()
      local t2 = BUMP_METHODS
      b2._w = other
      for _, name in ipairs { "getItems", "queryRect", "move", "check", "add", "remove", "update", "countCells" } do
        local t = t2[name](b2)
        for i, a in ipairs(t) do if getmetatable(a) == FRESH then t[i] = "fresh" .. i end end
        call(("world whose _w is %s: %s"):format(describe_value(other), name), b2[name], t, #t)
      end
    end
  end)
  test("collide2d.draw's pure part with hostile arguments", function()
    sweep("draw.primitives", draw.primitives, { make("Disk"), "line" }, values)
    sweep("draw.clipLine", draw.clipLine, { 0, 0, 1, 1, 0, 0, 800, 600 }, values, { nan_ok = true })
    for _, name in ipairs { "draw", "drawWorld", "contact", "sweep", "ray" } do
      sweep("draw." .. name, draw[name], { make("Disk"), make("Disk") }, values)
    end
  end)
end)

-- Callbacks -----------------------------------------------------------------------

-- The calls that take a callback, with the callback in place: each returns
-- the function and the arguments.
local function world_callbacks(w, s, cb)
  local mover = s[1]
  -- (made before the callbacks turn hostile; a mover already gone is the error of the call)
  local made, ctl = pcall(c2d.controller, w, mover, { snap = 4, step = 4 })
  local ctl_move = made and ctl.move or function() error(ctl, 0) end
  w:addResponse("custom", function(...) return cb("response", ...) end)
  return {
    -- (the controller's probes ask the filter too: the ground below, a ledge's top)
    { "controller:move filter", ctl_move, { made and ctl, 40, 3, function(...) return cb("filter", ...) or "slide" end } },
    { "w:move filter", w.move, { w, mover, 40, 3, function(...) return cb("filter", ...) or "slide" end } },
    { "w:check filter", w.check, { w, mover, 40, 3, function(...) return cb("filter", ...) or "cross" end } },
    { "w:move custom response", w.move, { w, mover, 40, 3, function() return "custom" end } },
    { "w:push filter", w.push, { w, s[2], function(...) return cb("filter", ...) or true end } },
    { "w:query filter", w.query, { w, mover, function(...) return cb("filter", ...) or true end } },
    { "w:queryPoint filter", w.queryPoint, { w, 1, 1, function(...) return cb("filter", ...) or true end } },
    { "w:queryRect filter", w.queryRect, { w, -10, -10, 60, 60, function(...) return cb("filter", ...) or true end } },
    { "w:querySegment filter", w.querySegment, { w, -10, 1, 60, 1, function(...) return cb("filter", ...) or true end } },
    { "w:raycast filter", w.raycast, { w, -10, 1, 60, 0, 1, function(...) return cb("filter", ...) or false end } },
    { "w:raycastMany filter", w.raycastMany, { w, { -10, 1, 60, 0, -10, 2, 60, 0 }, 1, function(...) return cb("filter", ...) or false end } },
    { "w:sees filter", w.sees, { w, -10, 1, mover, function(...) return cb("filter", ...) or true end } },
    { "w:visible filter", w.visible, { w, c2d.disk(0, 0, 80), function(...) return cb("filter", ...) or true end } },
    { "w:visibility filter", w.visibility, { w, 0, 0, 80, function(...) return cb("filter", ...) or true end } },
    { "navmesh filter", function(w_, f) return c2d.navmesh(w_, 0.5, f):path(-10, 1, 60, 1) end,
      { w, function(...) return cb("filter", ...) or true end } },
  }
end

local function bump_callbacks(b, cb)
  b:addResponse("custom", function(world, col)
    cb("response", world, col)
    return col.touch.x, col.touch.y, {}, 0
  end)
  return {
    { "bump move filter", b.move, { b, "a", 60, 5, function(...) return cb("filter", ...) or "slide" end } },
    { "bump check filter", b.check, { b, "a", 60, 5, function(...) return cb("filter", ...) or "cross" end } },
    { "bump move custom response", b.move, { b, "a", 60, 5, function() return "custom" end } },
    { "bump project filter", b.project, { b, "a", 0, 0, 10, 10, 60, 5, function(...) return cb("filter", ...) or "touch" end } },
    { "bump queryRect filter", b.queryRect, { b, -10, -10, 100, 100, function(...) return cb("filter", ...) or true end } },
    { "bump queryPoint filter", b.queryPoint, { b, 5, 5, function(...) return cb("filter", ...) or true end } },
    { "bump querySegment filter", b.querySegment, { b, -10, 5, 100, 5, function(...) return cb("filter", ...) or true end } },
    { "bump querySegmentWithCoords filter", b.querySegmentWithCoords, { b, -10, 5, 100, 5, function(...) return cb("filter", ...) or true end } },
  }
end

-- Run each callback-taking call with a callback doing what `action` does
-- (action(kind, world-ish, ...) runs inside the callback); then check what
-- expect says and that the world is consistent.
local function each_world_callback(name, action, expect)
  test("World: callbacks that " .. name, function()
    local n = #world_callbacks(c2d.world(), { make("Disk"), make("Disk") }, function() end)
    for i = 1, n do
      local w, s = world_with_shapes()
      local ran = 0
      local calls = world_callbacks(w, s, function(kind, ...)
        ran = ran + 1
        if ran > 3 then return nil end -- (a callback called at every step acts three times)
        return action(w, s, kind, ...)
      end)
      local c = calls[i]
      local r = call(c[1], c[2], c[3], #c[3])
      if r then
        if expect then expect(c[1], r, ran > 0, w) end
        check_world(w, c[1] .. " with callbacks that " .. name)
      end
    end
  end)
end

local function each_bump_callback(name, action, expect)
  test("collide2d.bump: callbacks that " .. name, function()
    local n = #bump_callbacks(bump.newWorld(), function() end)
    for i = 1, n do
      local b = bump_world()
      local ran = 0
      local calls = bump_callbacks(b, function(kind, ...)
        ran = ran + 1
        if ran > 3 then return nil end
        return action(b, kind, ...)
      end)
      local c = calls[i]
      local r = call(c[1], c[2], c[3], #c[3])
      if r then
        if expect then expect(c[1], r, ran > 0, b) end
        check_bump(b, c[1] .. " with callbacks that " .. name)
      end
    end
  end)
end

group("callbacks", function()
  each_world_callback("raise an error", function() error("raised by the callback", 0) end, function(what, r, ran)
    if ran then check(not r[1] and tostring(r[2]):find("raised by the callback"), what .. ": the callback's error did not come through: " .. tostring(r[2])) end
  end)
  each_bump_callback("raise an error", function() error("raised by the callback", 0) end, function(what, r, ran)
    if ran then check(not r[1] and tostring(r[2]):find("raised by the callback"), what .. ": the callback's error did not come through: " .. tostring(r[2])) end
  end)
  R.error_objects = true -- (the callback's own error object comes through as it is)
  each_world_callback("raise an error that is not a string", function() error(setmetatable({}, trap_mt)) end)
  each_bump_callback("raise an error that is not a string", function() error(setmetatable({}, trap_mt)) end)
  R.error_objects = false
  each_world_callback("return hostile values", function(w, s)
    return ({ 0 / 0, "nope", {}, io.stdout, w, coroutine.create(print) })[(#s % 6) + 1]
  end)
  each_world_callback("free the world (its __gc called by hand)", function(w) getmt(w).__gc(w) end, function(what, r, ran, w)
    if not ran then return end
    if r[1] then
      -- a query that had its answer before the callback ran may return it
      check(not what:find("move") and not what:find("check") and not what:find("push"),
        what .. " returned although its world was freed while it ran")
    else
      check(tostring(r[2]):find("freed"), what .. ": the error does not say the world was freed: " .. tostring(r[2]))
    end
    local ok = pcall(w.count, w)
    check(not ok, what .. ": the freed world still answers count()")
  end)
  each_bump_callback("free the C half (its __gc called by hand)", function(b) getmt(b._w).__gc(b._w) end, function(what, r, ran, b)
    if not ran then return end
    if not r[1] then
      check(tostring(r[2]):find("freed"), what .. ": the error does not say the world was freed: " .. tostring(r[2]))
    end
    check(not pcall(b.getItems, b), what .. ": a bump world whose C half was freed still answers getItems()")
  end)
  each_world_callback("add and remove shapes", function(w, s, _kind, a, b)
    for i = #s, 4, -1 do pcall(w.remove, w, s[i]) end
    for i = 1, 5 do w:add(c2d.aabb(i * 2, 0, 3, 3)) end
    if c2d.type(b) then pcall(w.remove, w, b) end
    if c2d.type(a) then pcall(w.remove, w, a); pcall(w.add, w, a) end
  end)
  each_world_callback("remove the mover and every shape", function(w)
    for _, x in ipairs(w:shapes()) do w:remove(x) end
  end)
  each_world_callback("move, set and scale shapes in the world", function(_w, s)
    s[1]:move(3, 1); s[2]:moveTo(40, 40); s[3]:set(0, 0, 20, 0, 20, 20, 10, 20, 10, 30, 0, 30); s[7]:scale(3)
  end)
  each_world_callback("call move, check and push on the same world", function(w, s)
    w:move(s[5], 20, 20)
    w:check(s[1], 0, 0, function() return "touch" end)
    w:push(s[3])
  end)
  each_world_callback("call __gc on shapes of the world", function(_w, s, _kind, _a, b)
    getmt(s[1]).__gc(s[1])
    if c2d.type(b) then getmt(b).__gc(b) end
  end)
  each_bump_callback("add, remove and move items", function(b, _kind, _item, other)
    if b:hasItem("b") then b:remove("b") end
    b:add({}, 5, 5, 5, 5)
    if b:hasItem("d") then b:update("d", 100, 100) end
    if other ~= nil and b:hasItem(other) and type(other) ~= "table" then b:remove(other) end
  end)
  each_bump_callback("call move and check on the same world", function(b)
    b:move("c", 0, 60)
    b:check("a", 0, 0)
  end)
  test("callbacks that call move on their own world without end", function()
    local w, s = world_with_shapes()
    local depth = 0
    local function filter()
      depth = depth + 1
      w:move(s[1], 40, 3, filter)
      return "slide"
    end
    local r = call("endless nested w:move", w.move, { w, s[1], 40, 3, filter }, 5)
    if r then check(not r[1] and tostring(r[2]):find("nested too deep"), "endless nesting: " .. tostring(r[2])) end
    check_world(w, "after endless nesting")
    local b = bump_world()
    local function bfilter()
      b:move("a", 60, 5, bfilter)
      return "slide"
    end
    r = call("endless nested bump move", b.move, { b, "a", 60, 5, bfilter }, 5)
    if r then check(not r[1], "endless bump nesting returned") end
    check_bump(b, "after endless bump nesting")
  end)
  test("callbacks that nest moves through coroutines without end", function()
    local w, s = world_with_shapes()
    local function filter()
      coroutine.wrap(function() w:move(s[1], 40, 3, filter) end)()
      return "slide"
    end
    local r = call("w:move nesting through coroutine.wrap", w.move, { w, s[1], 40, 3, filter }, 5)
    if r then check(not r[1], "endless nesting through coroutines returned") end
    check_world(w, "after nesting through coroutines")
  end)
  test("callbacks that yield, inside a coroutine", function()
    local w, s = world_with_shapes()
    local n = #world_callbacks(w, s, function() end)
    for i = 1, n do
      local w2, s2 = world_with_shapes()
      local c = world_callbacks(w2, s2, function() coroutine.yield("yielded") end)[i]
      local co = coroutine.create(function() return c[2](unpack(c[3], 1, #c[3])) end)
      local r = call("resume " .. c[1] .. " yielding", coroutine.resume, { co }, 1)
      if r and r[1] then
        local ok, v = r[2], r[3]
        if ok and coroutine.status(co) == "suspended" then
          fail(c[1] .. ": a callback yielded across the C call (the coroutine is suspended inside it)")
          call("resume again", coroutine.resume, { co }, 1)
        elseif not ok then
          check(tostring(v):find("yield"), c[1] .. ": yielding gave an error that does not say so: " .. tostring(v))
        end
      end
      check_world(w2, c[1] .. " after a callback yielded")
    end
    n = #bump_callbacks(bump.newWorld(), function() end)
    for i = 1, n do
      local b = bump_world()
      local c = bump_callbacks(b, function() coroutine.yield("yielded") end)[i]
      local co = coroutine.create(function() return c[2](unpack(c[3], 1, #c[3])) end)
      local r = call("resume " .. c[1] .. " yielding", coroutine.resume, { co }, 1)
      -- collide2d.bump's Lua parts may yield (as bump.lua's do): resumed, they finish
      for _ = 1, 20 do
        if not (r and r[1] and r[2] and coroutine.status(co) == "suspended") then break end
        r = call("resume " .. c[1] .. " again", coroutine.resume, { co }, 1)
      end
      if r and r[1] and not r[2] then
        check(tostring(r[3]):find("yield"), c[1] .. ": yielding gave an error that does not say so: " .. tostring(r[3]))
      end
      check_bump(b, c[1] .. " after a callback yielded")
    end
  end)
end)

-- Finalizers that run while a call builds its answer -------------------------------

-- A finalizer-bearing object: a table with __gc (5.2+), else newproxy's userdata.
local function finalizable(fn)
  if _VERSION == "Lua 5.1" then
    local u = newproxy(true)
    getmetatable(u).__gc = fn
    return u
  end
  return setmetatable({}, { __gc = fn })
end

-- How the collector is set to step: finely (a batch of finalizers every few
-- hundred bytes allocated) and coarsely (hundreds of finalizers at an allocation).
local GC_SETTINGS = _VERSION == "Lua 5.4" and { { 0, 8, 1 }, { 0, 1000, 1 } } or { { 0, 10 }, { 0, 1000 } }

local function set_gc(p)
  if _VERSION == "Lua 5.4" then collectgarbage("incremental", p[1], p[2], p[3])
  else collectgarbage("setpause", p[1]); collectgarbage("setstepmul", p[2]) end
end

-- Leave the collector calling finalizers at the allocations of the next
-- calls: K objects to finalize, and the collector set to step often.
-- Returns the state the finalizers update.
local function prime(K, setting)
  local st = { fired = 0, go = false }
  local fn = function()
    st.fired = st.fired + 1
    if st.go then
      st.count = st.count + 1
      if st.count == st.j and st.action then
        local a = st.action
        st.action = nil
        st.inside = st.running
        a()
      end
    end
  end
  collectgarbage()
  collectgarbage("stop")
  for _ = 1, K do finalizable(fn) end
  collectgarbage("restart")
  set_gc(setting)
  local t, i = {}, 0 -- luacheck: ignore 241 (t is only filled: garbage for the collector to run on)
  while st.fired == 0 and i < 1e6 do i = i + 1; t[i % 64 + 1] = {} end
  return st
end

local function restore_gc()
  collectgarbage("restart")
  if _VERSION == "Lua 5.4" then collectgarbage("incremental", 200, 100, 13)
  else collectgarbage("setpause", 200); collectgarbage("setstepmul", 200) end
  collectgarbage()
end

-- For each call the world answers, run it with a finalizer doing action at
-- the j-th finalizer the collector calls during it, for every j until the
-- call ends before that; check the answer (or the error) and the world.
local function finalizer_sweep(label, setup, action, verify)
  test(label, function()
    local calls = setup().calls
    local inside_total = 0
    for ci = 1, #calls do
      local name = calls[ci][1]
      for si, setting in ipairs(GC_SETTINGS) do
        local j, hits = 1, 0
        while j <= 1500 do
          local env = setup()
          local c = env.calls[ci]
          local st = prime(1500, setting)
          st.count, st.j = 0, j
          st.action = function() action(env) end
          st.go, st.running = true, true
          local r = call(("%s, %s at finalizer %d (collector setting %d)"):format(name, label, j, si), c[2], c[3], #c[3])
          st.running = false
          local fired = st.action == nil or r == nil -- (a skipped call: on to the next)
          st.go = false
          restore_gc()
          if not fired then break end
          if st.inside then hits = hits + 1 end
          if r then verify(name, r, env, st.inside) end
          j = j + math.max(1, floor(j / 6))
        end
        inside_total = inside_total + hits
      end
    end
    if inside_total == 0 then pending("the collector ran no finalizer inside any call on this runtime") end
  end)
end

local function shapes_only(name, r)
  -- every entry of an array answer is a shape (or, from bump, an item)
  if not r[1] then return end
  for i = 2, r.n do
    local v = r[i]
    if type(v) == "table" and c2d.type(v[1]) ~= nil then
      for k, x in ipairs(v) do
        if c2d.type(x) == nil and type(x) ~= "table" then
          fail(("%s: entry %d of the answer is %s"):format(name, k, describe_value(x)))
          return
        end
      end
    end
  end
end

local function world_env()
  local w, s = world_with_shapes()
  local out = {}
  w:addResponse("custom", function(_, _, x, y, gx, gy) return (x + gx) / 2, (y + gy) / 2 end)
  return {
    w = w, s = s,
    calls = {
      { "w:shapes", w.shapes, { w } },
      { "w:snapshot", w.snapshot, { w } },
      { "c2d.world(w:snapshot())", function(w_) return c2d.world(w_:snapshot()):shapes() end, { w } },
      { "w:query", w.query, { w, s[1] } },
      { "w:queryPoint", w.queryPoint, { w, 1, 1 } },
      { "w:queryRect", w.queryRect, { w, -10, -10, 60, 60 } },
      { "w:querySegment", w.querySegment, { w, -10, 1, 60, 1 } },
      { "w:raycast", w.raycast, { w, -10, 1, 60, 0 } },
      -- (the shapes its answer names: the checks below read an array of shapes)
      { "w:raycastMany", function(...)
        local got, met = w.raycastMany(...), {}
        for i = 1, #got, 4 do if got[i] then met[#met + 1] = got[i] end end
        return met
      end, { w, { -10, 1, 60, 0, -10, 2, 60, 0 }, 1, nil, {} } },
      { "w:sees", w.sees, { w, -10, 1, s[1] } },
      { "w:visible", w.visible, { w, c2d.disk(0, 0, 80) } },
      { "w:visibility", w.visibility, { w, 0, 0, 80 } },
      { "navmesh:path", function(w_) return c2d.navmesh(w_, 0.5):path(-10, 1, 60, 1) end, { w } },
      { "w:collisions", w.collisions, { w } },
      { "w:collisions(out)", w.collisions, { w, out } },
      { "w:move", w.move, { w, s[1], 40, 3 } },
      { "w:move custom", w.move, { w, s[1], 40, 3, function() return "custom" end } },
      { "w:move concave", w.move, { w, s[3], 30, 30 } },
      { "w:check", w.check, { w, s[1], 40, 3, function() return "cross" end } },
      { "w:push", w.push, { w, s[2] } },
      { "tostring(w)", tostring, { w } },
    },
  }
end

local function bump_env()
  local b = bump_world()
  for i = 1, 30 do b:add("item" .. i, (i % 6) * 12, floor(i / 6) * 12, 10, 10) end
  return {
    b = b,
    calls = {
      { "bump getItems", b.getItems, { b } },
      { "bump queryRect", b.queryRect, { b, -10, -10, 100, 100 } },
      { "bump queryPoint", b.queryPoint, { b, 5, 5 } },
      { "bump querySegment", b.querySegment, { b, -10, 5, 100, 50 } },
      { "bump querySegmentWithCoords", b.querySegmentWithCoords, { b, -10, 5, 100, 50 } },
      { "bump project", b.project, { b, "a", 0, 0, 10, 10, 60, 60 } },
      { "bump move", b.move, { b, "a", 60, 60 } },
      { "bump move filter", b.move, { b, "a", 60, 60, function() return "cross" end } },
      { "bump check", b.check, { b, "a", 60, 60, function() return "touch" end } },
      { "bump getDictItemsInCellRect", b.getDictItemsInCellRect, { b, 1, 1, 4, 4 } },
    },
  }
end

local function verify_world(name, r, env)
  if not r[1] then
    local msg = tostring(r[2])
    check(msg:find("freed") or msg:find("changing") or msg:find("memory"), name .. ": " .. msg)
  else
    shapes_only(name, r)
  end
  check_world(env.w, name .. " with a finalizer at work")
end

local function verify_bump(name, r, env)
  if not r[1] then
    local msg = tostring(r[2])
    check(msg:find("freed") or msg:find("changing") or msg:find("memory") or msg:find("not in the world"), name .. ": " .. msg)
  end
  check_bump(env.b, name .. " with a finalizer at work")
end

group("finalizers", function()
  if _VERSION == "Lua 5.1" and not newproxy then
    test("finalizers", function() pending("no finalizers for Lua objects here") end)
    return
  end
  -- (a call may return when the world was freed after it last needed it: at
  -- the allocation of its last answer)
  finalizer_sweep("a finalizer frees the World", world_env, function(env) getmt(env.w).__gc(env.w) end, verify_world)
  finalizer_sweep("a finalizer adds and removes shapes", world_env, function(env)
    local w, s = env.w, env.s
    for i = 8, #s do pcall(w.remove, w, s[i]) end
    for i = 1, 10 do w:add(c2d.aabb(i * 2, 2, 3, 3)) end
    pcall(w.remove, w, s[2])
  end, verify_world)
  finalizer_sweep("a finalizer moves shapes and queries the world", world_env, function(env)
    local w, s = env.w, env.s
    s[1]:move(5, 5); s[4]:moveTo(100, 100); s[3]:scale(2)
    w:collisions(); w:query(s[2]); w:move(s[5], 30, 30)
  end, verify_world)
  finalizer_sweep("a finalizer frees a bump world's C half", bump_env, function(env) getmt(env.b._w).__gc(env.b._w) end, verify_bump)
  finalizer_sweep("a finalizer adds, removes and moves bump items", bump_env, function(env)
    local b = env.b
    for i = 1, 30, 2 do if b:hasItem("item" .. i) then b:remove("item" .. i) end end
    for i = 1, 10 do b:add({}, i * 5, i * 3, 4, 4) end
    if b:hasItem("b") then b:update("b", 300, 300) end
    b:queryRect(0, 0, 50, 50)
  end, verify_bump)
end)

-- What the debug library reaches ------------------------------------------------------

group("debug library: a World's table", function()
  if not (debug and (debug.getuservalue or debug.getfenv)) then
    test("debug library", function() pending("no debug library") end)
    return
  end
  local getuv = debug.getuservalue and _VERSION ~= "Lua 5.1" and debug.getuservalue or debug.getfenv
  local setuv = debug.setuservalue and _VERSION ~= "Lua 5.1" and debug.setuservalue or debug.setfenv
  test("a World's table of shapes and responses replaced or changed", function()
    local cases = {
      { "responses = 1", function(store) store.responses = 1 end },
      { "responses = a string", function(store) store.responses = "x" end },
      { "responses = a table whose __index frees the world", function(store, w)
        store.responses = setmetatable({}, { __index = function() getmt(w).__gc(w) end })
      end },
      { "responses removed, the store's __index frees the world", function(store, w)
        store.responses = nil
        setmetatable(store, { __index = function() getmt(w).__gc(w) end })
      end },
      { "responses = a table whose metamethods raise", function(store) store.responses = setmetatable({}, trap_mt) end },
      { "a slot holds a string", function(store) store[1] = "not a shape" end },
      { "a slot holds nil", function(store) store[2] = nil end },
      { "every slot holds another world's shape", function(store) for k in pairs(store) do if type(k) == "number" then store[k] = make("Disk") end end end },
    }
    for _, case in ipairs(cases) do
      local w, s = world_with_shapes()
      local store = getuv(w)
      if type(store) ~= "table" then return pending("the World's table is not reachable here") end
      local calls = world_callbacks(w, s, function() end)
      case[2](store, w)
      s = nil -- luacheck: ignore 311 (a shape only the world's table held is collected, and leaves the world)
      collectgarbage()
      collectgarbage()
      for _, c in ipairs(calls) do call(case[1] .. ": " .. c[1], c[2], c[3], #c[3]) end
      call(case[1] .. ": w:addResponse", w.addResponse, { w, "r", print }, 3)
      call(case[1] .. ": w:collisions", w.collisions, { w }, 1)
      call(case[1] .. ": w:shapes", w.shapes, { w }, 1)
      call(case[1] .. ": w:remove", w.remove, { w, calls[1][3][2] }, 2)
      call(case[1] .. ": w:add", w.add, { w, make("Disk") }, 2)
      call(case[1] .. ": w:move no filter", w.move, { w, calls[1][3][2], 40, 3 }, 4)
    end
    local w = world_with_shapes()
    call("setuservalue(w, {})", setuv, { w, {} }, 2)
    call("w:shapes after its table was replaced", w.shapes, { w }, 1)
    call("w:add after its table was replaced", w.add, { w, make("Disk") }, 2)
  end)
end)

-- (each in a process of its own: what one breaks cannot show up in another)
group("debug library: upvalues", function()
  if not (debug and debug.getupvalue and debug.setupvalue) then
    test("debug library", function() pending("no debug library") end)
    return
  end
  test("upvalues of the module's functions replaced", function()
    local function upvalues(f)
      local t, i = {}, 1
      while true do
        local name, v = debug.getupvalue(f, i)
        if name == nil then break end
        t[i] = v
        i = i + 1
      end
      return t
    end
    local w, s = world_with_shapes()
    local fns = {
      { "c2d.disk", c2d.disk, function() return c2d.disk(0, 0, 1) end },
      { "c2d.polygon", c2d.polygon, function() return c2d.polygon(0, 0, 1, 0, 0, 1) end },
      { "c2d.hits", c2d.hits, function() return c2d.hits(make("Disk"), make("Disk")) end },
      { "c2d.world", c2d.world, function() return c2d.world() end },
      { "w.move", getmt(w).__index.move, function() return w:move(s[3], 5, 5) end },
      { "w.query", getmt(w).__index.query, function() return w:query(s[1]) end },
      { "_bump.check", c2d._bump.check, function() local b = bump_world() return b:move("a", 60, 0) end },
    }
    local replacements = { "a string", {}, 0, io.stdout, false }
    local reached = 0
    for _, f in ipairs(fns) do
      local ups = upvalues(f[2])
      reached = reached + #ups
      for i = 1, #ups do
        for _, rv in ipairs(replacements) do
          local old = ups[i]
          -- (the call collects its garbage before it returns: what a replaced
          -- upvalue broke shows in the call that broke it, not in a later one)
          call(("%s with upvalue %d replaced by %s"):format(f[1], i, describe_value(rv)), function()
            debug.setupvalue(f[2], i, rv)
            local ok, e = pcall(f[3])
            debug.setupvalue(f[2], i, old)
            collectgarbage()
            collectgarbage()
            if not ok then error(e, 0) end
          end, {}, 0)
          debug.setupvalue(f[2], i, old)
        end
      end
    end
    if reached == 0 then return pending("a C function's upvalues are out of the debug library's reach here (Lua 5.1)") end
    -- the pool of spare movers, filled with what is not a mover
    local ups = upvalues(getmt(w).__index.move)
    local pool = ups[#ups]
    if type(pool) == "table" then
      -- a Concave of 1,000 vertices, in a world of its own, is large enough to be taken for a mover
      local ring = {}
      for k = 0, 999 do ring[#ring + 1] = 100 * math.cos(2 * math.pi * k / 1000); ring[#ring + 1] = 100 * math.sin(2 * math.pi * k / 1000) end
      local big = c2d.concave(ring)
      local w3 = c2d.world()
      w3:add(big)
      w3:add(c2d.disk(0, 0, 1))
      -- (the pool hands out its last entry first)
      for i = 1, 3 do pool[#pool + 1] = ({ "x" .. string.rep("y", 50000), setmetatable({}, trap_mt), big })[i] end
      local w2 = c2d.world()
      local mover = w2:add(c2d.concave(0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8))
      w2:add(c2d.disk(20, 2, 1))
      call("w:move of a Concave with a poisoned pool of movers", w2.move, { w2, mover, 30, 2 }, 4)
      check(c2d.type(big) == "Concave", "a shape put in the pool of spare movers was written over by a mover (it is no longer a shape, and its world still holds it)")
      call("the shape put in the pool, afterwards", tostring, { big }, 1)
      call("the shape put in the pool: hits", c2d.hits, { big, c2d.disk(0, 0, 1) }, 2)
      call("the shape put in the pool: its world's collisions", w3.collisions, { w3 }, 1)
      call("the shape put in the pool: moved in its world", w3.move, { w3, big, 5, 5 }, 4)
      check_world(w2, "after the pool of movers was poisoned")
      check_world(w3, "the world of the shape put in the pool")
    end
  end)
end)

group("debug library: metatables", function()
  if not (debug and debug.getmetatable and debug.setmetatable) then
    test("debug library", function() pending("no debug library") end)
    return
  end
  test("metatables of shapes and worlds changed", function()
    local w, s = world_with_shapes()
    local mt = getmt(s[1])
    local saved = {}
    for k, v in pairs(mt) do saved[k] = v end
    mt.__index = nil
    call("a shape method with __index removed", function() return s[1]:hits(s[2]) end, {}, 0)
    mt.__index = setmetatable({}, trap_mt)
    call("a shape method with a trapped __index", function() return s[1]:hits(s[2]) end, {}, 0)
    mt.__index = saved.__index
    mt.__gc = nil
    local wmt = getmt(w)
    local wsaved = wmt.__index
    wmt.__index = setmetatable({}, trap_mt)
    call("a World method with a trapped __index", function() return w:count() end, {}, 0)
    wmt.__index = wsaved
    mt.__gc = saved.__gc
    call("setmetatable(shape, nil) then c2d.hits", function() local x = make("Disk") setmt(x, nil) return c2d.hits(x, x) end, {}, 0)
    call("setmetatable(world, nil) then a method", function()
      local x = c2d.world()
      setmt(x, nil)
      local ok, e = pcall(wsaved.count, x)
      setmt(x, wmt) -- (its finalizer back, or the world is never freed)
      if not ok then error(e, 0) end
    end, {}, 0)
    check_world(w, "after its metatables were changed")
  end)
  test("a shape's __gc called by hand while it is in a world", function()
    local w, s = world_with_shapes()
    for i = 1, #s, 2 do getmt(s[i]).__gc(s[i]) end
    for _, c in ipairs(world_callbacks(w, s, function() end)) do call("after shape __gc: " .. c[1], c[2], c[3], #c[3]) end
    call("w:remove a shape whose __gc ran", w.remove, { w, s[1] }, 2)
    call("w:add a shape whose __gc ran", w.add, { w, s[1] }, 2)
    call("w:collisions", w.collisions, { w }, 1)
    check_world(w, "after shapes' __gc was called by hand")
  end)
end)

return M
