-- The park browser from Golden Gate: every park, each opening its own home.

scenario {
  name = "from Old Faithful the park browser lists Yellowstone first, and each park opens its home",
  flow = "parks",
  at = { 44.4605, -110.8281 },
  expect = function(screen)
    local list = expect.section("list", { title = "Parks (4)" })
    expect.equal(list.items[1].title, "Yellowstone National Park", "the nearest park")
    expect.equal(list.items[1].detail, "27 km", "how far its center is")
    expect.equal({ list.items[4].title, list.items[4].badge }, { "Golden Gate National Recreation Area", "current" }, "this park, last")
    for _, item in ipairs(list.items) do
      expect.equal(item.action.kind, "go", item.title .. "'s action")
      expect.equal(item.action.flow, "home", item.title .. "'s flow")
    end
    expect.action { park = "YELL", flow = "home" }
    expect.action { park = "YOSE", flow = "home" }
  end,
}

scenario {
  name = "without a position the park browser is alphabetical",
  flow = "parks",
  expect = function(screen)
    local list = expect.section("list", { title = "Parks (4)" })
    local names = {}
    for i, item in ipairs(list.items) do names[i] = item.title end
    expect.equal(names, { "Golden Gate National Recreation Area", "Grand Teton National Park",
                          "Yellowstone National Park", "Yosemite National Park" }, "the order")
    expect.no_text("km")
  end,
}
