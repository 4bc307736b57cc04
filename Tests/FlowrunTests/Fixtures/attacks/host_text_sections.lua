-- class 9 (host): one 64 KiB string in 200 sections, 12.5 MiB of text counted per place it appears
-- expect: exit 1: returned a screen too large to render: more than 8192 KiB of text
flow.register("host_text_sections", function(ctx)
  local s, sections = string.rep("abcdefg ", 8192), {}
  for i = 1, 200 do sections[i] = { type = "text", text = s } end
  return { title = "s", sections = sections }
end)
