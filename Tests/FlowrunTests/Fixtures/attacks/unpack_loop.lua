-- class 2: unpacking 900,000 values again and again
-- expect: exit 1: CPU time limit|instruction budget
flow.register("unpack_loop", function(ctx)
local t = {} while true do local x = {table.unpack(t, 1, 900000)} end
return {title = 'done', sections = {}}
end)
