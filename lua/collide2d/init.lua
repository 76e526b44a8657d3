-- require "collide2d" when this folder is on the Lua path: finds the native
-- module (collide2d.so or collide2d.dll) and loads it. Its luaopen_collide2d
-- builds the module; this file only says where the library is.
--
-- Where it looks, in order; the first library that loads wins:
--   1. under LuaJIT, the copy shipped in this folder's <os>-<arch>/ subfolder
--      (collide2d/linux-x64/collide2d.so, collide2d/windows-x64/collide2d.dll,
--      collide2d/osx-arm64/collide2d.so: jit.os and jit.arch, lower case);
--   2. in LÖVE, when that copy is inside a .love or a fused executable (no
--      library loads from there), the same file copied to the save directory;
--   3. in LÖVE, collide2d.so/.dll next to the .love or the fused executable
--      (love.filesystem.getSourceBaseDirectory());
--   4. in LÖVE, collide2d.so/.dll in the save directory;
--   5. package.cpath, as Lua's own require searches it.

local MODULE = "collide2d"           -- the library's file name and luaopen_ name
local SYMBOL = "luaopen_" .. MODULE

local modname = ...
if type(modname) ~= "string" then modname = MODULE end

local dirsep = package.config:sub(1, 1)
local FILE = MODULE .. (dirsep == "\\" and ".dll" or ".so")
local love_fs = type(love) == "table" and love.filesystem or nil

local tried = {}

-- The loader of the library at path, or nil (the reason kept for the error).
local function try(path)
  if dirsep == "\\" then path = path:gsub("/", "\\") end
  local open, err = package.loadlib(path, SYMBOL)
  if open then return open, path end
  err = tostring(err):gsub("[\r\n]+$", "")
  if not err:find(path, 1, true) then err = path .. ": " .. err end
  tried[#tried + 1] = "\n\t" .. err
  return nil
end

-- The platform folder of the shipped library (e.g. "linux-x64"), or nil when
-- this runtime is not LuaJIT (the shipped libraries are built for LuaJIT only).
local function shipped()
  if type(jit) ~= "table" or not jit.os then return nil end
  return (jit.os .. "-" .. jit.arch):lower()
end

-- The folder this file is in, as a path on disk (outside LÖVE).
local function own_dir()
  local source = debug.getinfo(1, "S").source
  if source:sub(1, 1) ~= "@" then return nil end
  return source:sub(2):match("^(.*)[/\\][^/\\]*$") or "."
end

-- The library at rel inside the .love, copied to the save directory as
-- collide2d-<platform>.so or .dll (rewritten only when it differs, so a new
-- version of the game replaces it), so that it can load from disk.
local function extract(rel, platform)
  local bytes = love_fs.read(rel)
  if not bytes then return nil end
  local copy = FILE:gsub("^" .. MODULE, MODULE .. "-" .. platform)
  if love_fs.read(copy) ~= bytes and not love_fs.write(copy, bytes) then
    tried[#tried + 1] = "\n\tcould not write " .. copy .. " in the save directory"
    return nil
  end
  return try(love_fs.getSaveDirectory() .. "/" .. copy)
end

local function locate()
  local platform = shipped()
  local open, path
  if platform then
    local rel = modname:gsub("%.", "/") .. "/" .. platform .. "/" .. FILE
    if love_fs then
      local real = love_fs.getRealDirectory(rel)
      if real then
        open, path = try(real .. "/" .. rel)
        if open then return open, path end
        open, path = extract(rel, platform)
        if open then return open, path end
      end
    else
      local dir = own_dir()
      if dir then
        open, path = try(dir .. "/" .. platform .. "/" .. FILE)
        if open then return open, path end
      end
    end
  end
  if love_fs then
    open, path = try(love_fs.getSourceBaseDirectory() .. "/" .. FILE)
    if open then return open, path end
    open, path = try(love_fs.getSaveDirectory() .. "/" .. FILE)
    if open then return open, path end
  end
  for template in package.cpath:gmatch("[^;]+") do
    local candidate = template:gsub("%?", MODULE)
    local f = io.open(candidate, "rb")
    if f then
      f:close()
      open, path = try(candidate)
      if open then return open, path end
    else
      tried[#tried + 1] = "\n\tno file '" .. candidate .. "'"
    end
  end
  return nil
end

local open, path = locate()
if not open then
  error("module '" .. modname .. "': the native library " .. MODULE
    .. " was not found or did not load:" .. table.concat(tried), 2)
end
return open(modname, path)
