-- Every request a different picture: p in 0…9.999 by thousandths, size stepping every 10 000 requests.
local n = 0
request = function()
  n = n + 1
  local p = (n % 10000) / 1000
  local size = 64 + math.floor(n / 10000) % 1000
  return wrk.format("GET", "/ring?p=" .. string.format("%.3f", p) .. "&size=" .. size)
end
