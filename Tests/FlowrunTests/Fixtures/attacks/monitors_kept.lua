-- class 5: a million geofence monitors kept
-- expect: exit 1: CPU time limit|instruction budget|memory cap
flow.register("monitors_kept", function(ctx)
local t = {} for i = 1, 1e6 do t[i] = geofence.monitor() end
return {title = 'done', sections = {}}
end)
