-- Writes the release rockspec from rockspec/collide2d-scm-1.rockspec, the
-- version and the C sources the Makefile compiles:
--
--   lua tools/rockspec.lua VERSION src/a.c src/b.c ... > rockspec/collide2d-VERSION-1.rockspec
--
-- (make rockspec; make rock runs it first). Everything but the version, the
-- source and the list of C sources is the scm rockspec's, so edit that one.
-- The source is the archive make rock builds, named by its file name alone:
-- the .src.rock carries it beside the rockspec, and `luarocks build` of the
-- rockspec finds it in the current folder.
-- spec/build_spec.lua checks that the committed file is what this writes.
local version = arg[1]
local sources = { select(2, (table.unpack or unpack)(arg)) }
if not version or not version:match("^%d+%.%d+%.%d+$") or #sources == 0 then
  io.stderr:write("usage: lua tools/rockspec.lua VERSION src/a.c src/b.c ...\n")
  os.exit(2)
end

local SCM = "rockspec/collide2d-scm-1.rockspec"
local f = assert(io.open(SCM, "rb"))
local text = f:read("*a")
f:close()

-- text with the one match of pattern replaced, or an error naming what.
local function replace_one(pattern, by, what)
  local count
  text, count = text:gsub(pattern, function() return by end)
  if count ~= 1 then
    error(("%s: %d matches of the %s, not 1"):format(SCM, count, what), 0)
  end
end

local archive = ("collide2d-%s"):format(version)

replace_one("^%-%- [^\n]*\n", table.concat({
  ("-- luarocks install collide2d-%s-1.src.rock   (the release: make rock builds it)"):format(version),
  "-- Written by make rockspec (tools/rockspec.lua) from collide2d-scm-1.rockspec",
  "-- and the Makefile's C sources: edit those, not this file.",
  "",
}, "\n"), "first line's comment")

replace_one('\nversion = "scm%-1"\n', ('\nversion = "%s-1"\n'):format(version), "version")

replace_one("\nsource = %b{}\n", table.concat({
  "",
  "source = {",
  "   -- the archive make rock builds (git archive of the release commit), by its",
  "   -- file name: the .src.rock holds it beside this file",
  ('   url = "%s.tar.gz",'):format(archive),
  ('   dir = "%s",'):format(archive),
  "}",
  "",
}, "\n"), "source table")

local lines = {}
for i, src in ipairs(sources) do
  if not src:match("^src/[%w_]+%.c$") then error(("not a C source of src/: %s"):format(src), 0) end
  lines[i] = ('            "%s",'):format(src)
end
replace_one("\n         sources = %b{},\n",
  "\n         sources = {\n" .. table.concat(lines, "\n") .. "\n         },\n", "module's sources")

io.write(text)
