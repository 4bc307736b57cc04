-- Yosemite: home with its highlights and ways in, the geofence on the boundary and the
-- sites, and the map of the valley.

scenario {
  name = "home leads with its highlights and still links the website, phone and directions",
  flow = "home",
  golden = "home.json",
  expect = function()
    expect.section("carousel", { title = "Highlights" })
    expect.count(expect.section("list", { title = "Explore" }).items, { min = 1 })
    expect.action { kind = "url", url = "https://www.nps.gov/yose/index.htm" }
    expect.action { kind = "call", phone = "+1 209-372-0200" }
    expect.action { kind = "directions", name = "Yosemite National Park", lat = 37.85, lon = -119.55 }
    -- With sites, every shortcut: the map, AR, favorites, pins, alerts, the park browser, emergency.
    local shortcuts = expect.section("list", { title = "Shortcuts" })
    expect.count(shortcuts.items, 7)
    expect.action { flow = "emergency" }
  end,
}

scenario {
  name = "driving out past El Portal, the replay enters and then leaves the park",
  flow = "geofence",
  track = "valley-to-el-portal.gpx",
  expect = function()
    local timeline = expect.section("timeline")
    local kinds = {}
    for i, entry in ipairs(timeline.entries) do kinds[i] = entry.kind end
    -- The first fix is a good one: the position is found as the replay starts (a location
    -- mark); the sites along the road are monitored as the car passes (monitor marks).
    local park = {}
    for _, kind in ipairs(kinds) do if kind ~= "monitor" then park[#park + 1] = kind end end
    expect.equal(park, { "location", "presence_enter", "callout", "presence_exit", "callout_held" }, "timeline")
    expect.text("Left Yosemite National Park")
  end,
}

scenario {
  name = "the map of the park gathers its sites into clusters",
  flow = "map",
  expect = function()
    expect.count("cluster", { min = 1 })
  end,
}
