-- Sight: w:sees (does a point see a shape past the others) and w:visible (the
-- shapes a guard's view fan, or a radius, sees past the others).
--
-- Hand-worked scenes, then seeded random scenes against brute force: thousands
-- of rays from the point, each cast with the exact raycast; a ray that
-- reaches the target before every blocker proves it seen, and every point the
-- query answers is checked the same way.
local c2d = require "collide2d"
local common = require "support.common"

local pi, cos, sin = math.pi, math.cos, math.sin
local atan2 = math.atan2 or math.atan -- (5.1 and LuaJIT: atan2; 5.3 on: atan of two)

-- Does the ray from (x, y) along (dx, dy) reach b before every blocker (a
-- blocker met at the same t does not hide it)?
local function ray_sees(x, y, dx, dy, b, blockers)
  local tb = b:raycast(x, y, dx, dy, 1e6)
  if not tb then return false end
  for _, k in ipairs(blockers) do
    local tk = k:raycast(x, y, dx, dy, tb)
    if tk and tk < tb then return false end
  end
  return true
end

describe("w:sees: hand-worked", function()
  it("a wall hides a disk behind it, and a disk beside it is seen past its corner", function()
    -- the wall x in [40, 50], y in [-20, 20]; from the origin its near face
    -- hides every direction up to atan(20/40) = 26.57 degrees each side
    local w = c2d.world(32)
    local wall = w:add(c2d.aabb(40, -20, 10, 40))
    local behind = w:add(c2d.disk(100, 0, 5))
    local seen, blocker = w:sees(0, 0, behind)
    assert.is_false(seen); assert.are.equal(wall, blocker)
    -- a disk at (100, 40) of radius 5 spans 21.8 +- 2.66 degrees: all hidden
    assert.is_false((w:sees(0, 0, w:add(c2d.disk(100, 40, 5)))))
    -- at (100, 60) it spans 31.0 +- 2.46 degrees: above the wall's reach, seen
    local above = w:add(c2d.disk(100, 60, 5))
    local ok, px, py = w:sees(0, 0, above)
    assert.is_true(ok)
    -- the point is on the disk, and the ray to it passes the wall
    assert.is_true(above:contains(px, py) or above:distance(c2d.point(px, py)) < 1e-9)
    assert.is_true(ray_sees(0, 0, px, py, above, { wall }))
    -- a filter (a function or a mask) picks the blockers; the target never blocks
    assert.is_true((w:sees(0, 0, behind, function(s) return s ~= wall end)))
    w:setFilter(wall, 2, 0xffffffff)
    assert.is_true((w:sees(0, 0, behind, 1)))
    assert.is_false((w:sees(0, 0, behind, 2)))
  end)

  it("through a gap exactly the target's width, and not past a corner it grazes", function()
    -- walls at x in [40, 50] above y = 5 and below y = -5; a disk of radius 5
    -- at (100, 0) is seen through the gap (the ray along y = 0)
    local w = c2d.world(32)
    w:add(c2d.aabb(40, -100, 10, 95)); w:add(c2d.aabb(40, 5, 10, 95))
    local target = w:add(c2d.disk(100, 0, 5))
    local ok, px, py = w:sees(0, 0, target)
    assert.is_true(ok)
    assert.is_true(ray_sees(0, 0, px, py, target, w:query(c2d.aabb(40, -100, 10, 200))))
    -- a point target that only a ray grazing a wall's corner reaches: the
    -- corner (50, 5) lies on the segment from (0, 0) to (100, 10): the ray
    -- meets the wall there, before the target, so it is hidden (shapes are
    -- closed sets)
    local p = w:add(c2d.point(100, 10))
    assert.is_false((w:sees(0, 0, p)))
    -- a target that touches a blocker where the ray meets both is still seen:
    -- the segment to (60, 0) meets the square [60, 70] x [-1, 1] only at its end
    local w2 = c2d.world(32)
    local square = w2:add(c2d.aabb(60, -1, 10, 2))
    local dot = w2:add(c2d.point(60, 0))
    local seen, x, y = w2:sees(0, 0, dot)
    assert.is_true(seen); assert.are.same({ 60, 0 }, { x, y })
    assert.is_true((w2:sees(0, 0, square)))
  end)

  it("from a Point shape in the world (which does not block), and from inside the target", function()
    local w = c2d.world(32)
    local eye = w:add(c2d.point(0, 0))
    local target = w:add(c2d.box(30, 0, 10, 10, 0.3))
    assert.is_true((w:sees(eye, target)))
    -- an eye inside the target sees it where it stands
    local seen, x, y = w:sees(30, 0, target)
    assert.is_true(seen); assert.are.same({ 30, 0 }, { x, y })
  end)

  it("names its arguments", function()
    local w = c2d.world(32)
    local d = c2d.disk(0, 0, 1)
    local function message(f) local ok, e = pcall(f) assert.is_false(ok) return tostring(e) end
    assert.is_truthy(message(function() return w:sees({}, d) end):find("collide2d shape expected", 1, true))
    assert.is_truthy(message(function() return w:sees(d, {}) end):find("shape expected, got table", 1, true))
    assert.is_truthy(message(function() return w:sees(0 / 0, 0, d) end):find("x", 1, true))
    assert.is_truthy(message(function() return w:sees(0, 0, 5) end):find("collide2d shape expected", 1, true))
    assert.is_truthy(message(function() return w:sees(0, 0, d, "walls") end):find("filter (a mask or a function) expected", 1, true))
    assert.is_truthy(message(function() return w:visible(c2d.aabb(0, 0, 1, 1)) end):find("a Fan or a Disk", 1, true))
  end)
end)

describe("w:visible: hand-worked", function()
  it("a guard's fan sees the wall in front, not what hides behind it, nor what lies outside the fan", function()
    local w = c2d.world(32)
    local wall = w:add(c2d.aabb(40, -20, 10, 40))
    w:add(c2d.disk(100, 0, 5))                 -- behind the wall
    local beside = w:add(c2d.disk(100, 60, 5)) -- 31 degrees up: seen past the wall
    w:add(c2d.disk(-50, 0, 5))                 -- behind the guard
    w:add(c2d.disk(300, 0, 5))                 -- beyond its radius
    -- facing +x, opening 90 degrees (45 each side), radius 200
    local shapes, points = w:visible(c2d.fan(0, 0, 200, 0, pi / 2))
    assert.are.same({ wall, beside }, shapes)
    assert.are.equal(4, #points)
    -- each point is within the fan and seen
    for i, s in ipairs(shapes) do
      local x, y = points[2 * i - 1], points[2 * i]
      assert.is_true(x * x + y * y <= 200 * 200 and math.abs(atan2(y, x)) <= pi / 4 + 1e-12)
      local others = {}
      for _, o in ipairs(w:query(c2d.disk(0, 0, 1000))) do if o ~= s then others[#others + 1] = o end end
      assert.is_true(ray_sees(0, 0, x, y, s, others))
    end
    -- a Disk view: everything within the radius, behind or not
    local all = w:visible(c2d.disk(0, 0, 200))
    assert.are.equal(3, #all)
  end)
end)

-- Seeded random scenes ---------------------------------------------------------

local rng = common.lcg(20261128)
local function r(a, b) return rng.range(a, b) end

-- (half again the plain size: scenes of a dozen shapes within 40 of the eye)
local KINDS = { "aabb", "disk", "box", "segment", "capsule", "triangle", "concave", "fan" }
local function random_shape(i, x, y) return common.random_shape(rng, KINDS[i], x, y, 1.5) end

local SCENES = tonumber(os.getenv("C2D_SIGHT_SCENES")) or 150
local RAYS = 4000

describe(("w:sees against %d dense rays, on %d seeded scenes of every kind (a third of them about (1e6, -1e6))"):format(RAYS, SCENES), function()
  it("says seen whenever a ray sees the target, and every point it gives is seen", function()
    local seen_count, hidden_count = 0, 0
    for scene = 1, SCENES do
      local w = c2d.world(16)
      local blockers = {}
      local ox, oy = 0, 0
      if scene % 3 == 0 then ox, oy = 1e6, -1e6 end
      local target = random_shape(1 + scene % 8, ox + r(20, 40), oy + r(-15, 15))
      for i = 1, 12 do
        local s = random_shape(1 + (scene + i) % 8, ox + r(5, 35), oy + r(-25, 25))
        -- (overlapping the target or each other, as they come; none holds the eye)
        if not s:contains(ox, oy) and not target:contains(ox, oy) then
          w:add(s)
          blockers[#blockers + 1] = s
        end
      end
      w:add(target)
      local ok, px, py = w:sees(ox, oy, target)
      local brute
      for k = 0, RAYS - 1 do
        local a = 2 * pi * k / RAYS
        if ray_sees(ox, oy, cos(a), sin(a), target, blockers) then brute = a break end
      end
      if brute then
        assert.is_true(ok, ("scene %d: a ray at %.6f sees %s, sees says no"):format(scene, brute, tostring(target)))
      end
      if ok then
        seen_count = seen_count + 1
        assert.is_true(ray_sees(ox, oy, px - ox, py - oy, target, blockers),
          ("scene %d: the point (%.17g, %.17g) given for %s is hidden"):format(scene, px, py, tostring(target)))
      else
        hidden_count = hidden_count + 1
      end
    end
    -- the scenes test both answers
    assert.is_true(seen_count > SCENES / 5 and hidden_count > SCENES / 10,
      ("seen %d, hidden %d"):format(seen_count, hidden_count))
  end)
end)

describe("w:visible against dense rays, on seeded scenes, with a Disk view and a Fan view", function()
  it("lists every shape a ray within the view sees, and a seen point within the view for each", function()
    local checked = 0
    for scene = 1, 60 do
      local w = c2d.world(16)
      local shapes = {}
      for i = 1, 14 do
        local s = random_shape(1 + (scene * 3 + i) % 8, r(-35, 35), r(-35, 35))
        -- (overlapping each other as they come; none holds the guard)
        if not s:contains(0, 0) then shapes[#shapes + 1] = w:add(s) end
      end
      local fan = scene % 2 == 0
      local radius, dir, opening = 30, r(-pi, pi), r(0.5, 3)
      local view = fan and c2d.fan(0, 0, radius, dir, opening) or c2d.disk(0, 0, radius)
      local got, points = w:visible(view)
      local listed = {}
      for i, s in ipairs(got) do
        listed[s] = true
        local x, y = points[2 * i - 1], points[2 * i]
        local others = {}
        for _, o in ipairs(shapes) do if o ~= s then others[#others + 1] = o end end
        assert.is_true(ray_sees(0, 0, x, y, s, others), ("scene %d: the point given for %s is hidden"):format(scene, tostring(s)))
        assert.is_true(view:hits(c2d.point(x, y)), ("scene %d: the point given for %s is outside the view"):format(scene, tostring(s)))
      end
      for _, s in ipairs(shapes) do
        local others = {}
        for _, o in ipairs(shapes) do if o ~= s then others[#others + 1] = o end end
        for k = 0, 1999 do
          local a = 2 * pi * k / 2000
          local dx, dy = cos(a), sin(a)
          local t = s:raycast(0, 0, dx, dy, radius)
          local inside = true
          if t and fan then
            local d = (a - dir) % (2 * pi)
            if d > pi then d = d - 2 * pi end
            inside = math.abs(d) <= opening / 2
          end
          if t and inside and ray_sees(0, 0, dx, dy, s, others) then
            assert.is_true(listed[s] == true, ("scene %d: a ray at %.6f sees %s, visible leaves it out"):format(scene, a, tostring(s)))
            checked = checked + 1
            break
          end
        end
      end
    end
    assert.is_true(checked > 100, ("only %d shapes seen by the rays"):format(checked))
  end)
end)

describe("w:sees from a shape: hand-worked", function()
  it("a segment sees a point only through a gap from the stretch of it the gap's corners bound", function()
    -- thin walls x in [40, 41] below y = -1 and above y = 1; the point (100, -40)
    -- is seen from (0, y) when the line to it passes the gap at x = 40 and 41:
    -- y < 1 + 40 * 41/60 = 28.333 (past (40, 1)), y > -1 + 41 * 39/59 = 26.102 (past (41, -1));
    -- the same about (1e6, -1e6) and (-1e9, 1e9)
    for _, o in ipairs { { 0, 0 }, { 1e6, -1e6 }, { -1e9, 1e9 } } do
      local ox, oy = o[1], o[2]
      local w = c2d.world(16)
      w:add(c2d.aabb(ox + 40, oy - 100, 1, 99)); w:add(c2d.aabb(ox + 40, oy + 1, 1, 99))
      local target = c2d.point(ox + 100, oy - 40)
      local ok, px, py, ex, ey = w:sees(c2d.segment(ox, oy, ox, oy + 100), target)
      assert.is_true(ok, ox)
      assert.are.same({ ox + 100, oy - 40, ox }, { px, py, ex })
      local slack = 1e-15 * math.abs(oy)
      assert.is_true(ey - oy < 1 + 40 * 41 / 60 + slack and ey - oy > -1 + 41 * 39 / 59 - slack, ey - oy)
      -- a stretch of the segment beyond that range sees nothing
      assert.is_false((w:sees(c2d.segment(ox, oy + 28.34, ox, oy + 100), target)))
      assert.is_false((w:sees(c2d.segment(ox, oy - 100, ox, oy + 26.1), target)))
      -- the shape's centre alone, (0, 50), does not see it
      assert.is_false((w:sees(ox, oy + 50, target)))
    end
  end)

  it("the point sight sees a Point target along the segment to it, however its direction rounds", function()
    -- the gap above: (0, y) sees (100, -40) for 26.102 < y < 28.333 (the point's
    -- own raycast would take every rounded direction toward it as passing by)
    local w = c2d.world(16)
    w:add(c2d.aabb(40, -100, 1, 99)); w:add(c2d.aabb(40, 1, 1, 99))
    local target = c2d.point(100, -40)
    for _, y in ipairs { 26.2, 26.7, 27.2, 27.7, 28.2, 28.3 } do
      local ok, px, py = w:sees(0, y, target)
      assert.is_true(ok, y)
      assert.are.same({ 100, -40 }, { px, py })
    end
    for _, y in ipairs { 26.0, 26.1, 28.34, 28.5 } do assert.is_false((w:sees(0, y, target)), y) end
  end)

  it("a disk sees over a wall up to the height of the two disks' outer tangent", function()
    -- the eye a disk of radius 15 at the origin, the target one of radius 5 at
    -- (100, 0), a wall x in [40, 50] up to y = h: the highest line through both
    -- disks is their upper outer tangent, y = (15 - x / 10) / sqrt(0.99), at x = 50
    -- 10 / sqrt(0.99) = 10.0503782
    local eye, target = c2d.disk(0, 0, 15), c2d.disk(100, 0, 5)
    local top = 10 / math.sqrt(0.99)
    for _, case in ipairs { { top - 1e-4, true }, { top + 1e-4, false } } do
      local w = c2d.world(16)
      local wall = w:add(c2d.aabb(40, -20, 10, 20 + case[1]))
      local ok, px, py, ex, ey = w:sees(eye, target)
      assert.are.equal(case[2], ok, case[1])
      if ok then
        assert.is_true(eye:distance(c2d.point(ex, ey)) < 1e-9 and target:distance(c2d.point(px, py)) < 1e-9)
        assert.is_true(ray_sees(ex, ey, px - ex, py - ey, target, { wall }))
      else
        assert.are.equal(wall, px) -- the blocker
      end
      -- the disk's centre sees nothing either way
      assert.is_false((w:sees(0, 0, target)))
    end
  end)

  it("sees where it stands when it meets the target; a Point is the point sight; a Line sees past a wall's end", function()
    local w = c2d.world(16)
    local wall = w:add(c2d.aabb(40, -20, 10, 40))
    local target = w:add(c2d.disk(100, 0, 5))
    local ok, px, py, ex, ey = w:sees(c2d.segment(90, 0, 120, 0), target)
    assert.is_true(ok)
    assert.are.same({ px, py }, { ex, ey })
    assert.is_true(target:hits(c2d.point(px, py)))
    local a, b = { w:sees(c2d.point(0, 0), target) }, { w:sees(0, 0, target) }
    assert.are.same(b, a)
    assert.are.same({ false, wall }, a)
    ok, px, py, ex, ey = w:sees(c2d.line(0, 0, 0, 1), target)
    assert.is_true(ok)
    assert.are.equal(0, ex)
    assert.is_true(ray_sees(ex, ey, px - ex, py - ey, target, { wall }))
  end)

  it("is not fooled by a blocker the eye shape overlaps, nor seen from inside one", function()
    -- a segment whose every point lies inside a box: nothing seen; one that
    -- leaves the box through its top sees over it
    local w = c2d.world(16)
    w:add(c2d.aabb(-10, -10, 20, 20))
    local target = w:add(c2d.disk(100, 0, 5))
    assert.is_false((w:sees(c2d.segment(-5, -5, 5, 5), target)))
    local ok, _, _, ex, ey = w:sees(c2d.segment(0, 0, 0, 30), target)
    assert.is_true(ok)
    assert.is_true(ey > 10 and ex == 0)
  end)
end)

describe("w:sees from a shape, on seeded scenes, against the point sight from points all round the shape", function()
  it("says seen whenever a point of the shape sees the target, and the points it gives are seen", function()
    local EYES = { "disk", "segment", "capsule", "aabb", "box", "triangle", "fan", "concave" }
    local seen_count, hidden_count = 0, 0
    for scene = 1, 60 do
      local w = c2d.world(16)
      local blockers = {}
      local ox, oy = 0, 0
      if scene % 3 == 0 then ox, oy = 1e6, -1e6 end
      local eye = common.random_shape(rng, EYES[1 + scene % 8], ox, oy + r(-10, 10), 3)
      local target = random_shape(1 + (scene * 5) % 8, ox + r(55, 70), oy + r(-15, 15))
      for i = 1, 10 do
        local s = random_shape(1 + (scene + i) % 8, ox + r(25, 45), oy + r(-30, 30))
        w:add(s)
        blockers[#blockers + 1] = s
      end
      w:add(target)
      local ok, px, py, ex, ey = w:sees(eye, target)
      -- the brute force: the point sight from points all round the eye's outline
      local out, brute = eye:outline(64), nil
      local m = math.floor(#out / 2)
      for i = 1, m do
        local x1, y1 = out[2 * i - 1], out[2 * i]
        local j = i % m + 1
        local x2, y2 = out[2 * j - 1], out[2 * j]
        for k = 0, 39 do
          local x, y = x1 + (x2 - x1) * k / 40, y1 + (y2 - y1) * k / 40
          if eye:hits(c2d.point(x, y)) and w:sees(x, y, target) then brute = { x, y } break end
        end
        if brute then break end
      end
      if brute then
        assert.is_true(ok, ("scene %d: (%.17g, %.17g) of %s sees %s, sees says no"):format(scene, brute[1], brute[2],
          tostring(eye), tostring(target)))
      end
      if ok then
        seen_count = seen_count + 1
        assert.is_true(eye:distance(c2d.point(ex, ey)) <= 1e-9 * (1 + math.abs(ox)),
          ("scene %d: the eye point is off %s"):format(scene, tostring(eye)))
        assert.is_true((w:sees(ex, ey, target)), ("scene %d: the eye point does not see"):format(scene))
        assert.is_true(ray_sees(ex, ey, px - ex, py - ey, target, blockers),
          ("scene %d: the point (%.17g, %.17g) given for %s is hidden"):format(scene, px, py, tostring(target)))
      else
        hidden_count = hidden_count + 1
      end
    end
    assert.is_true(seen_count > 10 and hidden_count > 5, ("seen %d, hidden %d"):format(seen_count, hidden_count))
  end)
end)

describe("w:visibility", function()
  it("outlines what a point sees: the disk of the radius less the walls' shadows (hand-worked)", function()
    -- one wall, x 40 to 50, y -20 to 20, in a radius of 100: its near face is
    -- on the outline, from (40, -20) to (40, 20); the points behind it are not
    -- seen, those beside it are
    local w = c2d.world(32)
    w:add(c2d.aabb(40, -20, 10, 40))
    local outline, area = w:visibility(0, 0, 100)
    assert.are.equal("Concave", area:type())
    local corners = 0
    for i = 1, #outline, 2 do
      local x, y = outline[i], outline[i + 1]
      if x == 40 and (y == -20 or y == 20) then corners = corners + 1 end
      -- every point is on the radius's circle or on the wall's face
      local dist = math.sqrt(x * x + y * y)
      assert.is_true(math.abs(dist - 100) < 1e-9 or (x == 40 and y >= -20 and y <= 20) or
        (math.abs(y / x - 0.5) < 1e-12 or math.abs(y / x + 0.5) < 1e-12), ("(%.17g, %.17g)"):format(x, y))
    end
    assert.are.equal(2, corners)
    assert.is_true(area:contains(30, 0)); assert.is_false(area:contains(60, 0))
    assert.is_true(area:contains(45, 30)); assert.is_false(area:contains(0, 101))
    -- the default tolerance, radius / 1000: the circle's chords stay within 0.1 of it
    for i = 1, #outline - 2, 2 do
      local mx, my = (outline[i] + outline[i + 2]) / 2, (outline[i + 1] + outline[i + 3]) / 2
      if math.abs(math.sqrt(outline[i] ^ 2 + outline[i + 1] ^ 2) - 100) < 1e-9 and
         math.abs(math.sqrt(outline[i + 2] ^ 2 + outline[i + 3] ^ 2) - 100) < 1e-9 then
        assert.is_true(100 - math.sqrt(mx * mx + my * my) <= 0.1 + 1e-12)
      end
    end
  end)

  it("holds the points seen and leaves out those hidden, on seeded scenes (points off the outline by 3 tolerances)", function()
    local checked = 0
    for scene = 1, 40 do
      local w = c2d.world(16)
      local shapes = {}
      for i = 1, 10 do
        local s = random_shape(1 + (scene * 5 + i) % 8, r(-35, 35), r(-35, 35))
        if not s:contains(0, 0) then shapes[#shapes + 1] = w:add(s) end
      end
      local R, tol = 40, 0.04
      local outline, area = w:visibility(0, 0, R, nil, tol)
      assert.is_truthy(area, ("scene %d: no Concave from the outline"):format(scene))
      local function seen(x, y)
        if x * x + y * y > R * R then return false end
        for _, s in ipairs(shapes) do
          if s:contains(x, y) then return false end
          local t = s:raycast(0, 0, x, y, 1)
          if t and t < 1 then return false end
        end
        return true
      end
      for _ = 1, 300 do
        local x, y = r(-R, R), r(-R, R)
        local v, stable = seen(x, y), true
        for k = 0, 7 do
          local a = k * pi / 4
          if seen(x + 3 * tol * cos(a), y + 3 * tol * sin(a)) ~= v then stable = false break end
        end
        if stable then
          checked = checked + 1
          assert.are.equal(v, area:contains(x, y), ("scene %d: (%.6f, %.6f) seen %s"):format(scene, x, y, tostring(v)))
        end
      end
      assert.is_true(#outline >= 6)
    end
    assert.is_true(checked > 5000, ("only %d points checked"):format(checked))
  end)

  it("names its arguments", function()
    local w = c2d.world(32)
    assert.has_error(function() w:visibility(0, 0, 0) end)
    assert.is_truthy(select(2, pcall(w.visibility, w, 0, 0, -1)):find("radius must be > 0", 1, true))
    assert.is_truthy(select(2, pcall(w.visibility, w, 0, 0, 10, nil, 0)):find("tolerance must be > 0", 1, true))
    assert.is_truthy(select(2, pcall(w.visibility, w, 0 / 0, 0, 10)):find("x", 1, true))
  end)
end)
