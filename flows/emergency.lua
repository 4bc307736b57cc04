-- Emergency: call for help, tell the party where you are, and the nearest ways out and help.
--   flowrun --park GOGA emergency [--at LAT,LON] [--party FILE.json --as MEMBER_ID]
-- The number is park.lua's `emergency.phone` (911 unless a park has a dispatch number of its
-- own); the places are the park's sites of `emergency.categories`, nearest first from ctx.at,
-- all of them by name when the position is unknown. Alerting the party is an act: the
-- `party` module raises it only in an act run and refuses a guest, whatever this flow shows.
local ui = require("lib.ui")
local sites = require("lib.sites")
local location = require("lib.location")
local i18n = require("lib.i18n")

local M = {}

-- The run's translator: set first thing in every run, so the builders below speak its language.
--- @type fun(key: string, values?: table<string, any>): string
local tr

-- "a, b and c" (or `last`, a translated word, instead of "and").
local function joined(list, last)
  if #list < 2 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " " .. (last or tr("emergency.and")) .. " " .. list[#list]
end

--- A category's sites: the `limit` nearest to `at` with how far and which way, or by name
--- without a position (at most 500: a park may hold a hundred thousand).
--- @param ctx flowrun.Context
--- @param category string
--- @param at? {lat: number, lon: number}
--- @param limit integer
--- @return {site: flowrun.Site, distance: number?, bearing: number?}[]
function M.places(ctx, category, at, limit)
  local list, out = sites.in_categories(ctx, { category }), {}
  if not at then
    for i = 1, math.min(#list, 500) do out[i] = { site = list[i] } end
    return out
  end
  -- Nearest first; equally near ones by name (the list's order).
  local distance, bearing = catalog.inverse(list, at.lat, at.lon)
  for i, p in ipairs(catalog.order(distance, limit)) do
    out[i] = { site = list[p], distance = distance[p], bearing = bearing[p] }
  end
  return out
end

-- Where the visitor is, for the dispatcher: the position and how sure, or that it is unknown.
function M.position(ctx, out)
  local at = ctx.at
  if at then
    local where = at.inside_park == false and tr("emergency.outside_boundary") or ""
    out[#out + 1] = ui.text(tr("emergency.your_position", {
      position = ui.position(at.lat, at.lon), accuracy = location.accuracy(ctx) or "", outside = where }))
  else
    local why = location.sentence(ctx)
    out[#out + 1] = ui.notice(tr("emergency.position_unknown") .. (why and " " .. why or "")
      .. " " .. tr("emergency.tell_dispatcher"))
  end
end

-- The party's part: alert it (an act), what an act run did, or why a guest cannot.
function M.party(ctx, out)
  if not party.active() then return end
  local me, info = party.viewer(), party.info()
  local names = {}
  for _, m in ipairs(info.members) do names[m.id] = m.name end
  if ctx.acting and ctx.args.alert == "party" then
    local at = ctx.at
    local told = party.emergency(at and at.lat, at and at.lon)
    for i, id in ipairs(told) do told[i] = names[id] end
    local key = at and "emergency.alerted_with_position" or "emergency.alerted_without_position"
    out[#out + 1] = ui.notice(tr(key, { names = joined(told), count = #told }))
  elseif me.rights.trigger_emergency then
    local others = {}
    for _, m in ipairs(info.members) do if m.id ~= me.id then others[#others + 1] = m.name end end
    out[#out + 1] = ui.button(tr("emergency.alert_party"), ui.act("emergency", { alert = "party" }, tr("emergency.alert_party")))
    local key = ctx.at and "emergency.tells_with_position" or "emergency.tells_without_position"
    out[#out + 1] = ui.text(tr(key, { names = joined(others) }), "caption")
  else
    local guardians = {}
    for _, m in ipairs(info.members) do if m.role == "guardian" then guardians[#guardians + 1] = m.name end end
    out[#out + 1] = ui.text(tr("emergency.guest_cannot_alert", {
      party = info.name, guardians = joined(guardians, tr("emergency.or")) }), "caption")
  end
end

-- The nearest ways out and help, each with directions.
function M.places_sections(ctx, out)
  local settings, at = ctx.park.emergency, ctx.at
  local lists = {}
  for _, category in ipairs(settings.categories) do
    local items = {}
    for i, p in ipairs(M.places(ctx, category, at, settings.limit)) do
      local site = p.site
      -- The list's title names the category: an item says how far and which way, when known.
      items[i] = { title = site.name, subtitle = p.distance and p.bearing and ui.away(p.distance, p.bearing, tr),
                   action = ui.directions(site.lat, site.lon, site.name, site.properties.address, tr("action.directions")) }
    end
    if #items > 0 then lists[#lists + 1] = ui.list(ui.category_plural(ctx, category), items) end
  end
  if #lists == 0 then
    local kinds = {}
    for i, category in ipairs(settings.categories) do kinds[i] = ui.category_plural(ctx, category):lower() end
    out[#out + 1] = ui.text(tr("emergency.no_places", { kinds = joined(kinds, tr("emergency.or")) }), "caption")
    -- Without ways out, the one place the park's data gives: its center, where roads lead.
    local park = ctx.park
    out[#out + 1] = ui.button(tr("emergency.directions_to_center"),
      ui.directions(park.center.lat, park.center.lon, park.name, park.address, tr("emergency.directions_to_center")), "secondary")
    return
  end
  out[#out + 1] = ui.heading(at and tr("emergency.nearest_ways_out") or tr("emergency.ways_out"))
  if not at then out[#out + 1] = ui.text(tr("emergency.by_name"), "caption") end
  table.move(lists, 1, #lists, #out + 1, out)
end

flow.register("emergency", function(ctx)
  tr = i18n.of(ctx)
  local park, out = ctx.park, {}
  local phone = tostring(park.emergency.phone)
  out[#out + 1] = ui.button(tr("emergency.call_for_help", { phone = phone }),
    ui.call(park.emergency.phone, tr("emergency.call", { phone = phone })))
  if park.phone then
    out[#out + 1] = ui.button(tr("emergency.not_an_emergency"), ui.call(park.phone, tr("emergency.call_the_park")), "secondary")
  end
  local offline = location.offline(ctx, tr("emergency.offline_needs"))
  if offline then out[#out + 1] = ui.text(offline, "caption") end
  M.position(ctx, out)
  M.party(ctx, out)
  M.places_sections(ctx, out)
  return ui.screen(tr("emergency.title"), out, park.name)
end, { args = { alert = { "party" } } })

return M
