-- The character controller (c2d.controller), one-way shapes, sensors and
-- events. Each expected value is worked out by hand from the level's numbers
-- in the comment beside it; where a value comes from a formula (a slope's
-- height at x), the formula is written out.
local c2d = require "collide2d"
local common = require "support.common"

local DT = 1 / 60
local rad, tan, abs = math.rad, math.tan, math.abs

-- A mover of each kind, about 16 wide and 32 tall, its lowest point at (x, y).
local movers = {
  AABB = function(x, y) return c2d.aabb(x - 8, y - 32, 16, 32) end,
  Box = function(x, y) return c2d.box(x, y - 16, 16, 32, 0) end,
  Disk = function(x, y) return c2d.disk(x, y - 8, 8) end,
  Capsule = function(x, y) return c2d.capsule(x, y - 24, x, y - 8, 8) end,
  Polygon = function(x, y) return c2d.polygon(x - 4, y, x + 4, y, x + 8, y - 8, x + 8, y - 24, x + 4, y - 32,
                                              x - 4, y - 32, x - 8, y - 24, x - 8, y - 8) end,
  -- an 8 x 24 core rounded by 4: 16 x 32 with round corners
  RoundedBox = function(x, y) return c2d.box(x, y - 16, 8, 24, 0, 4) end,
}
local kinds = { "AABB", "Box", "Disk", "Capsule", "Polygon", "RoundedBox" }

-- Let the mover fall onto what is under it; true once grounded.
local function settle(ctl)
  for _ = 1, 120 do
    ctl:move(0, 8)
    if ctl:isGrounded() then return true end
  end
  return false
end

-- Does s rest on the world's shapes: within rounding (1e-9 of the level's
-- size, 1e3) of one of them, overlapping none by more.
local function resting(w, s)
  local x0, y0, x1, y1 = s:bbox()
  local nearest = math.huge
  for _, o in ipairs(w:queryRect(x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2)) do
    if o ~= s then
      local _, _, depth = s:contact(o)
      assert(depth == nil or depth <= 1e-6, "overlaps by " .. tostring(depth))
      nearest = math.min(nearest, (s:distance(o)))
    end
  end
  return nearest <= 1e-6
end

-- A mover of the kind, put at (20, 390) on the level level(w) builds, walks
-- right at 60 px/s (1 px a frame) for 2,900 frames with gravity: each frame x
-- grows by exactly speed * dt, and the mover stays grounded and resting.
local function walk(level, kind)
  local w = c2d.world(64)
  level(w)
  local s = w:add(movers[kind](20, 390))
  local ctl = c2d.controller(w, s, { snap = 8, maxSlope = rad(50) })
  assert.is_true(settle(ctl))
  local speed = 60
  for frame = 1, 2900 do
    local x0 = s:position()
    local x = ctl:move(speed * DT, 900 * DT * DT)
    assert.is_true(abs(x - (x0 + speed * DT)) <= 1e-9 * abs(x0), ("frame %d: x %.17g after %.17g"):format(frame, x, x0))
    assert.is_true(ctl:isGrounded(), "grounded at frame " .. frame)
    assert.is_true(resting(w, s), "resting at frame " .. frame)
  end
end

