-- class 1: a tree of coroutines, each resuming fresh ones
-- expect: exit 1: instruction budget
flow.register("co_tree", function(ctx)
local function w(d) if d==0 then while true do end end while true do coroutine.resume(coroutine.create(w), d-1) end end
w(6)
return {title = 'done', sections = {}}
end)
