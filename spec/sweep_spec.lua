-- sweep: when do two shapes in straight-line motion first touch.
--
-- a:sweep(dx, dy, b [, bdx, bdy]) -> nil | t, nx, ny, px, py: the first t in [0, 1]
-- at which a moved by t*(dx, dy) touches b moved by t*(bdx, bdy). Only the
-- relative motion matters and the times are closed-form, so nothing tunnels.
-- n points from b toward a at first touch; (px, py) is where they touch, on b's
-- surface, in world coordinates at time t. Shapes that already touch give t = 0
-- with the contact normal when they overlap (depth > 0), else the normal against
-- the relative motion, (0, -1) with no motion. No motion and apart: nil.
--
-- Each case is { name, a, { dx, dy }, b [, { bdx, bdy }], t = t, n = { nx, ny } },
-- worked out by hand in the comment beside it. Instead of n: normals = { ... }
-- (any one of them) or normal = "any". miss = true: sweep must be nil. pt = { x, y }:
-- the touching point, where it is unique. default = true: the normal is the
-- default (0, -1), which the mirrored call gives as well. exact = true: t is
-- exactly t (every way of calling), not merely near it. Each case runs as
-- given and, unless far = false, with every coordinate moved by (1e6, 1e6).
local c2d = require "collide2d"
local common = require "support.common"
local fixtures = require "support.fixtures"

local unpack = table.unpack or unpack
local sqrt, pi, abs = math.sqrt, math.pi, math.abs
local r2 = sqrt(2)
local h2 = r2 / 2
local E = fixtures.gap
local TOL, FAR_TOL = 1e-12, 1e-9

local point, segment, line, disk, aabb, capsule, fan, polygon = common.point, common.segment, common.line, common.disk, common.aabb, common.capsule, common.fan, common.polygon

-- F2: the quarter fan x >= |y|, |p| <= 10; its upper edge runs along y = x.
local F2 = fan(0, 0, 10, 0, pi / 2)
local LX = fixtures.x_axis
-- SL: the line y = x - 6; LY3: the line x = 3; L34: the line y = 4x/3, along (3, 4)
-- (length 5), its left normal (-0.8, 0.6).
local SL, LY3, L34 = line(9, 3, 10, 4), line(3, 0, 3, 1), line(0, 0, 3, 4)

