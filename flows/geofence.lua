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
local i18n = require("lib.i18n")

local M = {}

-- The callouts of parks/defaults.lua: a park that keeps one hears it in the visitor's
-- language (geofence.callout.<kind>); a park's own text is its content, shown as written.
local DEFAULT_CALLOUTS = {
  park_enter = "Welcome to %s.",
  park_exit = "You have left %s. Safe travels!",
  enter = "You are at %s.",
  dwell = "Take your time at %s: look around.",
}

-- The text a callout shows for an event, or nil when the event says nothing.
function M.callout_text(ctx, event)
  local texts = ctx.park.geofence.callouts or {}
  local kind = event.kind:gsub("^presence_", "park_")
  local template = texts[kind]
  if not template then return nil end
  if template == DEFAULT_CALLOUTS[kind] then
    return i18n.of(ctx)("geofence.callout." .. kind, { name = event.name })
  end
  return template:format(event.name)
end

-- The key of each event's timeline title ({name} the region's).
local TITLES = {
  presence_enter = "geofence.event.entered", presence_exit = "geofence.event.left", presence_dwell = "geofence.event.inside",
  enter = "geofence.event.entered", exit = "geofence.event.left", dwell = "geofence.event.dwelling",
  missed_enter = "geofence.event.missed",
}

-- A count as it was always written (no grouping: 1234), for numbers that may be large.
local function count(n) return ("%d"):format(n) end

