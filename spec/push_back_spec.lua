-- a:pushBack(dx, dy, b): how far back along its move a shape left overlapping
-- b must go to only touch it.
--
-- 1. Hand-worked cases: boxes and a disk against a wall along and across the
--    axes, a chain of two walls (out of one into the other, and on out), a
--    tile floor, a Line, no overlap, a zero move.
-- 2. Seeded random overlapping convex pairs against the definition itself:
--    at the k answered the shapes touch (within rounding), and everywhere
--    before it along the way back (sampled) they overlap: no less k will do.
-- 3. Bad input.
local c2d = require "collide2d"
local common = require "support.common"

local abs, sqrt = math.abs, math.sqrt

describe("pushBack: hand-worked", function()
  local wall = c2d.aabb(10, 0, 10, 10)

  it("goes back along the move, not the shortest way out", function()
    -- the box's right side, x = 12, is 2 into the wall (x = 10): back along
    -- (3, 0) by 2/3 of it; along (3, 3), the same 2/3 (its y stays inside the
    -- wall's height); along (1, 2), x moves by 1 a step: k = 2
    local k, nx, ny, px = c2d.aabb(8, 2, 4, 4):pushBack(3, 0, wall)
    common.near(k, 2 / 3, 1e-15, "k")
    assert.are.same({ -1, 0 }, { nx, ny })
    assert.are.equal(10, px)
    common.near(c2d.aabb(8, 2, 4, 4):pushBack(3, 3, wall), 2 / 3, 1e-15, "k along (3, 3)")
    common.near(c2d.aabb(8, 2, 4, 4):pushBack(1, 2, wall), 2, 1e-15, "k along (1, 2)")
    -- contact would push it up or left by the least, 2; pushBack along (0, 1)
    -- from the wall's top: the box 8..12 x 2..6 goes up until its bottom
    -- (y = 6 - 4 = 2 ... 2 - k) leaves y = 0: k = 6 (its top, 6, down to 0)
    common.near(c2d.aabb(8, 2, 4, 4):pushBack(0, 1, wall), 6, 1e-15, "k along (0, 1)")
  end)

  it("a disk: back until its rim touches", function()
    -- centre 11, radius 2, the wall's face x = 10: back to centre 8 by (1, 0) steps
    local k, nx, ny, px, py = c2d.disk(11, 5, 2):pushBack(1, 0, wall)
    common.near(k, 3, 1e-15, "k")
    assert.are.same({ -1, 0, 10, 5 }, { nx, ny, px, py })
  end)

  it("out of one piece into the next goes on out of that one", function()
    -- walls 10..20 and 20..30 side by side; a box 18..22 moved right by 5:
    -- back until its right side, 22, is at 10: 12 / 5
    local two = c2d.group(c2d.aabb(10, 0, 10, 10), c2d.aabb(20, 0, 10, 10))
    common.near(c2d.aabb(18, 2, 4, 4):pushBack(5, 0, two), 12 / 5, 1e-15, "group")
    local concave = c2d.concave(10, 0, 30, 0, 30, 10, 10, 10)
    common.near(c2d.aabb(18, 2, 4, 4):pushBack(5, 0, concave), 12 / 5, 1e-15, "concave")
    -- a gap between the walls (20..21) as wide as nothing: the box 4 wide
    -- does not fit, so still out past 10; a gap 5 wide (20..25) holds it:
    -- back until its left side, 18, ... its right side 22 at 25? it is in
    -- the gap once its right side is at 20 or less and its left at 25 or
    -- more: never (4 < 5 but the box straddles 20 now): out to x <= 20 with
    -- the right side: k = (22 - 20) / 5 = 0.4 leaves it at 16..20, in the
    -- first wall still; on to 10: 2.4
    local gap = c2d.group(c2d.aabb(10, 0, 10, 10), c2d.aabb(25, 0, 10, 10))
    common.near(c2d.aabb(18, 2, 4, 4):pushBack(5, 0, gap), 12 / 5, 1e-15, "gap")
    -- a box 21..24 in the gap, moved left by 2: it overlaps nothing
    assert.is_nil(c2d.aabb(21, 2, 3, 4):pushBack(-2, 0, gap))
    -- a box 19..23 moved left: back (to the right) by 1 step frees it into the gap
    common.near(c2d.aabb(19, 2, 4, 4):pushBack(-1, 0, gap), 1, 1e-15, "into the gap")
  end)

  it("a tile floor, either way round", function()
    -- tiles 10 high from y = 10; a box 12..16 x 6..12 moved down by 4: its
    -- bottom 12 is 2 below the floor's top: k = 1/2, the normal up (-y)
    local floor = c2d.tiles(0, 10, 10, 10, 5, 1, "#####")
    local k, nx, ny = c2d.aabb(12, 6, 4, 6):pushBack(0, 4, floor)
    common.near(k, 0.5, 1e-15, "k")
    assert.are.same({ 0, -1 }, { nx, ny })
    -- the floor moved up by 4 into the box: the same k, the normal reversed
    k, nx, ny = floor:pushBack(0, -4, c2d.aabb(12, 6, 4, 6))
    common.near(k, 0.5, 1e-15, "layer k")
    assert.are.same({ 0, 1 }, { nx, ny })
  end)

  it("a Line: across it, and along it never", function()
    -- the disk at (0, 1) of radius 2 crosses y = 0; back along (0, 1) steps
    -- (down) until its top, 3 - k, is at 0
    local line = c2d.line(-5, 0, 5, 0)
    local k, nx, ny = c2d.disk(0, 1, 2):pushBack(0, 1, line)
    common.near(k, 3, 1e-15, "k")
    assert.are.same({ 0, -1 }, { nx, ny })
    assert.are.equal(math.huge, (c2d.disk(0, 1, 2):pushBack(1, 0, line)))
  end)

  it("nothing to do apart or touching; no way out without a move", function()
    assert.is_nil(c2d.aabb(0, 0, 1, 1):pushBack(1, 0, wall))
    assert.is_nil(c2d.aabb(6, 0, 4, 4):pushBack(1, 0, wall))   -- touching x = 10
    assert.are.equal(math.huge, (c2d.aabb(8, 2, 4, 4):pushBack(0, 0, wall)))
  end)
end)

-- 2. Random convex pairs ------------------------------------------------------

local rng = common.lcg(20261128)
local function r(a, b) return rng.range(a, b) end

local KINDS = { "disk", "aabb", "box", "triangle", "capsule", "hull" }
local function random_shape(i, cx, cy) return common.random_shape(rng, KINDS[i], cx, cy) end

describe("pushBack against its definition (400 seeded overlapping convex pairs)", function()
  it("touches at k, and overlaps at every sampled point before it", function()
    local checked = 0
    for i = 1, 400 do
      local o = (i % 4 == 0) and 1e6 or 0
      local a = random_shape(1 + i % 6, o + r(-2, 2), o + r(-2, 2))
      local b = random_shape(1 + (i * 5) % 6, o + r(-2, 2), o + r(-2, 2))
      local dx, dy = r(-5, 5), r(-5, 5)
      local k, nx, ny = a:pushBack(dx, dy, b)
      local _, _, depth = a:contact(b)
      if depth and depth > 1e-9 then
        checked = checked + 1
        assert.is_number(k, ("pair %d: %s and %s overlap, and pushBack says nothing"):format(i, tostring(a), tostring(b)))
        assert.is_true(abs(nx * nx + ny * ny - 1) < 1e-12)
        -- the size of the rounding: ulps of the coordinates, times the
        -- motion's length over the speed at which the gap opens
        local tol = 1e-9 * (1 + abs(o))
        local at = a:clone():move(-k * dx, -k * dy)
        assert.is_true(at:distance(b) <= tol, ("pair %d: %g apart at k"):format(i, at:distance(b)))
        local _, _, d_at = at:contact(b)
        assert.is_true(d_at == nil or d_at <= tol * 10,
          ("pair %d: still %g deep at k = %.17g"):format(i, d_at or 0, k))
        for j = 0, 9 do
          local s = k * j / 10
          local _, _, ds = a:clone():move(-s * dx, -s * dy):contact(b)
          -- (the interval's inside: overlap, not within rounding of its ends)
          if (k - s) * sqrt(dx * dx + dy * dy) > 1e-6 * (1 + abs(o)) then
            assert.is_true(ds ~= nil and ds > 0, ("pair %d: apart already at %.17g < k = %.17g"):format(i, s, k))
          end
        end
      else
        assert.is_nil(k)
      end
    end
    assert.is_true(checked > 100, ("only %d overlapping pairs drawn"):format(checked))
  end)
end)

describe("pushBack: bad input", function()
  it("names the argument at fault", function()
    local a, b = c2d.disk(0, 0, 1), c2d.disk(1, 0, 1)
    assert.has_error(function() a:pushBack(0 / 0, 0, b) end, "bad argument #1 to 'pushBack' (dx must be finite)")
    assert.has_error(function() a:pushBack(1, "x", b) end)
    assert.has_error(function() a:pushBack(1, 0, {}) end)
  end)
end)
