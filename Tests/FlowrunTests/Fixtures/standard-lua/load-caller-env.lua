-- load without an environment runs in the calling file's (issue item 1).
x = 1
load("x = 2")()
print(x)
local function f() return load("return x")() end
print(f())
