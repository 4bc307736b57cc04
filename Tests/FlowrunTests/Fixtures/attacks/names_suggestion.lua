-- class 7: 200 actions to unknown 60 KB-named flows
-- expect: exit 1: invalid screen|screen too large to render
flow.register("names_suggestion", function(ctx)
local secs = {} for i = 1, 200 do secs[i] = {type = 'button', label = 'x', action = {type = 'go', flow = string.rep('a', 60000) .. i}} end
return {title = 'x', sections = secs}
end)
