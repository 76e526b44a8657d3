-- busted output handler: plainTerminal's report, then one closing line
-- "N passed, N failed" (errors count as failures) that CI reads.
return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.plainTerminal"(options)
  busted.subscribe({ "suite", "end" }, function()
    local failed = handler.failuresCount + handler.errorsCount
    io.write(("\n%d passed, %d failed\n"):format(handler.successesCount, failed))
    io.flush()
    return nil, true
  end)
  return handler
end
