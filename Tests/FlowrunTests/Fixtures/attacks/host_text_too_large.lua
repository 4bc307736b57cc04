-- class 9 (host): ten million one-letter words, more text than a screen may hold
-- expect: exit 1: returned a screen too large to render: more than 8192 KiB of text
flow.register("host_text_too_large", function(ctx)
  return { title = "w", sections = { { type = "text", text = string.rep("a ", 5000000) } } }
end)
