-- Helpers the specs share: shapes written as constructor numbers, the checks on
-- numbers and points, and the seeded random shapes of the property tests.
--
--   local common = require "support.common"   -- spec/ is on LUA_PATH
--
-- Plain Lua for 5.1 to 5.4 and LuaJIT alike. Nothing here holds a tolerance,
-- seed or size of its own where the specs differ: those stay in each spec and
-- are passed in.
local c2d = require "collide2d"
local assert = require "luassert" -- the very object busted gives the specs

local unpack = table.unpack or unpack
local pi, cos, sin, abs, max, min, floor = math.pi, math.cos, math.sin, math.abs, math.max, math.min, math.floor

local M = {}

-- Shapes as data --------------------------------------------------------------

-- { kind, numbers... }: a constructor's name and its numbers, made by build().
function M.point(...) return { "point", ... } end
function M.segment(...) return { "segment", ... } end
function M.line(...) return { "line", ... } end
function M.disk(...) return { "disk", ... } end
function M.aabb(...) return { "aabb", ... } end
function M.box(...) return { "box", ... } end
function M.triangle(...) return { "triangle", ... } end
function M.capsule(...) return { "capsule", ... } end
function M.fan(...) return { "fan", ... } end
function M.polygon(...) return { "polygon", ... } end

-- Which constructor numbers are x (1) and y (2) coordinates, to translate a case;
-- a polygon's numbers alternate x, y.
local ROLES = {
  point = { 1, 2 }, segment = { 1, 2, 1, 2 }, line = { 1, 2, 1, 2 }, disk = { 1, 2, 0 },
  aabb = { 1, 2, 0, 0 }, box = { 1, 2, 0, 0, 0 }, triangle = { 1, 2, 1, 2, 1, 2 },
  capsule = { 1, 2, 1, 2, 0 }, fan = { 1, 2, 0, 0, 0 },
}

