local t = {}
for i = 1, 50 do t[i] = (i * 7919) % 101 end
table.sort(t)
table.sort(t, function(a, b) return a > b end)
table.insert(t, 1, -1)
table.insert(t, 0)
local removed = table.remove(t, 2)
local moved = table.move(t, 1, 10, 5, {})
local packed = table.pack(1, nil, 3)
local a, b, c = table.unpack({ 1, 2, 3 }, 2)
local ok, e = pcall(table.sort, { 3, 1, "x" })
local ok2 = pcall(table.concat, { 1, {}, 3 })
return table.concat(t, ",", 1, 10), removed, moved, packed.n, a, b, c, ok, e, ok2, #t, next({}), rawlen({ 1, 2 }), rawequal(t, t)
