-- The child process of spec/hostile_spec.lua: runs one group of
-- spec/support/hostile.lua and writes its findings to stdout, one per line.
--   hostile_run.lua GROUP TRACE [SKIPFILE]
-- TRACE 1: a line before each call (flushed), so that a crash names its call;
-- SKIPFILE: the calls not to make, one description a line (they crashed a run
-- before), or the start of their descriptions followed by *.
local name, trace, skipfile = ...
local skip = {}
if skipfile and skipfile ~= "" then
  for line in io.lines(skipfile) do
    -- a line ending in * is a prefix: every call of a sweep
    if line:sub(-1) == "*" then skip[#skip + 1] = line:sub(1, -2) else skip[line] = true end
  end
end
local hostile = require "support.hostile"
-- A handle of its own on the standard output: the cases pass io.stdout around
-- (and a broken binding could write over it).
local stdout = io.open("/dev/stdout", "w") or io.stdout
local out
if trace == "1" then
  out = function(line) stdout:write(line, "\n"); stdout:flush() end
else
  out = function(line) stdout:write(line, "\n") end
end
hostile.run(name, skip, trace == "1", out)
stdout:flush()
