-- raycast: where a ray first meets a shape.
--
-- s:raycast(x, y, dx, dy [, maxt = 1]) -> nil | t, nx, ny: the first t in [0, maxt]
-- with (x + t dx, y + t dy) on the shape, and the outward surface normal there.
-- A ray that starts inside (or on the boundary: shapes are closed) reports t = 0
-- with the normal -unit(dx, dy). maxt < 0 is an error; dx = dy = 0 only tests
-- the start point.
--
-- Each case is { name, shape, { x, y, dx, dy [, maxt] }, t = t, n = { nx, ny } },
-- worked out by hand beside it. normal = "any": any unit normal that faces the ray
-- and points out of the shape (a corner or vertex, where several do). miss = true:
-- nil. Every hit is also checked on the shape, with the ray just before it outside.
-- Each case runs as given and, unless far = false, moved by (1e6, 1e6).
local c2d = require "collide2d"
local common = require "support.common"
local fixtures = require "support.fixtures"

local unpack = table.unpack or unpack
local sqrt, pi, cos, sin, abs = math.sqrt, math.pi, math.cos, math.sin, math.abs
local r2 = sqrt(2)
local h2 = r2 / 2
local E = fixtures.gap
local TOL, FAR_TOL = 1e-12, 1e-9

local point, segment, line, disk, aabb, box, capsule = common.point, common.segment, common.line, common.disk, common.aabb, common.box, common.capsule

-- The shared shapes (described in spec/support/fixtures.lua).
local TR, HS, DM, F2, FR = fixtures.triangle345, fixtures.house, fixtures.diamond,
  fixtures.quarter_fan, fixtures.reflex_fan

