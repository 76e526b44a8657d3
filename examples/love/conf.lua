function love.conf(t)
  t.identity = "collide2d-demo"
  t.window.title = "collide2d"
  t.window.width = 800
  t.window.height = 600
end
