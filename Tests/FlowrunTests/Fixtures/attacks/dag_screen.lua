-- class 6: a returned screen built as a DAG of 41 tables
-- expect: exit 1: returned an invalid screen|too large to copy
flow.register("dag_screen", function(ctx)
local t = {} for i = 1, 41 do t = {t, t} end
return {title = 'x', sections = {t}}
end)
