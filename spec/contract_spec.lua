-- The contract a game relies on: sweeping from rest, the Fan's pivot, user
-- data that is collected with its shape, and errors that say what they got.
-- Every expected value is worked out by hand in the comments.
local c2d = require "collide2d"

local pi = math.pi

-- t, nx, ny of a sweep (nil when no hit)
local function sweep(a, dx, dy, b, bdx, bdy)
  local t, nx, ny = a:sweep(dx, dy, b, bdx, bdy)
  return t, nx, ny
end

-- expect_hit(tag, t, nx, ny, sweep(...)): the sweep's answers come last, all of them
local function expect_hit(tag, want_t, want_nx, want_ny, t, nx, ny)
  assert.is_true(t ~= nil, tag .. ": expected a hit, got nil")
  assert.are.equal(want_t, t, tag .. ": t")
  assert.are.equal(want_nx, nx + 0.0, tag .. ": nx")
  assert.are.equal(want_ny, ny + 0.0, tag .. ": ny")
end

local function message(f)
  local ok, err = pcall(f)
  assert.is_false(ok, "expected an error")
  return tostring(err)
end

local function has(text, part)
  assert.is_true(text:find(part, 1, true) ~= nil, ("%q does not contain %q"):format(text, part))
end

describe("sweep from rest", function()
  -- The box [0,1]x[0,1] rests against the wall [1,2]x[-5,5]: they share the
  -- face x = 1. The normal from the wall toward the box is (-1, 0).
  for _, far in ipairs({ 0, 1e6 }) do
    local where = far == 0 and "" or " (at 1e6)"
    local function box_kinds()
      return {
        AABB = c2d.aabb(far, far, 1, 1),
        Box = c2d.box(far + 0.5, far + 0.5, 1, 1, 0),
        Polygon = c2d.polygon(far, far, far + 1, far, far + 1, far + 1, far, far + 1),
      }
    end
    local wall = c2d.aabb(far + 1, far - 5, 1, 10)

    for kind, box in pairs(box_kinds()) do
      it(kind .. " resting against a wall walks away: no hit" .. where, function()
        assert.is_nil(sweep(box, -1, 0, wall))
        assert.is_nil(sweep(box, -3, 2, wall))
      end)
      it(kind .. " resting against a wall walks along it: no hit" .. where, function()
        assert.is_nil(sweep(box, 0, 3, wall))
        assert.is_nil(sweep(box, 0, -3, wall))
      end)
      it(kind .. " pressing into the wall: t = 0, the contact normal" .. where, function()
        expect_hit("into", 0, -1, 0, sweep(box, 1, 0, wall))
        -- v . (-1, 0) = -1 < 0 presses the one touching face, diagonal or not
        expect_hit("into and up", 0, -1, 0, sweep(box, 1, 2, wall))
      end)
      it(kind .. " against a wall: the mirrored call and the wall moving" .. where, function()
        -- the wall moving left into the box: relative motion of the box (1, 0)
        expect_hit("wall moving in", 0, -1, 0, sweep(box, 0, 0, wall, -1, 0))
        assert.is_nil(sweep(box, 0, 0, wall, 0, 5), "wall sliding past")
        -- the wall's view: moving left presses into the box, normal (1, 0)
        expect_hit("mirrored", 0, 1, 0, sweep(wall, -1, 0, box))
        assert.is_nil(sweep(wall, 1, 0, box), "mirrored, parting")
      end)
    end
  end

  it("a capsule lying on a floor slides along it and presses into it", function()
    -- the capsule's segment is y = 1, radius 1: its underside is the floor's top, y = 0
    local floor = c2d.aabb(-100, -10, 200, 10)
    local cap = c2d.capsule(0, 1, 4, 1, 1)
    assert.is_nil(sweep(cap, 5, 0, floor), "sideways")
    assert.is_nil(sweep(cap, -5, 0, floor), "sideways back")
    assert.is_nil(sweep(cap, 0, 1, floor), "lifting off")
    expect_hit("down", 0, 0, 1, sweep(cap, 0, -1, floor))
    expect_hit("down and along", 0, 0, 1, sweep(cap, 3, -1, floor))
    -- the same on a floor that is a segment
    local seg = c2d.segment(-100, 0, 100, 0)
    assert.is_nil(sweep(cap, 5, 0, seg), "sideways on a segment")
    expect_hit("down onto a segment", 0, 0, 1, sweep(cap, 1, -1, seg))
  end)

  it("two tangent disks part, pass and press", function()
    -- centres (0,0) and (6,8) are 10 apart, the radii sum 10: tangent at (3,4)
    local a, b = c2d.disk(0, 0, 5), c2d.disk(6, 8, 5)
    assert.is_nil(sweep(a, -3, -4, b), "parting")
    -- (8,-6) is at right angles to (6,8): the gap grows as the square of t
    assert.is_nil(sweep(a, 8, -6, b), "tangentially")
    assert.is_nil(sweep(a, 0, 0, b), "still")
    -- pressing: the normal from b's centre toward a's, (-6,-8)/10
    expect_hit("toward", 0, -0.6, -0.8, sweep(a, 3, 4, b))
    expect_hit("toward, b moving", 0, -0.6, -0.8, sweep(a, 0, 0, b, -3, -4))
  end)

  it("overlapping shapes give t = 0 and contact's normal, whatever the motion", function()
    -- disks of radius 2 with centres 3 apart overlap by 1; contact pushes a to -x
    local a, b = c2d.disk(0, 0, 2), c2d.disk(3, 0, 2)
    expect_hit("across", 0, -1, 0, sweep(a, 0, 5, b))
    expect_hit("away", 0, -1, 0, sweep(a, -5, 0, b))
    expect_hit("still", 0, -1, 0, sweep(a, 0, 0, b))
    -- boxes [0,4]x[0,4] and [3,9]x[1,2]: the least push is 1 to -x
    expect_hit("boxes", 0, -1, 0, sweep(c2d.aabb(0, 0, 4, 4), 0, 3, c2d.aabb(3, 1, 6, 1)))
  end)

  it("a box resting on a floor slides along it into a wall further on", function()
    -- floor [-10,10]x[-1,0]; the box [0,1]x[0,1] moves 10 to the right; the
    -- block [5,6]x[0,1] stands on the floor too: the box's face x = 1 meets
    -- x = 5 at t = 4/10. The floor gives nothing: the later touch is the hit.
    local floor, block, box = c2d.aabb(-10, -1, 20, 1), c2d.aabb(5, 0, 1, 1), c2d.aabb(0, 0, 1, 1)
    assert.is_nil(sweep(box, 10, 0, floor))
    expect_hit("block", 0.4, -1, 0, sweep(box, 10, 0, block))
    -- a Box and a capsule on the same floor
    expect_hit("Box", 0.4, -1, 0, sweep(c2d.box(0.5, 0.5, 1, 1, 0), 10, 0, block))
    assert.is_nil(sweep(c2d.box(0.5, 0.5, 1, 1, 0), 10, 0, floor))
  end)

  it("a graze is no hit: touching without moving into each other", function()
    -- the box's top y = 1 is flush with the block's bottom as it passes under it
    assert.is_nil(sweep(c2d.aabb(0, 0, 1, 1), 10, 0, c2d.aabb(5, 1, 1, 1)))
    -- a disk passing a corner at exactly its radius: (0,0) r 1 moving along
    -- y = 0 past the box [4,6]x[1,3], whose corner (4,1)... is 1 above the path
    assert.is_nil(sweep(c2d.disk(0, 0, 1), 10, 0, c2d.aabb(4, 1, 2, 2)))
    -- but 1e-9 nearer, it hits
    assert.is_true(sweep(c2d.disk(0, 0, 1), 10, 0, c2d.aabb(4, 1 - 1e-9, 2, 2)) ~= nil)
  end)

  it("the normal at a touch is the contact normal, never minus the motion", function()
    -- [0,1]^2 moving (2,1): its corner (1,1) reaches x = 2 at t = 1/2, at
    -- y = 1.5, inside the face x = 2 of [2,3]x[1,2]: the normal is (-1, 0),
    -- where minus the motion would be (-2,-1)/sqrt 5
    expect_hit("onto a face", 0.5, -1, 0, sweep(c2d.aabb(0, 0, 1, 1), 2, 1, c2d.aabb(2, 1, 1, 1)))
    expect_hit("polygon onto a face", 0.5, -1, 0,
      sweep(c2d.polygon(0, 0, 1, 0, 1, 1, 0, 1), 2, 1, c2d.polygon(2, 1, 3, 1, 3, 2, 2, 2)))
    -- corner onto corner, (1,1) onto (2,2) at t = 1/2: a face's normal, not (-1,-1)/sqrt 2
    local t, nx, ny = sweep(c2d.aabb(0, 0, 1, 1), 2, 2, c2d.aabb(2, 2, 1, 1))
    assert.are.equal(0.5, t)
    assert.is_true((nx == -1 and ny == 0) or (nx == 0 and ny == -1), ("corner: n = (%g, %g)"):format(nx, ny))
  end)
end)

