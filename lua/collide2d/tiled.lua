-- collide2d.tiled: shapes from a Tiled map (its Lua export, or its JSON
-- export as a string or as the table a JSON library decodes it into).
--
--   local tiled = require "collide2d.tiled"
--   local map = tiled.load(love.filesystem.read("level.json"))   -- or dofile("level.lua")
--   local ground = tiled.layer(map, "Ground")    -- one tile layer shape
--   local things = tiled.objects(map, "Objects") -- { shape, ... }, each with its object as user data
--
-- A tile layer's gids (flip bits cleared) are its codes; a tile whose tileset
-- gives it one collision shape (a rectangle or a convex polygon in the tile
-- editor) is that piece, any other tile is full, gid 0 empty.
local c2d = require "collide2d"
local json = require "collide2d.json" -- the JSON reader the map loaders share

local tiled = {}

-- The map: a table as it is, or a JSON string decoded.
function tiled.load(map)
  if type(map) == "table" then return map end
  if type(map) ~= "string" then
    error(("bad argument #1 to 'load' (table or JSON string expected, got %s)"):format(type(map)), 2)
  end
  local value = json.decode(map, "collide2d.tiled")
  if type(value) ~= "table" then error("collide2d.tiled: the JSON is not a map (an object expected)", 2) end
  return value
end

-- ---- tile layers ----

local FLIPS = 0x20000000 -- gids carry flip flags in their top 3 bits (of 32)

local function find_layer(map, name, kind, fname)
  local function walk(layers)
    for _, l in ipairs(layers or {}) do
      if l.type == "group" then
        local found = walk(l.layers)
        if found then return found end
      elseif l.name == name or (name == nil and l.type == kind) then
        return l
      end
    end
  end
  local l = walk(map.layers)
  if not l then error(("bad argument #2 to '%s' (no %s named %q)"):format(fname, kind, tostring(name)), 3) end
  if l.type ~= kind then
    error(("bad argument #2 to '%s' (layer %q is of type %s, not %s)"):format(fname, tostring(name), tostring(l.type), kind), 3)
  end
  return l
end

-- A tile's one collision shape as a piece in tile units, or nil.
local function tile_piece(object, tw, th)
  local x, y = object.x or 0, object.y or 0
  local poly = object.polygon
  if poly then
    local uv = {}
    for i, p in ipairs(poly) do
      uv[2 * i - 1] = (x + p.x) / tw
      uv[2 * i] = (y + p.y) / th
    end
    return uv
  end
  if object.shape == "ellipse" or object.ellipse or object.shape == "point" or object.point or object.polyline then
    return nil
  end
  local w, h = object.width or 0, object.height or 0
  return { x / tw, y / th, (x + w) / tw, y / th, (x + w) / tw, (y + h) / th, x / tw, (y + h) / th }
end

-- The kinds of a map's gids: each tile with one collision shape its piece,
-- any other tile full.
local function gid_kinds(map, used)
  local kinds = {}
  for gid in pairs(used) do kinds[gid] = "full" end
  for _, ts in ipairs(map.tilesets or {}) do
    local first = ts.firstgid or 1
    local tw, th = ts.tilewidth or map.tilewidth, ts.tileheight or map.tileheight
    for _, tile in ipairs(ts.tiles or {}) do
      local group = tile.objectGroup or tile.objectgroup
      local gid = first + (tile.id or 0)
      if used[gid] and group and group.objects and #group.objects == 1 then
        local piece = tile_piece(group.objects[1], tw, th)
        if piece then kinds[gid] = piece end
      end
    end
  end
  return kinds
end

