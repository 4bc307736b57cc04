-- class 4: a 5 MB literal pattern over 10 MB
-- expect: exit 1: CPU time limit|instruction budget
flow.register("pattern_literal", function(ctx)
string.match(('a'):rep(1e7), ('a'):rep(5e6) .. 'b')
return {title = 'done', sections = {}}
end)
