-- Walking through contacts: the World's move slides a box over tile seams and
-- onto the foot of a ramp, and keeps going up a slope, at any frame rate and
-- alignment. Every expected value is worked out by hand in the comment beside it.
local c2d = require "collide2d"
local common = require "support.common"

-- A row of n square tiles of side size along y = top, from x = 0.
local function tile_row(w, n, size, top)
  for i = 0, n - 1 do w:add(c2d.aabb(i * size, top, size, size)) end
end

describe("walking through contacts", function()
  it("slides along a row of tiles from a start on a seam (the README's example)", function()
    -- the player's left edge is on the seam at x = 240; heading for (10, 90) it
    -- presses down on the tiles (their tops at y = 100) and slides left along them
    local w = c2d.world()
    tile_row(w, 20, 16, 100)
    local player = w:add(c2d.aabb(240, 84, 12, 16))
    local x, y = w:move(player, 10, 90)
    assert.same({ 10, 84 }, { x, y })
  end)

  for _, fps in ipairs { 10, 30, 60, 144 } do
    for _, speed in ipairs { 60, 120, 240 } do
      for _, start in ipairs { 5000, 5000.375 } do
        for _, variable in ipairs { false, true } do
          it(("a walker on a tile row advances speed * dt every frame: %d fps%s, %d px/s, start %s")
            :format(fps, variable and " (variable dt)" or "", speed, start), function()
            -- 24-px box resting on 16-px tiles (tops at y = 100), falling 1 px a
            -- frame onto them and walking left: the tiles stop the fall at
            -- once, and the walk goes on by exactly speed * dt, seams or not
            local w = c2d.world()
            tile_row(w, 400, 16, 100) -- 6,400 px: more than the longest walk (120 frames of 36 px)
            local box = w:add(c2d.aabb(start, 76, 24, 24))
            local r = common.lcg(fps)
            for frame = 1, 120 do
              local dt = 1 / fps
              if variable then dt = dt * (0.5 + r.u()) end
              local x, y = box:position()
              local nx, ny = w:move(box, x - speed * dt, y + 1)
              assert.is_true(math.abs(nx - (x - speed * dt)) <= 1e-9 * math.abs(x), ("frame %d: x %.17g from %.17g"):format(frame, nx, x))
              assert.are.equal(76, ny)
            end
          end)
        end
      end
    end
  end

  it("slides up a wall of stacked tiles while pressing into it", function()
    -- a 12-px box against the left faces (x = 100) of a column of 16-px
    -- tiles, heading up 2 and into them 1 a frame: up by exactly 2 each frame
    local w = c2d.world()
    for i = 0, 49 do w:add(c2d.aabb(100, i * 16, 16, 16)) end
    local box = w:add(c2d.aabb(88, 700, 12, 12))
    for frame = 1, 200 do
      local x, y = box:position()
      local nx, ny = w:move(box, x + 1, y - 2)
      assert.same({ 88, 700 - 2 * frame }, { nx, ny })
    end
  end)

  it("walks onto the foot of a ramp level with the floor, up its slope", function()
    -- a 32-px box on the floor (top y = 288), its right side at the ramp's
    -- foot (288, 288); the ramp rises at 45 degrees to (320, 256). Moving
    -- right by 10, the free motion nearest (10, 0) runs up the ramp: (5, -5)
    local w = c2d.world()
    w:add(c2d.aabb(224, 288, 96, 32))
    w:add(c2d.triangle(320, 256, 320, 288, 288, 288))
    local box = w:add(c2d.aabb(256, 256, 32, 32))
    local x, y, cols, len = w:move(box, 266, 256)
    assert.is_true(math.abs(x - 261) <= 1e-9 and math.abs(y - 251) <= 1e-9, ("ended at (%.17g, %.17g)"):format(x, y))
    assert.are.equal(1, len)
    -- the normal of the ramp's face, (-1, -1) / sqrt(2)
    assert.is_true(math.abs(cols[1].nx + math.sqrt(0.5)) <= 1e-12 and math.abs(cols[1].ny + math.sqrt(0.5)) <= 1e-12)
  end)

  it("a box walking with gravity climbs the ramp at a tile floor's end, frame after frame", function()
    -- the reproducer: 32-px tiles at y = 512, a ramp from (320, 512) up to
    -- (352, 480), a 20 x 36 player walking right at 120 px/s under gravity:
    -- it gets onto the ramp and climbs (its bottom rises above the floor)
    local w = c2d.world(64)
    tile_row(w, 20, 32, 512)
    w:add(c2d.triangle(320, 512, 352, 512, 352, 480))
    local player = w:add(c2d.aabb(200, 476, 20, 36))
    local dt, vy, stalled = 1 / 60, 0, 0
    for _ = 1, 60 do
      vy = vy + 600 * dt
      local x, y = player:position()
      local nx, _, cols, len = w:move(player, x + 120 * dt, y + vy * dt)
      for i = 1, len do if cols[i].ny < 0 then vy = 0 end end
      if nx <= x then stalled = stalled + 1 end
    end
    local x, y = player:position()
    assert.are.equal(0, stalled)
    assert.is_true(x > 305 and y < 476 - 5, ("at (%g, %g)"):format(x, y))
    -- on the ramp: its bottom-right corner on the slope y = 512 - (x - 320)
    assert.is_true(math.abs((y + 36) - (512 - (x + 20 - 320))) <= 1e-9, ("at (%g, %g)"):format(x, y))
  end)

  it("keeps sliding up one slope: a disk pressing into a 10-degree slope never stalls", function()
    -- a slope rising to the right at 10 degrees; a disk on it pushed right and
    -- down each frame slides up along it, and every frame gets somewhere
    local w = c2d.world()
    local a = math.rad(10)
    w:add(c2d.polygon(0, 0, 1000, -1000 * math.tan(a), 1000, 100, 0, 100))
    local r = 5
    local disk = w:add(c2d.disk(100, -100 * math.tan(a) - r / math.cos(a), r))
    for frame = 1, 300 do
      local x, y = disk:position()
      local nx, ny = w:move(disk, x + 2, y + 1)
      assert.is_true(nx > x, "frame " .. frame)
      -- on the slope: the centre r above it along the normal
      local above = (-(nx) * math.tan(a) - ny) * math.cos(a)
      assert.is_true(math.abs(above - r) <= 1e-9, ("frame %d: %.17g above"):format(frame, above))
    end
  end)
end)
