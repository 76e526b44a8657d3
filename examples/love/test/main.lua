-- make love-test: checks inside LÖVE that the module and collide2d.draw's
-- pure part load and answer as they do outside. The build and the Lua parts
-- are found from COLLIDE2D_CPATH and COLLIDE2D_PATH (set by the Makefile).
local cpath, path = os.getenv("COLLIDE2D_CPATH"), os.getenv("COLLIDE2D_PATH")
if cpath then package.cpath = cpath .. ";" .. package.cpath end
if path then package.path = path .. ";" .. package.path end

local passed, failed = 0, 0
local function check(name, ok, detail)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    print("FAIL " .. name .. (detail and (": " .. tostring(detail)) or ""))
  end
end

local function run()
  local c2d = require "collide2d"
  local draw = require "collide2d.draw"
  check("runs under LuaJIT", jit ~= nil, _VERSION)
  -- the FFI front end, unless COLLIDE2D_BACKEND=capi asked for the C API binding
  local want = os.getenv("COLLIDE2D_BACKEND") == "capi" and "capi" or "ffi"
  check("backend " .. want, c2d.backend == want, c2d.backend)
  -- touching tiles hit, 1e-9 apart does not
  check("touching AABBs hit", c2d.aabb(0, 0, 16, 16):hits(c2d.aabb(16, 0, 16, 16)))
  check("1e-9 apart", not c2d.aabb(0, 0, 16, 16):hits(c2d.aabb(16 + 1e-9, 0, 16, 16)))
  -- a guard's view: the fan sees the hero at (10, 40), not at (-10, 40)
  local view = c2d.fan(0, 0, 100, math.rad(90), math.rad(60))
  check("fan sees", view:hits(c2d.disk(10, 40, 8)))
  check("fan misses", not view:contains(-60, 10))
  -- a bullet 1000 units against a wall 100 away: t = 0.099 (the rim at 99)
  local t = c2d.disk(0, 50, 1):sweep(1000, 0, c2d.aabb(100, 0, 20, 200))
  check("sweep", t == 0.099, t)
  -- sight: a wall at x 40 to 50 hides a disk right behind it from (0, 0); a
  -- guard's fan facing +x sees the wall only
  local sw = c2d.world(32)
  local wall = sw:add(c2d.aabb(40, -20, 10, 40))
  local hidden = sw:add(c2d.disk(100, 0, 5))
  local seen, blocker = sw:sees(0, 0, hidden)
  check("sees: hidden behind a wall", seen == false and blocker == wall)
  local in_view = sw:visible(c2d.fan(0, 0, 200, 0, math.pi / 2))
  check("visible: the wall alone", #in_view == 1 and in_view[1] == wall, #in_view)
  -- navigation: round a square, by two of its corners (2 sqrt 17 + 2 long)
  local nw = c2d.world(16)
  nw:add(c2d.aabb(-1, -1, 2, 2))
  local route, route_len = c2d.navmesh(nw, 0):path(-5, 0, 5, 0)
  check("navmesh path", route and #route == 8 and math.abs(route_len - (2 * math.sqrt(17) + 2)) < 1e-12, route_len)
  -- the World: slide along 20 tiles
  local w = c2d.world(16)
  for i = 0, 19 do w:add(c2d.aabb(i * 16, 100, 16, 16)) end
  local player = w:add(c2d.aabb(10, 84, 12, 16))
  local x, y = w:move(player, 250, 90)
  check("world slide", x == 250 and y == 84, x .. ", " .. y)
  -- a controller walks onto a ramp level with the floor and up it: 2 across a frame
  local cw = c2d.world(32)
  for i = 0, 9 do cw:add(c2d.aabb(i * 32, 400, 32, 32)) end
  cw:add(c2d.triangle(160, 400, 256, 400, 256, 352))
  local body = cw:add(c2d.aabb(100, 368, 20, 32))
  local hero = c2d.controller(cw, body, { snap = 4 })
  hero:move(0, 1)
  for _ = 1, 40 do hero:move(2, 1) end
  local hx, hy = body:position()
  check("controller climbs a ramp", hx == 180 and hy < 368 and hero:isGrounded(), hx .. ", " .. hy)
  -- user data survives, errors name what they got
  player:setUserData({ name = "hero" })
  check("user data", player:getUserData().name == "hero")
  local ok, err = pcall(c2d.hits, io.stdout, player)
  check("error names FILE*", not ok and tostring(err):find("FILE*", 1, true) ~= nil, err)
  -- draw's pure part on every kind
  local shapes = {
    c2d.point(1, 2), c2d.segment(0, 0, 3, 4), c2d.line(0, 0, 1, 1), c2d.disk(3, 4, 5), c2d.aabb(0, 0, 2, 3),
    c2d.box(0, 0, 2, 3, 0.5), c2d.triangle(0, 0, 4, 0, 0, 3), c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4),
    c2d.capsule(0, 0, 10, 0, 2), c2d.fan(0, 0, 10, 0, 1),
    c2d.concave(0, 0, 20, 0, 20, 10, 10, 10, 10, 30, 0, 30), c2d.group(c2d.disk(0, 0, 5), c2d.fan(0, 0, 20, 0, 1)),
  }
  for _, s in ipairs(shapes) do
    local p = draw.primitives(s, "line", { 0, 0, 100, 100 })
    check("draw.primitives " .. s:type(), type(p) == "table" and #p >= 1)
  end
  local d = draw.primitives(c2d.disk(3, 4, 5), "fill")[1]
  check("disk primitive", d.kind == "circle" and d.x == 3 and d.y == 4 and d.r == 5)
  -- shapes cross to a love.thread and back as their serialize tables: a turned
  -- Box and a Group (nested tables), moved in the thread by (1, 0)
  local crate, gang = c2d.box(10, 20, 8, 4, 0.3), c2d.group(c2d.disk(0, 0, 2), c2d.box(5, 0, 2, 2, 0.4))
  crate:rotate(1.1, 0, 0)
  local into, back = love.thread.newChannel(), love.thread.newChannel()
  local worker = love.thread.newThread([[
    local into, back, cpath, path = ...
    if cpath then package.cpath = cpath .. ";" .. package.cpath end
    if path then package.path = path .. ";" .. package.path end
    local c2d = require "collide2d"
    for _ = 1, 2 do
      local s = c2d.deserialize(into:demand())
      s:move(1, 0)
      back:push(s:serialize())
    end
  ]])
  worker:start(into, back, cpath, path)
  into:push(crate:serialize())
  into:push(gang:serialize())
  local got1, got2 = back:demand(10), back:demand(10)
  worker:wait()
  check("thread ran", worker:getError() == nil, worker:getError())
  crate:move(1, 0)
  gang:move(1, 0)
  check("a Box crosses love.thread channels", got1 ~= nil and c2d.deserialize(got1) == crate)
  check("a Group crosses love.thread channels", got2 ~= nil and c2d.deserialize(got2) == gang)
end

function love.load()
  local ok, err = pcall(run)
  if not ok then
    failed = failed + 1
    print("FAIL loading: " .. tostring(err))
  end
  print(("%d passed, %d failed"):format(passed, failed))
  love.event.quit(failed == 0 and 0 or 1)
end
