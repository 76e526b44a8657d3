-- How long a pair query takes, in ns per call, next to the cheapest method call
-- (`a:type()`) as the floor: the cost of crossing from Lua into C and back.
--
--   make bench
--   (or: LUA_CPATH='build/lua5.4/?.so;;' LUA_PATH='lua/?.lua;;' lua5.4 bench/hits.lua)
--
-- For each kind pair, PAIRS pre-built pairs (half hitting, half missing) are
-- queried in a loop; each measurement is repeated ROUNDS times and the best
-- (least) time is kept, which is the one least disturbed by the machine.
-- A method that raises an error prints "error" (and the message on stderr).
-- Nothing is subtracted. A benchmark prints numbers; it never passes or fails.
-- Runs under Lua 5.1 to 5.4 and LuaJIT.

local ok, c2d = pcall(require, "collide2d")
if not ok then
  print("bench/hits.lua: cannot load collide2d: " .. tostring(c2d))
  return
end

local PAIRS = 64          -- pairs per kind pair (PAIRS / 2 hit, PAIRS / 2 miss)
local ROUNDS = 7          -- timed rounds per measurement; the best is reported
local TOTAL_SECONDS = 10  -- the whole bench aims at about this long
local MIN_SAMPLE = 0.02   -- calibration runs at least this long (seconds)

-- The methods timed, one column each; FLOOR is the baseline every other is
-- divided by. Each `run` makes `loops` passes over the pairs A[i], B[i].
-- Each entry of METHODS is one more column. The pairs are the same for every
-- column: for sweep, a moves by a fixed (20, 7) against b standing still, so
-- some pairs start touching (t = 0), some meet within the step and some never do.
local FLOOR = { name = "type()", run = function(A, B, n, loops)
  for _ = 1, loops do for i = 1, n do A[i]:type() end end
end }
local METHODS = {
  { name = "hits", run = function(A, B, n, loops)
    for _ = 1, loops do for i = 1, n do A[i]:hits(B[i]) end end
  end },
  -- the least separating translation (nil for the missing half)
  { name = "contact", run = function(A, B, n, loops)
    for _ = 1, loops do for i = 1, n do A[i]:contact(B[i]) end end
  end },
  -- a moves by the same (20, 7) against every b, which stands still
  { name = "sweep", run = function(A, B, n, loops)
    for _ = 1, loops do for i = 1, n do A[i]:sweep(20, 7, B[i]) end end
  end },
}

-- A small deterministic generator (Park-Miller), so every runtime benches the
-- same pairs: math.random differs between Lua versions. Products stay below
-- 2^53, exact both as floats (5.1, LuaJIT) and as integers (5.3, 5.4).
local seed = 12345
local function rand(lo, hi)
  seed = (seed * 48271) % 2147483647
  return lo + (hi - lo) * (seed / 2147483647)
end

