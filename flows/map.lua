-- Map: the park's sites clustered for a camera. Arguments (all optional, as strings):
--   center = "LAT,LON" (default: the park's centre), zoom = "12" (default: the park's zoom),
--   size = "390x844" (default: park.map.size), or bbox = "W,S,E,N" instead of centre and zoom.
-- A cluster's action zooms into it (its expansion zoom); a pin's opens the site.
local ui = require("lib.ui")

local function numbers(text, count, what, example)
  local out = {}
  for part in (text .. ","):gmatch("([^,]*),") do out[#out + 1] = tonumber(part) end
  if #out ~= count then
    error(("%s: expected %s, got '%s'"):format(what, example, text), 2)
  end
  return out
end

local function camera(ctx)
  local args, park = ctx.args, ctx.park
  local size = args.size or park.map.size
  local width, height = size:match("^(%d+%.?%d*)x(%d+%.?%d*)$")
  width, height = tonumber(width), tonumber(height)
  if not width then error(("size: expected WIDTHxHEIGHT such as 390x844, got '%s'"):format(size)) end
  if args.bbox then
    local b = numbers(args.bbox, 4, "bbox", "W,S,E,N such as -122.52,37.74,-122.40,37.82")
    local box = { west = b[1], south = b[2], east = b[3], north = b[4] }
    local lat, lon, zoom = map.fit(box, width, height)
    return { lat = lat, lon = lon, zoom = zoom, width = width, height = height, box = box }
  end
  local lat, lon = park.center.lat, park.center.lon
  if args.center then
    local c = numbers(args.center, 2, "center", "LAT,LON such as 37.80,-122.46")
    lat, lon = c[1], c[2]
  end
  local zoom = park.zoom
  if args.zoom then
    zoom = tonumber(args.zoom) or error(("zoom: expected a number, got '%s'"):format(args.zoom))
  end
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
        action = ui.go("map", { center = ("%.5f,%.5f"):format(item.lat, item.lon), zoom = item.expansion_zoom,
                                size = ctx.args.size }, "Zoom in"),
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
