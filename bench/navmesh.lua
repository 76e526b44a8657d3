-- Navigation over a level: a 1,000 x 1,000 room with N walls and crates (AABBs
-- strewn at random, overlapping as they fall), a point agent; paths between
-- random free places. Times the mesh's build and the paths a second; next to
-- it, slick's navigation mesh (meshBuilder, path:find) on the same map when
-- SLICK_PATH names the folder holding slick/ (slick's path is not the shortest:
-- A* over triangles, then string pulling; ours is, for a point agent).
--
--   make bench-navmesh [SLICK_PATH=/path/to/slick-checkout]
--   (or: LUA_CPATH='build/lua5.4/?.so;;' LUA_PATH='lua/?.lua;;' lua5.4 bench/navmesh.lua)
--
-- It prints; it never passes or fails.
local c2d = require "collide2d"

local SIZES = { 25, 100, 400 }
if os.getenv("NAV_SIZES") then -- e.g. NAV_SIZES=25,100
  SIZES = {}
  for v in os.getenv("NAV_SIZES"):gmatch("%d+") do SIZES[#SIZES + 1] = tonumber(v) end
end
local PATHS, ROUNDS = 200, 3
local clock = os.clock

local function map(n, seed)
  local s = seed
  local function rnd(a, b)
    s = (s * 16807) % 2147483647
    return a + (b - a) * s / 2147483647
  end
  local boxes = {}
  for i = 1, n do
    local x, y = rnd(20, 940), rnd(20, 940)
    if i % 2 == 0 then boxes[i] = { x, y, rnd(40, 120), rnd(8, 20) }
    else boxes[i] = { x, y, rnd(8, 20), rnd(40, 120) } end
  end
  local free = {}
  local function inside(px, py)
    for _, b in ipairs(boxes) do
      if px >= b[1] and px <= b[1] + b[3] and py >= b[2] and py <= b[2] + b[4] then return true end
    end
    return false
  end
  while #free < 2 * PATHS do
    local px, py = rnd(5, 995), rnd(5, 995)
    if not inside(px, py) then free[#free + 1] = { px, py } end
  end
  return boxes, free
end

local function best(f)
  local b = math.huge
  for _ = 1, ROUNDS do
    local t0 = clock()
    f()
    b = math.min(b, clock() - t0)
  end
  return b
end

local slick
if os.getenv("SLICK_PATH") and os.getenv("SLICK_PATH") ~= "" then
  package.path = os.getenv("SLICK_PATH") .. "/?.lua;" .. os.getenv("SLICK_PATH") .. "/?/init.lua;" .. package.path
  local ok, m = pcall(require, "slick")
  if ok then slick = m else print("slick did not load: " .. tostring(m)) end
end

print(("%s, %d paths a map, best of %d rounds"):format(_VERSION .. (jit and (" / " .. jit.version) or ""), PATHS, ROUNDS))
print(("%-6s %10s %8s %12s %10s %12s %8s %10s"):format("walls", "build ms", "nodes", "paths/s", "found", "slick build", "slick/s", "ours/slick"))
local updates = {}
for _, n in ipairs(SIZES) do
  local boxes, free = map(n, 4242 + n)
  local w = c2d.world(64)
  w:add(c2d.aabb(-10, -10, 1020, 10)); w:add(c2d.aabb(-10, 1000, 1020, 10))
  w:add(c2d.aabb(-10, 0, 10, 1000)); w:add(c2d.aabb(1000, 0, 10, 1000))
  for _, b in ipairs(boxes) do w:add(c2d.aabb(b[1], b[2], b[3], b[4])) end
  local nav
  local build = best(function()
    nav = c2d.navmesh(w, 0)
    nav:nodes() -- (builds it)
  end)
  local out, found = {}, 0
  local t = best(function()
    found = 0
    for i = 1, PATHS do
      local a, b = free[2 * i - 1], free[2 * i]
      if nav:path(a[1], a[2], b[1], b[2], out) then found = found + 1 end
    end
  end)
  -- a crate added, then taken away again: the mesh brought up to date in place
  local crate = c2d.aabb(500, 500, 12, 12)
  local update = best(function()
    w:add(crate)
    nav:nodes()
    w:remove(crate)
    nav:nodes()
  end) / 2
  updates[#updates + 1] = ("%-6d %10.1f ms to build, %8.2f ms to bring up to date after a crate added or removed"):format(
    n, build * 1000, update * 1000)
  local row = { n, build * 1000, #nav:nodes() / 2, PATHS / t, found }
  if slick then
    local FLOOR, WALL = slick.newEnum("FLOOR"), slick.newEnum("WALL")
    local mesh
    local sbuild = best(function()
      local builder = slick.navigation.meshBuilder.new()
      builder:addLayer(FLOOR)
      builder:addLayer(WALL)
      builder:addShape(FLOOR, slick.newRectangleShape(0, 0, 1000, 1000))
      for _, b in ipairs(boxes) do builder:addShape(WALL, slick.newRectangleShape(b[1], b[2], b[3], b[4])) end
      mesh = builder:build()
    end)
    local finder = slick.navigation.path.new()
    local sout = {}
    local st = best(function()
      for i = 1, PATHS do
        local a, b = free[2 * i - 1], free[2 * i]
        finder:find(mesh, a[1], a[2], b[1], b[2], sout)
      end
    end)
    -- the two paths' lengths where both found one (slick's may cross a wall's
    -- corner region differently: its mesh is the floor less the walls)
    local both, longer = 0, 0
    local function length(p, k)
      local l = 0
      for j = 3, k, 2 do l = l + math.sqrt((p[j] - p[j - 2]) ^ 2 + (p[j + 1] - p[j - 1]) ^ 2) end
      return l
    end
    for i = 1, PATHS do
      local a, b = free[2 * i - 1], free[2 * i]
      local mine = nav:path(a[1], a[2], b[1], b[2])
      local theirs = finder:find(mesh, a[1], a[2], b[1], b[2], {})
      if mine and theirs then
        both = both + 1
        longer = longer + length(theirs, #theirs) / length(mine, #mine)
      end
    end
    row[6], row[7], row[8] = sbuild * 1000, PATHS / st, (PATHS / t) / (PATHS / st)
    print(("%-6d %10.1f %8d %12.0f %10d %12.1f %8.0f %10.2f   slick's paths %.3fx as long (%d pairs)"):format(
      row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], both > 0 and longer / both or 0, both))
  else
    print(("%-6d %10.1f %8d %12.0f %10d %12s %8s %10s"):format(row[1], row[2], row[3], row[4], row[5], "-", "-", "-"))
  end
end
for _, line in ipairs(updates) do print(line) end
