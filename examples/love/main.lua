-- collide2d in LÖVE: every seed scenario as a playable scene (make love-demo).
-- Tab switches scenes; each scene shows its keys and its live answers.
local cpath, path = os.getenv("COLLIDE2D_CPATH"), os.getenv("COLLIDE2D_PATH")
if cpath then package.cpath = cpath .. ";" .. package.cpath end
if path then package.path = path .. ";" .. package.path end

local c2d = require "collide2d"
local draw = require "collide2d.draw"

local lg = love.graphics
local WHITE, RED, GREY, GREEN = { 1, 1, 1 }, { 1, 0.3, 0.3 }, { 0.5, 0.5, 0.5 }, { 0.3, 1, 0.4 }
local scenes, current = {}, 1

local shots = os.getenv("COLLIDE2D_SHOTS") -- make love-shot: a picture of each scene, then quit
local shot_frame = 0

local function held(k) return love.keyboard.isDown(k) end
-- The mouse, or (taking pictures, with no one at the mouse) a fixed spot.
local function mouse()
  if shots then return 130, 470 end
  return love.mouse.getPosition()
end
local function color(c) lg.setColor(c[1], c[2], c[3]) end

-- 1. A disk against a triangle (the region-code method): H/J/K/L move, R turns, S/T scale.
scenes[1] = {
  name = "disk vs triangle",
  keys = "H/J/K/L move the disk, R turns the triangle, S/T scale it",
  load = function(s)
    s.disk = c2d.disk(250, 300, 40)
    s.tri = c2d.triangle(400, 200, 560, 420, 330, 430)
  end,
  update = function(s, dt)
    local v = 200 * dt
    if held("h") then s.disk:move(-v, 0) end
    if held("l") then s.disk:move(v, 0) end
    if held("k") then s.disk:move(0, -v) end
    if held("j") then s.disk:move(0, v) end
    if held("r") then s.tri:rotate(dt) end
    if held("s") then s.tri:scale(1 + dt) end
    if held("t") then s.tri:scale(1 / (1 + dt)) end
  end,
  draw = function(s)
    local hit = s.disk:hits(s.tri)
    color(hit and RED or WHITE)
    draw.draw(s.tri)
    draw.draw(s.disk)
    local d = s.disk:distance(s.tri)
    return ("hits: %s   distance: %.2f"):format(tostring(hit), d)
  end,
}

-- 2. A point against a fan (a field of view): arrows move, A/D open, Q/E turn.
scenes[2] = {
  name = "point vs fan",
  keys = "arrows move the point, A/D change the opening, Q/E turn the fan",
  load = function(s)
    s.x, s.y = 500, 250
    s.fan = c2d.fan(350, 300, 220, -0.3, math.rad(60))
  end,
  update = function(s, dt)
    local v = 200 * dt
    if held("left") then s.x = s.x - v end
    if held("right") then s.x = s.x + v end
    if held("up") then s.y = s.y - v end
    if held("down") then s.y = s.y + v end
    local x, y, r, dir, open = s.fan:unpack()
    if held("a") then open = math.max(0, open - dt) end
    if held("d") then open = math.min(2 * math.pi, open + dt) end
    if held("q") then dir = dir - dt end
    if held("e") then dir = dir + dt end
    s.fan:set(x, y, r, dir, open)
  end,
  draw = function(s)
    local hit = s.fan:contains(s.x, s.y)
    color(hit and RED or WHITE)
    draw.draw(s.fan)
    lg.circle("fill", s.x, s.y, 4)
    local _, _, _, _, open = s.fan:unpack()
    return ("contains: %s   opening: %.0f degrees"):format(tostring(hit), math.deg(open))
  end,
}

