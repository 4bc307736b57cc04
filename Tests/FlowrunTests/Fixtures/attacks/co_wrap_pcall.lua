-- class 1: wrapped coroutines called under pcall
-- expect: exit 1: instruction budget
flow.register("co_wrap_pcall", function(ctx)
local function w(d) if d==0 then while true do end end while true do pcall(coroutine.wrap(w), d-1) end end
w(6)
return {title = 'done', sections = {}}
end)
