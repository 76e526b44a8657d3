---@meta collide2d.ldtk
-- require "collide2d.ldtk" for lua-language-server: the class collide2d.ldtk,
-- declared with the rest of the API in ../collide2d.lua.

---@type collide2d.ldtk
local ldtk

return ldtk
