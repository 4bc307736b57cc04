-- class 9 (host): a text of a million ESC bytes, each shown escaped to a terminal
-- expect: exit 0
flow.register("host_escapes", function(ctx)
  return { title = "e", sections = { { type = "text", text = string.rep("\27", 1000000) } } }
end)
