-- bench/world.lua: the World against a naive all-pairs loop, its growth with
-- the number of shapes, movement against bump.lua, memory and garbage.
--   make bench-world [LUA=luajit] [BUMP_LUA=/path/to/bump.lua]
-- It prints figures; it never passes or fails.
local c2d = require "collide2d"

local clock = os.clock

-- A seeded generator of its own, the same on every runtime: every product
-- stays below 2^53, so a double (Lua 5.1-5.2, LuaJIT) computes it exactly,
-- as Lua 5.3-5.4's integers do.
local function lcg(seed)
  local s = seed
  return function(lo, hi)
    s = (s * 16807) % 2147483647
    return lo + (hi - lo) * s / 2147483647
  end
end

-- N mixed shapes at a fixed density (a 40-px square of room each), 30% of
-- them still, a few long walls. A mover turns back every 16 steps, so the
-- scene keeps its density however long it runs. The movers are three flat
-- arrays (shape, dx, dy): with a table per mover, at 10,000 shapes reading
-- the benchmark's own tables missed the cache once or twice per mover, a
-- tenth of the step (perf), which is the harness's cost and not the World's.
local function scene(n, seed)
  local r = lcg(seed or 7)
  local side = math.sqrt(n) * 40
  local shapes, movers = {}, { shape = {}, dx = {}, dy = {} }
  for i = 1, n do
    local x, y, k = r(0, side), r(0, side), i % 4
    local s
    if k == 0 then s = c2d.disk(x, y, r(3, 10))
    elseif k == 1 then s = c2d.aabb(x, y, r(4, 16), r(4, 16))
    elseif k == 2 then s = c2d.box(x, y, r(4, 16), r(4, 16), r(0, 3))
    else s = c2d.capsule(x, y, x + r(-10, 10), y + r(-10, 10), r(1, 4)) end
    shapes[#shapes + 1] = s
    if r(0, 1) < 0.7 then
      local m = #movers.shape + 1
      movers.shape[m], movers.dx[m], movers.dy[m] = s, r(-1, 1), r(-1, 1)
    end
  end
  for i = 1, 4 do
    shapes[#shapes + 1] = c2d.aabb(0, side * i / 5, side, 8) -- long walls across the scene
  end
  return shapes, movers
end

local function best_of(k, f)
  local best = math.huge
  for _ = 1, k do
    local t0 = clock()
    f()
    best = math.min(best, clock() - t0)
  end
  return best
end

-- Move every mover one step (the k-th step of the run).
local function move_movers(movers, k)
  local sign = math.floor(k / 16) % 2 == 0 and 1 or -1
  local shape, dx, dy = movers.shape, movers.dx, movers.dy
  for i = 1, #shape do shape[i]:move(sign * dx[i], sign * dy[i]) end
end

-- A world of n shapes and its state, stepped by run_world.
local function make_world(n, seed)
  local shapes, movers = scene(n, seed)
  local w = c2d.world(32)
  for _, s in ipairs(shapes) do w:add(s) end
  return { w = w, shapes = shapes, movers = movers, out = {}, k = 0, pairs = 0, best = math.huge }
end

-- One step of the world: its movers move, then collisions(out); the pairs
-- found are kept in W.pairs and returned.
local function step_world(W)
  move_movers(W.movers, W.k)
  W.k = W.k + 1
  local _, np = W.w:collisions(W.out)
  W.pairs = np
  return np
end

-- Time steps steps of the world, keeping the best time per step.
local function run_world(W, steps)
  local t = best_of(1, function()
    for _ = 1, steps do step_world(W) end
  end) / steps
  W.best = math.min(W.best, t)
end

-- Step each world of the list in turn, steps times, keeping the best time
-- per world and step in the list's own best, and the pairs found per world
-- and step in its pairs.
local function run_worlds(list, steps)
  local found = 0
  local t = best_of(1, function()
    for _ = 1, steps do
      for i = 1, #list do found = found + step_world(list[i]) end
    end
  end) / (steps * #list)
  list.best = math.min(list.best, t)
  list.pairs = found / (steps * #list)
end

-- The pairs a naive loop finds among shapes as they are now.
local function naive_count(shapes)
  local found = 0
  for i = 1, #shapes do
    for j = i + 1, #shapes do
      if shapes[i]:hits(shapes[j]) then found = found + 1 end
    end
  end
  return found
end

local function step_naive(n, steps)
  local shapes, movers = scene(n)
  local count = #shapes
  local t = best_of(1, function()
    for k = 1, steps do
      move_movers(movers, k)
      local found = 0
      for i = 1, count do
        local a = shapes[i]
        for j = i + 1, count do
          if a:hits(shapes[j]) then found = found + 1 end
        end
      end
    end
  end) / steps
  return t
end

local runtime = jit and jit.version or _VERSION
-- Rounds of the World's step at each size; the best round counts.
local ROUNDS = 40
print(("World benchmark under %s (ms per step; the World: best of %d rounds)"):format(runtime, ROUNDS))
print()
print("| scene | World: move 70% + collisions(out) | naive all-pairs hits | speed-up | pairs |")
print("|---|---|---|---|---|")
-- The sizes take turns, so that a busy spell of the machine falls on all.
-- The 10,000-shape scene lives mostly in the third-level cache, which other
-- programs on the machine share, so a busy spell slows it much more than
-- the 1,000-shape one (about the size of a second-level cache): 40 rounds
-- (2 to 5 seconds in all) give each more chances to meet a quiet spell than
-- 15 did (growth over ten runs under LuaJIT: 11.0-11.7x with 40, 11.1-14.1x
-- with 15).
-- Ten different 1,000-shape scenes (other seeds), stepped in turn, take part
-- too. One scene stepped again and again repeats nearly the same work each
-- step, which the processor learns (bench/broadphase.c's last table); ten
-- different ones, like ten times the shapes, it cannot. The 10,000-shape
-- step against one of them is the World's own growth, the pairs found per
-- scene telling whether their work is alike.
local small, large = make_world(1000), make_world(10000)
local ten = { best = math.huge }
for i = 1, 10 do ten[i] = make_world(1000, 100 + i) end
for _ = 1, ROUNDS do
  run_world(small, 200)
  run_world(large, 20)
  run_worlds(ten, 20)
end
local t1, p1, shapes1 = small.best, small.pairs, small.shapes
local tn = step_naive(1000, 2)
print(("| 1,000 shapes | %.2f ms | %.1f ms | %.0fx | %d (a naive loop on the same shapes: %d) |")
  :format(t1 * 1e3, tn * 1e3, tn / t1, p1, naive_count(shapes1)))
local t10, p10, w10, movers10, out10 = large.best, large.pairs, large.w, large.movers, large.out
print(("| 10,000 shapes | %.2f ms | - | growth %.1fx for 10x the shapes | %d |"):format(t10 * 1e3, t10 / t1, p10))
print(("| 1,000 shapes, ten different scenes stepped in turn | %.3f ms per scene | - | the 10,000-shape step is %.1fx one of them | %.0f per scene |")
  :format(ten.best * 1e3, t10 / ten.best, ten.pairs))
ten = nil -- luacheck: ignore 311 (the sections below measure without them: let the collector take them)

-- Garbage per step and memory per shape.
collectgarbage()
collectgarbage("stop")
local before = collectgarbage("count")
for k = 1, 5 do
  move_movers(movers10, k)
  w10:collisions(out10)
end
local garbage = (collectgarbage("count") - before) / 5
collectgarbage("restart")
collectgarbage()
collectgarbage()
local base = collectgarbage("count")
local shapes = {}
for i = 1, 10000 do shapes[i] = c2d.disk(i, i % 100, 3) end
collectgarbage()
local with_shapes = collectgarbage("count")
local w = c2d.world(32)
for i = 1, 10000 do w:add(shapes[i]) end
w:collisions()
collectgarbage()
local with_world = collectgarbage("count")
print()
print(("Garbage per step (10,000 shapes, collisions(out)): %.1f KB"):format(garbage))
print(("Memory: a disk %.0f bytes; in a world, %.0f bytes more each (Lua side; the C side is not counted by Lua)")
  :format((with_shapes - base) * 1024 / 10000, (with_world - with_shapes) * 1024 / 10000))

-- Movement: 2,000 rectangles heading for goals with slide among 500 still ones.
local function movement(new_world, add, move, frames)
  local r = lcg(11)
  local side = 3000
  local world = new_world()
  for i = 1, 500 do
    add(world, "wall" .. i, r(0, side), r(0, side), r(32, 96), r(32, 96))
  end
  local movers = {}
  for i = 1, 2000 do
    local m = { id = "m" .. i, x = r(0, side), y = r(0, side), w = r(8, 24), h = r(8, 24), vx = r(-3, 3), vy = r(-3, 3) }
    m.item = add(world, m.id, m.x, m.y, m.w, m.h)
    movers[i] = m
  end
  return best_of(3, function()
    for _ = 1, frames do
      for _, m in ipairs(movers) do
        local x, y = move(world, m, m.x + m.vx, m.y + m.vy)
        if x ~= m.x + m.vx then m.vx = -m.vx end
        if y ~= m.y + m.vy then m.vy = -m.vy end
        m.x, m.y = x, y
      end
    end
  end) / frames
end

local ours = movement(function() return c2d.world(64) end,
  function(world, _, x, y, wd, ht) return world:add(c2d.aabb(x, y, wd, ht)) end,
  function(world, m, gx, gy) return world:move(m.item, gx, gy) end, 60)
print()
print("| movement: 2,000 movers among 500 walls, slide | ms per frame |")
print("|---|---|")
print(("| collide2d World:move | %.2f |"):format(ours * 1e3))
local bump_path = os.getenv("BUMP_LUA")
if bump_path and bump_path ~= "" then
  local bump = dofile(bump_path)
  local theirs = movement(function() return bump.newWorld(64) end,
    function(world, id, x, y, wd, ht) world:add(id, x, y, wd, ht); return id end,
    function(world, m, gx, gy) local x, y = world:move(m.item, gx, gy); return x, y end, 60)
  print(("| bump.lua world:move | %.2f |"):format(theirs * 1e3))
  print(("| speed-up | %.1fx |"):format(theirs / ours))
else
  print("| bump.lua | (set BUMP_LUA=/path/to/bump.lua to compare) |")
end

-- A platformer step: 500 characters walking to and fro on rows of 32-px tiles
-- with ramps, under gravity, moved by the controller and, for comparison, by
-- World:move with the same motion (which slides but neither snaps, steps nor
-- keeps to slopes). The controller's promise: a step costs at most 30% more.
local function platformer(use_controller, frames)
  local r = lcg(23)
  local world = c2d.world(32)
  local rows, cols = 20, 60
  for row = 1, rows do
    local y = row * 96
    for i = 0, cols - 1 do world:add(c2d.aabb(i * 32, y, 32, 32)) end
    for k = 1, 4 do -- a ramp up to the right on each row
      local x0 = k * 400
      world:add(c2d.triangle(x0, y, x0 + 96, y, x0 + 96, y - 24))
    end
  end
  local hs, vx, vy, hero = {}, {}, {}, {}
  for i = 1, 500 do
    local row = 1 + (i - 1) % rows
    hs[i] = world:add(c2d.aabb(r(40, cols * 32 - 80), row * 96 - 40, 16, 24))
    vx[i], vy[i] = r(-3, 3), 0
    if use_controller then hero[i] = c2d.controller(world, hs[i], { maxSlope = math.rad(50), snap = 4, step = 4 }) end
  end
  local dt, g = 1 / 60, 1200
  return best_of(3, function()
    for f = 1, frames do
      if f % 40 == 0 then for i = 1, #vx do vx[i] = -vx[i] end end
      for i = 1, #hs do
        local dy = vy[i] * dt
        if use_controller then
          local h = hero[i]
          h:move(vx[i], dy)
          if h:isGrounded() then vy[i] = 0 else vy[i] = vy[i] + g * dt end
        else
          local s = hs[i]
          local x, y = s:position()
          local _, ny, _, len = world:move(s, x + vx[i], y + dy)
          if len > 0 and ny < y + dy then vy[i] = 0 else vy[i] = vy[i] + g * dt end
        end
      end
    end
  end) / frames
end

if c2d.controller then
  local plain, ctl = platformer(false, 120), platformer(true, 120)
  print()
  print("| platformer: 500 characters on tile rows and ramps, gravity | ms per frame |")
  print("|---|---|")
  print(("| World:move with the same motion | %.2f |"):format(plain * 1e3))
  print(("| controller:move | %.2f |"):format(ctl * 1e3))
  print(("| controller / World:move | %.2f |"):format(ctl / plain))
end
