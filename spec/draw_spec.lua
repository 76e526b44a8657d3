-- collide2d.draw's pure part: shapes into primitives, lines clipped to a
-- rectangle. Expected values worked out by hand.
local c2d = require "collide2d"
local draw = require "collide2d.draw"

local pi = math.pi

describe("draw.turningPrimitives", function()
  it("a segment turning a quarter turn about its end: its poses, then the paths of its points", function()
    -- segment (0,0)-(10,0) turning by pi/2 about (0,0) in 2 steps: poses at
    -- 0, pi/4, pi/2: the far end at (10, 0), (10 cos pi/4, 10 sin pi/4), (0, 10)
    local prims = draw.turningPrimitives(c2d.segment(0, 0, 10, 0), 0, 0, math.pi / 2, 0, 0, 2)
    local h = math.sqrt(2) / 2
    assert.are.equal("line", prims[1].kind)
    local last = prims[3].points
    assert.is_true(math.abs(last[3] - 0) < 1e-12 and math.abs(last[4] - 10) < 1e-12)
    local mid = prims[2].points
    assert.is_true(math.abs(mid[3] - 10 * h) < 1e-12 and math.abs(mid[4] - 10 * h) < 1e-12)
    -- a path through the three poses of a point of the outline
    local path = prims[#prims].points
    assert.are.equal(6, #path)
    -- a box's outline at each pose is closed: its 4 corners and the first again
    local box = draw.turningPrimitives(c2d.box(0, 0, 4, 2, 0), 0, 0, 1, 0, 0, 1)
    assert.are.same({ -2, -1, 2, -1, 2, 1, -2, 1, -2, -1 }, box[1].points)
    -- moving without turning: the poses are moved copies
    local moved = draw.turningPrimitives(c2d.point(1, 2), 4, 6, 0, nil, nil, 2)
    for _, p in ipairs(moved) do assert.are.equal("line", p.kind) end
  end)
end)

describe("draw.primitives", function()
  it("a disk is one circle", function()
    assert.are.same({ { kind = "circle", mode = "fill", x = 3, y = 4, r = 5 } }, draw.primitives(c2d.disk(3, 4, 5), "fill"))
  end)

  it("a point, a segment", function()
    assert.are.same({ { kind = "point", x = 1, y = 2 } }, draw.primitives(c2d.point(1, 2)))
    assert.are.same({ { kind = "line", points = { 0, 0, 3, 4 } } }, draw.primitives(c2d.segment(0, 0, 3, 4)))
  end)

  it("an AABB, a triangle and a polygon are their vertices, line by default", function()
    local p = draw.primitives(c2d.aabb(10, 20, 30, 40))
    assert.are.equal(1, #p)
    assert.are.equal("polygon", p[1].kind)
    assert.are.equal("line", p[1].mode)
    -- the corners, counter-clockwise from the min corner
    assert.are.same({ 10, 20, 40, 20, 40, 60, 10, 60 }, p[1].points)
    assert.are.same({ 0, 0, 4, 0, 0, 3 }, draw.primitives(c2d.triangle(0, 0, 4, 0, 0, 3))[1].points)
    assert.are.equal(10, #draw.primitives(c2d.polygon(0, 0, 4, 0, 6, 2, 4, 4, 0, 4))[1].points)
  end)

  it("an L-shaped Concave is its outline in line mode and its two convex pieces in fill mode", function()
    local L = c2d.concave(0, 0, 20, 0, 20, 10, 10, 10, 10, 30, 0, 30)
    local line = draw.primitives(L)
    assert.are.equal(1, #line)
    assert.are.equal("polygon", line[1].kind)
    -- the six corners of the outline, however the first one is chosen
    assert.are.equal(12, #line[1].points)
    local corners = {}
    for i = 1, 12, 2 do corners[("%g,%g"):format(line[1].points[i], line[1].points[i + 1])] = true end
    for _, c in ipairs { "0,0", "20,0", "20,10", "10,10", "10,30", "0,30" } do assert.is_true(corners[c], c) end
    local fill = draw.primitives(L, "fill")
    -- an L cut across its inner corner: two convex pieces, each a filled polygon
    assert.are.equal(2, #fill)
    for _, p in ipairs(fill) do
      assert.are.equal("polygon", p.kind)
      assert.are.equal("fill", p.mode)
    end
  end)

  it("a Group is its members' primitives", function()
    local body = c2d.group(c2d.disk(0, 0, 5), c2d.segment(0, 0, 10, 0))
    assert.are.same({ { kind = "circle", mode = "line", x = 0, y = 0, r = 5 }, { kind = "line", points = { 0, 0, 10, 0 } } },
      draw.primitives(body))
  end)

  it("a box turned a quarter turn has its corners turned", function()
    -- 4 x 2 centred at the origin turned by pi/2 (snapped): x in [-1, 1], y in [-2, 2]
    local pts = draw.primitives(c2d.box(0, 0, 4, 2, pi / 2))[1].points
    local xs, ys = {}, {}
    for i = 1, #pts, 2 do xs[#xs + 1] = pts[i]; ys[#ys + 1] = pts[i + 1] end
    table.sort(xs); table.sort(ys)
    assert.are.same({ -1, -1, 1, 1 }, xs)
    assert.are.same({ -2, -2, 2, 2 }, ys)
  end)

  it("a fan is a pie from direction - opening/2 to direction + opening/2", function()
    local p = draw.primitives(c2d.fan(5, 6, 10, pi / 2, pi / 3), "fill")
    assert.are.same({ { kind = "arc", mode = "fill", x = 5, y = 6, r = 10, a1 = pi / 2 - pi / 6, a2 = pi / 2 + pi / 6 } }, p)
    -- opening 2 pi: a circle; opening 0: the segment along the direction
    assert.are.equal("circle", draw.primitives(c2d.fan(0, 0, 10, 0, 2 * pi))[1].kind)
    assert.are.same({ 0, 0, 10, 0 }, draw.primitives(c2d.fan(0, 0, 10, 0, 0))[1].points)
  end)

  it("a capsule has round ends: its outline reaches the cap's tip", function()
    -- around (0,0)-(10,0) with radius 2: x spans [-2, 12], y spans [-2, 2]
    local pts = draw.primitives(c2d.capsule(0, 0, 10, 0, 2))[1].points
    local minx, maxx, miny, maxy = math.huge, -math.huge, math.huge, -math.huge
    for i = 1, #pts, 2 do
      minx, maxx = math.min(minx, pts[i]), math.max(maxx, pts[i])
      miny, maxy = math.min(miny, pts[i + 1]), math.max(maxy, pts[i + 1])
    end
    assert.is_true(math.abs(minx + 2) < 1e-12 and math.abs(maxx - 12) < 1e-12, minx .. " " .. maxx)
    assert.is_true(math.abs(miny + 2) < 1e-12 and math.abs(maxy - 2) < 1e-12, miny .. " " .. maxy)
  end)

  it("a rounded box is one polygon whose corners are arcs on their circles", function()
    -- core corners (+-5, +-3), radius 2: every point lies 2 from the core (on a
    -- corner's circle or an offset side), the box [-7, 7] x [-5, 5] is reached, and
    -- at 32 segments a turn each quarter-turn corner takes 9 points (8 chords)
    local p = draw.primitives(c2d.box(0, 0, 10, 6, 0, 2))
    assert.are.equal(1, #p)
    assert.are.equal("polygon", p[1].kind)
    local pts = p[1].points
    assert.are.equal(4 * 9 * 2, #pts)
    local minx, maxx, miny, maxy = math.huge, -math.huge, math.huge, -math.huge
    for i = 1, #pts, 2 do
      local x, y = pts[i], pts[i + 1]
      local dx, dy = math.max(math.abs(x) - 5, 0), math.max(math.abs(y) - 3, 0)
      assert.is_true(math.abs(math.sqrt(dx * dx + dy * dy) - 2) < 1e-12, x .. " " .. y)
      minx, maxx = math.min(minx, x), math.max(maxx, x)
      miny, maxy = math.min(miny, y), math.max(maxy, y)
    end
    assert.are.same({ -7, 7, -5, 5 }, { minx, maxx, miny, maxy })
  end)

  it("a line is clipped to the rectangle", function()
    -- y = x through the square [0,100]^2: from (0,0) to (100,100)
    assert.are.same({ { kind = "line", points = { 0, 0, 100, 100 } } },
      draw.primitives(c2d.line(10, 10, 20, 20), nil, { 0, 0, 100, 100 }))
    -- y = 50, horizontal: across the whole width
    assert.are.same({ 0, 50, 200, 50 }, draw.primitives(c2d.line(5, 50, 6, 50), nil, { 0, 0, 200, 100 })[1].points)
    -- outside the rectangle: nothing
    assert.are.same({}, draw.primitives(c2d.line(0, 500, 1, 500), nil, { 0, 0, 100, 100 }))
  end)
end)

describe("draw.clipLine", function()
  it("clips a slanted line", function()
    -- y = 2x + 10 in [0,100]^2: enters at x = 0 (y = 10), leaves at y = 100 (x = 45)
    local a, b, c, d = draw.clipLine(0, 10, 1, 12, 0, 0, 100, 100)
    assert.are.same({ 0, 10, 45, 100 }, { a, b, c, d })
  end)
  it("a vertical line outside misses", function()
    assert.is_nil(draw.clipLine(-5, 0, -5, 1, 0, 0, 100, 100))
  end)
end)

describe("draw.primitives on bad input", function()
  it("names a non-shape and a mode that is neither line nor fill", function()
    local ok, err = pcall(draw.primitives, 3)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("bad argument #1 to 'primitives' (collide2d shape expected, got number)", 1, true), err)
    ok, err = pcall(draw.primitives, c2d.disk(0, 0, 1), "bogus")
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find('bad argument #2 to \'primitives\' ("line" or "fill" expected, got bogus)', 1, true), err)
  end)
end)

describe("drawing outside LÖVE", function()
  it("says it needs love.graphics", function()
    if love then pending("inside LÖVE, love.graphics is there") return end
    local ok, err = pcall(draw.draw, c2d.disk(0, 0, 1))
    assert.is_false(ok)
    assert.is_true(tostring(err):find("love.graphics", 1, true) ~= nil)
  end)
end)

describe("draw.primitives of a tile layer", function()
  -- 3 x 2 tiles of 10: row 1 full, full, empty; row 2 full, full, a slope-br
  -- (the triangle (20, 20), (30, 20), (30, 10)).
  local layer = c2d.tiles(0, 0, 10, 10, 3, 2, { 1, 1, 0, 1, 1, 2 }, { [1] = "full", [2] = "slope-br" })
  local function edge_set(prims)
    local set = {}
    for _, p in ipairs(prims) do
      assert.are.equal("line", p.kind)
      local a = p.points
      -- an edge either way round
      local k1 = ("%g,%g-%g,%g"):format(a[1], a[2], a[3], a[4])
      local k2 = ("%g,%g-%g,%g"):format(a[3], a[4], a[1], a[2])
      set[k1 < k2 and k1 or k2] = true
    end
    return set
  end
  it("in line mode is the union's boundary: no edge two tiles share, straight runs joined", function()
    local expected = {}
    for _, e in ipairs({
      { 0, 0, 20, 0 },                  -- the top of the top row
      { 20, 0, 20, 20 },                -- its right side, on down beside the slope (which meets it at (20, 20) only)
      { 20, 20, 30, 10 }, { 30, 10, 30, 20 }, -- the slope's hypotenuse and right side
      { 30, 20, 0, 20 },                -- the bottom, under three tiles
      { 0, 20, 0, 0 },                  -- the left side of both rows
    }) do
      local k1 = ("%g,%g-%g,%g"):format(e[1], e[2], e[3], e[4])
      local k2 = ("%g,%g-%g,%g"):format(e[3], e[4], e[1], e[2])
      expected[k1 < k2 and k1 or k2] = true
    end
    assert.are.same(expected, edge_set(draw.primitives(layer)))
  end)
  it("in fill mode is one polygon per solid tile, and reads only the tiles in clip", function()
    assert.are.equal(5, #draw.primitives(layer, "fill"))
    assert.are.equal(1, #draw.primitives(layer, "fill", { 25, 12, 2, 2 }))   -- the slope's tile alone
  end)
end)
