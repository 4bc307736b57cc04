-- Golden Gate's home: the default home, plus a card for Alcatraz (ferries sell out) after
-- the welcome text. `super` is the default home flow this registration replaces.
local ui = require("lib.ui")

flow.register("home", function(ctx, super)
  assert(super, "Golden Gate's home builds on the default home")
  local screen = super(ctx)
  local alcatraz = ui.card({
    title = "Visiting Alcatraz",
    subtitle = "Ferries leave from Pier 33 and often sell out",
    body = "Book ahead, dress in layers: the island is windy even when the city is warm.",
    badges = { "island", "historic" },
    action = ui.url("https://www.nps.gov/alca/planyourvisit/index.htm", "Plan an Alcatraz visit"),
  })
  -- After the greeting and description, before the highlights.
  local at = 1
  while screen.sections[at] and screen.sections[at].type == "text" do at = at + 1 end
  table.insert(screen.sections, at, alcatraz)
  return screen
end)
