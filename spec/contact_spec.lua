-- contact: the least translation that separates two overlapping shapes.
--
-- a:contact(b) returns nil when the shapes are apart, else nx, ny, depth, px, py:
-- moving a by (nx, ny) * depth leaves the two touching, n is a unit vector from b
-- toward a, and (px, py) is a point of both shapes. Touching gives depth 0.
-- With no preferred direction (equal centres) the normal is vertical. A Line pushes the other shape to the side its centre()
-- lies on; two crossing Lines never part (depth = math.huge). A Fan opened beyond
-- pi is not convex: its answer is the least move that separates it completely.
--
-- Each case is { name, a, b, n = { nx, ny }, depth = d } with shapes written as
-- constructor numbers, worked out by hand in the comment beside it. Instead of n:
--   normals = { {..}, {..} }   any one of these (a tie between equal pushes)
--   normal = "any"             any unit vector that separates (checked by moving)
-- apart = true: contact must be nil. pt = { x, y }: the contact point, where it is
-- the only common point. Where no direction is preferred the normal is vertical,
-- (0, -1) or (0, 1), and as always b:contact(a) is its reverse. Each case runs as given and, unless far = false, again with every
-- coordinate moved by (1e6, 1e6). Every case also checks the mirrored call, the
-- module function, that the point lies in both shapes, and that moving a by
-- n * depth (plus a hair) parts them while a hair less does not.
local c2d = require "collide2d"
local common = require "support.common"
local fixtures = require "support.fixtures"

local unpack = table.unpack or unpack
local sqrt, pi, cos, sin, abs, max = math.sqrt, math.pi, math.cos, math.sin, math.abs, math.max
local atan2 = math.atan2 or math.atan
local r2 = sqrt(2)
local h2 = r2 / 2
local E = fixtures.gap
local HUGE = math.huge
-- Near the origin every number below is exact or a couple of roundings off.
-- At 1e6 an input coordinate is rounded to ~1.2e-10.
local TOL, FAR_TOL = 1e-12, 1e-9

local point, segment, line, disk, aabb, box, capsule, fan, polygon = common.point, common.segment, common.line, common.disk, common.aabb, common.box, common.capsule, common.fan, common.polygon

-- The shared shapes (described in spec/support/fixtures.lua).
local TR, HS, F2, DM, BQ, LX = fixtures.triangle345, fixtures.house, fixtures.quarter_fan,
  fixtures.diamond, fixtures.box345, fixtures.x_axis

