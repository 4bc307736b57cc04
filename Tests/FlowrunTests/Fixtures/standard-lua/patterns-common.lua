-- Common patterns on ordinary text are never refused (item 9).
local s = "   " .. string.rep("word ", 130) .. "  "
print(#s, #s:match("^%s*(.-)%s*$"))
print(("x"):rep(20000):gsub("%s+$", ""):len())
local csv = string.rep("a,b,,c;", 2000)
local n = 0 for f in csv:gmatch("([^,;]*)") do n = n + 1 end print(n)
local cfg = "name = Old Faithful\nheight=55\n  kind =  geyser\n"
for k, v in cfg:gmatch("(%w+)%s*=%s*([^\n]*)") do print(k, v) end
print(("f(a(b)c)d"):match("%b()"))
local w = {} for x in ("THE (quick) fox"):gmatch("%f[%a]%a+") do w[#w + 1] = x end print(table.concat(w, "|"))
print(("hello world"):find("o w", 1, true))
print(string.gsub("abc", "%w", "%0%0"))
print(("aaa"):match("()a+()"))
