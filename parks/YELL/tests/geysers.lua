-- Yellowstone's own geysers flow (parks/YELL/flows/geysers.lua) and its home.

scenario {
  name = "geysers from Old Faithful's boardwalk, nearest first, with the safety notice",
  flow = "geysers",
  at = { 44.4605, -110.8281 },
  golden = "geysers-at-old-faithful.json",
  expect = function()
    expect.section("text", { style = "notice" })
    expect.text("Stay on boardwalks")
    local list = expect.section("list")
    expect.equal(list.items[1].title, "Old Faithful Geyser", "the nearest geyser")
    expect.action { flow = "sites", args = { id = "gnis:1592386" } }
  end,
}

scenario {
  name = "home's highlights lead with a geyser, then each kind the park names in turn",
  flow = "home",
  expect = function()
    local highlights = expect.section("carousel", { title = "Highlights" })
    expect.count(highlights.cards, 5)
    local kinds = {}
    for i, card in ipairs(highlights.cards) do kinds[i] = card.subtitle end
    expect.equal(table.concat(kinds, ", "), "Geyser, Waterfall, Lake, Hot spring, Geyser")
    expect.action { flow = "sites", args = { collection = "water" } }
  end,
}

scenario {
  name = "the Upper Geyser Basin at zoom 14 is clusters of geysers and springs",
  flow = "map",
  center = { 44.46, -110.83 },
  zoom = 14,
  expect = function()
    expect.count("cluster", { min = 5 })
    expect.section("cluster", { count = 20 })
    expect.count("pin", { max = 10 })
  end,
}

scenario {
  name = "home leads to the indoor exhibits, which Yellowstone has",
  flow = "home",
  expect = function()
    expect.action { kind = "go", flow = "exhibits", label = "Open" }
  end,
}
