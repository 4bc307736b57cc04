-- class 3: full collections of a big heap in a loop
-- expect: exit 1: CPU time limit|instruction budget
flow.register("gc_loop", function(ctx)
local t = {} for i = 1, 5e5 do t[i] = {i} end while true do collectgarbage() end
return {title = 'done', sections = {}}
end)
