local ok, e = pcall(error, { msg = "table error" })
local ok2, e2 = pcall(function() local t = nil; return t.x end)
local ok3, e3 = xpcall(function() error("deep", 2) end, function(m) return "handled: " .. tostring(m) end)
local ok4, e4 = pcall(string.rep)
local ok5, e5 = pcall(setmetatable, {}, { __gc = function() end })
local ok6 = pcall(pcall)
local depth = 0
local function rec() depth = depth + 1; return rec() + 1 end
local ok7, e7 = pcall(rec)
return ok, e, ok2, e2, ok3, e3, ok4, e4, ok5, e5, ok6, ok7, e7, depth
