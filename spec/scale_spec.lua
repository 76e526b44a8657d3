-- Scale: hits and distance do not depend on where the shapes are or on the unit.
--
-- Seeded random pairs of all ten kinds are rebuilt from their constructor
-- numbers after translating both shapes by (1e6, -1e6), and after scaling both
-- by 1e-3 and by 1e3 about the origin (coordinates and sizes times k, angles
-- unchanged). Then:
--   distance: the translated pair's within 1e-9 relative + 1e-9 absolute of the
--     original; the scaled pair's within 1e-9 relative + 1e-12 * k absolute of
--     k times it. The absolute parts are the rounding of the coordinates (an
--     ulp of 1e6 is 1.2e-10; ~1e-14 at the sizes used here), below which a
--     distance means nothing.
--   hits: unchanged, unless the pair is within TOUCH = 1e-9 (times k) of
--     touching: a distance up to that, or, for a hit, a contact depth up to that.
--     Translated coordinates are exact here (all numbers are multiples of
--     1/1024), but the core counts shapes as touching within its documented
--     tolerances (4 ulps of a turned box's or fan's size, 1e-13 rad at a fan's
--     edge, i.e. ~1e-11 at radius 100), and distances at 1e6 carry ~1e-10 of
--     rounding; 1e-9 is above all of them and is the "just apart" gap that the
--     README promises is a miss near 0 and near 1e6.
-- The generator is a 32-bit linear congruential one written here; its products
-- stay below 2^53, so every runtime (5.1 to 5.4, LuaJIT) sees the same shapes.
local c2d = require "collide2d"

local unpack = table.unpack or unpack
local pi, abs = math.pi, math.abs

local PAIRS_PER_KIND_PAIR = 10  -- 10 x 10 ordered kind pairs: 1000 pairs
local SEED = 20240611
local TOUCH = 1e-9
local SHIFT_X, SHIFT_Y = 1e6, -1e6

local common = require "support.common"

-- Numbers on a 1/1024 grid in [-64, 64): exact after adding 1e6 or scaling by 1e3.
local function coord(r) return r.int(-65536, 65535) / 1024 end
local function size(r)
  local u = r.u()
  if u < 0.1 then return 0 end
  return r.int(1, 20 * 1024) / 1024
end
local function angle(r)
  local u = r.u()
  if u < 0.2 then return r.int(-4, 4) * pi / 2 end   -- snapped right angles
  return (2 * r.u() - 1) * pi
end

-- Which constructor numbers are coordinates (x at odd index, y at even) and
-- which are sizes; the rest are angles.
local point_count = { point = 1, segment = 2, line = 2, disk = 1, aabb = 1, box = 1,
                      triangle = 3, capsule = 2, fan = 1 }
local sizes = { disk = { [3] = true }, aabb = { [3] = true, [4] = true }, box = { [3] = true, [4] = true },
                capsule = { [5] = true }, fan = { [3] = true } }

local kinds = { "point", "segment", "line", "disk", "aabb", "box", "triangle", "polygon", "capsule", "fan" }

-- A random shape of a kind, as { kind, numbers }.
local function random_shape(r, kind)
  local n
  if kind == "point" then n = { coord(r), coord(r) }
  elseif kind == "segment" then
    n = { coord(r), coord(r), coord(r), coord(r) }
    if r.u() < 0.1 then n[3], n[4] = n[1], n[2] end          -- a point
  elseif kind == "line" then
    n = { coord(r), coord(r), coord(r), coord(r) }
    if n[1] == n[3] and n[2] == n[4] then n[3] = n[3] + 1 end
  elseif kind == "disk" then n = { coord(r), coord(r), size(r) }
  elseif kind == "aabb" then n = { coord(r), coord(r), size(r), size(r) }
  elseif kind == "box" then n = { coord(r), coord(r), size(r), size(r), angle(r) }
  elseif kind == "triangle" then
    n = { coord(r), coord(r), coord(r), coord(r), coord(r), coord(r) }
    if r.u() < 0.1 then n[5], n[6] = n[1] + (n[3] - n[1]) / 2, n[2] + (n[4] - n[2]) / 2 end -- flat
  elseif kind == "polygon" then
    -- the hull of a few grid points, as a polygon (its vertices are grid points)
    local pts = {}
    for i = 1, 2 * r.int(3, 9) do pts[i] = coord(r) / 2 end
    n = { c2d.hull(pts):unpack() }
    if #n < 6 then n = { 0, 0, 8, 0, 0, 8 } end
  elseif kind == "capsule" then n = { coord(r), coord(r), coord(r), coord(r), size(r) / 2 }
  else -- fan
    local u = r.u()
    local opening
    if u < 0.1 then opening = 0 elseif u < 0.2 then opening = 2 * pi
    else opening = r.u() * 2 * pi end
    n = { coord(r), coord(r), size(r) * 2, angle(r), opening }
  end
  return { kind = kind, n = n }
