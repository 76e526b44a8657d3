-- lua/collide2d/init.lua, the locator: with lua/?/init.lua on the Lua path,
-- require "collide2d" runs it, and it must find the native module on
-- package.cpath (Lua 5.1 and LuaJIT have no package.searchpath), or, under
-- LuaJIT, in the folder's <os>-<arch>/ subfolder as the dist zip ships it.
-- Each case runs in a fresh interpreter of the runtime under test, whose C
-- searchers are removed first, so only the locator can load the library.

local runtime = jit and "luajit" or ("lua" .. _VERSION:match("%d+%.%d+"))
local build = "build/" .. runtime

-- Shell-quote s.
local function q(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- Runs code in a fresh `runtime` with LUA_PATH and LUA_CPATH set (and no
-- searcher but preload and the Lua one); returns its output (stdout and stderr).
local function run(lua_path, lua_cpath, code)
  local prelude = "local s = package.searchers or package.loaders; "
    .. "for i = #s, 3, -1 do s[i] = nil end; "
  local cmd = "LUA_PATH=" .. q(lua_path) .. " LUA_CPATH=" .. q(lua_cpath) .. " "
    .. runtime .. " -e " .. q(prelude .. code) .. " 2>&1"
  local p = assert(io.popen(cmd))
  local out = p:read("*a")
  p:close()
  return out
end

local function copy(from, to)
  local src = assert(io.open(from, "rb"))
  local dst = assert(io.open(to, "wb"))
  dst:write(src:read("*a"))
  src:close()
  dst:close()
end

-- A fresh directory under build/ (removed first).
local function scratch(name)
  local dir = build .. "/" .. name
  assert(os.execute("rm -rf " .. q(dir) .. " && mkdir -p " .. q(dir)))
  return dir
end

-- Touching integer tiles hit: a query answered by the module that was loaded.
local QUERY = [[local c2d = require "collide2d"
print("hit", c2d.aabb(0, 0, 16, 16):hits(c2d.aabb(16, 0, 16, 16)))
print("same", package.loaded.collide2d == c2d)]]

describe("the locator (require \"collide2d\" through collide2d/init.lua)", function()
  it("is what require finds first on the repository's Lua path", function()
    local out = run("lua/?.lua;lua/?/init.lua", "", [[
      local s = package.searchers or package.loaders
      local f = s[2]("collide2d")
      print(type(f))]])
    assert.are.equal("function\n", out)
  end)

  it("loads the module found on package.cpath", function()
    local out = run("lua/?.lua;lua/?/init.lua", build .. "/?.so", QUERY)
    assert.are.equal("hit\ttrue\nsame\ttrue\n", out)
  end)

  it("skips templates with no file and takes the first that has one", function()
    local out = run("lua/?.lua;lua/?/init.lua", "nowhere/?.so;" .. build .. "/?.so;also-nowhere/?.so", QUERY)
    assert.are.equal("hit\ttrue\nsame\ttrue\n", out)
  end)

  it("skips a file that is not a loadable library and loads the next", function()
    local dir = scratch("locator-bad")
    local f = assert(io.open(dir .. "/collide2d.so", "wb"))
    f:write("not a shared library\n")
    f:close()
    local out = run("lua/?.lua;lua/?/init.lua", dir .. "/?.so;" .. build .. "/?.so", QUERY)
    assert.are.equal("hit\ttrue\nsame\ttrue\n", out)
  end)

  it("loads collide2d.draw and collide2d.bump beside it", function()
    local out = run("lua/?.lua;lua/?/init.lua", build .. "/?.so", [[
      local bump = require "collide2d.bump"
      local world = bump.newWorld(64)
      world:add("a", 0, 0, 10, 10)
      world:add("b", 20, 0, 10, 10)
      print(world:move("a", 30, 0))
      print(type(require("collide2d.draw").primitives))]])
    -- a 10-wide box at x 0 heading for x 30 stops touching the box at x 20
    assert.is_truthy(out:match("^10%.?0?\t0%.?0?\ttable: [^\n]*\t1\nfunction\n$"), out)
  end)

  it("names the module and every place it tried when nothing loads", function()
    local dir = scratch("locator-none")
    local out = run("lua/?.lua;lua/?/init.lua", "nowhere/?.so;" .. dir .. "/?.so", [[
      local ok, err = pcall(require, "collide2d")
      print(ok, err)]])
    assert.is_truthy(out:find("^false\t"), out)
    assert.is_truthy(out:find("module 'collide2d'", 1, true), out)
    assert.is_truthy(out:find("no file 'nowhere/collide2d.so'", 1, true), out)
    assert.is_truthy(out:find("no file '" .. dir .. "/collide2d.so'", 1, true), out)
  end)

  if runtime == "luajit" then
    it("finds the library in the folder's <os>-<arch>/ subfolder, as the dist zip ships it", function()
      local dir = scratch("locator-dist")
      local platform = (jit.os .. "-" .. jit.arch):lower()
      assert(os.execute("mkdir -p " .. q(dir .. "/collide2d/" .. platform)))
      for _, name in ipairs { "init.lua", "bump.lua", "draw.lua" } do
        copy("lua/collide2d/" .. name, dir .. "/collide2d/" .. name)
      end
      local ext = jit.os == "Windows" and ".dll" or ".so"
      copy(build .. "/collide2d.so", dir .. "/collide2d/" .. platform .. "/collide2d" .. ext)
      -- nothing on package.cpath: the folder alone must do
      local out = run(dir .. "/?.lua;" .. dir .. "/?/init.lua", "nowhere/?.so", QUERY)
      assert.are.equal("hit\ttrue\nsame\ttrue\n", out)
    end)
  end
end)
