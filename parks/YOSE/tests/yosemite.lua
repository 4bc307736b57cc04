-- Yosemite publishes no sites yet: screens must say so rather than show empty lists,
-- and the boundary alone still drives the geofence.

scenario {
  name = "home says no sites are published yet, and still links the website, phone and directions",
  flow = "home",
  golden = "home.json",
  expect = function(screen)
    expect.text("No sites have been published for this park yet")
    expect.no_section("carousel")
    expect.action { kind = "url", url = "https://www.nps.gov/yose/index.htm" }
    expect.action { kind = "call", phone = "+1 209-372-0200" }
    expect.action { kind = "directions", name = "Yosemite National Park", lat = 37.85, lon = -119.55 }
    -- Shortcuts to what works without sites: the map, own pins, alerts, the park browser,
    -- and emergency, which calls for help whatever the park's data.
    local shortcuts = expect.section("list", { title = "Shortcuts" })
    expect.count(shortcuts.items, 5)
    expect.action { flow = "emergency" }
    expect.no_action { flow = "ar" }
    expect.no_action { flow = "favorites" }
  end,
}

scenario {
  name = "driving out past El Portal, the replay enters and then leaves the park",
  flow = "geofence",
  track = "valley-to-el-portal.gpx",
  expect = function(screen)
    local timeline = expect.section("timeline")
    local kinds = {}
    for i, entry in ipairs(timeline.entries) do kinds[i] = entry.kind end
    -- The first fix is a good one: the position is found as the replay starts (a location mark).
    expect.equal(kinds, { "location", "presence_enter", "callout", "presence_exit", "callout_held" }, "timeline")
    expect.text("Left Yosemite National Park")
  end,
}

scenario {
  name = "the map shows the park with no sites in view",
  flow = "map",
  expect = function(screen)
    expect.count("cluster", 0)
    expect.count("pin", 0)
    expect.text("No sites in this view.")
  end,
}