-- 3. Two capsules: W/A/S/D move one, R turns it; the contact is drawn.
scenes[3] = {
  name = "capsule vs capsule",
  keys = "W/A/S/D move the left capsule, R turns it",
  load = function(s)
    s.a = c2d.capsule(200, 250, 320, 330, 30)
    s.b = c2d.capsule(450, 200, 460, 420, 45)
  end,
  update = function(s, dt)
    local v = 200 * dt
    if held("a") then s.a:move(-v, 0) end
    if held("d") then s.a:move(v, 0) end
    if held("w") then s.a:move(0, -v) end
    if held("s") then s.a:move(0, v) end
    if held("r") then s.a:rotate(dt) end
  end,
  draw = function(s)
    local hit = s.a:hits(s.b)
    color(hit and RED or WHITE)
    draw.draw(s.a)
    draw.draw(s.b)
    if hit then color(GREEN); draw.contact(s.a, s.b) end
    local d = s.a:distance(s.b)
    return ("hits: %s   distance: %.2f"):format(tostring(hit), d)
  end,
}

-- 4. A fast AABB swept against another: W/A/S/D aim the motion; the time of impact is drawn.
scenes[4] = {
  name = "swept AABB",
  keys = "W/A/S/D change the motion; the swept path, the stop and its normal are drawn",
  load = function(s)
    s.a = c2d.aabb(120, 260, 50, 40)
    s.b = c2d.aabb(480, 180, 60, 220)
    s.dx, s.dy = 600, 40
  end,
  update = function(s, dt)
    local v = 300 * dt
    if held("a") then s.dx = s.dx - v end
    if held("d") then s.dx = s.dx + v end
    if held("w") then s.dy = s.dy - v end
    if held("s") then s.dy = s.dy + v end
  end,
  draw = function(s)
    color(GREY)
    draw.draw(s.b)
    color(WHITE)
    draw.draw(s.a)
    color(GREEN)
    local t = draw.sweep(s.a, s.dx, s.dy, s.b)
    return t and ("time of impact t = %.3f"):format(t) or "no touch in the step"
  end,
}

-- 5. A circle against a segment and a line: the mouse moves the circle.
scenes[5] = {
  name = "circle vs segment and line",
  keys = "the mouse moves the circle",
  load = function(s)
    s.disk = c2d.disk(300, 300, 35)
    s.seg = c2d.segment(150, 150, 450, 250)
    s.line = c2d.line(100, 500, 700, 380)
  end,
  update = function(s)
    local mx, my = mouse()
    s.disk:moveTo(mx + 170, my - 255)
  end,
  draw = function(s)
    local hs, hl = s.disk:hits(s.seg), s.disk:hits(s.line)
    color(hs and RED or WHITE); draw.draw(s.seg)
    color(hl and RED or WHITE); draw.draw(s.line)
    color((hs or hl) and RED or WHITE); draw.draw(s.disk)
    return ("segment: %s   line: %s"):format(tostring(hs), tostring(hl))
  end,
}

-- 6. A ray from the mouse toward the centre: the first shape of a world it meets.
scenes[6] = {
  name = "ray",
  keys = "the mouse is the ray's start; it points at the centre of the screen",
  load = function(s)
    s.world = c2d.world(64)
    s.world:add(c2d.disk(400, 300, 50))
    s.world:add(c2d.box(300, 200, 80, 40, 0.5))
    s.world:add(c2d.triangle(480, 380, 560, 300, 600, 420))
    s.world:add(c2d.fan(250, 400, 90, 0, 1.2))
    s.world:add(c2d.capsule(500, 150, 620, 180, 20))
  end,
  update = function() end,
  draw = function(s)
    local mx, my = mouse()
    local dx, dy = 400 - mx, 300 - my
    color(GREY)
    draw.drawWorld(s.world)
    local shape, t, nx, ny = s.world:raycast(mx, my, dx, dy, 2)
    color(GREEN)
    draw.ray(mx, my, dx, dy, t, nx, ny)
    if shape then color(RED); draw.draw(shape) end
    return shape and ("first hit: %s at t = %.3f"):format(shape:type(), t) or "no hit"
  end,
}

