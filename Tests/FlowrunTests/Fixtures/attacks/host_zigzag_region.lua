-- class 11 (host): a monitored region whose 100,000-vertex ring zigzags, every edge overlapping every other in longitude
-- expect: exit 0
flow.register("host_zigzag_region", function(ctx)
  local ring, n = {}, 100000
  for i = 0, n - 1 do ring[#ring + 1] = { lon = -122.5 + (i % 2) * 0.05, lat = 37.70 + i * 0.1 / n } end
  ring[#ring + 1] = { lon = -122.6, lat = 37.80 }
  ring[#ring + 1] = { lon = -122.6, lat = 37.70 }
  ring[#ring + 1] = ring[1]
  geofence.monitor({ sites = false, regions = { { id = "z", rings = { ring } } } })
  return { title = "z", sections = { { type = "text", text = "watched" } } }
end)
