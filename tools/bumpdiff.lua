-- collide2d.bump against bump.lua 3.1.7, operation by operation.
--
--   make bump-diff BUMP_LUA=/path/to/bump.lua [LUA=luajit] [BUMP_DIFF_OPS=1000000] [BUMP_DIFF_SEED=1]
--
-- Seeded random worlds are driven through both libraries at once, the same
-- items in both, and every answer is compared: positions, collisions (every
-- field, the sign of zeros included), query results, rects, counts. Items start
-- overlapping, touch exactly, move nowhere or to where they are; coordinates are
-- whole, halves or random fractions, near the origin or a million away; filters
-- answer each built-in response, a response added with addResponse, or nothing;
-- bump.rect's functions are called on their own too.
--
-- The orders bump.lua leaves to table iteration are the ones collide2d.bump
-- documents: ties between collisions (same ti and distance) and between
-- segment hits (same weight) in the order items were added; item lists in
-- that order too. To compare those, bump.lua's table.sort is given a stable
-- sort that breaks its comparator's ties by that order, and its unordered
-- lists are sorted by it. How many sorts had such a tie is printed.
--
-- Ends with one line "bump-diff: N operations, N worlds, N differences"; a
-- difference prints the world's seed, the operation and both answers.
local bump_path = arg[1] or os.getenv("BUMP_LUA")
if not bump_path or bump_path == "" then
  io.stderr:write("usage: bumpdiff.lua /path/to/bump.lua [operations] [seed]\n")
  os.exit(2)
end
local ref = dofile(bump_path)
local ours = require "collide2d.bump"
local OPS = tonumber(arg[2] or os.getenv("BUMP_DIFF_OPS") or "") or 1000000
local SEED = tonumber(arg[3] or os.getenv("BUMP_DIFF_SEED") or "") or 1
local OPS_PER_WORLD = 400
local checkTypes = math.type ~= nil and os.getenv("BUMP_DIFF_NOTYPES") == nil -- Lua 5.3+: integers and floats are told apart

-- Park and Miller's generator, exact in doubles on every runtime.
local state
local function seed(s) state = s % 2147483646 + 1 end
local function rand()
  state = (state * 16807) % 2147483647
  return state / 2147483647