local GROUPS = {
  { "Point", {
    { "hit head-on", point(5, 0), { 0, 0, 10, 0 }, t = 0.5, n = { -1, 0 } },
    { "missed by 1e-9", point(5, 0), { 0, E, 10, 0 }, miss = true },
    { "beyond maxt", point(5, 0), { 0, 0, 1, 0, 4 }, miss = true },
    { "at maxt exactly", point(5, 0), { 0, 0, 1, 0, 5 }, t = 5, n = { -1, 0 } },
    { "starting on it", point(5, 0), { 5, 0, 0, 2 }, t = 0, n = { 0, -1 } },
  } },

  { "Segment", {
    { "across it", segment(5, -5, 5, 5), { 0, 0, 10, 0 }, t = 0.5, n = { -1, 0 } },
    { "across it from the other side", segment(5, -5, 5, 5), { 10, 1, -10, 0 }, t = 0.5, n = { 1, 0 } },
    -- along the segment's line: it meets the end (5,0) first
    { "along its line onto its end", segment(5, 0, 8, 0), { 0, 0, 10, 0 }, t = 0.5, n = { -1, 0 } },
    { "past its end by 1e-9", segment(5, -5, 5, 5), { 0, 5 + E, 10, 0 }, miss = true },
    { "grazing its end", segment(5, -5, 5, 5), { 0, 5, 10, 0 }, t = 0.5, normal = "any" },
    { "starting on it", segment(5, -5, 5, 5), { 5, 2, 1, 1 }, t = 0, n = { -h2, -h2 } },
  } },

  { "Line", {
    { "across a vertical line", line(5, 0, 5, 1), { 0, 3, 10, 0 }, t = 0.5, n = { -1, 0 } },
    { "parallel to the line", line(5, 0, 5, 1), { 0, 0, 0, 10 }, miss = true },
    { "short of the line with maxt = 1", line(5, 0, 5, 1), { 0, 3, 1, 0 }, miss = true },
    { "reaching the line with maxt = 5", line(5, 0, 5, 1), { 0, 3, 1, 0, 5 }, t = 5, n = { -1, 0 } },
    -- the line through (0,0) and (4,3): from (-3,4), 5 away on the side of (-0.6, 0.8)
    { "onto a slanted line along its normal", line(0, 0, 4, 3), { -3, 4, 6, -8 }, t = 0.5, n = { -0.6, 0.8 } },
    -- y = x - 6 (through (9,3) and (10,4)): (29,6) + (8,25) = (37,31) is on it; the
    -- start is on the side of (1,-1), as (29,6) - (9,3) = (20,3) has 20 - 3 = 17 > 0
    { "slanted line reached exactly at maxt = 1", line(9, 3, 10, 4), { 29, 6, 8, 25 }, t = 1, n = { h2, -h2 } },
    { "slanted line 1e-9 short of maxt = 1", line(9, 3, 10, 4), { 29, 6, 8, 25, 1 - E }, miss = true },
    { "slanted line reached exactly at maxt = 0.5", line(9, 3, 10, 4), { 29, 6, 16, 50, 0.5 }, t = 0.5, n = { h2, -h2 } },
    -- (29,6) + 17 (1,2) = (46,40), and 46 - 6 = 40
    { "slanted line reached exactly at maxt = 17", line(9, 3, 10, 4), { 29, 6, 1, 2, 17 }, t = 17, n = { h2, -h2 } },
    { "slanted line 1e-9 short of maxt = 17", line(9, 3, 10, 4), { 29, 6, 1, 2, 17 - E }, miss = true },
    -- (3,0) + 2.5 (1,2) = (5.5,5)
    { "horizontal line reached exactly at maxt = 2.5", line(0, 5, 10, 5), { 3, 0, 1, 2, 2.5 }, t = 2.5, n = { 0, -1 } },
    { "horizontal line 1e-9 short of maxt = 2.5", line(0, 5, 10, 5), { 3, 0, 1, 2, 2.5 - E }, miss = true },
    -- (1,1) + 2 (3,1) = (7,3)
    { "vertical line reached exactly at maxt = 2", line(7, 0, 7, 1), { 1, 1, 3, 1, 2 }, t = 2, n = { -1, 0 } },
    { "vertical line 1e-9 short of maxt = 2", line(7, 0, 7, 1), { 1, 1, 3, 1, 2 - E }, miss = true },
  } },

  { "Disk", {
    -- (x - 10)^2 + 9 = 25 at x = 6: t = 6/20; n = ((6,3) - (10,0))/5
    { "into a disk off-centre", disk(10, 0, 5), { 0, 3, 20, 0 }, t = 0.3, n = { -0.8, 0.6 } },
    { "tangent to a disk", disk(10, 0, 5), { 0, 5, 20, 0 }, t = 0.5, n = { 0, 1 } },
    { "1e-9 wide of tangent", disk(10, 0, 5), { 0, 5 + E, 20, 0 }, miss = true },
    { "starting inside", disk(10, 0, 5), { 9, 1, 3, 4 }, t = 0, n = { -0.6, -0.8 } },
    { "starting on the circle, leaving", disk(10, 0, 5), { 5, 0, -1, 0 }, t = 0, n = { 1, 0 } },
    { "at maxt exactly", disk(10, 0, 5), { 0, 0, 1, 0, 5 }, t = 5, n = { -1, 0 } },
    { "short of maxt", disk(10, 0, 5), { 0, 0, 1, 0, 4.999 }, miss = true },
    { "radius 0: a point", disk(3, 4, 0), { 0, 0, 6, 8 }, t = 0.5, n = { -0.6, -0.8 } },
  } },

  { "AABB", {
    { "onto a face", aabb(4, -2, 4, 4), { 0, 0, 10, 0 }, t = 0.4, n = { -1, 0 } },
    { "onto the top face from above", aabb(4, -2, 4, 4), { 6, 10, 0, -10 }, t = 0.8, n = { 0, 1 } },
    -- y = x - 2 touches the box [4,8] x [-2,2] only at its corner (4,2)
    { "grazing a corner", aabb(4, -2, 4, 4), { 0, -2, 10, 10 }, t = 0.4, normal = "any" },
    -- along the top face's line y = 2: the corner (4,2) first
    { "along a face's line", aabb(4, -2, 4, 4), { 0, 2, 10, 0 }, t = 0.4, normal = "any" },
    -- from above, coming down on the top face at its end (4,2), then leaving to the
    -- left: the normal must face the ray and point out of the box
    { "onto a corner from above", aabb(4, -2, 4, 4), { 3, 4, 2, -4 }, t = 0.5, normal = "any" },
    { "1e-9 above a face", aabb(4, -2, 4, 4), { 0, 2 + E, 10, 0 }, miss = true },
    { "starting inside", aabb(4, -2, 4, 4), { 5, 0, 0, 1 }, t = 0, n = { 0, -1 } },
    { "starting on a face, going in", aabb(4, -2, 4, 4), { 4, 0, 1, 0 }, t = 0, n = { -1, 0 } },
  } },

  { "Box", {
    -- the edge -x + y = sqrt2 at y = 0.5 is x = 0.5 - sqrt2: t = (5 + 0.5 - sqrt2)/10
    { "onto a turned box's edge", DM, { -5, 0.5, 10, 0 }, t = (5.5 - r2) / 10, n = { -h2, h2 } },
    { "onto a snapped box's face", box(0, 0, 4, 2, pi / 2), { -5, 0, 10, 0 }, t = 0.4, n = { -1, 0 } },
    { "1e-9 above a turned box's top corner", DM, { -5, r2 + E, 10, 0 }, miss = true },
    { "starting inside a turned box", DM, { 0.1, 0.2, 0, -3 }, t = 0, n = { 0, 1 } },
  } },

  { "Triangle", {
    -- (4 - 10t) * 7 = 12 along y = x: t = (4 - 12/7)/10 = 8/35
    { "onto the hypotenuse", TR, { 4, 4, -10, -10 }, t = 8 / 35, n = { 0.6, 0.8 } },
    { "onto the base from below", TR, { 1, -5, 0, 10 }, t = 0.5, n = { 0, -1 } },
    -- x = 4 meets the triangle only at its vertex (4,0)
    { "grazing a vertex", TR, { 4, -4, 0, 10 }, t = 0.4, normal = "any" },
    { "1e-9 past a vertex", TR, { 4 + E, -4, 0, 10 }, miss = true },
  } },

  { "Polygon", {
    -- x + y = 8 at y = 3 is x = 5
    { "onto a slanted edge", HS, { 10, 3, -10, 0 }, t = 0.5, n = { h2, h2 } },
    -- y = 2 meets the vertex (6,2) first, then runs inside
    { "onto a vertex head-on", HS, { 10, 2, -10, 0 }, t = 0.4, normal = "any" },
    { "1e-9 past the polygon", HS, { -E, -5, 0, 10 }, miss = true },
    { "starting inside", HS, { 2, 2, -1, 0 }, t = 0, n = { 1, 0 } },
  } },

  { "Capsule", {
    { "onto the flat side", capsule(0, 0, 4, 0, 1), { 2, 5, 0, -10 }, t = 0.4, n = { 0, 1 } },
    -- (x - 4)^2 + 0.36 = 1 at x = 4.8: t = 5.2/10, n = (0.8, 0.6)
    { "onto a cap", capsule(0, 0, 4, 0, 1), { 10, 0.6, -10, 0 }, t = 0.52, n = { 0.8, 0.6 } },
    { "1e-9 off the flat side", capsule(0, 0, 4, 0, 1), { -3, 1 + E, 10, 0 }, miss = true },
    { "zero-length capsule is a disk", capsule(10, 0, 10, 0, 5), { 0, 3, 20, 0 }, t = 0.3, n = { -0.8, 0.6 } },
  } },

  { "Fan", {
    { "onto the arc", F2, { 20, 0, -20, 0 }, t = 0.5, n = { 1, 0 } },
    -- y = 4 meets the edge y = x at (4,4)
    { "onto an edge", F2, { 0, 4, 10, 0 }, t = 0.4, n = { -h2, h2 } },
    -- y = 0 from behind meets the apex
    { "onto the apex from behind", F2, { -5, 0, 10, 0 }, t = 0.5, normal = "any" },
    -- at y = 7.1 the fan would need x >= 7.1 (the edge) and x^2 <= 100 - 7.1^2 = 49.59
    { "just above the arc's end", F2, { 0, 7.1, 20, 0 }, miss = true },
    -- inside the missing slice: y = 1 meets the slice edge y = -x at (-1,1); out of the
    -- fan means into the slice, down-left
    { "from a wide fan's missing slice onto its edge", FR, { -5, 1, 10, 0 }, t = 0.4, n = { -h2, -h2 } },
    { "starting inside a wide fan", FR, { 5, 5, -1, 0 }, t = 0, n = { 1, 0 } },
  } },
}

