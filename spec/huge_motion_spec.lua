-- sweep and raycast when the motion is enormous next to the shapes (1e150 to
-- 1e300 against shapes of size 1): the same answers as for an ordinary motion,
-- with t scaled by the motion's length. Every case states its gap g along the
-- motion's unit direction u, worked out by hand beside it, so that a motion
-- M*u first touches at t = g / M, with the normal and the touching point of the
-- ordinary geometry (which do not depend on M). Each case runs for M = 20 (an
-- ordinary motion), 1e150, 1e200 and 1e300, as given and with every coordinate
-- moved by (1e6, 1e6).
local c2d = require "collide2d"
local common = require "support.common"

local sqrt, pi = math.sqrt, math.pi
local h2 = sqrt(2) / 2
local near = common.near

local MOTIONS = { 20, 1e150, 1e200, 1e300 }
local OFFSETS = { { 0, 0 }, { 1e6, 1e6 } }

-- The U: a 3 x 3 square with the notch 1 < x < 2, y > 1 cut from its top.
local function U(ox, oy)
  return c2d.concave(0 + ox, 0 + oy, 3 + ox, 0 + oy, 3 + ox, 3 + oy, 2 + ox, 3 + oy,
                     2 + ox, 1 + oy, 1 + ox, 1 + oy, 1 + ox, 3 + oy, 0 + ox, 3 + oy)
end

-- A disk and an AABB 3 apart, as one Group.
local function pair_group(ox, oy)
  return c2d.group(c2d.disk(ox, oy, 1), c2d.aabb(4 + ox, -1 + oy, 2, 2))
end

-- The unit box [0, 1] x [-1, 1].
local function unit_box(ox, oy) return c2d.aabb(ox, -1 + oy, 1, 2) end
local function unit_disk(ox, oy) return c2d.disk(ox, oy, 1) end

