-- collide2d.ldtk: an LDtk project's IntGrid layers and entities as shapes, from
-- its JSON (as text) and as a table. Expected values are worked out by hand
-- from the projects below.
local c2d = require "collide2d"
local ldtk = require "collide2d.ldtk"

-- A "Free" world of three levels.
--
-- "Start" at worldX 512, worldY 64: its IntGrid layer "Collisions" is 4 x 3
-- cells of 16 (x 512..576, y 64..112), values row after row:
--   0 0 0 1      cell (4, 1): x 560..576, y 64..80
--   0 2 0 1      cell (2, 2), value 2: x 528..544, y 80..96; cell (4, 2): x 560..576, y 80..96
--   1 1 1 1      row 3: x 512..576, y 96..112
-- An AutoLayer and a Tiles layer come first, so the first IntGrid layer is
-- not the first layer. Its Entities layer "Things" (no offset) holds
--   Player: px (24, 32), 16 x 24, pivot (0.5, 1): top-left (24 - 8, 32 - 24) =
--           (16, 8) in the level, (528, 72) in the world: x 528..544, y 72..96
--   Marker: px (40, 8), 0 x 0: the point (552, 72)
--   Door:   px (48, 16), 16 x 32, pivot (0, 0): x 560..576, y 80..112
--
-- "Small" at worldX 0, worldY 256: "Collisions" is 2 x 2 cells of 8, moved by
-- its total offset (4, -8) to (4, 248): cell (1, 1) x 4..12, y 248..256; cell
-- (2, 2), value 3, x 12..20, y 256..264. Two Entities layers: "Things",
-- offset (8, 8), holds a Coin at px (4, 4), 8 x 8, pivot (0.5, 0.5): top-left
-- (0, 0) in the level, (8, 264) in the world; "Spawns" (no offset) a 0 x 0
-- Spawn at px (2, 6): the point (2, 262).
--
-- "Far" was saved as a separate level file: its layerInstances are null here.
local JSON = [[
{ "__header__": { "fileType": "LDtk Project JSON", "app": "LDtk" },
  "jsonVersion": "1.5.3", "worldLayout": "Free", "externalLevels": true,
  "levels": [
    { "identifier": "Start", "iid": "start-iid", "uid": 0, "worldX": 512, "worldY": 64, "pxWid": 64, "pxHei": 48,
      "externalRelPath": null,
      "layerInstances": [
        { "__identifier": "Things", "__type": "Entities", "__cWid": 4, "__cHei": 3, "__gridSize": 16,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "intGridCsv": [], "entityInstances": [
            { "__identifier": "Player", "__grid": [1, 2], "__pivot": [0.5, 1], "px": [24, 32], "width": 16, "height": 24,
              "fieldInstances": [ { "__identifier": "hp", "__type": "Int", "__value": 3 } ] },
            { "__identifier": "Marker", "__pivot": [0.5, 0.5], "px": [40, 8], "width": 0, "height": 0, "fieldInstances": [] },
            { "__identifier": "Door", "__pivot": [0, 0], "px": [48, 16], "width": 16, "height": 32,
              "fieldInstances": [ { "__identifier": "to", "__type": "String", "__value": "Small \u2192" } ] } ] },
        { "__identifier": "Back", "__type": "AutoLayer", "__cWid": 4, "__cHei": 3, "__gridSize": 16,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "intGridCsv": [], "autoLayerTiles": [], "entityInstances": [] },
        { "__identifier": "Decor", "__type": "Tiles", "__cWid": 4, "__cHei": 3, "__gridSize": 16,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "intGridCsv": [], "gridTiles": [], "entityInstances": [] },
        { "__identifier": "Collisions", "__type": "IntGrid", "__cWid": 4, "__cHei": 3, "__gridSize": 16,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "entityInstances": [],
          "intGridCsv": [ 0, 0, 0, 1,
                          0, 2, 0, 1,
                          1, 1, 1, 1 ] } ] },
    { "identifier": "Small", "iid": "small-iid", "uid": 1, "worldX": 0, "worldY": 256, "pxWid": 16, "pxHei": 16,
      "layerInstances": [
        { "__identifier": "Things", "__type": "Entities", "__cWid": 2, "__cHei": 2, "__gridSize": 8,
          "__pxTotalOffsetX": 8, "__pxTotalOffsetY": 8, "intGridCsv": [], "entityInstances": [
            { "__identifier": "Coin", "__pivot": [0.5, 0.5], "px": [4, 4], "width": 8, "height": 8, "fieldInstances": [] } ] },
        { "__identifier": "Collisions", "__type": "IntGrid", "__cWid": 2, "__cHei": 2, "__gridSize": 8,
          "__pxTotalOffsetX": 4, "__pxTotalOffsetY": -8, "entityInstances": [], "intGridCsv": [1, 0, 0, 3] },
        { "__identifier": "Spawns", "__type": "Entities", "__cWid": 2, "__cHei": 2, "__gridSize": 8,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "intGridCsv": [], "entityInstances": [
            { "__identifier": "Spawn", "__pivot": [0, 1], "px": [2, 6], "width": 0, "height": 0, "fieldInstances": [] } ] } ] },
    { "identifier": "Far", "iid": "far-iid", "uid": 2, "worldX": 1024, "worldY": 0, "pxWid": 16, "pxHei": 16,
      "externalRelPath": "world/Far.ldtkl", "layerInstances": null } ] }
]]

