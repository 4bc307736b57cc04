-- class 3: load of a 20 MB chunk in a loop
-- expect: exit 1: budget|CPU time limit
flow.register("load_comment", function(ctx)
local src = '--[[' .. string.rep('x', 2e7) .. ']]' while true do load(src) end
return {title = 'done', sections = {}}
end)
