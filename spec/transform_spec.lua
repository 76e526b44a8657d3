-- Changing shapes in place: move, moveTo, rotate, scale, set; clone, user data, outline.
--
-- move/moveTo/rotate/scale/set return the shape. rotate and scale turn about
-- (ox, oy), by default the shape's center(); an AABB cannot rotate; scale takes
-- k >= 0 and a Line cannot be scaled by 0; rotate keeps a Box's angle and a Fan's
-- direction in (-pi, pi]; moveTo makes position() exactly (x, y). set takes the
-- constructor's numbers with the constructor's checks (a Polygon cannot grow
-- beyond the vertex count it was built with). clone is independent and does not
-- copy user data. outline([segments = 32]) is a flat { x1, y1, ... }.
local c2d = require "collide2d"

local unpack = table.unpack or unpack
local sqrt, pi, cos, sin, abs, max = math.sqrt, math.pi, math.cos, math.sin, math.abs, math.max
local atan2 = math.atan2 or math.atan
local NAN = 0 / 0
local HUGE = math.huge

-- One ordinary shape of each kind (angles inside (-pi, pi]), and a hull of two points.
local SAMPLES = {
  { "point", 3, 4 },
  { "segment", 1, 2, 5, -1 },
  { "line", 1, 2, 5, -1 },
  { "disk", 3, 4, 2 },
  { "aabb", 1, 2, 4, 3 },
  { "box", 1, 2, 4, 3, 0.5 },
  { "triangle", 0, 0, 4, 1, 1, 3 },
  { "polygon", 0, 0, 4, 0, 5, 2, 3, 4, 0, 3 },
  { "capsule", 1, 1, 5, 3, 1.5 },
  { "fan", 2, 1, 5, 0.7, 1.2 },
  { "fan", -1, 2, 4, -2.5, 4.5 },   -- opened beyond pi
  { "hull", 1, 1, 3, 2, 5, 3 },     -- collinear: a 2-vertex Polygon
}

local function make(spec) return c2d[spec[1]](unpack(spec, 2)) end
local function label(spec) return spec[1] .. "(" .. table.concat({ unpack(spec, 2) }, ", ") .. ")" end
local function nums(s) return { s:unpack() } end

