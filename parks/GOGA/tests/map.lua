-- Golden Gate's map: clusters at a city zoom, and each cluster zooms in.

scenario {
  name = "the map at zoom 12 clusters the Presidio's sites",
  flow = "map",
  center = { 37.80, -122.46 },
  zoom = 12,
  size = { 390, 844 },
  expect = function()
    local map = expect.section("map")
    expect.equal(map.camera.zoom, 12, "camera zoom")
    expect.count("cluster", { min = 5 })
    local biggest = expect.section("cluster", { count = 43 })
    expect.equal(biggest.action.flow, "map", "a cluster's action")
    expect.equal(biggest.action.args.zoom, tostring(biggest.expansion_zoom), "zoom-in target")
    expect.action { flow = "map", label = "Zoom in" }
  end,
}

scenario {
  name = "zoomed into Fort Point, sites are pins",
  flow = "map",
  center = { 37.8105, -122.4770 },
  zoom = 17,
  expect = function()
    expect.count("cluster", 0)
    local pin = expect.section("pin", { title = "Fort Point" })
    expect.equal(pin.action.args.id, "nps-poi:goga:0144", "Fort Point's site")
  end,
}
