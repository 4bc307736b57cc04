-- Parks: the park browser. Every park of the project (ctx.parks), each opening that park's
-- home, which switches park: nearest first from the visitor's position (--at), with how far
-- its center is; alphabetically otherwise. The park this screen belongs to is marked.
local ui = require("lib.ui")

flow.register("parks", function(ctx)
  local at, entries = ctx.at, {}
  for i, park in ipairs(ctx.parks) do
    entries[i] = { park = park, name = park.name:lower(),
                   distance = at and geo.distance(at.lat, at.lon, park.lat, park.lon) or nil }
  end
  table.sort(entries, function(a, b)
    if a.distance and a.distance ~= b.distance then return a.distance < b.distance end
    if a.name ~= b.name then return a.name < b.name end
    return a.park.code < b.park.code
  end)

  local items = {}
  for i, entry in ipairs(entries) do
    local park = entry.park
    items[i] = {
      title = park.name,
      subtitle = park.state ~= "" and park.state or nil,
      detail = entry.distance and ui.distance(entry.distance) or nil,
      badge = park.code == ctx.park.code and "current" or nil,
      action = ui.go_park(park.code, "home", nil, "Open " .. park.name),
    }
  end
  local sections = {}
  if at then
    sections[1] = ui.text(("Nearest first from %.4f, %.4f (to each park's center)."):format(at.lat, at.lon), "caption")
  end
  sections[#sections + 1] = ui.list("Parks (" .. #items .. ")", items, "No parks are published yet.")
  return ui.screen("Parks", sections, ctx.park.name)
end)
