-- Rounded shapes: a Box, Triangle or Polygon (a hull's too) given one number
-- more, its radius r, is the set of points within r of the sharp shape (its
-- Minkowski sum with a disk of radius r).
--
-- Every expected value here comes from outside the code under test:
--   * hand-worked numbers, derived in the comments;
--   * the sharp shape's own answers (queries on sharp shapes are pinned by the
--     other specs), moved by the radius: dist(Pr, X) = max(0, dist(P, X) - r);
--   * an oracle written here in plain Lua, the Minkowski difference: X moved
--     by t meets Pr = P + D(r) (X = C + D(q), C its sharp core, q its radius
--     or 0) exactly when t lies in T = (P - C) + D(r + q). With M = P - C (the
--     hull of the vertex differences, built here) every query is a question
--     about the point 0 and the rounded convex polygon T: distance, hits and
--     contact from the signed distance of 0 to M; sweeps, raycasts and
--     pushBack from a ray from 0 against T, met where it crosses one of the
--     edges of M moved out by R or one of the circles of radius R round its
--     vertices.
--   * mass properties from the parts formula (by hand) and, for random
--     shapes, from a fine polygon along the boundary built here (arcs of 2^k
--     chords, two sizes and Richardson's extrapolation).
local c2d = require "collide2d"
local common = require "support.common"

local unpack = table.unpack or unpack
local pi, sqrt, cos, sin, abs, max, min, huge = math.pi, math.sqrt, math.cos, math.sin, math.abs, math.max, math.min, math.huge
local atan2 = math.atan2 or math.atan
local near = common.near

-- Hand-worked ---------------------------------------------------------------------

describe("rounded shapes: hand-worked", function()
  -- B: the box 10 by 6 at the origin rounded by 2. Its core is [-5, 5] x [-3, 3];
  -- its flats are x = +-7 (|y| <= 3) and y = +-5 (|x| <= 5); its corners are
  -- quarter circles of radius 2 about (+-5, +-3).
  local function B() return c2d.box(0, 0, 10, 6, 0, 2) end
  local h = sqrt(2) / 2

  it("its box, its numbers, and its boundary on the flats and on the arcs", function()
    local b = B()
    assert.are.same({ -7, -5, 7, 5 }, { b:bbox() })
    assert.are.same({ 0, 0, 10, 6, 0, 2 }, { b:unpack() })
    assert.are.equal("Box(0, 0, 10, 6, 0, 2)", tostring(b))
    assert.are.equal("Box", b:type())
    assert.are.same({ 0, 0 }, { b:center() })
    -- the right flat x = 7: touching counts, 1e-9 beyond it does not
    assert.is_true(b:hits(c2d.point(7, 0)))
    assert.is_false(b:hits(c2d.point(7 + 1e-9, 0)))
    assert.is_true(b:contains(7, 3))              -- where the flat meets the arc
    assert.is_true(b:contains(0, -5))
    assert.is_false(b:contains(0, -5 - 1e-9))
    -- the square's corner (7, 5) is outside: it is 2 sqrt 2 - 2 = 0.83 beyond the arc
    assert.is_false(b:contains(7, 5))
    assert.is_false(b:hits(c2d.point(6.5, 4.5)))  -- sqrt(1.5^2 + 1.5^2) = 2.12 > 2 from (5, 3)
    -- on the arc about (5, 3) at 45 degrees, 1e-9 inside and outside
    for _, c in ipairs({ { 5, 3, 1, 1 }, { -5, 3, -1, 1 }, { -5, -3, -1, -1 }, { 5, -3, 1, -1 } }) do
      local cx, cy, sx, sy = c[1], c[2], c[3], c[4]
      assert.is_true(b:hits(c2d.point(cx + sx * (2 - 1e-9) * h, cy + sy * (2 - 1e-9) * h)))
      assert.is_false(b:hits(c2d.point(cx + sx * (2 + 1e-9) * h, cy + sy * (2 + 1e-9) * h)))
      assert.is_true(b:contains(cx + sx * (2 - 1e-9) * h, cy + sy * (2 - 1e-9) * h))
      assert.is_false(b:contains(cx + sx * (2 + 1e-9) * h, cy + sy * (2 + 1e-9) * h))
    end
    -- a disk of radius 1 centred 3 - 1e-9 from the corner centre along 30 degrees
    -- meets the arc (2 + 1 = 3); 3 + 1e-9 does not
    local u, v = cos(pi / 6), sin(pi / 6)
    assert.is_true(b:hits(c2d.disk(5 + (3 - 1e-9) * u, 3 + (3 - 1e-9) * v, 1)))
    assert.is_false(b:hits(c2d.disk(5 + (3 + 1e-9) * u, 3 + (3 + 1e-9) * v, 1)))
  end)

  it("distance: to a flat, to an arc, and between two rounded shapes", function()
    local b = B()
    -- (10, 0) faces the right flat x = 7: 3, the nearest point (7, 0)
    local d, ax, ay, bx, by = b:distance(c2d.point(10, 0))
    near(d, 3, 1e-15, "d to (10, 0)")
    near(ax, 7, 1e-15, "ax"); near(ay, 0, 1e-15, "ay"); near(bx, 10, 0, "bx"); near(by, 0, 0, "by")
    -- (8, 6) lies beyond the corner (5, 3), sqrt(3^2 + 3^2) from it: 3 sqrt 2 - 2;
    -- the nearest point is 2 from (5, 3) toward (8, 6): (5 + sqrt 2, 3 + sqrt 2)
    d, ax, ay = b:distance(c2d.point(8, 6))
    near(d, sqrt(18) - 2, 1e-14, "d to (8, 6)")
    near(ax, 5 + sqrt(2), 1e-14, "ax"); near(ay, 3 + sqrt(2), 1e-14, "ay")
    -- the point (6, 0) is inside: 0
    assert.are.equal(0, (b:distance(c2d.point(6, 0))))
    -- two rounded boxes: the other's core [13, 17] x [-1, 1] rounded by 1: the
    -- cores are 8 apart along x, less 2 + 1
    near((b:distance(c2d.box(15, 0, 4, 2, 0, 1))), 5, 1e-15, "box to box")
    -- a rounded triangle with a corner toward the box's corner: its core corner
    -- (9, 7) is sqrt(4^2 + 4^2) from (5, 3): 4 sqrt 2 - 2 - 0.5
    near((b:distance(c2d.triangle(9, 7, 20, 7, 9, 20, 0.5))), 4 * sqrt(2) - 2.5, 1e-14, "box to triangle")
    -- to a disk of radius 1 at (0, 9): y = 5 is the flat: 9 - 1 - 5
    near((b:distance(c2d.disk(0, 9, 1))), 3, 1e-15, "box to disk")
    -- and to a segment crossing nothing: the segment x = 10 from y = -20 to 20: 3
    near((b:distance(c2d.segment(10, -20, 10, 20))), 3, 1e-15, "box to segment")
  end)

  it("contact: the least move, its normal from the second shape toward the first", function()
    local b = B()
    -- the point (6, 0) is 1 inside the flat x = 7: the point leaves along +x by 1,
    -- the box along -x by 1 (b:contact(a) is a:contact(b) reversed)
    local nx, ny, depth = c2d.point(6, 0):contact(b)
    near(nx, 1, 1e-15, "nx"); near(ny, 0, 1e-15, "ny"); near(depth, 1, 1e-15, "depth")
    nx, ny, depth = b:contact(c2d.point(6, 0))
    near(nx, -1, 1e-15, "nx"); near(ny, 0, 1e-15, "ny"); near(depth, 1, 1e-15, "depth")
    -- the point (6, 4) is sqrt 2 from the corner centre (5, 3): 2 - sqrt 2 deep,
    -- along the diagonal (h, h)
    nx, ny, depth = c2d.point(6, 4):contact(b)
    near(nx, h, 1e-15, "nx"); near(ny, h, 1e-15, "ny"); near(depth, 2 - sqrt(2), 1e-15, "depth")
    -- a disk of radius 1 at (0, 5.5) reaches down to 4.5, 0.5 inside the flat
    -- y = 5: out by 0.5 along +y
    nx, ny, depth = c2d.disk(0, 5.5, 1):contact(b)
    near(nx, 0, 1e-15, "nx"); near(ny, 1, 1e-15, "ny"); near(depth, 0.5, 1e-15, "depth")
    -- the point (4, 0): 3 from x = 7, 5 from y = +-5: out through the right flat
    nx, ny, depth = c2d.point(4, 0):contact(b)
    near(nx, 1, 0, "nx"); near(ny, 0, 0, "ny"); near(depth, 3, 1e-15, "depth")
    -- apart: nil; touching: depth 0
    assert.is_nil(c2d.point(7.5, 0):contact(b))
    nx, ny, depth = c2d.point(7, 0):contact(b)
    near(depth, 0, 1e-15, "touching depth"); near(nx, 1, 1e-15, "touching nx"); near(ny, 0, 1e-15, "touching ny")
  end)

  it("raycast: meets the arc at x = -5 - sqrt(2^2 - 1^2), and a flat", function()
    local b = B()
    -- y = 4 runs over the left corner (-5, 3), 1 above its centre: the arc is met
    -- where (x + 5)^2 + 1 = 4, at x = -5 - sqrt 3, t = 15 - sqrt 3 from x = -20;
    -- the normal is ((x + 5) / 2, 1 / 2) = (-sqrt 3 / 2, 1 / 2)
    local t, nx, ny = b:raycast(-20, 4, 1, 0, 100)
    near(t, 15 - sqrt(3), 1e-14, "t")
    near(nx, -sqrt(3) / 2, 1e-15, "nx"); near(ny, 0.5, 1e-15, "ny")
    -- y = 0 meets the flat x = -7 at t = 13
    t, nx, ny = b:raycast(-20, 0, 1, 0, 100)
    near(t, 13, 1e-14, "t"); near(nx, -1, 0, "nx"); near(ny, 0, 0, "ny")
    -- y = 5 + 1e-9 passes above the top flat; y = 5 grazes it, as a sharp box's
    -- top edge is grazed (t = 20 - 5 = 15 at its first point (-5, 5))
    assert.is_nil(b:raycast(-20, 5 + 1e-9, 1, 0, 100))
    t = b:raycast(-20, 5, 1, 0, 100)
    near(t, 15, 1e-12, "grazing t")
    near((c2d.aabb(-5, -5, 10, 10):raycast(-20, 5, 1, 0, 100)), 15, 1e-12, "the sharp box's grazing t")
    -- down the diagonal toward the corner (5, 3) from (10, 8): met 2 before the
    -- corner centre, which is 5 sqrt 2 away: t = 5 sqrt 2 - 2 along (-h, -h)
    t, nx, ny = b:raycast(10, 8, -h, -h, 100)
    near(t, 5 * sqrt(2) - 2, 1e-14, "diagonal t"); near(nx, h, 1e-15, "nx"); near(ny, h, 1e-15, "ny")
  end)

  it("sweep: a disk and a box meeting the arcs", function()
    local b = B()
    -- a disk of radius 1 at (-20, 4.5) moving +x by 40: its centre meets the
    -- corner circle of radius 3 about (-5, 3) where (x + 5)^2 + 1.5^2 = 9:
    -- x = -5 - sqrt(6.75), t = (15 - sqrt 6.75) / 40
    local t, nx, ny, px, py = c2d.disk(-20, 4.5, 1):sweep(40, 0, b)
    near(t, (15 - sqrt(6.75)) / 40, 1e-15, "t")
    near(nx, -sqrt(6.75) / 3, 1e-14, "nx"); near(ny, 0.5, 1e-14, "ny")
    -- the touching point lies 2 from (-5, 3) along the normal
    near(px, -5 + 2 * nx, 1e-13, "px"); near(py, 3 + 2 * ny, 1e-13, "py")
    -- an AABB from (40, 4) to (50, 104) (a wall whose top-left corner (40, 4)
    -- is 1 above the corner centre (5, 3) in y): the box moving +x meets the
    -- wall's corner with its arc, where the centre (5 + x, 3) is 2 from (40, 4):
    -- x = 35 - sqrt 3, so t = (35 - sqrt 3) / 100 and the normal, from the
    -- wall toward the box, is (-sqrt 3 / 2, -1 / 2)
    local wall = c2d.aabb(40, 4, 10, 100)
    t, nx, ny, px, py = b:sweep(100, 0, wall)
    near(t, (35 - sqrt(3)) / 100, 1e-15, "t")
    near(nx, -sqrt(3) / 2, 1e-14, "nx"); near(ny, -0.5, 1e-14, "ny")
    near(px, 40, 1e-12, "px"); near(py, 4, 1e-12, "py")
    -- the box 2 higher in y (its core from y = -1 to 5): the wall's corner
    -- (40, 4) meets the flat x = 7: t = (40 - 7) / 100
    t, nx, ny = c2d.box(0, 2, 10, 6, 0, 2):sweep(100, 0, wall)
    near(t, 0.33, 1e-15, "flat t"); near(nx, -1, 0, "nx"); near(ny, 0, 0, "ny")
    -- the box at y = -1 - 1e-9 reaches up to y = 4 - 1e-9 only, short of the
    -- wall's y = 4: no hit
    assert.is_nil(c2d.box(0, -1 - 1e-9, 10, 6, 0, 2):sweep(100, 0, wall))
  end)

  it("area, perimeter, centroid and inertia of the box, by its parts", function()
    local b = B()
    -- area: the core 10 x 6 = 60, a strip 2 deep on each side
    -- (2 (10 + 6) 2 = 64), four quarter circles (pi 2^2)
    near(b:area(), 60 + 2 * (10 + 6) * 2 + pi * 4, 1e-13, "area")
    -- perimeter: the flats 2 (10 + 6) and a full circle 2 pi 2
    near(b:perimeter(), 32 + 4 * pi, 1e-13, "perimeter")
    local cx, cy = b:centroid()
    near(cx, 0, 1e-13, "cx"); near(cy, 0, 1e-13, "cy")
    -- inertia about the centre, w h (w^2 + h^2) / 12 for each rectangle plus
    -- its area times its centre's distance squared:
    --   the core 10 x 6:                 60 (100 + 36) / 12            = 680
    --   top and bottom strips 10 x 2 at (0, +-4): 2 [20 (100 + 4) / 12 + 20 * 16]
    --                                                                   = 2960 / 3
    --   left and right strips 2 x 6 at (+-6, 0): 2 [12 (4 + 36) / 12 + 12 * 36]
    --                                                                   = 944
    --   four quarter disks of radius 2 at the corners (+-5, +-3): each has
    --   pi r^4 / 8 = 2 pi about its corner, area pi, and its centroid 4 r / (3 pi)
    --   from the corner along both axes, outward; about the origin (parallel
    --   axes through the corner c): 2 pi + 2 pi (4 r / (3 pi)) (|cx| + |cy|) + pi |c|^2
    --   = 2 pi + 2 * 8 / 3 * 8 + 34 pi = 36 pi + 128 / 3, four of them
    --                                                                   = 144 pi + 512 / 3
    local j = 680 + 2960 / 3 + 944 + 144 * pi + 512 / 3
    near(b:inertia(), j, 1e-12 * j, "inertia")
    near(b:inertia(2), 2 * j, 2e-12 * j, "inertia at density 2")
    -- the same box turned by 0.7 and moved to (1e6, -1e6): the same numbers
    local t = c2d.box(1e6, -1e6, 10, 6, 0.7, 2)
    -- (its corners are 1e6 off, rounded to 1.2e-10 there)
    near(t:area(), 124 + 4 * pi, 1e-9, "turned area")
    near(t:perimeter(), 32 + 4 * pi, 1e-9, "turned perimeter")
    cx, cy = t:centroid()
    near(cx, 1e6, 1e-9, "turned cx"); near(cy, -1e6, 1e-9, "turned cy")
    near(t:inertia(), j, 1e-10 * j, "turned inertia")
  end)

  it("a rounded hull of one point is a disk, of two points a capsule", function()
    -- one point rounded by 3: area pi 9, perimeter 6 pi, inertia pi 3^4 / 2
    local d = c2d.hull(1, 2, 3)
    assert.are.same({ 1, 2, 3 }, { d:unpack() })
    assert.are.equal("Polygon", d:type())
    near(d:area(), 9 * pi, 1e-13, "disk area")
    near(d:perimeter(), 6 * pi, 1e-13, "disk perimeter")
    near(d:inertia(), pi * 81 / 2, 1e-12, "disk inertia")
    local cx, cy = d:centroid()
    near(cx, 1, 1e-15, "cx"); near(cy, 2, 1e-15, "cy")
    assert.are.same({ -2, -1, 4, 5 }, { d:bbox() })
    -- two points rounded: the capsule of c2d.capsule, both ways of writing it
    for _, s in ipairs({ c2d.hull(1, 2, 7, 10, 1.5), c2d.hull({ 7, 10, 1, 2, radius = 1.5 }) }) do
      local cap = c2d.capsule(1, 2, 7, 10, 1.5)
      near(s:area(), cap:area(), 1e-13 * cap:area(), "capsule area")
      -- by hand: the rectangle 10 x 3 and a disk of 1.5
      near(s:area(), 30 + pi * 2.25, 1e-13, "capsule area by hand")
      near(s:perimeter(), 20 + 3 * pi, 1e-13, "capsule perimeter")
      near(s:inertia(), cap:inertia(), 1e-12 * cap:inertia(), "capsule inertia")
      cx, cy = s:centroid()
      near(cx, 4, 1e-14, "cx"); near(cy, 6, 1e-14, "cy")
      local b1 = { s:bbox() }
      local b2 = { cap:bbox() }
      for i = 1, 4 do near(b1[i], b2[i], 1e-14, "bbox #" .. i) end
    end
    -- queries agree with the Disk's and the Capsule's own (a second code path):
    -- probes on a grid round them
    local cap, rcap = c2d.capsule(1, 2, 7, 10, 1.5), c2d.hull(1, 2, 7, 10, 1.5)
    local disk, rdisk = c2d.disk(1, 2, 3), c2d.hull(1, 2, 3)
    for i = -6, 14, 2 do
      for k = -6, 16, 2 do
        local probes = { c2d.point(i + 0.3, k - 0.1), c2d.disk(i, k, 0.7), c2d.box(i, k, 2, 1, 0.4),
                         c2d.segment(i, k, i + 3, k - 1) }
        for _, p in ipairs(probes) do
          for _, pair in ipairs({ { cap, rcap }, { disk, rdisk } }) do
            local want, got = pair[1], pair[2]
            near((got:distance(p)), (want:distance(p)), 1e-12, "distance to " .. tostring(p))
            assert.are.equal(want:hits(p), got:hits(p))
            local t1 = want:raycast(i, k, 1, 0.5, 20)
            local t2 = got:raycast(i, k, 1, 0.5, 20)
            assert.are.equal(t1 == nil, t2 == nil)
            if t1 then near(t2, t1, 1e-12, "raycast") end
            local _, _, d1 = p:contact(want)
            local _, _, d2 = p:contact(got)
            assert.are.equal(d1 == nil, d2 == nil)
            if d1 then near(d2, d1, 1e-12, "contact depth") end
          end
        end
      end
    end
  end)

  it("a box or triangle with a flat or point core rounds to a capsule or a disk", function()
    -- as disks: a box 0 by 0, a triangle of one point thrice, a hull of one point
    local disk = c2d.disk(3, 4, 2)
    local capsule = c2d.capsule(0, 4, 6, 4, 2)
    local cases = {
      { c2d.box(3, 4, 0, 0, 0, 2), disk }, { c2d.triangle(3, 4, 3, 4, 3, 4, 2), disk }, { c2d.hull(3, 4, 2), disk },
      { c2d.box(3, 4, 6, 0, 0, 2), capsule }, { c2d.box(3, 4, 0, 6, pi / 2, 2), capsule },
      { c2d.triangle(0, 4, 6, 4, 3, 4, 2), capsule }, { c2d.hull(6, 4, 0, 4, 2), capsule },
    }
    for _, c in ipairs(cases) do
      local s, want = c[1], c[2]
      local tag = tostring(s)
      near(s:area(), want:area(), 1e-13 * want:area(), tag .. " area")
      near(s:perimeter(), want:perimeter(), 1e-13 * want:perimeter(), tag .. " perimeter")
      near(s:inertia(), want:inertia(), 1e-12 * want:inertia(), tag .. " inertia")
      local x, y = s:centroid()
      local wx, wy = want:centroid()
      near(x, wx, 1e-14, tag .. " cx"); near(y, wy, 1e-14, tag .. " cy")
      local b1, b2 = { s:bbox() }, { want:bbox() }
      for i = 1, 4 do near(b1[i], b2[i], 1e-14, tag .. " bbox #" .. i) end
      for i = -3, 9 do
        for j = 0, 8 do
          local p = c2d.point(i + 0.25, j - 0.5)
          near((s:distance(p)), (want:distance(p)), 1e-13, tag .. " distance")
          local probe = c2d.box(i, j, 1, 2, 0.3)
          assert.are.equal(want:hits(probe), s:hits(probe))
          local _, _, d1 = probe:contact(want)
          local _, _, d2 = probe:contact(s)
          assert.are.equal(d1 == nil, d2 == nil)
          if d1 then near(d2, d1, 1e-12, tag .. " contact depth") end
          local t1 = want:raycast(i, j - 10, 0.3, 1, 30)
          local t2 = s:raycast(i, j - 10, 0.3, 1, 30)
          assert.are.equal(t1 == nil, t2 == nil)
          if t1 then near(t2, t1, 1e-12, tag .. " raycast") end
        end
      end
    end
  end)

  it("a rounded triangle's area is A + P r + pi r^2, its perimeter P + 2 pi r", function()
    -- the 3-4-5 triangle rounded by 1: A = 6, P = 12
    local t = c2d.triangle(0, 0, 3, 0, 0, 4, 1)
    near(t:area(), 6 + 12 + pi, 1e-13, "area")
    near(t:perimeter(), 12 + 2 * pi, 1e-13, "perimeter")
    -- its centroid by parts: the triangle (area 6, centroid (1, 4/3)); the strips
    -- 3 x 1 at (1.5, -0.5), 4 x 1 at (-0.5, 2) and 5 x 1 at (1.5, 2) + 0.5 (0.8, 0.6);
    -- the sectors: at (0, 0) a quarter disk of radius 1 over the third quadrant
    -- (centroid 4 / (3 pi) along (-1, -1)); at (3, 0) the turn from (0, -1) to
    -- (0.8, 0.6), pi - acos(0.6); at (0, 4) from (0.8, 0.6) to (-1, 0), pi - acos(0.8)
    local function sector(vx, vy, a0, turn)
      local d = 4 * sin(turn / 2) / (3 * turn)
      local mid = a0 + turn / 2
      return turn / 2, vx + d * cos(mid), vy + d * sin(mid)
    end
    local parts = {
      { 6, 1, 4 / 3 }, { 3, 1.5, -0.5 }, { 4, -0.5, 2 }, { 5, 1.9, 2.3 },
      { sector(0, 0, pi, pi / 2) },
      { sector(3, 0, -pi / 2, pi - math.acos(0.6)) },
      { sector(0, 4, atan2(0.6, 0.8), pi - math.acos(0.8)) },
    }
    local a, mx, my = 0, 0, 0
    for _, p in ipairs(parts) do a, mx, my = a + p[1], mx + p[1] * p[2], my + p[1] * p[3] end
    near(a, 18 + pi, 1e-13, "the parts' area")
    local cx, cy = t:centroid()
    near(cx, mx / a, 1e-13, "cx"); near(cy, my / a, 1e-13, "cy")
    -- written clockwise, as a polygon and a hull: the same
    for _, s in ipairs({ c2d.triangle(0, 4, 3, 0, 0, 0, 1), c2d.polygon(0, 0, 0, 4, 3, 0, 1),
                         c2d.polygon({ 0, 0, 3, 0, 0, 4, radius = 1 }), c2d.hull(0, 0, 3, 0, 0, 4, 1, 1, 1) }) do
      near(s:area(), 18 + pi, 1e-13, tostring(s) .. " area")
      near(s:perimeter(), 12 + 2 * pi, 1e-13, tostring(s) .. " perimeter")
      near(s:inertia(), t:inertia(), 1e-12 * t:inertia(), tostring(s) .. " inertia")
    end
  end)

  it("center() is the centroid of the rounded point set, as documented for the kind", function()
    -- docs/shapes.md: a:center() is "the centroid of the point set ... Polygon,
    -- Triangle, Box, AABB, Concave: the area centroid", the default pivot of
    -- rotate and scale. For a symmetric box that is its centre either way; for
    -- the triangle (0, 0), (9, 0), (0, 3) rounded by 2 the rim moves the area
    -- centroid off the sharp triangle's (3, 1): by the parts formula (as in the
    -- test above) it is centroid()'s, checked against the boundary polygon in
    -- the random tests below
    local b = c2d.box(3, 4, 10, 6, 0.3, 2)
    local x, y = b:center()
    near(x, 3, 1e-14, "box cx"); near(y, 4, 1e-14, "box cy")
    local tr = c2d.triangle(0, 0, 9, 0, 0, 3, 2)
    local cx, cy = tr:centroid()
    local ex, ey = tr:center()
    near(ex, cx, 1e-12, "cx"); near(ey, cy, 1e-12, "cy")
  end)

  it("covers: what lies within 2 of the core", function()
    local b = B()
    assert.is_true(b:covers(b:clone()))
    assert.is_true(b:covers(c2d.box(0, 0, 10, 6, 0, 1.999)))
    assert.is_false(b:covers(c2d.box(0, 0, 10, 6, 0, 2.001)))
    -- the sharp 14 x 6 box: its corners (+-7, +-3) on the arcs' ends; 1e-9 wider is out
    assert.is_true(b:covers(c2d.aabb(-7, -3, 14, 6)))
    assert.is_false(b:covers(c2d.aabb(-7 - 1e-9, -3, 14 + 2e-9, 6)))
    -- the 10 x 10 square: its corners (+-5, +-5) on the flats' ends
    assert.is_true(b:covers(c2d.aabb(-5, -5, 10, 10)))
    assert.is_false(b:covers(c2d.aabb(-5, -5, 10, 10 + 1e-9)))
    -- a segment from the centre to the arc's point at 45 degrees, (5 + sqrt 2, 3 + sqrt 2),
    -- and 1e-9 beyond it
    assert.is_true(b:covers(c2d.segment(0, 0, 5 + sqrt(2), 3 + sqrt(2))))
    assert.is_false(b:covers(c2d.segment(0, 0, 5 + sqrt(2) + 1e-9, 3 + sqrt(2) + 1e-9)))
    -- a disk of radius 2 about a core corner: exactly the arc's circle, held
    assert.is_true(b:covers(c2d.disk(5, 3, 2)))
    assert.is_false(b:covers(c2d.disk(5, 3, 2 + 1e-9)))
    -- and the box held by others: a disk of radius sqrt(5^2 + 3^2) + 2 round the centre
    assert.is_true(c2d.disk(0, 0, sqrt(34) + 2):covers(b))
    assert.is_false(c2d.disk(0, 0, sqrt(34) + 2 - 1e-9):covers(b))
    -- an AABB 14 x 10: exactly its box
    assert.is_true(c2d.aabb(-7, -5, 14, 10):covers(b))
    assert.is_false(c2d.aabb(-7 + 1e-9, -5, 14, 10):covers(b))
    -- a rounded hull of one point holds the disk it is
    assert.is_true(c2d.hull(1, 2, 3):covers(c2d.disk(1, 2, 3)))
    assert.is_true(c2d.disk(1, 2, 3):covers(c2d.hull(1, 2, 3)))
    assert.is_false(c2d.hull(1, 2, 3):covers(c2d.disk(1, 2, 3 + 1e-9)))
  end)

  it("featureAt names the flats as the sharp box's edges and the corners as arcs", function()
    local b, sharp = B(), c2d.box(0, 0, 10, 6, 0)
    for _, c in ipairs({ { 7, 0, 5, 0, 1, 0 }, { 0, 5, 0, 3, 0, 1 }, { -7, 1, -5, 1, -1, 0 }, { 2, -5, 2, -3, 0, -1 } }) do
      local k1, i1 = sharp:featureAt(c[3], c[4], c[5], c[6])
      local k2, i2, piece, fx, fy = b:featureAt(c[1], c[2], c[5], c[6])
      assert.are.equal("edge", k1)
      assert.are.equal(k1, k2)
      assert.are.equal(i1, i2)
      assert.is_nil(piece)
      near(fx, c[5], 1e-15, "fnx"); near(fy, c[6], 1e-15, "fny")
    end
    -- the arc about (5, 3), at 45 degrees: an arc, its normal there
    local k, _, _, fx, fy = b:featureAt(5 + sqrt(2), 3 + sqrt(2))
    assert.are.equal("arc", k)
    near(fx, h, 1e-12, "arc fnx"); near(fy, h, 1e-12, "arc fny")
    -- a point off the boundary: nil
    assert.is_nil(b:featureAt(6, 4))
  end)

  it("outline, triangles and intersection follow the arcs", function()
    local b = B()
    -- every outline point lies on the boundary: 2 from the core
    local core = c2d.box(0, 0, 10, 6, 0)
    for _, segs in ipairs({ 3, 8, 32, 100 }) do
      local o = b:outline(segs)
      assert.is_true(#o >= 16)
      for i = 1, #o, 2 do
        near((core:distance(c2d.point(o[i], o[i + 1]))), 2, 1e-13, "outline point " .. (i + 1) / 2)
      end
    end
    -- with 32 segments to a full turn each quarter arc takes 32 / 4 = 8 chords:
    -- the polygon's area is the flats' 124 and four fans of 8 triangles with
    -- apex angle pi / 16: 124 + 4 * 8 * (2^2 sin(pi / 16) / 2)
    local want = 124 + 64 * sin(pi / 16)
    local cut = b:intersection(c2d.aabb(-100, -100, 200, 200))
    near(cut:area(), want, 1e-12, "intersection area")
    local tri = b:triangles()
    local sum = 0
    for i = 1, #tri, 6 do
      sum = sum + abs((tri[i + 2] - tri[i]) * (tri[i + 5] - tri[i + 1]) - (tri[i + 4] - tri[i]) * (tri[i + 3] - tri[i + 1])) / 2
    end
    near(sum, want, 1e-12, "triangles' area")
    -- cut by the half plane x >= 0 (a big box): half of it
    near(b:intersection(c2d.aabb(0, -100, 200, 200)):area(), want / 2, 1e-12, "half")
  end)
end)

-- The oracle ----------------------------------------------------------------------

-- Points are { x, y }; a convex polygon is a list of them, counter-clockwise.

-- The convex hull of a list of points, counter-clockwise, collinear points left
-- out (Andrew's monotone chain): 1 point, 2 (a segment) or a polygon.
local function hull(pts)
  local p = {}
  for i = 1, #pts do p[i] = pts[i] end
  table.sort(p, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  local q = {}
  for i = 1, #p do
    if i == 1 or p[i][1] ~= p[i - 1][1] or p[i][2] ~= p[i - 1][2] then q[#q + 1] = p[i] end
  end
  if #q <= 2 then return q end
  local function cross(o, a, b) return (a[1] - o[1]) * (b[2] - o[2]) - (a[2] - o[2]) * (b[1] - o[1]) end
  local h = {}
  for i = 1, #q do
    while #h >= 2 and cross(h[#h - 1], h[#h], q[i]) <= 0 do h[#h] = nil end
    h[#h + 1] = q[i]
  end
  local lower = #h + 1
  for i = #q - 1, 1, -1 do
    while #h >= lower and cross(h[#h - 1], h[#h], q[i]) <= 0 do h[#h] = nil end
    h[#h + 1] = q[i]
  end
  h[#h] = nil
  return h
end

-- The nearest point of the segment a-b to (x, y), and its distance.
local function seg_nearest(a, b, x, y)
  local ex, ey = b[1] - a[1], b[2] - a[2]
  local l2 = ex * ex + ey * ey
  local u = l2 > 0 and ((x - a[1]) * ex + (y - a[2]) * ey) / l2 or 0
  if u < 0 then u = 0 elseif u > 1 then u = 1 end
  local px, py = a[1] + u * ex, a[2] + u * ey
  local dx, dy = x - px, y - py
  return sqrt(dx * dx + dy * dy), px, py
end

-- Which feature of V + D(r) the rim point (x, y) lies on: "edge" when its
-- nearest point of V is inside an edge (u in [m, 1 - m] along it), "arc" when
-- it is a vertex with the point well inside the vertex's cone (no edge within
-- m of reaching it), nil between the two.
local function feature_of(V, x, y, m)
  local n = #V
  if n == 1 then return "arc" end
  local found = {}
  local bestd = huge
  for i = 1, (n == 2 and 2 or n) do
    local a, b = V[i], V[i % n + 1]
    local ex, ey = b[1] - a[1], b[2] - a[2]
    local u = ((x - a[1]) * ex + (y - a[2]) * ey) / (ex * ex + ey * ey)
    local uc = min(1, max(0, u))
    local d = sqrt((x - a[1] - uc * ex) ^ 2 + (y - a[2] - uc * ey) ^ 2)
    found[i] = { d, u }
    bestd = min(bestd, d)
  end
  local edge, arc, ties = false, true, 0
  for _, f in ipairs(found) do
    if f[1] <= bestd * (1 + 1e-9) then
      ties = ties + 1
      if f[2] >= m and f[2] <= 1 - m then edge = true end
      if f[2] >= -m and f[2] <= 1 + m then arc = false end
    end
  end
  if edge and ties == 1 then return "edge" end
  if arc then return "arc" end
  return nil
end

-- The signed distance from (x, y) to the convex polygon V (negative inside: less
-- the distance to the nearest edge's line), and the unit normal (nx, ny) pointing
-- from V toward (x, y) (inside: the nearest edge's outward normal), and `tie`:
-- how much deeper the second nearest edge is inside (small: an ill-conditioned
-- normal).
local function sdist(V, x, y)
  local n = #V
  if n == 1 then
    local dx, dy = x - V[1][1], y - V[1][2]
    local d = sqrt(dx * dx + dy * dy)
    return d, dx / d, dy / d, huge
  end
  local inside = n >= 3
  if inside then
    for i = 1, n do
      local a, b = V[i], V[i % n + 1]
      if (b[1] - a[1]) * (y - a[2]) - (b[2] - a[2]) * (x - a[1]) < 0 then inside = false break end
    end
  end
  if inside then
    local best, second, bx, by = huge, huge, 0, 0
    for i = 1, n do
      local a, b = V[i], V[i % n + 1]
      local ex, ey = b[1] - a[1], b[2] - a[2]
      local l = sqrt(ex * ex + ey * ey)
      local nx, ny = ey / l, -ex / l
      local d = (a[1] - x) * nx + (a[2] - y) * ny -- >= 0 inside
      if d < best then best, second, bx, by = d, best, nx, ny
      elseif d < second then second = d end
    end
    return -best, bx, by, second - best
  end
  local best, px, py = huge, 0, 0
  local m = n == 2 and 1 or n
  for i = 1, m do
    local d, qx, qy = seg_nearest(V[i], V[i % n + 1], x, y)
    if d < best then best, px, py = d, qx, qy end
  end
  if best == 0 then return 0, 0, 0, 0 end
  return best, (x - px) / best, (y - py) / best, huge
end

-- M = P - C: the hull of the vertex differences.
local function minkowski(P, C)
  local pts = {}
  for _, p in ipairs(P) do
    for _, c in ipairs(C) do pts[#pts + 1] = { p[1] - c[1], p[2] - c[2] } end
  end
  return hull(pts)
end

-- The first s >= 0 at which the ray s (ex, ey) from the origin meets M + D(R)
-- (the origin outside it), with the outward normal there; nil when it never does.
-- The boundary of M + D(R) is made of M's edges moved out by R and arcs of the
-- circles of radius R round its vertices, each wholly inside M + D(R): the first
-- meeting with any of those edges or circles is the first with the set.
local function ray_in(M, R, ex, ey)
  local n, best, bnx, bny = #M, huge, 0, 0
  local ee = ex * ex + ey * ey
  for i = 1, n do
    local v = M[i]
    -- the circle: |s e - v|^2 = R^2, its smaller root (the origin is outside)
    local b = ex * v[1] + ey * v[2]
    local c = v[1] * v[1] + v[2] * v[2] - R * R
    local disc = b * b - ee * c
    if b > 0 and disc >= 0 then
      local s = c / (b + sqrt(disc))
      if s < best then best, bnx, bny = s, (s * ex - v[1]) / R, (s * ey - v[2]) / R end
    end
  end
  if n >= 2 then
    for i = 1, (n == 2 and 2 or n) do
      local a, b = M[i], M[i % n + 1]
      local tx, ty = b[1] - a[1], b[2] - a[2]
      local l = sqrt(tx * tx + ty * ty)
      local nx, ny = ty / l, -tx / l
      local off = a[1] * nx + a[2] * ny + R -- the moved edge's line: p . n = off
      local en = ex * nx + ey * ny
      if off < 0 and en < 0 then
        local s = off / en
        local u = ((s * ex - a[1]) * tx + (s * ey - a[2]) * ty) / (l * l)
        if u >= 0 and u <= 1 and s < best then best, bnx, bny = s, nx, ny end
      end
    end
  end
  if best == huge then return nil end
  return best, bnx, bny
end

-- The s > 0 at which the ray s (ex, ey) from the origin, inside M + D(R), leaves
-- it, and the outward normal there: the largest of the far roots of the circles
-- and the one crossing of a moved edge.
local function ray_out(M, R, ex, ey)
  local n, best, bnx, bny = #M, -huge, 0, 0
  local ee = ex * ex + ey * ey
  for i = 1, n do
    local v = M[i]
    local b = ex * v[1] + ey * v[2]
    local c = v[1] * v[1] + v[2] * v[2] - R * R
    local disc = b * b - ee * c
    if disc >= 0 then
      local s = b >= 0 and (b + sqrt(disc)) / ee or c / (b - sqrt(disc))
      if s > best then best, bnx, bny = s, (s * ex - v[1]) / R, (s * ey - v[2]) / R end
    end
  end
  if n >= 2 then
    for i = 1, (n == 2 and 2 or n) do
      local a, b = M[i], M[i % n + 1]
      local tx, ty = b[1] - a[1], b[2] - a[2]
      local l = sqrt(tx * tx + ty * ty)
      local nx, ny = ty / l, -tx / l
      local off = a[1] * nx + a[2] * ny + R
      local en = ex * nx + ey * ny
      if off > 0 and en > 0 then
        local s = off / en
        local u = ((s * ex - a[1]) * tx + (s * ey - a[2]) * ty) / (l * l)
        if u >= 0 and u <= 1 and s > best then best, bnx, bny = s, nx, ny end
      end
    end
  end
  return best, bnx, bny
end

-- The distance from the segment from (0, 0) to (ex, ey) to M (0 when they meet).
local function path_dist(M, ex, ey)
  local d = max(0, (sdist(M, 0, 0)))
  d = min(d, max(0, (sdist(M, ex, ey))))
  for _, v in ipairs(M) do d = min(d, (seg_nearest({ 0, 0 }, { ex, ey }, v[1], v[2]))) end
  -- a crossing of an edge of M: 0
  local n = #M
  for i = 1, (n >= 3 and n or n - 1) do
    local a, b = M[i], M[i % n + 1]
    local d1 = (b[1] - a[1]) * (0 - a[2]) - (b[2] - a[2]) * (0 - a[1])
    local d2 = (b[1] - a[1]) * (ey - a[2]) - (b[2] - a[2]) * (ex - a[1])
    local d3 = ex * a[2] - ey * a[1]
    local d4 = ex * b[2] - ey * b[1]
    if d1 * d2 < 0 and d3 * d4 < 0 then return 0 end
  end
  return d
end

local function area_perimeter(V)
  local a, p, n = 0, 0, #V
  for i = 1, n do
    local u, v = V[i], V[i % n + 1]
    a = a + (u[1] - V[1][1]) * (v[2] - V[1][2]) - (v[1] - V[1][1]) * (u[2] - V[1][2])
    if n > 1 and (n > 2 or i == 1) then p = p + sqrt((v[1] - u[1]) ^ 2 + (v[2] - u[2]) ^ 2) end
  end
  if n == 2 then p = 2 * p end
  return a / 2, p
end

-- The area, centroid and inertia (about the centroid) of V + D(R), V convex
-- counter-clockwise, from the polygon along its boundary whose arcs take
-- `per_turn` chords to a full turn, the polygon's moments summed over its edges
-- (about V[1], for the far ones).
local function rounded_polygon_moments(V, R, per_turn)
  local n, ox, oy = #V, V[1][1], V[1][2]
  local pts = {}
  if n == 1 then
    for k = 0, per_turn - 1 do
      local a = 2 * pi * k / per_turn
      pts[#pts + 1] = { R * cos(a), R * sin(a) }
    end
  else
    local normals = {}
    local m = n == 2 and 2 or n
    local W = {}
    for i = 1, n do W[i] = { V[i][1] - ox, V[i][2] - oy } end
    local ring = n == 2 and { W[1], W[2] } or W
    for i = 1, m do
      local a, b = ring[i], ring[i % m + 1]
      local tx, ty = b[1] - a[1], b[2] - a[2]
      local l = sqrt(tx * tx + ty * ty)
      normals[i] = atan2(-tx / l, ty / l)
    end
    for i = 1, m do
      local v = ring[i]
      local a0 = normals[(i - 2) % m + 1]
      local a1 = normals[i]
      local turn = (a1 - a0) % (2 * pi)
      if n == 2 then turn = pi end
      local chords = math.ceil(per_turn * turn / (2 * pi))
      for k = 0, chords do
        local a = a0 + turn * k / chords
        pts[#pts + 1] = { v[1] + R * cos(a), v[2] + R * sin(a) }
      end
    end
  end
  local A, Mx, My, J = 0, 0, 0, 0
  for i = 1, #pts do
    local p, q = pts[i], pts[i % #pts + 1]
    local c = p[1] * q[2] - q[1] * p[2]
    A = A + c
    Mx = Mx + (p[1] + q[1]) * c
    My = My + (p[2] + q[2]) * c
    J = J + c * (p[1] * p[1] + p[1] * q[1] + q[1] * q[1] + p[2] * p[2] + p[2] * q[2] + q[2] * q[2])
  end
  A = A / 2
  local cx, cy = Mx / (6 * A), My / (6 * A)
  return A, ox + cx, oy + cy, J / 12 - A * (cx * cx + cy * cy)
end

-- Random cases -----------------------------------------------------------------

-- Where the random shapes sit and how big they are: near the origin at three
-- sizes, 1e6 from it, and at sizes 1e-70 and 1e70, beyond the range of squares
-- (2^-200 to 2^200) where the library answers on scaled copies.
local PLACES = {
  { 0, 0, 1e-3 }, { 0, 0, 1 }, { 0, 0, 40 }, { 1e6, -1e6, 1 }, { -1e6, 1e6, 30 }, { 0, 0, 1e-70 }, { 0, 0, 1e70 },
}

local function flat(V)
  local t = {}
  for _, p in ipairs(V) do t[#t + 1] = p[1]; t[#t + 1] = p[2] end
  return t
end

local function box_corners(cx, cy, w, h, a)
  local c, s = cos(a), sin(a)
  local ux, uy, vx, vy = c * w / 2, s * w / 2, -s * h / 2, c * h / 2
  return hull({ { cx - ux - vx, cy - uy - vy }, { cx + ux - vx, cy + uy - vy },
                { cx + ux + vx, cy + uy + vy }, { cx - ux + vx, cy - uy + vy } })
end

-- A sharp convex shape P, its copy Pr rounded by rad, and P's vertices V (the
-- oracle's, counter-clockwise). kind: "triangle", "flat", "box", "hull", "polygon".
local function core_shape(r, kind, x, y, k, rad)
  local function d(lo, hi) return k * r.range(lo, hi) end
  if kind == "triangle" then
    local n = { x + d(-4, 4), y + d(-4, 4), x + d(-4, 4), y + d(-4, 4), x + d(-4, 4), y + d(-4, 4) }
    local V = hull({ { n[1], n[2] }, { n[3], n[4] }, { n[5], n[6] } })
    local a = area_perimeter(V)
    if #V < 3 or a < 0.5 * k * k then return core_shape(r, kind, x, y, k, rad) end
    n[7] = rad
    return c2d.triangle(unpack(n, 1, 6)), c2d.triangle(unpack(n, 1, 7)), V
  elseif kind == "flat" then
    -- three points on one line: a rounded segment (a capsule)
    local dx, dy = r.int(-4, 4), r.int(-4, 4)
    if dx == 0 and dy == 0 then dx = 1 end
    local n = { x, y, x + dx * k, y + dy * k, x + 2 * dx * k, y + 2 * dy * k }
    local V = hull({ { n[1], n[2] }, { n[3], n[4] }, { n[5], n[6] } })
    n[7] = rad
    return c2d.triangle(unpack(n, 1, 6)), c2d.triangle(unpack(n, 1, 7)), V
  elseif kind == "pair" then
    -- a hull of two points: rounded, a capsule
    local x1, y1, x2, y2 = x + d(-4, 4), y + d(-4, 4), x + d(-4, 4), y + d(-4, 4)
    return c2d.hull(x1, y1, x2, y2), c2d.hull(x1, y1, x2, y2, rad), hull({ { x1, y1 }, { x2, y2 } })
  elseif kind == "single" then
    -- a hull of one point: rounded, a disk
    local x1, y1 = x + d(-2, 2), y + d(-2, 2)
    return c2d.hull(x1, y1), c2d.hull({ x1, y1, radius = rad }), { { x1, y1 } }
  elseif kind == "box" then
    local bx, by, w, h, a = x + d(-1, 1), y + d(-1, 1), d(0.5, 7), d(0.5, 7), r.range(-pi, pi)
    return c2d.box(bx, by, w, h, a), c2d.box(bx, by, w, h, a, rad), box_corners(bx, by, w, h, a)
  else
    local pts, raw = {}, {}
    for i = 1, r.int(4, 9) do
      pts[i] = { x + d(-4, 4), y + d(-4, 4) }
      raw[2 * i - 1], raw[2 * i] = pts[i][1], pts[i][2]
    end
    local V = hull(pts)
    if #V < 3 or area_perimeter(V) < 0.5 * k * k then return core_shape(r, kind, x, y, k, rad) end
    if kind == "hull" then
      local P = c2d.hull(raw)
      if r.u() < 0.5 then
        raw.radius = rad
        return P, c2d.hull(raw), V
      end
      raw[#raw + 1] = rad
      return P, c2d.hull(unpack(raw)), V
    end
    -- a polygon of the hull's vertices, either way round
    local t = flat(V)
    if r.u() < 0.5 then t = common.reversed(t) end
    local P = c2d.polygon(unpack(t))
    if r.u() < 0.5 then
      t.radius = rad
      return P, c2d.polygon(t), V
    end
    t[#t + 1] = rad
    return P, c2d.polygon(unpack(t)), V
  end
end

local CORE_KINDS = { "triangle", "triangle", "flat", "box", "box", "hull", "polygon", "polygon", "pair", "single" }

-- Another shape X near (x, y): the shape, its core's vertices C and its radius q.
local X_KINDS = { "point", "disk", "segment", "box", "aabb", "polygon", "capsule", "rounded box", "rounded triangle", "rounded pair" }
local function other_shape(r, kind, x, y, k)
  local function d(lo, hi) return k * r.range(lo, hi) end
  if kind == "point" then
    return c2d.point(x, y), { { x, y } }, 0
  elseif kind == "disk" then
    local q = d(0.1, 4)
    return c2d.disk(x, y, q), { { x, y } }, q
  elseif kind == "segment" then
    local x2, y2 = x + d(-6, 6), y + d(-6, 6)
    return c2d.segment(x, y, x2, y2), hull({ { x, y }, { x2, y2 } }), 0
  elseif kind == "box" or kind == "rounded box" then
    local w, h, a = d(0.5, 6), d(0.5, 6), r.range(-pi, pi)
    if kind == "box" then return c2d.box(x, y, w, h, a), box_corners(x, y, w, h, a), 0 end
    local q = d(0.05, 2)
    return c2d.box(x, y, w, h, a, q), box_corners(x, y, w, h, a), q
  elseif kind == "aabb" then
    local w, h = d(0.5, 6), d(0.5, 6)
    return c2d.aabb(x, y, w, h), hull({ { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } }), 0
  elseif kind == "polygon" then
    local pts = {}
    for i = 1, 6 do pts[i] = { x + d(-3, 3), y + d(-3, 3) } end
    local V = hull(pts)
    if #V < 3 then return other_shape(r, kind, x, y, k) end
    return c2d.polygon(flat(V)), V, 0
  elseif kind == "capsule" then
    local x2, y2, q = x + d(-5, 5), y + d(-5, 5), d(0.1, 3)
    return c2d.capsule(x, y, x2, y2, q), hull({ { x, y }, { x2, y2 } }), q
  elseif kind == "rounded triangle" then
    local n = { x, y, x + d(1, 5), y + d(-2, 2), x + d(-2, 2), y + d(1, 5) }
    local q = d(0.05, 2)
    local V = hull({ { n[1], n[2] }, { n[3], n[4] }, { n[5], n[6] } })
    n[7] = q
    return c2d.triangle(unpack(n)), V, q
  else -- "rounded pair": a hull of two points rounded, a polygon that is a capsule
    local x2, y2, q = x + d(-5, 5), y + d(-5, 5), d(0.05, 2)
    return c2d.hull(x, y, x2, y2, q), hull({ { x, y }, { x2, y2 } }), q
  end
end

-- A random case: P, Pr, V, rad, X, C, q, and the tolerances: tol for a distance
-- (some 100 ulps of the largest coordinate plus 1000 of the size; the answers
-- seen stay within a hundredth of it), tie for telling a near tie (skipped)
-- from a clear answer. `what` rebuilds the shapes exactly, for a reproducer.
local function random_case(r, place, core_kind, x_kind)
  local ox, oy, k = place[1], place[2], place[3]
  local rad
  local u = r.u()
  if u < 0.3 then rad = k * r.range(0.01, 0.5) elseif u < 0.85 then rad = k * r.range(0.5, 3) else rad = k * r.range(3, 8) end
  local P, Pr, V = core_shape(r, core_kind, ox, oy, k, rad)
  local X, C, q = other_shape(r, x_kind, ox + k * r.range(-10, 10), oy + k * r.range(-10, 10), k)
  local S = max(abs(ox), abs(oy)) + 30 * k
  local tol = 2e-14 * S + 2e-13 * k
  return { P = P, Pr = Pr, V = V, rad = rad, X = X, C = C, q = q, k = k, S = S, tol = tol, tie = 1e4 * tol,
           what = ("%s  vs  %s"):format(common.exact(Pr), common.exact(X)) }
end

-- Runs body(case, fail) over n random cases of every place and kind pairing.
local function each_case(seed, n, body)
  local r = common.lcg(seed)
  local fail, finish = common.runner()
  for i = 1, n do
    local place = PLACES[(i - 1) % #PLACES + 1]
    local c = random_case(r, place, r.pick(CORE_KINDS), X_KINDS[(i - 1) % #X_KINDS + 1])
    c.r = r
    body(c, fail)
  end
  finish()
end

-- got is within tol of want: else a failure recorded.
local function check(fail, c, what, got, want, tol)
  if type(got) ~= "number" or not (abs(got - want) <= tol) then
    fail("%s: %s = %s, expected %.17g (tolerance %g)", c.what, what, tostring(got), want, tol)
    return false
  end
  return true
end

describe("rounded shapes against oracles", function()
  it("distance and hits: the sharp shape's distance less r, and the Minkowski difference", function()
    each_case(101, 500, function(c, fail)
      local P, Pr, X, rad = c.P, c.Pr, c.X, c.rad
      local sharp = P:distance(X)
      local d, ax, ay, bx, by = Pr:distance(X)
      check(fail, c, "distance (sharp less r)", d, max(0, sharp - rad), c.tol)
      -- the oracle: dist(0, M) - R
      local M, R = minkowski(c.V, c.C), rad + c.q
      local sd = sdist(M, 0, 0)
      local want = max(0, sd - R)
      check(fail, c, "distance (oracle)", d, want, c.tol)
      -- the same answer the other way round
      check(fail, c, "distance reversed", (X:distance(Pr)), want, c.tol)
      -- its points: (ax, ay) on Pr, (bx, by) on X, d apart
      check(fail, c, "|a - b|", sqrt((ax - bx) ^ 2 + (ay - by) ^ 2), d, c.tol)
      check(fail, c, "a on Pr", max(0, (sdist(c.V, ax, ay)) - rad), 0, c.tol)
      check(fail, c, "b on X", max(0, (sdist(c.C, bx, by)) - c.q), 0, c.tol)
      if d > c.tie then
        -- apart: a lies on Pr's boundary, r from P
        check(fail, c, "a on the rim", (sdist(c.V, ax, ay)), rad, c.tol)
      end
      if abs(sd - R) > c.tie then
        local hits = sd <= R
        if Pr:hits(X) ~= hits or X:hits(Pr) ~= hits or c2d.hits(Pr, X) ~= hits then
          fail("%s: hits %s, expected %s (core distance %.17g, radius %.17g)", c.what, tostring(Pr:hits(X)), tostring(hits), sd, R)
        end
        if (sharp <= rad) ~= hits then fail("%s: the oracle and the sharp distance disagree", c.what) end
      end
    end)
  end)

  it("contact: the least move out of the Minkowski difference, and it leaves them touching", function()
    each_case(202, 500, function(c, fail)
      local Pr, X = c.Pr, c.X
      local M, R = minkowski(c.V, c.C), c.rad + c.q
      local sd, onx, ony, gap = sdist(M, 0, 0)
      local nx, ny, depth, px, py = X:contact(Pr)
      if sd > R + c.tie then
        if nx ~= nil then fail("%s: contact %s, expected nil", c.what, tostring(depth)) end
        if Pr:intersection(X) ~= nil then fail("%s: an intersection of shapes apart", c.what) end
        return
      end
      if sd > R - c.tie then return end -- a near touch
      if nx == nil then fail("%s: contact nil, expected depth %.17g", c.what, R - sd) return end
      check(fail, c, "depth", depth, R - sd, c.tol)
      check(fail, c, "|n|", sqrt(nx * nx + ny * ny), 1, 1e-12)
      -- the normal, where it is well defined (not at 0 on M's rim, not a tie
      -- between two edges of M)
      if abs(sd) > c.tie and gap > c.tie then
        local ntol = 1e-12 + c.tol / max(abs(sd), 1e-300)
        if gap ~= huge then ntol = ntol + c.tol / gap end
        check(fail, c, "nx", nx, onx, ntol)
        check(fail, c, "ny", ny, ony, ntol)
      end
      -- their common part: within both; there whenever the overlap is deeper
      -- than the outlines' chords fall short of the arcs (R (1 - cos(pi / 32)))
      local common_part = Pr:intersection(X)
      if common_part == nil then
        if depth > 0.01 * R + c.tie then fail("%s: no intersection, %.17g deep", c.what, depth) end
      else
        local o = common_part:outline()
        for j = 1, #o, 2 do
          check(fail, c, "intersection vertex in Pr", max(0, (sdist(c.V, o[j], o[j + 1])) - c.rad), 0, 4 * c.tol)
          check(fail, c, "intersection vertex in X", max(0, (sdist(c.C, o[j], o[j + 1])) - c.q), 0, 4 * c.tol)
        end
      end
      -- the reverse call
      local rx, ry, rdepth = Pr:contact(X)
      check(fail, c, "reversed depth", rdepth, depth, c.tol)
      check(fail, c, "reversed nx", rx, -nx, 1e-9)
      check(fail, c, "reversed ny", ry, -ny, 1e-9)
      -- the point lies in both
      check(fail, c, "point in Pr", max(0, (sdist(c.V, px, py)) - c.rad), 0, c.tol)
      check(fail, c, "point in X", max(0, (sdist(c.C, px, py)) - c.q), 0, c.tol)
      -- moved by n depth: touching (0 on the rim of T, oracle and library);
      -- by 0.99 depth: still overlapping
      local tx, ty = nx * depth, ny * depth
      check(fail, c, "after the move", (sdist(M, tx, ty)), R, c.tol)
      local moved = X:clone():move(tx, ty)
      check(fail, c, "distance after the move", (Pr:distance(moved)), 0, c.tol)
      if depth > c.tie * 100 then
        local less = X:clone():move(0.99 * tx, 0.99 * ty)
        if not Pr:hits(less) then fail("%s: moved by 0.99 depth, apart", c.what) end
        local more = X:clone():move(1.01 * tx, 1.01 * ty)
        if Pr:hits(more) then fail("%s: moved by 1.01 depth, still hits", c.what) end
      end
    end)
  end)

  it("sweep: the first time the motion meets the Minkowski difference, either shape moving", function()
    each_case(303, 500, function(c, fail)
      local r, Pr, X = c.r, c.Pr, c.X
      local M, R = minkowski(c.V, c.C), c.rad + c.q
      -- a motion aimed at P's centre, give or take, up to 2.5 times the way there
      local cx, cy = c.P:center()
      local sx, sy = c.X:center()
      local dx = (cx - sx) * r.range(0.2, 2.5) + c.k * r.range(-4, 4)
      local dy = (cy - sy) * r.range(0.2, 2.5) + c.k * r.range(-4, 4)
      local bdx, bdy = 0, 0
      local mode = r.int(1, 3)
      if mode == 3 then bdx, bdy = c.k * r.range(-3, 3), c.k * r.range(-3, 3) end
      local ex, ey = dx - bdx, dy - bdy -- X's motion relative to Pr
      local len = sqrt(ex * ex + ey * ey)
      -- near ties: a start or end touching, a graze
      if abs((sdist(M, 0, 0)) - R) < c.tie or abs((sdist(M, ex, ey)) - R) < c.tie
         or abs(path_dist(M, ex, ey) - R) < c.tie or len < c.tie then
        return
      end
      local t, nx, ny, px, py
      if mode == 1 then t, nx, ny, px, py = X:sweep(dx, dy, Pr)
      elseif mode == 2 then -- Pr moves by -(dx, dy): the normal from X toward Pr
        t, nx, ny, px, py = Pr:sweep(-dx, -dy, X)
        if t then nx, ny = -nx, -ny end
      else t, nx, ny, px, py = X:sweep(dx, dy, Pr, bdx, bdy) end
      local want, wnx, wny
      if (sdist(M, 0, 0)) <= R then
        want = 0
      else
        want, wnx, wny = ray_in(M, R, ex, ey)
        if want and want > 1 then want = nil end
      end
      if (t == nil) ~= (want == nil) then
        fail("%s: sweep mode %d by (%.17g, %.17g), bd (%.17g, %.17g): t = %s, expected %s", c.what, mode, dx, dy, bdx, bdy, tostring(t), tostring(want))
        return
      end
      if not t then return end
      if want == 0 then
        check(fail, c, "t (overlapping at the start)", t, 0, 0)
        return
      end
      -- t is as good as the rim's distance over the rate the motion closes it
      local rate = abs(ex * wnx + ey * wny)
      check(fail, c, "sweep t * rate", t * rate, want * rate, 4 * c.tol)
      local ntol = 1e-9 + 8 * c.tol / (R * rate / len)
      check(fail, c, "sweep nx", nx, wnx, ntol)
      check(fail, c, "sweep ny", ny, wny, ntol)
      -- the touching point, on the second shape (where it is at time t)
      if mode == 1 then
        check(fail, c, "point on Pr's rim", (sdist(c.V, px, py)), c.rad, 4 * c.tol)
      elseif mode == 2 then
        check(fail, c, "point on X's rim", (sdist(c.C, px, py)), c.q, 4 * c.tol)
      else
        check(fail, c, "point on moving Pr's rim", (sdist(c.V, px - t * bdx, py - t * bdy)), c.rad, 4 * c.tol)
      end
    end)
  end)

  it("raycast: the ray meets Pr where a disk of radius r swept along it meets P", function()
    each_case(404, 500, function(c, fail)
      local r, P, Pr, rad = c.r, c.P, c.Pr, c.rad
      local cx, cy = P:center()
      local x0, y0 = cx + c.k * r.range(-14, 14), cy + c.k * r.range(-14, 14)
      local dx = (cx - x0) + c.k * r.range(-4, 4)
      local dy = (cy - y0) + c.k * r.range(-4, 4)
      local maxt = r.range(0.3, 2.5)
      local ex, ey = dx * maxt, dy * maxt
      local M = minkowski(c.V, { { x0, y0 } })
      if abs((sdist(M, 0, 0)) - rad) < c.tie or abs((sdist(M, ex, ey)) - rad) < c.tie
         or abs(path_dist(M, ex, ey) - rad) < c.tie then
        return
      end
      local t, nx, ny = Pr:raycast(x0, y0, dx, dy, maxt)
      -- the second formula: the library's sweep of a disk of radius r against
      -- the sharp P
      local st, snx, sny = c2d.disk(x0, y0, rad):sweep(ex, ey, P)
      if (t == nil) ~= (st == nil) then
        fail("%s: raycast from (%.17g, %.17g) along (%.17g, %.17g) to %.17g: %s, the disk's sweep %s",
          c.what, x0, y0, dx, dy, maxt, tostring(t), tostring(st))
        return
      end
      -- the oracle
      local want, wnx, wny
      if (sdist(M, 0, 0)) <= rad then want = 0 else
        want, wnx, wny = ray_in(M, rad, ex, ey)
        if want and want > 1 then want = nil end
      end
      if (t == nil) ~= (want == nil) then
        fail("%s: raycast t = %s, expected %s", c.what, tostring(t), tostring(want))
        return
      end
      if not t then return end
      local len = sqrt(dx * dx + dy * dy)
      if want == 0 then
        -- inside at the start: t = 0, the normal back along the ray
        check(fail, c, "t inside", t, 0, 0)
        check(fail, c, "nx inside", nx, -dx / len, 1e-12)
        check(fail, c, "ny inside", ny, -dy / len, 1e-12)
        return
      end
      local rate = abs(ex * wnx + ey * wny)
      check(fail, c, "raycast t", t / maxt * rate, want * rate, 4 * c.tol)
      check(fail, c, "raycast t vs the disk's sweep", t / maxt * rate, st * rate, 4 * c.tol)
      local ntol = 1e-9 + 8 * c.tol / (rad * rate / (len * maxt))
      check(fail, c, "raycast nx", nx, wnx, ntol)
      check(fail, c, "raycast ny", ny, wny, ntol)
      check(fail, c, "sweep nx", snx, wnx, ntol)
      check(fail, c, "sweep ny", sny, wny, ntol)
      -- the feature there: an edge (a flat) or an arc, its normal the ray's
      local hx, hy = x0 + t * dx, y0 + t * dy
      local kind, _, piece, fnx, fny = Pr:featureAt(hx, hy, nx, ny)
      local want_kind = feature_of(c.V, hx, hy, 1e-6)
      if kind == nil then
        fail("%s: featureAt(%.17g, %.17g, %.17g, %.17g) is nil", c.what, hx, hy, nx, ny)
      else
        if want_kind and kind ~= want_kind then
          fail("%s: featureAt(%.17g, %.17g) is %s, expected %s", c.what, hx, hy, kind, want_kind)
        end
        if piece ~= nil then fail("%s: featureAt gives a piece", c.what) end
        check(fail, c, "featureAt nx", fnx, wnx, ntol + 1e-9)
        check(fail, c, "featureAt ny", fny, wny, ntol + 1e-9)
      end
    end)
  end)

  it("a disk's sweep against Pr is a disk of radius q + r's against P", function()
    each_case(505, 400, function(c, fail)
      local r, P, Pr, rad = c.r, c.P, c.Pr, c.rad
      local cx, cy = P:center()
      local x0, y0 = cx + c.k * r.range(-14, 14), cy + c.k * r.range(-14, 14)
      local q = c.k * r.range(0.05, 3)
      local dx = (cx - x0) * r.range(0.3, 2) + c.k * r.range(-4, 4)
      local dy = (cy - y0) * r.range(0.3, 2) + c.k * r.range(-4, 4)
      local M = minkowski(c.V, { { x0, y0 } })
      local R = q + rad
      if abs((sdist(M, 0, 0)) - R) < c.tie or abs((sdist(M, dx, dy)) - R) < c.tie
         or abs(path_dist(M, dx, dy) - R) < c.tie then
        return
      end
      local t, nx, ny = c2d.disk(x0, y0, q):sweep(dx, dy, Pr)
      local st, snx, sny = c2d.disk(x0, y0, R):sweep(dx, dy, P)
      if (t == nil) ~= (st == nil) then
        fail("%s: disk (%.17g, %.17g, %.17g) swept by (%.17g, %.17g): %s, the grown disk against P %s",
          c.what, x0, y0, q, dx, dy, tostring(t), tostring(st))
        return
      end
      if not t then return end
      local rate = 1
      if st > 0 then rate = abs(dx * snx + dy * sny) end
      check(fail, c, "t", t * rate, st * rate, 4 * c.tol)
      if st > 0 then
        local ntol = 1e-9 + 8 * c.tol / (R * rate / sqrt(dx * dx + dy * dy))
        check(fail, c, "nx", nx, snx, ntol)
        check(fail, c, "ny", ny, sny, ntol)
      end
    end)
  end)

  it("pushBack: back along the move to where the Minkowski difference ends", function()
    each_case(606, 500, function(c, fail)
      local r, Pr, X = c.r, c.Pr, c.X
      local M, R = minkowski(c.V, c.C), c.rad + c.q
      local sd = sdist(M, 0, 0)
      local dx, dy = c.k * r.range(-5, 5), c.k * r.range(-5, 5)
      local k, nx, ny = X:pushBack(dx, dy, Pr)
      if sd > R + c.tie then
        if k ~= nil then fail("%s: pushBack %s apart, expected nil", c.what, tostring(k)) end
        return
      end
      if sd > R - c.tie then return end
      -- X moved by -s (dx, dy) meets Pr while -s (dx, dy) lies in T: it leaves T
      -- at the far root along -(dx, dy)
      local want, wnx, wny = ray_out(M, R, -dx, -dy)
      if k == nil then fail("%s: pushBack nil, expected %.17g", c.what, want) return end
      local rate = abs(dx * wnx + dy * wny)
      if rate < 1e-6 * sqrt(dx * dx + dy * dy) then return end
      check(fail, c, "pushBack k * rate", k * rate, want * rate, 4 * c.tol)
      local ntol = 1e-9 + 8 * c.tol / (R * rate / sqrt(dx * dx + dy * dy))
      check(fail, c, "pushBack nx", nx, wnx, ntol)
      check(fail, c, "pushBack ny", ny, wny, ntol)
      -- and moved back by k: touching
      local back = X:clone():move(-k * dx, -k * dy)
      check(fail, c, "distance moved back", (Pr:distance(back)), 0, 4 * c.tol)
    end)
  end)

  it("manifold: the normal of contact or of the nearest points, the least separation the signed distance", function()
    each_case(707, 500, function(c, fail)
      local Pr, X = c.Pr, c.X
      local M, R = minkowski(c.V, c.C), c.rad + c.q
      local sd, onx, ony, gap = sdist(M, 0, 0)
      local margin = 2 * c.k
      local list = X:manifold(Pr, margin)
      if sd - R > margin + c.tie then
        if list ~= nil then fail("%s: a manifold %.17g apart beyond the margin", c.what, sd - R) end
        return
      end
      if sd - R > margin - c.tie or abs(sd - R) < c.tie then return end
      if list == nil then fail("%s: no manifold, expected separation %.17g", c.what, sd - R) return end
      if #list ~= 1 then fail("%s: %d manifolds for two convex shapes", c.what, #list) return end
      local m = list[1]
      local least = huge
      for i = 1, #m do least = min(least, m[i].separation) end
      check(fail, c, "least separation", least, sd - R, 4 * c.tol)
      if abs(sd) > c.tie and gap > c.tie then
        local ntol = 1e-12 + c.tol / max(abs(sd), 1e-300)
        if gap ~= huge then ntol = ntol + c.tol / gap end
        check(fail, c, "manifold nx", m.nx, onx, ntol)
        check(fail, c, "manifold ny", m.ny, ony, ntol)
      end
    end)
  end)

  it("covers: Pr holds X when X's core lies r - q within P, and X holds Pr the other way", function()
    each_case(808, 450, function(c, fail)
      local r, P, Pr, X = c.r, c.P, c.Pr, c.X
      -- bring X close to P's centre, so that either may hold the other
      local cx, cy = P:center()
      local sx, sy = X:center()
      local tx, ty = cx - sx + c.k * r.range(-2, 2), cy - sy + c.k * r.range(-2, 2)
      X = X:clone():move(tx, ty)
      local C, q = {}, c.q
      for i, p in ipairs(c.C) do C[i] = { p[1] + tx, p[2] + ty } end
      -- half of them grown 2 to 5 times about a point near P's centre
      if r.u() < 0.5 then
        local f, ox, oy = r.range(2, 5), cx + c.k * r.range(-1, 1), cy + c.k * r.range(-1, 1)
        X:scale(f, ox, oy)
        for i, p in ipairs(C) do C[i] = { ox + f * (p[1] - ox), oy + f * (p[2] - oy) } end
        q = f * q
      end
      -- Pr covers X = C + D(q): each vertex of C lies r - q within P (signed:
      -- deeper than q - r inside P when q > r)
      local worst = -huge
      for _, p in ipairs(C) do worst = max(worst, (sdist(c.V, p[1], p[2]))) end
      if abs(worst - (c.rad - q)) > c.tie then
        local want = worst <= c.rad - q
        if Pr:covers(X) ~= want then
          fail("%s (moved by %.17g, %.17g): Pr covers X %s, expected %s", c.what, tx, ty, tostring(Pr:covers(X)), tostring(want))
        end
      end
      -- X covers Pr: each vertex of P lies q - r within C
      worst = -huge
      for _, p in ipairs(c.V) do worst = max(worst, (sdist(C, p[1], p[2]))) end
      if abs(worst - (q - c.rad)) > c.tie then
        local want = worst <= q - c.rad
        if X:covers(Pr) ~= want then
          fail("%s (moved by %.17g, %.17g): X covers Pr %s, expected %s", c.what, tx, ty, tostring(X:covers(Pr)), tostring(want))
        end
      end
      -- points: Pr covers (and contains) a point iff it is within r of P
      for _ = 1, 3 do
        local x, y = cx + c.k * r.range(-9, 9), cy + c.k * r.range(-9, 9)
        local d = max(0, (sdist(c.V, x, y)))
        local d2 = P:distance(c2d.point(x, y))
        if abs(d - c.rad) > c.tie then
          local want = d <= c.rad
          if Pr:covers(c2d.point(x, y)) ~= want or Pr:contains(x, y) ~= want or (d2 <= c.rad) ~= want then
            fail("%s: the point (%.17g, %.17g) %.17g from P: covers %s, contains %s, expected %s", c.what, x, y, d,
              tostring(Pr:covers(c2d.point(x, y))), tostring(Pr:contains(x, y)), tostring(want))
          end
        end
      end
    end)
  end)

  it("area, perimeter, centroid and inertia: A + P r + pi r^2, P + 2 pi r, and the boundary polygon's moments", function()
    local r = common.lcg(909)
    local fail, finish = common.runner()
    for i = 1, 60 do
      local place = PLACES[(i - 1) % #PLACES + 1]
      local k = place[3]
      local rad = k * r.range(0.05, 4)
      local P, Pr, V = core_shape(r, r.pick(CORE_KINDS), place[1], place[2], k, rad)
      local c = { what = tostring(Pr) }
      local A, L = area_perimeter(V)
      if #V == 1 then A, L = 0, 0 end
      local S = max(abs(place[1]), abs(place[2])) + 10 * k
      check(fail, c, "area", Pr:area(), A + L * rad + pi * rad * rad, 1e-13 * S * k + 1e-13 * (A + L * rad + pi * rad * rad))
      check(fail, c, "perimeter", Pr:perimeter(), L + 2 * pi * rad, 1e-13 * S + 1e-13 * (L + 2 * pi * rad))
      check(fail, c, "sharp area", P:area(), A, 1e-13 * S * k + 1e-13 * A)
      -- the boundary polygon at 2^11 and 2^12 chords a turn, extrapolated
      -- (the chords' error falls as their count squared)
      local a1, x1, y1, j1 = rounded_polygon_moments(V, rad, 2048)
      local a2, x2, y2, j2 = rounded_polygon_moments(V, rad, 4096)
      local a, x, y, j = (4 * a2 - a1) / 3, (4 * x2 - x1) / 3, (4 * y2 - y1) / 3, (4 * j2 - j1) / 3
      check(fail, c, "area (boundary polygon)", Pr:area(), a, 1e-9 * a)
      local cx, cy = Pr:centroid()
      check(fail, c, "cx", cx, x, 1e-9 * (S + k))
      check(fail, c, "cy", cy, y, 1e-9 * (S + k))
      check(fail, c, "inertia", Pr:inertia(), j, 1e-8 * j)
      check(fail, c, "inertia at density 3", Pr:inertia(3), 3 * Pr:inertia(), 1e-14 * j)
    end
    finish()
  end)

  it("outline, triangles and intersection: on the rim, within the shape, close to its area", function()
    local r = common.lcg(1010)
    local fail, finish = common.runner()
    for i = 1, 40 do
      local place = PLACES[(i - 1) % #PLACES + 1]
      local k = place[3]
      local rad = k * r.range(0.05, 4)
      local _, Pr, V = core_shape(r, r.pick(CORE_KINDS), place[1], place[2], k, rad)
      local c = { what = tostring(Pr) }
      local S = max(abs(place[1]), abs(place[2])) + 10 * k
      local tol = 1e-12 * S + 1e-12 * k
      local A, L = area_perimeter(V)
      if #V == 1 then A, L = 0, 0 end
      local area = A + L * rad + pi * rad * rad
      -- (up to 128: at 256 a rounded shape's outline, like a Capsule's, has more
      -- points than a Polygon holds, and intersection refuses it)
      for _, segs in ipairs({ 3, 16, 32, 128 }) do
        local o = Pr:outline(segs)
        for j = 1, #o, 2 do check(fail, c, "outline point on the rim", (sdist(V, o[j], o[j + 1])), rad, tol) end
        -- inscribed: short of the area by no more than a polygon of segs sides
        -- falls short of the full circle of radius rad
        local oa = 0
        for j = 1, #o, 2 do
          local n = j + 2 > #o and 1 or j + 2
          oa = oa + ((o[j] - o[1]) * (o[n + 1] - o[2]) - (o[n] - o[1]) * (o[j + 1] - o[2])) / 2
        end
        local short = rad * rad * (pi - segs / 2 * sin(2 * pi / segs))
        if not (oa <= area + tol * k and oa >= area - short - tol * k) then
          fail("%s: outline(%d) area %.17g, expected in [%.17g, %.17g]", c.what, segs, oa, area - short, area)
        end
        do
          local bb = { Pr:bbox() }
          local big = c2d.aabb(bb[1] - k, bb[2] - k, bb[3] - bb[1] + 2 * k, bb[4] - bb[2] + 2 * k)
          local cut = Pr:intersection(big, segs)
          check(fail, c, "intersection with a box round it: the outline's area", cut and cut:area() or -1, oa, 1e-9 * area)
          local tri = Pr:triangles(segs)
          local sum = 0
          for j = 1, #tri, 6 do
            sum = sum + abs((tri[j + 2] - tri[j]) * (tri[j + 5] - tri[j + 1]) - (tri[j + 4] - tri[j]) * (tri[j + 3] - tri[j + 1])) / 2
          end
          check(fail, c, "triangles' area", sum, oa, 1e-9 * area)
        end
      end
    end
    finish()
  end)

  it("transforms: move, moveTo, rotate and scale carry the radius along", function()
    local r = common.lcg(1111)
    local fail, finish = common.runner()
    for i = 1, 100 do
      local place = PLACES[(i - 1) % #PLACES + 1]
      local c = random_case(r, place, r.pick(CORE_KINDS), X_KINDS[(i - 1) % #X_KINDS + 1])
      local P, Pr, X, rad = c.P, c.Pr, c.X, c.rad
      local nums = { Pr:unpack() }
      check(fail, c, "radius last", nums[#nums], rad, 0)
      -- scale by f about the centre: radius f r, area f^2
      local f = r.pick({ 0.5, 2, 3, r.range(0.1, 4) })
      local area = Pr:area()
      local fx, fy = c.P:center()
      local s = Pr:clone():scale(f, fx, fy)
      nums = { s:unpack() }
      check(fail, c, "scaled radius", nums[#nums], f * rad, 1e-15 * f * rad)
      check(fail, c, "scaled area", s:area(), f * f * area, 1e-12 * f * f * area + 1e-12 * c.S * c.k * f)
      -- the scaled copy is the scaled core rounded by f r: a distance check
      local ps = P:clone():scale(f, fx, fy)
      check(fail, c, "scaled distance", (s:distance(X)), max(0, (ps:distance(X)) - f * rad), 4 * f * c.tol + 4 * c.tol)
      -- rotate by a about a pivot: the radius stays, so does the area
      local a = r.range(-pi, pi)
      local px, py = c.P:center()
      px, py = px + c.k * r.range(-3, 3), py + c.k * r.range(-3, 3)
      local t = Pr:clone():rotate(a, px, py)
      nums = { t:unpack() }
      check(fail, c, "turned radius", nums[#nums], rad, 0)
      check(fail, c, "turned area", t:area(), area, 1e-12 * area + 1e-12 * c.S * c.k)
      local pt = P:clone():rotate(a, px, py)
      local dt = max(0, (pt:distance(X)) - rad)
      check(fail, c, "turned distance", (t:distance(X)), dt, 4 * c.tol)
      if abs((pt:distance(X)) - rad) > c.tie then
        if t:hits(X) ~= ((pt:distance(X)) <= rad) then fail("%s: turned, hits %s", c.what, tostring(t:hits(X))) end
      end
      -- move both shapes by the same step: the same answers
      local mx, my = c.k * r.range(-50, 50), c.k * r.range(-50, 50)
      local m = Pr:clone():move(mx, my)
      local xm = X:clone():move(mx, my)
      nums = { m:unpack() }
      check(fail, c, "moved radius", nums[#nums], rad, 0)
      local d0 = Pr:distance(X)
      check(fail, c, "moved distance", (m:distance(xm)), d0, 4 * c.tol + 1e-12 * abs(mx) + 1e-12 * abs(my))
      local _, _, depth = X:contact(Pr)
      if d0 > c.tie or (depth and depth > c.tie) then
        if m:hits(xm) ~= Pr:hits(X) then fail("%s: moved by (%.17g, %.17g), hits changed", c.what, mx, my) end
      end
      -- moveTo: the position is where it was sent, the radius kept
      local gx, gy = c.k * r.range(-5, 5), c.k * r.range(-5, 5)
      local to = Pr:clone():moveTo(gx, gy)
      local qx, qy = to:position()
      check(fail, c, "moveTo x", qx, gx, 1e-12 * c.S)
      check(fail, c, "moveTo y", qy, gy, 1e-12 * c.S)
      nums = { to:unpack() }
      check(fail, c, "moveTo radius", nums[#nums], rad, 0)
      check(fail, c, "moveTo area", to:area(), area, 1e-12 * area + 1e-12 * c.S * c.k)
    end
    finish()
  end)
end)

describe("rounded shapes in a Group", function()
  it("a Group holding Pr and a far disk answers as Pr does", function()
    each_case(1313, 300, function(c, fail)
      local r, Pr, X = c.r, c.Pr, c.X
      -- the disk is 1000 sizes away, beyond every motion below
      local cx, cy = c.P:center()
      local far = c2d.disk(cx + 1000 * c.k, cy, c.k)
      local g = c2d.group(Pr, far)
      local M, R = minkowski(c.V, c.C), c.rad + c.q
      local sd = sdist(M, 0, 0)
      check(fail, c, "group distance", (g:distance(X)), max(0, sd - R), c.tol)
      check(fail, c, "group area", g:area(), Pr:area() + pi * c.k * c.k, 1e-13 * g:area())
      if abs(sd - R) > c.tie then
        if g:hits(X) ~= (sd <= R) then fail("%s: the group hits %s", c.what, tostring(g:hits(X))) end
        local _, _, depth = X:contact(g)
        if (depth ~= nil) ~= (sd <= R) then
          fail("%s: contact with the group %s", c.what, tostring(depth))
        elseif depth then
          check(fail, c, "group contact depth", depth, R - sd, 4 * c.tol)
        end
        -- X inside a Group of its own against Pr
        local _, _, d2 = c2d.group(X):contact(Pr)
        if (d2 ~= nil) ~= (sd <= R) then
          fail("%s: a group of X, contact %s", c.what, tostring(d2))
        elseif d2 then
          check(fail, c, "contact of a group of X", d2, R - sd, 4 * c.tol)
        end
      end
      -- a sweep toward P
      local sx, sy = X:center()
      local dx = (cx - sx) * r.range(0.2, 2) + c.k * r.range(-3, 3)
      local dy = (cy - sy) * r.range(0.2, 2) + c.k * r.range(-3, 3)
      if abs(sd - R) < c.tie or abs((sdist(M, dx, dy)) - R) < c.tie or abs(path_dist(M, dx, dy) - R) < c.tie then return end
      local want, wnx, wny = 0, 0, 0
      if sd > R then
        want, wnx, wny = ray_in(M, R, dx, dy)
        if want and want > 1 then want = nil end
      end
      local t = X:sweep(dx, dy, g)
      if (t == nil) ~= (want == nil) then
        fail("%s: sweep by (%.17g, %.17g) against the group: %s, expected %s", c.what, dx, dy, tostring(t), tostring(want))
      elseif t and want > 0 then
        local rate = abs(dx * wnx + dy * wny)
        check(fail, c, "sweep against the group", t * rate, want * rate, 4 * c.tol)
      end
    end)
  end)
end)

-- World ---------------------------------------------------------------------------

describe("rounded shapes in a World", function()
  it("query and collisions give exactly the pairs that hit", function()
    local r = common.lcg(1212)
    for _, place in ipairs({ { 0, 0, 1 }, { 1e6, -1e6, 3 } }) do
      local w = c2d.world(8)
      local list = {}
      local function add(s) list[#list + 1] = w:add(s) end
      local ox, oy, k = place[1], place[2], place[3]
      add(c2d.box(ox, oy, 10 * k, 6 * k, 0, 2 * k))
      for i = 1, 40 do
        local x, y = ox + k * r.range(-25, 25), oy + k * r.range(-25, 25)
        local u = i % 6
        if u == 0 then add((select(2, core_shape(r, r.pick(CORE_KINDS), x, y, k, k * r.range(0.1, 3)))))
        elseif u == 1 then add(c2d.box(x, y, k * r.range(1, 8), k * r.range(1, 8), r.range(-pi, pi), k * r.range(0.1, 2)))
        else add((other_shape(r, X_KINDS[r.int(1, #X_KINDS)], x, y, k))) end
      end
      local want = {}
      for i = 1, #list do
        for j = i + 1, #list do
          if list[i]:hits(list[j]) then want[#want + 1] = { i, j } end
        end
      end
      -- collisions: in the order added, each pair earlier-added first
      local index = {}
      for i, s in ipairs(list) do index[s] = i end
      local got, n = w:collisions()
      local pairs_got = {}
      for i = 1, n do pairs_got[i] = { index[got[2 * i - 1]], index[got[2 * i]] } end
      assert.are.equal(#want, n)
      assert.are.same(want, pairs_got)
      -- query: every other shape that hits, in the order added
      for i, s in ipairs(list) do
        local expect = {}
        for j, o in ipairs(list) do if j ~= i and s:hits(o) then expect[#expect + 1] = j end end
        local found = {}
        for f, o in ipairs(w:query(s)) do found[f] = index[o] end
        assert.are.same(expect, found)
      end
      -- a rounded probe not in the world
      local probe = c2d.polygon({ ox, oy, ox + 9 * k, oy + 2 * k, ox + 3 * k, oy + 8 * k, radius = 1.5 * k })
      local expect = {}
      for j, o in ipairs(list) do if probe:hits(o) then expect[#expect + 1] = j end end
      local found = {}
      for f, o in ipairs(w:query(probe)) do found[f] = index[o] end
      assert.are.same(expect, found)
      assert.is_true(#expect > 0)
    end
  end)

  it("check with touch stops a rounded mover at the first shape the Minkowski oracle meets", function()
    local r = common.lcg(1414)
    local fail, finish = common.runner()
    local met = 0
    for trial = 1, 60 do
      local place = PLACES[(trial - 1) % 5 + 1]
      local ox, oy, k = place[1], place[2], place[3]
      local w = c2d.world(8 * k)
      local obstacles = {}
      for i = 1, 7 do
        local x, y = ox + k * r.range(-20, 20), oy + k * r.range(-20, 20)
        local s, V, q
        if i % 2 == 0 then
          q = k * r.range(0.1, 2)
          s, V = select(2, core_shape(r, r.pick(CORE_KINDS), x, y, k, q))
        else
          s, V, q = other_shape(r, X_KINDS[r.int(1, #X_KINDS)], x, y, k)
        end
        obstacles[#obstacles + 1] = { shape = w:add(s), V = V, q = q }
      end
      local mrad = k * r.range(0.1, 2)
      local _, mover, C = core_shape(r, r.pick(CORE_KINDS), ox + k * r.range(-25, 25), oy + k * r.range(-25, 25), k, mrad)
      w:add(mover)
      local px, py = mover:position()
      local gx, gy = ox + k * r.range(-25, 25), oy + k * r.range(-25, 25)
      local ex, ey = gx - px, gy - py
      local c = { what = ("%s to (%.17g, %.17g)"):format(tostring(mover), gx, gy) }
      local tol = 2e-14 * (max(abs(ox), abs(oy)) + 60 * k) + 2e-13 * k
      local tie = 1e4 * tol
      -- the first obstacle met, by the oracle; a trial with a near tie or a
      -- start touching or overlapping is left out
      local best, second, which, bnx, bny, clean = huge, huge, nil, 0, 0, true
      for _, o in ipairs(obstacles) do
        local M, R = minkowski(o.V, C), o.q + mrad
        -- touching or overlapping at the start, grazing on the way, touching at the end
        if (sdist(M, 0, 0)) < R + tie or abs(path_dist(M, ex, ey) - R) < tie or abs((sdist(M, ex, ey)) - R) < tie then
          clean = false
        end
        if clean then
          local s, nx, ny = ray_in(M, R, ex, ey)
          if s and s <= 1 then
            if s < best then best, second, which, bnx, bny = s, best, o.shape, nx, ny
            elseif s < second then second = s end
          end
        end
      end
      local len = sqrt(ex * ex + ey * ey)
      if clean and (second - best) * len > tie then
        local x, y, cols, n = w:check(mover, gx, gy, function() return "touch" end)
        if best == huge then
          if n ~= 0 then fail("%s: %d collisions, expected none", c.what, n) end
          check(fail, c, "x", x, gx, tol); check(fail, c, "y", y, gy, tol)
        elseif n < 1 or cols[1].other ~= which then
          fail("%s: met %s, expected %s at t = %.17g", c.what, n > 0 and tostring(cols[1].other) or "nothing", tostring(which), best)
        else
          met = met + 1
          local rate = abs(ex * bnx + ey * bny)
          check(fail, c, "ti", cols[1].ti * rate, best * rate, 8 * tol)
          local ntol = 1e-9 + 16 * tol / (rate / len * k)
          check(fail, c, "nx", cols[1].nx, bnx, ntol); check(fail, c, "ny", cols[1].ny, bny, ntol)
          check(fail, c, "x at the touch", x, px + best * ex, 8 * tol * len / rate + tol)
          check(fail, c, "y at the touch", y, py + best * ey, 8 * tol * len / rate + tol)
        end
      end
      -- rays through the world: w:raycast the first shape met, querySegment
      -- all of them by distance
      local all = { { shape = mover, V = C, q = mrad } }
      for _, o in ipairs(obstacles) do all[#all + 1] = o end
      for _ = 1, 3 do
        local x0, y0 = ox + k * r.range(-30, 30), oy + k * r.range(-30, 30)
        local dx, dy = ox + k * r.range(-30, 30) - x0, oy + k * r.range(-30, 30) - y0
        local hitlist, ok = {}, true
        for _, o in ipairs(all) do
          local M = minkowski(o.V, { { x0, y0 } })
          local sd = sdist(M, 0, 0)
          if abs(sd - o.q) < tie or abs(path_dist(M, dx, dy) - o.q) < tie or abs((sdist(M, dx, dy)) - o.q) < tie then
            ok = false
          elseif sd <= o.q then
            hitlist[#hitlist + 1] = { 0, o.shape }
          else
            local t = ray_in(M, o.q, dx, dy)
            if t and t <= 1 then hitlist[#hitlist + 1] = { t, o.shape } end
          end
        end
        table.sort(hitlist, function(a, b) return a[1] < b[1] end)
        local dlen = sqrt(dx * dx + dy * dy)
        for i = 2, #hitlist do
          if (hitlist[i][1] - hitlist[i - 1][1]) * dlen < tie then ok = false end
        end
        if ok then
          local s1, t1 = w:raycast(x0, y0, dx, dy)
          if #hitlist == 0 then
            if s1 ~= nil then fail("%s: w:raycast met %s, expected nothing", c.what, tostring(s1)) end
          elseif s1 ~= hitlist[1][2] then
            fail("%s: w:raycast from (%.17g, %.17g) along (%.17g, %.17g) met %s, expected %s", c.what, x0, y0, dx, dy,
              tostring(s1), tostring(hitlist[1][2]))
          else
            check(fail, c, "w:raycast t", t1 * dlen, hitlist[1][1] * dlen, 1e-6 * k)
          end
          local seg = w:querySegment(x0, y0, x0 + dx, y0 + dy)
          local names, want = {}, {}
          for i, sh in ipairs(seg) do names[i] = tostring(sh) end
          for i, h in ipairs(hitlist) do want[i] = tostring(h[2]) end
          if table.concat(names, "; ") ~= table.concat(want, "; ") then
            fail("%s: querySegment gave {%s}, expected {%s}", c.what, table.concat(names, "; "), table.concat(want, "; "))
          end
        end
      end
    end
    finish()
    assert.is_true(met >= 15, "only " .. met .. " trials met a shape")
  end)

  it("move stops a rounded box at the wall, the floor, and a corner met by its arc", function()
    local w = c2d.world()
    local wall = w:add(c2d.aabb(50, -50, 10, 100))
    local hero = w:add(c2d.box(0, 0, 10, 6, 0, 2))
    -- its right flat x = 7 meets x = 50 when the centre is at 43
    local x, y, cols, len = w:move(hero, 100, 0)
    near(x, 43, 1e-12, "x"); near(y, 0, 0, "y")
    assert.are.equal(1, len)
    assert.are.equal(wall, cols[1].other)
    near(cols[1].ti, 0.43, 1e-15, "ti")
    near(cols[1].nx, -1, 0, "nx"); near(cols[1].ny, 0, 0, "ny")
    -- a floor whose top is y = 20: the bottom flat y = 5 meets it at y = 15
    local w2 = c2d.world()
    local floor = w2:add(c2d.aabb(-100, 20, 200, 10))
    local b = w2:add(c2d.box(0, 0, 10, 6, 0, 2))
    x, y, cols, len = w2:move(b, 7, 30)
    assert.are.equal(1, len)
    near(x, 7, 1e-12, "slid x"); near(y, 15, 1e-12, "y on the floor")
    assert.are.equal(floor, cols[1].other)
    near(cols[1].nx, 0, 0, "nx"); near(cols[1].ny, -1, 0, "ny")
    -- the corner (40, 4) of a wall below the box's right arc (centre (5, 3)):
    -- met where the centre x + 5 is 2 from it with dy = 1: x = 35 - sqrt 3
    local w3 = c2d.world()
    local low = w3:add(c2d.aabb(40, 4, 10, 100))
    local b3 = w3:add(c2d.box(0, 0, 10, 6, 0, 2))
    local _, _, cols3, len3 = w3:check(b3, 100, 0, function() return "touch" end)
    assert.are.equal(1, len3)
    assert.are.equal(low, cols3[1].other)
    near(cols3[1].ti, (35 - sqrt(3)) / 100, 1e-14, "ti")
    near(cols3[1].nx, -sqrt(3) / 2, 1e-12, "nx"); near(cols3[1].ny, -0.5, 1e-12, "ny")
    near(cols3[1].x, 35 - sqrt(3), 1e-12, "x at the touch")
    -- point, segment and ray queries see the arcs
    local w4 = c2d.world()
    local rb = w4:add(c2d.box(0, 0, 10, 6, 0, 2))
    assert.are.equal(1, #w4:queryPoint(5 + sqrt(2) * (1 - 1e-9), 3 + sqrt(2) * (1 - 1e-9)))
    assert.are.equal(0, #w4:queryPoint(6.5, 4.5))
    assert.are.equal(0, #w4:querySegment(6.5, 4.5, 9, 4.5))
    assert.are.equal(0, #w4:queryRect(6.5, 4.5, 3, 3))
    assert.are.equal(1, #w4:queryRect(6, 4, 3, 3))   -- (6, 4) is sqrt 2 < 2 from (5, 3)
    local s, t, nx, ny = w4:raycast(-20, 4, 1, 0, 100)
    assert.are.equal(rb, s)
    near(t, 15 - sqrt(3), 1e-14, "t"); near(nx, -sqrt(3) / 2, 1e-14, "nx"); near(ny, 0.5, 1e-14, "ny")
    -- push: a disk of radius 1 at (0, 5.5) reaches 0.5 inside the top flat y = 5:
    -- out by 0.5 along +y
    local w5 = c2d.world()
    w5:add(c2d.box(0, 0, 10, 6, 0, 2))
    local ball = w5:add(c2d.disk(0, 5.5, 1))
    local px, py, pcols = w5:push(ball)
    near(px, 0, 1e-12, "push x"); near(py, 6, 1e-12, "push y")
    near(pcols[1].depth, 0.5, 1e-12, "push depth")
  end)
end)

-- Constructors, errors, describing --------------------------------------------------

describe("rounded shapes: constructors and errors", function()
  local function fails(pattern, f, ...)
    local ok, err = pcall(f, ...)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find(pattern, 1, true), ("%q does not say %q"):format(tostring(err), pattern))
  end

  it("a radius that is negative, NaN or infinite is an error", function()
    local nan, inf = 0 / 0, huge
    fails("radius must be >= 0", c2d.box, 0, 0, 1, 1, 0, -1)
    fails("radius", c2d.box, 0, 0, 1, 1, 0, nan)
    fails("radius", c2d.box, 0, 0, 1, 1, 0, inf)
    fails("radius", c2d.box, 0, 0, 1, 1, 0, -inf)
    fails("radius must be >= 0", c2d.triangle, 0, 0, 1, 0, 0, 1, -1)
    fails("radius", c2d.triangle, 0, 0, 1, 0, 0, 1, nan)
    fails("radius", c2d.triangle, 0, 0, 1, 0, 0, 1, inf)
    fails("radius must be >= 0", c2d.polygon, { 0, 0, 1, 0, 0, 1, radius = -1 })
    fails("radius", c2d.polygon, { 0, 0, 1, 0, 0, 1, radius = nan })
    fails("radius", c2d.polygon, { 0, 0, 1, 0, 0, 1, radius = inf })
    fails("radius", c2d.polygon, { 0, 0, 1, 0, 0, 1, radius = "2" })
    fails("radius must be >= 0", c2d.polygon, 0, 0, 1, 0, 0, 1, -1)
    fails("radius", c2d.hull, { 0, 0, 1, 0, 0, 1, radius = -1 })
    fails("radius", c2d.hull, { 0, 0, 1, 0, 0, 1, radius = nan })
    fails("radius", c2d.hull, { 0, 0, 1, 0, 0, 1, radius = inf })
    fails("radius", c2d.hull, 0, 0, 1, 0, 0, 1, -1)
    fails("radius", c2d.hull, 0, 0, 1, 0, 0, 1, nan)
    fails("radius", c2d.hull, 0, 0, 1, 0, 0, 1, inf)
    fails("radius", c2d.hull, 5, 6, -0.5)
    -- a polygon's radius given last among its numbers, NaN or infinite: an error
    -- (the wording is checked below)
    assert.is_false((pcall(c2d.polygon, 0, 0, 1, 0, 0, 1, nan)))
    assert.is_false((pcall(c2d.polygon, 0, 0, 1, 0, 0, 1, inf)))
    assert.is_false((pcall(c2d.polygon, { 0, 0, 1, 0, 0, 1, nan })))
    -- and the set methods refuse them too
    local b = c2d.box(0, 0, 1, 1, 0, 1)
    fails("radius", b.set, b, 0, 0, 1, 1, 0, -1)
    assert.are.same({ 0, 0, 1, 1, 0, 1 }, { b:unpack() })
  end)

  it("a polygon's radius given as its last number, NaN or infinite, is named in the error", function()
    -- c2d.box, c2d.triangle and the table forms say "radius must be finite";
    -- c2d.polygon(x1, y1, ..., xn, yn, r) with r NaN or infinite says only
    -- "number must be finite" (its count being odd, that number can only be
    -- the radius)
    local ok, err = pcall(c2d.polygon, 0, 0, 1, 0, 0, 1, 0 / 0)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("#7", 1, true) and tostring(err):find("radius must be finite", 1, true), tostring(err))
    ok, err = pcall(c2d.polygon, 0, 0, 1, 0, 0, 1, huge)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("radius", 1, true))
  end)

  it("a radius that would carry the shape past the largest number is an error", function()
    fails("radius is out of range", c2d.box, 1e308, 0, 1, 1, 0, 1e308)
    fails("radius is out of range", c2d.triangle, 1e308, 0, 0, 0, 0, 1, 1e308)
    fails("radius is out of range", c2d.polygon, 1e308, 0, 0, 0, 0, 1, 1e308)
    fails("radius is out of range", c2d.polygon, { 1e308, 0, 0, 0, 0, 1, radius = 1e308 })
    fails("radius is out of range", c2d.hull, 1e308, 0, 0, 0, 0, 1, 1e308)
    fails("radius is out of range", c2d.hull, { 1e308, 0, 0, 0, 0, 1, radius = 1e308 })
    -- the largest radius that fits is taken
    assert.are.equal(1e308, select(6, c2d.box(0, 0, 1, 1, 0, 1e308):unpack()))
    -- scaling past it: an error, the shape unchanged
    local b = c2d.box(0, 0, 1, 1, 0, 1e300)
    assert.is_false((pcall(b.scale, b, 1e10)))
    assert.are.same({ 0, 0, 1, 1, 0, 1e300 }, { b:unpack() })
  end)

  it("an AABB cannot be rounded, nor a Disk, Capsule, Segment or Point take another number", function()
    fails("too many numbers", c2d.aabb, 0, 0, 1, 1, 1)
    fails("too many numbers", c2d.disk, 0, 0, 1, 1)
    fails("too many numbers", c2d.capsule, 0, 0, 1, 1, 1, 1)
    fails("too many numbers", c2d.segment, 0, 0, 1, 1, 1)
    fails("too many numbers", c2d.point, 0, 0, 1)
    fails("too many numbers", c2d.box, 0, 0, 1, 1, 0, 1, 1)
    fails("too many numbers", c2d.triangle, 0, 0, 1, 0, 0, 1, 1, 1)
    -- the set method alike
    local a = c2d.aabb(0, 0, 1, 1)
    assert.is_false((pcall(a.set, a, 0, 0, 1, 1, 1)))
    assert.are.same({ 0, 0, 1, 1 }, { a:unpack() })
  end)

  it("radius 0 is the sharp shape; an odd count of numbers rounds a polygon or hull", function()
    assert.are.equal(c2d.box(1, 2, 3, 4, 0.5), c2d.box(1, 2, 3, 4, 0.5, 0))
    assert.are.same({ 1, 2, 3, 4, 0.5 }, { c2d.box(1, 2, 3, 4, 0.5, 0):unpack() })
    assert.are.equal("Triangle(0, 0, 4, 0, 0, 3)", tostring(c2d.triangle(0, 0, 4, 0, 0, 3, 0)))
    assert.are.same({ 0, 0, 4, 0, 0, 3 }, { c2d.polygon(0, 0, 4, 0, 0, 3, 0):unpack() })
    assert.are.same({ 0, 0, 4, 0, 0, 3 }, { c2d.polygon({ 0, 0, 4, 0, 0, 3, radius = 0 }):unpack() })
    near(c2d.triangle(0, 0, 4, 0, 0, 3, 0):area(), 6, 0, "sharp area")
    -- odd counts
    local p = c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4, 0.5)
    assert.are.same({ 0, 0, 4, 0, 4, 4, 0, 4, 0.5 }, { p:unpack() })
    assert.are.equal("Polygon(0, 0, 4, 0, 4, 4, 0, 4, 0.5)", tostring(p))
    near(p:area(), 16 + 16 * 0.5 + pi * 0.25, 1e-14, "polygon area")
    assert.are.equal(p, c2d.polygon({ 0, 0, 4, 0, 4, 4, 0, 4, radius = 0.5 }))
    assert.are.equal(p, c2d.polygon({ 0, 0, 4, 0, 4, 4, 0, 4, 0.5 }))
    assert.are_not.equal(p, c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4))
    assert.are_not.equal(p, c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4, 0.25))
    -- a hull keeps its hull's vertices and the radius last
    local hl = c2d.hull(0, 0, 4, 0, 2, 1, 4, 4, 0, 4, 0.5)
    local nums = { hl:unpack() }
    assert.are.equal(9, #nums)
    assert.are.equal(0.5, nums[9])
    near(hl:area(), p:area(), 1e-14, "hull area")
    assert.are.same(nums, { c2d.hull({ 0, 0, 4, 0, 2, 1, 4, 4, 0, 4, radius = 0.5 }):unpack() })
    -- the constructor's numbers build an equal shape
    for _, s in ipairs({ c2d.box(1, 2, 3, 4, 0.5, 0.25), c2d.triangle(0, 0, 4, 0, 0, 3, 2), p }) do
      assert.are.equal(s, c2d[s:type():lower()](s:unpack()))
    end
    -- the radius shows in tostring
    assert.are.equal("Box(1, 2, 3, 4, 0.5, 0.25)", tostring(c2d.box(1, 2, 3, 4, 0.5, 0.25)))
    assert.are.equal("Triangle(0, 0, 4, 0, 0, 3, 2)", tostring(c2d.triangle(0, 0, 4, 0, 0, 3, 2)))
    assert.are.equal("Polygon(1, 2, 3)", tostring(c2d.hull(1, 2, 3)))
  end)

  it("a polygon of 256 vertices takes a radius; 257 vertices do not fit", function()
    -- the regular 256-gon of circumradius 100: its area 256 / 2 * 100^2 sin(2 pi / 256),
    -- perimeter 256 * 2 * 100 sin(pi / 256); rounded by 3
    local t = common.regular_polygon(256, 5, -7, 100)
    local A, L = 128 * 1e4 * sin(2 * pi / 256), 512 * 100 * sin(pi / 256)
    local want = A + L * 3 + 9 * pi
    t[#t + 1] = 3
    local p1 = c2d.polygon(unpack(t))
    t[#t] = nil
    t.radius = 3
    local p2 = c2d.polygon(t)
    local p3 = c2d.hull(t)
    for _, s in ipairs({ p1, p2, p3 }) do
      local nums = { s:unpack() }
      assert.are.equal(513, #nums)
      assert.are.equal(3, nums[513])
      near(s:area(), want, 1e-9 * want, "area")
      near(s:perimeter(), L + 6 * pi, 1e-9 * L, "perimeter")
      local back = c2d.deserialize(s:serialize())
      assert.are.same(nums, { back:unpack() })
      assert.are.equal(tostring(s), tostring(back))
      -- its outline at the most segments: every point 3 from the core
      local core = c2d.polygon(unpack(nums, 1, 512))
      local o = s:outline(4096)
      assert.is_true(#o >= 2 * 4096)
      for i = 1, #o, 2 * 97 do near((core:distance(c2d.point(o[i], o[i + 1]))), 3, 1e-11, "outline point") end
      local tri = s:triangles(256)
      assert.is_true(#tri > 0)
      local moved = s:clone():move(1, 1):rotate(0.3):scale(2)
      nums = { moved:unpack() }
      assert.are.equal(513, #nums)
      near(nums[513], 6, 0, "scaled radius")
    end
    -- 257 vertices and a radius: too many (the sharp 257-gon is too many as well)
    local u = common.regular_polygon(257, 0, 0, 100)
    u[#u + 1] = 3
    assert.is_false((pcall(c2d.polygon, unpack(u))))
    u[#u] = nil
    u.radius = 3
    assert.is_false((pcall(c2d.polygon, u)))
    assert.is_false((pcall(c2d.hull, u)))
  end)

  it("a rounded polygon of more than 128 vertices has an intersection with a box round it", function()
    -- the sharp 200-gon's intersection with a box round it is itself; the
    -- rounded one's is its outline, which takes two points at each of its 200
    -- corners however few segments are asked for (each corner's arc, from both
    -- ends): 400 points, more than a Polygon holds, and intersection raises
    -- "the common part has too many vertices"
    local t = common.regular_polygon(200, 0, 0, 100)
    local big = c2d.aabb(-1e4, -1e4, 2e4, 2e4)
    local sharp = c2d.polygon(t)
    near(sharp:intersection(big):area(), sharp:area(), 1e-9 * sharp:area(), "sharp")
    t.radius = 3
    local rounded = c2d.polygon(t)
    local ok, cut = pcall(rounded.intersection, rounded, big, 3)
    assert.is_true(ok, tostring(cut))
    assert.is_true(cut:area() <= rounded:area())
    assert.is_true(cut:area() >= sharp:area())
  end)

  it("serialize and deserialize keep the radius", function()
    local shapes = {
      c2d.box(1, 2, 3, 4, 0.5, 0.25), c2d.box(1e6, -1e6, 3, 4, 1.1, 7), c2d.triangle(0, 0, 4, 0, 0, 3, 2),
      c2d.triangle(0, 0, 1, 1, 2, 2, 0.5), c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4, 0.1),
      c2d.hull(0, 0, 4, 0, 2, 1, 4, 4, 0, 4, 0.5), c2d.hull(1, 2, 3), c2d.hull(1, 2, 5, 6, 0.75),
      c2d.box(0, 0, 1, 1, 0, 0),
    }
    for _, s in ipairs(shapes) do
      local t = s:serialize()
      local back = c2d.deserialize(t)
      assert.are.same({ s:unpack() }, { back:unpack() })
      assert.are.equal(tostring(s), tostring(back))
      near(back:area(), s:area(), 0, "area after the round trip")
      -- as a group member too
      local g = c2d.deserialize(c2d.group(s, c2d.disk(0, 0, 1)):serialize())
      local members = { g:unpack() }
      assert.are.same({ s:unpack() }, { members[1]:unpack() })
    end
    -- clone and set keep or change it
    local b = c2d.box(0, 0, 10, 6, 0, 2)
    assert.are.equal(b, b:clone())
    b:set(1, 1, 4, 4, 0, 1)
    assert.are.same({ 1, 1, 4, 4, 0, 1 }, { b:unpack() })
    b:set(1, 1, 4, 4, 0)
    assert.are.same({ 1, 1, 4, 4, 0 }, { b:unpack() })
    near(b:area(), 16, 0, "set sharp again")
  end)

  it("scale multiplies the radius; scale by 0 leaves the pivot", function()
    local b = c2d.box(0, 0, 10, 6, 0, 2):scale(2)
    assert.are.same({ 0, 0, 20, 12, 0, 4 }, { b:unpack() })
    near(b:area(), 4 * (124 + 4 * pi), 1e-12, "scaled area")
    local d = c2d.hull(1, 2, 3):scale(3, 1, 0)
    assert.are.same({ 1, 6, 9 }, { d:unpack() })
    local z = c2d.triangle(0, 0, 4, 0, 0, 3, 2):scale(0, 1, 1)
    assert.is_true(z:hits(c2d.point(1, 1)))
    assert.is_false(z:hits(c2d.point(1.001, 1)))
    near(z:area(), 0, 0, "scaled to nothing")
  end)
end)

describe("rounded shapes: a radius given twice", function()
  it("in a Polygon's or hull's table, as the last number and as radius =, is an error", function()
    local ok, err = pcall(c2d.polygon, { 0, 0, 4, 0, 0, 4, 0.5, radius = 2 })
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("radius given twice", 1, true), tostring(err))
    ok, err = pcall(c2d.hull, { 1, 2, 3, 4, 5, radius = 2 })
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("radius given twice", 1, true), tostring(err))
    -- either alone is the same shape
    assert.are.same({ c2d.polygon { 0, 0, 4, 0, 0, 4, radius = 2 }:unpack() }, { c2d.polygon { 0, 0, 4, 0, 0, 4, 2 }:unpack() })
    assert.are.same({ 1, 2, 3, 4, 5 }, { c2d.hull { 1, 2, 3, 4, 5 }:unpack() })
  end)
end)
