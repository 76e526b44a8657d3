-- Shapes: construction, identity, reference points, bounds, membership and the
-- errors every constructor and method raises on bad input. Expected values are
-- worked out by hand (the comments show the arithmetic).
local c2d = require "collide2d"
local common = require "support.common"

local unpack = table.unpack or unpack
local pi = math.pi
local inf = math.huge
local nan = 0 / 0
local sqrt2 = math.sqrt(2)

local function pack(...) return { n = select("#", ...), ... } end

-- assert |got - want| <= tol, naming what is compared
local function near(got, want, tol, what)
  tol = tol or 1e-12
  assert(type(got) == "number", (what or "value") .. ": expected a number, got " .. tostring(got))
  assert(math.abs(got - want) <= tol,
    ("%s: expected %.17g, got %.17g (tolerance %g)"):format(what or "value", want, got, tol))
end

local function near_all(got, want, tol, what)
  assert.are.equal(#want, got.n or #got, (what or "values") .. ": count")
  for i = 1, #want do near(got[i], want[i], tol, ("%s[%d]"):format(what or "values", i)) end
end

-- Run f, demand an error, and demand that its message holds every plain
-- fragment given. Returns the message.
local function raises(f, ...)
  local ok, err = pcall(f)
  assert(not ok, "expected an error, but the call succeeded")
  err = tostring(err)
  for i = 1, select("#", ...) do
    local frag = select(i, ...)
    assert(err:find(frag, 1, true), ("error %q should mention %q"):format(err, frag))
  end
  return err
end

local function succeeds(f)
  local ok, err = pcall(f)
  assert(ok, "expected success, got error: " .. tostring(err))
  return err
end

-- One valid example per constructor, with the values worked out by hand.
local examples = {
  { ctor = "point", kind = "Point", args = { 3, 4 }, str = "Point(3, 4)",
    pos = { 3, 4 }, center = { 3, 4 }, bbox = { 3, 4, 3, 4 } },
  { ctor = "segment", kind = "Segment", args = { 1, 2, 5, 8 }, str = "Segment(1, 2, 5, 8)",
    pos = { 1, 2 }, center = { 3, 5 }, bbox = { 1, 2, 5, 8 } },
  { ctor = "line", kind = "Line", args = { 0, 0, 4, 2 }, str = "Line(0, 0, 4, 2)",
    pos = { 0, 0 }, center = { 2, 1 } },
  { ctor = "disk", kind = "Disk", args = { 10, 40, 8 }, str = "Disk(10, 40, 8)",
    pos = { 10, 40 }, center = { 10, 40 }, bbox = { 2, 32, 18, 48 } },
  { ctor = "aabb", kind = "AABB", args = { 2, 3, 10, 4 }, str = "AABB(2, 3, 10, 4)",
    pos = { 2, 3 }, center = { 7, 5 }, bbox = { 2, 3, 12, 7 } },
  -- half extents 2 and 1 turned by 0.3: x reach 2cos + 1sin, y reach 2sin + 1cos
  { ctor = "box", kind = "Box", args = { 10, 20, 4, 2, 0.3 }, str = "Box(10, 20, 4, 2, 0.3)",
    pos = { 10, 20 }, center = { 10, 20 },
    bbox = { 10 - (2 * math.cos(0.3) + math.sin(0.3)), 20 - (2 * math.sin(0.3) + math.cos(0.3)),
             10 + (2 * math.cos(0.3) + math.sin(0.3)), 20 + (2 * math.sin(0.3) + math.cos(0.3)) },
    tol = 1e-12 },
  -- vertex average ((0+6+0)/3, (0+0+3)/3)
  { ctor = "triangle", kind = "Triangle", args = { 0, 0, 6, 0, 0, 3 },
    str = "Triangle(0, 0, 6, 0, 0, 3)", pos = { 0, 0 }, center = { 2, 1 }, bbox = { 0, 0, 6, 3 } },
  -- trapezoid = rectangle 4x2 (area 8, centroid (2, 1)) + triangle (0,2)(4,2)(4,4)
  -- (area 4, centroid (8/3, 8/3)): centroid ((16 + 32/3)/12, (8 + 32/3)/12) = (20/9, 14/9);
  -- the vertex average (2, 1.5) would be wrong
  { ctor = "polygon", kind = "Polygon", args = { 0, 0, 4, 0, 4, 4, 0, 2 },
    str = "Polygon(0, 0, 4, 0, 4, 4, 0, 2)", pos = { 0, 0 }, center = { 20 / 9, 14 / 9 },
    bbox = { 0, 0, 4, 4 } },
  { ctor = "capsule", kind = "Capsule", args = { 0, 0, 10, 0, 2 }, str = "Capsule(0, 0, 10, 0, 2)",
    pos = { 0, 0 }, center = { 5, 0 }, bbox = { -2, -2, 12, 2 } },
  -- quarter fan along +x: a = pi/4, centroid at 2 r sin(a) / (3a) = 80 sin(pi/4) / (3 pi);
  -- the arc reaches x = 10 at angle 0 and y = +-10 sin(pi/4) at its ends
  { ctor = "fan", kind = "Fan", args = { 0, 0, 10, 0, pi / 2 },
    str = ("Fan(0, 0, 10, 0, %.14g)"):format(pi / 2),
    pos = { 0, 0 }, center = { 80 * math.sin(pi / 4) / (3 * pi), 0 },
    bbox = { 0, -10 * math.sin(pi / 4), 10, 10 * math.sin(pi / 4) }, tol = 1e-9 },
}

local function make(ex) return c2d[ex.ctor](unpack(ex.args)) end

-- The constructors' arities, for the bad-input sweeps.
local arity = { point = 2, segment = 4, line = 4, disk = 3, aabb = 4, box = 5, triangle = 6,
                capsule = 5, fan = 5 }
-- A valid argument list per constructor, to spoil one position at a time.
local valid = {
  point = { 1, 2 }, segment = { 0, 0, 3, 4 }, line = { 0, 0, 3, 4 }, disk = { 1, 2, 3 },
  aabb = { 0, 0, 2, 3 }, box = { 0, 0, 2, 3, 0.5 }, triangle = { 0, 0, 4, 0, 0, 3 },
  capsule = { 0, 0, 3, 4, 1 }, fan = { 0, 0, 5, 0.5, 1 },
  polygon = { 0, 0, 4, 0, 4, 3, 0, 3 }, hull = { 0, 0, 4, 0, 4, 3, 1, 1 },
}
local ctor_names = { "point", "segment", "line", "disk", "aabb", "box", "triangle", "polygon",
                     "hull", "capsule", "fan" }

local function with(list, k, v)
  local t = {}
  for i = 1, #list do t[i] = list[i] end
  t[k] = v
  return t
end

describe("shapes", function()

  describe("construction of every kind", function()
    for _, ex in ipairs(examples) do
      describe(ex.kind, function()
        it("has its kind name from s:type() and c2d.type(s)", function()
          local s = make(ex)
          assert.are.equal(ex.kind, s:type())
          assert.are.equal(ex.kind, c2d.type(s))
        end)

        it("reports its position", function()
          near_all(pack(make(ex):position()), ex.pos, 0, "position")
        end)

        it("unpacks to the constructor's numbers in order", function()
          local got = pack(make(ex):unpack())
          assert.are.equal(#ex.args, got.n)
          for i = 1, #ex.args do assert.are.equal(ex.args[i], got[i]) end
        end)

        it("prints as " .. ex.str, function()
          assert.are.equal(ex.str, tostring(make(ex)))
        end)

        it("equals a shape of the same kind and numbers, and no other", function()
          local a, b = make(ex), make(ex)
          assert.is_true(a == b)
          local other = {}
          for i = 1, #ex.args do other[i] = ex.args[i] end
          other[1] = other[1] + 1 -- a translated copy: still valid for every kind
          assert.is_false(a == c2d[ex.ctor](unpack(other)))
          assert.is_false(a == ex.args)
        end)

        it("has its centroid where worked out", function()
          near_all(pack(make(ex):center()), ex.center, ex.tol or 1e-12, "center")
        end)

        if ex.bbox then
          it("has its bounding box where worked out", function()
            near_all(pack(make(ex):bbox()), ex.bbox, ex.tol or 0, "bbox")
          end)
        end

        it("is reached through the module functions as well", function()
          local s = make(ex)
          assert.are.equal(ex.kind, c2d.type(s))
          near_all(pack(c2d.position(s)), ex.pos, 0, "c2d.position")
          near_all(pack(c2d.center(s)), ex.center, ex.tol or 1e-12, "c2d.center")
        end)
      end)
    end

    it("c2d.type gives nil for values that are not shapes", function()
      assert.is_nil(c2d.type(nil))
      assert.is_nil(c2d.type(5))
      assert.is_nil(c2d.type("Disk"))
      assert.is_nil(c2d.type({}))
      assert.is_nil(c2d.type(true))
      assert.is_nil(c2d.type(print))
      assert.is_nil(c2d.type(io.stdout))
      local mt = debug.getmetatable(c2d.disk(0, 0, 1))
      if type(mt) == "table" then assert.is_nil(c2d.type(setmetatable({}, mt))) end
    end)

    it("shapes of different kinds with the same numbers are not equal", function()
      assert.is_false(c2d.segment(0, 0, 1, 1) == c2d.line(0, 0, 1, 1))
      assert.is_false(c2d.point(1, 2) == c2d.disk(1, 2, 0))
      assert.is_false(c2d.aabb(0, 0, 2, 2) == c2d.box(1, 1, 2, 2, 0))
      assert.is_false(c2d.triangle(0, 0, 1, 0, 0, 1) == c2d.polygon(0, 0, 1, 0, 0, 1))
      assert.is_false(c2d.capsule(0, 0, 1, 0, 1) == c2d.fan(0, 0, 1, 0, 1))
      assert.is_false(c2d.box(0, 0, 1, 2, 0) == c2d.fan(0, 0, 1, 2, 0))
    end)

    it("shapes differing in any one number are not equal", function()
      assert.is_false(c2d.disk(1, 2, 3) == c2d.disk(1, 2, 4))
      assert.is_false(c2d.disk(1, 2, 3) == c2d.disk(1, 2.5, 3))
      assert.is_false(c2d.fan(0, 0, 10, 1, 1) == c2d.fan(0, 0, 10, 1, 1.5))
      assert.is_false(c2d.box(0, 0, 1, 2, 0.25) == c2d.box(0, 0, 1, 2, 0.5))
      assert.is_false(c2d.polygon(0, 0, 4, 0, 4, 4) == c2d.polygon(0, 0, 4, 0, 4, 5))
      assert.is_false(c2d.polygon(0, 0, 4, 0, 4, 4) == c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4))
    end)

    it("prints fractional and tiny numbers with %.14g", function()
      assert.are.equal("Disk(0.1, -2.5, 1e-20)", tostring(c2d.disk(0.1, -2.5, 1e-20)))
      assert.are.equal(("Fan(0, 0, 100, %.14g, %.14g)"):format(math.rad(90), math.rad(60)),
        tostring(c2d.fan(0, 0, 100, math.rad(90), math.rad(60))))
      assert.are.equal("Polygon(0, 0, 4, 0, 4, 4, 0, 2)", tostring(c2d.polygon(0, 0, 4, 0, 4, 4, 0, 2)))
    end)
  end)

  describe("centre and bounds of turned and partial shapes", function()
    it("a Box at 45 degrees reaches (w/2 + h/2) / sqrt 2 along both axes", function()
      -- half extents 2 and 1: the corners (+-2, +-1) turned by 45 degrees reach 3/sqrt(2)
      local b = c2d.box(10, 20, 4, 2, pi / 4)
      local r = 3 / sqrt2
      near_all(pack(b:bbox()), { 10 - r, 20 - r, 10 + r, 20 + r }, 1e-12, "bbox")
      near_all(pack(b:center()), { 10, 20 }, 1e-12, "center")
      near_all(pack(b:position()), { 10, 20 }, 0, "position")
    end)

    it("a Box turned by pi/2 or pi is snapped to an exact axis-aligned box", function()
      near_all(pack(c2d.box(0, 0, 4, 2, pi / 2):bbox()), { -1, -2, 1, 2 }, 0, "pi/2")
      near_all(pack(c2d.box(0, 0, 4, 2, pi):bbox()), { -2, -1, 2, 1 }, 0, "pi")
      near_all(pack(c2d.box(5, 5, 4, 2, 3 * pi / 2):bbox()), { 4, 3, 6, 7 }, 0, "3pi/2")
      near_all(pack(c2d.box(5, 5, 4, 2, 0):bbox()), { 3, 4, 7, 6 }, 0, "0")
    end)

    it("a Fan opened to pi facing +y is the upper half disk", function()
      -- a = pi/2: centroid 2 r sin(a)/(3a) = 40/(3 pi) above the apex
      local f = c2d.fan(1, 2, 10, pi / 2, pi)
      near_all(pack(f:bbox()), { -9, 2, 11, 12 }, 1e-9, "bbox")
      near_all(pack(f:center()), { 1, 2 + 40 / (3 * pi) }, 1e-12, "center")
    end)

    it("a Fan opened beyond pi reaches all four axis directions it covers", function()
      -- opening 3pi/2 toward +x covers -135..135 degrees: +x, +y, -y, and x down to
      -- 10 cos(135 deg); a = 3pi/4: centroid 20 sin(3pi/4) / (9pi/4) along +x
      local f = c2d.fan(0, 0, 10, 0, 3 * pi / 2)
      near_all(pack(f:bbox()), { -10 * math.sin(pi / 4), -10, 10, 10 }, 1e-9, "bbox")
      near_all(pack(f:center()), { 80 * math.sin(3 * pi / 4) / (9 * pi), 0 }, 1e-12, "center")
    end)

    it("a Fan with opening 0 is the segment from its apex", function()
      local f = c2d.fan(1, 1, 10, pi, 0)
      near_all(pack(f:bbox()), { -9, 1, 1, 1 }, 1e-9, "bbox")
      near_all(pack(f:center()), { -4, 1 }, 1e-12, "center")
    end)

    it("a Fan opened to 2*pi is the full disk", function()
      local f = c2d.fan(1, 2, 3, 0.7, 2 * pi)
      near_all(pack(f:bbox()), { -2, -1, 4, 5 }, 1e-9, "bbox")
      near_all(pack(f:center()), { 1, 2 }, 1e-12, "center")
    end)

    it("a slanted Capsule and a reversed Segment", function()
      near_all(pack(c2d.capsule(0, 0, 3, 4, 1):bbox()), { -1, -1, 4, 5 }, 0, "capsule bbox")
      near_all(pack(c2d.capsule(0, 0, 3, 4, 1):center()), { 1.5, 2 }, 0, "capsule center")
      near_all(pack(c2d.segment(5, 8, 1, 2):bbox()), { 1, 2, 5, 8 }, 0, "segment bbox")
    end)

    it("a zero-length Capsule is the disk at its end", function()
      near_all(pack(c2d.capsule(2, 3, 2, 3, 4):bbox()), { -2, -1, 6, 7 }, 0, "bbox")
      near_all(pack(c2d.capsule(2, 3, 2, 3, 4):center()), { 2, 3 }, 0, "center")
    end)

    it("a clockwise Polygon has the same area centroid", function()
      near_all(pack(c2d.polygon(0, 2, 4, 4, 4, 0, 0, 0):center()), { 20 / 9, 14 / 9 }, 1e-12, "center")
    end)

    it("a Line has no bounding box", function()
      local l = c2d.line(0, 0, 4, 2)
      assert.has_error(function() return l:bbox() end)
      assert.has_error(function() return c2d.bbox(l) end)
    end)
  end)

  describe("polygon and hull", function()
    it("takes its vertices as varargs or as one table", function()
      local a = c2d.polygon(0, 0, 4, 0, 4, 4, 0, 2)
      local b = c2d.polygon { 0, 0, 4, 0, 4, 4, 0, 2 }
      assert.is_true(a == b)
      assert.are.equal("Polygon", b:type())
      assert.are.same({ 0, 0, 4, 0, 4, 4, 0, 2 }, { b:unpack() })
      assert.are.equal(tostring(a), tostring(b))
    end)

    it("keeps a clockwise vertex list as given", function()
      local p = c2d.polygon(0, 2, 4, 4, 4, 0, 0, 0)
      assert.are.same({ 0, 2, 4, 4, 4, 0, 0, 0 }, { p:unpack() })
      assert.is_true(p:contains(2, 2))
    end)

    it("accepts collinear and repeated vertices in a convex list", function()
      succeeds(function() return c2d.polygon(0, 0, 2, 0, 4, 0, 4, 4, 0, 4) end)
      succeeds(function() return c2d.polygon(0, 0, 4, 0, 4, 0, 4, 4, 0, 4) end)
      -- zero area: the segment (0,0)-(2,2)
      local p = succeeds(function() return c2d.polygon(0, 0, 1, 1, 2, 2) end)
      assert.is_true(p:contains(1.5, 1.5))
      assert.is_false(p:contains(1, 1 + 1e-9))
    end)

    it("a spike shorter than rounding at a corner leaves the polygon its interior", function()
      -- the triangle (-48, -48), (-48, 1), (0, 0) with a spike 1.4e-13 long from
      -- (0, 0) out along y = x and back (below the rounding of coordinates of 48,
      -- about 3.4e-13): convex within rounding, walked back along a line at the
      -- spike but not flat. The triangle's centroid (-32, -47 / 3) is inside it.
      local p = succeeds(function()
        return c2d.polygon { -48, -48, -48, -48, -48, -48, -48, 1, 0, 0, 1e-13, 1e-13, 1e-13, 1e-13 }
      end)
      assert.is_true(p:contains(-40, -20))
      assert.is_true(p:contains(-32, -47 / 3))
      assert.are.equal(0, p:distance(c2d.point(-32, -47 / 3)))
      assert.is_false(p:contains(-30, -31)) -- below y = x, outside
    end)

    it("accepts 256 vertices", function()
      local t = common.regular_polygon(256, 0, 0, 100)
      local p = succeeds(function() return c2d.polygon(t) end)
      assert.are.equal(512, select("#", p:unpack()))
      succeeds(function() return c2d.polygon(unpack(t)) end)
    end)

    -- the points are shuffled: the hull is the pentagon below, the rest lie inside
    -- (one hull vertex is given twice)
    local scattered = { 2, 2, 6, 3, 1, 1, -1, 3, 3, 1, 2, 3.5, 0, 0, 6, 3, 4, -1, 2, 5, 3, 2 }
    local pentagon = { { 0, 0 }, { 4, -1 }, { 6, 3 }, { 2, 5 }, { -1, 3 } } -- counter-clockwise

    local function vertices(s)
      local t, out = { s:unpack() }, {}
      for i = 1, #t, 2 do out[#out + 1] = { t[i], t[i + 1] } end
      return out
    end

    it("hull of scattered points is their convex pentagon, counter-clockwise", function()
      local h = c2d.hull(unpack(scattered))
      assert.are.equal("Polygon", h:type())
      local v = vertices(h)
      assert.are.equal(5, #v)
      -- the same set
      for _, want in ipairs(pentagon) do
        local found = 0
        for _, got in ipairs(v) do
          if got[1] == want[1] and got[2] == want[2] then found = found + 1 end
        end
        assert.are.equal(1, found, ("hull vertex (%g, %g)"):format(want[1], want[2]))
      end
      -- counter-clockwise: every turn is a left turn (+x toward +y)
      for i = 1, 5 do
        local p, q, r = v[i], v[i % 5 + 1], v[(i + 1) % 5 + 1]
        local cross = (q[1] - p[1]) * (r[2] - q[2]) - (q[2] - p[2]) * (r[1] - q[1])
        assert.is_true(cross > 0, "turn at vertex " .. (i % 5 + 1))
      end
      -- its position is its first vertex
      near_all(pack(h:position()), v[1], 0, "position")
    end)

    it("hull takes a table as well", function()
      assert.is_true(c2d.hull(scattered) == c2d.hull(unpack(scattered)))
    end)

    it("hull of collinear points is the 2-vertex polygon of the extreme points", function()
      local h = c2d.hull(0, 0, 2, 1, 4, 2, -2, -1, 1, 0.5)
      assert.are.equal("Polygon", h:type())
      local v = vertices(h)
      assert.are.equal(2, #v)
      table.sort(v, function(p, q) return p[1] < q[1] end)
      assert.are.same({ { -2, -1 }, { 4, 2 } }, v)
      local str = tostring(h)
      assert.is_true(str == "Polygon(-2, -1, 4, 2)" or str == "Polygon(4, 2, -2, -1)", str)
      assert.is_true(h:contains(1, 0.5))
      assert.is_false(h:contains(5, 2.5))
    end)

    it("hull of equal points is a 1-vertex polygon", function()
      local h = c2d.hull(3, 3, 3, 3, 3, 3)
      assert.are.same({ 3, 3 }, { h:unpack() })
      assert.is_true(h:contains(3, 3))
      local one = c2d.hull(1, 2)
      assert.are.same({ 1, 2 }, { one:unpack() })
      near_all(pack(one:center()), { 1, 2 }, 0, "center")
    end)

    it("hull of a square with inner points has the square's centre", function()
      near_all(pack(c2d.hull(0, 0, 4, 0, 1, 1, 4, 4, 2, 3, 0, 4):center()), { 2, 2 }, 1e-12, "center")
    end)

    -- Points whose turns are products past the largest double (inf - inf) or
    -- whose differences are (1e308 - -1e308): each vertex once, convex, in order.
    local M = 1.7976931348623157e308
    local function is_hull(h, want)
      local v = vertices(h)
      assert.are.same(want, v)
      for i = 1, #v do
        for j = i + 1, #v do
          assert.is_false(v[i][1] == v[j][1] and v[i][2] == v[j][2], "vertex " .. i .. " repeated at " .. j)
        end
      end
    end

    it("hull of points far past the range of products repeats no vertex", function()
      -- A = (-M, -48) lies so far left that the line from it to any of the
      -- others is level with that point at x near 0: (0, 0) is below the line
      -- A-(3, 4), so on the hull; (-47, 4) lies straight below (-47, 8) and
      -- above the line A-(0, 0) (which is at y = 0 there), so inside.
      is_hull(c2d.hull { 3, 4, 0, 0, -47, 8, -47, 4, -M, -48 },
        { { -M, -48 }, { 0, 0 }, { 3, 4 }, { -47, 8 } })
      -- (0, 0) lies on the diagonal from (-1e300, -1e300) to (1e300, 1e300): dropped
      is_hull(c2d.hull { -1e300, -1e300, 1e300, 1e300, 0, 0, 1e300, -1e300 },
        { { -1e300, -1e300 }, { 1e300, -1e300 }, { 1e300, 1e300 } })
    end)

    it("hull is convex for its doubles exactly, where a turn is below the rounding of its products", function()
      -- P = (252.99999999999767, 252.9999999999965) and Q = (253, 252.99999999999883)
      -- are 2.33e-12 apart along the diagonal. From (0, -5), P - (0, -5) is
      -- (253 - d1, 258 - d2) and Q - (0, -5) is (253, 258 - d3), with d1 = 2.33e-12,
      -- d2 = 3.50e-12, d3 = 1.17e-12: the turn (0,-5) -> P -> Q is
      -- (253 - d1)(258 - d3) - (258 - d2) 253 = 253 (d2 - d3) - 258 d1 + d1 d3
      -- = 253 * 2.33e-12 - 258 * 2.33e-12 < 0, a right turn, so P is inside (its
      -- products, near 65274, round by 7e-12). As a vertex, P would put (0, -5)
      -- 3.5 outside the line of the edge P-Q, and c2d.polygon would refuse it.
      local h = c2d.hull { -48, -48, 0, -5, 252.99999999999767, 252.9999999999965, 253, 252.99999999999883, 0, 127 }
      is_hull(h, { { -48, -48 }, { 0, -5 }, { 253, 252.99999999999883 }, { 0, 127 } })
      succeeds(function() return c2d.polygon(h:unpack()) end)
    end)

    it("hull of points farther apart than the largest double", function()
      -- M - (-M) is past the largest double: a diamond, and a line of three points
      is_hull(c2d.hull { -M, 0, M, 0, 0, 1, 0, -1 }, { { -M, 0 }, { 0, -1 }, { M, 0 }, { 0, 1 } })
      is_hull(c2d.hull { -M, 0, 0, 0, M, 0 }, { { -M, 0 }, { M, 0 } })
    end)
  end)

  describe("bad constructor input", function()
    for _, name in ipairs(ctor_names) do
      describe(name, function()
        local args = valid[name]

        it("accepts its valid example", function()
          succeeds(function() return c2d[name](unpack(args)) end)
        end)

        it("names the position of a non-number", function()
          for k = 1, #args do
            for _, bad in ipairs({ "x", {}, true }) do
              -- a table first is the table form of polygon and hull: tested below
              if not (k == 1 and type(bad) == "table" and (name == "polygon" or name == "hull")) then
                raises(function() return c2d[name](unpack(with(args, k, bad))) end,
                  "#" .. k, "number expected")
              end
            end
          end
        end)

        it("names the position of NaN and of +-inf as not finite", function()
          for k = 1, #args do
            for _, bad in ipairs({ nan, inf, -inf }) do
              raises(function() return c2d[name](unpack(with(args, k, bad))) end,
                "#" .. k, "finite")
            end
          end
        end)

        if arity[name] then
          it("names the missing position when a number is left off", function()
            for n = 0, arity[name] - 1 do
              local short = {}
              for i = 1, n do short[i] = args[i] end
              raises(function() return c2d[name](unpack(short, 1, n)) end, "#" .. (n + 1))
            end
          end)

          it("refuses a number too many", function()
            -- (a Box or Triangle takes one more: its radius)
            local extra = (name == "box" or name == "triangle") and 2 or 1
            local long = with(with(args, #args + 1, 1), #args + extra, 1)
            raises(function() return c2d[name](unpack(long)) end, "#" .. (#args + extra))
          end)
        end
      end)
    end

    it("negative radius, width and height name their position", function()
      raises(function() return c2d.disk(0, 0, -1) end, "#3", "radius must be >= 0")
      raises(function() return c2d.capsule(0, 0, 1, 1, -0.5) end, "#5", "radius must be >= 0")
      raises(function() return c2d.fan(0, 0, -1e-300, 0, 1) end, "#3", "radius must be >= 0")
      raises(function() return c2d.aabb(0, 0, -1, 1) end, "#3", "width must be >= 0")
      raises(function() return c2d.aabb(0, 0, 1, -1) end, "#4", "height must be >= 0")
      raises(function() return c2d.box(0, 0, -1, 1, 0) end, "#3", "width must be >= 0")
      raises(function() return c2d.box(0, 0, 1, -1, 0) end, "#4", "height must be >= 0")
    end)

    it("zero (and negative zero) sizes are valid", function()
      succeeds(function() return c2d.disk(0, 0, 0) end)
      succeeds(function() return c2d.disk(0, 0, -0.0) end)
      succeeds(function() return c2d.aabb(0, 0, 0, 0) end)
      succeeds(function() return c2d.box(0, 0, 0, 0, 1) end)
      succeeds(function() return c2d.capsule(0, 0, 0, 0, 0) end)
      succeeds(function() return c2d.fan(0, 0, 0, 0, 0) end)
    end)

    it("a fan opening outside [0, 2*pi] names position #5", function()
      raises(function() return c2d.fan(0, 0, 1, 0, -0.001) end, "#5", "opening must be in [0, 2*pi]")
      raises(function() return c2d.fan(0, 0, 1, 0, 2 * pi + 0.001) end, "#5", "opening must be in [0, 2*pi]")
      raises(function() return c2d.fan(0, 0, 1, 0, 7) end, "#5", "opening")
      succeeds(function() return c2d.fan(0, 0, 1, 0, 0) end)
      succeeds(function() return c2d.fan(0, 0, 1, 0, 2 * pi) end)
    end)

    it("a line through two equal points is refused", function()
      local err = raises(function() return c2d.line(1, 2, 1, 2) end, "line points must differ")
      assert.is_truthy(err:find("bad argument #%d"), err)
    end)

    it("a non-convex polygon is refused", function()
      -- an arrow head: (1, 2) is a reflex vertex
      local err = raises(function() return c2d.polygon(0, 0, 4, 2, 0, 4, 1, 2) end,
        "polygon is not convex")
      assert.is_truthy(err:find("bad argument #%d"), err)
      -- a pentagram: every turn is a left turn, yet it winds twice
      local star = {}
      for i = 0, 4 do
        local a = pi / 2 + 2 * pi * (2 * i % 5) / 5
        star[#star + 1] = 10 * math.cos(a)
        star[#star + 1] = 10 * math.sin(a)
      end
      raises(function() return c2d.polygon(unpack(star)) end, "polygon is not convex")
      raises(function() return c2d.polygon(star) end, "polygon is not convex")
      -- a bow tie
      raises(function() return c2d.polygon(0, 0, 2, 2, 2, 0, 0, 2) end, "polygon is not convex")
    end)

    it("a square walked round twice is refused: every turn is left, yet it winds twice", function()
      raises(function() return c2d.polygon(0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1) end,
        "polygon is not convex")
    end)

    it("a polygon with fewer than 3 vertices is refused", function()
      raises(function() return c2d.polygon() end, "bad argument #")
      raises(function() return c2d.polygon(0, 0) end, "bad argument #")
      raises(function() return c2d.polygon(0, 0, 1, 0) end, "bad argument #")
      raises(function() return c2d.polygon { 0, 0, 1, 0 } end, "bad argument #")
      raises(function() return c2d.polygon {} end, "bad argument #")
    end)

    it("an odd count of numbers for polygon and hull ends in a radius, checked as one", function()
      raises(function() return c2d.polygon(0, 0, 1, 0, 1, 1, -1) end, "#7", "radius must be >= 0")
      raises(function() return c2d.polygon { 0, 0, 1, 0, 1, 1, -1 } end, "#1", "radius must be >= 0")
      raises(function() return c2d.polygon(0, 0, 1, 0, 1) end, "bad argument #")
      raises(function() return c2d.hull(0, 0, -1) end, "#3", "radius")
      raises(function() return c2d.hull { 0, 0, -1 } end, "#1", "radius")
      raises(function() return c2d.hull(1) end, "bad argument #")
      assert.are.same({ 0, 0, 1, 0, 1, 1, 0.5 }, { c2d.polygon(0, 0, 1, 0, 1, 1, 0.5):unpack() })
      assert.are.same({ 0, 0, 1 }, { c2d.hull { 0, 0, 1 }:unpack() })
    end)

    it("a hull of no points is refused", function()
      raises(function() return c2d.hull() end, "bad argument #")
      raises(function() return c2d.hull {} end, "bad argument #")
    end)

    it("more than 256 polygon vertices are refused with the count named", function()
      local t = common.regular_polygon(257, 0, 0, 100)
      for _, f in ipairs({ function() return c2d.polygon(unpack(t)) end,
                           function() return c2d.polygon(t) end }) do
        local err = raises(f, "bad argument #")
        assert.is_truthy(err:find("256") or err:find("257") or err:find("512") or err:find("514"),
          "the count should be named: " .. err)
      end
    end)

    it("a bad number inside a polygon or hull table is refused", function()
      raises(function() return c2d.polygon { 0, 0, 1, 0, nan, 1 } end, "finite")
      raises(function() return c2d.polygon { 0, 0, 1, 0, inf, 1 } end, "finite")
      raises(function() return c2d.polygon { 0, 0, 1, 0, "x", 1 } end, "number")
      raises(function() return c2d.hull { 0, 0, -inf, 1 } end, "finite")
      raises(function() return c2d.hull { 0, 0, {}, 1 } end, "number")
    end)
  end)

  describe("methods given something that is not a shape", function()
    local a = c2d.disk(0, 0, 1)
    local others = { { "number", 5 }, { "string", "disk" }, { "table", {} }, { "nil", nil },
                     { "file", io.stdout } }

    for _, o in ipairs(others) do
      local label, v = o[1], o[2]
      it("hits and distance refuse a " .. label .. " as the other shape", function()
        raises(function() return a:hits(v) end)
        raises(function() return c2d.hits(v, a) end)
        raises(function() return c2d.hits(a, v) end)
        raises(function() return a:distance(v) end)
        raises(function() return c2d.distance(v, a) end)
      end)
    end

    it("names the reason: shape expected", function()
      raises(function() return a:hits(5) end, "shape expected")
      raises(function() return c2d.hits(5, a) end, "#1", "shape expected")
      raises(function() return c2d.hits(a, "x") end, "#2", "shape expected")
    end)

    it("hits with no argument raises", function()
      raises(function() return a:hits() end)
      raises(function() return c2d.hits() end)
    end)

    it("contains refuses a non-number coordinate", function()
      raises(function() return a:contains("x", 0) end, "number")
      raises(function() return a:contains(0) end)
      raises(function() return c2d.contains(5, 0, 0) end)
      raises(function() return a:contains(0 / 0, 0) end)
    end)

    it("a method applied to a foreign userdata as self raises rather than crashes", function()
      for _, name in ipairs({ "hits", "distance", "contains", "bbox", "center", "position",
                              "unpack" }) do
        local method = a[name]
        assert.are.equal("function", type(method), name)
        raises(function() return method(io.stdout, a) end)
        raises(function() return method(io.stdout, 0, 0) end)
        raises(function() return method(io.stderr) end)
      end
      local mt = debug.getmetatable(a)
      if type(mt) == "table" and mt.__tostring then
        raises(function() return mt.__tostring(io.stdout) end)
      end
      if type(mt) == "table" and mt.__eq then
        local ok, res = pcall(mt.__eq, io.stdout, a)
        assert.is_true(not ok or res == false)
      end
    end)

    it("a method reached through one kind works on a shape of another kind", function()
      local disk = c2d.disk(0, 0, 1)
      local box = c2d.box(10, 0, 2, 2, 0)
      assert.is_true(disk.contains(box, 10.5, 0.5))
      assert.is_false(disk.hits(box, disk))
      assert.are.equal("Box", disk.type(box))
    end)
  end)

  describe("contains", function()
    -- each case: shape, then points inside, on the boundary, just outside (1e-9)
    local cases = {
      { "point", c2d.point(3, 4), inside = { { 3, 4 } }, boundary = {},
        outside = { { 3 + 1e-9, 4 }, { 3, 4 - 1e-9 } } },
      { "segment", c2d.segment(0, 0, 10, 0), inside = { { 5, 0 } }, boundary = { { 0, 0 }, { 10, 0 } },
        outside = { { 5, 1e-9 }, { 10 + 1e-9, 0 }, { -1e-9, 0 } } },
      -- (1.5, 2) is on the slanted segment; 1e-9 along the normal (0.8, -0.6) is off it
      { "slanted segment", c2d.segment(0, 0, 3, 4), inside = { { 1.5, 2 } }, boundary = { { 3, 4 } },
        outside = { { 1.5 + 0.8e-9, 2 - 0.6e-9 }, { 3 + 0.6e-9, 4 + 0.8e-9 } } },
      { "line", c2d.line(0, 0, 2, 1), inside = { { 1, 0.5 }, { 10, 5 }, { -4, -2 } }, boundary = {},
        outside = { { 10, 5 + 1e-9 }, { -4, -2 - 1e-9 } } },
      { "disk", c2d.disk(0, 0, 5), inside = { { 1, 1 }, { 0, 0 } },
        boundary = { { 3, 4 }, { 5, 0 }, { 0, -5 } },
        outside = { { 3, 4 + 1e-9 }, { 5 + 1e-9, 0 }, { 0, -5 - 1e-9 } } },
      { "aabb", c2d.aabb(2, 3, 10, 4), inside = { { 5, 5 } },
        boundary = { { 2, 3 }, { 12, 5 }, { 12, 7 }, { 5, 3 } },
        outside = { { 12 + 1e-9, 5 }, { 5, 3 - 1e-9 }, { 2 - 1e-9, 3 } } },
      -- snapped to axis-aligned: x in [9, 11], y in [18, 22]
      { "box turned pi/2", c2d.box(10, 20, 4, 2, pi / 2), inside = { { 10, 20 } },
        boundary = { { 11, 20 }, { 10, 22 }, { 9, 18 } },
        outside = { { 11 + 1e-9, 20 }, { 10, 22 + 1e-9 }, { 9 - 1e-9, 18 } } },
      -- a square of side 2 sqrt 2 turned 45 degrees: the diamond |x| + |y| <= 2
      { "box turned 45 degrees", c2d.box(0, 0, 2 * sqrt2, 2 * sqrt2, pi / 4),
        inside = { { 0, 0 }, { 1.9, 0 }, { 0.99, 0.99 } }, boundary = {},
        outside = { { 1 + 1e-9, 1 + 1e-9 }, { 2 + 1e-9, 0 }, { 0, -2 - 1e-9 }, { 1.9, 1.9 } } },
      -- hypotenuse x + 2y = 6
      { "triangle", c2d.triangle(0, 0, 6, 0, 0, 3), inside = { { 1, 1 } },
        boundary = { { 0, 0 }, { 3, 0 }, { 2, 2 }, { 0, 3 } },
        outside = { { 2, 2 + 1e-9 }, { -1e-9, 1 }, { 3, -1e-9 } } },
      { "clockwise triangle", c2d.triangle(0, 0, 0, 3, 6, 0), inside = { { 1, 1 } },
        boundary = { { 2, 2 } }, outside = { { 2, 2 + 1e-9 } } },
      -- top edge (4,4)-(0,2): y = 2 + x/2
      { "polygon", c2d.polygon(0, 0, 4, 0, 4, 4, 0, 2), inside = { { 2, 2 } },
        boundary = { { 2, 3 }, { 4, 4 }, { 4, 1 } },
        outside = { { 2, 3 + 1e-9 }, { 4 + 1e-9, 1 }, { 4, 4 + 1e-9 } } },
      { "clockwise polygon", c2d.polygon(0, 2, 4, 4, 4, 0, 0, 0), inside = { { 2, 2 } },
        boundary = { { 2, 3 } }, outside = { { 2, 3 + 1e-9 } } },
      { "hull", c2d.hull(0, 0, 4, 0, 1, 1, 4, 4, 0, 4), inside = { { 1, 3 } },
        boundary = { { 4, 2 }, { 0, 0 } }, outside = { { 4 + 1e-9, 2 }, { 2, -1e-9 } } },
      -- the end cap around (10, 0) with radius 5 passes through (13, 4): 9 + 16 = 25
      { "capsule", c2d.capsule(0, 0, 10, 0, 5), inside = { { 5, 1 } },
        boundary = { { 5, 5 }, { 13, 4 }, { -5, 0 }, { 15, 0 } },
        outside = { { 5, 5 + 1e-9 }, { 13, 4 + 1e-9 }, { 15 + 1e-9, 0 }, { -5 - 1e-9, 0 } } },
      { "zero-length capsule", c2d.capsule(1, 1, 1, 1, 5), inside = { { 1, 1 } },
        boundary = { { 4, 5 } }, outside = { { 4, 5 + 1e-9 } } },
      -- quarter fan toward +x: edges at +-45 degrees, arc radius 10 through (8, 6)
      { "fan", c2d.fan(0, 0, 10, 0, pi / 2), inside = { { 5, 0 }, { 5, 1 } },
        boundary = { { 0, 0 }, { 10, 0 }, { 8, 6 }, { 5, 5 }, { 5, -5 } },
        outside = { { 8, 6 + 1e-9 }, { 10 + 1e-9, 0 }, { 5, 5 + 1e-9 }, { 5, -5 - 1e-9 }, { -1e-9, 0 },
                    { 6, 8 } } },
      { "half fan", c2d.fan(0, 0, 10, pi / 2, pi), inside = { { 0, 5 } },
        boundary = { { -10, 0 }, { 3, 0 }, { 0, 10 } },
        outside = { { 3, -1e-9 }, { -10 - 1e-9, 0 }, { 0, 10 + 1e-9 } } },
      { "fan of opening 0", c2d.fan(0, 0, 10, 0, 0), inside = { { 5, 0 } },
        boundary = { { 0, 0 }, { 10, 0 } }, outside = { { 5, 1e-9 }, { 10 + 1e-9, 0 }, { -1e-9, 0 } } },
      { "full fan", c2d.fan(0, 0, 10, 0, 2 * pi), inside = { { -5, 0 } },
        boundary = { { 0, -10 }, { -10, 0 }, { 6, -8 } },
        outside = { { 0, -10 - 1e-9 }, { -10 - 1e-9, 0 }, { 6, -8 - 1e-9 } } },
      -- opening 3pi/2 toward +x leaves out the wedge between 135 and 225 degrees
      { "fan beyond pi", c2d.fan(0, 0, 10, 0, 3 * pi / 2), inside = { { -1, 2 }, { 5, -5 } },
        boundary = { { 0, -10 }, { 0, 10 }, { -5, -5 }, { -5, 5 } },
        outside = { { -5, 0 }, { -1, 0.5 }, { 0, -10 - 1e-9 }, { -5 - 1e-9, -5 + 1e-9 } } },
    }

    for _, c in ipairs(cases) do
      it(c[1] .. ": inside and boundary points are in, points 1e-9 outside are not", function()
        local s = c[2]
        for _, p in ipairs(c.inside) do
          assert(s:contains(p[1], p[2]), ("%s should contain (%.17g, %.17g)"):format(tostring(s), p[1], p[2]))
        end
        for _, p in ipairs(c.boundary) do
          assert(s:contains(p[1], p[2]),
            ("%s should contain its boundary point (%.17g, %.17g)"):format(tostring(s), p[1], p[2]))
        end
        for _, p in ipairs(c.outside) do
          assert(not s:contains(p[1], p[2]),
            ("%s should not contain (%.17g, %.17g)"):format(tostring(s), p[1], p[2]))
        end
      end)
    end
  end)
end)

describe("every method is also a module function", function()
  -- One closure serves both: c2d.hits(a, b) is a:hits(b). So the checks are
  -- that the two sets of names agree for every kind, not that a function
  -- equals itself.
  local samples = {
    c2d.point(0, 0), c2d.segment(0, 0, 1, 1), c2d.line(0, 0, 1, 1), c2d.disk(0, 0, 1),
    c2d.aabb(0, 0, 1, 1), c2d.box(0, 0, 1, 1, 0), c2d.triangle(0, 0, 1, 0, 0, 1),
    c2d.polygon(0, 0, 1, 0, 1, 1), c2d.capsule(0, 0, 1, 0, 1), c2d.fan(0, 0, 1, 0, 1),
    c2d.concave(0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2), c2d.group(c2d.disk(0, 0, 1), c2d.point(3, 0)),
    c2d.tiles(0, 0, 1, 1, 1, 1, { 1 }),
  }
  local constructors = { point = true, segment = true, line = true, disk = true, aabb = true, box = true,
    triangle = true, polygon = true, hull = true, capsule = true, fan = true, world = true, controller = true, navmesh = true,
    concave = true, group = true, tiles = true, deserialize = true }
  it("the methods of every kind are the module's functions, and the same set for every kind", function()
    local methods = debug.getmetatable(samples[1]).__index
    local count = 0
    for name, f in pairs(methods) do
      count = count + 1
      assert.are.equal("function", type(f), name)
      assert.is_true(rawequal(c2d[name], f), "c2d." .. name .. " is the method " .. name)
    end
    assert.is_true(count >= 20, "at least the 20 methods of the API, got " .. count)
    for _, s in ipairs(samples) do
      assert.is_true(rawequal(debug.getmetatable(s).__index, methods), s:type() .. " shares the method table")
    end
  end)
  it("every module function but the constructors is a method", function()
    local methods = debug.getmetatable(samples[1]).__index
    for name, f in pairs(c2d) do
      if type(f) == "function" and not constructors[name] then
        assert.is_true(rawequal(methods[name], f), name .. " is a method too")
      end
    end
  end)
end)
