-- class 11 (host): the same zigzag closed by an edge back across its last half
-- expect: exit 1: crosses itself
flow.register("host_zigzag_crossing", function(ctx)
  local ring, n = {}, 100000
  for i = 0, n - 1 do ring[#ring + 1] = { lon = -122.5 + (i % 2) * 0.05, lat = 37.70 + i * 0.1 / n } end
  ring[#ring + 1] = { lon = -122.6, lat = 37.75 }
  ring[#ring + 1] = ring[1]
  geofence.monitor({ sites = false, regions = { { id = "z", rings = { ring } } } })
  return { title = "z", sections = {} }
end)
