-- One round of make tsan-test, run by several threads at once, each in a Lua
-- state of its own (tools/tsan/tsan.c): shapes of every kind and their
-- queries and transforms, a World (adds, moves with filters and a response of
-- its own, queries, collisions, push, a Concave mover from its pool, a freed
-- world), collide2d.bump (moves with filters, queries, update, remove) and
-- collide2d.draw's pure part. Raises when an answer is not what every other
-- round got.
local thread, round = ...
local c2d = require "collide2d"
local bump = require "collide2d.bump"
local draw = require "collide2d.draw"

local function check(cond, what)
  if not cond then error(("thread %d, round %d: %s"):format(thread, round, what), 2) end
end

-- Shapes of every kind, moved by something different in each thread and round.
local ox, oy = thread * 1000 + round, -thread * 500
local shapes = {
  c2d.point(ox + 1, oy + 2),
  c2d.segment(ox, oy, ox + 4, oy + 3),
  c2d.line(ox, oy + 50, ox + 1, oy + 50),
  c2d.disk(ox + 3, oy + 3, 2),
  c2d.aabb(ox + 5, oy - 2, 4, 4),
  c2d.box(ox + 10, oy + 10, 4, 2, 0.5),
  c2d.triangle(ox, oy, ox + 4, oy, ox, oy + 3),
  c2d.polygon{ ox, oy, ox + 4, oy, ox + 6, oy + 2, ox + 4, oy + 4, ox, oy + 4 },
  c2d.hull(ox + 3, oy + 1, ox + 9, oy + 4, ox + 5, oy + 8, ox + 1, oy + 6),
  c2d.capsule(ox, oy + 8, ox + 10, oy + 8, 2),
  c2d.fan(ox + 12, oy, 10, 1, 2),
  c2d.concave(ox, oy, ox + 8, oy, ox + 8, oy + 4, ox + 4, oy + 4, ox + 4, oy + 8, ox, oy + 8),
}
shapes[#shapes + 1] = c2d.group(shapes[4], shapes[6], shapes[12])

-- Every pair query, and the symmetry the README promises.
for _, a in ipairs(shapes) do
  for _, b in ipairs(shapes) do
    check(a:hits(b) == b:hits(a), "hits is not symmetric")
    local d = a:distance(b)
    check((d == 0) == a:hits(b), "hits and distance disagree")
    if a:type() ~= "Line" or b:type() ~= "Line" then a:contact(b) end
    a:sweep(3, -2, b, 1, 1)
    a:covers(b)
  end
  a:raycast(ox - 10, oy + 1, 40, 1)
  if a:type() ~= "Line" then a:bbox() end
  a:center()
  tostring(a)
  a:outline(8)
  a:pieces()
  local c = a:clone():move(1, 2):moveTo(ox, oy):scale(2):scale(0.5)
  if c:type() ~= "AABB" then c:rotate(0.3) end
  check(c:type() == a:type(), "a clone changed kind")
  a:setUserData({ thread = thread })
  check(a:getUserData().thread == thread, "user data")
end

-- A World.
local w = c2d.world(8)
for _, s in ipairs(shapes) do w:add(s:clone()) end
local movers = {}
for i = 1, 40 do
  movers[i] = w:add(c2d.aabb(ox + (i % 8) * 6, oy + math.floor(i / 8) * 6, 4, 4))
end
local star = w:add(c2d.concave(ox + 60, oy, ox + 70, oy, ox + 70, oy + 4, ox + 64, oy + 4, ox + 64, oy + 10, ox + 60, oy + 10))
w:addResponse("half", function(_world, _col, x, y, gx, gy) return (x + gx) / 2, (y + gy) / 2 end)
local responses = { "slide", "touch", "cross", "bounce", "half" }
for step = 1, 30 do
  for i, m in ipairs(movers) do
    local x, y = m:position()
    local kind = responses[(i + step) % #responses + 1]
    w:move(m, x + (i % 3) - 1, y + (step % 3) - 1, function(_, other)
      w:queryPoint(other:position()) -- a filter may query the world
      return kind
    end)
  end
  w:move(star, ox + 60 + step % 5, oy)
  local pairs_, n = w:collisions()
  for k = 1, n do check(pairs_[2 * k - 1]:hits(pairs_[2 * k]), "a collision that does not hit") end
end
w:push(movers[1])
w:check(movers[2], ox + 100, oy + 100)
w:query(shapes[4])
w:queryRect(ox - 10, oy - 10, 100, 100, function() return true end)
w:querySegment(ox - 10, oy, ox + 100, oy + 50)
w:raycast(ox - 10, oy + 1, 200, 0)
for i = 1, #movers, 2 do w:remove(movers[i]) end
check(w:count() == #w:shapes(), "count and shapes disagree")
draw.primitives(shapes[4], "line")
local gone = c2d.world()
gone:add(c2d.disk(0, 0, 1))
debug.getmetatable(gone).__gc(gone)
check(not pcall(gone.count, gone), "a freed world answered")

-- collide2d.bump.
local b = bump.newWorld(32)
for i = 1, 60 do b:add("item" .. i, (i % 10) * 20, math.floor(i / 10) * 20, 10 + i % 7, 10) end
local filters = { function() return "slide" end, function() return "cross" end, function() return "touch" end,
                  function() return "bounce" end }
for step = 1, 20 do
  for i = 1, 60, 3 do
    local name = "item" .. i
    local x, y = b:getRect(name)
    b:move(name, x + step % 4 - 1, y + 2, filters[(i + step) % 4 + 1])
  end
  b:queryRect(0, 0, 100, 100)
  b:querySegmentWithCoords(-5, -5, 300, 200)
end
b:update("item2", 500, 500, 20, 20)
b:remove("item3")
b:project("item4", 0, 0, 10, 10, 100, 100)
check(b:countItems() == 59, "bump count")
