-- class 3: ar.project of 8,000 sites at one spot, in a loop
-- expect: exit 1: CPU time limit|instruction budget
flow.register("ar_one_spot", function(ctx)
local s = {} for i = 1, 8000 do s[i] = {id = 'p' .. i, name = 'P' .. i, lat = 37.81, lon = -122.47} end while true do ar.project{lat = 37.8, lon = -122.47, heading = 0, sites = s} end
return {title = 'done', sections = {}}
end)
