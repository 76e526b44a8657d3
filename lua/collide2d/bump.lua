-- collide2d.bump: the API of bump.lua 3.1.7 over collide2d's C grid.
--
--   local bump = require "collide2d.bump"   -- in place of require "bump"
--
-- The world is a plain table with methods (so fields can be read, assigned and
-- spied on). Items are any Lua value but nil and NaN; each gets an integer id
-- that the C side works with. The C half (cells, swept rectangles, segment
-- walks, sorting) is require("collide2d")._bump, built by src/lua_bump.c.
--
-- World:move and World:check run entirely in C while the world keeps bump's
-- own methods and responses; a world with any World method assigned on it, a filter that names a response added with addResponse, or a
-- missing goal take the Lua path below, which calls those methods as bump does.
local C = require("collide2d")._bump

local floor, abs = math.floor, math.abs
local type, tostring, next, setmetatable, error = type, tostring, next, setmetatable, error

-- bump's margin of error for "strictly inside" tests.
local MARGIN = 1e-10

local bump = {
  _VERSION = 'bump v3.1.7',
  _DESCRIPTION = 'bump.lua 3.1.7 compatible collision worlds, computed by collide2d in C',
}

-- Argument checks -------------------------------------------------------------

-- An argument error is raised at the first caller outside this file, however
-- deep in it the check was made (a method calling a method, a check calling a
-- check), so the message names the user's line. Without the debug library it
-- names the method's caller of the common case.
local getinfo = debug and debug.getinfo
local here = getinfo and getinfo(1, 'S').source

local function raise(message)
  local level = 2
  if getinfo then
    while true do
      local info = getinfo(level + 1, 'S')
      if not info or info.source ~= here then break end
      level = level + 1
    end
  else
    level = 3
  end
  error(message, level + 1)
end

local function bad(fname, name, expected, v)
  raise(("bad argument '%s' to '%s' (%s expected, got %s)"):format(name, fname, expected, tostring(v)))
end

local function number(v, name, fname)
  if type(v) ~= 'number' or v ~= v or v - v ~= 0 then bad(fname, name, 'finite number', v) end
end

local function positive(v, name, fname)
  if type(v) ~= 'number' or not (v > 0) or v - v ~= 0 then bad(fname, name, 'positive number', v) end
end

local function rect(fname, x, y, w, h)
  if type(x) ~= 'number' or x ~= x or x - x ~= 0 then bad(fname, 'x', 'finite number', x) end
  if type(y) ~= 'number' or y ~= y or y - y ~= 0 then bad(fname, 'y', 'finite number', y) end
  if type(w) ~= 'number' or not (w > 0) or w - w ~= 0 then bad(fname, 'w', 'positive number', w) end
  if type(h) ~= 'number' or not (h > 0) or h - h ~= 0 then bad(fname, 'h', 'positive number', h) end
end


-- Rectangle functions (bump.rect) -----------------------------------------------

local function nearest(x, a, b)
  if abs(a - x) < abs(b - x) then return a end
  return b
end

local rects = {
  -- The corner of the rect nearest to (px, py).
  getNearestCorner = function(x, y, w, h, px, py)
    return nearest(px, x, x + w), nearest(py, y, y + h)
  end,
  -- Where the segment enters and leaves the rect, and the normals of those sides.
  getSegmentIntersectionIndices = C.span,
  -- The Minkowski difference of two rects, itself a rect.
  getDiff = function(x1, y1, w1, h1, x2, y2, w2, h2)
    return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
  end,
  containsPoint = function(x, y, w, h, px, py)
    return px - x > MARGIN and py - y > MARGIN and x + w - px > MARGIN and y + h - py > MARGIN
  end,
  isIntersecting = function(x1, y1, w1, h1, x2, y2, w2, h2)
    return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
  end,
  getSquareDistance = function(x1, y1, w1, h1, x2, y2, w2, h2)
    local dx = x1 - x2 + (w1 - w2) / 2
    local dy = y1 - y2 + (h1 - h2) / 2
    return dx * dx + dy * dy
  end,
  -- The collision of rect 1 moving to (goalX, goalY) with rect 2, or nil.
  detectCollision = C.detect,
}
bump.rect = rects

-- Responses (bump.responses) ----------------------------------------------------
-- Each takes the collision chosen and the item's rect at the start of the
-- check, and returns the new goal and the collisions on the way to it.

local function touch(_world, col)
  return col.touch.x, col.touch.y, {}, 0
end

