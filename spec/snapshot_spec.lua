-- w:snapshot() and c2d.world(snapshot): a World as a table (each shape's
-- serialize table with its bits, in the order added) and a new World of
-- copies built from it, which answers as the first did.
local c2d = require "collide2d"
local common = require "support.common"

-- Where each shape of list stands in it.
local function index_of(list)
  local at = {}
  for i, s in ipairs(list) do at[s] = i end
  return at
end

-- A World's collisions as "i j" lines by the shapes' places in w:shapes().
local function pairs_of(w)
  local at, out = index_of(w:shapes()), {}
  local list, n = w:collisions()
  for i = 1, n do out[i] = at[list[2 * i - 1]] .. " " .. at[list[2 * i]] end
  return table.concat(out, ",")
end

-- A query's answer as the places of the shapes it lists.
local function places(w, list)
  local at, out = index_of(w:shapes()), {}
  for i, s in ipairs(list) do out[i] = at[s] end
  return table.concat(out, ",")
end

describe("w:snapshot()", function()
  it("lists each shape in the order added, with its bits, sensor and one-way side", function()
    local w = c2d.world(32)
    local floor = w:add(c2d.aabb(0, 100, 200, 20), 2, 5)
    local coin = w:add(c2d.disk(50, 50, 4))
    w:setSensor(coin)
    w:setOneWay(floor)
    local snap = w:snapshot()
    assert.are.equal(32, snap.cellSize)
    assert.are.equal(2, #snap)
    assert.are.same({ shape = { "aabb", 0, 100, 200, 20 }, category = 2, mask = 5, oneway = { 0, -1 } }, snap[1])
    assert.are.same({ shape = { "disk", 50, 50, 4 }, category = 1, mask = 0xFFFFFFFF, sensor = true }, snap[2])
    -- a shape removed and added again counts as added last
    w:remove(floor)
    w:add(floor)
    assert.are.same({ "disk", 50, 50, 4 }, w:snapshot()[1].shape)
  end)

  it("keeps a tile layer as a clone of it, which later edits of the layer do not change", function()
    local w = c2d.world(16)
    local layer = w:add(c2d.tiles(0, 0, 16, 16, 3, 1, "#.#", { ["#"] = "full" }))
    local snap = w:snapshot()
    assert.are.equal("Tiles", c2d.type(snap[1].shape))
    assert.is_false(rawequal(snap[1].shape, layer))
    layer:set(2, 1, "#") -- the gap filled, in the world's layer only
    local w2 = c2d.world(snap)
    -- (24, 8) is in the middle tile: solid now in w, empty in the snapshot's copy
    assert.are.equal(1, #w:queryPoint(24, 8))
    assert.are.equal(0, #w2:queryPoint(24, 8))
    -- restoring twice gives two layers of their own
    local w3 = c2d.world(snap)
    assert.is_false(rawequal(w2:shapes()[1], w3:shapes()[1]))
  end)
end)

describe("c2d.world(snapshot)", function()
  it("builds copies with the same bits, which answer every query as the first World did", function()
    local r = common.lcg(3141)
    local kinds = common.BOUNDED_KINDS
    local w = c2d.world(24)
    for i = 1, 300 do
      local kind = kinds[(i - 1) % #kinds + 1]
      local s = w:add(common.random_shape(r, kind, r.range(0, 400), r.range(0, 400)), r.int(1, 3), r.int(1, 7))
      if i % 17 == 0 then w:setSensor(s) end
      if i % 23 == 0 then w:setOneWay(s, r.range(-1, 1), 1) end
    end
    w:add(c2d.line(0, 0, 400, 410))
    -- moved, turned and removed after being added
    local list = w:shapes()
    for i = 1, #list, 7 do list[i]:move(r.range(-5, 5), r.range(-5, 5)) end
    for i = 3, #list, 11 do if list[i]:type() ~= "AABB" then list[i]:rotate(0.3) end end
    for i = 5, #list, 13 do w:remove(list[i]) end

    local w2 = c2d.world(w:snapshot())
    assert.are.equal(w:count(), w2:count())
    local a, b = w:shapes(), w2:shapes()
    for i = 1, #a do
      assert.is_true(a[i] == b[i], tostring(a[i]))
      assert.is_false(rawequal(a[i], b[i]))
      assert.are.same({ w:getFilter(a[i]) }, { w2:getFilter(b[i]) })
      assert.are.equal(w:isSensor(a[i]), w2:isSensor(b[i]))
      assert.are.same({ w:getOneWay(a[i]) }, { w2:getOneWay(b[i]) })
    end
    local p1 = pairs_of(w)
    assert.is_true(#p1 > 0)
    assert.are.equal(p1, pairs_of(w2))
    for _ = 1, 30 do
      local x, y = r.range(0, 400), r.range(0, 400)
      assert.are.equal(places(w, w:queryRect(x, y, 40, 30)), places(w2, w2:queryRect(x, y, 40, 30)))
      local probe = c2d.disk(x, y, 12)
      assert.are.equal(places(w, w:query(probe)), places(w2, w2:query(probe)))
      local s1, t1 = w:raycast(x, y, 1, 0.5, 300)
      local s2, t2 = w2:raycast(x, y, 1, 0.5, 300)
      assert.are.equal(s1 and index_of(a)[s1], s2 and index_of(b)[s2])
      assert.are.equal(t1, t2)
    end
  end)

  it("rolls a World back: its snapshot, restored after the game moved on, answers as before", function()
    local w = c2d.world(32)
    local hero = w:add(c2d.aabb(0, 0, 10, 10))
    w:add(c2d.aabb(40, 0, 10, 10))
    local before = w:snapshot()
    w:move(hero, 100, 0) -- slides into the wall: stops at x = 30
    assert.are.same({ 30, 0 }, { hero:position() })
    local back = c2d.world(before)
    assert.are.same({ 0, 0 }, { back:shapes()[1]:position() })
    -- the same move again from the snapshot: the same answer
    local x = back:move(back:shapes()[1], 100, 0)
    assert.are.equal(30, x)
  end)

  it("makes a World that is the first's equal but shares nothing with it", function()
    local w = c2d.world(8)
    local d = w:add(c2d.disk(0, 0, 1))
    local w2 = c2d.world(w:snapshot())
    d:move(100, 0)
    assert.are.same({ 0, 0 }, { w2:shapes()[1]:position() })
    assert.are.equal(1, #w2:queryPoint(0, 0))
    assert.are.equal(0, #w:queryPoint(0, 0))
  end)

  it("raises an error naming the entry and what is wrong", function()
    local function fails(t, msg)
      local ok, err = pcall(c2d.world, t)
      assert.is_false(ok)
      assert.are.equal(msg, (err:gsub("^[^:]*:%d+: ", "")))
    end
    fails({}, "bad argument #1 to 'world' (snapshot.cellSize must be a number, got nil)")
    fails({ cellSize = 0 }, "bad argument #1 to 'world' (cellSize must be > 0)")
    fails({ cellSize = 8, 5 }, "bad argument #1 to 'world' (snapshot[1] must be a table, got number)")
    fails({ cellSize = 8, { shape = 3 } },
      "bad argument #1 to 'world' (snapshot[1].shape must be a serialize table or a shape, got number)")
    fails({ cellSize = 8, { shape = { "disk", 0, 0, -1 } } },
      "bad argument #1 to 'world' (snapshot[1].shape: bad argument #1 to 'deserialize' (disk: bad argument #3 to 'disk' (radius must be >= 0)))")
    fails({ cellSize = 8, { shape = { "disk", 0, 0, 1 }, category = "x" } },
      "bad argument #1 to 'world' (snapshot[1].category must be a number, got string)")
    fails({ cellSize = 8, { shape = { "disk", 0, 0, 1 } }, { shape = { "disk", 0, 0, 1 }, oneway = { 0, 0 } } },
      "bad argument #1 to 'world' (snapshot[2].oneway: bad argument #3 to 'setOneWay' ((nx, ny) must not be (0, 0)))")
    -- a shape given as a shape is copied: the snapshot's own stays out of the World
    local own = c2d.disk(1, 1, 1)
    local w = c2d.world({ cellSize = 8, { shape = own } })
    assert.are.equal(1, w:count())
    assert.is_false(w:has(own))
  end)
end)
