-- collide2d.tiled: a Tiled map's tile layer and objects as shapes, from its
-- JSON export (as text) and its Lua export (as a table). Expected values are
-- worked out by hand from the map below.
local c2d = require "collide2d"
local tiled = require "collide2d.tiled"

-- 4 x 2 tiles of 16: gid 2 (tile id 1) has a triangle collision shape (its
-- lower-right half), gid 3 (tile id 2) a rectangle over the lower half of the
-- tile; the last gid has Tiled's horizontal flip bit (2^31) set on gid 1.
local JSON = [[
{ "width": 4, "height": 2, "tilewidth": 16, "tileheight": 16, "orientation": "orthogonal",
  "tilesets": [ { "firstgid": 1, "tilewidth": 16, "tileheight": 16,
     "tiles": [ { "id": 1, "objectgroup": { "objects": [ { "x": 0, "y": 0, "polygon": [ {"x":0,"y":16}, {"x":16,"y":16}, {"x":16,"y":0} ] } ] } },
                { "id": 2, "objectgroup": { "objects": [ { "x": 0, "y": 8, "width": 16, "height": 8 } ] } } ] } ],
  "layers": [
    { "type": "group", "name": "level", "layers": [
      { "type": "tilelayer", "name": "Ground", "x": 0, "y": 0, "width": 4, "height": 2,
        "data": [0, 0, 2, 1, 1, 1, 3, 2147483649] } ] },
    { "type": "objectgroup", "name": "Things", "objects": [
      { "id": 1, "x": 10, "y": 20, "width": 8, "height": 6, "rotation": 0 },
      { "id": 2, "x": 40, "y": 0, "width": 10, "height": 10, "ellipse": true },
      { "id": 3, "x": 0, "y": 0, "polygon": [ {"x":0,"y":0}, {"x":20,"y":0}, {"x":20,"y":10}, {"x":10,"y":10}, {"x":10,"y":20}, {"x":0,"y":20} ] },
      { "id": 4, "x": 5, "y": 5, "polyline": [ {"x":0,"y":0}, {"x":10,"y":0}, {"x":10,"y":10} ] },
      { "id": 5, "x": 7, "y": 8, "point": true },
      { "id": 6, "x": 0, "y": 0, "width": 10, "height": 4, "rotation": 90, "name": "turned \u00e9" } ] } ] }
]]