-- How far a must move along u to clear b is h_b(u) + h_a(-u) (h the support
-- function); the cases below take the least of that over the candidate axes.
local GROUPS = {
  { "Disk", "Disk", {
    -- centres 8 apart, radii 5 + 5: 2 too close, along the centre line
    { "disks overlapping 2 along the centre line", disk(0, 0, 5), disk(8, 0, 5), n = { -1, 0 }, depth = 2 },
    -- centres 10 apart (6-8-10), radii 3 + 8 = 11
    { "disks on a 3-4-5 slant overlapping 1", disk(0, 0, 3), disk(6, 8, 8), n = { -0.6, -0.8 }, depth = 1 },
    { "touching disks: depth 0", disk(0, 0, 5), disk(10, 0, 5), n = { -1, 0 }, depth = 0, pt = { 5, 0 } },
    -- equal centres: every direction costs ra + rb; the normal is vertical, and the
    -- mirrored call reverses it (b:contact(a) is a:contact(b) reversed)
    { "concentric disks part vertically by the summed radii", disk(0, 0, 2), disk(0, 0, 3), normals = { { 0, -1 }, { 0, 1 } }, depth = 5 },
    { "concentric disks the other way round part vertically too", disk(0, 0, 3), disk(0, 0, 2), normals = { { 0, -1 }, { 0, 1 } }, depth = 5 },
    -- two equal shapes are the same input either way round: both calls give (0, -1)
    { "equal disks part upward", disk(1, 2, 3), disk(1, 2, 3), n = { 0, -1 }, depth = 6 },
    { "a radius-0 disk inside a disk leaves along the radius", disk(1, 0, 0), disk(0, 0, 3), n = { 1, 0 }, depth = 2, pt = { 1, 0 } },
    { "disks 1e-9 apart: nil", disk(0, 0, 5), disk(10 + E, 0, 5), apart = true },
  } },

  { "AABB", "AABB", {
    -- b = [8,18] x [2,6] in a = [0,10]^2: left 2, right 18, up (-y) 8, down 6
    { "aabbs overlapping 2 across x part along x", aabb(0, 0, 10, 10), aabb(8, 2, 10, 4), n = { -1, 0 }, depth = 2 },
    -- b = [2,6] x [9,14]: -y 1, +y 14, -x 8, +x 6: the shallow axis is y
    { "aabbs overlapping 1 in y part on the shallow axis", aabb(0, 0, 10, 10), aabb(2, 9, 4, 5), n = { 0, -1 }, depth = 1 },
    -- a = [7,9] x [4,6] inside [0,10]^2: +x 3, -x 9, +y 6, -y 6
    { "a small aabb inside a large one leaves by the nearest face", aabb(7, 4, 2, 2), aabb(0, 0, 10, 10), n = { 1, 0 }, depth = 3 },
    { "aabbs sharing part of a face touch: depth 0", aabb(0, 0, 4, 4), aabb(4, 1, 2, 2), n = { -1, 0 }, depth = 0 },
    { "aabbs corner to corner touch: depth 0", aabb(0, 0, 4, 4), aabb(4, 4, 2, 2), normals = { { -1, 0 }, { 0, -1 } }, depth = 0, pt = { 4, 4 } },
    { "aabbs 1e-9 apart: nil", aabb(0, 0, 4, 4), aabb(4 + E, 0, 2, 2), apart = true },
  } },

  { "Disk", "AABB", {
    -- centre 2 right of the face x = 10, radius 3
    { "disk centre outside a face overlaps by r - gap", disk(12, 5, 3), aabb(0, 0, 10, 10), n = { 1, 0 }, depth = 1 },
    -- centre (13,14) is (3,4) from the corner (10,10): 5 away, radius 6
    { "disk centre off a corner leaves along the corner line", disk(13, 14, 6), aabb(0, 0, 10, 10), n = { 0.6, 0.8 }, depth = 1 },
    -- centre (8,5) inside: to x = 11 costs 3, to x = -1 9, to y = 11 or -1 6
    { "disk centre inside leaves through the nearest face", disk(8, 5, 1), aabb(0, 0, 10, 10), n = { 1, 0 }, depth = 3 },
    -- centre (9,8): +x 2, +y 3; the diagonal costs (20 - 17)/sqrt2 + 1 = 3.12
    { "disk centre inside near a corner leaves through the nearer face", disk(9, 8, 1), aabb(0, 0, 10, 10), n = { 1, 0 }, depth = 2 },
    { "disk grazing a face: depth 0", disk(13, 5, 3), aabb(0, 0, 10, 10), n = { 1, 0 }, depth = 0, pt = { 10, 5 } },
    { "disk grazing a corner: depth 0", disk(13, 14, 5), aabb(0, 0, 10, 10), n = { 0.6, 0.8 }, depth = 0, pt = { 10, 10 } },
    { "disk 1e-9 off a face: nil", disk(13 + E, 5, 3), aabb(0, 0, 10, 10), apart = true },
  } },

  { "Box", "Box", {
    -- a = [-1,1] x [-2,2] (snapped), b = [0.5,2.5] x [-1,1]: -x 0.5, +x 3.5, +-y 3
    { "snapped box and unturned box part along x", box(0, 0, 4, 2, pi / 2), box(1.5, 0, 2, 2, 0), n = { -1, 0 }, depth = 0.5 },
    -- the diamond's corner (sqrt2, 0) is sqrt2 - 1 inside the face x = 1 of [1,3] x [-1,1];
    -- the diamond's own axes cost 1 or more, the box's y axis 1 + sqrt2
    { "a diamond's corner through a box face", DM, box(2, 0, 2, 2, 0), n = { -1, 0 }, depth = r2 - 1 },
    -- BQ's top corner (2.5, 5) is 0.5 inside the face y = 4.5 of [1.5,3.5] x [4.5,6.5];
    -- along -v it costs 1.0, along -u 1.1, along -x 4
    { "a turned box's corner through a box face", BQ, box(2.5, 5.5, 2, 2, 0), n = { 0, -1 }, depth = 0.5 },
    -- the same box shifted 9 along its long axis u: 1 to undo along u, 5 along v
    { "boxes turned alike with parallel faces part along their common axis", BQ, box(7.2, 5.4, 10, 5, atan2(3, 4)), n = { -0.8, -0.6 }, depth = 1 },
    { "boxes sharing a face touch: depth 0", box(0, 0, 2, 2, 0), box(2, 0, 2, 2, 0), n = { -1, 0 }, depth = 0 },
    { "boxes 1e-9 apart: nil", box(0, 0, 2, 2, 0), box(2 + E, 0, 2, 2, 0), apart = true },
  } },

  { "Triangle", "Polygon", {
    -- the square [1,4]^2's corner (1,1) is (12 - 7)/5 = 1 inside the hypotenuse;
    -- moving the triangle along -y costs 2, along -x 3
    { "a square's corner through a triangle's hypotenuse", TR, polygon(1, 1, 4, 1, 4, 4, 1, 4), n = { -0.6, -0.8 }, depth = 1 },
    -- the triangle's vertex (4,0) is 1 inside the face x = 3 of [3,6] x [-1,2];
    -- +y costs 2, along -(0.6, 0.8) 1.4
    { "a triangle's vertex through a square's face", TR, polygon(3, -1, 6, -1, 6, 2, 3, 2), n = { -1, 0 }, depth = 1 },
    -- the base y = 0 lies inside [-1,5] x [-2,0.5]: up 0.5, every other way 3.4 or more
    { "parallel edges: a triangle's base inside a polygon", TR, polygon(-1, -2, 5, -2, 5, 0.5, -1, 0.5), n = { 0, 1 }, depth = 0.5 },
    { "triangle resting on a polygon's top face: depth 0", TR, polygon(0, -2, 4, -2, 4, 0, 0, 0), n = { 0, 1 }, depth = 0 },
    { "triangle 1e-9 above a polygon: nil", TR, polygon(0, -2, 4, -2, 4, -E, 0, -E), apart = true },
  } },

  { "Capsule", "Capsule", {
    -- cores [-5,5] x {0} and {1} x [-3,5], radii 1 + 1: down 5 (a's top to b's
    -- bottom at -4), up 7, left 6, right 8
    { "crossing capsules part the shorter way", capsule(-5, 0, 5, 0, 1), capsule(1, -3, 1, 5, 1), n = { 0, -1 }, depth = 5 },
    -- parallel cores 3 apart, radii 2 + 2
    { "parallel capsules overlapping through their radii", capsule(0, 0, 10, 0, 2), capsule(3, 3, 13, 3, 2), n = { 0, -1 }, depth = 1 },
    -- collinear cores overlapping on [8,10]: sideways 2 either way, along x 4
    { "collinear capsules overlapping end to end part sideways", capsule(0, 0, 10, 0, 1), capsule(8, 0, 18, 0, 1), normals = { { 0, 1 }, { 0, -1 } }, depth = 2 },
    { "parallel capsules touching: depth 0", capsule(0, 0, 10, 0, 1), capsule(0, 2, 10, 2, 1), n = { 0, -1 }, depth = 0 },
    { "parallel capsules 1e-9 apart: nil", capsule(0, 0, 10, 0, 1), capsule(0, 2 + E, 10, 2 + E, 1), apart = true },
  } },

  { "Point", "Polygon", {
    -- edge distances from (2,1): y = 0: 1, x = 0: 2, y = 4: 3, x - y = 4: 3/sqrt2, x + y = 8: 5/sqrt2
    { "a point in a polygon leaves through the nearest edge", point(2, 1), HS, n = { 0, -1 }, depth = 1, pt = { 2, 1 } },
    -- from (5, 2.5): x + y = 8 is 0.5/sqrt2 away, x - y = 4 1.5/sqrt2, y = 4 1.5
    { "a point near a slanted edge leaves along its normal", point(5, 2.5), HS, n = { h2, h2 }, depth = r2 / 4, pt = { 5, 2.5 } },
    { "a point on an edge: depth 0", point(2, 0), HS, n = { 0, -1 }, depth = 0, pt = { 2, 0 } },
    { "a point on a vertex: depth 0 along either edge normal", point(6, 2), HS, normals = { { h2, -h2 }, { h2, h2 } }, depth = 0, pt = { 6, 2 } },
    { "a point 1e-9 outside: nil", point(-E, 2), HS, apart = true },
  } },

  { "Disk", "Fan", {
    -- centre 2 beyond the arc at (10,0), radius 3: out along the radius 1
    { "disk through a fan's arc leaves along the radius", disk(12, 0, 3), F2, n = { 1, 0 }, depth = 1 },
    -- centre (2,4) is 2/sqrt2 = sqrt2 outside the edge line y = x (foot (3,3), on the
    -- edge), radius 2; the axis toward the apex costs 7.0
    { "disk through a fan's edge leaves along the edge normal", disk(2, 4, 2), F2, n = { -h2, h2 }, depth = 2 - r2 },
    -- centre (-1,0) behind the apex: every separation needs |centre| >= 2, so 1 straight back
    { "disk over a fan's apex backs away from the apex", disk(-1, 0, 2), F2, n = { -1, 0 }, depth = 1 },
    { "disk touching a fan's arc: depth 0", disk(13, 0, 3), F2, n = { 1, 0 }, depth = 0, pt = { 10, 0 } },
    -- opening 2pi is the disk of radius 5: as two disks 8 apart
    { "a fan of opening 2pi is a disk", fan(0, 0, 5, 0, 2 * pi), disk(8, 0, 5), n = { -1, 0 }, depth = 2 },
    -- opening 0 is the segment (0,0)-(10,0): the disk's centre 1 above it, radius 2
    { "a fan of opening 0 is a segment", disk(5, 1, 2), fan(0, 0, 10, 0, 0), n = { 0, 1 }, depth = 1 },
    { "disk 1e-9 beyond a fan's arc: nil", disk(13 + E, 0, 3), F2, apart = true },
  } },

  { "Fan", "Fan", {
    -- a reaches x = 5 at (5,0), b (apex (8,0), facing -x) down to x = 3 at (3,0): 2 to the left;
    -- along (-1, 1)/sqrt2 it would cost 4.34, along y 7.07
    { "fans facing each other overlap by 2 along the bisector", fan(0, 0, 5, 0, pi / 2), fan(8, 0, 5, pi, pi / 2), n = { -1, 0 }, depth = 2 },
    { "fans touching arc to arc: depth 0", fan(0, 0, 5, 0, pi / 2), fan(10, 0, 5, pi, pi / 2), n = { -1, 0 }, depth = 0, pt = { 5, 0 } },
    -- x >= |y| and x <= -|y| share only the origin; many directions part them at once
    { "fans touching apex to apex: depth 0", fan(0, 0, 5, 0, pi / 2), fan(0, 0, 5, pi, pi / 2), normal = "any", depth = 0, pt = { 0, 0 } },
    { "fans 1e-9 apart: nil", fan(0, 0, 5, 0, pi / 2), fan(10 + E, 0, 5, pi, pi / 2), apart = true },
  } },

  { "Line", "Disk", {
    { "disk above the x axis is pushed up", disk(3, 1, 2), LX, n = { 0, 1 }, depth = 1 },
    { "disk below the x axis is pushed down", disk(3, -1.5, 2), LX, n = { 0, -1 }, depth = 0.5 },
    -- the line moving is the same contact seen from the other side
    { "the line is pushed away from a disk above it", LX, disk(3, 1, 2), n = { 0, -1 }, depth = 1 },
    -- centre on the line: both sides cost 2; the README's rule takes the side
    -- (-dy, dx) of the line's direction: (0, 1) along +x, (0, -1) along -x
    { "disk centred on the x axis goes to the line's left", disk(3, 0, 2), LX, n = { 0, 1 }, depth = 2 },
    { "disk centred on the reversed x axis goes to that line's left", disk(3, 0, 2), line(1, 0, 0, 0), n = { 0, -1 }, depth = 2 },
    -- centre (-3,4) is 5 from the line through (0,0) and (4,3), on the side of (-0.6, 0.8)
    { "disk across a slanted line", disk(-3, 4, 6), line(0, 0, 4, 3), n = { -0.6, 0.8 }, depth = 1 },
    { "disk touching a line: depth 0", disk(3, 2, 2), LX, n = { 0, 1 }, depth = 0, pt = { 3, 0 } },
    { "disk 1e-9 above a line: nil", disk(3, 2 + E, 2), LX, apart = true },
  } },

  { "Line", "AABB", {
    -- [0,4] x [-3,1], centre (2,-1) below: its top y = 1 goes down to 0
    { "aabb across the x axis with its centre below is pushed down", aabb(0, -3, 4, 4), LX, n = { 0, -1 }, depth = 1 },
    -- [-1,1] x [-2,0], centre (0,-1) below y = x; the corner (-1,0) is 1/sqrt2 across
    { "aabb corner across a diagonal line", aabb(-1, -2, 2, 2), line(0, 0, 1, 1), n = { h2, -h2 }, depth = h2 },
    { "aabb corner on a diagonal line: depth 0", aabb(0, -2, 2, 2), line(0, 0, 1, 1), n = { h2, -h2 }, depth = 0, pt = { 0, 0 } },
    { "aabb 1e-9 below a line: nil", aabb(0, -2, 2, 2 - E), LX, apart = true },
  } },

  { "Line", "Fan", {
    -- centre() = apex + (2 r sin(pi/4) / (3 pi/4)) (0,-1) = (0, 4 - 3.0011): above the
    -- axis; the lowest point is the arc's bottom (0,-1)
    { "fan with its centre above the line is pushed up", fan(0, 4, 5, -pi / 2, pi / 2), LX, n = { 0, 1 }, depth = 1 },
    -- centre (0, 1 - 3.0011) is below, though the apex is above: the apex (0,1) goes down to 0
    { "fan with its centre below the line is pushed down, apex first", fan(0, 1, 5, -pi / 2, pi / 2), LX, n = { 0, -1 }, depth = 1 },
    { "fan touching a line with its arc: depth 0", fan(0, 5, 5, -pi / 2, pi / 2), LX, n = { 0, 1 }, depth = 0, pt = { 0, 0 } },
    { "fan 1e-9 above a line: nil", fan(0, 5 + E, 5, -pi / 2, pi / 2), LX, apart = true },
  } },

  { "Line", "Line", {
    { "crossing lines never part: depth math.huge", LX, line(0, 0, 0, 1), normal = "any", depth = HUGE },
    { "coincident lines: depth 0", LX, line(5, 0, -3, 0), normals = { { 0, 1 }, { 0, -1 } }, depth = 0 },
    { "parallel lines 1e-9 apart: nil", LX, line(0, E, 1, E), apart = true },
  } },

  { "Line", "Segment", {
    -- the segment x = 2, y in [-1,3], centre (2,1) above: its bottom end goes up 1
    { "segment across the x axis is pushed to its centre's side", segment(2, -1, 2, 3), LX, n = { 0, 1 }, depth = 1 },
    { "segment 1e-9 above a line: nil", segment(2, E, 2, 3), LX, apart = true },
  } },

  { "Disk", "Segment", {
    -- a zero-length segment is the point (2,0): 2 from the centre, radius 3
    { "zero-length segment in a disk is a point", disk(0, 0, 3), segment(2, 0, 2, 0), n = { -1, 0 }, depth = 1, pt = { 2, 0 } },
    -- the segment x = 2, y in [-5,5] cuts the disk of radius 3: 1 to the left, 5 to the right
    { "segment across a disk", disk(0, 0, 3), segment(2, -5, 2, 5), n = { -1, 0 }, depth = 1 },
    { "segment 1e-9 off a disk: nil", disk(0, 0, 3), segment(3 + E, -5, 3 + E, 5), apart = true },
  } },

  { "Disk", "Capsule", {
    -- a zero-length capsule is the disk at (2,0) of radius 1: centres 2 apart, radii 3 + 1
    { "zero-length capsule is a disk", disk(0, 0, 3), capsule(2, 0, 2, 0, 1), n = { -1, 0 }, depth = 2 },
    -- the disk's centre 1.5 above the core (0,0)-(10,0), radii 1 + 1
    { "disk on a capsule's side", disk(5, 1.5, 1), capsule(0, 0, 10, 0, 1), n = { 0, 1 }, depth = 0.5 },
    { "disk 1e-9 off a capsule's side: nil", disk(5, 2 + E, 1), capsule(0, 0, 10, 0, 1), apart = true },
  } },

  { "Capsule", "Point", {
    -- the point on the core: out sideways by the radius 1 (either side), not along the core (6)
    { "point on a capsule's core leaves sideways by the radius", capsule(0, 0, 10, 0, 1), point(5, 0), normals = { { 0, 1 }, { 0, -1 } }, depth = 1, pt = { 5, 0 } },
    -- 0.5 above the core: 0.5 more up
    { "point inside a capsule above its core", point(5, 0.5), capsule(0, 0, 10, 0, 1), n = { 0, 1 }, depth = 0.5, pt = { 5, 0.5 } },
    { "point 1e-9 beyond a capsule's cap: nil", point(11 + E, 0), capsule(0, 0, 10, 0, 1), apart = true },
  } },

  { "Segment", "Segment", {
    -- a = [0,10] x {0} crossing b = {3} x [-1,4]: down 1, up 4, right 3, left 7
    { "crossing segments part by the shorter push", segment(0, 0, 10, 0), segment(3, -1, 3, 4), n = { 0, -1 }, depth = 1 },
    { "a segment's end on another: depth 0", segment(0, 0, 10, 0), segment(3, 0, 3, 4), n = { 0, -1 }, depth = 0, pt = { 3, 0 } },
    -- collinear, sharing [8,10]: any sideways move parts them
    { "collinear overlapping segments: depth 0 sideways", segment(0, 0, 10, 0), segment(8, 0, 18, 0), normals = { { 0, 1 }, { 0, -1 } }, depth = 0 },
    { "segments 1e-9 apart: nil", segment(0, 0, 10, 0), segment(3, E, 3, 4), apart = true },
  } },
}