-- "Far"'s own file (world/Far.ldtkl): the level, layers and all; one full
-- cell of 16 at its worldX, worldY (1024, 0).
local FAR_FILE = [[
{ "identifier": "Far", "iid": "far-iid", "uid": 2, "worldX": 1024, "worldY": 0, "pxWid": 16, "pxHei": 16,
  "layerInstances": [ { "__identifier": "Collisions", "__type": "IntGrid", "__cWid": 1, "__cHei": 1, "__gridSize": 16,
                        "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "intGridCsv": [1], "entityInstances": [] } ] }
]]

-- A project as a table: one level whose one IntGrid layer "Solid" is 2 x 1
-- cells of 8 holding csv; layout and worldX, worldY as given.
local function one_level(layout, wx, wy, csv, cols, rows)
  return {
    worldLayout = layout,
    levels = { { identifier = "A", worldX = wx, worldY = wy, layerInstances = {
      { __identifier = "Solid", __type = "IntGrid", __cWid = cols or 2, __cHei = rows or 1, __gridSize = 8,
        __pxTotalOffsetX = 0, __pxTotalOffsetY = 0, intGridCsv = csv or { 1, 0 }, entityInstances = {} } } } },
  }
end

-- The point (x, y) hits the layer, and the layer contains it: the two agree.
local function solid(layer, x, y)
  local hit, inside = c2d.point(x, y):hits(layer), layer:contains(x, y)
  assert.are.equal(hit, inside, ("hits and contains disagree at (%s, %s)"):format(x, y))
  return hit
end

-- f(...) fails with an error holding pattern. It is called from this file
-- (not as pcall's own argument), so the error's position names the caller.
local unpack = table.unpack or unpack
local function expect_error(pattern, f, ...)
  local args = { n = select("#", ...), ... }
  local ok, err = pcall(function()
    local result = f(unpack(args, 1, args.n))
    return result
  end)
  assert.is_false(ok, "no error; expected: " .. pattern)
  assert.is_truthy(err:find(pattern, 1, true), err)
  return err
end

describe("collide2d.ldtk", function()
  local project = ldtk.load(JSON)

  it("reads an IntGrid layer: at the level's worldX, worldY, tiles of __gridSize, values as codes", function()
    local g = ldtk.layer(project, "Start", "Collisions")
    assert.are.equal("Tiles", g:type())
    assert.are.same({ 512, 64, 16, 16, 4, 3 }, { g:unpack() })
    assert.are.same({ 0, 0, 0, 1 }, { g:get(1, 1), g:get(2, 1), g:get(3, 1), g:get(4, 1) })
    assert.are.same({ 0, 2, 0, 1 }, { g:get(1, 2), g:get(2, 2), g:get(3, 2), g:get(4, 2) })
    assert.are.same({ 1, 1, 1, 1 }, { g:get(1, 3), g:get(2, 3), g:get(3, 3), g:get(4, 3) })
    assert.is_nil(g:get(5, 1))
    assert.are.same({ 512, 64, 576, 112 }, { g:bbox() })
  end)

  it("makes every non-zero value a full tile, the solid cells' edges included", function()
    local g = ldtk.layer(project, "Start", "Collisions")
    -- cell (4, 1): x 560..576, y 64..80
    assert.is_true(solid(g, 568, 72))
    assert.is_true(solid(g, 560, 70))           -- on its left edge
    assert.is_false(solid(g, 559.999, 70))      -- in the empty cell (3, 1)
    assert.is_true(solid(g, 576, 64))           -- its top-right corner, the layer's
    assert.is_false(solid(g, 576.001, 64))
    assert.is_false(solid(g, 568, 63.999))      -- above the layer
    -- cell (2, 2), value 2: x 528..544, y 80..96, full without kinds
    assert.is_true(solid(g, 536, 90))
    assert.is_true(solid(g, 528, 84))           -- on its left edge
    assert.is_true(solid(g, 536, 80))           -- on its top edge
    assert.is_false(solid(g, 536, 79.999))      -- in the empty cell (2, 1)
    assert.is_false(solid(g, 527.999, 84))      -- in the empty cell (1, 2)
    -- row 3: x 512..576, y 96..112
    assert.is_true(solid(g, 520, 112))          -- on the bottom edge
    assert.is_false(solid(g, 520, 112.001))
    assert.is_false(solid(g, 520, 72))          -- empty cell (1, 1)
    assert.is_false(solid(g, 100, 100))         -- the world's origin is not the level's
    -- a box resting on the floor between the walls touches it; lifted, it does not
    assert.is_true(c2d.aabb(546, 88, 12, 8):hits(g))
    assert.is_false(c2d.aabb(546, 87, 12, 8):hits(g))
  end)

  it("takes kinds as c2d.tiles does: value 2 as the top half of its cell", function()
    local g = ldtk.layer(project, "Start", "Collisions", { [1] = "full", [2] = "top" })
    -- cell (2, 2): y 80..88 only
    assert.is_true(solid(g, 536, 84))
    assert.is_true(solid(g, 536, 88))           -- the half's bottom edge
    assert.is_false(solid(g, 536, 88.001))
    assert.is_false(solid(g, 536, 94))
    assert.is_true(solid(g, 568, 72))           -- value 1 still full
    -- codes the kinds leave out are empty
    local only2 = ldtk.layer(project, "Start", "Collisions", { [2] = "full" })
    assert.is_false(solid(only2, 568, 72))
    assert.is_true(solid(only2, 536, 94))
  end)

  it("chooses levels by identifier, by index or the first, and layers by name or the first IntGrid", function()
    assert.are.same({ 512, 64, 16, 16, 4, 3 }, { ldtk.layer(project):unpack() })
    assert.are.same({ 512, 64, 16, 16, 4, 3 }, { ldtk.layer(project, 1):unpack() })
    assert.are.same({ 4, 248, 8, 8, 2, 2 }, { ldtk.layer(project, 2):unpack() })
    assert.are.same({ 4, 248, 8, 8, 2, 2 }, { ldtk.layer(project, "Small"):unpack() })
  end)

  it("places a layer of __gridSize 8 at its level's place moved by the layer's total offset", function()
    local g = ldtk.layer(project, "Small", "Collisions")
    assert.are.same({ 4, 248, 20, 264 }, { g:bbox() })
    assert.are.equal(1, g:get(1, 1))
    assert.are.equal(3, g:get(2, 2))
    -- cell (1, 1): x 4..12, y 248..256
    assert.is_true(solid(g, 8, 252))
    assert.is_true(solid(g, 4, 248))            -- the layer's corner
    assert.is_false(solid(g, 3.999, 252))
    assert.is_true(solid(g, 12, 252))           -- its right edge
    assert.is_false(solid(g, 16, 252))          -- the empty cell (2, 1)
    -- cell (2, 2): x 12..20, y 256..264
    assert.is_true(solid(g, 16, 260))
    assert.is_true(solid(g, 20, 264))
    assert.is_false(solid(g, 8, 260))           -- the empty cell (1, 2)
    assert.is_false(solid(g, 8, 0))             -- where the layer would be without its level's worldY
  end)

  it("reads entities: a box of their size with the pivot at px, the level's and the layer's offsets added", function()
    local s = ldtk.entities(project, "Start")
    assert.are.equal(3, #s)
    -- Player: x 528..544, y 72..96
    assert.are.equal("AABB(528, 72, 16, 24)", tostring(s[1]))
    assert.are.same({ 528, 72, 544, 96 }, { s[1]:bbox() })
    assert.is_true(s[1]:contains(536, 96))      -- its feet at px (24, 32) + (512, 64)
    assert.is_false(s[1]:contains(536, 96.001))
    assert.are.equal("Point(552, 72)", tostring(s[2]))  -- no size: a point at px
    assert.are.equal("AABB(560, 80, 16, 32)", tostring(s[3]))
    -- each shape's user data is its entity instance, fields and all
    local player = s[1]:getUserData()
    assert.are.equal(project.levels[1].layerInstances[1].entityInstances[1], player)
    assert.are.equal("Player", player.__identifier)
    assert.are.equal(3, player.fieldInstances[1].__value)
    assert.are.equal("Small \226\134\146", s[3]:getUserData().fieldInstances[1].__value) -- \u2192 as UTF-8
    -- the player stands in the IntGrid layer's value-2 cell
    assert.is_true(s[1]:hits(ldtk.layer(project, "Start")))
  end)

  it("reads every Entities layer of a level, or the one named, each at its own offset", function()
    local s = ldtk.entities(project, "Small")
    assert.are.equal(2, #s)
    assert.are.equal("AABB(8, 264, 8, 8)", tostring(s[1]))  -- Coin: (4 - 4, 4 - 4) + (0, 256) + (8, 8)
    assert.are.equal("Point(2, 262)", tostring(s[2]))        -- Spawn: (2, 6) + (0, 256)
    local spawns = ldtk.entities(project, "Small", "Spawns")
    assert.are.equal(1, #spawns)
    assert.are.equal("Spawn", spawns[1]:getUserData().__identifier)
    assert.are.same({}, ldtk.entities(one_level("Free", 0, 0)))  -- no Entities layer: none
  end)

  it("reads a level kept in a separate file when that file is given as the level", function()
    local far = ldtk.load(FAR_FILE)
    local g = ldtk.layer(project, far)
    assert.are.same({ 1024, 0, 16, 16, 1, 1 }, { g:unpack() })
    assert.is_true(solid(g, 1040, 16))
    assert.is_false(solid(g, 1041, 16))
    -- the project's entry of the level (same iid) gives its layout: in a free
    -- layout a level at -1, -1 stays there
    local free = one_level("Free", -1, -1)
    local file = free.levels[1]
    free.levels[1] = { identifier = "A", iid = "a-iid", worldX = -1, worldY = -1, externalRelPath = "A.ldtkl" }
    file.iid = "a-iid"
    assert.are.same({ -1, -1, 8, 8, 2, 1 }, { ldtk.layer(free, file):unpack() })
  end)

  it("places levels of a linear layout (worldX = worldY = -1) at 0, 0", function()
    for _, layout in ipairs { "LinearHorizontal", "LinearVertical" } do
      assert.are.same({ 0, 0, 8, 8, 2, 1 }, { ldtk.layer(one_level(layout, -1, -1)):unpack() })
    end
    -- a hand-made table without a layout: -1, -1 is LDtk's linear mark too
    assert.are.same({ 0, 0, 8, 8, 2, 1 }, { ldtk.layer(one_level(nil, -1, -1)):unpack() })
    -- in a free layout, -1 is a place like any other
    assert.are.same({ -1, -1, 8, 8, 2, 1 }, { ldtk.layer(one_level("Free", -1, -1)):unpack() })
    assert.are.same({ 40, -16, 8, 8, 2, 1 }, { ldtk.layer(one_level("GridVania", 40, -16)):unpack() })
  end)

  it("takes a project as a table as it is, the same as its JSON", function()
    local t = one_level("Free", 512, 0, { 0, 1, 1, 0 }, 2, 2)
    assert.are.equal(t, ldtk.load(t))
    local g = ldtk.layer(t, "A", "Solid")
    assert.are.same({ 512, 0, 8, 8, 2, 2 }, { g:unpack() })
    -- cells (2, 1): x 520..528, y 0..8; (1, 2): x 512..520, y 8..16
    assert.is_true(solid(g, 524, 4))
    assert.is_true(solid(g, 520, 8))            -- the corner the two solid cells share
    assert.is_false(solid(g, 516, 4))
    assert.is_false(solid(g, 516, 7.999))
    assert.is_false(solid(g, 524, 12))
  end)

  it("finds levels in the worlds of a project of several worlds", function()
    local p = { worldLayout = nil, levels = {}, worlds = {
      { identifier = "W1", worldLayout = "LinearHorizontal", levels = { one_level(nil, -1, -1).levels[1] } },
      { identifier = "W2", worldLayout = "Free", levels = { one_level(nil, 64, 32).levels[1] } } } }
    p.worlds[2].levels[1].identifier = "B"
    assert.are.same({ 0, 0, 8, 8, 2, 1 }, { ldtk.layer(p, "A"):unpack() })
    assert.are.same({ 64, 32, 8, 8, 2, 1 }, { ldtk.layer(p, "B"):unpack() })
    assert.are.same({ 64, 32, 8, 8, 2, 1 }, { ldtk.layer(p, 2):unpack() })
  end)

  it("says what is wrong, naming the level, layer and field at fault", function()
    local err = expect_error('level "Start" has no layer named "Nope"', ldtk.layer, project, "Start", "Nope")
    assert.is_truthy(err:find("^[^:]*ldtk_spec%.lua:%d+: collide2d%.ldtk: "), "the error points at the caller: " .. err)
    expect_error('layer "Decor" of level "Start" is of type Tiles, not IntGrid', ldtk.layer, project, "Start", "Decor")
    expect_error('layer "Back" of level "Start" is of type AutoLayer, not IntGrid', ldtk.layer, project, "Start", "Back")
    expect_error('layer "Collisions" of level "Start" is of type IntGrid, not Entities', ldtk.entities, project, "Start", "Collisions")
    expect_error('level "Start" has no layer named "Nope"', ldtk.entities, project, "Start", "Nope")
    expect_error('level "A" has no IntGrid layer', ldtk.layer, { levels = { { identifier = "A", layerInstances = {} } } })
    expect_error('no level named "Nowhere"', ldtk.layer, project, "Nowhere")
    expect_error("no level 4 (the project holds 3)", ldtk.layer, project, 4)
    expect_error("the project holds no levels", ldtk.layer, { levels = {} })
    expect_error("level identifier, index or table expected, got boolean", ldtk.entities, project, true)
    -- a level saved in its own file
    err = expect_error('level "Far" keeps its layers in a separate file, "world/Far.ldtkl" (its externalRelPath)',
      ldtk.layer, project, "Far")
    assert.is_truthy(err:find("^[^:]*ldtk_spec%.lua:%d+: collide2d%.ldtk: "), "the error points at the caller: " .. err)
    expect_error('"world/Far.ldtkl" (its externalRelPath)', ldtk.entities, project, 3)
    -- the csv and its values
    err = expect_error('intGridCsv of layer "Solid" of level "A" holds 3 values, not __cWid * __cHei = 4',
      ldtk.layer, one_level("Free", 0, 0, { 1, 0, 1 }, 2, 2))
    assert.is_truthy(err:find("^[^:]*ldtk_spec%.lua:%d+: collide2d%.ldtk: "), "the error points at the caller: " .. err)
    expect_error('intGridCsv[2] of layer "Solid" of level "A" is 1.5, not a whole number in [0, 65535]',
      ldtk.layer, one_level("Free", 0, 0, { 1, 1.5 }))
    expect_error('intGridCsv[1] of layer "Solid" of level "A" is 70000, not a whole number in [0, 65535]',
      ldtk.layer, one_level("Free", 0, 0, { 70000, 0 }))
    expect_error('intGridCsv[2] of layer "Solid" of level "A" is -1, not a whole number',
      ldtk.layer, one_level("Free", 0, 0, { 0, -1 }))
    expect_error('intGridCsv[1] of layer "Solid" of level "A" is a string, not a whole number',
      ldtk.layer, one_level("Free", 0, 0, { "1", 0 }))
    expect_error('intGridCsv[1] of layer "Solid" of level "A" is null, not a whole number',
      ldtk.layer, ldtk.load([[{ "levels": [ { "identifier": "A", "layerInstances": [ { "__identifier": "Solid",
        "__type": "IntGrid", "__cWid": 2, "__cHei": 1, "__gridSize": 8, "intGridCsv": [null, 1] } ] } ] }]]))
    local no_csv = one_level("Free", 0, 0)
    no_csv.levels[1].layerInstances[1].intGridCsv = nil
    expect_error('layer "Solid" of level "A" holds no intGridCsv array', ldtk.layer, no_csv)
    local bad_grid = one_level("Free", 0, 0)
    bad_grid.levels[1].layerInstances[1].__gridSize = 0
    expect_error('__gridSize of layer "Solid" of level "A" must be a positive number', ldtk.layer, bad_grid)
    expect_error('layer "Collisions" of level "Start": bad argument #8 to \'tiles\' (kinds[2]: unknown kind name',
      ldtk.layer, project, "Start", "Collisions", { [1] = "full", [2] = "roof" })
    -- entities
    local bad_px = { levels = { { identifier = "E", layerInstances = { { __identifier = "Things", __type = "Entities",
      entityInstances = { { __identifier = "Box", px = { 1 }, width = 4, height = 4 } } } } } } }
    expect_error('px of entity "Box" of layer "Things" of level "E" must be [x, y] numbers', ldtk.entities, bad_px)
    -- the JSON itself
    expect_error("collide2d.ldtk: bad JSON at character 15", ldtk.load, '{ "levels": [ }')
    err = expect_error("collide2d.ldtk: bad argument #1 to 'load' (table or JSON string expected, got number)", ldtk.load, 42)
    assert.is_truthy(err:find("^[^:]*ldtk_spec%.lua:%d+: collide2d%.ldtk: "), "the error points at the caller: " .. err)
    expect_error("table or JSON string expected, got nil", ldtk.layer)
    expect_error("the JSON is not a project (an object expected)", ldtk.load, '"level"')
  end)
end)
