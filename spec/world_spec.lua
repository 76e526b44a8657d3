-- The World: every query against a brute-force loop over the pair queries on
-- seeded random scenes, movement worked by hand, bits, filters, garbage
-- collection and bad arguments.
local c2d = require "collide2d"
local common = require "support.common"

local lcg = common.lcg

-- A seeded scene: mixed kinds, integer tiles that exactly touch, a few long
-- walls, huge and tiny shapes.
local function scene(seed, n)
  local r = lcg(seed)
  local shapes = {}
  for i = 1, n do
    local x, y = r.range(-200, 200), r.range(-200, 200)
    local k = r.int(1, 9)
    local s
    if k == 1 then s = c2d.disk(x, y, r.range(1, 20))
    elseif k == 2 then s = c2d.aabb(math.floor(x / 16) * 16, math.floor(y / 16) * 16, 16, 16) -- a tile
    elseif k == 3 then s = c2d.box(x, y, r.range(2, 30), r.range(2, 30), r.range(0, 6))
    elseif k == 4 then s = c2d.capsule(x, y, x + r.range(-20, 20), y + r.range(-20, 20), r.range(0, 5))
    elseif k == 5 then s = c2d.triangle(x, y, x + r.range(-20, 20), y + r.range(-20, 20), x + r.range(-20, 20), y)
    elseif k == 6 then s = c2d.fan(x, y, r.range(5, 40), r.range(0, 6), r.range(0.2, 5))
    elseif k == 7 then s = c2d.point(math.floor(x), math.floor(y))
    elseif k == 8 then s = c2d.segment(x, y, x + r.range(-50, 50), y + r.range(-50, 50))
    else s = c2d.aabb(x, y, r.range(0, 3), r.range(0, 3))
    end
    shapes[i] = s
  end
  shapes[#shapes + 1] = c2d.aabb(-1000, -3, 2000, 6)       -- a long wall
  shapes[#shapes + 1] = c2d.aabb(-3, -1000, 6, 2000)       -- another
  shapes[#shapes + 1] = c2d.disk(0, 0, 1e-7)              -- tiny
  shapes[#shapes + 1] = c2d.disk(5000, 5000, 4000)        -- huge
  shapes[#shapes + 1] = c2d.line(-50, -60, 50, 61)        -- unbounded
  return shapes
end

-- What a brute-force loop says: the shapes (in the order added) that hit s.
local function brute(shapes, s)
  local out = {}
  for _, t in ipairs(shapes) do
    if not rawequal(t, s) and t:hits(s) then out[#out + 1] = t end
  end
  return out
end

-- The garbage per call, in bytes, of frames(k) making calls_per_frame calls
-- a frame: after warm frames, over measured frames with the collector stopped
-- (the least of a few measurements, stopping at one under 512 bytes a call).
local function garbage_per_call(frames, warm, measured, calls_per_frame)
  frames(warm)
  local calls = measured * calls_per_frame
  return common.garbage(frames, measured, 3, calls / 2) * 1024 / calls
end

local function same_list(tag, got, want)
  assert.are.equal(#want, #got, tag .. ": how many")
  for i = 1, #want do
    assert.is_true(rawequal(want[i], got[i]), ("%s: item %d is %s, expected %s"):format(tag, i, tostring(got[i]), tostring(want[i])))
  end
end

local function brute_pairs(shapes)
  local out = {}
  for i = 1, #shapes do
    for j = i + 1, #shapes do
      if shapes[i]:hits(shapes[j]) then
        out[#out + 1] = shapes[i]
        out[#out + 1] = shapes[j]
      end
    end
  end
  return out
end

describe("World queries agree with a brute-force loop", function()
  for _, seed in ipairs({ 1, 2, 3 }) do
    it("scene " .. seed .. ": query, queryPoint, queryRect, collisions", function()
      local shapes = scene(seed, 150)
      local w = c2d.world(32)
      for _, s in ipairs(shapes) do w:add(s) end
      assert.are.equal(#shapes, w:count())
      same_list("shapes()", w:shapes(), shapes)
      for i = 1, #shapes, 7 do
        same_list("query " .. i, w:query(shapes[i]), brute(shapes, shapes[i]))
      end
      local r = lcg(seed + 100)
      for _ = 1, 40 do
        local x, y = r.range(-250, 250), r.range(-250, 250)
        same_list("queryPoint", w:queryPoint(x, y), brute(shapes, c2d.point(x, y)))
        local rw, rh = r.range(0, 80), r.range(0, 80)
        same_list("queryRect", w:queryRect(x, y, rw, rh), brute(shapes, c2d.aabb(x, y, rw, rh)))
      end
      local list, n = w:collisions()
      same_list("collisions", list, brute_pairs(shapes))
      assert.are.equal(#list / 2, n)
    end)

    it("scene " .. seed .. ": still right after shapes move, turn, scale and are set with their own methods", function()
      local shapes = scene(seed, 120)
      local w = c2d.world(32)
      for _, s in ipairs(shapes) do w:add(s) end
      w:collisions() -- file everything once
      local r = lcg(seed + 200)
      for i, s in ipairs(shapes) do
        local k = i % 5
        if k == 0 then s:move(r.range(-60, 60), r.range(-60, 60))
        elseif k == 1 then s:moveTo(r.range(-200, 200), r.range(-200, 200))
        elseif k == 2 and s:type() ~= "AABB" then s:rotate(r.range(0, 6))
        elseif k == 3 then s:scale(r.range(0.5, 2))
        elseif k == 4 and s:type() == "Disk" then s:set(r.range(-100, 100), r.range(-100, 100), r.range(1, 30))
        end
      end
      same_list("collisions after moving", (w:collisions()), brute_pairs(shapes))
      for i = 1, #shapes, 9 do
        same_list("query after moving " .. i, w:query(shapes[i]), brute(shapes, shapes[i]))
      end
      -- remove a third, add them back: they come last in the order
      local kept, removed = {}, {}
      for i, s in ipairs(shapes) do
        if i % 3 == 0 then w:remove(s); removed[#removed + 1] = s else kept[#kept + 1] = s end
      end
      same_list("collisions after removing", (w:collisions()), brute_pairs(kept))
      for _, s in ipairs(removed) do w:add(s); kept[#kept + 1] = s end
      same_list("shapes() after adding back", w:shapes(), kept)
      same_list("collisions after adding back", (w:collisions()), brute_pairs(kept))
    end)
  end

  it("tiles on an integer grid that exactly touch are collisions", function()
    -- a 10 x 10 block of 16-px tiles: 9 * 10 across, 10 * 9 down, 9 * 9 * 2 corner to corner
    local w = c2d.world(16)
    for i = 0, 9 do for j = 0, 9 do w:add(c2d.aabb(i * 16, j * 16, 16, 16)) end end
    local _, n = w:collisions()
    assert.are.equal(90 + 90 + 162, n)
  end)

  it("a shape moved into exact touch across a cell border is met there", function()
    -- Cells of 16. An 8-px square in the cell right of the origin's, and one
    -- that moves toward it by whole pixels from each side: it reaches the
    -- border (16) exactly, so its box ends on the next cell's first line and
    -- it must be filed there too. Then it steps back and the pair is gone.
    for _, case in ipairs {
      { 0, 4, 8, 0 },   -- from the left: 0..8 moves to 8..16, touching 16..24
      { 32, 4, -8, 0 }, -- from the right: 32..40 moves to 24..32, touching 16..24 at 24
      { 16, -12, 0, 4 }, -- from below: y -12..-4 moves to -8..0, touching 0..8 at 0
      { 16, 20, 0, -12 }, -- from above: y 20..28 moves to 8..16, touching 0..8 at 8
    } do
      local w = c2d.world(16)
      local still = w:add(c2d.aabb(16, 0, 8, 8))
      local mover = w:add(c2d.aabb(case[1], case[2], 8, 8))
      local _, n = w:collisions()
      assert.are.equal(0, n)
      mover:move(case[3], case[4])
      local list
      list, n = w:collisions()
      assert.are.equal(1, n)
      assert.is_true(rawequal(still, list[1]) and rawequal(mover, list[2]))
      same_list("query after the move", w:query(mover), { still })
      mover:move(-case[3] / 8, -case[4] / 8) -- one pixel back
      _, n = w:collisions()
      assert.are.equal(0, n)
    end
  end)

  it("querySegment comes in order along the segment, raycast gives the first", function()
    -- boxes at x = 10, 30, 50 (each 4 wide) across y = 0; the segment from (0,0) to (60,0)
    local w = c2d.world(8)
    local c = w:add(c2d.aabb(50, -1, 4, 2))
    local a = w:add(c2d.aabb(10, -1, 4, 2))
    local b = w:add(c2d.aabb(30, -1, 4, 2))
    w:add(c2d.aabb(30, 5, 4, 2)) -- off the segment
    same_list("segment", w:querySegment(0, 0, 60, 0), { a, b, c })
    same_list("segment backwards", w:querySegment(60, 0, 0, 0), { c, b, a })
    local s, t, nx, ny = w:raycast(0, 0, 1, 0, 100)
    assert.is_true(rawequal(a, s))
    assert.are.equal(10, t)
    assert.are.same({ -1, 0 }, { nx, ny })
    assert.is_nil(w:raycast(0, 0, 1, 0, 9))
    -- a filter skips the first
    assert.is_true(rawequal(b, (w:raycast(0, 0, 1, 0, 100, function(o) return o ~= a end))))
  end)

  it("a Line in a world is tested against every query", function()
    local w = c2d.world()
    local l = w:add(c2d.line(0, 0, 1, 1))
    local far = w:add(c2d.disk(1e6, 1e6, 1))
    same_list("point on the line", w:queryPoint(-500, -500), { l })
    local _, n = w:collisions()
    assert.are.equal(1, n) -- the line passes through the far disk's centre
    assert.is_true(rawequal(far, (w:collisions())[2]))
  end)
end)

-- A small shape of one of several kinds near (x, y), for crowds.
local function small_shape(r, x, y)
  local k = r.int(1, 6)
  if k == 1 then return c2d.disk(x, y, r.range(1, 8))
  elseif k == 2 then return c2d.aabb(math.floor(x), math.floor(y), r.int(0, 12), r.int(0, 12)) -- integer: exact touches
  elseif k == 3 then return c2d.box(x, y, r.range(1, 12), r.range(1, 12), r.range(0, 6))
  elseif k == 4 then return c2d.capsule(x, y, x + r.range(-8, 8), y + r.range(-8, 8), r.range(0, 3))
  elseif k == 5 then return c2d.triangle(x, y, x + r.range(-8, 8), y + r.range(-8, 8), x + r.range(-8, 8), y)
  else return c2d.point(math.floor(x), math.floor(y))
  end
end

-- Every answer of w against the brute-force loop over shapes (in the order added).
local function agrees(tag, w, shapes, r)
  same_list(tag .. ": collisions", (w:collisions()), brute_pairs(shapes))
  for i = 1, #shapes, 11 do
    same_list(tag .. ": query " .. i, w:query(shapes[i]), brute(shapes, shapes[i]))
  end
  for _ = 1, 10 do
    local x, y, rw, rh = r.range(-20, 70), r.range(-20, 70), r.range(0, 40), r.range(0, 40)
    same_list(tag .. ": queryRect", w:queryRect(x, y, rw, rh), brute(shapes, c2d.aabb(x, y, rw, rh)))
  end
end

describe("World broadphase under crowds and mixed sizes", function()
  it("a crowd of 250 shapes in one 48-px spot agrees with a brute-force loop, before and after it stirs", function()
    local r = lcg(41)
    local w = c2d.world(32) -- a few cells, each holding about a hundred shapes
    local shapes = {}
    for i = 1, 250 do shapes[i] = w:add(small_shape(r, r.range(0, 48), r.range(0, 48))) end
    agrees("crowd", w, shapes, r)
    for _, s in ipairs(shapes) do s:move(r.range(-20, 20), r.range(-20, 20)) end
    agrees("crowd stirred", w, shapes, r)
    local kept, removed = {}, {}
    for i, s in ipairs(shapes) do
      if i % 4 == 0 then w:remove(s); removed[#removed + 1] = s else kept[#kept + 1] = s end
    end
    agrees("crowd thinned", w, kept, r)
    for _, s in ipairs(removed) do w:add(s); kept[#kept + 1] = s end
    agrees("crowd filled again", w, kept, r)
  end)

  it("a crowd of equal squares on one spot: every pair, in the order added", function()
    -- 60 copies of the same square: all 60 * 59 / 2 pairs, first by the earlier-added
    local w = c2d.world(8)
    local shapes = {}
    for i = 1, 60 do shapes[i] = w:add(c2d.aabb(3, 3, 2, 2)) end
    local list, n = w:collisions()
    assert.are.equal(1770, n)
    local k = 1
    for i = 1, 60 do
      for j = i + 1, 60 do
        assert.is_true(rawequal(shapes[i], list[k]) and rawequal(shapes[j], list[k + 1]), "pair " .. (k + 1) / 2)
        k = k + 2
      end
    end
    same_list("query in the crowd", w:query(shapes[30]), (function()
      local t = {}
      for i = 1, 60 do if i ~= 30 then t[#t + 1] = shapes[i] end end
      return t
    end)())
  end)

  for _, base in ipairs({ 0, 1e6 }) do
    it(("2,000-px walls under 16-px tiles that touch them exactly (at %g): each touch once"):format(base), function()
      -- 100 tiles in a row on a wall's top edge: 99 tile seams, 100 tile-wall
      -- touches, and a second wall touching the first end to end: 200 pairs.
      local w = c2d.world(16)
      for i = 0, 99 do w:add(c2d.aabb(base + i * 16, base, 16, 16)) end
      local wall = w:add(c2d.aabb(base, base - 8, 2000, 8))
      local wall2 = w:add(c2d.aabb(base + 2000, base - 8, 2000, 8))
      local list, n = w:collisions()
      assert.are.equal(200, n)
      local with_wall = 0
      for k = 1, 2 * n, 2 do
        if rawequal(list[k + 1], wall) then with_wall = with_wall + 1 end
        assert.is_false(rawequal(list[k], wall2), "wall2 was added last, so it comes second")
      end
      assert.are.equal(100, with_wall)
      assert.are.equal(101, #w:query(wall)) -- the 100 tiles and wall2
      assert.are.equal(1, #w:queryRect(base + 1990, base - 4, 5, 1)) -- only the first wall up to x = base + 1995
      assert.are.equal(2, #w:queryPoint(base + 2000, base - 4)) -- where the walls meet
    end)
  end

  it("tiles, long walls, medium and huge shapes mixed agree with a brute-force loop as they move", function()
    local r = lcg(42)
    local w = c2d.world(16)
    local shapes = {}
    local function add(s) shapes[#shapes + 1] = w:add(s) end
    for i = 0, 19 do
      for j = 0, 19 do
        if (i + j) % 3 ~= 0 then add(c2d.aabb(i * 16, j * 16, 16, 16)) end
      end
    end
    add(c2d.aabb(-1000, -8, 2000, 8))                 -- under the bottom row, touching it
    add(c2d.aabb(320, -1000, 8, 2000))                -- right of the right column, touching it
    add(c2d.aabb(-1000, 160, 2000, 0))                -- a flat wall along a row of seams
    add(c2d.capsule(-1000, -1000, 1000, 1000, 2))     -- a long diagonal
    add(c2d.box(160, 160, 3000, 10, 0.3))             -- a long turned wall
    add(c2d.disk(100, 200, 100))                      -- medium
    add(c2d.disk(5000, 5000, 4900))                   -- huge, reaching the tiles
    add(c2d.aabb(9000, 9000, 3000, 4))                -- a wall far from everything
    for _ = 1, 60 do add(small_shape(r, r.range(0, 320), r.range(0, 320))) end
    for _, s in ipairs(shapes) do
      if r.u() < 0.5 then s:move(r.range(-30, 30), r.range(-30, 30)) end
      same_list("mixed: query", w:query(s), brute(shapes, s))
    end
    agrees("mixed moved", w, shapes, r)
    for k = #shapes - 80, #shapes - 60 do shapes[k]:move(r.range(-20, 20), 0) end -- the walls move too
    agrees("mixed, walls moved", w, shapes, r)
  end)

  it("many shapes carried far and back, added and removed, keep every answer right", function()
    -- Shapes cross many cells and leave them empty, cells fill past their
    -- room and empty again: the grid is rebuilt under the queries.
    local r = lcg(43)
    local w = c2d.world(16)
    local shapes, out = {}, {}
    for i = 1, 300 do shapes[i] = w:add(small_shape(r, r.range(0, 200), r.range(0, 200))) end
    for round = 1, 40 do
      for _, s in ipairs(shapes) do
        if r.u() < 0.3 then s:moveTo(r.range(0, 200), r.range(0, 200))
        elseif r.u() < 0.1 then s:moveTo(r.range(-5000, 5000), r.range(-5000, 5000)) end
      end
      local k = r.int(1, #shapes)
      w:remove(shapes[k])
      local again = table.remove(shapes, k)
      w:add(again)
      shapes[#shapes + 1] = again
      w:collisions(out)
      if round % 10 == 0 then agrees("churn round " .. round, w, shapes, r) end
    end
  end)

  -- Every answer near the shapes: collisions, query, and queryRect around
  -- some of them (wherever they are).
  local function agrees_near(tag, w, shapes)
    same_list(tag .. ": collisions", (w:collisions()), brute_pairs(shapes))
    for i = 1, #shapes, 7 do
      same_list(tag .. ": query " .. i, w:query(shapes[i]), brute(shapes, shapes[i]))
    end
    for i = 1, #shapes, 13 do
      local minx, miny = shapes[i]:bbox()
      local rect = c2d.aabb(minx - 10, miny - 10, 20, 20)
      same_list(tag .. ": queryRect " .. i, w:queryRect(minx - 10, miny - 10, 20, 20), brute(shapes, rect))
    end
  end

  it("shapes that spread far apart and gather again keep every answer right", function()
    -- Gathered, the grid finds its cells through an index over their
    -- rectangle; spread over 10^12 px (cells past 2^30 share the edge ones),
    -- through a hash; gathered and stirred again, through an index anew.
    local r = lcg(45)
    local w = c2d.world(16)
    local shapes, out = {}, {}
    for i = 1, 200 do shapes[i] = w:add(small_shape(r, r.range(0, 160), r.range(0, 160))) end
    agrees_near("gathered", w, shapes)
    local far = { { 0, 0 }, { 1e6, 0 }, { 0, -1e6 }, { -3e9, 2e9 }, { 1e12, 1e12 }, { -1e12, -1e12 } }
    for i, s in ipairs(shapes) do
      local d = far[i % #far + 1]
      s:move(d[1], d[2])
    end
    agrees_near("spread", w, shapes)
    for i, s in ipairs(shapes) do
      local d = far[i % #far + 1]
      s:move(-d[1], -d[2])
    end
    agrees_near("gathered again", w, shapes)
    for _ = 1, 30 do
      for _, s in ipairs(shapes) do
        if r.u() < 0.5 then s:move(r.range(-20, 20), r.range(-20, 20)) end
      end
      w:collisions(out)
    end
    agrees_near("stirred", w, shapes)
  end)

  it("a world that grows outward one shape at a time keeps every answer right", function()
    -- Each shape lands just past the others (an outward spiral), so the
    -- rectangle the grid indexes is outgrown again and again.
    local r = lcg(46)
    local w = c2d.world(8)
    local shapes = {}
    for i = 1, 400 do
      local a, d = i * 0.5, 2 * i
      shapes[i] = w:add(small_shape(r, d * math.cos(a), d * math.sin(a)))
      if i % 50 == 0 then agrees_near("spiral " .. i, w, shapes) end
    end
  end)

  it("a full world that swaps shapes in and out one at a time keeps every answer right", function()
    -- 64 shapes fill the world's first slots exactly; each round one leaves
    -- and another (new or old) comes in, so every add finds the slots full
    -- and the world's inner bookkeeping is laid out anew, between moves.
    local r = lcg(44)
    local w = c2d.world(16)
    local shapes, out = {}, {}
    for i = 1, 64 do shapes[i] = w:add(small_shape(r, r.range(0, 60), r.range(0, 60))) end
    agrees("full", w, shapes, r)
    for round = 1, 120 do
      local k = r.int(1, #shapes)
      local gone = table.remove(shapes, k)
      w:remove(gone)
      local s = r.u() < 0.5 and gone:moveTo(r.range(0, 60), r.range(0, 60))
        or small_shape(r, r.range(0, 60), r.range(0, 60))
      shapes[#shapes + 1] = w:add(s)
      for _, t in ipairs(shapes) do
        if r.u() < 0.3 then t:move(r.range(-6, 6), r.range(-6, 6)) end
      end
      if round % 3 == 0 then w:collisions(out) end
      if round % 10 == 0 then agrees("swap round " .. round, w, shapes, r) end
    end
  end)
end)

-- hits works in the pair's frame and counts as touching shapes whose own
-- boxes are apart by the rounding there; the World must still find them, and
-- no others.
describe("World boxes allow for the rounding hits allows", function()
  local function found(a, b)
    local w = c2d.world()
    w:add(a)
    w:add(b)
    local _, n = w:collisions()
    local qa, qb = w:query(a), w:query(b)
    w:remove(a)
    w:remove(b)
    return n, #qa, #qb
  end
  local function agrees_pair(a, b, want)
    assert.are.equal(want, a:hits(b), tostring(a) .. " hits " .. tostring(b))
    local n, qa, qb = found(a, b)
    local k = want and 1 or 0
    assert.are.same({ k, k, k }, { n, qa, qb }, tostring(a) .. " and " .. tostring(b) .. " in a World")
  end

  it("a segment whose end is two ulps past an AABB's side", function()
    -- the AABB's right side is 7.0040857165605255 + 0.73716180503236217, which
    -- rounds to 7.7412475215928877, two ulps left of the segment's end
    -- x = 7.7412475215928893 (y 147.1 is within the AABB's 140.0 .. 163.4), the
    -- segment's nearest point (it runs right from there): apart by two ulps. In
    -- the frame at the segment's start the two x's round together; hits decides
    -- on the shapes' own numbers (apart), and the World finds nothing either
    local a = c2d.segment(38.186852996324589, 166.43830922732053, 7.7412475215928893, 147.14709541161878)
    local b = c2d.aabb(7.0040857165605255, 140.02013276686682, 0.73716180503236217, 23.429805948366319)
    assert.is_true(select(3, b:bbox()) < select(1, a:bbox()))
    agrees_pair(a, b, false)
    -- moved the two ulps onto the side: touching, and found
    agrees_pair(c2d.segment(38.186852996324589, 166.43830922732053, 7.0040857165605255 + 0.73716180503236217,
      147.14709541161878), b, true)
    -- 1e-9 farther apart: neither
    agrees_pair(a, c2d.aabb(7.0040857165605255 - 1e-9, 140.02013276686682, 0.73716180503236217, 23.429805948366319), false)
  end)

  it("an AABB beyond a turned Box's corner by less than the Box's trig allowance", function()
    -- Box(0, 0, 2, 2, pi/4) has its right corner at x = sqrt 2 (its box's right
    -- side, 1.4142135623730949 as rounded). A turned Box counts as touching
    -- within 4 * 2^-52 * (w + h + its offset from the other shape's position),
    -- here 4 * 2^-52 * (2 + 2 + 1.41 + 0.5) = 23.7 * 2^-52: an AABB 20 * 2^-52
    -- to the right hits it, one 28 * 2^-52 to the right does not
    local box = c2d.box(0, 0, 2, 2, math.pi / 4)
    local right = select(3, box:bbox())
    agrees_pair(box, c2d.aabb(right + 20 * 2 ^ -52, -0.5, 1, 1), true)
    agrees_pair(box, c2d.aabb(right + 28 * 2 ^ -52, -0.5, 1, 1), false)
  end)

  -- Shapes of every kind against AABBs placed -4 to 40 ulps beside their box on
  -- each side, at the origin and 1e6 away: the World finds a pair exactly when
  -- hits does (at the origin some of them are hits with boxes apart).
  local gen = common.shape_gen({ at = 5, disk = 10, box = 14, cap = 10, cap_r = 6, fan_r = 12 })
  function gen.Triangle(r, x, y)
    return "triangle", { x + common.num(r, 8), y + common.num(r, 8), x + common.num(r, 8), y + common.num(r, 8),
                         x + common.num(r, 8), y + common.num(r, 8) }
  end
  local function ulp(x)
    x = math.abs(x)
    if x == 0 then return 2 ^ -1074 end
    return 2 ^ (math.floor(math.log(x, 2)) - 52)
  end
  for _, F in ipairs({ 0, common.FAR }) do
    it("every kind beside AABBs a few ulps apart" .. (F == 0 and "" or ", 1e6 from the origin"), function()
      local r = lcg(77)
      local apart_hits = 0
      for _, kind in ipairs({ "Point", "Segment", "Disk", "AABB", "Box", "Capsule", "Fan", "Triangle" }) do
        for _ = 1, 40 do
          local ctor, nums = gen[kind](r, F, F)
          local a = c2d[ctor]((table.unpack or unpack)(nums))
          local x0, y0, x1, y1 = a:bbox()
          for side = 1, 4 do
            local k = r.int(-4, 40)
            local b
            if side == 1 then b = c2d.aabb(x1 + k * ulp(x1), y0 - 1, 3, y1 - y0 + 2)
            elseif side == 2 then b = c2d.aabb(x0 - 3 - k * ulp(x0), y0 - 1, 3, y1 - y0 + 2)
            elseif side == 3 then b = c2d.aabb(x0 - 1, y1 + k * ulp(y1), x1 - x0 + 2, 3)
            else b = c2d.aabb(x0 - 1, y0 - 3 - k * ulp(y0), x1 - x0 + 2, 3) end
            local bx0, by0, bx1, by1 = b:bbox()
            local h = a:hits(b)
            if h and (bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0) then apart_hits = apart_hits + 1 end
            agrees_pair(a, b, h)
          end
        end
      end
      -- (1e6 away an ulp, 1.2e-10, is beyond every allowance: no such pair there)
      if F == 0 then assert.is_true(apart_hits > 0, "no pair hit with its boxes apart: the case is not tested") end
    end)
  end
end)

describe("World bits and filters", function()
  it("category and mask decide which pairs meet", function()
    local w = c2d.world()
    local a = w:add(c2d.disk(0, 0, 1), 1, 2)     -- category 1, meets 2
    local b = w:add(c2d.disk(1, 0, 1), 2, 1)     -- category 2, meets 1
    local c = w:add(c2d.disk(0.5, 0, 1), 4, 7)   -- category 4: a and b do not take it
    local list, n = w:collisions()
    assert.are.equal(1, n)
    same_list("pair", list, { a, b })
    assert.are.same({ 4, 7 }, { w:getFilter(c) })
    w:setFilter(c, 1, 0xFFFFFFFF)                 -- now category 1: b takes it, a does not (a's mask is 2)
    list = w:collisions()
    same_list("pairs", list, { a, b, b, c })
    -- a query mask is tested against each candidate's category
    same_list("mask 2", w:queryPoint(0.5, 0, 2), { b })
    same_list("function", w:queryPoint(0.5, 0, function(o) return o ~= b end), { a, c })
    -- setFilter without a mask: the mask is all bits again.
    w:setFilter(a, 8)
    assert.are.same({ 8, 0xFFFFFFFF }, { w:getFilter(a) })
  end)
end)

describe("World bits: category 0 and query filters", function()
  it("a query with no filter or a function tests no bits; a mask tests each category", function()
    local w = c2d.world()
    local a = w:add(c2d.aabb(0, 0, 10, 10), 0, 0xFFFFFFFF) -- in no category
    local b = w:add(c2d.aabb(2, 2, 10, 10), 2)
    same_list("no filter", w:queryPoint(5, 5), { a, b })
    same_list("function", w:queryPoint(5, 5, function() return true end), { a, b })
    same_list("all bits", w:queryPoint(5, 5, 0xFFFFFFFF), { b })
    same_list("mask 1", w:queryPoint(5, 5, 1), {})
    same_list("query", w:query(c2d.disk(5, 5, 1)), { a, b })
    same_list("rect", w:queryRect(0, 0, 1, 1), { a })
    same_list("segment", w:querySegment(-5, 5, 20, 5), { a, b })
    same_list("segment, mask 1", w:querySegment(-5, 5, 20, 5, 1), {})
    -- the ray from x = -5 to 5 enters a at x = 0 (t = 0.5) and b at x = 2 (t = 0.7)
    local s, t, nx, ny = w:raycast(-5, 5, 10, 0)
    assert.is_true(rawequal(a, s))
    assert.are.same({ 0.5, -1, 0 }, { t, nx, ny })
    s, t = w:raycast(-5, 5, 10, 0, 1, 2)
    assert.is_true(rawequal(b, s))
    assert.are.equal(0.7, t)
  end)

  it("a shape in no category meets nothing: no pairs, and movers pass it", function()
    local w = c2d.world()
    w:add(c2d.aabb(0, 0, 10, 10), 0, 0xFFFFFFFF)
    local b = w:add(c2d.aabb(2, 2, 10, 10), 2)
    local _, n = w:collisions()
    assert.are.equal(0, n)
    -- the mover's right side (x + 5) would meet the first box at x = 0 (t = 0.75);
    -- it meets b at x = 2 instead: 17 of its 20
    local x, y, cols, len = w:check(c2d.aabb(-20, 0, 5, 5), 0, 0)
    assert.are.same({ -3, 0, 1, 0.85 }, { x, y, len, cols[1].ti })
    assert.is_true(rawequal(b, cols[1].other))
  end)
end)

describe("World movement", function()
  it("slides along a floor of 20 tiles without catching on a seam", function()
    -- the player [10,22]x[84,100] rests on tiles [16i,16i+16]x[100,116]; the
    -- goal is 240 along and 6 into the floor: the slide keeps y = 84
    local w = c2d.world(16)
    for i = 0, 19 do w:add(c2d.aabb(i * 16, 100, 16, 16)) end
    local player = w:add(c2d.aabb(10, 84, 12, 16))
    local x, y, cols, len = w:move(player, 250, 90)
    assert.are.same({ 250, 84 }, { x, y })
    assert.are.same({ 250, 84 }, { player:position() })
    assert.is_true(len >= 1)
    assert.are.equal("slide", cols[1].type)
    assert.are.same({ 0, -1 }, { cols[1].nx, cols[1].ny })
    -- walking along the floor (no push into it) meets nothing at all
    local _, _, _, n = w:move(player, 10, 84)
    assert.are.equal(0, n)
    assert.are.same({ 10, 84 }, { player:position() })
  end)

  it("a polygon of 33 vertices moves, slides and is pushed as a small one is", function()
    -- a parabola's chain (i, (i - 16)^2), i = 0..32, closed along y = 256:
    -- its rightmost points are x = 32; a wall stands at x = 40
    local function chain(dx)
      local v = {}
      for i = 0, 32 do v[#v + 1] = i + dx; v[#v + 1] = (i - 16) ^ 2 end
      return c2d.polygon((table.unpack or unpack)(v))
    end
    local w = c2d.world(32)
    w:add(c2d.aabb(40, 0, 10, 300))
    local p = w:add(chain(0))
    local x0, y0 = p:position()
    local x, y, _, len = w:move(p, x0 + 20, y0 + 5)
    -- 8 across to the wall, then the slide keeps the 5 down
    assert.are.same({ x0 + 8, y0 + 5 }, { x, y })
    assert.are.equal(40, select(3, p:bbox()))
    assert.are.equal(1, len)
    -- 2 into the wall: pushed 2 back out
    w:remove(p)
    local q = w:add(chain(10))
    local qx, qy = q:position()
    x, y = w:push(q)
    assert.are.same({ qx - 2, qy }, { x, y })
    assert.are.equal(40, select(3, q:bbox()))
  end)

  it("a disk rolls along the tiles too", function()
    local w = c2d.world(16)
    for i = 0, 19 do w:add(c2d.aabb(i * 16, 100, 16, 16)) end
    local ball = w:add(c2d.disk(8, 95, 5))
    local x, y = w:move(ball, 300, 95)
    assert.are.same({ 300, 95 }, { x, y })
  end)

  it("stops cleanly in an inner corner", function()
    -- floor [0,100]x[100,110], wall [100,110]x[0,110]; the box [80,90]x[90,100]
    -- heads for (120, 120): it slides along the floor to x = 90 and stops there
    local w = c2d.world(16)
    w:add(c2d.aabb(0, 100, 100, 10))
    w:add(c2d.aabb(100, 0, 10, 110))
    local box = w:add(c2d.aabb(80, 90, 10, 10))
    local x, y, _, len = w:move(box, 120, 120)
    assert.are.same({ 90, 90 }, { x, y })
    assert.are.equal(2, len)
  end)

  it("a fast bullet never passes through a thin wall", function()
    local w = c2d.world(16)
    local wall = w:add(c2d.segment(500, -50, 500, 50))
    local bullet = w:add(c2d.disk(0, 0, 1))
    local x, y, cols = w:move(bullet, 10000, 0, function() return "touch" end)
    assert.are.same({ 499, 0 }, { x, y })
    assert.is_true(rawequal(wall, cols[1].other))
    assert.are.equal(0.0499, cols[1].ti)
  end)

  it("touch, cross and bounce", function()
    -- the box [0,10]x[0,10] moving 30 to the right meets the block [20,30]x[0,10] at x = 10 (t = 1/3)
    local function setup()
      local w = c2d.world(16)
      local block = w:add(c2d.aabb(20, 0, 10, 10))
      local box = w:add(c2d.aabb(0, 0, 10, 10))
      return w, box, block
    end
    local w, box = setup()
    local x, y, cols = w:move(box, 30, 0, function() return "touch" end)
    assert.are.same({ 10, 0 }, { x, y })
    assert.are.equal("touch", cols[1].type)
    assert.are.equal(1 / 3, cols[1].ti)
    w, box = setup()
    x, y, cols = w:move(box, 30, 0, function() return "cross" end)
    assert.are.same({ 30, 0 }, { x, y })
    assert.are.equal("cross", cols[1].type)
    w, box = setup()
    -- bounce: 20 left to go, reflected about (-1, 0): the goal becomes (-10, 0)
    x, y = w:move(box, 30, 0, function() return "bounce" end)
    assert.are.same({ -10, 0 }, { x, y })
    w, box = setup()
    -- a falsy answer ignores the other
    x, y = w:move(box, 30, 0, function() return false end)
    assert.are.same({ 30, 0 }, { x, y })
    -- check answers the same and leaves the shape where it is
    w, box = setup()
    x, y = w:check(box, 30, 0)
    assert.are.same({ 10, 0 }, { x, y })
    assert.are.same({ 0, 0 }, { box:position() })
  end)

  it("bounce reflects about the contact normal on a slope", function()
    -- a disk falling straight down onto the 45-degree slope y = x... from
    -- (10, 30) r 1: the slope is the triangle (0,0), (40,40), (40,0)
    local w = c2d.world(16)
    w:add(c2d.triangle(0, 0, 40, 40, 40, 0))
    local ball = w:add(c2d.disk(20, 30, 1))
    -- it touches when the centre is sqrt 2 above the line y = x: at y = 20 + sqrt2
    local x, y, cols = w:move(ball, 20, 10, function() return "bounce" end)
    local h = math.sqrt(2) / 2
    assert.is_true(math.abs(cols[1].nx + h) < 1e-12 and math.abs(cols[1].ny - h) < 1e-12)
    -- the rest of the fall, from y = 20 + sqrt2 down to 10 (10 + sqrt2), is
    -- reflected about (-1, 1)/sqrt2 into the same length to -x
    assert.is_true(math.abs(y - (20 + math.sqrt(2))) < 1e-9, "y " .. y)
    assert.is_true(math.abs(x - (20 - (10 + math.sqrt(2)))) < 1e-9, "x " .. x)
  end)

  it("a capsule slides down a slope", function()
    -- the slope y = -x/2 ... a capsule resting on it, pushed along it, slides
    local w = c2d.world(16)
    w:add(c2d.triangle(0, 0, 100, -50, 0, -50))
    local cap = w:add(c2d.capsule(10, 10, 10, 20, 3))
    local x, y = w:move(cap, 10, -40)
    -- it stops on the slope: its lowest point 3 above the line along the normal (1, 2)/sqrt5
    local d = (x + 2 * y) / math.sqrt(5)
    assert.is_true(math.abs(d - 3) < 1e-9, "distance to the slope " .. d)
    assert.is_true(x > 10, "it slid downhill, x = " .. x)
  end)

  it("a shape starting inside another is pushed out, and move does not trap it", function()
    local w = c2d.world(16)
    local floor = w:add(c2d.aabb(0, 0, 100, 10))
    local box = w:add(c2d.aabb(10, 7, 4, 4)) -- 3 into the floor's top
    local x, y, cols, len = w:push(box)
    assert.are.same({ 10, 10 }, { x, y })
    assert.are.equal(1, len)
    assert.is_true(rawequal(floor, cols[1].other))
    assert.are.same({ floor }, w:query(box)) -- touching it, no longer in it
    -- resting on it now, it walks away
    x, y = w:move(box, 50, 20)
    assert.are.same({ 50, 20 }, { x, y })
  end)

  it("a shape pinned between two walls is pushed out by the least distance along one direction", function()
    local w = c2d.world(16)
    local left = w:add(c2d.aabb(0, 0, 10, 10))
    local right = w:add(c2d.aabb(12, 0, 10, 10))
    -- 6 wide in a gap of 2: out of both sideways is 14 either way, up or down 10
    local s = c2d.aabb(8, 0, 6, 10)
    local x, y, cols, len = w:push(s)
    assert.are.same({ 8, -10, 2 }, { x, y, len })
    for i, wall in ipairs { left, right } do
      assert.is_true(rawequal(wall, cols[i].other))
      assert.are.same({ "push", 0, -1, 10 }, { cols[i].type, cols[i].nx, cols[i].ny, cols[i].depth })
    end
    same_list("touching both", w:query(s), { left, right })
    assert.are.equal(0, select(3, s:contact(left)))
  end)

  it("a Line across a Line cannot be pushed apart: it stays, and the overlap is listed", function()
    local w = c2d.world()
    local wall = w:add(c2d.line(0, -1, 0, 1))
    local l = c2d.line(-1, 0, 1, 0)
    local x, y, cols, len = w:push(l)
    assert.are.same({ -1, 0, 1 }, { x, y, len })
    assert.is_true(rawequal(wall, cols[1].other))
    assert.are.equal(math.huge, cols[1].depth)
  end)

  it("addResponse: a custom response sets the new goal", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(20, 0, 10, 10))
    local box = w:add(c2d.aabb(0, 0, 10, 10))
    w:addResponse("stickyup", function(world, col, x, y)
      assert.are.equal(w, world)
      assert.are.equal("stickyup", col.type)
      return x, y - 5
    end)
    local x, y = w:move(box, 30, 0, function() return "stickyup" end)
    assert.are.same({ 10, -5 }, { x, y })
    assert.has_error(function() w:move(box, 30, -5, function() return "nope" end) end)
  end)

  it("a custom response that returns nothing stops there; one that returns other values is an error", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(20, 0, 10, 10))
    local box = w:add(c2d.aabb(0, 0, 10, 10))
    w:addResponse("halt", function() end)
    w:addResponse("broken", function() return "a", "b" end)
    -- the box meets the block at x = 10 and stops there
    local x, y, cols, len = w:move(box, 30, 0, function() return "halt" end)
    assert.are.same({ 10, 0, 1, "halt" }, { x, y, len, cols[1].type })
    box:moveTo(0, 0)
    local ok, err = pcall(w.move, w, box, 30, 0, function() return "broken" end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("a response must return goalX, goalY (numbers) or nothing, got string and string", 1, true), err)
  end)

  it("bouncing between two close walls never passes through either", function()
    -- the unit box starts between walls at x <= 0 and x >= 1.5: its min corner can
    -- only be in [0, 0.5]; a move of 1000 to the right bounces 2,000 times
    local w = c2d.world(16)
    w:add(c2d.aabb(-1, -10, 1, 30))
    w:add(c2d.aabb(1.5, -10, 1, 30))
    local box = w:add(c2d.aabb(0, 0, 1, 1))
    local x, y, _, len = w:move(box, 1000, 3, function() return "bounce" end)
    assert.is_true(x >= 0 and x <= 0.5, "x = " .. x)
    assert.is_true(math.abs(y - 3) < 1e-9, "y = " .. y)
    assert.is_true(len > 1000, "bounces: " .. len)
  end)

  it("a shape slid along may be met again: a Concave's floor, then its wall", function()
    -- a U: inner floor y = 10 from x = 10 to 90, inner walls x = 10 and x = 90
    local w = c2d.world(16)
    local u = w:add(c2d.concave(0, 0, 100, 0, 100, 50, 90, 50, 90, 10, 10, 10, 10, 50, 0, 50))
    local box = w:add(c2d.aabb(20, 20, 5, 5))
    -- toward (200, -100): the floor first, at t = 10/120, x = 20 + 180/12 = 35;
    -- sliding right along it, the wall at x = 90 stops the box's right side: x = 85
    local x, y, cols, len = w:move(box, 200, -100)
    assert.are.same({ 85, 10 }, { x, y })
    assert.are.equal(2, len)
    assert.are.equal(u, cols[1].other)
    assert.are.same({ 0, 1 }, { cols[1].nx + 0, cols[1].ny + 0 })
    assert.are.equal(u, cols[2].other)
    assert.are.same({ -1, 0 }, { cols[2].nx + 0, cols[2].ny + 0 })
  end)

  it("a mover wedged in a corner sharper than a right angle stops, out of both walls", function()
    -- two slabs meeting in a V that opens upward (y up here), 60 degrees apart
    local w = c2d.world(16)
    local left = w:add(c2d.box(-20, 0, 60, 4, math.rad(60)))
    local right = w:add(c2d.box(20, 0, 60, 4, math.rad(-60)))
    local ball = w:add(c2d.disk(0, 60, 3))
    local _, _, _, len = w:move(ball, 0, -200)
    assert.is_true(len < 40, "collisions: " .. len)
    for _, wall in ipairs { left, right } do
      local _, _, depth = ball:contact(wall)
      assert.is_true(depth == nil or depth < 1e-9, "overlaps a wall by " .. tostring(depth))
    end
  end)

  it("a move or check to where the shape is lists what it overlaps, each once, and leaves it there", function()
    local w = c2d.world(16)
    local coin = w:add(c2d.disk(5, 5, 3))     -- its centre is inside the box
    local rock = w:add(c2d.disk(3, 3, 1))     -- wholly inside the box
    w:add(c2d.aabb(6, 0, 4, 6))               -- touches the box's right side only
    local box = w:add(c2d.aabb(0, 0, 6, 6))
    for _, answer in ipairs { "slide", "cross", "touch" } do
      local x, y, cols, len = w:check(box, 0, 0, function() return answer end)
      assert.are.same({ 0, 0 }, { x, y })
      -- touch stops at the first (in the order added); slide and cross meet both
      assert.are.equal(answer == "touch" and 1 or 2, len, answer)
      assert.is_true(rawequal(coin, cols[1].other))
      assert.are.same({ 0, 0, 0, answer }, { cols[1].ti, cols[1].x, cols[1].y, cols[1].type })
      if len == 2 then assert.is_true(rawequal(rock, cols[2].other)) end
    end
    local x, y, _, len = w:move(box, 0, 0)
    assert.are.same({ 0, 0, 2 }, { x, y, len })
    assert.are.same({ 0, 0 }, { box:position() })
  end)

  it("a response added with addResponse meets each shape once, as in bump.lua", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(20, 0, 10, 10))
    local box = w:add(c2d.aabb(0, 0, 10, 10))
    local calls = 0
    w:addResponse("pass", function(_, _, _, _, gx, gy) calls = calls + 1; return gx, gy end)
    -- met at x = 10 (a tenth of the way), then passed over: the goal is reached
    local x, y, cols, len = w:move(box, 100, 0, function() return "pass" end)
    assert.are.same({ 100, 0, 1, 1 }, { x, y, len, calls })
    assert.are.same({ 0.1, 10, 0, "pass" }, { cols[1].ti, cols[1].x, cols[1].y, cols[1].type })
  end)

  it("a response added under a built-in name replaces it", function()
    local w = c2d.world(16)
    local wall = w:add(c2d.aabb(20, 0, 10, 10))
    local box = w:add(c2d.aabb(0, 0, 10, 10))
    local calls = 0
    w:addResponse("touch", function(_, col, x, y)
      calls = calls + 1
      assert.is_true(rawequal(wall, col.other))
      return x, y - 5
    end)
    -- met at x = 10; the new goal (10, -5) is reached, the wall passed over
    local x, y, cols, len = w:move(box, 100, 0, function() return "touch" end)
    assert.are.same({ 10, -5, 1, 1, "touch" }, { x, y, len, calls, cols[1].type })
    -- the default response is "slide": replacing it changes moves with no filter
    box:moveTo(0, 0)
    w:addResponse("slide", function(_, _, cx, cy) calls = calls + 1; return cx, cy + 7 end)
    x, y = w:move(box, 100, 0)
    assert.are.same({ 10, 7, 2 }, { x, y, calls })
  end)

  it("the same every run", function()
    local function run()
      local w = c2d.world(16)
      for _, s in ipairs(scene(9, 80)) do w:add(s) end
      local mover = w:add(c2d.disk(-150, -150, 4))
      local x, y, cols, len = w:move(mover, 150, 140)
      local out = { x, y, len }
      for i = 1, len do out[#out + 1] = cols[i].ti; out[#out + 1] = cols[i].nx end
      return out
    end
    assert.are.same(run(), run())
  end)
end)

describe("World life and errors", function()
  it("a shape is in at most one world", function()
    local a, b = c2d.world(), c2d.world()
    local s = a:add(c2d.disk(0, 0, 1))
    assert.has_error(function() b:add(s) end, "bad argument #1 to 'add' (shape is already in another world (remove it there first))")
    assert.has_error(function() a:add(s) end)
    a:remove(s)
    b:add(s)
    assert.is_true(b:has(s))
    assert.is_false(a:has(s))
    assert.is_false(s:clone() == nil)
    assert.is_false(b:has(s:clone()), "a clone is in no world")
  end)

  it("bad arguments name themselves", function()
    local w = c2d.world()
    local function msg(f) local ok, e = pcall(f); assert.is_false(ok); return tostring(e) end
    assert.is_true(msg(function() w:add(3) end):find("collide2d shape expected, got number", 1, true) ~= nil)
    assert.is_true(msg(function() w:remove(c2d.disk(0, 0, 1)) end):find("shape is not in this world", 1, true) ~= nil)
    assert.is_true(msg(function() w:queryPoint(0 / 0, 0) end):find("x must be finite", 1, true) ~= nil)
    assert.is_true(msg(function() w:queryPoint(0, 0, "x") end):find("filter", 1, true) ~= nil)
    assert.is_true(msg(function() c2d.world(-1) end):find("cellSize", 1, true) ~= nil)
    assert.is_true(msg(function() w.count(3) end):find("collide2d world expected, got number", 1, true) ~= nil)
    assert.is_true(msg(function() w:add(c2d.disk(0, 0, 1), -1) end):find("category", 1, true) ~= nil)
    assert.is_true(msg(function() w.count(io.stdout) end):find("collide2d world expected, got FILE*", 1, true) ~= nil)
    local m = w:add(c2d.aabb(0, 0, 1, 1))
    w:add(c2d.aabb(5, 0, 1, 1))
    local e = msg(function() local x = w:move(m, 10, 0, function() return "nope" end); return x end)
    assert.is_true(e:find("bad argument #4 to 'move' (the filter returned 'nope', which is not a response name: add it with addResponse)", 1, true) ~= nil, e)
  end)

  it("numbers whose difference passes the largest number: clear errors, or the right answer", function()
    local w = c2d.world()
    local wall = w:add(c2d.aabb(0, -10, 10, 20))
    local function msg(f) local ok, e = pcall(f); assert.is_false(ok); return tostring(e) end
    -- a motion from -1e308 to 1e308 cannot be swept: an error, never a tunnel
    local e = msg(function() local x = w:check(c2d.disk(-1e308, 0, 1), 1e308, 0); return x end)
    assert.is_true(e:find("goalX is out of range", 1, true) ~= nil, e)
    e = msg(function() local x = w:move(c2d.disk(0, -1e308, 1), 0, 1e308); return x end)
    assert.is_true(e:find("goalY is out of range", 1, true) ~= nil, e)
    -- a segment whose ends are farther apart than the largest number
    local far = w:add(c2d.aabb(1e308, 0, 10, 10))
    same_list("along", w:querySegment(-1e308, 5, 1e308, 5), { wall, far })
    same_list("back", w:querySegment(1e308, 5, -1e308, 5), { far, wall })
    e = msg(function() local r = w:queryRect(1e308, 0, 1e308, 1); return r end)
    assert.is_true(e:find("bad argument #3 to 'queryRect' (width is out of range", 1, true) ~= nil, e)
    e = msg(function() local r = c2d.aabb(1e308, 0, 1e308, 1); return r end)
    assert.is_true(e:find("bad argument #3 to 'aabb' (width is out of range", 1, true) ~= nil, e)
  end)

  it("collisions(out) fills and reuses the table, creating no garbage", function()
    local w = c2d.world(16)
    for i = 0, 9 do w:add(c2d.aabb(i * 16, 0, 16, 16)) end
    local out = { "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale",
      "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale", "stale" }
    local list, n = w:collisions(out)
    assert.is_true(rawequal(out, list))
    assert.are.equal(9, n)
    assert.are.equal(18, #out)
    -- Warmed up first: under LuaJIT the first calls run in the interpreter
    -- (and are compiled), which may box FFI values; a frame is the steady state.
    for _ = 1, 300 do w:collisions(out) end
    local least = common.garbage(function()
      for _ = 1, 200 do w:collisions(out) end
    end, nil, 5)
    assert.is_true(least < 1, ("%.2f KB of garbage for 200 calls"):format(least))
  end)

  it("move and check make no garbage but the list of collisions they return", function()
    -- A 64-gon moved back and forth in open space: each call returns a new,
    -- empty cols table (tens of bytes) and nothing else; the copy of the
    -- mover that the sweep moves is not left to the collector.
    local w = c2d.world(16)
    local pts = {}
    for i = 0, 63 do
      pts[#pts + 1] = 100 + 10 * math.cos(i * math.pi / 32)
      pts[#pts + 1] = 100 + 10 * math.sin(i * math.pi / 32)
    end
    local p = c2d.polygon(pts)
    w:add(p)
    w:add(c2d.aabb(0, 0, 16, 16))
    local function frames(k)
      for i = 1, k do
        local _, _, cols, len = w:move(p, i % 2 == 0 and 100 or 101, 100)
        assert(len == 0 and #cols == 0)
        w:check(p, 120, 120)
      end
    end
    local per_call = garbage_per_call(frames, 300, 200, 2)
    -- (A copy of the 64-gon is 1,344 bytes; the interpreted FFI paths may
    -- box a number or two besides the table.)
    assert.is_true(per_call < 512, ("%.0f bytes of garbage per call"):format(per_call))
  end)

  it("a move made inside another's filter, and a filter that raises, leave later moves right", function()
    -- A disk of radius 1 at the origin heads for (20, 0); a wall spans
    -- x = 10..12, so it stops with its centre at x = 9 (sliding along a wall
    -- square to the motion keeps nothing of it). Inside its filter a box is
    -- moved from (0, 20) to (5, 20) through open space, and checked.
    local w = c2d.world(16)
    local wall = w:add(c2d.aabb(10, -5, 2, 10))
    local a = w:add(c2d.disk(0, 0, 1))
    local b = w:add(c2d.aabb(0, 20, 2, 2))
    local x, y, cols, len = w:move(a, 20, 0, function(_, other)
      assert.is_true(rawequal(other, wall))
      local bx, by = w:move(b, 5, 20)
      assert.are.same({ 5, 20 }, { bx, by })
      bx, by = w:check(b, 7, 20)
      assert.are.same({ 7, 20 }, { bx, by })
      return "slide"
    end)
    assert.are.same({ 9, 0, 1 }, { x, y, len })
    assert.are.equal(9 / 20, cols[1].ti)
    assert.are.same({ 9, 0 }, { a:position() })
    assert.are.same({ 5, 20 }, { b:position() })
    local ok, err = pcall(w.move, w, a, 20, 0, function() error("boom") end)
    assert.is_false(ok)
    assert.is_true(tostring(err):find("boom", 1, true) ~= nil)
    assert.are.same({ 9, 0 }, { a:position() })
    x, y = w:move(a, 0, 0)
    assert.are.same({ 0, 0 }, { x, y })
    x, y = w:check(a, 20, 0)
    assert.are.same({ 9, 0 }, { x, y })
    assert.are.same({ 0, 0 }, { a:position() })
  end)

  it("adding and removing during a filter callback is safe", function()
    local w = c2d.world(16)
    for i = 1, 20 do w:add(c2d.disk(i, 0, 2)) end
    local found = w:queryPoint(10, 0, function(other)
      w:remove(other)
      w:add(c2d.disk(10, 0, 3))
      return true
    end)
    assert.is_true(#found > 0)
    local mover = w:add(c2d.disk(-50, 0, 1))
    w:move(mover, 50, 0, function(_, other)
      if w:has(other) then w:remove(other) end
      return "cross"
    end)
    assert.are.same({ 50, 0 }, { mover:position() })
  end)

  it("a mover removed and added again inside its filter still meets a shape that took its old slot", function()
    -- A disk of radius 1 heads from the origin for (200, 0), crossing a wall
    -- at x = 10..12. At that first meeting the filter takes the disk out,
    -- adds a box at x = 150..151 (which takes the disk's freed slot) and puts
    -- the disk back. The box is touched: the disk stops with its centre at
    -- x = 149, after two meetings.
    local w = c2d.world(16)
    w:add(c2d.aabb(10, -10, 2, 20))
    local m = w:add(c2d.disk(0, 0, 1))
    local far
    local x, y, cols, len = w:check(m, 200, 0, function(s, o)
      if not far then
        w:remove(s)
        far = w:add(c2d.aabb(150, -10, 1, 20))
        w:add(s)
      end
      return rawequal(o, far) and "touch" or "cross"
    end)
    assert.are.same({ 149, 0, 2 }, { x, y, len })
    assert.is_true(rawequal(cols[2].other, far))
    -- push: a 4 x 4 box at (8, 3) overlaps a 10 x 10 box at the origin; its
    -- filter swaps it out and in, adding a box over x = 9..19, y = 2..12.
    -- Clear of both, the least move is down by 7 (left 12, right 11, up 9).
    local w2 = c2d.world(16)
    w2:add(c2d.aabb(0, 0, 10, 10))
    local s2 = w2:add(c2d.aabb(8, 3, 4, 4))
    local extra
    local px, py = w2:push(s2, function(s)
      if not extra then
        w2:remove(s)
        extra = w2:add(c2d.aabb(9, 2, 10, 10))
        w2:add(s)
      end
      return true
    end)
    assert.are.same({ 8, -4 }, { px, py })
  end)

  it("move, check and push called from their own callbacks without end raise an error, not a crash", function()
    local w = c2d.world(16)
    local a = w:add(c2d.disk(0, 0, 1))
    w:add(c2d.disk(3, 0, 1))
    local cc = w:add(c2d.concave(100, 100, 106, 100, 106, 106, 103, 102, 100, 106))
    w:add(c2d.aabb(120, 90, 4, 30))
    w:add(c2d.disk(50, 0, 1))
    local b = w:add(c2d.disk(50.5, 0, 1))
    local depth
    local function again_check(s) depth = depth + 1; w:check(s, 10, 0, again_check); return "slide" end
    local function again_concave(s) depth = depth + 1; w:check(s, 300, 101, again_concave); return "slide" end
    local function again_push(s) depth = depth + 1; w:push(s, again_push); return true end
    for _, case in ipairs { { a, again_check, 10, 0 }, { cc, again_concave, 300, 101 }, { b, again_push } } do
      depth = 0
      local ok, err
      if case[3] then ok, err = pcall(w.check, w, case[1], case[3], case[4], case[2])
      else ok, err = pcall(w.push, w, case[1], case[2]) end
      assert.is_false(ok)
      local msg = tostring(err)
      assert.is_true(msg:find("nested too deep", 1, true) ~= nil or msg:find("stack overflow", 1, true) ~= nil, msg)
      assert.is_true(depth >= 20, "at least 20 levels run before the error, got " .. depth)
    end
    -- Later calls, outermost again, run as usual.
    for _ = 1, 100 do
      local x, y, _, len = w:check(a, 1.5, 0)
      assert.are.same({ 1, 0, 1 }, { x, y, len })
    end
    depth = 0
    local x = w:check(a, 10, 0, function(s)
      depth = depth + 1
      if depth < 10 then w:check(s, 10, 0, function() return "slide" end) end
      return "slide"
    end)
    assert.are.equal(1, x)
  end)

  it("move and check of a Concave or a Group make no garbage but the list of collisions", function()
    local w = c2d.world(16)
    local cc = w:add(c2d.concave(100, 100, 106, 100, 106, 106, 103, 102, 100, 106))
    local g = w:add(c2d.group(c2d.disk(200, 200, 3), c2d.aabb(203, 200, 4, 4)))
    w:add(c2d.aabb(0, 0, 16, 16))
    local function frames(k)
      for i = 1, k do
        local _, _, cols, len = w:move(cc, i % 2 == 0 and 100 or 101, 100)
        assert(len == 0 and #cols == 0)
        w:check(g, 210, 190)
        w:push(g)
      end
    end
    local per_call = garbage_per_call(frames, 100, 100, 3)
    -- (A copy of the Concave alone is over 5 KB.)
    assert.is_true(per_call < 512, ("%.0f bytes of garbage per call"):format(per_call))
  end)

  it("the world keeps its shapes alive, and a collected world frees them", function()
    collectgarbage()
    collectgarbage()
    local base = collectgarbage("count")
    local w = c2d.world()
    for i = 1, 5000 do w:add(c2d.disk(i, 0, 1)) end
    collectgarbage()
    assert.are.equal(5000, w:count())
    assert.are.equal(5000, #w:shapes())
    local keep = w:shapes()[10]
    w = nil -- luacheck: ignore 311 (dropped for the collector)
    collectgarbage()
    collectgarbage()
    -- the world is gone: its shapes are free to join another
    local w2 = c2d.world()
    w2:add(keep)
    assert.is_true(w2:has(keep))
    keep = nil -- luacheck: ignore 311 (dropped for the collector)
    w2 = nil -- luacheck: ignore 311 (dropped for the collector)
    collectgarbage()
    collectgarbage()
    assert.is_true(collectgarbage("count") - base < 512, "memory returns after the worlds go")
  end)
end)

describe("w:raycastMany", function()
  it("w:raycast and w:raycastMany answer as the shapes' own raycasts, the least t (seeded scenes, a mask and a function)", function()
    local r = common.lcg(9001)
    local kinds = { "disk", "aabb", "box", "triangle", "capsule", "segment", "hull", "fan", "concave", "group" }
    local fail, finish = common.runner()
    for map = 1, 40 do
      -- (cells from much smaller than the shapes to larger; now and then 1e6 away)
      local w = c2d.world(({ 1, 4, 16, 64 })[map % 4 + 1])
      local o = map % 5 == 0 and 1e6 or 0
      local shapes = {}
      for i = 1, 15 + map % 3 * 20 do
        shapes[i] = w:add(common.random_shape(r, kinds[(map + i) % #kinds + 1], o + r.range(0, 60), o + r.range(0, 60)),
          1 + i % 2)
      end
      if map % 7 == 0 then w:add(c2d.line(o, o + 30, o + 1, o + 31), 1) end
      local rays = {}
      for k = 1, 60 do
        rays[#rays + 1], rays[#rays + 2] = o + r.range(-10, 70), o + r.range(-10, 70)
        -- axis-aligned, diagonal through cell corners, and any
        local dx, dy = r.range(-80, 80), r.range(-80, 80)
        if k % 6 == 0 then dy = 0 elseif k % 6 == 1 then dx = 0 elseif k % 6 == 2 then dy = dx end
        rays[#rays + 1], rays[#rays + 2] = dx, dy
      end
      local skip = shapes[map % #shapes + 1]
      local all = w:shapes() -- (in the order added: ties go to the earlier)
      for _, filter in ipairs { false, 2, function(s) return s ~= skip end } do
        local out, hits = w:raycastMany(rays, 0.75, filter or nil)
        local want_hits = 0
        for i = 1, #rays / 4 do
          local x, y, dx, dy = rays[4 * i - 3], rays[4 * i - 2], rays[4 * i - 1], rays[4 * i]
          -- the reference: each shape's own raycast, the least t
          local s, t, nx, ny
          for _, c in ipairs(all) do
            local cat = w:getFilter(c)
            local keep = not filter or (type(filter) == "number" and cat % 4 >= 2) or (type(filter) == "function" and filter(c))
            if keep then
              local ct, cnx, cny = c:raycast(x, y, dx, dy, 0.75)
              if ct and (not t or ct < t) then s, t, nx, ny = c, ct, cnx, cny end
            end
          end
          local got = { out[4 * i - 3], out[4 * i - 2], out[4 * i - 1], out[4 * i] }
          local one = { w:raycast(x, y, dx, dy, 0.75, filter or nil) }
          if s then
            want_hits = want_hits + 1
            if got[1] ~= s or got[2] ~= t or got[3] ~= nx or got[4] ~= ny then
              fail("map %d, ray %d (%s): %s %.17g, raycastMany %s %s", map, i, tostring(filter), tostring(s), t,
                tostring(got[1]), tostring(got[2]))
            end
            if one[1] ~= s or one[2] ~= t or one[3] ~= nx or one[4] ~= ny then
              fail("map %d, ray %d (%s): %s %.17g, raycast %s %s", map, i, tostring(filter), tostring(s), t,
                tostring(one[1]), tostring(one[2]))
            end
          else
            if got[1] ~= false or got[2] ~= false or got[3] ~= false or got[4] ~= false then
              fail("map %d, ray %d (%s): nothing met, raycastMany %s", map, i, tostring(filter), tostring(got[1]))
            end
            if one[1] ~= nil then fail("map %d, ray %d (%s): nothing met, raycast %s", map, i, tostring(filter), tostring(one[1])) end
          end
        end
        if hits ~= want_hits then fail("map %d (%s): %d hits, the shapes' own raycasts %d", map, tostring(filter), hits, want_hits) end
      end
    end
    finish()
  end)

  it("fills the out table given, with no garbage under a mask", function()
    local w = c2d.world(16)
    local wall = w:add(c2d.aabb(20, 0, 10, 10))
    local rays = { 0, 5, 100, 0, 0, 50, 100, 0 }
    local out = { "old" }
    local got, hits = w:raycastMany(rays, 1, 1, out)
    assert.are.equal(out, got)
    assert.are.equal(1, hits)
    assert.are.same({ wall, 0.2, -1, 0, false, false, false, false }, out)
    local least = math.huge
    for _ = 1, 3 do
      collectgarbage()
      collectgarbage("stop")
      local before = collectgarbage("count")
      for _ = 1, 500 do w:raycastMany(rays, 1, 1, out) end
      least = math.min(least, collectgarbage("count") - before)
      collectgarbage("restart")
    end
    assert.is_true(least < 1, ("%g KB for 500 calls"):format(least))
  end)

  it("names the bad argument", function()
    local w = c2d.world(16)
    assert.has_error(function() w:raycastMany({ 0, 0, 1 }) end,
      "bad argument #1 to 'raycastMany' (rays must hold four numbers a ray (x, y, dx, dy))")
    assert.has_error(function() w:raycastMany({ 0, 0, 1, 0 / 0 }) end,
      "bad argument #1 to 'raycastMany' (rays[4] must be a finite number)")
    assert.has_error(function() w:raycastMany({ 0, 0, 1, "x" }) end,
      "bad argument #1 to 'raycastMany' (rays[4] must be a finite number)")
    assert.has_error(function() w:raycastMany({ 0, 0, 1, 0 }, -1) end,
      "bad argument #2 to 'raycastMany' (maxt must be >= 0)")
    assert.has_error(function() w:raycastMany(5) end)
    assert.has_error(function() w:raycastMany({}, 1, nil, 5) end)
  end)
end)
