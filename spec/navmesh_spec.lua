-- Navigation: c2d.navmesh(world, radius [, filter [, tolerance]]) and nav:path.
-- Lengths are worked out by hand (tangents and arcs) or by an independent
-- visibility-graph Dijkstra written here, on maps of integer polygons.
local c2d = require "collide2d"
local common = require "support.common"

local abs, sqrt, atan2, acos, pi, huge = math.abs, math.sqrt, math.atan2 or math.atan, math.acos, math.pi, math.huge

-- How far a path turns, in radians: the sum of its changes of heading.
local function turned(p)
  local t = 0
  for i = 5, #p, 2 do
    local ax, ay = p[i - 2] - p[i - 4], p[i - 1] - p[i - 3]
    local bx, by = p[i] - p[i - 2], p[i + 1] - p[i - 1]
    t = t + abs(atan2(ax * by - ay * bx, ax * bx + ay * by))
  end
  return t
end

local function path_length(p)
  local l = 0
  for i = 3, #p, 2 do l = l + sqrt((p[i] - p[i - 2]) ^ 2 + (p[i + 1] - p[i - 1]) ^ 2) end
  return l
end

-- The way from (sx, sy) round a circle of radius r about (cx, cy) and on to
-- (gx, gy), both tangents on the same side: the two tangent lengths and the arc
-- between the tangent points.
local function round_circle(sx, sy, cx, cy, r, gx, gy)
  local ds = sqrt((sx - cx) ^ 2 + (sy - cy) ^ 2)
  local dg = sqrt((gx - cx) ^ 2 + (gy - cy) ^ 2)
  local ts, tg = sqrt(ds * ds - r * r), sqrt(dg * dg - r * r)
  -- angle at the centre between the two points, less the angles the tangents take
  local a = acos(((sx - cx) * (gx - cx) + (sy - cy) * (gy - cy)) / (ds * dg))
  local arc = a - acos(r / ds) - acos(r / dg)
  return ts + tg + r * arc
end

