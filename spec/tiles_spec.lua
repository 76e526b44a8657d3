-- Tile layers: c2d.tiles(x, y, tileW, tileH, columns, rows, data [, kinds]).
--
-- 1. Hand-worked cases, each value worked out in the comment beside it: a 4 x 3
--    map (a floor and a wall) at touching, 1e-9 apart and 1 ulp apart; distance;
--    contact of boxes sunk into a floor of several tiles (seams included);
--    boxes sliding along the floor (sweep), rays down and along seams, slopes,
--    covers across the seams of four tiles.
-- 2. Seeded random maps (every kind, named and custom) against the SLOW
--    reference: a Group of one shape per solid tile, built here from the kinds'
--    definitions with the same vertex formula x + (c-1 + u)*tileW (not from
--    layer:pieces()), for every other kind of shape and every query.
--    Where the two disagree, each answer is checked apart (an exact orientation
--    oracle for points; for contact and sweep, the move made and the moved shape
--    checked against every piece, and points of shapes without area against the
--    union's inside): the reference Group is itself wrong or not least in a few
--    cases, listed beside the tests. Contacts of thin shapes through points where
--    pieces meet that the layer gets wrong have hand-worked tests of their own.
-- 3. Play: set() changes the answers, and a layer in a World.
-- 4. Bad input: each argument wrong raises an error naming it.
local c2d = require "collide2d"
local common = require "support.common"

local near = common.near
local abs, max, min, floor, sqrt, pi = math.abs, math.max, math.min, math.floor, math.sqrt, math.pi
local h2 = sqrt(2) / 2

-- The hand-worked map, its top-left corner at (o, o), tiles of 16:
--   row 1 (y o..o+16):    . . . #      the wall: x o+48..o+64, y o..o+32
--   row 2 (y o+16..o+32): . . . #
--   row 3 (y o+32..o+48): # # # #      the floor: top y = o+32, x o..o+64
-- Seams: x = o+16, o+32, o+48 along the floor; y = o+16, o+32 down the wall.
local MAP = { 0, 0, 0, 1,
              0, 0, 0, 1,
              1, 1, 1, 1 }
local function map_at(o) return c2d.tiles(o, o, 16, 16, 4, 3, MAP) end

-- The next doubles past the map's sides, by hand. At the origin: 32 is in
-- [32, 64) (ulp 2^-47) and just below it [16, 32) (ulp 2^-48), so the next
-- double less than 32 is 32 - 2^-48; 48 in [32, 64): 48 - 2^-47; 64 in [64, 128):
-- 64 + 2^-46. Near 2^20 every value is in [2^20, 2^21): ulp 2^-32.
local OFFSETS = {
  { o = 0, name = "at the origin",
    above_floor = 32 - 2 ^ -48, left_of_wall = 48 - 2 ^ -47, right_of_map = 64 + 2 ^ -46 },
  { o = 2 ^ 20, name = "at 2^20",
    above_floor = 2 ^ 20 + 32 - 2 ^ -32, left_of_wall = 2 ^ 20 + 48 - 2 ^ -32, right_of_map = 2 ^ 20 + 64 + 2 ^ -32 },
}

local function both_hit(L, s) return L:hits(s), s:hits(L) end


-- A case found open in the core (a plain Group of the pieces answers the
-- same): pending, unless C2D_OPEN_CASES is set in the environment to run it.
local function open_case(reason)
  if os.getenv("C2D_OPEN_CASES") then return false end
  pending(reason)
  return true
end

describe("Tile layers: the layer itself", function()
  it("unpack, tostring, type, bbox, position, center, get", function()
    local L = map_at(0)
    assert.are.equal("Tiles", L:type())
    assert.are.equal("Tiles", c2d.type(L))
    assert.are.equal("Tiles(0, 0, 16, 16, 4, 3)", tostring(L))
    assert.are.same({ 0, 0, 16, 16, 4, 3 }, { L:unpack() })
    assert.are.same({ 0, 0, 64, 48 }, { L:bbox() })
    assert.are.same({ 0, 0 }, { L:position() })
    assert.are.same({ 32, 24 }, { L:center() })
    assert.are.equal(1, L:get(4, 1))
    assert.are.equal(0, L:get(1, 1))
    assert.are.equal(1, L:get(1, 3))
    assert.is_nil(L:get(0, 1)); assert.is_nil(L:get(5, 1)); assert.is_nil(L:get(1, 4)); assert.is_nil(L:get(1, 0))
  end)

  it(("reads a table of codes whole, every code kept (backend %s)"):format(c2d.backend), function()
    -- 300 x 200 tiles whose codes run through [0, 65535] by a step prime to
    -- 65536: every tile's get is its own code; the layer is the same one
    -- whichever way the backend reads the table (LuaJIT's FFI front end reads
    -- it in Lua, the C binding through the Lua API)
    local data = {}
    for i = 1, 60000 do data[i] = (i * 7919) % 65536 end
    local L = c2d.tiles(0, 0, 1, 1, 300, 200, data)
    for r = 1, 200, 7 do
      for c = 1, 300, 11 do assert.are.equal(data[(r - 1) * 300 + c], L:get(c, r)) end
    end
    assert.are.equal(data[60000], L:get(300, 200))
    -- -0 is code 0; 65535 is the last code
    local E = c2d.tiles(0, 0, 1, 1, 3, 1, { -0.0, 65535, 1 }, { [65535] = "full" })
    assert.are.same({ 0, 65535, 1 }, { E:get(1, 1), E:get(2, 1), E:get(3, 1) })
    assert.is_true(E:contains(1.5, 0.5)); assert.is_false(E:contains(2.5, 0.5)) -- code 1 is not in kinds: empty
    -- a table with a metatable is read raw, as any other
    local M = setmetatable({ 1, 0 }, { __index = function() return 1 end })
    assert.are.same({ 1, 0 }, { c2d.tiles(0, 0, 1, 1, 2, 1, M):get(1, 1), c2d.tiles(0, 0, 1, 1, 2, 1, M):get(2, 1) })
    -- a bad code anywhere is the same error whatever the backend
    for _, bad in ipairs { 0 / 0, 1 / 0, -1, 65536, 0.5, "1" } do
      local d = { 1, 1, 1 }
      d[2] = bad
      local ok, err = pcall(c2d.tiles, 0, 0, 1, 1, 3, 1, d)
      assert.is_false(ok)
      assert.are.equal("bad argument #7 to 'tiles' (data[2] must be a whole number in [0, 65535])", err)
    end
    local ok, err = pcall(c2d.tiles, 0, 0, 1, 1, 3, 1, { 1, nil, 1 })
    assert.is_false(ok); assert.is_truthy(err:find("data", 1, true))
  end)

  it("pieces: one per solid tile, row by row, or those meeting a box", function()
    local L = map_at(0)
    local all = L:pieces()
    assert.are.equal(6, #all)
    -- row 1: (4,1); row 2: (4,2); row 3: (1..4,3)
    local want = { { 48, 0 }, { 48, 16 }, { 0, 32 }, { 16, 32 }, { 32, 32 }, { 48, 32 } }
    for i, p in ipairs(all) do
      local x0, y0, x1, y1 = p:bbox()
      assert.are.same({ want[i][1], want[i][2], want[i][1] + 16, want[i][2] + 16 }, { x0, y0, x1, y1 })
    end
    -- the box [20, 30] x [30, 40] meets only tile (2, 3)
    assert.are.equal(1, #L:pieces(20, 30, 10, 10))
    -- [0, 16] x [0, 16] meets tiles (1,1), (2,1), (1,2), (2,2): all empty
    assert.are.equal(0, #L:pieces(0, 0, 16, 16))
  end)

  it("move, moveTo and scale move the tiles; rotate and outline are errors", function()
    local L = map_at(0)
    L:move(10, 20)
    assert.are.same({ 10, 20, 16, 16, 4, 3 }, { L:unpack() })
    assert.is_true(L:contains(10 + 8, 20 + 40))
    assert.is_false(L:contains(8, 40 - 20 + 1)) -- (8, 21): in tile (1,1) of the moved map, empty
    L:moveTo(100, 100)
    assert.are.same({ 100, 100, 164, 148 }, { L:bbox() })
    L:scale(2, 100, 100) -- about its corner: tiles of 32, the floor's top at 100 + 64
    assert.are.same({ 100, 100, 32, 32, 4, 3 }, { L:unpack() })
    assert.is_true(L:contains(110, 164))
    assert.is_false(L:contains(110, 164 - 1e-9))
    local ok, err = pcall(L.rotate, L, 1)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("cannot turn", 1, true))
    assert.has_error(function() L:outline() end)
    assert.are.same({ 100, 100, 32, 32, 4, 3 }, { L:unpack() }) -- the failed turn left it
  end)

  it("string data: '0', ' ' and '.' empty without kinds; a one-character kinds key is its byte", function()
    local L = c2d.tiles(0, 0, 16, 16, 4, 2, "#..#0 x#")
    -- '.', '0' and ' ' are read as code 0
    assert.are.same({ 35, 0, 0, 35, 0, 0, 120, 35 }, {
      L:get(1, 1), L:get(2, 1), L:get(3, 1), L:get(4, 1), L:get(1, 2), L:get(2, 2), L:get(3, 2), L:get(4, 2) })
    assert.is_true(L:contains(8, 8)); assert.is_false(L:contains(24, 8)); assert.is_false(L:contains(40, 8))
    assert.is_false(L:contains(8, 24)); assert.is_false(L:contains(24, 24)); assert.is_true(L:contains(40, 24))
    -- with kinds: "A" is code 65, in an array as in a string; codes not listed are empty
    local K = c2d.tiles(0, 0, 16, 16, 3, 1, { 65, 66, 1 }, { A = "full", [66] = "slope-br" })
    assert.is_true(K:contains(8, 8))
    assert.is_true(K:contains(30, 2))  -- (30, 2): u + v = 14/16 + 2/16 = 1, on slope-br's hypotenuse
    assert.is_false(K:contains(18, 2)) -- u + v = 2/16 + 2/16 < 1: above it
    assert.is_false(K:contains(40, 8)) -- code 1 is not listed: empty
    local S = c2d.tiles(0, 0, 16, 16, 3, 1, "A/.", { A = "full", ["/"] = "slope-br", ["."] = "full" })
    assert.is_true(S:contains(40, 8)) -- with kinds '.' is whatever kinds says
    assert.is_false(S:contains(18, 2))
  end)
end)

describe("Tile layers: hand-worked", function()
  for _, O in ipairs(OFFSETS) do
    local o = O.o
    describe(O.name, function()
      it("contains at touching, 1e-9 apart and 1 ulp apart", function()
        local L = map_at(o)
        -- the floor's top, away from seams and at the seam x = 16
        assert.is_true(L:contains(o + 8, o + 32)); assert.is_true(L:contains(o + 16, o + 32))
        assert.is_false(L:contains(o + 8, o + 32 - 1e-9)); assert.is_false(L:contains(o + 8, O.above_floor))
        assert.is_false(L:contains(o + 16, O.above_floor))
        -- the wall's face x = 48, at the seam y = 16 between its stacked tiles
        assert.is_true(L:contains(o + 48, o + 16)); assert.is_true(L:contains(o + 48, o + 8))
        assert.is_false(L:contains(o + 48 - 1e-9, o + 16)); assert.is_false(L:contains(O.left_of_wall, o + 16))
        -- the inner corner where the wall meets the floor
        assert.is_true(L:contains(o + 48, o + 32))
        assert.is_false(L:contains(O.left_of_wall, O.above_floor))
        -- the map's right side x = 64
        assert.is_true(L:contains(o + 64, o + 40)); assert.is_true(L:contains(o + 64, o))
        assert.is_false(L:contains(O.right_of_map, o + 40)); assert.is_false(L:contains(o + 64 + 1e-9, o + 40))
        -- inside, on the seams (there is no seam): (16, 40) and (56, 16)
        assert.is_true(L:contains(o + 16, o + 40)); assert.is_true(L:contains(o + 56, o + 16))
        -- empty tiles: (8, 8); (32, 16), the corner of four empty tiles
        assert.is_false(L:contains(o + 8, o + 8)); assert.is_false(L:contains(o + 32, o + 16))
        -- points as shapes give the same, either order
        for _, p in ipairs { { o + 16, o + 32, true }, { o + 16, O.above_floor, false }, { o + 48, o + 16, true },
                             { O.left_of_wall, o + 16, false }, { O.right_of_map, o + 40, false } } do
          local a, b = both_hit(L, c2d.point(p[1], p[2]))
          assert.are.equal(p[3], a); assert.are.equal(p[3], b)
        end
      end)

      it("hits at touching, 1e-9 apart and 1 ulp apart", function()
        local L = map_at(o)
        local cases = {
          -- a segment along the floor's top, across all its seams; 1 ulp and 1e-9 above it
          { c2d.segment(o, o + 32, o + 64, o + 32), true },
          { c2d.segment(o, O.above_floor, o + 47, O.above_floor), false },
          { c2d.segment(o, o + 32 - 1e-9, o + 47, o + 32 - 1e-9), false },
          -- a box resting on the floor; its bottom 1 ulp above (16 - 2^-48 + 16 and
          -- 2^20 + 16 - 2^-32 + 16 are exact)
          { c2d.aabb(o + 8, o + 16, 16, 16), true },
          { c2d.aabb(o + 8, O.above_floor - 16, 16, 16), false },
          -- a box against the wall's face, its right side x = 48 (32 + 16); 1 ulp short
          { c2d.aabb(o + 32, o + 4, 16, 20), true },
          { c2d.aabb(O.left_of_wall - 16, o + 4, 16, 20), false },
          -- a disk on the floor: centre 8 above its top
          { c2d.disk(o + 16, o + 24, 8), true },
          { c2d.disk(o + 16, o + 24, 8 - 1e-9), false },
          -- a disk against the wall at its seam y = 16
          { c2d.disk(o + 40, o + 16, 8), true },
          { c2d.disk(o + 40, o + 16, 8 - 1e-9), false },
          -- a disk past the map's top-right corner (64, 0), 3 right and 4 up: 5 away
          { c2d.disk(o + 67, o - 4, 5), true },
          { c2d.disk(o + 67, o - 4, 5 - 1e-9), false },
          -- in the empty room: the box [0, 47] x [0, 31]
          { c2d.aabb(o, o, 47, 31), false },
        }
        for i, c in ipairs(cases) do
          local a, b = both_hit(L, c[1])
          assert.are.equal(c[2], a, "case " .. i .. " layer:hits")
          assert.are.equal(c[2], b, "case " .. i .. " shape:hits")
        end
      end)

      it("distance to disks above the floor, beside the wall and past a corner", function()
        local L = map_at(o)
        local T = 1e-9
        local cases = {
          -- centre (8, 20), radius 4: the floor's top is 12 below, so 8; at (8, 32) and (8, 24)
          { c2d.disk(o + 8, o + 20, 4), 8, { o + 8, o + 32 }, { o + 8, o + 24 } },
          -- over the seam x = 16: the same
          { c2d.disk(o + 16, o + 20, 4), 8, { o + 16, o + 32 }, { o + 16, o + 24 } },
          -- beside the wall at (40, 8): its face is 8 away, so 4
          { c2d.disk(o + 40, o + 8, 4), 4, { o + 48, o + 8 }, { o + 44, o + 8 } },
          -- past the corner (64, 0) at (67, -4): 5 - 1 = 4; the disk's point 1 from
          -- its centre toward the corner, (67 - 3/5, -4 + 4/5)
          { c2d.disk(o + 67, o - 4, 1), 4, { o + 64, o }, { o + 66.4, o - 3.2 } },
        }
        for i, c in ipairs(cases) do
          local d, ax, ay, bx, by = L:distance(c[1])
          near(d, c[2], T, "case " .. i .. " d")
          near(ax, c[3][1], T, "ax"); near(ay, c[3][2], T, "ay")
          near(bx, c[4][1], T, "bx"); near(by, c[4][2], T, "by")
          local d2, ax2, ay2, bx2, by2 = c[1]:distance(L)
          near(d2, c[2], T, "case " .. i .. " reversed d")
          near(ax2, c[4][1], T, "reversed ax"); near(ay2, c[4][2], T, "reversed ay")
          near(bx2, c[3][1], T, "reversed bx"); near(by2, c[3][2], T, "reversed by")
        end
        -- touching: exactly 0
        assert.are.equal(0, (L:distance(c2d.disk(o + 16, o + 24, 8))))
        assert.are.equal(0, (L:distance(c2d.point(o + 16, o + 32))))
        -- an empty layer is at math.huge
        assert.are.equal(math.huge, (c2d.tiles(o, o, 16, 16, 2, 2, { 0, 0, 0, 0 }):distance(c2d.point(o, o))))
      end)

      it("distance finds the nearest tile beyond the shape's own neighbourhood", function()
        local cases = {
          -- 2 x 1, only (2, 1) solid (x 16..32, y 0..16); the point (-5, 8) is 21 left of it
          { c2d.tiles(o, o, 16, 16, 2, 1, { 0, 1 }), c2d.point(o - 5, o + 8), 21, { o + 16, o + 8 } },
          -- 3 x 1, only (3, 1) solid (x 32..48); from (8, -10) its corner (32, 0) is
          -- sqrt(24^2 + 10^2) = 26 away
          { c2d.tiles(o, o, 16, 16, 3, 1, { 0, 0, 1 }), c2d.point(o + 8, o - 10), 26, { o + 32, o } },
          -- 4 x 4: the run (3..4, 1) (x 32..64, y 0..16) and (4, 4) (x 48..64, y 48..64).
          -- From (-25, 65): the run's corner (32, 16) is sqrt(57^2 + 49^2) = sqrt 5650 away,
          -- (4, 4)'s corner (48, 64) only sqrt(73^2 + 1^2) = sqrt 5330
          { c2d.tiles(o, o, 16, 16, 4, 4, { 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 }),
            c2d.point(o - 25, o + 65), sqrt(5330), { o + 48, o + 64 } },
          -- 1 x 4, a point piece in the middle of (1, 4): (8, 56); from (-10, 8): sqrt(18^2 + 48^2)
          { c2d.tiles(o, o, 16, 16, 1, 4, { 0, 0, 0, 1 }, { [1] = { 0.5, 0.5 } }),
            c2d.point(o - 10, o + 8), sqrt(2628), { o + 8, o + 56 } },
        }
        for i, c in ipairs(cases) do
          local d, ax, ay, bx, by = c[1]:distance(c[2])
          near(d, c[3], 1e-9, "case " .. i .. " d")
          near(ax, c[4][1], 1e-9, "case " .. i .. " ax"); near(ay, c[4][2], 1e-9, "case " .. i .. " ay")
          local px, py = c[2]:position()
          near(bx, px, 0, "case " .. i .. " bx"); near(by, py, 0, "case " .. i .. " by")
        end
      end)

      it("a box sunk 2 into a floor of several tiles is pushed straight up by 2, at a seam too", function()
        local L = map_at(o)
        -- each bottom at y = 34, 2 into the floor whose top is 32, none near the wall (x >= 48)
        local boxes = {
          c2d.aabb(o + 4, o + 18, 36, 16),    -- x 4..40: across the seams 16 and 32
          c2d.aabb(o + 8, o + 18, 16, 16),    -- x 8..24: across the seam 16
          c2d.aabb(o + 16, o + 18, 16, 16),   -- x 16..32: its sides on the seams
          c2d.aabb(o + 15, o + 18, 2, 16),    -- x 15..17: a thin box on the seam
          c2d.aabb(o, o + 18, 16, 16),        -- x 0..16: flush with the map's left side
          c2d.box(o + 16, o + 26, 8, 16, 0),  -- centre (16, 26), half height 8
          c2d.disk(o + 16, o + 30, 4),        -- bottom 34, on the seam
          c2d.capsule(o + 10, o + 30, o + 30, o + 30, 4),
        }
        for i, b in ipairs(boxes) do
          local nx, ny, depth, px, py = b:contact(L)
          assert.is_truthy(nx, "case " .. i .. ": contact")
          near(nx, 0, 1e-12, "case " .. i .. " nx (not sideways)")
          near(ny, -1, 1e-12, "case " .. i .. " ny")
          near(depth, 2, 1e-9, "case " .. i .. " depth")
          near(py, o + 33, 1 + 1e-9, "case " .. i .. " py, in the overlap")
          assert.is_true(px >= o and px <= o + 48, "case " .. i .. " px")
          -- the other order: the layer leaves the box downward
          local nx2, ny2, depth2 = L:contact(b)
          near(nx2, 0, 1e-12, "reversed nx"); near(ny2, 1, 1e-12, "reversed ny"); near(depth2, 2, 1e-9, "reversed depth")
          -- moved out by it, it rests on the floor: touching, contact depth 0
          b:move(nx * depth, ny * depth)
          assert.is_true(b:hits(L))
          local _, _, d3 = b:contact(L)
          near(d3, 0, 1e-9, "case " .. i .. " depth after the move")
        end
      end)

      it("a Group touching the layer in two places (an edge's middle and a corner) has contact depth 0", function()
        -- tiles of 2: row 1 (1,1) and (2,1), x 0..4, y 0..2 (one run of full tiles);
        -- row 2 (3,2), x 4..6, y 2..4. The point (2, 0) lies on the run's top; the
        -- disk of radius 1 at (6, 5) touches (3,2)'s corner (6, 4) from below. Each
        -- touches, neither overlaps: depth 0, and the move is nothing.
        local L = c2d.tiles(o, o, 2, 2, 3, 2, { 1, 1, 0, 0, 0, 1 })
        local cases = {
          c2d.group(c2d.disk(o + 6, o + 5, 1), c2d.point(o + 2, o)),
          c2d.group(c2d.point(o + 2, o), c2d.disk(o + 6, o + 5, 1)),
        }
        for i, s in ipairs(cases) do
          local _, _, depth = s:contact(L)
          near(depth, 0, 1e-9, "case " .. i .. " s:contact(L) depth")
          local _, _, depth2 = L:contact(s)
          near(depth2, 0, 1e-9, "case " .. i .. " L:contact(s) depth")
          assert.is_true(s:hits(L))
        end
      end)

      it("the same Group with its point off the seam, (3, 0) mid-tile: depth 0", function()
        -- A plain Group of the tiles as separate boxes answers the same wrong move
        -- (1 along (-1, 0)): Group contact of a point leaf on an edge's middle
        -- beside a second leaf touching elsewhere; open in compound_contact.c.
        pending("Group contact: a point leaf on an edge's middle with a second touch answers 1, not 0")
      end)

      it("a box sliding along the floor passes every seam and stops only at the wall", function()
        local L = map_at(o)
        for x0 = 0, 31 do
          -- resting on the floor at x0 (bottom 32), 16 wide; the wall's face is at 48
          local box = c2d.aabb(o + x0, o + 16, 16, 16)
          -- to x0 + (31 - x0): right side at 47, short of the wall by 1
          assert.is_nil(box:sweep(31 - x0, 0, L), "x0 = " .. x0 .. ": slide short of the wall")
          assert.is_nil(box:sweep(0.5, 0, L), "x0 = " .. x0 .. ": half a pixel")
          -- 64 to the right: the right side reaches 48 at t = (32 - x0) / 64
          local t, nx, ny, px, py = box:sweep(64, 0, L)
          assert.is_truthy(t, "x0 = " .. x0 .. ": the wall")
          near(t, (32 - x0) / 64, 1e-12, "x0 = " .. x0 .. " t")
          near(nx, -1, 1e-12, "nx"); near(ny, 0, 1e-12, "ny")
          near(px, o + 48, 1e-9, "px")
          assert.is_true(py >= o + 16 - 1e-9 and py <= o + 32 + 1e-9, "py on the wall's face")
          -- sliding left off the map's edge: nothing
          assert.is_nil(box:sweep(-40, 0, L), "x0 = " .. x0 .. ": off the left edge")
          -- pressing down: t = 0, the floor's normal (not a tile's side), at a seam too
          local t0, nx0, ny0 = box:sweep(20, 5, L)
          assert.are.equal(0, t0)
          near(nx0, 0, 1e-12, "pressing nx"); near(ny0, -1, 1e-12, "pressing ny")
          -- the layer moving under the box the other way: the same slide
          assert.is_nil(L:sweep(-(31 - x0), 0, box), "x0 = " .. x0 .. ": the layer sliding")
        end
        -- at the wall: pressing into it t = 0, normal (-1, 0); leaving it nothing
        local box = c2d.aabb(o + 32, o + 16, 16, 16)
        local t, nx, ny = box:sweep(1, 0, L)
        assert.are.equal(0, t); near(nx, -1, 1e-12, "nx"); near(ny, 0, 1e-12, "ny")
        assert.is_nil(box:sweep(-1, 0, L))
        assert.is_nil(box:sweep(0, -10, L)) -- up along the wall's face
        -- a sweep ending exactly flush with the wall hits at t = 1
        local t1 = c2d.aabb(o, o + 16, 16, 16):sweep(32, 0, L)
        assert.are.equal(1, t1)
        -- a fast box dropped from above onto a seam lands on the top: from y = -100
        -- (bottom -84) by 200, reaching 32 at t = 116/200 = 0.58
        local tf, nxf, nyf = c2d.aabb(o + 8, o - 100, 16, 16):sweep(0, 200, L)
        near(tf, 0.58, 1e-12, "falling t"); near(nxf, 0, 1e-12, "falling nx"); near(nyf, -1, 1e-12, "falling ny")
      end)

      it("rays: down a seam onto the floor's top, along a seam into the wall", function()
        local L = map_at(o)
        local cases = {
          -- straight down at the seams x = 16 and x = 32 from y = 0: the top at t = 32
          { o + 16, o, 0, 1, 100, 32, 0, -1 },
          { o + 32, o, 0, 1, 100, 32, 0, -1 },
          -- along the wall's seam y = 16 from x = 0: its face at t = 48, normal (-1, 0)
          { o, o + 16, 1, 0, 100, 48, -1, 0 },
          -- from the right along y = 16 and y = 32 (the seams of the column x 48..64): x = 64
          -- at t = 36, normal (1, 0)
          { o + 100, o + 16, -1, 0, 100, 36, 1, 0 },
          { o + 100, o + 32, -1, 0, 100, 36, 1, 0 },
          -- from below, up the seam x = 16: the floor's bottom y = 48 from y = 60 at t = 12
          { o + 16, o + 60, 0, -1, 100, 12, 0, 1 },
          -- from the left along y = 40 (inside the floor row): its left side x = 0 at t = 10
          { o - 10, o + 40, 1, 0, 100, 10, -1, 0 },
        }
        for i, c in ipairs(cases) do
          local t, nx, ny = L:raycast(c[1], c[2], c[3], c[4], c[5])
          assert.is_truthy(t, "ray " .. i)
          near(t, c[6], 1e-9, "ray " .. i .. " t"); near(nx, c[7], 1e-12, "ray " .. i .. " nx")
          near(ny, c[8], 1e-12, "ray " .. i .. " ny")
        end
        -- ending 1e-9 short of the floor: nothing; reaching it at maxt exactly: t = maxt
        assert.is_nil(L:raycast(o + 16, o, 0, 1, 32 - 1e-9))
        assert.are.equal(32, (L:raycast(o + 16, o, 0, 1, 32)))
        -- down the seam x = 16 between the empty tiles of rows 1 and 2: nothing before y = 32
        assert.is_nil(L:raycast(o + 16, o, 0, 1, 31))
        -- a ray starting on the floor's top: t = 0
        assert.are.equal(0, (L:raycast(o + 16, o + 32, 0, 1, 10)))
      end)

      it("slopes: the hypotenuse is held, 1e-9 above it is not", function()
        -- columns: full (x 0..16), slope-br (16..32: from (16, 16) up to (32, 0)),
        -- slope-bl (32..48: from (32, 0) down to (48, 16)), ramp-br-low (48..64: from
        -- (48, 16) up to (64, 8))
        local S = c2d.tiles(o, o, 16, 16, 4, 1, { 1, 2, 3, 4 },
          { [1] = "full", [2] = "slope-br", [3] = "slope-bl", [4] = "ramp-br-low" })
        -- (not (16, 16): 1e-9 above it is the full tile's side x = 16)
        local on = { { 24, 8 }, { 20, 12 }, { 28, 4 }, { 32, 0 }, { 40, 8 }, { 36, 4 }, { 56, 12 }, { 64, 8 } }
        for _, p in ipairs(on) do
          assert.is_true(S:contains(o + p[1], o + p[2]), ("(%g, %g) on a hypotenuse"):format(p[1], p[2]))
          assert.is_false(S:contains(o + p[1], o + p[2] - 1e-9), ("(%g, %g) 1e-9 above"):format(p[1], p[2]))
          assert.is_true(S:contains(o + p[1], o + p[2] + 1e-9), ("(%g, %g) 1e-9 below"):format(p[1], p[2]))
        end
        -- a ray straight down onto slope-br at x = 24 from y = -10 lands at y = 8
        -- (t = 18) with the normal up-left (-1, -1)/sqrt 2
        local t, nx, ny = S:raycast(o + 24, o - 10, 0, 1, 100)
        near(t, 18, 1e-9, "t"); near(nx, -h2, 1e-12, "nx"); near(ny, -h2, 1e-12, "ny")
        -- down the peak x = 32 between the two slopes: their shared corner (32, 0)
        local tp = S:raycast(o + 32, o - 10, 0, 1, 100)
        near(tp, 10, 1e-9, "t at the peak")
        -- a disk of radius 4 resting on slope-br's hypotenuse at (24, 8): its centre
        -- 4 out along the normal (-1, -1)/sqrt 2, at (24 - 4/sqrt 2, 8 - 4/sqrt 2)
        -- (irrational: touching within rounding); 1e-9 smaller it misses
        local r = 4
        local D = c2d.disk(o + 24 - r * h2, o + 8 - r * h2, r)
        local d = S:distance(D)
        near(d, 0, 1e-9, "disk on the slope")
        assert.is_false(S:hits(c2d.disk(o + 24 - r * h2, o + 8 - r * h2, r - 1e-9)))
      end)

      it("covers: a box across the seams of four full tiles, not where one is missing", function()
        local Q4 = c2d.tiles(o, o, 16, 16, 2, 2, { 1, 1, 1, 1 })
        local Q3 = c2d.tiles(o, o, 16, 16, 2, 2, { 1, 1, 1, 0 }) -- (2, 2): x 16..32, y 16..32 missing
        local across = c2d.aabb(o + 8, o + 8, 16, 16)            -- x, y 8..24: the centre (16, 16)
        assert.is_true(Q4:covers(across)); assert.is_false(Q3:covers(across))
        assert.is_true(Q4:covers(c2d.disk(o + 16, o + 16, 4)))
        assert.is_false(Q3:covers(c2d.disk(o + 16, o + 16, 4)))
        assert.is_false(Q3:covers(c2d.disk(o + 16, o + 16, 1e-6)))
        assert.is_true(Q4:covers(c2d.aabb(o, o, 32, 32)))           -- the whole map, touching all round
        assert.is_false(Q4:covers(c2d.aabb(o, o, 32, 32 + 1e-9)))
        -- Q3: the top row across its seam x = 16 (y 4..12)
        assert.is_true(Q3:covers(c2d.aabb(o + 4, o + 4, 24, 8)))
        -- in (1, 1), touching the missing tile's corner (16, 16)
        assert.is_true(Q3:covers(c2d.aabb(o + 8, o + 8, 8, 8)))
        -- in (1, 2), flush with the missing tile's side x = 16; 1e-9 past it
        assert.is_true(Q3:covers(c2d.aabb(o + 4, o + 20, 12, 8)))
        assert.is_false(Q3:covers(c2d.aabb(o + 4, o + 20, 12 + 1e-9, 8)))
        -- segments along the seams: y = 16 is the bottom of (2, 1) where (2, 2) is missing
        assert.is_true(Q3:covers(c2d.segment(o, o + 16, o + 32, o + 16)))
        assert.is_true(Q3:covers(c2d.segment(o + 16, o, o + 16, o + 32)))
        assert.is_true(Q3:covers(c2d.point(o + 16, o + 16)))
        assert.is_false(Q3:covers(c2d.segment(o + 16, o + 16, o + 24, o + 24)))
        -- the other way: a shape covering the layer is one holding every tile
        assert.is_true(c2d.aabb(o, o, 32, 32):covers(Q3))
        assert.is_true(c2d.aabb(o, o, 32, 32):covers(Q4))
        assert.is_false(c2d.aabb(o, o, 32, 32 - 1e-9):covers(Q3))
        -- the triangle (0,0) (48,0) (0,48) holds Q3: its far corners (32, 16) and
        -- (16, 32) lie on the hypotenuse x + y = 48; Q4's (32, 32) is beyond it
        assert.is_true(c2d.triangle(o, o, o + 48, o, o, o + 48):covers(Q3))
        assert.is_false(c2d.triangle(o, o, o + 48, o, o, o + 48):covers(Q4)) -- (32, 32): x + y = 64 > 48
      end)
    end)
  end
end)

describe("Tile layers: contact where pieces meet at a single point (found by the random comparison)", function()
  it("a segment through the one point where a slope-bl and a slope-tr meet only touches: depth 0", function()
    if open_case("Group contact of a segment through the single point where two pieces meet answers 3, not 0 (a plain Group of the pieces too)") then return end
    -- tiles 21 x 5: (1,1) slope-bl (0,0) (0,5) (21,5): y >= 5x/21; (2,2) slope-tr
    -- (21,5) (42,5) (42,10): 5 <= y <= 5 + 5(x-21)/21. The segment y = 8 + (x-30)/3
    -- (slope 1/3) meets y = 5 at x = 21; left of it it is above slope-bl's
    -- hypotenuse (slope 5/21 < 1/3), right of it below slope-tr's: one point.
    local L = c2d.tiles(0, 0, 21, 5, 2, 2, { 1, 0, 0, 7 }, { [1] = "slope-bl", [7] = "slope-tr" })
    local s = c2d.segment(30, 8, -12, -6)
    assert.is_true(s:hits(L))
    local _, _, depth = s:contact(L)
    near(depth, 0, 1e-9, "s:contact(L) depth")
    local _, _, depth2 = L:contact(s)
    near(depth2, 0, 1e-9, "L:contact(s) depth")
  end)

  it("a segment down the seam of two slope-bl tiles side by side (a sawtooth floor) only touches, and slides along it", function()
    if open_case("Group contact and sweep of a segment along a seam with pieces on one side at a time: depth 15.6 and t = 0 (a plain Group of the pieces too)") then return end
    -- tiles of 16 from (32, 48): (1,1) slope-bl (32,48) (32,64) (48,64), which meets
    -- x = 48 only at (48, 64); (2,1) slope-bl (48,48) (48,64) (64,64), whose left
    -- edge is x = 48, y 48..64. The segment x = 48, y 34..70 lies on that edge with
    -- nothing solid on its left but the single point (48, 64): it touches, depth 0,
    -- and moving along its own line (down, or the layer up) never enters the tiles.
    local L = c2d.tiles(32, 48, 16, 16, 2, 1, { 1, 1 }, { [1] = "slope-bl" })
    local s = c2d.segment(48, 70, 48, 34)
    assert.is_true(s:hits(L))
    local _, _, depth = s:contact(L)
    near(depth, 0, 1e-9, "s:contact(L) depth")
    assert.is_nil(s:sweep(0, 46, L), "s sliding down the seam")
    assert.is_nil(L:sweep(0, -46, s), "the layer sliding up past s")
    -- the same tiles one row lower in a 4 x 1 layer from the origin: the same
    local L2 = c2d.tiles(0, 0, 16, 16, 4, 1, { 0, 0, 1, 1 }, { [1] = "slope-bl" })
    local s2 = c2d.segment(48, 22, 48, -14)
    local _, _, depth2 = s2:contact(L2)
    near(depth2, 0, 1e-9, "4 x 1: s:contact(L) depth")
    assert.is_nil(s2:sweep(0, 46, L2), "4 x 1: s sliding down the seam")
  end)

  it("a segment that fits along a column seam, tiles beside it on one side at a time: the least move is into that slot", function()
    if open_case("Group contact misses the slot along a seam met by pieces at single points: 35.8 for sqrt 505 (a plain Group of the pieces too)") then return end
    -- tiles 38 x 40: (1,1) and (2,1) ramp-tr-high: (0,0) (38,0) (38,40) (0,20) and
    -- (38,0) (76,0) (76,40) (38,20); (3,1) (76,0) (76,40) (114,0); (1,2) (0,40)
    -- (0,80) (38,40); (2,2) slope-tl (38,40) (76,40) (38,80). The segment x = 57,
    -- y 8..40, is inside (2,1)'s ramp for y 8..30. Moved by (-19, 12) to x = 38,
    -- y 20..52, it has (1,1) on its left for y 20..40 and (2,2) on its right for
    -- y 40..52, nothing on the other side of either (the pieces beside the seam
    -- meet it at the single point (38, 40)): it only touches, so the least move is
    -- at most sqrt(19^2 + 12^2) = sqrt 505. Every other way out is longer: up 40;
    -- within the column the gap between (2,1)'s ramp and (2,2) is at most 20 high
    -- (the segment is 32), and under (2,2)'s hypotenuse it takes 52 / sqrt(1 +
    -- (40/38)^2) = 35.8; to the seam x = 76, (19, 32).
    local L = c2d.tiles(0, 0, 38, 40, 3, 2, { 1, 1, 9421, 9421, 4, 0 },
      { [1] = "ramp-tr-high", [4] = "slope-tl", [9421] = { 0, 0, 0, 1, 1, 0 } })
    local moved = c2d.segment(38, 52, 38, 20)
    for _, p in ipairs(L:pieces()) do -- the slot: touching each piece, overlapping none
      local _, _, d = moved:contact(p)
      assert.is_true(d == nil or d == 0, tostring(p))
    end
    local nx, ny, depth = c2d.segment(57, 40, 57, 8):contact(L)
    near(depth, sqrt(505), 1e-9, "depth")
    near(nx, -19 / sqrt(505), 1e-9, "nx"); near(ny, 12 / sqrt(505), 1e-9, "ny")
  end)
end)

-- 2. Seeded random maps against a Group of their tiles built here -----------------

-- The kinds as defined (README's table), in the order given there.
local DEF = {
  full = { 0, 0, 1, 0, 1, 1, 0, 1 },
  top = { 0, 0, 1, 0, 1, 0.5, 0, 0.5 },
  bottom = { 0, 0.5, 1, 0.5, 1, 1, 0, 1 },
  left = { 0, 0, 0.5, 0, 0.5, 1, 0, 1 },
  right = { 0.5, 0, 1, 0, 1, 1, 0.5, 1 },
  ["slope-br"] = { 0, 1, 1, 1, 1, 0 },
  ["slope-bl"] = { 0, 0, 0, 1, 1, 1 },
  ["slope-tr"] = { 0, 0, 1, 0, 1, 1 },
  ["slope-tl"] = { 0, 0, 1, 0, 0, 1 },
  ["ramp-br-low"] = { 0, 1, 1, 1, 1, 0.5 },
  ["ramp-br-high"] = { 0, 1, 1, 1, 1, 0, 0, 0.5 },
  ["ramp-bl-low"] = { 0, 0.5, 0, 1, 1, 1 },
  ["ramp-bl-high"] = { 0, 0, 0, 1, 1, 1, 1, 0.5 },
  ["ramp-tr-low"] = { 0, 0, 1, 0, 1, 0.5 },
  ["ramp-tr-high"] = { 0, 0, 1, 0, 1, 1, 0, 0.5 },
  ["ramp-tl-low"] = { 0, 0, 1, 0, 0, 0.5 },
  ["ramp-tl-high"] = { 0, 0, 1, 0, 1, 0.5, 0, 1 },
  empty = {},
}
local NAMES = { "full", "top", "bottom", "left", "right", "slope-br", "slope-bl", "slope-tr", "slope-tl",
                "ramp-br-low", "ramp-br-high", "ramp-bl-low", "ramp-bl-high", "ramp-tr-low", "ramp-tr-high",
                "ramp-tl-low", "ramp-tl-high", "empty" }
-- Custom pieces in tile units: convex, either winding, 1 to 8 points.
local CUSTOM = {
  { 0.25, 0, 0.75, 0, 1, 0.5, 0.5, 1, 0, 0.5 },                          -- a pentagon, clockwise on screen
  { 0.3, 0, 0.7, 0, 1, 0.3, 1, 0.7, 0.7, 1, 0.3, 1, 0, 0.7, 0, 0.3 },    -- an octagon (8 points)
  { 0, 0, 0, 1, 1, 0 },                                                  -- slope-tl the other winding
  { 0, 1, 1, 1 },                                                        -- a segment: the tile's bottom edge
  { 0, 0.5, 1, 0.5 },                                                    -- a segment across the middle
  { 0.5, 0.5 },                                                          -- a point
  { 0, 0, 1, 0, 1, 0.25, 0, 0.25 },                                      -- a thin top plate
}

-- A shape for one solid tile, from the kind's points by the layer's formula.
local function tile_shape(x, y, tw, th, c, r, pts)
  local n = #pts / 2
  local v = {}
  for i = 1, n do
    v[2 * i - 1] = x + ((c - 1) + pts[2 * i - 1]) * tw
    v[2 * i] = y + ((r - 1) + pts[2 * i]) * th
  end
  if n == 1 then return c2d.point(v[1], v[2]), v end
  if n == 2 then return c2d.segment(v[1], v[2], v[3], v[4]), v end
  return c2d.polygon(v), v
end

-- An exact oracle for "is the point in the union of the pieces", to decide a
-- disagreement at the rounding of a slanted edge (the library is exact only where
-- the differences in a query's frame are, README "What is exact"; a Triangle and a
-- Polygon with the same vertices in another order round differently). The sign of
-- (bx - ax)(py - ay) - (by - ay)(px - ax) for the doubles given, computed exactly:
-- each difference is a two-term expansion (TwoSum), each product of two terms is
-- exact as two doubles (Dekker's TwoProduct, no fused multiply-add), and the
-- sixteen terms are summed into a nonoverlapping expansion (Shewchuk's
-- Grow-Expansion), whose largest component has the sign of the whole.
local SPLITTER = 134217729 -- 2^27 + 1
local function two_sum(a, b)
  local s = a + b
  local bb = s - a
  return s, (a - (s - bb)) + (b - bb)
end
local function split(a)
  local c = SPLITTER * a
  local hi = c - (c - a)
  return hi, a - hi
end
local function two_product(a, b)
  local p = a * b
  local ah, al = split(a)
  local bh, bl = split(b)
  return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl
end
local function orient_sign(ax, ay, bx, by, px, py)
  local d1h, d1l = two_sum(bx, -ax)
  local d2h, d2l = two_sum(py, -ay)
  local d3h, d3l = two_sum(by, -ay)
  local d4h, d4l = two_sum(px, -ax)
  local terms = {}
  local function add_product(xh, xl, yh, yl, sign)
    for _, pair in ipairs { { xh, yh }, { xh, yl }, { xl, yh }, { xl, yl } } do
      local p, e = two_product(pair[1], pair[2])
      terms[#terms + 1] = sign * p
      terms[#terms + 1] = sign * e
    end
  end
  add_product(d1h, d1l, d2h, d2l, 1)
  add_product(d3h, d3l, d4h, d4l, -1)
  local e = {}
  for _, b in ipairs(terms) do
    local q = b
    local ne = {}
    for _, ei in ipairs(e) do
      local h
      q, h = two_sum(q, ei)
      if h ~= 0 then ne[#ne + 1] = h end
    end
    if q ~= 0 then ne[#ne + 1] = q end
    e = ne
  end
  local top = e[#e] or 0
  return top > 0 and 1 or (top < 0 and -1 or 0)
end

-- Whether (px, py) is in the closed convex piece with vertices v (flat list).
local function exact_in_piece(v, px, py)
  local n = #v / 2
  if n == 1 then return px == v[1] and py == v[2] end
  if n == 2 then
    return orient_sign(v[1], v[2], v[3], v[4], px, py) == 0 and px >= min(v[1], v[3]) and px <= max(v[1], v[3])
      and py >= min(v[2], v[4]) and py <= max(v[2], v[4])
  end
  local w = orient_sign(v[1], v[2], v[3], v[4], v[5], v[6]) -- the winding (no kind here starts collinear)
  for i = 1, n do
    local j = i % n + 1
    local sg = orient_sign(v[2 * i - 1], v[2 * i], v[2 * j - 1], v[2 * j], px, py)
    if sg ~= 0 and sg ~= w then return false end
  end
  return true
end

local function exact_in_union(verts, px, py)
  for _, v in ipairs(verts) do
    if exact_in_piece(v, px, py) then return true end
  end
  return false
end

-- A random map: { x, y, tw, th, cols, rows, data, kinds, pts = code -> points or nil,
-- int = true when every tile corner is an integer }.
local BASES = { 0, 0, 1e6, -1e6, 1e9 }
local function random_map(r)
  local m = {}
  m.cols, m.rows = r.int(1, 8), r.int(1, 8)
  local base = BASES[r.int(1, #BASES)]
  m.int = r.u() < 0.5
  if m.int then
    m.tw = r.u() < 0.3 and 16 or r.int(1, 32)
    m.th = r.u() < 0.5 and m.tw or r.int(1, 32)
    m.x, m.y = base + r.int(-50, 50), base + r.int(-50, 50)
  else
    if r.u() < 0.5 then
      m.tw, m.th = r.int(1, 160) / 8, r.int(1, 160) / 8 -- eighths
    else
      m.tw, m.th = r.range(0.5, 40), r.range(0.5, 40)
    end
    m.x, m.y = base + r.range(-50, 50), base + r.range(-50, 50)
  end
  -- the kinds: none (0 empty, else full), or a random set of names and customs
  local mode = r.u()
  m.pts = {}
  local n = m.cols * m.rows
  if mode < 0.15 then
    -- no kinds: codes 0 empty, any other full
    local data = {}
    for i = 1, n do data[i] = r.u() < 0.4 and 0 or r.int(1, 65535) end
    m.data = data
    m.full_only = true
  elseif mode < 0.25 then
    -- no kinds, a string: '0', ' ', '.' empty, anything else full
    local chars = { "0", " ", ".", "#", "x", "1", "\0" }
    local t = {}
    for i = 1, n do t[i] = chars[r.int(1, #chars)] end
    m.data = table.concat(t)
    m.full_only = true
  elseif mode < 0.35 then
    -- a string with kinds keyed by one-character strings (each its byte); '.' is
    -- not listed, so empty
    local chars = { "#", "/", "\\", "-", "=", "a", "b", "^" }
    local kinds, used = {}, {}
    for k = 1, r.int(1, #chars) do
      local ch = chars[k]
      local kind
      if r.u() < 0.7 then kind = NAMES[r.int(1, #NAMES)] else kind = CUSTOM[r.int(1, #CUSTOM)] end
      kinds[ch] = kind
      m.pts[ch:byte()] = type(kind) == "string" and DEF[kind] or kind
      used[#used + 1] = ch
    end
    used[#used + 1] = "."
    local t = {}
    for i = 1, n do t[i] = used[r.int(1, #used)] end
    m.data, m.kinds = table.concat(t), kinds
  else
    local kinds, codes = {}, {}
    local nk = r.int(1, 8)
    for k = 1, nk do
      local code = r.u() < 0.2 and r.int(256, 65535) or k
      local kind
      if r.u() < 0.7 then kind = NAMES[r.int(1, #NAMES)] else kind = CUSTOM[r.int(1, #CUSTOM)] end
      kinds[code] = kind
      m.pts[code] = type(kind) == "string" and DEF[kind] or kind
      codes[#codes + 1] = code
    end
    codes[#codes + 1] = 9 -- a code not listed: empty
    local data = {}
    for i = 1, n do data[i] = r.u() < 0.3 and 0 or codes[r.int(1, #codes)] end
    m.data, m.kinds = data, kinds
  end
  return m
end

local function code_at(m, i)
  if type(m.data) == "string" then return m.data:byte(i) end
  return m.data[i]
end

local function points_of(m, code)
  if m.full_only then
    if type(m.data) == "string" then
      if code == 0 or code == 48 or code == 32 or code == 46 then return nil end
      return DEF.full
    end
    return code ~= 0 and DEF.full or nil
  end
  local p = m.pts[code]
  if p and #p == 0 then return nil end
  return p
end

local function build_layer(m)
  return c2d.tiles(m.x, m.y, m.tw, m.th, m.cols, m.rows, m.data, m.kinds)
end

-- The reference: a Group of one shape per solid tile (nil when the map is empty).
-- Also its members and their vertex lists.
local function build_reference(m)
  local members, verts = {}, {}
  for r = 1, m.rows do
    for c = 1, m.cols do
      local pts = points_of(m, code_at(m, (r - 1) * m.cols + c))
      if pts then
        local shape, v = tile_shape(m.x, m.y, m.tw, m.th, c, r, pts)
        members[#members + 1] = shape
        verts[#verts + 1] = v
      end
    end
  end
  if #members == 0 then return nil, members, verts end
  return c2d.group(members), members, verts
end

-- The map as a call that rebuilds it exactly.
local function map_call(m)
  local data
  if type(m.data) == "string" then
    data = ("%q"):format(m.data)
  else
    local t = {}
    for i, v in ipairs(m.data) do t[i] = tostring(v) end
    data = "{" .. table.concat(t, ",") .. "}"
  end
  local kinds = ""
  if m.kinds then
    local t = {}
    for code, k in pairs(m.kinds) do
      local key = type(code) == "string" and ("[%q]"):format(code) or ("[%d]"):format(code)
      if type(k) == "string" then
        t[#t + 1] = ("%s=%q"):format(key, k)
      else
        local nums = {}
        for i, v in ipairs(k) do nums[i] = ("%.17g"):format(v) end
        t[#t + 1] = ("%s={%s}"):format(key, table.concat(nums, ","))
      end
    end
    table.sort(t)
    kinds = ", {" .. table.concat(t, ", ") .. "}"
  end
  return ("c2d.tiles(%.17g, %.17g, %.17g, %.17g, %d, %d, %s%s)"):format(m.x, m.y, m.tw, m.th, m.cols, m.rows, data, kinds)
end

-- A shape as a call that rebuilds it exactly (a Group's members in turn).
local function shape_call(s)
  if s:type() == "Group" then
    local t = {}
    for i, p in ipairs({ s:unpack() }) do t[i] = shape_call(p) end
    return "c2d.group(" .. table.concat(t, ", ") .. ")"
  end
  return common.exact(s)
end

-- Random shapes about the map: integer numbers when the map's are.
local function shape_maker(r, m)
  local s = max(m.tw, m.th)
  local x0, y0 = m.x - 2 * m.tw, m.y - 2 * m.th
  local x1, y1 = m.x + (m.cols + 2) * m.tw, m.y + (m.rows + 2) * m.th
  local function X()
    if m.int then return r.int(x0, x1) end
    if r.u() < 0.3 then return m.x + (r.int(-2, 2 * m.cols + 4) / 2) * m.tw end -- on a seam or a tile's middle
    return r.range(x0, x1)
  end
  local function Y()
    if m.int then return r.int(y0, y1) end
    if r.u() < 0.3 then return m.y + (r.int(-2, 2 * m.rows + 4) / 2) * m.th end
    return r.range(y0, y1)
  end
  local function len(k) -- a signed length up to k tiles
    if m.int then return r.int(-floor(k * s), floor(k * s)) end
    return r.range(-k * s, k * s)
  end
  local function size(k)
    local u = r.u()
    if u < 0.06 then return 0 end
    if m.int then return r.int(1, max(1, floor(k * s))) end
    return r.range(0, k * s)
  end
  local function angle()
    if r.u() < 0.4 then return ({ 0, pi / 2, pi / 4, -pi / 4, pi })[r.int(1, 5)] end
    return r.range(-pi, pi)
  end
  local make = {}
  function make.point() return c2d.point(X(), Y()) end
  function make.segment()
    local x, y = X(), Y()
    local u = r.u()
    if u < 0.25 then return c2d.segment(x, y, x + len(3), y) end -- level: along tops and seams
    if u < 0.4 then return c2d.segment(x, y, x, y + len(3)) end
    return c2d.segment(x, y, x + len(2), y + len(2))
  end
  function make.disk() return c2d.disk(X(), Y(), size(1.5)) end
  function make.aabb() return c2d.aabb(X(), Y(), size(3), size(3)) end
  function make.box() return c2d.box(X(), Y(), size(3), size(3), angle()) end
  function make.triangle()
    local x, y = X(), Y()
    return c2d.triangle(x, y, x + len(2), y + len(2), x + len(2), y + len(2))
  end
  function make.polygon()
    local x, y = X(), Y()
    if r.u() < 0.5 then
      local t = {}
      for i = 1, 2 * r.int(3, 8) do t[i] = (i % 2 == 1 and x or y) + len(1.5) end
      return c2d.hull(t)
    end
    return c2d.polygon(common.round_polygon(r, x, y, r.int(3, 8), max(0.1, s * r.range(0.2, 1.5)), r.range(0, 2 * pi)))
  end
  function make.capsule()
    local x, y = X(), Y()
    if r.u() < 0.3 then return c2d.capsule(x, y, x + len(3), y, size(1)) end
    return c2d.capsule(x, y, x + len(2), y + len(2), size(1))
  end
  function make.fan()
    local op = r.u() < 0.3 and ({ 0, pi / 2, pi, 3 * pi / 2, 2 * pi })[r.int(1, 5)] or r.range(0, 2 * pi)
    return c2d.fan(X(), Y(), size(2), angle(), op)
  end
  function make.concave()
    local x, y = X(), Y()
    if m.int then
      -- an L of whole numbers, mirrored at random: legs a and b, thickness t
      local a, b = r.int(2, max(2, 2 * s)), r.int(2, max(2, 2 * s))
      local t = r.int(1, min(a, b) - 1)
      local sx, sy = r.u() < 0.5 and 1 or -1, r.u() < 0.5 and 1 or -1
      return c2d.concave(x, y, x + sx * a, y, x + sx * a, y + sy * t, x + sx * t, y + sy * t, x + sx * t, y + sy * b, x, y + sy * b)
    end
    -- a star: n points at increasing angles, radii alternating long and short
    local n, t = 2 * r.int(3, 5), {}
    local base = r.range(0, 2 * pi)
    for i = 1, n do
      local a = base + (i - 1 + 0.5 * r.u()) * 2 * pi / n
      local rad = s * (i % 2 == 0 and r.range(0.2, 0.6) or r.range(0.8, 2))
      t[2 * i - 1], t[2 * i] = x + rad * math.cos(a), y + rad * math.sin(a)
    end
    return c2d.concave(t)
  end
  local SIMPLE = { "point", "segment", "disk", "aabb", "box", "triangle", "capsule", "fan" }
  function make.group()
    local t = {}
    for i = 1, r.int(2, 3) do t[i] = make[SIMPLE[r.int(1, #SIMPLE)]]() end
    return c2d.group(t)
  end
  -- a motion: level (along floors), upright, or any way; zero now and then
  local function motion()
    local u = r.u()
    if u < 0.05 then return 0, 0 end
    if u < 0.35 then return len(4), 0 end
    if u < 0.5 then return 0, len(4) end
    return len(4), len(4)
  end
  return make, motion, X, Y, len
end

local KINDS = { "point", "segment", "disk", "aabb", "box", "triangle", "polygon", "capsule", "fan", "concave", "group" }

local function pack(...) return { n = select("#", ...), ... } end

-- The cases, made once: MAPS maps, each with its layer L, its reference Group R
-- (nil when no tile is solid), SHAPES_PER_KIND shapes of each kind about it,
-- points, rays and motions. Each query family below walks them all in its own
-- test, so a failure names the query.
local MAPS, SHAPES_PER_KIND = 400, 2
local CASES = {}
for seed = 1, MAPS do
  local r = common.lcg(1000 + seed)
  local m = random_map(r)
  local c = { seed = seed, m = m, L = build_layer(m), call = map_call(m) }
  c.R, c.members, c.verts = build_reference(m)
  local size = max(1, m.tw * m.cols, m.th * m.rows)
  c.size = size
  -- the rounding of coordinates this far from the origin: 64 ulps of them
  c.far = 64 * 2.2e-16 * (abs(m.x) + abs(m.y) + size)
  local make, motion, X, Y, len = shape_maker(r, m)
  c.points = {}
  for i = 1, 16 do -- points on the tile grid's lines, corners and middles, and at random
    if r.u() < 0.5 then
      c.points[i] = { m.x + (r.int(-1, 2 * m.cols + 1) / 2) * m.tw, m.y + (r.int(-1, 2 * m.rows + 1) / 2) * m.th }
    else
      c.points[i] = { X(), Y() }
    end
  end
  c.rays = {}
  for i = 1, 8 do -- down or up a column seam, along a row seam, or any way
    local x, y, dx, dy
    local u = r.u()
    if u < 0.25 then
      x = m.x + r.int(0, m.cols) * m.tw
      y = r.u() < 0.5 and m.y - m.th or m.y + (m.rows + 1) * m.th
      dx, dy = 0, (y < m.y and 1 or -1) * (m.rows + 2) * m.th
    elseif u < 0.5 then
      y = m.y + r.int(0, m.rows) * m.th
      x = r.u() < 0.5 and m.x - m.tw or m.x + (m.cols + 1) * m.tw
      dx, dy = (x < m.x and 1 or -1) * (m.cols + 2) * m.tw, 0
    else
      x, y = X(), Y()
      dx, dy = len(6), len(6)
    end
    -- maxt: 1 mostly; else a fraction (eighths on an integer map, where every
    -- number stays exact)
    local maxt = 1
    if r.u() < 0.2 then maxt = m.int and r.int(1, 8) / 8 or r.range(0, 1) end
    c.rays[i] = { x, y, dx, dy, maxt }
  end
  c.shapes = {}
  for _, kind in ipairs(KINDS) do
    for _ = 1, SHAPES_PER_KIND do
      local s = make[kind]()
      local x0, y0, x1, y1 = s:bbox()
      local moves = {}
      for k = 1, 3 do
        local dx, dy = motion()
        local bdx, bdy = 0, 0
        if k == 3 then bdx, bdy = motion() end
        moves[k] = { dx, dy, bdx, bdy }
      end
      c.shapes[#c.shapes + 1] = { s = s, size = max(size, x1 - x0, y1 - y0), moves = moves }
    end
  end
  CASES[seed] = c
end

-- Walks every case's shapes with check(c, sh, F), F(fmt, ...) recording a failure
-- with the map and the shape as calls that rebuild them.
local function each_shape(check)
  local fail, finish = common.runner(12)
  local n = 0
  for _, c in ipairs(CASES) do
    for _, sh in ipairs(c.shapes) do
      n = n + 1
      check(c, sh, function(fmt, ...)
        fail("seed %d:\n  L = %s\n  s = %s\n  %s", c.seed, c.call, shape_call(sh.s), fmt:format(...))
      end)
    end
  end
  finish()
  return n
end

describe(("Tile layers against a Group of their tiles built apart (%d seeded random maps up to 8 x 8)"):format(MAPS), function()
  it("the exact oracle: hand-worked signs, and a point 1e-15 outside a slanted edge", function()
    assert.are.equal(1, orient_sign(0, 0, 1, 0, 0, 1))
    assert.are.equal(-1, orient_sign(0, 0, 0, 1, 1, 0))
    assert.are.equal(0, orient_sign(0, 0, 2, 2, 1, 1))
    -- (1 + 2^-52, 1) is right of the line from (0, 0) to (2, 2)
    assert.are.equal(-1, orient_sign(0, 0, 2, 2, 1 + 2 ^ -52, 1))
    -- 1e9 + 1 and 1e9 + 1e-6: products far below the coordinates' ulp count
    assert.are.equal(1, orient_sign(1e9, 1e9, 1e9 + 1, 1e9, 1e9, 1e9 + 2 ^ -20))
    assert.are.equal(-1, orient_sign(1e9, 1e9, 1e9 + 1, 1e9, 1e9, 1e9 - 2 ^ -20))
    -- a slope-br tile from (0, 16) to (16, 0): (12, 4) on it, 1 ulp above it outside
    local v = { 0, 16, 16, 16, 16, 0 }
    assert.is_true(exact_in_piece(v, 12, 4)); assert.is_true(exact_in_piece(v, 12, 4 + 2 ^ -50))
    assert.is_false(exact_in_piece(v, 12, 4 - 2 ^ -51))
    -- the reverse winding, a segment and a point piece
    assert.is_false(exact_in_piece({ 16, 0, 16, 16, 0, 16 }, 12, 4 - 2 ^ -51))
    assert.is_true(exact_in_piece({ 0, 8, 16, 8 }, 5, 8)); assert.is_false(exact_in_piece({ 0, 8, 16, 8 }, 17, 8))
    assert.is_true(exact_in_piece({ 3, 4 }, 3, 4)); assert.is_false(exact_in_piece({ 3, 4 }, 3, 4 + 2 ^ -50))
  end)

  it("the maps hold every kind of tile, and sizes and places of every sort", function()
    local seen, solid, far6, far9, frac = {}, 0, 0, 0, 0
    for _, c in ipairs(CASES) do
      if c.m.kinds then for _, k in pairs(c.m.kinds) do seen[type(k) == "string" and k or "custom"] = true end end
      if c.m.full_only then seen.full = true end
      if c.R then solid = solid + 1 end
      if abs(c.m.x) > 5e8 then far9 = far9 + 1 elseif abs(c.m.x) > 5e5 then far6 = far6 + 1 end
      if not c.m.int then frac = frac + 1 end
    end
    for _, name in ipairs(NAMES) do assert.is_true(seen[name] ~= nil, "no map has " .. name) end
    assert.is_true(seen.custom)
    assert.is_true(solid > MAPS * 0.8 and far6 > MAPS / 10 and far9 > MAPS / 10 and frac > MAPS / 4)
  end)

  -- On a map whose numbers are not all integers a point within an ulp of a slanted
  -- edge can come out either way (the library is exact only where the differences
  -- in a query's frame are, and the reference's Polygon rounds in another frame
  -- than the layer's Triangle): a disagreement there is taken when the layer is
  -- right by the exact oracle, or when the point is within the rounding of the
  -- coordinates (64 ulps) of the union's edge by both. On integer maps every
  -- difference is exact and the two must agree outright.
  local function contains_check(c, px, py, got, want, fail, what)
    if got == want then return end
    local exact = exact_in_union(c.verts, px, py)
    local p = c2d.point(px, py)
    if not c.m.int and (got == exact or max((c.R:distance(p)), (c.L:distance(p))) <= c.far) then
      c.reference_rounded = (c.reference_rounded or 0) + 1
      return
    end
    fail("seed %d:\n  L = %s\n  %s(%.17g, %.17g): the layer %s, the Group %s, exactly %s", c.seed, c.call, what, px, py,
      tostring(got), tostring(want), tostring(exact))
  end

  it("contains: equal at every point (grid lines, corners, middles, anywhere)", function()
    local fail, finish = common.runner(12)
    local rounded, n = 0, 0
    for _, c in ipairs(CASES) do
      for _, p in ipairs(c.points) do
        local a = c.L:contains(p[1], p[2])
        local b = c.R ~= nil and c.R:contains(p[1], p[2]) or false
        n = n + 1
        local before = c.reference_rounded or 0
        contains_check(c, p[1], p[2], a, b, fail, "L:contains")
        rounded = rounded + (c.reference_rounded or 0) - before
      end
    end
    finish()
    assert.is_true(rounded <= n / 500, rounded .. " of " .. n .. " decided by the exact oracle")
  end)

  -- A ray that only grazes the union (runs along an edge with nothing beyond it,
  -- or through a lone corner) is decided by the rounding of the piece it grazes,
  -- and the core's convex raycast rounds differently with the piece's vertex order
  -- and even with maxt (a ray through a corner at t = 0.5 hits with maxt 0.75 and
  -- 1 but not 0.8), so the Group, which shortens maxt to its best t so far, may
  -- skip a graze its members report. So: on integer maps (maxt in eighths, every
  -- number exact) the layer must give exactly the earliest of its reference
  -- pieces' own rays; elsewhere it must give the Group's t, or differ from it only
  -- by such a graze: the earlier answer's point is on the union, and between the
  -- two the ray never passes through the union's inside (a small disk about each
  -- of 9 points along the stretch is never covered).
  local function first_of_members(c, x, y, dx, dy, maxt)
    local best
    for _, p in ipairs(c.members) do
      local t = p:raycast(x, y, dx, dy, maxt)
      if t and (not best or t < best) then best = t end
    end
    return best
  end
  local function only_grazes(c, x, y, dx, dy, t0, t1)
    local len = sqrt(dx * dx + dy * dy)
    local eps = 1e-7 * max(c.m.tw, c.m.th)
    if c.R:distance(c2d.point(x + t0 * dx, y + t0 * dy)) > 1e-9 * c.size + c.far then return false end
    for k = 0, 8 do
      local t = t0 + (t1 - t0) * (k + 0.5) / 9
      if c.R:covers(c2d.disk(x + t * dx, y + t * dy, eps)) then return false end
    end
    return len > 0
  end

  it("raycast: both nil, or t within 1e-9 (down and along seams too)", function()
    local fail, finish = common.runner(12)
    local grazes, n = 0, 0
    for _, c in ipairs(CASES) do
      for _, ray in ipairs(c.rays) do
        local x, y, dx, dy, maxt = ray[1], ray[2], ray[3], ray[4], ray[5]
        local ta, nxa, nya = c.L:raycast(x, y, dx, dy, maxt)
        local tb
        if c.R then
          if c.m.int then tb = first_of_members(c, x, y, dx, dy, maxt) else tb = c.R:raycast(x, y, dx, dy, maxt) end
        end
        n = n + 1
        local call = ("L:raycast(%.17g, %.17g, %.17g, %.17g, %.17g)"):format(x, y, dx, dy, maxt)
        local tol = 1e-9 + c.far / max(1e-300, sqrt(dx * dx + dy * dy))
        local bad
        if ta and abs(sqrt(nxa * nxa + nya * nya) - 1) > 1e-9 then
          bad = ("%s: normal (%g, %g) not unit"):format(call, nxa, nya)
        elseif (ta == nil) ~= (tb == nil) or (ta and abs(ta - tb) > tol) then
          local t0, t1 = min(ta or maxt, tb or maxt), max(ta or maxt, tb or maxt)
          if not c.m.int and only_grazes(c, x, y, dx, dy, t0, t1) then
            grazes = grazes + 1
          else
            bad = ("%s = %s, the %s %s"):format(call, tostring(ta), c.m.int and "earliest piece's" or "Group's", tostring(tb))
          end
        end
        if bad then fail("seed %d:\n  L = %s\n  %s", c.seed, c.call, bad) end
      end
    end
    finish()
    assert.is_true(grazes <= n / 100, grazes .. " of " .. n .. " rays differ by a graze")
  end)

  it("hits: equal exactly, either order", function()
    each_shape(function(c, sh, F)
      local s = sh.s
      local a, b = c.L:hits(s), s:hits(c.L)
      local want = c.R ~= nil and c.R:hits(s) or false
      if a ~= b then
        F("L:hits(s) %s, s:hits(L) %s", tostring(a), tostring(b))
      elseif a ~= want and s:type() == "Point" then -- a point: decided as for contains
        local px, py = s:unpack()
        local exact = exact_in_union(c.verts, px, py)
        if c.m.int or (a ~= exact and max((c.R:distance(s)), (c.L:distance(s))) > c.far) then
          F("L:hits(s) %s, the Group's %s, exactly %s", tostring(a), tostring(want), tostring(exact))
        end
      elseif a ~= want then
        F("L:hits(s) %s, s:hits(L) %s, the Group's %s", tostring(a), tostring(b), tostring(want))
      end
    end)
  end)

  it("distance: within 1e-9 relative (0 exactly together), either order, its points on the shapes", function()
    each_shape(function(c, sh, F)
      local s, L, R = sh.s, c.L, c.R
      local d, d2 = pack(L:distance(s)), pack(s:distance(L))
      if not R then
        if d[1] ~= math.huge then F("an empty layer: L:distance(s) %.17g", d[1]) end
        return
      end
      local dr = R:distance(s)
      if (d[1] == 0) ~= (dr == 0) then
        F("L:distance(s) %.17g, the Group's %.17g (0 together?)", d[1], dr)
      elseif abs(d[1] - dr) > 1e-9 * max(1, dr) + c.far then
        F("L:distance(s) %.17g, the Group's %.17g", d[1], dr)
      end
      if d2[1] ~= d[1] or d2[2] ~= d[4] or d2[3] ~= d[5] or d2[4] ~= d[2] or d2[5] ~= d[3] then
        F("s:distance(L) %.17g is not L:distance(s) %.17g with its points swapped", d2[1], d[1])
      end
      if d[1] < math.huge then
        -- (ax, ay) on the layer, (bx, by) on s, |a - b| = d
        local tol = 1e-9 * sh.size + c.far
        local ea, eb = R:distance(c2d.point(d[2], d[3])), s:distance(c2d.point(d[4], d[5]))
        local ed = abs(sqrt((d[2] - d[4]) ^ 2 + (d[3] - d[5]) ^ 2) - d[1])
        if ea > tol or eb > tol or ed > tol then
          F("points (%.17g, %.17g) %g off the layer, (%.17g, %.17g) %g off s, |a-b| - d = %g", d[2], d[3], ea, d[4], d[5], eb, ed)
        end
      end
    end)
  end)

  it("covers: equal, both ways", function()
    each_shape(function(c, sh, F)
      local s, L, R = sh.s, c.L, c.R
      local a = L:covers(s)
      local want = R ~= nil and R:covers(s) or false
      if a ~= want then F("L:covers(s) %s, the Group's %s", tostring(a), tostring(want)) end
      if R then
        local b, wb = s:covers(L), s:covers(R)
        if b ~= wb then F("s:covers(L) %s, s:covers(Group) %s", tostring(b), tostring(wb)) end
      end
    end)
  end)

  -- Deciding a contact or sweep the reference gets wrong. Faults of the reference
  -- Group that turned up in runs of these maps over other seeds (3,000 maps each),
  -- each checked apart from both:
  --  * beyond 128 pairs of pieces in reach a Group's contact follows candidate
  --    directions (README, Concave and Group: it separates, but not always by the
  --    least move). A 10-vertex Concave star deep among 8 x 8 tiles of 10.375 x
  --    6.25: the Group 27.3997, the layer 27.2566, and a move of 27.2398 (along
  --    5.99346 rad) separates too, so neither is the least there. Both answers
  --    then come from that search, and the layer's need only separate (another
  --    star at 1e9: the layer 44.42, the Group 43.52);
  --  * a point at the corner where four pieces meet:
  --    c2d.point(21, 6):contact(c2d.group(the four 16 x 6 squares about (16, 6)))
  --    answers 5 along (-1, 0), which leaves the point at (16, 6), inside all
  --    four; the least move is 6, up or down (a layer of full tiles merges each
  --    row's run into one box, and answers 6);
  --  * a zero-width box lying exactly on a column seam down a map, the tiles
  --    beside it both solid in one row only: the Group moves it down to that
  --    row's top, where it still runs between the two; the layer clears the row;
  --  * a point and a segment beside two triangles that meet at one point: the
  --    Group 13 where 1 separates.
  -- So where the depths differ, each answer's move is made and checked on its
  -- own: it must leave no member of the shape overlapping any reference piece
  -- (convex pairs, exact) and no point of a shape without area (points, segments,
  -- flat boxes and polygons, zero radii; 65 points along a segment) inside the
  -- union (a small disk about it covered). The layer's answer must pass, and be
  -- the shallower, or the only one that passes, or one of two search answers.
  -- Those are counted, and must stay rare.

  -- Points along a member without area, or nil for one with area.
  local function thin_points(q)
    local kind = q:type()
    local function along(x1, y1, x2, y2)
      local t = {}
      for k = 0, 64 do t[#t + 1] = { x1 + (x2 - x1) * k / 64, y1 + (y2 - y1) * k / 64 } end
      return t
    end
    local function flat(v) -- a flat vertex list: its extreme points, or nil when it has area
      local area, ext = 0, 0
      for i = 1, #v / 2 do
        local j = i % (#v / 2) + 1
        local xi, yi, xj, yj = v[2 * i - 1] - v[1], v[2 * i] - v[2], v[2 * j - 1] - v[1], v[2 * j] - v[2]
        area = area + xi * yj - xj * yi
        ext = max(ext, abs(xi), abs(yi))
      end
      if abs(area) > 1e-9 * ext * ext then return nil end
      local lo, hi = 1, 1
      for i = 1, #v / 2 do
        if v[2 * i - 1] + v[2 * i] < v[2 * lo - 1] + v[2 * lo] then lo = i end
        if v[2 * i - 1] + v[2 * i] > v[2 * hi - 1] + v[2 * hi] then hi = i end
      end
      return along(v[2 * lo - 1], v[2 * lo], v[2 * hi - 1], v[2 * hi])
    end
    local n = { q:unpack() }
    if kind == "Point" then return { { n[1], n[2] } } end
    if kind == "Segment" then return along(n[1], n[2], n[3], n[4]) end
    if kind == "Disk" then return n[3] == 0 and { { n[1], n[2] } } or nil end
    if kind == "Capsule" then return n[5] == 0 and along(n[1], n[2], n[3], n[4]) or nil end
    if kind == "AABB" then return (n[3] == 0 or n[4] == 0) and along(n[1], n[2], n[1] + n[3], n[2] + n[4]) or nil end
    if kind == "Fan" then
      if n[3] == 0 then return { { n[1], n[2] } } end
      if n[5] == 0 then return along(n[1], n[2], n[1] + n[3] * math.cos(n[4]), n[2] + n[3] * math.sin(n[4])) end
      return nil
    end
    if kind == "Box" or kind == "Triangle" or kind == "Polygon" then
      if kind == "Polygon" and #n == 2 then return { { n[1], n[2] } } end
      if kind == "Polygon" and #n == 4 then return along(n[1], n[2], n[3], n[4]) end
      return flat(q:outline())
    end
    return nil -- Concave: has area
  end

  -- Whether s (moved already) overlaps the union of the reference pieces.
  local function overlaps_union(c, s, tol)
    local eps = 1e-7 * max(c.m.tw, c.m.th) + 4 * c.far
    local members = s:type() == "Group" and { s:unpack() } or { s }
    for _, q in ipairs(members) do
      for _, p in ipairs(c.members) do
        local _, _, d = q:contact(p)
        if d and d > tol then return true end
      end
      local pts = thin_points(q)
      if pts then
        for _, pt in ipairs(pts) do
          if c.R:covers(c2d.disk(pt[1], pt[2], eps)) then return true end
        end
      end
    end
    return false
  end

  it("contact: both nil, or depths within 1e-9 of the size, either order", function()
    local decided, total = {}, 0
    each_shape(function(c, sh, F)
      local s, L, R = sh.s, c.L, c.R
      if not R then
        if s:contact(L) ~= nil or L:contact(s) ~= nil then F("an empty layer: a contact") end
        return
      end
      local tol = 1e-9 * sh.size + c.far
      for way = 1, 2 do
        local a, b
        if way == 1 then a, b = pack(s:contact(L)), pack(s:contact(R)) else a, b = pack(L:contact(s)), pack(R:contact(s)) end
        local name = way == 1 and "s:contact(L)" or "L:contact(s)"
        total = total + 1
        if (a[1] == nil) ~= (b[1] == nil) then
          F("%s: depth %s, the Group's %s", name, tostring(a[3]), tostring(b[3]))
        elseif a[1] and abs(a[3] - b[3]) > tol then
          -- each move, made on s (way 2 moves the layer: s goes the other way)
          local k = way == 1 and 1 or -1
          local layer_ok = not overlaps_union(c, s:clone():move(k * a[1] * a[3], k * a[2] * a[3]), tol)
          local ref_ok = not overlaps_union(c, s:clone():move(k * b[1] * b[3], k * b[2] * b[3]), tol)
          -- the pairs of pieces within the deeper move's reach: beyond 128 both are
          -- the direction search's answers (README: they separate, not always least)
          local reach, x0, y0, x1, y1 = max(a[3], b[3]), s:bbox()
          local near_pieces = 0
          for _, p in ipairs(c.members) do
            local px0, py0, px1, py1 = p:bbox()
            if px0 <= x1 + reach and px1 >= x0 - reach and py0 <= y1 + reach and py1 >= y0 - reach then
              near_pieces = near_pieces + 1
            end
          end
          local searched = near_pieces * #s:pieces() > 128
          if layer_ok and (a[3] < b[3] or not ref_ok or searched) then
            decided[#decided + 1] = ("seed %d %s: %.17g, the Group's %.17g%s%s"):format(c.seed, name, a[3], b[3],
              ref_ok and "" or " (which leaves an overlap)", searched and " (over 128 pairs of pieces)" or "")
          else
            F("%s: depth %.17g normal (%.17g, %.17g)%s, the Group's %.17g normal (%.17g, %.17g)%s",
              name, a[3], a[1], a[2], layer_ok and "" or " (leaves an overlap)", b[3], b[1], b[2],
              ref_ok and "" or " (leaves an overlap)")
          end
        end
      end
    end)
    assert.is_true(#decided <= total / 100,
      ("%d of %d contacts decided against the reference:\n%s"):format(#decided, total, table.concat(decided, "\n")))
  end)

  -- Where the two differ, each answer is checked on its own: a hit at t must be a
  -- touch that moves into the union (the shape a hair further along overlaps it,
  -- by the check above), and a hit earlier than the layer's must not be one. Two
  -- faults of the reference turned up: a point at the corner of four tiles that
  -- it takes for touching (as for contact: the layer's t = 0 stands), and a
  -- segment sliding along a row seam with tiles on one side here and on the
  -- other side there (never both at once), which it stops at t = 0 (the layer
  -- slides: nil).
  it("sweep: both nil, or t within 1e-9 (s through the layer, the layer through s, both moving)", function()
    local decided, total = 0, 0
    each_shape(function(c, sh, F)
      local s, L, R = sh.s, c.L, c.R
      for k, mv in ipairs(sh.moves) do
        local dx, dy, bdx, bdy = mv[1], mv[2], mv[3], mv[4]
        local a, b, way
        if k == 2 then
          way = ("L:sweep(%.17g, %.17g, s)"):format(dx, dy)
          a = pack(L:sweep(dx, dy, s))
          b = R and pack(R:sweep(dx, dy, s)) or {}
        else
          way = ("s:sweep(%.17g, %.17g, L, %.17g, %.17g)"):format(dx, dy, bdx, bdy)
          a = pack(s:sweep(dx, dy, L, bdx, bdy))
          b = R and pack(s:sweep(dx, dy, R, bdx, bdy)) or {}
        end
        total = total + 1
        local len = sqrt((dx - bdx) ^ 2 + (dy - bdy) ^ 2)
        if (a[1] == nil) ~= (b[1] == nil) or (a[1] and abs(a[1] - b[1]) > 1e-9 + c.far / max(1e-300, len)) then
          -- s moved by the relative motion to time t (the layer held still)
          local rx, ry = dx - bdx, dy - bdy
          if k == 2 then rx, ry = -dx, -dy end
          local tol = 1e-9 * sh.size + c.far
          local function overlaps_at(t) return overlaps_union(c, s:clone():move(rx * t, ry * t), tol) end
          local delta = 1e-6
          local function real_hit(t) return overlaps_at(min(1, t + delta)) or (t == 0 and overlaps_at(0)) end
          local layer_ok = R ~= nil and (a[1] == nil or real_hit(a[1]))
          if layer_ok and b[1] and (a[1] == nil or b[1] < a[1]) then layer_ok = not real_hit(b[1]) end
          if layer_ok then
            decided = decided + 1
          else
            F("%s: t %s normal (%s, %s), the Group's %s normal (%s, %s)", way, tostring(a[1]), tostring(a[2]),
              tostring(a[3]), tostring(b[1]), tostring(b[2]), tostring(b[3]))
          end
        end
      end
    end)
    assert.is_true(decided <= total / 100, decided .. " of " .. total .. " sweeps decided against the reference")
  end)
end)

-- 3. Play -------------------------------------------------------------------------

describe("Tile layers in play", function()
  it("set() changes every answer at once: a tile removed no longer hits, one added does", function()
    local L = map_at(0)
    local inside = c2d.disk(24, 40, 2)          -- in floor tile (2, 3)
    assert.is_true(L:hits(inside))
    assert.are.equal(L, L:set(2, 3, 0))
    assert.are.equal(0, L:get(2, 3))
    assert.is_false(L:hits(inside)); assert.is_false(inside:hits(L))
    assert.is_false(L:contains(24, 40))
    -- the hole's sides are still there: x = 16 and x = 32 from y 32 to 48
    assert.is_true(L:contains(16, 40)); assert.is_true(L:contains(32, 40))
    assert.is_false(L:contains(16 + 1e-9, 40))
    near((L:distance(inside)), 6, 1e-9, "distance to the hole's sides") -- 24 - 2 - 16
    -- a ray down the middle of the hole goes through
    assert.is_nil(L:raycast(24, 0, 0, 1, 100))
    -- a box sliding along the floor now drops its corner into the hole? It rests
    -- on (1,3) and (3,3) across the gap 16..32 (16 wide as the box): no hit
    assert.is_nil(c2d.aabb(0, 16, 16, 16):sweep(31, 0, L))
    -- a box sunk 2 over the hole: the floor beside it holds it only at x <= 16
    -- and x >= 32; x 18..30 over the hole: apart
    assert.is_nil(c2d.aabb(18, 18, 12, 16):contact(L))
    -- put it back, and a block on the floor at (3, 2): x 32..48, y 16..32
    L:set(2, 3, 1):set(3, 2, 1)
    assert.is_true(L:hits(inside))
    assert.is_true(L:hits(c2d.disk(40, 24, 2)))
    assert.is_true(L:contains(32, 16))
    -- now a box sliding right from x = 0 meets the block's face x = 32 at 16/40
    local t, nx, ny = c2d.aabb(0, 16, 16, 16):sweep(40, 0, L)
    near(t, 0.4, 1e-12, "t"); near(nx, -1, 1e-12, "nx"); near(ny, 0, 1e-12, "ny")
    -- and a ray along y = 24 meets it at x = 32
    near((L:raycast(0, 24, 1, 0, 100)), 32, 1e-9, "ray to the new block")
    -- codes with kinds: set to a slope, then to a code not listed (empty)
    local K = c2d.tiles(0, 0, 16, 16, 2, 1, { 1, 1 }, { [1] = "full", [2] = "slope-br", [3] = "empty" })
    K:set(1, 1, 2)
    assert.are.equal(2, K:get(1, 1))
    assert.is_false(K:contains(4, 4)); assert.is_true(K:contains(12, 12)); assert.is_true(K:contains(8, 8))
    K:set(1, 1, 7)
    assert.is_false(K:contains(12, 12))
    K:set(1, 1, 3)
    assert.is_false(K:contains(12, 12))
    K:set(1, 1, 1)
    assert.is_true(K:contains(4, 4))
    -- set outside the layer or with a bad code is an error and changes nothing
    assert.has_error(function() L:set(5, 1, 1) end)
    assert.has_error(function() L:set(0, 1, 1) end)
    assert.has_error(function() L:set(1, 1, 70000) end)
    assert.has_error(function() L:set(1, 1, -1) end)
    assert.has_error(function() L:set(1, 1, 1.5) end)
    assert.has_error(function() L:set(1.5, 1, 1) end)
    assert.are.equal(0, L:get(1, 1))
  end)

  it("tilesHit lists the tiles a shape hits, row by row, touching included", function()
    local L = map_at(0)
    local function hit(shape, out) return { L:tilesHit(shape, out) } end
    -- a disk centred on the floor's top inside tile (2, 3): that tile alone
    assert.are.same({ { 2, 3 }, 1 }, hit(c2d.disk(24, 32, 2)))
    -- a box across the seam x = 16, its bottom 2 into the floor
    assert.are.same({ { 1, 3, 2, 3 }, 2 }, hit(c2d.aabb(14, 30, 4, 4)))
    -- a box touching the wall's face x = 48 and the floor's top y = 32 at
    -- the corner (48, 32): the wall's tile (4, 2), and (3, 3) and (4, 3)
    assert.are.same({ { 4, 2, 3, 3, 4, 3 }, 3 }, hit(c2d.aabb(44, 28, 4, 4)))
    -- 1 ulp above the floor (32 - 2^-48 is the next double below 32): none
    assert.are.same({ {}, 0 }, hit(c2d.aabb(20, 28 - 2 ^ -48, 4, 4)))
    -- a Line along y = 40 crosses every floor tile
    assert.are.same({ { 1, 3, 2, 3, 3, 3, 4, 3 }, 4 }, hit(c2d.line(0, 40, 1, 40)))
    -- the out table is reused, what it held past the pairs cleared
    local out = { 9, 9, 9, 9, 9, 9, 9 }
    local t, n = L:tilesHit(c2d.disk(24, 32, 2), out)
    assert.are.equal(out, t); assert.are.equal(1, n)
    assert.are.same({ 2, 3 }, out)
    -- more than fit in the binding's room on the stack: 30 x 30 tiles of 1
    local B = c2d.tiles(0, 0, 1, 1, 30, 30, string.rep("#", 900))
    t, n = B:tilesHit(c2d.aabb(0, 0, 30, 30))
    assert.are.equal(900, n); assert.are.equal(1800, #t)
    assert.are.same({ 1, 1, 30, 30 }, { t[1], t[2], t[1799], t[1800] })
    -- one-way tiles are tiles like any other here
    local K = c2d.tiles(0, 0, 10, 10, 2, 1, { 1, 2 }, { [1] = "full", [2] = "oneway" })
    assert.are.same({ { 1, 1, 2, 1 }, 2 }, { K:tilesHit(c2d.aabb(5, 5, 10, 1)) })
    -- errors name the argument
    local function message(f, ...) local _, e = pcall(f, ...) return tostring(e) end
    assert.are.equal("bad argument #2 to 'tilesHit' (collide2d shape expected, got number)", message(L.tilesHit, L, 5))
    assert.are.equal("bad argument #3 to 'tilesHit' (table (out) expected, got number)", message(L.tilesHit, L, L, 5))
    assert.has_error(function() c2d.disk(0, 0, 1):tilesHit(L) end)
  end)

  it("pieces(box) finds the tiles by their edges as computed, for tiles below their coordinates' ulps", function()
    -- tiles of 2^-40 at x = 2^20 (ulp 2^-32 there: 256 tiles share a double
    -- as their left edge): a box at exactly x = 2^20 + 2^-32 meets the tiles
    -- whose computed cells touch that double, however the division rounds
    local o = 2 ^ 20
    local L = c2d.tiles(o, 0, 2 ^ -40, 1, 1024, 1, string.rep("#", 1024))
    local x = o + 2 ^ -32
    local pieces = L:pieces(x, 0, 0, 1)
    assert.is_true(#pieces > 0)
    for _, p in ipairs(pieces) do
      local x0, _, w = p:unpack()
      assert.is_true(x0 <= x and x0 + w >= x)
    end
    -- every tile whose piece is at that x is listed: count them the slow way
    local count = 0
    for c = 1, 1024 do
      local x0, x1 = o + (c - 1) * 2 ^ -40, o + c * 2 ^ -40
      if x0 <= x and x1 >= x then count = count + 1 end
    end
    assert.are.equal(count, #pieces)
  end)

  for _, o in ipairs { 0, 2 ^ 20 } do
    it(("in a World: query finds it, move slides along the floor's seams and stops at a wall (at %g)"):format(o), function()
      -- 40 x 2 tiles of 16 from (o, o + 100): row 1 empty but for a wall in
      -- column 40 (x o+624..o+640), row 2 full: the floor's top at o + 116
      local data = {}
      for i = 1, 80 do data[i] = 0 end
      data[40] = 1
      for i = 41, 80 do data[i] = 1 end
      local w = c2d.world(16)
      local layer = w:add(c2d.tiles(o, o + 100, 16, 16, 40, 2, data))
      local box = w:add(c2d.aabb(o + 4, o + 104, 12, 12)) -- resting on the floor (bottom 116)
      local flier = w:add(c2d.aabb(o + 4, o + 50, 12, 12))
      local found = w:query(box)
      assert.are.equal(1, #found); assert.are.equal(layer, found[1])
      assert.are.equal(0, #w:query(flier))
      assert.are.same({ layer }, w:queryPoint(o + 300, o + 116))
      -- along the floor over 18 seams to x = o + 300: exactly there, y unchanged
      local x, y = w:move(box, o + 300, o + 104)
      assert.are.equal(o + 300, x); assert.are.equal(o + 104, y)
      assert.are.same({ o + 300, o + 104 }, { box:position() })
      -- pressing into the floor on the way: slides, the same end
      box:moveTo(o + 4, o + 104)
      x, y = w:move(box, o + 300, o + 110)
      assert.are.equal(o + 300, x); assert.are.equal(o + 104, y)
      -- on to the wall: its face x = o + 624, so the box (12 wide) stops at 612
      local cols, len
      x, y, cols, len = w:move(box, o + 700, o + 104)
      assert.are.equal(o + 612, x); assert.are.equal(o + 104, y)
      assert.is_true(len >= 1)
      local last = cols[len]
      assert.are.equal(layer, last.other)
      near(last.nx, -1, 1e-12, "nx"); near(last.ny, 0, 1e-12, "ny")
      -- dropped onto the floor from above: lands on its top
      x, y = w:move(flier, o + 4, o + 200)
      assert.are.equal(o + 4, x); assert.are.equal(o + 104, y)
      -- the layer cannot move through the world
      assert.has_error(function() w:move(layer, o + 10, o + 100) end)
      assert.are.same({ o, o + 100 }, { layer:position() })
      -- a tile dug out under a box is seen at once by the world
      layer:set(3, 2, 0)                    -- x o+32..o+48 under the floor's top
      local hole = w:add(c2d.aabb(o + 34, o + 110, 12, 12)) -- 6 into where the tile was
      assert.are.equal(0, #w:query(hole))
      layer:set(3, 2, 1)
      assert.are.equal(1, #w:query(hole))
    end)
  end
end)

describe("Tile layers: one-way tiles", function()
  -- 20 x 16 tiles of 20 from (o, o): row 16 (y o+300..o+320) full, the floor;
  -- row 13 (y o+240..o+260): columns 1-5 full, 6-10 one-way from the top,
  -- 11-13 full, 14-18 the named "top" half made one-way ({ "top", oneway =
  -- true }: y o+240..o+250), 19-20 empty. An AABB 16 x 32 stands on the
  -- floor (y o+268..o+300).
  local function to(x, y) return { x, y } end -- (a move's end, without its collisions)
  local function level(o)
    local data = {}
    for i = 1, 20 * 16 do data[i] = 0 end
    for c = 1, 20 do data[15 * 20 + c] = 1 end
    for c = 1, 5 do data[12 * 20 + c] = 1 end
    for c = 6, 10 do data[12 * 20 + c] = 2 end
    for c = 11, 13 do data[12 * 20 + c] = 1 end
    for c = 14, 18 do data[12 * 20 + c] = 3 end
    local w = c2d.world(32)
    local L = w:add(c2d.tiles(o, o, 20, 20, 20, 16, data,
      { [1] = "full", [2] = "oneway", [3] = { "top", oneway = true } }))
    return w, L
  end

  for _, o in ipairs { 0, 2 ^ 20 } do
    it(("are jumped through from below, landed on, walked along and dropped through (at %g)"):format(o), function()
      local w, L = level(o)
      -- every query takes a one-way tile as solid
      assert.is_true(L:contains(o + 130, o + 250))
      assert.is_true(L:contains(o + 290, o + 250)); assert.is_false(L:contains(o + 290, o + 251))
      -- under column 7 (x o+120..o+140): 60 up goes through the one-way
      -- tile (it is met from below only) to y o+208, its feet on the top
      local s = w:add(c2d.aabb(o + 122, o + 268, 16, 32))
      local x, y = w:move(s, o + 122, o + 208)
      assert.are.same({ o + 122, o + 208 }, { x, y })
      -- falling back: it lands on the one-way tile's top, o + 240
      local cols, len
      x, y, cols, len = w:move(s, o + 122, o + 230)
      assert.are.same({ o + 122, o + 208 }, { x, y })
      assert.are.equal(1, len); assert.are.equal(L, cols[1].other)
      assert.are.same({ 0, -1 }, { cols[1].nx, cols[1].ny })
      -- walked along the row, over the seam into the full tiles at x o+100:
      -- the full tiles are solid all round, so it walks on them too
      x, y = w:move(s, o + 60, o + 208)
      assert.are.same({ o + 60, o + 208 }, { x, y })
      -- the full tiles beside the one-way ones are solid from below: a jump
      -- under column 3 (x o+40..o+60) stops at their bottom, o + 260
      local t = w:add(c2d.aabb(o + 42, o + 268, 16, 32))
      x, y = w:move(t, o + 42, o + 200)
      assert.are.same({ o + 42, o + 260 }, { x, y })
      -- in the one-way row (in columns 9 and 10 where the move begins),
      -- moving right: the one-way tiles do not stop it, the full tile in
      -- column 11 does, at its face x o+200 (a run of full tiles is never
      -- joined with one-way ones)
      local v = w:add(c2d.aabb(o + 170, o + 235, 16, 32))
      x, y = w:move(v, o + 250, o + 235)
      assert.are.same({ o + 184, o + 235 }, { x, y })
      -- under the half tiles (column 15, x o+280..o+300): up through them,
      -- landing on their top o + 240; sideways inside the one-way row it is
      -- not stopped by their sides
      local u = w:add(c2d.aabb(o + 282, o + 268, 16, 32))
      x, y = w:move(u, o + 282, o + 200)
      assert.are.same({ o + 282, o + 200 }, { x, y })
      x, y = w:move(u, o + 282, o + 220)
      assert.are.same({ o + 282, o + 208 }, { x, y })
      u:moveTo(o + 382, o + 230)            -- right of the row, in its height
      x, y = w:move(u, o + 282, o + 230)    -- left into the half tiles' sides
      assert.are.same({ o + 282, o + 230 }, { x, y })
      -- dropping through: a move with the filter's through flag, here by the
      -- controller's drop (it passes every one-way tile), then falling on
      local ctl = c2d.controller(w, s, { snap = 4 })
      s:moveTo(o + 122, o + 208)
      ctl:move(0, 4, nil, true)
      for _ = 1, 30 do ctl:move(0, 4) end
      assert.are.same({ o + 122, o + 268 }, { s:position() })
    end)
  end

  it("never push a shape out of them; the full tiles beside them do", function()
    -- one row of three tiles of 10 at (0, 0) over an empty row; a 6 x 6 box
    -- at (12, 3) lies inside the middle tile, 3 below its top and 7 above
    -- its bottom: out of a full tile, w:push moves it down 7 to (12, 10)
    local function world_of(codes)
      local w = c2d.world(16)
      w:add(c2d.tiles(0, 0, 10, 10, 3, 2, codes, { [1] = "full", [2] = "oneway" }))
      return w, w:add(c2d.aabb(12, 3, 6, 6))
    end
    local w, s = world_of { 1, 1, 1, 0, 0, 0 }
    local x, y, _, len = w:push(s)
    assert.are.same({ 12, 10, 1 }, { x, y, len })
    -- in a one-way tile: left where it is, nothing met
    w, s = world_of { 2, 2, 2, 0, 0, 0 }
    x, y, _, len = w:push(s)
    assert.are.same({ 12, 3, 0 }, { x, y, len })
    -- across a full tile (x 0..10) and a one-way one: out of the full one
    -- alone, 3 to the right (its part x 7..10), to (10, 3) in the one-way tile
    w, s = world_of { 1, 2, 1, 0, 0, 0 }
    s:moveTo(7, 3)
    x, y = w:push(s)
    assert.are.same({ 10, 3 }, { x, y })
  end)

  it("take a side of their own: { nx, ny } from any direction", function()
    -- one tile of 10 at (0, 0), solid only from the right ((1, 0))
    local w = c2d.world(16)
    w:add(c2d.tiles(0, 0, 10, 10, 1, 1, { 1 }, { [1] = { 0, 0, 1, 0, 1, 1, 0, 1, oneway = { 1, 0 } } }))
    local s = w:add(c2d.aabb(20, 2, 4, 4))
    -- from the right: stopped at its right face x = 10
    assert.are.same({ 10, 2 }, to(w:move(s, -20, 2)))
    -- from the left: through
    s:moveTo(-20, 2)
    assert.are.same({ 20, 2 }, to(w:move(s, 20, 2)))
    -- a side of huge or tiny parts is the same direction
    local w2 = c2d.world(16)
    w2:add(c2d.tiles(0, 0, 10, 10, 1, 1, { 1 }, { [1] = { "full", oneway = { 1e300, 0 } } }))
    local s2 = w2:add(c2d.aabb(20, 2, 4, 4))
    assert.are.same({ 10, 2 }, to(w2:move(s2, -20, 2)))
    local w3 = c2d.world(16)
    w3:add(c2d.tiles(0, 0, 10, 10, 1, 1, { 1 }, { [1] = { "full", oneway = { 5e-324, 0 } } }))
    local s3 = w3:add(c2d.aabb(20, 2, 4, 4))
    assert.are.same({ 10, 2 }, to(w3:move(s3, -20, 2)))
  end)

  it("are refused with a clear error when their side is not a direction", function()
    local function make(kind) return c2d.tiles(0, 0, 10, 10, 1, 1, { 1 }, { [1] = kind }) end
    for _, bad in ipairs {
      { { "full", oneway = { 0, 0 } }, "must not be" },
      { { "full", oneway = { 0 / 0, 1 } }, "finite" },
      { { "full", oneway = { 1 / 0, 1 } }, "finite" },
      { { "full", oneway = "up" }, "oneway must be" },
      { { "full", 1 }, "stands alone" },
      { { "fall", oneway = true }, "unknown kind name" },
    } do
      local ok, err = pcall(make, bad[1])
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("kinds[1]", 1, true), tostring(err))
      assert.is_truthy(tostring(err):find(bad[2], 1, true), tostring(err))
    end
    -- oneway = false is solid all round: the same as "full"
    local w = c2d.world(16)
    w:add(make { "full", oneway = false })
    local s = w:add(c2d.aabb(-20, 2, 4, 4))
    assert.are.same({ -4, 2 }, to(w:move(s, 20, 2)))
  end)
end)

-- 4. Bad input --------------------------------------------------------------------

describe("Tile layers: bad input", function()
  local good = { 0, 0, 16, 16, 2, 1, { 1, 1 } }
  local function with(i, v, extra)
    local a = {}
    for k = 1, 7 do a[k] = good[k] end
    a[i] = v
    if extra then a[8] = extra end
    return a
  end
  local nan = 0 / 0
  local cases = {
    { "x a string", with(1, "a"), "#1" },
    { "x NaN", with(1, nan), "#1", "x" },
    { "x inf", with(1, math.huge), "#1", "x" },
    { "y NaN", with(2, nan), "#2", "y" },
    { "y nil", with(2, nil), "#2" },
    { "tileW 0", with(3, 0), "#3", "tileW" },
    { "tileW negative", with(3, -16), "#3", "tileW" },
    { "tileW NaN", with(3, nan), "#3", "tileW" },
    { "tileH 0", with(4, 0), "#4", "tileH" },
    { "tileH inf", with(4, math.huge), "#4", "tileH" },
    { "columns 0", { 0, 0, 16, 16, 0, 1, {} }, "#5", "columns" },
    { "columns 1.5", with(5, 1.5), "#5", "columns" },
    { "columns -2", with(5, -2), "#5", "columns" },
    { "rows 0", { 0, 0, 16, 16, 2, 0, {} }, "#6", "rows" },
    { "rows 1.5", with(6, 1.5), "#6", "rows" },
    { "data too short", with(7, { 1 }), "#7", "data" },
    { "data too long", with(7, { 1, 1, 1 }), "#7", "data" },
    { "a data string of the wrong length", with(7, "#"), "#7", "data" },
    { "data a number", with(7, 5), "#7" },
    { "data missing", with(7, nil), "#7" },
    { "a code 70000", with(7, { 1, 70000 }), "#7", "data" },
    { "a code -1", with(7, { 1, -1 }), "#7", "data" },
    { "a code 1.5", with(7, { 1, 1.5 }), "#7", "data" },
    { "a code NaN", with(7, { 1, nan }), "#7", "data" },
    { "a code a string", with(7, { 1, "x" }), "#7", "data" },
    { "kinds a number", with(7, { 1, 1 }, 5), "#8" },
    { "kinds with an unknown name", with(7, { 1, 1 }, { [1] = "bogus" }), "#8", "kinds" },
    { "kinds with a non-convex table", with(7, { 1, 1 }, { [1] = { 0, 0, 1, 1, 1, 0, 0, 1 } }), "#8", "kinds" },
    { "kinds with a point beyond u = 1", with(7, { 1, 1 }, { [1] = { 0, 0, 1.5, 0, 1, 1 } }), "#8", "kinds" },
    { "kinds with a point beyond v = 0", with(7, { 1, 1 }, { [1] = { 0, -0.5, 1, 0, 1, 1 } }), "#8", "kinds" },
    { "kinds with 9 points", with(7, { 1, 1 },
        { [1] = { 0, 0, 0.5, 0, 1, 0, 1, 0.5, 1, 1, 0.5, 1, 0, 1, 0, 0.5, 0.25, 0.25 } }), "#8", "kinds" },
    { "kinds with an odd count", with(7, { 1, 1 }, { [1] = { 0, 0, 1 } }), "#8", "kinds" },
    { "kinds with a NaN", with(7, { 1, 1 }, { [1] = { 0, 0, nan, 0, 1, 1 } }), "#8", "kinds" },
    { "kinds with a code 70000", with(7, { 1, 1 }, { [70000] = "full" }), "#8", "kinds" },
    { "kinds with a two-character key", with(7, { 1, 1 }, { ab = "full" }), "#8", "kinds" },
    { "kinds with a kind of the wrong type", with(7, { 1, 1 }, { [1] = true }), "#8", "kinds" },
  }
  for _, c in ipairs(cases) do
    it(c[1] .. " is an error naming the argument", function()
      local a = c[2]
      local ok, err = pcall(c2d.tiles, a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
      assert.is_false(ok, "no error")
      err = tostring(err)
      assert.is_truthy(err:find(c[3], 1, true), "error does not say " .. c[3] .. ": " .. err)
      if c[4] then assert.is_truthy(err:find(c[4], 1, true), "error does not name " .. c[4] .. ": " .. err) end
    end)
  end

  it("a huge map (100000 x 100000, or columns 1e300) fails with an error, not a crash", function()
    local ok, err = pcall(c2d.tiles, 0, 0, 16, 16, 100000, 100000, {})
    assert.is_false(ok); assert.are.equal("string", type(err))
    ok, err = pcall(c2d.tiles, 0, 0, 16, 16, 1e300, 1, {})
    assert.is_false(ok); assert.are.equal("string", type(err))
    ok, err = pcall(c2d.tiles, 0, 0, 16, 16, 2 ^ 40, 2 ^ 40, "")
    assert.is_false(ok); assert.are.equal("string", type(err))
  end)

  it("get and pieces with bad arguments are errors, not crashes", function()
    local L = map_at(0)
    assert.has_error(function() L:get("a", 1) end)
    assert.has_error(function() L:pieces(0, 0, nan, 1) end)
    assert.has_error(function() L:scale(0) end)
    assert.has_error(function() L:scale(-1) end)
    assert.has_error(function() L:move(nan, 0) end)
    assert.are.same({ 0, 0, 16, 16, 4, 3 }, { L:unpack() })
  end)
end)