describe("controller", function()
  describe("walking a level of tiles, ramps and a Concave hill", function()
    -- Period of 600 px along x: tiles of 32 px from 0 to 200 (top y = 400), a
    -- triangle ramp up at 30 degrees from x = 200 to 300 (top 400 - 100 tan 30),
    -- a plateau of tiles from 300 to 400, then a Concave hill coming back down at
    -- 30 degrees from 400 to 500, and tiles from 500 to 600. Five periods.
    local rise = 100 * tan(rad(30))
    local function level(w)
      for p = 0, 4 do
        local o = 600 * p
        for i = 0, 5 do w:add(c2d.aabb(o + i * 32, 400, 32, 32)) end
        w:add(c2d.aabb(o + 192, 400, 8, 32))
        w:add(c2d.triangle(o + 200, 400, o + 300, 400, o + 300, 400 - rise))
        for i = 0, 3 do w:add(c2d.aabb(o + 300 + i * 25, 400 - rise, 25, 32 + rise)) end
        w:add(c2d.concave(o + 400, 400 - rise, o + 500, 400, o + 500, 432, o + 400, 432))
        for i = 0, 3 do w:add(c2d.aabb(o + 500 + i * 25, 400, 25, 32)) end
      end
    end
    for _, kind in ipairs(kinds) do
      it(kind .. ": 2,900 frames, x by exactly speed * dt each frame, always grounded and resting on the level", function()
        walk(level, kind)
      end)
    end
  end)

  describe("walking one tile layer: a floor, 1:2 ramps up, plateaus, 45-degree slopes down", function()
    -- 100 x 2 tiles of 32 from (0, 368): the floor row (y 400..432) full, and the
    -- row above it repeating, every 10 tiles (320 px): 3 empty, a 1:2 ramp up over
    -- two tiles (from y 400 to 368), 3 plateau tiles (top 368), a 45-degree slope
    -- down to the floor, 1 empty. Every seam is between two tiles of one shape.
    local function level(w)
      local row = ("...lh###\\."):rep(10)
      return w:add(c2d.tiles(0, 368, 32, 32, 100, 2, row .. ("#"):rep(100),
        { ["#"] = "full", l = "ramp-br-low", h = "ramp-br-high", ["\\"] = "slope-bl" }))
    end
    for _, kind in ipairs(kinds) do
      it(kind .. ": 2,900 frames, x by exactly speed * dt each frame, always grounded and resting on the layer", function()
        walk(level, kind)
      end)
    end
  end)

  describe("slopes", function()
    -- A slope rising to the right at angle a from x = 100 (its foot on a floor
    -- at y = 300), 200 px across.
    local function slope_world(a)
      local w = c2d.world(64)
      w:add(c2d.aabb(0, 300, 100, 50))
      w:add(c2d.polygon(100, 300, 300, 300 - 200 * tan(a), 300, 350, 100, 350))
      return w
    end
    for _, deg in ipairs { 10, 20, 30, 40, 50 } do
      for _, kind in ipairs(kinds) do
        it(("%s walks up a %d-degree slope at the speed asked across, and stands on it without creeping"):format(kind, deg), function()
          local a = rad(deg)
          local w = slope_world(a)
          local s = w:add(movers[kind](60, 298))
          local ctl = c2d.controller(w, s, { snap = 8, maxSlope = rad(50) + 1e-9 })
          assert.is_true(settle(ctl))
          for frame = 1, 120 do
            local x0 = s:position()
            local x = ctl:move(1, 0.5)
            assert.is_true(abs(x - (x0 + 1)) <= 1e-9 * abs(x0), ("frame %d: %.17g after %.17g"):format(frame, x, x0))
            assert.is_true(ctl:isGrounded())
          end
          -- well up the slope now: no input, gravity only, for 300 frames: it stays
          -- (to the rounding of keeping to the ground)
          local x1, y1 = s:position()
          assert.is_true(x1 > 110)
          for _ = 1, 300 do ctl:move(0, 0.5) end
          local x2, y2 = s:position()
          assert.is_true(abs(x2 - x1) <= 1e-9 and abs(y2 - y1) <= 1e-9, ("moved by (%g, %g)"):format(x2 - x1, y2 - y1))
        end)
      end
    end
    for _, kind in ipairs(kinds) do
      it(kind .. " stops at a 60-degree slope, a wall to it", function()
        local w = slope_world(rad(60))
        local s = w:add(movers[kind](60, 298))
        local ctl = c2d.controller(w, s, { snap = 8, maxSlope = rad(50) })
        assert.is_true(settle(ctl))
        local last
        for _ = 1, 100 do last = ctl:move(2, 0.5) end
        local x = s:position()
        assert.are.equal(last, x)
        local again = ctl:move(2, 0.5)
        assert.are.equal(x, again) -- no further
        assert.is_not_nil(ctl:wall())
        assert.is_true(ctl:isGrounded())
      end)
    end
  end)

  describe("the top of a slope", function()
    for _, kind in ipairs(kinds) do
      it(kind .. " walks off the top of a ramp onto the flat ground level with it, with step 0", function()
        -- a 30-degree ramp from (300, 400) up to (400, 400 - 100 tan 30), a
        -- plateau from there level with its top: walking right at 2 px a
        -- frame, x grows by exactly 2 every frame, up and over the seam
        local w = c2d.world(64)
        local top = 400 - 100 * tan(rad(30))
        w:add(c2d.aabb(0, 400, 700, 40))
        w:add(c2d.triangle(300, 400, 400, 400, 400, top))
        w:add(c2d.aabb(400, top, 300, 400 - top))
        local s = w:add(movers[kind](250, 398))
        local ctl = c2d.controller(w, s, { snap = 8, maxSlope = rad(50) })
        assert.is_true(settle(ctl))
        for frame = 1, 150 do
          local x0 = s:position()
          local x = ctl:move(2, 0.5)
          assert.is_true(abs(x - (x0 + 2)) <= 1e-9 * abs(x0), ("frame %d: x %.17g after %.17g"):format(frame, x, x0))
          assert.is_true(ctl:isGrounded(), "grounded at frame " .. frame)
        end
        local _, _, _, bottom = s:bbox()
        assert.is_true(abs(bottom - top) <= 1e-9, ("on the plateau: bottom %.17g, top %.17g"):format(bottom, top))
      end)
    end
  end)

  describe("ledges", function()
    for _, h in ipairs { 4, 8, 10 } do
      it(("an AABB steps up a %d-px ledge when step is 8, or stops at it"):format(h), function()
        -- floor top y = 300 up to x = 200; the ledge's top y = 300 - h beyond
        local w = c2d.world(64)
        w:add(c2d.aabb(0, 300, 200, 20))
        w:add(c2d.aabb(200, 300 - h, 200, 20 + h))
        local s = w:add(c2d.aabb(100, 268, 16, 32))
        local ctl = c2d.controller(w, s, { step = 8, snap = 8 })
        assert.is_true(settle(ctl))
        for _ = 1, 100 do ctl:move(2, 0.5) end
        local x, y = s:position()
        if h <= 8 then
          assert.are.same({ 300, 268 - h }, { x, y }) -- 100 + 100 * 2, on the ledge
        else
          assert.are.same({ 184, 268 }, { x, y }) -- against its side, 200 - 16
          assert.are.same({ -1, 0 }, { ctl:wall() })
        end
      end)
    end
  end)

  describe("a rounded box at a step, with step 0", function()
    -- An 8 x 24 core rounded by 4, walking right on a floor (top y = 300) to a
    -- step h high at x = 200. Its bottom right arc meets the step's corner
    -- with a normal (4 - h)/4 = cos of its angle from up: ground up to
    -- maxSlope 50 degrees, h <= 4 (1 - cos 50) = 1.43, which it climbs at
    -- full speed (at x = 100 + 100 * 2 = 300, its bottom on the step, 300 - h);
    -- a wall beyond, where it stops with its arc's centre (x + 4, 296) 4 from
    -- the corner (200, 300 - h): x = 196 - sqrt(16 - (4 - h)^2).
    for _, h in ipairs { 0.5, 1, 1.4, 1.5, 2, 3 } do
      it(("climbs a %g-px step on its round corner or stops at it"):format(h), function()
        local w = c2d.world(64)
        w:add(c2d.aabb(0, 300, 200, 20))
        w:add(c2d.aabb(200, 300 - h, 200, 20 + h))
        local s = w:add(c2d.box(100, 284, 8, 24, 0, 4))
        local ctl = c2d.controller(w, s, { snap = 8 })
        assert.is_true(settle(ctl))
        for _ = 1, 100 do ctl:move(2, 0.5) end
        local x, y = s:position()
        if h <= 4 * (1 - math.cos(rad(50))) then
          assert.is_true(abs(x - 300) <= 1e-9 and abs(y - (284 - h)) <= 1e-9, ("at (%.17g, %.17g)"):format(x, y))
        else
          local want = 196 - math.sqrt(16 - (4 - h) ^ 2)
          assert.is_true(abs(x - want) <= 1e-9 and abs(y - 284) <= 1e-9, ("at (%.17g, %.17g), want x %.17g"):format(x, y, want))
          assert.is_not_nil(ctl:wall())
        end
      end)
    end
  end)

  describe("one-way platforms", function()
    it("are jumped through from below, landed on from above, and dropped through", function()
      -- floor top 300; a one-way platform 240..248; an AABB 32 tall
      local w = c2d.world(64)
      w:add(c2d.aabb(0, 300, 400, 20))
      local plat = w:add(c2d.aabb(0, 240, 400, 8))
      w:setOneWay(plat)
      assert.are.same({ 0, -1 }, { w:getOneWay(plat) })
      local s = w:add(c2d.aabb(100, 268, 16, 32))
      local ctl = c2d.controller(w, s, { snap = 4 })
      assert.is_true(settle(ctl))
      -- jump: 60 px up in one move goes through the platform from below
      ctl:move(0, -60)
      local _, y = s:position()
      assert.are.equal(208, y)
      assert.is_false(ctl:isGrounded())
      -- fall back: it lands on the platform's top (240 - 32)
      for _ = 1, 10 do ctl:move(0, 4) end
      _, y = s:position()
      assert.are.equal(208, y)
      assert.is_true(ctl:isGrounded())
      assert.are.equal(plat, (ctl:ground()))
      -- drop through, then fall to the floor
      ctl:move(0, 4, nil, true)
      for _ = 1, 20 do ctl:move(0, 4) end
      _, y = s:position()
      assert.are.equal(268, y)
      -- solid all round again
      w:setOneWay(plat, false)
      assert.is_nil(w:getOneWay(plat))
    end)
  end)

  describe("moving platforms", function()
    it("carry a rider, which drifts less than 1e-9 from its place on it over 10 s", function()
      local w = c2d.world(64)
      local plat = w:add(c2d.aabb(100, 300, 100, 10))
      local s = w:add(c2d.aabb(140, 268, 16, 32))
      local ctl = c2d.controller(w, s, { snap = 2 })
      assert.is_true(settle(ctl))
      local px, py = plat:position()
      local x, y = s:position()
      local dx0, dy0 = x - px, y - py
      for f = 1, 600 do
        plat:move(1.25, math.sin(f / 30) * 0.5)
        ctl:move(0, 0.25)
        px, py = plat:position()
        x, y = s:position()
        assert.is_true(abs((x - px) - dx0) < 1e-9 and abs((y - py) - dy0) < 1e-9, ("frame %d: off by (%g, %g)"):format(f, x - px - dx0, y - py - dy0))
        assert.is_true(ctl:isGrounded())
      end
    end)

    it("turn a rider with them", function()
      -- a 200 x 10 Box centred at (200, 300) turning about its centre, 0.002
      -- rad a frame: a disk rider 30 to the right of the centre goes round
      -- with it, staying 30 along the platform from the centre and on top
      local w = c2d.world(64)
      local plat = w:add(c2d.box(200, 300, 200, 10, 0))
      local s = w:add(c2d.disk(230, 290, 5))
      local ctl = c2d.controller(w, s, { snap = 4 })
      assert.is_true(settle(ctl))
      for f = 1, 100 do
        plat:rotate(0.002)
        ctl:move(0, 0.25)
        local a = 0.002 * f
        local x, y = s:position()
        -- along the platform, and above it (centre 5 + 5 from its middle line)
        local along = (x - 200) * math.cos(a) + (y - 300) * math.sin(a)
        local above = -(x - 200) * math.sin(a) + (y - 300) * math.cos(a)
        assert.is_true(abs(along - 30) < 1e-6 and abs(above + 10) < 1e-6, ("frame %d: %.17g along, %.17g above"):format(f, along, above))
        assert.is_true(ctl:isGrounded())
      end
    end)

    it("push a mover they move into out of the way", function()
      -- a wall slides 10 px into a standing mover: it is pushed 10 px aside
      local w = c2d.world(64)
      w:add(c2d.aabb(0, 300, 400, 20))
      local wall = w:add(c2d.aabb(50, 200, 40, 100))
      local s = w:add(c2d.aabb(100, 268, 16, 32))
      local ctl = c2d.controller(w, s, { snap = 4 })
      assert.is_true(settle(ctl))
      wall:move(20, 0) -- its right side at 110: 10 into the mover
      ctl:move(0, 0.25)
      assert.are.same({ 110, 268 }, { s:position() })
    end)
  end)

  describe("responses and filters", function()
    it("a mover passes through sensors, which queries and collisions still list", function()
      local w = c2d.world()
      w:add(c2d.aabb(0, 300, 400, 20))
      local coin = w:add(c2d.disk(150, 290, 6))
      w:setSensor(coin)
      assert.is_true(w:isSensor(coin))
      local s = w:add(c2d.aabb(100, 268, 16, 32))
      local x, y, cols, len = w:move(s, 140, 268) -- onto the coin (144..156)
      assert.are.same({ 140, 268 }, { x, y })
      for i = 1, len do assert.are_not.equal(coin, cols[i].other) end
      assert.are.same({ s }, w:query(coin))
      x, y = w:move(s, 200, 268)
      assert.are.same({ 200, 268 }, { x, y })
    end)

    it("move takes a mask: only shapes whose category shares a bit are met", function()
      local w = c2d.world()
      w:add(c2d.aabb(50, 0, 10, 100), 2)
      w:add(c2d.aabb(80, 0, 10, 100), 4)
      local s = w:add(c2d.aabb(0, 0, 10, 10))
      local x, y = w:check(s, 100, 0)
      assert.are.same({ 40, 0 }, { x, y }) -- the first wall, left side at 50
      x, y = w:check(s, 100, 0, 4)
      assert.are.same({ 70, 0 }, { x, y }) -- only category 4: the second
    end)

    it("a response of one's own can hand the collision to the built-in slide", function()
      local w = c2d.world()
      w:add(c2d.aabb(0, 100, 200, 20))
      local s = w:add(c2d.aabb(0, 80, 10, 10))
      w:addResponse("mine", function(world, col, _x, _y, goalX, goalY) return world:slide(col, goalX, goalY) end)
      -- heading for (50, 110): it rests on the floor (top 100, so y 90 when touching)
      local x, y = w:move(s, 50, 110, function() return "mine" end)
      assert.are.same({ 50, 90 }, { x, y })
      -- at (5, 90) on normal (0, -1), heading 10 down to (5, 100): bounced 10 up from (5, 90)
      assert.are.same({ 5, 80 }, { w:bounce({ x = 5, y = 90, nx = 0, ny = -1 }, 5, 100) })
    end)
  end)

  describe("events", function()
    it("report the pairs that began and ended touching, as a brute force over hits finds them", function()
      local w = c2d.world(32)
      local shapes = {}
      local rnd = common.lcg(7).u
      for i = 1, 40 do
        shapes[i] = w:add(c2d.disk(rnd() * 200, rnd() * 200, 5 + rnd() * 10))
        if i <= 8 then w:setSensor(shapes[i]) end
      end
      local prev = {}
      local began, ended = {}, {}
      local index = {}
      for i, sh in ipairs(shapes) do index[sh] = i end
      local function key(a, b) return index[a] .. "|" .. index[b] end
      for step = 1, 200 do
        for i = 1, #shapes do shapes[i]:move(rnd() * 8 - 4, rnd() * 8 - 4) end
        if step == 100 then w:remove(shapes[40]) table.remove(shapes, 40) end
        local b, nb, e, ne = w:events(began, ended)
        assert.are.equal(began, b)
        assert.are.equal(ended, e)
        local now, want_b, want_e = {}, {}, {}
        for i = 1, #shapes do
          for j = i + 1, #shapes do
            if shapes[i]:hits(shapes[j]) then now[shapes[i]] = now[shapes[i]] or {}; now[shapes[i]][shapes[j]] = true end
          end
        end
        for a, t in pairs(now) do for o in pairs(t) do if not (prev[a] and prev[a][o]) then want_b[key(a, o)] = true end end end
        for a, t in pairs(prev) do for o in pairs(t) do if not (now[a] and now[a][o]) then want_e[key(a, o)] = true end end end
        local got_b, got_e = {}, {}
        for k = 1, nb do got_b[key(b[2 * k - 1], b[2 * k])] = true end
        for k = 1, ne do got_e[key(e[2 * k - 1], e[2 * k])] = true end
        assert.are.same(want_b, got_b, "began at step " .. step)
        assert.are.same(want_e, got_e, "ended at step " .. step)
        assert.is_nil(b[2 * nb + 1])
        prev = now
      end
    end)
  end)
end)

