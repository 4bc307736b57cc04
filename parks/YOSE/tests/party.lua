-- A family in Yosemite Valley (party/valley-family.json): hand-made tracks (party/*.gpx say
-- how), a camp and a meadow as safe zones. Ben walks out of both and back; Dee, a guest,
-- walks his route five minutes later (offset_s); Cal's phone is silent for 15 minutes.

scenario {
  name = "the guardian is told of everyone's alerts and sees every path",
  flow = "party",
  party = "party/valley-family.json",
  expect = function()
    local timeline = expect.section("timeline", { id = "party" })
    expect.count(timeline.paths, 4)
    expect.text("Ben left the safe zones")
    expect.text("Dee left the safe zones")
    expect.text("Cal stopped reporting")
    expect.text("Ana and Ben are 840 m apart")
    expect.text("Ben is back in Camp")
  end,
}

scenario {
  name = "a child is told of their own alerts and sees only guardians",
  flow = "party",
  party = "party/valley-family.json",
  as = "ben",
  expect = function()
    local timeline = expect.section("timeline", { id = "party" })
    expect.count(timeline.paths, 2)
    expect.text("Ben left the safe zones")
    expect.no_text("Dee left the safe zones")
    expect.no_text("Cal stopped reporting")
  end,
}

scenario {
  name = "a guest sees only guardians' paths and is told of no one's alerts",
  flow = "party",
  party = "party/valley-family.json",
  as = "dee",
  expect = function()
    local timeline = expect.section("timeline", { id = "party" })
    expect.count(timeline.paths, 2)
    expect.no_text("Ben left the safe zones")
    expect.no_text("Dee left the safe zones")
  end,
}

scenario {
  name = "a guardian adds a safe zone where they stand, with the form",
  flow = "party",
  party = "party/valley-family.json",
  time = "2026-07-04T09:20:00-07:00",
  follow = 4,   -- [4] Add the zone
  fields = { name = "Picnic spot", radius = "200" },
  expect = function()
    expect.text("Picnic spot is a safe zone around where you are.")
    expect.section("list", { title = "Safe zones" })
    expect.text("200 m around 37.74000° N, 119.56500° W")
  end,
}

scenario {
  name = "a child sees where the guardians are and may ask to be watched over, not change zones or members",
  flow = "party",
  party = "party/valley-family.json",
  as = "ben",
  time = "2026-07-04T09:20:00-07:00",
  expect = function()
    expect.section("list", { title = "Where everyone is now" })
    expect.text("800 m W, just now")
    expect.text("position not shown to you")
    expect.section("form", { title = "Watch over me" })
    expect.no_section("form", { title = "Add a safe zone where you are" })
    expect.no_section("form", { title = "Add a member" })
  end,
}
