-- class 10 (host): printing fifty lines of a million control characters
-- expect: exit 0: output limit reached: 1048576 bytes
flow.register("host_print_flood", function(ctx)
  local s = string.rep("\27", 1000000)
  for i = 1, 50 do print(s) end
  return { title = "p", sections = { { type = "text", text = "printed" } } }
end)