-- tiled.layer(map, name [, kinds]) -> a tile layer shape of the map's tile
-- layer (the first tile layer when name is nil); kinds as c2d.tiles takes them
-- (default: each gid's collision shape, or full).
function tiled.layer(map, name, kinds)
  map = tiled.load(map)
  local l = find_layer(map, name, "tilelayer", "layer")
  local data = l.data
  if type(data) ~= "table" then
    error(("collide2d.tiled: layer %q holds no array of gids (export with the CSV or Lua encoding, not base64)"):format(tostring(l.name)), 2)
  end
  local codes, used = {}, {}
  for i = 1, #data do
    local gid = data[i] % FLIPS
    if gid > 65535 then error(("collide2d.tiled: gid %d in layer %q is above 65535"):format(gid, tostring(l.name)), 2) end
    codes[i] = gid
    if gid ~= 0 then used[gid] = true end
  end
  local tw, th = map.tilewidth, map.tileheight
  local x, y = (l.x or 0) * tw + (l.offsetx or 0), (l.y or 0) * th + (l.offsety or 0)
  return c2d.tiles(x, y, tw, th, l.width, l.height, codes, kinds or gid_kinds(map, used))
end

-- ---- objects ----

-- The shape of one Tiled object (nil for a kind it does not know).
-- cos(k pi / 16), k = 0 .. 8, correctly rounded: an ellipse's 32 rim points
-- come from these by symmetry, so they are the same on every machine (no C
-- library cos) and the four at quarter turns lie on the axes exactly.
local COS16 = { 1, 0.98078528040323043, 0.92387953251128674, 0.83146961230254524, 0.70710678118654757,
                0.55557023301960218, 0.38268343236508978, 0.19509032201612828, 0 }

local function object_shape(o)
  local x, y, w, h = o.x or 0, o.y or 0, o.width or 0, o.height or 0
  local turn = math.rad(o.rotation or 0)
  local shape
  if o.polygon then
    local pts = {}
    for i, p in ipairs(o.polygon) do pts[i] = { x = x + p.x, y = y + p.y } end
    shape = c2d.concave(pts)
  elseif o.polyline then
    local segs = {}
    for i = 1, #o.polyline - 1 do
      local p, q = o.polyline[i], o.polyline[i + 1]
      segs[i] = c2d.segment(x + p.x, y + p.y, x + q.x, y + q.y)
    end
    if #segs == 0 then shape = c2d.point(x, y) else shape = #segs == 1 and segs[1] or c2d.group(segs) end
  elseif o.shape == "point" or o.point then
    shape = c2d.point(x, y)
  elseif o.shape == "ellipse" or o.ellipse then
    if w == h then
      shape = c2d.disk(x + w / 2, y + h / 2, w / 2)
    else -- an ellipse as a 32-gon through its rim
      local pts = {}
      for i = 0, 31 do
        local r = i % 8
        local c, s = COS16[r + 1], COS16[9 - r] -- at (i mod 8) pi / 16
        for _ = 1, (i - r) / 8 do c, s = -s, c end -- turned by whole quarters
        pts[2 * i + 1] = x + w / 2 + w / 2 * c
        pts[2 * i + 2] = y + h / 2 + h / 2 * s
      end
      shape = c2d.polygon(pts)
    end
  elseif o.shape == nil or o.shape == "rectangle" then
    if o.gid then y = y - h end -- a tile object stands on its (x, y)
    if turn ~= 0 then shape = c2d.box(x + w / 2, y + h / 2, w, h, 0) else shape = c2d.aabb(x, y, w, h) end
  else
    return nil
  end
  -- Tiled turns an object about its (x, y)
  if turn ~= 0 then shape:rotate(turn, o.x or 0, o.y or 0) end
  return shape
end

-- tiled.objects(map, name) -> { shape, ... }: the objects of an object layer
-- (the first when name is nil), each a shape with the object as its user
-- data: rectangles as AABBs (Boxes when turned), circles as Disks, ellipses as
-- 32-gons, polygons as Concaves, polylines as Segments (a Group of them),
-- points as Points; text objects are left out.
function tiled.objects(map, name)
  map = tiled.load(map)
  local l = find_layer(map, name, "objectgroup", "objects")
  local out = {}
  for _, o in ipairs(l.objects or {}) do
    local shape = object_shape(o)
    if shape then
      shape:setUserData(o)
      out[#out + 1] = shape
    end
  end
  return out
end

return tiled
