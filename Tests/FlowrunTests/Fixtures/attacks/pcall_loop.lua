-- class 1: pcall swallowing the budget error
-- expect: exit 1: instruction budget
flow.register("pcall_loop", function(ctx)
while true do pcall(function() while true do end end) end
return {title = 'done', sections = {}}
end)
