-- class 10 (host): warnings of a million bytes each
-- expect: exit 0: output limit reached: 1048576 bytes
flow.register("host_warn_flood", function(ctx)
  warn("@on")
  local s = string.rep("w", 1000000)
  for i = 1, 50 do warn(s, s) end
  return { title = "w", sections = { { type = "text", text = "warned" } } }
end)