-- The runner ------------------------------------------------------------------

local build, near = common.build, common.near

local function run(c, ox, oy)
  local far = ox ~= 0 or oy ~= 0
  local tol = far and FAR_TOL or TOL
  local s = build(c[2], ox, oy)
  local x, y, dx, dy, maxt = c[3][1] + ox, c[3][2] + oy, c[3][3], c[3][4], c[3][5]
  local tag = c[1]
  local t, nx, ny = s:raycast(x, y, dx, dy, maxt)
  if c.miss then
    assert.is_nil(t, tag .. ": raycast must be nil")
    local m = maxt or 1
    for k = 0, 64 do
      local u = m * k / 64
      assert.is_false(s:contains(x + u * dx, y + u * dy), ("%s: the ray is on the shape at t = %g"):format(tag, u))
    end
    return
  end
  assert.is_true(t ~= nil, tag .. ": raycast returned nil")
  near(t, c.t, tol, tag .. ": t")
  near(sqrt(nx * nx + ny * ny), 1, 1e-12, tag .. ": |n|")
  if c.n then
    near(nx, c.n[1], tol, tag .. ": normal x")
    near(ny, c.n[2], tol, tag .. ": normal y")
  end
  local hx, hy = x + t * dx, y + t * dy
  local d = c2d.point(hx, hy):distance(s)
  assert.is_true(d <= tol, ("%s: the hit point is %g from the shape"):format(tag, d))
  if t > 0 then
    -- the ray just before the hit is outside; the normal faces the ray and leads out
    local len = sqrt(dx * dx + dy * dy)
    local back = t - 1e-6 / len
    assert.is_false(s:contains(x + back * dx, y + back * dy), tag .. ": the ray is on the shape just before t")
    assert.is_true(nx * dx + ny * dy <= tol * len, ("%s: n = (%.17g, %.17g) does not face the ray"):format(tag, nx, ny))
    local k = far and 1e-6 or 1e-9
    assert.is_false(s:contains(hx + k * nx, hy + k * ny),
      ("%s: n = (%.17g, %.17g): a step along it from the hit point is still on the shape"):format(tag, nx, ny))
  end
end

