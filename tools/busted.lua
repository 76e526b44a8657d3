-- Run busted under whichever interpreter runs this file, with the project's
-- output handler, so `make test LUA=...` really tests that runtime.
arg = arg or {}
local extra = { "-o", "spec/support/summary.lua" }
for i = #arg, 1, -1 do arg[i + #extra] = arg[i] end
for i, v in ipairs(extra) do arg[i] = v end
require "busted.runner" ({ standalone = false })
