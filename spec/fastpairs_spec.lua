-- The pairs hits answers from the shapes' numbers without building bodies:
-- cores of points and segments against each other (Point, Segment, Disk,
-- Capsule), a round shape against a Triangle, and a round shape against a
-- turned Box. Each case is worked out by
-- hand (the reasoning beside it) and checked every way the answer can be
-- asked: a:hits(b), b:hits(a), c2d.hits both ways round, and distance (0
-- exactly when they hit, as the general path decides); at the origin,
-- moved to around 1e6 (every number here stays exact there), and with every
-- number scaled by 2^300 and by 2^-300 (exact, beyond the range of squares).
local c2d = require "collide2d"
local common = require "support.common"

local point, segment, disk, triangle, capsule, box = common.point, common.segment, common.disk, common.triangle, common.capsule, common.box
local E = 1e-9
local Q, R2 = math.pi / 2, math.sqrt(2)

-- { name, a, b, hits }
local CASES = {
  -- Capsule x Capsule
  -- (4,0) and (6,0) are the nearest ends, 2 apart: the radii 1 + 1 close it.
  { "capsules whose caps touch end to end", capsule(0, 0, 4, 0, 1), capsule(6, 0, 10, 0, 1), true },
  { "capsules 1e-9 past touching end to end", capsule(0, 0, 4, 0, 1), capsule(6 + E, 0, 10, 0, 1), false },
  -- Parallel cores 2 apart, radii 1 + 1.
  { "parallel capsules whose sides touch", capsule(0, 0, 4, 0, 1), capsule(0, 2, 4, 2, 1), true },
  { "parallel capsules 1e-9 apart", capsule(0, 0, 4, 0, 1), capsule(0, 2 + E, 4, 2 + E, 1), false },
  -- Radius 0: two segments crossing at the origin.
  { "radius-0 capsules crossing", capsule(0, -2, 0, 2, 0), capsule(-2, 0, 2, 0, 0), true },
  -- The same first point (the frame is the same either way round).
  { "capsules sharing their first point", capsule(0, 0, 4, 0, 1), capsule(0, 0, 0, 4, 1), true },
  { "radius-0 capsules meeting only at their first point", capsule(0, 0, 4, 0, 0), capsule(0, 0, -4, 3, 0), true },
  -- A short capsule wholly inside a long one's side: no crossing, no contact
  -- of the boundaries, the endpoint (4,1) is 1 from the other core, within 3.5.
  { "a capsule inside another", capsule(0, 0, 10, 0, 3), capsule(4, 1, 6, 1, 0.5), true },
  -- Collinear cores along (3,4): nearest ends (3,4) and (6,8), 5 apart = 1 + 4.
  { "collinear slanted capsules touching", capsule(0, 0, 3, 4, 1), capsule(6, 8, 9, 12, 4), true },
  { "collinear slanted capsules 0.5 apart", capsule(0, 0, 3, 4, 1), capsule(6, 8, 9, 12, 3.5), false },
  -- A cap's end (4,3) is 3 above the core (0,0)-(8,0): radii 1 + 2.
  { "a cap touching a side square on", capsule(0, 0, 8, 0, 1), capsule(4, 3, 4, 7, 2), true },
  { "a cap 1e-9 off a side square on", capsule(0, 0, 8, 0, 1), capsule(4, 3 + E, 4, 7, 2), false },
  -- Zero length: a disk of radius 1 at (2,3), 3 above the core of radius 2.
  { "a zero-length capsule touching a capsule's side", capsule(2, 3, 2, 3, 1), capsule(0, 0, 4, 0, 2), true },
  { "a zero-length capsule 1e-9 off a capsule's side", capsule(2, 3 + E, 2, 3 + E, 1), capsule(0, 0, 4, 0, 2), false },
  -- Two zero-length capsules: centres 5 apart (3-4-5), radii 2 + 3.
  { "two zero-length capsules touching", capsule(0, 0, 0, 0, 2), capsule(3, 4, 3, 4, 3), true },
  { "two zero-length capsules just apart", capsule(0, 0, 0, 0, 2), capsule(3, 4, 3, 4, 2.999999999), false },
  { "two zero-length capsules far apart", capsule(0, 0, 0, 0, 2), capsule(30, 40, 30, 40, 3), false },

  -- Segment, Point and Disk with Capsule, Segment and each other
  { "a segment along a capsule's side", segment(0, 3, 4, 3), capsule(0, 0, 4, 0, 3), true },
  { "a segment 1e-9 off a capsule's side", segment(0, 3 + E, 4, 3 + E), capsule(0, 0, 4, 0, 3), false },
  { "a point on a capsule's cap", point(5, 0), capsule(0, 0, 4, 0, 1), true },
  { "a point 1e-9 off a capsule's cap", point(5 + E, 0), capsule(0, 0, 4, 0, 1), false },
  { "a point on a capsule's side", point(2, 1), capsule(0, 0, 4, 0, 1), true },
  -- (0,0)-(4,4) and (0,4)-(4,0) cross at (2,2).
  { "crossing segments", segment(0, 0, 4, 4), segment(0, 4, 4, 0), true },
  { "segments sharing an end", segment(0, 0, 2, 2), segment(2, 2, 5, 0), true },
  { "collinear segments overlapping", segment(0, 0, 4, 0), segment(2, 0, 6, 0), true },
  { "collinear segments apart", segment(0, 0, 2, 2), segment(3, 3, 5, 5), false },
  { "collinear segments 1e-9 apart", segment(0, 0, 2, 0), segment(2 + E, 0, 5, 0), false },
  { "a point on a segment", point(1, 1), segment(0, 0, 2, 2), true },
  { "a point 1e-9 beside a segment", point(1, 1 + E), segment(0, 0, 2, 2), false },
  -- (2,3) is 3 above the segment's middle.
  { "a disk touching a segment", disk(2, 3, 3), segment(0, 0, 4, 0), true },
  { "a disk just short of a segment", disk(2, 3, 2.999999999), segment(0, 0, 4, 0), false },
  { "a disk touching a capsule's cap", disk(7, 4, 4), capsule(0, 0, 4, 0, 1), true },  -- (7,4) is 5 from (4,0): 4 + 1
  { "a disk 1e-9 short of a capsule's cap", disk(7, 4, 3.999999999), capsule(0, 0, 4, 0, 1), false },

  -- Point and Disk x Triangle, both windings: (0,0), (4,0), (0,3), whose
  -- hypotenuse (4,0)-(0,3) lies on 3x + 4y = 12 with outward normal (3,4)/5.
  { "a disk touching a triangle's bottom edge", disk(2, -1, 1), triangle(0, 0, 4, 0, 0, 3), true },
  { "a disk touching a clockwise triangle's bottom edge", disk(2, -1, 1), triangle(0, 0, 0, 3, 4, 0), true },
  { "a disk just short of a triangle's bottom edge", disk(2, -1, 0.999999999), triangle(0, 0, 4, 0, 0, 3), false },
  -- (5, 5.5) = (2, 1.5) + 5 * (3,4)/5: 5 from the hypotenuse's midpoint.
  { "a disk touching a triangle's slanted edge", disk(5, 5.5, 5), triangle(0, 0, 4, 0, 0, 3), true },
  { "a disk touching a clockwise triangle's slanted edge", disk(5, 5.5, 5), triangle(4, 0, 0, 0, 0, 3), true },
  { "a disk just short of a triangle's slanted edge", disk(5, 5.5, 4.999999999), triangle(0, 0, 4, 0, 0, 3), false },
  -- (7,4) is 5 from the corner (4,0), and past both edges there.
  { "a disk touching a triangle's corner", disk(7, 4, 5), triangle(0, 0, 4, 0, 0, 3), true },
  { "a disk just short of a triangle's corner", disk(7, 4, 4.999999999), triangle(0, 0, 4, 0, 0, 3), false },
  { "a disk touching the right-angle corner", disk(-3, -4, 5), triangle(0, 0, 0, 3, 4, 0), true },
  { "a disk around a whole triangle", disk(-1, -1, 100), triangle(0, 0, 4, 0, 0, 3), true },
  { "a disk centred inside a triangle", disk(1, 1, 0.1), triangle(0, 0, 4, 0, 0, 3), true },
  { "a point inside a triangle", point(1, 1), triangle(0, 0, 4, 0, 0, 3), true },
  { "a point on a triangle's edge", point(2, 0), triangle(0, 0, 4, 0, 0, 3), true },
  { "a point on a triangle's slanted edge", point(2, 1.5), triangle(0, 0, 0, 3, 4, 0), true },
  { "a point at a triangle's corner", point(4, 0), triangle(0, 0, 4, 0, 0, 3), true },
  { "a point 1e-9 below a triangle's edge", point(2, -E), triangle(0, 0, 4, 0, 0, 3), false },
  { "a point off a triangle's slanted edge", point(2, 2), triangle(0, 0, 4, 0, 0, 3), false }, -- 6 + 8 > 12
  { "a radius-0 disk on a triangle's corner", disk(0, 3, 0), triangle(0, 0, 4, 0, 0, 3), true },
  -- A flat triangle (its three corners on y = x): the segment (0,0)-(4,4).
  { "a radius-0 disk on a flat triangle", disk(1, 1, 0), triangle(0, 0, 2, 2, 4, 4), true },
  -- (5,5) is sqrt 2 from the end (4,4).
  { "a disk short of a flat triangle's end", disk(5, 5, 1), triangle(0, 0, 2, 2, 4, 4), false },
  { "a disk over a flat triangle's end", disk(5, 5, 1.5), triangle(0, 0, 2, 2, 4, 4), true },

  -- Point and Disk x a Box turned by a quarter turn: 4 wide and 2 high about
  -- (0,0), turned, it covers [-1,1] x [-2,2] (its cosine is not 0 in double:
  -- it is a turned box, whose corners carry rounding of about 1e-16).
  { "a disk touching a quarter-turned box's side", disk(3, 0, 2), box(0, 0, 4, 2, Q), true },
  { "a disk 1e-9 short of a quarter-turned box's side", disk(3, 0, 2 - E), box(0, 0, 4, 2, Q), false },
  { "a disk touching a quarter-turned box's corner", disk(4, 6, 5), box(0, 0, 4, 2, Q), true }, -- (1,2) + (3,4)
  { "a disk 1e-9 short of a quarter-turned box's corner", disk(4, 6, 5 - E), box(0, 0, 4, 2, Q), false },
  { "a point inside a quarter-turned box", point(0.5, -1.5), box(0, 0, 4, 2, Q), true },
  { "a point 1e-9 outside a quarter-turned box", point(1 + E, 0), box(0, 0, 4, 2, Q), false },
  -- A 2 x 2 box turned by an eighth of a turn: |x| + |y| <= sqrt 2.
  { "a disk centred inside an eighth-turned box", disk(0.5, 0, 0.1), box(0, 0, 2, 2, Q / 2), true },
  -- (1,1) is sqrt 2 - 1 from the edge line x + y = sqrt 2.
  { "a disk 1e-9 over an eighth-turned box's edge", disk(1, 1, R2 - 1 + E), box(0, 0, 2, 2, Q / 2), true },
  { "a disk 1e-9 short of an eighth-turned box's edge", disk(1, 1, R2 - 1 - E), box(0, 0, 2, 2, Q / 2), false },
  -- (sqrt 2 + 2, 0) is 2 from the corner (sqrt 2, 0), in the corner's region.
  { "a disk 1e-9 over an eighth-turned box's corner", disk(R2 + 2, 0, 2 + E), box(0, 0, 2, 2, Q / 2), true },
  { "a disk 1e-9 short of an eighth-turned box's corner", disk(R2 + 2, 0, 2 - E), box(0, 0, 2, 2, Q / 2), false },
  { "a point inside an eighth-turned box near its edge", point(0.7, R2 - 0.7 - E), box(0, 0, 2, 2, Q / 2), true },
  { "a point 1e-9 outside an eighth-turned box's edge", point(0.7, R2 - 0.7 + E), box(0, 0, 2, 2, Q / 2), false },
  { "a disk around a whole turned box", disk(0, 0, 10), box(1, 1, 2, 2, 1), true },
}

