-- The lua-language-server definitions (library/collide2d.lua, a ---@meta file
-- the library never runs) against the API the modules really have: every
-- function and method that exists is annotated, and every annotation names one
-- that exists. The real API is read at run time (the module's table, the
-- methods of a Shape, a tile layer, a World and a Controller, the Lua modules
-- the rockspec installs), the annotations by reading the file's lines:
--   ---@class NAME [: PARENT]   then   local VAR      VAR holds class NAME
--   ---@field NAME[?] TYPE      a field of the class just opened (? : may be absent;
--                               [integer] for a list part)
--   function VAR.name(...)  /  function VAR:name(...)   a function of VAR's class
--   ---@alias NAME   then   ---| "value" lines          the alias's names
local c2d = require "collide2d"

local ROOT = debug.getinfo(1, "S").source:match("^@(.*)[/\\]spec[/\\][^/\\]*$") or "."
local LIBRARY = ROOT .. "/library/collide2d.lua"

local read = require("support.common").read_file

local function sorted(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- The annotations of one ---@meta file: classes (functions, fields, parent)
-- and aliases (their quoted names).
local function parse(text)
  local classes, aliases, var_class, problems = {}, {}, {}, {}
  local pending, current, alias
  local n = 0
  local function class(name)
    classes[name] = classes[name] or { functions = {}, fields = {} }
    return classes[name]
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = line:gsub("\r$", "")
    local cname, rest = line:match("^%-%-%-@class%s+([%w_.]+)(.*)$")
    local falias = line:match("^%-%-%-@alias%s+([%w_.]+)")
    if cname then
      class(cname).parent = rest:match("^%s*:%s*([%w_.]+)")
      class(cname).line = n
      pending, current, alias = cname, cname, nil
    elseif falias then
      aliases[falias] = aliases[falias] or {}
      alias, current = falias, nil
    elseif line:match("^%-%-%-|") then
      local value = line:match('^%-%-%-|%s*"([^"]*)"')
      if alias and value then aliases[alias][#aliases[alias] + 1] = value end
    elseif line:match("^%-%-%-@field") then
      local fname, optional = line:match("^%-%-%-@field%s+([%w_]+)(%??)")
      if not fname and line:match("^%-%-%-@field%s+%[integer%]") then fname, optional = "[integer]", "" end
      if current and fname then
        class(current).fields[fname] = { optional = optional == "?", line = n }
      else
        problems[#problems + 1] = ("line %d: a ---@field outside a class"):format(n)
      end
    elseif not line:match("^%-%-%-") then
      current, alias = nil, nil
      local var = line:match("^local%s+([%w_]+)")
      if var and pending then
        var_class[var] = pending
        pending = nil
      end
      local fvar, sep, fname = line:match("^function%s+([%w_]+)([.:])([%w_]+)%s*%(")
      if fvar then
        local cls = var_class[fvar]
        if not cls then
          problems[#problems + 1] = ("line %d: function %s%s%s of no class"):format(n, fvar, sep, fname)
        elseif classes[cls].functions[fname] then
          problems[#problems + 1] = ("line %d: %s.%s is annotated twice"):format(n, cls, fname)
        else
          classes[cls].functions[fname] = { line = n, method = sep == ":" }
        end
      elseif line:match("^%s*function") then
        problems[#problems + 1] = ("line %d: a function not written as `function VAR.name(` or `function VAR:name(`"):format(n)
      end
    end
  end
  return { classes = classes, aliases = aliases, problems = problems }
end

-- The Lua modules the rockspec installs ("collide2d.bump" = "lua/collide2d/bump.lua").
local function rockspec_modules()
  local out = {}
  for name in read(ROOT .. "/rockspec/collide2d-scm-1.rockspec"):gmatch('%["(collide2d%.[%w_]+)"%]%s*=') do
    out[#out + 1] = name
  end
  table.sort(out)
  return out
end

-- Modules and entries left out of the annotations on purpose, each with why.
local INTERNAL_MODULES = {
  ["collide2d.ffi"] = "the LuaJIT front end the native module hands itself to; never required by users",
  ["collide2d.ffi_decls"] = "the FFI's C declarations, read by collide2d.ffi",
  ["collide2d.json"] = "the small JSON reader collide2d.tiled and collide2d.ldtk share; not a user API",
}
local INTERNAL = {
  collide2d = {
    _bump = "the C half of collide2d.bump (require \"collide2d.bump\")",
    _layout = "the C structs' layout, for the specs that check the FFI's declarations",
  },
  ["collide2d.bump.World"] = {
    _w = "the C grid",
    _ids = "item -> id map",
    _items = "id -> item map",
    _count = "the item count behind countItems()",
    _probe = "the weak-key probe that tells when a collection ran",
    _plain = "false once a World method is replaced on the world",
  },
}
-- The classes the checks below compare with what runs (besides the modules
-- the rockspec installs, each its own class).
local CHECKED = {
  "collide2d", "collide2d.Shape", "collide2d.TileLayer", "collide2d.World", "collide2d.Controller",
  "collide2d.bump.rect", "collide2d.bump.responses", "collide2d.bump.World",
  "collide2d.Collision", "collide2d.PushCollision", "collide2d.bump.Collision", "collide2d.bump.Rect",
  "collide2d.bump.Point", "collide2d.bump.SegmentInfo", "collide2d.draw.Primitive",
  "collide2d.Manifold", "collide2d.ManifoldPoint", "collide2d.NavMesh",
}
-- Classes that describe argument tables: nothing at run time lists their fields.
local UNENUMERABLE = {
  ["collide2d.ControllerOptions"] = "read by c2d.controller and Controller:set, which ignore other keys",
  ["collide2d.draw.WorldOptions"] = "read by draw.drawWorld, which ignores other keys",
  ["collide2d.TurningOptions"] = "read by sweepTurning, which ignores other keys",
}

local function keys_of(...)
  local out = {}
  for i = 1, select("#", ...) do
    for k, v in pairs((select(i, ...))) do out[k] = v end
  end
  return out
end

describe("the LuaLS annotations (library/collide2d.lua)", function()
  local text = read(LIBRARY)
  local ann = parse(text)
  local C = ann.classes

  -- Every entry of real (name -> value) is annotated on one of the classes
  -- (functions as functions, anything else as a field), unless listed
  -- internal; every function and required field annotated on the first
  -- class exists in real.
  local function compare(real, class, also)
    assert.is_table(C[class], "no ---@class " .. class .. " in library/collide2d.lua")
    local internal = INTERNAL[class] or {}
    local functions, fields = {}, {}
    local names = { class }
    for _, name in ipairs(also or {}) do names[#names + 1] = name end
    for _, name in ipairs(names) do
      assert.is_table(C[name], "no ---@class " .. name .. " in library/collide2d.lua")
      for k in pairs(C[name].functions) do functions[k] = true end
      for k in pairs(C[name].fields) do fields[k] = true end
    end
    local not_annotated, not_real, stale_internal = {}, {}, {}
    for k, v in pairs(real) do
      local name = tostring(k)
      if internal[name] then -- luacheck: ignore 542 (an empty branch: internal names are skipped)
        -- left out on purpose
      elseif type(v) == "function" then
        if not functions[name] then not_annotated[#not_annotated + 1] = class .. "." .. name .. " (a function)" end
      elseif not fields[name] then
        not_annotated[#not_annotated + 1] = class .. "." .. name .. " (a " .. type(v) .. ": a ---@field)"
      end
    end
    for k in pairs(C[class].functions) do
      if type(real[k]) ~= "function" then not_real[#not_real + 1] = class .. "." .. k .. " (annotated as a function)" end
    end
    for k, f in pairs(C[class].fields) do
      if real[k] == nil and not f.optional then not_real[#not_real + 1] = class .. "." .. k .. " (a ---@field)" end
    end
    for k in pairs(internal) do
      if real[k] == nil then stale_internal[#stale_internal + 1] = class .. "." .. k end
    end
    table.sort(not_annotated)
    table.sort(not_real)
    table.sort(stale_internal)
    assert.are.same({}, not_annotated, "exists but is not annotated in library/collide2d.lua")
    assert.are.same({}, not_real, "annotated in library/collide2d.lua but does not exist")
    assert.are.same({}, stale_internal, "listed as internal in this spec but does not exist")
  end

  -- Each record's keys are fields of the class, each required field is in
  -- every record, each optional field in at least one.
  local function compare_records(class, records)
    assert.is_table(C[class], "no ---@class " .. class .. " in library/collide2d.lua")
    assert.is_true(#records > 0)
    local fields = C[class].fields
    local not_annotated, missing, seen = {}, {}, {}
    for _, r in ipairs(records) do
      for k in pairs(r) do
        -- (a list part: annotated as ---@field [integer])
        if type(k) == "number" then k = "[integer]" end
        seen[k] = true
        if not fields[k] then not_annotated[class .. "." .. tostring(k)] = true end
      end
      for k, f in pairs(fields) do
        if not f.optional and not seen[k] and (k ~= "[integer]" or r[1] == nil) and r[k] == nil then
          missing[class .. "." .. k .. " (required)"] = true
        end
      end
    end
    for k, f in pairs(fields) do
      if f.optional and not seen[k] then missing[class .. "." .. k .. " (optional, in no record)"] = true end
    end
    assert.are.same({}, sorted(not_annotated), "a record's key that is not a ---@field")
    assert.are.same({}, sorted(missing), "a ---@field no record has")
  end

  it("is a Lua chunk (loadfile) and every line of it reads as an annotation", function()
    assert.is_function((loadfile(LIBRARY)))
    assert.are.same({}, ann.problems)
    assert.truthy(text:match("^%-%-%-@meta collide2d\r?\n"))
  end)

  it("annotates every function and field of require \"collide2d\", and nothing more", function()
    compare(c2d, "collide2d")
  end)

  it("annotates every Shape method, and nothing more", function()
    -- The kinds' metatables are locked (__metatable = false): debug reads them.
    local mt = debug.getmetatable(c2d.aabb(0, 0, 1, 1))
    assert.is_table(mt.__index)
    -- all kinds share one method table; the tile-only methods are TileLayer's
    compare(mt.__index, "collide2d.Shape", { "collide2d.TileLayer" })
    for _, s in ipairs { c2d.point(0, 0), c2d.line(0, 0, 1, 0), c2d.concave(0, 0, 2, 0, 0, 2), c2d.group(c2d.point(0, 0)) } do
      assert.are.equal(mt.__index, debug.getmetatable(s).__index)
    end
  end)

  it("annotates every tile layer method, and nothing more", function()
    local layer = c2d.tiles(0, 0, 16, 16, 2, 1, { 1, 0 })
    assert.are.equal("collide2d.Shape", C["collide2d.TileLayer"].parent)
    compare(debug.getmetatable(layer).__index, "collide2d.TileLayer", { "collide2d.Shape" })
  end)

  it("annotates every World method, and nothing more", function()
    compare(debug.getmetatable(c2d.world(32)).__index, "collide2d.World")
  end)

  it("annotates every Controller method, and nothing more", function()
    local w = c2d.world(32)
    compare(debug.getmetatable(c2d.controller(w, w:add(c2d.aabb(0, 0, 1, 1)))).__index, "collide2d.Controller")
  end)

  it("annotates every NavMesh method, and nothing more", function()
    compare(debug.getmetatable(c2d.navmesh(c2d.world(32), 1)).__index, "collide2d.NavMesh")
  end)

  it("annotates every Lua module the rockspec installs, or lists it as internal", function()
    local annotated = {}
    for _, name in ipairs(rockspec_modules()) do
      if not INTERNAL_MODULES[name] then
        annotated[#annotated + 1] = name
        compare(require(name), name)
        -- the stub that makes LuaLS's require(name) return the class
        local stub = ROOT .. "/library/" .. name:gsub("%.", "/") .. ".lua"
        assert.is_function((loadfile(stub)), "missing or broken " .. stub)
        local body = read(stub)
        assert.truthy(body:match("^%-%-%-@meta " .. name:gsub("%.", "%%.") .. "\r?\n"), stub .. " must start with ---@meta " .. name)
        assert.truthy(body:find("---@type " .. name .. "\n", 1, true), stub .. " must return a ---@type " .. name)
      end
    end
    for _, name in ipairs { "collide2d.bump", "collide2d.draw", "collide2d.tiled" } do
      assert.truthy(C[name], name .. " is not annotated")
    end
    assert.is_true(#annotated >= 3)
    local installed = {}
    for _, name in ipairs(rockspec_modules()) do installed[name] = true end
    for name in pairs(INTERNAL_MODULES) do
      assert.is_true(installed[name], name .. " is listed as internal in this spec but the rockspec has no such module")
    end
  end)

  it("annotates bump.rect, bump.responses and a bump world, and nothing more", function()
    local bump = require "collide2d.bump"
    compare(bump.rect, "collide2d.bump.rect")
    compare(bump.responses, "collide2d.bump.responses")
    local world = bump.newWorld(32)
    -- a plain table: its own fields, and its methods through the metatable
    compare(keys_of(getmetatable(world).__index, world), "collide2d.bump.World")
  end)

  it("annotates the fields of the records the calls return, and nothing more", function()
    local w = c2d.world(32)
    w:add(c2d.aabb(0, 10, 100, 10))
    local mover = w:add(c2d.aabb(0, 0, 5, 5))
    local _, _, cols = w:move(mover, 50, 20)
    compare_records("collide2d.Collision", cols)
    local _, _, pushed = w:push(w:add(c2d.aabb(0, 8, 5, 5)))
    compare_records("collide2d.PushCollision", pushed)
    -- manifolds: of plain shapes (no pieces) and of a Group's members
    local manifolds = c2d.aabb(2, -3.5, 4, 4):manifold(c2d.group(c2d.aabb(0, 0, 10, 10)))
    for _, m in ipairs(c2d.disk(5, -1, 2):manifold(c2d.aabb(0, 0, 10, 10))) do manifolds[#manifolds + 1] = m end
    for _, m in ipairs(c2d.group(c2d.disk(5, -1, 2)):manifold(c2d.aabb(0, 0, 10, 10))) do manifolds[#manifolds + 1] = m end
    compare_records("collide2d.Manifold", manifolds)
    local mpoints = {}
    for _, m in ipairs(manifolds) do for _, p in ipairs(m) do mpoints[#mpoints + 1] = p end end
    compare_records("collide2d.ManifoldPoint", mpoints)

    local bump = require "collide2d.bump"
    local bw = bump.newWorld()
    bw:add("floor", 0, 10, 100, 10)
    bw:add("box", 0, 0, 5, 5)
    local records = {}
    for _, response in ipairs { "slide", "touch", "cross", "bounce" } do
      local _, _, bcols = bw:check("box", 50, 20, function() return response end)
      for _, col in ipairs(bcols) do records[#records + 1] = col end
    end
    compare_records("collide2d.bump.Collision", records)
    local rects, points = {}, {}
    for _, col in ipairs(records) do
      rects[#rects + 1] = col.itemRect
      rects[#rects + 1] = col.otherRect
      for _, k in ipairs { "move", "normal", "touch", "slide", "bounce" } do points[#points + 1] = col[k] end
    end
    compare_records("collide2d.bump.Rect", rects)
    compare_records("collide2d.bump.Point", points)
    compare_records("collide2d.bump.SegmentInfo", (bw:querySegmentWithCoords(-1, 15, 200, 15)))

    local draw = require "collide2d.draw"
    local prims = {}
    for _, s in ipairs { c2d.point(0, 0), c2d.segment(0, 0, 1, 1), c2d.line(0, 0, 1, 1), c2d.disk(0, 0, 1),
                          c2d.fan(0, 0, 1, 0, 1), c2d.capsule(0, 0, 1, 0, 1), c2d.aabb(0, 0, 1, 1) } do
      for _, mode in ipairs { "line", "fill" } do
        for _, p in ipairs(draw.primitives(s, mode)) do prims[#prims + 1] = p end
      end
    end
    compare_records("collide2d.draw.Primitive", prims)
  end)

  it("names every kind type() answers in collide2d.KindName, and no other", function()
    local names = {}
    for _, s in ipairs {
      c2d.point(0, 0), c2d.segment(0, 0, 1, 1), c2d.line(0, 0, 1, 1), c2d.disk(0, 0, 1), c2d.aabb(0, 0, 1, 1),
      c2d.box(0, 0, 1, 1, 0), c2d.triangle(0, 0, 1, 0, 0, 1), c2d.polygon(0, 0, 1, 0, 0, 1), c2d.hull(0, 0, 1, 0, 0, 1),
      c2d.capsule(0, 0, 1, 0, 1), c2d.fan(0, 0, 1, 0, 1), c2d.concave(0, 0, 2, 0, 0, 2), c2d.group(c2d.point(0, 0)),
      c2d.tiles(0, 0, 1, 1, 1, 1, { 1 }),
    } do
      names[s:type()] = true
    end
    local alias = ann.aliases["collide2d.KindName"]
    assert.is_table(alias)
    local annotated = {}
    for _, v in ipairs(alias) do annotated[v] = true end
    assert.are.same(sorted(names), sorted(annotated),
      "collide2d.KindName (library/collide2d.lua) must list exactly the kinds type() answers (expected)")
  end)

  it("names every tile kind name c2d.tiles takes in collide2d.TileKindName, and no other", function()
    local alias = ann.aliases["collide2d.TileKindName"]
    assert.is_table(alias)
    local annotated = {}
    for _, name in ipairs(alias) do
      annotated[name] = true
      assert.is_true((pcall(c2d.tiles, 0, 0, 1, 1, 1, 1, { 1 }, { [1] = name })), name .. " is not a tile kind")
    end
    -- the names the runtime knows, from its own error message:
    -- "unknown kind name (empty, full, ..., slope-br/bl/tr/tl, ramp-br/bl/tr/tl-low/high, or a table ...)"
    local ok, err = pcall(c2d.tiles, 0, 0, 1, 1, 1, 1, { 1 }, { [1] = "no such kind" })
    assert.is_false(ok)
    local list = tostring(err):match("unknown kind name %((.-), or a table")
    assert.is_string(list, "the unknown-kind message changed: " .. tostring(err))
    local real = {}
    for item in list:gmatch("[^,%s]+") do
      local names = { "" }
      for part in item:gmatch("[^-]+") do
        local next_names = {}
        for _, prefix in ipairs(names) do
          for alt in part:gmatch("[^/]+") do
            next_names[#next_names + 1] = prefix == "" and alt or prefix .. "-" .. alt
          end
        end
        names = next_names
      end
      for _, name in ipairs(names) do real[name] = true end
    end
    assert.are.same(sorted(real), sorted(annotated),
      "collide2d.TileKindName (library/collide2d.lua) must list exactly the names c2d.tiles takes (expected)")
  end)

  it("checks every class it annotates (argument tables listed apart)", function()
    local checked, unchecked = {}, {}
    for _, name in ipairs(CHECKED) do checked[name] = true end
    for _, name in ipairs(rockspec_modules()) do
      if not INTERNAL_MODULES[name] then checked[name] = true end
    end
    for name in pairs(C) do
      if not checked[name] and not UNENUMERABLE[name] then unchecked[#unchecked + 1] = name end
    end
    for name in pairs(UNENUMERABLE) do
      assert.is_table(C[name], name .. " is listed as unenumerable but not annotated")
    end
    table.sort(unchecked)
    assert.are.same({}, unchecked)
  end)
end)
