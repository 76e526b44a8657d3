-- make determinism: the same queries under every runtime, hashed.
--
-- A seeded corpus of shapes of every kind and of every query between them
-- (hits, distance, contains, covers, contact, manifold, sweep, raycast,
-- sweepTurning, pushBack), a World session (adds, moves with responses,
-- collisions, queries, rays, sight, removals) and a collide2d.bump session,
-- each answer written as text (numbers with %.17g, which names one double)
-- into a running hash. Prints "<queries> <hash>"; tools/determinism.sh runs it
-- under each runtime and backend and compares. Nothing here says what the
-- answers should be: only that every runtime gives the same ones.
--
--   lua tools/determinism.lua [QUERIES]          (default 100000)
--   lua tools/determinism.lua QUERIES dump       also prints each answer's
--     text on a line of its own before the hash line: its number (from 1),
--     where it is (the pair's kinds, "world" or "bump") and #k (the k-th
--     answer there, in the order below). Two runtimes' dumps diffed name the
--     answers that differ.
local c2d = require "collide2d"
local bump = require "collide2d.bump"

local QUERIES = tonumber(arg and arg[1]) or 100000
local DUMP = arg and arg[2] == "dump"
local floor, pi = math.floor, math.pi

-- MINSTD: exact in doubles on every runtime.
local seed = 20261129
local function u()
  seed = (seed * 48271) % 2147483647
  return seed / 2147483647
end
local function range(lo, hi) return lo + (hi - lo) * u() end
local function int(lo, hi) return lo + floor(u() * (hi - lo + 1)) end

