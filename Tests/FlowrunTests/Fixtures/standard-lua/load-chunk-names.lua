-- load names a chunk [string "..."] as Lua does (item 4).
print(pcall(load("error('e')")))
print(pcall(load("\n\nerror('e')")))
print(pcall(load("local x = 1\nerror('two lines')")))
print(pcall(load(string.rep("x", 80) .. " = nil error('long')")))
print(pcall(load("error('named')", "=mine")))
print(pcall(load("error('at')", "@file.lua")))
print(load("x = = 1"))
