-- For backend_spec: prints the outcome (values, or the error message) of
-- about 56,000 calls: every module function and method on every pair of
-- kinds with assorted wrong and right arguments, called as functions, as
-- methods and through pcall, then the World's methods, collide2d.bump and
-- its rect functions. Run under each LuaJIT backend, the outputs must be
-- equal line for line. Ends with "done".
local c2d = require "collide2d"
local bump = require "collide2d.bump"
local function fmt(v)
  if type(v) == "number" then return ("%.17g"):format(v) end
  if type(v) == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do
      local x = v[k] ; if x == nil then x = v[tonumber(k)] end
      parts[#parts + 1] = k .. "=" .. (type(x) == "table" and "{...}" or type(x) == "userdata" and tostring(x) or fmt(x))
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if type(v) == "userdata" then return "ud:" .. tostring(v) end
  return tostring(v)
end
local function show(what, ...)
  local r = { n = select("#", ...), ... }
  local parts = {}
  for i = 1, r.n do parts[i] = fmt(r[i]) end
  print(what, table.concat(parts, " | "))
end
local function try(what, f, ...)
  show(what, pcall(f, ...))
end
local makers = {
  function() return c2d.point(1, 2) end,
  function() return c2d.segment(0, 0, 3, 4) end,
  function() return c2d.line(0, 0, 1, 1) end,
  function() return c2d.disk(0, 0, 2) end,
  function() return c2d.aabb(1, 1, 2, 3) end,
  function() return c2d.box(0, 0, 4, 2, 0.5) end,
  function() return c2d.triangle(0, 0, 4, 0, 0, 4) end,
  function() return c2d.polygon(0, 0, 4, 0, 5, 3, 2, 5, -1, 3) end,
  function() return c2d.capsule(0, 0, 4, 0, 1) end,
  function() return c2d.fan(0, 0, 5, 0, 4) end,
  function() return c2d.concave(0, 0, 6, 0, 6, 6, 4, 6, 4, 2, 2, 2, 2, 6, 0, 6) end,
  function() return c2d.group(c2d.disk(0, 0, 1), c2d.aabb(3, 3, 1, 1)) end,
}
local args = { {}, { 1 }, { "x" }, { 0 / 0, 1 }, { 1, 2, 3, 4, 5, 6, 7 }, { io.stdout }, { {} }, { 1, 2, -1 }, { 1e300, -1e300, 5 } }
local names = {}
for k, v in pairs(c2d) do if type(v) == "function" then names[#names + 1] = k end end
table.sort(names)
for i, make in ipairs(makers) do
  for j, other in ipairs(makers) do
    local a, b = make(), other()
    for _, name in ipairs(names) do
      if name ~= "world" then
        try(i .. "/" .. j .. " " .. name, c2d[name], a, b)
        try(i .. "/" .. j .. " m:" .. name, function() local r = { a[name](a, b, 1, 2) } return unpack(r) end)
        for k, extra in ipairs(args) do
          try(i .. "/" .. j .. " " .. name .. " args" .. k, c2d[name], a, unpack(extra))
        end
      end
    end
  end
end
for _, name in ipairs(names) do
  for k, extra in ipairs(args) do try("bare " .. name .. " " .. k, c2d[name], unpack(extra)) end
end
-- the World
local w = c2d.world(8)
local shapes = {}
for i, make in ipairs(makers) do if i ~= 3 then shapes[i] = w:add(make(), i, 4294967295) end end
w:add(c2d.line(0, 0, 1, 1))
local wm = {}
for k in pairs(debug.getmetatable(w).__index) do wm[#wm + 1] = k end
table.sort(wm)
for _, name in ipairs(wm) do
  try("w:" .. name .. " 0", function() local r = { w[name](w) } return unpack(r) end)
  for k, extra in ipairs(args) do try("w:" .. name .. " " .. k, function() local r = { w[name](w, unpack(extra)) } return unpack(r) end) end
  try("w:" .. name .. " s", function() local r = { w[name](w, shapes[4], 3, 4, function() return "bounce" end) } return unpack(r) end)
  try("w:" .. name .. " s2", function() local r = { w[name](w, shapes[5], 10, -4, function() return "cross" end) } return unpack(r) end)
  try("w." .. name .. " bad", w[name], 3)
end
show("w pairs", w:collisions())
show("w ray", w:raycast(-10, 0.5, 1, 0, 100))
show("w seg", #w:querySegment(-10, 0.5, 10, 0.5))
w:addResponse("stick", function(_world, _col, x, y) return x, y end)
show("w stick", w:move(shapes[4], 20, 20, function() return "stick" end))
show("w push", w:push(shapes[9]))
-- bump
local bw = bump.newWorld(16)
for i = 1, 20 do bw:add("i" .. i, (i * 7) % 50, (i * 13) % 40, 5 + i % 3, 4 + i % 5) end
for i = 1, 20 do
  show("bump move " .. i, bw:move("i" .. i, (i * 11) % 60, (i * 3) % 50, function(_item, other) return ({ "slide", "touch", "cross", "bounce" })[#other % 4 + 1] end))
  show("bump check " .. i, bw:check("i" .. i, -5, 7))
end
show("bump seg", bw:querySegmentWithCoords(0, 0, 60, 50))
try("bump bad", function() return bw:move("nope", 1, 2) end)
try("bump bad2", function() return bw:add("z", 0, 0, -1, 2) end)
try("rect span", bump.rect.getSegmentIntersectionIndices, 0, 0, 10, 10, -5, 5, 15, 5)
try("rect detect", bump.rect.detectCollision, 0, 0, 10, 10, 5, 5, 10, 10, 20, 20)
try("rect bad", bump.rect.detectCollision, 0, 0, 10, 10, 5, 5, 10)
print("done")
