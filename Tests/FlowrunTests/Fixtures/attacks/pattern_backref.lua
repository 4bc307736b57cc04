-- class 4: a back-reference over 10 MB
-- expect: exit 1: CPU time limit|instruction budget
flow.register("pattern_backref", function(ctx)
string.find(string.rep('a', 1e7), '^(.*)%1x')
return {title = 'done', sections = {}}
end)
