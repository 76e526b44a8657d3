-- collide2d.bump: bump.lua 3.1.7's API. Every number below is worked out by
-- hand from the rectangles (or by the one-line formula named next to it).
local bump = require "collide2d.bump"

-- The values of field k in each entry of list.
local function pluck(list, k)
  local out = {}
  for i, v in ipairs(list) do out[i] = v[k] end
  return out
end

describe("collide2d.bump", function()
  local world
  before_each(function() world = bump.newWorld() end)

  describe("newWorld", function()
    it("takes 64-px cells unless told otherwise", function()
      assert.equal(64, world.cellSize)
      assert.equal(16, bump.newWorld(16).cellSize)
    end)

    it("refuses a cell size that is not a positive finite number", function()
      for _, bad in ipairs { 0, -8, "8", 0 / 0, math.huge } do
        assert.has_error(function() bump.newWorld(bad) end)
      end
      assert.error_matches(function() bump.newWorld(-1) end, "cellSize")
    end)
  end)

  describe("items", function()
    it("can be any value but nil and NaN, and add returns the item", function()
      local fn = function() end
      for _, item in ipairs { "hero", 7, true, fn, {} } do
        assert.equal(item, world:add(item, 0, 0, 1, 1))
      end
      assert.is_true(world:hasItem(fn))
      assert.is_true(world:add(false, 0, 0, 1, 1) == false)
      assert.is_true(world:hasItem(false))
      assert.error_matches(function() world:add(nil, 0, 0, 1, 1) end, "item")
      assert.error_matches(function() world:add(0 / 0, 0, 0, 1, 1) end, "item")
    end)

    it("cannot be added twice", function()
      world:add("a", 0, 0, 1, 1)
      assert.error_matches(function() world:add("a", 5, 5, 1, 1) end, "already in the world")
    end)

    it("need a finite position and a positive size, and the error names the argument", function()
      assert.error_matches(function() world:add("a", 0, 0, 0, 1) end, "'w'")
      assert.error_matches(function() world:add("a", 0, 0, 1, -1) end, "'h'")
      assert.error_matches(function() world:add("a", 1 / 0, 0, 1, 1) end, "'x'")
      assert.error_matches(function() world:add("a", 0, "0", 1, 1) end, "'y'")
      assert.is_false(world:hasItem("a"))
    end)

    it("are listed and counted in the order they were added", function()
      world:add("c", 0, 0, 1, 1)
      world:add("a", 90, 0, 1, 1)
      world:add("b", 500, 0, 1, 1)
      world:remove("c")
      world:add("c", 0, 0, 1, 1)
      local items, len = world:getItems()
      assert.same({ "a", "b", "c" }, items)
      assert.equal(3, len)
      assert.equal(3, world:countItems())
    end)

    it("report their rect, and an unknown item is an error naming it", function()
      world:add("a", 1, 2, 3, 4)
      assert.same({ 1, 2, 3, 4 }, { world:getRect("a") })
      assert.is_false(world:hasItem("b"))
      assert.is_false(world:hasItem(nil))
      assert.error_matches(function() world:getRect("b") end, "b is not in the world")
      assert.error_matches(function() world:remove("b") end, "not in the world")
      assert.error_matches(function() world:update("b", 0, 0) end, "not in the world")
    end)

    it("keep their size when update gives only a position", function()
      world:add("a", 0, 0, 10, 20)
      world:update("a", 5, 6)
      assert.same({ 5, 6, 10, 20 }, { world:getRect("a") })
      world:update("a", 5, 6, 1, 2)
      assert.same({ 5, 6, 1, 2 }, { world:getRect("a") })
    end)
  end)

  describe("cells", function()
    it("are made for each cell a rect reaches; an edge on a border reaches no further", function()
      world:add("a", 0, 0, 64, 64) -- cell (1,1) only: ceil(64/64) = 1
      assert.equal(1, world:countCells())
      world:add("b", 60, 0, 10, 10) -- cells (1,1) and (2,1)
      assert.equal(2, world:countCells())
      world:add("c", -1, -1, 1, 1) -- cell (0,0)
      assert.equal(3, world:countCells())
    end)

    it("that lose their last item are counted until the garbage collector runs", function()
      -- The collector is held still until asked, so that none of its steps
      -- falls between the remove and the first count.
      collectgarbage("collect")
      collectgarbage("stop")
      world:add("a", 0, 0, 10, 10)
      world:add("b", 200, 200, 10, 10)
      world:remove("b")
      local before = world:countCells()
      collectgarbage("restart")
      collectgarbage("collect")
      assert.equal(2, before)
      assert.equal(1, world:countCells())
    end)

    it("convert with toCell and toWorld", function()
      assert.same({ 2, 0 }, { world:toCell(64, -0.5) })
      assert.same({ 1, 1 }, { world:toCell(63.9, 0) })
      assert.same({ 128, -64 }, { world:toWorld(3, 0) })
    end)

    it("list their items with getDictItemsInCellRect", function()
      world:add("a", 0, 0, 10, 10)
      world:add("b", 70, 0, 10, 10)
      world:add("c", 0, 70, 10, 10)
      assert.same({ a = true, b = true }, world:getDictItemsInCellRect(1, 1, 2, 1))
      assert.same({}, world:getDictItemsInCellRect(5, 5, 1, 1))
      assert.error_matches(function() world:getDictItemsInCellRect(1.5, 1, 1, 1) end, "'cl'")
    end)
  end)

  describe("move", function()
    -- An item of 10 x 10 at the origin and a wall whose left side is at x = 20:
    -- moving to (40, 20) it meets the wall a quarter of the way, at (10, 5).
    local function scene(filterName)
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, -50, 10, 100)
      return world:move("item", 40, 20, filterName and function() return filterName end)
    end

    it("goes to the goal when nothing is in the way", function()
      world:add("item", 0, 0, 10, 10)
      assert.same({ 7, 8, {}, 0 }, { world:move("item", 7, 8) })
      assert.same({ 7, 8, 10, 10 }, { world:getRect("item") })
    end)

    it("slides along the side it hits by default", function()
      local x, y, cols, len = scene()
      assert.same({ 10, 20, 1 }, { x, y, len })
      local col = cols[1]
      assert.equal("wall", col.other)
      assert.equal("item", col.item)
      assert.equal("slide", col.type)
      assert.is_false(col.overlaps)
      assert.equal(0.25, col.ti)
      assert.same({ x = 40, y = 20 }, col.move)
      assert.same({ x = -1, y = 0 }, col.normal)
      assert.same({ x = 10, y = 5 }, col.touch)
      assert.same({ x = 10, y = 20 }, col.slide)
      assert.same({ x = 0, y = 0, w = 10, h = 10 }, col.itemRect)
      assert.same({ x = 20, y = -50, w = 10, h = 100 }, col.otherRect)
      assert.same({ 10, 20, 10, 10 }, { world:getRect("item") })
    end)

    it("stops where it touches with 'touch'", function()
      local x, y, cols = scene("touch")
      assert.same({ 10, 5 }, { x, y })
      assert.equal("touch", cols[1].type)
    end)

    it("passes through with 'cross', still reporting the collision", function()
      local x, y, cols, len = scene("cross")
      assert.same({ 40, 20, 1 }, { x, y, len })
      assert.equal("cross", cols[1].type)
    end)

    it("mirrors the rest of the move in the side hit with 'bounce'", function()
      -- from the touch (10, 5) the 30 x 15 still to go becomes -30 x 15
      local x, y, cols = scene("bounce")
      assert.same({ -20, 20 }, { x, y })
      assert.same({ x = -20, y = 20 }, cols[1].bounce)
    end)

    it("ignores what the filter turns down, and passes it the item and the other", function()
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, -50, 10, 100)
      local seen = {}
      local x, y, cols, len = world:move("item", 40, 20, function(item, other)
        seen[#seen + 1] = item .. ">" .. other
        return false
      end)
      assert.same({ 40, 20, 0 }, { x, y, len })
      assert.same({}, cols)
      assert.same({ "item>wall" }, seen)
    end)

    it("meets each other item once, nearest first", function()
      world:add("item", 0, 0, 10, 10)
      world:add("far", 50, 0, 10, 10)
      world:add("near", 20, 0, 10, 10)
      local x, y, cols = world:move("item", 80, 0, function() return "cross" end)
      assert.same({ 80, 0 }, { x, y })
      assert.same({ "near", "far" }, pluck(cols, "other"))
      assert.same({ 0.125, 0.5 }, pluck(cols, "ti")) -- 10/80 and 40/80
    end)

    it("rounds each step as bump does", function()
      -- wall 10 px ahead of a 30 px move: ti is the quotient 10/30, the touch 30 * ti
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, 0, 10, 10)
      local _, _, cols = world:check("item", 30, 1, function() return "touch" end)
      local ti = 10 / 30
      assert.equal(ti, cols[1].ti)
      assert.equal(0 + 30 * ti, cols[1].touch.x)
      assert.equal(0 + 1 * ti, cols[1].touch.y)
    end)

    it("leaves an overlapping item that is not moving where it is: slide keeps the goal when the move is zero", function()
      -- overlap 2 px across and 10 px deep: the touch is out to the left by 2,
      -- but with no motion there is no side to slide along, so the goal stays
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 8, 0, 10, 10)
      local x, y, cols, len = world:move("item", 0, 0)
      assert.same({ 0, 0, 1 }, { x, y, len })
      assert.is_true(cols[1].overlaps)
      assert.equal(-20, cols[1].ti) -- minus the overlap area, 2 x 10
      assert.same({ x = -1, y = 0 }, cols[1].normal)
      assert.same({ x = -2, y = 0 }, cols[1].touch)
      assert.same({ x = 0, y = 0 }, cols[1].slide)
      assert.same({ 0, 0, 10, 10 }, { world:getRect("item") })
    end)

    it("keeps the goal at a later collision whose move is zero, as bump's slide does", function()
      -- item (0, 0, 10, 10) heads down to (0, 5) while overlapping A, tall and
      -- 2 px into its right side: moving, it backs out against its motion, to
      -- where its bottom meets A's top: ti1 = (0 - (-30)) / -5 = -6, touch
      -- (0, -30); sliding on a normal (0, -1) keeps goalX and takes the touch's
      -- y, so the goal is (0, -30) and the next step has move (0, 0). There it
      -- overlaps B by 5 x 5 (ti -25), pushed out the shorter way, down by 5:
      -- touch (0, -25). With no move, slide keeps the goal (0, -30).
      world:add("item", 0, 0, 10, 10)
      world:add("A", 8, -20, 10, 40)
      world:add("B", -5, -35, 10, 10)
      local x, y, cols, len = world:move("item", 0, 5)
      assert.same({ 0, -30, 2 }, { x, y, len })
      assert.same({ "A", "B" }, pluck(cols, "other"))
      assert.same({ -20, -25 }, pluck(cols, "ti"))
      assert.same({ { x = 0, y = 5 }, { x = 0, y = 0 } }, pluck(cols, "move"))
      assert.same({ { x = 0, y = -1 }, { x = 0, y = 1 } }, pluck(cols, "normal"))
      assert.same({ { x = 0, y = -30 }, { x = 0, y = -25 } }, pluck(cols, "touch"))
      assert.same({ { x = 0, y = -30 }, { x = 0, y = -30 } }, pluck(cols, "slide"))
      assert.same({ 0, -30, 10, 10 }, { world:getRect("item") })
    end)

    it("with check reports the same but leaves the item where it was", function()
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, -50, 10, 100)
      local x, y, _, len = world:check("item", 40, 20)
      assert.same({ 10, 20, 1 }, { x, y, len })
      assert.same({ 0, 0, 10, 10 }, { world:getRect("item") })
    end)

    it("calls a response added with addResponse, and refuses an unknown one", function()
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, -50, 10, 100)
      local got
      world:addResponse("stop", function(w, col, x, y, wd, ht, goalX, goalY)
        got = { w == world, col.other, x, y, wd, ht, goalX, goalY }
        return x, y, {}, 0
      end)
      local x, y = world:move("item", 40, 20, function() return "stop" end)
      assert.same({ true, "wall", 0, 0, 10, 10, 40, 20 }, got)
      assert.same({ 0, 0 }, { x, y })
      assert.has_error(function() world:move("item", 40, 20, function() return "warp" end) end)
    end)

    it("goes through methods assigned on the world", function()
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, -50, 10, 100)
      local calls = 0
      local project = world.project
      world.project = function(...) calls = calls + 1; return project(...) end
      local x, y = world:move("item", 40, 20)
      assert.same({ 10, 20 }, { x, y })
      assert.equal(2, calls) -- the move, then the slide from the touch
    end)

    it("refuses a goal that is not a finite number", function()
      world:add("item", 0, 0, 10, 10)
      assert.error_matches(function() world:move("item", 0 / 0, 0) end, "goalX")
      assert.error_matches(function() world:check("item", 0, "up") end, "goalY")
      assert.error_matches(function() world:move("ghost", 0, 0) end, "not in the world")
    end)

    it("raise argument errors at the caller's line, naming the method called", function()
      world:add("item", 0, 0, 10, 10)
      -- Each call stands on its own line: the message must name that line of this file.
      local calls = {
        { "move", "goalX", function() world:move("item", "a", 2) end },
        { "check", "goalY", function() world:check("item", 1, "b") end },
        { "move", "item", function() world:move("ghost", 1, 2) end },
        { "check", "item", function() world:check("ghost", 1, 2) end },
        { "remove", "item", function() world:remove("ghost") end },
        { "update", "item", function() world:update("ghost", 1, 2) end },
        { "querySegment", "x2", function() world:querySegment(1, 1, "a", 1) end },
      }
      for _, c in ipairs(calls) do
        local info = debug.getinfo(c[3], "S")
        local ok, message = pcall(c[3])
        assert.is_false(ok)
        local where = message:match("^(.-):%d+: ")
        assert.equal(info.short_src, where, message)
        assert.is_truthy(message:find("'" .. c[2] .. "' to '" .. c[1] .. "'", 1, true), message)
      end
    end)
  end)

  describe("project", function()
    it("orders equal times by distance between centres, then by insertion", function()
      -- all three are met at ti = 10/40; centres at y 10, 0 and 7 against the item's 5
      world:add("low", 20, 5, 10, 10)
      world:add("high", 20, -5, 10, 10)
      world:add("mid", 20, 2, 10, 10)
      local cols, len = world:project("item", 0, 0, 10, 10, 40, 0)
      assert.equal(3, len)
      assert.same({ "mid", "low", "high" }, pluck(cols, "other"))
      assert.same({ 0.25, 0.25, 0.25 }, pluck(cols, "ti"))
    end)

    it("works for a value not in the world and skips the item itself", function()
      world:add("a", 0, 0, 10, 10)
      assert.equal(1, select(2, world:project({}, 5, 5, 1, 1)))
      assert.equal(0, select(2, world:project("a", 5, 5, 1, 1)))
    end)
  end)

  describe("queries", function()
    before_each(function()
      world:add("a", 10, 0, 10, 10)
      world:add("b", 30, 0, 10, 10)
      world:add("c", 10, 2, 10, 10)
    end)

    it("queryRect lists the rects it overlaps, not those it only touches, in insertion order", function()
      assert.same({ "a", "c" }, world:queryRect(0, 0, 15, 5))
      assert.same({}, world:queryRect(0, 0, 10, 10)) -- shares a's left side only
      assert.same({ "a", "b", "c" }, world:queryRect(0, 0, 100, 100))
      assert.same({ "b" }, world:queryRect(0, 0, 100, 100, function(item) return item == "b" end))
      assert.error_matches(function() world:queryRect(0, 0, -1, 1) end, "'w'")
    end)

    it("queryPoint lists the rects holding the point strictly inside", function()
      assert.same({ "a", "c" }, world:queryPoint(15, 5))
      assert.same({ "a" }, world:queryPoint(15, 1))
      assert.same({}, world:queryPoint(20, 5)) -- on a's right side
      assert.same({ "c" }, world:queryPoint(15, 5, function(item) return item ~= "a" end))
    end)

    it("querySegment lists what the segment crosses in order along it, equal entries by insertion", function()
      assert.same({ "a", "c", "b" }, world:querySegment(0, 5, 50, 5))
      assert.same({ "b", "a", "c" }, world:querySegment(50, 5, 0, 5))
      assert.same({}, world:querySegment(0, 0, 50, 0)) -- along a's and b's top side
      assert.same({ "b" }, world:querySegment(0, 5, 50, 5, function(item) return item == "b" end))
    end)

    it("a filter sees each item as it is, false included, and a goal left out is where the item is", function()
      local w = bump.newWorld(64)
      w:add(false, 10, 0, 10, 10)
      w:add("b", 30, 0, 10, 10)
      local seen = {}
      local infos, len = w:querySegmentWithCoords(0, 5, 50, 5, function(it) seen[#seen + 1] = it return it == false end)
      assert.are.same({ false, "b" }, seen)
      assert.are.equal(1, len); assert.are.equal(false, infos[1].item)
      -- move and check without a goal: where the item is (10, 0), nothing met
      local x, y, cols, n = w:check(false)
      assert.are.same({ 10, 0, 0 }, { x, y, n }); assert.are.same({}, cols)
      x, y = w:move(false, nil, 40)
      assert.are.same({ 10, 40 }, { x, y })
      assert.are.same({ 10, 40, 10, 10 }, { w:getRect(false) })
    end)

    it("querySegmentWithCoords gives where the segment enters and leaves each rect", function()
      local infos, len = world:querySegmentWithCoords(0, 5, 40, 5)
      assert.equal(3, len)
      assert.same({ item = "a", ti1 = 0.25, ti2 = 0.5, x1 = 10, y1 = 5, x2 = 20, y2 = 5 }, infos[1])
      assert.same({ item = "b", ti1 = 0.75, ti2 = 1, x1 = 30, y1 = 5, x2 = 40, y2 = 5 }, infos[3])
    end)
  end)

  describe("rect functions", function()
    it("getSegmentIntersectionIndices clips a segment to a rect", function()
      assert.same({ 0.25, 0.75, -1, 0, 1, 0 }, { bump.rect.getSegmentIntersectionIndices(0, 0, 10, 10, -5, 5, 15, 5) })
      assert.is_nil(bump.rect.getSegmentIntersectionIndices(0, 0, 10, 10, -5, 20, 15, 20))
    end)

    it("detectCollision sweeps one rect against another", function()
      local col = bump.rect.detectCollision(0, 0, 10, 10, 20, 0, 10, 10, 40, 0)
      assert.equal(0.25, col.ti)
      assert.same({ x = 10, y = 0 }, col.touch)
      assert.is_nil(bump.rect.detectCollision(0, 0, 10, 10, 20, 20, 10, 10, 40, 0))
    end)

    it("the small helpers follow their formulas", function()
      assert.same({ 0, 10 }, { bump.rect.getNearestCorner(0, 0, 10, 10, 2, 9) })
      assert.same({ 10, -10, 20, 20 }, { bump.rect.getDiff(0, 0, 10, 10, 20, 0, 10, 10) })
      assert.is_true(bump.rect.containsPoint(0, 0, 10, 10, 5, 5))
      assert.is_false(bump.rect.containsPoint(0, 0, 10, 10, 10, 5))
      assert.is_false(bump.rect.isIntersecting(0, 0, 10, 10, 10, 0, 10, 10))
      assert.equal(425, bump.rect.getSquareDistance(0, 0, 10, 10, 20, -5, 10, 10)) -- 20^2 + 5^2
    end)
  end)

  it("loads again after package.loaded forgets it", function()
    package.loaded["collide2d.bump"] = nil
    local again = require "collide2d.bump"
    assert.are_not.equal(bump, again)
    local w = again.newWorld()
    w:add("a", 0, 0, 10, 10)
    local x, y = w:move("a", 1, 2)
    assert.same({ 1, 2 }, { x, y })
    package.loaded["collide2d.bump"] = bump
  end)

  describe("answers as bump.lua does, to the sign and the type of each number", function()
    -- Lua 5.3 and later hold whole numbers as integers or floats, and bump.lua
    -- keeps integers integers (sums, differences, products of integers) while
    -- every quotient is a float. Elsewhere there is one number type.
    local typed = math.type ~= nil
    local function types(...)
      local out = {}
      for i = 1, select("#", ...) do out[i] = math.type((select(i, ...))) end
      return out
    end
    local function on_integer_runtimes(name, fn)
      if typed then it(name, fn) else pending(name .. " (this runtime has no integer subtype)") end
    end

    it("gives a touch at the start of a move down onto a floor ti = -0, as bump's clipping does", function()
      -- box (0, 0, 10, 10) on floor (0, 10, 10, 10): the Minkowski difference's
      -- top is at y = 0, so the top side clips at q / p = 0 / -5 = -0
      world:add("floor", 0, 10, 10, 10)
      world:add("box", 0, 0, 10, 10)
      local x, y, cols, len = world:move("box", 0, 5, function() return "touch" end)
      assert.equal(1, len)
      assert.equal(-math.huge, 1 / cols[1].ti)
      assert.same({ x = 0, y = -1 }, cols[1].normal)
      assert.equal(math.huge, 1 / cols[1].touch.y) -- 0 + 5 * -0 is +0
      assert.same({ 0, 0 }, { x, y })
    end)

    it("returns one nil from rect.getSegmentIntersectionIndices on a miss", function()
      assert.equal(1, select("#", bump.rect.getSegmentIntersectionIndices(0, 0, 1, 1, 5, 5, 6, 6)))
      assert.is_nil((bump.rect.getSegmentIntersectionIndices(0, 0, 1, 1, 5, 5, 6, 6)))
    end)

    on_integer_runtimes("keeps rects and goals given as integers integers, and floats floats", function()
      world:add("a", 1, 2, 3, 4)
      world:add("b", 100.0, 2, 3, 4)
      assert.same({ "integer", "integer", "integer", "integer" }, types(world:getRect("a")))
      assert.same({ "float", "integer", "integer", "integer" }, types(world:getRect("b")))
      local x, y = world:move("a", 5, 6)
      assert.same({ "integer", "integer" }, types(x, y))
      assert.same({ "integer", "integer", "integer", "integer" }, types(world:getRect("a")))
      x, y = world:move("a", 5.5, 6)
      assert.same({ "float", "integer" }, types(x, y))
      -- update to equal numbers of the other type changes nothing, as in bump
      world:update("b", 100, 2.0)
      assert.same({ "float", "integer", "integer", "integer" }, types(world:getRect("b")))
    end)

    on_integer_runtimes("computes an overlap's ti and a resting push-out in integers, a swept hit's in floats", function()
      -- resting overlap of 2 x 10: ti = -(2 * 10), touch (0 - 2, 0 + 0): all integers
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 8, 0, 10, 10)
      local x, y, cols = world:move("item", 0, 0)
      local c = cols[1]
      assert.same({ "integer", "integer" }, types(x, y))
      assert.same({ "integer", "integer", "integer", "integer", "integer", "integer", "integer" },
        types(c.ti, c.move.x, c.move.y, c.touch.x, c.touch.y, c.slide.x, c.slide.y))
      -- a swept hit: ti = -10 / -30 is a quotient, so the touch (0 + 30 * ti, 0 + 0 * ti) is
      -- float; sliding on the normal (-1, 0) takes the touch's x and keeps the goal's y
      world = bump.newWorld()
      world:add("item", 0, 0, 10, 10)
      world:add("wall", 20, 0, 10, 10)
      x, y, cols = world:move("item", 30, 0)
      c = cols[1]
      assert.same({ 10, 0 }, { x, y })
      assert.same({ "float", "integer" }, types(x, y))
      assert.same({ "float", "integer", "integer", "float", "float" },
        types(c.ti, c.move.x, c.move.y, c.touch.x, c.touch.y))
    end)

    on_integer_runtimes("keeps a segment's unclipped end 0 an integer, as bump's clipping from 0 and 1 does", function()
      -- from (15, 5), inside the rect (10, 0, 10, 10), to (40, 5): only the right
      -- side clips, at q / p = 5 / 25, so ti1 stays the integer 0
      world:add("r", 10, 0, 10, 10)
      local infos = world:querySegmentWithCoords(15, 5, 40, 5)
      local i = infos[1]
      assert.equal(0, i.ti1)
      assert.equal(5 / 25, i.ti2)
      assert.same({ 15, 5, 20, 5 }, { i.x1, i.y1, i.x2, i.y2 })
      assert.same({ "integer", "float", "integer", "integer", "float", "float" },
        types(i.ti1, i.ti2, i.x1, i.y1, i.x2, i.y2))
      local ti1, ti2, nx1, ny1, nx2, ny2 = bump.rect.getSegmentIntersectionIndices(10, 0, 10, 10, 15, 5, 40, 5)
      assert.same({ 0, 5 / 25, 0, 0, 1, 0 }, { ti1, ti2, nx1, ny1, nx2, ny2 })
      assert.same({ "integer", "float" }, types(ti1, ti2))
    end)
  end)
end)
