-- Golden Gate's home screen: what a visitor sees first (flowrun test --park GOGA).

scenario {
  name = "home leads with the Alcatraz card and the highlights carousel",
  flow = "home",
  golden = "home.json",
  expect = function(screen)
    expect.equal(screen.title, "Golden Gate National Recreation Area", "title")
    local alcatraz = expect.section("card", { title = "Visiting Alcatraz" })
    expect.equal(alcatraz.action.url, "https://www.nps.gov/alca/planyourvisit/index.htm", "the Alcatraz card's link")
    local highlights = expect.section("carousel", { title = "Highlights" })
    expect.count(highlights.cards, 5)
    expect.action { kind = "call", phone = "+1 415-561-4700" }
    -- No address in the park's data: directions to the park's center, by name.
    local directions = expect.action { kind = "directions", name = "Golden Gate National Recreation Area" }
    expect.equal({ directions.lat, directions.lon }, { 37.8078, -122.4750 }, "where directions lead")
    expect.equal(directions.address, nil, "an address")
  end,
}

scenario {
  name = "the explore list links each collection to its sites",
  flow = "home",
  expect = function()
    local explore = expect.section("list", { title = "Explore" })
    expect.count(explore.items, 5)
    expect.action { flow = "sites", args = { collection = "views" } }
    expect.action { flow = "sites", args = { collection = "history" } }
    expect.text("All 369 sites")
  end,
}

scenario {
  name = "the shortcuts open the park's map, AR view, favorites, pins, alerts, the park browser and emergency",
  flow = "home",
  expect = function()
    local shortcuts = expect.section("list", { title = "Shortcuts" })
    expect.count(shortcuts.items, 7)
    for _, flow in ipairs({ "map", "ar", "favorites", "pins", "geofence", "parks", "emergency" }) do
      expect.action { kind = "go", flow = flow, label = "Open" }
    end
  end,
}
