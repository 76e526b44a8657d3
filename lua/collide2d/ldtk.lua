-- collide2d.ldtk: shapes from an LDtk project (its .ldtk file as JSON text, or
-- the table a JSON library decodes it into).
--
--   local ldtk = require "collide2d.ldtk"
--   local project = ldtk.load(love.filesystem.read("world.ldtk"))
--   local ground = ldtk.layer(project, "Level_0", "Collisions") -- an IntGrid layer as one tile layer shape
--   local things = ldtk.entities(project, "Level_0")            -- { shape, ... }, each with its entity as user data
--
-- Shapes are in world pixels: a level at its worldX, worldY (0, 0 in the
-- linear world layouts, where LDtk writes -1 there), a layer moved by its
-- total offset (__pxTotalOffsetX/Y). An IntGrid layer's values are its codes.
local c2d = require "collide2d"
local json = require "collide2d.json" -- the JSON reader the map loaders share

local ldtk = {}

-- The project: a table as it is, or a JSON string decoded. Raises at the
-- level of the caller of the function that calls it (fname).
local function project_of(project, fname)
  if type(project) == "table" then return project end
  if type(project) ~= "string" then
    error(("collide2d.ldtk: bad argument #1 to '%s' (table or JSON string expected, got %s)"):format(fname, type(project)), 3)
  end
  local value = json.decode(project, "collide2d.ldtk")
  if type(value) ~= "table" then error("collide2d.ldtk: the JSON is not a project (an object expected)", 3) end
  return value
end

-- ldtk.load(project) -> the project as a table (JSON text decoded, a table as it is).
function ldtk.load(project)
  local value = project_of(project, "load") -- not a tail call: its errors name our caller
  return value
end

-- ---- levels ----

-- In these layouts a level's place is its order, not its worldX, worldY (-1).
local LINEAR = { LinearHorizontal = true, LinearVertical = true }

