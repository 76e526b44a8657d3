-- The Makefile and the rockspecs build the module from the same C sources.
local read = require("support.common").read_file

-- The scm rockspec (luarocks make) and the release one (make rock).
local VERSION = require("collide2d")._VERSION
local ROCKSPECS = { "rockspec/collide2d-scm-1.rockspec", ("rockspec/collide2d-%s-1.rockspec"):format(VERSION) }

-- The C sources of a Makefile variable (CORE_SRC, BIND_SRC), in order.
local function make_sources(mk, list, var)
  local line = mk:match("\n" .. var .. "%s*:=%s*([^\n]*)")
  assert.is_truthy(line, var .. " in Makefile")
  for src in line:gmatch("%S+") do list[#list + 1] = src end
  return list
end

local function set_of(list)
  local t = {}
  for _, v in ipairs(list) do t[v] = true end
  return t
end

describe("build files", function()
  it("each rockspec lists exactly the C sources the Makefile compiles", function()
    local mk = read("Makefile")
    local from_make = make_sources(mk, make_sources(mk, {}, "CORE_SRC"), "BIND_SRC")
    for _, rockspec in ipairs(ROCKSPECS) do
      local from_rock = {}
      for src in read(rockspec):gmatch('"(src/[%w_]+%.c)"') do
        from_rock[#from_rock + 1] = src
      end
      assert.are.same(set_of(from_make), set_of(from_rock), rockspec)
      assert.are.equal(#from_make, #from_rock, rockspec)
    end
  end)

  it("the release rockspec is the one tools/rockspec.lua writes for the module's version (make rockspec)", function()
    local mk = read("Makefile")
    local sources = make_sources(mk, make_sources(mk, {}, "CORE_SRC"), "BIND_SRC")
    local lua = arg and arg[-1] or "lua"
    local p = assert(io.popen(("%s tools/rockspec.lua %s %s"):format(lua, VERSION, table.concat(sources, " "))))
    local fresh = p:read("*a")
    p:close()
    assert.is_truthy(fresh:find(('version = "%s-1"'):format(VERSION), 1, true), fresh)
    assert.are.equal(fresh, read(ROCKSPECS[2]), "run make rockspec")
    -- and no other release's rockspec is left beside it
    local listing = assert(io.popen("ls rockspec"))
    local names = {}
    for file in listing:lines() do names[#names + 1] = file end
    listing:close()
    table.sort(names)
    assert.are.same({ ROCKSPECS[2]:match("[^/]+$"), "collide2d-scm-1.rockspec" }, names)
  end)

  it("the docs' command for compiling the core into a C program lists exactly the core's sources", function()
    local core = read("Makefile"):match("\nCORE_SRC%s*:=%s*([^\n]*)")
    local from_make = {}
    for src in core:gmatch("%S+") do from_make[#from_make + 1] = src end
    local cmd = read("docs/internals.md"):match("\n(cc %-std=c99 %-Isrc hit%.c.-%-lm)\n")
    assert.is_truthy(cmd, "the cc line in docs/internals.md")
    local from_readme = {}
    for src in cmd:gmatch("src/[%w_]+%.c") do from_readme[#from_readme + 1] = src end
    assert.are.same(set_of(from_make), set_of(from_readme))
    assert.are.equal(#from_make, #from_readme)
  end)

  it("each rockspec installs every Lua file of the package under its module name", function()
    for _, rockspec in ipairs(ROCKSPECS) do
      local rock = read(rockspec)
      local listing = assert(io.popen("ls lua/collide2d"))
      local count = 0
      for file in listing:lines() do
        local name = file:match("^(.-)%.lua$")
        -- init.lua only locates the native library for a copied folder (make
        -- dist), and has no entry: luarocks 3 copies all of lua/ anyway, and
        -- there require "collide2d" finds init.lua first, which loads the
        -- library from package.cpath (make rock-check requires it so)
        if name and name ~= "init" then
          count = count + 1
          local line = ('["collide2d.%s"] = "lua/collide2d/%s"'):format(name, file)
          assert.is_truthy(rock:find(line, 1, true), rockspec .. ": " .. line)
        end
      end
      listing:close()
      assert.is_true(count >= 3, "bump, draw and ffi at least")
    end
  end)

  it("the FFI front end's declarations are the ones tools/ffi_decls.lua writes from the C headers", function()
    local lua = arg and arg[-1] or "lua"
    local p = assert(io.popen(("%s tools/ffi_decls.lua src/collide2d.h src/lua_ffi.h"):format(lua)))
    local fresh = p:read("*a")
    p:close()
    assert.is_truthy(fresh:find("typedef struct c2dffi_api", 1, true), fresh)
    assert.are.equal(fresh, read("lua/collide2d/ffi_decls.lua"), "run make ffi-decls")
  end)

  it("under LuaJIT the FFI front end's structs are laid out as the C module lays them out", function()
    local ok, ffi = pcall(require, "ffi")
    local c2d = require "collide2d"
    if not ok or c2d.backend ~= "ffi" then
      pending("the FFI front end runs under LuaJIT only")
      return
    end
    local checked = 0
    for struct, layout in pairs(c2d._layout) do
      local name = struct:gsub("^c2d_ffi_", "c2d_"):gsub("^c2d_", "c2dffi_")
      for field, at in pairs(layout) do
        local here = field == "size" and ffi.sizeof(name) or ffi.offsetof(name, field)
        assert.are.equal(at, here, name .. "." .. field)
        checked = checked + 1
      end
    end
    assert.is_true(checked >= 30, checked .. " fields")
  end)
end)
