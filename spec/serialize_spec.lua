-- s:serialize() and c2d.deserialize(t): a shape as a plain table of its
-- kind and its constructor's numbers (a Group: its members' tables), which a
-- love.thread channel carries and a save file keeps, and back. The copy must
-- be the same shape bit for bit, after any transform: every number of
-- unpack() the same double (the sign of a zero too), and the same answers.
local c2d = require "collide2d"
local common = require "support.common"

local pi = math.pi

-- The same double: equal, and a zero of the same sign.
local function same_number(x, y)
  return x == y and (x ~= 0 or 1 / x == 1 / y)
end

-- Every number of unpack() the same (a Group's members, member by member).
local function same_numbers(a, b)
  local u, v = { a:unpack() }, { b:unpack() }
  if #u ~= #v then return false end
  for i = 1, #u do
    if type(u[i]) == "number" then
      if not same_number(u[i], v[i]) then return false end
    elseif not same_numbers(u[i], v[i]) then
      return false
    end
  end
  return true
end

-- A table a channel can carry: strings, numbers and tables of them only.
local function plain(t)
  for _, v in pairs(t) do
    local k = type(v)
    if k == "table" then
      if not plain(v) then return false end
    elseif k ~= "number" and k ~= "string" then
      return false
    end
  end
  return getmetatable(t) == nil
end

-- A copy made as a channel or a save file would make it (no shared table).
local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = type(v) == "table" and copy(v) or v end
  return out
end

describe("s:serialize()", function()
  it("gives the kind and the constructor's numbers", function()
    assert.are.same({ "disk", 3, 4, 2 }, c2d.disk(3, 4, 2):serialize())
    assert.are.same({ "aabb", 1, 2, 3, 4 }, c2d.aabb(1, 2, 3, 4):serialize())
    assert.are.same({ "box", 0, 0, 4, 2, 0.5 }, c2d.box(0, 0, 4, 2, 0.5):serialize())
    assert.are.same({ "line", 0, 0, 1, 1 }, c2d.line(0, 0, 1, 1):serialize())
    assert.are.same({ "polygon", 0, 0, 4, 0, 2, 3 }, c2d.polygon(0, 0, 4, 0, 2, 3):serialize())
    -- a Concave: its outline, as given
    assert.are.same({ "concave", 0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8 },
      c2d.concave(0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8):serialize())
    -- a Group: its members' tables (a Group inside is flattened by c2d.group)
    assert.are.same({ "group", { "disk", 0, 0, 1 }, { "point", 5, 6 }, { "aabb", 0, 0, 1, 1 } },
      c2d.group(c2d.disk(0, 0, 1), c2d.group(c2d.point(5, 6), c2d.aabb(0, 0, 1, 1))):serialize())
    -- the hull of two points: a Polygon no c2d.polygon builds, so "hull"
    assert.are.same({ "hull", 1, 1, 5, 5 }, c2d.hull(5, 5, 1, 1):serialize())
  end)

  it("gives a new plain table each call, which a thread channel can carry", function()
    local s = c2d.group(c2d.disk(0, 0, 1), c2d.concave(0, 0, 8, 0, 8, 4, 4, 4, 4, 8, 0, 8))
    local t1, t2 = s:serialize(), s:serialize()
    assert.is_true(plain(t1))
    assert.are_not.equal(t1, t2)
    assert.are.same(t1, t2)
  end)

  it("refuses a tile layer and anything not a shape", function()
    local layer = c2d.tiles(0, 0, 16, 16, 2, 1, "##", { ["#"] = "full" })
    assert.has_error(function() layer.serialize(layer) end,
      "bad argument #1 to 'serialize' (a tile layer is not serialized (keep the map's data and build it again))")
    assert.has_error(function() c2d.disk(0, 0, 1).serialize(3) end)
  end)
end)

describe("c2d.deserialize(t)", function()
  it("builds the shape again, the same bit for bit, for every kind after any transforms", function()
    local r = common.lcg(77)
    local kinds = common.BOUNDED_KINDS
    local checked = 0
    for round = 1, 40 do
      for _, kind in ipairs(kinds) do
        local x, y = r.range(-50, 50), r.range(-50, 50)
        if round % 4 == 0 then x, y = x * 1e6, y * 1e6 end
        local s = common.random_shape(r, kind, x, y, round % 5 == 0 and 1e-3 or 1)
        -- transforms: each rebuilds from the moved numbers
        if r.u() < 0.7 then s:move(r.range(-3, 3), r.range(-3, 3)) end
        if kind ~= "aabb" and r.u() < 0.5 then s:rotate(r.range(-pi, pi), r.range(-9, 9), r.range(-9, 9)) end
        if r.u() < 0.3 then s:scale(r.range(0.5, 2), x, y) end
        local b = c2d.deserialize(copy(s:serialize()))
        assert.are.equal(s:type(), b:type())
        assert.is_true(s == b, kind)
        assert.is_true(same_numbers(s, b), kind)
        assert.are.equal(tostring(s), tostring(b))
        -- the same answers against a probe near it
        local probe = c2d.disk(x + r.range(-6, 6), y + r.range(-6, 6), r.range(0.5, 3))
        assert.are.equal(s:hits(probe), b:hits(probe))
        assert.is_true(same_number(s:distance(probe), b:distance(probe)))
        local t1, nx1, ny1 = s:raycast(x - 40, y - 1, 1, 0.02, 100)
        local t2, nx2, ny2 = b:raycast(x - 40, y - 1, 1, 0.02, 100)
        assert.are.equal(t1, t2)
        assert.are.equal(nx1, nx2)
        assert.are.equal(ny1, ny2)
        checked = checked + 1
      end
    end
    assert.are.equal(440, checked)
  end)

  it("keeps numbers at the ends of the doubles: subnormals, 1e300, zeros", function()
    local tiny = 4.9406564584124654e-324 -- the least subnormal
    for _, s in ipairs({
      c2d.point(tiny, -tiny),
      c2d.segment(-0.0, 0.0, 1e300, -1e300),
      c2d.disk(-0.0, 1e-310, 1e-300),
      c2d.box(1e15, -1e15, 2 ^ -40, 3, 1e-17),
    }) do
      local b = c2d.deserialize(s:serialize())
      assert.is_true(same_numbers(s, b), tostring(s))
    end
  end)

  it("gives a two-point hull back in its own order, turned or not", function()
    -- c2d.hull orders two points its way: (1, 1) first
    local h = c2d.hull(5, 5, 1, 1)
    assert.are.same({ 1, 1, 5, 5 }, { h:unpack() })
    -- turned by pi about (3, 3), (1, 1) goes to (5, 5): the order is now (5, 5), (1, 1)
    h:rotate(pi, 3, 3)
    local u = { h:unpack() }
    local b = c2d.deserialize(h:serialize())
    assert.are.same(u, { b:unpack() })
    assert.are.same({ b:position() }, { h:position() })
  end)

  it("raises an error naming what is wrong, and builds nothing", function()
    local function fails(t, msg)
      local ok, err = pcall(c2d.deserialize, t)
      assert.is_false(ok)
      assert.are.equal(msg, err:gsub("^[^:]*:%d+: ", ""))
    end
    fails({ "disk", 1, 2, -3 }, "bad argument #1 to 'deserialize' (disk: bad argument #3 to 'disk' (radius must be >= 0))")
    fails({ "disk", 1, 0 / 0, 3 }, "bad argument #1 to 'deserialize' (disk: bad argument #2 to 'disk' (y must be finite))")
    fails({ "wat", 1 }, "bad argument #1 to 'deserialize' (the table[1] must name a kind of shape, got wat)")
    fails({ "deserialize", 1 }, "bad argument #1 to 'deserialize' (the table[1] must name a kind of shape, got deserialize)")
    fails({}, "bad argument #1 to 'deserialize' (the table[1] must name a kind of shape, got nil)")
    fails({ "disk", 1, "2", 3 }, "bad argument #1 to 'deserialize' (the table[3] must be a number, got string)")
    fails({ "group", { "disk", 0, 0, 1 }, 5 }, "bad argument #1 to 'deserialize' (the table[3] must be a member's table, got number)")
    fails({ "group", { "disk", 0, 0, "x" } }, "bad argument #1 to 'deserialize' (a member's table[4] must be a number, got string)")
    fails(5, "bad argument #1 to 'deserialize' (table expected, got number)")
    -- groups inside groups are flattened (as c2d.group does), but not without end
    assert.are.equal("Group(Disk(0, 0, 1))", tostring(c2d.deserialize({ "group", { "group", { "disk", 0, 0, 1 } } })))
    local deep = { "disk", 0, 0, 1 }
    for _ = 1, 20 do deep = { "group", deep } end
    fails(deep, "bad argument #1 to 'deserialize' (groups nested too deeply)")
  end)

  it("reads the table raw: metamethods are not called", function()
    local t = setmetatable({ "disk", 1, 2 }, { __index = function() error("__index called") end,
                                               __len = function() error("__len called") end })
    local ok, err = pcall(c2d.deserialize, t)
    assert.is_false(ok)
    assert.is_truthy(err:find("disk: bad argument", 1, true))
    assert.is_nil(err:find("called", 1, true))
  end)
end)
