-- A headless LÖVE game: no window, no graphics, no sound.
function love.conf(t)
  t.identity = "collide2d-test"
  t.window = false
  t.modules.window = false
  t.modules.graphics = false
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
