-- Benchmark (prints, never fails): collide2d.bump against bump.lua.
--
--   make bench-bump [LUA=luajit] [BUMP_LUA=/path/to/bump.lua]
--
-- 2,000 moving items among 500 static ones, 64-px cells; every frame each
-- mover calls world:move toward its next position and turns back on the axis
-- it hit. Two runs: the default filter (everything slides) and a filter that
-- slides on walls and crosses other movers. Without BUMP_LUA only our figures
-- are printed; with it, both, their ratio, and whether both libraries left
-- every item at the same place. Each figure is the best of three runs.
local ours = require "collide2d.bump"

local FRAMES, MOVERS, STATICS, SIZE, ROUNDS = 300, 2000, 500, 3000, 3

local function scene(seed)
  -- Park and Miller's generator: exact in doubles, so the same scene on every runtime
  local state = seed
  local function rand()
    state = (state * 16807) % 2147483647
    return state / 2147483647
  end
  local statics, movers = {}, {}
  for i = 1, STATICS do
    statics[i] = { static = true, x = rand() * SIZE, y = rand() * SIZE, w = 32 + rand() * 64, h = 32 + rand() * 64 }
  end
  for i = 1, MOVERS do
    movers[i] = { x = rand() * SIZE, y = rand() * SIZE, w = 8 + rand() * 16, h = 8 + rand() * 16,
                  vx = (rand() - 0.5) * 8, vy = (rand() - 0.5) * 8 }
  end
  return statics, movers
end

local function run(bump, filter)
  local statics, movers = scene(42)
  local world = bump.newWorld(64)
  for _, s in ipairs(statics) do world:add(s, s.x, s.y, s.w, s.h) end
  for _, m in ipairs(movers) do world:add(m, m.x, m.y, m.w, m.h) end
  local hits = 0
  local start = os.clock()
  for _ = 1, FRAMES do
    for i = 1, MOVERS do
      local m = movers[i]
      local gx, gy = m.x + m.vx, m.y + m.vy
      if gx < 0 or gx > SIZE then m.vx = -m.vx end
      if gy < 0 or gy > SIZE then m.vy = -m.vy end
      local x, y, cols, len = world:move(m, gx, gy, filter)
      for k = 1, len do
        local n = cols[k].normal
        if n.x ~= 0 then m.vx = -m.vx end
        if n.y ~= 0 then m.vy = -m.vy end
      end
      hits = hits + len
      m.x, m.y = x, y
    end
  end
  local ms = (os.clock() - start) * 1000 / FRAMES
  local sum = 0
  for i = 1, MOVERS do sum = sum + movers[i].x * i + movers[i].y end
  return ms, hits, sum
end

local filters = {
  { "default filter", nil },
  { "filter function", function(_, other) if other.static then return "slide" end return "cross" end },
}

local theirs
if os.getenv("BUMP_LUA") and os.getenv("BUMP_LUA") ~= "" then theirs = dofile(os.getenv("BUMP_LUA")) end

print(("%s, %d movers + %d static, 64-px cells, %d frames (ms per frame, best of %d runs)"):format(
  jit and jit.version or _VERSION, MOVERS, STATICS, FRAMES, ROUNDS))
-- The best of ROUNDS runs: the machine is shared, and the collector's timing varies.
local function best(lib, filter)
  local ms, hits, sum = math.huge
  for _ = 1, ROUNDS do
    collectgarbage("collect")
    local t
    t, hits, sum = run(lib, filter)
    ms = math.min(ms, t)
  end
  return ms, hits, sum
end

for _, f in ipairs(filters) do
  local ms, hits, sum = best(ours, f[2])
  if theirs then
    local ref_ms, ref_hits, ref_sum = best(theirs, f[2])
    print(("  %-16s collide2d.bump %7.2f   bump.lua %7.2f   %5.1fx faster   (%d collisions, same results: %s)"):format(
      f[1], ms, ref_ms, ref_ms / ms, hits, tostring(hits == ref_hits and sum == ref_sum)))
  else
    print(("  %-16s collide2d.bump %7.2f   (%d collisions; set BUMP_LUA to compare)"):format(f[1], ms, hits))
  end
end
