-- hits and distance between convex polygons (Triangle, AABB, Polygon) against
-- an exact reference, on touches and near-touches: triangles sharing an edge or
-- a vertex, a vertex put on another's edge (rounded there: on it, or an ulp
-- off), corners at an AABB's corner, each nudged by a few ulps, at scales from
-- 1e-150 to 1e150 and offsets up to 1e9.
--
-- The reference (support.exact, big numbers on the doubles as given) is not the
-- library's method (separating edges): two closed convex polygons meet exactly
-- when a vertex of one lies in or on the other, or an edge of one meets an edge
-- of the other. For every pair, both ways round, hits is the reference's answer
-- and distance is 0 exactly when it says they meet.
--
-- C2D_EXACT_CASES sets the number of generated pairs (1,500 a test by default).
local c2d = require "collide2d"
local common = require "support.common"
local exact = require "support.exact"

local TOTAL = tonumber(os.getenv("C2D_EXACT_CASES") or "") or 1500
local step = exact.step

local unpack = table.unpack or unpack

-- Shapes as data: { kind, numbers... }; their vertices in order.
local function numbers(s) return { unpack(s, 2) } end
local function call_of(s) return common.lua_call(s[1], numbers(s)) end

local function vertices(s)
  if s[1] == "aabb" then
    local x, y = s[2], s[3]
    local X, Y = x + s[4], y + s[5] -- the stored far corner: the rounded sums
    return { x, y, X, y, X, Y, x, Y }
  end
  return { unpack(s, 2) }
end

local function reference(a, b)
  local va, vb = vertices(a), vertices(b)
  for i = 1, #va, 2 do if exact.point_polygon_within(va[i], va[i + 1], vb, 0) then return true end end
  for i = 1, #vb, 2 do if exact.point_polygon_within(vb[i], vb[i + 1], va, 0) then return true end end
  for i = 1, #va, 2 do
    local j = i + 2 > #va and 1 or i + 2
    for k = 1, #vb, 2 do
      local l = k + 2 > #vb and 1 or k + 2
      if exact.seg_seg_within(va[i], va[i + 1], va[j], va[j + 1], vb[k], vb[k + 1], vb[l], vb[l + 1], 0, 0) then
        return true
      end
    end
  end
  return false
end

