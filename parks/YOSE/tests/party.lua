-- A party in Tuolumne Meadows (party/tuolumne.json): real GPS tracks, several people walking
-- them with time offsets (see the file); the safe zones are made up for the example.

scenario {
  name = "the guardian is told of everyone's alerts and sees every path",
  flow = "party",
  party = "party/tuolumne.json",
  expect = function(screen)
    local timeline = expect.section("timeline", { id = "party" })
    expect.count(timeline.paths, 4)
    expect.text("Ben left the safe zones")
    expect.text("Cal stopped reporting")
  end,
}

scenario {
  name = "a guest sees only guardians' paths and is told of no one's alerts",
  flow = "party",
  party = "party/tuolumne.json",
  as = "dee",
  expect = function(screen)
    local timeline = expect.section("timeline", { id = "party" })
    expect.count(timeline.paths, 2)
    expect.no_text("Ben left the safe zones")
  end,
}
