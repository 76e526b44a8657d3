-- How long a pair query takes, in ns per call, next to the cheapest method call
-- (`a:type()`) as the floor: the cost of crossing from Lua into C and back;
-- and, for the pairs where that is a few lines, next to the same test written
-- by hand in pure Lua on plain tables (hits/pure: a:hits(b) against it;
-- local/pure: c2d.hits kept in a local, called as the pure function is).
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
local FLOOR = { name = "type()", run = function(A, _B, n, loops)
  for _ = 1, loops do for i = 1, n do A[i]:type() end end
end }
local METHODS = {
  { name = "hits", run = function(A, B, n, loops)
    for _ = 1, loops do for i = 1, n do A[i]:hits(B[i]) end end
  end },
  -- the same, called as a local function (no method lookup), as the pure-Lua
  -- tests below are called
  { name = "c2d.hits", run = function(A, B, n, loops)
    local hits = c2d.hits
    for _ = 1, loops do for i = 1, n do hits(A[i], B[i]) end end
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

-- Hand-written pure Lua on plain tables: what a game programmer would write
-- instead (the classic tests, as the articles collide2d started from give
-- them), for the pairs where that is a few lines. Each takes the plain
-- tables PLAIN makes from the shapes' own numbers.
local min, max = math.min, math.max
local function seg_dist2(px, py, ax, ay, bx, by)
  local ex, ey = bx - ax, by - ay
  local wx, wy = px - ax, py - ay
  local ee = ex * ex + ey * ey
  -- min and max rather than branches: LuaJIT compiles them without side exits
  local t = ee > 0 and max(0, min(1, (wx * ex + wy * ey) / ee)) or 0
  local dx, dy = wx - t * ex, wy - t * ey
  return dx * dx + dy * dy
end

local function cross(ax, ay, bx, by, px, py) return (bx - ax) * (py - ay) - (by - ay) * (px - ax) end

local function segments_cross(a, b)
  local d1 = cross(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1)
  local d2 = cross(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2)
  local d3 = cross(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1)
  local d4 = cross(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2)
  return ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0))
end

-- Separating axes: every edge normal of both polygons (flat {x1, y1, ...}).
local function separated_on_edges(p, q)
  local n = #p
  for i = 1, n, 2 do
    local j = i + 2 > n and 1 or i + 2
    local nx, ny = p[j + 1] - p[i + 1], p[i] - p[j]
    local pmin, pmax, qmin, qmax = math.huge, -math.huge, math.huge, -math.huge
    for k = 1, n, 2 do
      local d = nx * p[k] + ny * p[k + 1]
      if d < pmin then pmin = d end
      if d > pmax then pmax = d end
    end
    for k = 1, #q, 2 do
      local d = nx * q[k] + ny * q[k + 1]
      if d < qmin then qmin = d end
      if d > qmax then qmax = d end
    end
    if pmax < qmin or qmax < pmin then return true end
  end
  return false
end

local PLAIN = {
  disk = function(s) local x, y, r = s:unpack(); return { x = x, y = y, r = r } end,
  aabb = function(s) local x, y, w, h = s:unpack(); return { x = x, y = y, x2 = x + w, y2 = y + h } end,
  triangle = function(s) return { s:unpack() } end,
  capsule = function(s)
    local x1, y1, x2, y2, r = s:unpack()
    return { x1 = x1, y1 = y1, x2 = x2, y2 = y2, r = r }
  end,
  hexagon = function(s) return { s:unpack() } end,
}

local PURE = {
  ["disk-disk"] = function(a, b)
    local dx, dy, r = b.x - a.x, b.y - a.y, a.r + b.r
    return dx * dx + dy * dy <= r * r
  end,
  ["aabb-aabb"] = function(a, b)
    return a.x <= b.x2 and b.x <= a.x2 and a.y <= b.y2 and b.y <= a.y2
  end,
  -- inside by the signs of the three edges, else an edge within the radius
  ["disk-triangle"] = function(d, t)
    local cx, cy, r = d.x, d.y, d.r
    local x1, y1, x2, y2, x3, y3 = t[1], t[2], t[3], t[4], t[5], t[6]
    local d1, d2, d3 = cross(x1, y1, x2, y2, cx, cy), cross(x2, y2, x3, y3, cx, cy), cross(x3, y3, x1, y1, cx, cy)
    if (d1 >= 0 and d2 >= 0 and d3 >= 0) or (d1 <= 0 and d2 <= 0 and d3 <= 0) then return true end
    local rr = r * r
    return seg_dist2(cx, cy, x1, y1, x2, y2) <= rr or seg_dist2(cx, cy, x2, y2, x3, y3) <= rr
        or seg_dist2(cx, cy, x3, y3, x1, y1) <= rr
  end,
  -- the segments' distance against the sum of the radii
  ["capsule-capsule"] = function(a, b)
    if segments_cross(a, b) then return true end
    local r = a.r + b.r
    local rr = r * r
    return seg_dist2(a.x1, a.y1, b.x1, b.y1, b.x2, b.y2) <= rr or seg_dist2(a.x2, a.y2, b.x1, b.y1, b.x2, b.y2) <= rr
        or seg_dist2(b.x1, b.y1, a.x1, a.y1, a.x2, a.y2) <= rr or seg_dist2(b.x2, b.y2, a.x1, a.y1, a.x2, a.y2) <= rr
  end,
  ["hexagon-hexagon"] = function(p, q)
    return not separated_on_edges(p, q) and not separated_on_edges(q, p)
  end,
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
print("runtime: " .. runtime .. ", backend: " .. tostring(c2d.backend))
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
  -- The pure-Lua test of the same pairs, on plain tables, and how often it
  -- agrees with collide2d (exact touches aside, it should on every pair).
  local pure = PURE[row.name]
  if okb and pure then
    local PA, PB = {}, {}
    row.agree = 0
    for i = 1, #A do
      PA[i], PB[i] = PLAIN[kp[1]](A[i]), PLAIN[kp[2]](B[i])
      if pure(PA[i], PB[i]) == A[i]:hits(B[i]) then row.agree = row.agree + 1 end
    end
    row.pure = { method = { name = "pure Lua", run = function(X, Y, n, loops)
      for _ = 1, loops do for i = 1, n do pure(X[i], Y[i]) end end
    end }, A = PA, B = PB, ok = true, best = math.huge }
    row.cells[#row.cells + 1] = row.pure
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
header = header .. string.format(" %12s %10s %10s %7s", "pure Lua ns", "hits/pure", "local/pure", "agree")
print(header)
for _, row in ipairs(rows) do
  local floor_ns = ns_per_call(row.cells[1])
  local line = string.format("%-18s %10s", row.name,
    floor_ns and string.format("%.1f", floor_ns) or "error")
  for k = 2, #METHODS + 1 do
    local ns = ns_per_call(row.cells[k])
    local ratio = (ns and floor_ns) and string.format("%.2f", ns / floor_ns) or "-"
    line = line .. string.format(" %10s %7s", ns and string.format("%.1f", ns) or "error", ratio)
  end
  if row.pure then
    local pure_ns, hits_ns, local_ns = ns_per_call(row.pure), ns_per_call(row.cells[2]), ns_per_call(row.cells[3])
    line = line .. string.format(" %12.1f %10s %10s %7s", pure_ns,
      hits_ns and string.format("%.2f", hits_ns / pure_ns) or "-",
      local_ns and string.format("%.2f", local_ns / pure_ns) or "-", row.agree .. "/" .. #row.pure.A)
  else
    line = line .. string.format(" %12s %10s %10s %7s", "-", "-", "-", "-")
  end
  print(line)
end
