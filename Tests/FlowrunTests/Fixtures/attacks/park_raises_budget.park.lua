-- content: a park.lua asking for 1 GiB and 1e9 instructions gets the host's ceilings
-- expect: exit 0: 
return {name = 'Greedy', center = {lat = 0, lon = 0}, budgets = {instructions = 1000000000, memory_mb = 1024}}
