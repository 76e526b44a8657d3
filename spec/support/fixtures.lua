-- The shapes the pair, contact, raycast and sweep specs share, as data for
-- common.build, each described once with the facts the cases use.
local common = require "support.common"

local pi = math.pi
local atan2 = math.atan2 or math.atan
local segment, line, disk, aabb, box, triangle, capsule, fan, polygon = common.segment, common.line, common.disk, common.aabb, common.box, common.triangle, common.capsule, common.fan, common.polygon

local M = {}

-- The kinds, in the order of the C core's kind enumeration.
M.kinds = { "Point", "Segment", "Line", "Disk", "AABB", "Box", "Triangle", "Polygon", "Capsule", "Fan" }

-- The "just apart" gap of the hand-worked cases.
M.gap = 1e-9

-- triangle345: (0,0), (4,0), (0,3). Its hypotenuse is 3x + 4y = 12 with outward
-- normal (0.6, 0.8); a point p lies (12 - 3px - 4py)/5 inside it.
M.triangle345 = triangle(0, 0, 4, 0, 0, 3)

-- house: the convex (0,0), (4,0), (6,2), (4,4), (0,4), with edges y = 0,
-- x - y = 4, x + y = 8, y = 4, x = 0. The edges x - y = 4 and x + y = 8 meet at
-- the vertex (6,2), whose outer region lies between the normals (1,-1) and
-- (1,1): any point (6 + k, 2) with k > 0 is nearest to (6,2).
M.house = polygon(0, 0, 4, 0, 6, 2, 4, 4, 0, 4)

-- diamond: a 2x2 box turned 45 degrees, |x| + |y| <= sqrt 2, corners (+-sqrt2, 0)
-- and (0, +-sqrt2); its first-quadrant edge is x + y = sqrt 2 with midpoint
-- (sqrt2/2, sqrt2/2). A point (t, t) with t > sqrt2/2 is sqrt2 t - 1 away.
M.diamond = box(0, 0, 2, 2, pi / 4)

-- box345: a 10x5 box at the origin turned by theta with cos = 4/5, sin = 3/5.
-- Its unit axes are u = (0.8, 0.6) and v = (-0.6, 0.8); corners c +- 5u +- 2.5v
-- are (2.5, 5), (5.5, 1), (-2.5, -5), (-5.5, -1); its highest point is (2.5, 5).
M.box345 = box(0, 0, 10, 5, atan2(3, 4))

-- x_axis: the line y = 0.
M.x_axis = line(0, 0, 1, 0)

-- quarter_fan: apex (0,0), radius 10, facing +x, opening pi/2: x >= |y| and
-- |p| <= 10. Its edges run from the apex along (1, +-1)/sqrt2 to
-- (5 sqrt2, +-5 sqrt2); the upper one has outward normal (-1, 1)/sqrt2, and a
-- point (0, y) with 0 < y <= 10 sqrt2 is y/sqrt2 from it, at (y/2, y/2).
M.quarter_fan = fan(0, 0, 10, 0, pi / 2)

-- reflex_fan: apex (0,0), radius 10, facing +x, opening 3pi/2: the disk less the
-- open wedge x < 0, |y| < -x. Its edges run along (-1, +-1)/sqrt2; the wedge it
-- misses is bounded by the lines x + y = 0 and x - y = 0.
M.reflex_fan = fan(0, 0, 10, 0, 3 * pi / 2)

-- Unused here but named for the pair specs.
M.segment68 = segment(0, 0, 8, 6)   -- length 10, direction (0.8, 0.6)
M.disk5 = disk(0, 0, 5)          -- (3,4) and (-3,-4) lie on its circle
M.aabb42 = aabb(0, 0, 4, 2)      -- [0,4] x [0,2]
M.capsule4 = capsule(0, 0, 4, 0, 1) -- its cap around (4,0) is nearest to (7,4) at (4.6, 0.8)

return M
