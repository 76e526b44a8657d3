-- hits and distance of the segment-kind shapes (Point, Segment, Disk, Capsule)
-- against an exact reference, on hard cases: exact touches, the same moved by a
-- few ulps, radii that are rounded distances, points rounded onto segments,
-- nearly parallel segments, tiny gaps beside large coordinates, all of it at
-- scales from 1e-300 to 1e300, and integers up to 2^53.
--
-- Each of the four kinds is a core (a point, or the segment between two ends,
-- a point again when they are equal) and a radius (0 for Point and Segment), so
-- two shapes meet exactly when their cores come within the sum of the radii:
-- support.exact decides that in exact arithmetic on the very doubles each
-- shape is built from (support.exact.seg_seg_within; the sum of the radii is
-- the real one, not the double it rounds to). For every pair, both ways round:
--   a:hits(b) is the reference's answer;
--   a:distance(b) (its first result) is 0 when the reference says they meet,
--   and > 0 when it says they do not.
-- Every expected value comes from the reference or from the reasoning written
-- beside a hand-worked case, never from the library. The reference itself is
-- checked first, on cases worked out by hand and on identities of doubles
-- (TwoSum, Dekker's product) that hold exactly.
--
-- C2D_EXACT_CASES sets the number of generated pairs (10,000 by default, split
-- among the generators by weight); a failure names the call that reproduces it.
local c2d = require "collide2d"
local common = require "support.common"
local exact = require "support.exact"

local floor, abs, sqrt, min, max = math.floor, math.abs, math.sqrt, math.min, math.max
local pow2 = exact.pow2
local new, add, sub, mul, cmp, eq = exact.new, exact.add, exact.sub, exact.mul, exact.cmp, exact.eq
local next_up, next_down, step = exact.next_up, exact.next_down, exact.step

local TOTAL = tonumber(os.getenv("C2D_EXACT_CASES") or "") or 10000

local KINDS = { "point", "segment", "disk", "capsule" }
local ROUND = { disk = true, capsule = true } -- kinds with a radius
local LONG = { segment = true, capsule = true } -- kinds whose core has two ends

-- Shapes as data: { kind, core x0, y0, x1, y1, radius } ---------------------------

-- The constructor's numbers of a shape.
local function numbers(s)
  local k = s[1]
  if k == "point" then return { s[2], s[3] } end
  if k == "segment" then return { s[2], s[3], s[4], s[5] } end
  if k == "disk" then return { s[2], s[3], s[6] } end
  return { s[2], s[3], s[4], s[5], s[6] }
end

-- The call that builds it, with %.17g numbers (which rebuild the same doubles).
local function call_of(s) return common.lua_call(s[1], numbers(s)) end

-- The reference's answer for the pair.
local function reference(a, b)
  return exact.seg_seg_within(a[2], a[3], a[4], a[5], b[2], b[3], b[4], b[5], a[6], b[6])
end

-- A shape from its constructor's numbers (as the hand-worked cases give them).
local function shape(kind, ...)
  local n = { ... }
  if kind == "point" then return { kind, n[1], n[2], n[1], n[2], 0 } end
  if kind == "segment" then return { kind, n[1], n[2], n[3], n[4], 0 } end
  if kind == "disk" then return { kind, n[1], n[2], n[1], n[2], n[3] } end
  return { kind, n[1], n[2], n[3], n[4], n[5] }
end

-- Checks the library on the pair against want (spec/support/exact.lua), and
-- collects the failures.
local function check_pair(a, b, want, fail, tag) exact.check_pair(c2d, numbers, call_of, a, b, want, fail, tag) end
local collector = exact.collector

-- The reference, checked ----------------------------------------------------------

describe("the exact reference (spec/support/exact.lua)", function()
  it("takes doubles apart into an integer mantissa and a power of two", function()
    local cases = {
      -- x, m, e with x = m * 2^e
      { 1, 2 ^ 52, -52 },
      { 3, 3 * 2 ^ 51, -51 },
      { 0.1, 7205759403792794, -56 }, -- 0.1 rounds to 0x1.999999999999ap-4
      { 4.9406564584124654e-324, 1, -1074 }, -- the least subnormal, 2^-1074
      { 2.2250738585072014e-308, 2 ^ 52, -1074 }, -- the least normal, 2^-1022
      { 2.2250738585072009e-308, 2 ^ 52 - 1, -1074 }, -- the largest subnormal
      { 1.7976931348623157e308, 2 ^ 53 - 1, 971 }, -- the largest double
      { -2 ^ 60, 2 ^ 52, 8 },
    }
    for _, c in ipairs(cases) do
      local m, e = exact.decompose(c[1])
      assert.are.equal(c[2], m, ("mantissa of %.17g"):format(c[1]))
      assert.are.equal(c[3], e, ("exponent of %.17g"):format(c[1]))
      assert.are.equal(abs(c[1]), exact.scale(m, e), ("%.17g rebuilt"):format(c[1]))
    end
  end)

  it("steps to the neighbouring doubles", function()
    assert.are.equal(1 + 2 ^ -52, next_up(1))
    assert.are.equal(1 - 2 ^ -53, next_down(1))
    assert.are.equal(3 - 2 ^ -51, next_down(3))
    assert.are.equal(2 ^ -1074, next_up(0))
    assert.are.equal(-2 ^ -1074, next_down(0))
    assert.are.equal(0, next_down(2 ^ -1074))
    assert.are.equal(2 ^ -1022 - 2 ^ -1074, next_down(2 ^ -1022))
    assert.are.equal(2 ^ -1022, next_up(2 ^ -1022 - 2 ^ -1074))
    assert.are.equal(math.huge, next_up(1.7976931348623157e308))
    assert.are.equal(1.7976931348623157e308, next_up(next_down(1.7976931348623157e308)))
    assert.are.equal(1.7976931348623155e308, next_down(1.7976931348623157e308))
    assert.are.equal(-1 - 2 ^ -52, next_down(-1))
    assert.are.equal(5 + 4 * 2 ^ -50, step(5, 4))
    assert.are.equal(5 - 2 * 2 ^ -50, step(5, -2))
    assert.are.equal(2 ^ -52, exact.ulp(1))
    assert.are.equal(2 ^ -1074, exact.ulp(0))
    assert.are.equal(2 ^ 971, exact.ulp(1.7976931348623157e308))
  end)

  it("adds, subtracts, multiplies and compares exactly", function()
    -- 0.1 + 0.2 = 0.3000000000000000166533453693773481...: above the double 0.3
    -- (0.29999999999999998889...) and below 0.30000000000000004 (...444089...).
    local s = add(new(0.1), new(0.2))
    assert.are.equal(1, cmp(s, new(0.3)))
    assert.are.equal(-1, cmp(s, new(0.30000000000000004)))
    -- 1e300 + 1e-320 - 1e300 is 1e-320 (the subnormal the literal rounds to)
    assert.is_true(eq(sub(add(new(1e300), new(1e-320)), new(1e300)), new(1e-320)))
    assert.are.equal(1, cmp(add(new(1e300), new(1e-320)), new(1e300)))
    assert.are.equal(-1, cmp(sub(new(-1e300), new(1e-320)), new(-1e300)))
    -- (2^53 - 1)^2 = 2^106 - 2^54 + 1
    assert.is_true(eq(mul(new(2 ^ 53 - 1), new(2 ^ 53 - 1)), add(sub(new(2 ^ 106), new(2 ^ 54)), new(1))))
    -- (2^-1074)^2 = 2^-2148 = 2^12 * 2^(24 * -90): one limb 0x001000 at p-2160
    assert.are.equal("0x001000p-2160", exact.tostring(mul(new(2 ^ -1074), new(2 ^ -1074))))
    assert.are.equal("-0x000003p+0", exact.tostring(new(-3)))
    assert.are.equal("0", exact.tostring(sub(new(7), new(7))))
    assert.are.equal(0, exact.sign(sub(new(1e-320), new(1e-320))))
    assert.are.equal(-1, exact.sign(exact.neg(new(1e-320))))
  end)

  -- Identities that hold exactly for doubles: TwoSum (s + e = a + b exactly,
  -- with s = a + b and e its rounding error, for any a, b whose sum does not
  -- overflow) and Dekker's product (p + e = a b exactly when nothing overflows
  -- or underflows: exponents kept within +-400), and the ring laws on numbers of
  -- every size, so that a carry or an alignment bug cannot hide.
  it("agrees with TwoSum, Dekker's product and the ring laws on random doubles of every size", function()
    local r = common.lcg(91)
    local function mantissa() return r.int(0, 2 ^ 26 - 1) * 2 ^ 26 + r.int(0, 2 ^ 26 - 1) + 2 ^ 52 end
    local function wild(lo, hi, subnormal)
      local m, e = mantissa(), r.int(lo, hi)
      if subnormal and r.u() < 0.1 then m, e = r.int(1, 2 ^ 30), -1074 end
      local x = exact.scale(m, e)
      return r.u() < 0.5 and -x or x
    end
    local SPLIT = 134217729 -- 2^27 + 1
    local function split(a)
      local c = SPLIT * a
      local hi = c - (c - a)
      return hi, a - hi
    end
    for _ = 1, 400 do
      local a, b = wild(-1074, 960, true), wild(-1074, 960, true)
      if r.u() < 0.3 then b = -a * r.range(0.5, 2) end -- cancellation
      local s = a + b
      local bb = s - a
      local e = (a - (s - bb)) + (b - bb)
      assert.is_true(eq(add(new(a), new(b)), add(new(s), new(e))), ("TwoSum of %.17g and %.17g"):format(a, b))
      assert.is_true(eq(sub(new(s), new(a)), sub(new(b), new(e))), ("TwoSum of %.17g and %.17g, subtracted"):format(a, b))
      assert.are.equal(a < b and -1 or (a > b and 1 or 0), cmp(new(a), new(b)), ("%.17g against %.17g"):format(a, b))

      local x, y = wild(-400, 400), wild(-400, 400)
      local p = x * y
      local xh, xl = split(x)
      local yh, yl = split(y)
      local pe = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl
      assert.is_true(eq(mul(new(x), new(y)), add(new(p), new(pe))), ("Dekker's product of %.17g and %.17g"):format(x, y))

      local u, v, w = new(wild(-1074, 970, true)), new(wild(-1074, 970, true)), new(wild(-1074, 970, true))
      assert.is_true(eq(mul(mul(u, v), w), mul(u, mul(v, w))), "(u v) w = u (v w)")
      assert.is_true(eq(mul(u, add(v, w)), add(mul(u, v), mul(u, w))), "u (v + w) = u v + u w")
      assert.is_true(eq(mul(sub(u, v), add(u, v)), sub(mul(u, u), mul(v, v))), "(u - v)(u + v) = u^2 - v^2")
      assert.is_true(eq(mul(u, new(3)), add(add(u, u), u)), "3 u = u + u + u")
      assert.are.equal(0, exact.sign(sub(add(u, v), add(v, u))), "u + v = v + u")
    end
  end)

  it("decides hand-worked distances between segments and points", function()
    local within = exact.seg_seg_within
    -- turns: (0,0) -> (1,1) -> a point on y = x, or the next double above it
    -- (the doubles at 1e300 are 2^944 apart: 1e300 lies in [2^996, 2^997))
    assert.are.equal(1, exact.orient(0, 0, 1, 0, 0, 1))
    assert.are.equal(-1, exact.orient(0, 0, 0, 1, 1, 0))
    assert.are.equal(0, exact.orient(0, 0, 1, 1, 1e300, 1e300))
    assert.are.equal(1e300 + 2 ^ 944, next_up(1e300))
    assert.are.equal(1, exact.orient(0, 0, 1, 1, 1e300, next_up(1e300)))
    assert.are.equal(-1, exact.orient(0, 0, 1, 1, 1e300, next_down(1e300)))
    assert.are.equal(1, exact.orient(-1e-320, 0, 1e-320, 0, 0, 2 ^ -1074))
    -- (0,0) is 3 from the segment x = 3, |y| <= 1
    assert.is_true(exact.point_seg_within(0, 0, 3, -1, 3, 1, 3))
    assert.is_false(exact.point_seg_within(0, 0, 3, -1, 3, 1, next_down(3)))
    -- (0,0) against the segment x = 3, |y| <= 1: the foot (3,0) is inside, 3 away.
    assert.is_true(within(0, 0, 0, 0, 3, -1, 3, 1, 3, 0))
    assert.is_true(within(3, -1, 3, 1, 0, 0, 0, 0, 0, 3))
    assert.is_true(within(0, 0, 0, 0, 3, -1, 3, 1, 1.5, 1.5))
    assert.is_false(within(0, 0, 0, 0, 3, -1, 3, 1, 3 - 2 ^ -51, 0)) -- the double below 3
    -- 1 + (2 - 2^-52) = 3 - 2^-52 exactly, which rounds to 3 (a tie, to even):
    -- the real sum of the radii is short of 3.
    assert.are.equal(3, 1 + (2 - 2 ^ -52))
    assert.is_false(within(0, 0, 0, 0, 3, -1, 3, 1, 1, 2 - 2 ^ -52))
    -- 3-4-5: (0,0) and (3,4) are 5 apart.
    assert.is_true(within(0, 0, 0, 0, 3, 4, 3, 4, 2, 3))
    assert.is_false(within(0, 0, 0, 0, 3, 4, 3, 4, 2, next_down(3)))
    -- the tangent segment (-1,7)-(7,1) of the circle of radius 5 touches it at (3,4)
    assert.is_true(within(0, 0, 0, 0, -1, 7, 7, 1, 5, 0))
    assert.is_false(within(0, 0, 0, 0, -1, 7, 7, 1, next_down(5), 0))
    -- past an end: (10,0) is 5 from the end (7,-4) of (7,-4)-(7,-14), whose
    -- other end is farther (w.e = (3,4).(0,-10) < 0)
    assert.is_true(within(10, 0, 10, 0, 7, -4, 7, -14, 5, 0))
    assert.is_false(within(10, 0, 10, 0, 7, -4, 7, -14, 0, next_down(5)))
    -- A proper crossing at (2,2), every end 2 sqrt 2 from the other segment.
    assert.is_true(within(0, 0, 4, 4, 0, 4, 4, 0, 0, 0))
    assert.is_true(within(4, 4, 0, 0, 4, 0, 0, 4, 0, 0))
    -- Segments that miss, both ends of (5,0)-(3,2) below y = x: the end (3,2) is
    -- 1 / sqrt 2 from (0,0)-(4,4) (the foot (2.5,2.5) inside), (4,4) 3 / sqrt 2
    -- from the other.
    assert.is_false(within(0, 0, 4, 4, 5, 0, 3, 2, 0, 0))
    assert.is_true(within(0, 0, 4, 4, 5, 0, 3, 2, 0, sqrt(0.5))) -- sqrt 0.5 rounds up: 0.70710678118654757...
    assert.is_false(within(0, 0, 4, 4, 5, 0, 3, 2, 0, next_down(sqrt(0.5))))
    -- A T: the end (2,0) of (2,0)-(2,5) lies on (0,0)-(4,0).
    assert.is_true(within(0, 0, 4, 0, 2, 0, 2, 5, 0, 0))
    assert.is_false(within(0, 0, 4, 0, 2, 2 ^ -1074, 2, 5, 0, 0))
    -- Collinear: overlapping, sharing an end, apart by 1 along y = x (sqrt 2:
    -- the double sqrt(2) = 1.41421356237309515 is above it, the one below,
    -- 1.41421356237309492, under it).
    assert.is_true(within(0, 0, 4, 0, 2, 0, 6, 0, 0, 0))
    assert.is_true(within(0, 0, 4, 0, 6, 0, 4, 0, 0, 0))
    assert.is_false(within(0, 0, 4, 0, next_up(4), 0, 6, 0, 0, 0))
    assert.is_false(within(0, 0, 2, 2, 3, 3, 5, 5, 0, 0))
    assert.is_true(within(0, 0, 2, 2, 3, 3, 5, 5, sqrt(2), 0))
    assert.is_false(within(0, 0, 2, 2, 3, 3, 5, 5, next_down(sqrt(2)), 0))
    -- Two points, and two equal points.
    assert.is_false(within(1, 0, 1, 0, 1, 1e-200, 1, 1e-200, 0, 0))
    assert.is_true(within(1, 0, 1, 0, 1, 1e-200, 1, 1e-200, 0, 1e-200))
    assert.is_true(within(1, 0, 1, 0, 1, 0, 1, 0, 0, 0))
    -- A subnormal gap under coordinates of 1e300: exactly the radius.
    assert.is_true(within(0, 1e-320, 0, 1e-320, -1e300, 0, 1e300, 0, 1e-320, 0))
    assert.is_false(within(0, 1e-320, 0, 1e-320, -1e300, 0, 1e300, 0, next_down(1e-320), 0))
    -- 3-4-5 at 2^1021: squares far beyond the doubles.
    assert.is_true(within(0, 0, 0, 0, 3 * 2 ^ 1021, 4 * 2 ^ 1021, 3 * 2 ^ 1021, 4 * 2 ^ 1021, 5 * 2 ^ 1021, 0))
    assert.is_false(within(0, 0, 0, 0, 3 * 2 ^ 1021, 4 * 2 ^ 1021, 3 * 2 ^ 1021, 4 * 2 ^ 1021, next_down(5 * 2 ^ 1021), 0))
  end)

  it("agrees with the other orders of its arguments", function()
    local r = common.lcg(7)
    local within = exact.seg_seg_within
    for _ = 1, 300 do
      local v = {}
      for i = 1, 8 do v[i] = r.int(-4, 4) end
      local ra, rb = r.int(0, 3) / 2, r.int(0, 3) / 2
      local w = within(v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], ra, rb)
      assert.are.equal(w, within(v[5], v[6], v[7], v[8], v[1], v[2], v[3], v[4], rb, ra))
      assert.are.equal(w, within(v[3], v[4], v[1], v[2], v[7], v[8], v[5], v[6], ra, rb))
      assert.are.equal(w, within(v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], ra + rb, 0))
    end
  end)