end

local function build(spec) return c2d[spec.kind](unpack(spec.n)) end

-- The same shape with coordinates mapped by x -> x * k + dx, y -> y * k + dy and sizes times k.
local function mapped(spec, k, dx, dy)
  local out, pts = {}, point_count[spec.kind] or #spec.n / 2
  for i, v in ipairs(spec.n) do
    if i <= 2 * pts then
      out[i] = v * k + (i % 2 == 1 and dx or dy)
    elseif sizes[spec.kind] and sizes[spec.kind][i] then
      out[i] = v * k
    else
      out[i] = v
    end
  end
  return { kind = spec.kind, n = out }
end

local function describe_pair(a, b)
  local function s(x)
    local t = {}
    for i, v in ipairs(x.n) do t[i] = ("%.17g"):format(v) end
    return ("c2d.%s(%s)"):format(x.kind, table.concat(t, ", "))
  end
  return s(a) .. " and " .. s(b)
end

-- How deep two hitting shapes overlap (nil when contact refuses a wide fan).
local function depth(a, b)
  local ok, nx, _, d = pcall(a.contact, a, b)
  if ok and nx then return d end
  return nil
end

-- Two Lines that are parallel in exact arithmetic may cross after the rounding
-- of a 1e-3 scaling (their directions are then no longer exactly parallel).
local function parallel_lines(a, b)
  if a.kind ~= "line" or b.kind ~= "line" then return false end
  local ux, uy = a.n[3] - a.n[1], a.n[4] - a.n[2]
  local vx, vy = b.n[3] - b.n[1], b.n[4] - b.n[2]
  return ux * vy - uy * vx == 0
end

-- Compare the pair a, b with its image under (k, dx, dy).
local function compare(a, b, k, dx, dy, what, abs_slack)
  local A, B = build(a), build(b)
  local A2, B2 = build(mapped(a, k, dx, dy)), build(mapped(b, k, dx, dy))
  local h, d = A:hits(B), (A:distance(B))
  local h2, d2 = A2:hits(B2), (A2:distance(B2))
  local where = ("%s: %s"):format(what, describe_pair(a, b))
  if k < 1 and parallel_lines(a, b) then return end
  assert(abs(d2 - k * d) <= 1e-9 * k * d + abs_slack,
    ("%s: distance %.17g, expected %.17g (k = %g)"):format(where, d2, k * d, k))
  if h then
    local dp = depth(A, B)
    if dp and dp > TOUCH then
      assert(h2, ("%s: hit (depth %.17g) turned into a miss"):format(where, dp))
    end
  elseif d > TOUCH then
    assert(not h2, ("%s: miss (distance %.17g) turned into a hit"):format(where, d))
  end
end

