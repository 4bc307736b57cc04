-- Golden Gate's favorites: acts write the visitor's store (every scenario starts with an
-- empty one, in memory), and the screens they return show what was written.

local fort_point = "nps-poi:goga:0144"

scenario {
  name = "a site's 'Add to favorites' act keeps it, and the site then offers to remove it",
  flow = "sites",
  args = { id = fort_point },
  follow = { 2 },   -- [2] Add to favorites
  expect = function()
    expect.section("text", { style = "notice", text = "Added to your favorites." })
    local card = expect.section("card", { title = "Fort Point" })
    expect.equal(card.badges, { "Outdoors", "favorite" }, "the card's badges")
    expect.action { kind = "act", flow = "sites", label = "Remove from favorites", args = { id = fort_point, favorite = "remove" } }
    expect.no_action { label = "Add to favorites" }
  end,
}

scenario {
  name = "favorites lists what an act added, with how far it is",
  flow = "favorites",
  act = true,
  args = { add = fort_point },
  at = { 37.8078, -122.4750 },
  golden = "favorites-added.json",
  expect = function()
    expect.text("Added Fort Point to your favorites.")
    local list = expect.section("list", { title = "Favorites (1)" })
    expect.equal(list.items[1].title, "Fort Point", "the favorite")
    expect.equal(list.items[1].detail, "360 m NW", "how far it is")
    expect.equal(list.items[1].action.args, { id = fort_point }, "it opens its site")
  end,
}

scenario {
  name = "editing favorites removes one with an act",
  flow = "favorites",
  act = true,
  args = { add = fort_point },
  follow = { 2, 1 },   -- [2] Edit favorites, then [1] Remove
  expect = function()
    expect.text("Removed Fort Point from your favorites.")
    expect.section("list", { title = "Favorites (0)" })
    expect.action { kind = "go", flow = "favorites", label = "Done" }
  end,
}

scenario {
  name = "a favorite is a pin of its own layer on the map",
  flow = "sites",
  args = { id = fort_point },
  follow = { 2, 4 },   -- [2] Add to favorites, then [4] On the map
  expect = function()
    expect.section("pin", { layer = "favorites", id = "favorite:" .. fort_point, title = "Fort Point" })
    expect.section("pin", { id = fort_point, title = "Fort Point" })
    expect.text("Yours: 1 favorite.")
    expect.action { kind = "act", flow = "map", label = "Remember this view", args = { remember = "1", zoom = "17" } }
  end,
}

scenario {
  name = "remembering the map's view says the map opens there",
  flow = "map",
  center = { 37.80, -122.46 },
  zoom = 12,
  follow = { 18 },   -- [18] Remember this view (after 14 clusters, 2 pins and "Drop a pin")
  expect = function()
    expect.text("The map now opens at this view.")
    expect.text("The map opens at this view: you remembered it.")
    expect.action { kind = "act", flow = "map", label = "Forget this view" }
  end,
}
