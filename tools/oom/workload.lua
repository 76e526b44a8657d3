-- The workload of make oom-test (tools/oom/oom.c runs it once per failing
-- allocation). Every operation runs inside pcall while the driver counts
-- allocations; everything else (the snapshots, the checks, writing and reading
-- the transcript) runs with the counter paused, so only operations can fail.
--
-- Before each operation the script notes the observable state of its worlds:
-- a World's count, and each shape's tostring, position and collision bits in
-- w:shapes() order; a collide2d.bump world's countItems and the rect of each of
-- its items, by name. Then:
--   * an operation that raises must raise because of the failed allocation
--     (the driver says whether one failed), with a message about memory, and
--     leave that state as it was; the worlds must also still answer
--     consistently (collisions and query against every pair tested by hand,
--     count against #shapes(), the bump world's items against a queryRect over
--     everything). The script then stops.
--   * an operation that returns (the failure absorbed, or not reached yet) must
--     give the answer, and leave the state, of the recording run (no failure),
--     as must every operation after it.
-- Each finding is one line to the driver: FAIL <kind> <what>, kind one of
-- changed, message, inconsistent, diverged, noinject, stdlib.
--
-- Kept small (every k reruns it), but it reaches every constructor (12 kinds,
-- polygon, hull, concave and group from numbers and from tables, and from a
-- serialized table), the World's
-- add, remove, every query, collisions(out), snapshot and restore, move with each response (and one
-- added with addResponse), check, push, shapes moved while in a world (refiled
-- at the next query), and collide2d.bump's add, move, check, update, remove,
-- its queries, project and a response of its own; tile layers, made, set,
-- asked and moved over in a World; a navigation mesh built and asked; and
-- that a sight, its buffers grown, makes no allocation.
local mode, transcript_path = ...
local oom = oom
local unpack = table.unpack or unpack
local floor = math.floor

