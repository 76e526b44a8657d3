-- The C examples of the docs: every ```c block of README.md and docs/*.md is
-- a complete program, compiled, run, and its output compared with the one the
-- page states; and docs/c-api.md, the C API's reference, gives the signature
-- of every function and names every type the public headers declare.
-- `make test-c` (and so `make test`) runs it:
--
--   lua tools/docs_c.lua cc=CC out=DIR core='LINK' lua='LINK' [file.md ...]
--
-- core: what a program is linked with (the core's objects and -lm); lua: what
-- a program that includes "collide2d_lua.h" gets instead (the Lua headers'
-- -I, the binding's and the core's objects, the Lua library, -lm). Without
-- files: README.md and docs/*.md.
--
-- THE BLOCKS
--   A fence whose info string's first word is `c` opens a block (indented
--   fences too). The block is a whole program, with its main: it is written
--   to DIR with a #line directive, so that the compiler names the page and
--   its line, compiled with
--     CC -std=c99 -Wall -Wextra -pedantic -Werror -Isrc -o DIR/prog DIR/prog.c LINK
--   and run from the repository's root (60 s at most). It must exit with 0,
--   write nothing to stderr, and write to stdout exactly the lines of the
--   ```text block that follows it (only blank lines between): line by line,
--   trailing spaces and trailing blank lines aside. A ```c block with no
--   ```text block after it fails.
--   ```c norun marks a block that is not a whole program (a fragment, a
--   declaration): it is neither compiled nor run, and it is listed as not run
--   in the report, never passed over silently. Any other word after `c` fails.
--
-- THE REFERENCE (docs/c-api.md)
--   For every function declared in src/collide2d.h and src/collide2d_lua.h
--   (a declaration that begins at the start of a line), its signature,
--   whitespace aside, must be in a code span of the page:
--   `c2d_error c2d_move(c2d_shape *s, double dx, double dy)`. Every type the
--   headers typedef must be named in a code span (`c2d_meet`).
--
-- THE REPORT
--   One line per block that failed or was not run, then
--   "docs C examples: N passed, N failed, N not run (norun)", and the same for
--   the reference. Exits 1 when anything failed.
--
-- Plain Lua for 5.1 to 5.4 and LuaJIT.

local opts, files = { cc = "cc", out = "build/docs-c" }, {}
for _, a in ipairs(arg or {}) do
  local k, v = a:match("^(%w+)=(.*)$")
  if k then opts[k] = v else files[#files + 1] = a end
end

local FLAGS = "-std=c99 -Wall -Wextra -pedantic -Werror -Isrc"
local TIMEOUT = 60

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

local function write_file(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function lines_of(text)
  local lines = {}
  for line in (text:gsub("\r\n", "\n") .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  if lines[#lines] == "" then lines[#lines] = nil end
  return lines
end

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- os.execute's success, under 5.1 (a status number) and 5.2+ (true, "exit", 0).
local function execute(cmd)
  local a, _, c = os.execute(cmd)
  if type(a) == "number" then return a == 0 end
  return a == true and (c == nil or c == 0)
end

local function docs_files()
  if #files > 0 then return files end
  local out = { "README.md" }
  local p = assert(io.popen("ls docs"))
  local names = {}
  for name in p:lines() do
    if name:match("%.md$") then names[#names + 1] = "docs/" .. name end
  end
  p:close()
  table.sort(names)
  for _, n in ipairs(names) do out[#out + 1] = n end
  return out
end

-- ------------------------------------------------------------------ the blocks

-- The fenced blocks of a page, in order: { info = words, open, close, from, to }.
local function fences(lines)
  local list, open = {}, nil
  for i, line in ipairs(lines) do
    if open then
      if line:match("^%s*```+%s*$") then
        open.close, open.to = i, i - 1
        list[#list + 1] = open
        open = nil
      end
    else
      local words = line:match("^%s*```+%s*(.-)%s*$")
      if words then
        local info = {}
        for w in words:gmatch("%S+") do info[#info + 1] = w end
        open = { info = info, open = i, from = i + 1 }
      end
    end
  end
  if open then open.to = #lines; list[#list + 1] = open end
  return list
end

-- The ```c blocks, each with the ```text block after it (expected) when there is one.
local function c_blocks(lines)
  local all, out = fences(lines), {}
  for k, f in ipairs(all) do
    if f.info[1] == "c" then
      local b = { fence = f, first = "" }
      for j = f.from, f.to do
        if lines[j]:match("%S") then b.first = lines[j]:gsub("^%s+", ""); break end
      end
      for w = 2, #f.info do
        if f.info[w] == "norun" then b.norun = true else b.bad_word = f.info[w] end
      end
      local nxt = all[k + 1]
      if f.close and nxt and nxt.info[1] == "text" and nxt.close then
        local between = true
        for j = f.close + 1, nxt.open - 1 do
          if lines[j]:match("%S") then between = false end
        end
        if between then b.expected = nxt end
      end
      out[#out + 1] = b
    end
  end
  return out
end

-- The block's program, each line at its line of the page.
local function program(path, lines, f)
  local src = { ('#line %d "%s"'):format(f.from, path) }
  for j = f.from, f.to do src[#src + 1] = lines[j] end
  return table.concat(src, "\n") .. "\n"
end

local function trimmed(list)
  local out = {}
  for i, l in ipairs(list) do out[i] = (l:gsub("%s+$", "")) end
  while #out > 0 and out[#out] == "" do out[#out] = nil end
  return out
end

-- nil when the output is the expected lines, else why not.
local function compare(path, lines, expected, got_text)
  local want, got = {}, trimmed(lines_of(got_text))
  for j = expected.from, expected.to do want[#want + 1] = lines[j] end
  want = trimmed(want)
  local n = math.max(#want, #got)
  for i = 1, n do
    if want[i] ~= got[i] then
      local where = i <= #want and ("%s:%d"):format(path, expected.from + i - 1) or "after the ```text block"
      return ("output line %d (%s)\n      expected: %s\n      printed:  %s"):format(i, where,
        want[i] == nil and "(no more lines)" or want[i], got[i] == nil and "(no more lines)" or got[i])
    end
  end
  return nil
end

local function indent(text)
  return "      " .. text:gsub("%s+$", ""):gsub("\n", "\n      ")
end

-- Compile and run one block; nil when it passed, else why not.
local function check_block(path, lines, b, name)
  local f = b.fence
  if not f.close then return "the block's fence is never closed" end
  if b.bad_word then return ("unknown word '%s' after ```c (only norun is known)"):format(b.bad_word) end
  if not b.expected then return "no ```text block after it: the output it must print" end
  local src = program(path, lines, f)
  local base = opts.out .. "/" .. name
  write_file(base .. ".c", src)
  local uses_lua = src:find('#%s*include%s*"collide2d_lua%.h"') ~= nil
  local link = uses_lua and opts.lua or opts.core
  if not link or link == "" then
    return uses_lua and "it includes collide2d_lua.h, and no lua= link line was given" or "no core= link line was given"
  end
  local log = base .. ".log"
  local cc = ("%s %s -o %s %s %s >%s 2>&1"):format(opts.cc, FLAGS, quote(base), quote(base .. ".c"), link, quote(log))
  if not execute(cc) then
    return ("does not compile:\n      %s\n%s"):format(cc:gsub(" >.*$", ""), indent(read_file(log)))
  end
  local out, err = base .. ".out", base .. ".err"
  local ran = execute(("timeout %d %s >%s 2>%s"):format(TIMEOUT, quote(base), quote(out), quote(err)))
  local errors = read_file(err)
  if not ran then return ("the program failed (exit status not 0, or over %d s)%s"):format(TIMEOUT,
    errors ~= "" and ("; its stderr:\n" .. indent(errors)) or "") end
  if errors ~= "" then return "the program wrote to stderr:\n" .. indent(errors) end
  return compare(path, lines, b.expected, read_file(out))
end

-- ------------------------------------------------------------------ the reference

local HEADERS = { "src/collide2d.h", "src/collide2d_lua.h" }
local REFERENCE = "docs/c-api.md"

local function squeeze(s)
  return (s:gsub("%s+", " "):gsub("%( ", "("):gsub(" %)", ")"):gsub("^ ", ""):gsub(" $", ""))
end

-- The functions (name, signature) and type names the headers declare.
local function declarations()
  local funcs, types = {}, {}
  for _, h in ipairs(HEADERS) do
    local text = read_file(h):gsub("/%*.-%*/", function(c) return (c:gsub("[^\n]", " ")) end)
    local lines = lines_of(text)
    local i = 1
    while i <= #lines do
      local line = lines[i]
      local name = line:match("^[%a_][%w_ %*]-[ %*]([%a_][%w_]*)%(")
      if name and not line:match("^typedef") then
        local decl = line
        while not decl:find(";") and i < #lines do
          i = i + 1
          decl = decl .. " " .. lines[i]
        end
        funcs[#funcs + 1] = { name = name, sig = squeeze(decl:gsub(";.*$", "")), header = h }
      end
      local t = line:match("^}%s*([%a_][%w_]*)%s*;") or line:match("^typedef%s+struct%s+[%w_]+%s+([%a_][%w_]*)%s*;")
      if t then types[#types + 1] = { name = t, header = h } end
      i = i + 1
    end
  end
  return funcs, types
end

-- The code spans of a page, outside its fenced blocks, whitespace squeezed.
local function code_spans(lines)
  local spans, inside = {}, false
  local text = {}
  for _, line in ipairs(lines) do
    if line:match("^%s*```") then inside = not inside
    elseif not inside then text[#text + 1] = line end
  end
  for span in table.concat(text, "\n"):gmatch("`([^`]+)`") do spans[squeeze(span)] = true end
  return spans
end

local function check_reference()
  local problems, funcs, types = {}, declarations()
  local ok, page = pcall(read_file, REFERENCE)
  if not ok then return { REFERENCE .. ": cannot be read" }, #funcs, #types end
  local spans = code_spans(lines_of(page))
  for _, f in ipairs(funcs) do
    if not spans[f.sig] then
      problems[#problems + 1] = ("%s: no code span holds the signature of %s (%s):\n      `%s`"):format(REFERENCE,
        f.name, f.header, f.sig)
    end
  end
  for _, t in ipairs(types) do
    if not spans[t.name] then
      problems[#problems + 1] = ("%s: the type %s (%s) is never named in a code span"):format(REFERENCE, t.name, t.header)
    end
  end
  return problems, #funcs, #types
end

-- ------------------------------------------------------------------ the run

local passed, failed, norun, skipped = 0, 0, 0, {}
assert(execute("mkdir -p " .. quote(opts.out)), "cannot make " .. opts.out)
for _, path in ipairs(docs_files()) do
  local lines = lines_of(read_file(path))
  for k, b in ipairs(c_blocks(lines)) do
    local at = ("%s:%d"):format(path, b.fence.open)
    if b.norun and not b.bad_word then
      norun = norun + 1
      skipped[#skipped + 1] = at
      print(("not run  %s: ```c norun (%s)"):format(at, b.first))
    else
      local name = path:gsub("[^%w]+", "_") .. "_" .. k
      local why = check_block(path, lines, b, name)
      if why then
        failed = failed + 1
        print(("FAIL     %s: %s\n      %s"):format(at, b.first, why))
      else
        passed = passed + 1
      end
    end
  end
end
print(("docs C examples: %d passed, %d failed, %d not run (norun)%s"):format(passed, failed, norun,
  #skipped > 0 and (": " .. table.concat(skipped, ", ")) or ""))

local problems, nfuncs, ntypes = check_reference()
for _, p in ipairs(problems) do print("FAIL     " .. p) end
print(("docs C reference (%s): %d functions and %d types of the headers, %d missing"):format(REFERENCE, nfuncs,
  ntypes, #problems))

if failed > 0 or #problems > 0 then os.exit(1) end