local function cross(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

local function slide(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = goalX or x, goalY or y
  local at, move = col.touch, col.move
  local sx, sy = goalX, goalY
  if move.x ~= 0 or move.y ~= 0 then
    -- keep the motion along the side that was hit; with no motion the goal stays
    if col.normal.x ~= 0 then sx = at.x else sy = at.y end
  end
  col.slide = { x = sx, y = sy }
  local cols, len = world:project(col.item, at.x, at.y, w, h, sx, sy, filter)
  return sx, sy, cols, len
end

local function bounce(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = goalX or x, goalY or y
  local at, move = col.touch, col.move
  local bx, by = at.x, at.y
  if move.x ~= 0 or move.y ~= 0 then
    -- the rest of the motion, mirrored in the side that was hit
    local rx, ry = goalX - at.x, goalY - at.y
    if col.normal.x == 0 then ry = -ry else rx = -rx end
    bx, by = at.x + rx, at.y + ry
  end
  col.bounce = { x = bx, y = by }
  local cols, len = world:project(col.item, at.x, at.y, w, h, bx, by, filter)
  return bx, by, cols, len
end

bump.responses = { touch = touch, cross = cross, slide = slide, bounce = bounce }

-- Empty cells -----------------------------------------------------------------
-- bump keeps a cell that lost its last item until the garbage collector takes
-- it, and countCells counts it till then. Here the C grid keeps it until a
-- collection has run since it emptied: a probe (a weak key) set after each
-- emptying disappears with the next collection.

local weakKeys = { __mode = 'k' }

local function probe()
  return setmetatable({ [{}] = true }, weakKeys)
end

-- After cells emptied: the world has changed already, so running out of
-- memory for the new probe must not raise; the old one then stays, and the
-- cells emptied now are dropped a collection later than bump would.
local function newEpoch(world)
  C.epoch(world._w, next(world._probe) == nil)
  local ok, fresh = pcall(probe)
  if ok then world._probe = fresh end
end

-- The world -------------------------------------------------------------------

local World = {}
-- Assigning one of World's methods on a world (a replacement, a spy) marks the
-- world as no longer plain: move and check then take the Lua path, which calls it.
local World_mt = {
  __index = World,
  __newindex = function(world, k, v)
    if World[k] ~= nil then rawset(world, '_plain', false) end
    rawset(world, k, v)
  end,
}

local function defaultFilter() return 'slide' end

local function idOf(world, item, fname)
  local id = world._ids[item]
  if not id then
    raise(("bad argument 'item' to '%s' (%s is not in the world; add it with world:add first)")
      :format(fname, tostring(item)))
  end
  return id
end

function World:addResponse(name, response)
  self.responses[name] = response
end

local function storable(item)
  if item == nil or item ~= item then bad('add', 'item', 'a value other than nil and NaN', item) end
end

function World:add(item, x, y, w, h)
  storable(item)
  if self._ids[item] then
    raise(("bad argument 'item' to 'add' (%s is already in the world)"):format(tostring(item)))
  end
  rect('add', x, y, w, h)
  C.add(self._w, self._ids, self._items, item, x, y, w, h) -- all of it, or (out of memory) none
  self._count = self._count + 1
  return item
end

function World:remove(item)
  local id = idOf(self, item, 'remove')
  self._ids[item], self._items[id] = nil, nil
  self._count = self._count - 1
  if C.remove(self._w, id) > 0 then newEpoch(self) end
end

function World:update(item, x2, y2, w2, h2)
  idOf(self, item, 'update')
  local _, _, w1, h1 = self:getRect(item)
  w2, h2 = w2 or w1, h2 or h1
  rect('update', x2, y2, w2, h2)
  if C.update(self._w, self._ids[item], x2, y2, w2, h2) > 0 then newEpoch(self) end
end

function World:getRect(item)
  return C.rect(self._w, idOf(self, item, 'getRect'))
end

function World:hasItem(item)
  return self._ids[item] ~= nil
end

function World:getItems()
  return C.items(self._w, self._items)
end

function World:countItems()
  return self._count
end

function World:countCells()
  if next(self._probe) == nil then newEpoch(self) end
  return C.countCells(self._w)
end

function World:toWorld(cx, cy)
  local size = self.cellSize
  return (cx - 1) * size, (cy - 1) * size
end

function World:toCell(x, y)
  local size = self.cellSize
  return floor(x / size) + 1, floor(y / size) + 1
end

-- Cell indices are whole numbers.
local function whole(v, name, fname)
  if type(v) ~= 'number' or v ~= floor(v) or v - v ~= 0 then bad(fname, name, 'whole number', v) end
end

function World:getDictItemsInCellRect(cl, ct, cw, ch)
  whole(cl, 'cl', 'getDictItemsInCellRect')
  whole(ct, 'ct', 'getDictItemsInCellRect')
  whole(cw, 'cw', 'getDictItemsInCellRect')
  whole(ch, 'ch', 'getDictItemsInCellRect')
  return C.cells(self._w, cl, ct, cw, ch, self._items)
end

-- Keep the entries of list[1..len] that filter(entry) (or filter(entry.item)) accepts.
local function keep(list, len, filter, field)
  if not filter then return list, len end
  local n = 0
  for i = 1, len do
    local v = list[i]
    local it = v
    if field then it = v[field] end -- (an item may be false)
    if filter(it) then
      n = n + 1
      list[n] = v
    end
  end
  for i = n + 1, len do list[i] = nil end
  return list, n
end

function World:queryRect(x, y, w, h, filter)
  rect('queryRect', x, y, w, h)
  local items, len = C.queryRect(self._w, x, y, w, h, self._items)
  return keep(items, len, filter)
end

function World:queryPoint(x, y, filter)
  number(x, 'x', 'queryPoint')
  number(y, 'y', 'queryPoint')
  local items, len = C.queryPoint(self._w, x, y, self._items)
  return keep(items, len, filter)
end

local function segmentArgs(fname, x1, y1, x2, y2)
  number(x1, 'x1', fname)
  number(y1, 'y1', fname)
  number(x2, 'x2', fname)
  number(y2, 'y2', fname)
end

function World:querySegment(x1, y1, x2, y2, filter)
  segmentArgs('querySegment', x1, y1, x2, y2)
  local items, len = C.segment(self._w, x1, y1, x2, y2, self._items, false)
  return keep(items, len, filter)
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  segmentArgs('querySegmentWithCoords', x1, y1, x2, y2)
  local infos, len = C.segment(self._w, x1, y1, x2, y2, self._items, true)
  return keep(infos, len, filter, 'item')
end

function World:project(item, x, y, w, h, goalX, goalY, filter)
  rect('project', x, y, w, h)
  goalX, goalY = goalX or x, goalY or y
  number(goalX, 'goalX', 'project')
  number(goalY, 'goalY', 'project')
  local id = 0
  if item ~= nil then id = self._ids[item] or 0 end
  return C.project(self._w, id, item, x, y, w, h, goalX, goalY, filter, self._items)
end

-- Can the whole move or check run in C: a plain world, bump's own responses, a
-- finite goal, a filter that is nil or a function.
local function inC(world, goalX, goalY, filter)
  local r = world.responses
  return world._plain and type(goalX) == 'number' and type(goalY) == 'number'
    and goalX - goalX == 0 and goalY - goalY == 0 and (filter == nil or type(filter) == 'function')
    and r.slide == slide and r.touch == touch and r.cross == cross and r.bounce == bounce
end

-- bump's check loop, for worlds with their own methods or responses.
local function checkInLua(world, item, goalX, goalY, filter)
  filter = filter or defaultFilter
  local x, y, w, h = world:getRect(item)
  local seen = { [item] = true }
  local function unseen(it, other)
    if seen[other] then return false end
    return filter(it, other)
  end
  local cols, len = {}, 0
  local found, count = world:project(item, x, y, w, h, goalX, goalY, unseen)
  while count > 0 do
    local col = found[1]
    len = len + 1
    cols[len] = col
    seen[col.other] = true
    local response = world.responses[col.type]
    if not response then
      error(('unknown collision type: %s (%s)'):format(tostring(col.type), type(col.type)), 3)
    end
    goalX, goalY, found, count = response(world, col, x, y, w, h, goalX, goalY, unseen)
  end
  return goalX, goalY, cols, len
end

-- A goal may be left out (it then stays where the item is), but not be anything else.
local function goal(gx, gy, fname)
  if gx ~= nil then number(gx, 'goalX', fname) end
  if gy ~= nil then number(gy, 'goalY', fname) end
end

-- The goal, where the item is for a coordinate left out.
local function goalOf(world, item, goalX, goalY)
  if goalX == nil or goalY == nil then
    local x, y = world:getRect(item)
    return goalX == nil and x or goalX, goalY == nil and y or goalY
  end
  return goalX, goalY
end

function World:check(item, goalX, goalY, filter)
  local id = idOf(self, item, 'check')
  if id then goalX, goalY = goalOf(self, item, goalX, goalY) end
  if id and inC(self, goalX, goalY, filter) then
    local x, y, cols, len = C.check(self._w, id, item, goalX, goalY, filter, self._items, false)
    if x then return x, y, cols, len end
  end
  goal(goalX, goalY, 'check')
  return checkInLua(self, item, goalX, goalY, filter)
end

function World:move(item, goalX, goalY, filter)
  local id = idOf(self, item, 'move')
  if id then goalX, goalY = goalOf(self, item, goalX, goalY) end
  if id and inC(self, goalX, goalY, filter) then
    local x, y, cols, len, emptied = C.check(self._w, id, item, goalX, goalY, filter, self._items, true)
    if x then
      if emptied > 0 then newEpoch(self) end
      return x, y, cols, len
    end
  end
  goal(goalX, goalY, 'move')
  local x, y, cols, len = self:check(item, goalX, goalY, filter)
  self:update(item, x, y)
  return x, y, cols, len
end

function bump.newWorld(cellSize)
  cellSize = cellSize or 64
  positive(cellSize, 'cellSize', 'newWorld')
  local world = setmetatable({
    cellSize = cellSize,
    responses = {},
    _w = C.new(cellSize),
    _ids = {},   -- item -> id
    _items = {}, -- id -> item
    _count = 0,
    _probe = probe(),
    _plain = true, -- no World method replaced on this world
  }, World_mt)
  world:addResponse('touch', touch)
  world:addResponse('cross', cross)
  world:addResponse('slide', slide)
  world:addResponse('bounce', bounce)
  return world
end

return bump