-- A Segment, Capsule or Line against a polygon, by another decomposition than
-- the library's: a core within r of a convex polygon either meets it (an end in
-- or on it, or the core meeting an edge) or comes within r of it at an end of
-- the core or at a vertex of the polygon; a Line meets it when it meets an edge
-- (the edge's ends not strictly on one side of it).
local function core_reference(o, p)
  local v = vertices(p)
  local x0, y0, x1, y1, r = o[2], o[3], o[4], o[5], o[1] == "capsule" and o[6] or 0
  if o[1] == "line" then
    for i = 1, #v, 2 do
      local j = i + 2 > #v and 1 or i + 2
      if exact.orient(x0, y0, x1, y1, v[i], v[i + 1]) * exact.orient(x0, y0, x1, y1, v[j], v[j + 1]) <= 0 then
        return true
      end
    end
    return false
  end
  if exact.point_polygon_within(x0, y0, v, r) or exact.point_polygon_within(x1, y1, v, r) then return true end
  for i = 1, #v, 2 do
    local j = i + 2 > #v and 1 or i + 2
    if exact.seg_seg_within(x0, y0, x1, y1, v[i], v[i + 1], v[j], v[j + 1], 0, 0) then return true end
    if exact.point_seg_within(v[i], v[i + 1], x0, y0, x1, y1, r) then return true end
  end
  return false
end

-- Checks pairs against the reference's answer, counting both answers; finish()
-- raises the failures, or when either answer came up in under a tenth of n
-- (TOTAL by default: the generator no longer tests both).
local function checker(n)
  n = n or TOTAL
  local fail, done = exact.collector()
  local met, apart = 0, 0
  local function check(a, b, want, tag)
    if want then met = met + 1 else apart = apart + 1 end
    exact.check_pair(c2d, numbers, call_of, a, b, want, fail, tag)
  end
  local function finish()
    done()
    assert.is_true(met > n / 10 and apart > n / 10, ("met %d, apart %d"):format(met, apart))
  end
  return check, finish
end

-- The signed area's sign of a triangle, exactly (0: flat, left out).
local function turn(t) return exact.orient(t[2], t[3], t[4], t[5], t[6], t[7]) end

describe("exact hits between convex polygons", function()
  it("agrees with the exact reference on the hand-worked cases", function()
    -- triangles sharing the edge (0, 0)-(1, 0): touching; one lifted by an ulp of 0 apart
    local a = { "triangle", 0, 0, 1, 0, 0.5, 1 }
    local b = { "triangle", 0, 0, 1, 0, 0.5, -1 }
    assert.is_true(reference(a, b))
    assert.is_false(reference(a, { "triangle", 0, -2 ^ -1074, 1, -2 ^ -1074, 0.5, -1 }))
    -- an AABB from x = 0.1 of width 0.2 ends at its stored corner, 0.1 + 0.2 rounded
    -- (0.30000000000000004): a triangle with a vertex there touches it, one an ulp
    -- beyond does not
    assert.is_true(reference({ "aabb", 0.1, 0, 0.2, 1 }, { "triangle", 0.1 + 0.2, 0.5, 2, 0, 2, 1 }))
    assert.is_false(reference({ "aabb", 0.1, 0, 0.2, 1 }, { "triangle", step(0.1 + 0.2, 1), 0.5, 2, 0, 2, 1 }))
    for _, p in ipairs { { a, b, true }, { { "aabb", 0.1, 0, 0.2, 1 }, { "triangle", 0.1 + 0.2, 0.5, 2, 0, 2, 1 }, true } } do
      local sa, sb = c2d[p[1][1]](unpack(numbers(p[1]))), c2d[p[2][1]](unpack(numbers(p[2])))
      assert.are.equal(p[3], sa:hits(sb))
      assert.are.equal(p[3], sb:hits(sa))
    end
  end)

  it("climbs past vertices closer together than the rounding of their depths", function()
    -- P has an edge 2e-322 long at its corner (0, 0) and a vertex 7e-320 off
    -- the axis at (0, -48): beside depths of order 48^2 the two ends of each
    -- round alike. Q's vertex (-2.9, -41) lies inside P (left of every edge
    -- of P, worked by hand), so they meet, in every mirror of the plane.
    local P = { "polygon", 0, 0, 5, -22.5, 10, -45, 10, -46, 8, -47, 6.7291740963577779e-320, -48, -48, -48,
                -44, 1, -2.0256691479491108e-322, 8.3991159793011913e-323 }
    local Q = { "polygon", -50, 6, -49, 0, -2.9, -41, 0, 1 }
    local function mirrored(s, fx, fy, swap)
      local out = { s[1] }
      for i = 2, #s, 2 do
        local x, y = s[i] * fx, s[i + 1] * fy
        if swap then x, y = y, x end
        out[#out + 1], out[#out + 2] = x, y
      end
      if (fx * fy < 0) ~= (swap == true) then -- reflected: the same polygon, wound the other way
        local back = { out[1] }
        for i = #out - 1, 2, -2 do back[#back + 1], back[#back + 2] = out[i], out[i + 1] end
        out = back
      end
      return out
    end
    for _, m in ipairs { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 }, { 1, 1, true }, { -1, 1, true }, { 1, -1, true }, { -1, -1, true } } do
      local a, b = mirrored(P, m[1], m[2], m[3]), mirrored(Q, m[1], m[2], m[3])
      assert.is_true(reference(a, b))
      local sa, sb = c2d.polygon(unpack(numbers(a))), c2d.polygon(unpack(numbers(b)))
      assert.is_true(sa:hits(sb))
      assert.is_true(sb:hits(sa))
    end
  end)

  it("agrees for polygons with twin vertices a few ulps apart, or subnormals beside a vertex at 0", function()
    -- (a sixth of TOTAL: the reference's big numbers for subnormals are slow)
    local cases = math.ceil(TOTAL / 6)
    local rng = common.lcg(20261201)
    local check, finish = checker(cases)
    -- A hull of k points round (ox, oy), one of them with a twin a few ulps
    -- off (or, at the origin, a few multiples of 2^-1074 off), as a Polygon's
    -- numbers (nil when the hull is not a polygon with an interior).
    local function twinned(s, ox, oy, at_zero)
      local pts, k = {}, rng.int(4, 8)
      for _ = 1, k do
        local t = rng.range(0, 2 * math.pi)
        pts[#pts + 1], pts[#pts + 2] = ox + s * math.cos(t), oy + s * math.sin(t)
      end
      if at_zero then -- the first point at the origin exactly
        local x0, y0 = pts[1], pts[2]
        for i = 1, #pts, 2 do pts[i], pts[i + 1] = pts[i] - x0, pts[i + 1] - y0 end
        pts[1], pts[2] = 0, 0
        pts[#pts + 1], pts[#pts + 2] = rng.int(-3, 3) * 2 ^ -1074, rng.int(-3, 3) * 2 ^ -1074
      else
        local j = 2 * rng.int(0, k - 1) + 1
        pts[#pts + 1], pts[#pts + 2] = step(pts[j], rng.int(-2, 2)), step(pts[j + 1], rng.int(-2, 2))
      end
      local h = { c2d.hull(pts):unpack() }
      if #h < 6 then return nil end
      local p = { "polygon", unpack(h) }
      for i = 2, #p - 5, 2 do -- an interior: some three vertices turn
        if exact.orient(p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5]) ~= 0 then return p end
      end
      return nil
    end
    for case = 1, cases do
      local s = 10 ^ rng.int(-100, 100)
      local ox, oy = 0, 0
      if case % 3 == 0 then ox, oy = rng.range(-1, 1) * 1e6 * s, rng.range(-1, 1) * 1e6 * s end
      local a = twinned(s, ox, oy, case % 2 == 0)
      local b = twinned(s * rng.range(0.2, 2), ox + s * rng.range(-2.5, 2.5), oy + s * rng.range(-2.5, 2.5), case % 4 == 1)
      if a and b then check(a, b, reference(a, b), "case " .. case) end
    end
    finish()
  end)

  it("agrees on touches and near-touches at every scale, both ways round", function()
    local rng = common.lcg(20261129)
    local check, finish = checker()
    local function scale_of() return 10 ^ rng.int(-150, 150) end
    local function coord(s, o) return o + s * rng.range(-1, 1) end
    for case = 1, TOTAL do
      local s = scale_of()
      local ox, oy = 0, 0
      if case % 3 == 0 then ox, oy = rng.range(-1, 1) * 1e9, rng.range(-1, 1) * 1e9 end
      if s < 1e-6 and case % 3 == 0 then ox, oy = rng.range(-1, 1) * s * 1e6, rng.range(-1, 1) * s * 1e6 end
      local a = { "triangle", coord(s, ox), coord(s, oy), coord(s, ox), coord(s, oy), coord(s, ox), coord(s, oy) }
      local b
      local g = case % 4
      if g == 0 then
        -- sharing edge 1-2, the third vertex across it (rounded), one shared end nudged
        local mx, my = (a[2] + a[4]) / 2, (a[3] + a[5]) / 2
        b = { "triangle", a[2], a[3], a[4], a[5], 2 * mx - a[6], 2 * my - a[7] }
        local k = 1 + 2 * rng.int(0, 1) + rng.int(0, 1) -- one of b's first four numbers
        b[k + 1] = step(b[k + 1], rng.int(-2, 2))
      elseif g == 1 then
        -- a vertex of b on a's edge 1-2 (rounded there), b reaching away from a
        local t = rng.range(0.05, 0.95)
        local px, py = a[2] + t * (a[4] - a[2]), a[3] + t * (a[5] - a[3])
        px, py = step(px, rng.int(-1, 1)), step(py, rng.int(-1, 1))
        local qx, qy = 2 * px - a[6], 2 * py - a[7] -- away from the third vertex
        b = { "triangle", px, py, qx + s * rng.range(-0.3, 0.3), qy + s * rng.range(-0.3, 0.3),
              qx + s * rng.range(-0.3, 0.3), qy + s * rng.range(-0.3, 0.3) }
      elseif g == 2 then
        -- sharing a vertex (nudged), b's other vertices opposite a's
        local vx, vy = step(a[2], rng.int(-2, 2)), step(a[3], rng.int(-2, 2))
        b = { "triangle", vx, vy, 2 * a[2] - a[4], 2 * a[3] - a[5], 2 * a[2] - a[6], 2 * a[3] - a[7] }
      else
        -- an AABB whose corner (its far one, a rounded sum, or its first) meets a's vertex
        local w, h = s * rng.range(0.1, 1), s * rng.range(0.1, 1)
        if rng.int(0, 1) == 0 then
          b = { "aabb", step(a[2], rng.int(-2, 2)), step(a[3], rng.int(-2, 2)), w, h }
        else
          b = { "aabb", a[2] - w, a[3] - h, w, h }
        end
      end
      if (b[1] == "aabb" or turn(b) ~= 0) and turn(a) ~= 0 then check(a, b, reference(a, b), "case " .. case) end
    end
    finish()
  end)

  it("agrees for Segments, Capsules and Lines against Triangles and AABBs, both ways round", function()
    local rng = common.lcg(20261130)
    local check, finish = checker()
    for case = 1, TOTAL do
      local s = 10 ^ rng.int(-150, 150)
      local ox, oy = 0, 0
      if case % 3 == 0 then ox, oy = rng.range(-1, 1) * 1e9, rng.range(-1, 1) * 1e9 end
      if s < 1e-6 and case % 3 == 0 then ox, oy = rng.range(-1, 1) * s * 1e6, rng.range(-1, 1) * s * 1e6 end
      local function coord(o) return o + s * rng.range(-1, 1) end
      local p
      if case % 2 == 0 then
        p = { "triangle", coord(ox), coord(oy), coord(ox), coord(oy), coord(ox), coord(oy) }
      else
        p = { "aabb", coord(ox), coord(oy), s * rng.range(0.1, 1), s * rng.range(0.1, 1) }
      end
      local v = vertices(p)
      -- a point on edge 1-2 of p (rounded there, nudged), and the way out of p across it
      local t = rng.range(0.05, 0.95)
      local ex, ey = v[3] - v[1], v[4] - v[2]
      local qx, qy = step(v[1] + t * ex, rng.int(-2, 2)), step(v[2] + t * ey, rng.int(-2, 2))
      local cx, cy = 0, 0
      for i = 1, #v, 2 do cx, cy = cx + v[i], cy + v[i + 1] end
      cx, cy = cx / (#v / 2), cy / (#v / 2)
      local ux, uy = qx - cx, qy - cy -- (outward, roughly)
      local o
      local g = case % 3
      if g == 0 then
        -- a segment from the edge point outward, or along the edge's line past it
        if rng.int(0, 1) == 0 then
          o = { "segment", qx, qy, qx + ux, qy + uy }
        else
          o = { "segment", qx + ex, qy + ey, qx + 2 * ex, qy + 2 * ey }
        end
      elseif g == 1 then
        -- a capsule whose core lies off the edge by about its radius (the offset rounded)
        local l = math.sqrt(ex * ex + ey * ey)
        local r = s * rng.range(0.01, 0.5)
        local nx, ny = ey / l, -ex / l
        if nx * ux + ny * uy < 0 then nx, ny = -nx, -ny end
        local ax, ay = qx + r * nx, qy + r * ny
        o = { "capsule", ax - ex * 0.3, ay - ey * 0.3, step(ax + ex * 0.3, rng.int(-2, 2)), ay + ey * 0.3, r }
      else
        -- a line through the edge point, or along the edge's line
        if rng.int(0, 1) == 0 then
          o = { "line", qx, qy, qx + uy, qy - ux }
        else
          o = { "line", step(v[1], rng.int(-1, 1)), v[2], v[3], step(v[4], rng.int(-1, 1)) }
        end
      end
      local flat = o[2] == o[4] and o[3] == o[5]
      if not (o[1] == "line" and flat) and (p[1] == "aabb" or turn(p) ~= 0) then
        check(o, p, core_reference(o, p), "case " .. case)
      end
    end
    finish()
  end)
end)

-- The hull's turns are exact: (0, 0) -> b -> c turns clockwise by
-- b x c = -2^-120 exactly (checked in rational arithmetic on the doubles),
-- so b lies left of (0, 0) -> c, inside the hull of the other three, and is
-- not a vertex. The exact orientation splits products into pairs of doubles;
-- an inexact fma (as mingw-w64's C library has) once kept b on Windows.
describe("a hull's exact turn of -2^-120", function()
  it("leaves out the point just inside", function()
    local bx, by = 0.00248444572100611, 0.0019391871568943562
    local cx, cy = 0.006792701537183739, 0.005301914817518714
    local h = c2d.hull { 0, 0, bx, by, cx, cy, -0.001, 0.004 }
    assert.are.same({ -0.001, 0.004, 0, 0, cx, cy }, { h:unpack() })
  end)
end)
