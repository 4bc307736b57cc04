-- class 4: exponential backtracking
-- expect: exit 1: CPU time limit|instruction budget
flow.register("pattern_backtrack", function(ctx)
for i = 1, 1e6 do string.find(('a'):rep(30), ('a?'):rep(30) .. ('a'):rep(30)) end
return {title = 'done', sections = {}}
end)
