-- Exact arithmetic on doubles, and the exact predicates the specs check the
-- library against.
--
--   local exact = require "support.exact"   -- spec/ is on LUA_PATH
--
-- Plain Lua, one source for 5.1, 5.2, 5.3, 5.4 and LuaJIT. It relies on no
-- math.frexp or math.ldexp (5.3 and 5.4 have neither): a double is taken apart
-- by multiplying it by powers of two, which is exact as long as the result is
-- neither subnormal nor beyond the range, and every step below is arranged so.
--
-- Numbers. Every finite double is an integer multiple of 2^-1074, so sums,
-- differences and products of doubles are dyadic rationals: an integer times a
-- power of two. An exact number here is one such: a sign and base-2^24 limbs
-- l[1..n] (least significant first) standing for
--
--     (-1)^neg * sum over i of l[i] * 2^(24 * (off + i - 1))
--
-- with an integer limb offset off (negative for fractions). It is the big
-- integer "value * 2^1074" of the textbook method with its trailing zero limbs
-- cut off and counted in off instead, so a product of terms of different
-- degree (a square against a product of four coordinates) needs no care: the
-- powers of two travel with each number. Limbs are below 2^24, so the product
-- of two limbs plus a limb and a carry stays below 2^53: exact in a double (and
-- in Lua 5.3's 64-bit integers, which the limbs become now and then).
-- Numbers are normalised (no zero limb at either end; zero is n = 0) and never
-- changed once made, so they can be shared.
--
-- API (x, y... are Lua numbers holding doubles; a, b are exact numbers):
--   exact.new(x)                     the exact value of the double x
--   exact.add(a, b), exact.sub(a, b), exact.mul(a, b), exact.neg(a)
--   exact.sign(a)                    -1, 0 or 1
--   exact.cmp(a, b)                  -1, 0 or 1: the sign of a - b
--   exact.eq(a, b)                   a == b
--   exact.tostring(a)                hexadecimal: "-0x1.000000p+24" style, exact
--   exact.decompose(x)               m, e with |x| = m * 2^e, m an integer below
--                                    2^53 (at least 2^52 unless e = -1074)
--   exact.scale(m, e)                the double m * 2^e (m an integer below 2^53+1)
--   exact.next_up(x), exact.next_down(x), exact.nextafter(x, y), exact.ulp(x)
--   exact.step(x, k)                 x moved by k ulps (k > 0 up, k < 0 down)
--   exact.orient(ax, ay, bx, by, cx, cy)   sign of (b - a) x (c - a), exact
--   exact.point_seg_within(px, py, ax, ay, bx, by, r)   |p, segment a..b| <= r
--   exact.seg_seg_within(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, ra, rb)
--       the closed segments a0..a1 and b0..b1 (each may be a single point) are
--       within the real sum ra + rb of each other (not the rounded double sum)
--   exact.point_polygon_within(px, py, v, r)   |p, convex polygon v| <= r, v =
--       { x1, y1, ..., xn, yn } (n >= 1) in order round a closed convex set,
--       either winding; one of no area is the union of its edges
--   exact.point_box_within(px, py, x0, y0, x1, y1, r)   |p, [x0, x1] x [y0, y1]| <= r
--
-- For the specs' generators (not exact; r is a random source as from
-- support.common's lcg, with r.u(), r.int(lo, hi) and r.pick(list)):
--   exact.pythagorean(r, mmax)       a, b, c: a direction (a, b) of integer length c
--   exact.rounded_point_seg_distance(px, py, ax, ay, bx, by, alt)
--       |p, segment a..b| computed in doubles (rounded), for radii that are
--       rounded distances
--
-- And for checking the library against the predicates above:
--   exact.check_pair(c2d, numbers, call_of, a, b, want, fail, tag), exact.collector()
local floor, sqrt, abs = math.floor, math.sqrt, math.abs

-- LuaJIT runs this module in its interpreter: the limb loops take a different
-- path for every length of number, and compiled, their side traces fill the
-- trace cache over and over (each flush costing system time), several times
-- slower than not compiling them at all.
if jit then jit.off(true, true) end

local M = {}
local unpack = table.unpack or unpack

local B = 16777216 -- 2^24, the limb base
local HUGE = math.huge

-- P2[e + 1075] = 2^e as a double for e in [-1074, 1023], each made by
-- doubling or halving the one before (exact: every one of them is a double).
-- The offset keeps the keys positive: LuaJIT compiles no lookup of a negative
-- integer key (it falls back to the interpreter: "mixed sparse/dense table").
local P2 = {}
do
  local p = 1.0 -- a float: Lua 5.3's integer 1 doubled 1023 times would wrap
  for e = 0, 1023 do P2[e + 1075] = p; p = p * 2 end
  p = 1.0
  for e = 0, -1074, -1 do P2[e + 1075] = p; p = p / 2 end
end
-- 2^e for an integer e in [-1074, 1023].
local function pow2(e) return P2[e + 1075] end
M.pow2 = pow2

-- Decomposing doubles ---------------------------------------------------------

local function check_finite(x, what)
  if type(x) ~= "number" or x ~= x or x == HUGE or x == -HUGE then
    error(("exact: %s must be a finite number, got %s"):format(what or "argument", tostring(x)), 3)
  end
end

-- The largest e with 2^e <= x, for a positive finite x (a binary search on the powers of two).
local function exponent(x)
  local lo, hi = -1074, 1023 -- pow2(lo) <= x < pow2(hi + 1) (2^1024 being out of range)
  while lo < hi do
    local mid = floor((lo + hi + 1) / 2)
    if pow2(mid) <= x then lo = mid else hi = mid - 1 end
  end
  return lo
end

-- m, e with |x| = m * 2^e, m an integer: 2^52 <= m < 2^53 for a normal double,
-- e = -1074 and m < 2^52 for a subnormal one; 0, 0 for zero.
local function decompose(x)
  check_finite(x, "decompose's argument")
  if x < 0 then x = -x end
  if x == 0 then return 0, 0 end
  local E = exponent(x)
  if E < -1022 then
    -- subnormal: x * 2^1022 is in [2^-52, 1), normal, so both steps are exact
    return (x * pow2(1022)) * pow2(52), -1074
  elseif E >= 0 then
    return x * pow2(52 - E), E - 52 -- 52 - E >= -971: 2^(52 - E) is a double
  else
    return (x * pow2(-E)) * pow2(52), E - 52 -- x * 2^-E is in [1, 2)
  end
end
M.decompose = decompose

-- The double m * 2^e for an integer m in [0, 2^53] and e in [-1074, 971]
-- (infinity past the largest double). Exact whenever the value is a double:
-- for e below -1022 the first product is normal and the second rounds nothing.
local function scale(m, e)
  if e < -1022 then return (m * pow2(-1022)) * pow2(e + 1022) end
  return m * pow2(e)
end
M.scale = scale

-- The next double above x (toward +infinity); infinity after the largest.
local next_down
local function next_up(x)
  check_finite(x, "next_up's argument")
  if x == 0 then return pow2(-1074) end
  if x < 0 then return -next_down(-x) end
  local m, e = decompose(x)
  return scale(m + 1, e) -- m + 1 = 2^53 is 2^52 * 2^(e + 1): a double (or infinity)
end
-- The next double below x.
function next_down(x)
  check_finite(x, "next_down's argument")
  if x == 0 then return -pow2(-1074) end
  if x < 0 then return -next_up(-x) end
  local m, e = decompose(x)
  if m == pow2(52) and e > -1074 then
    return scale(pow2(53) - 1, e - 1) -- below a power of two the spacing halves
  end
  return scale(m - 1, e)
end
M.next_up, M.next_down = next_up, next_down

-- The next double after x toward y (y itself when x == y).
function M.nextafter(x, y)
  if x == y then return y end
  if y > x then return next_up(x) end
  return next_down(x)
end

-- x moved by k ulps: k times next_up (k > 0) or next_down (k < 0).
function M.step(x, k)
  for _ = 1, k do x = next_up(x) end
  for _ = 1, -k do x = next_down(x) end
  return x
end

-- The spacing of the doubles at |x|: next_up(|x|) - |x| (2^971 at the largest).
function M.ulp(x)
  local _, e = decompose(x)
  if x == 0 then e = -1074 end
  return pow2(e)
end

-- Exact numbers -----------------------------------------------------------------

local ZERO = { n = 0, off = 0, neg = false }
M.ZERO = ZERO

-- Normalises the limbs r[1..n] (in place) into the number (-1)^neg r * 2^(24 off).
local function make(neg, off, r, n)
  local hi = n
  while hi > 0 and r[hi] == 0 do hi = hi - 1 end
  if hi == 0 then return ZERO end
  local lo = 1
  while r[lo] == 0 do lo = lo + 1 end
  if lo > 1 then
    local k = 0
    for i = lo, hi do k = k + 1; r[k] = r[i] end
    for i = k + 1, n do r[i] = nil end
    off, hi = off + lo - 1, k
  else
    for i = hi + 1, n do r[i] = nil end
  end
  r.n, r.off, r.neg = hi, off, neg
  return r
end

-- The exact value of the double x.
local function new(x)
  check_finite(x, "exact.new's argument")
  if x == 0 then return ZERO end
  local m, e = decompose(x)
  -- m * 2^e = (m * 2^s) * 2^(24 q) with e = 24 q + s, 0 <= s < 24
  local q = floor(e / 24)
  local s = e - 24 * q
  local p = pow2(s)
  local l0 = m % B
  local t = (m - l0) / B
  local l1 = t % B
  local l2 = (t - l1) / B -- below 2^5
  local c = l0 * p -- below 2^47
  local d0 = c % B
  c = l1 * p + (c - d0) / B
  local d1 = c % B
  c = l2 * p + (c - d1) / B
  local d2 = c % B
  local d3 = (c - d2) / B
  return make(x < 0, q, { d0, d1, d2, d3 }, 4)
end
M.new = new

local function sign(a)
  if a.n == 0 then return 0 end
  return a.neg and -1 or 1
end
M.sign = sign

-- Compares |a| and |b|: -1, 0 or 1.
local function cmp_mag(a, b)
  local na, nb = a.n, b.n
  if na == 0 then return nb == 0 and 0 or -1 end
  if nb == 0 then return 1 end
  local ta, tb = a.off + na, b.off + nb -- one past the top limb's position
  if ta ~= tb then return ta > tb and 1 or -1 end
  while na >= 1 and nb >= 1 do
    local x, y = a[na], b[nb]
    if x ~= y then return x > y and 1 or -1 end
    na, nb = na - 1, nb - 1
  end
  -- the lowest limb of each is not zero: the one with limbs left is larger
  if na >= 1 then return 1 elseif nb >= 1 then return -1 end
  return 0
end

-- |a| + |b|, given the sign neg.
local function add_mag(a, b, neg)
  local aoff, boff = a.off, b.off
  local off = aoff < boff and aoff or boff
  local ta, tb = aoff + a.n, boff + b.n
  local n = (ta > tb and ta or tb) - off
  local da, db = aoff - off, boff - off -- limb i of a is limb i + da of the sum
  local na, nb = a.n, b.n
  local r, carry = {}, 0
  for k = 1, n do
    local s = carry
    local ia, ib = k - da, k - db
    if ia >= 1 and ia <= na then s = s + a[ia] end
    if ib >= 1 and ib <= nb then s = s + b[ib] end
    if s >= B then r[k] = s - B; carry = 1 else r[k] = s; carry = 0 end
  end
  if carry > 0 then n = n + 1; r[n] = carry end
  return make(neg, off, r, n)
end

-- |a| - |b| for |a| > |b|, given the sign neg.
local function sub_mag(a, b, neg)
  local aoff, boff = a.off, b.off
  local off = aoff < boff and aoff or boff
  local n = aoff + a.n - off -- |a| > |b|: a's top is the top
  local da, db = aoff - off, boff - off
  local na, nb = a.n, b.n
  local r, borrow = {}, 0
  for k = 1, n do
    local s = -borrow
    local ia, ib = k - da, k - db
    if ia >= 1 and ia <= na then s = s + a[ia] end
    if ib >= 1 and ib <= nb then s = s - b[ib] end
    if s < 0 then r[k] = s + B; borrow = 1 else r[k] = s; borrow = 0 end
  end
  return make(neg, off, r, n)
end

-- a + b, b's sign taken as bneg.
local function add_signed(a, b, bneg)
  if b.n == 0 then return a end
  if a.n == 0 then
    if bneg == b.neg then return b end
    local r = {}
    for i = 1, b.n do r[i] = b[i] end
    return make(bneg, b.off, r, b.n)
  end
  if a.neg == bneg then return add_mag(a, b, bneg) end
  local c = cmp_mag(a, b)
  if c == 0 then return ZERO end
  if c > 0 then return sub_mag(a, b, a.neg) end
  return sub_mag(b, a, bneg)
end

local function add(a, b) return add_signed(a, b, b.neg) end
local function sub(a, b) return add_signed(a, b, not b.neg) end
local function neg(a) return add_signed(ZERO, a, not a.neg) end
M.add, M.sub, M.neg = add, sub, neg

-- a * b: schoolbook, rows of zero limbs skipped.
local function mul(a, b)
  local na, nb = a.n, b.n
  if na == 0 or nb == 0 then return ZERO end
  if na < nb then a, b, na, nb = b, a, nb, na end -- the shorter one inside
  local r = {}
  for k = 1, na + nb do r[k] = 0 end
  for j = 1, nb do
    local y = b[j]
    if y ~= 0 then
      local carry, k = 0, j
      for i = 1, na do
        local t = r[k] + a[i] * y + carry -- below 2^24 + 2^48 + 2^25 < 2^53
        carry = floor(t / B)
        r[k] = t - carry * B
        k = k + 1
      end
      while carry > 0 do
        local t = r[k] + carry
        carry = floor(t / B)
        r[k] = t - carry * B
        k = k + 1
      end
    end
  end
  return make(a.neg ~= b.neg, a.off + b.off, r, na + nb)
end
M.mul = mul

-- The sign of a - b.
local function cmp(a, b)
  local sa, sb = sign(a), sign(b)
  if sa ~= sb then return sa < sb and -1 or 1 end
  if sa == 0 then return 0 end
  local c = cmp_mag(a, b)
  if sa > 0 then return c end
  return -c
end
M.cmp = cmp
function M.eq(a, b) return cmp(a, b) == 0 end

-- Hexadecimal, exact: "0x" and the limbs from the top, 6 digits each, then the
-- power of two of the lowest limb ("0x1.000000p+24" style would round nothing
-- either, but this one reads straight off the limbs).
function M.tostring(a)
  if a.n == 0 then return "0" end
  local t = { a.neg and "-0x" or "0x" }
  for i = a.n, 1, -1 do t[#t + 1] = ("%06x"):format(a[i]) end
  t[#t + 1] = ("p%+d"):format(24 * a.off)
  return table.concat(t)
end

-- Predicates ----------------------------------------------------------------------

local function sq2(x, y) return add(mul(x, x), mul(y, y)) end

-- The sign of (b - a) x (c - a) for exact coordinates.
local function orient_e(ax, ay, bx, by, cx, cy)
  return sign(sub(mul(sub(bx, ax), sub(cy, ay)), mul(sub(by, ay), sub(cx, ax))))
end

function M.orient(ax, ay, bx, by, cx, cy)
  return orient_e(new(ax), new(ay), new(bx), new(by), new(cx), new(cy))
end

-- Two Lines, through p0 and p1 and through q0 and q1, meet unless they are
-- parallel ((p1 - p0) x (q1 - q0) = 0) and q0 is off the first.
function M.lines_meet(p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y)
  local c = sub(mul(sub(new(p1x), new(p0x)), sub(new(q1y), new(q0y))),
    mul(sub(new(p1y), new(p0y)), sub(new(q1x), new(q0x))))
  if sign(c) ~= 0 then return true end
  return M.orient(p0x, p0y, p1x, p1y, q0x, q0y) == 0
end

-- The point p is within R of the closed segment a..b (a point when a == b),
-- given exact coordinates and R2 = R^2 (R >= 0). With e = b - a, w = p - a: the
-- nearest point is a when w.e <= 0, b when w.e >= e.e, else the foot on the
-- line, at the distance |e x w| / |e|, compared squared: (e x w)^2 <= R^2 e.e.
local function point_seg_e(px, py, ax, ay, bx, by, R2)
  local ex, ey = sub(bx, ax), sub(by, ay)
  local wx, wy = sub(px, ax), sub(py, ay)
  local we = add(mul(wx, ex), mul(wy, ey))
  if sign(we) <= 0 then return cmp(sq2(wx, wy), R2) <= 0 end
  local ee = sq2(ex, ey)
  if cmp(we, ee) >= 0 then return cmp(sq2(sub(px, bx), sub(py, by)), R2) <= 0 end
  local c = sub(mul(ex, wy), mul(ey, wx))
  return cmp(mul(c, c), mul(R2, ee)) <= 0
end

local function check_radius(r, what)
  check_finite(r, what)
  if r < 0 then error(("exact: %s must be >= 0, got %.17g"):format(what, r), 3) end
end

function M.point_seg_within(px, py, ax, ay, bx, by, r)
  check_radius(r, "the radius")
  local R = new(r)
  return point_seg_e(new(px), new(py), new(ax), new(ay), new(bx), new(by), mul(R, R))
end

-- The closed segments a0..a1 and b0..b1 (either a point when its ends are
-- equal) come within ra + rb of each other, the sum taken exactly. They do
-- when they cross properly (each one's ends strictly on both sides of the
-- other's line), and otherwise exactly when one of the four ends is within
-- ra + rb of the other segment: segments that meet without crossing properly
-- have an end on the other one (a T, a shared end, a collinear overlap), and
-- the distance between two segments that do not meet is reached at an end of
-- one of them.
function M.seg_seg_within(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, ra, rb)
  check_radius(ra, "ra")
  check_radius(rb, "rb")
  local A0x, A0y, A1x, A1y = new(a0x), new(a0y), new(a1x), new(a1y)
  local B0x, B0y, B1x, B1y = new(b0x), new(b0y), new(b1x), new(b1y)
  local o1 = orient_e(A0x, A0y, A1x, A1y, B0x, B0y)
  local o2 = orient_e(A0x, A0y, A1x, A1y, B1x, B1y)
  if o1 * o2 < 0 then
    local o3 = orient_e(B0x, B0y, B1x, B1y, A0x, A0y)
    local o4 = orient_e(B0x, B0y, B1x, B1y, A1x, A1y)
    if o3 * o4 < 0 then return true end
  end
  local R = add(new(ra), new(rb))
  local R2 = mul(R, R)
  return point_seg_e(A0x, A0y, B0x, B0y, B1x, B1y, R2) or point_seg_e(A1x, A1y, B0x, B0y, B1x, B1y, R2)
      or point_seg_e(B0x, B0y, A0x, A0y, A1x, A1y, R2) or point_seg_e(B1x, B1y, A0x, A0y, A1x, A1y, R2)
end

-- The point p is within r of the closed convex polygon whose vertices, in
-- order (either winding, any first one), are v = { x1, y1, ..., xn, yn }. It is
-- when p lies inside or on the polygon, or within r of one of its edges (the
-- closed segments from each vertex to the next, the last to the first): from a
-- point outside a closed set, the nearest point is on its boundary, the union
-- of the edges. Inside or on: the orientations of p against the edges are all
-- >= 0 or all <= 0, and not all 0. (Their sum is twice the polygon's signed
-- area, so for a polygon with area, a point outside, on the wrong side of one
-- edge, cannot be on the inner side or the line of all the others, and all 0
-- cannot happen; for one without area, all 0 is any point of its line, and
-- the edges decide.) v need not be strictly convex, but must be in convex order.
function M.point_polygon_within(px, py, v, r)
  check_radius(r, "the radius")
  local n = #v
  if n < 2 or n % 2 ~= 0 then error("exact: point_polygon_within expects x, y pairs of at least one vertex", 2) end
  local P, Q = new(px), new(py)
  local X, Y = {}, {}
  for i = 1, n / 2 do
    check_finite(v[2 * i - 1], "a vertex coordinate")
    check_finite(v[2 * i], "a vertex coordinate")
    X[i], Y[i] = new(v[2 * i - 1]), new(v[2 * i])
  end
  local m = n / 2
  local pos, negs = 0, 0
  for i = 1, m do
    local j = i % m + 1
    local o = orient_e(X[i], Y[i], X[j], Y[j], P, Q)
    if o > 0 then pos = pos + 1 elseif o < 0 then negs = negs + 1 end
  end
  if (pos == 0 or negs == 0) and pos + negs > 0 then return true end
  local R = new(r)
  local R2 = mul(R, R)
  for i = 1, m do
    local j = i % m + 1
    if point_seg_e(P, Q, X[i], Y[i], X[j], Y[j], R2) then return true end
  end
  return false
end

-- The point p is within r of the closed box [x0, x1] x [y0, y1] (x0 <= x1,
-- y0 <= y1; either may be an equality): the gap along each axis is how far p
-- lies beyond the nearer side (0 between them), and p is within r when the
-- squares of the two gaps add up to at most r^2.
function M.point_box_within(px, py, x0, y0, x1, y1, r)
  check_radius(r, "the radius")
  for _, c in ipairs({ px, py, x0, y0, x1, y1 }) do check_finite(c, "a coordinate") end
  if not (x0 <= x1 and y0 <= y1) then error("exact: point_box_within expects x0 <= x1 and y0 <= y1", 2) end
  local function gap(p, lo, hi)
    if p < lo then return sub(new(lo), new(p)) end
    if p > hi then return sub(new(p), new(hi)) end
    return ZERO
  end
  local gx, gy = gap(px, x0, x1), gap(py, y0, y1)
  local R = new(r)
  return cmp(sq2(gx, gy), mul(R, R)) <= 0
end

-- Helpers for the generators -------------------------------------------------------
--
-- Plain doubles, no exact numbers: the cases they help make are judged by the
-- predicates above. The random draws are part of what they return (a spec's
-- cases are reproduced from its seed), so their order must not change.

local TRIPLES = {
  { 3, 4, 5 }, { 5, 12, 13 }, { 8, 15, 17 }, { 7, 24, 25 }, { 20, 21, 29 }, { 12, 35, 37 }, { 9, 40, 41 },
  { 28, 45, 53 }, { 11, 60, 61 }, { 33, 56, 65 }, { 16, 63, 65 }, { 48, 55, 73 }, { 13, 84, 85 },
  { 36, 77, 85 }, { 39, 80, 89 }, { 65, 72, 97 }, { 1, 0, 1 },
}

local function random_sign(r) return r.u() < 0.5 and -1 or 1 end

-- A direction (a, b) of integer length c, turned any of the 8 ways: from
-- Euclid's formula (m^2 - n^2, 2 m n, m^2 + n^2 for 1 <= n < m <= mmax) when
-- mmax is given, else a primitive Pythagorean triple from the list above (or
-- the axis 1, 0, 1). The draws: m and n (or the pick), the swap, then the two
-- signs.
function M.pythagorean(r, mmax)
  local a, b, c
  if mmax then
    local m = r.int(2, mmax)
    local n = r.int(1, m - 1)
    a, b, c = m * m - n * n, 2 * m * n, m * m + n * n
  else
    local t = r.pick(TRIPLES)
    a, b, c = t[1], t[2], t[3]
  end
  if r.u() < 0.5 then a, b = b, a end
  return a * random_sign(r), b * random_sign(r), c
end

-- The distance from p to the closed segment a..b (a point when a == b) in
-- doubles, rounded, for radii that are rounded distances: to the nearer end
-- when the foot of p is off the segment, else |e x w| / |e| (e = b - a,
-- w = p - a), or, when alt, the square root of the squared distance
-- (e x w)^2 / e.e, which rounds differently. No draws.
function M.rounded_point_seg_distance(px, py, ax, ay, bx, by, alt)
  local ex, ey, wx, wy = bx - ax, by - ay, px - ax, py - ay
  local we = wx * ex + wy * ey
  if we <= 0 then return sqrt(wx * wx + wy * wy) end
  local ee = ex * ex + ey * ey
  if we >= ee then
    local dx, dy = px - bx, py - by
    return sqrt(dx * dx + dy * dy)
  end
  local c = ex * wy - ey * wx
  if alt then return sqrt(c * c / ee) end
  return abs(c) / sqrt(ee)
end

-- Checking the library -------------------------------------------------------------

-- Checks the library (c2d) on the pair a, b (shapes as data: { kind, ... },
-- numbers(s) their constructor's numbers, call_of(s) the call that builds
-- them) against want, both ways round: hits is want, and distance is 0 when
-- they meet and above 0 when not. Each failed check goes to fail(signature,
-- message), the message (a function, called for the first of each signature
-- only) the call that reproduces it.
function M.check_pair(c2d, numbers, call_of, a, b, want, fail, tag)
  local ok, err = pcall(function()
    local sa, sb = c2d[a[1]](unpack(numbers(a))), c2d[b[1]](unpack(numbers(b)))
    local h1, h2 = sa:hits(sb), sb:hits(sa)
    local d1, d2 = sa:distance(sb), sb:distance(sa)
    local function report(first, second, what, got)
      fail(("%s x %s, %s %s"):format(first[1], second[1], what, want and "(they meet)" or "(they do not meet)"),
        function()
          return ("%s:%s(%s) --> %s, but the exact reference says they %s [%s]"):format(call_of(first), what,
            call_of(second), type(got) == "number" and ("%.17g"):format(got) or tostring(got),
            want and "meet" or "do not meet", tag)
        end)
    end
    if h1 ~= want then report(a, b, "hits", h1) end
    if h2 ~= want then report(b, a, "hits", h2) end
    if want then
      if d1 ~= 0 then report(a, b, "distance", d1) end
      if d2 ~= 0 then report(b, a, "distance", d2) end
    else
      if not (d1 > 0) then report(a, b, "distance", d1) end
      if not (d2 > 0) then report(b, a, "distance", d2) end
    end
  end)
  if not ok then
    fail(("%s x %s raised"):format(a[1], b[1]),
      function() return ("%s with %s raised %s [%s]"):format(call_of(a), call_of(b), tostring(err), tag) end)
  end
end

-- Collects failures; finish() raises once with the first failure of each kind
-- of failure (the kinds of the pair, the check, the expected answer) and the
-- number of each. fail(signature, message) takes the message as a function,
-- called for the first failure of each kind only.
function M.collector()
  local first, count, order, total = {}, {}, {}, 0
  local function fail(signature, message)
    total = total + 1
    if not first[signature] then
      first[signature] = message()
      count[signature] = 0
      order[#order + 1] = signature
    end
    count[signature] = count[signature] + 1
  end
  local function finish()
    if total == 0 then return end
    local lines = { ("%d failed check(s), %d kind(s) of failure; the first of each kind:"):format(total, #order) }
    for _, s in ipairs(order) do
      lines[#lines + 1] = ("  [%s: %d] %s"):format(s, count[s], first[s])
    end
    error(table.concat(lines, "\n"), 0)
  end
  return fail, finish
end

return M
