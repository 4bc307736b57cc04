-- class 3: rawequal on two 15 MB strings
-- expect: exit 1: CPU time limit
flow.register("rawequal_long", function(ctx)
local a = string.rep('x', 15e6) .. 'a' local b = string.rep('x', 15e6) .. 'b' while true do rawequal(a, b) end
return {title = 'done', sections = {}}
end)
