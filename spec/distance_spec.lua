-- distance for every unordered pair of the ten convex kinds, on the
-- hand-worked cases of support/pair_cases (hits_spec asks hits of the same
-- cases): the distance, the closest points where they are unique, and its
-- agreement with hits (0, at one common point, exactly when they hit). Each
-- case runs both ways round, as a method, and, unless far = false, again
-- with every coordinate moved by (1e6, 1e6), where the answers must not change.
local common = require "support.common"
local cases = require "support.pair_cases"

local sqrt = math.sqrt
local build, near, on_shape = common.build, common.near, common.on_shape
local TOL = 1e-12       -- distance and point slack near the origin
-- At 1e6 an input coordinate is rounded to ~1.2e-10 (half an ulp is 5.8e-11), so
-- a distance may move by a couple of those and a closest point by a few.
local FAR_TOL, FAR_PTOL = 2e-10, 1e-9

local function run(c, ox, oy)
  local far = ox ~= 0 or oy ~= 0
  local dtol = far and FAR_TOL or TOL
  local ptol = far and FAR_PTOL or TOL
  local a, b = build(c[2], ox, oy), build(c[3], ox, oy)
  local want_hit, want_d = c[4], c[5]
  for pass = 1, 2 do
    local s, t, ps, pt, tag = a, b, c.pa, c.pb, "a, b"
    if pass == 2 then s, t, ps, pt, tag = b, a, c.pb, c.pa, "b, a" end
    if c.at then ps, pt = c.at, c.at end
    tag = ("%s (%s)"):format(c[1], tag)
    local d, sx, sy, tx, ty = s:distance(t)
    near(d, want_d, dtol, tag .. ": distance")
    if want_hit then
      assert.is_true(d == 0, tag .. ": shapes that hit must be 0 apart, got " .. tostring(d))
      assert.is_true(sx == tx and sy == ty, ("%s: a hit must report one common point, got (%.17g, %.17g) and (%.17g, %.17g)")
        :format(tag, sx, sy, tx, ty))
    else
      assert.is_true(d > 0, tag .. ": shapes that miss must be more than 0 apart")
    end
    near(sqrt((sx - tx) ^ 2 + (sy - ty) ^ 2), d, dtol, tag .. ": |pa - pb|")
    on_shape(s, sx, sy, ptol, tag .. ": closest point on the first shape")
    on_shape(t, tx, ty, ptol, tag .. ": closest point on the second shape")
    if ps then
      near(sx, ps[1] + ox, ptol, tag .. ": closest point x on the first shape")
      near(sy, ps[2] + oy, ptol, tag .. ": closest point y on the first shape")
    end
    if pt then
      near(tx, pt[1] + ox, ptol, tag .. ": closest point x on the second shape")
      near(ty, pt[2] + oy, ptol, tag .. ": closest point y on the second shape")
    end
  end
end

describe("distance", function()
  for _, g in ipairs(cases.groups) do
    describe(g[1] .. " x " .. g[2], function()
      common.each_case(it, g[3], run)
    end)
  end
end)
