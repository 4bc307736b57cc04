-- Grand Teton: onboarding pages with their parallax layers, and home.

scenario {
  name = "onboarding pages layer sky, far and near ranges and the lake, and end on a way into the app",
  flow = "onboarding",
  golden = "onboarding.json",
  expect = function()
    local onboarding = expect.section("onboarding")
    local first = onboarding.pages[1]
    expect.equal(first.title, "Welcome to Grand Teton", "first page")
    expect.count(first.background, 4)
    expect.equal(first.background[1].image, "onboarding/sky.svg", "the back layer")
    for i = 2, #first.background do
      expect.that(first.background[i].depth > first.background[i - 1].depth,
        "layers are listed back to front: layer " .. i .. " is not nearer than layer " .. (i - 1))
    end
    local last = onboarding.pages[#onboarding.pages]
    expect.equal(last.action.flow, "home", "the last page's action")
  end,
}

scenario {
  name = "home's highlights are one site of each kind in turn, and More places lists the rest",
  flow = "home",
  expect = function()
    local highlights = expect.section("carousel", { title = "Highlights" })
    local titles = {}
    for i, card in ipairs(highlights.cards) do titles[i] = card.title end
    expect.that(table.concat(titles, "|"):find("Bannock Falls", 1, true), "the first waterfall among the highlights")
    local kinds = {}
    for _, card in ipairs(highlights.cards) do
      expect.that(not kinds[card.subtitle], "a second " .. card.subtitle .. " before each kind has one")
      kinds[card.subtitle] = true
    end
    expect.action { flow = "sites", args = { collection = "more" } }
  end,
}
