-- class 12 (host): an error whose message is ten million bytes
-- expect: exit 1: characters cut
flow.register("host_error_message", function(ctx)
  error(string.rep("x", 10000000))
end)