describe("scale", function()
  local pairs_list = {}
  local r = common.lcg(SEED)
  for _, ka in ipairs(kinds) do
    for _, kb in ipairs(kinds) do
      for _ = 1, PAIRS_PER_KIND_PAIR do
        pairs_list[#pairs_list + 1] = { random_shape(r, ka), random_shape(r, kb) }
      end
    end
  end

  it("draws 1000 pairs, with hits and misses among them", function()
    local hits = 0
    for _, p in ipairs(pairs_list) do
      if build(p[1]):hits(build(p[2])) then hits = hits + 1 end
    end
    assert.are.equal(1000, #pairs_list)
    assert.is_true(hits > 100 and hits < 900, "hits: " .. hits)
  end)

  it("translating both by (1e6, -1e6) keeps hits and distance", function()
    for _, p in ipairs(pairs_list) do compare(p[1], p[2], 1, SHIFT_X, SHIFT_Y, "translated", 1e-9) end
  end)

  it("scaling both by 1e-3 scales the distance and keeps hits", function()
    for _, p in ipairs(pairs_list) do compare(p[1], p[2], 1e-3, 0, 0, "scaled by 1e-3", 1e-12 * 1e-3) end
  end)

  it("scaling both by 1e3 scales the distance and keeps hits", function()
    for _, p in ipairs(pairs_list) do compare(p[1], p[2], 1e3, 0, 0, "scaled by 1e3", 1e-12 * 1e3) end
  end)

  it("the translated copies are exact: their numbers are the originals plus the shift", function()
    for _, p in ipairs(pairs_list) do
      local s = mapped(p[1], 1, SHIFT_X, SHIFT_Y)
      local back = mapped(s, 1, -SHIFT_X, -SHIFT_Y)
      for i, v in ipairs(p[1].n) do assert.are.equal(v, back.n[i]) end
    end
  end)
end)

describe("a common point of shapes of very different sizes", function()
  -- A Box 2 wide and 2.3e11 long, turned by many angles, through a small
  -- polygon: where they overlap, distance's point must lie in both. Checked
  -- without the library: inside the square by its coordinates, and within
  -- half the box's width of its long axis (its width direction is (cos, sin)
  -- of the angle), give or take the rounding of its turned corners, which
  -- lie 1.2e11 from its centre: a few ulps of 1.2e11, 4 * 2^-52 * (w + h)
  -- as the README's tolerances say (2e-4, where the point itself was
  -- 2.2e4 off before).
  it("lies in the small polygon and within the huge box's width", function()
    local square = c2d.polygon { 6, 10, 10, 10, 10, 14, 6, 14 }
    for i = 0, 99 do
      local turn = 17 + math.pi / 2 + i * 0.0123
      local box = c2d.box(8, 12, 2, 233373515776, turn)
      local d, ax, ay, bx, by = box:distance(square)
      assert.equal(0, d)
      assert.equal(ax, bx)
      assert.equal(ay, by)
      assert.is_true(ax >= 6 and ax <= 10 and ay >= 10 and ay <= 14, ("angle %.17g: (%.17g, %.17g)"):format(turn, ax, ay))
      local across = (ax - 8) * math.cos(turn) + (ay - 12) * math.sin(turn)
      assert.is_true(math.abs(across) <= 1 + 4 * 2^-52 * (2 + 233373515776), ("angle %.17g: %.17g across"):format(turn, across))
    end
  end)
end)

describe("a point inside a polygon, 2e11 from its short edge", function()
  -- A quadrilateral 9e11 across with an edge 48 long, and a Point 2e11 from
  -- that edge, inside: by exact rational arithmetic on these doubles,
  -- 199254741040, 47.99999631, 33.1738985 and 152949662641 inside the four
  -- edges (taken counter-clockwise). Taken relative to the point, the
  -- vertices round by 1e-5, which turns the 48-long edge's line by 2e-7 and
  -- puts the point 9e3 outside it. The only point a Point shares with
  -- anything is itself.
  local quad = c2d.polygon(-153078383642.82013, -127551794637.15724, -48, -48, -78.726928294521585,
    -11.123776256463991, -593619806962.84973, 712419302176.15283)
  local px, py = -127551794674.03494, 153078383516.095
  it("overlaps it, and distance's common point is the point itself, either way round", function()
    local p = c2d.point(px, py)
    assert.is_true(quad:hits(p))
    assert.is_true(p:hits(quad))
    assert.are.same({ 0, px, py, px, py }, { quad:distance(p) })
    assert.are.same({ 0, px, py, px, py }, { p:distance(quad) })
  end)
  it("holds a disk about the point, and the common point is in both", function()
    local d, ax, ay, bx, by = quad:distance(c2d.disk(px, py, 20))
    assert.are.same({ 0, ax, ay }, { d, bx, by })
    assert.is_true(c2d.disk(px, py, 20):contains(ax, ay))
    assert.is_true(quad:contains(ax, ay))
  end)
end)

