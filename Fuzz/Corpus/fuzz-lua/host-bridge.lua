local r = {}
r[1] = { host.echo(1, 2.5, "s", true, nil, { a = { b = { 1, 2 } } }, print) }
r[2] = { pcall(host.fail, "from lua") }
r[3] = { host.call(function(x, y) return x, y, "back" end, 7, { 1 }) }
r[4] = { pcall(host.call, function() error("nested") end) }
r[5] = { pcall(host.decode, { title = "T", sections = { { type = "card", text = "c", ratio = 0.5, id = 9 } } }) }
r[6] = { pcall(host.decode, { title = 1 }) }
local t = host.tally()
t:add(2); t:add(3.5)
r[8] = t:grow(1000)
r[9] = { pcall(t.add, {}, 1) }
r[10] = tostring(t):sub(1, 10)
local cyc = {}; cyc.self = cyc
r[11] = { pcall(host.echo, cyc) }
return r, host.echo, t
