-- class 6: a DAG passed to a native function
-- expect: exit 1: returned an invalid screen|too large to copy|points[1].lat: number expected, got nil
flow.register("dag_native_argument", function(ctx)
local t = {} for i = 1, 41 do t = {t, t} end
cluster.index(t)
return {title = 'done', sections = {}}
end)
