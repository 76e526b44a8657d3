-- Sight over a level: 50 guards, each asking w:visible of its view fan every
-- frame, over 2,000 shapes (walls, crates, pillars and barrels strewn over a
-- 2,000 x 2,000 level); and one w:sees per guard toward the player. Next to
-- it, what a prototype does by hand: 41 rays a guard (w:raycast through the
-- fan), which sees less (only what a ray happens to reach).
--
--   make bench-sight
--   (or: LUA_CPATH='build/lua5.4/?.so;;' LUA_PATH='lua/?.lua;;' lua5.4 bench/sight.lua)
--
-- Best of ROUNDS frames, in ms a frame. It prints; it never passes or fails.
local c2d = require "collide2d"

local SHAPES, GUARDS, ROUNDS = 2000, 50, 7
local seed = 12345
local function rnd(a, b)
  seed = (seed * 16807) % 2147483647
  return a + (b - a) * seed / 2147483647
end

local w = c2d.world(64)
for i = 1, SHAPES do
  local x, y = rnd(0, 2000), rnd(0, 2000)
  local k = i % 4
  if k == 0 then w:add(c2d.aabb(x, y, rnd(20, 120), rnd(8, 16)))
  elseif k == 1 then w:add(c2d.aabb(x, y, rnd(8, 16), rnd(20, 120)))
  elseif k == 2 then w:add(c2d.disk(x, y, rnd(4, 12)))
  else w:add(c2d.box(x, y, rnd(10, 24), rnd(10, 24), rnd(0, 3))) end
end
local guards = {}
for i = 1, GUARDS do
  local x, y = rnd(100, 1900), rnd(100, 1900)
  guards[i] = { fan = c2d.fan(x, y, 250, rnd(-math.pi, math.pi), 1.6), x = x, y = y }
end
local player = w:add(c2d.disk(1000, 1000, 8))

local clock = os.clock
local function best(f)
  local b = math.huge
  for _ = 1, ROUNDS do
    local t0 = clock()
    f()
    b = math.min(b, clock() - t0)
  end
  return b * 1000
end

local seen_total = 0
local visible_ms = best(function()
  seen_total = 0
  for i = 1, GUARDS do seen_total = seen_total + #w:visible(guards[i].fan) end
end)
local sees_ms = best(function()
  for i = 1, GUARDS do w:sees(guards[i].x, guards[i].y, player) end
end)
local rays_seen = 0
local rays_ms = best(function()
  rays_seen = 0
  for i = 1, GUARDS do
    local g = guards[i]
    local _, _, dir = g.fan:unpack()
    local set = {}
    for k = 0, 40 do
      local a = dir - 0.8 + 1.6 * k / 40
      local s = w:raycast(g.x, g.y, math.cos(a), math.sin(a), 250)
      if s and not set[s] then set[s] = true rays_seen = rays_seen + 1 end
    end
  end
end)

-- the same 41 rays a guard, in one w:raycastMany a guard (the rays made once)
local fans, out = {}, {}
for i = 1, GUARDS do
  local g = guards[i]
  local _, _, dir = g.fan:unpack()
  local rays = {}
  for k = 0, 40 do
    local a = dir - 0.8 + 1.6 * k / 40
    rays[#rays + 1], rays[#rays + 2], rays[#rays + 3], rays[#rays + 4] = g.x, g.y, math.cos(a), math.sin(a)
  end
  fans[i] = rays
end
local many_seen = 0
local many_ms = best(function()
  many_seen = 0
  for i = 1, GUARDS do
    w:raycastMany(fans[i], 250, nil, out)
    local set = {}
    for k = 1, #out, 4 do
      local s = out[k]
      if s and not set[s] then set[s] = true many_seen = many_seen + 1 end
    end
  end
end)

print(("%d shapes, %d guards (fans of radius 250 and 1.6 rad), best of %d frames (%s)"):format(
  SHAPES, GUARDS, ROUNDS, _VERSION .. (jit and (" / " .. jit.version) or "")))
print("")
print("| a frame | ms | shapes seen (all guards) |")
print("|---|---|---|")
print(("| w:visible(fan), each guard | %.2f | %d |"):format(visible_ms, seen_total))
print(("| 41 w:raycast through each fan (by hand) | %.2f | %d |"):format(rays_ms, rays_seen))
print(("| the same 41 rays, one w:raycastMany a guard | %.2f | %d |"):format(many_ms, many_seen))
print(("| w:sees(x, y, player), each guard | %.3f | |"):format(sees_ms))
