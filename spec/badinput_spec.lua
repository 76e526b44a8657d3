-- Bad input: every public function of the module and every shape method,
-- called with wrong types, wrong counts, NaN and inf, huge and tiny numbers, the
-- wrong self (other kinds, non-shapes, foreign userdata) and shapes of every
-- kind. Each call must either work or raise a Lua error whose message is a
-- string; nothing may crash. A method that fails must leave its shape as it
-- was. At the end the shapes that were passed around still give the answers
-- worked out by hand.
local c2d = require "collide2d"

local unpack = table.unpack or unpack
local nan, inf = 0 / 0, math.huge

local function pack(...) return { n = select("#", ...), ... } end

-- One shape of every kind, made fresh for each call (calls may change them).
local makers = {
  function() return c2d.point(1, 2) end,
  function() return c2d.segment(0, 0, 4, 3) end,
  function() return c2d.line(0, 0, 1, 1) end,
  function() return c2d.disk(0, 0, 5) end,
  function() return c2d.aabb(5, -2, 4, 4) end,
  function() return c2d.box(0, 0, 4, 2, 0.5) end,
  function() return c2d.triangle(0, 0, 4, 0, 0, 3) end,
  function() return c2d.polygon(0, 0, 4, 0, 6, 2, 4, 4, 0, 4) end,
  function() return c2d.hull(3, 1, 9, 4, 5, 8, 1, 6) end,
  function() return c2d.hull(2, 2) end,                  -- a one-vertex Polygon
  function() return c2d.capsule(0, 0, 10, 0, 2) end,
  function() return c2d.fan(0, 0, 10, 1, 2) end,
  function() return c2d.fan(0, 0, 10, 1, 5) end,         -- opened beyond pi
}

-- Shapes passed as arguments (never as self): they must come out unchanged.
local held = {}
for i, make in ipairs(makers) do held[i] = make() end
local held_str = {}
for i, s in ipairs(held) do held_str[i] = tostring(s) end

-- Values that are wrong somewhere: every Lua type, a foreign userdata, and
-- numbers that are invalid, extreme or merely awkward.
local values = {
  nil, true, false, "x", "1", "", {}, { 1, 2 }, function() end,
  io.stdout, coroutine.create(function() end),
  nan, inf, -inf, 1e300, -1e300, 1e-300, -1e-300, 4.9e-324, 0, -0.0, -1,
  2 ^ 53, 7, 1e12, 0.5,
}
local NV = 26 -- values has holes (nil): iterate by index
if math.maxinteger then values[NV + 1] = math.maxinteger; values[NV + 2] = math.mininteger; NV = NV + 2 end

