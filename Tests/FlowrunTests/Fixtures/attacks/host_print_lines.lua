-- class 10 (host): past the output limit, a billion more prints: each call still costs instructions, and the budget ends it
-- expect: exit 1: output limit reached
flow.register("host_print_lines", function(ctx)
  print(string.rep("x", 2000000))
  for i = 1, 1e9 do print("") end
  return { title = "p", sections = {} }
end)
