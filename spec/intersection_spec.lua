-- a:intersection(b [, segments]) and a:triangles([segments]).
--
-- 1. Hand-worked intersections: overlapping squares, a square and a turned
--    square (an octagon, its area worked out), edge and corner touches, apart,
--    a segment across a square, collinear segments, points; errors.
-- 2. Seeded random convex polygon pairs: the area against a count of grid
--    points in both shapes, the vertices in both shapes, nil exactly when
--    hits is false, the same area either way round.
-- 3. Triangles: their areas (shoelace, here) sum to the shape's area; a
--    disk's to the inscribed n-gon's; every corner on the shape.
local c2d = require "collide2d"
local common = require "support.common"

local abs, sqrt, sin, pi = math.abs, math.sqrt, math.sin, math.pi

-- A hull's vertices as a sorted list of "x,y" strings.
local function vertex_set(s)
  local v, out = { s:unpack() }, {}
  for i = 1, #v, 2 do out[#out + 1] = ("%.12g,%.12g"):format(v[i], v[i + 1]) end
  table.sort(out)
  return out
end

local function triangle_area(t, i)
  local ax, ay, bx, by, cx, cy = t[i], t[i + 1], t[i + 2], t[i + 3], t[i + 4], t[i + 5]
  return ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2
end

describe("intersection: hand-worked", function()
  local sq = c2d.aabb(0, 0, 10, 10)

  it("two overlapping squares: the square they share", function()
    local i = sq:intersection(c2d.aabb(5, 5, 10, 10))
    assert.are.same({ "10,10", "10,5", "5,10", "5,5" }, vertex_set(i))
    assert.are.equal(25, i:area())
    assert.are.same(vertex_set(i), vertex_set(c2d.aabb(5, 5, 10, 10):intersection(sq)))
  end)

  it("a square and the same square turned by 45 degrees about its centre: an octagon", function()
    -- the turned square's corners reach 5 sqrt2 from the centre (5, 5); each
    -- cuts off a corner triangle of the square with legs 10 - 5 sqrt2 ... the
    -- octagon is the square less four right isosceles triangles whose legs
    -- are a = 5 (2 - sqrt2): area 100 - 2 a^2
    local turned = c2d.box(5, 5, 10, 10, pi / 4)
    local a = 5 * (2 - sqrt(2))
    local i = sq:intersection(turned)
    assert.are.equal(16, #{ i:unpack() })
    common.near(i:area(), 100 - 2 * a * a, 1e-12, "octagon area")
  end)

  it("touching along an edge, at a corner; apart", function()
    assert.are.same({ "10,0", "10,5" }, vertex_set(sq:intersection(c2d.aabb(10, 0, 5, 5))))
    assert.are.same({ "10,10" }, vertex_set(sq:intersection(c2d.aabb(10, 10, 5, 5))))
    assert.is_nil(sq:intersection(c2d.aabb(10.5, 0, 5, 5)))
  end)

  it("flat shapes: a segment clipped, collinear segments, points", function()
    assert.are.same({ "0,5", "10,5" }, vertex_set(c2d.segment(-5, 5, 15, 5):intersection(sq)))
    assert.are.same({ "0,5", "10,5" }, vertex_set(sq:intersection(c2d.segment(-5, 5, 15, 5))))
    assert.are.same({ "20,0", "5,0" }, vertex_set(c2d.segment(0, 0, 20, 0):intersection(c2d.segment(5, 0, 30, 0))))
    assert.are.same({ "3,3" }, vertex_set(c2d.point(3, 3):intersection(sq)))
    assert.is_nil(c2d.point(-3, 3):intersection(sq))
    -- two segments crossing at (5, 5)
    assert.are.same({ "5,5" }, vertex_set(c2d.segment(0, 0, 10, 10):intersection(c2d.segment(0, 10, 10, 0))))
  end)

  it("two disks: the lens, from inside", function()
    -- unit disks 1 apart: the lens area is 2 acos(1/2) - (1/2) sqrt(4 - 1)
    local lens = 2 * math.acos(0.5) - 0.5 * sqrt(3)
    local a = c2d.disk(0, 0, 1):intersection(c2d.disk(1, 0, 1), 256):area()
    assert.is_true(a < lens and lens - a < 1e-3, ("%.17g against %.17g"):format(a, lens))
  end)

  it("refuses what is not convex, and bad segments", function()
    assert.has_error(function() sq:intersection(c2d.concave(0, 0, 2, 0, 2, 2, 1, 1, 0, 2)) end,
      "bad argument #1 to 'intersection' (takes two convex shapes: a Concave is not one)")
    assert.has_error(function() c2d.fan(0, 0, 5, 0, 4):intersection(sq) end,
      "calling 'intersection' on bad self (takes two convex shapes: a Fan opened beyond pi is not one)")
    assert.has_error(function() sq:intersection(c2d.line(0, 0, 1, 1)) end)
    assert.has_error(function() sq:intersection(c2d.group(c2d.point(0, 0))) end)
    assert.has_error(function() sq:intersection(sq, 2) end, "bad argument #2 to 'intersection' (segments must be in [3, 256])")
    assert.has_error(function() sq:intersection(sq, 300) end)
  end)
end)

describe("intersection against a grid count (300 seeded convex polygon pairs)", function()
  it("has the area the grid finds, its vertices in both, nil exactly when apart", function()
    local rng = common.lcg(2718)
    local function r(a, b) return rng.range(a, b) end
    local function shape(k, cx, cy)
      if k == 1 then return c2d.aabb(cx - 2, cy - 2, r(1, 6), r(1, 6))
      elseif k == 2 then return c2d.box(cx, cy, r(1, 6), r(1, 6), r(-3, 3))
      elseif k == 3 then return c2d.triangle(cx, cy, cx + r(1, 6), cy + r(-2, 2), cx + r(-2, 2), cy + r(1, 6))
      else return c2d.hull(cx, cy, cx + r(1, 6), cy, cx + r(0, 6), cy + r(1, 6), cx - r(0, 3), cy + r(0, 5)) end
    end
    local met = 0
    for i = 1, 300 do
      local a, b = shape(1 + i % 4, r(-2, 2), r(-2, 2)), shape(1 + (i * 3) % 4, r(-2, 2), r(-2, 2))
      local common_part = a:intersection(b)
      if not a:hits(b) then
        assert.is_nil(common_part)
      else
        met = met + 1
        assert.is_not_nil(common_part)
        local v = { common_part:unpack() }
        for k = 1, #v, 2 do
          local p = c2d.point(v[k], v[k + 1])
          assert.is_true(p:distance(a) <= 1e-9 and p:distance(b) <= 1e-9, ("pair %d: a vertex off a shape"):format(i))
        end
        -- count the points of a 0.05 grid over a's box in both: each stands
        -- for 0.0025 of area, and the count misses at most the cells the
        -- outline crosses (its perimeter over the step, times a cell)
        local x0, y0, x1, y1 = a:bbox()
        local n, step = 0, 0.05
        for x = x0 + step / 2, x1, step do
          for y = y0 + step / 2, y1, step do
            if a:contains(x, y) and b:contains(x, y) then n = n + 1 end
          end
        end
        local area = common_part:area()
        local slack = (a:perimeter() + b:perimeter()) * step
        assert.is_true(abs(n * step * step - area) <= slack,
          ("pair %d: area %g, the grid counts %g (slack %g)"):format(i, area, n * step * step, slack))
        common.near(b:intersection(a):area(), area, 1e-9 * (1 + area), "either way round")
      end
    end
    assert.is_true(met > 100, ("only %d pairs met"):format(met))
  end)
end)

describe("triangles", function()
  it("cover the shape: their areas sum to its area", function()
    local shapes = {
      c2d.aabb(0, 0, 4, 2), c2d.box(3, 3, 4, 2, 0.7), c2d.triangle(0, 0, 3, 0, 0, 3),
      c2d.polygon(0, 0, 4, 0, 5, 3, 2, 5, -1, 3),
      c2d.concave(0, 0, 4, 0, 4, 4, 2, 4, 2, 2, 0, 2),                 -- an L
      c2d.concave(0, 0, 30, 0, 30, 10, 20, 10, 20, 5, 10, 5, 10, 10, 0, 10),   -- a U
      c2d.group(c2d.aabb(0, 0, 1, 1), c2d.aabb(5, 5, 2, 2)),
    }
    for _, s in ipairs(shapes) do
      local t = s:triangles()
      assert.are.equal(0, #t % 6)
      local sum = 0
      for i = 1, #t, 6 do
        local a = triangle_area(t, i)
        assert.is_true(a >= -1e-12, tostring(s) .. ": a triangle wound clockwise")
        sum = sum + abs(a)
        for k = i, i + 5, 2 do
          assert.is_true(c2d.point(t[k], t[k + 1]):distance(s) <= 1e-12, tostring(s) .. ": a corner off the shape")
        end
      end
      common.near(sum, s:area(), 1e-12 * (1 + s:area()), tostring(s))
    end
  end)

  it("a disk's: the inscribed n-gon's area, n/2 r^2 sin(2 pi / n)", function()
    for _, n in ipairs { 3, 8, 32, 256 } do
      local t = c2d.disk(1, 2, 3):triangles(n)
      local sum = 0
      for i = 1, #t, 6 do sum = sum + abs(triangle_area(t, i)) end
      common.near(sum, n / 2 * 9 * sin(2 * pi / n), 1e-12, ("n = %d"):format(n))
    end
  end)

  it("none for a Point or a Segment; a Line refuses", function()
    assert.are.same({}, c2d.point(1, 2):triangles())
    assert.are.same({}, c2d.segment(0, 0, 1, 1):triangles())
    assert.has_error(function() c2d.line(0, 0, 1, 0):triangles() end, "calling 'triangles' on bad self (a Line has no triangles)")
    assert.has_error(function() c2d.disk(0, 0, 1):triangles(2) end)
  end)
end)
