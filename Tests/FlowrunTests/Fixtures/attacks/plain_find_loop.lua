-- class 4: plain find of 5 MB in 10 MB, repeated
-- expect: exit 1: CPU time limit|instruction budget
flow.register("plain_find_loop", function(ctx)
local s, p = ('a'):rep(1e7), ('a'):rep(5e6) .. 'b' for i = 1, 1e6 do string.find(s, p, 1, true) end
return {title = 'done', sections = {}}
end)
