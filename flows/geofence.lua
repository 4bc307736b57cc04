-- Geofence: what a visitor's phone would notice and say.
--   --track FILE.gpx  replays a recorded track through the park's geofences and returns a
--                     timeline: the park entered and left, sites entered, left and dwelled at,
--                     the callouts shown and those held back (and why), how the monitored set
--                     changed, and the enters the phone's cap would have missed.
--   --at LAT,LON      shows the state at one point: inside the park or not, which regions a
--                     phone would monitor there and why, and the nearest one it would not.
-- Texts and settings come from ctx.park.geofence (parks/defaults.lua); a park overrides them
-- in its park.lua, or overrides this flow and calls super(ctx).
local ui = require("lib.ui")

local M = {}

-- The text a callout shows for an event, or nil when the event says nothing.
function M.callout_text(ctx, event)
  local texts = ctx.park.geofence.callouts or {}
  local template = texts[event.kind:gsub("^presence_", "park_")]
  if not template then return nil end
  return template:format(event.name)
end

local TITLES = {
  presence_enter = "Entered %s", presence_exit = "Left %s", presence_dwell = "Inside %s",
  enter = "Entered %s", exit = "Left %s", dwell = "Dwelling at %s", missed_enter = "Missed: %s",
}

-- Region names by id, read once per run (the park's regions do not change during one).
local region_names
local function names_by_id()
  if region_names == nil then
    region_names = {}
    for _, r in ipairs(geofence.regions()) do region_names[r.id] = r.name end
  end
  return region_names
end

-- "added A, B; dropped C" with at most three names each, and how many more.
function M.change_detail(step)
  local regions = names_by_id()
  local function names(ids)
    local out = {}
    for i = 1, math.min(3, #ids) do out[i] = regions[ids[i]] or ids[i] end
    if #ids > 3 then out[#out + 1] = ("%d more"):format(#ids - 3) end
    return table.concat(out, ", ")
  end
  local parts = {}
  if #step.added > 0 then parts[#parts + 1] = "added " .. names(step.added) end
  if #step.removed > 0 then parts[#parts + 1] = "dropped " .. names(step.removed) end
  return table.concat(parts, "; ")
end

-- Every `step`-th fix, and the last, as [lon, lat] for drawing.
local function thinned(fixes, limit)
  local step = math.max(1, math.ceil(#fixes / limit))
  local out = {}
  for i = 1, #fixes, step do out[#out + 1] = { fixes[i].lon, fixes[i].lat } end
  local last = fixes[#fixes]
  out[#out + 1] = { last.lon, last.lat }
  return out
end

-- Degrees east of the meridian `ref`, in [-180, 180): a track's longitudes measured from its
-- first fix stay in one piece across the antimeridian (179.99 and -179.99 are 0.02 apart).
local function east_of(ref, lon) return (lon - ref + 180) % 360 - 180 end

-- The park boundary and the site circles near the track, for the picture.
local function regions_near(track)
  local ref, pad = track[1][1], 0.01
  local west, south, east, north = 180.0, 90.0, -180.0, -90.0
  for _, p in ipairs(track) do
    local x = east_of(ref, p[1])
    west, east = math.min(west, x - pad), math.max(east, x + pad)
    south, north = math.min(south, p[2] - pad), math.max(north, p[2] + pad)
  end
  south, north = math.max(south, -90), math.min(north, 90)
  local out = {}
  -- map.boundary folds longitudes past ±180 back: the box then crosses the antimeridian.
  local rings = map.boundary({ west = ref + west, south = south, east = ref + east, north = north }, 13)
  if #rings > 0 then out[#out + 1] = { id = "park", name = "Park boundary", rings = rings } end
  for _, r in ipairs(geofence.regions()) do
    if #out > 200 then break end
    local x = east_of(ref, r.lon)
    if x >= west and x <= east and r.lat >= south and r.lat <= north then
      out[#out + 1] = { id = r.id, name = r.name, center = { r.lon, r.lat }, radius = r.radius }
    end
  end
  return out
end

-- A timeline entry's title for a location state the replay entered (ctx.track.location).
function M.location_title(change)
  if change.state == "found" then return ("Position found (±%d m)"):format(math.floor(change.accuracy + 0.5)) end
  if change.state == "searching" then return "Searching for a position" end
  if change.state == "searching_longer" then return "Searching longer for a position" end
  if change.state == "error" then
    return ({ timed_out = "No position: timed out", denied = "Location denied", unavailable = "Location unavailable" })[change.reason]
      or ("No position: " .. change.reason)
  end
  return "Location " .. change.state
end

-- `1 min 41 s`, `2 h 5 min`: how long a loss of position lasted.
local function lasted(seconds)
  local s = math.floor(seconds + 0.5)
  if s < 60 then return ("%d s"):format(s) end
  if s < 3600 then return ("%d min %d s"):format(s // 60, s % 60) end
  return ("%d h %d min"):format(s // 3600, (s % 3600) // 60)
end

-- The position lost from `lost.first` (the first change away from found) up to `back` (the
-- fix that found it again, or nil at the end), as one entry titled by the worst state
-- reached (searching longer, or an error).
local function loss_mark(lost, back, stop)
  local why = lost.worst.state == "error" and lost.worst.reason:gsub("_", " ") or "searching longer"
  local title = back and ("No position for %s (%s)"):format(lasted(back.time - lost.first.time), why)
    or ("No position from here (%s; %s to the end)"):format(why, lasted(stop - lost.first.time))
  local detail = lost.first.line and ("last fix at line " .. lost.first.line) or nil
  if back and back.line then
    detail = (detail and detail .. "; " or "") .. ("found again at line %d (±%d m)"):format(back.line, math.floor(back.accuracy + 0.5))
  end
  return { time = lost.first.time, kind = "location", title = title, detail = detail,
           position = lost.first.lat and { lost.first.lon, lost.first.lat } or nil }
end

-- The location states as timeline entries, merged into `entries` in time order (a state
-- change comes before the events of the same second: it explains them). The first state
-- is a line; after it, a loss of position is one line saying how long it lasted, and only
-- when it lasted long enough for the screens to say so (searching longer, or an error):
-- a recording's ordinary gaps of a few seconds are not worth a line each.
local function add_location(entries, changes, stop)
  local marks, started = {}, false
  -- The loss under way: {first, worst, marked?, noticed?}.
  --- @type table?
  local lost = nil
  local function plain(change)
    marks[#marks + 1] = { time = change.time, kind = "location", title = M.location_title(change),
                          detail = change.line and ((change.state == "found" and "fix" or "last fix") .. " at line " .. change.line) or nil,
                          position = change.lat and { change.lon, change.lat } or nil }
  end
  for i, change in ipairs(changes or {}) do
    local next = changes[i + 1]
    if not started then
      -- A state that lasted no time (searching, then found by the same fix) is not worth a line.
      if not (next and next.time == change.time) then
        plain(change)
        started = true
        if change.state ~= "found" then lost = { first = change, worst = change, marked = true } end
      end
    elseif change.state == "found" then
      if lost and lost.marked then plain(change)
      elseif lost and lost.noticed then marks[#marks + 1] = loss_mark(lost, change) end
      lost = nil
    else
      lost = lost or { first = change, worst = change }
      if change.state ~= "searching" then lost.worst, lost.noticed = change, true end
    end
  end
  if lost and lost.noticed and not lost.marked then marks[#marks + 1] = loss_mark(lost, nil, stop) end
  if #marks == 0 then return entries end
  local merged, i, j = {}, 1, 1
  while i <= #entries or j <= #marks do
    if j > #marks or (i <= #entries and entries[i].time < marks[j].time) then
      merged[#merged + 1] = entries[i]; i = i + 1
    else
      merged[#merged + 1] = marks[j]; j = j + 1
    end
  end
  return merged
end

function M.replay(ctx)
  local track = ctx.track
  local stop = track.moment or track.finish
  local mon = geofence.monitor()
  local entries, counts = {}, { shown = 0, held = 0, missed = 0, changes = 0 }
  local function add(time, kind, title, detail, region, lat, lon)
    entries[#entries + 1] = { time = time, kind = kind, title = title, detail = detail, region = region,
                              position = lat and { lon, lat } or nil }
  end
  for _, fix in ipairs(track.fixes) do
    if fix.time > stop then break end
    local step = mon:feed(fix)
    if step then
      if #step.added > 0 or #step.removed > 0 then
        counts.changes = counts.changes + 1
        local state = mon:state()
        add(fix.time, "monitor", ("Monitoring %d regions"):format(#state.monitored),
            M.change_detail(step), nil, fix.lat, fix.lon)
      end
      for _, event in ipairs(step.events) do
        if event.kind == "missed_enter" then
          counts.missed = counts.missed + 1
          add(event.time, "missed_enter", TITLES.missed_enter:format(event.name),
              "an unlimited monitor saw this enter; the capped set was not watching it", event.region, event.lat, event.lon)
        elseif event.kind ~= "presence_dwell" then
          add(event.time, event.kind, TITLES[event.kind]:format(event.name), nil, event.region, event.lat, event.lon)
          local text = M.callout_text(ctx, event)
          if text then
            local shown, why = mon:callout(event.region, event.time)
            if shown then
              counts.shown = counts.shown + 1
              add(event.time, "callout", text, nil, event.region, event.lat, event.lon)
            else
              counts.held = counts.held + 1
              add(event.time, "callout_held", text, "held: " .. why, event.region, event.lat, event.lon)
            end
          end
        end
      end
    end
  end
  local state = mon:state()
  entries = add_location(entries, track.location, stop)
  local hours = (stop - track.start) / 3600
  local facts = {
    { label = "Track", value = ("%s: %d fixes over %.1f h"):format(track.file, track.count, hours) },
    { label = "Regions", value = ("%d sites%s; at most %d monitored at once"):format(state.regions,
        state.has_presence and " + the park boundary" or "", state.cap) },
    { label = "Monitored set", value = ("re-chosen %d times, changed %d times"):format(state.refreshes, counts.changes) },
    { label = "Callouts", value = ("%d shown, %d held back"):format(counts.shown, counts.held) },
    { label = "Missed enters", value = ("%d (enters a phone's cap of %d would not have seen)"):format(counts.missed, state.cap) },
  }
  local path = thinned(track.fixes, 600)
  return ui.screen("Geofence replay", {
    { type = "timeline", id = "replay", title = ctx.park.name .. ": " .. (track.file:match("[^/]+$") or track.file),
      start = track.start, ["end"] = stop, entries = entries, track = path,
      regions = regions_near(path), facts = facts, timezone = ctx.park.timezone },
  }, ctx.park.name)
end

function M.at(ctx)
  local mon = geofence.monitor()
  mon:feed({ lat = ctx.at.lat, lon = ctx.at.lon, time = ctx.time.epoch })
  local state = mon:state(ctx.at.lat, ctx.at.lon)
  local items = {}
  for i, r in ipairs(state.monitored) do
    items[i] = { title = r.name,
                 detail = r.distance <= 0 and "inside its geofence" or (ui.distance(r.distance) .. " to its edge"),
                 action = r.id ~= "park" and ui.go("sites", { id = r.id }, "Open") or nil }
  end
  local inside = ctx.at.inside_park
  local sections = {
    ui.heading(inside == nil and "This park has no boundary on file"
               or (inside and ("Inside " .. ctx.park.name) or ("Outside " .. ctx.park.name))),
    ui.text(("A phone monitors at most %d regions at once%s. These are the %d site regions whose edges are "
             .. "nearest; the set is re-chosen after the visitor moves %s, and a monitored region keeps its "
             .. "slot unless another is %s nearer."):format(state.cap,
             state.has_presence and ", the park boundary always one of them" or "", #state.monitored,
             ui.distance(ctx.park.geofence.refresh_distance), ui.distance(ctx.park.geofence.hysteresis))),
    ui.list(("Monitored now (%d of %d sites)"):format(#state.monitored, state.regions), items,
            "This park publishes no sites: only the boundary is monitored."),
  }
  local next = state.nearest_unmonitored
  if next then
    sections[#sections + 1] = ui.text(("Nearest region not monitored: %s, %s to its edge."):format(next.name, ui.distance(next.distance)))
  end
  return ui.screen("Geofences here", sections, ctx.park.name)
end

flow.register("geofence", function(ctx)
  if ctx.track then return M.replay(ctx) end
  if ctx.at then return M.at(ctx) end
  local g = ctx.park.geofence
  return ui.screen("Geofences", {
    ui.text("Replay a GPS track with --track FILE.gpx, or see what a phone monitors at a point with --at LAT,LON."),
    ui.text(("Sites are circles of %s (or their geofence_radius); at most %d regions are monitored at once; "
             .. "enter after %d s inside, exit after %d s outside, dwell after %d s."):format(
             ui.distance(g.radius), g.cap, g.enter_delay, g.exit_delay, g.dwell_delay)),
  }, ctx.park.name)
end)

return M