end)

-- Hand-worked pairs ----------------------------------------------------------------

-- { why, a, b, meet }: each answer is worked out in the comment beside it, and
-- the reference must agree before the library is asked.
local R_BIG = 112224372
local HAND = {
  -- Different points: the gap 1e-200 is not 0 (its square, 1e-400, is 0 in
  -- doubles, which is how a squared-distance test goes wrong).
  { "two points 1e-200 apart at x = 1", shape("point", 1, 0), shape("point", 1, 1e-200), false },
  { "two points 1e-300 apart at x = 1e6", shape("point", 1e6, 0), shape("point", 1e6, 1e-300), false },
  -- The foot (0.5, 0) is inside the segment: the point is 1e-200 from it.
  { "a point 1e-200 above a segment's middle", shape("segment", 0, 0, 1, 0), shape("point", 0.5, 1e-200), false },
  -- 2e-200 is exactly 2 * 1e-200 (doubling is exact, and rounding a decimal
  -- commutes with it): the point is twice the radius from the core.
  { "a point twice a capsule's radius of 1e-200 from its core", shape("capsule", 0, 0, 1, 0, 1e-200),
    shape("point", 0.5, 2e-200), false },
  { "a point twice a disk's radius of 1e-200 from its centre", shape("disk", 1, 0, 1e-200), shape("point", 1, 2e-200), false },
  { "a point a capsule's radius of 1e-200 from its core", shape("capsule", 0, 0, 1, 0, 1e-200),
    shape("point", 0.5, 1e-200), true },
  -- At 1e6: the foot (1e6, 0) is inside (0,0)-(2e6,0); gap 1e-300, radius 1e-300.
  { "a point a capsule's radius of 1e-300 from its core at 1e6", shape("capsule", 0, 0, 2e6, 0, 1e-300),
    shape("point", 1e6, 1e-300), true },
  { "a point twice a capsule's radius of 1e-300 from its core at 1e6", shape("capsule", 0, 0, 2e6, 0, 1e-300),
    shape("point", 1e6, 2e-300), false },
  -- The segment runs along e = (735617736, 306507390) = 61301478 * (12, 5), so
  -- |e| = 61301478 * 13. The capsule's ends minus the segment's start are
  -- (703902276, 171716212) and (400159284, 45156632); e x w = 61301478 * (12 *
  -- 171716212 - 5 * 703902276) = 61301478 * -1458916836 for the first, and the
  -- same (12 * 45156632 - 5 * 400159284 = -1458916836) for the second: both ends
  -- are 1458916836 / 13 = 112224372 from the line, the radius, with feet inside
  -- (w.e / e.e = 0.898 and 0.485). The core is parallel to the segment at
  -- exactly the radius: they touch along a stretch.
  { "a capsule parallel to a segment at exactly its radius, 1e9 from the origin",
    shape("capsule", 905355864, 155896365, 601612872, 29336785, R_BIG),
    shape("segment", 201453588, -15819847, 937071324, 290687543), true },
  { "the same capsule with the radius one ulp short",
    shape("capsule", 905355864, 155896365, 601612872, 29336785, next_down(R_BIG)),
    shape("segment", 201453588, -15819847, 937071324, 290687543), false },
  -- The line 3x + 4y = 25 of (-1,7)-(7,1) is 5 from the origin, at the foot
  -- (3,4), inside the segment.
  { "a disk of radius 5 touching a segment at (3, 4)", shape("disk", 0, 0, 5), shape("segment", -1, 7, 7, 1), true },
  { "a disk of radius 5 - ulp short of a segment at (3, 4)", shape("disk", 0, 0, next_down(5)),
    shape("segment", -1, 7, 7, 1), false },
  -- (3,4)-(6,8) leaves the circle of radius 5 straight outward from (3,4).
  { "a disk of radius 5 touching a segment's end at (3, 4)", shape("disk", 0, 0, 5), shape("segment", 3, 4, 6, 8), true },
  -- (6,8) is 10 from the origin, and the core leaves it outward along (3,4).
  { "a capsule's cap touching a disk, the centres 10 apart", shape("disk", 0, 0, 2), shape("capsule", 6, 8, 9, 12, 8), true },
  -- The radii 2 and 8 - 2^-50 add up to 10 - 2^-50, short of 10; in doubles
  -- the sum is a tie between 10 - 2^-49 and 10, and rounds to 10 (even).
  { "a capsule's cap an ulp short of a disk", shape("disk", 0, 0, 2), shape("capsule", 6, 8, 9, 12, next_down(8)), false },
  -- The capsule's core x = 3, |y| <= 1 is 3 from the origin; the radii are 1
  -- and 2 - 2^-52, whose real sum 3 - 2^-52 falls short of 3 (their double sum
  -- rounds to 3).
  { "radii whose double sum touches but whose real sum falls short", shape("disk", 0, 0, 1),
    shape("capsule", 3, -1, 3, 1, 2 - 2 ^ -52), false },
  { "radii 1 and 2 touching at 3", shape("disk", 0, 0, 1), shape("capsule", 3, -1, 3, 1, 2), true },
  -- (0,0)-(4,4) and (0,4)-(4,0) cross at (2,2).
  { "crossing segments", shape("segment", 0, 0, 4, 4), shape("segment", 0, 4, 4, 0), true },
  -- Collinear on y = x, 1 apart along the line: sqrt 2.
  { "collinear segments sqrt 2 apart", shape("segment", 0, 0, 2, 2), shape("segment", 3, 3, 5, 5), false },
  { "collinear capsules sqrt 2 (rounded up) apart", shape("capsule", 0, 0, 2, 2, 0.5),
    shape("capsule", 3, 3, 5, 5, sqrt(2) - 0.5), true }, -- sqrt(2) - 0.5 is exact (a multiple of 2^-52 below 1), so the radii add up to the double sqrt(2) = 1.41421356237309515 > sqrt 2
  -- A subnormal gap below a segment from -1e300 to 1e300: exactly the radius.
  { "a disk of radius 1e-320 touching a segment 1e300 long", shape("disk", 0, 1e-320, 1e-320),
    shape("segment", -1e300, 0, 1e300, 0), true },
  { "a point 1e-320 from a segment 1e300 long", shape("point", 0, 1e-320), shape("segment", -1e300, 0, 1e300, 0), false },
  -- The least subnormal: (2^-1074, 0) is 2^-1074 from the origin, (2^-1074,
  -- 2^-1074) is sqrt 2 times that.
  { "a point 2^-1074 from a disk of radius 2^-1074", shape("disk", 0, 0, 2 ^ -1074), shape("point", 2 ^ -1074, 0), true },
  { "a point sqrt 2 * 2^-1074 from a disk of radius 2^-1074", shape("disk", 0, 0, 2 ^ -1074),
    shape("point", 2 ^ -1074, 2 ^ -1074), false },
  -- 3-4-5 scaled by 2^1021: the squares are far beyond the largest double.
  { "a disk of radius 5 * 2^1021 touching a point at (3, 4) * 2^1021", shape("disk", 0, 0, 5 * 2 ^ 1021),
    shape("point", 3 * 2 ^ 1021, 4 * 2 ^ 1021), true },
  { "a disk of radius 5 * 2^1021 less an ulp, a point at (3, 4) * 2^1021", shape("disk", 0, 0, next_down(5 * 2 ^ 1021)),
    shape("point", 3 * 2 ^ 1021, 4 * 2 ^ 1021), false },
  -- Equal ends: a segment that is a point, a capsule that is a disk.
  { "a segment with equal ends on a point", shape("segment", 2, 3, 2, 3), shape("point", 2, 3), true },
  { "a capsule with equal ends 5 from a point", shape("capsule", 0, 0, 0, 0, 5), shape("point", -3, 4), true },
}