describe("raycast", function()
  for _, g in ipairs(GROUPS) do
    describe(g[1], function()
      common.each_case(it, g[2], run)
    end)
  end

  describe("arguments", function()
    local d = c2d.disk(10, 0, 5)
    it("maxt defaults to 1", function()
      assert.is_nil(d:raycast(0, 0, 4, 0))
      assert.are.equal(5 / 6, (d:raycast(0, 0, 6, 0)))
      assert.are.equal(5 / 6, (d:raycast(0, 0, 6, 0, nil)))
    end)
    it("maxt < 0 raises", function()
      assert.has_error(function() d:raycast(0, 0, 1, 0, -1) end)
      local ok, err = pcall(d.raycast, d, 0, 0, 1, 0, -0.5)
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("maxt", 1, true), tostring(err))
    end)
    it("maxt = 0 tests the start point only", function()
      assert.is_nil(d:raycast(0, 0, 10, 0, 0))
      assert.are.equal(0, (d:raycast(6, 0, 10, 0, 0)))
      -- however long the direction: (0, 0) is 5 from the disk, (-48, -48) is
      -- not the point (-4, -48); (6, 0) is inside, the normal against the direction
      local huge = 1.7976931348623157e308
      assert.is_nil(d:raycast(0, 0, -1e300, 0, 0))
      assert.is_nil(d:raycast(0, 0, 1e300, 1e300, 0))
      assert.is_nil(c2d.point(-4, -48):raycast(-48, -48, -48, huge, 0))
      local t, nx, ny = d:raycast(6, 0, 0, huge, 0)
      assert.are.same({ 0, 0, -1 }, { t, nx, ny })
    end)
    it("a zero direction tests the start point only", function()
      assert.is_nil(d:raycast(0, 0, 0, 0))
      assert.is_nil(d:raycast(0, 0, 0, 0, 1000))
      local t, nx, ny = d:raycast(10, 1, 0, 0)
      assert.are.equal(0, t)
      near(sqrt(nx * nx + ny * ny), 1, 1e-12, "|n| for a zero direction")
    end)
    it("rejects non-numbers, NaN and infinities", function()
      assert.has_error(function() d:raycast("0", 0, 1, 0) end)
      assert.has_error(function() d:raycast(0, 0 / 0, 1, 0) end)
      assert.has_error(function() d:raycast(0, 0, math.huge, 0) end)
      assert.has_error(function() d:raycast(0, 0, 1, 0, 0 / 0) end)
      assert.has_error(function() c2d.raycast(5, 0, 0, 1, 0) end)
    end)
  end)

  -- The line y = x - 6 and rays from (29,6) whose end is on it, decided exactly:
  -- t is maxt itself, not a quotient that may round past it. F moves everything.
  describe("a Line reached exactly at the end of the ray", function()
    for _, F in ipairs({ 0, common.FAR }) do
      local at = F == 0 and "" or ", 1e6 from the origin"
      local slanted = c2d.line(F + 9, F + 3, F + 10, F + 4)
      -- the ulp of the end's y (31, or 1e6 + 31); 25 - ulp and 25 + ulp are doubles
      local ulp = F == 0 and 2 ^ -48 or 2 ^ -33
      it("t is exactly maxt" .. at, function()
        -- (29,6) + maxt (dx,dy) = (37,31) in every row; (46,40) for maxt = 17
        for _, r in ipairs({ { 8, 25, 1 }, { 16, 50, 0.5 }, { 32, 100, 0.25 }, { 1, 2, 17 } }) do
          local t, nx, ny = slanted:raycast(F + 29, F + 6, r[1], r[2], r[3])
          assert.are.equal(r[3], t)
          near(nx, h2, 1e-15, "normal x")
          near(ny, -h2, 1e-15, "normal y")
        end
        -- 80 * 0.1 and 250 * 0.1 round to 8 and 25: the end is (37,31) again
        assert.are.equal(0.1, (slanted:raycast(F + 29, F + 6, 80, 250, 0.1)))
      end)
      it("an end one ulp short of the line misses" .. at, function()
        -- dy = 25 - ulp puts the end at y = 31 - ulp, the next double below the line
        assert.is_nil(slanted:raycast(F + 29, F + 6, 8, 25 - ulp))
        assert.is_nil(slanted:raycast(F + 29, F + 6, 8, 25, 1 - E))
      end)
      it("an end one ulp past the line hits just before maxt" .. at, function()
        -- across the line (times sqrt 2) the start is 17 on one side and the end ulp
        -- on the other: t = 17 / (17 + ulp), below 1
        local t = slanted:raycast(F + 29, F + 6, 8, 25 + ulp)
        near(t, 17 / (17 + ulp), 1e-15, "t")
        assert.is_true(t < 1, ("t = %.17g"):format(t))
      end)
    end
  end)
end)