-- The runner ------------------------------------------------------------------

local build, near, on_shape = common.build, common.near, common.on_shape

local function run(c, ox, oy)
  local far = ox ~= 0 or oy ~= 0
  local tol = far and FAR_TOL or TOL
  local a, b = build(c[2], ox, oy), build(c[3], ox, oy)
  local tag = c[1]
  local r = { a:contact(b) }
  if c.apart then
    assert.is_nil(r[1], tag .. ": a:contact(b) must be nil for shapes apart")
    assert.is_nil(b:contact(a), tag .. ": b:contact(a) must be nil for shapes apart")
    return
  end
  local nx, ny, depth, px, py = r[1], r[2], r[3], r[4], r[5]
  assert.is_true(nx ~= nil, tag .. ": a:contact(b) returned nil for overlapping shapes")
  near(sqrt(nx * nx + ny * ny), 1, 1e-12, tag .. ": |n|")
  if c.depth == HUGE then
    assert.are.equal(HUGE, depth, tag .. ": depth")
  else
    near(depth, c.depth, tol, tag .. ": depth")
  end
  common.expect_normal(c, nx, ny, tol, tag)

  -- the mirrored call: the normal reversed (two equal shapes are the same input
  -- either way round, so there it is the same), the same depth
  local mx, my, mdepth = b:contact(a)
  local sign = a == b and 1 or -1
  near(mx, sign * nx, 1e-15, tag .. ": b:contact(a) normal x")
  near(my, sign * ny, 1e-15, tag .. ": b:contact(a) normal y")
  if depth == HUGE then assert.are.equal(HUGE, mdepth) else near(mdepth, depth, 1e-15, tag .. ": b:contact(a) depth") end

  -- the contact point lies in both shapes
  on_shape(a, px, py, tol, tag .. ": contact point on a")
  on_shape(b, px, py, tol, tag .. ": contact point on b")
  assert.are.equal(0, (a:distance(b)), tag .. ": distance of overlapping shapes")
  if c.pt then
    near(px, c.pt[1] + ox, tol, tag .. ": contact point x")
    near(py, c.pt[2] + oy, tol, tag .. ": contact point y")
  end

  if depth < HUGE then
    -- a moved by a hair more than depth along n is clear of b ...
    local margin = far and 1e-9 or 1e-12
    local k = depth * (1 + 1e-9) + margin
    local moved = a:clone():move(nx * k, ny * k)
    assert.is_false(moved:hits(b), ("%s: a moved by n * (depth + margin) still hits b"):format(tag))
    assert.is_true(moved:distance(b) > 0, tag .. ": a moved by n * (depth + margin) is 0 from b")
    -- ... and a hair less still overlaps
    if depth > 0 then
      k = depth * (1 - 1e-6)
      assert.is_true(a:clone():move(nx * k, ny * k):hits(b), tag .. ": a moved by n * depth * (1 - 1e-6) already clear")
    end
  end