describe("hand-worked pairs of points, segments, disks and capsules", function()
  it("the capsule 1e9 from the origin is parallel to the segment at exactly its radius", function()
    -- checked in exact arithmetic, as the comment above HAND works it out
    local sx, sy, tx, ty = new(201453588), new(-15819847), new(937071324), new(290687543)
    local ex, ey = sub(tx, sx), sub(ty, sy)
    local ee = add(mul(ex, ex), mul(ey, ey))
    local r2 = mul(new(R_BIG), new(R_BIG))
    for _, p in ipairs({ { 905355864, 155896365 }, { 601612872, 29336785 } }) do
      local wx, wy = sub(new(p[1]), sx), sub(new(p[2]), sy)
      local c = sub(mul(ex, wy), mul(ey, wx))
      assert.is_true(eq(mul(c, c), mul(r2, ee)), "(e x w)^2 = r^2 e.e")
      local we = add(mul(wx, ex), mul(wy, ey))
      assert.are.equal(1, exact.sign(we), "the foot is past the start")
      assert.are.equal(-1, cmp(we, ee), "the foot is before the end")
    end
  end)

  for _, h in ipairs(HAND) do
    it(h[1], function()
      local a, b, want = h[2], h[3], h[4]
      assert.are.equal(want, reference(a, b), "the reference disagrees with the hand-worked answer")
      local fail, finish = collector()
      check_pair(a, b, want, fail, "hand-worked")
      finish()
    end)
  end
end)

