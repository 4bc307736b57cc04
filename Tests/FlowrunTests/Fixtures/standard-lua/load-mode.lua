-- load's mode: "bt" (the default) and "t" take text; a reader function works (item 5).
print(load("return 1", nil, "bt")())
print(load("return 2", nil, "t")())
print(load("return 3", "c", nil)())
print(load("return 4", nil, "b"))
local parts = {"return ", "5"}
local i = 0
print(load(function() i = i + 1 return parts[i] end)())
