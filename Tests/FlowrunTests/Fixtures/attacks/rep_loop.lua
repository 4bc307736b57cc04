-- class 3: string.rep of 30 MB in a loop
-- expect: exit 1: CPU time limit|instruction budget
flow.register("rep_loop", function(ctx)
while true do local s = string.rep('x', 3e7) end
return {title = 'done', sections = {}}
end)
