-- Yellowstone only: the park's geysers, nearest first when the visitor's position is
-- known (--at), with the reminder every visitor needs near thermal ground.
local ui = require("lib.ui")
local sites = require("lib.sites")

flow.register("geysers", function(ctx)
  local geysers = {}
  for _, site in ipairs(ctx.sites) do
    if site.category == "geyser" then geysers[#geysers + 1] = site end
  end
  local items = {}
  for i, site in ipairs(sites.ranked(ctx, geysers)) do
    if i > 15 then break end
    items[i] = { title = site.name,
                 detail = site.distance and site.bearing and (ui.distance(site.distance) .. " " .. ui.compass(site.bearing)) or nil,
                 action = ui.go("sites", { id = site.id }, "Open") }
  end
  return ui.screen("Geysers", {
    ui.notice("Stay on boardwalks and trails: thermal ground can be a thin crust over boiling water."),
    ui.list(#geysers .. " geysers" .. (ctx.at and ", nearest first" or ""), items, "No geysers found."),
    ui.button("All water features", ui.go("sites", { collection = "water" }, "Water"), "secondary"),
  }, ctx.park.name)
end)
