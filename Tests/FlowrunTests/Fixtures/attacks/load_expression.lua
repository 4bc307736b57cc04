-- class 3: load of a 10 MB expression in a loop
-- expect: exit 1: budget|CPU time limit
flow.register("load_expression", function(ctx)
local src = 'return ' .. string.rep('1+', 5e6) .. '1' while true do load(src) end
return {title = 'done', sections = {}}
end)
