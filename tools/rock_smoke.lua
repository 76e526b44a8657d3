-- make rock-check's test of a tree luarocks installed collide2d into:
--
--   LUA_PATH='TREE/share/lua/5.x/?.lua;TREE/share/lua/5.x/?/init.lua' \
--   LUA_CPATH='TREE/lib/lua/5.x/?.so' lua tools/rock_smoke.lua VERSION BACKEND
--
-- (tools/rock_check.sh, with the tree alone on the paths). The module and its
-- Lua modules load, answer, and are the release's version on the expected
-- backend ("capi", or "ffi" under LuaJIT). Prints one line; an error fails it.
local version, backend = arg[1], arg[2]
assert(version and backend, "usage: lua tools/rock_smoke.lua VERSION BACKEND")

local c2d = require "collide2d"
assert(c2d._VERSION == version, ("collide2d %s, not %s"):format(tostring(c2d._VERSION), version))
assert(c2d.backend == backend, ("the %s backend, not %s"):format(tostring(c2d.backend), backend))

assert(c2d.disk(0, 0, 1):hits(c2d.aabb(1, 0, 2, 2)) == true, "a disk touching a box hits it")
assert(c2d.disk(0, 0, 1):hits(c2d.aabb(1.5, 0, 2, 2)) == false, "a disk short of a box misses it")
assert(c2d.hits(c2d.point(1, 1), c2d.polygon(0, 0, 2, 0, 2, 2, 0, 2)) == true, "a point inside a square")

local bump = require "collide2d.bump"
local world = bump.newWorld(64)
world:add("a", 0, 0, 10, 10)
world:add("b", 20, 0, 10, 10)
local x, y, cols, len = world:move("a", 30, 0)
assert(x == 10 and y == 0 and len == 1 and cols[1].other == "b",
  ("bump: a slid to %s, %s with %s collisions"):format(tostring(x), tostring(y), tostring(len)))

local draw = require "collide2d.draw"
local primitives = draw.primitives(c2d.disk(1, 2, 3))
assert(#primitives == 1 and primitives[1].kind == "circle" and primitives[1].r == 3, "draw: a disk is one circle")

for _, name in ipairs { "collide2d.tiled", "collide2d.ldtk", "collide2d.json" } do
  assert(type(require(name)) == "table", name)
end

print(("%s: collide2d %s, %s backend: hits, bump, draw"):format(
  type(jit) == "table" and jit.version or _VERSION, c2d._VERSION, c2d.backend))
