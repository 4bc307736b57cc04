-- class 2: table.move over 2^50 elements
-- expect: exit 1: instruction budget
flow.register("move_huge", function(ctx)
table.move({}, 1, 2^50, 2)
return {title = 'done', sections = {}}
end)
