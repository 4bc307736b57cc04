-- class 3: '<' on two 15 MB strings
-- expect: exit 1: CPU time limit
flow.register("lt_long", function(ctx)
local a = string.rep('x', 15e6) .. 'a' local b = string.rep('x', 15e6) .. 'b' for i = 1, 1e7 do local _ = (a < b) end
return {title = 'done', sections = {}}
end)