local function hexagon(cx, cy, r, turn)
  local v = {}
  for k = 0, 5 do
    local a = turn + k * math.pi / 3
    v[#v + 1] = cx + r * math.cos(a)
    v[#v + 1] = cy + r * math.sin(a)
  end
  return c2d.polygon(v)
end

-- Shape makers: a shape of the kind near (x, y), roughly 10 units across.
local MAKE = {
  disk = function(x, y) return c2d.disk(x, y, rand(3, 7)) end,
  aabb = function(x, y) return c2d.aabb(x - 5, y - 4, rand(6, 12), rand(5, 10)) end,
  triangle = function(x, y)
    return c2d.triangle(x + rand(-6, 6), y + rand(-6, 6), x + rand(-6, 6), y + rand(-6, 6),
                        x + rand(-6, 6), y + rand(-6, 6))
  end,
  capsule = function(x, y)
    local a, h = rand(0, 2 * math.pi), rand(2, 6)
    return c2d.capsule(x - h * math.cos(a), y - h * math.sin(a),
                       x + h * math.cos(a), y + h * math.sin(a), rand(1, 3))
  end,
  hexagon = function(x, y) return hexagon(x, y, rand(3, 7), rand(0, math.pi)) end,
  -- a 40-vertex outline about 20 across: a star of random radii (simple)
  concave = function(x, y)
    local v = {}
    for k = 0, 39 do
      local a, r = 2 * math.pi * k / 40, rand(5, 11)
      v[#v + 1] = x + r * math.cos(a)
      v[#v + 1] = y + r * math.sin(a)
    end
    return c2d.concave(v)
  end,
  -- openings up to pi only, so the same pairs can serve `contact` later
  fan = function(x, y)
    return c2d.fan(x, y, rand(6, 12), rand(-math.pi, math.pi), rand(math.rad(30), math.pi))
  end,
}

local KIND_PAIRS = {
  { "disk", "disk" },
  { "aabb", "aabb" },
  { "disk", "triangle" },
  { "capsule", "capsule" },
  { "hexagon", "hexagon" },
  { "fan", "disk" },
  { "concave", "disk" },
  { "concave", "aabb" },
}

-- PAIRS pairs of the two kinds, exactly half of them hitting: candidates are
-- placed at a random offset and sorted into the hit or miss half by the library.
local function build_pairs(kindA, kindB)
  local A, B = {}, {}
  local want, hit, miss = PAIRS / 2, 0, 0
  local tries = 0
  while (hit < want or miss < want) and tries < 100000 do
    tries = tries + 1
    local x, y = rand(-1000, 1000), rand(-1000, 1000)
    local a = MAKE[kindA](x, y)
    local b = MAKE[kindB](x + rand(-18, 18), y + rand(-18, 18))
    local h = a:hits(b)
    if (h and hit < want) or (not h and miss < want) then
      if h then hit = hit + 1 else miss = miss + 1 end
      A[#A + 1], B[#B + 1] = a, b
    end
  end
  return A, B
end

-- Seconds for one run of `loops` passes.
local function time_once(method, A, B, loops)
  local t0 = os.clock()
  method.run(A, B, #A, loops)
  return os.clock() - t0
end

-- Passes needed for one run to last about `seconds`.
local function calibrate(method, A, B, seconds)
  local loops = 1
  local t = time_once(method, A, B, loops)
  while t < MIN_SAMPLE do
    loops = loops * 2
    t = time_once(method, A, B, loops)
  end
  return math.max(1, math.floor(loops * seconds / t + 0.5))
end

local runtime = _VERSION
if jit and jit.version then runtime = runtime .. ", " .. jit.version end
print("collide2d bench: ns per call, best of " .. ROUNDS .. " rounds, " .. PAIRS ..
  " pairs per row (half hit, half miss)")
print("runtime: " .. runtime)
print()

-- One cell per (kind pair, method); the floor is every row's first cell.
local ALL = { FLOOR }
for _, m in ipairs(METHODS) do ALL[#ALL + 1] = m end
local rows = {}
for _, kp in ipairs(KIND_PAIRS) do
  local row = { name = kp[1] .. "-" .. kp[2], cells = {} }
  local okb, A, B = pcall(build_pairs, kp[1], kp[2])
  if not okb then io.stderr:write(row.name .. " pairs: " .. tostring(A) .. "\n") end
  for k, m in ipairs(ALL) do
    row.cells[k] = { method = m, A = A, B = B, ok = okb, best = math.huge }
  end
  rows[#rows + 1] = row
end

-- Each timed run gets an equal share of the total time (calibration is extra, small).
local per_run = TOTAL_SECONDS / (#rows * #ALL * ROUNDS)
for _, row in ipairs(rows) do
  for _, cell in ipairs(row.cells) do
    if cell.ok then
      cell.ok, cell.loops = pcall(calibrate, cell.method, cell.A, cell.B, per_run)
      if not cell.ok then
        io.stderr:write(row.name .. " " .. cell.method.name .. ": " .. tostring(cell.loops) .. "\n")
      end
    end
  end
end

-- Rounds go across all cells, so a busy moment on the machine spoils one
-- round of many cells rather than every round of one cell.
for _ = 1, ROUNDS do
  for _, row in ipairs(rows) do
    for _, cell in ipairs(row.cells) do
      if cell.ok then
        cell.best = math.min(cell.best, time_once(cell.method, cell.A, cell.B, cell.loops))
      end
    end
  end
end

local function ns_per_call(cell)
  if not cell.ok then return nil end
  return cell.best / (cell.loops * #cell.A) * 1e9
end

local header = string.format("%-18s %10s", "pair", FLOOR.name .. " ns")
for _, m in ipairs(METHODS) do
  header = header .. string.format(" %10s %7s", m.name .. " ns", "ratio")
end
print(header)
for _, row in ipairs(rows) do
  local floor_ns = ns_per_call(row.cells[1])
  local line = string.format("%-18s %10s", row.name,
    floor_ns and string.format("%.1f", floor_ns) or "error")
  for k = 2, #row.cells do
    local ns = ns_per_call(row.cells[k])
    local ratio = (ns and floor_ns) and string.format("%.2f", ns / floor_ns) or "-"
    line = line .. string.format(" %10s %7s", ns and string.format("%.1f", ns) or "error", ratio)
  end
  print(line)
end
