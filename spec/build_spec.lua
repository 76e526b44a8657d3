-- The Makefile and the rockspec build the module from the same C sources.
local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local function set_of(list)
  local t = {}
  for _, v in ipairs(list) do t[v] = true end
  return t
end

describe("build files", function()
  it("the rockspec lists exactly the C sources the Makefile compiles", function()
    local mk = read("Makefile")
    local from_make = {}
    for _, var in ipairs { "CORE_SRC", "BIND_SRC" } do
      local line = mk:match("\n" .. var .. "%s*:=%s*([^\n]*)")
      assert.is_truthy(line, var .. " in Makefile")
      for src in line:gmatch("%S+") do from_make[#from_make + 1] = src end
    end
    local from_rock = {}
    for src in read("rockspec/collide2d-scm-1.rockspec"):gmatch('"(src/[%w_]+%.c)"') do
      from_rock[#from_rock + 1] = src
    end
    assert.are.same(set_of(from_make), set_of(from_rock))
    assert.are.equal(#from_make, #from_rock)
  end)

  it("the rockspec installs every Lua file of the package under its module name", function()
    local rock = read("rockspec/collide2d-scm-1.rockspec")
    local listing = assert(io.popen("ls lua/collide2d"))
    local count = 0
    for file in listing:lines() do
      local name = file:match("^(.-)%.lua$")
      -- init.lua only locates the native library for a copied folder (make
      -- dist); luarocks puts the library on package.cpath itself
      if name and name ~= "init" then
        count = count + 1
        local line = ('["collide2d.%s"] = "lua/collide2d/%s"'):format(name, file)
        assert.is_truthy(rock:find(line, 1, true), line)
      end
    end
    listing:close()
    assert.is_true(count >= 3, "bump, draw and ffi at least")
  end)
end)
