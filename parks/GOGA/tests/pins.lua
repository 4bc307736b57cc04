-- Golden Gate's own pins: dropped where the visitor stands, with photos (every scenario
-- starts with an empty visitor's store, in memory).

scenario {
  name = "dropping a pin where the visitor stands opens it, and a photo act adds a photo",
  flow = "pins",
  at = { 37.8078, -122.4750 },
  follow = { 1, 3 },   -- [1] Drop a pin here, then [3] Add a photo
  golden = "pin-with-photo.json",
  expect = function()
    expect.text("Added the photo GOGA/pin-1-1.jpg.")
    expect.section("card", { title = "Pin 1", subtitle = "Dropped 2026-07-04 09:30" })
    local photos = expect.section("carousel", { title = "Photos (1)" })
    expect.equal(photos.cards[1].title, "GOGA/pin-1-1.jpg", "the photo")
    expect.equal(photos.cards[1].image.url, "photo:GOGA/pin-1-1.jpg", "shown from the visitor's photos")
    expect.action { kind = "go", flow = "pins", args = { id = "1", view = "GOGA/pin-1-1.jpg" } }
    expect.action { kind = "act", flow = "pins", label = "Add a photo", args = { id = "1", photo = "GOGA/pin-1-2.jpg" } }
    expect.action { kind = "directions", lat = 37.8078, lon = -122.4750, name = "Pin 1" }
  end,
}

scenario {
  name = "a pin is dropped only where the visitor's position is known",
  flow = "pins",
  act = true,
  args = { drop = "1" },
  expect = function()
    expect.text("Your position is not known, so no pin was dropped")
    expect.section("list", { title = "Your pins (0)" })
    expect.no_action { kind = "act" }
  end,
}

scenario {
  name = "a dropped pin is a pin of its own layer on the map",
  flow = "pins",
  at = { 37.8078, -122.4750 },
  act = true,
  args = { drop = "1", title = "Bridge view" },
  follow = { 4 },   -- [4] On the map
  expect = function()
    expect.section("pin", { layer = "own", id = "pin:1", title = "Bridge view" })
    expect.text("Yours: 1 pin.")
  end,
}

scenario {
  name = "removing a pin empties the list",
  flow = "pins",
  at = { 37.8078, -122.4750 },
  act = true,
  args = { drop = "1", title = "Bridge view", note = "Fog rolls in after four" },
  follow = { 5 },   -- [5] Remove this pin
  expect = function()
    expect.text("Removed Bridge view.")
    expect.section("list", { title = "Your pins (0)" })
  end,
}

scenario {
  name = "a pin's form renames it and sets its note",
  flow = "pins",
  at = { 37.8078, -122.4750 },
  act = true,
  args = { drop = "1" },
  follow = 1,   -- [1] Save, the pin's form
  fields = { title = "Bridge view", note = "Fog rolls in after four" },
  expect = function()
    expect.text("Saved Bridge view.")
    expect.section("card", { title = "Bridge view", body = "Fog rolls in after four\nYou are here." })
    local form = expect.section("form", { title = "Edit" })
    expect.equal(form.fields[1].value, "Bridge view", "the form shows the title")
  end,
}
