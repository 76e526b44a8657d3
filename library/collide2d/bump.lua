---@meta collide2d.bump
-- require "collide2d.bump" for lua-language-server: the class collide2d.bump,
-- declared with the rest of the API in ../collide2d.lua.

---@type collide2d.bump
local bump

return bump
