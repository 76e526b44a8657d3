-- A hostile script: every public function and method with hostile values in
-- each argument position, callbacks that raise, yield, free their world or
-- change it, finalizers that change a world while it builds an answer, and
-- what the debug library can do to the module's objects. Each call must
-- return or raise a Lua error, never crash; the worlds must still answer
-- consistently afterwards. The cases are in spec/support/hostile.lua.
--
-- So that a crash is a failing test and not the end of the suite, each group
-- runs in a child process (the same interpreter, the same environment, so the
-- same backend and, under make check, the same sanitizers): a child that dies
-- is run again with a line before each call to find the call that killed it,
-- then the group again without that call, until it is done.
local hostile = require "support.hostile"

local MAX_RUNS = 25 -- per group: crashes found before the rest of it is given up

local function shell_quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

-- The interpreter running this file, as it was started (arg's lowest index:
-- under valgrind, the children run without it), else the parent of the shell
-- io.popen starts.
local INTERP = '"$(readlink /proc/$PPID/exe)"'
if type(arg) == "table" then
  local lowest = nil
  for i = -1, -20, -1 do if arg[i] ~= nil then lowest = i end end
  if lowest then INTERP = shell_quote(arg[lowest]) end
end

local function run_child(group, trace, skipfile)
  local cmd = ("timeout -s KILL 600 %s -e %s spec/support/hostile_run.lua %s %d %s 2>&1; echo \"EXIT $?\""):format(
    INTERP, shell_quote(("package.path = %q package.cpath = %q"):format(package.path, package.cpath)),
    shell_quote(group), trace and 1 or 0, shell_quote(skipfile))
  local p = assert(io.popen(cmd, "r"))
  local lines = {}
  for line in p:lines() do lines[#lines + 1] = line end
  p:close()
  return lines
end

-- One group, run to its end: { order = {test names}, fails = {name = {msgs}}, pendings = {name = reason} }.
local function run_group(group)
  local res = { order = {}, seen = {}, fails = {}, pendings = {} }
  local function declare(name)
    if not res.seen[name] then
      res.seen[name] = {}
      res.order[#res.order + 1] = name
      res.fails[name] = {}
    end
  end
  local function add_fail(name, msg)
    declare(name)
    if not res.seen[name][msg] then
      res.seen[name][msg] = true
      table.insert(res.fails[name], msg)
    end
  end
  -- The tests, failures and pendings a run reported; whether it got to the end, its exit status.
  local function parse(lines)
    local done, status = false, nil
    for _, line in ipairs(lines) do
      local tag, rest = line:match("^(%u) (.*)$")
      if line == "D" then done = true
      elseif line:match("^EXIT %d+$") then status = tonumber(line:match("%d+"))
      elseif tag == "T" then declare(rest)
      elseif tag == "F" then
        local name, msg = rest:match("^(.-) :: (.*)$")
        if name then add_fail(name, msg) end
      elseif tag == "P" then
        local name, reason = rest:match("^(.-) :: (.*)$")
        if name then declare(name); res.pendings[name] = reason end
      end
    end
    return done, status
  end
  -- The calls that crashed a run, each made no more in the runs after it.
  local skipfile = os.tmpname()
  local skipped = {}
  local function write_skips()
    local f = assert(io.open(skipfile, "w"))
    for _, desc in ipairs(skipped) do f:write(desc, "\n") end
    f:close()
  end
  write_skips()
  for _ = 1, MAX_RUNS do
    local lines = run_child(group, false, skipfile)
    local done, status = parse(lines)
    if done and status == 0 then os.remove(skipfile); return res end
    local tail = {}
    for i = math.max(1, #lines - 40), #lines do
      local l = lines[i]
      if not l:match("^[TFPB] ") and l ~= "D" then tail[#tail + 1] = l end
    end
    if done then
      -- it ended badly after the last test (a sanitizer's report at exit)
      add_fail(res.order[#res.order] or "(group)",
        ("the child ended with status %s after the group was done:\n%s"):format(tostring(status), table.concat(tail, "\n")))
      os.remove(skipfile)
      return res
    end
    -- It died: the same run again, each call announced, names the call that killed it.
    local traced = run_child(group, true, skipfile)
    parse(traced) -- (what the first run had not written out when it died)
    local last_test, last_call
    local ttail = {}
    for _, line in ipairs(traced) do
      local name, desc = line:match("^B (.-) :: (.*)$")
      if name then last_test, last_call = name, desc end
      if not line:match("^[TFPB] ") and line ~= "D" then ttail[#ttail + 1] = line end
      if #ttail > 60 then table.remove(ttail, 1) end
    end
    if not last_call or skipped[last_call] then
      add_fail(last_test or res.order[#res.order] or "(group)", ("the child died outside any call (status %s):\n%s"):format(
        tostring(status), table.concat(#ttail > 0 and ttail or tail, "\n")))
      os.remove(skipfile)
      return res
    end
    add_fail(last_test, ("CRASHED the interpreter (status %s) in %s\n%s"):format(
      tostring(status), last_call, table.concat(ttail, "\n")))
    skipped[last_call] = true
    -- a crash in a finalizer sweep passes over the rest of that call's sweep,
    -- one with an upvalue replaced the other replacements of that upvalue
    -- (one bug, whose damage could show up in the calls after it)
    local family = last_call:match("^(.- at finalizer )%d") or last_call:match("^(.- with upvalue %d+ replaced by )")
    skipped[#skipped + 1] = family and family .. "*" or last_call
    write_skips()
  end
  add_fail(res.order[#res.order] or "(group)", ("gave up after %d crashed runs"):format(MAX_RUNS))
  os.remove(skipfile)
  return res
end

local can_fork = io.popen ~= nil and pcall(function()
  local p = io.popen(INTERP .. " -e 'io.write(\"ok\")' 2>/dev/null")
  local said = p:read("*a")
  p:close()
  assert(said == "ok")
end)

describe("hostile scripts", function()
  if not can_fork then
    pending("no io.popen, or the interpreter cannot be started again: the hostile cases need a child process each")
    return
  end
  for _, group in ipairs(hostile.names()) do
    local res = run_group(group)
    describe(group, function()
      for _, name in ipairs(res.order) do
        local fails = res.fails[name]
        if #fails == 0 and res.pendings[name] then
          pending(name .. ": " .. res.pendings[name])
        else
          it(name, function()
            if #fails > 0 then
              local shown = {}
              for i = 1, math.min(#fails, 25) do shown[i] = fails[i] end
              if #fails > 25 then shown[#shown + 1] = ("... and %d more"):format(#fails - 25) end
              error(("%d failure%s:\n%s"):format(#fails, #fails == 1 and "" or "s", table.concat(shown, "\n")), 0)
            end
          end)
        end
      end
    end)
  end
end)