local GROUPS = {
  { "AABB", "AABB", {
    -- the swept-AABB formula: per axis, entry = gap / speed; t = the later entry,
    -- if it comes before the earlier exit; the normal is that axis's
    -- x: gap 5 - 2 = 3 at speed 10
    { "head-on: t = gap / speed", aabb(0, 0, 2, 2), { 10, 0 }, aabb(5, 0, 2, 2), t = 0.3, n = { -1, 0 } },
    -- x enters at (6 - 2)/10 = 0.4, exits at 8/10; y enters at (5 - 2)/5 = 0.6, exits at 7/5
    { "diagonal: y enters later, y's normal", aabb(0, 0, 2, 2), { 10, 5 }, aabb(6, 5, 2, 2), t = 0.6, n = { 0, -1 } },
    -- x enters at (7 - 2)/10 = 0.5, exits at 0.9; y enters at (4 - 2)/10 = 0.2, exits at 0.6
    { "diagonal: x enters later, x's normal", aabb(0, 0, 2, 2), { 10, 10 }, aabb(7, 4, 2, 2), t = 0.5, n = { -1, 0 } },
    -- x enters at 0.5 but y (touching at t = 0) has left at 0.2
    { "diagonal past a corner: y exits before x enters", aabb(0, 0, 2, 2), { 10, 10 }, aabb(7, 0, 2, 2), miss = true },
    -- a's top y = 2 slides along b's bottom y = 2: they meet when x reaches 5 - 2
    { "grazing along the motion: touching but never moving in, no hit", aabb(0, 0, 2, 2), { 10, 0 }, aabb(5, 2, 2, 2), graze = true },
    { "parallel edges sliding past a 1-unit gap", aabb(0, 0, 2, 2), { 10, 0 }, aabb(0, 3, 12, 2), miss = true },
    { "parallel edges sliding past a 1e-9 gap", aabb(0, 0, 2, 2), { 10, 0 }, aabb(0, 2 + E, 12, 2), miss = true },
    -- both moving: the gap 8 closes at 4 + 4 per step
    { "both moving meet exactly at t = 1", aabb(0, 0, 2, 2), { 4, 0 }, aabb(10, 0, 2, 2), { -4, 0 }, t = 1, n = { -1, 0 } },
    { "both moving 1e-9 short at t = 1", aabb(0, 0, 2, 2), { 4, 0 }, aabb(10 + E, 0, 2, 2), { -4, 0 }, miss = true },
  } },

  { "Disk", "Disk", {
    -- centres (10t - 8, -3) reach radius sum 5 when 10t - 8 = -4
    { "quadratic on a 3-4-5 triangle", disk(0, 0, 1), { 10, 0 }, disk(8, 3, 4), t = 0.4, n = { -0.8, -0.6 }, pt = { 4.8, 0.6 } },
    -- (10t - 5)^2 + 1 = 9: 10t = 5 - 2 sqrt2; n = (-2 sqrt2, -1)/3; the point is b's centre + 2n
    { "quadratic with an irrational root", disk(0, 0, 1), { 10, 0 }, disk(5, 1, 2), t = (5 - 2 * r2) / 10,
      n = { -2 * r2 / 3, -1 / 3 }, pt = { 5 - 4 * r2 / 3, 1 - 2 / 3 } },
    -- gap 8 closes at 5 + 5 per step; a is at (4,0), b at (6,0)
    { "both moving toward each other", disk(0, 0, 1), { 5, 0 }, disk(10, 0, 1), { -5, 0 }, t = 0.8, n = { -1, 0 }, pt = { 5, 0 } },
    -- centres 2 apart sideways (the radius sum) when the x's agree at t = 0.5
    { "grazing in passing: touching but never moving in, no hit", disk(0, 0, 1), { 20, 0 }, disk(10, 2, 1), graze = true },
    { "passing 1e-9 wide of grazing", disk(0, 0, 1), { 20, 0 }, disk(10, 2 + E, 1), miss = true },
    { "gap 8 not closed by a step of 5", disk(0, 0, 1), { 5, 0 }, disk(10, 0, 1), miss = true },
    { "moving together keeps the gap", disk(0, 0, 1), { 5, 0 }, disk(10, 0, 1), { 5, 0 }, miss = true },
    { "no motion and apart", disk(0, 0, 1), { 0, 0 }, disk(5, 0, 1), miss = true },
    -- already overlapping by 1: t = 0 with the contact normal, whatever the motion
    { "already overlapping: t = 0 with the contact normal", disk(0, 0, 2), { 0, 5 }, disk(3, 0, 2), t = 0, n = { -1, 0 } },
    -- touching (depth 0): t = 0 with the normal against the relative motion
    { "touching and closing: t = 0 with the contact normal", disk(0, 0, 1), { 5, 0 }, disk(2, 0, 1), t = 0, n = { -1, 0 }, pt = { 1, 0 } },
    { "touching and parting: no hit", disk(0, 0, 1), { -5, 0 }, disk(2, 0, 1), graze = true },
    { "touching with b moving across: no hit", disk(0, 0, 1), { 0, 0 }, disk(2, 0, 1), { 0, 3 }, graze = true },
    { "touching and still: no hit", disk(0, 0, 1), { 0, 0 }, disk(2, 0, 1), graze = true },
  } },

  { "Point", "AABB", {
    -- (1 + 2t, 4 - 4t) comes down on the top face y = 2 and meets it at its end, the
    -- corner (2,2), at t = 0.5 (then passes to the right of the box): n must face
    -- the point, out of the box (the top face's (0,1), or -v), never into it
    { "point grazing an aabb's corner: no hit", point(1, 4), { 2, -4 }, aabb(0, 0, 2, 2), graze = true },
    { "point onto an aabb's face", point(1, 4), { 0, -4 }, aabb(0, 0, 2, 2), t = 0.5, n = { 0, 1 }, pt = { 1, 2 } },
  } },

  { "Triangle", "Point", {
    -- the vertex (0,0) leads along (-1,-1) onto (-3,-3) at t = 0.6; n lies in the
    -- vertex's cone, between the edge normals (-0.6, 0.8) and (0.8, -0.6)
    { "a triangle's vertex onto a point", { "triangle", 0, 0, 4, 3, 3, 4 }, { -5, -5 }, point(-3, -3), t = 0.6, normal = "any", pt = { -3, -3 } },
  } },

  { "Disk", "AABB", {
    -- the disk's right edge 1 + 10t reaches the face x = 6
    { "disk onto a face", disk(0, 5, 1), { 10, 0 }, aabb(6, 0, 4, 10), t = 0.5, n = { -1, 0 }, pt = { 6, 5 } },
    -- the disk spans y in [-5,5], the face x = 10 only y in [3,7]: the corner (10,3)
    -- comes first, (20t - 10)^2 + 9 = 25
    { "disk onto a corner", disk(0, 0, 5), { 20, 0 }, aabb(10, 3, 4, 4), t = 0.3, n = { -0.8, -0.6 }, pt = { 10, 3 } },
  } },

  { "Point", "Point", {
    { "point onto a point", point(0, 0), { 10, 0 }, point(5, 0), t = 0.5, n = { -1, 0 }, pt = { 5, 0 } },
    -- the path y = 0 passes (5, 1e-9) 1e-9 away: 1e-9 apart is a miss
    { "point passing a point 1e-9 wide", point(0, 0), { 10, 0 }, point(5, E), miss = true },
  } },

  { "Point", "Segment", {
    -- (10t, 10t) reaches x + y = 8 at t = 0.4
    { "point onto a slanted segment", point(0, 0), { 10, 10 }, segment(0, 8, 8, 0), t = 0.4, n = { -h2, -h2 }, pt = { 4, 4 } },
    { "point along a segment's line meets its end", point(0, 0), { 10, 0 }, segment(5, 0, 8, 0), t = 0.5, n = { -1, 0 }, pt = { 5, 0 } },
    { "point passing a segment's end 1e-9 wide", point(0, 0), { 10, 10 }, segment(0, 8, 4 - E, 4 + E), miss = true },
  } },

  { "Disk", "Segment", {
    -- the disk's top 1 + 10t reaches y = 5
    { "disk onto a segment", disk(0, 0, 1), { 0, 10 }, segment(-5, 5, 5, 5), t = 0.4, n = { 0, -1 }, pt = { 0, 5 } },
    -- 1000 units in one step through a thin wall at x = 500: 1 + 1000t = 500
    { "tunnelling: a disk 1000 units through a segment is caught", disk(0, 0, 1), { 1000, 0 }, segment(500, -10, 500, 10), t = 0.499, n = { -1, 0 }, pt = { 500, 0 } },
    -- the disk rides y = 0 and first meets the segment's end (5,0) when its centre is (5,1)
    { "disk riding along a segment's line: a slide, no hit", disk(0, 1, 1), { 10, 0 }, segment(5, 0, 8, 0), graze = true },
  } },

  { "Capsule", "Polygon", {
    -- the flat side x = 1 + 10t (y in [0,4]) reaches the face x = 5 (y in [1,3])
    { "capsule side onto a polygon face", capsule(0, 0, 0, 4, 1), { 10, 0 }, polygon(5, 1, 8, 1, 8, 3, 5, 3), t = 0.4, n = { -1, 0 } },
    -- the cap around (4 + 10t, 0) reaches the vertex (8, 0.6): (10t - 4)^2 + 0.36 = 1;
    -- its direction (-0.8, -0.6) lies in the vertex's normal cone, between the
    -- outward normals of the adjacent edges, (-0.545, -0.839) and (-0.740, 0.673)
    { "capsule cap onto a polygon vertex", capsule(0, 0, 4, 0, 1), { 10, 0 }, polygon(8, 0.6, 12, -2, 14, 2, 12, 5), t = 0.32, n = { -0.8, -0.6 }, pt = { 8, 0.6 } },
  } },

  { "Disk", "Fan", {
    -- the disk's left edge 18 - 10t reaches the arc at x = 10
    { "disk onto a fan's arc", disk(20, 0, 2), { -10, 0 }, F2, t = 0.8, n = { 1, 0 }, pt = { 10, 0 } },
    -- centre (10t, 4) is (4 - 10t)/sqrt2 from y = x: 1 when 10t = 4 - sqrt2; the foot
    -- (4 - sqrt2/2, 4 - sqrt2/2) is on the edge
    { "disk onto a fan's edge", disk(0, 4, 1), { 10, 0 }, F2, t = (4 - r2) / 10, n = { -h2, h2 }, pt = { 4 - h2, 4 - h2 } },
    -- the fan's tip 10 + 5t reaches the disk's left edge 14
    { "fan onto a disk", F2, { 5, 0 }, disk(17, 0, 3), t = 0.8, n = { -1, 0 }, pt = { 14, 0 } },
    -- a 3pi/2 fan misses the slice x < 0, |y| < -x; a disk of radius 1 moving into it
    -- along y = 0 meets both slice edges when its centre is sqrt2 from the apex
    { "disk into the missing slice of a wide fan", disk(-10, 0, 1), { 10, 0 }, fan(0, 0, 5, 0, 3 * pi / 2), t = (10 - r2) / 10,
      normals = { { -h2, h2 }, { -h2, -h2 } }, nonconvex = true },
  } },

  { "Line", "Disk", {
    -- the disk's bottom 10 - 20t - 2 reaches y = 0; its centre is then at x = 2
    { "disk onto a line", disk(0, 10, 2), { 5, -20 }, LX, t = 0.4, n = { 0, 1 }, pt = { 2, 0 } },
    -- the line rises 10 per step to the disk's bottom y = 8
    { "line onto a disk", LX, { 0, 10 }, disk(0, 10, 2), t = 0.8, n = { 0, -1 }, pt = { 0, 8 } },
    { "line short of a disk", LX, { 0, 3 }, disk(0, 10, 2), miss = true },
    { "disk moving along a line never reaches it", disk(0, 3, 2), { 100, 0 }, LX, miss = true },
  } },

  { "Line", "Line", {
    -- b comes down 10 per step to a, 5 below
    { "parallel lines closing", LX, { 0, 0 }, line(0, 5, 1, 5), { 0, -10 }, t = 0.5, n = { 0, -1 } },
    { "crossing lines touch at t = 0", LX, { 3, 4 }, line(0, 0, 0, 1), t = 0, normal = "any" },
    -- the gap 5 closes at exactly 5 per step
    { "parallel lines meeting exactly at t = 1", LX, { 0, 0 }, line(0, 5, 1, 5), { 0, -5 }, t = 1, n = { 0, -1 }, exact = true },
    { "parallel lines stopping 1e-9 short", LX, { 0, 0 }, line(0, 5, 1, 5), { 0, -5 + E }, miss = true },
  } },

  -- A shape whose nearest corner ends its step exactly on a Line touches it at
  -- t = 1 (decided by the side of the line the corner ends on, not by a crossing
  -- time that can round past 1); a hair short is no touch.
  { "Line", "shapes reaching it exactly at t = 1", {
    -- SL is y = x - 6, its normal toward the lower right (1, -1)/sqrt2. (29, 6)
    -- is 17/sqrt2 below it; moving by (8, 25) takes it to (37, 31): 31 = 37 - 6
    { "point onto a slanted line at t = 1", point(29, 6), { 8, 25 }, SL, t = 1, n = { h2, -h2 }, pt = { 37, 31 }, exact = true },
    -- (37, 31 - 1e-9) is 1e-9/sqrt2 short of the line
    { "point stopping 1e-9 short of a slanted line", point(29, 6), { 8, 25 - E }, SL, miss = true },
    -- 25 - 2^-48 is 25 less one ulp: (37, 31 - 2^-48), exactly short, and exactly
    -- so only near the origin (at 1e6 the end rounds onto the line)
    { "point stopping one ulp short of a slanted line", point(29, 6), { 8, 25 - 2 ^ -48 }, SL, miss = true, far = false },
    -- the segment's end (29, 6) leads (its other end (29, 0) is 6/sqrt2 farther)
    { "segment's end onto a slanted line at t = 1", segment(29, 6, 29, 0), { 8, 25 }, SL, t = 1, n = { h2, -h2 }, pt = { 37, 31 }, exact = true },
    { "segment's end stopping 1e-9 short of a slanted line", segment(29, 6, 29, 0), { 8, 25 - E }, SL, miss = true },
    { "disk of radius 0 onto a slanted line at t = 1", disk(29, 6, 0), { 8, 25 }, SL, t = 1, n = { h2, -h2 }, pt = { 37, 31 }, exact = true },
    { "disk of radius 0 stopping 1e-9 short of a slanted line", disk(29, 6, 0), { 8, 25 - E }, SL, miss = true },
    -- the line moves by (-8, -25) onto the point: y = x - 23 holds (29, 6); n from
    -- the point toward the line
    { "slanted line onto a point at t = 1", SL, { -8, -25 }, point(29, 6), t = 1, n = { -h2, h2 }, pt = { 29, 6 }, exact = true },
    { "slanted line stopping 1e-9 short of a point", SL, { -8, -25 + E }, point(29, 6), miss = true },
    -- both moving, (3, 10) and (-5, -15): relative (8, 25) again; the point ends
    -- at (32, 16) on the line moved to y = x - 16
    { "point and slanted line both moving, meeting at t = 1", point(29, 6), { 3, 10 }, SL, { -5, -15 }, t = 1, n = { h2, -h2 },
      pt = { 32, 16 }, exact = true },
    { "point and slanted line both moving, 1e-9 short", point(29, 6), { 3, 10 }, SL, { -5, -15 + E }, miss = true },
    { "slanted line and segment both moving, meeting at t = 1", SL, { -5, -15 }, segment(29, 6, 29, 0), { 3, 10 }, t = 1,
      n = { -h2, h2 }, pt = { 32, 16 }, exact = true },
    -- horizontal: the triangle's lowest vertex (0, 5) comes down 5 onto y = 0 at (2, 0)
    { "triangle's vertex onto a horizontal line at t = 1", { "triangle", 0, 5, 4, 9, -3, 8 }, { 2, -5 }, LX, t = 1, n = { 0, 1 },
      pt = { 2, 0 }, exact = true },
    { "triangle's vertex stopping 1e-9 short of a horizontal line", { "triangle", 0, 5, 4, 9, -3, 8 }, { 2, -5 + E }, LX, miss = true },
    -- the polygon's highest vertex (3, -7) rises 7 onto y = 0 at (4, 0)
    { "polygon's vertex onto a horizontal line at t = 1", polygon(0, -10, 4, -12, 6, -9, 3, -7), { 1, 7 }, LX, t = 1, n = { 0, -1 },
      pt = { 4, 0 }, exact = true },
    -- the horizontal line rises 3 to the box's bottom face y = 3 (x in [3, 7])
    { "horizontal line onto a box's face at t = 1", LX, { 0, 3 }, { "box", 5, 5, 4, 4, 0 }, t = 1, n = { 0, -1 }, exact = true },
    { "horizontal line stopping 1e-9 short of a box", LX, { 0, 3 }, { "box", 5, 5, 4, 4, 0 }, { 0, E }, miss = true },
    -- vertical x = 3: the AABB's right face x = -3 moves 6 onto it
    { "aabb's face onto a vertical line at t = 1", aabb(-5, 0, 2, 2), { 6, 1 }, LY3, t = 1, n = { -1, 0 }, exact = true },
    { "aabb's face stopping 1e-9 short of a vertical line", aabb(-5, 0, 2, 2), { 6 - E, 1 }, LY3, miss = true },
    -- the capsule's lower cap (centre (0, 5), radius 2) comes down 3 onto y = 0 at (1, 0)
    { "capsule's cap onto a horizontal line at t = 1", capsule(0, 5, 4, 9, 2), { 1, -3 }, LX, t = 1, n = { 0, 1 }, pt = { 1, 0 }, exact = true },
    { "capsule's cap stopping 1e-9 short of a horizontal line", capsule(0, 5, 4, 9, 2), { 1, -3 + E }, LX, miss = true },
    -- (37, 31) on the line, the rest of each shape below it: moving along the
    -- line, or back down the way it came, is no hit
    { "point on a slanted line sliding along it: no hit", point(37, 31), { 8, 8 }, SL, graze = true },
    { "segment's end on a slanted line moving away: no hit", segment(37, 31, 37, 25), { -8, -25 }, SL, graze = true },
    { "triangle's vertex on a slanted line moving away: no hit", { "triangle", 37, 31, 37, 25, 43, 31 }, { 0, -5 }, SL, graze = true },
    { "triangle's vertex on a slanted line sliding along it: no hit", { "triangle", 37, 31, 37, 25, 43, 31 }, { -3, -3 }, SL, graze = true },
  } },

  -- A round shape whose end is exactly tangent to a Line touches it at t = 1
  -- (decided as hits decides the moved shape: the centre's cross product with
  -- the line's direction, squared, against r^2 |e|^2), a hair short is no touch.
  { "Line", "round shapes reaching it exactly at t = 1", {
    -- L34: 3y - 4x is 5 times the signed distance. The centre (0, 4) starts 12/5
    -- = 2.4 to the left; the motion (-4, -6) crosses at (3 * -6 - 4 * -4)/5 = -0.4
    -- per step: 2.4 - 0.4 = 2 = r at t = 1, the centre at (-4, -2), the touching
    -- point (-4, -2) - 2 (-0.8, 0.6) = (-2.4, -3.2)
    { "disk tangent to a slanted line at t = 1", disk(0, 4, 2), { -4, -6 }, L34, t = 1, n = { -0.8, 0.6 }, pt = { -2.4, -3.2 },
      exact = true },
    -- (-4, -6 + 1e-9) crosses at -0.4 + 0.6e-9: 0.6e-9 short
    { "disk stopping 1e-9 short of a slanted line", disk(0, 4, 2), { -4, -6 + E }, L34, miss = true },
    -- the cap at (0, 4) leads: the other end (-4, 4) starts 28/5 from the line
    { "capsule's cap tangent to a slanted line at t = 1", capsule(0, 4, -4, 4, 2), { -4, -6 }, L34, t = 1, n = { -0.8, 0.6 },
      pt = { -2.4, -3.2 }, exact = true },
    { "capsule's cap stopping 1e-9 short of a slanted line", capsule(0, 4, -4, 4, 2), { -4, -6 + E }, L34, miss = true },
    -- the line moves by (4, 6) to pass through (4, 6): the disk's centre is
    -- (-4, -2) from there, as above; the point (0, 4) - 2 (-0.8, 0.6), n toward the line
    { "slanted line tangent to a disk at t = 1", L34, { 4, 6 }, disk(0, 4, 2), t = 1, n = { 0.8, -0.6 }, pt = { 1.6, 2.8 },
      exact = true },
    { "slanted line stopping 1e-9 short of a disk", L34, { 4, 6 - E }, disk(0, 4, 2), miss = true },
    { "slanted line tangent to a capsule's cap at t = 1", L34, { 4, 6 }, capsule(0, 4, -4, 4, 2), t = 1, n = { 0.8, -0.6 },
      pt = { 1.6, 2.8 }, exact = true },
    -- both moving, relative motion (-4, -6) again: the centre ends at (-1, -2),
    -- the line through (3, 0), the point (-1, -2) - 2 (-0.8, 0.6)
    { "disk and slanted line both moving, tangent at t = 1", disk(0, 4, 2), { -1, -6 }, L34, { 3, 0 }, t = 1,
      n = { -0.8, 0.6 }, pt = { 0.6, -3.2 }, exact = true },
    { "disk and slanted line both moving, 1e-9 short", disk(0, 4, 2), { -1, -6 }, L34, { 3, -E }, miss = true },
  } },

  -- A Line is a closed set with no inside: a shape lying on it (a point, a
  -- segment along it) touches it at t = 0 and any motion parts it from the
  -- line or slides along it, so no hit, whichever side it moves to.
  { "Line", "shapes lying on it", {
    -- (6, 8) is on L34; (-4, 3) is its left normal times 5, (4, -3) its right
    { "point on a slanted line moving off to its left: no hit", point(6, 8), { -4, 3 }, L34, graze = true },
    { "point on a slanted line moving off to its right: no hit", point(6, 8), { 4, -3 }, L34, graze = true },
    { "point on a slanted line moving off at a slant: no hit", point(6, 8), { 1, -7 }, L34, graze = true },
    { "point on a slanted line moving along it: no hit", point(6, 8), { 6, 8 }, L34, graze = true },
    { "slanted line moving off a point on it: no hit", L34, { 4, -3 }, point(6, 8), graze = true },
    { "slanted line moving off a point on it the other way: no hit", L34, { -4, 3 }, point(6, 8), graze = true },
    { "point on y = x - 6 moving off below: no hit", point(37, 31), { 2, -1 }, SL, graze = true },
    { "point on y = x - 6 moving off above: no hit", point(37, 31), { -2, 1 }, SL, graze = true },
    { "point on the x axis moving up: no hit", point(4, 0), { 1, 3 }, LX, graze = true },
    { "point on the x axis moving down: no hit", point(4, 0), { 1, -3 }, LX, graze = true },
    { "disk of radius 0 on a slanted line moving off: no hit", disk(6, 8, 0), { -4, 3 }, L34, graze = true },
    { "disk of radius 0 on a slanted line moving off the other way: no hit", disk(6, 8, 0), { 4, -3 }, L34, graze = true },
    { "segment along a slanted line moving off to its left: no hit", segment(3, 4, 9, 12), { -4, 3 }, L34, graze = true },
    { "segment along a slanted line moving off to its right: no hit", segment(3, 4, 9, 12), { 4, -3 }, L34, graze = true },
    { "segment along a slanted line sliding along it: no hit", segment(3, 4, 9, 12), { 3, 4 }, L34, graze = true },
    -- (2, 0) is 8/5 = 1.6 right of L34, (0, 4) 12/5 = 2.4 left: they overlap, and
    -- contact pushes the segment the shorter way, 1.6 along the left normal;
    -- t = 0 with that normal whichever way it moves
    { "segment across a slanted line moving right: t = 0, contact's normal", segment(2, 0, 0, 4), { 4, -3 }, L34, t = 0,
      n = { -0.8, 0.6 } },
    { "segment across a slanted line moving left: t = 0, contact's normal", segment(2, 0, 0, 4), { -4, 3 }, L34, t = 0,
      n = { -0.8, 0.6 } },
  } },
}

-- The runner ------------------------------------------------------------------

local build, near, on_shape = common.build, common.near, common.on_shape

local function case_parts(c)
  -- { name, a, da, b [, db] }
  local db = c[5] or { 0, 0 }
  return c[2], c[3], c[4], db
end

local function run(c, ox, oy)
  local far = ox ~= 0 or oy ~= 0
  local tol = far and FAR_TOL or TOL
  local as, da, bs, db = case_parts(c)
  local a, b = build(as, ox, oy), build(bs, ox, oy)
  local dx, dy, bdx, bdy = da[1], da[2], db[1], db[2]
  local tag = c[1]
  local t, nx, ny, px, py = a:sweep(dx, dy, b, bdx, bdy)
  if c.miss or c.graze then
    assert.is_nil(t, tag .. ": a:sweep must be nil")
    assert.is_nil(b:sweep(bdx, bdy, a, dx, dy), tag .. ": the mirrored sweep must be nil")
    assert.is_nil(a:sweep(dx - bdx, dy - bdy, b), tag .. ": the relative-motion sweep must be nil")
    -- and indeed they never touch in the step (a graze: never overlap)
    for k = 0, 64 do
      local s = k / 64
      local ma, mb = a:clone():move(s * dx, s * dy), b:clone():move(s * bdx, s * bdy)
      if c.miss then
        assert.is_false(ma:hits(mb), ("%s: the shapes hit at t = %g"):format(tag, s))
      else
        local _, _, depth = ma:contact(mb)
        assert.is_true(depth == nil or depth <= tol, ("%s: the shapes overlap by %s at t = %g"):format(tag, tostring(depth), s))
      end
    end
    return
  end
  assert.is_true(t ~= nil, tag .. ": a:sweep returned nil")
  near(t, c.t, tol, tag .. ": t")
  if c.exact then assert.are.equal(c.t, t, tag .. ": t exactly") end
  near(sqrt(nx * nx + ny * ny), 1, 1e-12, tag .. ": |n|")
  common.expect_normal(c, nx, ny, tol, tag)

  -- at t they touch, and the point is on both; a little earlier they are apart
  local at = a:clone():move(t * dx, t * dy)
  local bt = b:clone():move(t * bdx, t * bdy)
  assert.is_true(at:distance(bt) <= tol, ("%s: %g apart at t"):format(tag, at:distance(bt)))
  on_shape(at, px, py, tol, tag .. ": point on a at t")
  on_shape(bt, px, py, tol, tag .. ": point on b at t")
  if c.pt then
    near(px, c.pt[1] + ox, tol, tag .. ": point x")
    near(py, c.pt[2] + oy, tol, tag .. ": point y")
  end
  if t > 0 then
    local s = 0.999 * t
    assert.is_false(a:clone():move(s * dx, s * dy):hits(b:clone():move(s * bdx, s * bdy)), tag .. ": already hit at 0.999 t")
    -- a first touch of convex shapes: n faces the relative motion and separates
    if not c.nonconvex then
      local vx, vy = dx - bdx, dy - bdy
      assert.is_true(nx * vx + ny * vy <= tol, ("%s: n = (%.17g, %.17g) points along the relative motion"):format(tag, nx, ny))
      local k = far and 1e-6 or 1e-9
      assert.is_false(at:clone():move(nx * k, ny * k):hits(bt),
        ("%s: n = (%.17g, %.17g): a at t moved a little along n still hits b"):format(tag, nx, ny))
    end
  end

  -- the same answer with b first, and for the relative motion
  local mt, mx, my = b:sweep(bdx, bdy, a, dx, dy)
  assert.is_true(mt ~= nil, tag .. ": the mirrored sweep returned nil")
  near(mt, t, 1e-15, tag .. ": the mirrored sweep's t")
  if c.exact then assert.are.equal(c.t, mt, tag .. ": the mirrored sweep's t exactly") end
  local sign = c.default and 1 or -1
  if c.normal ~= "any" then
    near(mx, sign * nx, 1e-15, tag .. ": the mirrored sweep's normal x")
    near(my, sign * ny, 1e-15, tag .. ": the mirrored sweep's normal y")
  end
  local rt = a:sweep(dx - bdx, dy - bdy, b)
  assert.is_true(rt ~= nil, tag .. ": the relative-motion sweep returned nil")
  near(rt, t, 1e-15, tag .. ": the relative-motion sweep's t")
  if c.exact then assert.are.equal(c.t, rt, tag .. ": the relative-motion sweep's t exactly") end
end

describe("sweep", function()
  for _, g in ipairs(GROUPS) do
    describe(g[1] .. " x " .. g[2], function()
      common.each_case(it, g[3], run)
    end)
  end

  it("the other shape's motion is optional and defaults to still", function()
    local a, b = c2d.disk(0, 0, 1), c2d.aabb(5, -1, 2, 2)
    local t1, n1x, n1y = a:sweep(10, 0, b)
    local t2, n2x, n2y = a:sweep(10, 0, b, 0, 0)
    local t3 = a:sweep(10, 0, b, nil, nil)
    assert.are.equal(0.4, t1)
    assert.is_true(t1 == t2 and t1 == t3 and n1x == n2x and n1y == n2y)
  end)

  it("rejects bad arguments", function()
    local a, b = c2d.disk(0, 0, 1), c2d.disk(5, 0, 1)
    assert.has_error(function() a:sweep(b, 1, 0) end)
    assert.has_error(function() a:sweep(1, 0, 5) end)
    assert.has_error(function() a:sweep(0 / 0, 0, b) end)
    assert.has_error(function() a:sweep(1, math.huge, b) end)
    assert.has_error(function() a:sweep(1, 0, b, 0 / 0, 0) end)
    assert.has_error(function() c2d.sweep(1, 0, 0, b) end)
  end)
end)

-- Properties over seeded random pairs -------------------------------------------

local lcg, num = common.lcg, common.num

-- gen[kind](r, x, y): constructor name and numbers of a shape of the kind near (x, y).
local gen = common.shape_gen({ at = 3, disk = 8, box = 12, cap = 8, cap_r = 5, fan_r = 10 })
function gen.Triangle(r, x, y) return common.triangle_near(r, x, y, 7) end
function gen.Polygon(r, x, y)
  if r.u() < 0.2 then return "hull", common.point_cloud(r, x, y, 7) end
  local n, rad, base = r.int(3, 8), r.range(1, 8), r.range(0, 2 * pi)
  return "polygon", common.round_polygon(r, x, y, n, rad, base)
end

local KINDS = fixtures.kinds

local exact, runner = common.exact, common.runner

local function is_wide(s)
  if s:type() ~= "Fan" then return false end
  local _, _, rad, _, opening = s:unpack()
  return rad > 0 and opening > pi and opening < 2 * pi - 1e-12
end

local PAIRS_PER_COMBO = 8
local SAMPLES = 32   -- times checked in [0, 1] when sweep says they never touch

local function check_sweep(what, a, dx, dy, b, bdx, bdy, fail)
  local sc = common.scale_of({ a, b }, dx, dy, bdx, bdy)
  local tol = 1e-9 * sc
  local function at(s)
    return a:clone():move(s * dx, s * dy), b:clone():move(s * bdx, s * bdy)
  end
  local t, nx, ny, px, py = a:sweep(dx, dy, b, bdx, bdy)
  if t then
    if not (t >= 0 and t <= 1) then return fail("%s: t = %s outside [0, 1]", what, tostring(t)) end
    if abs(sqrt(nx * nx + ny * ny) - 1) > 1e-12 then fail("%s: |n| = %.17g", what, sqrt(nx * nx + ny * ny)) end
    local a1, b1 = at(t)
    local d = a1:distance(b1)
    if d > tol then fail("%s: t = %.17g but there they are %g apart", what, t, d) end
    local pa, pb = c2d.point(px, py):distance(a1), c2d.point(px, py):distance(b1)
    if pa > tol or pb > tol then fail("%s: t = %.17g: the point (%.17g, %.17g) is %g from a and %g from b", what, t, px, py, pa, pb) end
    if t > 0 then
      local a0, b0 = at(0.999 * t)
      if a0:hits(b0) then fail("%s: t = %.17g but they already hit at 0.999 t", what, t) end
      -- for convex shapes n separates: a moved a little along it clears b
      if not is_wide(a) and not is_wide(b) then
        local k = 1e-7 * sc
        if a1:clone():move(nx * k, ny * k):hits(b1) then
          fail("%s: t = %.17g, n = (%.17g, %.17g): a at t moved along n still hits b", what, t, nx, ny)
        end
      end
    end
  else
    -- nil: they never move into each other (they may touch, grazing or sliding)
    for k = 0, SAMPLES do
      local a1, b1 = at(k / SAMPLES)
      if a1:hits(b1) then
        local depth = 0
        if not is_wide(a1) and not is_wide(b1) then depth = select(3, a1:contact(b1)) or 0 end
        if depth > tol or is_wide(a1) or is_wide(b1) then
          fail("%s: sweep is nil but they overlap (by %s) at t = %g", what, tostring(depth), k / SAMPLES)
          break
        end
      end
    end
  end
  -- b's view: the same t, the normal reversed; and the relative motion alone
  local mt, mx, my = b:sweep(bdx, bdy, a, dx, dy)
  if (mt == nil) ~= (t == nil) or (t and (abs(mt - t) > 1e-15 or abs(mx + nx) > 1e-15 or abs(my + ny) > 1e-15)) then
    fail("%s: a:sweep gives (%s, %s, %s), b:sweep gives (%s, %s, %s)", what, tostring(t), tostring(nx), tostring(ny),
      tostring(mt), tostring(mx), tostring(my))
  end
  local rt = a:sweep(dx - bdx, dy - bdy, b)
  if (rt == nil) ~= (t == nil) or (t and abs(rt - t) > 1e-15) then
    fail("%s: t = %s, but for the relative motion alone t = %s", what, tostring(t), tostring(rt))
  end
end

-- Pairs the generator below caught, kept as fixed cases: { ctor, nums, motion, ctor, nums, motion }.
local FOUND = {
  -- the vertex (4,3) meets the point at t = 0.8 exactly (4 + 0.8 * 27.09... =
  -- 25.67...), then the point crosses the thin triangle until t = 0.8028; the
  -- sweep reported the exit, 0.8028
  { "triangle", { 6, 6.32398123992607, 4, 3, 2, -0.14429365517571568 }, { 27.09183152532205, 11.873934987816028 },
    "point", { 25.67346522025764, 12.499147990252823 }, { 0, 0 } },
  -- a point aimed at an aabb's corner (t = 0.5), grazing it: the normal came
  -- back into the box; now a graze is no hit
  { "point", { -2, 2.2309416797943413 }, { 9.2642852580174804, -37.110425654798746 },
    "aabb", { -5.3678573709912598, -19.324271147605032, 8, 3 }, { 0, 0 } },
}

describe("sweep properties of random pairs", function()
  if #FOUND > 0 then
    it("pairs found by the generator", function()
      local fail, finish = runner()
      for i, f in ipairs(FOUND) do
        local a, b = c2d[f[1]](unpack(f[2])), c2d[f[4]](unpack(f[5]))
        local m, bm = f[3], f[6]
        check_sweep(("found case %d: a = %s, b = %s"):format(i, exact(a), exact(b)), a, m[1], m[2], b, bm[1], bm[2], fail)
      end
      finish()
    end)
  end

  for ia, ka in ipairs(KINDS) do
    for ib, kb in ipairs(KINDS) do
      it(("%s against %s: touching at t, apart before, nil means never, symmetric"):format(ka, kb), function()
        local fail, finish = runner()
        for j = 1, PAIRS_PER_COMBO do
          local seed = 30000 + ia * 1000 + ib * 50 + j
          local r = lcg(seed)
          local actor, anums = gen[ka](r, 0, 0)
          local bx, by = r.range(-25, 25), r.range(-25, 25)
          local bctor, bnums = gen[kb](r, bx, by)
          local a, b = c2d[actor](unpack(anums)), c2d[bctor](unpack(bnums))
          -- aim a at b (give or take), b moving too now and then; or send an
          -- outline point of a straight at one of b (corner onto corner)
          local dx, dy = bx * r.range(0.5, 1.5) + num(r, 6), by * r.range(0.5, 1.5) + num(r, 6)
          if r.u() < 0.3 then
            local oa, ob = a:outline(8), b:outline(8)
            local i, k = r.int(1, #oa / 2), r.int(1, #ob / 2)
            -- (not f = 1: touching exactly at t = 1 is decided by the last ulp)
            local f = r.pick({ 1.25, 1.25, 2 })
            dx, dy = (ob[2 * k - 1] - oa[2 * i - 1]) * f, (ob[2 * k] - oa[2 * i]) * f
          end
          local bdx, bdy = 0, 0
          if r.u() < 0.4 then bdx, bdy = num(r, 10), num(r, 10) end
          local what = ("seed %d: a = %s moving (%.17g, %.17g), b = %s moving (%.17g, %.17g)"):format(
            seed, exact(a), dx, dy, exact(b), bdx, bdy)
          check_sweep(what, a, dx, dy, b, bdx, bdy, fail)
        end
        finish()
      end)
    end
  end
end)

describe("two AABBs touching along part of a face", function()
  -- a: x 0..4, y 0..2; b: x 2..8, y 2..5. They share the segment y = 2,
  -- x 2..4, whose middle is (3, 2); b is below a (greater y), so the normal
  -- from b toward a is (0, -1).
  local b = c2d.aabb(2, 2, 6, 3)
  it("already touching and pressed into: t = 0, the middle of the shared segment", function()
    local t, nx, ny, x, y = c2d.aabb(0, 0, 4, 2):sweep(1, 1, b)
    assert.are.same({ 0, 0, -1, 3, 2 }, { t, nx, ny, x, y })
  end)
  it("meeting later: the same point, at t = 1/3 for a 3 apart moving 9", function()
    local t, nx, ny, x, y = c2d.aabb(0, -3, 4, 2):sweep(0, 9, b)
    assert.are.same({ 1 / 3, 0, -1, 3, 2 }, { t, nx, ny, x, y })
  end)
  it("sliding along the face is no touch", function()
    assert.is_nil(c2d.aabb(0, 0, 4, 2):sweep(5, 0, b))
  end)
end)

describe("sweep against edges in line with each other", function()
  -- A polygon whose edge from (7.57.., -4.86..) runs out 3.3e11 to a spike's
  -- tip, in line (within rounding) with the short edge before it: a Point
  -- from (30, 0) moving by (-47, -48) meets the long edge. Where and when,
  -- worked out here from the line through the two in-line edges' vertices:
  -- cross(d, point(t) - A) = 0 for point(t) = (30, 0) + t * (-47, -48).
  local ax, ay = 7.5712817954806306, -4.8657673571003768
  local bx, by = 0.84125353283118121, -0.54064081745559744
  local dx, dy = bx - ax, by - ay
  local t = (dx * (ay - 0) - dy * (ax - 30)) / (dx * -48 - dy * -47)
  local px, py = 30 - 47 * t, -48 * t
  local outline = { bx, by, -4.7974648680724865, 1.4086627842071484, 2.4924900780113162, -5.4577919721271115,
                    279019158475.83435, -179314725034.76511, ax, ay }

  for _, case in ipairs {
    { "a polygon", function() return c2d.polygon(outline) end },
    { "a Concave's piece", function()
      return c2d.concave { 4.2062676641559058, 2.7032040872779879, 3.738735117016978, 8.1866879581906655,
        -0.71157419136642508, 4.949107209404664, -5.8937466055075651, 6.8017461691883243, -4.7974648680724865,
        1.4086627842071484, -8.6354367625304782, -2.5355930115728644, 2.4924900780113162, -5.4577919721271115,
        279019158475.83435, -179314725034.76511, ax, ay, bx, by } end },
  } do
    it("touches " .. case[1] .. " on the long edge, where the point is at t", function()
      local shape, pt = case[2](), c2d.point(30, 0)
      local st, nx, ny, x, y = shape:sweep(0, 0, pt, -47, -48)
      assert.is_true(math.abs(st - t) <= 1e-12, ("t %.17g, worked out %.17g"):format(st, t))
      -- 12.9 along the edge from its short neighbour's end, not that end:
      -- within the rounding of a point on a 3.3e11 edge.
      local off = math.sqrt((x - px) ^ 2 + (y - py) ^ 2)
      assert.is_true(off <= 1e-4, ("touching point (%.17g, %.17g) is %.3g from the Point"):format(x, y, off))
      assert.is_true(math.abs(nx * dx + ny * dy) <= 1e-9 * math.sqrt(dx * dx + dy * dy)) -- across the edge
    end)
  end
end)

describe("a wide fan overlapping a Line", function()
  -- Fan at the origin, radius 10, opening 6 (wider than pi); the Line
  -- through (-42, 0) and (0, 4) is 168 / sqrt(42^2 + 4^2) = 3.98 from the
  -- apex, so the arc crosses it: they overlap at the start, and every motion
  -- gives t = 0 (before, moving along -x swept on to t = 0.42, or missed).
  it("sweeps to t = 0 whatever the motion", function()
    local wide, across = c2d.fan(0, 0, 10, -47, 6), c2d.line(-42, 0, 0, 4)
    assert.is_true(wide:hits(across))
    for _, v in ipairs { { -1, 0 }, { -100, 0 }, { -604672, 6 }, { 0, -1 }, { 1, 0 } } do
      local t = wide:sweep(v[1], v[2], across)
      assert.are.equal(0, t, ("motion (%g, %g)"):format(v[1], v[2]))
      assert.are.equal(0, (across:sweep(0, 0, wide, v[1], v[2])))
    end
  end)
end)

describe("a shape on a wide fan's bisector", function()
  -- Fan at the origin, radius 10, opening 5 rad along +x. Sweeps split it
  -- into two convex halves along the bisector (the positive x axis); a point
  -- or a segment on that axis, between the apex and the arc, touches each
  -- half but is inside the fan: the nearest way out is through the apex (the
  -- missing wedge, 2 pi - 5 = 1.28 rad wide, faces -x), at the distance from
  -- it, so they overlap and every motion gives t = 0.
  local wide = c2d.fan(0, 0, 10, 0, 5)
  it("overlaps, so every sweep hits at t = 0", function()
    for _, s in ipairs { c2d.point(1, 0), c2d.aabb(1, 0, 0, 0), c2d.segment(2, 0, 5, 0), c2d.point(9.5, 0) } do
      for _, v in ipairs { { -10, 0 }, { 0, 1 }, { 3, -2 }, { 0, 0 } } do
        local t = wide:sweep(v[1], v[2], s)
        assert.are.equal(0, t, ("%s, motion (%g, %g)"):format(tostring(s), v[1], v[2]))
        assert.are.equal(0, (s:sweep(0, 0, wide, v[1], v[2])))
      end
    end
  end)
  it("gives contact's normal: out through the apex, for a point 1 from it", function()
    local _, nx, ny = wide:sweep(0, 1, c2d.point(1, 0))
    local cx, cy, depth = wide:contact(c2d.point(1, 0))
    assert.is_true(math.abs(depth - 1) <= 1e-12, depth)
    assert.are.same({ 1, 0 }, { cx, cy }) -- the fan pushed along +x frees the point at the apex
    assert.are.same({ cx, cy }, { nx, ny })
  end)
  it("only touches at the seam's two ends: a motion out of the fan misses", function()
    assert.is_nil(wide:sweep(0, 1, c2d.point(10, 0))) -- the arc's end, moving along its tangent
    assert.is_nil(wide:sweep(1, 0, c2d.point(0, 0))) -- the apex, left into the missing wedge
  end)
end)

-- A Concave whose cut runs along y = x from (0, -1e-13) to (33.94, 33.94), its
-- outline (33.94, 33.94), (-47, 0), (-1, 0), (0, -1e-13), (0.707, -0.707). The
-- segment from (-48, -48) to (1, 1) runs along that cut: from (0, 0) to (1, 1)
-- it is inside the outline (above y = 0, below the edge back to (-47, 0), left
-- of the edge from (0.707, -0.707) to (33.94, 33.94), which passes x = 2.34 at
-- y = 1), though it only touches each piece. They overlap, so every sweep
-- from there hits at t = 0, whatever the motion.
describe("a speck of segment just inside a wide fan's edge", function()
  -- Fan(0, 0, 10, 3 pi / 2, 3 pi / 2) points down, open 270 degrees: it holds
  -- every direction but those between 45 and 135 degrees, so its edges run
  -- along y = x and y = -x. The segment from (4.7123889803846959,
  -- 4.7123889803846613) to (4.7123889803846266, 4.712388980384592) has x - y
  -- = 3.5e-14 at both ends: it lies 2.4e-14 inside the edge y = x, far below
  -- the rounding of the fan's turned edge (contact measures 1.6e-13), so it
  -- rests on the edge. Moving up and right, (1.29, 2), it leaves into the
  -- open wedge: no hit; moving (2, -1), into the fan: a hit at once. The
  -- allowance for rounding was measured from the first shape given, which
  -- made one order a hit and the other none (the fuzzer, seed 20261201).
  local wide = c2d.fan(0, 0, 10, 4.7123889803846897, 4.7123889803847305)
  local seg = c2d.segment(4.7123889803846959, 4.7123889803846613, 4.7123889803846266, 4.712388980384592)
  it("is no hit leaving into the open wedge, in either order", function()
    assert.is_nil(wide:sweep(0, 0, seg, 1.29, 2))
    assert.is_nil(seg:sweep(1.29, 2, wide, 0, 0))
    assert.is_nil(wide:sweep(4.7123889803846382, 0, seg, 6, 2))
    assert.is_nil(seg:sweep(6, 2, wide, 4.7123889803846382, 0))
  end)
  it("is a hit at once moving into the fan, in either order, across the edge", function()
    local t, nx, ny = wide:sweep(0, 0, seg, 2, -1)
    assert.are.equal(0, t)
    -- the fan leaves down and right, across y = x
    assert.is_true(math.abs(nx - math.sqrt(0.5)) < 1e-12 and math.abs(ny + math.sqrt(0.5)) < 1e-12)
    local t2, mx, my = seg:sweep(2, -1, wide, 0, 0)
    assert.are.equal(0, t2)
    assert.are.equal(-nx, mx)
    assert.are.equal(-ny, my)
  end)
end)

describe("a segment along a Concave's cut, within rounding of it", function()
  local cv = c2d.concave(33.941125496954285, 33.941125496954278, -47, 5.7558399559925599e-15, -1,
    1.2246467991473532e-16, -1.8369701987210298e-29, -1e-13, 0.70710678118654735, -0.70710678118654768)
  local s = c2d.segment(-48, -48, 1, 0.99999999999999445)
  it("overlaps it: each sweep starts at t = 0", function()
    assert.is_true(s:hits(cv))
    local _, _, depth = s:contact(cv)
    assert.is_true(depth > 0.9, tostring(depth))
    for _, m in ipairs { { 10, 0, -20, 6.2831853061795861 }, { 1, 1, 0, 0 }, { -3, 2, 0, 0 }, { 0, 0, 5, 5 } } do
      local t = s:sweep(m[1], m[2], cv, m[3], m[4])
      assert.are.equal(0, t, ("moving by (%g, %g) against (%g, %g)"):format(m[1], m[2], m[3], m[4]))
      assert.are.equal(0, (cv:sweep(m[3], m[4], s, m[1], m[2])))
    end
  end)
end)

describe("sweep: a round shape resting on an edge within rounding", function()
  -- A disk, a capsule and a rounded box put on a slope at their radius from its
  -- surface (computed in doubles: some land a rounding inside that distance,
  -- some a rounding outside, apart as hits decides). Pressed straight down into
  -- the slope, each meets it within rounding of t = 0 (its distance, under
  -- 1e-9, over the speed toward the slope, 8 cos a): a corner circle or a side
  -- whose rounded offset read as already within the radius was passed over, and
  -- the shape went through the slope's surface (9 of these 2,400 did).
  it("meets it at once when pressed in", function()
    local tan, rad, sin, cos = math.tan, math.rad, math.sin, math.cos
    local total = 0
    for _, deg in ipairs { 10, 20, 30, 40 } do
      local a = rad(deg)
      local slope = c2d.polygon(100, 300, 300, 300 - 200 * tan(a), 300, 350, 100, 350)
      local nx, ny = -sin(a), -cos(a) -- the slope's outward normal
      for i = 0, 199 do
        local x = 120 + i * 0.8
        local ys = 300 - (x - 100) * tan(a)
        local cx, cy = x + nx * 4, ys + ny * 4 -- 4 off the surface
        for _, s in ipairs { c2d.disk(cx, cy, 4), c2d.capsule(cx, cy, cx, cy - 10, 4),
                             c2d.box(cx - 4, cy - 12, 8, 24, 0, 4) } do
          if (s:distance(slope)) < 1e-9 then
            total = total + 1
            local t = s:sweep(0, 8, slope)
            assert.is_not_nil(t, tostring(s))
            assert.is_true(t * 8 * cos(a) <= 1e-9, ("%s: t %.17g"):format(tostring(s), t))
          end
        end
      end
    end
    assert.are.equal(2400, total)
  end)
end)
