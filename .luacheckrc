-- luacheck configuration (make lint: luacheck lua spec bench examples tools library).
--
-- The same Lua files run on Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT, so the standard
-- globals are the union of all of them ("max"): the compatibility idioms the
-- code uses (table.unpack or unpack, loadstring, debug.setuservalue or
-- debug.setfenv, jit checks) are accepted, and any other global read or written
-- is reported. Calling a function one runtime lacks, without a fallback, is
-- caught by running the specs under every runtime (make test-all), not here.
std = "max"

-- Lines are long by style (prose comments, one assertion with its message per
-- line, tables of cases; ffi_decls.lua is generated): ~1,400 lines are longer
-- than 100 characters. Length is not a defect, so it is not checked.
max_line_length = false

-- `not (x > y)` is how this code rejects NaN along with the out-of-range
-- values (a NaN fails every comparison); luacheck's suggested `x <= y` would
-- let NaN through.
ignore = { "581" }

-- Generated output of the build; nothing to lint there.
exclude_files = { "build/**" }

-- Inside LÖVE the module finds its library with love.filesystem and draws with
-- love.graphics; elsewhere `love` is nil and those paths are skipped.
files["lua"] = { std = "+love" }

-- The specs run under busted. draw_spec asks whether it runs inside LÖVE.
files["spec"] = { std = "+busted" }
files["spec/draw_spec.lua"] = { read_globals = { "love" } }

-- LÖVE games: they define love.load, love.update, love.draw, love.conf...
files["examples/love"] = { std = "+love" }
files["tools/dist/game"] = { std = "+love" }

-- tools/oom/oom.c gives its workload the `oom` table (the allocation counter).
files["tools/oom/workload.lua"] = { read_globals = { "oom" } }
-- busted.runner reads its command line from the global `arg`, which this
-- launcher fills (and creates when the interpreter gave none).
files["tools/busted.lua"] = { globals = { "arg" } }

-- library/ holds lua-language-server definition files (---@meta): each
-- function is a stub with its documented parameters and an empty body, and
-- each class table is declared and given methods but never read. Everything
-- else (undefined globals, shadowing, syntax) is still checked.
files["library"] = {
  ignore = {
    "212", -- unused argument: the parameters document the signature
    "221", -- variable never set: `local bump` exists to carry its ---@class
    "241", -- variable mutated but never accessed: the class tables
  },
}
