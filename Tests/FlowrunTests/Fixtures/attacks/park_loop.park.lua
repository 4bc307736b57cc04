-- content: a park.lua that never returns
-- expect: exit 2: instruction budget
while true do end
