-- Onboarding: the park's pages (parks/<CODE>/park.lua, onboarding.pages) with their
-- background layers; the last page leads home.
local ui = require("lib.ui")
local location = require("lib.location")

flow.register("onboarding", function(ctx)
  local park = ctx.park
  local pages = {}
  for i, page in ipairs(park.onboarding.pages) do
    pages[i] = { title = page.title, body = page.body, background = page.background }
  end
  if #pages == 0 then
    pages[1] = { title = "Welcome to " .. park.name, body = park.description or park.name, background = {} }
  end
  local last = pages[#pages]   -- there is one, at least
  if last then last.action = ui.go("home", nil, "Start exploring") end
  local sections = { ui.onboarding(pages) }
  -- Pictures from the web cannot load offline: say so when a page has one (the park's own
  -- assets/ come with its files).
  --- @type boolean
  local web = false
  for _, page in ipairs(pages) do
    for _, layer in ipairs(page.background or {}) do
      if layer.image:match("^https?://") then web = true end
    end
  end
  local offline = web and location.offline(ctx, "Pictures from the web show their placeholder color until you are online.")
  if offline then table.insert(sections, 1, ui.notice(offline)) end
  return ui.screen(park.name, sections, "Welcome")
end)
