-- A terminal tour of collide2d: each scene is drawn with nothing but the
-- library's own `contains`, then the library answers `hits` and `distance`.
--
--   make demo
--   (or: LUA_CPATH='build/lua5.4/?.so;;' LUA_PATH='lua/?.lua;;' lua5.4 examples/tour.lua)
--
-- Coordinates are like LÖVE's screen: x grows to the right, y grows DOWN, and
-- angles turn from +x toward +y (clockwise on screen). A character cell is
-- 1 unit wide and 2 units tall, which keeps round things round in a terminal.
-- Runs under Lua 5.1 to 5.4 and LuaJIT.

local c2d = require "collide2d"

local BOTH = "#"   -- a cell that two or more shapes contain
local EMPTY = "."

-- The area every picture shows: x in [x, x + w], y in [y, y + h], as cols x rows cells.
local VIEW = { x = 0, y = 0, w = 40, h = 32, cols = 40, rows = 16 }

-- Print shapes as an ASCII picture: sample each cell centre with `contains`;
-- glyphs[i] marks a cell only shapes[i] contains, BOTH one that several contain.
local function draw(shapes, glyphs, view)
  local cw, ch = view.w / view.cols, view.h / view.rows
  local border = "  +" .. string.rep("-", view.cols) .. "+"
  print(border)
  for row = 0, view.rows - 1 do
    local y = view.y + (row + 0.5) * ch
    local line = {}
    for col = 0, view.cols - 1 do
      local x = view.x + (col + 0.5) * cw
      local glyph, inside = EMPTY, 0
      for i = 1, #shapes do
        if shapes[i]:contains(x, y) then
          inside = inside + 1
          glyph = glyphs[i]
        end
      end
      line[#line + 1] = inside > 1 and BOTH or glyph
    end
    print("  |" .. table.concat(line) .. "|")
  end
  print(border)
end

-- A number for humans: 3 decimals, and no "-0.000".
local function num(v)
  if math.abs(v) < 0.0005 then v = 0 end
  return string.format("%.3f", v)
end

local function pt(x, y)
  return "(" .. num(x) .. ", " .. num(y) .. ")"
end

-- Print what the library says about a pair: hits, distance and the closest points.
local function report(a, nameA, b, nameB)
  local d, ax, ay, bx, by = a:distance(b)
  print(string.format("  %s:hits(%s) = %s    distance = %s", nameA, nameB,
    tostring(a:hits(b)), num(d)))
  print(string.format("  closest points: %s %s   %s %s", nameA, pt(ax, ay), nameB, pt(bx, by)))
end

local function legend(glyphs, names)
  local parts = {}
  for i = 1, #glyphs do parts[#parts + 1] = glyphs[i] .. " " .. names[i] end
  parts[#parts + 1] = BOTH .. " both"
  print("  " .. table.concat(parts, "   "))
end

local function scene(caption)
  print()
  print(caption)
end

local function position(title)
  print()
  print("  -- " .. title .. " --")
end

-- One scene in steps: each step's moving shape drawn with the fixed one, then
-- the answers of hits and distance between them.
local function play(steps, fixed, glyphs, names)
  for _, step in ipairs(steps) do
    local title, mover = step[1], step[2]
    position(title)
    draw({ mover, fixed }, glyphs, VIEW)
    legend(glyphs, names)
    report(mover, names[1], fixed, names[2])
  end
end

print("collide2d tour (" .. _VERSION .. (jit and (", " .. jit.version) or "") .. ")")
print("Every picture below is drawn by asking the shapes `contains(x, y)` at each cell centre.")

-- (a) A disk (a hero) meeting a triangle (a ramp). The triangle's left edge is the
-- line x = 14; the disk slides toward it.
scene("(a) A disk meets a triangle: apart, touching the left edge, overlapping.")
do
  local ramp = c2d.triangle(14, 4, 34, 16, 14, 28)
  local glyphs, names = { "o", "T" }, { "disk", "triangle" }
  local steps = {
    { "apart: the disk stops 3 units short", c2d.disk(5, 16, 6) },
    { "touching: the disk's rim meets the edge at (14, 16)", c2d.disk(8, 16, 6) },
    { "overlapping: the disk reaches 4 units into the triangle", c2d.disk(12, 16, 6) },
  }
  play(steps, ramp, glyphs, names)
end

-- (b) A sword swing against a limb, both capsules (a segment with a radius).
scene("(b) Two capsules, a sword and a limb: apart, then crossing.")
do
  local limb = c2d.capsule(26, 5, 26, 27, 3)
  local glyphs, names = { "s", "L" }, { "sword", "limb" }
  local steps = {
    { "apart: the sword swings short of the limb", c2d.capsule(3, 27, 17, 6, 1.5) },
    { "crossing: the blade passes through the limb", c2d.capsule(8, 28, 37, 5, 1.5) },
  }
  play(steps, limb, glyphs, names)
end

-- (c) A guard's field of view: a Fan with apex at the guard, looking along +x,
-- 24 units deep and 60 degrees wide. The three points sit on cell centres so
-- the picture can show them (a point contains only itself).
scene("(c) A guard's fan (field of view): a point in view, one behind, one out of range.")
do
  local guard = c2d.fan(8, 16, 24, 0, math.rad(60))
  local seen = c2d.point(24.5, 17)     -- ahead and inside the cone
  local behind = c2d.point(3.5, 15)    -- behind the guard's back
  local far = c2d.point(36.5, 15)      -- straight ahead, 28.5 away: past the range of 24
  local glyphs = { "v", "1", "2", "3" }
  local names = { "fan", "in view", "behind", "too far" }
  draw({ guard, seen, behind, far }, glyphs, VIEW)
  legend(glyphs, names)
  report(guard, "fan", seen, "p1")
  report(guard, "fan", behind, "p2")
  report(guard, "fan", far, "p3")
end

-- (d) Boxes: two AABBs (axis-aligned, from their top-left corner), then a Box
-- turned 45 degrees against an AABB.
scene("(d) Two boxes: AABBs overlapping and apart, then a rotated Box against an AABB.")
do
  local glyphs = { "a", "b" }
  position("two AABBs overlapping")
  local a, b = c2d.aabb(4, 6, 16, 12), c2d.aabb(14, 14, 18, 12)
  draw({ a, b }, glyphs, VIEW)
  legend(glyphs, { "aabb A", "aabb B" })
  report(a, "A", b, "B")

  position("two AABBs apart (a 6-unit gap in x)")
  a, b = c2d.aabb(4, 6, 12, 10), c2d.aabb(22, 14, 14, 12)
  draw({ a, b }, glyphs, VIEW)
  legend(glyphs, { "aabb A", "aabb B" })
  report(a, "A", b, "B")

  -- The diamond's bounding box overlaps the AABB's corner, but the diamond does not:
  -- the reason a broadphase box test alone is not a collision test.
  position("a Box turned 45 degrees near an AABB corner: bounding boxes overlap, shapes miss")
  local box, wall = c2d.box(12, 22, 12, 12, math.rad(45)), c2d.aabb(18, 4, 16, 12)
  glyphs = { "r", "w" }
  draw({ box, wall }, glyphs, VIEW)
  legend(glyphs, { "box", "aabb" })
  report(box, "box", wall, "aabb")

  position("the same Box moved 3 right and 3 up: now it cuts the corner")
  box = c2d.box(15, 19, 12, 12, math.rad(45))
  draw({ box, wall }, glyphs, VIEW)
  legend(glyphs, { "box", "aabb" })
  report(box, "box", wall, "aabb")
end
print()
