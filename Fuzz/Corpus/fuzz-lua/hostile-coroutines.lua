local function f() return coroutine.wrap(function() while true do coroutine.yield() end end) end
local n = 0
while true do local c = f() for i = 1, 100 do c() n = n + 1 end end
