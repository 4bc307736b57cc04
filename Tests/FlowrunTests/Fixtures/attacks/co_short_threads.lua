-- class 1: threads that each finish before their first hook
-- expect: exit 1: instruction budget
flow.register("co_short_threads", function(ctx)
for i = 1, 1e9 do coroutine.wrap(function() for j = 1, 90 do end end)() end
return {title = 'done', sections = {}}
end)