-- Generated hard cases --------------------------------------------------------------

local function sign(r) return r.u() < 0.5 and -1 or 1 end

-- A random integer in [-M, M] (M up to 2^53) whose low bits are random too.
local function wide_int(r, M)
  local v = floor((2 * r.u() - 1) * M) + r.int(-1048576, 1048576)
  return max(-M, min(M, v))
end

-- A direction (a, b) of integer length c (support/exact.lua): from Euclid's
-- formula with m up to mmax when given, else a triple from a list, turned any
-- of the 8 ways. A big one takes m below 2^12: components up to 2^24.
local pythagorean = exact.pythagorean -- (r, mmax)
local BIG_M = 4095

-- Distances in doubles, for radii that are rounded distances.
local point_seg_dist = exact.rounded_point_seg_distance
local function seg_seg_dist(a, b, alt)
  local function orient(px, py, qx, qy, sx, sy) return (qx - px) * (sy - py) - (qy - py) * (sx - px) end
  local o1, o2 = orient(a[1], a[2], a[3], a[4], b[1], b[2]), orient(a[1], a[2], a[3], a[4], b[3], b[4])
  local o3, o4 = orient(b[1], b[2], b[3], b[4], a[1], a[2]), orient(b[1], b[2], b[3], b[4], a[3], a[4])
  if o1 * o2 < 0 and o3 * o4 < 0 then return 0 end
  return min(point_seg_dist(a[1], a[2], b[1], b[2], b[3], b[4], alt), point_seg_dist(a[3], a[4], b[1], b[2], b[3], b[4], alt),
    point_seg_dist(b[1], b[2], a[1], a[2], a[3], a[4], alt), point_seg_dist(b[3], b[4], a[1], a[2], a[3], a[4], alt))
end
-- D as a function of the final cores: their distance in doubles (rounded).
local function rounded_distance(r)
  local alt = r.u() < 0.5
  return function(a, b)
    local d = seg_seg_dist(a, b, alt)
    if d ~= d or d == math.huge then return 0 end
    return d
  end
end

-- Each generator(r, ka, kb) returns A, B, D: the cores { x0, y0, x1, y1, cx, cy }
-- (the ends, then the point the core shrinks to when its kind is a Point or a
-- Disk: the point of contact; the first end when left out) and D, the distance
-- the radii should add up to (a number, or a function of the two final cores
-- { x0, y0, x1, y1 }). With no radius in the pair (ka and kb both Point or
-- Segment) D is dropped, and the generators make their gap 0 or tiny then.

