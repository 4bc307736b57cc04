local before = host.echo(1)
local ok, e = pcall(host.call, function() while true do end end)
return before, ok, e
