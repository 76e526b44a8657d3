-- s:featureAt(x, y [, nx, ny]): which edge, vertex or arc a boundary point
-- lies on.
--
-- 1. Hand-worked: an AABB's sides and corners (with and without a normal), a
--    turned Box, a Segment's two sides, a Capsule's sides and caps, a Disk, a
--    Fan's apex, sides and arc, a Concave's outline (not its cuts), a Group's
--    member, a tile layer's tile; points off the boundary.
-- 2. Seeded rays at random convex polygons: the feature named for the hit
--    point and the ray's normal is an edge whose two vertices (read from the
--    shape's outline here) the point lies between, and whose outward normal,
--    worked out here from them, is the ray's normal.
local c2d = require "collide2d"
local common = require "support.common"

local abs, sqrt, cos, sin, pi = math.abs, math.sqrt, math.cos, math.sin, math.pi

-- The kind and index of an answer.
local function ki(kind, index) return { kind, index } end

describe("featureAt: hand-worked", function()
  it("an AABB: its sides by the normal, its corners without one", function()
    -- corners counter-clockwise from (0,0): (10,0), (10,10), (0,10); edge i
    -- starts at corner i
    local box = c2d.aabb(0, 0, 10, 10)
    assert.are.same({ "edge", 1, nil, 0, -1 }, { box:featureAt(5, 0, 0, -1) })
    assert.are.same({ "edge", 2, nil, 1, 0 }, { box:featureAt(10, 5, 7, 0) })   -- any length
    assert.are.same({ "edge", 4, nil, -1, 0 }, { box:featureAt(0, 5) })
    -- a corner: with a normal along neither side, the corner; along one, that side
    assert.are.same({ "vertex", 3 }, ki(box:featureAt(10, 10, 1, 1)))
    assert.are.same({ "edge", 2 }, ki(box:featureAt(10, 10, 1, 0)))
    assert.are.same({ "edge", 3 }, ki(box:featureAt(10, 10, 0, 1)))
    assert.are.equal("vertex", (box:featureAt(0, 0)))
    -- inside, outside, and 1e-6 off a side of a box 10 across (its tolerance is 1e-8)
    assert.is_nil(box:featureAt(5, 5))
    assert.is_nil(box:featureAt(-3, 5))
    assert.is_nil(box:featureAt(5, -1e-6, 0, -1))
    assert.are.equal("edge", (box:featureAt(5, -1e-9, 0, -1)))
  end)

  it("a turned Box: the side a ray from outside meets, its normal turned", function()
    -- a 4 x 2 box turned by a quarter turn about its centre (0, 0): its long
    -- sides now face -x and +x, at x = -1 and x = 1
    local b = c2d.box(0, 0, 4, 2, pi / 2)
    local kind, _, _, fnx, fny = b:featureAt(1, 0.5, 1, 0)
    assert.are.equal("edge", kind)
    common.near(fnx, 1, 1e-12, "fnx"); common.near(fny, 0, 1e-12, "fny")
  end)

  it("a Segment's two sides and ends; a Capsule's sides and caps; a Disk", function()
    -- the segment (0,0)-(10,0): edge 1 from the first point with the shape
    -- on its left faces -y, edge 2 faces +y
    local seg = c2d.segment(0, 0, 10, 0)
    assert.are.same({ "edge", 1, nil, 0, -1 }, { seg:featureAt(5, 0, 0, -1) })
    assert.are.same({ "edge", 2, nil, 0, 1 }, { seg:featureAt(5, 0, 0, 1) })
    assert.are.same({ "vertex", 2 }, ki(seg:featureAt(10, 0)))
    local cap = c2d.capsule(0, 0, 10, 0, 2)
    assert.are.same({ "edge", 2, nil, 0, 1 }, { cap:featureAt(5, 2, 0, 1) })
    assert.are.same({ "arc", 2, nil, 1, 0 }, { cap:featureAt(12, 0, 1, 0) })
    -- on the cap at 45 degrees: the arc's normal there
    local kind, index, _, fnx, fny = cap:featureAt(-sqrt(2), -sqrt(2))
    assert.are.same({ "arc", 1 }, { kind, index })
    common.near(fnx, -sqrt(0.5), 1e-12, "fnx"); common.near(fny, -sqrt(0.5), 1e-12, "fny")
    assert.are.same({ "arc", 1, nil, 0, 1 }, { c2d.disk(0, 0, 2):featureAt(0, 2) })
  end)

  it("a Fan: its apex, its sides, its arc", function()
    -- radius 5 facing +x, opening 1: sides at angles +-0.5
    local fan = c2d.fan(0, 0, 5, 0, 1)
    assert.are.equal("vertex", (fan:featureAt(0, 0)))
    assert.are.same({ "arc", 1, nil, 1, 0 }, { fan:featureAt(5, 0) })
    -- halfway along the side at +0.5: its outward normal is that direction
    -- turned a quarter turn further, (-sin 0.5, cos 0.5)
    local kind, _, _, fnx, fny = fan:featureAt(2.5 * cos(0.5), 2.5 * sin(0.5))
    assert.are.equal("edge", kind)
    common.near(fnx, -sin(0.5), 1e-12, "fnx"); common.near(fny, cos(0.5), 1e-12, "fny")
  end)

  it("a Concave's outline, not its cuts; a Group's member; a tile layer's tile", function()
    -- an L: (0,0) (4,0) (4,4) (2,4) (2,2) (0,2); (2, 2) to (4, 4)-ish cuts
    -- lie inside; the inner corner (2, 2) is vertex 5
    local l = c2d.concave(0, 0, 4, 0, 4, 4, 2, 4, 2, 2, 0, 2)
    assert.are.same({ "edge", 3, nil, 0, 1 }, { l:featureAt(3, 4, 0, 1) })
    assert.are.same({ "edge", 4, nil, -1, 0 }, { l:featureAt(2, 3, -1, 0) })
    assert.are.same({ "vertex", 5 }, ki(l:featureAt(2, 2)))
    assert.is_nil(l:featureAt(3, 1))   -- inside, on no outline edge
    local two = c2d.group(c2d.aabb(0, 0, 1, 1), c2d.aabb(5, 5, 2, 2))
    assert.are.same({ "edge", 2, 2, 1, 0 }, { two:featureAt(7, 6, 1, 0) })
    -- tiles 10 x 10 from (0, 10), five in a row: (25, 10) is on the top of
    -- the row's run of full tiles, which starts at the first tile
    local floor = c2d.tiles(0, 10, 10, 10, 5, 1, "#####")
    local kind, _, piece = floor:featureAt(25, 10, 0, -1)
    assert.are.equal("edge", kind)
    assert.is_number(piece)
  end)

  it("bad input", function()
    local box = c2d.aabb(0, 0, 1, 1)
    assert.has_error(function() box:featureAt(0 / 0, 0) end, "bad argument #1 to 'featureAt' (x must be finite)")
    assert.has_error(function() box:featureAt(0, 0, "x") end)
  end)
end)

