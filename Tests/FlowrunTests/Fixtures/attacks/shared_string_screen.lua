-- class 6: 1,000 sections sharing one 10 MB string
-- expect: exit 1: returned an invalid screen|too large to copy|screen too large to render
flow.register("shared_string_screen", function(ctx)
local s = string.rep('x', 1e7) local secs = {} for i = 1, 1000 do secs[i] = {type = 'text', text = s} end
return {title = 'x', sections = secs}
end)
