-- Error messages name the function and argument as Lua's do (item 8).
print(pcall(string.find, nil, "x"))
local function f() return string.find(nil, "x") end
print(pcall(f))
print(pcall(function() return ("x"):gsub() end))
print(pcall(function() return ("x"):gsub("x") end))
print(pcall(setmetatable, {}, 1))
print(pcall(function() setmetatable({}, 1) end))
print(pcall(collectgarbage, "nooption"))
print(pcall(string.rep, "aa", 1 << 30))
print(pcall(string.rep, "x", -1))
print(pcall(table.insert, {}, 5, 1))
print(pcall(table.concat, {1, {}, 3}))
print(pcall(string.format, "%d", 1.5))