-- Ends in contact, the line between them along a Pythagorean direction, so
-- the distance s * c is exact; each core leaves its end away from the other.
local function pythagorean_ends(r, ka, kb, opts)
  local round = ROUND[ka] or ROUND[kb]
  local a, b, c = pythagorean(r, r.u() < 0.3 and BIG_M or nil)
  local f = (opts and opts.int) and 1 or pow2(r.int(-4, 4))
  a, b, c = a * f, b * f, c * f
  local s = (round and r.u() < 0.9) and r.int(1, 64) or 0
  local px, py = r.int(-1048576, 1048576), r.int(-1048576, 1048576)
  local qx, qy = px + s * a, py + s * b
  local al, be = r.int(0, 6), r.int(-6, 6)
  local A = { px, py, px - al * a - be * b, py - al * b + be * a }
  al, be = r.int(0, 6), r.int(-6, 6)
  local B = { qx, qy, qx + al * a - be * b, qy + al * b + be * a }
  return A, B, s * c
end

-- A point over a segment's inside (or end), off it along the normal of a
-- Pythagorean direction: s * c exactly. The other core leaves that point
-- outward, or runs parallel to the segment (both its ends at s * c). Big: a
-- direction up to 2^32 long and coordinates up to 2^46, whose squares no
-- double holds.
local function perpendicular_foot(r, ka, kb, opts)
  local round = ROUND[ka] or ROUND[kb]
  local big = (opts and opts.big) or r.u() < 0.5
  local a, b, c = pythagorean(r, big and BIG_M or nil)
  local k = big and r.int(1, 256) or r.int(1, 4)
  local vx, vy = k * a, k * b
  local m0, m1 = r.int(0, 8), r.int(1, 8)
  local f = r.int(-m0, m1)
  local O = big and 2 ^ 40 or 2 ^ 20
  local sx, sy = r.int(-O, O), r.int(-O, O)
  local fx, fy = sx + f * vx, sy + f * vy
  local s = 0
  if round and r.u() < 0.9 then s = big and r.int(1, 1048576) or r.int(1, 16) end
  local sg = sign(r)
  local nx, ny = -b * sg, a * sg
  local px, py = fx + s * nx, fy + s * ny
  local t, u = r.int(0, 4), r.int(-8, 8)
  if r.u() < 0.4 then t = 0 end -- parallel
  local A = { px, py, px + t * nx + u * vx, py + t * ny + u * vy }
  local B = { sx - m0 * vx, sy - m0 * vy, sx + m1 * vx, sy + m1 * vy, fx, fy }
  return A, B, s * c
end

-- Random cores, near each other, and radii that add up to their distance as
-- doubles compute it (rounded): small integers, integers up to 2^26 (whose
-- squares are exact), or fractions.
local function rounded_radius(r)
  local mode = r.int(1, 3)
  local function coord()
    if mode == 1 then return r.int(-16, 16) end
    if mode == 2 then return wide_int(r, 2 ^ 26) end
    return r.range(-1, 1)
  end
  local A = { coord(), coord(), coord(), coord() }
  local B = { coord(), coord(), coord(), coord() }
  if mode == 2 and r.u() < 0.7 then
    -- B near A: a few units off A's first end
    B = { A[1] + r.int(-9, 9), A[2] + r.int(-9, 9), A[1] + r.int(-99, 99), A[2] + r.int(-99, 99) }
  end
  return A, B, rounded_distance(r)
end

-- A point rounded onto a segment: p = a + t (b - a) in doubles, for a random t,
-- against the segment a..b; the other core is p, or leaves p, or runs through
-- it. Gaps: 0, or about an ulp of the coordinates.
local function rounded_onto(r, ka, kb)
  local E1 = r.int(-30, 30)
  local E2 = E1 - r.int(0, 30)
  local ax, ay = r.range(-1, 1) * pow2(E1), r.range(-1, 1) * pow2(E1)
  local bx, by = ax + r.range(-1, 1) * pow2(E2), ay + r.range(-1, 1) * pow2(E2)
  local t = r.u() < 0.3 and r.pick({ 0.5, 1 / 3, 0.1, 0.9, 1e-10, 1 - 2 ^ -30, 0.75 }) or r.u()
  local px, py = ax + t * (bx - ax), ay + t * (by - ay)
  local D = 0
  if (ROUND[ka] or ROUND[kb]) and r.u() < 0.6 then
    D = exact.ulp(max(abs(px), abs(py))) * pow2(-r.int(0, 3))
  end
  local seg = { ax, ay, bx, by, px, py }
  local other
  local u = r.u()
  local dx, dy = r.range(-1, 1) * pow2(E2), r.range(-1, 1) * pow2(E2)
  if u < 0.4 then other = { px, py, px + dx, py + dy }
  elseif u < 0.8 then other = { px - dx, py - dy, px + dx, py + dy, px, py }
  else other = { px, py, px, py } end
  if not LONG[kb] and LONG[ka] then return seg, other, D end
  if not LONG[ka] and not LONG[kb] then
    -- two points: p and p moved by a few ulps (or not)
    local k = r.pick({ 0, 1, -1, 2, -4 })
    local q = r.u() < 0.5 and { step(px, k), py } or { px, step(py, k) }
    if D == 0 and (ROUND[ka] or ROUND[kb]) then D = rounded_distance(r) end
    return other, { q[1], q[2], q[1], q[2] }, D
  end
  return other, seg, D
end

-- Nearly parallel segments, long and slightly tilted: the second is the first
-- moved across by tiny amounts at each end (opposite signs: they cross; the
-- same sign: they just miss; 0: an end on the first), and shifted along.
local function nearly_parallel(r)
  local L = r.u() < 0.5 and pow2(r.int(0, 52)) or r.range(1, 2 ^ 40)
  local x0, y0 = wide_int(r, 2 ^ 20), wide_int(r, 2 ^ 20)
  local h = r.range(-1, 1) * L * pow2(-r.int(0, 40))
  local x1, y1 = x0 + L, y0 + h
  local function tiny(y)
    local u = r.u()
    if u < 0.15 then return 0 end
    if u < 0.6 then return sign(r) * r.int(1, 8) * exact.ulp(y) end
    return sign(r) * L * pow2(-r.int(20, 60)) * r.u()
  end
  local d0, d1 = tiny(y0), tiny(y1)
  local e0 = r.u() < 0.5 and 0 or r.range(-1, 1) * L * pow2(-r.int(0, 30))
  local e1 = r.u() < 0.5 and 0 or r.range(-1, 1) * L * pow2(-r.int(0, 30))
  local A = { x0, y0, x1, y1, x1, y1 }
  local B = { x0 + e0, y0 + d0, x1 + e1, y1 + d1, x1 + e1, y1 + d1 }
  if r.u() < 0.5 then A[5], A[6], B[5], B[6] = x0, y0, x0 + e0, y0 + d0 end
  return A, B, rounded_distance(r)
end

