-- content: a park.lua that allocates without end
-- expect: exit 2: memory cap
local t = {} while true do t[#t + 1] = {} end
