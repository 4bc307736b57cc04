-- class 3: '..' on a 15 MB string in a loop
-- expect: exit 1: CPU time limit|instruction budget
flow.register("concat_loop", function(ctx)
local a = string.rep('x', 15e6) while true do local b = a .. 'y' end
return {title = 'done', sections = {}}
end)
