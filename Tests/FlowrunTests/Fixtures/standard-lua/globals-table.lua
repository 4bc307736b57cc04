-- _G is a plain table holding the globals (item 7).
print(rawget(_G, "print") == print, rawget(_G, "string") == string, getmetatable(_G))
local names = {}
for k in pairs(_G) do names[#names + 1] = k end
table.sort(names)
local want = {}
for _, n in ipairs(names) do if n == "print" or n == "pairs" or n == "string" or n == "_G" or n == "require" then want[#want + 1] = n end end
print(table.concat(want, " "))
print(_G._G == _G, _ENV == _G)
newglobal = 5
print(rawget(_G, "newglobal"))
print(require("string") == string, require("_G") == _G)
