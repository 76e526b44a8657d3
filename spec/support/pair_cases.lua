-- The cases hits_spec and distance_spec share: every unordered pair of the ten
-- convex kinds, each case { name, a, b, hits, distance, ... } with the shapes
-- written as constructor numbers. Every expected value was worked out by hand
-- (the reasoning sits in the comment beside the case) or is a closed formula
-- written here; none was copied from the module's output. Optional fields:
--   pa, pb   the closest point on a and on b, where it is unique
--   at       for a hit, the only point the shapes share
--   far      false: skip the copy translated by (1e6, 1e6) (cases that touch
--            only through irrational coordinates, which rounding there moves)
-- Each spec runs a case both ways round, as methods and as module functions,
-- and, unless far = false, again with every coordinate moved by (1e6, 1e6),
-- where the answers must not change.
local common = require "support.common"
local fixtures = require "support.fixtures"

local unpack = table.unpack or unpack
local sqrt, pi = math.sqrt, math.pi
local atan2 = math.atan2 or math.atan
local r2 = sqrt(2)
local E = fixtures.gap   -- the "just apart" gap

-- Shapes as data: { kind, numbers... }; `list` passes a polygon's numbers as one table.
local point, segment, line, disk, aabb, box, triangle, capsule, fan, polygon = common.point, common.segment, common.line, common.disk, common.aabb, common.box, common.triangle, common.capsule, common.fan, common.polygon
local function Glist(t) return { "polygon", list = true, unpack(t) } end

-- A regular n-gon of circumradius r about (cx, cy) with a vertex at angle 0,
-- i.e. exactly at (cx + r, cy); its leftmost vertex (n even) is (cx - r, ~cy).
local function ngon(n, cx, cy, r) return Glist(common.regular_polygon(n, cx, cy, r)) end

-- Shapes shared by many pairs.
-- SG: the segment (0,0)-(8,6): length 10, direction (0.8, 0.6).
local SG = fixtures.segment68
-- LN: the line through (0,0) and (4,3), direction (0.8, 0.6), unit normal (-0.6, 0.8).
local LN = line(0, 0, 4, 3)
-- LX: the x axis.
local LX = fixtures.x_axis
-- D5: the disk of radius 5 at the origin; (3,4) and (-3,-4) lie on its circle.
local D5 = fixtures.disk5
-- AB: the AABB [0,4] x [0,2].
local AB = fixtures.aabb42
-- DM: a 2x2 box turned 45 degrees: the diamond |x| + |y| <= sqrt 2, corners
-- (+-sqrt2, 0) and (0, +-sqrt2); its first-quadrant edge is x + y = sqrt 2 with
-- midpoint (sqrt2/2, sqrt2/2). A point (t, t) with t > sqrt2/2 is sqrt2 t - 1 away.
local DM = fixtures.diamond
-- BQ: a 10x5 box at the origin turned by theta with cos = 4/5, sin = 3/5. Its unit
-- axes are u = (0.8, 0.6) and v = (-0.6, 0.8); corners c +- 5u +- 2.5v are
-- (2.5, 5), (5.5, 1), (-2.5, -5), (-5.5, -1). Its highest point is the corner (2.5, 5).
local BQ = fixtures.box345
-- BS: a 4x2 box turned pi/2, which is snapped: exactly [-1,1] x [-2,2].
local BS = box(0, 0, 4, 2, pi / 2)
-- TR: the 3-4-5 triangle (0,0), (4,0), (0,3); hypotenuse 3x + 4y = 12, outward
-- normal (0.6, 0.8); a point p is (3px + 4py - 12)/5 from that line.
local TR = fixtures.triangle345
-- HS: the convex "house" (0,0), (4,0), (6,2), (4,4), (0,4). Its edges x - y = 4 and
-- x + y = 8 meet at the vertex (6,2), whose outer region lies between the normals
-- (1,-1) and (1,1): any point (6 + k, 2) with k > 0 is nearest to (6,2).
local HS = fixtures.house
-- N64: a regular 64-gon of circumradius 10 at the origin; (10, 0) is a vertex and
-- the only point of it with x = 10.
local N64 = ngon(64, 0, 0, 10)
-- CP: the capsule around (0,0)-(4,0) of radius 1: its cap around (4,0) is nearest
-- to (7,4) at (4,0) + (0.6,0.8) = (4.6, 0.8).
local CP = fixtures.capsule4
-- F1: a half-disk fan: apex (0,0), radius 10, facing +x, opening pi (snapped):
-- x >= 0 and |p| <= 10; its straight edges are exactly (0,0)-(0,+-10).
local F1 = fan(0, 0, 10, 0, pi)
-- F2: a quarter fan: apex (0,0), radius 10, facing +x, opening pi/2: x >= |y| and
-- |p| <= 10. Its edges run from the apex along (1, +-1)/sqrt2 to (5 sqrt2, +-5 sqrt2);
-- a point (0, y) with 0 < y <= 10 sqrt2 is y/sqrt2 from the upper edge, at (y/2, y/2).
local F2 = fixtures.quarter_fan
-- FR: a reflex fan: apex (0,0), radius 10, facing +x, opening 3pi/2: the disk less
-- the open wedge x < 0, |y| < -x. Its edges run along (-1, +-1)/sqrt2; the wedge it
-- misses is bounded by the lines x + y = 0 and x - y = 0.
local FR = fixtures.reflex_fan
-- Degenerate fans.
local F0 = fan(0, 0, 10, 0, 0)           -- opening 0: the segment (0,0)-(10,0)
local FD = fan(0, 0, 5, 0, 2 * pi)       -- opening 2pi: the disk of radius 5

