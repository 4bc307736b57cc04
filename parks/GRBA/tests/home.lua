-- Great Basin National Park: a first scenario, written by `flowrun new park` (flowrun test --park GRBA).
-- Add what this park's visitors should see (docs/authoring/testing.md).

scenario {
  name = "home opens on the park's name",
  flow = "home",
  time = "2026-07-04T09:30:00-07:00",   -- 09:30 in America/Los_Angeles
  expect = function(screen)
    expect.equal(screen.title, "Great Basin National Park", "home's title")
  end,
}