-- The project's levels, each with the world layout that places it: the root's
-- levels, or (a project of several worlds, whose root holds none) each
-- world's levels in turn.
local function all_levels(project)
  local out = {}
  for _, lv in ipairs(project.levels or {}) do out[#out + 1] = { level = lv, layout = project.worldLayout } end
  if #out == 0 then
    for _, w in ipairs(project.worlds or {}) do
      for _, lv in ipairs(w.levels or {}) do out[#out + 1] = { level = lv, layout = w.worldLayout or project.worldLayout } end
    end
  end
  return out
end

-- The level asked for (nil: the first; an identifier; a 1-based index; or a
-- level table itself, such as a separate level file decoded) and its layout.
local function find_level(project, level, fname)
  local levels = all_levels(project)
  if type(level) == "table" then
    -- a level file read on its own: the project's entry of the same level
    -- (by iid, else identifier) says which layout places it
    for _, entry in ipairs(levels) do
      local lv = entry.level
      if (level.iid ~= nil and lv.iid == level.iid) or (level.iid == nil and lv.identifier == level.identifier) then
        return level, entry.layout
      end
    end
    return level, project.worldLayout
  end
  if level == nil then
    if #levels == 0 then error("collide2d.ldtk: the project holds no levels", 3) end
    return levels[1].level, levels[1].layout
  end
  if type(level) == "number" then
    local entry = levels[level]
    if not entry then error(("collide2d.ldtk: no level %s (the project holds %d)"):format(tostring(level), #levels), 3) end
    return entry.level, entry.layout
  end
  if type(level) ~= "string" then
    error(("collide2d.ldtk: bad argument #2 to '%s' (level identifier, index or table expected, got %s)"):format(fname, type(level)), 3)
  end
  for _, entry in ipairs(levels) do
    if entry.level.identifier == level then return entry.level, entry.layout end
  end
  error(("collide2d.ldtk: no level named %q"):format(level), 3)
end

local function level_name(lv)
  return tostring(lv.identifier)
end

-- The level's layer instances; with "Separate level files" they are in the
-- level's own file and null (absent) in the project.
local function layers_of(lv)
  local layers = lv.layerInstances
  if type(layers) == "table" then return layers end
  if lv.externalRelPath ~= nil then
    error(("collide2d.ldtk: level %q keeps its layers in a separate file, %q (its externalRelPath): " ..
           "pass that file, decoded with ldtk.load, as the level"):format(level_name(lv), tostring(lv.externalRelPath)), 3)
  end
  error(("collide2d.ldtk: level %q holds no layerInstances"):format(level_name(lv)), 3)
end

-- The layer of that name (the first of that type when name is nil), which
-- must be of that type.
local function find_layer(lv, layers, name, kind)
  for _, l in ipairs(layers) do
    if l.__identifier == name or (name == nil and l.__type == kind) then
      if l.__type ~= kind then
        error(("collide2d.ldtk: layer %q of level %q is of type %s, not %s"):format(tostring(name), level_name(lv), tostring(l.__type), kind), 3)
      end
      return l
    end
  end
  if name == nil then error(("collide2d.ldtk: level %q has no %s layer"):format(level_name(lv), kind), 3) end
  error(("collide2d.ldtk: level %q has no layer named %q"):format(level_name(lv), tostring(name)), 3)
end

-- Where the layer's top-left corner is in the world: the level's corner
-- (worldX, worldY) moved by the layer's total offset.
local function layer_origin(lv, layout, l)
  local x, y = lv.worldX or 0, lv.worldY or 0
  local dx, dy = l.__pxTotalOffsetX or 0, l.__pxTotalOffsetY or 0
  if type(x) ~= "number" or type(y) ~= "number" then
    error(("collide2d.ldtk: worldX and worldY of level %q must be numbers"):format(level_name(lv)), 3)
  end
  if type(dx) ~= "number" or type(dy) ~= "number" then
    error(("collide2d.ldtk: __pxTotalOffsetX and __pxTotalOffsetY of layer %q of level %q must be numbers"):format(
      tostring(l.__identifier), level_name(lv)), 3)
  end
  -- a linear layout places levels by their order, and LDtk writes -1, -1
  -- there; without a layout (a hand-made table) -1, -1 is read the same way
  if LINEAR[layout] or (layout == nil and x == -1 and y == -1) then x, y = 0, 0 end
  return x + dx, y + dy
end

local function whole(v, least)
  return type(v) == "number" and v == math.floor(v) and v >= least and v < math.huge
end

-- ---- IntGrid layers ----

-- ldtk.layer(project [, level [, name [, kinds]]]) -> a tile layer shape of
-- the level's IntGrid layer (the first when name is nil): tiles of
-- __gridSize, its intGridCsv values as codes; kinds as c2d.tiles takes them
-- (default: 0 empty, every other value full).
function ldtk.layer(project, level, name, kinds)
  project = project_of(project, "layer")
  local lv, layout = find_level(project, level, "layer")
  local l = find_layer(lv, layers_of(lv), name, "IntGrid")
  local what = ("layer %q of level %q"):format(tostring(l.__identifier), level_name(lv))
  local cols, rows, size = l.__cWid, l.__cHei, l.__gridSize
  if not whole(cols, 1) or not whole(rows, 1) then
    error(("collide2d.ldtk: __cWid and __cHei of %s must be whole numbers, at least 1"):format(what), 2)
  end
  if type(size) ~= "number" or not (size > 0 and size < math.huge) then
    error(("collide2d.ldtk: __gridSize of %s must be a positive number"):format(what), 2)
  end
  local csv = l.intGridCsv
  if type(csv) ~= "table" then error(("collide2d.ldtk: %s holds no intGridCsv array"):format(what), 2) end
  -- its length counts up to its last value: a null among the values (a hole
  -- in the array the JSON reader makes) is then told as that value's fault
  local n = #csv
  for k in pairs(csv) do
    if type(k) == "number" and k > n then n = k end
  end
  if n ~= cols * rows then
    error(("collide2d.ldtk: intGridCsv of %s holds %d values, not __cWid * __cHei = %d"):format(what, n, cols * rows), 2)
  end
  for i = 1, n do
    if not whole(csv[i], 0) or csv[i] > 65535 then
      local v = type(csv[i]) == "number" and tostring(csv[i]) or csv[i] == nil and "null" or "a " .. type(csv[i])
      error(("collide2d.ldtk: intGridCsv[%d] of %s is %s, not a whole number in [0, 65535]"):format(i, what, v), 2)
    end
  end
  local x, y = layer_origin(lv, layout, l)
  -- what c2d.tiles still refuses (the kinds, a layer too far out) is told with the layer it was
  local ok, shape = pcall(c2d.tiles, x, y, size, size, cols, rows, csv, kinds)
  if not ok then error(("collide2d.ldtk: %s: %s"):format(what, tostring(shape)), 2) end
  return shape
end

-- ---- entities ----

-- One entity's shape: its width x height box with its pivot at px (a point
-- when it has no size), the layer's corner at x0, y0.
local function entity_shape(e, x0, y0, where)
  local what = ("entity %q of %s"):format(tostring(e.__identifier), where)
  local px, pivot = e.px, e.__pivot or { 0, 0 }
  local w, h = e.width or 0, e.height or 0
  if type(px) ~= "table" or type(px[1]) ~= "number" or type(px[2]) ~= "number" then
    error(("collide2d.ldtk: px of %s must be [x, y] numbers"):format(what), 3)
  end
  if type(pivot) ~= "table" or type(pivot[1]) ~= "number" or type(pivot[2]) ~= "number" then
    error(("collide2d.ldtk: __pivot of %s must be [x, y] numbers"):format(what), 3)
  end
  if type(w) ~= "number" or type(h) ~= "number" or not (w >= 0 and h >= 0) then
    error(("collide2d.ldtk: width and height of %s must be numbers, at least 0"):format(what), 3)
  end
  if w == 0 and h == 0 then return c2d.point(x0 + px[1], y0 + px[2]) end
  return c2d.aabb(x0 + px[1] - pivot[1] * w, y0 + px[2] - pivot[2] * h, w, h)
end

-- ldtk.entities(project [, level [, name]]) -> { shape, ... }: the entities of
-- the level's Entities layer of that name (of every Entities layer when name
-- is nil), in the order the project lists them: each an AABB of its width
-- and height (a Point when both are 0) with the entity instance as its user
-- data.
function ldtk.entities(project, level, name)
  project = project_of(project, "entities")
  local lv, layout = find_level(project, level, "entities")
  local layers = layers_of(lv)
  if name ~= nil then layers = { find_layer(lv, layers, name, "Entities") } end
  local out = {}
  for _, l in ipairs(layers) do
    if l.__type == "Entities" then
      local x0, y0 = layer_origin(lv, layout, l)
      local where = ("layer %q of level %q"):format(tostring(l.__identifier), level_name(lv))
      for _, e in ipairs(l.entityInstances or {}) do
        local shape = entity_shape(e, x0, y0, where)
        shape:setUserData(e)
        out[#out + 1] = shape
      end
    end
  end
  return out
end

return ldtk