local GROUPS = {
  { "Point", "Point", {
    { "a point hits an equal point", point(1, 2), point(1, 2), true, 0, at = { 1, 2 } },
    { "points 3-4-5 apart are 5 apart", point(0, 0), point(3, 4), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
    { "points at negative coordinates 3-4-5 apart", point(-1, -2), point(2, 2), false, 5, pa = { -1, -2 }, pb = { 2, 2 } },
    { "points 1e-9 apart miss", point(1, 1), point(1, 1 + E), false, E, pa = { 1, 1 }, pb = { 1, 1 + E } },
  } },

  { "Point", "Segment", {
    { "point on a segment's interior hits", point(4, 3), SG, true, 0, at = { 4, 3 } },
    { "point on a segment's endpoint touches", point(8, 6), SG, true, 0, at = { 8, 6 } },
    -- (1,7) - (4,3) = (-3,4), perpendicular to (0.8,0.6): the foot is interior
    { "point beside a segment is nearest its perpendicular foot", point(1, 7), SG, false, 5, pa = { 1, 7 }, pb = { 4, 3 } },
    -- (11,10) - (8,6) = (3,4), which points past the end (dot with (0.8,0.6) > 0)
    { "point past a segment's end is nearest that end", point(11, 10), SG, false, 5, pa = { 11, 10 }, pb = { 8, 6 } },
    { "point on a segment's line before its start is nearest the start", point(-4, -3), SG, false, 5, pa = { -4, -3 }, pb = { 0, 0 } },
    { "point 1e-9 above a segment misses", point(2, E), segment(0, 0, 4, 0), false, E, pa = { 2, E }, pb = { 2, 0 } },
    { "zero-length segment hits a point at the same place", point(2, 2), segment(2, 2, 2, 2), true, 0, at = { 2, 2 } },
    { "zero-length segment is a point 3-4-5 away", point(5, 6), segment(2, 2, 2, 2), false, 5, pa = { 5, 6 }, pb = { 2, 2 } },
  } },

  { "Point", "Line", {
    { "point on a line far beyond its two points hits", point(-80, -60), LN, true, 0, at = { -80, -60 } },
    { "point on a line between its two points hits", point(2, 1.5), LN, true, 0, at = { 2, 1.5 } },
    -- cross((4,3), (-3,4)) / 5 = 25/5; the foot is (0,0)
    { "point off a line is its perpendicular distance away", point(-3, 4), LN, false, 5, pa = { -3, 4 }, pb = { 0, 0 } },
    -- (17,19) - (20,15) = (-3,4) is normal to the line, and (20,15) is on it
    { "point off a line past its second point still uses the infinite line", point(17, 19), LN, false, 5, pa = { 17, 19 }, pb = { 20, 15 } },
    { "point 1e-9 off a line misses", point(-100, -E), LX, false, E, pa = { -100, -E }, pb = { -100, 0 } },
    { "point on a vertical line far from its points hits", point(2, 1000), line(2, 5, 2, -5), true, 0, at = { 2, 1000 } },
  } },

  { "Point", "Disk", {
    { "point inside a disk hits", point(1, 1), D5, true, 0, at = { 1, 1 } },
    { "point on a disk's circle touches", point(3, 4), D5, true, 0, at = { 3, 4 } },
    { "point outside a disk is nearest along the radius", point(6, 8), D5, false, 5, pa = { 6, 8 }, pb = { 3, 4 } },
    { "point 1e-9 outside a disk misses", point(0, -5 - E), D5, false, E, pa = { 0, -5 - E }, pb = { 0, -5 } },
    { "radius-0 disk hits a point at its centre", point(2, 3), disk(2, 3, 0), true, 0, at = { 2, 3 } },
    { "radius-0 disk is a point 3-4-5 away", point(5, 7), disk(2, 3, 0), false, 5, pa = { 5, 7 }, pb = { 2, 3 } },
  } },

  { "Point", "AABB", {
    { "point inside an aabb hits", point(1, 1), AB, true, 0, at = { 1, 1 } },
    { "point on an aabb edge touches", point(4, 1), AB, true, 0, at = { 4, 1 } },
    { "point on an aabb corner touches", point(0, 0), AB, true, 0, at = { 0, 0 } },
    { "point beside an aabb edge", point(2, -3), AB, false, 3, pa = { 2, -3 }, pb = { 2, 0 } },
    { "point off an aabb corner is nearest the corner", point(7, 6), AB, false, 5, pa = { 7, 6 }, pb = { 4, 2 } },
    { "point 1e-9 right of an aabb misses", point(4 + E, 1), AB, false, E, pa = { 4 + E, 1 }, pb = { 4, 1 } },
    { "zero-size aabb hits a point at its corner", point(1, 1), aabb(1, 1, 0, 0), true, 0, at = { 1, 1 } },
    { "zero-size aabb is a point 3-4-5 away", point(4, 5), aabb(1, 1, 0, 0), false, 5, pa = { 4, 5 }, pb = { 1, 1 } },
    { "zero-width aabb is a segment", point(-2, 2), aabb(1, 0, 0, 4), false, 3, pa = { -2, 2 }, pb = { 1, 2 } },
    { "tile-map: integer point on a tile's right edge touches", point(320, 17), aabb(288, 0, 32, 32), true, 0, at = { 320, 17 } },
  } },

  { "Point", "Box", {
    { "point inside a turned box hits", point(0.5, 0.5), DM, true, 0, at = { 0.5, 0.5 } },
    -- (1,1) is in the diamond's bounding box but sqrt2*1 - 1 from its edge
    { "point in a turned box's bounding-box corner misses", point(1, 1), DM, false, r2 - 1, pa = { 1, 1 }, pb = { r2 / 2, r2 / 2 } },
    -- box frame: (2.5,10) -> (p.u, p.v) = (8, 6.5), 3 and 4 past the corner (5, 2.5)
    { "point off a 3-4-5 turned box's corner", point(2.5, 10), BQ, false, 5, pa = { 2.5, 10 }, pb = { 2.5, 5 } },
    -- box frame: (-2.3,6.4) -> (2, 6.5): 4 above the long side at (2, 2.5) = world (0.1, 3.2)
    { "point off a 3-4-5 turned box's long side", point(-2.3, 6.4), BQ, false, 4, pa = { -2.3, 6.4 }, pb = { 0.1, 3.2 } },
    { "point on a snapped box's corner touches", point(1, 2), BS, true, 0, at = { 1, 2 } },
    -- touching in real numbers; the doubles (sqrt2 and pi/4 rounded) leave a gap of
    -- ~1e-16, far below the 1e-9 that must miss: touching counts as a hit
    { "point on a turned box's corner touches", point(r2, 0), DM, true, 0, far = false },
    { "point 1e-9 off a snapped box misses", point(1 + E, 0), BS, false, E, pa = { 1 + E, 0 }, pb = { 1, 0 } },
    { "point 1e-9 off a turned box's corner misses", point(r2 + E, 0), DM, false, E, pa = { r2 + E, 0 }, pb = { r2, 0 } },
    { "unturned box: point off its corner", point(5, 5), box(0, 0, 4, 2, 0), false, 5, pa = { 5, 5 }, pb = { 2, 1 } },
    { "zero-size box is its centre", point(0, 0), box(3, 4, 0, 0, 0.3), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
  } },

  { "Point", "Triangle", {
    { "point inside a triangle hits", point(1, 1), TR, true, 0, at = { 1, 1 } },
    { "point on a triangle's hypotenuse touches", point(2, 1.5), TR, true, 0, at = { 2, 1.5 } },
    { "point on a triangle's vertex touches", point(4, 0), TR, true, 0, at = { 4, 0 } },
    -- (5,5.5) = (2,1.5) + 5 (0.6,0.8), and (2,1.5) is the hypotenuse's midpoint
    { "point off a triangle's hypotenuse", point(5, 5.5), TR, false, 5, pa = { 5, 5.5 }, pb = { 2, 1.5 } },
    { "point off a triangle's vertex", point(-3, -4), TR, false, 5, pa = { -3, -4 }, pb = { 0, 0 } },
    { "point 1e-9 below a triangle's edge misses", point(2, -E), TR, false, E, pa = { 2, -E }, pb = { 2, 0 } },
    { "clockwise triangle gives the same answer", point(5, 5.5), triangle(0, 0, 0, 3, 4, 0), false, 5, pa = { 5, 5.5 }, pb = { 2, 1.5 } },
    { "zero-area triangle is a segment: point on it hits", point(3, 3), triangle(0, 0, 2, 2, 4, 4), true, 0, at = { 3, 3 } },
    -- (0,4) projects onto y = x at (2,2)
    { "zero-area triangle is a segment: point beside it", point(0, 4), triangle(0, 0, 2, 2, 4, 4), false, 2 * r2, pa = { 0, 4 }, pb = { 2, 2 } },
    { "triangle with three equal vertices is a point", point(4, 5), triangle(1, 1, 1, 1, 1, 1), false, 5, pa = { 4, 5 }, pb = { 1, 1 } },
  } },

  { "Point", "Polygon", {
    { "point inside a polygon hits", point(2, 2), HS, true, 0, at = { 2, 2 } },
    { "point on a polygon edge touches", point(5, 3), HS, true, 0, at = { 5, 3 } },
    { "point off a polygon vertex", point(9, 2), HS, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    -- (7,5): x + y = 12, (12 - 8)/sqrt2 from the edge x + y = 8, foot (5,3)
    { "point off a polygon edge", point(7, 5), HS, false, 2 * r2, pa = { 7, 5 }, pb = { 5, 3 } },
    { "point 1e-9 left of a polygon misses", point(-E, 2), HS, false, E, pa = { -E, 2 }, pb = { 0, 2 } },
    { "clockwise polygon given as a table", point(9, 2), Glist { 0, 4, 4, 4, 6, 2, 4, 0, 0, 0 }, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    { "zero-area polygon is its segment: point on it hits", point(2, 0), polygon(0, 0, 2, 0, 4, 0), true, 0, at = { 2, 0 } },
    { "zero-area polygon is its segment: point above it", point(2, 3), polygon(0, 0, 2, 0, 4, 0), false, 3, pa = { 2, 3 }, pb = { 2, 0 } },
    { "64-gon: point off its vertex at (10,0)", point(13, 0), N64, false, 3, pa = { 13, 0 }, pb = { 10, 0 } },
  } },

  { "Point", "Capsule", {
    { "point inside a capsule hits", point(2, 0.5), CP, true, 0, at = { 2, 0.5 } },
    { "point on a capsule's side touches", point(2, 1), CP, true, 0, at = { 2, 1 } },
    { "point on a capsule's cap touches", point(5, 0), CP, true, 0, at = { 5, 0 } },
    { "point beside a capsule's side", point(2, 4), CP, false, 3, pa = { 2, 4 }, pb = { 2, 1 } },
    -- |(7,4) - (4,0)| = 5, less the radius 1
    { "point off a capsule's cap", point(7, 4), CP, false, 4, pa = { 7, 4 }, pb = { 4.6, 0.8 } },
    { "point 1e-9 above a capsule misses", point(2, 1 + E), CP, false, E, pa = { 2, 1 + E }, pb = { 2, 1 } },
    { "zero-length capsule is a disk: point on its circle touches", point(1, 3), capsule(1, 1, 1, 1, 2), true, 0, at = { 1, 3 } },
    -- |(4,5) - (1,1)| = 5, less 2; nearest (1,1) + 2 (0.6, 0.8)
    { "zero-length capsule is a disk: point outside", point(4, 5), capsule(1, 1, 1, 1, 2), false, 3, pa = { 4, 5 }, pb = { 2.2, 2.6 } },
    { "radius-0 capsule is a segment", point(2, 3), capsule(0, 0, 4, 0, 0), false, 3, pa = { 2, 3 }, pb = { 2, 0 } },
  } },

  { "Point", "Fan", {
    { "point inside a fan hits", point(5, 1), F2, true, 0, at = { 5, 1 } },
    { "point at a fan's apex hits", point(0, 0), F2, true, 0, at = { 0, 0 } },
    -- |(8,6)| = 10 and its angle atan(3/4) < 45 degrees
    { "point on a fan's arc touches", point(8, 6), F2, true, 0, at = { 8, 6 } },
    { "point on a fan's 45-degree edge ray touches", point(3, 3), F2, true, 0, at = { 3, 3 } },
    { "point on a half-disk fan's straight edge touches", point(0, 5), F1, true, 0, at = { 0, 5 } },
    -- inside the wedge: |p| - r = 15 - 10
    { "point beyond the arc inside the wedge is nearest along the radius", point(12, 9), F2, false, 5, pa = { 12, 9 }, pb = { 8, 6 } },
    { "point beside the wedge within the radius is nearest the edge ray", point(0, 5), F2, false, 5 / r2, pa = { 0, 5 }, pb = { 2.5, 2.5 } },
    { "point beside a half-disk fan within its radius", point(-3, 4), F1, false, 3, pa = { -3, 4 }, pb = { 0, 4 } },
    -- outside the wedge and past the edge's end (0,10): |(-3,4)| = 5
    { "point beside the wedge beyond the radius is nearest the edge's end", point(-3, 14), F1, false, 5, pa = { -3, 14 }, pb = { 0, 10 } },
    -- both edge rays point away from (-3,0) (negative projection): the apex is nearest
    { "point behind the apex is nearest the apex", point(-3, 0), F2, false, 3, pa = { -3, 0 }, pb = { 0, 0 } },
    { "point 1e-9 beyond the arc misses", point(10 + E, 0), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "point 1e-9 beside a half-disk fan's edge misses", point(-E, 5), F1, false, E, pa = { -E, 5 }, pb = { 0, 5 } },
    { "fan of opening 0 is a segment: point on it hits", point(5, 0), F0, true, 0, at = { 5, 0 } },
    { "fan of opening 0 is a segment: point beside it", point(5, 3), F0, false, 3, pa = { 5, 3 }, pb = { 5, 0 } },
    { "fan of opening 0: point 1e-9 beside it misses", point(5, E), F0, false, E, pa = { 5, E }, pb = { 5, 0 } },
    { "fan of opening 0: point past its end", point(13, 4), F0, false, 5, pa = { 13, 4 }, pb = { 10, 0 } },
    { "fan of opening 2pi is a disk: point behind the apex on its circle touches", point(-3, -4), FD, true, 0, at = { -3, -4 } },
    { "fan of opening 2pi is a disk: point behind the apex outside", point(-6, -8), FD, false, 5, pa = { -6, -8 }, pb = { -3, -4 } },
    -- angle of (-3,4) is 126.87 degrees, within 135; |p| = 5
    { "reflex fan: point at 127 degrees is inside", point(-3, 4), FR, true, 0, at = { -3, 4 } },
    -- upper edge e = (-1,1)/sqrt2: t = p.e = 6/sqrt2, foot (-3,3), |p - foot| = |(-2,-2)|;
    -- the lower edge's foot (-2,-2) is 3 sqrt2 away
    { "reflex fan: point in the missing slice is nearest an edge ray", point(-5, 1), FR, false, 2 * r2, pa = { -5, 1 }, pb = { -3, 3 } },
    { "reflex fan: point on the missing slice's bisector", point(-5, 0), FR, false, 5 / r2 },
    { "radius-0 fan is its apex", point(4, 5), fan(1, 1, 0, 0, 1), false, 5, pa = { 4, 5 }, pb = { 1, 1 } },
  } },

  { "Segment", "Segment", {
    { "crossing segments hit", segment(0, 0, 4, 4), segment(0, 4, 4, 0), true, 0, at = { 2, 2 } },
    { "segment ending on another's interior touches", segment(0, 0, 4, 0), segment(2, 0, 2, 3), true, 0, at = { 2, 0 } },
    { "segments sharing an endpoint touch", segment(0, 0, 2, 0), segment(2, 0, 5, 4), true, 0, at = { 2, 0 } },
    { "collinear overlapping segments hit", segment(0, 0, 4, 0), segment(2, 0, 6, 0), true, 0 },
    { "collinear segments apart: the facing ends are nearest", segment(0, 0, 4, 0), segment(7, 0, 9, 0), false, 3, pa = { 4, 0 }, pb = { 7, 0 } },
    { "parallel segments", segment(0, 0, 4, 0), segment(1, 3, 3, 3), false, 3 },
    -- (7,4) - (4,0) = (3,4); both segments run away from that pair of ends
    { "skew segments nearest at two endpoints", segment(0, 0, 4, 0), segment(7, 4, 9, 8), false, 5, pa = { 4, 0 }, pb = { 7, 4 } },
    { "segment whose line crosses another segment's line past its end", segment(0, 0, 4, 0), segment(6, -1, 6, 5), false, 2, pa = { 4, 0 }, pb = { 6, 0 } },
    { "segment 1e-9 above another's interior misses", segment(0, 0, 4, 0), segment(2, E, 2, 3), false, E, pa = { 2, 0 }, pb = { 2, E } },
    { "segment 1e-9 past another's end misses", segment(0, 0, 4, 0), segment(4 + E, -1, 4 + E, 1), false, E, pa = { 4, 0 }, pb = { 4 + E, 0 } },
    { "zero-length segment on a segment hits", segment(2, 0, 2, 0), segment(0, 0, 4, 0), true, 0, at = { 2, 0 } },
    { "zero-length segment beside a segment", segment(2, 3, 2, 3), segment(0, 0, 4, 0), false, 3, pa = { 2, 3 }, pb = { 2, 0 } },
  } },

  { "Segment", "Line", {
    { "segment crossing a line far from its two points hits", segment(100, -1, 100, 1), LX, true, 0, at = { 100, 0 } },
    { "segment ending on a line touches", segment(3, 0, 3, 5), LX, true, 0, at = { 3, 0 } },
    { "segment lying on a line hits", segment(5, 0, 8, 0), LX, true, 0 },
    { "segment beside a line is nearest at its lower end", segment(1, 2, 4, 6), LX, false, 2, pa = { 1, 2 }, pb = { 1, 0 } },
    { "segment parallel to a line", segment(0, 3, 5, 3), LX, false, 3 },
    -- (-3,4) is 5 from LN (foot (0,0)); (-6,8) is (32 + 18)/5 = 10
    { "segment beside a slanted line", segment(-3, 4, -6, 8), LN, false, 5, pa = { -3, 4 }, pb = { 0, 0 } },
    { "segment 1e-9 above a line misses", segment(3, E, 3, 5), LX, false, E, pa = { 3, E }, pb = { 3, 0 } },
    { "zero-length segment beside a line", segment(2, 3, 2, 3), LX, false, 3, pa = { 2, 3 }, pb = { 2, 0 } },
  } },

  { "Segment", "Disk", {
    { "segment through a disk hits", segment(-10, 0, 10, 0), D5, true, 0 },
    { "segment inside a disk hits", segment(-1, 0, 1, 0), D5, true, 0 },
    { "segment tangent to a disk touches", segment(-5, 5, 5, 5), D5, true, 0, at = { 0, 5 } },
    { "segment ending on a disk's circle touches", segment(3, 4, 6, 8), D5, true, 0, at = { 3, 4 } },
    { "segment passing a disk", segment(-5, 8, 5, 8), D5, false, 3, pa = { 0, 8 }, pb = { 0, 5 } },
    { "segment pointing away from a disk is nearest at its end", segment(6, 8, 12, 16), D5, false, 5, pa = { 6, 8 }, pb = { 3, 4 } },
    { "segment 1e-9 off a disk's tangent misses", segment(-5, 5 + E, 5, 5 + E), D5, false, E, pa = { 0, 5 + E }, pb = { 0, 5 } },
    { "radius-0 disk on a segment hits", segment(0, 0, 4, 0), disk(2, 0, 0), true, 0, at = { 2, 0 } },
    { "radius-0 disk beside a segment", segment(0, 0, 4, 0), disk(2, 3, 0), false, 3, pa = { 2, 0 }, pb = { 2, 3 } },
    { "zero-length segment outside a disk", segment(6, 8, 6, 8), D5, false, 5, pa = { 6, 8 }, pb = { 3, 4 } },
  } },

  { "Segment", "AABB", {
    { "segment through an aabb hits", segment(-1, 1, 5, 1), AB, true, 0 },
    { "segment inside an aabb hits", segment(1, 1, 3, 1), AB, true, 0 },
    { "segment crossing an aabb with both ends outside hits", segment(2, -1, 5, 2), AB, true, 0 },
    { "segment lying on an aabb edge touches", segment(0, 2, 4, 2), AB, true, 0 },
    -- x + y = 6 on the segment; the aabb has x + y <= 6, equal only at (4,2)
    { "segment through an aabb corner only touches", segment(3, 3, 6, 0), AB, true, 0, at = { 4, 2 } },
    -- x + y = 8: (8 - 6)/sqrt2 from the corner (4,2), foot (5,3) on the segment
    { "segment across an aabb's corner, bounding boxes overlapping, misses", segment(4, 4, 7, 1), AB, false, r2, pa = { 5, 3 }, pb = { 4, 2 } },
    { "segment right of an aabb", segment(6, 0, 6, 2), AB, false, 2 },
    { "segment 1e-9 right of an aabb misses", segment(4 + E, -1, 4 + E, 3), AB, false, E },
    { "zero-size aabb on a segment hits", segment(0, 0, 4, 2), aabb(2, 1, 0, 0), true, 0, at = { 2, 1 } },
    { "zero-size aabb beside a segment", segment(0, 4, 4, 4), aabb(2, 1, 0, 0), false, 3, pa = { 2, 4 }, pb = { 2, 1 } },
    { "tile-map: segment along a tile's edge at integer coordinates touches", segment(64, 0, 64, 96), aabb(32, 32, 32, 32), true, 0 },
  } },

  { "Segment", "Box", {
    { "segment through a turned box hits", segment(-2, 0, 2, 0), DM, true, 0 },
    -- (1,y) is (1 + y - sqrt2)/sqrt2 from the edge: least at y = 1
    { "segment in a turned box's bounding-box corner misses", segment(1, 1, 1, 3), DM, false, r2 - 1, pa = { 1, 1 }, pb = { r2 / 2, r2 / 2 } },
    { "segment above a 3-4-5 turned box is nearest its top corner", segment(-10, 10, 10, 10), BQ, false, 5, pa = { 2.5, 10 }, pb = { 2.5, 5 } },
    { "segment along a snapped box's edge touches", segment(1, -5, 1, 5), BS, true, 0 },
    { "segment ending on a snapped box's corner touches", segment(1, 2, 3, 4), BS, true, 0, at = { 1, 2 } },
    { "segment 1e-9 off a snapped box misses", segment(1 + E, -5, 1 + E, 5), BS, false, E },
    { "segment 1e-9 off a turned box's corner misses", segment(r2 + E, -1, r2 + E, 1), DM, false, E, pa = { r2 + E, 0 }, pb = { r2, 0 } },
    { "zero-size box on a segment hits", segment(0, 0, 4, 2), box(2, 1, 0, 0, 0.5), true, 0, at = { 2, 1 } },
    { "zero-size box beside a segment", segment(0, 4, 4, 4), box(2, 1, 0, 0, 0.5), false, 3, pa = { 2, 4 }, pb = { 2, 1 } },
  } },

  { "Segment", "Triangle", {
    { "segment across a triangle hits", segment(-1, 1, 5, 1), TR, true, 0 },
    { "segment inside a triangle hits", segment(0.5, 0.5, 1, 1), TR, true, 0 },
    { "segment ending on a triangle's hypotenuse touches", segment(2, 1.5, 5, 5.5), TR, true, 0, at = { 2, 1.5 } },
    { "segment on a triangle's edge touches", segment(1, 0, 3, 0), TR, true, 0 },
    { "segment off a triangle's hypotenuse", segment(5, 5.5, 8, 9.5), TR, false, 5, pa = { 5, 5.5 }, pb = { 2, 1.5 } },
    -- segment on x + y = 6; the triangle's largest x + y is 4, at (4,0); foot (5,1)
    { "segment near a triangle's vertex, bounding boxes overlapping, misses", segment(2, 4, 6, 0), TR, false, r2, pa = { 5, 1 }, pb = { 4, 0 } },
    { "segment 1e-9 below a triangle's edge misses", segment(-1, -E, 5, -E), TR, false, E },
    { "segment 1e-9 past a triangle's vertex misses", segment(4 + E, -1, 4 + E, 1), TR, false, E, pa = { 4 + E, 0 }, pb = { 4, 0 } },
    { "zero-area triangle crossed by a segment", segment(0, 4, 4, 0), triangle(0, 0, 2, 2, 4, 4), true, 0, at = { 2, 2 } },
    -- (x,0) is x/sqrt2 from y = x (foot (x/2, x/2)): least at x = 4
    { "zero-area triangle beside a segment", segment(4, 0, 6, 0), triangle(0, 0, 2, 2, 4, 4), false, 2 * r2, pa = { 4, 0 }, pb = { 2, 2 } },
  } },

  { "Segment", "Polygon", {
    { "segment across a polygon hits", segment(-1, 2, 7, 2), HS, true, 0 },
    { "segment ending on a polygon vertex touches", segment(6, 2, 9, 2), HS, true, 0, at = { 6, 2 } },
    { "segment ending on a polygon edge touches", segment(5, 3, 7, 5), HS, true, 0, at = { 5, 3 } },
    { "segment right of a polygon vertex", segment(9, -1, 9, 5), HS, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    { "segment off a polygon edge", segment(7, 5, 9, 7), HS, false, 2 * r2, pa = { 7, 5 }, pb = { 5, 3 } },
    { "segment 1e-9 left of a polygon misses", segment(-E, -1, -E, 5), HS, false, E },
    { "zero-area polygon crossed by a segment", segment(2, -1, 2, 1), polygon(0, 0, 2, 0, 4, 0), true, 0, at = { 2, 0 } },
    { "zero-area polygon beside a segment", segment(6, -1, 6, 1), polygon(0, 0, 2, 0, 4, 0), false, 2, pa = { 6, 0 }, pb = { 4, 0 } },
  } },

  { "Segment", "Capsule", {
    { "segment across a capsule hits", segment(2, -5, 2, 5), CP, true, 0 },
    { "segment tangent to a capsule's side touches", segment(-1, 1, 5, 1), CP, true, 0 },
    { "segment tangent to a capsule's cap touches", segment(5, -3, 5, 3), CP, true, 0, at = { 5, 0 } },
    { "segment off a capsule's cap", segment(7, 4, 10, 8), CP, false, 4, pa = { 7, 4 }, pb = { 4.6, 0.8 } },
    { "segment parallel to a capsule", segment(0, 3, 4, 3), CP, false, 2 },
    { "segment 1e-9 past a capsule's cap misses", segment(5 + E, -3, 5 + E, 3), CP, false, E, pa = { 5 + E, 0 }, pb = { 5, 0 } },
    { "zero-length capsule is a disk", segment(0, 0, 4, 0), capsule(2, 2, 2, 2, 1), false, 1, pa = { 2, 0 }, pb = { 2, 1 } },
    { "radius-0 capsule is a segment", segment(2, -1, 2, 1), capsule(0, 0, 4, 0, 0), true, 0, at = { 2, 0 } },
  } },

  { "Segment", "Fan", {
    { "segment across a fan hits", segment(5, -10, 5, 10), F2, true, 0 },
    -- the fan's largest x is 10, only at (10,0)
    { "segment beyond a fan's arc", segment(12, -20, 12, 20), F2, false, 2, pa = { 12, 0 }, pb = { 10, 0 } },
    { "segment beside the wedge within the radius", segment(0, 4, 0, 6), F2, false, 2 * r2, pa = { 0, 4 }, pb = { 2, 2 } },
    { "segment crossing only a half-disk fan's straight edge hits", segment(-1, 5, 1, 5), F1, true, 0 },
    -- every point has x <= -3, and (0,9) is in the fan
    { "segment inside a half-disk fan's circle but beside it", segment(-6, -2, -3, 9), F1, false, 3, pa = { -3, 9 }, pb = { 0, 9 } },
    { "segment tangent to a fan's arc touches", segment(10, -5, 10, 5), F2, true, 0, at = { 10, 0 } },
    -- on x + y = 6, perpendicular to the edge ray, which it meets at (3,3)
    { "segment across a fan's edge ray, outside the wedge, touches", segment(3, 3, -3, 9), F2, true, 0, at = { 3, 3 } },
    -- the same contact listed from the other end: the answer cannot depend on the order
    { "segment ending on a fan's edge ray touches whichever end is listed first", segment(3, 5, 3, 3), F2, true, 0, at = { 3, 3 } },
    { "segment ending on a fan's lower edge ray touches", segment(3, -5, 3, -3), F2, true, 0, at = { 3, -3 } },
    { "segment behind the apex", segment(-3, -5, -3, 5), F2, false, 3, pa = { -3, 0 }, pb = { 0, 0 } },
    { "segment 1e-9 beyond the arc misses", segment(10 + E, -5, 10 + E, 5), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "segment 1e-9 beside a half-disk fan misses", segment(-E, 1, -E, 5), F1, false, E },
    { "fan of opening 0 crossed by a segment", segment(5, -1, 5, 1), F0, true, 0, at = { 5, 0 } },
    { "fan of opening 0 beside a segment", segment(5, 1, 5, 3), F0, false, 1, pa = { 5, 1 }, pb = { 5, 0 } },
    { "fan of opening 2pi: segment tangent behind the apex touches", segment(-10, -5, 10, -5), FD, true, 0, at = { 0, -5 } },
    { "fan of opening 2pi: segment behind the apex", segment(-10, -6, 10, -6), FD, false, 1, pa = { 0, -6 }, pb = { 0, -5 } },
    -- (-8,0) is 8/sqrt2 from both edge rays of the missing slice
    { "reflex fan: segment in the missing slice", segment(-8, 0, -12, 0), FR, false, 4 * r2 },
  } },

  { "Line", "Line", {
    { "crossing lines hit far from their points", LX, line(100, 5, 100, 6), true, 0, at = { 100, 0 } },
    { "nearly parallel lines still cross, a million units away", LX, line(0, 1, 1, 1 + 1e-6), true, 0 },
    { "coincident lines given by different points hit", line(0, 0, 1, 1), line(5, 5, -2, -2), true, 0 },
    { "parallel lines 5 apart", LN, line(-3, 4, 1, 7), false, 5 },
    { "parallel lines 1e-9 apart miss", LX, line(0, E, 1, E), false, E },
  } },

  { "Line", "Disk", {
    { "line through a disk hits", line(-1, 0, 1, 0), D5, true, 0 },
    { "line tangent to a disk touches", line(0, 5, 1, 5), D5, true, 0, at = { 0, 5 } },
    -- direction (4,-3) is perpendicular to the radius (3,4)
    { "slanted line tangent to a disk touches", line(3, 4, 7, 1), D5, true, 0, at = { 3, 4 } },
    { "line passing a disk", line(100, 8, 101, 8), D5, false, 3, pa = { 0, 8 }, pb = { 0, 5 } },
    { "slanted line passing a disk", line(6, 8, 10, 5), D5, false, 5, pa = { 6, 8 }, pb = { 3, 4 } },
    { "line 1e-9 off a disk misses", line(0, 5 + E, 1, 5 + E), D5, false, E, pa = { 0, 5 + E }, pb = { 0, 5 } },
    { "radius-0 disk on a line hits", LX, disk(-7, 0, 0), true, 0, at = { -7, 0 } },
    { "radius-0 disk beside a line", LX, disk(2, 3, 0), false, 3, pa = { 2, 0 }, pb = { 2, 3 } },
  } },

  { "Line", "AABB", {
    { "line through an aabb hits", line(0, 0, 1, 1), AB, true, 0 },
    { "line crossing an aabb far from its points hits", line(100, 1, 101, 1), AB, true, 0 },
    { "line through an aabb corner only touches", line(4, 2, 5, 1), AB, true, 0, at = { 4, 2 } },
    { "line along an aabb edge touches", line(0, 2, 1, 2), AB, true, 0 },
    -- x + y = 9 against the aabb's largest x + y = 6 at (4,2)
    { "line off an aabb corner", line(5, 4, 6, 3), AB, false, 3 / r2, pa = { 5.5, 3.5 }, pb = { 4, 2 } },
    { "line parallel to an aabb edge", line(6, 0, 6, 1), AB, false, 2 },
    { "line 1e-9 off an aabb misses", line(4 + E, 0, 4 + E, 1), AB, false, E },
    { "zero-size aabb on a line hits", line(0, 0, 1, 1), aabb(1, 1, 0, 0), true, 0, at = { 1, 1 } },
    { "zero-size aabb beside a line", line(0, 4, 1, 4), aabb(1, 1, 0, 0), false, 3, pa = { 1, 4 }, pb = { 1, 1 } },
  } },

  { "Line", "Box", {
    { "line through a turned box hits", line(-5, 0, 5, 0), DM, true, 0 },
    -- x + y = 2 sqrt2 against the edge x + y = sqrt2
    { "line parallel to a turned box's edge", line(0, 2 * r2, 2 * r2, 0), DM, false, 1 },
    { "line past a turned box's corner", line(2, 0, 2, 1), DM, false, 2 - r2, pa = { 2, 0 }, pb = { r2, 0 } },
    { "line above a 3-4-5 turned box", line(0, 10, 1, 10), BQ, false, 5, pa = { 2.5, 10 }, pb = { 2.5, 5 } },
    { "line along a snapped box's edge touches", line(1, 0, 1, 1), BS, true, 0 },
    -- x + y = 3, the snapped box's largest x + y, reached only at (1,2)
    { "line through a snapped box's corner only touches", line(1, 2, 2, 1), BS, true, 0, at = { 1, 2 } },
    { "line 1e-9 off a snapped box misses", line(1 + E, 0, 1 + E, 1), BS, false, E },
    { "zero-size box on a line hits", line(0, 0, 2, 1), box(2, 1, 0, 0, 0.7), true, 0, at = { 2, 1 } },
    { "zero-size box beside a line", LX, box(2, 1, 0, 0, 0.7), false, 1, pa = { 2, 0 }, pb = { 2, 1 } },
  } },

  { "Line", "Triangle", {
    { "line through a triangle hits", line(0, 1, 1, 1), TR, true, 0 },
    { "line through a triangle's vertex only touches", line(4, 0, 4, 1), TR, true, 0, at = { 4, 0 } },
    { "line along a triangle's hypotenuse touches", line(4, 0, 0, 3), TR, true, 0 },
    { "line right of a triangle", line(8, 0, 8, 1), TR, false, 4, pa = { 8, 0 }, pb = { 4, 0 } },
    -- through (5,5.5), 5 out along the normal, direction (-4,3) like the hypotenuse
    { "line parallel to a triangle's hypotenuse", line(5, 5.5, 1, 8.5), TR, false, 5 },
    { "line 1e-9 past a triangle's vertex misses", line(4 + E, 0, 4 + E, 1), TR, false, E, pa = { 4 + E, 0 }, pb = { 4, 0 } },
    { "zero-area triangle crossed by a line", line(0, 4, 1, 3), triangle(0, 0, 2, 2, 4, 4), true, 0, at = { 2, 2 } },
    -- x - y = 4 against x - y = 0
    { "zero-area triangle parallel to a line", line(4, 0, 5, 1), triangle(0, 0, 2, 2, 4, 4), false, 2 * r2 },
  } },

  { "Line", "Polygon", {
    { "line through a polygon hits", line(0, 1, 1, 1), HS, true, 0 },
    { "line through a polygon vertex only touches", line(6, 0, 6, 1), HS, true, 0, at = { 6, 2 } },
    { "line right of a polygon", line(9, 0, 9, 1), HS, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    -- x + y = 10 against the edge x + y = 8
    { "line parallel to a polygon edge", line(0, 10, 10, 0), HS, false, r2 },
    { "line 1e-9 right of a polygon vertex misses", line(6 + E, 0, 6 + E, 1), HS, false, E, pa = { 6 + E, 2 }, pb = { 6, 2 } },
    { "zero-area polygon beside a line", line(5, -1, 5, 1), polygon(0, 0, 2, 0, 4, 0), false, 1, pa = { 5, 0 }, pb = { 4, 0 } },
    { "64-gon: line right of its vertex", line(13, 0, 13, 1), N64, false, 3, pa = { 13, 0 }, pb = { 10, 0 } },
  } },

  { "Line", "Capsule", {
    { "line through a capsule hits", line(2, 0, 2, 1), CP, true, 0 },
    { "line tangent to a capsule's side touches", line(0, 1, 1, 1), CP, true, 0 },
    { "line tangent to a capsule's cap touches", line(5, 0, 5, 1), CP, true, 0, at = { 5, 0 } },
    { "line right of a capsule", line(8, 0, 8, 1), CP, false, 3, pa = { 8, 0 }, pb = { 5, 0 } },
    -- x + y = 10 is 6/sqrt2 from the axis end (4,0), foot (7,3); less the radius
    { "slanted line off a capsule's cap", line(10, 0, 0, 10), CP, false, 3 * r2 - 1, pa = { 7, 3 }, pb = { 4 + 1 / r2, 1 / r2 } },
    { "line 1e-9 above a capsule misses", line(0, 1 + E, 1, 1 + E), CP, false, E },
    { "zero-length capsule is a disk", LX, capsule(2, 2, 2, 2, 1), false, 1, pa = { 2, 0 }, pb = { 2, 1 } },
    { "radius-0 capsule is a segment", line(2, -1, 2, 1), capsule(0, 0, 4, 0, 0), true, 0, at = { 2, 0 } },
  } },

  { "Line", "Fan", {
    { "line across a fan hits", line(5, -1, 5, 1), F2, true, 0 },
    { "line tangent to a fan's arc touches", line(10, 0, 10, 1), F2, true, 0, at = { 10, 0 } },
    -- the fan has x >= |y| >= 0, so x = 0 meets it only at the apex
    { "line through the apex only touches", line(0, 0, 0, 1), F2, true, 0, at = { 0, 0 } },
    { "line along a fan's edge ray touches", line(0, 0, 1, 1), F2, true, 0 },
    { "line behind the apex", line(-3, 0, -3, 1), F2, false, 3, pa = { -3, 0 }, pb = { 0, 0 } },
    { "line beyond the arc", line(12, 0, 12, 1), F2, false, 2, pa = { 12, 0 }, pb = { 10, 0 } },
    -- y = x + 2 while the fan has y <= x: sqrt2 at every point of the upper edge
    { "line parallel to a fan's edge ray", line(0, 2, 1, 3), F2, false, r2 },
    { "half-disk fan: line beside its straight edge", line(-3, 0, -3, 1), F1, false, 3 },
    -- the reflex fan's least x is -5 sqrt2, at the far ends of both edges
    { "reflex fan: line beyond its missing slice", line(-12, 0, -12, 1), FR, false, 12 - 5 * r2 },
    { "line 1e-9 beyond the arc misses", line(10 + E, 0, 10 + E, 1), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "fan of opening 0 crossed by a line", line(5, -1, 5, 1), F0, true, 0, at = { 5, 0 } },
    { "fan of opening 0 short of a line", line(11, 0, 11, 1), F0, false, 1, pa = { 11, 0 }, pb = { 10, 0 } },
    { "fan of opening 0 parallel to a line", line(0, 1, 1, 1), F0, false, 1 },
  } },

  { "Disk", "Disk", {
    { "overlapping disks hit", D5, disk(6, 0, 5), true, 0 },
    { "disk inside a disk hits", D5, disk(1, 1, 1), true, 0 },
    { "concentric disks hit", disk(0, 0, 1), disk(0, 0, 2), true, 0 },
    -- centres 5 apart = 2 + 3; the point is 2 (0.6, 0.8)
    { "disks touching at one point", disk(0, 0, 2), disk(3, 4, 3), true, 0, at = { 1.2, 1.6 } },
    { "disks apart", disk(0, 0, 1), disk(6, 8, 4), false, 5, pa = { 0.6, 0.8 }, pb = { 3.6, 4.8 } },
    { "disks 1e-9 apart miss", disk(0, 0, 1), disk(3 + E, 0, 2), false, E, pa = { 1, 0 }, pb = { 1 + E, 0 } },
    { "radius-0 disk on a circle touches", disk(3, 4, 0), D5, true, 0, at = { 3, 4 } },
    { "two radius-0 disks at one point hit", disk(0, 0, 0), disk(0, 0, 0), true, 0, at = { 0, 0 } },
    { "radius-0 disk outside a disk", disk(0, 0, 0), disk(6, 8, 5), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
    -- centres (40,30) apart = 50 = 30 + 20
    { "integer disks touching", disk(100, 100, 30), disk(140, 130, 20), true, 0, at = { 124, 118 } },
  } },

  { "Disk", "AABB", {
    { "disk inside an aabb hits", disk(2, 1, 1), AB, true, 0 },
    { "aabb inside a disk hits", disk(2, 1, 10), AB, true, 0 },
    { "disk overlapping an aabb corner hits", disk(5, 3, 2), AB, true, 0 },
    { "tile-map: disk touching an aabb edge hits", disk(2, 5, 3), AB, true, 0, at = { 2, 2 } },
    { "disk touching an aabb corner", disk(7, 6, 5), AB, true, 0, at = { 4, 2 } },
    -- the corner (4,2) is sqrt2 from the centre, more than the radius 1.4
    { "disk near an aabb corner, bounding boxes overlapping, misses", disk(5, 3, 1.4), AB, false, r2 - 1.4,
      pa = { 5 - 1.4 / r2, 3 - 1.4 / r2 }, pb = { 4, 2 } },
    { "disk off an aabb corner", disk(10, 10, 5), AB, false, 5, pa = { 7, 6 }, pb = { 4, 2 } },
    { "disk 1e-9 above an aabb misses", disk(2, 5 + E, 3), AB, false, E, pa = { 2, 2 + E }, pb = { 2, 2 } },
    { "zero-size aabb on a disk's circle touches", D5, aabb(3, 4, 0, 0), true, 0, at = { 3, 4 } },
    { "radius-0 disk on an aabb corner touches", disk(4, 2, 0), AB, true, 0, at = { 4, 2 } },
    { "radius-0 disk off an aabb corner", disk(0, 0, 0), aabb(3, 4, 1, 1), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
    { "tile-map: integer disk touching a tile's side at large coordinates", disk(1000, 500, 10), aabb(1010, 0, 32, 1000), true, 0, at = { 1010, 500 } },
  } },

  { "Disk", "Box", {
    -- (1,1) is sqrt2 - 1 = 0.414 from the diamond
    { "disk overlapping a turned box near its edge hits", disk(1, 1, 0.5), DM, true, 0 },
    { "disk near a turned box, bounding boxes overlapping, misses", disk(1, 1, 0.4), DM, false, r2 - 1.4,
      pa = { 1 - 0.4 / r2, 1 - 0.4 / r2 }, pb = { r2 / 2, r2 / 2 } },
    { "disk above a 3-4-5 turned box", disk(2.5, 10, 2), BQ, false, 3, pa = { 2.5, 8 }, pb = { 2.5, 5 } },
    { "disk touching a snapped box's edge", disk(4, 0, 3), BS, true, 0, at = { 1, 0 } },
    { "disk touching a snapped box's corner", disk(4, 6, 5), BS, true, 0, at = { 1, 2 } },
    { "unturned box touching a disk", disk(0, 0, 2), box(4, 0, 4, 2, 0), true, 0, at = { 2, 0 } },
    { "disk 1e-9 off a snapped box misses", disk(4 + E, 0, 3), BS, false, E, pa = { 1 + E, 0 }, pb = { 1, 0 } },
    { "disk 1e-9 off a turned box's corner misses", disk(r2 + 1 + E, 0, 1), DM, false, E, pa = { r2 + E, 0 }, pb = { r2, 0 } },
    { "zero-size box on a disk's circle touches", D5, box(3, 4, 0, 0, 1), true, 0, at = { 3, 4 } },
    { "radius-0 disk at a turned box's centre hits", disk(0, 0, 0), DM, true, 0, at = { 0, 0 } },
  } },

  { "Disk", "Triangle", {
    -- (1,1) is 1 from each side (hypotenuse: (3 + 4 - 12)/5)
    { "disk inside a triangle hits", disk(1, 1, 0.5), TR, true, 0 },
    { "triangle inside a disk hits", disk(1, 1, 10), TR, true, 0 },
    { "disk touching triangle edge counts as a hit", disk(5, 5.5, 5), TR, true, 0, at = { 2, 1.5 } },
    { "disk touching a triangle's vertex counts as a hit", disk(-3, -4, 5), TR, true, 0, at = { 0, 0 } },
    { "disk off a triangle's hypotenuse", disk(5, 5.5, 3), TR, false, 2, pa = { 3.2, 3.1 }, pb = { 2, 1.5 } },
    -- (3,3) is (9 + 12 - 12)/5 = 1.8 from the hypotenuse, foot (1.92, 1.56)
    { "disk near a triangle, bounding boxes overlapping, misses", disk(3, 3, 1), TR, false, 0.8, pa = { 2.4, 2.2 }, pb = { 1.92, 1.56 } },
    { "disk 1e-9 below a triangle misses", disk(2, -1 - E, 1), TR, false, E, pa = { 2, -E }, pb = { 2, 0 } },
    { "zero-area triangle touching a disk", disk(4, 0, 2 * r2), triangle(0, 0, 2, 2, 4, 4), true, 0, far = false },
    { "zero-area triangle beside a disk", disk(4, 0, 2), triangle(0, 0, 2, 2, 4, 4), false, 2 * r2 - 2, pa = { 4 - r2, r2 }, pb = { 2, 2 } },
    { "radius-0 disk inside a triangle hits", disk(1, 1, 0), TR, true, 0, at = { 1, 1 } },
  } },

  { "Disk", "Polygon", {
    { "disk over a polygon vertex hits", disk(6, 2, 1), HS, true, 0 },
    { "disk touching a polygon vertex", disk(9, 2, 3), HS, true, 0, at = { 6, 2 } },
    { "disk touching a polygon edge", disk(-2, 2, 2), HS, true, 0, at = { 0, 2 } },
    { "disk off a polygon vertex", disk(9, 2, 1), HS, false, 2, pa = { 8, 2 }, pb = { 6, 2 } },
    { "disk off a polygon edge", disk(7, 5, r2), HS, false, r2, pa = { 6, 4 }, pb = { 5, 3 } },
    { "disk 1e-9 left of a polygon misses", disk(-1 - E, 2, 1), HS, false, E, pa = { -E, 2 }, pb = { 0, 2 } },
    { "zero-area polygon touching a disk", disk(2, 3, 3), polygon(0, 0, 2, 0, 4, 0), true, 0, at = { 2, 0 } },
    { "zero-area polygon beside a disk", disk(2, 3, 1), polygon(0, 0, 2, 0, 4, 0), false, 2, pa = { 2, 2 }, pb = { 2, 0 } },
    { "64-gon vertex touching a disk", disk(13, 0, 3), N64, true, 0, at = { 10, 0 } },
  } },

  { "Disk", "Capsule", {
    { "disk overlapping a capsule hits", disk(2, 2, 1.5), CP, true, 0 },
    { "disk touching a capsule's side", disk(2, 3, 2), CP, true, 0, at = { 2, 1 } },
    -- |(7,4) - (4,0)| = 5 = 1 + 4
    { "disk touching a capsule's cap", disk(7, 4, 4), CP, true, 0, at = { 4.6, 0.8 } },
    { "disk off a capsule's cap", disk(7, 4, 2), CP, false, 2, pa = { 5.8, 2.4 }, pb = { 4.6, 0.8 } },
    { "disk 1e-9 above a capsule misses", disk(2, 3 + E, 2), CP, false, E, pa = { 2, 1 + E }, pb = { 2, 1 } },
    { "zero-length capsule is a disk", disk(6, 8, 3), capsule(0, 0, 0, 0, 2), false, 5, pa = { 4.2, 5.6 }, pb = { 1.2, 1.6 } },
    { "radius-0 disk on a capsule's side touches", disk(2, 1, 0), CP, true, 0, at = { 2, 1 } },
    { "radius-0 capsule touching a disk", disk(2, 3, 3), capsule(0, 0, 4, 0, 0), true, 0, at = { 2, 0 } },
  } },

  { "Disk", "Fan", {
    { "disk inside a fan hits", disk(5, 0, 1), F2, true, 0 },
    { "disk over the apex from behind hits", disk(-1, 0, 2), F2, true, 0 },
    { "disk across a half-disk fan's straight edge hits", disk(-1, 5, 2), F1, true, 0 },
    { "disk beside a half-disk fan within its radius", disk(-3, 4, 2), F1, false, 1, pa = { -1, 4 }, pb = { 0, 4 } },
    -- 15 - 10 - 3 along the radius through (12,9)
    { "disk beyond the arc inside the wedge", disk(12, 9, 3), F2, false, 2, pa = { 9.6, 7.2 }, pb = { 8, 6 } },
    { "disk touching a fan's arc", disk(12, 9, 5), F2, true, 0, at = { 8, 6 } },
    { "disk touching a half-disk fan's straight edge", disk(-3, 4, 3), F1, true, 0, at = { 0, 4 } },
    -- (-3,14) is 5 from the edge's end (0,10), its nearest fan point
    { "disk touching the end of a fan's edge", disk(-3, 14, 5), F1, true, 0, at = { 0, 10 } },
    { "disk beside the wedge beyond the radius", disk(-3, 14, 4), F1, false, 1, pa = { -0.6, 10.8 }, pb = { 0, 10 } },
    { "disk 1e-9 beyond the arc misses", disk(12 + E, 0, 2), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "disk 1e-9 beside a half-disk fan misses", disk(-3 - E, 4, 3), F1, false, E, pa = { -E, 4 }, pb = { 0, 4 } },
    { "radius-0 disk on a fan's edge ray touches", disk(3, 3, 0), F2, true, 0, at = { 3, 3 } },
    { "fan of opening 0 touching a disk", disk(5, 3, 3), F0, true, 0, at = { 5, 0 } },
    { "fan of opening 0 beside a disk", disk(5, 3, 1), F0, false, 2, pa = { 5, 2 }, pb = { 5, 0 } },
    { "fan of opening 2pi touching a disk behind the apex", disk(-6, -8, 5), FD, true, 0, at = { -3, -4 } },
    { "fan of opening 2pi beside a disk behind the apex", disk(-6, -8, 4), FD, false, 1, pa = { -3.6, -4.8 }, pb = { -3, -4 } },
    -- (-5,0) is 5/sqrt2 = 3.54 from both edges of the missing slice
    { "reflex fan: disk in the missing slice misses", disk(-5, 0, 2), FR, false, 5 / r2 - 2 },
    { "reflex fan: disk in the missing slice reaching both edges hits", disk(-5, 0, 4), FR, true, 0 },
    { "radius-0 fan touching a disk", disk(0, 0, 2), fan(2, 0, 0, 0, 1), true, 0, at = { 2, 0 } },
  } },

  { "AABB", "AABB", {
    { "overlapping aabbs hit", AB, aabb(2, 1, 4, 2), true, 0 },
    { "aabb inside an aabb hits", aabb(0, 0, 10, 10), aabb(2, 2, 1, 1), true, 0 },
    { "tile-map: tiles sharing an edge hit", aabb(0, 0, 32, 32), aabb(32, 0, 32, 32), true, 0 },
    { "tile-map: tiles sharing a corner hit", aabb(0, 0, 32, 32), aabb(32, 32, 32, 32), true, 0, at = { 32, 32 } },
    { "tile-map: tiles sharing an edge at large integer coordinates hit", aabb(32000, 16000, 32, 32), aabb(32032, 16000, 32, 32), true, 0 },
    { "tile-map: tiles sharing a corner at large integer coordinates hit", aabb(32000, 16000, 32, 32), aabb(31968, 15968, 32, 32), true, 0, at = { 32000, 16000 } },
    { "aabbs apart diagonally", AB, aabb(7, 6, 1, 1), false, 5, pa = { 4, 2 }, pb = { 7, 6 } },
    { "aabbs apart side by side", AB, aabb(6, 0, 1, 2), false, 2 },
    -- only the corner (4,2) of AB meets the height y = 2 of the other
    { "aabbs 1e-9 apart at a corner miss", AB, aabb(4 + E, 2, 1, 1), false, E, pa = { 4, 2 }, pb = { 4 + E, 2 } },
    { "aabbs 1e-9 apart along an edge miss", AB, aabb(4 + E, 0, 1, 2), false, E },
    { "zero-size aabb on a corner touches", aabb(4, 2, 0, 0), AB, true, 0, at = { 4, 2 } },
    { "zero-width aabb across an aabb hits", aabb(2, -1, 0, 5), AB, true, 0 },
    { "two zero-size aabbs at one point hit", aabb(1, 1, 0, 0), aabb(1, 1, 0, 0), true, 0, at = { 1, 1 } },
    { "two zero-size aabbs apart", aabb(0, 0, 0, 0), aabb(3, 4, 0, 0), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
  } },

  { "AABB", "Box", {
    { "aabb overlapping a turned box hits", AB, DM, true, 0 },
    { "aabb in a turned box's bounding-box corner misses", aabb(1, 1, 2, 2), DM, false, r2 - 1, pa = { 1, 1 }, pb = { r2 / 2, r2 / 2 } },
    { "aabb above a 3-4-5 turned box", aabb(-1, 10, 4, 2), BQ, false, 5, pa = { 2.5, 10 }, pb = { 2.5, 5 } },
    { "aabb touching a snapped box's corner", aabb(1, 2, 3, 3), BS, true, 0, at = { 1, 2 } },
    { "aabb along a snapped box's edge touches", aabb(1, -5, 1, 10), BS, true, 0 },
    -- touching in real numbers; a ~1e-16 gap in doubles (see Point x Box)
    { "aabb touching a turned box's corner", aabb(r2, -1, 1, 2), DM, true, 0, far = false },
    { "aabb 1e-9 off a snapped box misses", aabb(1 + E, 0, 1, 1), BS, false, E },
    { "aabb 1e-9 off a turned box's corner misses", aabb(r2 + E, -1, 1, 2), DM, false, E, pa = { r2 + E, 0 }, pb = { r2, 0 } },
    { "zero-size aabb inside a turned box hits", aabb(0, 0, 0, 0), DM, true, 0, at = { 0, 0 } },
    { "zero-size box beside an aabb", aabb(0, 0, 2, 1), box(5, 5, 0, 0, 0.3), false, 5, pa = { 2, 1 }, pb = { 5, 5 } },
  } },

  { "AABB", "Triangle", {
    { "aabb overlapping a triangle hits", aabb(1, 0.5, 1, 1), TR, true, 0 },
    { "triangle vertex inside an aabb hits", aabb(3, -1, 2, 2), TR, true, 0 },
    { "aabb corner on a triangle's hypotenuse touches", aabb(2, 1.5, 1, 1), TR, true, 0, at = { 2, 1.5 } },
    { "aabb sharing a triangle's edge touches", aabb(0, -2, 4, 2), TR, true, 0 },
    { "aabb off a triangle's hypotenuse", aabb(5, 5.5, 2, 2), TR, false, 5, pa = { 5, 5.5 }, pb = { 2, 1.5 } },
    -- corner (3,2): (9 + 8 - 12)/5 = 1, foot (2.4, 1.2)
    { "aabb near a triangle, bounding boxes overlapping, misses", aabb(3, 2, 2, 2), TR, false, 1, pa = { 3, 2 }, pb = { 2.4, 1.2 } },
    { "aabb 1e-9 below a triangle misses", aabb(-1, -1 - E, 6, 1), TR, false, E },
    { "aabb 1e-9 past a triangle's vertex misses", aabb(4 + E, -1, 1, 1), TR, false, E, pa = { 4 + E, 0 }, pb = { 4, 0 } },
    -- (t,t) lies in [1,3] x [0,1] only for t = 1
    { "zero-area triangle through an aabb corner touches", aabb(1, 0, 2, 1), triangle(0, 0, 2, 2, 4, 4), true, 0, at = { 1, 1 } },
    { "zero-area triangle beside an aabb", aabb(3, 0, 2, 1), triangle(0, 0, 2, 2, 4, 4), false, r2, pa = { 3, 1 }, pb = { 2, 2 } },
    { "zero-size aabb inside a triangle hits", aabb(1, 1, 0, 0), TR, true, 0, at = { 1, 1 } },
  } },

  { "AABB", "Polygon", {
    { "aabb over a polygon vertex hits", aabb(5, 1, 2, 2), HS, true, 0 },
    { "aabb touching a polygon vertex", aabb(6, 0, 2, 4), HS, true, 0, at = { 6, 2 } },
    { "aabb sharing a polygon edge touches", aabb(-2, 0, 2, 4), HS, true, 0 },
    { "aabb right of a polygon", aabb(9, 1, 2, 2), HS, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    -- corner (5,3.5): x + y = 8.5, 0.5/sqrt2 from the edge x + y = 8, foot (4.75, 3.25)
    { "aabb near a polygon edge, bounding boxes overlapping, misses", aabb(5, 3.5, 2, 2), HS, false, r2 / 4, pa = { 5, 3.5 }, pb = { 4.75, 3.25 } },
    { "aabb 1e-9 right of a polygon vertex misses", aabb(6 + E, 1, 1, 2), HS, false, E, pa = { 6 + E, 2 }, pb = { 6, 2 } },
    { "zero-size aabb on a polygon vertex touches", aabb(6, 2, 0, 0), HS, true, 0, at = { 6, 2 } },
    { "zero-area polygon below an aabb", aabb(1, 1, 2, 2), polygon(0, 0, 2, 0, 4, 0), false, 1 },
    { "integer aabb touching a 64-gon's vertex", aabb(10, -1, 2, 2), N64, true, 0, at = { 10, 0 } },
  } },

  { "AABB", "Capsule", {
    { "aabb across a capsule hits", aabb(1, 0, 1, 3), CP, true, 0 },
    { "aabb tangent to a capsule's side touches", aabb(0, 1, 4, 2), CP, true, 0 },
    -- |(7,4) - (4,0)| = 5 = the radius
    { "aabb corner on a capsule's cap touches", aabb(7, 4, 1, 1), capsule(0, 0, 4, 0, 5), true, 0, at = { 7, 4 } },
    { "aabb off a capsule's cap", aabb(7, 4, 2, 2), CP, false, 4, pa = { 7, 4 }, pb = { 4.6, 0.8 } },
    -- corner (4.8,0.8) is 0.8 sqrt2 from (4,0)
    { "aabb near a capsule's cap, bounding boxes overlapping, misses", aabb(4.8, 0.8, 1, 1), CP, false, 0.8 * r2 - 1,
      pa = { 4.8, 0.8 }, pb = { 4 + 1 / r2, 1 / r2 } },
    { "aabb 1e-9 above a capsule misses", aabb(0, 1 + E, 4, 1), CP, false, E },
    { "aabb 1e-9 past a capsule's cap misses", aabb(5 + E, -1, 1, 2), CP, false, E, pa = { 5 + E, 0 }, pb = { 5, 0 } },
    { "zero-length capsule touching an aabb", aabb(0, 0, 4, 1), capsule(2, 2, 2, 2, 1), true, 0, at = { 2, 1 } },
    { "zero-size aabb on a capsule's side touches", aabb(4, 1, 0, 0), CP, true, 0, at = { 4, 1 } },
  } },

  { "AABB", "Fan", {
    { "aabb inside a fan hits", aabb(4, -1, 2, 2), F2, true, 0 },
    { "aabb across a half-disk fan's edge hits", aabb(-2, 2, 3, 2), F1, true, 0 },
    -- the aabb's nearest fan point is the edge's end (0,10); (-3,12) is sqrt(9 + 4) from it
    { "aabb beside a half-disk fan past its edge's end", aabb(-5, 12, 2, 2), F1, false, sqrt(13), pa = { -3, 12 }, pb = { 0, 10 } },
    { "aabb beyond the arc", aabb(12, -1, 2, 2), F2, false, 2, pa = { 12, 0 }, pb = { 10, 0 } },
    { "aabb off the arc", aabb(12, 9, 1, 1), F2, false, 5, pa = { 12, 9 }, pb = { 8, 6 } },
    { "aabb corner on the arc touches", aabb(8, 6, 1, 1), F2, true, 0, at = { 8, 6 } },
    -- x <= 3 <= y on the aabb; only (3,3) has y = x
    { "aabb corner on a fan's edge ray touches", aabb(1, 3, 2, 2), F2, true, 0, at = { 3, 3 } },
    -- [1,3] x [-5,-3] has -y >= 3 >= x, equal only at (3,-3)
    { "aabb corner on a fan's lower edge ray touches", aabb(1, -5, 2, 2), F2, true, 0, at = { 3, -3 } },
    { "aabb along a half-disk fan's edge touches", aabb(-2, 3, 2, 2), F1, true, 0 },
    { "aabb 1e-9 beyond the arc misses", aabb(10 + E, -1, 1, 2), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "aabb 1e-9 beside a half-disk fan misses", aabb(-2 - E, 3, 2, 2), F1, false, E },
    { "fan of opening 0 along an aabb edge touches", aabb(3, 0, 1, 1), F0, true, 0 },
    { "fan of opening 0 short of an aabb", aabb(11, -1, 1, 2), F0, false, 1, pa = { 11, 0 }, pb = { 10, 0 } },
    { "fan of opening 2pi touching an aabb behind the apex", aabb(-8, -9, 5, 5), FD, true, 0, at = { -3, -4 } },
    { "zero-size aabb on a fan's edge ray touches", aabb(3, 3, 0, 0), F2, true, 0, at = { 3, 3 } },
    -- (-4,+-1) are 3/sqrt2 from the slice's edges x + y = 0 and x - y = 0
    { "reflex fan: aabb in the missing slice", aabb(-6, -1, 2, 2), FR, false, 3 / r2 },
  } },

  { "Box", "Box", {
    { "turned box overlapping a box hits", DM, box(1, 0, 2, 2, 0), true, 0 },
    -- centre (1,1) of the second is (1.25, 0.66) in the first's frame: inside
    { "two turned boxes overlapping hit", box(0, 0, 4, 2, 0.3), box(1, 1, 4, 2, -0.7), true, 0 },
    { "boxes apart, bounding boxes overlapping", DM, box(2, 2, 2, 2, 0), false, r2 - 1, pa = { r2 / 2, r2 / 2 }, pb = { 1, 1 } },
    { "box above a 3-4-5 turned box", BQ, box(2.5, 11, 4, 2, 0), false, 5, pa = { 2.5, 5 }, pb = { 2.5, 10 } },
    { "snapped box sharing an edge with a box", BS, box(2, 0, 2, 2, 0), true, 0 },
    -- turned pi: exactly [-2,2] x [-1,1]; the other is [2,4] x [1,3]
    { "box turned pi sharing a corner with a box", box(0, 0, 4, 2, pi), box(3, 2, 2, 2, 0), true, 0, at = { 2, 1 } },
    -- touching in real numbers; a ~1e-16 gap in doubles (see Point x Box)
    { "turned boxes corner to corner touch", DM, box(2 * r2, 0, 2, 2, pi / 4), true, 0, far = false },
    { "snapped box 1e-9 from a box misses", BS, box(2 + E, 0, 2, 2, 0), false, E },
    { "turned boxes 1e-9 apart corner to corner miss", DM, box(2 * r2 + E, 0, 2, 2, pi / 4), false, E, pa = { r2, 0 }, pb = { r2 + E, 0 } },
    { "zero-size box inside a turned box hits", box(1, 0, 0, 0, 0.5), DM, true, 0, at = { 1, 0 } },
    { "zero-size boxes apart", box(0, 0, 0, 0, 0), box(3, 4, 0, 0, 1), false, 5, pa = { 0, 0 }, pb = { 3, 4 } },
    { "zero-width box beside a box", box(0, 0, 0, 4, 0), box(3, 0, 2, 2, 0), false, 2 },
  } },

  { "Box", "Triangle", {
    { "turned box overlapping a triangle hits", DM, TR, true, 0 },
    { "triangle above a 3-4-5 turned box", BQ, triangle(0, 10, 5, 10, 2.5, 12), false, 5, pa = { 2.5, 5 }, pb = { 2.5, 10 } },
    -- the triangle has x + y >= 2, equal only at (1,1)
    { "triangle in a turned box's bounding-box corner misses", DM, triangle(1, 1, 3, 1, 1, 3), false, r2 - 1, pa = { r2 / 2, r2 / 2 }, pb = { 1, 1 } },
    { "triangle vertex on a snapped box's edge touches", BS, triangle(1, 0, 3, -1, 3, 1), true, 0, at = { 1, 0 } },
    { "triangle vertex on a snapped box's corner touches", BS, triangle(1, 2, 3, 2, 1, 4), true, 0, at = { 1, 2 } },
    { "triangle 1e-9 off a snapped box misses", BS, triangle(1 + E, 0, 3, -1, 3, 1), false, E, pa = { 1, 0 }, pb = { 1 + E, 0 } },
    { "zero-area triangle through a turned box hits", DM, triangle(0, 0, 2, 2, 4, 4), true, 0 },
    -- the box [4,6] x [-1,1] has x - y >= 3, equal at (4,1); foot (2.5, 2.5)
    { "zero-area triangle beside a box", box(5, 0, 2, 2, 0), triangle(0, 0, 2, 2, 4, 4), false, 3 / r2, pa = { 4, 1 }, pb = { 2.5, 2.5 } },
    { "zero-size box inside a triangle hits", box(1, 1, 0, 0, 0), TR, true, 0, at = { 1, 1 } },
  } },

  { "Box", "Polygon", {
    { "turned box over a polygon vertex hits", box(6, 2, 2, 2, pi / 4), HS, true, 0 },
    -- the diamond's left corner (9 - sqrt2, 2) is in the vertex (6,2)'s outer region
    { "turned box right of a polygon vertex", box(9, 2, 2, 2, pi / 4), HS, false, 3 - r2, pa = { 9 - r2, 2 }, pb = { 6, 2 } },
    -- [5,7] x [3,5]: only its corner (5,3) has x + y = 8
    { "box corner on a polygon edge touches", box(6, 4, 2, 2, 0), HS, true, 0, at = { 5, 3 } },
    { "box near a polygon edge, bounding boxes overlapping, misses", box(6.5, 4.5, 2, 2, 0), HS, false, 1 / r2, pa = { 5.5, 3.5 }, pb = { 5, 3 } },
    { "snapped box touching a polygon vertex", BS, polygon(1, 0, 3, -1, 4, 0, 3, 1), true, 0, at = { 1, 0 } },
    { "box touching a polygon vertex", box(8, 2, 4, 4, 0), HS, true, 0, at = { 6, 2 } },
    { "box 1e-9 right of a polygon vertex misses", box(8 + E, 2, 4, 4, 0), HS, false, E, pa = { 6 + E, 2 }, pb = { 6, 2 } },
    { "zero-area polygon across a turned box hits", DM, polygon(0, 0, 2, 0, 4, 0), true, 0 },
    { "zero-size box inside a polygon hits", box(2, 2, 0, 0, 0.4), HS, true, 0, at = { 2, 2 } },
  } },

  { "Box", "Capsule", {
    { "turned box overlapping a capsule hits", DM, CP, true, 0 },
    { "capsule above a 3-4-5 turned box", BQ, capsule(-5, 10, 10, 10, 2), false, 3, pa = { 2.5, 5 }, pb = { 2.5, 8 } },
    { "capsule in a turned box's bounding-box corner misses", DM, capsule(1, 1, 3, 3, 0.3), false, r2 - 1.3,
      pa = { r2 / 2, r2 / 2 }, pb = { 1 - 0.3 / r2, 1 - 0.3 / r2 } },
    { "capsule side along a snapped box's edge touches", BS, capsule(2, -5, 2, 5, 1), true, 0 },
    { "capsule cap touching a snapped box's edge", BS, capsule(3, 0, 5, 0, 2), true, 0, at = { 1, 0 } },
    { "capsule 1e-9 off a snapped box misses", BS, capsule(3 + E, 0, 5, 0, 2), false, E, pa = { 1, 0 }, pb = { 1 + E, 0 } },
    { "zero-length capsule touching a snapped box", BS, capsule(4, 0, 4, 0, 3), true, 0, at = { 1, 0 } },
    { "zero-size box on a capsule's side touches", box(2, 1, 0, 0, 0.2), CP, true, 0, at = { 2, 1 } },
  } },

  { "Box", "Fan", {
    { "turned box inside a fan hits", box(5, 0, 2, 2, pi / 4), F2, true, 0 },
    -- the diamond's nearest point to the apex is its left corner (13 - sqrt2, 0)
    { "turned box beyond the arc", box(13, 0, 2, 2, pi / 4), F2, false, 3 - r2, pa = { 13 - r2, 0 }, pb = { 10, 0 } },
    { "turned box beside a half-disk fan", box(-3, 4, 2, 2, pi / 4), F1, false, 3 - r2, pa = { -3 + r2, 4 }, pb = { 0, 4 } },
    -- [-2,0] x [4,6]: (y - x)/sqrt2 is least at (0,4), foot (2,2)
    { "box beside the wedge within the radius", box(-1, 5, 2, 2, 0), F2, false, 2 * r2, pa = { 0, 4 }, pb = { 2, 2 } },
    { "box touching the arc", box(11, 0, 2, 2, 0), F2, true, 0, at = { 10, 0 } },
    { "box along a half-disk fan's edge touches", box(-1, 5, 2, 2, 0), F1, true, 0 },
    { "box 1e-9 beyond the arc misses", box(11 + E, 0, 2, 2, 0), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "fan of opening 0 through a turned box hits", DM, F0, true, 0 },
    { "fan of opening 0 below a box", box(5, 2, 2, 2, 0), F0, false, 1 },
    { "fan of opening 2pi touching a box behind the apex", box(-7, 0, 4, 2, 0), FD, true, 0, at = { -5, 0 } },
    { "zero-size box on a fan's edge ray touches", box(3, 3, 0, 0, 1), F2, true, 0, at = { 3, 3 } },
    { "box corner on a fan's edge ray touches", box(2, 4, 2, 2, 0), F2, true, 0, at = { 3, 3 } },
    { "reflex fan: box in the missing slice", box(-5, 0, 2, 2, 0), FR, false, 3 / r2 },
  } },

  { "Triangle", "Triangle", {
    { "overlapping triangles hit", TR, triangle(1, 1, 5, 1, 1, 5), true, 0 },
    { "triangle inside a triangle hits", TR, triangle(0.5, 0.5, 1, 0.5, 0.5, 1), true, 0 },
    -- (5,3) and (3,5) have 3x + 4y > 12: only (2,1.5) is on TR
    { "triangle vertex on another's edge touches", TR, triangle(2, 1.5, 5, 3, 3, 5), true, 0, at = { 2, 1.5 } },
    { "triangles sharing an edge touch", TR, triangle(4, 0, 0, 3, 4, 3), true, 0 },
    { "triangle off another's hypotenuse", TR, triangle(5, 5.5, 8, 5.5, 5, 8), false, 5, pa = { 2, 1.5 }, pb = { 5, 5.5 } },
    { "triangles apart, bounding boxes overlapping", TR, triangle(3, 3, 6, 3, 3, 6), false, 1.8, pa = { 1.92, 1.56 }, pb = { 3, 3 } },
    { "triangles 1e-9 apart along parallel edges miss", TR, triangle(0, -E, 4, -E, 2, -3), false, E },
    { "triangles 1e-9 apart vertex to vertex miss", TR, triangle(4 + E, 0, 6, -1, 6, 1), false, E, pa = { 4, 0 }, pb = { 4 + E, 0 } },
    { "zero-area triangles crossing hit", triangle(0, 0, 2, 2, 4, 4), triangle(0, 4, 1, 3, 4, 0), true, 0, at = { 2, 2 } },
    -- (x,0), x in [5,7], is x/sqrt2 from y = x
    { "zero-area triangles apart", triangle(0, 0, 2, 2, 4, 4), triangle(5, 0, 6, 0, 7, 0), false, 5 / r2, pa = { 2.5, 2.5 }, pb = { 5, 0 } },
    { "triangle with three equal vertices inside a triangle hits", triangle(1, 1, 1, 1, 1, 1), TR, true, 0, at = { 1, 1 } },
  } },

  { "Triangle", "Polygon", {
    { "triangle overlapping a polygon hits", TR, HS, true, 0 },
    { "triangle right of a polygon", triangle(9, 2, 12, 0, 12, 4), HS, false, 3, pa = { 9, 2 }, pb = { 6, 2 } },
    { "triangle vertex on a polygon vertex touches", triangle(6, 2, 9, 0, 9, 4), HS, true, 0, at = { 6, 2 } },
    { "triangle vertex on a polygon edge touches", triangle(5, 3, 7, 5, 8, 3), HS, true, 0, at = { 5, 3 } },
    -- least x + y on the triangle is 9 at (5.5,3.5), foot (5,3)
    { "triangle near a polygon edge, bounding boxes overlapping, misses", triangle(5.5, 3.5, 8, 4, 6, 6), HS, false, 1 / r2, pa = { 5.5, 3.5 }, pb = { 5, 3 } },
    { "triangle 1e-9 right of a polygon vertex misses", triangle(6 + E, 2, 9, 0, 9, 4), HS, false, E, pa = { 6 + E, 2 }, pb = { 6, 2 } },
    -- the segment on x - y = 7 faces the edge x - y = 4
    { "zero-area triangle parallel to a polygon edge", triangle(7, 0, 8, 1, 9, 2), HS, false, 3 / r2 },
    { "zero-area polygon on a triangle's edge touches", TR, polygon(0, 0, 2, 0, 4, 0), true, 0 },
    { "triangle right of a 64-gon", triangle(13, 0, 15, -1, 15, 1), N64, false, 3, pa = { 13, 0 }, pb = { 10, 0 } },
  } },

  { "Triangle", "Capsule", {
    { "triangle overlapping a capsule hits", TR, CP, true, 0 },
    { "capsule off a triangle's hypotenuse", TR, capsule(5, 5.5, 8, 9.5, 2), false, 3, pa = { 2, 1.5 }, pb = { 3.8, 3.9 } },
    { "capsule near a triangle, bounding boxes overlapping, misses", TR, capsule(3, 3, 6, 3, 1), false, 0.8, pa = { 1.92, 1.56 }, pb = { 2.4, 2.2 } },
    { "capsule side along a triangle's edge touches", TR, capsule(2, -1, 6, -1, 1), true, 0 },
    { "capsule touching a triangle's hypotenuse", TR, capsule(5, 5.5, 8, 9.5, 5), true, 0, at = { 2, 1.5 } },
    { "capsule 1e-9 past a triangle's vertex misses", TR, capsule(6 + E, 0, 8, 0, 2), false, E, pa = { 4, 0 }, pb = { 4 + E, 0 } },
    { "capsule 1e-9 left of a triangle misses", TR, capsule(-2 - E, 0, -2 - E, 3, 2), false, E },
    { "zero-length capsule touching a triangle", TR, capsule(2, -2, 2, -2, 2), true, 0, at = { 2, 0 } },
    { "zero-area triangle beside a capsule", triangle(0, 0, 2, 2, 4, 4), capsule(4, 0, 6, 0, 1), false, 2 * r2 - 1, pa = { 2, 2 }, pb = { 4 - 1 / r2, 1 / r2 } },
  } },

  { "Triangle", "Fan", {
    { "triangle across a fan's arc hits", triangle(8, -1, 20, 0, 8, 1), F2, true, 0 },
    -- every point of the triangle has |p| >= 15, least at (12,9)
    { "triangle beyond the arc", triangle(12, 9, 20, 9, 12, 20), F2, false, 5, pa = { 12, 9 }, pb = { 8, 6 } },
    { "triangle beside a half-disk fan", triangle(-3, 4, -6, 2, -6, 6), F1, false, 3, pa = { -3, 4 }, pb = { 0, 4 } },
    { "triangle vertex on the arc touches", triangle(10, 0, 12, -1, 12, 1), F2, true, 0, at = { 10, 0 } },
    -- y >= x on the triangle, equal only at (3,3)
    { "triangle vertex on a fan's edge ray touches", triangle(3, 3, 0, 6, 0, 10), F2, true, 0, at = { 3, 3 } },
    { "triangle vertex on a fan's edge ray touches whatever the vertex order", triangle(0, 6, 3, 3, 0, 10), F2, true, 0, at = { 3, 3 } },
    { "triangle 1e-9 beyond the arc misses", triangle(10 + E, 0, 12, -1, 12, 1), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "zero-area triangle behind the apex", triangle(-5, 0, -1, 0, -3, 0), F2, false, 1, pa = { -1, 0 }, pb = { 0, 0 } },
    { "fan of opening 0 through a triangle hits", triangle(5, -1, 6, 1, 4, 1), F0, true, 0 },
    { "fan of opening 0 below a triangle", triangle(2, 1, 4, 1, 3, 3), F0, false, 1 },
    { "fan of opening 2pi touching a triangle behind the apex", triangle(-3, -4, -6, -4, -3, -8), FD, true, 0, at = { -3, -4 } },
    -- (-5,0) is 5/sqrt2 from both slice edges; (-7,+-1) are 6/sqrt2 from the nearer one
    { "reflex fan: triangle in the missing slice", triangle(-5, 0, -7, 1, -7, -1), FR, false, 5 / r2 },
  } },

  { "Polygon", "Polygon", {
    { "overlapping polygons hit", HS, polygon(5, 1, 8, 1, 8, 3, 5, 3), true, 0 },
    { "polygons apart", HS, polygon(9, 0, 12, 0, 12, 4, 9, 4), false, 3, pa = { 6, 2 }, pb = { 9, 2 } },
    { "polygons vertex to vertex touch", HS, polygon(6, 2, 8, 0, 10, 2, 8, 4), true, 0, at = { 6, 2 } },
    { "polygons sharing an edge touch", HS, polygon(6, 2, 8, 4, 6, 6, 4, 4), true, 0 },
    { "polygons apart, bounding boxes overlapping", HS, polygon(5.5, 3.5, 8, 4, 6, 6), false, 1 / r2, pa = { 5, 3 }, pb = { 5.5, 3.5 } },
    { "polygons 1e-9 apart vertex to vertex miss", HS, polygon(6 + E, 2, 8, 0, 10, 2, 8, 4), false, E, pa = { 6, 2 }, pb = { 6 + E, 2 } },
    { "64-gon beside a square given as a table", N64, Glist { 13, -1, 15, -1, 15, 1, 13, 1 }, false, 3, pa = { 10, 0 }, pb = { 13, 0 } },
    { "zero-area polygons crossing hit", polygon(0, 0, 2, 0, 4, 0), polygon(2, -1, 2, 0, 2, 1), true, 0, at = { 2, 0 } },
    { "zero-area polygons parallel", polygon(0, 0, 2, 0, 4, 0), polygon(0, 3, 2, 3, 4, 3), false, 3 },
  } },

  { "Polygon", "Capsule", {
    { "polygon overlapping a capsule hits", HS, capsule(5, 2, 9, 2, 1.5), true, 0 },
    { "capsule right of a polygon vertex", HS, capsule(9, -2, 9, 6, 1), false, 2, pa = { 6, 2 }, pb = { 8, 2 } },
    { "capsule touching a polygon vertex", HS, capsule(8, -2, 8, 6, 2), true, 0, at = { 6, 2 } },
    { "capsule along a polygon edge touches", HS, capsule(-1, -5, -1, 10, 1), true, 0 },
    -- the axis end (6,4) has x + y = 10: sqrt2 from the edge x + y = 8, foot (5,3)
    { "capsule near a polygon edge, bounding boxes overlapping, misses", HS, capsule(6, 4, 8, 6, 0.5), false, r2 - 0.5,
      pa = { 5, 3 }, pb = { 6 - 0.5 / r2, 4 - 0.5 / r2 } },
    { "capsule 1e-9 right of a polygon vertex misses", HS, capsule(9 + E, -2, 9 + E, 6, 3), false, E, pa = { 6, 2 }, pb = { 6 + E, 2 } },
    { "zero-length capsule touching a polygon vertex", HS, capsule(9, 2, 9, 2, 3), true, 0, at = { 6, 2 } },
    { "zero-area polygon below a capsule", polygon(0, 0, 2, 0, 4, 0), capsule(2, 3, 6, 3, 1), false, 2 },
  } },

  { "Polygon", "Fan", {
    { "polygon overlapping a fan hits", HS, F2, true, 0 },
    { "square beyond a fan's arc", polygon(12, 9, 20, 9, 20, 20, 12, 20), F2, false, 5, pa = { 12, 9 }, pb = { 8, 6 } },
    { "diamond beside a half-disk fan", polygon(-3, 4, -5, 2, -7, 4, -5, 6), F1, false, 3, pa = { -3, 4 }, pb = { 0, 4 } },
    { "polygon vertex on the arc touches", polygon(10, 0, 12, -2, 14, 0, 12, 2), F2, true, 0, at = { 10, 0 } },
    { "polygon edge along a fan's edge ray touches", polygon(3, 3, 1, 5, -1, 3, 1, 1), F2, true, 0 },
    -- [1,3] x [3,5] has y >= 3 >= x, equal only at (3,3)
    { "square corner on a fan's edge ray touches", polygon(1, 3, 3, 3, 3, 5, 1, 5), F2, true, 0, at = { 3, 3 } },
    { "64-gon beyond the arc", ngon(64, 25, 0, 10), F2, false, 5, pa = { 15, 0 }, pb = { 10, 0 } },
    { "polygon 1e-9 beyond the arc misses", polygon(10 + E, 0, 12, -2, 14, 0, 12, 2), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "zero-area polygon behind the apex", polygon(-5, 0, -3, 0, -1, 0), F2, false, 1, pa = { -1, 0 }, pb = { 0, 0 } },
    { "fan of opening 0 along a polygon edge touches", HS, F0, true, 0 },
    { "half-disk fan: square behind its straight edge", polygon(-3, -1, -1, -1, -1, 1, -3, 1), F1, false, 1 },
  } },

  { "Capsule", "Capsule", {
    { "crossing capsules hit", CP, capsule(2, -3, 2, 3, 1), true, 0 },
    { "parallel overlapping capsules hit", CP, capsule(0, 1.5, 4, 1.5, 1), true, 0 },
    { "capsules touching side to side", CP, capsule(0, 3, 4, 3, 2), true, 0 },
    -- axis ends (4,0) and (7,4) are 5 apart = 1 + 4
    { "capsules touching cap to cap", CP, capsule(7, 4, 10, 8, 4), true, 0, at = { 4.6, 0.8 } },
    { "capsules apart cap to cap", CP, capsule(7, 4, 10, 8, 2), false, 2, pa = { 4.6, 0.8 }, pb = { 5.8, 2.4 } },
    { "capsules 1e-9 apart miss", CP, capsule(6 + E, -5, 6 + E, 5, 1), false, E, pa = { 5, 0 }, pb = { 5 + E, 0 } },
    { "zero-length capsules touching", capsule(0, 0, 0, 0, 1), capsule(3, 4, 3, 4, 4), true, 0, at = { 0.6, 0.8 } },
    { "zero-length capsules apart", capsule(0, 0, 0, 0, 1), capsule(6, 8, 6, 8, 4), false, 5, pa = { 0.6, 0.8 }, pb = { 3.6, 4.8 } },
    { "radius-0 capsules are segments touching in a T", capsule(0, 0, 4, 0, 0), capsule(2, 0, 2, 3, 0), true, 0, at = { 2, 0 } },
  } },

  { "Capsule", "Fan", {
    { "capsule across a fan hits", capsule(5, -5, 5, 5, 1), F2, true, 0 },
    -- axis from (12,9) straight away from the apex: 15 - 10 - 2
    { "capsule beyond the arc", capsule(12, 9, 20, 15, 2), F2, false, 3, pa = { 10.4, 7.8 }, pb = { 8, 6 } },
    { "capsule beside a half-disk fan", capsule(-4, 4, -8, 4, 1), F1, false, 3, pa = { -3, 4 }, pb = { 0, 4 } },
    { "capsule touching the arc", capsule(12, -5, 12, 5, 2), F2, true, 0, at = { 10, 0 } },
    { "capsule along a half-disk fan's edge touches", capsule(-1, 2, -1, 8, 1), F1, true, 0 },
    { "radius-0 capsule ending on a fan's edge ray touches", capsule(3, 5, 3, 3, 0), F2, true, 0, at = { 3, 3 } },
    { "capsule behind the apex", capsule(-5, -5, -5, 5, 2), F2, false, 3, pa = { -3, 0 }, pb = { 0, 0 } },
    { "capsule 1e-9 beyond the arc misses", capsule(12 + E, -5, 12 + E, 5, 2), F2, false, E, pa = { 10 + E, 0 }, pb = { 10, 0 } },
    { "zero-length capsule touching the arc", capsule(12, 9, 12, 9, 5), F2, true, 0, at = { 8, 6 } },
    { "fan of opening 0 short of a capsule", capsule(12, 0, 14, 0, 1), F0, false, 1, pa = { 11, 0 }, pb = { 10, 0 } },
    { "fan of opening 0 below a capsule", capsule(5, 3, 9, 3, 2), F0, false, 1 },
    { "fan of opening 2pi touching a capsule behind the apex", capsule(-10, -8, 10, -8, 3), FD, true, 0, at = { 0, -5 } },
  } },

  { "Fan", "Fan", {
    { "fans overlapping hit", F2, fan(8, 0, 5, pi, pi / 2), true, 0 },
    -- x >= |y| and x <= -|y| share only the origin
    { "fans apex to apex touch", fan(0, 0, 5, 0, pi / 2), fan(0, 0, 5, pi, pi / 2), true, 0, at = { 0, 0 } },
    { "fans arc to arc touch", fan(0, 0, 5, 0, pi / 2), fan(10, 0, 5, pi, pi / 2), true, 0, at = { 5, 0 } },
    -- the first has x <= 5, only at (5,0); the second x >= 8, only at (8,0)
    { "fans apart arc to arc", fan(0, 0, 5, 0, pi / 2), fan(13, 0, 5, pi, pi / 2), false, 3, pa = { 5, 0 }, pb = { 8, 0 } },
    -- the second has x <= -3, only at its apex
    { "fan apex beside a half-disk fan", F1, fan(-3, 4, 2, pi, pi / 2), false, 3, pa = { 0, 4 }, pb = { -3, 4 } },
    -- circles of radius 10 with centres 25 apart, nearest points on both bisectors
    { "fans facing each other across a gap", F2, fan(20, 15, 10, atan2(-15, -20), pi / 2), false, 5, pa = { 8, 6 }, pb = { 12, 9 } },
    { "fans 1e-9 apart miss", fan(0, 0, 5, 0, pi / 2), fan(10 + E, 0, 5, pi, pi / 2), false, E, pa = { 5, 0 }, pb = { 5 + E, 0 } },
    { "fans of opening 0 crossing hit", F0, fan(5, -5, 10, pi / 2, 0), true, 0, at = { 5, 0 } },
    { "fans of opening 2pi are disks", fan(0, 0, 2, 0, 2 * pi), fan(6, 8, 3, 1, 2 * pi), false, 5, pa = { 1.2, 1.6 }, pb = { 4.2, 5.6 } },
    { "fan of opening 0 beside a half-disk fan", fan(-3, 4, 2, pi, 0), F1, false, 3, pa = { -3, 4 }, pb = { 0, 4 } },
    -- apex (-6,0) is 6/sqrt2 from both slice edges; the small fan opens away from them
    { "reflex fan and a fan inside its missing slice", FR, fan(-6, 0, 1, pi, pi / 2), false, 3 * r2 },
    { "radius-0 fan on another's arc touches", fan(10, 0, 0, 1, 1), F2, true, 0, at = { 10, 0 } },
  } },
}

-- The kind names the groups use, by the first field of a shape's data.
local KIND = {
  point = "Point", segment = "Segment", line = "Line", disk = "Disk", aabb = "AABB",
  box = "Box", triangle = "Triangle", polygon = "Polygon", capsule = "Capsule", fan = "Fan",
}

-- Are the case's shapes of the group's two kinds (either order)?
local function of_group(g, c)
  local ka, kb = KIND[c[2][1]], KIND[c[3][1]]
  return (ka == g[1] and kb == g[2]) or (ka == g[2] and kb == g[1]), ka, kb
end

return { groups = GROUPS, gap = E, of_group = of_group }
