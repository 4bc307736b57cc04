-- Ranking by more than distance, on made-up facts (NOTES.md): 100, 300, 500 and 700 m north.

scenario {
  name = "rating and fee move sites, and each item says why",
  flow = "sites",
  args = { collection = "more" },
  at = { 37.8, -122.4 },
  expect = function()
    local list = expect.section("list", { title = "More places (4)" })
    expect.equal(list.items[1].title, "Star Overlook", "five stars rank it ahead of nearer sites")
    expect.equal(list.items[1].detail, "500 m N · ★5", "its reason line")
    expect.equal(list.items[2].detail, "300 m N · free", "a free site")
    expect.equal(list.items[3].title, "Near Kiosk", "a $15 fee ranks the nearest third")
    expect.equal(list.items[3].detail, "100 m N · ★3 · $15", "its reason line")
    expect.equal(list.items[4].detail, "700 m N", "no facts: the distance alone")
  end,
}

scenario {
  name = "a site's screen offers directions with its address",
  flow = "sites",
  args = { id = "star" },
  expect = function()
    expect.action { kind = "directions", name = "Star Overlook", address = "Star Overlook, Ridge Trail, Nowhere, CA" }
  end,
}

scenario {
  name = "home offers directions to the park, with its address",
  flow = "home",
  expect = function()
    expect.action { kind = "directions", name = "Demo Park", address = "1 Demo Road, Nowhere, CA 94000", lat = 37.8, lon = -122.4 }
  end,
}