-- 7. A World: a few hundred shapes, a player that slides along tile floors with w:move.
scenes[7] = {
  name = "world",
  keys = "left/right walk, up jumps; the player slides along the tiles",
  load = function(s)
    s.world = c2d.world(32)
    for i = 0, 24 do s.world:add(c2d.aabb(i * 32, 520, 32, 32)) end
    for i = 5, 10 do s.world:add(c2d.aabb(i * 32, 400, 32, 32)) end
    for i = 14, 20 do s.world:add(c2d.aabb(i * 32, 300, 32, 32)) end
    s.world:add(c2d.triangle(600, 520, 760, 520, 760, 420)) -- a slope
    -- a ledge with two legs, one concave outline (held as convex pieces)
    s.world:add(c2d.concave(40, 330, 150, 330, 150, 390, 125, 390, 125, 355, 65, 355, 65, 390, 40, 390))
    local r = love.math.newRandomGenerator(3)
    for _ = 1, 300 do
      s.world:add(c2d.disk(r:random(20, 780), r:random(20, 260), r:random(2, 5)), 2, 0) -- scenery: no collisions
    end
    s.player = s.world:add(c2d.capsule(100, 470, 100, 490, 12), 1, 1)
    s.vy = 0
  end,
  update = function(s, dt)
    local x, y = s.player:position()
    local vx = (held("left") and -180 or 0) + (held("right") and 180 or 0)
    s.vy = math.min(s.vy + 900 * dt, 900)
    local ax, ay, cols, len = s.world:move(s.player, x + vx * dt, y + s.vy * dt)
    for i = 1, len do
      if cols[i].ny < -0.5 then
        s.vy = 0
        if held("up") then s.vy = -450 end
      elseif cols[i].ny > 0.5 then
        s.vy = 0
      end
    end
    if ay > 700 then s.player:moveTo(100, 470); s.vy = 0 end
    s.x, s.y = ax, ay
  end,
  draw = function(s)
    draw.drawWorld(s.world, { color = function(shape)
      if shape == s.player then return 1, 0.3, 0.3 end
      if shape:type() == "Disk" then return 0.4, 0.4, 0.5 end
      return 1, 1, 1
    end })
    return ("player at (%.0f, %.0f)   %d shapes"):format(s.x or 0, s.y or 0, s.world:count())
  end,
}