-- Tiny gaps beside large coordinates: at x = X (1 to 1e200), a gap g (1e-200,
-- 1e-300, a subnormal, ...) across y = 0 between points, a point and a
-- segment, parallel segments, a segment and a perpendicular one; D is g, 2g,
-- g / 2 or 0.
local XS = { 1, 0.5, 3, 1e6, 2 ^ 30, 1e15, 2 ^ 52, 1e100, 1e200, 1.7976931348623157e300 }
local GAPS = { 1e-200, 1e-300, 2 ^ -1000, 2 ^ -1074, 1e-320, 2.2250738585072014e-308, 1e-100, 1e-20, 2 ^ -60 }
local function tiny_gap(r)
  local X = r.pick(XS) * sign(r)
  local g = r.u() < 0.8 and r.pick(GAPS) or pow2(-r.int(1, 1074)) * r.range(1, 2)
  local L = r.u() < 0.5 and abs(X) or r.pick({ 1, 2 ^ -20, 1e-100 })
  local u = r.u()
  local A, B
  if u < 0.25 then
    A, B = { X, 0, X, 0 }, { X, g, X, g }
  elseif u < 0.5 then
    A, B = { X - L, 0, X + L, 0, X, 0 }, { X, g, X, g }
  elseif u < 0.75 then
    A, B = { X - L, 0, X + L, 0, X, 0 }, { X - r.u() * L, g, X + r.u() * L, g, X, g }
  else
    A, B = { X - L, 0, X + L, 0, X, 0 }, { X, g, X, g + L * r.u() }
  end
  local D = r.pick({ g, g, g, 2 * g, g / 2, 0 })
  return A, B, D
end

-- Collinear cores: overlapping, sharing an end or apart, in integer steps
-- along an integer direction (the gap exact along a Pythagorean one), or ulps
-- apart along an axis or y = x.
local function collinear(r, _, _, opts)
  if not (opts and opts.int) and r.u() < 0.3 then
    local X = r.range(1, 2) * pow2(r.int(-60, 60)) * sign(r)
    local k = r.pick({ 0, 1, 2, 4, -1, -2 })
    local Y = step(X, k)
    local L = abs(X) * r.u()
    if r.u() < 0.5 then -- along the x axis
      return { X - L, 0, X, 0, X, 0 }, { Y, 0, Y + L, 0 }, r.pick({ 0, abs(Y - X), 2 * abs(Y - X) })
    end
    return { X - L, X - L, X, X, X, X }, { Y, Y, Y + L, Y + L }, rounded_distance(r)
  end
  local pyth = r.u() < 0.5
  local vx, vy, c
  if pyth then vx, vy, c = pythagorean(r) else vx, vy = r.int(-9, 9), r.int(-9, 9) end
  if vx == 0 and vy == 0 then vx = 1 end
  local px, py = r.int(-1048576, 1048576), r.int(-1048576, 1048576)
  local m, n, g = r.int(0, 6), r.int(0, 6), r.int(-3, 3)
  local A = { px, py, px + m * vx, py + m * vy }
  A[5], A[6] = A[3], A[4]
  local B = { px + (m + g) * vx, py + (m + g) * vy, px + (m + g + n) * vx, py + (m + g + n) * vy }
  local D
  if pyth then D = max(g, 0) * c * r.pick({ 1, 1, 0.5, 2 }) else D = rounded_distance(r) end
  return A, B, D
end

-- Integers up to 2^53: the Pythagorean, foot, collinear and rounded-radius
-- cases moved by an integer offset that takes them near 2^53 (exact).
local function big_integers(r, ka, kb)
  local u = r.u()
  local A, B, D
  if u < 0.3 then A, B, D = pythagorean_ends(r, ka, kb, { int = true })
  elseif u < 0.6 then A, B, D = perpendicular_foot(r, ka, kb, { big = true })
  elseif u < 0.8 then A, B, D = collinear(r, ka, kb, { int = true })
  else
    A = { r.int(-64, 64), r.int(-64, 64), r.int(-64, 64), r.int(-64, 64) }
    B = { r.int(-64, 64), r.int(-64, 64), r.int(-64, 64), r.int(-64, 64) }
    D = rounded_distance(r)
  end
  local M = 0
  for _, t in ipairs({ A, B }) do for i = 1, #t do M = max(M, abs(t[i])) end end
  local room = 2 ^ 53 - M
  local ox, oy = wide_int(r, room), wide_int(r, room)
  for _, t in ipairs({ A, B }) do
    for i = 1, #t, 2 do t[i], t[i + 1] = t[i] + ox, t[i + 1] + oy end
  end
  return A, B, D
end

-- { name, weight, generator, needs a radius in the pair, scale probability }
local GENERATORS = {
  { "exact touches between ends along Pythagorean directions", 3, pythagorean_ends, false, 0.5 },
  { "exact touches over a segment's inside, and parallel cores", 3, perpendicular_foot, false, 0.5 },
  { "radii that are rounded distances", 2, rounded_radius, true, 0.5 },
  { "points rounded onto segments", 2, rounded_onto, false, 0.5 },
  { "nearly parallel segments that cross or just miss", 2, nearly_parallel, false, 0.5 },
  { "tiny gaps beside large coordinates", 2, tiny_gap, false, 0.3 },
  { "collinear cores", 2, collinear, false, 0.5 },
  { "integers up to 2^53", 2, big_integers, false, 0.2 },
}

