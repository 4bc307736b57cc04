-- load's env argument may be any value; an explicit nil is nil (item 2).
print(load("return _ENV", nil, nil, 123)())
print(load("return _ENV", nil, nil, nil)())
print(load("return _ENV", nil, nil, "s")())
local env = {y = 7}
print(load("return y", "c", "t", env)())