-- The shape spec describes, every coordinate moved by (ox, oy). With spec.list
-- the numbers go to the constructor as one table (a polygon given as a table).
function M.build(spec, ox, oy)
  local kind, roles, nums = spec[1], ROLES[spec[1]], {}
  for i = 2, #spec do
    local role = roles and roles[i - 1] or (i % 2 == 0 and 1 or 2)
    local v = spec[i]
    if role == 1 then v = v + ox elseif role == 2 then v = v + oy end
    nums[i - 1] = v
  end
  if spec.list then return c2d[kind](nums) end
  return c2d[kind](unpack(nums, 1, #spec - 1))
end

-- A regular n-gon of circumradius r about (cx, cy) with a vertex at angle 0, as
-- the flat list { x1, y1, x2, y2, ... }.
function M.regular_polygon(n, cx, cy, r)
  local t = {}
  for k = 0, n - 1 do
    t[#t + 1] = cx + r * cos(2 * pi * k / n)
    t[#t + 1] = cy + r * sin(2 * pi * k / n)
  end
  return t
end

-- A convex 12-gon of subnormal size round the origin: the hull of the points
-- (floor(k cos a), floor(k sin a)) * 2^-1074 for a = 0, 30, ..., 330 degrees,
-- within k * 4.94e-324 of the origin (queries on it run on copies scaled by
-- about 2^1070).
function M.subnormal_polygon(k)
  local u = 4.9406564584124654e-324
  local pts = {}
  for i = 0, 11 do
    local a = i * pi / 6
    pts[#pts + 1] = floor(k * cos(a)) * u
    pts[#pts + 1] = floor(k * sin(a)) * u
  end
  return c2d.hull(pts)
end

-- Hand-worked cases -------------------------------------------------------------

-- How far the translated copy of each hand-worked case moves, both ways.
M.FAR = 1e6

-- Registers each case as a test run(c, 0, 0) named c[1] and, unless c.far ==
-- false, a test run(c, FAR, FAR) named c[1] .. ", 1e6 from the origin". check(c),
-- if given, runs first in the test at the origin. `it` is busted's, passed in: a
-- required module does not see the specs' globals.
function M.each_case(it, cases, run, check)
  for _, c in ipairs(cases) do
    it(c[1], function()
      if check then check(c) end
      run(c, 0, 0)
    end)
    if c.far ~= false then
      it(c[1] .. ", 1e6 from the origin", function() run(c, M.FAR, M.FAR) end)
    end
  end
end

-- Checks ----------------------------------------------------------------------

-- got is a number within tol of want.
function M.near(got, want, tol, what)
  assert.is_true(type(got) == "number", what .. ": expected a number, got " .. tostring(got))
  assert.is_true(abs(got - want) <= tol, ("%s: expected %.17g, got %.17g (slack %g)"):format(what, want, got, tol))
end

-- (x, y) lies on shape s (within tol): checked through the Point-x distance that
-- distance_spec pins for every kind.
function M.on_shape(s, x, y, tol, what)
  local d = c2d.point(x, y):distance(s)
  assert.is_true(d <= tol, ("%s: (%.17g, %.17g) is %g from %s"):format(what, x, y, d, tostring(s)))
end

-- The normal (nx, ny) is the case's n = { nx, ny }, or one of its normals = { ... },
-- each coordinate within tol; a case with neither (normal = "any") passes.
function M.expect_normal(c, nx, ny, tol, tag)
  local want = c.n and { c.n } or c.normals
  if not want then return end
  local ok, list = false, {}
  for _, w in ipairs(want) do
    if abs(nx - w[1]) <= tol and abs(ny - w[2]) <= tol then ok = true end
    list[#list + 1] = ("(%.17g, %.17g)"):format(w[1], w[2])
  end
  assert.is_true(ok, ("%s: normal (%.17g, %.17g), expected %s"):format(tag, nx, ny, table.concat(list, " or ")))
end

-- The largest magnitude among 1, the numbers given and the shapes' numbers: what
-- a relative tolerance is scaled by.
function M.scale_of(shapes, ...)
  local m = 1
  for i = 1, select("#", ...) do m = max(m, abs((select(i, ...)))) end
  for _, s in ipairs(shapes) do
    for _, v in ipairs({ s:unpack() }) do m = max(m, abs(v)) end
  end
  return m
end

-- For property tests that check many generated cases in one `it`: fail(fmt, ...)
-- records a failed check, finish() raises once with them all (the first `most`,
-- default 10, spelled out).
function M.runner(most)
  most = most or 10
  local fails = {}
  local function fail(fmt, ...) fails[#fails + 1] = fmt:format(...) end
  local function finish()
    if #fails > 0 then
      local shown = {}
      for i = 1, min(#fails, most) do shown[i] = fails[i] end
      if #fails > most then shown[#shown + 1] = ("... and %d more"):format(#fails - most) end
      error(("%d failed check(s):\n%s"):format(#fails, table.concat(shown, "\n")), 0)
    end
  end
  return fail, finish
end

-- The call that builds a shape from its constructor's name and numbers (%.17g,
-- so it rebuilds it exactly).
function M.lua_call(ctor, nums)
  local t = {}
  for i = 1, #nums do t[i] = ("%.17g"):format(nums[i]) end
  return ("c2d.%s(%s)"):format(ctor, table.concat(t, ", "))
end

-- A shape as a call that rebuilds it exactly (a hull as its polygon).
function M.exact(s)
  local ctor = s:type() == "AABB" and "aabb" or s:type():lower()
  return M.lua_call(ctor, { s:unpack() })
end

-- Seeded random shapes ----------------------------------------------------------

-- The specs' one seeded generator: the minimal standard generator (Park and
-- Miller), s -> 16807 s mod (2^31 - 1). Its products stay below 2^46, exact in
-- a double and in a 64-bit integer alike, so every runtime draws the same
-- numbers. Nearby seeds start nearby: a seed is spread, then a few steps mix it.
local MINSTD = 2147483647
function M.minstd_step(s) return (s * 16807) % MINSTD end
function M.lcg(seed)
  local s = (seed * 48271) % (MINSTD - 1) + 1
  for _ = 1, 4 do s = M.minstd_step(s) end
  local r = {}
  function r.u() s = M.minstd_step(s); return s / MINSTD end -- in (0, 1)
  function r.range(lo, hi) return lo + (hi - lo) * r.u() end
  function r.int(lo, hi) return lo + floor(r.u() * (hi - lo + 1)) end
  function r.pick(t) return t[r.int(1, #t)] end
  return r
end

-- A coordinate in [-R, R], an integer 40% of the time.
local function num(r, R)
  if r.u() < 0.4 then return r.int(-R, R) end
  return r.range(-R, R)
end
-- A size in [0, hi]: 0 now and then, else an integer or not.
local function size(r, hi)
  local u = r.u()
  if u < 0.08 then return 0 end
  if u < 0.4 then return r.int(1, hi) end
  return r.range(0, hi)
end
-- An angle in [-pi, pi], a round one 30% of the time.
local function angle(r)
  if r.u() < 0.3 then return r.pick({ 0, pi / 2, pi, -pi / 2, pi / 4, 3 * pi / 4 }) end
  return r.range(-pi, pi)
end
M.num, M.size, M.angle = num, size, angle

-- shape_gen(o): a table gen[kind](r, x, y) -> constructor name and numbers of a
-- random shape of the kind about (x, y), degenerate now and then, for Point,
-- Segment, Line, Disk, AABB, Box, Capsule and Fan (each spec adds its own
-- Triangle and Polygon, and may put its own Fan in place). Each spec gives its
-- own ranges:
--   o.at     the shape's reference point is (x, y) moved by num(r, o.at) each way
--   o.disk   a Disk's radius is size(r, o.disk)
--   o.box    an AABB's or a Box's sides are size(r, o.box)
--   o.cap    a Capsule's core runs num(r, o.cap) each way (15% of them have none)
--   o.cap_r  a Capsule's radius is size(r, o.cap_r)
--   o.fan_r  a Fan's radius is size(r, o.fan_r); its opening is any in [0, 2 pi]
function M.shape_gen(o)
  local gen = {}
  function gen.Point(r, x, y) return "point", { x + num(r, o.at), y + num(r, o.at) } end
  function gen.Segment(r, x, y)
    x, y = x + num(r, o.at), y + num(r, o.at)
    if r.u() < 0.1 then return "segment", { x, y, x, y } end
    return "segment", { x, y, x + num(r, 12), y + num(r, 12) }
  end
  function gen.Line(r, x, y)
    x, y = x + num(r, o.at), y + num(r, o.at)
    local dx, dy = num(r, 10), num(r, 10)
    if dx == 0 and dy == 0 then dx = 1 end
    return "line", { x, y, x + dx, y + dy }
  end
  function gen.Disk(r, x, y) return "disk", { x + num(r, o.at), y + num(r, o.at), size(r, o.disk) } end
  function gen.AABB(r, x, y)
    local w, h = size(r, o.box), size(r, o.box)
    return "aabb", { x + num(r, o.at) - w / 2, y + num(r, o.at) - h / 2, w, h }
  end
  function gen.Box(r, x, y)
    return "box", { x + num(r, o.at), y + num(r, o.at), size(r, o.box), size(r, o.box), angle(r) }
  end
  function gen.Capsule(r, x, y)
    x, y = x + num(r, o.at), y + num(r, o.at)
    local dx, dy = 0, 0
    if r.u() < 0.85 then dx, dy = num(r, o.cap), num(r, o.cap) end
    return "capsule", { x, y, x + dx, y + dy, size(r, o.cap_r) }
  end
  -- fans of every opening, the wide ones (beyond pi) included
  function gen.Fan(r, x, y)
    local u = r.u()
    local opening
    if u < 0.3 then opening = r.pick({ 0, pi / 2, pi, 3 * pi / 2, 2 * pi })
    elseif u < 0.6 then opening = r.range(0, pi)
    else opening = r.range(pi, 2 * pi) end
    return "fan", { x + num(r, o.at), y + num(r, o.at), size(r, o.fan_r), angle(r), opening }
  end
  return gen
end

-- random_shape(r, kind, x, y [, scale]): a plain shape of the kind (its
-- constructor's name: "point", "segment", "disk", "aabb", "box", "triangle",
-- "capsule", "hull", "fan", "concave", "group") at (x, y), a few units across
-- (times scale, 1 when left out), never degenerate: the pairs of the property
-- tests that check an answer against a second way of working it out. The
-- degenerate and extreme shapes are shape_gen's.
function M.random_shape(r, kind, x, y, scale)
  local k = scale or 1
  local function d(lo, hi) return k * r.range(lo, hi) end
  if kind == "point" then return c2d.point(x, y)
  elseif kind == "segment" then return c2d.segment(x - d(1, 5), y - d(-3, 3), x + d(1, 5), y + d(-3, 3))
  elseif kind == "disk" then return c2d.disk(x, y, d(0.5, 4))
  elseif kind == "aabb" then return c2d.aabb(x - d(0.5, 3), y - d(0.5, 3), d(1, 6), d(1, 6))
  elseif kind == "box" then return c2d.box(x, y, d(1, 6), d(1, 6), r.range(-pi, pi))
  elseif kind == "triangle" then return c2d.triangle(x, y, x + d(1, 6), y + d(-2, 2), x + d(-2, 2), y + d(1, 6))
  elseif kind == "capsule" then return c2d.capsule(x - d(1, 4), y, x + d(1, 4), y + d(-2, 2), d(0.3, 2))
  elseif kind == "hull" then
    return c2d.hull(x, y, x + d(1, 6), y, x + d(0, 6), y + d(1, 6), x - d(0, 3), y + d(0, 5), x + d(-2, 2), y - d(1, 3))
  elseif kind == "fan" then return c2d.fan(x, y, d(2, 7), r.range(-pi, pi), r.range(0.2, 2 * pi))
  elseif kind == "concave" then
    -- an L: a 6 by 2 foot and a 2 by 6 upright
    return c2d.concave(x, y, x + 6 * k, y, x + 6 * k, y + 6 * k, x + 4 * k, y + 6 * k, x + 4 * k, y + 2 * k, x, y + 2 * k)
  elseif kind == "group" then
    return c2d.group(c2d.disk(x, y, d(0.5, 2)), c2d.box(x + d(2, 5), y, d(1, 3), d(1, 3), r.range(0, 1)))
  end
  error("random_shape: no kind " .. tostring(kind), 2)
end
M.CONVEX_KINDS = { "disk", "aabb", "box", "triangle", "capsule", "segment", "hull" }
-- Every kind random_shape makes (all but Line and tile layers).
M.BOUNDED_KINDS = { "point", "segment", "disk", "aabb", "box", "triangle", "capsule", "hull", "fan", "concave", "group" }

-- Pieces of the specs' own Triangle and Polygon generators.

-- A triangle about (x, y): 10% of them three collinear integer steps from it,
-- the rest three vertices num(r, spread) from it each way.
function M.triangle_near(r, x, y, spread)
  if r.u() < 0.1 then
    local dx, dy = r.int(-5, 5), r.int(-5, 5)
    return "triangle", { x, y, x + dx, y + dy, x + 2 * dx, y + 2 * dy }
  end
  return "triangle", { x + num(r, spread), y + num(r, spread), x + num(r, spread), y + num(r, spread),
                       x + num(r, spread), y + num(r, spread) }
end

-- The numbers of a hull: 1 to 8 points num(r, spread) from (x, y) each way.
function M.point_cloud(r, x, y, spread)
  local t = {}
  for i = 1, 2 * r.int(1, 8) do t[i] = (i % 2 == 1 and x or y) + num(r, spread) end
  return t
end

-- n vertices on the circle of radius rad about (x, y), counter-clockwise from the
-- angle base at increasing, well separated angles (a strictly convex polygon);
-- r needs only r.u().
function M.round_polygon(r, x, y, n, rad, base)
  local t = {}
  for i = 1, n do
    local a = base + (i - 1 + 0.7 * r.u()) * 2 * pi / n
    t[2 * i - 1], t[2 * i] = x + rad * cos(a), y + rad * sin(a)
  end
  return t
end

-- A flat vertex list { x1, y1, ... } in the opposite order.
function M.reversed(t)
  local c = {}
  for i = #t - 1, 1, -2 do c[#c + 1] = t[i]; c[#c + 1] = t[i + 1] end
  return c
end

-- The KB of garbage f(n) makes, with the collector stopped (so the count only
-- grows): the least of `rounds` (3) measurements, stopping at one below
-- `enough` KB (1). A JIT counts a trace it
-- compiles as memory too, and compiles a loop's side exits as they grow hot:
-- compiling happens once, garbage on every call. Now and then LuaJIT gives up
-- compiling a loop and runs it interpreted, where reading a struct makes a
-- reference; when every round made garbage, the compiled code is thrown away
-- (jit.flush) and the rounds measured again, twice at most.
function M.garbage(f, n, rounds, enough)
  local least = math.huge
  for attempt = 1, 3 do
    for _ = 1, rounds or 3 do
      collectgarbage()
      collectgarbage("stop")
      local before = collectgarbage("count")
      f(n)
      least = math.min(least, collectgarbage("count") - before)
      collectgarbage("restart")
      if least < (enough or 1) then return least end
    end
    if not jit or attempt == 3 then break end
    jit.flush()
  end
  return least
end

-- The whole of a file (a path from the repository's root, where the specs run).
function M.read_file(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

return M