describe("nav:path, hand-worked", function()
  it("a point agent round a square takes its two corners: 2 sqrt(17) + 2", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(-1, -1, 2, 2))
    local nav = c2d.navmesh(w, 0)
    local p, len = nav:path(-5, 0, 5, 0)
    assert.are.equal(8, #p)
    assert.are.same({ -5, 0 }, { p[1], p[2] })
    assert.are.same({ 5, 0 }, { p[7], p[8] })
    -- by the lower corners or the upper ones: the same length
    assert.are.equal(1, abs(p[4]))
    assert.are.same({ -1, 1 }, { p[3], p[5] })
    common.near(len, 2 * sqrt(17) + 2, 1e-12, "length")
    common.near(path_length(p), len, 1e-12, "length")
  end)

  it("a disk agent round a square: tangents, two arcs and the side, within the tolerance", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(-1, -1, 2, 2))
    -- start (-5, 0), corner circles of radius 1 about (-1, -1) and (1, -1):
    -- by symmetry, half the way is the tangent from (-5, 0), the arc down to
    -- straight below the corner, and half the side
    local ds = sqrt(17)
    local tangent = sqrt(ds * ds - 1)
    local to_start = atan2(1, -4)                  -- the start seen from the corner
    local touch = to_start + acos(1 / ds)          -- the tangent point's angle (below)
    local arc = 3 * pi / 2 - touch
    local want = 2 * (tangent + arc + 1)
    -- (longer by at most the tolerance for each radian turned)
    for _, tol in ipairs { 0.01, 1e-4 } do
      local nav = c2d.navmesh(w, 1, nil, tol)
      local p, len = nav:path(-5, 0, 5, 0)
      assert.is_true(len >= want - 1e-12, ("tolerance %g: %.15g is shorter than the shortest, %.15g"):format(tol, len, want))
      assert.is_true(len <= want + tol * turned(p), ("tolerance %g: %.15g, %.15g over %.15g"):format(tol, len, len - want, want))
    end
  end)

  it("round a disk blocker: the tangents and the arc of radius R + r", function()
    local w = c2d.world(16)
    w:add(c2d.disk(0, 0, 3))
    local tol = 5e-3 -- (finer than the 64 corners an arc may have would not be met)
    local nav = c2d.navmesh(w, 0.5, nil, tol)
    local p, len = nav:path(-10, 1, 10, 0.5)
    local want = round_circle(-10, 1, 0, 0, 3.5, 10, 0.5)
    assert.is_true(len >= want - 1e-12 and len <= want + tol * turned(p), ("%.15g against %.15g"):format(len, want))
  end)

  it("goes through a gap exactly its width, and round when the gap is a hair narrower", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(0, -20, 1, 19))                  -- y -20 to -1
    w:add(c2d.aabb(0, 1, 1, 19))                    -- y 1 to 20: the gap is 2 wide
    local p, len = c2d.navmesh(w, 1):path(-5, 0, 5, 0)
    assert.are.same({ -5, 0, 5, 0 }, p)             -- touching both sides is free
    assert.are.equal(10, len)
    local q, qlen = c2d.navmesh(w, 1 + 1e-9):path(-5, 0, 5, 0)
    assert.is_table(q)
    assert.is_true(qlen > 2 * 20, ("%g: round the walls' ends, 20 up and back"):format(qlen))
  end)

  it("a maze of three walls: the length through its two turns", function()
    -- walls x = 10 (y 0 to 30), x = 20 (y 10 to 40), x = 30 (y 0 to 30), in a box
    local w = c2d.world(16)
    -- (each wall runs into what it meets: a point agent may pass where two
    -- shapes only touch)
    w:add(c2d.segment(10, -1, 10, 30))
    w:add(c2d.segment(20, 10, 20, 41))
    w:add(c2d.segment(30, -1, 30, 30))
    w:add(c2d.aabb(-1, -1, 42, 1))                  -- floor, y -1 to 0
    w:add(c2d.aabb(-1, 40, 42, 1))                  -- ceiling, y 40 to 41
    w:add(c2d.aabb(-2, -2, 2, 45))                  -- the sides, x -2 to 0 and 40 to 42
    w:add(c2d.aabb(40, -2, 2, 45))
    local p, len = c2d.navmesh(w, 0):path(5, 5, 35, 5)
    -- over the first wall's top (10, 30), under the second's foot (20, 10),
    -- over the third's top (30, 30)
    local want = sqrt(25 + 625) + sqrt(100 + 400) + sqrt(100 + 400) + sqrt(25 + 625)
    common.near(len, want, 1e-12, "length")
    assert.are.same({ 5, 5, 10, 30, 20, 10, 30, 30, 35, 5 }, p)
  end)

  it("nil when either end is inside a blocker or when the goal is walled in", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(0, 0, 10, 10))
    local nav = c2d.navmesh(w, 1)
    assert.is_nil(nav:path(5, 5, 20, 20))
    assert.is_nil(nav:path(20, 20, 5, 5))
    assert.is_nil(nav:path(-0.5, 5, 20, 20))       -- the agent overlaps the box
    assert.is_table(nav:path(-1, 5, 20, 20))        -- it touches it
    -- a ring of four walls round (50, 50)
    w:add(c2d.aabb(40, 40, 20, 1)); w:add(c2d.aabb(40, 59, 20, 1))
    w:add(c2d.aabb(40, 40, 1, 20)); w:add(c2d.aabb(59, 40, 1, 20))
    assert.is_nil(nav:path(20, 20, 50, 50))
    assert.is_table(nav:path(50, 50, 52, 52))       -- inside, both ends
  end)

  it("the same way far from the origin (1e6)", function()
    local o = 1e6
    local w = c2d.world(16)
    w:add(c2d.aabb(o - 1, o - 1, 2, 2))
    local _, len = c2d.navmesh(w, 0):path(o - 5, o, o + 5, o)
    common.near(len, 2 * sqrt(17) + 2, 1e-9, "length")
  end)

  it("lists as nodes only the corners where the agent fits", function()
    -- two overlapping squares: each has one corner inside the other
    local w = c2d.world(16)
    w:add(c2d.aabb(0, 0, 4, 4))
    w:add(c2d.aabb(2, 2, 4, 4))
    local nodes = c2d.navmesh(w, 0):nodes()
    local got = {}
    for i = 1, #nodes, 2 do got[#got + 1] = ("%g,%g"):format(nodes[i], nodes[i + 1]) end
    table.sort(got)
    assert.are.same({ "0,0", "0,4", "2,6", "4,0", "6,2", "6,6" }, got)
  end)

  it("a Line blocks for good: nothing crosses it", function()
    local w = c2d.world(16)
    w:add(c2d.line(0, 0, 0, 1))
    local nav = c2d.navmesh(w, 0)
    assert.is_nil(nav:path(-5, 0, 5, 3))
    assert.are.same({ -5, 0, -1, 7 }, (nav:path(-5, 0, -1, 7)))
  end)
