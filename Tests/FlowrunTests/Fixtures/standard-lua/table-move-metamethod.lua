-- A huge range that a metamethod ends at once costs what it did (official sort.lua).
local a = setmetatable({}, {__index = function(_, k) return k end, __newindex = function(_, k) error("stop at " .. k) end})
print(pcall(table.move, a, 1, math.maxinteger, 2))
print(pcall(table.insert, setmetatable({}, {__len = function() return math.maxinteger - 1 end, __index = function() error("first read") end}), 1, 0))
print(pcall(table.concat, setmetatable({}, {__len = function() return 1 << 50 end, __index = function(_, i) if i > 2 then error("no " .. i) end return "v" end})))
