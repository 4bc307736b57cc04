local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({ x = a.x + b.x }, V) end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b) return a.x < b.x end
V.__le = function(a, b) return a.x <= b.x end
V.__tostring = function(a) return "V(" .. a.x .. ")" end
V.__len = function(a) return a.x end
V.__call = function(self, y) return self.x * y end
V.__concat = function(a, b) return tostring(a) .. tostring(b) end
V.__close = function() end
V.__name = "Vec"
local a, b = setmetatable({ x = 1 }, V), setmetatable({ x = 2 }, V)
local proxy = setmetatable({}, { __index = function(t, k) return k .. "!" end,
                                 __newindex = function(t, k, v) rawset(t, k, v * 2) end,
                                 __pairs = function(t) return next, t, nil end })
proxy.z = 21
local locked = setmetatable({}, { __metatable = "locked" })
local ok, e = pcall(setmetatable, locked, {})
local ok2, e2 = pcall(setmetatable, "", {})
local smt = getmetatable("")
local weak = setmetatable({}, { __mode = "k" })
weak[{}] = 1
do local c <close> = a end
return tostring(a + b), a == b, a < b, a <= b, #b, a(10), a .. b, proxy.y, proxy.z, getmetatable(locked), ok, e, ok2, e2, smt, collectgarbage("count") > 0