-- Which numbers of each kind are x and y coordinates (the rest are lengths).
local ROLES = {
  point = { "x", "y" }, segment = { "x", "y", "x", "y" }, disk = { "x", "y", "r" },
  triangle = { "x", "y", "x", "y", "x", "y" }, capsule = { "x", "y", "x", "y", "r" },
  box = { "x", "y", "r", "r", "angle" },
}

-- The shape spec describes, moved by (ox, oy), then every number times k.
local function make(spec, ox, oy, k)
  local nums = {}
  for i = 2, #spec do
    local role, v = ROLES[spec[1]][i - 1], spec[i]
    if role == "x" then v = v + ox elseif role == "y" then v = v + oy end
    nums[i - 1] = role == "angle" and v or v * k
  end
  return c2d[spec[1]]((table.unpack or unpack)(nums))
end

local PLACES = {
  { "at the origin", 0, 0, 1 },
  { "around (1e6, 1e6)", 1e6, 1e6, 1 },
  { "around (-2^20, 3e6)", -2 ^ 20, 3e6, 1 },
  { "scaled by 2^300", 0, 0, 2 ^ 300 },
  { "scaled by 2^-300", 0, 0, 2 ^ -300 },
  { "around (1e6, 1e6) scaled by 2^-300", 1e6, 1e6, 2 ^ -300 },
}

