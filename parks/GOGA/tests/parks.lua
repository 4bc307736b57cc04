-- The park browser from Golden Gate: every park, each opening its own home; nearest first,
-- by name or by state, and a park found by part of its name.

scenario {
  name = "from Old Faithful the park browser lists Yellowstone first, and each park opens its home",
  flow = "parks",
  at = { 44.4605, -110.8281 },
  expect = function()
    local list = expect.section("list", { title = "Parks (64)" })
    expect.equal(list.items[1].title, "Yellowstone National Park", "the nearest park")
    expect.equal(list.items[1].detail, "27 km", "how far its center is")
    expect.equal(list.items[2].title, "Grand Teton National Park", "the next nearest")
    local current = 0
    for _, item in ipairs(list.items) do
      expect.equal(item.action.kind, "go", item.title .. "'s action")
      expect.equal(item.action.flow, "home", item.title .. "'s flow")
      if item.badge == "current" then
        current = current + 1
        expect.equal(item.title, "Golden Gate National Recreation Area", "the park marked current")
      end
    end
    expect.equal(current, 1, "parks marked current")
    expect.action { park = "YELL", flow = "home" }
    expect.action { park = "NPSA", flow = "home" }
  end,
}

scenario {
  name = "without a position the park browser is by name, and offers the parks by state",
  flow = "parks",
  expect = function()
    local list = expect.section("list", { title = "Parks (64)" })
    local names = {}
    for i = 1, 3 do names[i] = list.items[i].title end
    expect.equal(names, { "Acadia National Park", "Arches National Park", "Badlands National Park" }, "the first three")
    expect.equal(list.items[#list.items].title, "Zion National Park", "the last")
    expect.action { flow = "parks", args = { by = "state" } }
    expect.no_text("km")
  end,
}

scenario {
  name = "by state, a list per state, the parks by name in each",
  flow = "parks",
  args = { by = "state" },
  expect = function()
    local alaska = expect.section("list", { title = "Alaska" })
    expect.count(alaska.items, 8)
    expect.equal(alaska.items[1].title, "Denali National Park", "Alaska's first")
    local utah = expect.section("list", { title = "Utah" })
    expect.count(utah.items, 5)
    expect.action { flow = "parks" }
  end,
}

scenario {
  name = "a park found by part of its name, its state or its code",
  flow = "parks",
  args = { q = "teton" },
  expect = function()
    local list = expect.section("list", { title = "Parks matching \"teton\" (1)" })
    expect.equal(list.items[1].title, "Grand Teton National Park", "the match")
    expect.action { flow = "parks", label = "All parks" }
  end,
}

scenario {
  name = "a search that finds nothing says so",
  flow = "parks",
  args = { q = "atlantis" },
  expect = function()
    local list = expect.section("list", { title = "Parks matching \"atlantis\" (0)" })
    expect.equal(list.empty, "No park's name or state has \"atlantis\".", "the empty text")
  end,
}
