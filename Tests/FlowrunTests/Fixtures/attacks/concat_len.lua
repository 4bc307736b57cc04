-- class 2: table.concat over a __len of 2^50
-- expect: exit 1: instruction budget
flow.register("concat_len", function(ctx)
table.concat(setmetatable({}, {__len = function() return 2^50 end, __index = function() return '' end}))
return {title = 'done', sections = {}}
end)
