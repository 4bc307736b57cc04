-- class 3: '==' on two distinct 15 MB strings ten million times
-- expect: exit 1: CPU time limit
flow.register("eq_long", function(ctx)
local a = string.rep('x', 15e6) .. 'a' local b = string.rep('x', 15e6) .. 'b' for i = 1, 1e7 do local _ = (a == b) end
return {title = 'done', sections = {}}
end)
