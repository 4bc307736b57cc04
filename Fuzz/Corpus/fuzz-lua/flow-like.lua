local ui = {}
function ui.text(s) return { type = "text", text = s } end
function ui.go(flow, args) return { go = flow, args = args } end
function ui.screen(title, sections) return { schema = "flowrun/screen@1", title = title, sections = sections } end
local sites = {
  { id = "a", name = "Fort Point", lat = 37.8106, lon = -122.4771, category = "fort" },
  { id = "b", name = "Baker Beach", lat = 37.7936, lon = -122.4836, category = "beach" },
}
table.sort(sites, function(x, y) return x.name < y.name end)
local items = {}
for i, s in ipairs(sites) do
  items[#items + 1] = { type = "card", text = ("%d. %s (%.3f, %.3f)"):format(i, s.name, s.lat, s.lon),
                        action = ui.go("site", { id = s.id }), lat = s.lat, lon = s.lon, zoom = 14 }
end
return ui.screen("Golden Gate", { ui.text("Welcome"), { type = "list", items = items } })