describe("a Fan turns and scales about its apex", function()
  it("rotate keeps the apex and turns the direction", function()
    local f = c2d.fan(10, 20, 5, 0, 1):rotate(pi / 2)
    assert.are.same({ 10, 20, 5, pi / 2, 1 }, { f:unpack() })
    local x, y = f:position()
    assert.are.equal(10, x)
    assert.are.equal(20, y)
  end)

  it("a guard's view cone turns with the head", function()
    -- looking along +x (opening 90 degrees, reach 10), the hero at (0,5) is
    -- beside the guard; turned by pi/2 the cone looks along +y and sees him
    local guard, hero = c2d.fan(0, 0, 10, 0, pi / 2), c2d.disk(0, 5, 1)
    assert.is_false(guard:contains(0, 5))
    guard:rotate(pi / 2)
    assert.is_true(guard:hits(hero))
    assert.is_true(guard:contains(0, 5))
  end)

  it("an explicit pivot is still used", function()
    -- turning by pi about the origin: (10,20) goes to (-10,-20), the direction to pi
    assert.are.same({ -10, -20, 5, pi, 1 }, { c2d.fan(10, 20, 5, 0, 1):rotate(pi, 0, 0):unpack() })
  end)

  it("scale keeps the apex and scales the radius", function()
    assert.are.same({ 10, 20, 10, 0, 1 }, { c2d.fan(10, 20, 5, 0, 1):scale(2):unpack() })
    assert.are.same({ 10, 20, 2.5, 0, 1 }, { c2d.fan(10, 20, 5, 0, 1):scale(0.5):unpack() })
  end)

  it("other shapes still turn about their centre", function()
    -- the box centred at (1,1) turned a quarter keeps its centre
    assert.are.same({ 1, 1, 2, 2, pi / 2 }, { c2d.box(1, 1, 2, 2, 0):rotate(pi / 2):unpack() })
  end)
end)

