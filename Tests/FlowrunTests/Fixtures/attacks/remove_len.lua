-- class 2: table.remove shifting 2^50 elements
-- expect: exit 1: instruction budget
flow.register("remove_len", function(ctx)
table.remove(setmetatable({}, {__len = function() return 2^50 end}), 1)
return {title = 'done', sections = {}}
end)
