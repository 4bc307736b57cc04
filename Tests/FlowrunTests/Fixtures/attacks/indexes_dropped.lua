-- class 5: cluster indexes built and dropped in a loop
-- expect: exit 1: CPU time limit|instruction budget
flow.register("indexes_dropped", function(ctx)
local pts = {} for i = 1, 2000 do pts[i] = {lat = 37 + i * 1e-4, lon = -122} end while true do cluster.index(pts) end
return {title = 'done', sections = {}}
end)
