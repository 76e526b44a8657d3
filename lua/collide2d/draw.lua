-- collide2d.draw: debug drawing of shapes, worlds, contacts, sweeps and rays
-- on love.graphics.
--
-- The drawing calls touch love.graphics only when they run, so the module
-- loads anywhere; its pure part, draw.primitives, turns a shape into the
-- primitives that would be drawn and can be tested without a window.
local draw = {}

local pi = math.pi

-- The rectangle lines are clipped to: the screen inside LÖVE, else 800 x 600.
local function screen()
  local g = love and love.graphics
  if g and g.getDimensions then
    local w, h = g.getDimensions()
    return 0, 0, w, h
  end
  return 0, 0, 800, 600
end

-- The part of the infinite line through (x1, y1) and (x2, y2) inside the
-- rectangle (x, y, w, h), as x1, y1, x2, y2; nil when it misses. Liang-Barsky
-- with the parameter unbounded both ways.
function draw.clipLine(x1, y1, x2, y2, x, y, w, h)
  local dx, dy = x2 - x1, y2 - y1
  local t0, t1 = -math.huge, math.huge
  local function edge(p, q) -- p * t <= q
    if p == 0 then return q >= 0 end
    local t = q / p
    if p < 0 then
      if t > t0 then t0 = t end
    elseif t < t1 then
      t1 = t
    end
    return true
  end
  if not (edge(-dx, x1 - x) and edge(dx, x + w - x1) and edge(-dy, y1 - y) and edge(dy, y + h - y1)) then
    return nil
  end
  if t0 > t1 then return nil end
  return x1 + t0 * dx, y1 + t0 * dy, x1 + t1 * dx, y1 + t1 * dy
end

-- The primitives that draw a shape, as a list of tables:
--   { kind = "circle", mode =, x =, y =, r = }
--   { kind = "arc", mode =, x =, y =, r =, a1 =, a2 = }     (a pie from angle a1 to a2)
--   { kind = "polygon", mode =, points = { x1, y1, ... } }
--   { kind = "line", points = { x1, y1, x2, y2, ... } }
--   { kind = "point", x =, y = }
-- mode is "fill" or "line" (default "line"); clip is { x, y, w, h } for Lines
-- (default the screen). A Group gives its members' primitives. A Concave is
-- its outline in "line" mode, and its convex pieces in "fill" mode (LÖVE
-- fills only convex polygons right).
local function kind_of(shape)
  local ok, kind = pcall(function() return shape:type() end)
  if ok and type(kind) == "string" then return kind end
  return nil
end

