-- class 3: tonumber of 30 MB of blanks in a loop
-- expect: exit 1: CPU time limit
flow.register("tonumber_loop", function(ctx)
local s = string.rep(' ', 3e7) while true do tonumber(s) end
return {title = 'done', sections = {}}
end)