describe("collide2d.tiled", function()
  local map = tiled.load(JSON)

  it("reads a tile layer (inside a group layer): gids are codes, flip bits cleared", function()
    local g = tiled.layer(map, "Ground")
    assert.are.equal("Tiles", g:type())
    assert.are.same({ 0, 0, 16, 16, 4, 2 }, { g:unpack() })
    assert.are.equal(2, g:get(3, 1))
    assert.are.equal(1, g:get(4, 2)) -- 2147483649 = 2^31 + 1
  end)

  it("gives a tile with one collision shape that piece, any other tile full", function()
    local g = tiled.layer(map, "Ground")
    -- gid 2 at column 3, row 1 (x 32..48, y 0..16): the triangle (32,16) (48,16) (48,0)
    assert.is_true(g:contains(47, 1))          -- near its right edge's top
    assert.is_false(g:contains(33, 1))         -- above the hypotenuse
    assert.is_true(g:contains(40, 8))          -- on the hypotenuse x + y = 48
    assert.is_false(g:contains(40, 7.999))
    -- gid 3 at column 3, row 2 (y 16..32): its lower half only (y 24..32)
    assert.is_false(g:contains(40, 20))
    assert.is_true(g:contains(40, 24))
    -- gid 1: full; gid 0: empty
    assert.is_true(g:contains(8, 20))
    assert.is_false(g:contains(8, 8))
  end)

  it("reads the objects of an object layer, each with its object as user data", function()
    local s = tiled.objects(map, "Things")
    assert.are.equal(6, #s)
    assert.are.equal("AABB(10, 20, 8, 6)", tostring(s[1]))
    assert.are.equal("Disk(45, 5, 5)", tostring(s[2]))
    assert.are.equal("Concave", s[3]:type())
    assert.is_true(s[3]:contains(5, 15) and not s[3]:contains(15, 15)) -- an L
    assert.are.equal("Group(Segment(5, 5, 15, 5), Segment(15, 5, 15, 15))", tostring(s[4]))
    assert.are.equal("Point(7, 8)", tostring(s[5]))
    -- 10 x 4 turned 90 degrees about its (0, 0): the box x in [-4, 0], y in [0, 10]
    local x0, y0, x1, y1 = s[6]:bbox()
    assert.is_true(math.abs(x0 + 4) < 1e-12 and math.abs(y0) < 1e-12 and math.abs(x1) < 1e-12 and math.abs(y1 - 10) < 1e-12)
    assert.are.equal(6, s[6]:getUserData().id)
    assert.are.equal("turned \195\169", s[6]:getUserData().name) -- the \u00e9 escape as UTF-8
  end)

  it("makes an ellipse wider than tall a 32-gon through its rim, the same bits on every machine", function()
    local m = { width = 1, height = 1, tilewidth = 8, tileheight = 8, tilesets = {},
                layers = { { type = "objectgroup", name = "O",
                             objects = { { shape = "ellipse", x = 0, y = 0, width = 20, height = 10 } } } } }
    local e = tiled.objects(m, "O")[1]
    assert.are.equal("Polygon", e:type())
    local v, seen = { e:unpack() }, {}
    assert.are.equal(64, #v)
    for i = 1, #v, 2 do seen[("%.17g %.17g"):format(v[i], v[i + 1])] = true end
    -- the four ends of the axes, exactly (centre (10, 5), half-axes 10 and 5)
    for _, p in ipairs { { 20, 5 }, { 10, 10 }, { 0, 5 }, { 10, 0 } } do
      assert.is_true(seen[("%.17g %.17g"):format(p[1], p[2])], ("(%g, %g)"):format(p[1], p[2]))
    end
    -- and at 45 degrees: cos = sin = sqrt(1/2), rounded once
    local h = math.sqrt(0.5)
    assert.is_true(seen[("%.17g %.17g"):format(10 + 10 * h, 5 + 5 * h)])
    assert.is_true(seen[("%.17g %.17g"):format(10 - 10 * h, 5 - 5 * h)])
  end)

  it("takes the Lua export's table as it is", function()
    local lua_map = {
      width = 2, height = 1, tilewidth = 8, tileheight = 8, tilesets = {},
      layers = { { type = "tilelayer", name = "L", x = 0, y = 0, width = 2, height = 1, encoding = "lua",
                   data = { 5, 0 }, offsetx = 100, offsety = 50 },
                 { type = "objectgroup", name = "O", objects = { { shape = "rectangle", x = 1, y = 2, width = 3, height = 4 } } } },
    }
    local g = tiled.layer(lua_map)
    assert.are.same({ 100, 50, 8, 8, 2, 1 }, { g:unpack() })
    assert.is_true(g:contains(104, 54))
    assert.is_false(g:contains(112, 54))
    assert.are.equal("AABB(1, 2, 3, 4)", tostring(tiled.objects(lua_map, "O")[1]))
  end)

  it("says what is wrong", function()
    local ok, err = pcall(tiled.layer, map, "Things")
    assert.is_false(ok)
    assert.is_truthy(err:find("layer \"Things\" is of type objectgroup, not tilelayer", 1, true), err)
    ok, err = pcall(tiled.layer, map, "Nope")
    assert.is_truthy(not ok and err:find("no tilelayer named \"Nope\"", 1, true), err)
    ok, err = pcall(tiled.load, '{ "a": [1, 2 }')
    assert.is_truthy(not ok and err:find("bad JSON at character 14", 1, true), err)
    ok, err = pcall(tiled.load, 42)
    assert.is_truthy(not ok and err:find("table or JSON string expected, got number", 1, true), err)
    local base64 = { tilewidth = 8, tileheight = 8, layers = { { type = "tilelayer", name = "B", width = 1, height = 1, data = "AAAA" } } }
    ok, err = pcall(tiled.layer, base64, "B")
    assert.is_truthy(not ok and err:find("base64", 1, true), err)
  end)
end)

describe("c2d.concave with Tiled's point lists", function()
  it("takes { {x =, y =}, ... } as the numbers they hold", function()
    local a = c2d.concave { { x = 0, y = 0 }, { x = 2, y = 0 }, { x = 2, y = 1 }, { x = 1, y = 1 }, { x = 1, y = 2 }, { x = 0, y = 2 } }
    assert.is_true(a == c2d.concave(0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2))
  end)
  it("names the point at fault", function()
    local ok, err = pcall(c2d.concave, { { x = 0, y = 0 }, { x = 2 }, { x = 1, y = 1 } })
    assert.is_truthy(not ok and err:find("number expected at index 2's y, got nil", 1, true), err)
    ok, err = pcall(c2d.concave, { { x = 0, y = 0 }, 5, { x = 1, y = 1 } })
    assert.is_truthy(not ok and err:find("point {x =, y =} expected at index 2, got number", 1, true), err)
    ok, err = pcall(c2d.concave, { { x = 0, y = 0 }, { x = 0 / 0, y = 1 }, { x = 1, y = 1 } })
    assert.is_truthy(not ok and err:find("must be finite", 1, true), err)
  end)
end)
