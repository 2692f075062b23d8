-- Every request a different 1024 px activity PNG (tens of milliseconds of rendering each): overload for a
-- server with one render thread and a short render queue.
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format("/activity.png?p=%.4f,0.6,1.1&size=1024", (n % 100000) / 10000))
end
