-- a:manifold(b [, margin [, into]]): contact manifolds.
--
-- 1. Hand-worked: a box resting in a box (two points at the ends of the
--    faces' overlap), the same reversed, sliding (the ids stay), hanging past
--    the edge (clipped), a disk on a box (one point), a disk over a corner,
--    a turned box above a floor within a margin (two corners, worked by
--    trigonometry), a capsule lying on a box, apart and touching.
-- 2. Seeded random convex pairs against independent facts: the least
--    separation is minus contact's depth (overlapping) or the distance
--    (apart within the margin), the normal is unit and reversed for b:a,
--    every point lies within half its separation of both shapes.
local c2d = require "collide2d"
local common = require "support.common"

local abs, cos, sin, min, max = math.abs, math.cos, math.sin, math.min, math.max

-- The points of a manifold, sorted by x, as {x, y, separation}.
local function points(m)
  local out = {}
  for i = 1, #m do out[i] = { m[i].x, m[i].y, m[i].separation } end
  table.sort(out, function(p, q) return p[1] < q[1] end)
  return out
end

describe("manifold: hand-worked", function()
  local floor = c2d.aabb(0, 0, 10, 10)

  it("a box sunk 0.5 into a box: two points, at the ends of the faces' overlap", function()
    -- the crate spans x 2..6 with its bottom at y = 0.5 below the floor's top
    -- y = 0 (y grows down): the points lie midway, at y = 0.25
    local crate = c2d.aabb(2, -3.5, 4, 4)
    local list = crate:manifold(floor)
    assert.are.equal(1, #list)
    local m = list[1]
    assert.are.same({ 0, -1 }, { m.nx, m.ny })
    assert.are.same({ { 2, 0.25, -0.5 }, { 6, 0.25, -0.5 } }, points(m))
    assert.is_nil(m.pieceA)
    -- the other way round: the normal reversed, the same points
    local r = floor:manifold(crate)[1]
    assert.are.same({ 0, 1 }, { r.nx, r.ny })
    assert.are.same({ { 2, 0.25, -0.5 }, { 6, 0.25, -0.5 } }, points(r))
  end)

  it("sliding keeps the ids while the same corners touch; hanging past the edge clips", function()
    local ids
    for k = 0, 4 do
      local m = c2d.aabb(2 + k * 0.5, -3.5, 4, 4):manifold(floor)[1]
      local now = { m[1].id, m[2].id }
      table.sort(now)
      if ids then assert.are.same(ids, now) else ids = now end
      assert.are.same({ { 2 + k * 0.5, 0.25, -0.5 }, { 6 + k * 0.5, 0.25, -0.5 } }, points(m))
    end
    -- x 8..12 over a floor ending at x = 10: its points at 8 and 10
    local m = c2d.aabb(8, -3.5, 4, 4):manifold(floor)[1]
    assert.are.same({ { 8, 0.25, -0.5 }, { 10, 0.25, -0.5 } }, points(m))
  end)

  it("a disk: one point on a face, one over a corner", function()
    local m = c2d.disk(5, -2, 2.5):manifold(floor)[1]
    assert.are.equal(1, #m)
    assert.are.same({ 0, -1 }, { m.nx, m.ny })
    assert.are.same({ { 5, 0.25, -0.5 } }, points(m))
    -- centre (13, -4), 5 from the corner (10, 0) along (3, -4)/5: radius 4
    -- leaves 1 between them, within a margin of 2; radius 6 overlaps by 1
    m = c2d.disk(13, -4, 4):manifold(floor, 2)[1]
    assert.are.equal(1, #m)
    common.near(m.nx, 0.6, 1e-15, "nx"); common.near(m.ny, -0.8, 1e-15, "ny")
    common.near(m[1].separation, 1, 1e-14, "separation")
    common.near(m[1].x, 10.3, 1e-14, "x"); common.near(m[1].y, -0.4, 1e-14, "y")
    m = c2d.disk(13, -4, 6):manifold(floor)[1]
    common.near(m[1].separation, -1, 1e-14, "overlap")
  end)

  it("a turned box above a floor: its two lowest corners, within the margin", function()
    -- a 4 x 4 box turned by 0.1 about its centre (5, -2.5): its lowest
    -- corners (largest y) are at y = -2.5 + 2 cos 0.1 + 2 sin 0.1 and
    -- -2.5 + 2 cos 0.1 - 2 sin 0.1; the floor's top is y = 0
    local tilt = 0.1
    local lo = -2.5 + 2 * cos(tilt) + 2 * sin(tilt)
    local hi = -2.5 + 2 * cos(tilt) - 2 * sin(tilt)
    local m = c2d.box(5, -2.5, 4, 4, tilt):manifold(floor, 1)[1]
    assert.are.equal(2, #m)
    assert.are.same({ 0, -1 }, { m.nx, m.ny })
    local s = { m[1].separation, m[2].separation }
    table.sort(s)
    common.near(s[1], -lo, 1e-14, "the lower corner")
    common.near(s[2], -hi, 1e-14, "the higher corner")
    -- (they are 0.31 and 0.71 above it) with a margin of 0.5: the lower one only
    m = c2d.box(5, -2.5, 4, 4, tilt):manifold(floor, 0.5)[1]
    assert.are.equal(1, #m)
    common.near(m[1].separation, -lo, 1e-14, "one corner")
  end)

  it("a capsule lying on a box: two points along its flat side", function()
    -- from x 3 to 7 at y = -1.5, radius 2: its underside at y = 0.5
    local m = c2d.capsule(3, -1.5, 7, -1.5, 2):manifold(floor)[1]
    assert.are.equal(2, #m)
    assert.are.same({ { 3, 0.25, -0.5 }, { 7, 0.25, -0.5 } }, points(m))
  end)

  it("apart beyond the margin: nil; touching: separation 0", function()
    assert.is_nil(c2d.aabb(2, -5, 4, 4):manifold(floor))
    assert.is_nil(c2d.aabb(2, -5, 4, 4):manifold(floor, 0.5))
    local m = c2d.aabb(2, -4, 4, 4):manifold(floor)[1]
    assert.are.same({ { 2, 0, 0 }, { 6, 0, 0 } }, points(m))
  end)

  it("a Group: one manifold per member touched, with its index", function()
    local two = c2d.group(c2d.aabb(0, 0, 10, 10), c2d.aabb(20, 0, 10, 10))
    local list = c2d.aabb(5, -3.5, 20, 4):manifold(two)
    assert.are.equal(2, #list)
    local seen = {}
    for _, m in ipairs(list) do seen[m.pieceB] = points(m) end
    assert.are.same({ { 5, 0.25, -0.5 }, { 10, 0.25, -0.5 } }, seen[1])
    assert.are.same({ { 20, 0.25, -0.5 }, { 25, 0.25, -0.5 } }, seen[2])
  end)

  it("bad margin", function()
    local a = c2d.disk(0, 0, 1)
    assert.has_error(function() a:manifold(a, -1) end, "bad argument #2 to 'manifold' (margin must be >= 0)")
    assert.has_error(function() a:manifold(a, 0 / 0) end)
    assert.has_error(function() a:manifold(a, 0, 5) end)
  end)
end)

-- 2. Random pairs ---------------------------------------------------------------

local rng = common.lcg(5150)
local function r(a, b) return rng.range(a, b) end
local KINDS = common.CONVEX_KINDS
local function random_shape(i, cx, cy) return common.random_shape(rng, KINDS[i], cx, cy) end

describe("manifold against independent facts (500 seeded convex pairs)", function()
  it("least separation, unit and reversed normals, points between the surfaces", function()
    local overlapping, apart = 0, 0
    for i = 1, 500 do
      local o = (i % 5 == 0) and 1e6 or 0
      local a = random_shape(1 + i % 7, o + r(-2, 2), o + r(-2, 2))
      local b = random_shape(1 + (i * 3) % 7, o + r(-2, 2), o + r(-2, 2))
      local margin = 0.5
      local list = a:manifold(b, margin)
      local d = a:distance(b)
      local _, _, depth = a:contact(b)
      local tol = 1e-9 * (1 + abs(o))
      if d > margin then
        assert.is_nil(list, ("pair %d: %g apart, beyond the margin"):format(i, d))
      else
        assert.is_table(list, ("pair %d: %g apart, within the margin, and no manifold"):format(i, d))
        local m = list[1]
        assert.is_true(abs(m.nx * m.nx + m.ny * m.ny - 1) < 1e-12)
        local least = math.huge
        for k = 1, #m do
          local p = m[k]
          least = min(least, p.separation)
          -- midway between the surfaces: within half the separation of each
          local reach = abs(p.separation) / 2 + tol
          local pt = c2d.point(p.x, p.y)
          assert.is_true(pt:distance(a) <= reach and pt:distance(b) <= reach,
            ("pair %d: point (%g, %g) is %g from a and %g from b (separation %g)"):format(i, p.x, p.y,
              pt:distance(a), pt:distance(b), p.separation))
        end
        if d > 0 then
          apart = apart + 1
          common.near(least, d, tol, ("pair %d: the least separation, the distance"):format(i))
        else
          overlapping = overlapping + 1
          common.near(least, -depth, tol, ("pair %d: the least separation, minus the depth"):format(i))
        end
        local back = b:manifold(a, margin)[1]
        common.near(back.nx, -m.nx, 1e-9, "reversed nx")
        common.near(back.ny, -m.ny, 1e-9, "reversed ny")
      end
    end
    assert.is_true(overlapping > 100 and apart > 20, ("overlapping %d, apart %d"):format(overlapping, apart))
    assert.is_true(max(overlapping, apart) < 500)
  end)
end)

describe("manifold's into", function()
  it("is filled and returned, shrinks, and is cleared when nothing touches", function()
    local floor = c2d.aabb(0, 0, 10, 10)
    local into = {}
    assert.are.equal(into, c2d.aabb(2, -3.5, 4, 4):manifold(floor, 0, into))
    assert.are.equal(2, #into[1])
    c2d.disk(5, -2, 2.5):manifold(floor, 0, into)
    assert.are.equal(1, #into)
    assert.are.equal(1, #into[1])
    assert.is_nil(c2d.disk(5, -20, 1):manifold(floor, 0, into))
    assert.are.equal(0, #into)
    assert.is_nil(next(into))
  end)
end)
