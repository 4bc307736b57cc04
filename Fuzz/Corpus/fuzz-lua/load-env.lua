local f = load("return 1 + ...")
local g = load(function() local parts = { "return ", "'pieces'" } local i = 0 return function() i = i + 1 return parts[i] end end)
local env = { x = 5 }
local h = load("x = x * 2; return x", "=chunk", "t", env)
local bad, err = load("\27Lua binary?")
local bad2, err2 = load("return +", "=syntax")
local bad3, err3 = load("return 1", "b", "b")
local r = {}
r[1] = f(41); r[2] = h(); r[3] = env.x; r[4] = err; r[5] = err2; r[6] = err3
r[7] = select("#", load("return ...")(1, 2, 3))
r[8] = require and pcall(require, "fuzz.a")
r[9] = pcall(require, "fuzz.bad")
r[10] = pcall(require, "nope")
r[11] = require and require("fuzz.a").twice(21)
return r, type(io), type(os.execute), type(debug), os.time(), os.date("!%Y-%m-%d", 0), os.clock() >= 0