end

describe("contact", function()
  for _, g in ipairs(GROUPS) do
    describe(g[1] .. " x " .. g[2], function()
      common.each_case(it, g[3], run)
    end)
  end

  describe("fans opened beyond pi", function()
    local wide = c2d.fan(0, 0, 5, 0, 3 * pi / 2)
    -- The fan is the disk of radius 5 less the open wedge x < 0, |y| < -x. The
    -- unit disk at (1,0) clears it least by sitting in that wedge, touching both
    -- edges: its centre sqrt2 from the apex along -x, so the fan moves 1 + sqrt2
    -- along +x (pushing the disk out past the rim would take 5).
    it("give the least move that separates them completely, as a or as b", function()
      local nx, ny, depth = wide:contact(c2d.disk(1, 0, 1))
      near(nx, 1, TOL, "normal x")
      near(ny, 0, TOL, "normal y")
      near(depth, 1 + math.sqrt(2), TOL, "depth")
      local mx, _, mdepth = c2d.disk(1, 0, 1):contact(wide)
      near(mx, -1, TOL, "mirrored normal x")
      near(mdepth, 1 + math.sqrt(2), TOL, "mirrored depth")
    end)
    -- The fan of radius 10 opened 5 about +y leaves out the wedge of angles
    -- within pi - 2.5 of -y. The segment from (0, -5) to the apex lies in that
    -- wedge and touches the fan at the apex only: depth 0. Moving the fan a
    -- little along the answer parts them; moving it down instead would push
    -- the segment's end into the fan between its two halves.
    it("touching at the apex from inside the missing wedge: depth 0, on a side that parts", function()
      local f, s = c2d.fan(0, 0, 10, pi / 2, 5), c2d.segment(0, -5, 0, 0)
      local nx, ny, depth = f:contact(s)
      assert.are.equal(0, depth)
      assert.is_false(f:clone():move(nx * 0.01, ny * 0.01):hits(s), nx .. " " .. ny)
      assert.is_true(f:clone():move(0, -0.01):hits(s))
      nx, ny, depth = s:contact(f)
      assert.are.equal(0, depth)
      assert.is_false(s:clone():move(nx * 0.01, ny * 0.01):hits(f), nx .. " " .. ny)
    end)
    it("answer nil when the shapes are apart", function()
      assert.is_nil(wide:contact(c2d.disk(100, 0, 1)))
      assert.is_nil(wide:contact(c2d.disk(-3, 0, 1)))   -- inside the missing wedge
    end)
    it("a fan opened exactly pi or 2*pi does not raise", function()
      -- the half disk x >= 0, |p| <= 5 against the disk at (6,0) of radius 2: 1 along x
      local nx, ny, depth = c2d.fan(0, 0, 5, 0, pi):contact(c2d.disk(6, 0, 2))
      near(nx, -1, TOL, "half fan normal x")
      near(ny, 0, TOL, "half fan normal y")
      near(depth, 1, TOL, "half fan depth")
      local fx, _, fdepth = c2d.fan(0, 0, 5, 1, 2 * pi):contact(c2d.disk(6, 0, 2))
      near(fx, -1, TOL, "full fan normal x")
      near(fdepth, 1, TOL, "full fan depth")
    end)
  end)

  it("rejects non-shapes", function()
    assert.has_error(function() c2d.contact(c2d.disk(0, 0, 1), 3) end)
    assert.has_error(function() c2d.contact("a", c2d.disk(0, 0, 1)) end)
  end)
end)

