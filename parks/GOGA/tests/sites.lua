-- Golden Gate's sites, ranked from where a visitor stands.

-- "380 m SE" or "1.7 km E" as metres, to compare distances as the list shows them.
local function metres(detail)
  local number, unit = detail:match("^([%d.,]+) (k?m)")
  number = assert(tonumber((number:gsub(",", ""))), detail)
  return unit == "km" and number * 1000 or number
end

scenario {
  name = "sites --at the bridge ranks the nearest first",
  flow = "sites",
  at = { 37.8078, -122.4750 },   -- the Golden Gate Bridge's south end
  golden = "sites-at-bridge.json",
  expect = function()
    expect.text("nearest first")
    local services = expect.section("list", { title = "Visitor services (48)" })
    expect.equal(services.items[1].title, "Golden Gate Bridge Pavilion", "the nearest site")
    for i = 2, #services.items do
      local before, here = services.items[i - 1], services.items[i]
      expect.that(metres(before.detail) <= metres(here.detail),
        ("%s (%s) is listed before %s (%s)"):format(before.title, before.detail, here.title, here.detail))
    end
  end,
}

scenario {
  name = "one category lists only its sites",
  flow = "sites",
  args = { category = "viewpoint" },
  expect = function(screen)
    expect.equal(screen.title, "Viewpoints", "title")
    local list = expect.section("list", { title = "Viewpoints (21)" })
    expect.count(list.items, 21)
    for _, item in ipairs(list.items) do
      expect.equal(item.subtitle, "Viewpoint", item.title .. "'s category")
    end
    expect.no_section("list", { title = "Visitor services (48)" })
  end,
}

scenario {
  name = "a site's screen offers directions to it",
  flow = "sites",
  args = { id = "nps-poi:goga:0155" },
  expect = function()
    expect.section("card", { title = "Golden Gate Bridge Pavilion" })
    local directions = expect.action { kind = "directions", name = "Golden Gate Bridge Pavilion", label = "Directions to Golden Gate Bridge Pavilion" }
    expect.equal({ directions.lat, directions.lon }, { 37.807714, -122.474948 }, "the site's position")
  end,
}

scenario {
  name = "sites --arg q=fort lists the forts, names that begin with the word first",
  flow = "sites",
  args = { q = "fort mason" },
  expect = function()
    local found = expect.section("list", { title = "Sites matching \"fort mason\" (9)" })
    expect.equal(found.items[1].title, "Fort Mason Center", "the first name that begins with the words")
    expect.that(found.items[#found.items].title:find("Fort Mason", 1, true) ~= nil, "every one has both words")
  end,
}


scenario {
  name = "a collection's sites open in the AR view",
  flow = "sites",
  args = { collection = "views" },
  at = { 37.8078, -122.4750 },
  expect = function()
    expect.action { kind = "go", flow = "ar", label = "AR view", args = { collection = "views" } }
  end,
}

scenario {
  name = "Golden Gate publishes no indoor exhibits: home does not offer them",
  flow = "home",
  expect = function()
    expect.no_action { flow = "exhibits" }
    expect.action { kind = "go", flow = "emergency" }
  end,
}