-- Ray cases: shape, start o, unit direction u; t = g / M, normal n.
local rays = {
  -- From (5, 0) leftward: the disk's right end (1, 0) is 4 away.
  { "disk, head on, leftward", unit_disk, o = { 5, 0 }, u = { -1, 0 }, g = 4, n = { 1, 0 } },
  { "disk, head on, rightward", unit_disk, o = { -5, 0 }, u = { 1, 0 }, g = 4, n = { -1, 0 } },
  -- At y = 0.6 the circle is at x = sqrt(1 - 0.36) = 0.8: 4.2 away, normal (0.8, 0.6).
  { "disk, off centre", unit_disk, o = { 5, 0.6 }, u = { -1, 0 }, g = 4.2, n = { 0.8, 0.6 } },
  -- Downward from (0, 5): the top (0, 1) is 4 away.
  { "disk, downward", unit_disk, o = { 0, 5 }, u = { 0, -1 }, g = 4, n = { 0, 1 } },
  -- Along the diagonal from (3, 3): the circle at (h2, h2), 3 sqrt2 - 1 away.
  { "disk, diagonal", unit_disk, o = { 3, 3 }, u = { -h2, -h2 }, g = 3 * sqrt(2) - 1, n = { h2, h2 } },
  { "point", function(ox, oy) return c2d.point(ox, oy) end, o = { 5, 0 }, u = { -1, 0 }, g = 5, n = { 1, 0 } },
  -- The box's right face x = 1, 2 away; its top face y = 1, 6 away.
  { "aabb, right face", unit_box, o = { 3, 0.5 }, u = { -1, 0 }, g = 2, n = { 1, 0 } },
  { "aabb, top face", unit_box, o = { 0.5, 7 }, u = { 0, -1 }, g = 6, n = { 0, 1 } },
  -- Along the top face y = 1 (touching counts): enters at x = 1, 4 away.
  { "aabb, along its top face", unit_box, o = { 5, 1 }, u = { -1, 0 }, g = 4, n = { 1, 0 } },
  -- The square turned by 45 degrees, corners sqrt2 out on the axes: at y = 0.5
  -- its edge x + y = sqrt2 is at x = sqrt2 - 0.5, 5.5 - sqrt2 away.
  { "box", function(ox, oy) return c2d.box(ox, oy, 2, 2, pi / 4) end, o = { 5, 0.5 }, u = { -1, 0 },
    g = 5.5 - sqrt(2), n = { h2, h2 } },
  -- The hypotenuse x + y = 2 at y = 0.5 is at x = 1.5, 1.5 away.
  { "polygon", function(ox, oy) return c2d.polygon(ox, oy, 2 + ox, oy, ox, 2 + oy) end, o = { 3, 0.5 },
    u = { -1, 0 }, g = 1.5, n = { h2, h2 } },
  -- The capsule's side y = 1, 4 away; its end cap (5, 0), 3 away.
  { "capsule side", function(ox, oy) return c2d.capsule(ox, oy, 4 + ox, oy, 1) end, o = { 2, 5 }, u = { 0, -1 },
    g = 4, n = { 0, 1 } },
  { "capsule end", function(ox, oy) return c2d.capsule(ox, oy, 4 + ox, oy, 1) end, o = { 8, 0 }, u = { -1, 0 },
    g = 3, n = { 1, 0 } },
  -- The quarter fan x >= |y|, radius 10: its arc at (10, 0), 10 away; from
  -- (5, 20) downward its upper edge y = x at (5, 5), 15 away.
  { "fan arc", function(ox, oy) return c2d.fan(ox, oy, 10, 0, pi / 2) end, o = { 20, 0 }, u = { -1, 0 },
    g = 10, n = { 1, 0 } },
  { "fan edge", function(ox, oy) return c2d.fan(ox, oy, 10, 0, pi / 2) end, o = { 5, 20 }, u = { 0, -1 },
    g = 15, n = { -h2, h2 } },
  -- Down into the U's notch: its floor y = 1, 9 away; from the right its side x = 3, 7 away.
  { "concave, into the notch", U, o = { 1.5, 10 }, u = { 0, -1 }, g = 9, n = { 0, 1 } },
  { "concave, its side", U, o = { 10, 2 }, u = { -1, 0 }, g = 7, n = { 1, 0 } },
  -- The Group's AABB [4, 6] x [-1, 1] comes first from the right: 4 away.
  { "group", pair_group, o = { 10, 0 }, u = { -1, 0 }, g = 4, n = { 1, 0 } },
  -- Misses: passing 0.5 above the disk, pointing away, 1e-9 above the box's top.
  { "disk, passing above", unit_disk, o = { 5, 1.5 }, u = { -1, 0 }, miss = true },
  { "disk, pointing away", unit_disk, o = { 5, 0 }, u = { 1, 0 }, miss = true },
  { "aabb, 1e-9 above its top", unit_box, o = { 5, 1 + 1e-9 }, u = { -1, 0 }, miss = true },
  { "concave, over the notch", U, o = { 10, 3 + 1e-9 }, u = { -1, 0 }, miss = true },
  -- Starting inside: t = 0, the normal facing the ray.
  { "disk, starting inside", unit_disk, o = { 0.5, 0 }, u = { -1, 0 }, g = 0, n = { 1, 0 } },
  { "aabb, starting on its face", unit_box, o = { 1, 0 }, u = { 0, 1 }, g = 0, n = { 0, -1 } },
}