-- Properties over seeded random overlapping pairs -------------------------------

local lcg, num = common.lcg, common.num
local size, angle = common.size, common.angle

-- gen[kind](r, x, y, wide): constructor name and numbers of a shape of the kind
-- near (x, y) (the origin here), a few units to ~20 across, degenerate now and
-- then. Fans open beyond pi only when `wide` is set.
local gen = common.shape_gen({ at = 5, disk = 10, box = 14, cap = 10, cap_r = 6, fan_r = 12 })
function gen.Triangle(r, x, y)
  x, y = x + num(r, 5), y + num(r, 5)
  return common.triangle_near(r, x, y, 8)
end
function gen.Polygon(r, x, y)
  x, y = x + num(r, 5), y + num(r, 5)
  if r.u() < 0.2 then return "hull", common.point_cloud(r, x, y, 8) end
  local n, rad, base = r.int(3, 8), r.range(1, 10), r.range(0, 2 * pi)
  local t = common.round_polygon(r, x, y, n, rad, base)
  if r.u() < 0.5 then t = common.reversed(t) end
  return "polygon", t
end
function gen.Fan(r, x, y, wide)
  local u = r.u()
  local opening
  if u < 0.35 then opening = r.pick({ 0, pi / 2, pi, 2 * pi })
  elseif u < 0.7 or not wide then opening = r.range(0, pi)
  else opening = r.range(pi, 2 * pi) end
  return "fan", { x + num(r, 5), y + num(r, 5), size(r, 12), angle(r), opening }