end)

describe("nav:path follows its World", function()
  it("sees shapes added, moved, removed, filtered and tiles set", function()
    local w = c2d.world(16)
    local nav = c2d.navmesh(w, 0)
    local _, len = nav:path(-5, 0, 5, 0)
    assert.are.equal(10, len)
    local box = c2d.aabb(-1, -1, 2, 2)
    w:add(box)
    _, len = nav:path(-5, 0, 5, 0)
    common.near(len, 2 * sqrt(17) + 2, 1e-12, "length")
    box:move(0, 10)
    _, len = nav:path(-5, 0, 5, 0)
    assert.are.equal(10, len)
    box:moveTo(-1, -1)
    w:remove(box)
    _, len = nav:path(-5, 0, 5, 0)
    assert.are.equal(10, len)
    -- a tile layer whose middle tile is set, then cleared
    local layer = c2d.tiles(-1, -1, 2, 2, 1, 1, { 0 })
    w:add(layer)
    _, len = nav:path(-5, 0, 5, 0)
    assert.are.equal(10, len)
    layer:set(1, 1, 1)
    _, len = nav:path(-5, 0, 5, 0)
    common.near(len, 2 * sqrt(17) + 2, 1e-12, "length")
  end)

  it("over a tile layer on its own: its solid tiles block, and the mesh follows layer:set", function()
    -- 5 x 5 tiles of 10; row 2 (y 10 to 20) solid from x 10 to 40
    local layer = c2d.tiles(0, 0, 10, 10, 5, 5, {
      0, 0, 0, 0, 0,  0, 1, 1, 1, 0,  0, 0, 0, 0, 0,  0, 0, 0, 0, 0,  0, 0, 0, 0, 0 })
    local nav = c2d.navmesh(layer, 0)
    local w = nav:world()
    assert.are.equal(1, w:count())
    assert.is_true(w:has(layer))
    -- (5, 15) round the corners (10, 10) and (40, 10) to (45, 15): 2 sqrt(50) + 30
    local _, path, len = nil, nav:path(5, 15, 45, 15)
    common.near(len, 2 * sqrt(50) + 30, 1e-12, "length")
    assert.are.same({ 5, 15, 10, 10, 40, 10, 45, 15 }, path)
    -- (15, 5) to (15, 25) round the corners (10, 10) and (10, 20): 10 + 2 sqrt(50)
    _, len = nav:path(15, 5, 15, 25)
    common.near(len, 10 + 2 * sqrt(50), 1e-12, "round the row")
    layer:set(2, 2, 0) -- the tile from x 10 to 20 cleared: straight through it
    _, len = nav:path(15, 5, 15, 25)
    assert.are.equal(20, len)
    -- an agent of radius 2 fits through the cleared tile (10 wide), not within 2 of a
    -- tile; the layer is in the first mesh's World now: a second mesh is built from it
    local fat = c2d.navmesh(w, 2)
    _, len = fat:path(15, 5, 15, 25)
    assert.are.equal(20, len)
    assert.is_nil(fat:path(15, 5, 19, 15))
  end)

  it("brought up to date in place, answers as a mesh built anew (seeded edits of every kind)", function()
    local r = common.lcg(4711)
    local kinds = { "disk", "aabb", "box", "triangle", "capsule", "segment", "hull", "fan", "concave", "group" }
    local fail, finish = common.runner()
    for scene = 1, 6 do
      local w = c2d.world(8)
      local shapes = {}
      for i = 1, 30 do
        shapes[i] = w:add(common.random_shape(r, kinds[(scene + i) % #kinds + 1], r.range(0, 60), r.range(0, 60)))
      end
      local layer = w:add(c2d.tiles(70, 0, 4, 4, 4, 4, { 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1 }))
      local radius = scene % 2 == 0 and 0 or r.range(0.3, 1.2)
      local nav = c2d.navmesh(w, radius)
      nav:nodes()
      for edit = 1, 12 do
        local u = r.u()
        local what
        if u < 0.25 then
          what = "added"
          shapes[#shapes + 1] = w:add(common.random_shape(r, kinds[r.int(1, #kinds)], r.range(0, 60), r.range(0, 60)))
        elseif u < 0.5 and #shapes > 1 then
          what = "removed"
          w:remove(table.remove(shapes, r.int(1, #shapes)))
        elseif u < 0.75 then
          what = "moved"
          shapes[r.int(1, #shapes)]:move(r.range(-8, 8), r.range(-8, 8))
        else
          what = "tile set"
          layer:set(r.int(1, 4), r.int(1, 4), r.int(0, 1))
        end
        local fresh = c2d.navmesh(w, radius)
        if #nav:nodes() ~= #fresh:nodes() then
          fail("scene %d, edit %d (%s): %d nodes in place, %d anew", scene, edit, what, #nav:nodes() / 2, #fresh:nodes() / 2)
        end
        for _ = 1, 4 do
          local x1, y1, x2, y2 = r.range(-5, 90), r.range(-5, 65), r.range(-5, 90), r.range(-5, 65)
          local p, len = nav:path(x1, y1, x2, y2)
          local q, qlen = fresh:path(x1, y1, x2, y2)
          if (p == nil) ~= (q == nil) or (p and abs(len - qlen) > 1e-9) then
            fail("scene %d, edit %d (%s): (%g, %g) to (%g, %g): %s in place, %s anew", scene, edit, what, x1, y1, x2, y2,
              tostring(len), tostring(qlen))
          end
        end
      end
    end
    finish()
  end)

  it("takes as blockers only the shapes the filter keeps (a mask, a function)", function()
    local w = c2d.world(16)
    local wall, ghost = c2d.aabb(-1, -1, 2, 2), c2d.aabb(-1, 5, 2, 2)
    w:add(wall, 1)
    w:add(ghost, 2)
    local _, by_mask = c2d.navmesh(w, 0, 2):path(-5, 0, 5, 0)   -- only the ghost blocks
    assert.are.equal(10, by_mask)
    local _, by_fn = w:navmesh(0, function(s) return s == ghost end):path(-5, 0, 5, 0)
    assert.are.equal(10, by_fn)
    local _, all = w:navmesh(0):path(-5, 0, 5, 0)
    common.near(all, 2 * sqrt(17) + 2, 1e-12, "length")
  end)

  it("asks every frame into its out table without garbage", function()
    local w = c2d.world(16)
    for i = 1, 20 do w:add(c2d.aabb(i * 10, (i % 3) * 7, 3, 12)) end
    local nav = c2d.navmesh(w, 1)
    local out = {}
    assert.is_table(nav:path(0, 5, 250, 5, out))
    local least = common.garbage(function()
      for i = 1, 300 do nav:path(0, 5, 250, 5 + i % 3, out) end
    end)
    assert.is_true(least < 1, ("%g KB for 300 paths"):format(least))
  end)

  it("fills the out table given, clearing what was past the path", function()
    local w = c2d.world(16)
    w:add(c2d.aabb(-1, -1, 2, 2))
    local nav = c2d.navmesh(w, 0)
    local out = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }
    local p = nav:path(-5, 0, 5, 0, out)
    assert.are.equal(out, p)
    assert.are.equal(8, #out)
    assert.is_nil(out[9])
    p = nav:path(-5, 5, 5, 5, out)
    assert.are.same({ -5, 5, 5, 5 }, p)
  end)
end)

-- An independent reference: the shortest path for a point among convex
-- polygons (counter-clockwise), the path free to touch them but not to enter
-- their interiors: Dijkstra over their vertices and the two ends.

-- Does the segment p-q pass through the interior of the convex polygon v
-- (flat x, y, ... counter-clockwise)? Clipped to the polygon (Cyrus-Beck), its
-- chord has length and its middle lies strictly inside.
local function enters(px, py, qx, qy, v)
  local t0, t1 = 0, 1
  local n = #v / 2
  local dx, dy = qx - px, qy - py
  for i = 1, n do
    local ax, ay = v[2 * i - 1], v[2 * i]
    local j = i % n + 1
    local bx, by = v[2 * j - 1], v[2 * j]
    -- inside: cross(b - a, p - a) >= 0
    local ex, ey = bx - ax, by - ay
    local f0 = ex * (py - ay) - ey * (px - ax)
    local fd = ex * dy - ey * dx
    if fd == 0 then
      if f0 < 0 then return false end
    else
      local t = -f0 / fd
      if fd > 0 then t0 = math.max(t0, t) else t1 = math.min(t1, t) end
    end
  end
  if not (t1 > t0) then return false end
  local t = (t0 + t1) / 2
  local mx, my = px + t * dx, py + t * dy
  for i = 1, n do
    local ax, ay = v[2 * i - 1], v[2 * i]
    local j = i % n + 1
    local bx, by = v[2 * j - 1], v[2 * j]
    if (bx - ax) * (my - ay) - (by - ay) * (mx - ax) <= 0 then return false end
  end
  return true
end

local function reference(polys, sx, sy, gx, gy)
  local pts = { { sx, sy }, { gx, gy } }
  for _, v in ipairs(polys) do
    for i = 1, #v, 2 do pts[#pts + 1] = { v[i], v[i + 1] } end
  end
  local function free(a, b)
    for _, v in ipairs(polys) do
      if enters(a[1], a[2], b[1], b[2], v) then return false end
    end
    return true
  end
  local dist, done = {}, {}
  for i = 1, #pts do dist[i] = huge end
  dist[1] = 0
  while true do
    local u, best = nil, huge
    for i = 1, #pts do
      if not done[i] and dist[i] < best then u, best = i, dist[i] end
    end
    if not u then return nil end
    if u == 2 then return best end
    done[u] = true
    for i = 1, #pts do
      if not done[i] and free(pts[u], pts[i]) then
        local d = best + sqrt((pts[i][1] - pts[u][1]) ^ 2 + (pts[i][2] - pts[u][2]) ^ 2)
        if d < dist[i] then dist[i] = d end
      end
    end
  end
end

local function inside_any(polys, x, y)
  for _, v in ipairs(polys) do
    local n, ok = #v / 2, true
    for i = 1, n do
      local j = i % n + 1
      if (v[2 * j - 1] - v[2 * i - 1]) * (y - v[2 * i]) - (v[2 * j] - v[2 * i]) * (x - v[2 * i - 1]) <= 0 then
        ok = false
        break
      end
    end
    if ok then return true end
  end
  return false
end

describe("nav:path against a visibility-graph Dijkstra (seeded maps of integer polygons)", function()
  it("has the shortest length, or none when the reference finds none", function()
    local r = common.lcg(20261129)
    local fail, finish = common.runner()
    local found, none = 0, 0
    for map = 1, 60 do
      local w = c2d.world(8)
      local polys = {}
      for _ = 1, 4 + map % 7 do
        local x, y = r.int(0, 40), r.int(0, 40)
        local s = c2d.hull(x, y, x + r.int(1, 8), y + r.int(-3, 3), x + r.int(-3, 6), y + r.int(1, 8),
          x + r.int(-4, 0), y + r.int(0, 5))
        if s:type() == "Polygon" and s:area() > 0 then
          w:add(s)
          polys[#polys + 1] = { s:unpack() }
        end
      end
      for _ = 1, 4 do
        local sx, sy, gx, gy = r.int(-5, 45), r.int(-5, 45), r.int(-5, 45), r.int(-5, 45)
        if not inside_any(polys, sx, sy) and not inside_any(polys, gx, gy) then
          local want = reference(polys, sx, sy, gx, gy)
          local p, len = c2d.navmesh(w, 0):path(sx, sy, gx, gy)
          local what = ("map %d, (%d, %d) to (%d, %d)"):format(map, sx, sy, gx, gy)
          if want == nil then
            none = none + 1
            if p ~= nil then fail("%s: a path of %.15g where the reference has none", what, len) end
          elseif p == nil then
            fail("%s: no path, the reference's is %.15g", what, want)
          else
            found = found + 1
            if abs(len - want) > 1e-9 then fail("%s: %.15g, the reference %.15g", what, len, want) end
            -- and it enters no polygon
            for i = 3, #p, 2 do
              for _, v in ipairs(polys) do
                if enters(p[i - 2], p[i - 1], p[i], p[i + 1], v) then
                  fail("%s: its leg (%g, %g)-(%g, %g) enters a polygon", what, p[i - 2], p[i - 1], p[i], p[i + 1])
                end
              end
            end
          end
        end
      end
    end
    finish()
    assert.is_true(found > 100, ("only %d paths found"):format(found))
  end)
end)

describe("nav:path for a disk agent on seeded maps of every kind", function()
  it("keeps the agent out of every blocker all along its way", function()
    local r = common.lcg(777)
    local kinds = { "disk", "aabb", "box", "triangle", "capsule", "segment", "hull", "fan", "concave", "group" }
    local fail, finish = common.runner()
    local paths = 0
    for map = 1, 30 do
      local w = c2d.world(8)
      local shapes = {}
      for i = 1, 8 do
        local s = common.random_shape(r, kinds[(map + i) % #kinds + 1], r.range(0, 40), r.range(0, 40))
        w:add(s)
        shapes[#shapes + 1] = s
      end
      local radius = r.range(0.2, 1.5)
      local nav = c2d.navmesh(w, radius)
      for _ = 1, 3 do
        local p = nav:path(r.range(-10, 50), r.range(-10, 50), r.range(-10, 50), r.range(-10, 50))
        if p then
          paths = paths + 1
          for i = 3, #p, 2 do
            local leg = (p[i - 2] == p[i] and p[i - 1] == p[i + 1]) and c2d.disk(p[i], p[i + 1], radius)
              or c2d.capsule(p[i - 2], p[i - 1], p[i], p[i + 1], radius)
            for _, s in ipairs(shapes) do
              local _, _, depth = leg:contact(s)
              if depth and depth > 1e-9 then
                fail("map %d: the leg (%.17g, %.17g)-(%.17g, %.17g) goes %g into %s", map, p[i - 2], p[i - 1], p[i],
                  p[i + 1], depth, tostring(s))
              end
            end
          end
        end
      end
    end
    finish()
    assert.is_true(paths > 40, ("only %d paths"):format(paths))
  end)
end)

describe("navmesh errors", function()
  local w = c2d.world(16)
  it("names the bad argument", function()
    assert.has_error(function() c2d.navmesh(w, -1) end, "bad argument #2 to 'navmesh' (radius must be >= 0)")
    assert.has_error(function() c2d.navmesh(w, 0 / 0) end)
    assert.has_error(function() c2d.navmesh(w, 1, nil, 0) end, "bad argument #4 to 'navmesh' (tolerance must be > 0)")
    assert.has_error(function() c2d.navmesh(w, 1, "x") end)
    assert.has_error(function() c2d.navmesh({}, 1) end)
    local layer = c2d.tiles(0, 0, 1, 1, 2, 1, { 1, 0 })
    assert.has_error(function() c2d.navmesh(layer, 1, 1) end,
      "bad argument #3 to 'navmesh' (a tile layer's navmesh takes no filter: its solid tiles block)")
    local v = c2d.world(16)
    v:add(layer)
    assert.has_error(function() c2d.navmesh(layer, 1) end,
      "bad argument #1 to 'navmesh' (the layer is in a World: build the mesh from the World, its filter keeping the layer)")
    assert.has_error(function() c2d.navmesh(c2d.disk(0, 0, 1), 1) end)
    local nav = c2d.navmesh(w, 1)
    assert.has_error(function() nav:path(0, 0, 1 / 0, 0) end)
    assert.has_error(function() nav:path(0, 0, 1, 0, 5) end)
    assert.has_error(function() nav.path({}, 0, 0, 1, 1) end)
  end)

  it("says so when the world or the mesh is freed", function()
    local v = c2d.world(16)
    local nav = c2d.navmesh(v, 1)
    debug.getmetatable(v).__gc(v)
    assert.has_error(function() nav:path(0, 0, 1, 1) end, "path: the navmesh's world has been freed")
    local nav2 = c2d.navmesh(w, 1)
    debug.getmetatable(nav2).__gc(nav2)
    local ok, err = pcall(function() nav2:path(0, 0, 1, 1) end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("(the navmesh has been freed)", 1, true), err)
    assert.are.equal("NavMesh(freed)", tostring(nav2))
  end)

  it("a filter that changes the world or calls the mesh leaves it whole", function()
    local v = c2d.world(16)
    v:add(c2d.aabb(-1, -1, 2, 2))
    local nav
    local calls = 0
    nav = c2d.navmesh(v, 0, function()
      calls = calls + 1
      if calls == 1 then v:add(c2d.disk(100, 100, 1)) end
      if calls == 2 then nav:nodes() end
      return true
    end)
    local p, len = nav:path(-5, 0, 5, 0)
    assert.is_table(p)
    assert.is_true(len >= 2 * sqrt(17) + 2 - 1e-9)
  end)
end)

describe("nav:path errors as a method", function()
  it("counts its arguments from x1", function()
    local nav = c2d.navmesh(c2d.world(16), 1)
    assert.has_error(function() nav:path(0, 0, 1 / 0, 0) end, "bad argument #3 to 'path' (x2 must be finite)")
    assert.has_error(function() nav:path(0, 0, 1, 0, 5) end, "bad argument #5 to 'path' (table expected, got number)")
  end)
end)