function draw.primitives(shape, mode, clip)
  local kind = kind_of(shape)
  if not kind then
    error(("bad argument #1 to 'primitives' (collide2d shape expected, got %s)"):format(type(shape)), 2)
  end
  mode = mode or "line"
  if mode ~= "line" and mode ~= "fill" then
    error(("bad argument #2 to 'primitives' (\"line\" or \"fill\" expected, got %s)"):format(tostring(mode)), 2)
  end
  if kind == "Point" then
    local x, y = shape:unpack()
    return { { kind = "point", x = x, y = y } }
  elseif kind == "Segment" then
    return { { kind = "line", points = { shape:unpack() } } }
  elseif kind == "Line" then
    local x1, y1, x2, y2 = shape:unpack()
    local cx, cy, cw, ch
    if clip then cx, cy, cw, ch = clip[1], clip[2], clip[3], clip[4] else cx, cy, cw, ch = screen() end
    local a, b, c, d = draw.clipLine(x1, y1, x2, y2, cx, cy, cw, ch)
    if not a then return {} end
    return { { kind = "line", points = { a, b, c, d } } }
  elseif kind == "Disk" then
    local x, y, r = shape:unpack()
    return { { kind = "circle", mode = mode, x = x, y = y, r = r } }
  elseif kind == "Fan" then
    local x, y, r, dir, opening = shape:unpack()
    if opening >= 2 * pi - 1e-12 then return { { kind = "circle", mode = mode, x = x, y = y, r = r } } end
    if opening == 0 then
      return { { kind = "line", points = { x, y, x + r * math.cos(dir), y + r * math.sin(dir) } } }
    end
    return { { kind = "arc", mode = mode, x = x, y = y, r = r, a1 = dir - opening / 2, a2 = dir + opening / 2 } }
  elseif kind == "Capsule" then
    -- the outline: two half circles joined by the flat sides (round ends)
    return { { kind = "polygon", mode = mode, points = shape:outline(32) } }
  elseif kind == "Concave" and mode == "line" then
    return { { kind = "polygon", mode = mode, points = shape:outline() } }
  elseif kind == "Tiles" then
    return draw.tilePrimitives(shape, mode, clip)
  elseif kind == "Concave" or kind == "Group" then
    local out = {}
    for _, piece in ipairs(shape:pieces()) do
      for _, p in ipairs(draw.primitives(piece, mode, clip)) do out[#out + 1] = p end
    end
    return out
  end
  -- AABB, Box, Triangle, Polygon: their vertices (a rounded one: its arcs' points)
  local points = shape:outline()
  if #points < 6 then return { { kind = "line", points = points } } end -- a flat or tiny hull
  return { { kind = "polygon", mode = mode, points = points } }
end

-- A tile layer's primitives: in "fill" mode each solid tile's piece; in
-- "line" mode the edges of the pieces that no neighbour shares (an edge two
-- pieces share end to end is inside the layer and is not drawn). Only the
-- tiles meeting clip ({ x, y, w, h }, default the whole layer) are read: give
-- the visible rectangle for a big map.
function draw.tilePrimitives(layer, mode, clip)
  local pieces
  if clip then pieces = layer:pieces(clip[1], clip[2], clip[3], clip[4]) else pieces = layer:pieces() end
  local out = {}
  if mode == "fill" then
    for _, piece in ipairs(pieces) do
      for _, p in ipairs(draw.primitives(piece, mode)) do out[#out + 1] = p end
    end
    return out
  end
  local fmt = "%.17g %.17g %.17g %.17g"
  local edges, seen = {}, {}
  for _, piece in ipairs(pieces) do
    local pts = piece:outline()
    local n = #pts / 2
    if n == 1 then
      out[#out + 1] = { kind = "point", x = pts[1], y = pts[2] }
    else
      for i = 1, n == 2 and 1 or n do
        local j = i % n + 1
        local e = { pts[2 * i - 1], pts[2 * i], pts[2 * j - 1], pts[2 * j] }
        edges[#edges + 1] = e
        local key = fmt:format(e[1], e[2], e[3], e[4])
        seen[key] = (seen[key] or 0) + 1
      end
    end
  end
  -- the edges kept, joined where one runs on from another in the same direction
  local kept, from = {}, {}
  local pfmt = "%.17g %.17g"
  for _, e in ipairs(edges) do
    if not seen[fmt:format(e[3], e[4], e[1], e[2])] then
      kept[#kept + 1] = e
      local key = pfmt:format(e[1], e[2])
      local list = from[key] or {}
      list[#list + 1] = e
      from[key] = list
    end
  end
  local function next_of(e)
    for _, n in ipairs(from[pfmt:format(e[3], e[4])] or {}) do
      if n ~= e and (e[3] - e[1]) * (n[4] - n[2]) == (e[4] - e[2]) * (n[3] - n[1]) and
         (e[3] - e[1]) * (n[3] - n[1]) + (e[4] - e[2]) * (n[4] - n[2]) > 0 then
        return n
      end
    end
  end
  local inner = {}
  for _, e in ipairs(kept) do
    local n = next_of(e)
    if n then inner[n] = true end
  end
  for _, e in ipairs(kept) do
    if not inner[e] then
      local last, n, guard = e, next_of(e), #kept
      while n and guard > 0 do last, n, guard = n, next_of(n), guard - 1 end
      out[#out + 1] = { kind = "line", points = { e[1], e[2], last[3], last[4] } }
    end
  end
  return out
end

local function graphics()
  local g = love and love.graphics
  if not g then error("collide2d.draw: drawing needs love.graphics (primitives() works anywhere)", 3) end
  return g
end

-- Draw one primitive.
local function emit(g, p)
  if p.kind == "circle" then g.circle(p.mode, p.x, p.y, p.r)
  elseif p.kind == "arc" then g.arc(p.mode, "pie", p.x, p.y, p.r, p.a1, p.a2)
  elseif p.kind == "polygon" then g.polygon(p.mode, p.points)
  elseif p.kind == "line" then if #p.points >= 4 then g.line(p.points) end
  else g.points(p.x, p.y) end
end

-- draw(shape [, mode]): the shape on love.graphics, in the current colour.
function draw.draw(shape, mode)
  local g = graphics()
  for _, p in ipairs(draw.primitives(shape, mode)) do emit(g, p) end
end

-- drawWorld(world [, opts]): every shape of a world, in the order added.
-- opts.mode ("line"), opts.color(shape) returning r, g, b[, a] (or nil to keep
-- the current colour).
function draw.drawWorld(world, opts)
  local g = graphics()
  opts = opts or {}
  local r0, g0, b0, a0 = g.getColor()
  for _, shape in ipairs(world:shapes()) do
    if opts.color then
      local r, gg, b, a = opts.color(shape)
      if r then g.setColor(r, gg, b, a or 1) else g.setColor(r0, g0, b0, a0) end
    end
    for _, p in ipairs(draw.primitives(shape, opts.mode)) do emit(g, p) end
  end
  g.setColor(r0, g0, b0, a0)
end

-- contact(a, b [, scale]): where they touch, and the normal scaled by the
-- depth (at least `scale` long, default 20), from the contact point.
function draw.contact(a, b, scale)
  local g = graphics()
  local nx, ny, depth, px, py = a:contact(b)
  if not nx then return end
  local len = math.max(depth, scale or 20)
  g.circle("fill", px, py, 3)
  g.line(px, py, px + nx * len, py + ny * len)
end

-- manifold(a, b [, margin [, scale]]): each point of a:manifold(b, margin),
-- a filled circle of radius 3 where it overlaps (separation <= 0) or a
-- line-drawn one where it is a speculative point, and from each the normal,
-- `scale` long (default 20).
function draw.manifold(a, b, margin, scale)
  local g = graphics()
  local list = a:manifold(b, margin)
  if not list then return end
  local len = scale or 20
  for _, m in ipairs(list) do
    for _, p in ipairs(m) do
      g.circle(p.separation <= 0 and "fill" or "line", p.x, p.y, 3)
      g.line(p.x, p.y, p.x + m.nx * len, p.y + m.ny * len)
    end
  end
end

-- A closed outline's points as a line draws them: the first again at the end
-- (a segment's two points, or a point, as they are).
local function closed(o)
  if #o < 6 then return o end
  local c = {}
  for i = 1, #o do c[i] = o[i] end
  c[#o + 1], c[#o + 2] = o[1], o[2]
  return c
end

-- The outline of a shape as a list of flat point lists (a Group's outline
-- is one list per member).
local function outlines(shape, segments)
  local o = shape:outline(segments)
  if type(o[1]) == "table" then return o end
  return { o }
end

-- sweep(a, dx, dy, b): the path a sweeps (its outline at the start and at the
-- end, and the lines between), and where it stops against b with the normal.
function draw.sweep(a, dx, dy, b)
  local g = graphics()
  local moved_all = outlines(a:clone():move(dx, dy), 24)
  for k, start in ipairs(outlines(a, 24)) do
    local moved = moved_all[k]
    if #start >= 4 then
      g.line(closed(start))
      g.line(closed(moved))
    end
    for i = 1, #start, 2 * math.max(1, math.floor(#start / 16)) do
      g.line(start[i], start[i + 1], moved[i], moved[i + 1])
    end
  end
  local t, nx, ny, px, py = a:sweep(dx, dy, b)
  if t then
    draw.draw(a:clone():move(dx * t, dy * t), "line")
    g.circle("fill", px, py, 3)
    g.line(px, py, px + nx * 20, py + ny * 20)
  end
  return t
end

-- turningPrimitives(shape, dx, dy, dangle [, px, py [, steps]]): the area a
-- shape sweeps as it turns by dangle about (px, py) (default: as rotate's)
-- while it moves by (dx, dy), as "line" primitives: its outline at steps + 1
-- poses (default 8 steps) and the paths of points of its outline between
-- them. Works anywhere (no love.graphics needed).
function draw.turningPrimitives(shape, dx, dy, dangle, px, py, steps)
  steps = steps or 8
  if px == nil then
    if kind_of(shape) == "Fan" then px, py = shape:position() else px, py = shape:center() end
  end
  local out, poses = {}, {}
  for k = 0, steps do
    local t = k / steps
    local pose = shape:clone()
    if dangle ~= 0 then pose:rotate(t * dangle, px, py) end
    poses[k] = outlines(pose:move(t * dx, t * dy), 24)
    for _, o in ipairs(poses[k]) do
      if #o >= 4 then out[#out + 1] = { kind = "line", mode = "line", points = closed(o) } end
    end
  end
  for m, first in ipairs(poses[0]) do
    for i = 1, #first, 2 * math.max(1, math.floor(#first / 16)) do
      local path = {}
      for k = 0, steps do
        path[#path + 1] = poses[k][m][i]
        path[#path + 1] = poses[k][m][i + 1]
      end
      out[#out + 1] = { kind = "line", mode = "line", points = path }
    end
  end
  return out
end

-- sweepTurning(a, dx, dy, dangle, b [, options]): the area a sweeps turning
-- (options.apivot = {x, y}), and where it first touches b with the normal.
function draw.sweepTurning(a, dx, dy, dangle, b, options)
  local g = graphics()
  local pivot = options and options.apivot
  for _, p in ipairs(draw.turningPrimitives(a, dx, dy, dangle, pivot and pivot[1], pivot and pivot[2])) do emit(g, p) end
  local t, nx, ny, px, py = a:sweepTurning(dx, dy, dangle, b, options)
  if t then
    local pose = a:clone()
    local ox, oy = a:center()
    if kind_of(a) == "Fan" then ox, oy = a:position() end
    if pivot then ox, oy = pivot[1], pivot[2] end
    if dangle ~= 0 then pose:rotate(t * dangle, ox, oy) end
    draw.draw(pose:move(dx * t, dy * t), "line")
    g.circle("fill", px, py, 3)
    g.line(px, py, px + nx * 20, py + ny * 20)
  end
  return t
end

-- ray(x, y, dx, dy, t, nx, ny): the ray up to t (or its whole length), and the normal there.
function draw.ray(x, y, dx, dy, t, nx, ny)
  local g = graphics()
  local s = t or 1
  g.line(x, y, x + dx * s, y + dy * s)
  if t and nx then
    local hx, hy = x + dx * t, y + dy * t
    g.circle("fill", hx, hy, 3)
    g.line(hx, hy, hx + nx * 20, hy + ny * 20)
  end
end

return draw