describe("featureAt names the edge a ray hit (300 seeded rays at random convex polygons)", function()
  it("the point lies on that edge, and its outward normal is the ray's", function()
    local rng = common.lcg(11282026)
    local checked = 0
    for i = 1, 300 do
      local o = (i % 3 == 0) and 1e6 or 0
      local pts = {}
      for _ = 1, 6 do pts[#pts + 1] = o + rng.range(-10, 10); pts[#pts + 1] = o + rng.range(-10, 10) end
      local s = c2d.hull(pts)
      local a = rng.range(0, 2 * pi)
      local x, y = o + 40 * cos(a), o + 40 * sin(a)
      local dx, dy = -cos(a) + rng.range(-0.2, 0.2), -sin(a) + rng.range(-0.2, 0.2)
      local t, nx, ny = s:raycast(x, y, dx, dy, 100)
      if t and t > 0 then
        checked = checked + 1
        local px, py = x + t * dx, y + t * dy
        local kind, index, _, fnx, fny = s:featureAt(px, py, nx, ny)
        local v = s:outline()
        local n = #v / 2
        if kind == "edge" then
          local ax, ay = v[2 * index - 1], v[2 * index]
          local j = index % n + 1
          local bx, by = v[2 * j - 1], v[2 * j]
          -- the point's distance from the edge's line, and where along it
          local ex, ey = bx - ax, by - ay
          local len = sqrt(ex * ex + ey * ey)
          local off = abs(ex * (py - ay) - ey * (px - ax)) / len
          local along = (ex * (px - ax) + ey * (py - ay)) / (len * len)
          local tol = 1e-9 * (1 + abs(o))
          assert.is_true(off <= tol and along >= -1e-9 and along <= 1 + 1e-9,
            ("ray %d: (%.17g, %.17g) is %g off edge %d, at %g along it"):format(i, px, py, off, index, along))
          -- the outward normal: the edge turned clockwise (the hull winds
          -- counter-clockwise)
          common.near(fnx, ey / len, 1e-9, "fnx"); common.near(fny, -ex / len, 1e-9, "fny")
          common.near(nx, fnx, 1e-9, "the ray's normal")
          common.near(ny, fny, 1e-9, "the ray's normal")
        else
          -- a ray through a corner: that corner
          assert.are.equal("vertex", kind)
          local cx, cy = v[2 * index - 1], v[2 * index]
          assert.is_true(abs(cx - px) + abs(cy - py) <= 1e-9 * (1 + abs(o)))
        end
      end
    end
    assert.is_true(checked > 150, ("only %d rays hit"):format(checked))
  end)
end)