end
local function int(a, b) return a + math.floor(rand() * (b - a + 1)) end
local function pick(list) return list[int(1, #list)] end

-- Items are tables, the same ones in both worlds; seq is the order of adding.
local seqOf, nextSeq = {}, 0

-- table.sort for bump.lua: stable, ties (neither less) by the order items were added.
local plainSort = table.sort
local tiesSeen = 0
local function keyOf(v)
  if type(v) == "table" then return seqOf[v.other or v.item] or 0 end
  return 0
end
local function tieSort(list, less)
  local n = #list
  local tmp = {}
  -- insertion order of equal elements decided by keyOf; a merge sort
  local function lt(a, b)
    if less(a, b) then return true end
    if less(b, a) then return false end
    if keyOf(a) ~= keyOf(b) then tiesSeen = tiesSeen + 1 end
    return keyOf(a) < keyOf(b)
  end
  local width = 1
  while width < n do
    local i = 1
    while i <= n do
      local mid, hi = math.min(i + width, n + 1), math.min(i + 2 * width, n + 1)
      local p, q, k = i, mid, i
      while p < mid and q < hi do
        if lt(list[q], list[p]) then tmp[k] = list[q]; q = q + 1 else tmp[k] = list[p]; p = p + 1 end
        k = k + 1
      end
      while p < mid do tmp[k] = list[p]; p = p + 1; k = k + 1 end
      while q < hi do tmp[k] = list[q]; q = q + 1; k = k + 1 end
      i = i + 2 * width
    end
    for j = 1, n do list[j] = tmp[j] end
    width = width * 2
  end
end
local function bySeq(list, len)
  plainSort(list, function(a, b) return seqOf[a] < seqOf[b] end)
  return list, len
end

local function pack(...) return { n = select("#", ...), ... } end
-- Run f under bump.lua's table.sort replaced.
local function inRef(f, ...)
  table.sort = tieSort -- luacheck: ignore 122 (bump.lua calls the global table.sort: swapped on purpose)
  local r = pack(pcall(f, ...))
  table.sort = plainSort -- luacheck: ignore 122 (and put back)
  return r
end
local function inOurs(f, ...) return pack(pcall(f, ...)) end

-- Exact comparison: numbers by value, the sign of zero, and (5.3+) integer or float.
local function numText(x)
  if type(x) ~= "number" then return tostring(x) end
  local t = string.format("%.17g", x)
  if checkTypes then t = t .. (math.type(x) == "integer" and "i" or "") end
  return t
end
local function sameNumber(a, b)
  if a ~= a then return b ~= b end
  if a ~= b then return false end
  if a == 0 and 1 / a ~= 1 / b then return false end
  if checkTypes and math.type(a) ~= math.type(b) then return false end
  return true
end

local show
local function same(a, b, seen)
  if type(a) ~= type(b) then return false end
  if type(a) == "number" then return sameNumber(a, b) end
  if type(a) ~= "table" or seqOf[a] then return a == b end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not same(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

show = function(v, depth)
  depth = depth or 0
  if type(v) == "number" then return numText(v) end
  if type(v) ~= "table" then return tostring(v) end
  if seqOf[v] then return "item" .. v.id end
  if depth > 3 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  plainSort(keys, function(x, y) return tostring(x) < tostring(y) end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. show(v[k], depth + 1) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
local function showPack(p)
  local parts = {}
  for i = 1, p.n do parts[i] = show(p[i]) end
  return table.concat(parts, ", ")
end

-- The two results agree: both raised (messages are worded differently), or the same values.
local function agree(r, o)
  if r[1] ~= o[1] then return false end
  if not r[1] then return true end
  if r.n ~= o.n then return false end
  for i = 2, r.n do
    if not same(r[i], o[i]) then return false end
  end
  return true
end

-- A world's numbers: how coordinates and sizes are drawn.
local styles = {
  whole = function(v) return math.floor(v) end,
  half = function(v) return math.floor(v * 2) / 2 end,
  eighth = function(v) return math.floor(v * 8) / 8 end,
  fraction = function(v) return v end,
  float = function(v) return math.floor(v) + 0.0 end, -- whole values held as floats on 5.3+
}
local styleNames = { "whole", "whole", "half", "eighth", "fraction", "fraction", "float" }

local total = { ops = 0, worlds = 0, diffs = 0, collisions = 0, moves = 0, overlapsAtStart = 0, zeroMoves = 0 }

local function runWorld(wseed)
  seed(wseed)
  local styleName = pick(styleNames)
  local style = styles[styleName]
  local origin = rand() < 0.2 and (rand() < 0.5 and 1e6 or -1e6) or 0
  if styleName == "whole" or styleName == "float" then origin = math.floor(origin) end
  local field = pick { 100, 200, 600 }
  local cellSize = pick { 16, 24, 32, 50, 64, 100, 37.5, 64.25 }
  local maxSize = pick { 10, 30, 60 }
  local r, o = ref.newWorld(cellSize), ours.newWorld(cellSize)
  local items, nitems = {}, 0
  local nextId = 0
  local function coord(v) return style(origin + v) end
  local function size() return math.max(style(1 + rand() * (maxSize - 1)), 1) end

  -- A custom response, added to both worlds: stop at the touch point, then project from there to it.
  local function stick(world, col, _x, _y, w, h, _goalX, _goalY, filter)
    local tx, ty = col.touch.x, col.touch.y
    local cols, len = world:project(col.item, tx, ty, w, h, tx, ty, filter)
    return tx, ty, cols, len
  end
  r:addResponse("stick", stick)
  o:addResponse("stick", stick)

  local responses = { "slide", "touch", "cross", "bounce", false, nil, "stick", true }
  local filterSeed = int(1, 1000)
  -- A filter that decides from its two arguments only (bump calls it more often than collide2d.bump).
  local function mixed(item, other)
    local k = ((item and item.id or 0) * 31 + other.id * 17 + filterSeed) % 97
    k = k < 90 and k % 7 + 1 or 8 -- now and then an answer that names no response
    return responses[k]
  end
  local function builtins(item, other)
    return responses[((item and item.id or 0) * 13 + other.id * 7 + filterSeed) % 5 + 1]
  end
  local function slides() return "slide" end
  local function queryFilter(item) return (item.id + filterSeed) % 3 ~= 0 end
  local moveFilters = { nil, slides, mixed, builtins, builtins }

  local function randomRect()
    local x, y = coord(rand() * field), coord(rand() * field)
    local w, h = size(), size()
    if nitems > 0 and rand() < 0.4 then
      -- against an existing item: touching a side exactly, or overlapping it
      local other = items[int(1, nitems)]
      local ox, oy, ow, oh = r:getRect(other)
      local side = int(1, 4)
      if side == 1 then x = ox - w elseif side == 2 then x = ox + ow
      elseif side == 3 then y = oy - h else y = oy + oh end
      if side <= 2 then y = oy + style((rand() - 0.5) * 2 * maxSize) else x = ox + style((rand() - 0.5) * 2 * maxSize) end
      if rand() < 0.3 then x, y = ox + style(rand() * ow), oy + style(rand() * oh) end
    end
    if rand() < 0.03 then x = -0.0 end
    if rand() < 0.03 then y = -0.0 end
    return x, y, w, h
  end

  local function goalFor(item)
    local x, y = r:getRect(item)
    local k = rand()
    if k < 0.02 then return nil, nil end                     -- left out
    if k < 0.03 then return -0.0, y end
    if k < 0.12 then return x, y end                         -- where it is
    if k < 0.2 then return x + 0.0, y end                    -- where it is, as a float
    if k < 0.45 then return x + style((rand() - 0.5) * 80), y end
    if k < 0.7 then return x, y + style((rand() - 0.5) * 80) end
    if k < 0.8 and nitems > 1 then                         -- toward another item
      local ox, oy = r:getRect(items[int(1, nitems)])
      return ox, oy
    end
    return x + style((rand() - 0.5) * 120), y + style((rand() - 0.5) * 120)
  end

  local function addItem()
    nextId = nextId + 1
    local item = { id = nextId }
    local x, y, w, h = randomRect()
    local a = inRef(r.add, r, item, x, y, w, h)
    local b = inOurs(o.add, o, item, x, y, w, h)
    nextSeq = nextSeq + 1
    seqOf[item] = nextSeq
    nitems = nitems + 1
    items[nitems] = item
    return "add(" .. show(item) .. ", " .. table.concat({ numText(x), numText(y), numText(w), numText(h) }, ", ") .. ")", a, b
  end

  local function anyItem() return items[int(1, nitems)] end

  local ops = {
    { 6, function()
      return addItem()
    end },
    { 2, function()
      local k = int(1, nitems)
      local item = items[k]
      items[k] = items[nitems]; items[nitems] = nil; nitems = nitems - 1
      local a, b = inRef(r.remove, r, item), inOurs(o.remove, o, item)
      seqOf[item] = nil
      return "remove(" .. show(item) .. ")", a, b
    end },
    { 3, function()
      local item = anyItem()
      local x, y, w, h = randomRect()
      if rand() < 0.5 then w, h = nil, nil end
      if rand() < 0.2 then x, y = r:getRect(item) end
      return ("update(%s, %s, %s, %s, %s)"):format(show(item), numText(x), numText(y), tostring(w), tostring(h)),
        inRef(r.update, r, item, x, y, w, h), inOurs(o.update, o, item, x, y, w, h)
    end },
    { 12, function()
      local item = anyItem()
      local gx, gy = goalFor(item)
      local filter = moveFilters[int(1, 5)]
      local method = rand() < 0.7 and "move" or "check"
      local x, y = r:getRect(item)
      if gx == x and gy == y then total.zeroMoves = total.zeroMoves + 1 end
      local a = inRef(r[method], r, item, gx, gy, filter)
      local b = inOurs(o[method], o, item, gx, gy, filter)
      if a[1] then
        total.moves = total.moves + 1
        total.collisions = total.collisions + a[5]
        for i = 1, a[5] do if a[4][i].overlaps then total.overlapsAtStart = total.overlapsAtStart + 1 end end
      end
      return ("%s(%s, %s, %s, filter %s)"):format(method, show(item), numText(gx), numText(gy), tostring(filter)), a, b
    end },
    { 2, function()
      local item = rand() < 0.7 and anyItem() or nil
      local x, y, w, h = randomRect()
      local gx, gy = x + style((rand() - 0.5) * 80), y + style((rand() - 0.5) * 80)
      if rand() < 0.2 then gx, gy = nil, nil end
      local filter = moveFilters[int(1, 5)]
      return "project", inRef(r.project, r, item, x, y, w, h, gx, gy, filter),
        inOurs(o.project, o, item, x, y, w, h, gx, gy, filter)
    end },
    { 3, function()
      local x, y, w, h = randomRect()
      local filter = rand() < 0.3 and queryFilter or nil
      local a = inRef(r.queryRect, r, x, y, w, h, filter)
      if a[1] then bySeq(a[2], a[3]) end
      return ("queryRect(%s, %s, %s, %s)"):format(numText(x), numText(y), numText(w), numText(h)), a,
        inOurs(o.queryRect, o, x, y, w, h, filter)
    end },
    { 3, function()
      local x, y = coord(rand() * field), coord(rand() * field)
      if nitems > 0 and rand() < 0.5 then
        local ox, oy, ow, oh = r:getRect(anyItem())
        x, y = ox + pick { 0, ow, ow / 2, 1e-10, ow - 1e-10 }, oy + pick { 0, oh, oh / 2, 2e-10 }
      end
      local filter = rand() < 0.3 and queryFilter or nil
      local a = inRef(r.queryPoint, r, x, y, filter)
      if a[1] then bySeq(a[2], a[3]) end
      return ("queryPoint(%s, %s)"):format(numText(x), numText(y)), a, inOurs(o.queryPoint, o, x, y, filter)
    end },
    { 4, function()
      local x1, y1, x2, y2 = coord(rand() * field), coord(rand() * field), coord(rand() * field), coord(rand() * field)
      local k = rand()
      if k < 0.15 then x2 = x1 elseif k < 0.3 then y2 = y1 elseif k < 0.35 then x2, y2 = x1, y1 end
      if nitems > 0 and rand() < 0.3 then
        local ox, oy, ow, oh = r:getRect(anyItem())
        x1, y1 = ox, oy - 5
        x2, y2 = ox + pick { 0, ow, 2 * ow }, oy + oh + 5
      end
      local filter = rand() < 0.3 and queryFilter or nil
      local method = rand() < 0.5 and "querySegment" or "querySegmentWithCoords"
      return ("%s(%s, %s, %s, %s)"):format(method, numText(x1), numText(y1), numText(x2), numText(y2)),
        inRef(r[method], r, x1, y1, x2, y2, filter), inOurs(o[method], o, x1, y1, x2, y2, filter)
    end },
    { 2, function()
      local item = anyItem()
      return "getRect(" .. show(item) .. ")", inRef(r.getRect, r, item), inOurs(o.getRect, o, item)
    end },
    { 1, function()
      local a = inRef(r.getItems, r)
      if a[1] then bySeq(a[2], a[3]) end
      return "getItems", a, inOurs(o.getItems, o)
    end },
    { 1, function()
      return "countItems / hasItem", pack(true, r:countItems(), r:hasItem(anyItem()), r:hasItem({})),
        pack(true, o:countItems(), o:hasItem(anyItem()), o:hasItem({}))
    end },
    { 0.3, function()
      collectgarbage("collect")
      collectgarbage("collect")
      return "countCells (after a full collection)", inRef(r.countCells, r), inOurs(o.countCells, o)
    end },
    { 1, function()
      local x, y = coord(rand() * field), coord(rand() * field)
      local cx, cy = int(-3, 20), int(-3, 20)
      return "toCell / toWorld", pack(true, r:toCell(x, y), r:toWorld(cx, cy)), pack(true, o:toCell(x, y), o:toWorld(cx, cy))
    end },
    { 2, function()
      -- bump.rect on its own
      local x1, y1, w1, h1 = randomRect()
      local x2, y2, w2, h2 = randomRect()
      local gx, gy = x1 + style((rand() - 0.5) * 80), y1 + style((rand() - 0.5) * 80)
      local k = rand()
      if k < 0.2 then gx, gy = nil, nil elseif k < 0.3 then gx, gy = x1, y1 end
      local which = int(1, 4)
      if which == 1 then
        return "rect.detectCollision", inRef(ref.rect.detectCollision, x1, y1, w1, h1, x2, y2, w2, h2, gx, gy),
          inOurs(ours.rect.detectCollision, x1, y1, w1, h1, x2, y2, w2, h2, gx, gy)
      elseif which == 2 then
        local t1, t2 = pick { 0, -math.huge, nil }, pick { 1, math.huge, nil }
        return "rect.getSegmentIntersectionIndices",
          inRef(ref.rect.getSegmentIntersectionIndices, x1, y1, w1, h1, x2, y2, gx or x2, gy or y2, t1, t2),
          inOurs(ours.rect.getSegmentIntersectionIndices, x1, y1, w1, h1, x2, y2, gx or x2, gy or y2, t1, t2)
      elseif which == 3 then
        return "rect.getDiff / getSquareDistance / isIntersecting",
          pack(true, ref.rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2), ref.rect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2),
            ref.rect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2)),
          pack(true, ours.rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2), ours.rect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2),
            ours.rect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2))
      else
        return "rect.getNearestCorner / containsPoint",
          pack(true, ref.rect.getNearestCorner(x1, y1, w1, h1, x2, y2), ref.rect.containsPoint(x1, y1, w1, h1, x2, y2)),
          pack(true, ours.rect.getNearestCorner(x1, y1, w1, h1, x2, y2), ours.rect.containsPoint(x1, y1, w1, h1, x2, y2))
      end
    end },
  }
  local weightSum = 0
  for _, op in ipairs(ops) do weightSum = weightSum + op[1] end

  for _ = 1, int(2, 25) do
    local what, a, b = addItem()
    if not agree(a, b) then return what, a, b, styleName, cellSize end
  end
  for _ = 1, OPS_PER_WORLD do
    local k, op = rand() * weightSum, nil
    for _, candidate in ipairs(ops) do
      k = k - candidate[1]
      if k < 0 then op = candidate; break end
    end
    op = op or ops[1]
    if nitems == 0 then op = ops[1] end
    local what, a, b = op[2]()
    total.ops = total.ops + 1
    if not agree(a, b) then return what, a, b, styleName, cellSize end
  end
  -- Every rect at the end.
  for i = 1, nitems do
    local a, b = inRef(r.getRect, r, items[i]), inOurs(o.getRect, o, items[i])
    if not agree(a, b) then return "final getRect(" .. show(items[i]) .. ")", a, b, styleName, cellSize end
  end
end

local wseed = SEED
local shown = 0
while total.ops < OPS do
  total.worlds = total.worlds + 1
  local what, a, b, styleName, cellSize = runWorld(wseed)
  if what then
    total.diffs = total.diffs + 1
    if shown < 10 then
      shown = shown + 1
      print(("world %d (%s numbers, cells %s): %s"):format(wseed, styleName, tostring(cellSize), what))
      print("  bump.lua:       " .. showPack(a))
      print("  collide2d.bump: " .. showPack(b))
    end
  end
  wseed = wseed + 1
end
print(("%s: %d moves and checks (%d with the goal at the item), %d collisions (%d overlapping at the start); %d sorts had ties, put in the order items were added")
  :format(jit and jit.version or _VERSION, total.moves, total.zeroMoves, total.collisions, total.overlapsAtStart, tiesSeen))
print(("bump-diff: %d operations, %d worlds, %d differences"):format(total.ops, total.worlds, total.diffs))
os.exit(total.diffs == 0 and 0 or 1)
