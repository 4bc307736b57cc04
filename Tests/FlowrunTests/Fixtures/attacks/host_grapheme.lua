-- class 9 (host): one grapheme cluster of 2.5 million combining marks
-- expect: exit 0
flow.register("host_grapheme", function(ctx)
  return { title = "m", sections = { { type = "text", text = "a" .. string.rep("\u{301}", 2500000) } } }
end)