oom.pause()
-- The collector is stopped: a collection's timing depends on every allocation,
-- the paused ones too, so with it running a checking run (which takes no
-- snapshots) would count its operations' allocations otherwise than the
-- recording run. (Lua 5.4 still collects when an allocation fails, to retry it.)
collectgarbage("stop")
-- LuaJIT's own ffi library is loaded before counting starts: its luaopen_ffi
-- leaks, and can leave lua_close to crash, when an allocation fails in it
-- (require "ffi" alone shows it); the module's use of it, collide2d/ffi.lua
-- and its ffi.cdef, is counted.
if jit then pcall(require, "ffi") end
-- LuaJIT's compiler is off: an allocation failing while it records a trace
-- left, now and then, a compiled call that read an argument as missing (a
-- bump:queryRect of four numbers failed with "bad argument #4 ... got no
-- value"): the compiler's, not the module's, and it made the run depend on
-- where the traces start.
if jit then jit.off() end

-- Values as text ----------------------------------------------------------------

local function num(x)
  local s = ("%.17g"):format(x)
  if math.type and math.type(x) == "integer" then s = s .. "i" end
  return s
end

local function ser(v, depth)
  local t = type(v)
  if t == "number" then return num(v) end
  if t == "string" then return ("%q"):format(v) end
  if t == "boolean" or t == "nil" then return tostring(v) end
  if t == "userdata" then
    local ok, s = pcall(tostring, v)
    if ok and type(s) == "string" and not s:find("^%a+: 0x") then return s end
    return "<" .. t .. ">"
  end
  if t ~= "table" then return "<" .. t .. ">" end
  depth = depth or 0
  if depth > 3 then return "{...}" end
  local keys, out = {}, {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    if type(a) == "number" or type(a) == "string" then return a < b end
    return false
  end)
  for _, k in ipairs(keys) do out[#out + 1] = ser(k, depth + 1) .. "=" .. ser(v[k], depth + 1) end
  return "{" .. table.concat(out, ",") .. "}"
end

local function pack(...) return { n = select("#", ...), ... } end

local function ser_all(r)
  local out = {}
  for i = 1, r.n do out[i] = ser(r[i]) end
  return table.concat(out, " ")
end

-- a & b for 32-bit collision bits, on every runtime
local function band(a, b)
  local r, bit = 0, 1
  for _ = 1, 32 do
    if a % 2 == 1 and b % 2 == 1 then r = r + bit end
    a, b, bit = floor(a / 2), floor(b / 2), bit * 2
  end
  return r
end

-- The worlds and their state ----------------------------------------------------

local c2d, bump
local S = {}        -- shapes by name
local worlds = {}   -- collide2d worlds whose state is watched
local bworlds = {}  -- collide2d.bump worlds whose state is watched

local function snapshot()
  local parts = {}
  for wi, w in ipairs(worlds) do
    local list = w:shapes()
    parts[#parts + 1] = ("World %d: count %d, %d listed"):format(wi, w:count(), #list)
    for _, s in ipairs(list) do
      local x, y = s:position()
      local cat, mask = w:getFilter(s)
      parts[#parts + 1] = ("  %s at %s %s bits %s %s"):format(tostring(s), num(x), num(y), num(cat), num(mask))
    end
  end
  for bi, b in ipairs(bworlds) do
    local items, len = b:getItems()
    local names = {}
    for i = 1, len do names[i] = items[i] == nil and "(nil)" or tostring(items[i]) end
    table.sort(names)
    parts[#parts + 1] = ("bump %d: countItems %d, %d listed"):format(bi, b:countItems(), len)
    for _, name in ipairs(names) do
      local ok, rect = pcall(function() return ser(pack(b:getRect(name))) end)
      parts[#parts + 1] = ("  %s %s"):format(name, ok and rect or "(getRect raised: " .. tostring(rect) .. ")")
    end
  end
  return table.concat(parts, "\n")
end

-- Do the worlds still answer as their shapes say: nil, or what is wrong.
local function consistent()
  for wi, w in ipairs(worlds) do
    local list = w:shapes()
    if w:count() ~= #list then return ("World %d: count %d but shapes() lists %d"):format(wi, w:count(), #list) end
    for i, s in ipairs(list) do
      if not w:has(s) then return ("World %d: shapes()[%d] %s is not has()"):format(wi, i, tostring(s)) end
    end
    local expect = {}
    for i = 1, #list do
      for j = i + 1, #list do
        local a, b = list[i], list[j]
        local ca, ma = w:getFilter(a)
        local cb, mb = w:getFilter(b)
        if band(ca, mb) ~= 0 and band(cb, ma) ~= 0 and a:hits(b) then
          expect[#expect + 1] = a
          expect[#expect + 1] = b
        end
      end
    end
    local got, n = w:collisions()
    local same = n * 2 == #expect and #got == #expect
    for i = 1, #expect do same = same and rawequal(got[i], expect[i]) end
    if not same then
      local g, e = {}, {}
      for i = 1, #got do g[i] = tostring(got[i]) end
      for i = 1, #expect do e[i] = tostring(expect[i]) end
      return ("World %d: collisions() gives %s where the pairs tested by hand are %s"):format(
        wi, table.concat(g, " "), table.concat(e, " "))
    end
    for _, s in ipairs(list) do
      local q, e = w:query(s), {}
      for _, o in ipairs(list) do
        if not rawequal(o, s) and s:hits(o) then e[#e + 1] = o end
      end
      local ok = #q == #e
      for i = 1, #e do ok = ok and rawequal(q[i], e[i]) end
      if not ok then return ("World %d: query(%s) finds %d shapes where %d hit it"):format(wi, tostring(s), #q, #e) end
    end
  end
  for bi, b in ipairs(bworlds) do
    local items, len = b:getItems()
    if b:countItems() ~= len then return ("bump %d: countItems %d, getItems %d"):format(bi, b:countItems(), len) end
    local _, n = b:queryRect(-1e6, -1e6, 2e6, 2e6)
    if n ~= len then return ("bump %d: a queryRect over everything finds %d of %d items"):format(bi, n, len) end
    for i = 1, len do
      if not b:hasItem(items[i]) then return ("bump %d: %s listed but not hasItem"):format(bi, tostring(items[i])) end
    end
  end
  return nil
end

-- The operations ----------------------------------------------------------------

local ops = {}
local function op(name, fn) ops[#ops + 1] = { name = name, fn = fn } end

op("require collide2d", function() c2d = require "collide2d"; return c2d._VERSION end)
op("require collide2d.bump", function() bump = require "collide2d.bump"; return bump._VERSION end)

-- Constructors: every kind, numbers and tables.
op("c2d.point", function() S.point = c2d.point(1, 2); return S.point end)
op("c2d.segment", function() S.segment = c2d.segment(0, 0, 4, 3); return S.segment end)
op("c2d.line", function() S.line = c2d.line(0, 50, 1, 50); return S.line end)
op("c2d.disk", function() S.disk = c2d.disk(3, 3, 2); return S.disk end)
op("c2d.aabb", function() S.aabb = c2d.aabb(5, -2, 4, 4); return S.aabb end)
op("c2d.box", function() S.box = c2d.box(10, 10, 4, 2, 0.5); return S.box end)
op("c2d.triangle", function() S.triangle = c2d.triangle(0, 0, 4, 0, 0, 3); return S.triangle end)
op("c2d.polygon{}", function() S.polygon = c2d.polygon{ 0, 0, 4, 0, 6, 2, 4, 4, 0, 4 }; return S.polygon end)
op("c2d.polygon(...)", function() S.polygon2 = c2d.polygon(20, 0, 24, 0, 22, 3); return S.polygon2 end)
op("c2d.hull", function() S.hull = c2d.hull(3, 1, 9, 4, 5, 8, 1, 6, 4, 4); return S.hull end)
op("c2d.hull{}", function() return c2d.hull{ 0, 0, 1, 1, 2, 0 } end)
op("rounded: c2d.box, c2d.polygon{radius}, c2d.hull", function()
  S.rbox = c2d.box(10, 10, 4, 2, 0.5, 1)
  return S.rbox, c2d.polygon{ 0, 0, 4, 0, 6, 2, radius = 0.5 }, c2d.hull(0, 0, 3, 0, 0.5), S.rbox:outline(16)
end)
op("c2d.capsule", function() S.capsule = c2d.capsule(0, 8, 10, 8, 2); return S.capsule end)
op("c2d.fan", function() S.fan = c2d.fan(12, 0, 10, 1, 2); return S.fan end)
op("c2d.concave", function() S.concave = c2d.concave(0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8); return S.concave end)
op("c2d.concave{}", function()
  local t, n = {}, 10
  for i = 0, n - 1 do
    local r = i % 2 == 0 and 10 or 4
    t[#t + 1] = 40 + r * math.cos(2 * math.pi * i / n)
    t[#t + 1] = 40 + r * math.sin(2 * math.pi * i / n)
  end
  S.star = c2d.concave(t)
  return S.star
end)
op("c2d.group", function() S.group = c2d.group(c2d.disk(30, 30, 2), c2d.box(34, 30, 2, 2, 0.3), S.concave); return S.group end)
op("serialize, deserialize", function()
  return c2d.deserialize(S.group:serialize()), c2d.deserialize(S.box:serialize()), c2d.deserialize(S.polygon:serialize())
end)
op("c2d.group{}", function() S.group2 = c2d.group{ S.group, c2d.capsule(0, 20, 4, 20, 1) }; return S.group2 end)
op("c2d.world", function() S.w = c2d.world(16); worlds[1] = S.w; return S.w:count() end)

-- Shape calls that make Lua values.
op("tostring(group)", function() return tostring(S.group2) end)
op("concave:pieces", function() return S.star:pieces() end)
op("group:pieces", function() return S.group:pieces() end)
op("disk:outline", function() return S.disk:outline(12) end)
op("group:outline", function() return S.group:outline(6) end)
op("group:unpack", function() return S.group:unpack() end)
op("concave:unpack", function() return S.star:unpack() end)
op("group:clone", function() return S.group:clone() end)
op("concave:set", function() return S.concave:set(0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8) end)
op("group:set", function() return S.group2:set(S.disk, S.box) end)
op("disk:setUserData", function() return S.disk:setUserData({ name = "disk" }) end)
op("disk:getUserData", function() return S.disk:getUserData().name end)
op("pair queries", function()
  return { S.disk:hits(S.aabb), S.star:contact(S.disk) }, { S.disk:distance(S.box) }, { S.disk:sweep(40, 40, S.star) },
         { S.star:raycast(0, 40, 100, 0) }, S.group:covers(S.point), S.fan:contains(13, 1), { S.group:bbox() }
end)
op("rounded queries", function()
  return { S.rbox:contact(S.box) }, { S.rbox:sweep(-9, -9, S.triangle) }, S.rbox:manifold(S.box, 5), S.rbox:area(),
         S.rbox:triangles(8)
end)
op("manifolds", function()
  local into = {}
  return S.box:manifold(S.aabb, 50), S.star:manifold(S.disk, 20, into), S.group:manifold(S.star, 100), into
end)
op("pushBack", function()
  return { S.box:pushBack(3, 1, S.aabb) }, { S.star:pushBack(0, 5, S.disk) }, { S.group:pushBack(-2, 2, S.star) }
end)
op("featureAt", function()
  return { S.box:featureAt(0, 0) }, { S.star:featureAt(0, 0, 1, 0) }, { S.group:featureAt(1, 1, 0, 1) }
end)
op("clipping and triangles", function()
  return S.box:intersection(S.disk), S.disk:intersection(S.box, 12), S.star:triangles(), S.group:triangles(8)
end)
op("polygon:set", function() return S.polygon:set(0, 0, 4, 0, 6, 2, 4, 4, 0, 4) end)

-- The World.
for _, k in ipairs { "point", "segment", "line", "disk", "aabb", "box", "triangle", "polygon", "hull", "capsule", "fan" } do
  op("world:add(" .. k .. ")", function() return S.w:add(S[k]) end)
end
op("world:add(concave)", function() return S.w:add(S.star) end)
op("world:add(group, bits)", function() return S.w:add(S.group, 2, 0xFFFF) end)
op("world:add(polygon2)", function() return S.w:add(S.polygon2) end)
op("world:remove", function() return S.w:remove(S.point) end)
op("world:add(again)", function() return S.w:add(S.point) end)
op("world:setFilter", function() return S.w:setFilter(S.segment, 4, 5) end)
op("world:getFilter", function() return S.w:getFilter(S.segment) end)
op("world:shapes", function() return S.w:shapes() end)
op("world:snapshot, c2d.world(snapshot)", function()
  local snap = S.w:snapshot()
  local w2 = c2d.world(snap)
  return #snap, snap.cellSize, w2:count(), #w2:collisions()
end)
op("world:query", function() return S.w:query(S.disk) end)
op("world:query(fn)", function() return S.w:query(S.capsule, function(o) return o ~= S.line end) end)
op("world:query(mask)", function() return S.w:query(S.box, 2) end)
op("world:queryPoint", function() return S.w:queryPoint(3, 3) end)
op("world:queryRect", function() return S.w:queryRect(-10, -10, 60, 60) end)
op("world:querySegment", function() return S.w:querySegment(-5, 3, 50, 40) end)
op("world:querySegment(fn)", function() return S.w:querySegment(-5, 3, 50, 40, function(o) return o ~= S.disk end) end)
op("world:raycast", function() return S.w:raycast(-5, 3, 60, 0) end)
op("world:raycast(fn)", function() return S.w:raycast(-5, 3, 60, 0, 1, function(o) return o ~= S.triangle end) end)
op("world:raycastMany", function() return S.w:raycastMany({ -5, 3, 60, 0, -5, 8, 60, -2 }) end)
op("world:raycastMany(fn, out)", function()
  S.rayout = S.rayout or {}
  return S.w:raycastMany({ -5, 3, 60, 0, -5, 8, 60, -2 }, 1, function(o) return o ~= S.triangle end, S.rayout)
end)
op("world:sees", function() return S.w:sees(-5, 3, S.disk) end)
op("world:sees(shape)", function()
  -- (a world of its own: a wall hides the disk from the segment's centre, not from its top)
  local w = c2d.world(16)
  local wall = w:add(c2d.aabb(10, -5, 2, 10))
  local target = w:add(c2d.disk(30, 0, 2))
  return w:sees(c2d.segment(0, -20, 0, 20), target), w:sees(c2d.disk(0, 0, 3), target, function(o) return o == wall end)
end)
op("world:sees, no allocation once grown", function()
  -- (a star of 48 corners: more directions to sort than the C library's
  -- qsort sorts without a buffer of its own)
  local w, t = c2d.world(64), {}
  for i = 0, 47 do
    local r = i % 2 == 0 and 30 or 12
    t[#t + 1] = 100 + r * math.cos(2 * math.pi * i / 48)
    t[#t + 1] = r * math.sin(2 * math.pi * i / 48)
  end
  w:add(c2d.concave(t))
  local target, eye = w:add(c2d.disk(200, 5, 3)), c2d.segment(0, -40, 0, 40)
  w:sees(0, 0, target)
  w:sees(eye, target)
  local before = oom.calls()
  local a = w:sees(0, 0, target)
  local b = w:sees(eye, target)
  local made = oom.calls() - before
  if made ~= 0 then error(("sight made %d allocations once its buffers were grown"):format(made)) end
  return a, b
end)
op("world:sees(fn)", function() return S.w:sees(-5, 3, S.disk, function(o) return o ~= S.triangle end) end)
op("world:visible", function() return S.w:visible(c2d.disk(0, 0, 80)) end)
op("world:visible(fn)", function() return S.w:visible(c2d.fan(0, 0, 80, 0, 2), function(o) return o ~= S.line end) end)
op("world:visibility", function() return S.w:visibility(-5, 3, 60) end)
op("world:visibility(fn)", function() return S.w:visibility(-5, 3, 60, function(o) return o ~= S.disk end, 0.5) end)
op("navmesh", function() S.nav = c2d.navmesh(S.w, 1); return S.nav:radius() end)
op("nav:path", function() return S.nav:path(-5, 3, 50, 40) end)
op("nav:path(out)", function() S.navout = S.navout or {}; return S.nav:path(-5, 3, 60, -10, S.navout) end)
op("nav:nodes", function() return #S.nav:nodes() end)
op("navmesh(layer):path", function()
  return c2d.navmesh(c2d.tiles(0, 0, 10, 10, 3, 3, "..#.#...."), 1):path(5, 5, 25, 25)
end)
op("navmesh(fn):path", function() return c2d.navmesh(S.w, 0.5, function(o) return o ~= S.disk end):path(-5, 3, 50, 40) end)
op("world:collisions", function() return S.w:collisions() end)
op("world:collisions(out)", function() S.out = S.out or {}; return S.w:collisions(S.out) end)
op("shape:move in a world", function() S.aabb:move(40, 0); return S.aabb end)
op("world:query(refiled)", function() return S.w:query(S.aabb) end)
op("shape:moveTo far", function() S.box:moveTo(2000, 2000); return S.box end)
op("world:collisions(refiled)", function() return S.w:collisions() end)
op("world:move slide", function() return S.w:move(S.disk, 40, 3) end)
op("world:move touch", function() return S.w:move(S.disk, 3, 30, function() return "touch" end) end)
op("world:move cross", function() return S.w:move(S.disk, -20, 3, function() return "cross" end) end)
op("world:move bounce", function() return S.w:move(S.disk, 20, 40, function() return "bounce" end) end)
op("world:addResponse", function()
  return S.w:addResponse("half", function(_world, _col, x, y, gx, gy) return (x + gx) / 2, (y + gy) / 2 end)
end)
op("world:move custom", function() return S.w:move(S.disk, 40, 40, function() return "half" end) end)
op("world:move concave", function() return S.w:move(S.star, 10, 10) end)
op("world:move group", function() return S.w:move(S.group, 0, 0, function(_, o) return o == S.line and "cross" or "slide" end) end)
op("world:check", function() return S.w:check(S.capsule, 40, 8) end)
op("world:push", function() return S.w:push(S.triangle) end)
op("world:push group", function() return S.w:push(S.group) end)
op("world:move (no motion)", function() return S.w:move(S.polygon, 0, 0) end)
op("world 2: spread thin", function()
  local w = c2d.world(8)
  for i = 1, 12 do w:add(c2d.aabb(i * 1000, i * 700, 4, 4)) end
  w:add(c2d.aabb(0, 0, 2000, 4)) -- longer than 64 cells
  worlds[2], S.w2 = w, w:shapes()
  return w:count()
end)
op("world 2: collisions", function() return worlds[2]:collisions() end)
op("world 2: move", function() return worlds[2]:move(S.w2[1], 1000, 0) end)
for i = 1, 13, 3 do
  op("world 2: remove " .. i, function() return worlds[2]:remove(S.w2[i]) end)
end
op("world 2: collisions after removing", function() return worlds[2]:collisions() end)

-- Tile layers: made (numbers and a string, kinds with a one-way tile), changed
-- in place, asked, and in a World of their own.
op("c2d.tiles", function()
  S.layer = c2d.tiles(0, 100, 10, 10, 8, 3, { 0, 0, 0, 0, 0, 0, 3, 3,
                                              0, 0, 0, 2, 1, 0, 0, 0,
                                              1, 1, 1, 1, 1, 1, 1, 1 },
                      { [1] = "full", [2] = "slope-br", [3] = { "top", oneway = true } })
  return S.layer
end)
op("c2d.tiles string", function() return c2d.tiles(0, 0, 1, 1, 6, 1, "#..##.") end)
op("layer:set", function() return S.layer:set(1, 2, 1):get(1, 2) end)
op("layer:pieces", function() return S.layer:pieces(0, 100, 40, 20) end)
op("layer:tilesHit", function() return S.layer:tilesHit(c2d.aabb(5, 115, 30, 10)) end)
op("layer pair queries", function()
  local d = c2d.disk(25, 118, 4)
  return S.layer:hits(d), S.layer:distance(c2d.point(70, 90)), d:contact(S.layer), d:sweep(60, 0, S.layer),
         d:manifold(S.layer, 30),
         S.layer:raycast(0, 95, 1, 0.5, 200), S.layer:covers(c2d.aabb(1, 121, 8, 8))
end)
op("world 3: a layer", function()
  local w = c2d.world(16)
  w:add(S.layer)
  S.walker = w:add(c2d.aabb(2, 110, 6, 6))
  worlds[3] = w
  return w:count()
end)
op("world 3: move over the layer", function() return worlds[3]:move(S.walker, 75, 110) end)
op("world 3: moveTo into the floor", function() return S.walker:moveTo(42, 115) end)
op("world 3: push", function() return worlds[3]:push(S.walker) end)
op("world 3: query", function() return worlds[3]:query(S.walker) end)

-- collide2d.bump.
op("bump.newWorld", function()
  S.b = bump.newWorld(32)
  bworlds[1] = S.b
  return S.b.cellSize
end)
for _, item in ipairs { { "a", 0, 0, 10, 10 }, { "b", 20, 0, 10, 10 }, { "c", 0, 40, 100, 10 }, { "d", 50, 5, 10, 10 },
                        { "e", 200, 200, 64, 64 } } do
  op("bump:add " .. item[1], function() return S.b:add(unpack(item)) end)
end
op("bump:move slide", function() return S.b:move("a", 60, 10) end)
op("bump:move cross", function() return S.b:move("a", 0, 0, function() return "cross" end) end)
op("bump:move touch", function() return S.b:move("d", 50, 60, function() return "touch" end) end)
op("bump:move bounce", function() return S.b:move("b", 20, 80, function() return "bounce" end) end)
op("bump:check", function() return S.b:check("a", 0, 100) end)
op("bump:update", function() return S.b:update("e", 300, 300, 80, 80) end)
op("bump:remove", function() return S.b:remove("c") end)
op("bump:add again", function() return S.b:add("c", 0, 45, 100, 10) end)
op("bump:queryRect", function() return S.b:queryRect(-5, -5, 100, 100) end)
op("bump:queryPoint", function() return S.b:queryPoint(5, 5) end)
op("bump:querySegment", function() return S.b:querySegment(-10, 5, 400, 320) end)
op("bump:querySegmentWithCoords", function() return S.b:querySegmentWithCoords(-10, 5, 400, 320) end)
op("bump:project", function() return S.b:project("a", 0, 0, 10, 10, 100, 100) end)
op("bump:getItems", function() return S.b:getItems() end)
op("bump:getDictItemsInCellRect", function()
  local set, names = S.b:getDictItemsInCellRect(1, 1, 4, 4), {}
  for k in pairs(set) do names[#names + 1] = k end
  table.sort(names)
  return names
end)
op("bump:addResponse", function()
  return S.b:addResponse("stop", function(_world, col) return col.touch.x, col.touch.y, {}, 0 end)
end)
op("bump:move custom", function() return S.b:move("a", 0, 60, function() return "stop" end) end)
op("bump.rect", function()
  return bump.rect.detectCollision(0, 0, 10, 10, 5, 5, 10, 10, 20, 20),
         bump.rect.getSegmentIntersectionIndices(0, 0, 10, 10, -5, 5, 20, 5)
end)
for _, name in ipairs { "a", "b", "c", "d", "e" } do
  op("bump:remove " .. name, function() return S.b:remove(name) end)
end

-- Running them ------------------------------------------------------------------

-- The recording run writes, for each operation, the allocations counted when it
-- began, the state before it and its answer; then the state at the end. A
-- checking run is the same run until the failed allocation: operations that end
-- before it (by the recorded counts) run without being looked at, the state
-- before the failing one is the recorded one, and from the failure on every
-- answer is compared.
local ref_calls, ref_state, ref_answer, ref_end = {}, {}, {}, nil
local record = {}
if mode == "check" then
  for line in io.lines(transcript_path) do
    local i, calls, state, answer = line:match("^(%d+)\t(%d+)\t([^\t]*)\t(.*)$")
    if i then
      i = tonumber(i)
      ref_calls[i], ref_state[i], ref_answer[i] = tonumber(calls), state, answer
    else
      ref_end = line:match("^end\t(.*)$")
    end
  end
end

local function flat(text) return (text:gsub("\n", "|")) end

-- The snapshot, or what kept it from being taken.
local function state_now()
  local ok, text = pcall(snapshot)
  return flat(ok and text or "(no snapshot: " .. tostring(text) .. ")")
end

-- The lines of two flat states that differ.
local function diff(before, after)
  local a, b, out = {}, {}, {}
  for l in (before .. "|"):gmatch("([^|]*)|") do a[#a + 1] = l end
  for l in (after .. "|"):gmatch("([^|]*)|") do b[#b + 1] = l end
  for i = 1, math.max(#a, #b) do
    if a[i] ~= b[i] then out[#out + 1] = ("[%s] -> [%s]"):format(a[i] or "", b[i] or "") end
    if #out == 4 then break end
  end
  return table.concat(out, "; ")
end

local function fail(kind, what)
  oom.report(("FAIL %s %s"):format(kind, what))
end

local absorbed = nil -- the operation that absorbed the failed allocation
for i, o in ipairs(ops) do
  local calls = oom.calls()
  local quick = mode == "check" and not oom.injected() and ref_calls[i] == calls and ref_calls[i + 1] ~= nil
                and ref_calls[i + 1] < oom.k
  local state = mode == "record" and state_now() or ref_state[i]
  oom.report(("OP %d %s"):format(i, o.name))
  -- (up to 9 answers, in locals: nothing is allocated between the operation and the pause)
  oom.resume()
  local ok, a1, a2, a3, a4, a5, a6, a7, a8, a9 = pcall(o.fn)
  oom.pause()
  local r = { n = 10, ok, a1, a2, a3, a4, a5, a6, a7, a8, a9 }
  if not r[1] then
    local msg = tostring(r[2])
    if not oom.injected() then
      fail(absorbed and "diverged" or "noinject",
        ("op %d %q raised without a failed allocation%s :: %s"):format(i, o.name,
          absorbed and (" (the failure was absorbed by op %s)"):format(absorbed) or "", msg))
    elseif not msg:lower():find("memory") then
      -- The standard library's own answer (require finding no file when fopen fails) is told apart.
      local stdlib = msg:find("module '[^']*' not found") or msg:find("cannot open ")
      fail(stdlib and "stdlib" or "message", ("op %d %q: the error says nothing about memory :: %s"):format(i, o.name, msg))
    end
    local after = state_now()
    if after ~= state then
      fail("changed", ("op %d %q failed (%s) but changed the state: %s"):format(i, o.name, msg, diff(tostring(state), after)))
    end
    local fine, wrong = pcall(consistent)
    if not fine then wrong = "the check raised " .. tostring(wrong) end
    if wrong then fail("inconsistent", ("after op %d %q failed (%s): %s"):format(i, o.name, msg, wrong)) end
    oom.report(("STOP %d %s"):format(i, o.name))
    return
  end
  if oom.injected() and not absorbed then
    absorbed = ("%d %q"):format(i, o.name)
    oom.report("ABSORBED " .. absorbed)
  end
  if mode == "record" then
    record[#record + 1] = ("%d\t%d\t%s\t%s"):format(i, calls, state, flat(ser_all(r)))
  elseif not quick then
    local answer = flat(ser_all(r))
    if answer ~= ref_answer[i] then
      fail("diverged", ("op %d %q answers otherwise than the run without a failure%s: now %s, was %s"):format(
        i, o.name, absorbed and (" (the failed allocation was absorbed by op %s)"):format(absorbed) or "",
        answer:sub(1, 300), tostring(ref_answer[i]):sub(1, 300)))
      return
    end
  end
end

local final = state_now()
local fine, wrong = pcall(consistent)
if not fine then wrong = "the check raised " .. tostring(wrong) end
if wrong then fail(absorbed and "diverged" or "inconsistent", "at the end: " .. wrong) end
if mode == "record" then
  record[#record + 1] = ("%d\t%d\t-\t-"):format(#ops + 1, oom.calls())
  record[#record + 1] = "end\t" .. final
  local f = assert(io.open(transcript_path, "w"))
  f:write(table.concat(record, "\n"), "\n")
  f:close()
elseif final ~= ref_end then
  fail("diverged", ("the state at the end differs from the run without a failure%s: %s"):format(
    absorbed and (" (the failed allocation was absorbed by op %s)"):format(absorbed) or "", diff(tostring(ref_end), final)))
end
