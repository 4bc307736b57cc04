-- New River Gorge National Park and Preserve: a first scenario, written by `flowrun new park` (flowrun test --park NERI).
-- Add what this park's visitors should see (docs/authoring/testing.md).

scenario {
  name = "home opens on the park's name",
  flow = "home",
  time = "2026-07-04T09:30:00-04:00",   -- 09:30 in America/New_York
  expect = function(screen)
    expect.equal(screen.title, "New River Gorge National Park and Preserve", "home's title")
  end,
}
