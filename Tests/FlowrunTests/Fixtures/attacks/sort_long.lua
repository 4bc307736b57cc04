-- class 3: sorting 2,000 references to a 15 MB string
-- expect: exit 1: CPU time limit|instruction budget
flow.register("sort_long", function(ctx)
local a = string.rep('x', 15e6) local t = {} for i = 1, 2000 do t[i] = a end table.sort(t)
return {title = 'done', sections = {}}
end)