local function same_numbers(got, want, tol, what)
  assert.are.equal(#want, #got, what .. ": how many numbers")
  for i = 1, #want do
    assert.is_true(abs(got[i] - want[i]) <= tol,
      ("%s: number %d is %.17g, expected %.17g (slack %g)"):format(what, i, got[i], want[i], tol))
  end
end

local function near(got, want, tol, what)
  assert.is_true(type(got) == "number", what .. ": expected a number, got " .. tostring(got))
  assert.is_true(abs(got - want) <= tol, ("%s: expected %.17g, got %.17g (slack %g)"):format(what, want, got, tol))
end

-- Shapes that probe another one from all sides.
local function probes()
  local t = {}
  for k = 0, 11 do
    local a = k * pi / 6
    t[#t + 1] = c2d.point(3 + 6 * cos(a), 1 + 6 * sin(a))
    t[#t + 1] = c2d.disk(3 + 4 * cos(a), 1 + 4 * sin(a), 1.5)
  end
  t[#t + 1] = c2d.aabb(2, 0, 1, 1)
  t[#t + 1] = c2d.segment(-10, 1.5, 20, 2.5)
  t[#t + 1] = c2d.fan(8, 8, 6, -2.3, 1)
  return t
end

describe("transforms", function()
  describe("leave a shape unchanged", function()
    for _, spec in ipairs(SAMPLES) do
      if spec[1] ~= "aabb" then
        it(label(spec) .. ": rotating by 2*pi, about its centre or a point", function()
          local s = make(spec)
          local before = nums(s)
          assert.is_true(rawequal(s, s:rotate(2 * pi)), "rotate returns the shape")
          same_numbers(nums(s), before, 1e-12, "rotate(2*pi)")
          s:rotate(-2 * pi, 10, -3)
          same_numbers(nums(s), before, 1e-12, "rotate(-2*pi, 10, -3)")
          s:rotate(0, 4, 4)
          same_numbers(nums(s), before, 1e-12, "rotate(0, 4, 4)")
        end)
      end
      it(label(spec) .. ": scaling by 1, about its centre or a point", function()
        local s = make(spec)
        local before = nums(s)
        assert.is_true(rawequal(s, s:scale(1)), "scale returns the shape")
        same_numbers(nums(s), before, 1e-12, "scale(1)")
        s:scale(1, 7, -2)
        same_numbers(nums(s), before, 1e-12, "scale(1, 7, -2)")
      end)
    end
  end)

  describe("moveTo", function()
    for _, spec in ipairs(SAMPLES) do
      it(label(spec) .. ": position() is exactly the target, the rest keeps its offsets", function()
        for _, xy in ipairs({ { 0.1, 0.7 }, { -7.25, 1e6 + 0.3 }, { 1e-300, -3 }, { 12345.678, -0.001 } }) do
          local s = make(spec)
          local px, py = s:position()
          local before = nums(s)
          assert.is_true(rawequal(s, s:moveTo(xy[1], xy[2])), "moveTo returns the shape")
          local x, y = s:position()
          assert.are.equal(xy[1], x, "position x after moveTo")
          assert.are.equal(xy[2], y, "position y after moveTo")
          -- the shape moved rigidly by (x - px, y - py)
          local back = s:clone():move(px - x, py - y)
          same_numbers(nums(back), before, 1e-9 * max(1, abs(xy[1]), abs(xy[2])), "moved back")
        end
      end)
    end
  end)

  describe("move", function()
    for _, spec in ipairs(SAMPLES) do
      it(label(spec) .. ": equals the shape built from the moved numbers, against every probe", function()
        local dx, dy = 2.5, -1.25
        local s = make(spec)
        assert.is_true(rawequal(s, s:move(dx, dy)), "move returns the shape")
        -- the moved constructor numbers: x and y coordinates shift, sizes and angles stay
        local fresh
        if spec[1] == "hull" then
          local t = {}
          for i = 2, #spec do t[i - 1] = spec[i] + (i % 2 == 0 and dx or dy) end
          fresh = c2d.hull(unpack(t))
        else
          local roles = ({ point = 2, segment = 4, line = 4, disk = 2, aabb = 2, box = 2, triangle = 6,
                           polygon = #spec - 1, capsule = 4, fan = 2 })[spec[1]]
          local t = {}
          for i = 2, #spec do
            local v = spec[i]
            if i - 1 <= roles then v = v + (i % 2 == 0 and dx or dy) end
            t[i - 1] = v
          end
          fresh = c2d[spec[1]](unpack(t))
        end
        assert.is_true(s == fresh, ("moved %s is %s, expected %s"):format(label(spec), tostring(s), tostring(fresh)))
        for i, p in ipairs(probes()) do
          assert.are.equal(fresh:hits(p), s:hits(p), ("probe %d: %s"):format(i, tostring(p)))
          assert.are.equal((fresh:distance(p)), (s:distance(p)), ("probe %d distance: %s"):format(i, tostring(p)))
        end
      end)
    end

    it("by (0, 0) changes nothing", function()
      local s = c2d.capsule(1.1, 2.2, 3.3, 4.4, 0.5)
      s:move(0, 0)
      assert.is_true(s == c2d.capsule(1.1, 2.2, 3.3, 4.4, 0.5))
    end)
  end)

  -- A move computes only what the points change (no constructor), a Polygon's
  -- only when no sum rounds; either way the moved shape must be, number for
  -- number, the shape built from the moved numbers. Under LuaJIT the shapes'
  -- fields themselves are compared (the FFI reads the payload, which begins
  -- with the core's c2d_shape); everywhere, every answer they give.
  describe("move and moveTo against the shape built where it lands", function()
    local common = require "support.common"
    local has_ffi, ffi = pcall(require, "ffi")
    if has_ffi and type(jit) == "table" then
      if not pcall(ffi.typeof, "c2dspec_shape") then
        ffi.cdef [[
          typedef struct c2dspec_vec { double x, y; } c2dspec_vec;
          typedef struct c2dspec_shape {
            int kind, ccw; double radius; c2dspec_vec p[3]; int count, world_slot;
            const c2dspec_vec *verts; double slack; double minx, miny, maxx, maxy;
            void *world; double w, h, angle, opening, cos_a, sin_a, cos_h, sin_h;
            c2dspec_vec corners[4]; const struct c2dspec_shape *pieces; void *compound; double unused[6];
          } c2dspec_shape;
          typedef struct c2dspec_lshape { uint64_t tag; c2dspec_shape s; } c2dspec_lshape;
        ]]
      end
      assert(ffi.sizeof("c2dspec_shape") == 320, "the mirror of c2d_shape has its size")
    else
      has_ffi = false
    end
    -- The core shape inside a shape's userdata.
    local function core_shape(v) return ffi.cast("const c2dspec_lshape *", v).s end
    local FIELDS = { "kind", "ccw", "radius", "count", "slack", "minx", "miny", "maxx", "maxy",
                     "w", "h", "angle", "opening", "cos_a", "sin_a", "cos_h", "sin_h" }
    -- Every field a query reads, of a core shape (a Group's members included).
    local function same_fields(a, b, what)
      for _, f in ipairs(FIELDS) do
        assert.is_true(a[f] == b[f], ("%s: field %s is %.17g, built %.17g"):format(what, f, tonumber(a[f]), tonumber(b[f])))
      end
      for i = 0, 2 do
        assert.is_true(a.p[i].x == b.p[i].x and a.p[i].y == b.p[i].y, what .. ": point " .. i)
      end
      for i = 0, 3 do
        assert.is_true(a.corners[i].x == b.corners[i].x and a.corners[i].y == b.corners[i].y, what .. ": corner " .. i)
      end
      if a.kind == 7 then -- Polygon
        for i = 0, a.count - 1 do
          assert.is_true(a.verts[i].x == b.verts[i].x and a.verts[i].y == b.verts[i].y, what .. ": vertex " .. i)
        end
      elseif a.kind == 11 then -- Group
        for i = 0, a.count - 1 do same_fields(a.pieces[i], b.pieces[i], what .. ", member " .. i) end
      end
    end

    -- Random shapes of every kind, about (x, y), as constructor name and numbers.
    local gen = common.shape_gen({ at = 40, disk = 20, box = 30, cap = 20, cap_r = 8, fan_r = 20 })
    local KINDS = { "Point", "Segment", "Line", "Disk", "AABB", "Box", "Capsule", "Fan" }
    local function random_shape(r, x, y)
      local u = r.u()
      if u < 0.45 then return gen[r.pick(KINDS)](r, x, y) end
      if u < 0.52 then return common.triangle_near(r, x, y, 20) end
      if u < 0.62 then return "polygon", common.round_polygon(r, x, y, r.int(3, 12), 1 + 30 * r.u(), r.range(-pi, pi)) end
      if u < 0.68 then return "hull", common.point_cloud(r, x, y, 20) end
      if u < 0.76 then
        -- convex only within rounding: one vertex a hair inside an edge (slack > 0),
        -- or an edge shorter than the rounding of the coordinates
        local h = r.pick({ 1e-13, 3e-14, 0 })
        local e = r.pick({ 1e-9, 3 * 2 ^ -28, 2 ^ -40, 0 })
        return "polygon", { x, y, x + e, y, x + 10, y, x + 10, y + 10, x + 5, y + 10 - h, x, y + 10 }
      end
      if u < 0.84 then
        return "concave", { x, y, x + 20, y, x + 20, y + 20, x + 10, y + 5 + 10 * r.u(), x, y + 20 }
      end
      local members = {}
      for i = 1, r.int(1, 4) do
        local name, t = gen[r.pick({ "Point", "Segment", "Disk", "AABB", "Box", "Capsule", "Fan" })](r, x, y)
        members[i] = c2d[name](unpack(t))
      end
      if r.u() < 0.5 then members[#members + 1] = c2d.polygon(common.round_polygon(r, x, y, 5, 9, 0.3)) end
      return "group", members
    end

    -- What a move gives, built from the moved numbers: the points of the
    -- constructor's numbers move, the rest (sizes, angles) stay.
    local POINTS = { point = 1, segment = 2, line = 2, disk = 1, aabb = 1, box = 1, triangle = 3, capsule = 2, fan = 1 }
    local function moved(name, t, dx, dy, first)
      if name == "group" then
        local members = {}
        for i, m in ipairs(t) do
          members[i] = m:clone()
          if i == 1 and first then members[i]:moveTo(first[1], first[2]) else members[i]:move(dx, dy) end
        end
        return members
      end
      local c, k = {}, POINTS[name] or #t / 2
      for i = 1, #t do
        c[i] = t[i]
        if i <= 2 * k then c[i] = t[i] + (i % 2 == 1 and dx or dy) end
      end
      if first then c[1], c[2] = first[1], first[2] end
      return c
    end

    local probes_at = function(x, y)
      local t = {}
      for k = 0, 7 do
        local a = k * pi / 4 + 0.1
        t[#t + 1] = c2d.point(x + 12 * cos(a), y + 12 * sin(a))
        t[#t + 1] = c2d.disk(x + 15 * cos(a), y + 15 * sin(a), 6)
        t[#t + 1] = c2d.box(x + 20 * cos(a), y + 20 * sin(a), 9, 5, a)
      end
      t[#t + 1] = c2d.aabb(x - 3, y - 3, 6, 6)
      t[#t + 1] = c2d.segment(x - 40, y + 1.5, x + 40, y + 2.5)
      return t
    end

    local function same_answers(s, fresh, x, y, what)
      assert.is_true(s == fresh, ("%s: is %s, built %s"):format(what, tostring(s), tostring(fresh)))
      if fresh:type() ~= "Line" then
        local a, b = { s:bbox() }, { fresh:bbox() }
        for i = 1, 4 do assert.are.equal(b[i], a[i], what .. ": bbox " .. i) end
      end
      local px, py = s:position()
      local fx, fy = fresh:position()
      assert.is_true(px == fx and py == fy, what .. ": position")
      px, py = s:center()
      fx, fy = fresh:center()
      assert.is_true(px == fx and py == fy, what .. ": center")
      for i, p in ipairs(probes_at(x, y)) do
        local tag = ("%s, probe %d %s"):format(what, i, tostring(p))
        assert.are.equal(fresh:hits(p), s:hits(p), tag)
        assert.are.equal(p:hits(fresh), p:hits(s), tag .. " (as b)")
        local d1, ax1, ay1 = fresh:distance(p)
        local d2, ax2, ay2 = s:distance(p)
        assert.is_true(d1 == d2 and ax1 == ax2 and ay1 == ay2, tag .. ": distance")
        local cx, cy = p:position()
        assert.are.equal(fresh:contains(cx, cy), s:contains(cx, cy), tag .. ": contains")
        local h1, t1 = fresh:raycast(cx, cy, x - cx, y - cy, 1)
        local h2, t2 = s:raycast(cx, cy, x - cx, y - cy, 1)
        assert.is_true(h1 == h2 and t1 == t2, tag .. ": raycast")
      end
      if has_ffi and fresh:type() ~= "Concave" then
        same_fields(core_shape(s), core_shape(fresh), what)
      end
    end

    local MOVES = {
      function(r) return r.int(-50, 50), r.int(-50, 50) end,             -- whole steps: no sum rounds
      function(r) return r.range(-3, 3), r.range(-3, 3) end,              -- any double
      function(r) return r.int(-64, 64) / 64, r.int(-8, 8) / 8 end,       -- dyadic steps
      function(r) return r.pick({ 1e6, -1e6, 3e6 }) + r.int(-3, 3), r.int(-2, 2) * 1e6 end,
      function(r) return r.range(-1, 1) * 1e-9, r.range(-1, 1) * 1e-300 end,
    }
    local PLACES = { { 0, 0 }, { 1e6, -1e6 }, { 1e6 + 0.5, 1e6 }, { -3.25, 7.125 }, { 1e-7, 2e-300 } }

    for round = 1, 6 do
      it(("random shapes of every kind, round %d"):format(round), function()
        local r = common.lcg(9100 + round)
        for case = 1, 120 do
          local place = r.pick(PLACES)
          local x, y = place[1], place[2]
          local name, t = random_shape(r, x, y)
          local ok, s = pcall(c2d[name], unpack(t))
          if ok then
            local to = r.u() < 0.35
            local dx, dy = r.pick(MOVES)(r)
            local first
            if to then
              local px, py = s:position()
              first = { px + dx, py + dy }
              if r.u() < 0.3 then first = { r.range(-1e6, 1e6), r.range(-1e6, 1e6) } end
              dx, dy = first[1] - px, first[2] - py
            end
            local what = ("case %d: %s %s by (%.17g, %.17g)"):format(case, to and "moveTo" or "move", tostring(s), dx, dy)
            local c = moved(name, t, dx, dy, first)
            local built_ok, fresh
            if name == "group" then
              built_ok, fresh = pcall(c2d.group, unpack(c))
            elseif name == "hull" then
              -- a hull moves as its Polygon: the moved hull vertices
              local hv = { s:unpack() }
              built_ok, fresh = pcall(c2d.polygon, unpack(moved("polygon", hv, dx, dy, first)))
              if #hv < 6 then built_ok = false end
            else
              built_ok, fresh = pcall(c2d[name], unpack(c))
            end
            local moved_ok = pcall(function()
              if to then s:moveTo(first[1], first[2]) else s:move(dx, dy) end
            end)
            if built_ok and name ~= "concave" then
              assert.is_true(moved_ok, what .. ": the move failed where the shape can be built")
              same_answers(s, fresh, x + dx, y + dy, what)
            elseif built_ok and moved_ok then
              -- a Concave keeps its cut: the same outline and box, the same hits
              same_numbers(nums(s), nums(fresh), 0, what)
              local a, b = { s:bbox() }, { fresh:bbox() }
              for i = 1, 4 do assert.are.equal(b[i], a[i], what .. ": bbox " .. i) end
              for i, p in ipairs(probes_at(x + dx, y + dy)) do
                assert.are.equal(fresh:hits(p), s:hits(p), what .. ", probe " .. i)
              end
            end
          end
        end
      end)
    end

    for _, kind in ipairs({ "Point", "Segment", "Line", "Disk", "AABB", "Box", "Capsule", "Fan", "Triangle", "Polygon" }) do
      it(kind .. ": moved by any doubles, near the origin and far from it", function()
        local r = common.lcg(77 + #kind)
        for case = 1, 80 do
          local place = PLACES[1 + case % #PLACES]
          local x, y = place[1] + r.range(-1, 1), place[2] + r.range(-1, 1)
          local name, t
          if kind == "Triangle" then name, t = common.triangle_near(r, x, y, 20)
          elseif kind == "Polygon" then name, t = "polygon", common.round_polygon(r, x, y, r.int(3, 9), 1 + 30 * r.u(), 0)
          else name, t = gen[kind](r, x, y) end
          local s = c2d[name](unpack(t))
          local dx, dy = MOVES[1 + case % #MOVES](r)
          local what = ("case %d: move %s by (%.17g, %.17g)"):format(case, tostring(s), dx, dy)
          local built_ok, fresh = pcall(c2d[name], unpack(moved(name, t, dx, dy)))
          local moved_ok = pcall(s.move, s, dx, dy)
          assert.are.equal(built_ok, moved_ok, what .. ": fails where the constructor fails")
          if built_ok then same_answers(s, fresh, x + dx, y + dy, what) end
        end
      end)
    end

    it("integer tiles touch exactly after any number of whole and dyadic moves", function()
      local r = common.lcg(4242)
      for case = 1, 200 do
        local X, Y = r.pick({ 0, 1e6, -1e6, 12345 }), r.pick({ 0, 1e6, 3 })
        local w, h = r.int(1, 32), r.int(1, 32)
        local kind = r.pick({ "aabb", "box", "polygon", "triangle" })
        local function tile(x, y)
          if kind == "aabb" then return c2d.aabb(x, y, w, h) end
          if kind == "box" then return c2d.box(x + w / 2, y + h / 2, w, h, r.pick({ 0, pi / 2, pi, -pi / 2 }) * (w == h and 1 or 2)) end
          if kind == "polygon" then return c2d.polygon(x, y, x + w, y, x + w, y + h, x, y + h) end
          return c2d.triangle(x, y, x + w, y, x, y + h)
        end
        local s = tile(X, Y)
        local px, py = s:position()
        -- wander off and back by whole and dyadic steps that sum to (w, 0)
        local steps = { { w, 0 } }
        for _ = 1, r.int(1, 12) do
          local dx, dy = r.int(-40, 40) / r.pick({ 1, 2, 4, 8 }), r.int(-40, 40) / r.pick({ 1, 4 })
          steps[#steps + 1] = { dx, dy }
          steps[#steps + 1] = { -dx, -dy }
        end
        for _, st in ipairs(steps) do s:move(st[1], st[2]) end
        local right = c2d.aabb(X + 2 * w, Y, 1, h)          -- touches the moved tile's right side
        local above = c2d.aabb(X + w, Y + h, w, 1)          -- touches its top
        local apart = c2d.aabb(X + 2 * w + 2 ^ -20, Y, 1, h) -- a hair away
        local what = ("case %d: %s %dx%d at (%g, %g)"):format(case, kind, w, h, X, Y)
        if kind == "triangle" then above = c2d.aabb(X + w, Y + h, 1, 1) end
        assert.is_true(s:hits(right) or kind == "triangle", what .. " touches on the right")
        assert.is_true(s:hits(above), what .. " touches above")
        assert.is_false(s:hits(apart), what .. " misses a hair away")
        assert.is_true(s:distance(right) == 0 or kind == "triangle", what .. ": distance 0")
        s:moveTo(px + 3 * w, py - h)
        assert.is_true(s:hits(c2d.aabb(X + 4 * w, Y - h, 1, 1)), what .. ": after moveTo, touches on the right")
        assert.is_false(s:hits(c2d.aabb(X + 4 * w + 2 ^ -20, Y - h, 1, 1)), what .. ": after moveTo, a hair away")
      end
    end)

    -- A size below the rounding of the new position is lost in the sums, so
    -- the shape turns flat (no area); moved back near the origin it has area
    -- again. Worked by hand: 1e6 + 1e-20 and 1e6 - 5e-21 round to 1e6.
    it("a thin shape moved far turns flat, and back near the origin has area again", function()
      local cases = {
        -- shape, move, the box after (worked by hand), has area before, after
        { c2d.aabb(0, 0, 1e-20, 5), 1e6, 0, { 1e6, 0, 1e6, 5 }, true, false },
        { c2d.aabb(1e6, 0, 1e-20, 5), -1e6, 0, { 0, 0, 1e-20, 5 }, false, true },
        { c2d.box(0, 0, 1e-20, 4, 0), 1e6, 0, { 1e6, -2, 1e6, 2 }, true, false },
        { c2d.box(1e6, 0, 1e-20, 4, 0), -1e6, 0, { -5e-21, -2, 5e-21, 2 }, false, true },
        -- twice the signed area: 1 * 0 - 1e-20 * 2 < 0 (clockwise); at y = 1e6 all three y are 1e6
        { c2d.triangle(0, 0, 1, 1e-20, 2, 0), 0, 1e6, { 0, 1e6, 2, 1e6 }, true, false },
        { c2d.triangle(0, 1e6, 1, 1e6, 2, 1e6), 0, -1e6, { 0, 0, 2, 0 }, false, false },
      }
      for i, c in ipairs(cases) do
        local s, dx, dy, box, before, after = c[1], c[2], c[3], c[4], c[5], c[6]
        local what = ("case %d: %s by (%g, %g)"):format(i, tostring(s), dx, dy)
        if has_ffi then
          assert.are.equal(before, core_shape(s).ccw ~= 0, what .. ": area before")
        end
        s:move(dx, dy)
        local b = { s:bbox() }
        for k = 1, 4 do assert.are.equal(box[k], b[k], what .. ": bbox " .. k) end
        if has_ffi then
          assert.are.equal(after, core_shape(s).ccw ~= 0, what .. ": area after")
        end
        -- the lower-left corner of an AABB or a Triangle is one of its points
        if s:type() ~= "Box" then
          assert.is_true(s:hits(c2d.point(box[1], box[2])), what .. ": its lower-left corner")
        end
        assert.is_false(s:hits(c2d.point(box[3] + 1e-3, box[2])), what .. ": beside it")
      end
    end)
  end)

  describe("rotate by hand-worked angles", function()
    -- pi/2 is snapped: cos = 0, sin = 1 exactly, so these are exact
    it("a segment by pi/2 about the origin", function()
      same_numbers(nums(c2d.segment(1, 0, 3, 0):rotate(pi / 2, 0, 0)), { 0, 1, 0, 3 }, 0, "segment")
    end)
    it("a segment by pi/2 about its centre (the default)", function()
      -- about (2,0): (0,0) -> (2,-2), (4,0) -> (2,2)
      same_numbers(nums(c2d.segment(0, 0, 4, 0):rotate(pi / 2)), { 2, -2, 2, 2 }, 0, "segment")
    end)
    it("a triangle by pi/2 about its first vertex", function()
      -- about (1,1): (3,1) -> (1,3), (1,2) -> (0,1)
      same_numbers(nums(c2d.triangle(1, 1, 3, 1, 1, 2):rotate(pi / 2, 1, 1)), { 1, 1, 1, 3, 0, 1 }, 0, "triangle")
    end)
    it("a triangle by pi about its centroid (the vertex average)", function()
      -- centre (1,1): each vertex v -> 2c - v
      same_numbers(nums(c2d.triangle(0, 0, 3, 0, 0, 3):rotate(pi)), { 2, 2, -1, 2, 2, -1 }, 0, "triangle")
    end)
    it("a capsule by pi about its midpoint swaps its ends", function()
      same_numbers(nums(c2d.capsule(0, 0, 4, 0, 1):rotate(pi)), { 4, 0, 0, 0, 1 }, 0, "capsule")
    end)
    it("a disk, a point and a line", function()
      same_numbers(nums(c2d.disk(3, 0, 2):rotate(pi / 2, 0, 0)), { 0, 3, 2 }, 0, "disk")
      same_numbers(nums(c2d.point(2, 1):rotate(-pi / 2, 0, 0)), { 1, -2 }, 0, "point")
      -- about the midpoint (0.5, 0)
      same_numbers(nums(c2d.line(0, 0, 1, 0):rotate(pi / 2)), { 0.5, -0.5, 0.5, 0.5 }, 0, "line")
    end)
    it("a polygon by pi about its area centroid", function()
      same_numbers(nums(c2d.polygon(0, 0, 2, 0, 2, 2, 0, 2):rotate(pi)), { 2, 2, 0, 2, 0, 0, 2, 0 }, 0, "polygon")
    end)
    it("a segment by the 3-4-5 angle", function()
      same_numbers(nums(c2d.segment(0, 0, 10, 0):rotate(atan2(3, 4), 0, 0)), { 0, 0, 8, 6 }, 1e-14, "segment")
    end)
    it("a box about a point moves its centre and adds to its angle", function()
      -- (1,2) -> (-2,1)
      same_numbers(nums(c2d.box(1, 2, 4, 2, 0.5):rotate(pi / 2, 0, 0)), { -2, 1, 4, 2, 0.5 + pi / 2 }, 1e-15, "box")
    end)
    it("a box's angle accumulates, wrapped into (-pi, pi]", function()
      same_numbers(nums(c2d.box(0, 0, 4, 2, 3):rotate(1)), { 0, 0, 4, 2, 4 - 2 * pi }, 1e-15, "3 + 1")
      same_numbers(nums(c2d.box(0, 0, 4, 2, pi / 2):rotate(pi / 2)), { 0, 0, 4, 2, pi }, 0, "pi/2 + pi/2 = pi stays pi")
      same_numbers(nums(c2d.box(0, 0, 4, 2, -pi / 2):rotate(-pi / 2)), { 0, 0, 4, 2, pi }, 0, "-pi wraps to pi")
      -- a box built with an angle outside the range comes back into it on turning,
      -- but a turn of 0 changes nothing at all
      same_numbers(nums(c2d.box(0, 0, 4, 2, 10):rotate(1)), { 0, 0, 4, 2, 11 - 4 * pi }, 1e-14, "10 + 1 wraps to 11 - 4 pi")
      same_numbers(nums(c2d.box(0, 0, 4, 2, 10):rotate(0)), { 0, 0, 4, 2, 10 }, 0, "a turn of 0 leaves 10 as it is")
      local b = c2d.box(0, 0, 4, 2, 0)
      for k = 1, 7 do
        b:rotate(1)
        local _, _, _, _, a = b:unpack()
        assert.is_true(a > -pi and a <= pi, ("after %d turns the angle %.17g is outside (-pi, pi]"):format(k, a))
      end
      same_numbers(nums(b), { 0, 0, 4, 2, 7 - 2 * pi }, 1e-12, "seven turns of 1")
    end)
    it("a fan's direction turns with it, wrapped", function()
      same_numbers(nums(c2d.fan(0, 0, 5, 3, 1):rotate(1, 0, 0)), { 0, 0, 5, 4 - 2 * pi, 1 }, 1e-15, "fan about its apex")
      -- the default origin is the apex: a view cone turns with the head
      same_numbers(nums(c2d.fan(1, 2, 3, 0, pi / 2):rotate(pi)), { 1, 2, 3, pi, pi / 2 }, 0, "fan about its apex by default")
      -- an explicit origin is still used: the centroid, apex + (2 r sin(a) / (3a)) dir with a = pi/4
      local c = 2 * 3 * sin(pi / 4) / (3 * pi / 4)
      same_numbers(nums(c2d.fan(0, 0, 3, 0, pi / 2):rotate(pi, c, 0)), { 2 * c, 0, 3, pi, pi / 2 }, 1e-14, "fan about its centroid")
    end)
    it("a turned box still hits what the same box built turned hits", function()
      local turned = c2d.box(0, 0, 10, 5, 0):rotate(atan2(3, 4))
      local built = c2d.box(0, 0, 10, 5, atan2(3, 4))
      same_numbers(nums(turned), nums(built), 1e-15, "box")
      for i, p in ipairs(probes()) do
        assert.are.equal(built:hits(p), turned:hits(p), "probe " .. i)
      end
    end)
  end)

  describe("scale by hand-worked factors", function()
    it("a disk about the origin scales its centre and radius", function()
      same_numbers(nums(c2d.disk(2, 0, 1):scale(3, 0, 0)), { 6, 0, 3 }, 0, "disk")
    end)
    it("an aabb about its centre (the default)", function()
      -- centre (2,3): corner (1,1) -> (0,-1); size doubles
      same_numbers(nums(c2d.aabb(1, 1, 2, 4):scale(2)), { 0, -1, 4, 8 }, 0, "aabb")
    end)
    it("a box about its centre keeps its angle", function()
      same_numbers(nums(c2d.box(1, 1, 2, 4, 0.3):scale(0.5, 1, 1)), { 1, 1, 1, 2, 0.3 }, 0, "box")
    end)
    it("a capsule, a fan, a triangle, a line, a point", function()
      same_numbers(nums(c2d.capsule(0, 0, 4, 0, 1):scale(2, 0, 0)), { 0, 0, 8, 0, 2 }, 0, "capsule")
      same_numbers(nums(c2d.fan(1, 1, 5, 0.5, 1):scale(2, 1, 1)), { 1, 1, 10, 0.5, 1 }, 0, "fan")
      -- about the vertex average (1,1)
      same_numbers(nums(c2d.triangle(0, 0, 3, 0, 0, 3):scale(2)), { -1, -1, 5, -1, -1, 5 }, 0, "triangle")
      -- about the midpoint (1,0)
      same_numbers(nums(c2d.line(0, 0, 2, 0):scale(3)), { -2, 0, 4, 0 }, 0, "line")
      same_numbers(nums(c2d.point(3, 4):scale(5, 1, 1)), { 11, 16 }, 0, "point")
    end)
    it("a polygon about its area centroid", function()
      -- the square [0,2]^2, centre (1,1)
      same_numbers(nums(c2d.polygon(0, 0, 2, 0, 2, 2, 0, 2):scale(1.5)), { -0.5, -0.5, 2.5, -0.5, 2.5, 2.5, -0.5, 2.5 }, 0, "polygon")
    end)
    it("by 0 collapses a shape onto the origin of the scaling", function()
      same_numbers(nums(c2d.segment(0, 0, 4, 2):scale(0)), { 2, 1, 2, 1 }, 0, "segment")
      same_numbers(nums(c2d.disk(2, 3, 4):scale(0)), { 2, 3, 0 }, 0, "disk")
      same_numbers(nums(c2d.box(2, 3, 4, 5, 1):scale(0, 0, 0)), { 0, 0, 0, 0, 1 }, 0, "box")
    end)
  end)

  describe("errors leave the shape as it was", function()
    local function unchanged(s, f, pattern, what)
      local before = nums(s)
      local ok, err = pcall(f)
      assert.is_false(ok, what .. ": expected an error")
      if pattern then
        assert.is_truthy(tostring(err):find(pattern, 1, true), ("%s: %q lacks %q"):format(what, tostring(err), pattern))
      end
      same_numbers(nums(s), before, 0, what .. ": numbers after the error")
    end

    it("an AABB cannot rotate", function()
      local a = c2d.aabb(1, 2, 3, 4)
      unchanged(a, function() a:rotate(1) end, "AABB", "rotate")
      unchanged(a, function() a:rotate(0) end, "AABB", "rotate(0)")
      unchanged(a, function() a:rotate(pi / 2, 0, 0) end, "AABB", "rotate about a point")
    end)
    for _, spec in ipairs(SAMPLES) do
      it(label(spec) .. ": a negative scale", function()
        local s = make(spec)
        unchanged(s, function() s:scale(-1) end, nil, "scale(-1)")
        unchanged(s, function() s:scale(-1e-300, 0, 0) end, nil, "scale(-1e-300)")
      end)
      it(label(spec) .. ": NaN and infinite arguments", function()
        local s = make(spec)
        unchanged(s, function() s:move(NAN, 0) end, "finite", "move(NaN, 0)")
        unchanged(s, function() s:move(0, HUGE) end, "finite", "move(0, inf)")
        unchanged(s, function() s:moveTo(NAN, 1) end, "finite", "moveTo(NaN, 1)")
        unchanged(s, function() s:moveTo(1, -HUGE) end, "finite", "moveTo(1, -inf)")
        unchanged(s, function() s:scale(NAN) end, nil, "scale(NaN)")
        unchanged(s, function() s:scale(HUGE) end, nil, "scale(inf)")
        unchanged(s, function() s:scale(2, NAN, 0) end, nil, "scale about (NaN, 0)")
        if spec[1] ~= "aabb" then
          unchanged(s, function() s:rotate(NAN) end, "finite", "rotate(NaN)")
          unchanged(s, function() s:rotate(HUGE) end, "finite", "rotate(inf)")
          unchanged(s, function() s:rotate(1, 0, NAN) end, "finite", "rotate about (0, NaN)")
        end
      end)
      it(label(spec) .. ": non-numbers", function()
        local s = make(spec)
        unchanged(s, function() s:move("1", 0) end, "number expected", "move('1', 0)")
        unchanged(s, function() s:move(1) end, "number expected", "move(1)")
        unchanged(s, function() s:moveTo({}, 0) end, "number expected", "moveTo({}, 0)")
        unchanged(s, function() s:scale(true) end, "number expected", "scale(true)")
        if spec[1] ~= "aabb" then unchanged(s, function() s:rotate("a") end, "number expected", "rotate('a')") end
      end)
    end
    it("a turn past the largest double fails whole: a Concave, a Group", function()
      -- By 1 rad about the origin, (M, M) with M = 1.7e308 goes to
      -- M (cos 1 - sin 1, sin 1 + cos 1) = (-5.1e307, 2.35e308): past the
      -- largest double (1.797e308). A Concave of that point alone refuses
      -- the turn; so does a Group holding it beside a disk, whose disk could
      -- turn (the Group changes whole or not at all).
      local M = 1.7e308
      local cv = c2d.concave(M, M, M, M, M, M)
      unchanged(cv, function() cv:rotate(1, 0, 0) end, nil, "Concave rotate")
      local g = c2d.group(c2d.disk(5, 0, 1), c2d.point(M, M))
      local function members()
        local t = {}
        for _, m in ipairs(g:pieces()) do for _, x in ipairs({ m:unpack() }) do t[#t + 1] = x end end
        return t
      end
      local before = members()
      assert.is_false(pcall(g.rotate, g, 1, 0, 0))
      same_numbers(members(), before, 0, "Group members after the failed turn")
      -- a turn that stays in range still works
      cv:rotate(0, 0, 0)
      g:rotate(math.pi, 0, 0)
      same_numbers(members(), { -5, 0, 1, -M, -M }, 0, "Group turned by pi about the origin")
    end)

    it("a Line cannot be scaled by 0, any other factor is fine", function()
      local l = c2d.line(0, 0, 2, 0)
      unchanged(l, function() l:scale(0) end, "Line", "scale(0)")
      unchanged(l, function() l:scale(0, 5, 5) end, "Line", "scale(0, 5, 5)")
      same_numbers(nums(l:scale(1e-3, 0, 0)), { 0, 0, 2e-3, 0 }, 0, "scale(1e-3)")
    end)
    it("methods called on a non-shape raise", function()
      for _, name in ipairs({ "move", "moveTo", "rotate", "scale", "set", "clone", "setUserData", "getUserData", "outline" }) do
        assert.has_error(function() c2d[name](5, 1, 1) end, nil, name)
        assert.has_error(function() c2d[name]({}, 1, 1) end, nil, name)
      end
    end)
  end)

  describe("set", function()
    local GOOD = {
      point = { { 3, 4 }, { 5, 6 } },
      segment = { { 0, 0, 1, 1 }, { 2, 3, 4, 5 } },
      line = { { 0, 0, 1, 1 }, { 2, 3, 4, 5 } },
      disk = { { 0, 0, 1 }, { 3, 4, 5 } },
      aabb = { { 0, 0, 1, 1 }, { -1, -2, 3, 4 } },
      box = { { 0, 0, 1, 1, 0 }, { 1, 2, 3, 4, 0.5 } },
      triangle = { { 0, 0, 1, 0, 0, 1 }, { 2, 2, 5, 2, 2, 6 } },
      polygon = { { 0, 0, 1, 0, 1, 1, 0, 1 }, { 0, 0, 3, 0, 3, 3, 0, 3 } },
      capsule = { { 0, 0, 1, 0, 1 }, { 1, 1, 4, 5, 2 } },
      fan = { { 0, 0, 1, 0, 1 }, { 2, 3, 4, -1, 2 } },
    }
    local BAD = {   -- { numbers, pattern of the message }
      point = { { { 1 }, nil }, { { NAN, 1 }, "finite" } },
      segment = { { { 1, 2, 3 }, nil }, { { 1, 2, HUGE, 4 }, "finite" } },
      line = { { { 1, 2, 1, 2 }, "differ" }, { { 1, 2, 3 }, nil } },
      disk = { { { 0, 0, -1 }, "radius" }, { { 0, 0 }, nil } },
      aabb = { { { 0, 0, -1, 1 }, "width" }, { { 0, 0, 1, -1 }, "height" } },
      box = { { { 0, 0, 1, 1, NAN }, "finite" }, { { 0, 0, -1, 1, 0 }, "width" } },
      triangle = { { { 0, 0, 1, 0, 0 }, nil }, { { 0, 0, 1, 0, 0, NAN }, "finite" } },
      polygon = { { { 0, 0, 2, 0, 0, 2, 2, 2 }, "convex" }, { { 0, 0, 1, 1 }, nil } },
      capsule = { { { 0, 0, 1, 1, -2 }, "radius" }, { { 0, 0, 1, 1, 1, 1 }, nil } },
      fan = { { { 0, 0, 1, 0, 7 }, "opening" }, { { 0, 0, -1, 0, 1 }, "radius" } },
    }
    for kind, goods in pairs(GOOD) do
      it(kind .. ": good numbers replace the shape's, bad ones raise and change nothing", function()
        local s = c2d[kind](unpack(goods[1]))
        assert.is_true(rawequal(s, s:set(unpack(goods[2]))), "set returns the shape")
        assert.is_true(s == c2d[kind](unpack(goods[2])), ("set gave %s"):format(tostring(s)))
        for _, bad in ipairs(BAD[kind]) do
          local before = nums(s)
          local ok, err = pcall(s.set, s, unpack(bad[1]))
          assert.is_false(ok, ("set(%s) should raise"):format(table.concat(bad[1], ", ")))
          if bad[2] then
            assert.is_truthy(tostring(err):find(bad[2], 1, true), ("%q lacks %q"):format(tostring(err), bad[2]))
          end
          same_numbers(nums(s), before, 0, "after a failed set")
        end
      end)
    end
    it("a polygon takes a table, may shrink, and may grow back to its original count", function()
      local p = c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4)
      p:set({ 0, 0, 2, 0, 0, 2 })
      assert.is_true(p == c2d.polygon(0, 0, 2, 0, 0, 2), "set from a table to 3 vertices")
      p:set(1, 1, 5, 1, 5, 5, 1, 5)
      assert.is_true(p == c2d.polygon(1, 1, 5, 1, 5, 5, 1, 5), "back to its original 4 vertices")
    end)
    it("a polygon cannot gain vertices beyond its original count", function()
      local p = c2d.polygon(0, 0, 2, 0, 0, 2)
      local ok, err = pcall(p.set, p, 0, 0, 2, 0, 2, 2, 0, 2)
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("vertices", 1, true), tostring(err))
      assert.is_true(p == c2d.polygon(0, 0, 2, 0, 0, 2), "unchanged")
    end)
    it("a turned box set to a new angle hits as a box built so", function()
      local b = c2d.box(0, 0, 2, 2, 0):set(0, 0, 2, 2, pi / 4)
      assert.is_true(b:hits(c2d.point(1.4, 0)))
      assert.is_false(b:hits(c2d.point(1, 1)))
    end)
  end)

  describe("clone", function()
    for _, spec in ipairs(SAMPLES) do
      it(label(spec) .. ": an equal, independent copy", function()
        local s = make(spec)
        local c = s:clone()
        assert.is_false(rawequal(s, c))
        assert.are.equal(s:type(), c:type())
        assert.is_true(s == c)
        local before = nums(s)
        c:move(5, 5)
        same_numbers(nums(s), before, 0, "the original after moving the clone")
        assert.is_false(s == c)
        local cnums = nums(c)
        s:scale(2, 0, 0)
        same_numbers(nums(c), cnums, 0, "the clone after scaling the original")
      end)
    end
    it("does not copy user data", function()
      local s = c2d.disk(0, 0, 1):setUserData("hero")
      local c = s:clone()
      assert.is_nil(c:getUserData())
      assert.are.equal("hero", s:getUserData())
      c:setUserData("copy")
      assert.are.equal("hero", s:getUserData())
    end)
    it("of a polygon keeps its own vertices", function()
      local p = c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4)
      local c = p:clone()
      c:set(0, 0, 1, 0, 0, 1)
      assert.is_true(p == c2d.polygon(0, 0, 4, 0, 4, 4, 0, 4))
      assert.is_true(p:hits(c2d.point(3, 3)))
      assert.is_false(c:hits(c2d.point(3, 3)))
    end)
  end)

  describe("user data", function()
    it("is nil by default and round-trips any value", function()
      local s = c2d.box(0, 0, 1, 1, 0)
      assert.is_nil(s:getUserData())
      local t, f = {}, function() end
      for _, v in ipairs({ t, "name", 42, 0.5, true, f }) do
        assert.is_true(rawequal(s, s:setUserData(v)), "setUserData returns the shape")
        assert.is_true(rawequal(v, s:getUserData()))
      end
      s:setUserData(false)
      assert.are.equal(false, s:getUserData())
      s:setUserData(nil)
      assert.is_nil(s:getUserData())
    end)
    it("belongs to one shape", function()
      local a, b = c2d.point(0, 0), c2d.point(0, 0)
      a:setUserData("a")
      assert.is_nil(b:getUserData())
      b:setUserData("b")
      assert.are.equal("a", a:getUserData())
      assert.are.equal("b", c2d.getUserData(b))
    end)
    it("survives transforms", function()
      local s = c2d.capsule(0, 0, 1, 0, 1):setUserData("kept")
      s:move(1, 1):rotate(1):scale(2):moveTo(5, 5):set(0, 0, 2, 0, 1)
      assert.are.equal("kept", s:getUserData())
    end)
  end)

  describe("outline", function()
    local function points(o)
      local t = {}
      for i = 1, #o, 2 do t[#t + 1] = { o[i], o[i + 1] } end
      return t
    end
    local function all_on(s, o, what)
      local sc = 1
      for _, v in ipairs({ s:unpack() }) do sc = max(sc, abs(v)) end
      for i, p in ipairs(points(o)) do
        local d = c2d.point(p[1], p[2]):distance(s)
        assert.is_true(d <= 1e-12 * sc, ("%s: outline point %d (%.17g, %.17g) is %g from the shape"):format(what, i, p[1], p[2], d))
      end
    end
    it("of a point, segment and line: their points", function()
      same_numbers(c2d.point(3, 4):outline(), { 3, 4 }, 0, "point")
      same_numbers(c2d.segment(1, 2, 5, -1):outline(), { 1, 2, 5, -1 }, 0, "segment")
      same_numbers(c2d.line(1, 2, 5, -1):outline(), { 1, 2, 5, -1 }, 0, "line")
    end)
    it("of an aabb, box, triangle and polygon: their vertices", function()
      local o = c2d.aabb(1, 2, 4, 3):outline()
      assert.are.equal(8, #o)
      local want = { ["1,2"] = true, ["5,2"] = true, ["5,5"] = true, ["1,5"] = true }
      for _, p in ipairs(points(o)) do
        local key = ("%g,%g"):format(p[1], p[2])
        assert.is_true(want[key], ("(%g, %g) is not a corner, or repeated"):format(p[1], p[2]))
        want[key] = nil
      end
      -- the snapped box [-1,1] x [-2,2]
      o = c2d.box(0, 0, 4, 2, pi / 2):outline()
      assert.are.equal(8, #o)
      for _, p in ipairs(points(o)) do assert.is_true(abs(p[1]) == 1 and abs(p[2]) == 2) end
      same_numbers(c2d.triangle(0, 0, 4, 1, 1, 3):outline(), { 0, 0, 4, 1, 1, 3 }, 0, "triangle")
      same_numbers(c2d.polygon(0, 0, 4, 0, 5, 2, 3, 4, 0, 3):outline(), { 0, 0, 4, 0, 5, 2, 3, 4, 0, 3 }, 0, "polygon")
    end)
    it("of a disk: `segments` points on its circle, 32 by default", function()
      local d = c2d.disk(3, 4, 2)
      for _, n in ipairs({ 32, 3, 12, 100 }) do
        local o = n == 32 and d:outline() or d:outline(n)
        assert.are.equal(2 * n, #o, "numbers for " .. n .. " segments")
        for _, p in ipairs(points(o)) do near(sqrt((p[1] - 3) ^ 2 + (p[2] - 4) ^ 2), 2, 1e-14, "radius") end
      end
    end)
    it("of a capsule: two half circles, round each end", function()
      local c = c2d.capsule(0, 0, 4, 0, 1)
      local o = c:outline(16)
      assert.is_true(#o % 2 == 0 and #o >= 2 * 16, "at least `segments` points, got " .. #o / 2)
      local near0, near4 = 0, 0
      for _, p in ipairs(points(o)) do
        local d0, d4 = sqrt(p[1] ^ 2 + p[2] ^ 2), sqrt((p[1] - 4) ^ 2 + p[2] ^ 2)
        if abs(d0 - 1) <= 1e-14 and p[1] <= 1e-14 then near0 = near0 + 1
        elseif abs(d4 - 1) <= 1e-14 and p[1] >= 4 - 1e-14 then near4 = near4 + 1
        else error(("(%.17g, %.17g) is on neither cap"):format(p[1], p[2])) end
      end
      assert.is_true(near0 >= 3 and near4 >= 3, "points on each cap")
    end)
    it("of a fan: the apex, then points on its arc", function()
      local f = c2d.fan(1, 2, 5, 0.5, 1)
      local o = f:outline()
      assert.are.equal(1, o[1])
      assert.are.equal(2, o[2])
      local pts = points(o)
      assert.is_true(#pts >= 3)
      for i = 2, #pts do
        local p = pts[i]
        near(sqrt((p[1] - 1) ^ 2 + (p[2] - 2) ^ 2), 5, 1e-14, "arc radius")
        local a = atan2(p[2] - 2, p[1] - 1)
        assert.is_true(abs(a - 0.5) <= 0.5 + 1e-12, ("arc point at angle %.17g outside the opening"):format(a))
      end
      -- the arc runs from one edge to the other
      near(atan2(pts[2][2] - 2, pts[2][1] - 1), 0, 1e-14, "first arc point on an edge")
      near(atan2(pts[#pts][2] - 2, pts[#pts][1] - 1), 1, 1e-14, "last arc point on the other edge")
    end)
    for _, spec in ipairs(SAMPLES) do
      it(label(spec) .. ": every outline point lies on the shape", function()
        local s = make(spec)
        all_on(s, s:outline(), "default")
        all_on(s, s:outline(7), "7 segments")
        s:move(1e6, -1e6)
        local sc = 1e6
        for i, p in ipairs(points(s:outline())) do
          local d = c2d.point(p[1], p[2]):distance(s)
          assert.is_true(d <= 1e-15 * sc * 4, ("1e6 away: outline point %d is %g from the shape"):format(i, d))
        end
      end)
    end
  end)
end)

describe("moving a Polygon flat within rounding", function()
  -- Four points 5e-14 apart along y = x, the first between the ends: turned a
  -- little about a point 48 away, the turn keeps them as a Polygon of four
  -- (clockwise by 1e-33 of area), and a move then rounds them out of convex
  -- order with the first inside the others' hull. The move refused it
  -- ("polygon is not convex") for about 1 step in 40 of a turning sweep;
  -- it keeps the moved points, whose rounding its queries allow for.
  it("never refuses, puts the first vertex where the move takes it, and keeps the segment", function()
    for i = 1, 400 do
      local t = i / 400 * 0.01
      local p = c2d.polygon(0, 0, -5e-14, -5e-14, -1e-13, -1e-13, 1e-13, 1e-13)
      p:rotate(0.015625 * t, 7.1054273576010019e-15, -47.999999999999993)
      local x, y = p:position()
      local before = p:outline()
      local ok, err = pcall(p.move, p, -48 * t, -48 * t)
      assert.is_true(ok, ("t = %.17g: %s"):format(t, tostring(err)))
      local px, py = p:position()
      assert.are.equal(x + -48 * t, px)
      assert.are.equal(y + -48 * t, py)
      -- each of its points is where the move takes it, within an ulp of 0.5
      local after = p:outline()
      for k = 1, #after, 2 do
        local mx, my = before[k] + -48 * t, before[k + 1] + -48 * t
        assert.is_true(p:distance(c2d.point(mx, my)) <= 1e-16, ("t = %.17g, vertex %d"):format(t, (k + 1) / 2))
      end
    end
  end)
end)
