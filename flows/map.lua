-- Map: the park's sites clustered for a camera. ctx.view holds what the request asked for,
-- parsed and checked by the host: center = {lat, lon} and zoom (default: the park's center
-- and zoom), or bbox = {west, south, east, north} instead of both; size = {width, height} is
-- always there (--size, else park.map.size).
-- A cluster's action zooms into it (its expansion zoom; following it keeps the size); a pin's
-- opens the site.
local ui = require("lib.ui")

local function camera(ctx)
  local view, park = ctx.view, ctx.park
  local width, height = view.size.width, view.size.height
  if view.bbox then
    local box = view.bbox
    local lat, lon, zoom = map.fit(box, width, height)
    return { lat = lat, lon = lon, zoom = zoom, width = width, height = height, box = box }
  end
  local center = view.center or park.center
  local lat, lon, zoom = center.lat, center.lon, view.zoom or park.zoom
  return { lat = lat, lon = lon, zoom = zoom, width = width, height = height,
           box = map.viewport(lat, lon, zoom, width, height) }
end

flow.register("map", function(ctx)
  local cam = camera(ctx)
  local zoom = math.floor(cam.zoom)
  local items = cluster.sites():clusters(cam.box, zoom)
  table.sort(items, function(a, b)
    if a.type ~= b.type then return a.type == "cluster" end
    if a.count ~= b.count then return a.count > b.count end
    return (a.name or "") < (b.name or "")
  end)

  local annotations, clusters, pins = {}, 0, 0
  for _, item in ipairs(items) do
    if item.type == "cluster" then
      clusters = clusters + 1
      annotations[#annotations + 1] = {
        type = "cluster", id = "c" .. item.id, coordinate = { item.lon, item.lat }, count = item.count,
        expansion_zoom = item.expansion_zoom, categories = item.categories,
        action = ui.go("map", { center = ("%.5f,%.5f"):format(item.lat, item.lon), zoom = item.expansion_zoom },
                       "Zoom in"),
      }
    else
      pins = pins + 1
      annotations[#annotations + 1] = {
        type = "pin", id = item.site_id or ("p" .. item.id), coordinate = { item.lon, item.lat },
        title = item.name or "Site", category = item.category,
        action = item.site_id and ui.go("sites", { id = item.site_id }, "Open") or nil,
      }
    end
  end

  local b = cam.box
  local summary
  if #items == 0 then summary = "No sites in this view."
  else summary = ("%d cluster%s and %d single site%s in view."):format(clusters, clusters == 1 and "" or "s", pins, pins == 1 and "" or "s") end
  return ui.screen(ctx.park.name, {
    { type = "map", id = "map",
      camera = { center = { cam.lon, cam.lat }, zoom = cam.zoom },
      bbox = { b.west, b.south, b.east, b.north },
      size = { width = cam.width, height = cam.height },
      annotations = annotations,
      boundary = map.boundary(b, cam.zoom) },
    ui.text(summary, "caption"),
  }, "Map")
end)
