-- class 9 (host): the same four million words as a phone's page
-- args: --format html
-- expect: exit 0
flow.register("host_text_words_html", function(ctx)
  return { title = "w", sections = { { type = "text", text = string.rep("a ", 4000000) } } }
end)
