-- The sections of the default home flow, by the names park.lua's home.sections lists: a
-- function each that adds its components to `out`. The names are content's words, not the
-- host's: a park adds a section kind of its own by adding a function to this table from one
-- of its flow files:
--   require("lib.home_sections").weather = function(ctx, out) ... end
local ui = require("lib.ui")
local sites = require("lib.sites")
local location = require("lib.location")
local i18n = require("lib.i18n")

-- The greeting's key for the hour of the day.
local function greeting(hour)
  if hour < 5 then return "home.greeting.night" end
  if hour < 12 then return "home.greeting.morning" end
  if hour < 18 then return "home.greeting.afternoon" end
  return "home.greeting.evening"
end

--- @type table<string, fun(ctx: flowrun.Context, out: flowrun.Component[])?>
local builders = {}

function builders.welcome(ctx, out)
  local tr = i18n.of(ctx)
  out[#out + 1] = ui.text(tr(greeting(ctx.time.hour), { park = ctx.park.name }), "heading")
  if ctx.park.description then out[#out + 1] = ui.text(ctx.park.description) end
  local outside = location.outside(ctx)
  if outside then out[#out + 1] = ui.text(outside, "caption") end
  -- Home works without a position; it only says so when the visitor can do something about
  -- it (while the phone searches there is nothing to say), and what needs the network.
  if location.needs_visitor(ctx) then
    out[#out + 1] = ui.text(location.sentence(ctx) .. " " .. tr("home.works_without_position"), "caption")
  end
  local offline = location.offline(ctx, tr("home.offline_needs"))
  if offline then out[#out + 1] = ui.text(offline, "caption") end
end

-- One site of each wanted category in turn, in the order they are wanted (each category's
-- by name), so that a park with many sites of one kind still shows its others.
local function interleaved(ctx, categories, limit)
  local lists, picked = {}, {}
  for i, category in ipairs(categories) do lists[i] = sites.in_categories(ctx, { category }, limit) end
  for round = 1, limit do
    for _, list in ipairs(lists) do
      if #picked == limit then return picked end
      picked[#picked + 1] = list[round]
    end
  end
  return picked
end

function builders.highlights(ctx, out)
  local tr = i18n.of(ctx)
  local picked = interleaved(ctx, ctx.park.home.highlight_categories, ctx.park.home.highlights)
  local cards = {}
  for i, site in ipairs(picked) do
    cards[i] = { title = site.name, subtitle = ui.category_name(ctx, site.category),
                 action = ui.go("sites", { id = site.id }, tr("action.open")) }
  end
  if #cards > 0 then out[#out + 1] = ui.carousel(tr("home.highlights"), cards) end
end

function builders.collections(ctx, out)
  local tr = i18n.of(ctx)
  local items = {}
  for _, c in ipairs(sites.collections(ctx)) do
    items[#items + 1] = { title = c.title, detail = tostring(#c.sites),
                          action = ui.go("sites", { collection = c.id }, tr("home.browse")) }
  end
  out[#out + 1] = ui.list(tr("home.explore"), items, tr("home.no_sites"))
  if #items > 0 then
    out[#out + 1] = ui.button(tr("home.all_sites", { count = #ctx.sites }), ui.go("sites", nil, tr("sites.all")), "secondary")
  end
end

-- The park's other screens, each only where the park runs its flow (ui.go is nil otherwise)
-- and, for those about sites or exhibits, where it has some; the party's where the run has one. Emergency is on every home: it calls for
-- help whatever the park's data; its subtitle says whether it also lists ways out (sites of
-- its categories). No counts of favorites or pins: home would then open the visitor's store
-- on every launch.
-- Each one's words are home.shortcut.<flow>.title and .subtitle (emergency's without_places
-- subtitle where the park has no ways out to list).
local shortcuts = {
  { flow = "map" },
  { flow = "ar", sites = true },
  { flow = "favorites", sites = true },
  { flow = "pins" },
  { flow = "exhibits", exhibits = true },
  { flow = "party", party = true },
  { flow = "geofence" },
  { flow = "parks" },
  { flow = "emergency", without_places = true },
}

function builders.shortcuts(ctx, out)
  local tr = i18n.of(ctx)
  local items, has_sites = {}, #ctx.sites > 0
  local has_places = has_sites and #sites.in_categories(ctx, ctx.park.emergency.categories, 1) > 0
  local has_exhibits, has_party = #beacons.exhibits() > 0, party.active()
  for _, s in ipairs(shortcuts) do
    local shown = (has_sites or not s.sites) and (has_exhibits or not s.exhibits) and (has_party or not s.party)
    local action = shown and ui.go(s.flow, nil, tr("action.open")) or nil
    local key = "home.shortcut." .. s.flow
    local subtitle = tr(key .. ((s.without_places and not has_places) and ".without_places" or ".subtitle"))
    if action then items[#items + 1] = { title = tr(key .. ".title"), subtitle = subtitle, action = action } end
  end
  if #items > 0 then out[#out + 1] = ui.list(tr("home.shortcuts"), items) end
end

function builders.links(ctx, out)
  for _, link in ipairs(ctx.park.home.links) do
    out[#out + 1] = ui.button(link.label, ui.go(link.flow, link.args, link.label), "secondary")
  end
end

function builders.contact(ctx, out)
  local park, tr = ctx.park, i18n.of(ctx)
  if park.website then out[#out + 1] = ui.button(tr("home.website"), ui.url(park.website, tr("home.website"))) end
  if park.phone then out[#out + 1] = ui.button(tr("home.call"), ui.call(park.phone, tr("home.call")), "secondary") end
  -- To the park's center (where its map opens), with its address when park.lua gives one.
  if park.address then out[#out + 1] = ui.text(ui.address(park.address), "caption") end
  out[#out + 1] = ui.button(tr("action.directions"), ui.directions(park.center.lat, park.center.lon, park.name, park.address,
                                                                    tr("home.directions_to_park")), "secondary")
end

return builders