-- 8. A platformer: a controller walks a tile layer (a floor, a 1:2 ramp up, a
-- plateau, a slope down: one shape, no seams), steps up a ledge, jumps through
-- one-way platforms, rides a moving one, and picks up coins.
scenes[8] = {
  name = "platformer",
  keys = "left/right walk, up jumps, down drops through a one-way platform",
  load = function(s)
    local w = c2d.world(32)
    s.world = w
    -- 25 x 2 tiles of 32 from (0, 488): a ramp up (l, h), a plateau (#), a slope down (\\)
    s.level = w:add(c2d.tiles(0, 488, 32, 32, 25, 2,
      ".....lh####\\............." ..
      "#########################",
      { ["#"] = "full", l = "ramp-br-low", h = "ramp-br-high", ["\\"] = "slope-bl" }))
    w:add(c2d.aabb(520, 512, 80, 8))                                        -- a ledge to step up
    s.oneway = {}
    for i, y in ipairs { 440, 380, 320 } do
      local p = w:add(c2d.aabb(560 + (i % 2) * 80, y, 96, 8))
      w:setOneWay(p)
      s.oneway[p] = true
    end
    s.lift = w:add(c2d.aabb(40, 460, 80, 10))                               -- a moving platform
    s.coins = {}
    for i = 0, 5 do
      local c = w:add(c2d.disk(300 + i * 60, 430 - (i % 2) * 40, 6))
      w:setSensor(c)
      s.coins[c] = true
    end
    s.player = w:add(c2d.aabb(100, 488, 20, 32))
    s.hero = c2d.controller(w, s.player, { maxSlope = math.rad(50), snap = 8, step = 10 })
    s.vy, s.t, s.score = 0, 0, 0
    s.began, s.ended = {}, {}
  end,
  update = function(s, dt)
    s.t = s.t + dt
    s.lift:moveTo(40 + 60 * (1 + math.sin(s.t)), 460 - 80 * (1 + math.sin(s.t * 0.7)) / 2)
    if s.hero:isGrounded() then s.vy = held("up") and -480 or 0 end
    s.vy = math.min(s.vy + 1400 * dt, 900)
    local dx = ((held("right") and 1 or 0) - (held("left") and 1 or 0)) * 200 * dt
    local x, y = s.hero:move(dx, s.vy * dt, nil, held("down"))
    if s.hero:ceiling() then s.vy = math.max(s.vy, 0) end
    if y > 700 then s.player:moveTo(100, 488); s.vy = 0 end
    local began, n = s.world:events(s.began, s.ended)
    for i = 1, 2 * n do
      local c = began[i]
      if s.coins[c] and (began[i % 2 == 1 and i + 1 or i - 1] == s.player) then
        s.coins[c] = nil
        s.world:remove(c)
        s.score = s.score + 1
      end
    end
    s.x, s.y = x, y
  end,
  draw = function(s)
    draw.drawWorld(s.world, { color = function(shape)
      if shape == s.player then return 1, 0.3, 0.3 end
      if s.coins[shape] then return 1, 0.85, 0.2 end
      if s.oneway[shape] then return 0.4, 0.8, 1 end
      if shape == s.lift then return 0.3, 1, 0.4 end
      return 1, 1, 1
    end })
    local _, nx, ny = s.hero:ground()
    return ("grounded: %s   ground normal: (%.2f, %.2f)   wall: %s   coins: %d"):format(
      tostring(s.hero:isGrounded()), nx or 0, ny or 0, tostring(s.hero:wall() ~= nil), s.score)
  end,
}

-- 9. Top-down: w:move slides a capsule along walls and round corners; events pick up gems.
scenes[9] = {
  name = "top-down",
  keys = "arrows walk; the walls are tiles, the gems sensors",
  load = function(s)
    local w = c2d.world(32)
    s.world = w
    for i = 0, 24 do w:add(c2d.aabb(i * 32, 80, 32, 32)); w:add(c2d.aabb(i * 32, 560, 32, 32)) end
    for j = 3, 17 do w:add(c2d.aabb(0, j * 32, 32, 32)); w:add(c2d.aabb(768, j * 32, 32, 32)) end
    for j = 6, 12 do w:add(c2d.aabb(320, j * 32, 32, 32)) end
    w:add(c2d.polygon(500, 300, 560, 260, 620, 300, 600, 380, 520, 380))
    s.gems = {}
    local r = love.math.newRandomGenerator(5)
    for _ = 1, 12 do
      local g = w:add(c2d.disk(r:random(60, 740), r:random(130, 530), 5))
      w:setSensor(g)
      s.gems[g] = true
    end
    s.player = w:add(c2d.capsule(100, 300, 100, 312, 10))
    s.began, s.ended, s.score = {}, {}, 0
  end,
  update = function(s, dt)
    local vx = ((held("right") and 1 or 0) - (held("left") and 1 or 0)) * 220
    local vy = ((held("down") and 1 or 0) - (held("up") and 1 or 0)) * 220
    local x, y = s.player:position()
    s.world:move(s.player, x + vx * dt, y + vy * dt)
    local began, n = s.world:events(s.began, s.ended)
    for i = 1, 2 * n do
      if s.gems[began[i]] then
        s.gems[began[i]] = nil
        s.world:remove(began[i])
        s.score = s.score + 1
      end
    end
  end,
  draw = function(s)
    draw.drawWorld(s.world, { color = function(shape)
      if shape == s.player then return 1, 0.3, 0.3 end
      if s.gems[shape] then return 0.6, 1, 0.6 end
      return 1, 1, 1
    end })
    return ("gems: %d"):format(s.score)
  end,
}

-- 10. A sword's swing at 10 frames a second: the whole arc is swept each
-- frame, so nothing between two frames' poses is missed.
scenes[10] = {
  name = "sword swing",
  keys = "space swings (2 rad in one frame at 10 fps); every enemy the arc cuts turns red, with the time it was cut",
  load = function(s)
    local w = c2d.world(32)
    s.world = w
    s.hilt = { 400, 320 }
    s.sword = w:add(c2d.capsule(400, 320, 520, 320, 4))
    s.enemies, s.cut, s.clock, s.swing = {}, {}, shots and 1 or 0, shots and 1 or 0
    for i = 0, 9 do
      local a, r = -0.6 + i * 0.45, 70 + (i % 3) * 20
      s.enemies[#s.enemies + 1] = w:add(c2d.disk(400 + r * math.cos(a), 320 + r * math.sin(a), 8))
    end
  end,
  update = function(s, dt)
    s.clock = s.clock + dt
    if held("space") and s.swing == 0 then s.swing = 1 end
    if s.clock < 0.1 then return end -- 10 fps
    s.clock = 0
    if s.swing > 0 then
      local cut, times = s.world:sweepTurning(s.sword, 0, 0, 2, nil, { pivot = s.hilt })
      s.cut = {}
      for i, e in ipairs(cut) do s.cut[e] = times[i] end
      s.sword:rotate(2, s.hilt[1], s.hilt[2])
      s.swing = 0
    end
  end,
  draw = function(s)
    color(GREY)
    for _, p in ipairs(draw.turningPrimitives(s.sword, 0, 0, -2, s.hilt[1], s.hilt[2], 10)) do lg.line(p.points) end
    for _, e in ipairs(s.enemies) do
      if s.cut[e] then color(RED) else color(WHITE) end
      draw.draw(e)
      if s.cut[e] then
        local x, y = e:position()
        lg.print(("%.3f"):format(s.cut[e]), x + 10, y - 6)
      end
    end
    color(GREEN)
    draw.draw(s.sword)
    local n = 0
    for _ in pairs(s.cut) do n = n + 1 end
    return ("last swing cut %d (t of each beside it); the grey arc is the last swing's sweep"):format(n)
  end,
}

-- 11. A guard's real view: w:visible over the walls, w:sees toward the thief.
scenes[11] = {
  name = "guard's view",
  keys = "the mouse moves the thief; the guard turns slowly; what it sees is green, the rest grey; yellow: all it could see turning round",
  load = function(s)
    local w = c2d.world(32)
    s.world = w
    s.walls = {}
    local function wall(x, y, ww, hh) s.walls[#s.walls + 1] = w:add(c2d.aabb(x, y, ww, hh)) end
    wall(300, 200, 20, 160); wall(480, 320, 160, 20); wall(250, 420, 140, 20)
    w:add(c2d.disk(560, 200, 18)); w:add(c2d.box(420, 470, 40, 40, 0.5)); w:add(c2d.capsule(180, 250, 200, 330, 10))
    for i = 0, 5 do w:add(c2d.disk(620 + (i % 3) * 40, 420 + math.floor(i / 3) * 50, 8)) end
    s.guard = { 400, 300 }
    s.angle = shots and 0.6 or 0
    s.thief = w:add(c2d.disk(650, 150, 10))
  end,
  update = function(s, dt)
    if not shots then s.angle = s.angle + dt * 0.4 end
    local mx, my = mouse()
    s.thief:moveTo(mx, my)
  end,
  draw = function(s)
    local gx, gy = s.guard[1], s.guard[2]
    local view = c2d.fan(gx, gy, 260, s.angle, 1.6)
    local seen = s.world:visible(view)
    local lit = {}
    for _, o in ipairs(seen) do lit[o] = true end
    -- all the guard could see if it turned round: its visibility region
    local outline = s.world:visibility(gx, gy, 260, function(o) return o ~= s.thief end)
    if #outline >= 6 then
      outline[#outline + 1], outline[#outline + 2] = outline[1], outline[2]
      lg.setColor(0.25, 0.25, 0.12)
      lg.line(outline)
    end
    color(GREY)
    draw.draw(view, "line")
    for _, o in ipairs(s.world:shapes()) do
      if o ~= s.thief then
        if lit[o] then color(GREEN) else color(GREY) end
        draw.draw(o)
      end
    end
    local sees, px, py = s.world:sees(gx, gy, s.thief)
    local spotted = sees and lit[s.thief]
    color(spotted and RED or WHITE)
    draw.draw(s.thief)
    if sees then lg.line(gx, gy, px, py) end
    color(WHITE)
    lg.circle("fill", gx, gy, 5)
    return ("the guard sees %d shapes; thief %s"):format(#seen,
      spotted and "SPOTTED (in view, in sight)" or sees and "in its line of sight, outside the fan" or "hidden")
  end,
}

-- 12. An agent walks the shortest way to the mouse: c2d.navmesh and nav:path.
scenes[12] = {
  name = "navigation",
  keys = "click to send the agent; yellow: its path; grey dots: the corners a path may turn at",
  load = function(s)
    local w = c2d.world(32)
    s.world = w
    for _, r in ipairs { { 200, 120, 20, 300 }, { 360, 260, 20, 300 }, { 520, 100, 20, 260 }, { 560, 420, 160, 20 } } do
      w:add(c2d.aabb(r[1], r[2], r[3], r[4]))
    end
    w:add(c2d.disk(300, 160, 30)); w:add(c2d.box(460, 480, 60, 40, 0.4)); w:add(c2d.capsule(620, 200, 700, 300, 14))
    s.radius = 10
    s.nav = c2d.navmesh(w, s.radius)
    s.agent = { 80, 300 }
    s.goal = shots and { 720, 520 } or { 80, 300 }
    s.path, s.length = s.nav:path(s.agent[1], s.agent[2], s.goal[1], s.goal[2], {})
    s.leg = 3
  end,
  update = function(s, dt)
    if not shots and love.mouse.isDown(1) then
      local mx, my = mouse()
      local p, len = s.nav:path(s.agent[1], s.agent[2], mx, my, s.path)
      if p then s.goal, s.length, s.leg = { mx, my }, len, 3 end
    end
    -- walk along the path, 120 px a second
    local step = 120 * dt
    local p = s.path
    while p and step > 0 and s.leg <= #p do
      local dx, dy = p[s.leg] - s.agent[1], p[s.leg + 1] - s.agent[2]
      local d = math.sqrt(dx * dx + dy * dy)
      if d <= step then
        s.agent[1], s.agent[2] = p[s.leg], p[s.leg + 1]
        s.leg = s.leg + 2
        step = step - d
      else
        s.agent[1], s.agent[2] = s.agent[1] + dx / d * step, s.agent[2] + dy / d * step
        step = 0
      end
    end
  end,
  draw = function(s)
    color(GREY)
    for _, o in ipairs(s.world:shapes()) do draw.draw(o) end
    local nodes = s.nav:nodes()
    for i = 1, #nodes, 2 do lg.points(nodes[i], nodes[i + 1]) end
    if s.path and #s.path >= 4 then
      lg.setColor(1, 0.9, 0.3)
      lg.line(s.path)
    end
    color(GREEN)
    lg.circle("line", s.agent[1], s.agent[2], s.radius)
    color(RED)
    lg.circle("fill", s.goal[1], s.goal[2], 4)
    return s.path and ("path: %d corners, %.1f long"):format(#s.path / 2 - 2, s.length) or "no way there"
  end,
}

function love.load()
  for _, s in ipairs(scenes) do s:load() end
end

function love.keypressed(key)
  if key == "tab" then current = current % #scenes + 1 end
  if key == "escape" then love.event.quit() end
end

function love.update(dt)
  scenes[current]:update(math.min(dt, 1 / 30))
end

function love.draw()
  local s = scenes[current]
  lg.clear(0.08, 0.08, 0.1)
  local answer = s:draw()
  color(WHITE)
  lg.print(("%d/%d  %s   (Tab: next scene)"):format(current, #scenes, s.name), 10, 10)
  lg.print(s.keys, 10, 30)
  lg.print(answer or "", 10, 50)
  if shots then
    shot_frame = shot_frame + 1
    if shot_frame == 3 then
      lg.captureScreenshot(("shot-%d.png"):format(current))
    elseif shot_frame >= 5 then
      shot_frame = 0
      if current == #scenes then love.event.quit() else current = current + 1 end
    end
  end
end