describe("rotate(0) and a whole turn change nothing", function()
  local function unchanged(tag, s, f)
    local before = { s:unpack() }
    f(s)
    local after = { s:unpack() }
    assert.are.equal(#before, #after, tag)
    for i = 1, #before do
      assert.is_true(before[i] == after[i], ("%s: number %d was %.17g, is %.17g"):format(tag, i, before[i], after[i]))
    end
  end
  local shapes = {
    { "box at angle 1e16", function() return c2d.box(3, 4, 2, 1, 1e16) end },
    { "fan toward 1e16", function() return c2d.fan(3, 4, 5, 1e16, 1) end },
    { "triangle", function() return c2d.triangle(0.1, 0.2, 7.3, 1.1, 2.9, 5.7) end },
    { "polygon far away", function() return c2d.polygon(1e6 + 0.1, 0.3, 1e6 + 4.7, 0.3, 1e6 + 2.2, 3.9) end },
  }
  for _, s in ipairs(shapes) do
    it(s[1], function()
      unchanged(s[1] .. ": rotate(0)", s[2](), function(x) x:rotate(0) end)
      unchanged(s[1] .. ": rotate(2 pi)", s[2](), function(x) x:rotate(2 * pi) end)
      unchanged(s[1] .. ": rotate(-2 pi) about a point", s[2](), function(x) x:rotate(-2 * pi, 5, 5) end)
      unchanged(s[1] .. ": scale(1)", s[2](), function(x) x:scale(1) end)
    end)
  end
end)

describe("a zero-area polygon holds every vertex", function()
  it("a list that doubles back spans its extremes", function()
    -- (1e-9,-100) -> (0,0) -> (0,10) -> (0,0): flat, from y = -100 to y = 10
    local p = c2d.polygon(1e-9, -100, 0, 0, 0, 10, 0, 0)
    assert.is_true(p:contains(0, 10), "the vertex (0, 10)")
    assert.is_true(p:contains(0, 0), "the vertex (0, 0)")
    assert.is_true(p:contains(1e-9, -100), "the vertex (1e-9, -100)")
    assert.is_false(p:contains(0, 10.001), "beyond the end")
    assert.is_true(p:hits(c2d.disk(0, 11, 1)), "a disk touching the far end")
    local x0, y0, x1, y1 = p:bbox()
    assert.are.same({ 0, -100, 1e-9, 10 }, { x0, y0, x1, y1 })
  end)
  it("collinear vertices listed out of order", function()
    -- on y = x: 0, 5, 2, then back: the segment from (0,0) to (5,5)
    local p = c2d.polygon(2, 2, 5, 5, 0, 0, 3, 3)
    assert.is_true(p:contains(5, 5))
    assert.is_true(p:contains(0, 0))
    assert.is_false(p:contains(5.5, 5.5))
    assert.are.equal(0, p:distance(c2d.point(4, 4)))
  end)
end)

describe("user data lives in the shape", function()
  it("a value that refers back to its shape is collected with it", function()
    -- 20,000 shapes, each holding an entity that holds the shape: once the
    -- last outside reference goes, the whole cycle must go (within 1 MB)
    collectgarbage()
    collectgarbage()
    local before = collectgarbage("count")
    do
      for i = 1, 20000 do
        local shape = c2d.disk(i, 0, 1)
        shape:setUserData({ shape = shape, id = i })
      end
    end
    collectgarbage()
    collectgarbage()
    local grown = collectgarbage("count") - before
    assert.is_true(grown < 1024, ("%.0f KB still held after collection"):format(grown))
  end)

  it("any value, cleared by nil, not copied by clone, not shared", function()
    local a, b = c2d.disk(0, 0, 1), c2d.disk(0, 0, 1)
    assert.is_nil(a:getUserData())
    a:setUserData(false)
    assert.are.equal(false, a:getUserData())
    local f = function() end
    a:setUserData(f)
    assert.are.equal(f, a:getUserData())
    assert.is_nil(b:getUserData(), "another shape")
    assert.is_nil(a:clone():getUserData(), "a clone starts without")
    assert.are.equal(a, a:setUserData(nil), "setUserData returns the shape")
    assert.is_nil(a:getUserData())
    assert.are.equal(f, (function() a:setUserData(f); return c2d.getUserData(a) end)())
  end)

  it("reloading the module keeps it", function()
    local shape = c2d.segment(0, 0, 1, 1):setUserData("hero")
    local saved = package.loaded.collide2d
    package.loaded.collide2d = nil
    local again = require "collide2d"
    package.loaded.collide2d = saved
    assert.are.equal("hero", shape:getUserData())
    assert.are.equal("hero", again.getUserData(shape))
    assert.is_nil(again.segment(0, 0, 1, 1):getUserData())
    again.setUserData(shape, "villain")
    assert.are.equal("villain", c2d.getUserData(shape))
  end)
end)

describe("errors say what they got", function()
  local hero = c2d.disk(0, 0, 1)

  it("a wrong type is named by its __name", function()
    local m = message(function() return c2d.hits(io.stdout, hero) end)
    has(m, "bad argument #1 to 'hits'")
    has(m, "got FILE*")
    m = message(function() local x = hero:hits(io.stdout); return x end)
    has(m, "bad argument #1 to 'hits' (collide2d shape expected, got FILE*)")
    m = message(function() local x = hero:distance(setmetatable({}, { __name = "Enemy" })); return x end)
    has(m, "got Enemy")
  end)

  it("plain values still say their type", function()
    has(message(function() local x = hero:hits(3); return x end), "collide2d shape expected, got number")
    has(message(function() local x = hero:hits(); return x end), "got no value")
    has(message(function() local x = hero:hits({}); return x end), "got table")
  end)

  it("bbox of a Line names its argument", function()
    local line = c2d.line(0, 0, 1, 0)
    has(message(function() return c2d.bbox(line) end), "bad argument #1 to 'bbox' (a Line has no bounding box")
    has(message(function() local x = line:bbox(); return x end), "calling 'bbox' on bad self")
  end)

  it("rotate of an AABB and set name their argument", function()
    has(message(function() return c2d.rotate(c2d.aabb(0, 0, 1, 1), 1) end),
      "bad argument #1 to 'rotate' (an AABB cannot rotate (use a Box))")
    has(message(function() local x = c2d.aabb(0, 0, 1, 1):rotate(1); return x end), "calling 'rotate' on bad self")
    has(message(function() local x = hero:set(1, 2, -1); return x end), "bad argument #3 to 'set' (radius must be >= 0)")
    has(message(function() local x = c2d.hull(0, 0, 1, 1):set(0, 0, 1, 1, 2, 0); return x end),
      "calling 'set' on bad self")
  end)
end)