describe("pairs answered from their numbers", function()
  for _, place in ipairs(PLACES) do
    describe(place[1], function()
      for _, case in ipairs(CASES) do
        it(case[1], function()
          local a, b = make(case[2], place[2], place[3], place[4]), make(case[3], place[2], place[3], place[4])
          local want = case[4]
          assert.are.equal(want, a:hits(b), "a:hits(b)")
          assert.are.equal(want, b:hits(a), "b:hits(a)")
          assert.are.equal(want, c2d.hits(a, b), "c2d.hits(a, b)")
          assert.are.equal(want, c2d.hits(b, a), "c2d.hits(b, a)")
          assert.are.equal(want, a:distance(b) == 0, "a:distance(b) == 0")
          assert.are.equal(want, b:distance(a) == 0, "b:distance(a) == 0")
        end)
      end
    end)
  end

  -- Random shapes of these kinds with small integer numbers (so that many
  -- touch exactly), far from the origin: hits agrees with itself both ways
  -- round and with distance, whose decision is the general path's.
  it("agree with distance and with the mirrored call on integer shapes that often touch", function()
    local seed = 4242
    local function int(lo, hi)
      seed = (seed * 48271) % 2147483647
      return lo + seed % (hi - lo + 1)
    end
    local O = 1e6
    local function shape()
      local k = int(1, 5)
      local x, y = O + int(-6, 6), O + int(-6, 6)
      if k == 1 then return c2d.point(x, y) end
      if k == 2 then return c2d.segment(x, y, O + int(-6, 6), O + int(-6, 6)) end
      if k == 3 then return c2d.disk(x, y, int(0, 4)) end
      if k == 4 then return c2d.capsule(x, y, O + int(-6, 6), O + int(-6, 6), int(0, 3)) end
      return c2d.triangle(x, y, O + int(-6, 6), O + int(-6, 6), O + int(-6, 6), O + int(-6, 6))
    end
    local touching = 0
    for _ = 1, 4000 do
      local a, b = shape(), shape()
      local h = a:hits(b)
      assert.are.equal(h, b:hits(a), a:type() .. " x " .. b:type())
      assert.are.equal(h, a:distance(b) == 0, a:type() .. " x " .. b:type())
      if h then
        local _, _, depth = a:contact(b)
        if depth == 0 then touching = touching + 1 end
      end
    end
    -- the draw does reach exact touches (hits at depth 0)
    assert.is_true(touching > 0)
  end)

  -- A triangle 1e-160 across near the origin, seen from a disk's centre at
  -- (37, 37): its vertices minus the centre all round to (-37, -37), so no
  -- edge line has the centre on either side. It is a point 37 sqrt 2 = 52.3
  -- from the centre: beyond a radius of 37, within one of 53.
  it("a triangle that collapses to a point in the disk's frame is met only within the radius", function()
    local t = c2d.triangle(1e-160, 1e-160, 2e-160, 1e-160, 2e-160, 2e-160)
    for _, case in ipairs { { 37, false }, { 53, true }, { 0, false } } do
      local d = c2d.disk(37, 37, case[1])
      assert.are.equal(case[2], d:hits(t), "radius " .. case[1])
      assert.are.equal(case[2], t:hits(d), "radius " .. case[1])
      assert.are.equal(case[2], d:distance(t) == 0, "radius " .. case[1])
    end
  end)
end)
