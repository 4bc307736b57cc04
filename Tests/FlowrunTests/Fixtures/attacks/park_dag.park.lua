-- content: a park.lua returning a DAG
-- expect: exit 2: too large to copy
local t = {} for i = 1, 41 do t = {t, t} end
return {name = 'x', center = {lat = 0, lon = 0}, theme = t}