-- Region names by id, read once per run (the park's regions do not change during one).
local region_names
local function names_by_id()
  if region_names == nil then
    region_names = {}
    for _, r in ipairs(geofence.regions()) do region_names[r.id] = r.name end
  end
  return region_names
end

-- "added A, B; dropped C" with at most three names each, and how many more; worded by
-- `tr` (i18n.of(ctx)).
--- @param tr fun(key: string, values?: table<string, any>): string
function M.change_detail(step, tr)
  local regions = names_by_id()
  local function names(ids)
    local out = {}
    for i = 1, math.min(3, #ids) do out[i] = regions[ids[i]] or ids[i] end
    if #ids > 3 then out[#out + 1] = tr("geofence.more", { count = count(#ids - 3) }) end
    return table.concat(out, ", ")
  end
  local parts = {}
  if #step.added > 0 then parts[#parts + 1] = tr("geofence.added", { names = names(step.added) }) end
  if #step.removed > 0 then parts[#parts + 1] = tr("geofence.dropped", { names = names(step.removed) }) end
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
local function regions_near(track, tr)
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
  if #rings > 0 then out[#out + 1] = { id = "park", name = tr("geofence.park_boundary"), rings = rings } end
  for _, r in ipairs(geofence.regions()) do
    if #out > 200 then break end
    local x = east_of(ref, r.lon)
    if x >= west and x <= east and r.lat >= south and r.lat <= north then
      out[#out + 1] = { id = r.id, name = r.name, center = { r.lon, r.lat }, radius = r.radius }
    end
  end
  return out
end

-- The key of the title of each location error, by its reason.
local ERRORS = { timed_out = "geofence.location.timed_out", denied = "geofence.location.denied",
                 unavailable = "geofence.location.unavailable" }

-- A timeline entry's title for a location state the replay entered (ctx.track.location),
-- worded by `tr` (i18n.of(ctx)).
--- @param tr fun(key: string, values?: table<string, any>): string
function M.location_title(change, tr)
  if change.state == "found" then
    return tr("geofence.location.found", { metres = count(math.floor(change.accuracy + 0.5)) })
  end
  if change.state == "searching" then return tr("geofence.location.searching") end
  if change.state == "searching_longer" then return tr("geofence.location.searching_longer") end
  if change.state == "error" then
    local key = ERRORS[change.reason]
    return key and tr(key) or tr("geofence.location.no_position", { reason = change.reason })
  end
  return tr("geofence.location.state", { state = change.state })
end

-- `1 min 41 s`, `2 h 5 min`: how long a loss of position lasted.
local function lasted(seconds, tr)
  local s = math.floor(seconds + 0.5)
  if s < 60 then return tr("geofence.lasted.s", { s = count(s) }) end
  if s < 3600 then return tr("geofence.lasted.min", { min = count(s // 60), s = count(s % 60) }) end
  return tr("geofence.lasted.h", { h = count(s // 3600), min = count((s % 3600) // 60) })
end

-- Why a loss of position lasted, as a timeline title says it: the key of each error's reason.
local WHY = { timed_out = "geofence.why.timed_out", denied = "geofence.why.denied",
              unavailable = "geofence.why.unavailable" }

-- The position lost from `lost.first` (the first change away from found) up to `back` (the
-- fix that found it again, or nil at the end), as one entry titled by the worst state
-- reached (searching longer, or an error).
local function loss_mark(lost, back, stop, tr)
  local why = tr(lost.worst.state == "error" and WHY[lost.worst.reason] or "geofence.why.searching_longer")
  local title = back and tr("geofence.lost_for", { lasted = lasted(back.time - lost.first.time, tr), why = why })
    or tr("geofence.lost_to_end", { why = why, lasted = lasted(stop - lost.first.time, tr) })
  local detail = lost.first.line and tr("geofence.last_fix_at", { line = tostring(lost.first.line) }) or nil
  if back and back.line then
    detail = (detail and detail .. "; " or "") .. tr("geofence.found_again_at", { line = count(back.line),
                                                     metres = count(math.floor(back.accuracy + 0.5)) })
  end
  return { time = lost.first.time, kind = "location", title = title, detail = detail,
           position = lost.first.lat and { lost.first.lon, lost.first.lat } or nil }
end

-- The location states as timeline entries, merged into `entries` in time order (a state
-- change comes before the events of the same second: it explains them). The first state
-- is a line; after it, a loss of position is one line saying how long it lasted, and only
-- when it lasted long enough for the screens to say so (searching longer, or an error):
-- a recording's ordinary gaps of a few seconds are not worth a line each.
local function add_location(entries, changes, stop, tr)
  local marks, started = {}, false
  -- The loss under way: {first, worst, marked?, noticed?}.
  --- @type table?
  local lost = nil
  local function plain(change)
    marks[#marks + 1] = { time = change.time, kind = "location", title = M.location_title(change, tr),
                          detail = change.line and tr(change.state == "found" and "geofence.fix_at" or "geofence.last_fix_at",
                                                      { line = tostring(change.line) }) or nil,
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
      elseif lost and lost.noticed then marks[#marks + 1] = loss_mark(lost, change, nil, tr) end
      lost = nil
    else
      lost = lost or { first = change, worst = change }
      if change.state ~= "searching" then lost.worst, lost.noticed = change, true end
    end
  end
  if lost and lost.noticed and not lost.marked then marks[#marks + 1] = loss_mark(lost, nil, stop, tr) end
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

-- Why a callout was held (monitor:callout's reason, in English) in the visitor's language:
-- the throttle's and the context's reasons by key, any other as it is.
local function held_reason(why, tr)
  local since, minimum = why:match("^another callout (%S+) s ago %(minimum (%S+) s%)$")
  if since then return tr("geofence.held.too_soon", { since = since, minimum = minimum }) end
  since, minimum = why:match("^this site's callout (%S+) s ago %(minimum (%S+) s%)$")
  if since then return tr("geofence.held.site_too_soon", { since = since, minimum = minimum }) end
  local context = why:match("^not in the active context '(.*)'$")
  if context then return tr("geofence.held.context", { context = context }) end
  return why
end

function M.replay(ctx)
  local tr = i18n.of(ctx)
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
        add(fix.time, "monitor", tr("geofence.monitoring", { count = count(#state.monitored) }),
            M.change_detail(step, tr), nil, fix.lat, fix.lon)
      end
      for _, event in ipairs(step.events) do
        if event.kind == "missed_enter" then
          counts.missed = counts.missed + 1
          add(event.time, "missed_enter", tr(TITLES.missed_enter, { name = event.name }),
              tr("geofence.missed_detail"), event.region, event.lat, event.lon)
        elseif event.kind ~= "presence_dwell" then
          add(event.time, event.kind, tr(TITLES[event.kind], { name = event.name }), nil, event.region, event.lat, event.lon)
          local text = M.callout_text(ctx, event)
          if text then
            local shown, why = mon:callout(event.region, event.time)
            if shown then
              counts.shown = counts.shown + 1
              add(event.time, "callout", text, nil, event.region, event.lat, event.lon)
            else
              counts.held = counts.held + 1
              add(event.time, "callout_held", text, tr("geofence.held_detail", { why = held_reason(why or "", tr) }),
                  event.region, event.lat, event.lon)
            end
          end
        end
      end
    end
  end
  local state = mon:state()
  entries = add_location(entries, track.location, stop, tr)
  local hours = (stop - track.start) / 3600
  local facts = {
    { label = tr("geofence.fact.track"), value = tr("geofence.fact.track_value", { file = track.file, fixes = count(track.count),
        hours = i18n.number(ctx.locale, hours, 1) }) },
    { label = tr("geofence.fact.regions"), value = tr(state.has_presence and "geofence.fact.regions_value_boundary"
        or "geofence.fact.regions_value", { sites = count(state.regions), cap = count(state.cap) }) },
    { label = tr("geofence.fact.monitored"), value = tr("geofence.fact.monitored_value", { refreshes = count(state.refreshes),
        changes = count(counts.changes) }) },
    { label = tr("geofence.fact.callouts"), value = tr("geofence.fact.callouts_value", { shown = count(counts.shown),
        held = count(counts.held) }) },
    { label = tr("geofence.fact.missed"), value = tr("geofence.fact.missed_value", { missed = count(counts.missed),
        cap = count(state.cap) }) },
  }
  local path = thinned(track.fixes, 600)
  return ui.screen(tr("geofence.replay_title"), {
    { type = "timeline", id = "replay", title = ctx.park.name .. ": " .. (track.file:match("[^/]+$") or track.file),
      start = track.start, ["end"] = stop, entries = entries, track = path,
      regions = regions_near(path, tr), facts = facts, timezone = ctx.park.timezone },
  }, ctx.park.name)
end

function M.at(ctx)
  local tr = i18n.of(ctx)
  local mon = geofence.monitor()
  mon:feed({ lat = ctx.at.lat, lon = ctx.at.lon, time = ctx.time.epoch })
  local state = mon:state(ctx.at.lat, ctx.at.lon)
  local items = {}
  for i, r in ipairs(state.monitored) do
    items[i] = { title = r.name,
                 detail = r.distance <= 0 and tr("geofence.inside_geofence")
                   or tr("geofence.to_edge", { distance = ui.distance(r.distance, tr) }),
                 action = r.id ~= "park" and ui.go("sites", { id = r.id }, tr("action.open")) or nil }
  end
  local inside = ctx.at.inside_park
  local sections = {
    ui.heading(inside == nil and tr("geofence.no_boundary")
               or tr(inside and "geofence.inside_park" or "geofence.outside_park", { park = ctx.park.name })),
    ui.text(tr(state.has_presence and "geofence.explain_boundary" or "geofence.explain", {
      cap = count(state.cap), count = count(#state.monitored),
      refresh = ui.distance(ctx.park.geofence.refresh_distance, tr), hysteresis = ui.distance(ctx.park.geofence.hysteresis, tr) })),
    ui.list(tr("geofence.monitored_now", { monitored = count(#state.monitored), sites = count(state.regions) }), items,
            tr("geofence.only_boundary")),
  }
  local next = state.nearest_unmonitored
  if next then
    sections[#sections + 1] = ui.text(tr("geofence.nearest_unmonitored", { name = next.name, distance = ui.distance(next.distance, tr) }))
  end
  return ui.screen(tr("geofence.here_title"), sections, ctx.park.name)
end

flow.register("geofence", function(ctx)
  if ctx.track then return M.replay(ctx) end
  if ctx.at then return M.at(ctx) end
  local g = ctx.park.geofence
  local tr = i18n.of(ctx)
  return ui.screen(tr("geofence.title"), {
    ui.text(tr("geofence.intro")),
    ui.text(tr("geofence.settings", { radius = ui.distance(g.radius, tr), cap = count(g.cap), enter = count(g.enter_delay),
                                      exit = count(g.exit_delay), dwell = count(g.dwell_delay) })),
  }, ctx.park.name)
end)

return M
