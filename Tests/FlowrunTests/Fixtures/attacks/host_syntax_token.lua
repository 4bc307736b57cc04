-- class 12 (host): a chunk whose syntax error quotes a 110 KB token
-- expect: exit 1: characters cut
flow.register("host_syntax_token", function(ctx)
  local f, message = load("x = " .. string.rep("9", 110000) .. "z")
  error(message)
end)
