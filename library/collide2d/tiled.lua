---@meta collide2d.tiled
-- require "collide2d.tiled" for lua-language-server: the class collide2d.tiled,
-- declared with the rest of the API in ../collide2d.lua.

---@type collide2d.tiled
local tiled

return tiled
