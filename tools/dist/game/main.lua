-- make dist-check: a game holding the dist folder collide2d/ loads the
-- module, collide2d.draw and collide2d.bump with plain require, and they
-- answer. Prints which library file was loaded (from /proc/self/maps) and
-- "dist game: ok", or exits non-zero.
local failed = 0
local function check(name, ok)
  if not ok then
    failed = failed + 1
    print("FAIL " .. name)
  end
end

local function loaded_library()
  local maps = io.open("/proc/self/maps")
  if not maps then return "?" end
  for line in maps:lines() do
    local path = line:match("(/%S*collide2d[^/]*%.so)$")
    if path then
      maps:close()
      return path
    end
  end
  maps:close()
  return "?"
end

local function run()
  local c2d = require "collide2d"
  local draw = require "collide2d.draw"
  local bump = require "collide2d.bump"
  check("touching tiles hit", c2d.aabb(0, 0, 16, 16):hits(c2d.aabb(16, 0, 16, 16)))
  check("tiles 1e-9 apart miss", not c2d.aabb(0, 0, 16, 16):hits(c2d.aabb(16 + 1e-9, 0, 16, 16)))
  local d = draw.primitives(c2d.disk(3, 4, 5), "fill")[1]
  check("draw.primitives", d.kind == "circle" and d.x == 3 and d.r == 5)
  -- bump: a 10-wide box at x 0 moving to x 30 stops against the box at x 20
  local world = bump.newWorld(64)
  world:add("a", 0, 0, 10, 10)
  world:add("b", 20, 0, 10, 10)
  local x, y, _, len = world:move("a", 30, 0)
  check("bump move", x == 10 and y == 0 and len == 1)
  print("library: " .. loaded_library())
end

function love.load()
  local ok, err = pcall(run)
  if not ok then
    failed = failed + 1
    print("FAIL " .. tostring(err))
  end
  print(failed == 0 and "dist game: ok" or "dist game: FAILED")
  love.event.quit(failed == 0 and 0 or 1)
end
