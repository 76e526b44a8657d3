-- a:sweepTurning(dx, dy, dangle, b [, bdx, bdy, bdangle] [, options]): the
-- first t at which shapes that turn as they move touch.
--
-- 1. Hand-worked cases: a rod turning about one end into a disk; a box turning
--    in place into the corner of another; a blade passing a thin wall between
--    two poses that both miss it; starts in touch (moving in, parting,
--    sliding); no turn is sweep's own answer.
-- 2. Seeded random turning pairs of every bounded kind against an independent
--    check: each pose built here (clone, rotate, move), the first touch found
--    by dense sampling of t with the exact hits, then bisection. The answer is
--    never after a sampled touch, and at the t answered the poses are within
--    the tolerance (1e-9 of the larger shape's size).
-- 3. Bad input.
local c2d = require "collide2d"
local common = require "support.common"

local abs, max, min, sqrt, pi, sin, cos, asin, acos, atan = math.abs, math.max, math.min, math.sqrt, math.pi,
  math.sin, math.cos, math.asin, math.acos, math.atan

-- The shape's pose at t as the method defines it: turned by t * angle about
-- pivot, then moved by t * (dx, dy).
local function pose(s, t, dx, dy, angle, px, py)
  local p = s:clone()
  if angle ~= 0 then p:rotate(t * angle, px, py) end
  return p:move(t * dx, t * dy)
end

local function magnitude(a, b)
  local m = 0
  for _, s in ipairs { a, b } do
    for _, v in ipairs { s:bbox() } do m = max(m, abs(v)) end
  end
  return m
end

local function size_of(s)
  local x0, y0, x1, y1 = s:bbox()
  return sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
end

describe("sweepTurning: hand-worked", function()
  it("a rod turning about one end meets a disk when the disk's distance to its line is the radius", function()
    -- rod (0,0)-(10,0) turning by pi/2 about (0,0); disk at (6,6), radius 1.
    -- At angle th the rod's line is 6 sqrt2 |sin(pi/4 - th)| from the centre,
    -- and the nearest point of the line is within the rod (6 cos th + 6 sin th
    -- <= 10 there): touch at th = pi/4 - asin(1 / (6 sqrt2)).
    local rod, disk = c2d.segment(0, 0, 10, 0), c2d.disk(6, 6, 1)
    local th = pi / 4 - asin(1 / (6 * sqrt(2)))
    local t, nx, ny, px, py = rod:sweepTurning(0, 0, pi / 2, disk, { apivot = { 0, 0 } })
    local exact = th / (pi / 2)
    assert.is_true(t <= exact, ("t %.17g after the touch %.17g"):format(t, exact))
    -- within the tolerance (1e-9 of the size, about 11.3, in distance; the
    -- gap closes at about 10 * pi/2 a step): t within 1e-8
    assert.is_true(exact - t < 1e-8, ("t %.17g, touch %.17g"):format(t, exact))
    -- the normal from the disk toward the rod: the rod's normal at th, down
    -- and to the right, (sin th, -cos th); the point on the rod, at 6 cos th +
    -- 6 sin th along it
    common.near(nx, sin(th), 1e-7, "nx"); common.near(ny, -cos(th), 1e-7, "ny")
    local along = 6 * cos(th) + 6 * sin(th)
    common.near(px, along * cos(th), 1e-6, "px"); common.near(py, along * sin(th), 1e-6, "py")
    -- the end pose alone (th = pi/2: the rod along +y, 6 from the centre) misses
    assert.is_false(pose(rod, 1, 0, 0, pi / 2, 0, 0):hits(disk))
  end)

  it("a box turning in place meets the corner of the box above it", function()
    -- A: box centred at (0,0), 10 x 2, turning by pi/2 about its centre; B:
    -- box (0, 4.5), 2 x 2 (x -1..1, y 3.5..5.5). A's top edge is the line
    -- -x sin th + y cos th = 1; B's corner (1, 3.5) reaches it first, where
    -- 3.5 cos th - sin th = 1: th = acos(1 / sqrt(13.25)) - atan(1 / 3.5)
    -- (its foot on the edge, 3.5 along, is within A's half length 5).
    local a, b = c2d.box(0, 0, 10, 2, 0), c2d.box(0, 4.5, 2, 2, 0)
    local th = acos(1 / sqrt(13.25)) - atan(1 / 3.5)
    local t, nx, ny = a:sweepTurning(0, 0, pi / 2, b)
    local exact = th / (pi / 2)
    assert.is_true(t <= exact and exact - t < 1e-8, ("t %.17g, touch %.17g"):format(t, exact))
    -- the normal from B toward A: A's top edge's inward... B's corner meets A's
    -- top edge, whose outward normal is (-sin th, cos th): from B to A is minus it
    common.near(nx, sin(th), 1e-6, "nx"); common.near(ny, -cos(th), 1e-6, "ny")
    -- B turning the other way by the same angle about A's centre is the same
    -- motion seen from A: the same t
    local t2 = a:sweepTurning(0, 0, 0, b, 0, 0, -pi / 2, { bpivot = { 0, 0 } })
    assert.is_true(t2 <= exact and exact - t2 < 1e-8, ("t2 %.17g, touch %.17g"):format(t2, exact))
  end)

  it("a point on an arm of 1000 swung a quarter turn into a box 0.002 wide", function()
    -- the point (1000, 0) turning about (0, 0) by pi/2 against a square of
    -- side 0.002 centred at (0, 1000): on the circle of radius 1000 it meets
    -- the square's right face x = 0.001 (where the circle's y, 1000 - 5e-10,
    -- is within the face) when 1000 cos th = 0.001
    local exact = acos(1e-6) / (pi / 2)
    local t, nx, ny = c2d.point(1000, 0):sweepTurning(0, 0, pi / 2, c2d.box(0, 1000, 0.002, 0.002, 0), { apivot = { 0, 0 } })
    -- (the tolerance is 64 ulps of 1000 in distance, 1.4e-11, closed on at
    -- 1000 pi/2 a unit of t: within 1e-14 in t)
    assert.is_true(t <= exact and exact - t < 1e-13, ("t %.17g, touch %.17g"):format(t, exact))
    common.near(nx, 1, 1e-9, "nx"); common.near(ny, 0, 1e-9, "ny")
  end)

  it("a blade passing a thin wall between two poses that both miss it", function()
    -- blade: a capsule of radius 0.5 from (0,0) to (10,0), turning by 2 rad
    -- about (0,0) in one step; wall: a segment at angle 1 from r = 3 to 8.
    -- Both end poses (0 and 2 rad) miss it; the blade's line comes within 0.5
    -- of the wall's near end first: 3 sin(1 - th) = 0.5, th = 1 - asin(1/6).
    local blade = c2d.capsule(0, 0, 10, 0, 0.5)
    local wall = c2d.segment(3 * cos(1), 3 * sin(1), 8 * cos(1), 8 * sin(1))
    assert.is_false(blade:hits(wall))
    assert.is_false(pose(blade, 1, 0, 0, 2, 0, 0):hits(wall))
    local t = blade:sweepTurning(0, 0, 2, wall, { apivot = { 0, 0 } })
    local exact = (1 - asin(1 / 6)) / 2
    assert.is_true(t <= exact and exact - t < 1e-8, ("t %.17g, touch %.17g"):format(t, exact))
    -- and sweep, which does not turn, sees nothing
    assert.is_nil(blade:sweep(0, 0, wall))
  end)

  it("starts in touch as sweep does: moving in is t = 0, parting and sliding no hit", function()
    local floor = c2d.aabb(-100, 0, 200, 10)
    -- a box resting on the floor turning about its centre: a corner goes in
    local crate = c2d.box(0, -1, 4, 2, 0)
    local t, nx, ny = crate:sweepTurning(0, 0, 0.5, floor)
    assert.are.equal(0, t)
    common.near(nx, 0, 1e-12, "nx"); common.near(ny, -1, 1e-12, "ny")
    -- the same box turning about its bottom right corner (2, 0) the other
    -- way: its bottom left corner (-2, 0) goes to (2 - 4 cos 0.5, -4 sin 0.5),
    -- up: parting
    local leaning = c2d.box(0, -1, 4, 2, 0)
    assert.is_nil(leaning:sweepTurning(0, 0, 0.5, floor, { apivot = { 2, 0 } }))
    -- and about that corner the way that lifts nothing: (-2, 0) goes down, in
    assert.are.equal(0, (leaning:sweepTurning(0, 0, -0.5, floor, { apivot = { 2, 0 } })))
    -- a disk resting on the floor turning about its centre: its point set does
    -- not change, it slides (stays touching) to the end
    assert.is_nil(c2d.disk(0, -3, 3):sweepTurning(0, 0, 1, floor))
    -- and moving along it while turning: still sliding
    assert.is_nil(c2d.disk(0, -3, 3):sweepTurning(20, 0, 1, floor))
  end)

  it("without a turn is sweep's own answer, bit for bit", function()
    local a, b = c2d.polygon(0, 0, 3, 0, 1, 2), c2d.disk(10, 1, 1)
    assert.are.same({ a:sweep(10, 0.5, b, -1, 0) }, { a:sweepTurning(10, 0.5, 0, b, -1, 0, 0) })
    assert.are.same({ a:sweep(10, 0.5, b) }, { a:sweepTurning(10, 0.5, 0, b) })
    -- an AABB and a layer may take part without turning
    local layer = c2d.tiles(0, 0, 10, 10, 3, 1, { 1, 0, 1 })
    assert.are.same({ c2d.aabb(12, -5, 4, 4):sweep(0, 10, layer) }, { c2d.aabb(12, -5, 4, 4):sweepTurning(0, 10, 0, layer) })
  end)

  it("a disk or point turning about its own centre is the straight sweep, bit for bit", function()
    -- two disks 1e6 out, touching, each turning about its centre while they
    -- part sideways along their common tangent: no hit, as sweep says
    local a, b = c2d.disk(1e6, 1e6, 5), c2d.disk(1e6, 1e6 + 10, 5)
    assert.is_nil(a:sweep(1, 0, b, 12, 0))
    assert.is_nil(a:sweepTurning(1, 0, 0.390625, b, 12, 0, 0.015625))
    -- a disk turning about its centre into a box: sweep's t and normal
    local box = c2d.aabb(20, -5, 4, 10)
    assert.are.same({ c2d.disk(0, 0, 2):sweep(30, 0, box) }, { c2d.disk(0, 0, 2):sweepTurning(30, 0, 7, box) })
    assert.are.same({ c2d.point(0, 0):sweep(30, 0, box) }, { c2d.point(0, 0):sweepTurning(30, 0, -3, box) })
  end)

  it("a still AABB against a turning rod, either one first", function()
    -- rod (0,0)-(10,0) turning by pi/2 about (0,0); box [3,4] x [5,6]: its
    -- corner at the least angle, (4,5) at atan2(5, 4), is 6.4 from the pivot
    -- (within the rod's 10): the rod meets it first.
    local rod, box = c2d.segment(0, 0, 10, 0), c2d.aabb(3, 5, 1, 1)
    local exact = atan(5 / 4) / (pi / 2)
    local t1, nx, ny, px, py = rod:sweepTurning(0, 0, pi / 2, box, { apivot = { 0, 0 } })
    local t2 = box:sweepTurning(0, 0, 0, rod, 0, 0, pi / 2, { bpivot = { 0, 0 } })
    for _, t in ipairs { t1, t2 } do
      assert.is_true(t <= exact and exact - t < 1e-8, ("t %s, touch %.17g"):format(tostring(t), exact))
    end
    -- the rod meets the corner: the point is the corner, the normal from the
    -- box toward the rod any direction between the box's bottom and right
    -- faces' outward normals, (0,-1) and (1,0)
    common.near(px, 4, 1e-6, "px"); common.near(py, 5, 1e-6, "py")
    assert.is_true(nx >= -1e-9 and ny <= 1e-9, ("normal (%g, %g)"):format(nx, ny))
  end)

  it("a speck orbiting into a moving disk: the normal is the disk's radius through the point", function()
    -- a Box 1e-13 across at (-25.5, 1e-13) turned by 3 rad about the disk's
    -- centre (2, 25.25) (37.3 from it) while the disk, radius 25.25, moves by
    -- (36, 1): where they meet, the normal (from the speck toward the disk)
    -- is the disk's radius from the point to its centre, whichever the cores
    -- measured last
    local disk = c2d.disk(2, 25.25, 25.25)
    local speck = c2d.box(-25.5, 1e-13, 1e-13, 1e-13, 1e-13)
    local t, nx, ny, px, py = disk:sweepTurning(36, 1, 0, speck, 1e-13, 1e-13, 3,
      { bpivot = { 2, 25.25 }, tolerance = 1e-13 })
    assert.is_number(t)
    local cx, cy = 2 + 36 * t, 25.25 + t
    local rx, ry = cx - px, cy - py
    local len = sqrt(rx * rx + ry * ry)
    common.near(len, 25.25, 1e-9, "the point on the rim")
    common.near(nx, rx / len, 1e-9, "nx"); common.near(ny, ry / len, 1e-9, "ny")
  end)

  it("a turning shape against a layer, a Concave and a Group", function()
    -- a rod of 30 turning about (15, -20) by pi over a floor of tiles whose
    -- top is y = 0: it reaches down 15 below its pivot... its far end is 15
    -- from the pivot: never deeper than y = -5, no touch; a rod of 50: its
    -- end reaches y = 5 below... touches y = 0 when 25 sin th = 20
    local floor = c2d.tiles(-100, 0, 10, 10, 40, 1, string.rep("#", 40))
    local short = c2d.segment(0, -20, 30, -20)
    assert.is_nil(short:sweepTurning(0, 0, pi, floor))
    local long = c2d.segment(-10, -20, 40, -20)
    local t = long:sweepTurning(0, 0, pi / 2, floor)
    local exact = asin(20 / 25) / (pi / 2)
    -- (the tolerance is 1e-9 of the rod's length, 50, in distance; its end
    -- closes on the floor at 25 * pi/2 * cos th: t within 5e-8 / 24)
    assert.is_true(t <= exact and exact - t < 3e-9, ("t %.17g, touch %.17g"):format(t, exact))
    -- the same floor as a Concave and as a Group of boxes
    local concave = c2d.concave(-100, 0, 300, 0, 300, 10, -100, 10)
    local group = c2d.group(c2d.aabb(-100, 0, 200, 10), c2d.aabb(100, 0, 200, 10))
    for _, f in ipairs { concave, group } do
      local tf = long:sweepTurning(0, 0, pi / 2, f)
      assert.is_true(tf <= exact and exact - tf < 1e-8, ("%s: t %.17g, touch %.17g"):format(tostring(f), tf, exact))
    end
  end)
end)

describe("a compound parting from a shape along a tangent", function()
  -- A Group of Disk(4, 0, 2) and two Points against Triangle(2, 1, 2, 0, 0, -32):
  -- the disk's leftmost point (2, 0) lies on the triangle's edge x = 2, so they
  -- start in touch. Both turn by 1/64 rad, about different pivots, while the
  -- group moves 178 further along +y than the triangle: the disk slides off the
  -- edge's end at (2, 0)... and away, so the answer is no hit. The gap grows as
  -- t^2 at first, while the fastest any point moves is about 180: the steps of
  -- the speed bound alone ran out at t = 0.0028, 4.8e-4 apart, and answered a hit
  -- there. The pieces' own steps (the disk's, the points') follow the gap itself.
  local group = c2d.group(c2d.disk(4, 0, 2), c2d.point(0, -10), c2d.point(0, 1))
  local tri = c2d.triangle(2, 1, 2, 0, 0, -32)
  local ma = { 3.1415926535897931, 130.14159265358978, 1 / 64, 4, 0 }
  local mb = { 3.1415926535897825, -48, 1 / 64, 4 / 3, -31 / 3 }
  it("is no hit, and no pose after the start touches", function()
    assert.is_true(group:hits(tri)) -- in touch at the start
    local t = group:sweepTurning(ma[1], ma[2], ma[3], tri, mb[1], mb[2], mb[3],
      { apivot = { ma[4], ma[5] }, bpivot = { mb[4], mb[5] } })
    assert.is_nil(t)
    for i = 1, 2000 do
      local s = (i / 2000) ^ 2 -- (denser near the start, where they part)
      assert.is_false(pose(group, s, ma[1], ma[2], ma[3], ma[4], ma[5]):hits(pose(tri, s, mb[1], mb[2], mb[3], mb[4], mb[5])), s)
    end
  end)
  it("meets a wall the group then runs into", function()
    -- the same motion with a wall across the group's way at y = 60 (the group
    -- moves by 130.14 in y, turning by 1/64 about (4, 0): its points go no
    -- further than its pivot's path plus their turn, so the first touch is
    -- where the disk's bottom, 2 below its centre, reaches y = 60)
    local wall = c2d.aabb(-100, 60, 200, 10)
    local t = group:sweepTurning(ma[1], ma[2], ma[3], wall, 0, 0, 0, { apivot = { ma[4], ma[5] } })
    -- the disk's centre turns about (4, 0), which is its own centre: it stays at
    -- (4, 0) + t d, its bottom at y = 130.14 t + 2; t = 58 / 130.14
    local exact = 58 / ma[2]
    assert.is_true(t <= exact and exact - t < 1e-8, ("t %.17g, touch %.17g"):format(t, exact))
  end)
end)

describe("a Group holding a Fan, turning, parting from a point along the arc's tangent", function()
  -- Fan(0, 1, 3, 0, 1): apex (0, 1), radius 3, opening 1 about +x; the point
  -- (3, 1) is the middle of its arc, so they start in touch. The group moves
  -- down 10 turning by 1/64 about (0.74, 1); the point moves up 1 (turning
  -- about itself, it does not turn). From the apex the point is then at
  -- about (3 - 0.74 (1 - cos a), 11 t + 0.74 sin a), a = t/64: its distance
  -- squared is 9 + 121 t^2 - 2.2 a^2 + ..., above 9, so it leaves the arc's
  -- circle at once (the capsule stays 2 away). The gap grows as t^2 while the
  -- point's speed is 11: the speed bound's steps ran out at t = 2.1e-4, the
  -- poses 8.8e-7 apart, and answered a hit there.
  local group = c2d.group(c2d.capsule(0, 0, 0, 2, 1), c2d.fan(0, 1, 3, 0, 1))
  local pt = c2d.point(3, 1)
  local piv = { 0.74127827279840597, 1 }
  it("is no hit, in either order, and no pose after the start touches", function()
    assert.is_true(group:hits(pt))
    assert.is_nil(group:sweepTurning(0, -10, 1 / 64, pt, 0, 1, 1 / 64, { apivot = piv, bpivot = { 3, 1 } }))
    assert.is_nil(pt:sweepTurning(0, 1, 1 / 64, group, 0, -10, 1 / 64, { apivot = { 3, 1 }, bpivot = piv }))
    for i = 1, 2000 do
      local s = (i / 2000) ^ 2
      assert.is_false(pose(group, s, 0, -10, 1 / 64, piv[1], piv[2]):hits(pose(pt, s, 0, 1, 0, 3, 1)), s)
    end
  end)
end)

describe("a rod spinning fast as it moves to a wall", function()
  -- Segment(-1, 0, 1, 0) turning by w about its centre (0, 0) while moving by
  -- (10, 0), toward the wall x = 8: its rightmost point is at f(s) = 10 s +
  -- |cos(w s)|, at most 10 s + 1, so nothing touches before s = 0.7. The first
  -- peak of |cos| after 0.7, s_k = k pi / w, reaches 10 s_k + 1 > 8; on its
  -- rising side, from s_k - pi / (2 w), f increases, so the touch there is
  -- found by bisection. (The peak before lies 0.82 pi / w, 0.69 pi / w and
  -- 0.2 pi / w before 0.7 for the three w: too far back for its falling side
  -- to reach 8 after 0.7.) The speed bound is about w: its steps alone took
  -- 2.7 ms a call at w = 1e5; the disk the rod sweeps about its centre closes
  -- only as its centre moves.
  local rod, wall = c2d.segment(-1, 0, 1, 0), c2d.aabb(8, -5, 1, 10)
  local function rightmost(w, s) return 10 * s + math.abs(math.cos(w * s)) end
  for _, w in ipairs { 1000, 100000, 1e7 } do
    it(("meets the wall where its end first reaches it (w = %g)"):format(w), function()
      local sk = math.ceil(0.7 * w / math.pi) * math.pi / w
      local lo, hi = sk - math.pi / (2 * w), sk
      assert.is_true(rightmost(w, lo) < 8 and rightmost(w, hi) >= 8)
      for _ = 1, 100 do
        local mid = (lo + hi) / 2
        if rightmost(w, mid) < 8 then lo = mid else hi = mid end
      end
      local clock = os.clock()
      local t = rod:sweepTurning(10, 0, w, wall, { apivot = { 0, 0 } })
      assert.is_true(t <= hi and hi - t < 1e-8, ("t %.17g, touch %.17g"):format(t, hi))
      assert.is_true(os.clock() - clock < 0.05, "a sweep taking over 50 ms")
    end)
  end
end)

describe("shapes sliding along a long wall, drifting into it", function()
  -- The wall: a Segment 4e4 long through B = (5000.37, 5000.61) along
  -- u = (cos 0.7, sin 0.7); n = (-sin 0.7, cos 0.7) its normal. A shape starts
  -- 1e-7 off it on n's side and moves 1e4 along u and 3e-7 toward it: its
  -- nearest point reaches the wall at t = 1/3. Sliding this fast past a wall
  -- this long, the direction between the closest points, read from points
  -- rounded to 1e-12, is off by 1e-5; the gap along that tilted direction
  -- falls below the distance by 0.2 over the wall's length, and a step that
  -- took the distance for the gap along it went past the touch: no hit.
  local th, bx, by = 0.7, 5000.37, 5000.61
  local ux, uy = cos(th), sin(th)
  local nx, ny = -uy, ux
  local wall = c2d.segment(bx - 2e4 * ux, by - 2e4 * uy, bx + 2e4 * ux, by + 2e4 * uy)
  local dx, dy = 1e4 * ux - 3e-7 * nx, 1e4 * uy - 3e-7 * ny
  it("a Group of a Fan aimed at it and a Disk, turning by 1e-9 about the apex, meets it at t = 1/3", function()
    -- the Fan (radius 1, opening 0.5, aimed along -n) has its apex 1 + 1e-7
    -- from the wall; turning by 1e-9 about the apex keeps its arc's reach
    -- along -n at 1
    local ax, ay = bx + (1 + 1e-7) * nx - 5000 * ux, by + (1 + 1e-7) * ny - 5000 * uy
    local fan = c2d.fan(ax, ay, 1, th - pi / 2, 0.5) -- -n = (sin th, -cos th)
    local group = c2d.group(fan, c2d.disk(ax + 5 * nx, ay + 5 * ny, 0.3))
    for _, x in ipairs { fan, group } do
      local t = x:sweepTurning(dx, dy, 1e-9, wall, { apivot = { ax, ay } })
      -- the tolerance (1e-9 of the group's size, or the rounding at 5e3) is
      -- closed by the drift of 3e-7 in at most 0.02
      assert.is_truthy(t)
      assert.is_true(t <= 1 / 3 + 1e-9 and t > 1 / 3 - 0.02, ("t %.17g"):format(t))
    end
  end)
  it("a rod spinning 1e6 rad about its centre meets it as its centre comes within its half-length", function()
    -- a Segment of length 1, centre C 0.5 + 1e-7 from the wall, spinning by 1e6:
    -- it reaches 0.5 toward the wall every pi / 1e6 of t, so the first touch is
    -- within 3.2e-6 after its centre comes to 0.5 at t = 1/3; the tolerance
    -- (at least the rounding at 5e3) is closed by the drift in less than 0.05.
    -- Moved to 1e6 (where the rounding of its reach, 3e-8, is a third of
    -- the gap, and such pairs were missed 151 times in 200), it is still met,
    -- never late, but its last 1e-8 crawls at the spin's speed and runs out
    -- of steps before the tolerance: the answer is early there.
    local cx, cy = bx + (0.5 + 1e-7) * nx - 5000 * ux, by + (0.5 + 1e-7) * ny - 5000 * uy
    for _, base in ipairs { 0, 1048576 } do
      local w2 = c2d.segment(bx + base - 2e4 * ux, by + base - 2e4 * uy, bx + base + 2e4 * ux, by + base + 2e4 * uy)
      local rod = c2d.segment(cx + base - 0.5 * cos(1), cy + base - 0.5 * sin(1), cx + base + 0.5 * cos(1), cy + base + 0.5 * sin(1))
      local t = rod:sweepTurning(dx, dy, 1e6, w2, { apivot = { cx + base, cy + base } })
      assert.is_truthy(t)
      assert.is_true(t <= 1 / 3 + 3.2e-6 and (base > 0 or t > 1 / 3 - 0.05), ("t %.17g at %g"):format(t, base))
    end
  end)
  it("a World lists a disk a swung Fan touches within the tolerance", function()
    -- Fan(0, 0, 10, 0, 1) swung by 2 rad about its apex sweeps everything
    -- within 10 of the origin between angles -0.5 and 2.5; Disk(0, 11 + 1e-9, 1)
    -- is 1e-9 beyond its arc's reach, within the default tolerance (1e-9 of
    -- the smaller size, about 2.8e-9): the pair touches, and the World must
    -- list it (its search box was grown by the reach alone)
    local wld = c2d.world(8)
    local disk = wld:add(c2d.disk(0, 11 + 1e-9, 1))
    local fan = c2d.fan(0, 0, 10, 0, 1)
    local t = fan:sweepTurning(0, 0, 2, disk, { apivot = { 0, 0 } })
    assert.is_truthy(t)
    local list = wld:sweepTurning(fan, 0, 0, 2, nil, { pivot = { 0, 0 } })
    assert.are.same({ disk }, list)
  end)
end)

describe("a triangle parting from a turning Line along a tangent", function()
  -- Triangle(0, 3, 3, 0, 3, 3) has its vertex (0, 3) on the Line x = 0, the
  -- rest to its right. Both turn by 1/64 rad, the Line about (0, 1), the
  -- triangle about (2, 2), while the Line moves by (1, 1) and the triangle by
  -- (1, -19). They start in touch and draw apart, then meet again near
  -- t = 0.05, when the triangle sliding down brings its long edge to the
  -- Line. The Line turns, so only the fastest point bounded the steps, which
  -- ran out at t = 0.00016 and answered a hit there, still apart; against a
  -- Line the step now follows the gap along its normal.
  local line, tri = c2d.line(0, 0, 0, 2), c2d.triangle(0, 3, 3, 0, 3, 3)
  local ml, mt = { 1, 1, 1 / 64, 0, 1 }, { 1, -19, 1 / 64, 2, 2 }
  local function at(s)
    return pose(line, s, ml[1], ml[2], ml[3], ml[4], ml[5]), pose(tri, s, mt[1], mt[2], mt[3], mt[4], mt[5])
  end
  it("meets at the second touch, found by sampling and bisection", function()
    assert.is_true(line:hits(tri))
    local t = line:sweepTurning(ml[1], ml[2], ml[3], tri, mt[1], mt[2], mt[3],
      { apivot = { ml[4], ml[5] }, bpivot = { mt[4], mt[5] } })
    -- no touch after the start before t (samples denser near the start)
    for i = 1, 2000 do
      local a, b = at(t * (i / 2001) ^ 2)
      assert.is_false(a:hits(b), i)
    end
    -- the first touch after it: bisected between t and 0.05 (sampled: touching)
    local a, b = at(0.05)
    assert.is_true(a:hits(b))
    local lo, hi = t, 0.05
    for _ = 1, 60 do
      local mid = (lo + hi) / 2
      a, b = at(mid)
      if a:hits(b) then hi = mid else lo = mid end
    end
    assert.is_true(t <= hi and hi - t < 1e-6, ("t %.17g, touch %.17g"):format(t, hi))
    a, b = at(t)
    assert.is_true(a:distance(b) <= 1e-8)
  end)
end)

-- 2. Seeded random pairs against dense sampling -------------------------------

local rng = common.lcg(20261128)
local function r(a, b) return rng.range(a, b) end

local KINDS = { "point", "segment", "disk", "box", "triangle", "hull", "capsule", "fan", "concave", "group", "aabb" }
local function random_shape(i, cx, cy) return common.random_shape(rng, KINDS[i], cx, cy) end

-- (C2D_TURNING_PAIRS=100000 runs the long check the benchmarks note quotes)
local PAIRS, SAMPLES = tonumber(os.getenv("C2D_TURNING_PAIRS")) or 600, 400

describe(("sweepTurning against dense sampling (%d seeded random pairs of every bounded kind, %d samples each)"):format(PAIRS, SAMPLES), function()
  it("is never after a sampled touch, and the shapes are within the tolerance at the t answered", function()
    local hits, misses = 0, 0
    for i = 1, PAIRS do
      local o = (i % 3 == 0) and 1e6 or 0
      local a = random_shape(1 + (i % 11), o + r(-5, 5), o + r(-5, 5))
      local b = random_shape(1 + ((i * 7) % 11), o + r(-12, 12), o + r(-12, 12))
      local adx, ady, ada = r(-10, 10), r(-10, 10), r(-3, 3)
      local bdx, bdy, bda = 0, 0, 0
      if i % 2 == 0 then bdx, bdy, bda = r(-5, 5), r(-5, 5), r(-2, 2) end
      -- (an AABB keeps still; the other turns, in whose frame it turns)
      if a:type() == "AABB" then ada = 0 end
      if b:type() == "AABB" then bda = 0 end
      local apx, apy = a:center()
      if a:type() == "Fan" then apx, apy = a:position() end
      local bpx, bpy = b:center()
      if b:type() == "Fan" then bpx, bpy = b:position() end
      -- the documented tolerance: 1e-9 of the smaller size (a Point's 0 leaves
      -- the other's), at least 64 epsilons of the coordinates' magnitude
      local sa, sb = size_of(a), size_of(b)
      local tol = max(1e-9 * ((sa > 0 and sb > 0) and min(sa, sb) or max(sa, sb)), 64 * 2 ^ -52 * magnitude(a, b))
      local t = a:sweepTurning(adx, ady, ada, b, bdx, bdy, bda)
      -- the first sampled touch (t = 0 included only when they are in deeper
      -- than the tolerance a little later, as the contract reads a start)
      local first
      for k = 1, SAMPLES do
        local s = k / SAMPLES
        if pose(a, s, adx, ady, ada, apx, apy):hits(pose(b, s, bdx, bdy, bda, bpx, bpy)) then first = s break end
      end
      local start_touch = a:hits(b)
      if first and not start_touch then
        -- bisect down to the first touch between the samples
        local lo, hi = first - 1 / SAMPLES, first
        for _ = 1, 60 do
          local mid = (lo + hi) / 2
          if pose(a, mid, adx, ady, ada, apx, apy):hits(pose(b, mid, bdx, bdy, bda, bpx, bpy)) then hi = mid else lo = mid end
        end
        assert.is_truthy(t, ("pair %d: %s and %s touch at %.17g, and the sweep says none"):format(i, tostring(a), tostring(b), hi))
        -- (up to the rounding of the poses built here, in t: a few epsilons
        -- of the magnitude over the speed between them)
        local v = sqrt((adx - bdx) ^ 2 + (ady - bdy) ^ 2)
        local slack = 16 * 2 ^ -52 * magnitude(a, b) / max(v, 1)
        assert.is_true(t <= hi + slack, ("pair %d: %s and %s (%g, %g, %g; %g, %g, %g) answered %.17g after a touch at %.17g"):format(i, tostring(a), tostring(b), adx, ady, ada, bdx, bdy, bda, t, hi))
      end
      if t then
        hits = hits + 1
        local pa, pb = pose(a, t, adx, ady, ada, apx, apy), pose(b, t, bdx, bdy, bda, bpx, bpy)
        local d = pa:distance(pb)
        -- within the tolerance, up to the rounding of the poses (built here
        -- apart from the library's: a few epsilons of the magnitude each)
        assert.is_true(d <= tol * (1 + 1e-6) + 16 * 2 ^ -52 * magnitude(a, b), ("pair %d: %g apart at t %.17g (tolerance %g)"):format(i, d, t, tol))
      else
        misses = misses + 1
        assert.is_true(first == nil or start_touch, ("pair %d: a touch at %s, and the sweep says none"):format(i, tostring(first)))
      end
    end
    assert.is_true(hits > PAIRS / 5 and misses > PAIRS / 5, ("hits %d, misses %d: the draws test both"):format(hits, misses))
  end)
end)

describe("World:sweepTurning", function()
  it("lists what a sword's swing cuts, earliest first, with the filter and the pivot", function()
    -- a sword (capsule of radius 2, 40 long) swung by 2 rad about its hilt
    -- (100, 100); enemies at 20 px, 0.5 rad (radius 3) and at 30 px, 1 rad
    -- (radius 5) from the hilt are cut when 20 sin(0.5 - 2t) = 5 and
    -- 30 sin(1 - 2t) = 7; one at 2.5 rad, and one far away, are not
    local w = c2d.world(32)
    local sword = w:add(c2d.capsule(100, 100, 140, 100, 2))
    local far = w:add(c2d.disk(100 + 30 * cos(1), 100 + 30 * sin(1), 5))
    local near_one = w:add(c2d.disk(100 + 20 * cos(0.5), 100 + 20 * sin(0.5), 3))
    w:add(c2d.disk(100 + 30 * cos(2.5), 100 + 30 * sin(2.5), 5))
    w:add(c2d.disk(300, 300, 5))
    local list, times = w:sweepTurning(sword, 0, 0, 2, nil, { pivot = { 100, 100 } })
    assert.are.equal(2, #list); assert.are.equal(2, #times)
    assert.are.equal(near_one, list[1]); assert.are.equal(far, list[2])
    local t1, t2 = (0.5 - asin(5 / 20)) / 2, (1 - asin(7 / 30)) / 2
    assert.is_true(times[1] <= t1 and t1 - times[1] < 1e-8, ("%.17g vs %.17g"):format(times[1], t1))
    assert.is_true(times[2] <= t2 and t2 - times[2] < 1e-8, ("%.17g vs %.17g"):format(times[2], t2))
    -- each is what the shape's own sweepTurning answers
    assert.are.equal(times[1], (sword:sweepTurning(0, 0, 2, near_one, { apivot = { 100, 100 } })))
    -- the filter leaves one out
    local kept = w:sweepTurning(sword, 0, 0, 2, function(o) return o ~= near_one end, { pivot = { 100, 100 } })
    assert.are.same({ far }, kept)
    -- without options it turns about its centre (120, 100), as rotate does:
    -- the same list as with that pivot given
    assert.are.same({ w:sweepTurning(sword, 0, 0, 2, nil, { pivot = { 120, 100 } }) }, { w:sweepTurning(sword, 0, 0, 2) })
    -- an AABB cannot turn; without a turn it may sweep
    local box = w:add(c2d.aabb(0, 0, 4, 4))
    assert.has_error(function() w:sweepTurning(box, 0, 0, 1) end)
    assert.are.same({}, (w:sweepTurning(box, 10, 0, 0)))
  end)

  it("a turning Concave blade finds the AABB walls it cuts (the walls stand still, the blade turns)", function()
    -- a blade from its hilt (0, 0) along +x to x = 30 (a 2-wide bar with a
    -- 2 x 4 guard at the hilt), swung by pi/2 about the hilt: its leading
    -- edge, 1 from its axis, meets a point of the wall [20, 22] x [14, 40]
    -- at radius r and angle a when the axis is at a - asin(1 / r). Over the
    -- wall's bottom face (x, 14) that falls as x grows, and its far corner
    -- (22, 14) (26.1 from the hilt, within the blade's 30) comes first
    local w = c2d.world(16)
    local blade = w:add(c2d.concave(0, -2, 2, -2, 2, -1, 30, -1, 30, 1, 2, 1, 2, 2, 0, 2))
    local wall = w:add(c2d.aabb(20, 14, 2, 26))
    w:add(c2d.aabb(-40, -40, 2, 2))   -- out of reach
    local list, times = w:sweepTurning(blade, 0, 0, math.pi / 2, nil, { pivot = { 0, 0 } })
    assert.are.same({ wall }, list)
    local exact = (atan(14 / 22) - asin(1 / sqrt(22 * 22 + 14 * 14))) / (math.pi / 2)
    assert.is_true(times[1] <= exact and exact - times[1] < 1e-8, ("%.17g vs %.17g"):format(times[1], exact))
  end)
end)

describe("sweepTurning: a Line and a tile layer", function()
  it("a Line turning over a floor of tiles meets its far top corner, in either order", function()
    -- tiles 10 wide from x = -100 to 300, tops at y = 0 (y grows down); the
    -- Line y = -20 turns by pi/4 about (0, -20): at angle th it meets the
    -- floor's far top corner (300, 0) when tan th = 20 / 300
    local floor = c2d.tiles(-100, 0, 10, 10, 40, 1, string.rep("#", 40))
    local line = c2d.line(0, -20, 1, -20)
    local exact = math.atan(20 / 300) / (pi / 4)
    local t, nx, ny, px, py = line:sweepTurning(0, 0, pi / 4, floor, { apivot = { 0, -20 } })
    -- (the tolerance is 1e-9 of the run's 400 in distance; the corner is
    -- closed on at about 300 pi/4 a unit of t: within 2e-9 in t)
    assert.is_true(t <= exact and exact - t < 2e-9, ("t %.17g, touch %.17g"):format(t, exact))
    -- the normal from the floor toward the Line: the Line's normal at th, up
    common.near(nx, sin(exact * pi / 4), 1e-9, "nx"); common.near(ny, -cos(exact * pi / 4), 1e-9, "ny")
    common.near(px, 300, 1e-6, "px"); common.near(py, 0, 1e-6, "py")
    local t2, nx2, ny2 = floor:sweepTurning(0, 0, 0, line, 0, 0, pi / 4, { bpivot = { 0, -20 } })
    assert.are.equal(t, t2)
    assert.are.equal(-nx, nx2); assert.are.equal(-ny, ny2)
    -- turned the other way its left half comes down to the near corner
    -- (-100, 0), when tan th = 20 / 100 (closed on at about 100 pi/4: within
    -- 4e-7 / 78 in t); by 0.05 rad it reaches neither
    local back = line:sweepTurning(0, 0, -pi / 4, floor, { apivot = { 0, -20 } })
    local exact_back = math.atan(20 / 100) / (pi / 4)
    assert.is_true(back <= exact_back and exact_back - back < 5.2e-9, ("t %.17g, touch %.17g"):format(back, exact_back))
    assert.is_nil(line:sweepTurning(0, 0, 0.05, floor, { apivot = { 0, -20 } }))
    -- a layer still cannot turn
    assert.is_false(pcall(floor.sweepTurning, floor, 0, 0, 1, line))
  end)
end)

describe("sweepTurning: two parallel Lines turning alike", function()
  it("touch when the gap between them closes, not where rounding crosses them far away", function()
    -- y = x and y = x + 3, both turning by 1/64 about their own pivots
    -- (0.5, 0.5) and (0.5, 3.5) while the pivots move by (-48, 9) and
    -- (-35, 2): they stay parallel at th = pi/4 + t/64, and the gap between
    -- them is cos th (3 - 7t) - sin th 13t (the cross of their direction with
    -- the pivots' offset (13t, 3 - 7t)), 0 at the root found by bisection.
    -- (The pose of one in the other's frame rounded its direction, and the
    -- two crossed far away at t = 0.14913, 0.0059 apart.)
    local function gap(t)
      local th = pi / 4 + t / 64
      return cos(th) * (3 - 7 * t) - 13 * t * sin(th)
    end
    local lo, hi = 0, 1
    for _ = 1, 80 do
      local m = (lo + hi) / 2
      if gap(m) > 0 then lo = m else hi = m end
    end
    local a, b = c2d.line(0, 0, 1, 1), c2d.line(0, 3, 1, 4)
    local opts = { apivot = { 0.5, 0.5 }, bpivot = { 0.5, 3.5 } }
    local t, nx, ny = a:sweepTurning(-48, 9, 1 / 64, b, -35, 2, 1 / 64, opts)
    -- the gap closes at about 14 a unit of t, and the tolerance is 1e-9 of size
    assert.is_true(t <= hi and lo - t < 1e-9, ("t %.17g, touch %.17g"):format(t, lo))
    -- the normal from b toward a: the Lines' normal (sin th, -cos th)
    local th = pi / 4 + lo / 64
    common.near(nx, sin(th), 1e-9, "nx"); common.near(ny, -cos(th), 1e-9, "ny")
    -- turning at different rates they cross at once
    assert.are.equal(0, (a:sweepTurning(-48, 9, 1 / 64, b, -35, 2, 1 / 32, opts)))
  end)
end)

describe("sweepTurning: a Fan tangent to a segment at the start, both turning", function()
  it("parts from it: no hit, for a Fan opened beyond pi and one that is not", function()
    -- the arc of radius 5 about (0, 0) touches y = -5 at (0, -5) (straight
    -- down lies inside both wedges); both turn by 1/64 about pivots of their
    -- own while the Fan moves 47 left: they part, the gap growing about as
    -- t^2 at first (2.75e-7 at t = 2.7e-5), which the bound on any point's
    -- speed (47) crawled after, out of steps: it answered a hit at
    -- t = 2.7e-5 (fuzz seed 20261215). The sampled gaps below show they
    -- never touch after the start.
    local seg = c2d.segment(0, -5, 2, -5)
    local pa, pb = { 0.72410882793964448, 0.3352776898819278 }, { 1, -5 }
    for _, fan in ipairs{ c2d.fan(0, 0, 5, 13, 5), c2d.fan(0, 0, 5, -1.2, 2) } do
      for _, tol in ipairs{ false, 5.7896982372399067e-08 } do
        local opts = { apivot = pa, bpivot = pb, tolerance = tol or nil }
        assert.is_nil(fan:sweepTurning(-47, 0, 1 / 64, seg, 0, 0, 1 / 64, opts), tostring(fan))
      end
      for k = 1, 2000 do
        local t = (k / 2000) ^ 2
        local a = fan:clone():rotate(t / 64, pa[1], pa[2]):move(-47 * t, 0)
        local b = seg:clone():rotate(t / 64, pb[1], pb[2])
        assert.is_false(a:hits(b), ("%s touches at t = %g"):format(tostring(fan), t))
      end
    end
  end)
end)

describe("sweepTurning: a Fan 2.7e4 across spinning beside two points", function()
  -- A Group of two points turning 1.33 rad, and a Fan of radius 27138 whose
  -- apex is a unit from them turning pi the other way, both about (1, 0.5):
  -- the arc sweeps 1e5 a step, the points move 2e2 in the Fan's frame. The
  -- reference: where the poses' distance first comes to 0, scanned in steps
  -- of 1e-4, then halved 60 times.
  it("answers where the poses touch, not where the steps run out", function()
    local g, f = c2d.group(c2d.point(0, 0), c2d.point(2, 1)), c2d.fan(0, 1, 27138, 3, 3)
    local ga, fa = 1.328125, -3.1415926535897922
    local t = g:sweepTurning(1, 0, ga, f, 4, -48, fa, { apivot = { 1, 0.5 }, bpivot = { 1, 0.5 } })
    local function gap(s) return (pose(g, s, 1, 0, ga, 1, 0.5):distance(pose(f, s, 4, -48, fa, 1, 0.5))) end
    local lo, hi = 0, nil
    for i = 1, 1000 do
      if gap(i * 1e-4) == 0 then hi = i * 1e-4 break end
      lo = i * 1e-4
    end
    assert.is_truthy(hi)
    for _ = 1, 60 do
      local m = (lo + hi) / 2
      if gap(m) == 0 then hi = m else lo = m end
    end
    assert.is_true(t <= hi, ("t %.17g after the touch at %.17g"):format(t, hi))
    -- within the tolerance (1e-9 of the Group's 2.24 across) and the poses' rounding
    assert.is_true(gap(t) <= 2e-8, ("t %.17g, %.3g apart (the touch at %.17g)"):format(t, gap(t), hi))
  end)
end)

describe("sweepTurning: bad input", function()
  local a, b = c2d.disk(0, 0, 1), c2d.box(5, 0, 2, 2, 0)
  local function message(f) local ok, e = pcall(f) assert.is_false(ok) return tostring(e) end
  it("names the argument at fault", function()
    assert.is_truthy(message(function() return a:sweepTurning(0, 0, 0 / 0, b) end):find("dangle must be finite", 1, true))
    assert.is_truthy(message(function() return c2d.sweepTurning(a, 0, 0, 1, 5) end):find("collide2d shape expected", 1, true))
    assert.is_truthy(message(function() return c2d.aabb(0, 0, 1, 1):sweepTurning(0, 0, 1, b) end):find("an AABB cannot rotate", 1, true))
    assert.is_truthy(message(function() return a:sweepTurning(0, 0, 1, b, { apivot = { 0 } }) end):find("options.apivot", 1, true))
    assert.is_truthy(message(function() return a:sweepTurning(0, 0, 1, b, { tolerance = -1 }) end):find("options.tolerance", 1, true))
    assert.is_truthy(message(function() return a:sweepTurning(0, 0, 1, b, 0, 0, 0, 5) end):find("table (options) expected", 1, true))
  end)
end)
