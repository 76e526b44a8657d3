---@meta collide2d.draw
-- require "collide2d.draw" for lua-language-server: the class collide2d.draw,
-- declared with the rest of the API in ../collide2d.lua.

---@type collide2d.draw
local draw

return draw
