local function gen(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local sum = 0
for v in gen(10) do if type(v) == "number" then sum = sum + v end end
local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local ok, err = pcall(coroutine.yield, c * 2)
  error({ code = 7 })
end)
local r = { coroutine.resume(co, 1, 2) }
r[#r + 1] = select(2, coroutine.resume(co, 10))
r[#r + 1] = coroutine.status(co)
r[#r + 1] = select("#", coroutine.resume(co))
r[#r + 1] = coroutine.isyieldable()
local inner = coroutine.wrap(function() return coroutine.running() end)
return sum, r, coroutine.close(coroutine.create(print)), inner
