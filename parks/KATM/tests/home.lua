-- Katmai National Park: a first scenario, written by `flowrun new park` (flowrun test --park KATM).
-- Add what this park's visitors should see (docs/authoring/testing.md).

scenario {
  name = "home opens on the park's name",
  flow = "home",
  time = "2026-07-04T09:30:00-08:00",   -- 09:30 in America/Anchorage
  expect = function(screen)
    expect.equal(screen.title, "Katmai National Park", "home's title")
  end,
}
