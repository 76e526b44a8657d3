-- Mass properties: area, perimeter, centroid and inertia (the second moment
-- of area about the centroid, times the density), each worked out by hand from
-- the shape's numbers (the formulas in the comments), for every bounded kind;
-- the same far from the origin and turned; the errors.
local c2d = require "collide2d"
local common = require "support.common"

local pi, sin, sqrt = math.pi, math.sin, math.sqrt

local function mass(s)
  local cx, cy = s:centroid()
  return { s:area(), s:perimeter(), cx, cy, s:inertia() }
end

local function near_all(got, want, tol, what)
  for i = 1, #want do common.near(got[i], want[i], tol * math.max(1, math.abs(want[i])), what .. " #" .. i) end
end

describe("mass properties: hand-worked", function()
  it("of every bounded kind", function()
    -- an AABB 4 by 2: w h (w^2 + h^2) / 12
    near_all(mass(c2d.aabb(0, 0, 4, 2)), { 8, 12, 2, 1, 8 * 20 / 12 }, 1e-15, "aabb")
    -- a disk of radius 2: pi r^4 / 2
    near_all(mass(c2d.disk(1, 1, 2)), { 4 * pi, 4 * pi, 1, 1, 8 * pi }, 1e-15, "disk")
    -- a capsule 10 long, radius 1: the rectangle 20 (10^2 + 2^2) / 12, and each
    -- half disk pi/4 about its flat side's centre, plus its area (pi/2) times
    -- 5^2, plus twice its first moment about there (pi/2 * 4/(3 pi)) times 5
    local half = pi / 4 + (pi / 2) * 25 + 2 * (pi / 2) * (4 / (3 * pi)) * 5
    near_all(mass(c2d.capsule(0, 0, 10, 0, 1)), { 20 + pi, 20 + 2 * pi, 5, 0, 20 * 104 / 12 + 2 * half }, 1e-14, "capsule")
    -- a quarter disk of radius 3 (a fan): centroid 4 r sin(t/2) / (3 t) from
    -- the apex; r^4 t / 4 about the apex, less the area times that squared
    local t, rr = pi / 2, 3
    local d = 4 * rr * sin(t / 2) / (3 * t)
    local a = rr * rr * t / 2
    near_all(mass(c2d.fan(0, 0, rr, 0, t)), { a, rr * t + 2 * rr, d, 0, rr ^ 4 * t / 4 - a * d * d }, 1e-14, "fan")
    -- a right triangle with legs 3: A (a^2 + b^2) / 18 about its centroid
    near_all(mass(c2d.triangle(0, 0, 3, 0, 0, 3)), { 4.5, 6 + 3 * sqrt(2), 1, 1, 4.5 }, 1e-15, "triangle")
    -- an L of a 4x2 bar and a 2x2 block on its right end: centroid (28/12, 20/12);
    -- each part's own w h (w^2 + h^2) / 12 plus its area times its distance squared
    local cx, cy = 28 / 12, 20 / 12
    local j = 8 * 20 / 12 + 8 * ((2 - cx) ^ 2 + (1 - cy) ^ 2) + 4 * 8 / 12 + 4 * ((3 - cx) ^ 2 + (3 - cy) ^ 2)
    near_all(mass(c2d.concave(0, 0, 4, 0, 4, 4, 2, 4, 2, 2, 0, 2)), { 12, 16, cx, cy, j }, 1e-14, "concave")
    -- no area: a segment's outline goes there and back; a point has none
    near_all(mass(c2d.segment(0, 0, 3, 4)), { 0, 10, 1.5, 2, 0 }, 0, "segment")
    near_all(mass(c2d.point(1, 2)), { 0, 0, 1, 2, 0 }, 0, "point")
  end)

  it("a Group adds its members, counting where they overlap once for each", function()
    -- two unit squares side by side, then overlapping by half
    local g = c2d.group(c2d.aabb(0, 0, 1, 1), c2d.aabb(1, 0, 1, 1))
    -- as one 2 by 1 bar: 2 (4 + 1) / 12; the perimeter is the members' (4 + 4)
    near_all(mass(g), { 2, 8, 1, 0.5, 10 / 12 }, 1e-15, "group")
    local o = c2d.group(c2d.aabb(0, 0, 1, 1), c2d.aabb(0.5, 0, 1, 1))
    near_all(mass(o), { 2, 8, 0.75, 0.5, 2 * (2 / 12) + 2 * 0.25 * 0.25 }, 1e-15, "overlapping group")
  end)

  it("a Group holding a Concave adds the Concave's pieces; one holding a layer has no mass", function()
    -- the L of 12 (centroid (28/12, 20/12)) and a disk of radius 1 at (10, 0):
    -- 12 + pi; the centroid weighs both; the perimeters add (16 + 2 pi)
    local l = c2d.concave(0, 0, 4, 0, 4, 4, 2, 4, 2, 2, 0, 2)
    local g = c2d.group(l, c2d.disk(10, 0, 1))
    local a = 12 + pi
    local cx, cy = (28 + 10 * pi) / a, 20 / a
    local j = l:inertia() + 12 * ((28 / 12 - cx) ^ 2 + (20 / 12 - cy) ^ 2) + pi / 2 + pi * ((10 - cx) ^ 2 + cy ^ 2)
    near_all(mass(g), { a, 16 + 2 * pi, cx, cy, j }, 1e-14, "group with a concave")
    local lg = c2d.group(c2d.tiles(0, 0, 10, 10, 1, 1, { 1 }), c2d.disk(0, 0, 1))
    assert.is_false((pcall(lg.area, lg)))
  end)

  it("a turned box and a polygon far from the origin keep their numbers", function()
    -- a box 6 by 2 turned by 0.7 at (1e6, -1e6): 12, 16, its centre, 12 (36 + 4) / 12
    near_all(mass(c2d.box(1e6, -1e6, 6, 2, 0.7)), { 12, 16, 1e6, -1e6, 40 }, 1e-9, "box")
    -- a square of side 2 at 1e9: 4, 8, its centre, 4 (4 + 4) / 12
    local s = c2d.polygon(1e9, 1e9, 1e9 + 2, 1e9, 1e9 + 2, 1e9 + 2, 1e9, 1e9 + 2)
    near_all(mass(s), { 4, 8, 1e9 + 1, 1e9 + 1, 32 / 12 }, 1e-15, "polygon at 1e9")
  end)

  it("inertia takes a density; the module's functions are the same", function()
    local s = c2d.aabb(0, 0, 4, 2)
    assert.are.equal(2.5 * s:inertia(), s:inertia(2.5))
    assert.are.equal(0, s:inertia(0))
    assert.are.same({ s:area(), s:perimeter(), s:centroid() }, { c2d.area(s), c2d.perimeter(s), c2d.centroid(s) })
  end)

  it("names what it cannot weigh", function()
    local function message(f, ...) local ok, e = pcall(f, ...) assert.is_false(ok) return tostring(e) end
    local line = c2d.line(0, 0, 1, 0)
    assert.is_truthy(message(line.area, line):find("a Line or a tile layer has no area to weigh", 1, true))
    local layer = c2d.tiles(0, 0, 10, 10, 2, 1, { 1, 1 })
    assert.is_truthy(message(layer.inertia, layer):find("no area to weigh", 1, true))
    assert.is_truthy(message(c2d.disk(0, 0, 1).inertia, c2d.disk(0, 0, 1), -1):find("density must be >= 0", 1, true))
    assert.is_truthy(message(c2d.disk(0, 0, 1).inertia, c2d.disk(0, 0, 1), 0 / 0):find("density", 1, true))
  end)
end)
