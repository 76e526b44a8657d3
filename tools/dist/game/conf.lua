-- A headless LÖVE game (no window, graphics or sound) for make dist-check.
function love.conf(t)
  t.identity = "collide2d-dist-check"
  t.window = false
  t.modules.window = false
  t.modules.graphics = false
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