describe("controller options: bad values", function()
  it("are errors naming the option, at the options' argument", function()
    local w = c2d.world(32)
    local s = w:add(c2d.aabb(0, 0, 10, 10))
    local function message(opts)
      local ok, err = pcall(c2d.controller, w, s, opts)
      assert.is_false(ok)
      return err
    end
    assert.are.equal("bad argument #3 to 'controller' (options.maxSlope must be a finite number)", message { maxSlope = "a" })
    assert.are.equal("bad argument #3 to 'controller' (options.step must be a finite number)", message { step = 0 / 0 })
    assert.are.equal("bad argument #3 to 'controller' (options.snap must be a finite number)", message { snap = 1 / 0 })
    assert.are.equal("bad argument #3 to 'controller' (options.up[1] must be a finite number)", message { up = { "a", 1 } })
    assert.are.equal("bad argument #3 to 'controller' (options.up[2] must be a finite number)", message { up = { 1 } })
    assert.are.equal("bad argument #3 to 'controller' (options.up must be a direction {x, y})", message { up = 5 })
    assert.are.equal("bad argument #3 to 'controller' (maxSlope must be in [0, pi/2])", message { maxSlope = 2 })
    -- and through ctl:set, at its own argument
    local ctl = c2d.controller(w, s)
    local ok, err = pcall(ctl.set, ctl, { step = "x" })
    assert.is_false(ok)
    assert.is_truthy(err:find("options.step must be a finite number", 1, true), err)
  end)
end)
