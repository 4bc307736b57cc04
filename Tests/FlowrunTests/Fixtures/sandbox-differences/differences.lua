-- Where the sandbox differs from stock Lua 5.4 on purpose (README: "The sandbox").
-- Each line prints what flowrun gives; the reason is in the README's table.
print(pcall(load, "\27Lua\84\0", "bin", "bt"))              -- binary chunks: refused
print(load("\27Lua\84\0", "bin", "bt"))
print(pcall(setmetatable, {}, {__gc = print}))              -- __gc: refused
print(getmetatable(""))                                     -- string metatable: locked
print(io, debug, package, dofile, loadfile, string.dump)    -- absent libraries
print(os.exit, os.getenv, os.remove, os.execute, type(os.time), type(os.clock), type(os.date))
string.upper = nil                                          -- library tables: the file's own copy
print(pcall(function() return ("x"):upper() end))
print(collectgarbage("incremental"))                        -- incremental by default (lua.c: generational)
warn("@on") warn("shown ", "on standard error")             -- warn: to standard error, as lua.c
print(select("#", require("string")), pcall(require, "socket"))
