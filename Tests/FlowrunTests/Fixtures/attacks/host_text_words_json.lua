-- class 9 (host): the same four million words as JSON for an app
-- args: --format json
-- expect: exit 0
flow.register("host_text_words_json", function(ctx)
  return { title = "w", sections = { { type = "text", text = string.rep("a ", 4000000) } } }
end)