-- The module's functions and the methods every shape answers to.
local module_fns, methods = {}, {}
for name, f in pairs(c2d) do
  if type(f) == "function" then module_fns[#module_fns + 1] = name end
end
table.sort(module_fns)
local index = debug.getmetatable(held[1]).__index
for name in pairs(index) do methods[#methods + 1] = name end
table.sort(methods)

local calls = 0

-- Call f with the n arguments in args; demand success or a string error.
local function try(what, f, args, n)
  calls = calls + 1
  local res = pack(pcall(f, unpack(args, 1, n)))
  if not res[1] then
    assert(type(res[2]) == "string" and #res[2] > 0,
      ("%s: raised a %s instead of a message"):format(what, type(res[2])))
  end
  return res[1], res[2]
end

-- The numbers of a shape, to see that a failed call left it alone.
local function numbers(s)
  local ok, r = pcall(function() return pack(s:unpack()) end)
  return ok and r or nil
end

local function same_numbers(a, b)
  if a == nil or b == nil then return a == b end
  if a.n ~= b.n then return false end
  for i = 1, a.n do
    if not (a[i] == b[i] or (a[i] ~= a[i] and b[i] ~= b[i])) then return false end
  end
  return true
end

-- Calls with a fresh shape of each kind as self: a failure must not change it.
local function try_on_self(name, f, rest, n)
  for k, make in ipairs(makers) do
    local s = make()
    local before = numbers(s)
    local args = { s }
    for i = 1, n do args[i + 1] = rest[i] end
    local ok = try(("%s on kind %d"):format(name, k), f, args, n + 1)
    if not ok then
      assert(same_numbers(before, numbers(s)),
        ("%s on kind %d failed but changed the shape to %s"):format(name, k, tostring(s)))
    end
  end
end

-- Every argument pattern for one function.
local function sweep_function(name, f)
  try(name .. "()", f, {}, 0)
  for i = 1, NV do try(name .. "(v)", f, { values[i] }, 1) end
  for _, s in ipairs(held) do try(name .. "(shape)", f, { s }, 1) end
  for i = 1, NV do
    local v = values[i]
    try_on_self(name, f, { v }, 1)
    try_on_self(name, f, { v, v }, 2)
    try_on_self(name, f, { 1, v }, 2)
    try_on_self(name, f, { v, 1 }, 2)
    try_on_self(name, f, { 1, 2, v }, 3)
    try_on_self(name, f, { 1, 2, 3, v }, 4)
    try_on_self(name, f, { 1, 2, 3, 4, v }, 5)
    try_on_self(name, f, { 1, 2, held[4], v, 1 }, 5)
    try_on_self(name, f, { 1, 2, held[4], 1, v }, 5)
  end
  for _, t in ipairs(held) do
    try_on_self(name, f, { t }, 1)
    try_on_self(name, f, { 1, 2, t }, 3)
    try_on_self(name, f, { t, t, t, t, t }, 5)
  end
  try_on_self(name, f, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }, 12)
end

local constructors = {
  point = 2, segment = 4, line = 4, disk = 3, aabb = 4, box = 5,
  triangle = 6, polygon = 8, hull = 8, capsule = 5, fan = 5,
}

describe("bad input", function()
  it("finds the module's functions and the shape methods", function()
    assert.is_true(#module_fns >= 20)
    assert.is_true(#methods >= 8)
    for _, name in ipairs(methods) do
      assert.are.equal(index[name], c2d[name], name .. " is also a module function")
    end
  end)

  for _, name in ipairs(module_fns) do
    it("c2d." .. name .. " survives every wrong call", function()
      sweep_function("c2d." .. name, c2d[name])
    end)
  end

  it("constructors take every count and a wrong number in every place", function()
    for name, n in pairs(constructors) do
      local f = c2d[name]
      for count = 0, n + 2 do
        local good = {}
        for i = 1, count do good[i] = i % 3 end
        try(name .. " with valid numbers", f, good, count)
        for pos = 1, count do
          for i = 1, NV do
            local args = {}
            for j = 1, count do args[j] = good[j] end
            args[pos] = values[i]
            try(("%s, bad number #%d"):format(name, pos), f, args, count)
          end
        end
      end
    end
  end)

  it("polygon and hull tables: holes, bad entries, odd counts, too many", function()
    local big = {}
    for i = 1, 2 * 300 do big[i] = math.cos(i) * 100 end
    local circle = {}
    for i = 0, 299 do circle[2 * i + 1] = math.cos(i / 300 * 2 * math.pi); circle[2 * i + 2] = math.sin(i / 300 * 2 * math.pi) end
    local many = {}
    for i = 1, 20000 do many[i] = (i * 7919) % 1000 end
    local tables = {
      {}, { 1 }, { 1, 2, 3 }, { 1, nil, 3, 4, 5, 6 }, { 0, 0, 1, 0, "x", 1 },
      { 0, 0, 1, 0, 0, nan }, { 0, 0, 1, 0, 0, inf }, { 0, 0, 1, 0, {}, 1 },
      { 0, 0, 10, 0, 2, 2, 0, 10 }, big, circle, many, { x = 1, y = 2 },
    }
    for _, name in ipairs({ "polygon", "hull" }) do
      for _, t in ipairs(tables) do
        try(name .. "{...}", c2d[name], { t }, 1)
        try(name .. "{...}, extra", c2d[name], { t, 1 }, 2)
      end
      try(name .. "(unpack(many))", c2d[name], many, 600)
    end
    -- set() follows the same rules and keeps the shape on failure
    for _, t in ipairs(tables) do try_on_self("set{...}", c2d.set, { t }, 1) end
  end)

  it("foreign userdata, even with a shape's metatable, is not a shape", function()
    local fake = io.tmpfile()
    local fake_mt = debug.getmetatable(fake)
    for _, s in ipairs(held) do
      debug.setmetatable(fake, debug.getmetatable(s))
      for _, name in ipairs(methods) do
        try("fake shape:" .. name, c2d[name], { fake, held[4], 1, 2, 3 }, 5)
        try("shape:" .. name .. "(fake)", c2d[name], { held[4], fake, 1, 2, 3 }, 5)
      end
      try("tostring(fake)", tostring, { fake }, 1)
      try("fake == shape", function() return fake == s end, {}, 0)
    end
    debug.setmetatable(fake, fake_mt)
    fake:close()
  end)

  it("a shape wearing another kind's metatable is refused, not misread", function()
    for i, make in ipairs(makers) do
      for j, other in ipairs(held) do
        local s = make()
        local own = debug.getmetatable(s)
        debug.setmetatable(s, debug.getmetatable(other))
        for _, name in ipairs(methods) do
          try(("kind %d as kind %d: %s"):format(i, j, name), c2d[name], { s, held[4], 1, 2, 3 }, 5)
        end
        try("tostring", tostring, { s }, 1)
        debug.setmetatable(s, own)
      end
    end
  end)

  -- The pair queries' own check, in either place, beside a shape of every
  -- kind (of the same kind, the C binding looks the kind's metatable up once;
  -- of another, the one it wears may be its partner's). The C binding refuses
  -- the shape; the FFI front end, which only asks that the metatable be one of
  -- collide2d's, answers for the shape's own kind, as if it still wore its own
  -- (or, where it hands the call to the C binding, is refused there).
  it("a pair query refuses a shape wearing another kind's metatable, first or second", function()
    for i, make in ipairs(makers) do
      for j, other in ipairs(held) do
        for k, make_mate in ipairs(makers) do
          local s, mate = make(), make_mate()
          local own, worn = debug.getmetatable(s), debug.getmetatable(other)
          if worn ~= own then
            for _, name in ipairs { "hits", "distance", "contact", "covers" } do
              for place = 1, 2 do
                local args = place == 1 and { s, mate } or { mate, s }
                local truth = pack(pcall(c2d[name], args[1], args[2]))
                debug.setmetatable(s, worn)
                local got = pack(pcall(c2d[name], args[1], args[2]))
                debug.setmetatable(s, own)
                local what = ("kind %d as kind %d beside kind %d, %s, argument %d"):format(i, j, k, name, place)
                local refused = not got[1] and got[2]:find("collide2d shape expected", 1, true) ~= nil
                if c2d.backend == "capi" then
                  assert(refused, what .. ": " .. tostring(got[2]))
                else
                  assert(refused or same_numbers(truth, got), what)
                end
              end
            end
          end
        end
      end
    end
  end)

  it("metamethods called directly with wrong operands", function()
    local mt = debug.getmetatable(held[4])
    local operands = { nil, 1, "x", io.stdout, {}, held[4], held[8] }
    for i = 1, 7 do
      try("__tostring", mt.__tostring, { operands[i] }, 1)
      for j = 1, 7 do try("__eq", mt.__eq, { operands[i], operands[j] }, 2) end
    end
  end)

  it("user data of any type round-trips and never disturbs the shape", function()
    for _, make in ipairs(makers) do
      local s = make()
      local before = numbers(s)
      for i = 1, NV do
        local v = values[i]
        if v ~= nil then
          s:setUserData(v)
          local got = s:getUserData()
          assert.is_true(got == v or (v ~= v and got ~= got))
        end
      end
      assert.is_true(same_numbers(before, numbers(s)))
    end
  end)

  it("the shapes passed around are unchanged and still answer correctly", function()
    assert.is_true(calls > 10000)
    for i, s in ipairs(held) do assert.are.equal(held_str[i], tostring(s)) end
    -- disk (0,0) r5 and AABB [5,9]x[-2,2] touch at (5, 0)
    assert.is_true(held[4]:hits(held[5]))
    assert.is_true(held[5]:hits(held[4]))
    -- the point (1, 2) is inside the disk of radius 5 at the origin
    assert.is_true(held[4]:contains(1, 2))
    -- disk (0,0) r5 to the point... the other way: point (1,2) to triangle (0,0),(4,0),(0,3)
    -- lies inside it (3*1 + 4*2 = 11 <= 12), so the distance is 0
    assert.are.equal(0, (held[1]:distance(held[7])))
    -- segment (0,0)-(4,3) has length 5; the hull's lone vertex (2,2) is
    -- |3*2 - 4*2| / 5 = 0.4 from its line, with the foot inside the segment
    local d = held[2]:distance(held[10])
    assert.is_true(math.abs(d - 0.4) <= 1e-15)
    -- the box of width 4, height 2 turned by 0.5 holds its centre and not (3, 0)
    -- (the farthest a point of it reaches along x is 2 cos 0.5 + sin 0.5 = 2.23)
    assert.is_true(held[6]:contains(0, 0))
    assert.is_false(held[6]:contains(3, 0))
    -- the capsule (0,0)-(10,0) r2 and the line y = x meet (at the origin)
    assert.is_true(held[11]:hits(held[3]))
    -- the bboxes are still the ones the numbers give
    assert.are.same({ 5, -2, 9, 2 }, { held[5]:bbox() })
    assert.are.same({ -5, -5, 5, 5 }, { held[4]:bbox() })
  end)
end)
