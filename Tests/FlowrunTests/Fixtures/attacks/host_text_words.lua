-- class 9 (host): a text of four million one-letter words, just under the screen's 8 MiB of text, laid out for a terminal
-- expect: exit 0
flow.register("host_text_words", function(ctx)
  return { title = "w", sections = { { type = "text", text = string.rep("a ", 4000000) } } }
end)
