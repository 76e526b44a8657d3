-- Writes the ffi.cdef that lua/collide2d/ffi.lua gives LuaJIT, from the C
-- headers themselves, so that the two cannot drift apart:
--
--   lua tools/ffi_decls.lua src/collide2d.h src/lua_ffi.h > lua/collide2d/ffi_decls.lua
--
-- (make ffi-decls). The result structs come from collide2d.h, the table of
-- entry points from lua_ffi.h; every name is renamed c2d_ -> c2dffi_ (so that
-- a game's own ffi.cdef of collide2d.h cannot clash with them) and the shape
-- userdata's payload, struct lshape, is the opaque c2dffi_shape.
-- spec/build_spec.lua checks that the committed file is what this writes.
local core, binding = arg[1], arg[2]
if not core or not binding then
  io.stderr:write("usage: lua tools/ffi_decls.lua src/collide2d.h src/lua_ffi.h\n")
  os.exit(2)
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return (text:gsub("/%*.-%*/", ""))
end

-- The typedef of name in text, on one line.
local function typedef(text, name)
  local body = text:match("typedef struct " .. name .. " (%b{}) " .. name .. ";")
  if not body then error(("no typedef struct %s in the headers"):format(name)) end
  body = body:gsub("%s+", " ")
  return ("typedef struct %s %s %s;"):format(name, body, name)
end

local out = { "typedef struct c2dffi_shape c2dffi_shape;" }
local headers = read(core)
for _, name in ipairs { "c2d_vec", "c2d_bounds", "c2d_contact_result", "c2d_sweep_result", "c2d_distance_result",
                        "c2d_manifold_point", "c2d_manifold" } do
  out[#out + 1] = typedef(headers, name)
end
out[#out + 1] = typedef(read(binding), "c2d_ffi_api")
local decls = table.concat(out, "\n"):gsub("struct lshape", "c2dffi_shape"):gsub("c2d_ffi_", "c2dffi_"):gsub("c2d_", "c2dffi_")
io.write("-- Written by tools/ffi_decls.lua from src/collide2d.h and src/lua_ffi.h: do not edit.\n")
io.write("return [[\n", decls, "\n]]\n")
