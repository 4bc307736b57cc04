-- class 3: utf8.len of 30 MB in a loop
-- expect: exit 1: CPU time limit
flow.register("utf8_len_loop", function(ctx)
local s = string.rep('x', 3e7) while true do utf8.len(s) end
return {title = 'done', sections = {}}
end)
