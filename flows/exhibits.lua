-- Exhibits: an indoor place's exhibits, found by Bluetooth beacons (beacons module).
--   --beacons FILE.csv             replays a scan log: a timeline of the exhibits the visitor
--                                  was shown and when, the beacons lost and the rows skipped.
--   --beacons FILE.csv --at-time T the exhibit screen at moment T of the log: the exhibit
--                                  the visitor is at and the ones around it.
--   --arg id=EXHIBIT               one exhibit's screen.
--   (nothing)                      the park's exhibits, building by building.
-- Content: parks/<CODE>/exhibits.geojson (README, Exhibits). A park overrides this flow in
-- its flows/exhibits.lua, or calls super(ctx) and changes the screen.
local ui = require("lib.ui")
local i18n = require("lib.i18n")

local M = {}

--- @return table<string, table?> the park's exhibits by id
local function by_id()
  local out = {}
  for _, e in ipairs(beacons.exhibits()) do out[e.id] = e end
  return out
end

-- The exhibit's own sections: its text and picture.
function M.exhibit_sections(e)
  --- @type flowrun.Component[]
  local sections = { ui.heading(e.title) }
  if e.picture then sections[#sections + 1] = ui.image(e.picture, e.picture_alt or "", nil, "high") end
  sections[#sections + 1] = ui.text(e.text)
  return sections
end

--- @param floor number
--- @param tr fun(key: string, values?: table<string, any>): string
local function floor_name(floor, tr)
  if floor == 0 then return tr("exhibits.ground_floor") end
  return tr(floor > 0 and "exhibits.floor" or "exhibits.level", { floor = tostring(floor) })
end

-- The list of exhibits around: `rows` from a tracker's state (nearest first), the shown one
-- left out, worded by `tr` (i18n.of(ctx)).
--- @param tr fun(key: string, values?: table<string, any>): string
function M.around(rows, shown, tr)
  local items = {}
  for _, r in ipairs(rows) do
    if r.id ~= shown then
      items[#items + 1] = { title = r.title, detail = tr("exhibits.about_m", { metres = ("%d"):format(math.floor(r.distance + 0.5)) }),
                            action = ui.go("exhibits", { id = r.id }, tr("action.open")) }
    end
  end
  return ui.list(tr("exhibits.around_you"), items, tr("exhibits.none_near"))
end

function M.at_time(ctx, replay)
  local state, exhibits = replay.state, by_id()
  local log = ctx.beacons
  local tr = i18n.of(ctx)
  --- @type flowrun.Component[]
  local sections
  local shown = state.nearest and exhibits[state.nearest]
  if shown then
    sections = M.exhibit_sections(shown)
    sections[#sections + 1] = ui.text(tr("exhibits.shown_since", { building = shown.building, floor = floor_name(shown.floor, tr),
                                      time = os.date("%H:%M:%S", math.floor(state.since)) }), "caption")
  else
    sections = { ui.heading(tr("exhibits.none_nearby")),
                 ui.text(tr("exhibits.walk_up")) }
  end
  sections[#sections + 1] = M.around(state.distances, state.nearest, tr)
  sections[#sections + 1] = ui.text(tr("exhibits.replayed", { file = log.file, time = os.date("%H:%M:%S", math.floor(log.at_time)),
                                    readings = ("%d"):format(replay.fed), beacons = ("%d"):format(state.live) }), "caption")
  return ui.screen(shown and shown.title or tr("exhibits.title"), sections, ctx.park.name)
end

local KINDS = { enter = "enter", leave = "exit", dwell = "dwell", beacon_lost = "monitor" }

