-- The child process of spec/hostile_spec.lua: runs one group of
-- spec/support/hostile.lua and writes its findings to stdout, one per line.
--   hostile_run.lua GROUP SKIP TRACE
-- SKIP: how many counted calls to pass over (they crashed a run before);
-- TRACE 1: a line before each call (flushed), so that a crash names its call.
local name, skip, trace = ...
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
hostile.run(name, tonumber(skip) or 0, trace == "1", out)
stdout:flush()
