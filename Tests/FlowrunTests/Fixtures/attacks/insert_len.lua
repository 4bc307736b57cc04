-- class 2: table.insert shifting 2^50 elements
-- expect: exit 1: instruction budget
flow.register("insert_len", function(ctx)
table.insert(setmetatable({}, {__len = function() return 2^50 end}), 1, 1)
return {title = 'done', sections = {}}
end)
