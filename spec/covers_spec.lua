-- covers over a union: a Concave, a Group or a wide Fan holding a shape that no
-- single piece holds. Each case is worked out by hand (the reason is given
-- beside it) and runs at the origin and 1e6 away; the "no piece alone" checks
-- make sure the union, not one piece, is what is tested.
local c2d = require "collide2d"
local common = require "support.common"

local pi, asin = math.pi, math.asin
local FAR = 1e6

-- None of s's pieces (a Concave's pieces, a Group's members) holds b alone.
local function no_piece_alone(s, b)
  for _, p in ipairs(s:pieces()) do
    assert.is_false(p:covers(b), tostring(p) .. " alone holds " .. tostring(b))
  end
end

local function at_both(name, run)
  it(name, function() run(0, 0) end)
  it(name .. ", 1e6 from the origin", function() run(FAR, FAR) end)
end

describe("covers over a union", function()
  -- An L with arms 2 wide: [0,4]x[0,2] and [0,2]x[0,4]; the notch is x > 2, y > 2.
  -- As a Group of two convex pieces cut along the diagonal (0,0)-(2,2), and as a
  -- Concave (cut however the decomposition cuts it: every cut leaves (2,2)).
  local function L_group(ox, oy)
    return c2d.group(c2d.polygon(ox, oy, ox + 4, oy, ox + 4, oy + 2, ox + 2, oy + 2),
                     c2d.polygon(ox, oy, ox + 2, oy + 2, ox + 2, oy + 4, ox, oy + 4))
  end
  local function L_concave(ox, oy)
    return c2d.concave(ox, oy, ox + 4, oy, ox + 4, oy + 2, ox + 2, oy + 2, ox + 2, oy + 4, ox, oy + 4)
  end

  at_both("a disk over the L's inner diagonal: held, touching two sides; 1e-9 bigger is not", function(ox, oy)
    -- centre (1.17, 1.17), radius 1.17: it touches x = 0 and y = 0, reaches
    -- x, y <= 2.34 < 4, and the notch's corner (2,2) is 0.83*sqrt(2) = 1.1738 > 1.17
    -- away, so no point of it has x > 2 and y > 2.
    local disk = c2d.disk(ox + 1.17, oy + 1.17, 1.17)
    for _, L in ipairs { L_group(ox, oy), L_concave(ox, oy) } do
      assert.is_true(L:covers(disk))
      no_piece_alone(L, disk)
      -- 1e-9 more radius crosses x = 0 and y = 0
      assert.is_false(L:covers(c2d.disk(ox + 1.17, oy + 1.17, 1.17 + 1e-9)))
    end
  end)

  at_both("a quarter fan filling the L's corner across both arms", function(ox, oy)
    -- apex (0,0) facing 45 degrees, opening pi/2, radius 2.8: its points have
    -- x, y >= 0 and x + y <= 2.8 * sqrt(2) = 3.96 < 4, so none has x > 2 and y > 2;
    -- it reaches (2.8, 0) in one arm and (0, 2.8) in the other.
    local fan = c2d.fan(ox, oy, 2.8, pi / 4, pi / 2)
    for _, L in ipairs { L_group(ox, oy), L_concave(ox, oy) } do
      assert.is_true(L:covers(fan))
      -- radius 2*sqrt(2) + 0.01 reaches past the notch's corner (2,2) along 45 degrees
      assert.is_false(L:covers(c2d.fan(ox, oy, 2 * math.sqrt(2) + 0.01, pi / 4, pi / 2)))
    end
    no_piece_alone(L_group(ox, oy), fan)
  end)

  at_both("a capsule along a U's floor, touching all four sides of it", function(ox, oy)
    -- U: base [0,3]x[0,1], arms [0,1]x[1,3] and [2,3]x[1,3]; the slot is
    -- 1 < x < 2, y > 1. The capsule (0.5,0.5)-(2.5,0.5) of radius 0.5 is the
    -- floor's strip less its corners: it touches y = 0, y = 1, x = 0 and x = 3.
    local U = c2d.concave(ox, oy, ox + 3, oy, ox + 3, oy + 3, ox + 2, oy + 3, ox + 2, oy + 1,
                          ox + 1, oy + 1, ox + 1, oy + 3, ox, oy + 3)
    local floor = c2d.capsule(ox + 0.5, oy + 0.5, ox + 2.5, oy + 0.5, 0.5)
    assert.is_true(U:covers(floor))
    no_piece_alone(U, floor)
    -- 1e-9 higher, its top pokes into the slot; 1e-9 more radius, through the floor
    assert.is_false(U:covers(c2d.capsule(ox + 0.5, oy + 0.5 + 1e-9, ox + 2.5, oy + 0.5 + 1e-9, 0.5)))
    assert.is_false(U:covers(c2d.capsule(ox + 0.5, oy + 0.5, ox + 2.5, oy + 0.5, 0.5 + 1e-9)))
  end)

  at_both("a fan in a comb: up a tooth from the back, and up a gap", function(ox, oy)
    -- comb: back [0,20]x[0,1], teeth [2i, 2i+1]x[1,5].
    local pts = { ox, oy, ox + 20, oy, ox + 20, oy + 1 }
    for i = 9, 0, -1 do
      for _, v in ipairs { 2 * i + 1, 1, 2 * i + 1, 5, 2 * i, 5, 2 * i, 1 } do
        pts[#pts + 1] = v + (#pts % 2 == 0 and ox or oy)
      end
    end
    local comb = c2d.concave(pts)
    -- From (0.5, 0) up, radius 4.5: the points above y = 1 are within
    -- 4.5 * sin(half) of x = 0.5, which is 0.5 for half = asin(1/9): at most the
    -- tooth's width. Wider by 1e-6 rad, the arc's ends leave the tooth.
    assert.is_true(comb:covers(c2d.fan(ox + 0.5, oy, 4.5, pi / 2, 2 * asin(1 / 9))))
    assert.is_false(comb:covers(c2d.fan(ox + 0.5, oy, 4.5, pi / 2, 2 * asin(1 / 9) + 1e-6)))
    -- From (1.5, 0) up the gap between teeth 0 and 1: radius 1 stops at the
    -- back's top (the arc touches y = 1 at (1.5, 1)); 1e-9 more enters the gap.
    assert.is_true(comb:covers(c2d.fan(ox + 1.5, oy, 1, pi / 2, 1)))
    assert.is_false(comb:covers(c2d.fan(ox + 1.5, oy, 1 + 1e-9, pi / 2, 1)))
  end)

  at_both("a disk held by two overlapping disks of a Group, touching at the waist", function(ox, oy)
    -- disks (0,0) and (6,0) of radius 5 cross at (3, +-4). The disk (3,0) of
    -- radius 4: its point at angle t is at squared distance 25 + 24 cos t from
    -- (0,0) and 25 - 24 cos t from (6,0), so one of them holds it (both at the
    -- waist); inner points are nearer still.
    local pair = c2d.group(c2d.disk(ox, oy, 5), c2d.disk(ox + 6, oy, 5))
    local b = c2d.disk(ox + 3, oy, 4)
    assert.is_true(pair:covers(b))
    no_piece_alone(pair, b)
    assert.is_false(pair:covers(c2d.disk(ox + 3, oy, 4 + 1e-9)))   -- (3, 4 + 1e-9) is in neither
    -- the capsule (1,0)-(5,0) of radius 4: a point (x, y) of its middle with
    -- |y| <= 4 is within x^2 + 16 <= 25 of (0,0) when x <= 3, and of (6,0) when
    -- x >= 3; its left cap's points are 17 + 8 cos t <= 25 from (0,0) (the right
    -- likewise): held, touching at the waist; 1e-9 more radius is not
    assert.is_true(pair:covers(c2d.capsule(ox + 1, oy, ox + 5, oy, 4)))
    assert.is_false(pair:covers(c2d.capsule(ox + 1, oy, ox + 5, oy, 4 + 1e-9)))
  end)

  at_both("a square and a disk held by four integer tiles that touch edge to edge", function(ox, oy)
    local tiles = c2d.group(c2d.aabb(ox, oy, 1, 1), c2d.aabb(ox + 1, oy, 1, 1),
                            c2d.aabb(ox, oy + 1, 1, 1), c2d.aabb(ox + 1, oy + 1, 1, 1))
    assert.is_true(tiles:covers(c2d.aabb(ox, oy, 2, 2)))
    assert.is_true(tiles:covers(c2d.polygon(ox + 1, oy, ox + 2, oy + 1, ox + 1, oy + 2, ox, oy + 1)))
    local disk = c2d.disk(ox + 1, oy + 1, 1)        -- across both seams, touching all four sides
    assert.is_true(tiles:covers(disk))
    no_piece_alone(tiles, disk)
    assert.is_true(tiles:covers(c2d.fan(ox + 1, oy + 1, 1, 0.3, 5)))
    assert.is_true(tiles:covers(c2d.capsule(ox + 0.5, oy + 1, ox + 1.5, oy + 1, 0.5)))
    assert.is_false(tiles:covers(c2d.disk(ox + 1, oy + 1, 1 + 1e-9)))
    assert.is_false(tiles:covers(c2d.aabb(ox, oy + 1e-9, 2, 2)))
    -- three tiles, [1,2]^2 missing: the disk reaches into it, and so does a tiny
    -- disk at the corner all four tiles share; the bottom row is still held
    local three = c2d.group(c2d.aabb(ox, oy, 1, 1), c2d.aabb(ox + 1, oy, 1, 1), c2d.aabb(ox, oy + 1, 1, 1))
    assert.is_false(three:covers(disk))
    assert.is_false(three:covers(c2d.disk(ox + 1, oy + 1, 1e-3)))
    assert.is_true(tiles:covers(c2d.disk(ox + 1, oy + 1, 1e-3)))
    assert.is_true(three:covers(c2d.capsule(ox + 0.5, oy + 0.5, ox + 1.5, oy + 0.5, 0.5)))
  end)

  at_both("a ring of tiles with a hole: every point of a disk's rim is held, its middle is not", function(ox, oy)
    -- 3x3 tiles less the middle one [1,2]^2. The disk (1.5,1.5) of radius 1.5
    -- touches the outer sides and its rim runs through the tiles, but its
    -- centre is in the hole.
    local ring = {}
    for i = 0, 2 do
      for j = 0, 2 do
        if i ~= 1 or j ~= 1 then ring[#ring + 1] = c2d.aabb(ox + i, oy + j, 1, 1) end
      end
    end
    ring = c2d.group(table.unpack(ring))
    assert.is_false(ring:covers(c2d.disk(ox + 1.5, oy + 1.5, 1.5)))
    assert.is_false(ring:covers(c2d.aabb(ox, oy, 3, 3)))
    -- the bottom row's strip y in [0,1] is held across three tiles
    assert.is_true(ring:covers(c2d.capsule(ox + 0.5, oy + 0.5, ox + 2.5, oy + 0.5, 0.5)))
    -- the strip y in [0, 1 + 1e-9] reaches into the hole
    assert.is_false(ring:covers(c2d.aabb(ox + 0.5, oy, 2, 1 + 1e-9)))
    -- around the hole, held by the eight tiles: the square ring's outline as a Concave
    assert.is_true(ring:covers(c2d.concave(ox, oy, ox + 3, oy, ox + 3, oy + 3, ox + 2, oy + 3, ox + 2, oy + 1,
                                           ox + 1, oy + 1, ox + 1, oy + 3, ox, oy + 3)))
  end)

  at_both("two disks touching at one point hold the segment through it along the centres only", function(ox, oy)
    local pair = c2d.group(c2d.disk(ox, oy, 1), c2d.disk(ox + 2, oy, 1))
    assert.is_true(pair:covers(c2d.segment(ox - 1, oy, ox + 3, oy)))
    assert.is_true(pair:covers(c2d.point(ox + 1, oy)))
    assert.is_false(pair:covers(c2d.segment(ox + 1, oy - 0.5, ox + 1, oy + 0.5)))
    assert.is_false(pair:covers(c2d.segment(ox + 0.5, oy + 0.01, ox + 1.5, oy + 0.01)))
    assert.is_false(pair:covers(c2d.disk(ox + 1, oy, 1e-3)))
    -- apart by 1e-9: the segment along the centres has a gap
    local apart = c2d.group(c2d.disk(ox, oy, 1), c2d.disk(ox + 2 + 1e-9, oy, 1))
    assert.is_false(apart:covers(c2d.segment(ox - 1, oy, ox + 3, oy)))
  end)

  at_both("a wide fan holds a disk across the seam of its halves", function(ox, oy)
    -- opening 3pi/2 toward +x: every direction but those within 45 degrees of -x.
    -- The disk (1,0) of radius 0.5 lies within radius 1.5 < 2 and 30 degrees of +x.
    local wide = c2d.fan(ox, oy, 2, 0, 3 * pi / 2)
    assert.is_true(wide:covers(c2d.disk(ox + 1, oy, 0.5)))
    assert.is_true(wide:covers(c2d.disk(ox + 1, oy, 1)))           -- touches the arc at (2, 0)
    assert.is_false(wide:covers(c2d.disk(ox + 1, oy, 1 + 1e-9)))
    -- the disk (-1,0) of radius 0.5 lies in the missing quarter
    assert.is_false(wide:covers(c2d.disk(ox - 1, oy, 0.5)))
    -- the capsule (0,1)-(1,-1) of radius 0.3 crosses the seam on +x, passes the apex
    -- 0.447 away, keeps x > -|y| (off the gap) and reaches 1.71 < 2 from it
    assert.is_true(wide:covers(c2d.capsule(ox, oy + 1, ox + 1, oy - 1, 0.3)))
  end)

  at_both("a character (capsule and fan) holds a disk where body and view meet", function(ox, oy)
    -- capsule (0,0)-(0,2) of radius 0.5, fan from (0,1) of radius 3 facing +x,
    -- opening 1. The disk (0.3,1) of radius 0.25: its points with x <= 0.5 are in
    -- the capsule (|x| <= 0.5, y in [0.75, 1.25]); those with x > 0.5 have
    -- |y - 1| <= 0.15, so they lie within atan(0.15/0.5) = 0.29 < 0.5 rad of +x
    -- and 0.55 < 3 from the apex: in the fan. (0.1, 1.1) is in the disk but
    -- 45 degrees off the fan's axis; (0.55, 1) is past the capsule.
    local hero = c2d.group(c2d.capsule(ox, oy, ox, oy + 2, 0.5), c2d.fan(ox, oy + 1, 3, 0, 1))
    local b = c2d.disk(ox + 0.3, oy + 1, 0.25)
    assert.is_true(hero:covers(b))
    no_piece_alone(hero, b)
    -- the disk (0.45, 1.6) of radius 0.1 reaches x = 0.55 at y = 1.6, 1.06 rad off the axis
    assert.is_false(hero:covers(c2d.disk(ox + 0.45, oy + 1.6, 0.1)))
  end)

  at_both("a compound b: a Concave held by tiles, a Group held by a Concave", function(ox, oy)
    local tiles = {}
    for i = 0, 3 do
      for j = 0, 3 do tiles[#tiles + 1] = c2d.aabb(ox + i, oy + j, 1, 1) end
    end
    tiles = c2d.group(table.unpack(tiles))
    local small_L = c2d.concave(ox + 0.5, oy + 0.5, ox + 3.5, oy + 0.5, ox + 3.5, oy + 1.5, ox + 1.5, oy + 1.5,
                                ox + 1.5, oy + 3.5, ox + 0.5, oy + 3.5)
    assert.is_true(tiles:covers(small_L))
    assert.is_false(tiles:covers(c2d.concave(ox - 1e-9, oy + 0.5, ox + 3.5, oy + 0.5, ox + 3.5, oy + 1.5,
                                             ox + 1.5, oy + 1.5, ox + 1.5, oy + 3.5, ox + 0.5, oy + 3.5)))
    -- the L of width 2 holds a group of the disk and fan above
    local held = c2d.group(c2d.disk(ox + 1.17, oy + 1.17, 1.17), c2d.fan(ox, oy, 2.8, pi / 4, pi / 2))
    assert.is_true(L_concave(ox, oy):covers(held))
    assert.is_false(L_concave(ox, oy):covers(c2d.group(c2d.disk(ox + 1.17, oy + 1.17, 1.17), c2d.disk(ox + 3, oy + 3, 0.1))))
  end)

  at_both("a sliver across the L's notch is not held; one along its arm or through its corner is", function(ox, oy)
    -- Triangles 7e-15 wide (below the rounding of their coordinates) along a
    -- segment. From (1, 3.5) to (3.5, 1), x + y = 4.5: the middle (2.25, 2.25)
    -- is in the notch, though all three vertices and their mean lie in the L.
    -- From (1, 3) to (3, 1), x + y = 4 meets the notch only at its corner
    -- (2, 2), which the L holds; (0.5, 0.5) to (3.5, 1.5) lies in the lower arm.
    for _, L in ipairs { L_group(ox, oy), L_concave(ox, oy) } do
      assert.is_false(L:covers(c2d.triangle(ox + 1, oy + 3.5, ox + 3.5, oy + 1, ox + 1, oy + 3.5 + 1e-14)))
      assert.is_false(L:covers(c2d.polygon(ox + 1, oy + 3.5, ox + 3.5, oy + 1, ox + 1, oy + 3.5 + 1e-14)))
      assert.is_true(L:covers(c2d.triangle(ox + 1, oy + 3, ox + 3, oy + 1, ox + 1, oy + 3 + 1e-14)))
      assert.is_true(L:covers(c2d.triangle(ox + 0.5, oy + 0.5, ox + 3.5, oy + 1.5, ox + 0.5, oy + 0.5 + 1e-14)))
    end
  end)

  at_both("a fan too narrow to have an inside is held as its middle segment", function(ox, oy)
    -- Fans 1e-20 wide along the sliver's segments above: the one across the
    -- notch is not held, those through the corner and along the arm are; one
    -- whose apex lies outside the L, (5, 1) right of it or (3, 3) in the
    -- notch, is not held, though most of it is (and its middle, (1.75, 1.75)).
    for _, L in ipairs { L_group(ox, oy), L_concave(ox, oy) } do
      assert.is_false(L:covers(c2d.fan(ox + 1, oy + 3.5, 2.5 * math.sqrt(2), -pi / 4, 1e-20)))
      assert.is_true(L:covers(c2d.fan(ox + 1, oy + 3, 2 * math.sqrt(2) - 1e-9, -pi / 4, 1e-20)))
      assert.is_true(L:covers(c2d.fan(ox + 0.5, oy + 0.5, math.sqrt(10) - 1e-9, math.atan(1 / 3), 1e-72)))
      assert.is_false(L:covers(c2d.fan(ox + 5, oy + 1, 3, pi, 1e-72)))
      assert.is_false(L:covers(c2d.fan(ox + 3, oy + 3, 2.5 * math.sqrt(2), -3 * pi / 4, 1e-72)))
      assert.is_true(L:covers(c2d.fan(ox + 2, oy + 2, 1.5 * math.sqrt(2) - 1e-9, -3 * pi / 4, 1e-72)))
      assert.is_true(L:covers(c2d.fan(ox + 3.9, oy + 1, 3, pi, 1e-72)))
    end
  end)

  at_both("a flat polygon's vertices in any order along its line", function(ox, oy)
    -- Flat polygons whose first and last vertices are not its ends. x = 1 from
    -- y = 0 to 3.5 lies in the upper arm [0,2]x[0,4]: held. x = 3 from y = 0.5
    -- to 3.5 leaves the L above y = 2, though its first and last vertices,
    -- (3, 0.5) and (3, 1), are in the lower arm.
    for _, L in ipairs { L_group(ox, oy), L_concave(ox, oy) } do
      assert.is_true(L:covers(c2d.polygon(ox + 1, oy + 2, ox + 1, oy + 3.5, ox + 1, oy)))
      assert.is_false(L:covers(c2d.polygon(ox + 3, oy + 0.5, ox + 3, oy + 3.5, ox + 3, oy + 1)))
    end
  end)

  it("a sliver polygon holds itself and not a point 1.8e-8 outside its long edge", function()
    -- the edge from (-48,-48) to (0, 192448274432) passes y = 26 at
    -- x = -48 + 74 * 48 / 192448274480 = -48 + 1.8457e-8, so (-48, 26) is just
    -- outside; a tolerance relative to the sliver's length (1e11) would take it in
    local sliver = c2d.polygon(-48, -48, 9, 2, 0, 192448274432)
    assert.is_true(sliver:covers(sliver))
    assert.is_false(sliver:hits(c2d.point(-48, 26)))
    assert.is_false(sliver:covers(c2d.point(-48, 26)))
    assert.is_true(sliver:covers(c2d.point(-48 + 2e-8, 26)))
  end)

  -- Random sets of unit tiles on a 6x6 grid as a Group, and integer targets.
  -- The closed target lies in the closed union exactly when every tile whose
  -- open square meets the target's interior is present (a point on a seam has
  -- target points on both sides, so both tiles are there). A tile's square
  -- meets a disk's (or quarter disk's) interior when its nearest point is
  -- nearer than the radius: with half-integer centres and radii the squares
  -- compare exactly, so every touch is decided by the rule, not by rounding.
  at_both("integer tiles: covers is the tile rule for disks, quarter fans and boxes", function(ox, oy)
    local N = 6
    local r = common.lcg(13)
    local checked, held = 0, 0
    for _ = 1, 300 do
      local present, tiles = {}, {}
      local fill = 0.6 + 0.4 * r.u()
      for i = 0, N - 1 do
        for j = 0, N - 1 do
          if r.u() < fill then
            present[i * N + j] = true
            tiles[#tiles + 1] = c2d.aabb(ox + i, oy + j, 1, 1)
          end
        end
      end
      local function tile(i, j) return i >= 0 and j >= 0 and i < N and j < N and present[i * N + j] end
      -- the squared distance from (x, y) to tile (i, j)
      local function d2(x, y, i, j)
        local dx, dy = math.max(i - x, 0, x - (i + 1)), math.max(j - y, 0, y - (j + 1))
        return dx * dx + dy * dy
      end
      if #tiles > 0 then
        local kind, want = r.int(1, 3), true
        local target
        if kind == 1 then
          local cx, cy, rad = r.int(1, 2 * N - 1) / 2, r.int(1, 2 * N - 1) / 2, r.int(1, 6) / 2
          target = c2d.disk(ox + cx, oy + cy, rad)
          for i = -3, N + 2 do
            for j = -3, N + 2 do
              if d2(cx, cy, i, j) < rad * rad and not tile(i, j) then want = false end
            end
          end
        elseif kind == 2 then
          -- a quarter disk from a grid point, facing quadrant q (sx, sy: its signs)
          local ax, ay, rad, q = r.int(0, N), r.int(0, N), r.int(1, 4), r.int(0, 3)
          local sx, sy = (q == 0 or q == 3) and 1 or -1, q < 2 and 1 or -1
          target = c2d.fan(ox + ax, oy + ay, rad, pi / 4 + q * pi / 2, pi / 2)
          for i = -5, N + 4 do
            for j = -5, N + 4 do
              local inside = (sx > 0 and i >= ax or sx < 0 and i + 1 <= ax) and (sy > 0 and j >= ay or sy < 0 and j + 1 <= ay)
              if inside and d2(ax, ay, i, j) < rad * rad and not tile(i, j) then want = false end
            end
          end
        else
          local x, y, w, h = r.int(0, N - 1), r.int(0, N - 1), r.int(1, 3), r.int(1, 3)
          target = c2d.aabb(ox + x, oy + y, w, h)
          for i = x, x + w - 1 do
            for j = y, y + h - 1 do
              if not tile(i, j) then want = false end
            end
          end
        end
        local group = c2d.group(tiles)
        assert.are.equal(want, group:covers(target), tostring(target) .. " in " .. tostring(group))
        checked = checked + 1
        if want then held = held + 1 end
      end
    end
    -- both answers occur often enough for the rule to be tested both ways
    assert.is_true(held > 30 and checked - held > 30, held .. " held of " .. checked)
  end)
end)

-- covers against hits: a holds b only where they meet, and a point (or a shape
-- that is one point) is held exactly when it is contained. The tests of covers
-- work in a's frame, where a point's offset below the rounding of a's position
-- is lost; hits decides these exactly.
describe("covers agrees with hits", function()
  local tiny = 4.9406564584124654e-324 -- the least double above 0

  it("a point a subnormal step below a polygon's vertex is not held", function()
    -- (10,4), (5,2), (0,0) lie on y = 0.4 x; from (0,0) the outline goes on to
    -- (-47,-10) (y = 10/47 x). The inside is above both lines, which meet at
    -- (0,0), so (0, y) is inside for y >= 0 and outside for y < 0.
    local p = c2d.polygon(10, 4, 5, 2, 0, 0, -47, -10, -38, 0, 5, 11)
    for _, y in ipairs { -2.42e-322, -tiny } do
      assert.is_false(p:hits(c2d.point(0, y)))
      assert.is_false(p:contains(0, y))
      assert.is_false(p:covers(c2d.point(0, y)), "point (0, " .. y .. ")")
      assert.is_false(p:covers(c2d.disk(0, y, 0)), "disk of radius 0 at (0, " .. y .. ")")
    end
    for _, y in ipairs { 0, tiny, 2.42e-322 } do
      assert.is_true(p:covers(c2d.point(0, y)), "point (0, " .. y .. ")")
      assert.is_true(p:covers(c2d.segment(0, y, 0, y)), "zero-length segment at (0, " .. y .. ")")
    end
  end)

  it("a point 1e-20 below a vertex of a triangle placed 1e6 away is not held", function()
    -- Triangle (1e6, 3), (-5, 9), (0, 0): the edges at (0, 0) go to (1e6, 3)
    -- (slope 3e-6, the inside above it) and to (-5, 9) (the line 9x + 5y = 0,
    -- the inside on the side of (1e6, 3), where 9x + 5y > 0), so (0, y) is
    -- inside for y >= 0 and outside for y < 0. In the frame at
    -- (1e6, 3), -1e-20 - 3 rounds to -3: the offset is lost there.
    local t = c2d.triangle(1e6, 3, -5, 9, 0, 0)
    assert.is_false(t:covers(c2d.point(0, -1e-20)))
    assert.is_false(t:covers(c2d.segment(0, -1e-20, 0, -2e-20)))
    assert.is_true(t:covers(c2d.point(0, 1e-20)))
    assert.is_true(t:covers(c2d.segment(0, 1e-20, 0, 2e-20)))
    assert.is_true(t:covers(c2d.segment(0, 0, 1, 1)))
  end)
end)

describe("covers of a polygon flat but for an edge 2.4e-13 long", function()
  -- (-48,-48), (-10.500000000000245, -10.50000000000032), (-10.5, -10.500000000000075)
  -- and the origin (to 5e-322) all lie within 1e-13 of y = x. In the frame at
  -- (-48, -48) the short edge's ends round by an ulp of 37.5 (7e-15), which
  -- tilts that edge's line by 3% and put (0, 0), 10 away, 0.2 on its wrong side.
  local p = c2d.polygon(-48, -48, -10.500000000000245, -10.50000000000032, -10.5, -10.500000000000075,
    -2.0750757125332355e-322, -5.1876892813330887e-322)
  it("holds itself, and not a segment 1e-9 off its line", function()
    assert.is_true(p:covers(p))
    assert.is_true(p:covers(p:clone()))
    -- (-30, -30 + 1e-9) is 7e-10 above y = x, where the polygon is 1e-13 thick
    assert.is_true(p:hits(c2d.segment(-48, -48, -30, -30 + 1e-9)))
    assert.is_false(p:covers(c2d.segment(-48, -48, -30, -30 + 1e-9)))
    assert.is_true(p:covers(c2d.segment(-48, -48, -10.5, -10.500000000000075)))
  end)
end)

describe("covers between Lines", function()
  -- A Line holds another only when both of the other's points lie on it.
  local u = 2 ^ -1074 -- the least subnormal: these lines sit on a grid of it
  it("holds the same line given by other points, at any scale", function()
    assert.is_true(c2d.line(0, 0, 1, 1):covers(c2d.line(2, 2, 5, 5)))
    -- (-49,3)u..(-48,-37)u and one step of (1,-40)u further along it
    assert.is_true(c2d.line(-49 * u, 3 * u, -48 * u, -37 * u):covers(c2d.line(-48 * u, -37 * u, -47 * u, -77 * u)))
    local k = 2 ^ 1000
    assert.is_true(c2d.line(0, 0, k, k):covers(c2d.line(2 * k, 2 * k, 4 * k, 4 * k)))
  end)
  it("does not hold a parallel line apart, however near", function()
    -- direction (1,-40) for both; (1,-40) x ((-86,-34) - (-49,3)) = -37 - 1480 = -1517: apart
    local a = c2d.line(-49 * u, 3 * u, -48 * u, -37 * u)
    local b = c2d.line(-86 * u, -34 * u, -85 * u, -74 * u)
    assert.is_false(a:hits(b))
    assert.is_false(a:covers(b))
    assert.is_false(b:covers(a))
    -- y = x against y = x + 2^-52 (one ulp of 1 above it at x = 1)
    assert.is_false(c2d.line(0, 0, 1, 1):covers(c2d.line(1, 1 + 2 ^ -52, 2, 2 + 2 ^ -52)))
    local k = 2 ^ 1000
    assert.is_false(c2d.line(0, 0, k, k):covers(c2d.line(2 * k, 2 * k + 2 ^ 949, 4 * k, 4 * k + 2 ^ 950)))
  end)
end)
