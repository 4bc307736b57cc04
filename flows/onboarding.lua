-- Onboarding: the park's pages (parks/<CODE>/park.lua, onboarding.pages) with their
-- background layers; the last page leads home.
local ui = require("lib.ui")

flow.register("onboarding", function(ctx)
  local park = ctx.park
  local pages = {}
  for i, page in ipairs(park.onboarding.pages) do
    pages[i] = { title = page.title, body = page.body, background = page.background }
  end
  if #pages == 0 then
    pages[1] = { title = "Welcome to " .. park.name, body = park.description or park.name, background = {} }
  end
  pages[#pages].action = ui.go("home", nil, "Start exploring")
  return ui.screen(park.name, { ui.onboarding(pages) }, "Welcome")
end)
