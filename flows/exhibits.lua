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

local function floor_name(floor)
  if floor == 0 then return "ground floor" end
  return floor > 0 and ("floor " .. floor) or ("level " .. floor)
end

-- The list of exhibits around: `rows` from a tracker's state (nearest first), the shown one left out.
function M.around(rows, shown)
  local items = {}
  for _, r in ipairs(rows) do
    if r.id ~= shown then
      items[#items + 1] = { title = r.title, detail = ("about %d m"):format(math.floor(r.distance + 0.5)),
                            action = ui.go("exhibits", { id = r.id }, "Open") }
    end
  end
  return ui.list("Around you", items, "No other exhibit is near.")
end

function M.at_time(ctx, replay)
  local state, exhibits = replay.state, by_id()
  local log = ctx.beacons
  --- @type flowrun.Component[]
  local sections
  local shown = state.nearest and exhibits[state.nearest]
  if shown then
    sections = M.exhibit_sections(shown)
    sections[#sections + 1] = ui.text(("%s, %s. Shown since %s."):format(shown.building, floor_name(shown.floor),
                                      os.date("%H:%M:%S", math.floor(state.since))), "caption")
  else
    sections = { ui.heading("No exhibit nearby"),
                 ui.text("Walk up to an exhibit: its content appears here once its beacon is the nearest for a few seconds.") }
  end
  sections[#sections + 1] = M.around(state.distances, state.nearest)
  sections[#sections + 1] = ui.text(("%s at %s: %d readings replayed, %d beacons heard."):format(log.file,
                                    os.date("%H:%M:%S", math.floor(log.at_time)), replay.fed, state.live), "caption")
  return ui.screen(shown and shown.title or "Exhibits", sections, ctx.park.name)
end

local KINDS = { enter = "enter", leave = "exit", dwell = "dwell", beacon_lost = "monitor" }

function M.timeline(ctx, replay)
  local log, exhibits = ctx.beacons, by_id()
  local entries, counts = {}, { shown = 0, lost = 0, dwell = 0 }
  for _, ev in ipairs(replay.events) do
    local e = exhibits[ev.exhibit]
    local at = e and { e.lon, e.lat }   -- nil for an exhibit the park no longer has
    if ev.kind == "enter" then
      counts.shown = counts.shown + 1
      entries[#entries + 1] = { time = ev.time, kind = "enter", title = "Near " .. ev.title, region = ev.exhibit, position = at }
      entries[#entries + 1] = { time = ev.time, kind = "callout", title = "Shown: " .. ev.title, region = ev.exhibit, position = at }
    elseif ev.kind == "leave" then
      entries[#entries + 1] = { time = ev.time, kind = "exit", title = "Left " .. ev.title, region = ev.exhibit, position = at }
    elseif ev.kind == "dwell" then
      counts.dwell = counts.dwell + 1
      entries[#entries + 1] = { time = ev.time, kind = "dwell", title = "Staying at " .. ev.title, region = ev.exhibit, position = at }
    else
      counts.lost = counts.lost + 1
      entries[#entries + 1] = { time = ev.time, kind = KINDS[ev.kind], title = "Beacon lost at " .. ev.title,
                                detail = ev.beacon .. " not heard for a while (dead battery?); dropped", region = ev.exhibit, position = at }
    end
  end
  local regions = {}
  for _, e in ipairs(beacons.exhibits()) do
    regions[#regions + 1] = { id = e.id, name = e.title, center = { e.lon, e.lat }, radius = 2 }
  end
  local skipped = log.skipped
  local facts = {
    { label = "Scan log", value = ("%s: %d readings over %d s"):format(log.file, log.count, math.floor((log.finish or 0) - (log.start or 0))) },
    { label = "Skipped", value = ("%d from beacons the park does not list, %d with RSSI out of range"):format(skipped.unknown_beacons, skipped.rssi_out_of_range) },
    { label = "Exhibits shown", value = ("%d times; %d dwells"):format(counts.shown, counts.dwell) },
    { label = "Beacons lost", value = tostring(counts.lost) },
  }
  return ui.screen("Exhibit replay", {
    { type = "timeline", id = "replay", title = ctx.park.name .. ": " .. (log.file:match("[^/]+$") or log.file),
      start = log.start or 0, ["end"] = log.finish or 0, entries = entries, regions = regions, facts = facts,
      timezone = ctx.park.timezone },
  }, ctx.park.name)
end

function M.one(ctx, id)
  local e = by_id()[id]
  if not e then
    return ui.screen("Exhibits", { ui.notice(("No exhibit %q here."):format(id)), M.list_section(ctx) }, ctx.park.name)
  end
  local sections = M.exhibit_sections(e)
  sections[#sections + 1] = ui.text(("%s, %s."):format(e.building, floor_name(e.floor)), "caption")
  return ui.screen(e.title, sections, ctx.park.name)
end

function M.list_section(ctx)
  local sections = {}
  local order, groups = {}, {}
  for _, e in ipairs(beacons.exhibits()) do
    if not groups[e.building] then order[#order + 1] = e.building; groups[e.building] = {} end
    local items = groups[e.building]
    items[#items + 1] = { title = e.title, detail = floor_name(e.floor), action = ui.go("exhibits", { id = e.id }, "Open") }
  end
  for _, b in ipairs(order) do sections[#sections + 1] = ui.list(b, groups[b]) end
  if #sections == 0 then
    return ui.list("Exhibits", {}, ("%s lists no indoor exhibits."):format(ctx.park.name))
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
  --- @type flowrun.Component[]
  local sections = { ui.text("Near an exhibit, the app shows it by its Bluetooth beacon. Replay a scan log with --beacons FILE.csv.") }
  for _, s in ipairs({ M.list_section(ctx) }) do sections[#sections + 1] = s end
  return ui.screen("Exhibits", sections, ctx.park.name)
end, { args = { id = "text" } })

return M