describe("a sliver: a triangle turned off a line, flat within rounding", function()
  -- A triangle on y = -48 from x = -47 to 16, turned about (-48, -48): the
  -- point (-48, -48) stays on its line, 1 before its nearer end, whatever the
  -- angle (a turn keeps lengths). The sliver's sign tests are all within
  -- rounding of 0 there, which must not make it hold the point.
  it("is 1 from a point on its line beyond its end", function()
    local point = c2d.point(-48, -48)
    for i = 0, 199 do
      local sliver = c2d.triangle(-47, -48, 16, -48, 0, -48)
      sliver:rotate(-48 + i * 0.0317, -48, -48)
      local d = point:distance(sliver)
      assert.is_true(math.abs(d - 1) <= 1e-12, ("turn %d: %.17g"):format(i, d))
      assert.equal(d, sliver:distance(point))
      assert.is_false(point:hits(sliver))
    end
  end)
end)

describe("contact of two fine polygons 2e-13 across", function()
  -- Regular polygons of 254 and 218 vertices (the first at angle 0) on the
  -- same centre, radius r = 1e-13. A regular n-gon reaches r * cos(pi / n)
  -- along each of its edge normals and further along any other direction, so
  -- the move that separates them along a unit direction u is at least
  -- r * cos(pi / 254) + r * cos(pi / 218), reached only where both have an
  -- edge normal: both n are 2 mod 4, so (0, 1) and (0, -1) are edge normals of
  -- both. The next candidates (one polygon's normal only) are longer by about
  -- r * 1e-5, so a 1e-9 relative check tells them apart.
  local function ngon(n, r, cx, cy)
    local t = {}
    for k = 0, n - 1 do
      t[#t + 1] = cx + r * math.cos(2 * math.pi * k / n)
      t[#t + 1] = cy + r * math.sin(2 * math.pi * k / n)
    end
    return c2d.polygon(t)
  end
  it("is the least move, along their common edge normal", function()
    local r = 1e-13
    local a, b = ngon(254, r, 1e-13, 1e-13), ngon(218, r, 1e-13, 1e-13)
    local want = r * math.cos(math.pi / 254) + r * math.cos(math.pi / 218)
    local nx, ny, overlap = a:contact(b)
    assert.is_true(math.abs(overlap - want) <= 1e-9 * want, ("depth %.17g, want %.17g"):format(overlap, want))
    assert.is_true(math.abs(nx) <= 1e-12 and math.abs(math.abs(ny) - 1) <= 1e-12, ("normal (%.17g, %.17g)"):format(nx, ny))
  end)
end)

describe("a hull of points 1e-323 and 3e-20 apart", function()
  -- (0, 0), (-5 * 2^-1074, 0) and (0, -3.3e-20): every turn's products
  -- underflow to 0, yet a hull holds every point it is made of.
  it("holds each of its points", function()
    local pts = { { 0, 0 }, { -2.4703282292062327e-323, 0 }, { 0, -3.3164979479701092e-20 } }
    local h = c2d.hull { pts[1][1], pts[1][2], pts[2][1], pts[2][2], pts[3][1], pts[3][2] }
    for i, p in ipairs(pts) do
      assert.is_true(h:contains(p[1], p[2]), "point " .. i)
      assert.equal(0, h:distance(c2d.point(p[1], p[2])))
    end
  end)
end)

describe("a Box 1e-20 wide at x = 1e6", function()
  -- Its corners round to x = 1e6 as stored, but the box is still the set
  -- |x - 1e6| <= 5e-21, |y| <= 2: every point (1e6, y) with |y| <= 2 is in
  -- it, and nothing with |y| > 2 or x ~= 1e6 (the nearest doubles to 1e6 are
  -- 1.2e-10 away, far beyond its half width).
  it("holds the points of its long axis, and no others", function()
    local b = c2d.box(1e6, 0, 1e-20, 4, 0)
    for _, y in ipairs { -2, -1.5, -1, 0, 0.25, 1, 2 } do
      assert.is_true(b:contains(1e6, y), "y = " .. y)
      assert.equal(0, b:distance(c2d.point(1e6, y)))
    end
    assert.is_false(b:contains(1e6, 2 + 2 ^ -51))
    assert.is_false(b:contains(1e6 + 2 ^ -33, 0))
    assert.is_true(b:hits(c2d.segment(1e6 - 1, 1, 1e6 + 1, 1)))
    assert.is_true(b:hits(c2d.disk(1e6, 3, 1)))        -- touches its top end
    assert.is_false(b:hits(c2d.disk(1e6, 3 + 2 ^ -50, 1)))
  end)
end)

describe("a point 1e-300 off an AABB", function()
  -- AABB(1e-300, 0, 5, 8) starts at x = 1e-300: the origin is 1e-300 to its
  -- left, outside (the square of that gap underflows, which must not make it
  -- a touch). A disk of radius 1e-300 there reaches the box exactly.
  it("is outside, and a disk of that radius touches", function()
    local box = c2d.aabb(1e-300, 0, 5, 8)
    assert.is_false(box:contains(0, 0))
    assert.is_false(c2d.point(0, 0):hits(box))
    assert.is_true(box:distance(c2d.point(0, 0)) > 0)
    assert.is_true(c2d.disk(0, 0, 1e-300):hits(box))
    assert.is_false(c2d.disk(0, 0, 0.99e-300):hits(box))
    assert.is_true(box:contains(1e-300, 0))
  end)
end)

describe("a triangle 2.4e-322 wide along the y axis against a Line below it", function()
  -- Triangle (2.4e-322, 4.7e-322), (0, pi/2), (0, 0): a sliver in x >= 0, y >= 0
  -- that touches the x axis at the origin only. A Line y = -d (d > 0) runs below
  -- all of it: apart, d away. Its short edges' cross products with offsets of
  -- order d underflow to 0 unless the edges are scaled up first.
  local tri = c2d.triangle(2.3715151000379834e-322, 4.7430302000759668e-322, 0, 1.5707963267948966, 0, 0)
  it("is apart from the Line at every gap, and touches the x axis", function()
    assert.is_true(c2d.line(0, 0, -46, 0):hits(tri))
    for _, d in ipairs({ 1e-12, 1e-6, 1e-3, 1 }) do
      local line = c2d.line(0, -d, -46, -d)
      assert.is_false(line:hits(tri), "y = " .. -d)
      local got = line:distance(tri)
      assert.is_true(math.abs(got - d) <= 8 * 2.2e-16 * d, ("distance %.17g, the gap %g"):format(got, d))
      assert.is_false(tri:contains(0, -d))
    end
  end)
end)

describe("a fan of subnormal radius", function()
  -- Radius 2.42e-322: 49 steps of 2^-1074, the spacing of doubles there, so
  -- its arc ends round by up to half a step off the circle. Every shape covers
  -- itself; a disk twice as wide about the same centre is not covered.
  local r = 2.4209216646221081e-322
  it("covers itself, wide or narrow, whatever its direction", function()
    for _, dir in ipairs({ -10, 0, 0.7, 2, 3 }) do
      for _, opening in ipairs({ 0.5, 3, 5, 6.2 }) do
        local f = c2d.fan(0, 0, r, dir, opening)
        assert.is_true(f:covers(f), ("direction %g, opening %g"):format(dir, opening))
        assert.is_true(f:covers(f:clone()), ("a copy: direction %g, opening %g"):format(dir, opening))
        assert.is_false(f:covers(c2d.disk(0, 0, 2 * r)), ("direction %g, opening %g"):format(dir, opening))
      end
    end
  end)
end)

describe("a shape of subnormal size inside a large polygon", function()
  -- The tiny shape's edges are a few multiples of the least double (u =
  -- 2^-1074); its edge-line tests against a polygon of radius >= 0.6 around
  -- it form products of u-sized numbers with ordinary ones, which underflow
  -- to a few multiples of u unless the edge is first scaled near 1. The
  -- polygon holds the origin with room 0.5, so the two must hit, and a copy
  -- of the polygon moved 3 away must miss.
  local u = 2 ^ -1074
  local function ngon(cx, cy, r, n, phase)
    local t = {}
    for i = 0, n - 1 do
      local a = phase + 2 * math.pi * i / n
      t[#t + 1] = cx + r * math.cos(a)
      t[#t + 1] = cy + r * math.sin(a)
    end
    return c2d.hull(t)
  end
  local tiny = {
    c2d.aabb(-3 * u, -3 * u, 6 * u, 6 * u),
    c2d.aabb(-u, -u, 2 * u, 2 * u),
    c2d.triangle(-u, -u, 3 * u, 0, 0, 2 * u),
  }
  -- A 60-gon of radius 150u: its vertices are integer multiples of u.
  local pts = {}
  for i = 0, 59 do
    pts[#pts + 1] = math.floor(150 * math.cos(i * math.pi / 30) + 0.5) * u
    pts[#pts + 1] = math.floor(150 * math.sin(i * math.pi / 30) + 0.5) * u
  end
  tiny[#tiny + 1] = c2d.hull(pts)

  it("hits it, whatever the polygon's vertex count", function()
    local misses = {}
    for _, n in ipairs { 3, 17, 64, 101, 180, 250 } do
      for k = 0, 9 do
        local cx, cy = 0.01 * (k - 5), 0.013 * (4 - k)
        local big, far = ngon(cx, cy, 0.6 + 0.5 * (n % 3), n, k * 0.37), ngon(cx + 3, cy, 0.6, n, k * 0.37)
        for i, t in ipairs(tiny) do
          if not (t:hits(big) and big:hits(t)) or t:distance(big) ~= 0 then
            misses[#misses + 1] = ("tiny %d vs %d-gon #%d"):format(i, n, k)
          end
          assert.is_false(t:hits(far))
        end
      end
    end
    assert.same({}, misses)
  end)
end)

describe("a segment 1.9e-160 long beside a point pi/2 away", function()
  -- The segment runs along y = -pi/2 from x = 1.28e-161 to 1.99e-160; the
  -- point (1e-160, 1e-160) stands above its middle, so the distance is
  -- pi/2 + 1e-160, which is pi/2 in doubles. The squares of the segment's
  -- length (3.5e-320) and of its cross product with the offset keep only a
  -- few bits there (they read 1.5707562).
  local x0, x1, y = 1.2795059185619221e-161, 1.9893433680751103e-160, -1.5707963267948966
  local function near(got, want, tol, what)
    assert(math.abs(got - want) <= tol, ("%s: %.17g, want %.17g"):format(what, got, want))
  end
  it("is pi/2 away, as a Segment, a Capsule of radius 0 and a flat Concave", function()
    local p = c2d.point(1e-160, 1e-160)
    for _, s in ipairs { c2d.segment(x0, y, x1, y), c2d.capsule(x0, y, x1, y, 0),
                         c2d.concave(x0, y, x1, y, 1e-160, y) } do
      local d, _, _, bx, by = p:distance(s)
      near(d, math.pi / 2, 1e-15, tostring(s) .. " distance")
      near(bx, 1e-160, 1e-175, "closest x")
      assert.are.equal(y, by)
      assert.are.equal(d, s:distance(p))
    end
  end)
end)

describe("two polygons overlapping in a sliver along y = x", function()
  -- The big polygon's edge from (-48, -48) to (281, 281) runs along y = x (its
  -- middle vertex (1e-13, 1e-13) too), and it lies below that line; the hull's
  -- corner near (-5, -5) has y 3.6e-14 below x, and (0, -2e-322) lies below
  -- it, while (0, 5) and (-39, 0) are above: the shapes overlap only in a
  -- sliver along the line, and the point distance gives must be in both.
  local a = c2d.hull { 0, 5, -39, 0, 0, -2.0256691479491108e-322, -5, -5.0000000000000364, -5.0000000000000728,
    -5.0000000000001092 }
  local b = c2d.polygon(280.99999999999534, 280.99999999999301, 1e-13, 9.9999999999999359e-14, -48, -48, 3, -48,
    280.99999999999068, 10)
  it("hit, with a common point in both", function()
    assert.is_true(a:hits(b))
    for _, order in ipairs { { a, b }, { b, a } } do
      local d, ax, ay, bx, by = order[1]:distance(order[2])
      assert.are.equal(0, d)
      assert.are.same({ ax, ay }, { bx, by })
      local p = c2d.point(ax, ay)
      assert.is_true(p:distance(a) <= 1e-12 and p:distance(b) <= 1e-12,
        ("(%.17g, %.17g) is %g from a and %g from b"):format(ax, ay, p:distance(a), p:distance(b)))
    end
  end)
end)

describe("a polygon of subnormal size 109 away from a disk's centre", function()
  -- A 12-gon within 2e-322 of the origin. In the disk's frame (centre
  -- (77, 77)) its vertices all round to (-77, -77): a point there, on every
  -- edge line. The disk of radius 77 is 77 * sqrt 2 - 77 = 31.89... from it.
  local h = common.subnormal_polygon(40)
  local gap = 77 * math.sqrt(2) - 77
  it("misses it, and the distance is the gap", function()
    for _, d in ipairs { c2d.disk(77, 77, 77), c2d.disk(77, 76.999999999999972, 77.000000000000469) } do
      assert.is_false(h:hits(d))
      assert.is_false(d:hits(h))
      local got = h:distance(d)
      assert.is_true(math.abs(got - gap) <= 1e-12, ("%s: distance %.17g, want %.17g"):format(tostring(d), got, gap))
    end
  end)
  it("is hit by a disk, a point and a larger polygon round it", function()
    assert.is_true(h:hits(c2d.disk(0, 0, 1)))
    assert.is_true(h:hits(c2d.disk(1, 1, 1.5)))
    assert.is_true(c2d.disk(0, 0, 1):hits(h))
    assert.is_true(h:hits(c2d.point(0, 0)))
    assert.is_true(h:hits(c2d.polygon(-1, -1, 1, -1, 0, 1)))
  end)
end)

describe("contact of a Concave whose corner lies 1e-160 from a polygon's vertex", function()
  -- The outline passes (1.27e-160, 1.96e-160) and the polygon has a vertex at
  -- the origin (its next vertex, (-24, -23.5), lies on its edge to (-48, -47):
  -- the constructor leaves it slack, but it is convex exactly). Its nearest
  -- vertices are 4e-161 from the origin, in the quadrant x, y > 0, where the
  -- polygon has no point: they are apart. (Checked in rational arithmetic on
  -- the doubles: no edge of one meets an edge of the other, and no vertex of
  -- either lies inside the other.) Before the polygon was decided as the
  -- convex one it is, rounding made them touch; the squares of the gap
  -- underflow, so the closest points decide how far.
  local a = c2d.concave { 5.5948333764261351, 2.1674499971229175, 3.4000513245923241, 1.8817422258416983,
    1.2052692727585128, 1.596034454560479, 1.273662990072083e-160, 1.961825643172819e-160, -9.2268359463301897e-15,
    9.9573417629503463e-14, -17.377599869577285, 61.075928341474103, -34.755199739154556, 122.15185668294811,
    -129.00000000000011, 1.5797943709000869e-14, 6.7527770595644009e-162, 6.3875833381284732e-161,
    1.6425942668749246e-161, 4.8253134508314503e-161, 2.6099108277934092e-161, 3.2630435635344282e-161,
    -0.44573835577653886, -0.89516329135506201, -34.755199739154556, -122.15185668294802, -13.976731326658822,
    -63.181656992983434, 6.8017370858369111, -4.2114573030188494, 1.8649444588087116, -0.72248333237430606,
    13.761623395574626, -2.572493249431981, 9.6782283860003808, -0.20252162615453173 }
  local b = c2d.polygon(0, 0, -24, -23.5, -48, -47, -48, -48, -47, -48)
  it("is apart, by a gap below 1e-159", function()
    for _, order in ipairs { { a, b }, { b, a } } do
      assert.is_false(order[1]:hits(order[2]))
      assert.is_nil(order[1]:contact(order[2]))
      local d = order[1]:distance(order[2])
      assert.is_true(d > 0 and d < 1e-159, d)
    end
  end)
end)