function M.timeline(ctx, replay)
  local log, exhibits = ctx.beacons, by_id()
  local tr = i18n.of(ctx)
  local entries, counts = {}, { shown = 0, lost = 0, dwell = 0 }
  for _, ev in ipairs(replay.events) do
    local e = exhibits[ev.exhibit]
    local at = e and { e.lon, e.lat }   -- nil for an exhibit the park no longer has
    if ev.kind == "enter" then
      counts.shown = counts.shown + 1
      entries[#entries + 1] = { time = ev.time, kind = "enter", title = tr("exhibits.event.near", { exhibit = ev.title }), region = ev.exhibit, position = at }
      entries[#entries + 1] = { time = ev.time, kind = "callout", title = tr("exhibits.event.shown", { exhibit = ev.title }), region = ev.exhibit, position = at }
    elseif ev.kind == "leave" then
      entries[#entries + 1] = { time = ev.time, kind = "exit", title = tr("exhibits.event.left", { exhibit = ev.title }), region = ev.exhibit, position = at }
    elseif ev.kind == "dwell" then
      counts.dwell = counts.dwell + 1
      entries[#entries + 1] = { time = ev.time, kind = "dwell", title = tr("exhibits.event.staying", { exhibit = ev.title }), region = ev.exhibit, position = at }
    else
      counts.lost = counts.lost + 1
      entries[#entries + 1] = { time = ev.time, kind = KINDS[ev.kind], title = tr("exhibits.event.beacon_lost", { exhibit = ev.title }),
                                detail = tr("exhibits.event.beacon_lost_detail", { beacon = ev.beacon }), region = ev.exhibit, position = at }
    end
  end
  local regions = {}
  for _, e in ipairs(beacons.exhibits()) do
    regions[#regions + 1] = { id = e.id, name = e.title, center = { e.lon, e.lat }, radius = 2 }
  end
  local skipped = log.skipped
  local facts = {
    { label = tr("exhibits.fact.scan_log"), value = tr("exhibits.fact.scan_log_value", { file = log.file, readings = ("%d"):format(log.count),
        seconds = ("%d"):format(math.floor((log.finish or 0) - (log.start or 0))) }) },
    { label = tr("exhibits.fact.skipped"), value = tr("exhibits.fact.skipped_value", { unknown = ("%d"):format(skipped.unknown_beacons),
        rssi = ("%d"):format(skipped.rssi_out_of_range) }) },
    { label = tr("exhibits.fact.shown"), value = tr("exhibits.fact.shown_value", { shown = ("%d"):format(counts.shown),
        dwells = ("%d"):format(counts.dwell) }) },
    { label = tr("exhibits.fact.lost"), value = tostring(counts.lost) },
  }
  return ui.screen(tr("exhibits.replay_title"), {
    { type = "timeline", id = "replay", title = ctx.park.name .. ": " .. (log.file:match("[^/]+$") or log.file),
      start = log.start or 0, ["end"] = log.finish or 0, entries = entries, regions = regions, facts = facts,
      timezone = ctx.park.timezone },
  }, ctx.park.name)
end

function M.one(ctx, id)
  local tr = i18n.of(ctx)
  local e = by_id()[id]
  if not e then
    return ui.screen(tr("exhibits.title"), { ui.notice(tr("exhibits.no_such_exhibit", { id = ("%q"):format(id) })), M.list_section(ctx) }, ctx.park.name)
  end
  local sections = M.exhibit_sections(e)
  sections[#sections + 1] = ui.text(tr("exhibits.where", { building = e.building, floor = floor_name(e.floor, tr) }), "caption")
  return ui.screen(e.title, sections, ctx.park.name)
end

function M.list_section(ctx)
  local tr = i18n.of(ctx)
  local sections = {}
  local order, groups = {}, {}
  for _, e in ipairs(beacons.exhibits()) do
    if not groups[e.building] then order[#order + 1] = e.building; groups[e.building] = {} end
    local items = groups[e.building]
    items[#items + 1] = { title = e.title, detail = floor_name(e.floor, tr), action = ui.go("exhibits", { id = e.id }, tr("action.open")) }
  end
  for _, b in ipairs(order) do sections[#sections + 1] = ui.list(b, groups[b]) end
  if #sections == 0 then
    return ui.list(tr("exhibits.title"), {}, tr("exhibits.none_listed", { park = ctx.park.name }))
  end
  return table.unpack(sections)
end

flow.register("exhibits", function(ctx)
  if ctx.beacons then
    local replay = beacons.replay()
    if ctx.beacons.at_time then return M.at_time(ctx, replay) end
    return M.timeline(ctx, replay)
  end
  if ctx.args.id then return M.one(ctx, ctx.args.id) end
  local tr = i18n.of(ctx)
  --- @type flowrun.Component[]
  local sections = { ui.text(tr("exhibits.intro")) }
  for _, s in ipairs({ M.list_section(ctx) }) do sections[#sections + 1] = s end
  return ui.screen(tr("exhibits.title"), sections, ctx.park.name)
end, { args = { id = "text" } })

return M
