-- collide2d.json: the small JSON reader the map loaders share
-- (collide2d.tiled, collide2d.ldtk), so the package holds one.
--
--   local json = require "collide2d.json"
--   local value = json.decode(text, "collide2d.tiled")
--
-- It reads objects, arrays, strings (\u escapes as UTF-8), numbers, true,
-- false and null, which is nil: a key whose value is null is absent from its
-- table. A fault is an error "<who>: bad JSON at character N: what", without
-- a position in Lua code (the text is at fault, not a line of the caller's).
-- It is not a general JSON library: it writes nothing, and a null inside an
-- array leaves a hole there.
local json = {}

local function json_error(who, i, what)
  error(("%s: bad JSON at character %d: %s"):format(who, i, what), 0)
end

local escapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }

local function skip(s, i)
  return s:find("[^ \t\r\n]", i) or #s + 1
end

local decode_value

local function decode_string(s, i, who)
  local out, j = {}, i + 1
  while true do
    local k = s:find('["\\]', j)
    if not k then json_error(who, i, "unterminated string") end
    out[#out + 1] = s:sub(j, k - 1)
    if s:sub(k, k) == '"' then return table.concat(out), k + 1 end
    local e = s:sub(k + 1, k + 1)
    if e == "u" then
      local code = tonumber(s:sub(k + 2, k + 5), 16)
      if not code then json_error(who, k, "bad \\u escape") end
      if code < 128 then out[#out + 1] = string.char(code)
      elseif code < 2048 then out[#out + 1] = string.char(192 + math.floor(code / 64), 128 + code % 64)
      else out[#out + 1] = string.char(224 + math.floor(code / 4096), 128 + math.floor(code / 64) % 64, 128 + code % 64) end
      j = k + 6
    elseif escapes[e] then
      out[#out + 1] = escapes[e]
      j = k + 2
    else
      json_error(who, k, "bad escape")
    end
  end
end

function decode_value(s, i, who)
  i = skip(s, i)
  local c = s:sub(i, i)
  if c == "{" then
    local t = {}
    i = skip(s, i + 1)
    if s:sub(i, i) == "}" then return t, i + 1 end
    while true do
      if s:sub(i, i) ~= '"' then json_error(who, i, "object key expected") end
      local key
      key, i = decode_string(s, i, who)
      i = skip(s, i)
      if s:sub(i, i) ~= ":" then json_error(who, i, "':' expected") end
      t[key], i = decode_value(s, i + 1, who)
      i = skip(s, i)
      c = s:sub(i, i)
      if c == "}" then return t, i + 1 end
      if c ~= "," then json_error(who, i, "',' or '}' expected") end
      i = skip(s, i + 1)
    end
  elseif c == "[" then
    local t, n = {}, 0
    i = skip(s, i + 1)
    if s:sub(i, i) == "]" then return t, i + 1 end
    while true do
      n = n + 1
      t[n], i = decode_value(s, i, who)
      i = skip(s, i)
      c = s:sub(i, i)
      if c == "]" then return t, i + 1 end
      if c ~= "," then json_error(who, i, "',' or ']' expected") end
      i = i + 1
    end
  elseif c == '"' then
    return decode_string(s, i, who)
  elseif s:find("^true", i) then return true, i + 4
  elseif s:find("^false", i) then return false, i + 5
  elseif s:find("^null", i) then return nil, i + 4
  end
  local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  if not num or not tonumber(num) then json_error(who, i, "value expected") end
  return tonumber(num), i + #num
end

-- json.decode(text, who) -> the value the whole text holds; who names the
-- module in its errors ("collide2d.tiled", "collide2d.ldtk").
function json.decode(s, who)
  local value, i = decode_value(s, 1, who)
  if skip(s, i) <= #s then json_error(who, i, "text after the value") end
  return value
end

return json
