-- A script's top level is the main coroutine (item 6).
local co, main = coroutine.running()
print(type(co), main, coroutine.isyieldable())
print(pcall(coroutine.yield))
print(coroutine.status(co))
print(coroutine.resume(co))
local inner = coroutine.wrap(function() local _, m = coroutine.running() coroutine.yield(m, coroutine.isyieldable()) end)
print(inner())
