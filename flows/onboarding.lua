-- Onboarding: the park's pages (parks/<CODE>/park.lua, onboarding.pages) with their
-- background layers; the last page leads home.
local ui = require("lib.ui")
local location = require("lib.location")
local i18n = require("lib.i18n")

flow.register("onboarding", function(ctx)
  local park = ctx.park
  local tr = i18n.of(ctx)
  local pages = {}
  for i, page in ipairs(park.onboarding.pages) do
    pages[i] = { title = page.title, body = page.body, background = page.background }
  end
  if #pages == 0 then
    pages[1] = { title = tr("onboarding.welcome_to", { park = park.name }), body = park.description or park.name, background = {} }
  end
  local last = pages[#pages]   -- there is one, at least
  if last then last.action = ui.go("home", nil, tr("onboarding.start")) end
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
  local offline = web and location.offline(ctx, tr("onboarding.web_pictures_offline"))
  if offline then table.insert(sections, 1, ui.notice(offline)) end
  return ui.screen(park.name, sections, tr("onboarding.subtitle"))
end)
