-- National Park of American Samoa: a first scenario, written by `flowrun new park` (flowrun test --park NPSA).
-- Add what this park's visitors should see (docs/authoring/testing.md).

scenario {
  name = "home opens on the park's name",
  flow = "home",
  time = "2026-07-04T09:30:00-11:00",   -- 09:30 in Pacific/Pago_Pago
  expect = function(screen)
    expect.equal(screen.title, "National Park of American Samoa", "home's title")
  end,
}
