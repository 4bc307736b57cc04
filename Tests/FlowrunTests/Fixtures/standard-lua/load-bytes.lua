-- Lua strings are bytes: load, files and %q keep them as they are (item 3).
print(#load("return '\xff'")())
local s = "\xff\0\r\n\x80\xc3"
print(load("return " .. string.format("%q", s))() == s)
print(#"été", ("é"):byte())
print(load("return 'ÿ\xfe'")():byte(1, -1))