-- A sliver: the triangle (0,0), (1,0), (-48,1e-14) spans x in [-48, 1] and is at
-- most 1e-14 thick. Its long edges lie on nearly parallel lines, whose rounded
-- half-planes also overlap far past the ends; a ray must enter the triangle
-- itself. On the edges (1,0)-(-48,1e-14) and (0,0)-(-48,1e-14) y is
-- 1e-14 (1 - x) / 49 and 1e-14 (-x) / 48, so at x = -10 the triangle spans
-- y in [1e-14 * 10/48, 1e-14 * 11/49]. Each case also runs 1e6 along x (the
-- y's stay as they are, so the sliver keeps its thickness).
describe("raycast against a disk of subnormal radius", function()
  it("meets it from just above, with a number for t and the normal up", function()
    -- radius 4 * 2^-1074, the start 49 * 2^-1074 above its centre, straight
    -- down: the rim is 45 * 2^-1074 away, which t may round to 0 (its error
    -- is ulps of the ray's numbers, about 1)
    local d = c2d.disk(0, 0, 4 * 2 ^ -1074)
    local t, nx, ny = d:raycast(0, 49 * 2 ^ -1074, 0, -1, 3)
    assert.is_true(t >= 0 and t <= 45 * 2 ^ -1074)
    assert.are.equal(0, nx)
    assert.are.equal(1, ny)
  end)
end)

describe("raycast against a sliver", function()
  for _, F in ipairs({ 0, common.FAR }) do
    local at = F == 0 and "" or ", 1e6 along x"
    local tri = c2d.triangle(F, 0, F + 1, 0, F - 48, 1e-14)
    local poly = c2d.polygon(F, 0, F + 1, 0, F - 48, 1e-14)
    local function on(s, x, y, dx, dy, t)
      local d = c2d.point(x + t * dx, y + t * dy):distance(s)
      assert.is_true(d <= 1e-9, ("the hit point is %g from the sliver"):format(d))
    end
    it("a ray 4 past its end misses" .. at, function()
      for _, s in ipairs({ tri, poly }) do
        assert.is_nil(s:raycast(F + 5, 5, 0, -1, 100))
        assert.is_nil(s:raycast(F + 5, -5, 0, 1, 100))
        assert.is_nil(s:raycast(F - 50, 5, 0, -1, 100))
      end
    end)
    it("a ray across it meets it" .. at, function()
      for _, s in ipairs({ tri, poly }) do
        -- down at x = -10 onto y = 1e-14 * 11/49, up onto y = 1e-14 * 10/48
        local t = s:raycast(F - 10, 5, 0, -1, 100)
        near(t, 5 - 1e-14 * 11 / 49, 1e-12, "t down")
        on(s, F - 10, 5, 0, -1, t)
        t = s:raycast(F - 10, -5, 0, 1, 100)
        near(t, 5 + 1e-14 * 10 / 48, 1e-12, "t up")
        on(s, F - 10, -5, 0, 1, t)
        -- the vertex (1,0) is the sliver's point at x = 1
        t = s:raycast(F + 1, 5, 0, -1, 100)
        near(t, 5, 1e-12, "t onto the vertex")
        on(s, F + 1, 5, 0, -1, t)
      end
    end)
    it("a ray along it enters where the edges reach its height" .. at, function()
      for _, s in ipairs({ tri, poly }) do
        -- y = 1e-15 is inside for x in [-4.8, -3.9] (1e-14 (1 - x) / 49 = 1e-15 at
        -- x = -3.9): from x = 100 leftward, t = 103.9
        local t = s:raycast(F + 100, 1e-15, -1, 0, 200)
        near(t, 103.9, 1e-9, "t leftward")
        on(s, F + 100, 1e-15, -1, 0, t)
        -- y = 5e-15 is inside for x in [-24, -23.5]: from x = -100 rightward, t = 76
        t = s:raycast(F - 100, 5e-15, 1, 0, 200)
        near(t, 76, 1e-9, "t rightward")
        on(s, F - 100, 5e-15, 1, 0, t)
      end
    end)
  end
end)

-- A sliver along y = x, from (-10.5, -10.5) (its two near vertices 3e-13 apart)
-- to the origin: every edge runs along the diagonal, so a ray along it crosses no
-- edge line, and the edges' tests, all within rounding of 0, held the start
-- 1.1e-12 beyond the tip. The start is left of and below the sliver's box
-- (x >= -10.500000000000298) and the ray heads away from it: a miss.
describe("raycast from beyond a sliver's tip, along it", function()
  local s = c2d.polygon(-10.500000000000298, -10.500000000000373, -10.5, -10.500000000000075,
    -2.0750757125332355e-322, -4.150151425066471e-322)
  local x, y = -10.500000000001418, -10.500000000001492
  it("starts outside and misses", function()
    assert.is_false(s:contains(x, y))
    assert.is_nil(s:raycast(x, y, -10.500000000001567, -10.500000000001641, 10.500000000001716))
    assert.is_nil(s:raycast(x, y, -1, -1, 100))
    -- back toward the sliver, along the diagonal: it meets the tip, 1.1e-12 * sqrt 2 away
    local t = s:raycast(x, y, 1, 1, 100)
    assert.is_true(t ~= nil and t > 0 and t < 2e-12, tostring(t))
  end)
end)

-- Properties over seeded random shapes and rays ---------------------------------

local lcg, num = common.lcg, common.num

-- gen[kind](r, x, y): constructor name and numbers of a shape of the kind near
-- (x, y) (the origin here), fans of every opening included.
local gen = common.shape_gen({ at = 5, disk = 10, box = 14, cap = 10, cap_r = 6, fan_r = 12 })
function gen.Triangle(r)
  return "triangle", { num(r, 8), num(r, 8), num(r, 8), num(r, 8), num(r, 8), num(r, 8) }
end
function gen.Polygon(r, x, y)
  x, y = x + num(r, 5), y + num(r, 5)
  local n, rad, base = r.int(3, 8), r.range(1, 10), r.range(0, 2 * pi)
  return "polygon", common.round_polygon(r, x, y, n, rad, base)
end

local KINDS = fixtures.kinds
local RAYS_PER_KIND = 60

local exact, runner = common.exact, common.runner

local function check_ray(what, s, x, y, dx, dy, fail)
  local sc = common.scale_of({ s }, x, y, dx, dy)
  local tol = 1e-9 * sc
  local t, nx, ny = s:raycast(x, y, dx, dy)
  if not t then
    for k = 0, 64 do
      if s:contains(x + k / 64 * dx, y + k / 64 * dy) then
        return fail("%s: raycast is nil but the ray is on the shape at t = %g", what, k / 64)
      end
    end
    return
  end
  if not (t >= 0 and t <= 1) then return fail("%s: t = %s outside [0, 1]", what, tostring(t)) end
  if abs(sqrt(nx * nx + ny * ny) - 1) > 1e-12 then fail("%s: |n| = %.17g", what, sqrt(nx * nx + ny * ny)) end
  local hx, hy = x + t * dx, y + t * dy
  local d = c2d.point(hx, hy):distance(s)
  if d > tol then fail("%s: t = %.17g: the hit point is %g from the shape", what, t, d) end
  local len = sqrt(dx * dx + dy * dy)
  if t * len > 1e-6 then
    local back = t - 1e-6 / len
    if s:contains(x + back * dx, y + back * dy) then
      fail("%s: t = %.17g but the ray is on the shape 1e-6 before", what, t)
    end
    if nx * dx + ny * dy > tol * len then fail("%s: t = %.17g: n = (%.17g, %.17g) does not face the ray", what, t, nx, ny) end
    local k = 1e-7 * sc
    if s:contains(hx + k * nx, hy + k * ny) then
      fail("%s: t = %.17g: n = (%.17g, %.17g) leads into the shape", what, t, nx, ny)
    end
  end
end

-- Rays the generator below caught, kept as fixed cases: { ctor, nums, x, y, dx, dy }.
local FOUND = {}

describe("raycast properties of random shapes and rays", function()
  if #FOUND > 0 then
    it("rays found by the generator", function()
      local fail, finish = runner()
      for i, f in ipairs(FOUND) do
        local s = c2d[f[1]](unpack(f[2]))
        check_ray(("found case %d: %s"):format(i, exact(s)), s, f[3], f[4], f[5], f[6], fail)
      end
      finish()
    end)
  end

  for ik, kind in ipairs(KINDS) do
    it(kind .. ": the hit is on the boundary, the ray outside before it, the normal facing out", function()
      local fail, finish = runner()
      for j = 1, RAYS_PER_KIND do
        local seed = 60000 + ik * 1000 + j
        local r = lcg(seed)
        local ctor, nums = gen[kind](r, 0, 0)
        local s = c2d[ctor](unpack(nums))
        -- from a point around the shape toward its centre, give or take; or
        -- straight at one of its outline points (corners, vertices, the apex)
        local a = r.range(0, 2 * pi)
        local x, y = 30 * cos(a) + num(r, 3), 30 * sin(a) + num(r, 3)
        local cx, cy = s:center()
        local tx, ty = cx + num(r, 8), cy + num(r, 8)
        if r.u() < 0.4 then
          local o = s:outline(8)
          local k = r.int(1, #o / 2)
          tx, ty = o[2 * k - 1], o[2 * k]
        end
        local f = r.pick({ 1.25, 2, 3 })
        local dx, dy = (tx - x) * f, (ty - y) * f
        check_ray(("seed %d: %s:raycast(%.17g, %.17g, %.17g, %.17g)"):format(seed, exact(s), x, y, dx, dy), s, x, y, dx, dy, fail)
      end
      finish()
    end)
  end
end)

describe("a ray whose direction is far longer than its reach, into a polygon of subnormal size", function()
  -- The polygon lies within 3e-322 of the origin, so the query runs on a copy
  -- scaled up by about 2^1070; a direction of length 2 (or 1e300) scaled so
  -- would pass the largest number. The ray starts inside: t = 0, and the
  -- normal faces back along the ray, (-1, 0).
  local h = common.subnormal_polygon(57)
  it("hits at t = 0 with a unit normal facing back", function()
    for _, ray in ipairs { { 2, 0, 0 }, { 1e300, 0, 1e-320 }, { 2, 0, 1 } } do
      local t, nx, ny = h:raycast(0, 0, ray[1], ray[2], ray[3])
      assert.are.same({ 0, -1, 0 }, { t, nx, ny }, ("dir (%g, %g), maxt %g"):format(ray[1], ray[2], ray[3]))
    end
  end)
end)

describe("raycast through a corner, whatever maxt", function()
  it("meets the AABB's corner at t = 0.5 for every maxt from 0.5 up", function()
    -- from (-23, 50) along (-2, -6): at t = 0.5 the ray is at (-24, 47), the
    -- AABB's corner (x -25..-24, y 47..47.5); it enters the box no earlier
    local a = c2d.aabb(-25, 47, 1, 0.5)
    for _, m in ipairs { 0.5, 0.6, 0.75, 0.8, 0.9, 1, 1.1, 3, 100 } do
      local t, nx, ny = a:raycast(-23, 50, -2, -6, m)
      assert.are.equal(0.5, t, "maxt " .. m)
      assert.are.same({ 1, 0 }, { nx, ny }, "maxt " .. m)
    end
    assert.is_nil(a:raycast(-23, 50, -2, -6, 0.49))
  end)
end)

describe("a Disk's raycast decides grazing rays exactly", function()
  local X = require "support.exact"
  local function up(x) return X.step(x, 1) end -- the next double above

  it("a ray along the top of a disk hits it, one ulp higher misses (sums, 1e6, 1e9)", function()
    -- 0.2 + 0.3 is 0.5 exactly in the reals of the two doubles
    -- (3602879701896397 + 5404319552844595) / 2^54 = 2^53 / 2^54)
    local t, nx, ny = c2d.disk(0.1, 0.2, 0.3):raycast(-5, 0.5, 1, 0, 10)
    common.near(t, 5.1, 1e-12, "t")
    assert.are.same({ 0, 1 }, { nx, ny })
    assert.is_nil(c2d.disk(0.1, 0.2, 0.3):raycast(-5, up(0.5), 1, 0, 10))
    -- a 3-4-5 disk: the line y = cy + 5 touches it at its top
    for _, o in ipairs { 1e6, 1e9 } do
      local cx, cy = o + 3, o + 4
      t = c2d.disk(cx, cy, 5):raycast(o - 100, cy + 5, 1, 0, 1000)
      assert.are.equal(103, t)
      assert.is_nil(c2d.disk(cx, cy, 5):raycast(o - 100, up(cy + 5), 1, 0, 1000))
      -- slanted: the tangent at (cx + 3, cy + 4) runs along (4, -3); from
      -- (cx + 3 - 40, cy + 4 + 30) it reaches the disk at t = 10
      t = c2d.disk(cx, cy, 5):raycast(cx - 37, cy + 34, 4, -3, 100)
      assert.are.equal(10, t)
    end
  end)

  it("a disk far smaller than the ray (its squares out of range) is met within its radius only", function()
    for _, R in ipairs { 1e-170, 1e-300, 2 ^ -1000 } do
      local d = c2d.disk(0, 0, R)
      local t, nx, ny = d:raycast(-1, 0.6 * R, 1, 0, 2)
      assert.are.equal(1, t) -- 1 - 0.8 R rounds to 1
      common.near(nx, -0.8, 1e-12, "nx"); common.near(ny, 0.6, 1e-12, "ny")
      t, nx, ny = d:raycast(-1, R, 1, 0, 2)
      assert.are.same({ 1, 0, 1 }, { t, nx, ny })
      assert.is_nil(d:raycast(-1, up(R), 1, 0, 2))
      assert.is_nil(d:raycast(-1, 2 * R, 1, 0, 2))
      assert.is_nil(d:raycast(-1, -2 * R, 1, 0, 2))
    end
  end)

  it("meets or misses as the exact line test says, on seeded rays within ulps of a tangent (1e-3 to 1e9)", function()
    -- the reference: the ray's line passes within r of the centre exactly when
    -- (d x (c - o))^2 <= r^2 (d.d), in big numbers on the doubles themselves
    local rng = common.lcg(20261129)
    local n = tonumber(os.getenv("C2D_EXACT_CASES")) or 2000
    local wrong, met = 0, 0
    for _ = 1, n do
      local mag = 10 ^ rng.range(-3, 9)
      local cx, cy, r = rng.range(-1, 1) * mag, rng.range(-1, 1) * mag, rng.range(0.01, 1) * mag * 0.01
      local a = rng.range(0, 2 * pi)
      local dx, dy = -sin(a), cos(a)
      -- near the tangent point c + r (cos a, sin a), moved by up to two ulps each way
      local px, py = X.step(cx + r * cos(a), rng.int(-2, 2)), X.step(cy + r * sin(a), rng.int(-2, 2))
      local ox, oy = px - 10 * r * dx, py - 10 * r * dy
      local t = c2d.disk(cx, cy, r):raycast(ox, oy, dx, dy, 20 * r)
      local wx, wy = X.sub(X.new(cx), X.new(ox)), X.sub(X.new(cy), X.new(oy))
      local cross = X.sub(X.mul(X.new(dx), wy), X.mul(X.new(dy), wx))
      local rr, dd = X.mul(X.new(r), X.new(r)), X.add(X.mul(X.new(dx), X.new(dx)), X.mul(X.new(dy), X.new(dy)))
      local within = X.cmp(X.mul(cross, cross), X.mul(rr, dd)) <= 0
      if within ~= (t ~= nil) then wrong = wrong + 1 end
      if within then met = met + 1 end
    end
    assert.are.equal(0, wrong)
    assert.is_true(met > n / 4 and met < 3 * n / 4, met) -- both answers tested
  end)

  it("a start outside by less than the rounding of its squares is met at once", function()
    -- 0.6^2 + 0.8^2 is 1 + 4.4e-17 in the reals of the doubles: outside the unit disk
    local d = c2d.disk(0, 0, 1)
    assert.is_false(d:hits(c2d.point(0.6, 0.8)))
    local t = d:raycast(0.6, 0.8, -0.6, -0.8, 1)
    assert.is_true(t ~= nil and t >= 0 and t < 1e-15, tostring(t))
  end)
end)

describe("raycast from a start on an edge line within rounding", function()
  -- (-48, -48) lies on the edge from (-377.6, -0.609) to (-40.08, -49.14) of this
  -- triangle within rounding, and hits says the point is in it (the exact test):
  -- a ray from there starts inside, t = 0, whichever way it goes. The ray's fast
  -- path decided its start in the ray's frame, rounded, and missed it (nil going
  -- out; t = 3.7e-14 along the edge).
  it("starts inside wherever hits says its start is in the shape", function()
    local p = c2d.polygon(-40.081428464952538, -49.138518706186282, -133.57549267838857, 139.3841910430308,
                          -377.61054014635056, -0.60915885499603917)
    assert.is_true(p:hits(c2d.point(-48, -48)))
    for _, d in ipairs { { -1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } } do
      assert.are.equal(0, (p:raycast(-48, -48, d[1], d[2], 48)), ("along (%g, %g)"):format(d[1], d[2]))
    end
    -- points along the edges of seeded triangles and hulls (a lerp of two
    -- vertices: on the edge, or an ulp either side): where hits says the
    -- point is in, every ray from it starts inside
    local r = common.lcg(3103)
    local checked = 0
    for _ = 1, 400 do
      local k = r.pick { 1, 100, 1e6 }
      local x, y = r.range(-k, k), r.range(-k, k)
      local s = c2d.hull(x, y, x + r.range(0, k), y + r.range(-k, k), x + r.range(-k, k), y + r.range(0, k),
                         x + r.range(-k, 0), y + r.range(-k, 0))
      local v = { s:unpack() }
      local n = #v / 2
      if n >= 3 then
        for _ = 1, 5 do
          local i = r.int(1, n)
          local j = i % n + 1
          local u = r.range(0, 1)
          local px, py = v[2 * i - 1] + u * (v[2 * j - 1] - v[2 * i - 1]), v[2 * i] + u * (v[2 * j] - v[2 * i])
          if s:hits(c2d.point(px, py)) then
            checked = checked + 1
            local a = r.range(-pi, pi)
            local t = s:raycast(px, py, cos(a), sin(a), 10 * k)
            assert.are.equal(0, t, ("%s from (%.17g, %.17g) at angle %.17g"):format(tostring(s), px, py, a))
          end
        end
      end
    end
    assert.is_true(checked > 500, "checked " .. checked)
  end)
end)

describe("a ray against a Disk gives the same answer at every scale", function()
  -- Scaling a disk, and a ray's start and direction, by a power of two
  -- leaves the exact t and normal as they are, and every rounding scales
  -- with it, so the answers at 2^k must be the answers at 1, bit for bit:
  -- across the plain numbers a ray reads directly and the ones it scales
  -- (below 2^-50 and above 2^50), and for maxt of any size.
  local CASES = {
    -- { cx, cy, r, x, y, dx, dy, maxt }: hits, misses, a start inside, a graze
    { 3, 4, 2.5, -1.3, 0.7, 0.6, 0.3, 10 },
    { 3, 4, 2.5, -1.3, 0.7, 0.6, 0.3, 0.1 },
    { 3, 4, 2.5, -1.3, 0.7, -0.6, 0.3, 10 },
    { 3, 4, 2.5, 3.5, 4.5, 1, 0, 3 },
    { 0, 0, 5, -10, 5, 1, 0, 100 },
    { 0.1, 0.2, 0.3, -5, 0.5, 3, 0, 7 },
    { 1e3 + 0.3, -2e3, 17.25, 0, 0, 1e3, -2e3, 1.37 },
  }
  local function ray(c, k)
    local s = 2 ^ k
    local t, nx, ny = c2d.disk(c[1] * s, c[2] * s, c[3] * s):raycast(c[4] * s, c[5] * s, c[6] * s, c[7] * s, c[8])
    return t, nx, ny
  end
  it("t and the normal are the same for the pair scaled by 2^-80 to 2^80", function()
    local hits = 0
    for i, c in ipairs(CASES) do
      local t0, nx0, ny0 = ray(c, 0)
      if t0 then hits = hits + 1 end
      for _, k in ipairs { -80, -51, -40, -20, 20, 40, 51, 80 } do
        local t, nx, ny = ray(c, k)
        assert.are.same({ t0, nx0, ny0 }, { t, nx, ny }, "case " .. i .. " at 2^" .. k)
      end
    end
    assert.are.equal(5, hits) -- the second stops short; the third points away
  end)
  it("hits a disk 2.5 about (3, 4) from (-2, 4) along (1, 0) at t = 2.5 with any length of ray", function()
    for _, m in ipairs { 2.5, 3, 1e3, 2 ^ 49, 2 ^ 51, 1e300 } do
      local t, nx, ny = c2d.disk(3, 4, 2.5):raycast(-2, 4, 1, 0, m)
      assert.are.same({ 2.5, -1, 0 }, { t, nx, ny }, "maxt " .. m)
    end
    assert.is_nil(c2d.disk(3, 4, 2.5):raycast(-2, 4, 1, 0, 2.4999999999999996))
  end)
end)

describe("a ray against a Box 1e-160 across", function()
  -- Its edges' squares are subnormal (1e-320, to 4 digits), so their
  -- lengths, taken as roots of those, are off by 1e-5; the normal is the
  -- top edge's, (-sin, cos) of 1e-160 rad: (0, 1) to the last bit.
  it("meets its top at t = 10 / 48 with a unit normal", function()
    local t, nx, ny = c2d.box(0, 1e-160, 1e-160, 1e-160, 1e-160):raycast(0, 10, 0, -48, 48)
    common.near(t, 10 / 48, 1e-15, "t")
    assert.is_true(abs(nx) <= 1e-159, "nx " .. nx)
    assert.are.equal(1, ny)
  end)
end)