-- The hash: h = (h * 31 + byte) mod 2^32 over the answers' text, exact in
-- doubles (below 2^37 before the mod).
local h, count = 0, 0
local byte = string.byte
local text, at, nth = {}, "", 0 -- (dump: the answer's pieces, where it is)
local function here(where) at, nth = where, 0 end
local function feed(s)
  for i = 1, #s do h = (h * 31 + byte(s, i)) % 4294967296 end
  if DUMP then text[#text + 1] = s end
end
local put
local function put_values(...)
  local n = select("#", ...)
  for i = 1, n do
    local v = select(i, ...)
    local t = type(v)
    if t == "number" then
      if v ~= v then feed("nan") else feed(("%.17g"):format(v)) end
    elseif t == "boolean" or t == "nil" or t == "string" then
      feed(tostring(v))
    elseif t == "table" then
      feed("{")
      for j = 1, #v do put(v[j]) end
      feed("}")
    else
      feed(c2d.type(v) and tostring(v) or t)
    end
    feed(",")
  end
  count = count + 1
end
local depth, lines = 0, 0
function put(...)
  depth = depth + 1
  put_values(...)
  depth = depth - 1
  if DUMP and depth == 0 then
    lines, nth = lines + 1, nth + 1
    io.write(lines, " ", at, " #", nth, " ", table.concat(text), "\n")
    text = {}
  end
end

-- A shape of each kind about (x, y).
local KINDS = { "point", "segment", "line", "disk", "aabb", "box", "triangle", "hull", "capsule", "fan", "concave", "group",
                "rounded box", "rounded polygon" }
local function shape(kind, x, y)
  if kind == "point" then return c2d.point(x, y)
  elseif kind == "segment" then return c2d.segment(x, y, x + range(-8, 8), y + range(-8, 8))
  elseif kind == "line" then return c2d.line(x, y, x + range(-8, 8), y + range(0.1, 8))
  elseif kind == "disk" then return c2d.disk(x, y, range(0.5, 5))
  elseif kind == "aabb" then return c2d.aabb(x, y, range(1, 8), range(1, 8))
  elseif kind == "box" then return c2d.box(x, y, range(1, 8), range(1, 8), range(-pi, pi))
  elseif kind == "triangle" then return c2d.triangle(x, y, x + range(1, 6), y + range(-2, 2), x + range(-2, 2), y + range(1, 6))
  elseif kind == "hull" then
    return c2d.hull(x, y, x + range(1, 6), y, x + range(0, 6), y + range(1, 6), x - range(0, 3), y + range(0, 5))
  elseif kind == "capsule" then return c2d.capsule(x, y, x + range(-6, 6), y + range(-6, 6), range(0.3, 3))
  elseif kind == "fan" then return c2d.fan(x, y, range(2, 9), range(-pi, pi), range(0.2, 3))
  elseif kind == "rounded box" then return c2d.box(x, y, range(1, 8), range(1, 8), range(-pi, pi), range(0.2, 2))
  elseif kind == "rounded polygon" then
    return c2d.hull(x, y, x + range(1, 6), y, x + range(0, 6), y + range(1, 6), x - range(0, 3), y + range(0, 5), range(0.2, 2))
  elseif kind == "concave" then
    local k = range(0.5, 1.5)
    return c2d.concave(x, y, x + 6 * k, y, x + 6 * k, y + 6 * k, x + 4 * k, y + 6 * k, x + 4 * k, y + 2 * k, x, y + 2 * k)
  end
  return c2d.group(c2d.disk(x, y, range(0.5, 2)), c2d.box(x + range(2, 5), y, range(1, 3), range(1, 3), range(0, 1)))
end

-- Pairs of shapes near each other, every query between them.
local n = 0
while n < QUERIES do
  local ka, kb = KINDS[int(1, #KINDS)], KINDS[int(1, #KINDS)]
  local x, y = range(-20, 20), range(-20, 20)
  if u() < 0.2 then x, y = x + 1e6, y - 1e6 end
  local a = shape(ka, x, y)
  local b = shape(kb, x + range(-6, 6), y + range(-6, 6))
  local dx, dy = range(-20, 20), range(-20, 20)
  here(ka .. "|" .. kb)
  put(a:hits(b))
  put(a:distance(b))
  put(a:contains(x + range(-3, 3), y + range(-3, 3)))
  put(pcall(a.covers, a, b))
  put(pcall(a.contact, a, b))
  put(pcall(a.manifold, a, b, 0.5))
  put(pcall(a.sweep, a, dx, dy, b))
  put(a:raycast(x - 30, y + range(-5, 5), 1, range(-0.3, 0.3), 60))
  put(pcall(a.sweepTurning, a, dx, dy, range(-1, 1), b))
  put(pcall(a.pushBack, a, dx, dy, b))
  n = n + 10
end

-- A World session.
local w = c2d.world(16)
local movers = {}
for i = 1, 400 do
  local s = w:add(shape(KINDS[(i - 1) % #KINDS + 1], range(0, 300), range(0, 300)))
  if i % 9 == 0 and s:type() ~= "Line" then movers[#movers + 1] = s end
end
for _, s in ipairs(w:shapes()) do
  if s:type() == "Line" then w:remove(s) end
end
here("world")
for frame = 1, 30 do
  for i, s in ipairs(movers) do
    local px, py = s:position()
    local response = ({ "slide", "touch", "cross", "bounce" })[(i + frame) % 4 + 1]
    put(w:move(s, px + range(-6, 6), py + range(-6, 6), function() return response end))
  end
  put(select(2, w:collisions()))
  put(#w:queryRect(range(0, 250), range(0, 250), 40, 40))
  put(w:raycast(range(0, 300), range(0, 300), range(-1, 1), range(-1, 1), 200))
  put(w:sees(range(0, 300), range(0, 300), movers[frame % #movers + 1]))
  if frame % 10 == 0 then w:remove(movers[frame]) end
end

-- A collide2d.bump session.
local b = bump.newWorld(32)
for i = 1, 200 do b:add("block" .. i, range(0, 600), range(0, 600), range(8, 40), range(8, 40)) end
for i = 1, 20 do b:add("p" .. i, range(0, 600), range(0, 600), 10, 16) end
here("bump")
for _ = 1, 30 do
  for i = 1, 20 do
    local x, y = b:getRect("p" .. i)
    local ax, ay, cols, len = b:move("p" .. i, x + range(-20, 20), y + range(-20, 20))
    put(ax, ay, len, len > 0 and cols[1].other or nil, len > 0 and cols[1].normal.x or nil)
  end
  put(b:countItems(), #b:queryRect(range(0, 500), range(0, 500), 100, 100))
end

print(("%d %08x"):format(count, h))