describe("raycast with an enormous motion", function()
  for _, c in ipairs(rays) do
    for _, M in ipairs(MOTIONS) do
      for _, off in ipairs(OFFSETS) do
        local ox, oy = off[1], off[2]
        it(("%s, motion %g, at (%g, %g)"):format(c[1], M, ox, oy), function()
          local s = c[2](ox, oy)
          local t, nx, ny = s:raycast(c.o[1] + ox, c.o[2] + oy, c.u[1] * M, c.u[2] * M)
          if c.miss then
            assert.is_nil(t)
            return
          end
          local tol = ox == 0 and 1e-12 or 1e-9
          assert.is_number(t)
          near(t, c.g / M, tol * c.g / M, "t")
          near(nx, c.n[1], tol, "nx")
          near(ny, c.n[2], tol, "ny")
        end)
      end
    end
  end

  it("a long ray through maxt: t in the ray's own units", function()
    -- (5, 0.6) leftward along (-1, 0): the circle at x = 0.8, t = 4.2.
    local t, nx, ny = c2d.disk(0, 0, 1):raycast(5, 0.6, -1, 0, 1e300)
    near(t, 4.2, 1e-12, "t")
    near(nx, 0.8, 1e-12, "nx")
    near(ny, 0.6, 1e-12, "ny")
  end)

  it("a direction so long that the shape's box is crossed within the least normal t", function()
    -- From (0.9, 0.9), inside the unit disk's box but outside the disk
    -- (0.81 + 0.81 > 1): rightward it moves away, leftward it enters where
    -- x = sqrt(1 - 0.81), 0.9 - sqrt(0.19) along, so t = that / M.
    local d = c2d.disk(0, 0, 1)
    local g = 0.9 - sqrt(0.19)
    for _, M in ipairs { 1e300, 1e306, 1e307, 1e308 } do
      assert.is_nil(d:raycast(0.9, 0.9, M, 0))
      local t, nx, ny = d:raycast(0.9, 0.9, -M, 0)
      near(t * M, g, 1e-6, "t")
      near(nx, sqrt(0.19), 1e-9, "nx")
      near(ny, 0.9, 1e-9, "ny")
    end
    -- The box [0, 2] x [0, 2] from (1.5, 2.5), above it, heading right: never.
    assert.is_nil(c2d.aabb(0, 0, 2, 2):raycast(1.5, 2.5, 1e308, 0))
    -- Through a World: no hit, and an empty list along the segment.
    local w = c2d.world()
    w:add(d)
    assert.is_nil(w:raycast(0.9, 0.9, 1e308, 0))
    assert.are.equal(0, #w:querySegment(0.9, 0.9, 1.7e308, 0.9))
    local s = w:raycast(0.9, 0.9, -1e308, 0)
    assert.is_true(rawequal(s, d))
  end)

  it("a ray whose direction times maxt is beyond the doubles", function()
    -- Along (-1e200, 0) for t up to 1e200: x = 1 at t = 4 / 1e200.
    local t, nx, ny = c2d.disk(0, 0, 1):raycast(5, 0, -1e200, 0, 1e200)
    near(t, 4e-200, 1e-12 * 4e-200, "t")
    assert.are.equal(1, nx)
    assert.are.equal(0, ny)
  end)

  it("an exact touch stays exact: t is the gap over the motion, to the last bit", function()
    -- The box's face x = 1 from x = 5: t = 4 / 2^700 exactly.
    local M = 2 ^ 700
    local t, nx, ny = c2d.aabb(0, -1, 1, 2):raycast(5, 0, -M, 0)
    assert.are.equal(4 / M, t)
    assert.are.equal(1, nx)
    assert.are.equal(0, ny)
  end)
end)

-- Sweep cases: a moving by M * u (b by M * bu when given); t = g / M,
-- normal n from b toward a, touching point pt (world, at time t).
local sweeps = {
  -- The point's 5 from the box's face x = 0, touching at (0, 0).
  { "point into aabb", function(ox, oy) return c2d.point(-5 + ox, oy) end, unit_box, u = { 1, 0 },
    g = 5, n = { -1, 0 }, pt = { 0, 0 } },
  { "disk into aabb", function(ox, oy) return c2d.disk(-5 + ox, oy, 1) end, unit_box, u = { 1, 0 },
    g = 4, n = { -1, 0 }, pt = { 0, 0 } },
  -- From the right: the disk's left end x = 6 against the face x = 1.
  { "disk into aabb, leftward", function(ox, oy) return c2d.disk(7 + ox, oy, 1) end, unit_box, u = { -1, 0 },
    g = 5, n = { 1, 0 }, pt = { 1, 0 } },
  -- From above: the disk's bottom y = 4 against the top y = 1, over x = 0.5.
  { "disk into aabb, downward", function(ox, oy) return c2d.disk(0.5 + ox, 5 + oy, 1) end, unit_box,
    u = { 0, -1 }, g = 3, n = { 0, 1 }, pt = { 0.5, 1 } },
  -- The AABB [-5, -3] x [-1, 1] against the disk's left end (-1, 0).
  { "aabb into disk", function(ox, oy) return c2d.aabb(-5 + ox, -1 + oy, 2, 2) end, unit_disk, u = { 1, 0 },
    g = 2, n = { -1, 0 }, pt = { -1, 0 } },
  -- The Box [-1, 1] x [9, 11] down onto the triangle's apex (0, 3).
  { "box onto polygon", function(ox, oy) return c2d.box(ox, 10 + oy, 2, 2, 0) end,
    function(ox, oy) return c2d.polygon(-3 + ox, oy, 3 + ox, oy, ox, 3 + oy) end, u = { 0, -1 },
    g = 6, n = { 0, 1 }, pt = { 0, 3 } },
  -- The capsule's right end x = -5 against the disk's left end x = -1.
  { "capsule into disk", function(ox, oy) return c2d.capsule(-10 + ox, oy, -6 + ox, oy, 1) end, unit_disk,
    u = { 1, 0 }, g = 4, n = { -1, 0 }, pt = { -1, 0 } },
  -- The disk's left end x = 19 against the fan's arc at (10, 0).
  { "disk into fan", function(ox, oy) return c2d.disk(20 + ox, oy, 1) end,
    function(ox, oy) return c2d.fan(ox, oy, 10, 0, pi / 2) end, u = { -1, 0 }, g = 9, n = { 1, 0 },
    pt = { 10, 0 } },
  -- Down into the U's notch, onto its floor at (1.5, 1); and the U up onto the point.
  { "point into concave", function(ox, oy) return c2d.point(1.5 + ox, 10 + oy) end, U, u = { 0, -1 },
    g = 9, n = { 0, 1 }, pt = { 1.5, 1 } },
  { "concave onto point", U, function(ox, oy) return c2d.point(1.5 + ox, 10 + oy) end, u = { 0, 1 },
    g = 9, n = { 0, -1 }, pt = { 1.5, 10 } },
  -- The Group's AABB face x = 6 comes first from the right.
  { "point into group", function(ox, oy) return c2d.point(10 + ox, oy) end, pair_group, u = { -1, 0 },
    g = 4, n = { 1, 0 }, pt = { 6, 0 } },
  -- Both moving, toward each other: the gap of 4 closes at 2 M, so t = 2 / M;
  -- the box has moved by t * (-M) = -2 by then.
  { "both moving", function(ox, oy) return c2d.disk(-5 + ox, oy, 1) end, unit_box, u = { 1, 0 }, bu = { -1, 0 },
    g = 2, n = { -1, 0 }, pt = { -2, 0 } },
  -- Overlapping at the start: t = 0 and the contact normal (the disk on the box's
  -- left face leaves it soonest leftward), whatever the motion.
  { "overlapping at the start", unit_disk, unit_box, u = { 1, 0 }, g = 0, n = { -1, 0 } },
  { "overlapping, moving together", unit_disk, unit_box, u = { 0, 1 }, bu = { 0, 1 }, g = 0, n = { -1, 0 } },
  -- Touching at (0, 0) at the start: pressing in is t = 0, moving apart is no hit.
  { "touching, pressing in", function(ox, oy) return c2d.disk(-1 + ox, oy, 1) end, unit_box, u = { 1, 0 },
    g = 0, n = { -1, 0 } },
  { "touching, moving apart", function(ox, oy) return c2d.disk(-1 + ox, oy, 1) end, unit_box, u = { -1, 0 },
    miss = true },
  -- Misses: passing above, moving away, 1e-9 above the box's top.
  { "disk passing above aabb", function(ox, oy) return c2d.disk(-5 + ox, 3 + oy, 1) end, unit_box, u = { 1, 0 },
    miss = true },
  { "disk moving away", function(ox, oy) return c2d.disk(-5 + ox, oy, 1) end, unit_box, u = { -1, 0 },
    miss = true },
  { "disk 1e-9 above aabb", function(ox, oy) return c2d.disk(-5 + ox, 2 + 1e-9 + oy, 1) end, unit_box,
    u = { 1, 0 }, miss = true },
  { "point over the U's arms", function(ox, oy) return c2d.point(10 + ox, 3 + 1e-9 + oy) end, U, u = { -1, 0 },
    miss = true },
  -- A Line, whose box is the whole plane. The disk's top y = 1 rises to the
  -- line y = 10: 9 away, touching at (0, 10).
  { "disk up to a line", unit_disk, function(ox, oy) return c2d.line(ox, 10 + oy, 1 + ox, 10 + oy) end,
    u = { 0, 1 }, g = 9, n = { 0, -1 }, pt = { 0, 10 } },
  -- The box [0, 2] x [-10, -8] along the diagonal to the line y = 0: its top
  -- closes 8 across at a speed of h2, so 8 sqrt2 along the motion.
  { "aabb to a line, diagonally", function(ox, oy) return c2d.aabb(ox, -10 + oy, 2, 2) end,
    function(ox, oy) return c2d.line(ox, oy, 1 + ox, oy) end, u = { h2, h2 }, g = 8 * sqrt(2), n = { 0, -1 } },
  -- The line y = 0 up to the triangle's lowest corner (0, 3).
  { "line up to a triangle", function(ox, oy) return c2d.line(ox, oy, 1 + ox, oy) end,
    function(ox, oy) return c2d.triangle(ox, 3 + oy, 2 + ox, 5 + oy, -2 + ox, 5 + oy) end, u = { 0, 1 },
    g = 3, n = { 0, -1 }, pt = { 0, 3 } },
  -- Two parallel lines 5 apart; two that cross meet at once.
  { "line to a parallel line", function(ox, oy) return c2d.line(ox, oy, 1 + ox, oy) end,
    function(ox, oy) return c2d.line(ox, 5 + oy, 1 + ox, 5 + oy) end, u = { 0, 1 }, g = 5, n = { 0, -1 } },
  { "line across a line", function(ox, oy) return c2d.line(ox, oy, 1 + ox, oy) end,
    function(ox, oy) return c2d.line(ox, 5 + oy, 1 + ox, 6 + oy) end, u = { 0, 1 }, g = 0, n = { -h2, h2 } },
  -- Beside a line and moving along it, or away from it: never.
  { "disk along a line", unit_disk, function(ox, oy) return c2d.line(ox, 10 + oy, 1 + ox, 10 + oy) end,
    u = { 1, 0 }, miss = true },
  { "disk away from a line", unit_disk, function(ox, oy) return c2d.line(ox, 10 + oy, 1 + ox, 10 + oy) end,
    u = { 0, -1 }, miss = true },
}

describe("sweep with an enormous motion", function()
  for _, c in ipairs(sweeps) do
    for _, M in ipairs(MOTIONS) do
      for _, off in ipairs(OFFSETS) do
        local ox, oy = off[1], off[2]
        it(("%s, motion %g, at (%g, %g)"):format(c[1], M, ox, oy), function()
          local a, b = c[2](ox, oy), c[3](ox, oy)
          local bu = c.bu or { 0, 0 }
          local t, nx, ny, px, py = a:sweep(c.u[1] * M, c.u[2] * M, b, bu[1] * M, bu[2] * M)
          if c.miss then
            assert.is_nil(t)
            return
          end
          local tol = ox == 0 and 1e-12 or 1e-9
          assert.is_number(t)
          if c.g == 0 then assert.are.equal(0, t) else near(t, c.g / M, tol * c.g / M, "t") end
          near(nx, c.n[1], tol, "nx")
          near(ny, c.n[2], tol, "ny")
          if c.pt then
            near(px, c.pt[1] + ox, ox == 0 and 1e-9 or 1e-6, "px")
            near(py, c.pt[2] + oy, ox == 0 and 1e-9 or 1e-6, "py")
          end
          -- The mirrored call: the same t, the normal reversed.
          local t2, nx2, ny2 = b:sweep(bu[1] * M, bu[2] * M, a, c.u[1] * M, c.u[2] * M)
          assert.are.equal(t, t2)
          near(nx2, -c.n[1], tol, "mirrored nx")
          near(ny2, -c.n[2], tol, "mirrored ny")
        end)
      end
    end
  end

  it("against Lines, as long as for an ordinary motion, for every kind (a cross-check)", function()
    -- Random shapes of every kind against random Lines: the motion times
    -- 2^400 to 2^1000 gives the t of the same motion times 10^6 (ordinary
    -- there), scaled back, or no hit when that one has none within its reach.
    local rnd = common.lcg(12345).range
    local function shape(k)
      local x, y = rnd(-20, 20), rnd(-20, 20)
      if k == 1 then return c2d.disk(x, y, rnd(0.5, 5))
      elseif k == 2 then return c2d.aabb(x, y, rnd(1, 8), rnd(1, 8))
      elseif k == 3 then return c2d.box(x, y, rnd(1, 8), rnd(1, 8), rnd(0, 3))
      elseif k == 4 then return c2d.capsule(x, y, x + rnd(-5, 5), y + rnd(-5, 5), rnd(0.5, 3))
      elseif k == 5 then return c2d.triangle(x, y, x + rnd(-5, 5), y + rnd(-5, 5), x + rnd(-5, 5), y + rnd(-5, 5))
      elseif k == 6 then return c2d.point(x, y)
      elseif k == 7 then return c2d.segment(x, y, x + rnd(-5, 5), y + rnd(-5, 5))
      elseif k == 8 then return c2d.fan(x, y, rnd(2, 8), rnd(0, 6), rnd(0.3, 3))
      elseif k == 9 then return c2d.line(x, y, x + rnd(-5, 5), y + rnd(-5, 5))
      elseif k == 10 then return c2d.polygon(x, y, x + 4, y, x + 5, y + 3, x + 1, y + 4)
      else return c2d.concave(x, y, x + 3, y, x + 3, y + 3, x + 2, y + 3, x + 2, y + 1, x + 1, y + 1, x + 1, y + 3, x, y + 3) end
    end
    local bad, hits = {}, 0
    for _, scale in ipairs { 2 ^ 400, 2 ^ 600, 2 ^ 900, 2 ^ 1000 } do
      for i = 1, 550 do
        local a, b = shape(1 + i % 11), c2d.line(rnd(-20, 20), rnd(-20, 20), rnd(-20, 20), rnd(-20, 20))
        if i % 3 == 0 then a, b = b, a end
        local vx, vy = rnd(-100, 100), rnd(-100, 100)
        local t1 = a:sweep(vx * 1e6, vy * 1e6, b)
        local t2 = a:sweep(vx * scale, vy * scale, b)
        t1 = t1 and t1 * 1e6
        t2 = t2 and t2 * scale
        local ok
        if t1 == nil then ok = t2 == nil or t2 > 1e6
        else ok = t2 ~= nil and math.abs(t2 - t1) <= 1e-9 * math.max(1, t1) end
        if t1 then hits = hits + 1 end
        if not ok and #bad < 5 then bad[#bad + 1] = ("%s vs %s by (%g, %g): %s, %s"):format(tostring(a), tostring(b), vx, vy, tostring(t1), tostring(t2)) end
      end
    end
    assert.is_true(hits > 500, "enough hits to compare: " .. hits)
    assert.are.same({}, bad)
  end)

  it("nearly along a Line: t is the gap over the speed across it", function()
    -- Lines along (k, 0), (0, k), (k, k) and (-k, k), k a power of two, and
    -- motions of 2^300 to 2^1000 along them with a part across small enough
    -- to be lost next to them in any sum, but exact here: added to the
    -- component the line leaves at 0, or a relative change of 2^-40 in one
    -- component of a diagonal motion (cross(e, v) = k (vy - vx), exact by
    -- Sterbenz). A disk or point at signed distance d with radius r meets
    -- the line after (|d| - r) / |speed across| when it heads for it.
    local rnd = common.lcg(777).range
    local bad, hits = {}, 0
    for i = 1, 3000 do
      local k = 2 ^ math.floor(rnd(-3, 4))
      local dir = ({ { k, 0 }, { 0, k }, { k, k }, { -k, k } })[1 + i % 4]
      local ex, ey = dir[1], dir[2]
      local x1, y1 = math.floor(rnd(-20, 20)), math.floor(rnd(-20, 20))
      local line = c2d.line(x1, y1, x1 + ex, y1 + ey)
      local cx, cy, r = rnd(-20, 20), rnd(-20, 20), rnd(0, 3)
      if r <= 0.5 then r = 0 end
      local s = r > 0 and c2d.disk(cx, cy, r) or c2d.point(cx, cy)
      local len = sqrt(ex * ex + ey * ey)
      local big = 2 ^ math.floor(rnd(300, 1000))
      local sgn = i % 3 == 0 and -1 or 1
      local vx, vy = sgn * ex / k * big, sgn * ey / k * big
      if ex == 0 then vx = vx + rnd(-50, 50)
      elseif ey == 0 then vy = vy + rnd(-50, 50)
      else vy = vy * (1 + 2 ^ -40 * rnd(-1, 1)) end
      local cross = ex == 0 and -ey * vx or ey == 0 and ex * vy or ex * vy - ey * vx
      local speed = cross / len
      local d = ((cy - y1) * ex - (cx - x1) * ey) / len
      if math.abs(d) > r + 1e-9 then
        local want
        if d * speed < 0 then want = (math.abs(d) - r) / math.abs(speed) end
        local t = s:sweep(vx, vy, line)
        local ok
        if want == nil or want > 1 then ok = t == nil
        else ok = t ~= nil and math.abs(t - want) <= 1e-9 * want; hits = hits + 1 end
        local t2 = line:sweep(-vx, -vy, s)
        ok = ok and t2 == t
        if not ok and #bad < 5 then
          bad[#bad + 1] = ("%s vs %s by (%.17g, %.17g): %s (mirrored %s), want %s"):format(tostring(s), tostring(line),
            vx, vy, tostring(t), tostring(t2), tostring(want))
        end
      end
    end
    assert.is_true(hits > 1000, "enough hits: " .. hits)
    assert.are.same({}, bad)
    -- By hand: a disk of radius 1 at the origin, the line y = 10, motion
    -- (1e300, 1e80): the gap 9 closes at 1e80 across, t = 9e-80, touching
    -- at (9e220, 10).
    local t, nx, ny, px, py = c2d.disk(0, 0, 1):sweep(1e300, 1e80, c2d.line(0, 10, 1, 10))
    near(t, 9e-80, 1e-12 * 9e-80, "t")
    assert.are.same({ 0, -1 }, { nx, ny })
    near(px, 9e220, 1e-12 * 9e220, "px")
    near(py, 10, 1e-12, "py")
  end)

  it("a Line and a shape carried together, a Line of points 1e-301 apart, a huge polygon over a Concave", function()
    -- Both moving by (1e300, 0): no motion between them; overlapping at the
    -- start (the disk's centre on the line), so t = 0.
    local t = c2d.line(0, 0, 1, 0):sweep(1e300, 0, c2d.disk(0, 0, 1), 1e300, 0)
    assert.are.equal(0, t)
    -- Two horizontal Lines 5 apart, one given by points 1e-301 apart: the gap
    -- closes at 1e300 across, t = 5e-300, the same both ways round.
    local a = c2d.line(0, 0, 1, 0)
    local b = c2d.line(0, 5, 1e-301, 5)
    local t1, nx1, ny1 = a:sweep(1e299, 1e300, b)
    local t2, nx2, ny2 = b:sweep(-1e299, -1e300, a)
    near(t1, 5e-300, 1e-12 * 5e-300, "t")
    assert.are.equal(t1, t2)
    assert.are.same({ 0, -1, 0, 1 }, { nx1, ny1, nx2, ny2 })
    -- A polygon 1e290 across over a small Concave: the sweep returns (it
    -- looped for ever, its cut search at an infinite distance).
    local big = c2d.polygon(-2e149, 1e150, -5e290, 4e289, -5e290, -2e291, -5e290, -2e291, 1e290, -2e291)
    local l = c2d.concave(0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2)
    big:sweep(-1e18, 1e18, l)
  end)

  it("a motion near the largest double, whose window lies below the normal doubles", function()
    -- A point passing 1e-16 beside another misses, however far it goes; a
    -- point 1 below, and a disk whose gap is 3, are met after 1 and 3 of 1e308.
    assert.is_nil(c2d.point(0, 0):sweep(0, -1e308, c2d.point(1e-16, -1)))
    assert.is_nil(c2d.point(0, 0):sweep(0, -1e300, c2d.point(1e-300, -1e-9)))
    assert.is_nil(c2d.segment(0, 0, 1, 0):sweep(0, -1e308, c2d.segment(2, -1, 3, -1)))
    local t, nx, ny = c2d.point(0, 0):sweep(0, -1e308, c2d.point(0, -1))
    near(t, 1e-308, 1e-6 * 1e-308, "t")
    assert.are.same({ 0, 1 }, { nx, ny })
    t = c2d.disk(0, 0, 1):sweep(0, -1e308, c2d.disk(0, -5, 1))
    near(t, 3e-308, 1e-6 * 3e-308, "t")
  end)

  it("an exact touch stays exact: t is the gap over the motion, to the last bit", function()
    local M = 2 ^ 900
    local t, nx, ny = c2d.aabb(-5, -1, 2, 2):sweep(M, 0, c2d.aabb(0, -1, 1, 2))
    assert.are.equal(3 / M, t)
    assert.are.equal(-1, nx)
    assert.are.equal(0, ny)
  end)
end)

describe("World:move with an enormous goal", function()
  it("stops touching what is in the way", function()
    -- The disk's right end (1, 0) meets the wall's face x = 5 after 4: it stops at x = 4.
    local w = c2d.world()
    local hero = w:add(c2d.disk(0, 0, 1))
    w:add(c2d.aabb(5, -5, 1, 10))
    local x, y, cols, len = w:move(hero, 1e200, 0)
    assert.are.equal(1, len)
    near(x, 4, 1e-12, "x")
    near(y, 0, 1e-12, "y")
    near(cols[1].nx, -1, 1e-12, "nx")
    near(cols[1].ny, 0, 1e-12, "ny")
  end)

  it("stops on a Line in the way", function()
    -- The box [0, 2] x [-10, -8] heads for y = 1e100 and beyond: its face
    -- y = -8 meets the line y = 0 after 8, where its position is (0, -2).
    local w = c2d.world()
    w:add(c2d.line(0, 0, 1, 0))
    local p = w:add(c2d.aabb(0, -10, 2, 2))
    for _, goal in ipairs { 1e100, 1e200, 1e300 } do
      local x, y, _, len = w:check(p, 0, goal)
      assert.are.same({ 0, -2, 1 }, { x, y, len })
    end
  end)
end)
