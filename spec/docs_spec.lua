-- Every ```lua code block of README.md, CHANGELOG.md and docs/*.md runs, and
-- prints what its `-->` comments say.
--
-- WHICH BLOCKS
--   A fence whose info string's first word is `lua` opens a block (indented
--   fences too, as inside a list). Other fences (```sh, ```c, ```text, ```json,
--   ``` alone) are not Lua: ignored, with whatever they hold (the ```c blocks and
--   the ```text blocks of their output are tools/docs_c.lua's, run by make test-c).
--   ```lua norun marks a block that cannot run (a shell line, a fragment that
--   needs a game's files): it is reported pending, with how many of its file's
--   blocks were not run; never silently passed. A block that does
--   `require "ffi"` runs under LuaJIT only; elsewhere it is pending too.
--
-- HOW THEY RUN
--   A page's blocks run in order as one chunk, in one fresh environment whose
--   globals fall back to _G: a block sees the locals and the state its page's
--   earlier blocks left, as a reader does (a fragment that uses the `world` or
--   `c2d` of an earlier block runs as it is). The chunk keeps every line of a
--   block at its line of the page (the rest is blank), so errors name the page
--   and the line: "docs/queries.md:23: ...".
--   A block that does not compile on its own fails and is left out of the
--   chunk. A block that raises an error fails, and the page goes on with the
--   next block, in the same environment but in a new chunk (the locals of the
--   blocks before it are gone; a failure then says so).
--   `print` is a capture that notes the line each call is made from.
--   `love` is a stub (also _G.love while the page runs, for collide2d.draw):
--   its functions do nothing, but love.graphics.getColor / getDimensions,
--   love.mouse.getPosition, love.timer.* and love.keyboard.isDown (true for
--   "right" only) return plausible values; love.filesystem.read finds no file.
--   After a block that defines or replaces love.load, love.update or love.draw,
--   they are called as LÖVE would: load once, then 60 frames of update(1/60)
--   and draw().
--
-- WHAT IS CHECKED
--   A line holding `-->` after a `print(` call states what that call shows
--   (a call written over several lines: on the line where `print(` is).
--   * The comment: the values, separated by two or more spaces or a tab, then
--     an explanation if wanted, which starts with a colon and a space:
--     `--> 310.0  44.0  true: on the slab`. Text after the values written any
--     other way is read as more values, and fails. Since a value may hold ": "
--     itself (an error message), the comment matches when its whole text, or
--     its text before any one of its ": " (or a colon ending it), matches.
--     `table: 0x...` thus reads as `table`.
--   * The printed line (print's values through tostring, joined by tabs) and
--     the comment's values are both split into fields at tabs and runs of two or
--     more spaces. There must be as many fields, unless the comment's last field
--     is `...`, which stands for any further fields (none or more).
--   * Two fields that are numbers: a whole number written (48, 310.0, -1.0,
--     0.0) must be the printed number exactly (310.0 matches the 310 LuaJIT
--     prints); a number written with a fraction (0.707, 0.38224788) must be the
--     printed number rounded, or cut, to the digits written: within half a unit
--     of the last digit written, or less than a unit beyond it away from zero.
--     -0.707 matches -0.70710678118655 and 0.1236598 matches 0.12365987221708;
--     0.707 matches 0.7066 and 0.7079, not 0.7064 nor 0.7081. The printed
--     number is what print shows (14 significant digits).
--   * `table`, `function`, `userdata`, `thread` match any value of that type
--     (print shows `table: 0x...`); `nan` matches nan and -nan; anything else
--     (true, nil, Triangle, Disk(8, 16, 6), 10 3 11 3) is compared as text.
--   * Every call of print made from that line is checked (a loop's print each
--     time round), and at least one must be made.
--   * A `-->` on a line without `print(` (`local t = f() --> 20`) is a note
--     for the reader, not checked. Lines without `-->` may print anything.
--
-- PENDING: the blocks listed below, by file and the beginning of the block's
-- first line (every block of that file that begins so), run, but a failure is
-- reported pending with the reason given, and so are the failures of the
-- blocks after it on its page. An entry that names no block is shown pending.
local lfs = require "lfs"
-- Loaded here, before any page runs: its loader takes the LÖVE paths when it
-- sees a global love, which the pages' stub would be.
require "collide2d"

local PENDING = {
  -- { file, beginning of the block's first line, reason }, e.g.
  -- { "docs/tiles.md", 'local tiled = require "collide2d.tiled"', "being rewritten" },
}

local FRAMES = 60

local has_ffi = pcall(require, "ffi")
local loadstring, setfenv = loadstring or load, setfenv
local tostring, select, type, concat = tostring, select, type, table.concat

-- ------------------------------------------------------------------ the pages

local function docs_files()
  local files = {}
  for _, f in ipairs { "README.md", "CHANGELOG.md" } do
    if io.open(f) then files[#files + 1] = f end
  end
  local docs = {}
  for name in lfs.dir("docs") do
    if name:match("%.md$") then docs[#docs + 1] = "docs/" .. name end
  end
  table.sort(docs)
  for _, f in ipairs(docs) do files[#files + 1] = f end
  return files
end

local function read_lines(path)
  local text = require("support.common").read_file(path)
  local lines = {}
  for line in (text:gsub("\r\n", "\n") .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  if lines[#lines] == "" then lines[#lines] = nil end
  return lines
end

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

-- The ```lua blocks of a page: { open = fence line, close = closing fence line,
-- from, to = first and last code line, first = first non-blank code line,
-- norun, ffi }.
local function lua_blocks(lines)
  local blocks, open, info = {}, nil, nil
  for i, line in ipairs(lines) do
    if open then
      if line:match("^%s*```+%s*$") then
        if info.lua then
          local b = { open = open, close = i, from = open + 1, to = i - 1, norun = info.norun, first = "" }
          for j = b.from, b.to do
            if lines[j]:match("%S") then b.first = trim(lines[j]); break end
          end
          for j = b.from, b.to do
            if lines[j]:match("require%s*%(?%s*[\"']ffi[\"']") then b.ffi = true end
          end
          blocks[#blocks + 1] = b
        end
        open = nil
      end
    else
      local words = line:match("^%s*```+%s*(.-)%s*$")
      if words then
        open, info = i, {}
        local first = true
        for w in words:gmatch("[^%s]+") do
          if first then info.lua = (w == "lua") elseif w == "norun" then info.norun = true end
          first = false
        end
      end
    end
  end
  if open and info.lua then
    blocks[#blocks + 1] = { open = open, unclosed = true, from = open + 1, to = #lines, first = trim(lines[open + 1] or "") }
  end
  return blocks
end

-- ------------------------------------------------------------------ matching

-- Fields of a printed line or of a comment's values.
local function fields(s)
  s = trim((s:gsub("\t", "  ")))
  local out, pos = {}, 1
  if s == "" then return out end
  while true do
    local a, b = s:find("%s%s+", pos)
    if not a then out[#out + 1] = s:sub(pos); return out end
    out[#out + 1] = s:sub(pos, a - 1)
    pos = b + 1
  end
end

-- What a `-->` comment may state (nil when the line has none): its whole text's
-- fields, then those of its text before each ": " (or colon ending it), the
-- shortest last.
local function expected_of(line)
  local at = line:find("-->", 1, true)
  if not at then return nil end
  local text = line:sub(at + 3)
  local readings = { fields(text) }
  local pos = #text
  while pos > 0 do
    if text:sub(pos, pos) == ":" and (pos == #text or text:sub(pos + 1, pos + 1):match("%s")) then
      readings[#readings + 1] = fields(text:sub(1, pos - 1))
    end
    pos = pos - 1
  end
  return readings
end

-- A written number: its value, and the unit of its last digit (nil when it is
-- written as a whole number, which must be matched exactly).
local function written_number(s)
  local mant, ex = s:match("^([+-]?[%d%.]+)[eE]([+-]?%d+)$")
  if not mant then mant, ex = s:match("^([+-]?[%d%.]+)$"), "0" end
  local v = tonumber(s)
  if not mant or not v or not mant:find("%d") then return nil end
  local frac = mant:match("%.(%d*)$") or ""
  if not frac:find("[1-9]") and v == math.floor(v) then return v, nil end
  return v, 10 ^ (tonumber(ex) - #frac)
end

local ANY_OF_TYPE = { table = true, ["function"] = true, userdata = true, thread = true }

local function field_matches(want, got)
  local v, unit = written_number(want)
  if v then
    local g = tonumber(got)
    if not g or not got:match("^[+-]?[%d%.]+[eE]?[+-]?%d*$") then return false end
    if not unit then return g == v end
    local slack = 1e-9 * unit                        -- the decimals' binary rounding
    if math.abs(g - v) <= 0.5 * unit + slack then return true end        -- rounded
    local beyond = math.abs(g) - math.abs(v)                              -- cut
    return (v > 0) == (g > 0) and beyond >= -slack and beyond < unit
  end
  if ANY_OF_TYPE[want] then return got:sub(1, #want + 2) == want .. ": " end
  if want == "nan" or want == "-nan" then return got == "nan" or got == "-nan" end
  return want == got
end

-- nil when the printed line shows the expected fields, else why not.
local function mismatch_of(want, printed)
  local got = fields(printed)
  local n = #want
  local rest = want[n] == "..."
  if rest then n = n - 1 end
  local why
  if rest and #got < n then why = ("%d values printed, at least %d expected"):format(#got, n)
  elseif not rest and #got ~= n then why = ("%d values printed, %d expected"):format(#got, n)
  else
    for i = 1, n do
      if not field_matches(want[i], got[i]) then
        why = ("value %d: printed %s, expected %s"):format(i, got[i], want[i])
        break
      end
    end
  end
  if not why then return nil end
  return ("%s\n      expected: %s\n      printed:  %s"):format(why, concat(want, "  "), concat(got, "  "))
end

-- nil when one of a comment's readings (or a list of fields) matches the
-- printed line; else why the reading without the explanation does not.
local function mismatch(readings, printed)
  if type(readings[1]) ~= "table" then readings = { readings } end
  for _, want in ipairs(readings) do
    if not mismatch_of(want, printed) then return nil end
  end
  return mismatch_of(readings[#readings], printed)
end

-- ------------------------------------------------------------------ the love stub

local function noop() end
local function stub_module(fns)
  return setmetatable(fns or {}, { __index = function() return noop end })
end

local function love_stub()
  local frame = 0
  local love = {
    graphics = stub_module {
      getColor = function() return 1, 1, 1, 1 end,
      getDimensions = function() return 800, 600 end,
      getWidth = function() return 800 end,
      getHeight = function() return 600 end,
    },
    mouse = stub_module {
      getPosition = function() return 400, 300 end,
      getX = function() return 400 end,
      getY = function() return 300 end,
      isDown = function() return false end,
    },
    keyboard = stub_module { isDown = function(...)
      for i = 1, select("#", ...) do if select(i, ...) == "right" then return true end end
      return false
    end },
    timer = stub_module {
      getTime = function() return frame / 60 end,
      getDelta = function() return 1 / 60 end,
      getFPS = function() return 60 end,
    },
    filesystem = stub_module { read = function(name) return nil, name .. ": no such file (docs_spec's love stub)" end },
  }
  -- any other module: functions that do nothing
  setmetatable(love, { __index = function(t, k)
    if k == "load" or k == "update" or k == "draw" then return nil end
    local m = stub_module()
    rawset(t, k, m)
    return m
  end })
  local seen = {}
  -- Run the callbacks as LÖVE would when a block has defined or replaced one.
  local function play()
    local changed = false
    for _, k in ipairs { "load", "update", "draw" } do
      if rawget(love, k) ~= seen[k] then changed = true end
    end
    if not changed then return end
    if rawget(love, "load") and rawget(love, "load") ~= seen.load then love.load({}) end
    for _, k in ipairs { "load", "update", "draw" } do seen[k] = rawget(love, k) end
    for f = 1, FRAMES do
      frame = f
      if rawget(love, "update") then love.update(1 / 60) end
      if rawget(love, "draw") then love.draw() end
    end
  end
  return love, play
end

-- ------------------------------------------------------------------ running a page

local function compile(src, name, env)
  if setfenv then
    local f, err = loadstring(src, name)
    if f then setfenv(f, env) end
    return f, err
  end
  return load(src, name, "t", env)
end

-- The page's text with only the given blocks' lines kept, each at its line;
-- marker(b) (or nothing) on each block's closing fence line.
local function padded(lines, blocks, marker)
  local out = {}
  for i = 1, #lines do out[i] = "" end
  for _, b in ipairs(blocks) do
    for j = b.from, b.to do out[j] = lines[j] end
    if marker and b.close then out[b.close] = marker(b) end
  end
  return concat(out, "\n")
end

local function pending_reason(path, b)
  for _, p in ipairs(PENDING) do
    if p[1] == path and b.first:sub(1, #p[2]) == p[2] then return p[3] end
  end
end

-- Run a page: each block gets status "ok" or "error" (err), or "norun",
-- "needs LuaJIT", "unclosed"; `after`, the last block before it that failed,
-- and `pending_cause`, the first one of those that is on the PENDING list; and
-- the page the prints made, per line.
local function run_page(path)
  local lines = read_lines(path)
  local blocks = lua_blocks(lines)
  local name = "@" .. path
  local runnable = {}
  for _, b in ipairs(blocks) do
    b.pending = pending_reason(path, b)
    if b.unclosed then b.status = "unclosed"
    elseif b.norun then b.status = "norun"
    elseif b.ffi and not has_ffi then b.status = "needs LuaJIT"
    else
      local ok, err = compile(padded(lines, { b }), name, {})
      if ok then runnable[#runnable + 1] = b else b.status, b.err = "error", err end
    end
  end
  local prints = {}
  local page = { path = path, lines = lines, blocks = blocks, prints = prints }

  local love, play = love_stub()
  local env = setmetatable({}, { __index = _G })
  env.love = love
  env.print = function(...)
    local info = debug.getinfo(2, "Sl")
    if info and info.source == name then
      local parts = {}
      for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
      local at = info.currentline
      prints[at] = prints[at] or {}
      prints[at][#prints[at] + 1] = concat(parts, "\t")
    end
  end
  local reached
  env.__docs_spec_reached = function(k)
    play()
    reached = k
  end
  for k, b in ipairs(runnable) do b.index = k end
  local function marker(b) return ("__docs_spec_reached(%d);"):format(b.index) end
  -- the error, and the traceback's lines in the page
  local function handler(e)
    local out = { tostring(e) }
    for l in debug.traceback("", 2):gmatch("[^\n]+") do
      if l:find(path, 1, true) then out[#out + 1] = "    " .. trim(l) end
    end
    return concat(out, "\n")
  end

  local saved = rawget(_G, "love")
  rawset(_G, "love", love)
  local start, after, cause = 1, nil, nil
  while start <= #runnable do
    local part = {}
    for k = start, #runnable do part[#part + 1] = runnable[k] end
    local chunk, err = compile(padded(lines, part, marker), name, env)
    if not chunk then
      for _, b in ipairs(part) do b.status, b.err = "error", "the page does not compile: " .. tostring(err) end
      break
    end
    reached = start - 1
    local ok, msg = xpcall(chunk, handler)
    for k = start, reached do runnable[k].status = "ok" end
    for k = start, ok and #runnable or reached + 1 do
      runnable[k].after, runnable[k].pending_cause = after, cause
    end
    if ok then break end
    local b = runnable[reached + 1]
    b.status, b.err = "error", msg
    after = b
    if b.pending and not cause then cause = b end
    start = reached + 2
  end
  rawset(_G, "love", saved)
  return page
end

local pages = {}
local function page_of(path)
  pages[path] = pages[path] or run_page(path)
  return pages[path]
end

-- The problems of a block that ran: its `-->` lines against the prints made from them.
local function check_block(page, b)
  local problems = {}
  for j = b.from, b.to do
    local line = page.lines[j]
    local want = expected_of(line)
    local code = line:sub(1, (line:find("-->", 1, true) or 0) - 1)
    if want and code:find("print%s*%(") then
      local calls = page.prints[j]
      if not calls then
        problems[#problems + 1] = ("%s:%d: this line's print did not run"):format(page.path, j)
      else
        for _, printed in ipairs(calls) do
          local why = mismatch(want, printed)
          if why then
            problems[#problems + 1] = ("%s:%d: %s\n      %s"):format(page.path, j, why, trim(line))
            break
          end
        end
      end
    end
  end
  return problems
end

-- ------------------------------------------------------------------ the specs

describe("docs_spec's rules", function()
  it("splits values at tabs and two or more spaces, and cuts the explanation at ': '", function()
    local slab = expected_of("print(x, y, g)  --> 310.0  44.0\ttrue: on the slab")
    assert.are.same({ "310.0", "44.0", "true" }, slab[#slab])
    assert.is_nil(mismatch(slab, "310.0\t44.0\ttrue"))
    assert.is_not_nil(mismatch(slab, "310.0\t44.0\tfalse"))
    assert.is_nil(mismatch(expected_of("--> 10 3 11 3: two tiles: the slab"), "10 3 11 3"))
    assert.is_nil(mismatch(expected_of("--> Disk(8, 16, 6)"), "Disk(8, 16, 6)"))
    assert.is_nil(mismatch(expected_of("--> table: 0x55d0"), "table: 0x5581c0a0"))
    assert.is_not_nil(mismatch(expected_of("--> nil         walking away"), "nil"))
    assert.is_nil(mismatch(expected_of("--> false  bad x: add it: an error"), "false\tbad x: add it"))
    assert.is_not_nil(mismatch(expected_of("--> false  bad x: add it: an error"), "false\tbad y: add it"))
    assert.is_nil(expected_of("print(x) -- no comment"))
  end)

  it("compares numbers to the digits written, whole numbers exactly", function()
    assert.is_nil(mismatch({ "-0.707", "0.707" }, "-0.70710678118655\t0.70710678118655"))
    assert.is_nil(mismatch({ "310.0", "44" }, "310\t44.0"))
    assert.is_nil(mismatch({ "20.666666666667" }, "20.666666666667"))
    assert.is_nil(mismatch({ "0.38224788" }, "0.38224788163951"))
    assert.is_nil(mismatch({ "0.1236598", "-0.3822478" }, "0.12365987221708\t-0.38224788140833"))
    assert.is_not_nil(mismatch({ "0.707" }, "0.7081"))
    assert.is_not_nil(mismatch({ "0.707" }, "0.7064"))
    assert.is_nil(mismatch({ "0.707" }, "0.7079"))
    assert.is_not_nil(mismatch({ "0.707" }, "-0.707"))
    assert.is_not_nil(mismatch({ "0.1236598" }, "0.12365997"))
    assert.is_not_nil(mismatch({ "48" }, "48.4"))
    assert.is_not_nil(mismatch({ "0.0" }, "1e-17"))
    assert.is_not_nil(mismatch({ "48" }, "true"))
    assert.is_nil(mismatch({ "1e-17" }, "1e-17"))
  end)

  it("matches table to any table, nil and strings as text, and counts the values", function()
    assert.is_nil(mismatch({ "table", "nil", "Triangle" }, "table: 0x5581c0a0\tnil\tTriangle"))
    assert.is_not_nil(mismatch({ "table" }, "Triangle"))
    assert.is_not_nil(mismatch({ "true" }, "true\t3"))
    assert.is_not_nil(mismatch({ "true", "3" }, "true"))
    assert.is_nil(mismatch({ "0.0", "-1.0", "..." }, "0\t-1\t0\t1\t0"))
    assert.is_nil(mismatch({ "..." }, ""))
    assert.is_not_nil(mismatch({ "0.0", "...", "pressing" }, "0\t-1\t0"))
    assert.is_nil(mismatch({}, ""))
  end)

  it("finds the ```lua blocks, norun ones, and skips other fences", function()
    local b = lua_blocks {
      "text", "```sh", "```lua", "```", "```lua", "print(1) --> 1", "```",
      "  ```lua norun", "  x.y()", "  ```", "```c", "int x;", "```",
    }
    assert.are.equal(2, #b)
    assert.are.same({ 5, 7, "print(1) --> 1" }, { b[1].open, b[1].close, b[1].first })
    assert.is_true(b[2].norun)
    assert.are.equal("x.y()", b[2].first)
  end)
end)

for _, path in ipairs(docs_files()) do
  local blocks = lua_blocks(read_lines(path))
  local skipped = 0
  for _, b in ipairs(blocks) do
    if b.norun or (b.ffi and not has_ffi) then skipped = skipped + 1 end
  end
  if #blocks > 0 then
    describe(("%s (%d lua blocks, %d not run)"):format(path, #blocks, skipped), function()
      for k, b0 in ipairs(blocks) do
        it(("block at line %d: %s"):format(b0.open, b0.first), function()
          local page = page_of(path)
          local b = page.blocks[k]
          local count = ("%d of %d blocks of %s not run"):format(skipped, #blocks, path)
          if b.status == "norun" then
            pending(("```lua norun (%s)"):format(count))
            return
          elseif b.status == "needs LuaJIT" then
            pending(("require \"ffi\": runs under LuaJIT only (%s)"):format(count))
            return
          end
          local problems = {}
          if b.status == "unclosed" then
            problems[1] = ("%s:%d: the block's fence is never closed"):format(path, b.open)
          elseif b.status == "error" then
            problems[1] = tostring(b.err)
          else
            problems = check_block(page, b)
          end
          if #problems > 0 then
            local msg = concat(problems, "\n")
            if b.after then
              msg = msg .. ("\n    (run after the block at line %d failed: in a new chunk, without the locals of the blocks before it)")
                :format(b.after.open)
            end
            if b.pending then pending(("%s: %s"):format(b.pending, msg)); return end
            if b.pending_cause then
              pending(("the block at line %d before it failed (%s): %s"):format(b.pending_cause.open,
                b.pending_cause.pending, msg))
              return
            end
            error(msg, 0)
          end
        end)
      end
    end)
  end
end

-- Entries of PENDING that name no block: shown, so that the list is kept short.
describe("docs_spec's PENDING list", function()
  for _, p in ipairs(PENDING) do
    local found = false
    local ok, lines = pcall(read_lines, p[1])
    if ok then
      for _, b in ipairs(lua_blocks(lines)) do
        if b.first:sub(1, #p[2]) == p[2] then found = true end
      end
    end
    if not found then
      it(("%s: %s"):format(p[1], p[2]), function()
        pending("this PENDING entry names no block: remove it")
      end)
    end
  end
end)