-- The ordered kind pairs: all 16, and the 12 with a radius.
local ALL_PAIRS, ROUND_PAIRS = {}, {}
for _, ka in ipairs(KINDS) do
  for _, kb in ipairs(KINDS) do
    ALL_PAIRS[#ALL_PAIRS + 1] = { ka, kb }
    if ROUND[ka] or ROUND[kb] then ROUND_PAIRS[#ROUND_PAIRS + 1] = { ka, kb } end
  end
end

-- The final core of a kind: the contact point for Point and Disk (and, now and
-- then, for Segment and Capsule: ends that are equal), else the two ends in
-- either order. Returns the core and where its contact end is (1 or 3). Its
-- numbers are floats on Lua 5.3 and 5.4 too, so that products of them round
-- as on the other runtimes (integers would wrap past 2^63).
local function final_core(r, kind, S)
  local cx, cy = (S[5] or S[1]) * 1.0, (S[6] or S[2]) * 1.0
  if not LONG[kind] or r.u() < 0.05 then return { cx, cy, cx, cy }, 1 end
  local c = { S[1] * 1.0, S[2] * 1.0, S[3] * 1.0, S[4] * 1.0 }
  local at = (c[3] == cx and c[4] == cy and not (c[1] == cx and c[2] == cy)) and 3 or 1
  if r.u() < 0.5 then c = { c[3], c[4], c[1], c[2] }; at = 4 - at end
  return c, at
end

local NUDGES = { 1, -1, 2, -2, 4, -4 }

-- A case from a generator's cores and D: the final cores, ulp nudges (of D, or
-- of a contact end's coordinates), radii adding up to D, a turn of the square
-- (swapping and negating coordinates), a scale by 2^k. Nil when a number came
-- out infinite or not a number.
local function make_case(r, ka, kb, A, B, D, scale_p)
  local a, at_a = final_core(r, ka, A)
  local b, at_b = final_core(r, kb, B)
  if type(D) == "function" then D = D(a, b) end
  local round = ROUND[ka] or ROUND[kb]
  local u = r.u()
  if u < 0.3 and round then
    local k = r.pick(NUDGES)
    if D == 0 then k = abs(k) end
    D = step(D, k)
  elseif u < 0.65 then
    local c, at, kind = a, at_a, ka
    if r.u() < 0.5 then c, at, kind = b, at_b, kb end
    local k = r.pick(NUDGES)
    local v = r.u()
    if v < 0.4 then c[at] = step(c[at], k)
    elseif v < 0.8 then c[at + 1] = step(c[at + 1], k)
    else c[at], c[at + 1] = step(c[at], k), step(c[at + 1], r.pick(NUDGES)) end
    if not LONG[kind] then c[3], c[4] = c[1], c[2] end
  end
  local ra, rb = 0, 0
  if ROUND[ka] and ROUND[kb] then
    local v = r.u()
    if v < 0.2 then ra = D
    elseif v < 0.4 then rb = D
    elseif v < 0.6 then ra = D / 2; rb = D - ra
    else
      -- D - part is exact when part >= D / 2; below that it may round, so the
      -- real sum differs from D by a hair
      local part = D * r.u()
      if v < 0.8 then ra, rb = part, D - part else ra, rb = D - part, part end
    end
  elseif ROUND[ka] then ra = D
  elseif ROUND[kb] then rb = D end
  -- a turn of the square: exact
  local sx, sy, swap = sign(r), sign(r), r.u() < 0.5
  for _, c in ipairs({ a, b }) do
    for i = 1, 3, 2 do
      local x, y = c[i] * sx, c[i + 1] * sy
      if swap then x, y = y, x end
      c[i], c[i + 1] = x, y
    end
  end
  local sa = { ka, a[1], a[2], a[3], a[4], ra }
  local sb = { kb, b[1], b[2], b[3], b[4], rb }
  if r.u() < scale_p then
    local M = 0
    for i = 2, 6 do M = max(M, abs(sa[i]), abs(sb[i])) end
    local k = r.int(-990, 990)
    if M > 0 then
      local _, e = exact.decompose(M)
      k = min(k, 1020 - (e + 53))
    end
    local f = pow2(k)
    for i = 2, 6 do sa[i], sb[i] = sa[i] * f, sb[i] * f end
  end
  for i = 2, 6 do
    sa[i], sb[i] = sa[i] * 1.0, sb[i] * 1.0 -- floats on Lua 5.3 and 5.4 too
    local x, y = sa[i], sb[i]
    if x ~= x or y ~= y or abs(x) == math.huge or abs(y) == math.huge then return nil end
  end
  if sa[6] < 0 or sb[6] < 0 then return nil end
  return sa, sb
end

-- The number of pairs each generator gets.
local WEIGHTS = 0
for _, g in ipairs(GENERATORS) do WEIGHTS = WEIGHTS + g[2] end

describe("hits and distance of points, segments, disks and capsules against the exact reference", function()
  for gi, g in ipairs(GENERATORS) do
    local name, weight, generate, needs_round, scale_p = g[1], g[2], g[3], g[4], g[5]
    local n = max(16, floor(TOTAL * weight / WEIGHTS))
    it(("%s (%d pairs)"):format(name, n), function()
      local r = common.lcg(1000 + gi)
      local kind_pairs = needs_round and ROUND_PAIRS or ALL_PAIRS
      local fail, finish = collector()
      local meet, apart, made = 0, 0, 0
      for i = 1, n do
        local kp = kind_pairs[(i - 1) % #kind_pairs + 1]
        local A, B, D = generate(r, kp[1], kp[2])
        local sa, sb = make_case(r, kp[1], kp[2], A, B, D, scale_p)
        if sa then
          made = made + 1
          local want = reference(sa, sb)
          if want then meet = meet + 1 else apart = apart + 1 end
          check_pair(sa, sb, want, fail, name)
        end
      end
      -- the cases are hard ones: both answers come up, and almost none is lost
      assert.is_true(made >= 0.95 * n, ("only %d of %d cases made"):format(made, n))
      if n >= 200 then
        assert.is_true(meet >= n / 20 and apart >= n / 20,
          ("%d pairs meet and %d do not: the generator should give both"):format(meet, apart))
      end
      finish()
    end)
  end
end)

-- A Line is the whole line through its two points: a core (a point or a
-- segment) with a radius meets it when its ends lie strictly either side, or
-- one lies within the radius of it.
describe("hand-worked pairs with a Line, and rays at a Point", function()
  it("a disk tangent to a horizontal line touches it exactly, a radius an ulp shorter does not", function()
    -- the line y = 91357; the disk's centre y is 53955 and 53955 + 37402 = 91357
    local line = c2d.line(30307, 91357, 45338, 91357)
    local disk = c2d.disk(37193, 53955, 37402)
    assert.is_true(line:hits(disk))
    assert.is_true(disk:hits(line))
    assert.are.equal(0, (disk:distance(line)))
    -- 37402 - 2^-37 is the double below 37402 (its ulp is 2^-37 below 2^16)
    local short = c2d.disk(37193, 53955, 37402 - 2 ^ -37)
    assert.is_false(line:hits(short))
    assert.is_true(short:distance(line) > 0)
  end)

  it("a point 1e-200 off a line through (0, 0) and (1, 0) is apart; on it, it touches", function()
    local line = c2d.line(0, 0, 1, 0)
    assert.is_false(c2d.point(0.5, 1e-200):hits(line))
    assert.is_true(c2d.point(0.5, 1e-200):distance(line) > 0)
    assert.is_true(c2d.point(12345.5, 0):hits(line))
    -- a slanted line through (0, 0) and (3, 4) holds (3e6, 4e6), not (3e6, 4e6 + 2^-30)
    local slant = c2d.line(0, 0, 3, 4)
    assert.is_true(slant:hits(c2d.point(3e6, 4e6)))
    assert.is_false(slant:hits(c2d.point(3e6, 4e6 + 2 ^ -30)))
  end)

  it("a segment whose ends lie either side of a line crosses it, however near the line both are", function()
    local line = c2d.line(0, 0, 1, 0)
    assert.is_true(c2d.segment(5, -1e-300, 7, 1e-300):hits(line))
    assert.is_false(c2d.segment(5, 1e-300, 7, 2e-300):hits(line))
    -- a capsule of radius 1e-300 above it by 1e-300 exactly touches
    assert.is_true(c2d.capsule(5, 1e-300, 7, 1e-300, 1e-300):hits(line))
  end)

  it("a point 1e-300 beside a triangle's edge at 1e100 is apart; on the edge, it touches", function()
    -- the edge from (0, 1e100) to (0, 2e100) lies on x = 0; the triangle is to its left
    local t = c2d.triangle(0, 1e100, 0, 2e100, -1e100, 1.5e100)
    assert.is_false(c2d.point(1e-300, 1.5e100):hits(t))
    assert.is_true(c2d.point(1e-300, 1.5e100):distance(t) > 0)
    assert.is_true(c2d.point(0, 1.5e100):hits(t))
    assert.is_true(c2d.disk(1e-300, 1.5e100, 1e-300):hits(t))
  end)

  it("two Lines meet unless parallel and apart, however near parallel or near each other", function()
    -- y = 0 and the line through (0, 1) and (1, 1 - 2^-52): it falls 2^-52 a
    -- unit, so it reaches y = 0 at x = 2^52
    local x = c2d.line(0, 0, 1, 0)
    assert.is_true(x:hits(c2d.line(0, 1, 1, 1 - 2 ^ -52)))
    -- parallel, 1e-320 (a subnormal) above: apart, by that much
    local above = c2d.line(0, 1e-320, 1, 1e-320)
    assert.is_false(x:hits(above))
    assert.is_false(above:hits(x))
    assert.are.equal(1e-320, x:distance(above))
    -- the same line through other points
    assert.is_true(x:hits(c2d.line(2, 0, 5, 0)))
    assert.are.equal(0, x:distance(c2d.line(5, 0, 2, 0)))
    -- (3, 1) and (3 * 2^40, 2^40) are parallel: from (1, 0), apart; raise the
    -- far point by 2^-8 and the lines cross
    local slant = c2d.line(0, 0, 3, 1)
    assert.is_false(slant:hits(c2d.line(1, 0, 1 + 3 * 2 ^ 40, 2 ^ 40)))
    assert.is_true(slant:hits(c2d.line(1, 0, 1 + 3 * 2 ^ 40, 2 ^ 40 + 2 ^ -8)))
    -- 0.3 - 0.1 and 0.4 - 0.2 differ as doubles (0.19999999999999998 and
    -- 0.20000000000000001), and so do 0.9 - 0.5 and 1.1 - 0.7: the two lines
    -- look parallel in rounded arithmetic, and cross
    assert.is_true(c2d.line(0.1, 0.2, 0.3, 0.4):hits(c2d.line(0.5, 0.7, 0.9, 1.1)))
    -- at 1e300: (1e300, 0) and (1e300 + 2^995, 2^995) along (1, 1), and
    -- (0, 0) .. (1, 1): parallel and 1e300 / sqrt 2 apart; turned by an ulp of
    -- the far point's x (2^944), they cross
    local far = c2d.line(1e300, 0, 1e300 + 2 ^ 995, 2 ^ 995)
    assert.is_false(far:hits(c2d.line(0, 0, 1, 1)))
    assert.is_true(c2d.line(1e300, 0, 1e300 + 2 ^ 995 + 2 ^ 944, 2 ^ 995):hits(c2d.line(0, 0, 1, 1)))
  end)

  it("a ray meets a Point only on the ray exactly", function()
    -- from (-1, 1e-200) along +x: the ray passes 1e-200 above the origin
    assert.is_nil((c2d.point(0, 0):raycast(-1, 1e-200, 1, 0, 2)))
    -- from (-1, 0) along +x it reaches the origin at t = 1
    local t = c2d.point(0, 0):raycast(-1, 0, 1, 0, 2)
    assert.are.equal(1, t)
    -- along (3, 4) from the origin, (3, 4) is met at t = 1; not within maxt 0.5
    assert.are.equal(1, (c2d.point(3, 4):raycast(0, 0, 3, 4, 2)))
    assert.is_nil((c2d.point(3, 4):raycast(0, 0, 3, 4, 0.5)))
    -- a ray from (0, -1.7e-307) along (-48, 1e-14) for t up to 7e-304 climbs
    -- 7e-318 at most: it never reaches y = 0, in a World or alone
    local o, d, maxt = -1.6768457421357711e-307, 1e-14, 7.0632744564253e-304
    assert.is_nil((c2d.point(0, 0):raycast(0, o, -48, d, maxt)))
    local w = c2d.world(64)
    w:add(c2d.point(0, 0))
    assert.is_nil((w:raycast(0, o, -48, d, maxt)))
  end)
end)

-- Two Lines against the reference: parallel by construction (directions that
-- are integer multiples of one integer direction in a power-of-two unit, so
-- exact), on one line or apart by a step, then nudged by an ulp or two (a point
-- moved along: still parallel; the far point moved: turned), or of rounded
-- directions (q1 = q0 + k (p1 - p0) in doubles), at scales 2^-990 to 2^990.
describe("hits and distance of two Lines against the exact reference", function()
  local n = max(200, floor(TOTAL / 10))
  it(("decides %d pairs of Lines, near-parallel and near each other"):format(n), function()
    local r = common.lcg(4242)
    local fail, finish = collector()
    local meet, apart = 0, 0
    local function line_numbers(s) return { s[2], s[3], s[4], s[5] } end
    local function line_call(s) return common.lua_call("line", line_numbers(s)) end
    for _ = 1, n do
      local P, Q
      if r.u() < 0.7 then
        local vx, vy = r.int(-9, 9), r.int(-9, 9)
        if vx == 0 and vy == 0 then vx = 1 end
        local px, py = r.int(-2 ^ 20, 2 ^ 20), r.int(-2 ^ 20, 2 ^ 20)
        local on = r.u() < 0.4
        local ox, oy = 0, 0
        if not on then ox, oy = r.int(-3, 3), r.int(-3, 3) end
        local m, k = r.int(-5, 5), r.pick({ 1, 2, 3, -1, -4 })
        local qx, qy = px + m * vx + ox, py + m * vy + oy
        P = { px, py, px + vx, py + vy }
        Q = { qx, qy, qx + k * vx, qy + k * vy }
      else
        local px, py = r.range(-1, 1), r.range(-1, 1)
        local ex, ey = r.range(-1, 1), r.range(-1, 1)
        local qx, qy = r.range(-1, 1), r.range(-1, 1)
        local k = r.range(-4, 4)
        P = { px, py, px + ex, py + ey }
        Q = { qx, qy, qx + k * (P[3] - P[1]), qy + k * (P[4] - P[2]) }
      end
      local v = r.u()
      if v < 0.5 then
        local c = r.pick({ Q, P })
        local at = r.pick({ 1, 2, 3, 4 })
        c[at] = step(c[at], r.pick(NUDGES))
      end
      local f = pow2(r.int(-990, 990))
      if r.u() < 0.3 then f = 1 end
      local a, b = { "line" }, { "line" }
      for i = 1, 4 do a[i + 1], b[i + 1] = P[i] * f * 1.0, Q[i] * f * 1.0 end
      if not (a[2] == a[4] and a[3] == a[5]) and not (b[2] == b[4] and b[3] == b[5]) then
        local want = exact.lines_meet(a[2], a[3], a[4], a[5], b[2], b[3], b[4], b[5])
        if want then meet = meet + 1 else apart = apart + 1 end
        exact.check_pair(c2d, line_numbers, line_call, a, b, want, fail, "two lines")
      end
    end
    assert.is_true(meet >= n / 10 and apart >= n / 10,
      ("%d pairs meet and %d do not: the generator should give both"):format(meet, apart))
    finish()
  end)
end)

-- A Polygon whose first six vertices run 1e-322 from the origin down to
-- (-3e-321, -2.8e-321), then out to (-11, 0) and (10, 0): a sliver 1e-321
-- high along y = 0 from x = -11 to 10. A Line x = c is apart from it for any
-- c > 10 (every vertex has x <= 10). Taken in a frame at the Line's point,
-- the sliver's edge lines all pass within rounding of that point, and once
-- held it: a Line 1e-8 past the tip hit it.
describe("a Line past the tip of a sliver 1e-321 high", function()
  local sliver = c2d.polygon { 0, -2.6679544875427313e-322, -5.3359089750854627e-322, -8.003863462628194e-322,
    -1.0671817950170925e-321, -1.3339772437713657e-321, -1.6007726925256388e-321, -1.8675681412799119e-321,
    -2.1343635900341851e-321, -2.4011590387884582e-321, -3.0335630654652538e-321, -2.781589586086218e-321,
    -11, 0, 10, 0 }
  it("is apart past x = 10, and touches at it", function()
    for _, x in ipairs { 10.00000001, 10.5, 11, 1e6 } do
      local l = c2d.line(x, 0, x, 5)
      assert.is_false(l:hits(sliver), x)
      assert.is_false(sliver:hits(l), x)
      assert.is_true(l:distance(sliver) > 0, x)
      assert.is_nil(l:contact(sliver), x)
    end
    assert.is_true(c2d.line(10, 0, 10, 5):hits(sliver))
    assert.is_true(c2d.line(0, 0, 0, 5):hits(sliver))
  end)
end)