end

local KINDS = fixtures.kinds

local exact, runner, scale_of = common.exact, common.runner, common.scale_of

-- A point of a convex shape: between its centroid and one of its outline points.
local function inner_point(s, r)
  local cx, cy = s:center()
  local o = s:outline(16)
  local k = r.int(1, #o / 2)
  local t = r.u()
  -- a shape with no area (a Point, a Segment, a Line) holds a point computed
  -- between its ends only by chance: an end (a Line's first point), which it
  -- holds exactly
  if s:type() == "Line" then return s:position() end
  if s:area() == 0 then return o[2 * k - 1], o[2 * k] end
  return cx + t * (o[2 * k - 1] - cx), cy + t * (o[2 * k] - cy)
end

local PAIRS_PER_COMBO = 6   -- 100 ordered kind pairs
local DIRECTIONS = 360

-- The properties of one overlapping pair (kinds ka, kb), reported through fail.
local function check_overlapping(what, a, b, ka, kb, fail)
  local sc = scale_of({ a, b })
  local nx, ny, depth, px, py = a:contact(b)
  if nx == nil then
    fail("%s: contact is nil for shapes that hit", what)
  else
    if abs(sqrt(nx * nx + ny * ny) - 1) > 1e-12 then fail("%s: |n| = %.17g", what, sqrt(nx * nx + ny * ny)) end
    local mx, my, md = b:contact(a)
    local sign = a == b and 1 or -1
    if mx == nil or abs(mx - sign * nx) > 1e-15 or abs(my - sign * ny) > 1e-15
      or not (md == depth or abs(md - depth) <= 1e-15 * sc) then
      fail("%s: a:contact(b) = (%.17g, %.17g, %.17g) but b:contact(a) = (%s, %s, %s)", what, nx, ny, depth,
        tostring(mx), tostring(my), tostring(md))
    end
    local da = c2d.point(px, py):distance(a)
    local db = c2d.point(px, py):distance(b)
    if da > 1e-9 * sc or db > 1e-9 * sc then
      fail("%s: contact point (%.17g, %.17g) is %g from a and %g from b", what, px, py, da, db)
    end
    if depth == HUGE then
      if not (ka == "Line" and kb == "Line") then fail("%s: depth math.huge for shapes that are not two lines", what) end
    elseif not (depth >= 0) then
      fail("%s: depth %s", what, tostring(depth))
    else
      local k = depth * (1 + 1e-9) + 1e-12
      local moved = a:clone():move(nx * k, ny * k)
      if moved:hits(b) or not (moved:distance(b) > 0) then
        fail("%s: n = (%.17g, %.17g), depth %.17g: a moved by n * depth (+ margin) still hits b", what, nx, ny, depth)
      end
      -- A Line pushes the other shape to its centre's side, which need
      -- not be the nearer side: only moves toward that side are compared.
      local with_line = ka == "Line" or kb == "Line"
      if with_line and ka ~= kb then
        local lx, ly = (ka == "Line" and a or b):position()
        local cx, cy = (ka == "Line" and b or a):center()
        local side = (cx - lx) * nx + (cy - ly) * ny
        if ka == "Line" then side = -side end
        if side < -1e-9 * sc then
          fail("%s: n = (%.17g, %.17g) pushes the shape away from its centre's side of the line", what, nx, ny)
        end
      end
      -- (less 1e-12 * scale: a depth of a few ulps is rounding, as for a point
    -- computed onto a segment)
    local shorter = max(0, depth * (1 - 1e-6) - 1e-12 * sc)
      local bad = 0
      local first
      for i = 0, DIRECTIONS - 1 do
        local t = 2 * pi * i / DIRECTIONS
        local ux, uy = cos(t), sin(t)
        if line and ux * nx + uy * ny < 0 then -- luacheck: ignore 542 (an empty branch: these directions are skipped)
          -- skipped: toward the line's other side
        elseif not a:clone():move(ux * shorter, uy * shorter):hits(b) then
          bad = bad + 1
          first = first or ("(%.6f, %.6f)"):format(ux, uy)
        end
      end
      if bad > 0 then
        fail("%s: n = (%.17g, %.17g), depth %.17g: moving a by depth * (1 - 1e-6) along %d directions parts them, e.g. %s",
          what, nx, ny, depth, bad, first)
      end
    end
  end
end

-- Pairs the generator below caught, kept as fixed cases with the same checks.
local FOUND = {
  -- a point 1e-16 off a thin capsule's core: the normal came back 1.78 long
  { "capsule", { -2.4459469178691506, 3.545724842697382, -5.4425857029855251, 1.6077186120674014, 0.0049964035861194134 },
    "point", { -4.1533389217484089, 2.441508893120627 } },
  { "capsule", { -1.5389092662371695, 3.9158885017968714, 4.0851925942115486, 12.152184939477593, 2.7273502936586738 },
    "point", { 0.0016122384801349199, 6.1719272607501736 } },
  -- a zero-length segment or capsule against a disk: contact took their cores for overlapping
  { "disk", { -2.282322496175766, 1.2356123002246022, 7.0785388071089983 },
    "segment", { -7.4304786881081615, 1.2356123002246022, -7.4304786881081615, 1.2356123002246022 } },
  { "disk", { -4.8191444249823689, 1, 4.066573609597981 },
    "capsule", { -4.3180274325181891, 2.2510097807095715, -4.3180274325181891, 2.2510097807095715, 4 } },
  { "point", { 3.1156913633458316, -2 },
    "capsule", { 3.9906711448838843, -2.8749797815380527, 3.9906711448838843, -2.8749797815380527, 2 } },
  { "fan", { 4.7249944461509585, -4.7006636112928391, 1.7160997297614813, 0.78539816339744828, 6.2831853071795862 },
    "capsule", { 3.4403428215021328, -4.7006636112928391, 3.4403428215021328, -4.7006636112928391, 0.30364083638414741 } },
  -- cores a rounding apart (a disk's centre on a segment, a point on a flat turned
  -- box, a point on a turned box's edge): the normal came back not of length 1
  { "disk", { 0.37103296257555485, 5, 6.2544509582221508 },
    "segment", { -2.3185622818103502, 7.6895952443858988, 7.6814377181896498, -2.3104047556141012 } },
  { "point", { -1.1258810781873763, 4 },
    "box", { -5.3194643820024847, 4.432768793800193, 11.767088853288442, 0, 3.038758822627968 } },
  { "box", { 3.8139329291880131, -1.1007707705721259, 4.7897686380892992, 0, 0.78539816339744828 },
    "hull", { 5.3049182607729026, 0.39021456101276364 } },
}

describe("contact properties of random overlapping pairs", function()
  it("pairs found by the generator", function()
    local fail, finish = runner()
    for i, f in ipairs(FOUND) do
      local a, b = c2d[f[1]](unpack(f[2])), c2d[f[3]](unpack(f[4]))
      local what = ("found case %d: a = %s, b = %s"):format(i, exact(a), exact(b))
      assert.is_true(a:hits(b), what .. ": the pair must overlap")
      check_overlapping(what, a, b, a:type(), b:type(), fail)
    end
    finish()
  end)

  for ia, ka in ipairs(KINDS) do
    for ib, kb in ipairs(KINDS) do
      it(("%s against %s: n * depth parts them, no shorter move does, mirrored, point in both"):format(ka, kb), function()
        local fail, finish = runner()
        local checked = 0
        for j = 1, PAIRS_PER_COMBO * 3 do
          if checked >= PAIRS_PER_COMBO then break end
          local seed = 7000 + ia * 1000 + ib * 50 + j
          local r = lcg(seed)
          local actor, anums = gen[ka](r, 0, 0, false)
          local bctor, bnums = gen[kb](r, 0, 0, false)
          local a, b = c2d[actor](unpack(anums)), c2d[bctor](unpack(bnums))
          -- put a point of b onto a point of a, so that they overlap
          local ax, ay = inner_point(a, r)
          local bx, by = inner_point(b, r)
          -- (b's position put on a's point exactly when b has no area: a move
          -- by the difference rounds)
          if b:type() == "Line" or b:area() == 0 then b:moveTo(ax, ay) else b:move(ax - bx, ay - by) end
          if a:hits(b) then
            checked = checked + 1
            local what = ("seed %d: a = %s, b = %s"):format(seed, exact(a), exact(b))
            check_overlapping(what, a, b, ka, kb, fail)
          end
        end
        if checked < PAIRS_PER_COMBO then fail("only %d overlapping pairs made", checked) end
        finish()
      end)
    end
  end
end)

describe("contact of a disk on an edge 2e11 long", function()
  -- Polygon (-48, 3), (99627370472, 20), (199254740992, 37), (-1, -48),
  -- (-48, -48.00000000000005), clockwise: its bottom edge runs from
  -- (199254740992, 37) to (-1, -48), e = (-199254740993, -85). The disk's
  -- centre (22, -48) is e x (c - p) / |e| = 85 (199254740993 - 199254740970) / |e|
  -- = 1955 / |e| = 9.8e-9 below that edge, outside it, so the least move of
  -- the disk (radius pi) is straight out across the edge: along its outward
  -- normal (85, -199254740993) / |e|, by pi - 1955 / |e|. The closest point
  -- on the edge is found to an ulp of 2e11 (3e-5) in x, and the line from it
  -- to the centre was taken for the normal: (1, -0.0003), which moves the disk
  -- along the edge and never out (the fuzzer, seed 20261202).
  local round = c2d.disk(22, -48, 3.1415926535897922)
  local poly = c2d.polygon(-48, 3, 99627370472, 20, 199254740992, 37, -1, -48, -48, -48.00000000000005)
  local len = math.sqrt(199254740993 ^ 2 + 85 ^ 2)
  it("is the edge's normal and the radius less the gap, either way round", function()
    local nx, ny, depth = round:contact(poly)
    assert.is_true(math.abs(nx - 85 / len) < 1e-15 and math.abs(ny + 1) < 1e-15, ("n (%.17g, %.17g)"):format(nx, ny))
    assert.is_true(math.abs(depth - (3.1415926535897922 - 1955 / len)) < 1e-6, ("depth %.17g"):format(depth))
    local mx, my, d2 = poly:contact(round)
    assert.are.equal(-nx, mx)
    assert.are.equal(-ny, my)
    assert.are.equal(depth, d2)
    assert.is_false(round:clone():move(nx * (depth + 1e-6), ny * (depth + 1e-6)):hits(poly))
  end)
end)

describe("contact of a disk inside a Polygon convex only within rounding", function()
  -- The Polygon's vertex V1 turns the wrong way by 1.72 (cross product of its
  -- two edges, exact in rationals): the tiny edge V0V1 (6.4 long) and the
  -- edge V1V2 (4.9e11 long), accepted with slack 0.27. The disk's centre is
  -- 0.0321615 inside V1V2 (rational arithmetic on the doubles) but 0.0354
  -- outside the line of V0V1 extended, so the closest points joined it to
  -- V1V2 from inside and the normal pointed into the Polygon: moving by it
  -- deepened the overlap (a review). The least move is out across V1V2,
  -- along its outward normal, by the radius plus 0.0321615 (to an ulp of
  -- 1e11, 1.5e-5).
  local v = { 1875.2148009055181, -1679443.3852889522, 1874.7230543182052, -1679449.7273992656,
    -37541298929.08536, -484176002465.1411, 223316512983.9031, -260859491356.4471,
    130428907831.74571, 111656576110.95886 }
  local poly = c2d.polygon(v)
  local r = 5.9599233980501385
  local round = c2d.disk(-9385323325.828173, -121045260198.82672, r)
  local ex, ey = v[5] - v[3], v[6] - v[4]
  local len = math.sqrt(ex * ex + ey * ey)
  it("leaves across the edge it is inside, whichever way round", function()
    local nx, ny, depth = round:contact(poly)
    assert.is_true(math.abs(nx - ey / len) < 1e-12 and math.abs(ny + ex / len) < 1e-12, ("n (%.17g, %.17g)"):format(nx, ny))
    assert.is_true(math.abs(depth - (r + 0.0321615150087)) < 1e-4, ("depth %.17g"):format(depth))
    local mx, my, d2 = poly:contact(round)
    assert.are.equal(-nx, mx)
    assert.are.equal(-ny, my)
    assert.are.equal(depth, d2)
    local _, _, after = round:clone():move(nx * depth, ny * depth):contact(poly)
    assert.is_true(after == nil or after < 1e-4, tostring(after))
  end)
end)
