-- Party: a group in the park replayed together.
--   flowrun --park YOSE party --party FILE.json [--as MEMBER_ID]
-- shows a timeline with everyone's path, the alerts the member it runs as is told of (left
-- every safe zone, back in one, stopped reporting, two members drifting apart) and who else
-- is told; then where everyone is now, the safe zones and members (changed by acts, kept in
-- the visitor's store) and "watch over me" (lib/party_manage.lua). What a member may see,
-- change or trigger comes from their role and is enforced by the `party` module, not here:
-- this flow only shows what it is given.
local ui = require("lib.ui")
local duty_cycle = require("lib.duty_cycle")
local manage = require("lib.party_manage")
local i18n = require("lib.i18n")

local M = {}

-- The run's translator: set first thing in every run (runs of one park share this state,
-- one at a time), so the builders below speak the run's language.
--- @type fun(key: string, values?: table<string, any>): string
local tr

-- A distance past a limit rounded up at the step ui.distance shows (10 m, 100 m, 1 km):
-- 800.4 m past an 800 m limit reads "810 m", never "800 m apart; more than 800 m".
local function rounded_up(metres)
  local step = metres < 1000 and 10 or metres < 10000 and 100 or 1000
  return math.ceil(metres / step) * step
end

-- The line an event shows.
function M.title(e)
  if e.kind == "in_zone" then return tr("party.event.in_zone", { name = e.name, zone = e.zone_name }) end
  if e.kind == "left_zones" then return tr("party.event.left_zones", { name = e.name }) end
  if e.kind == "returned" then return tr("party.event.returned", { name = e.name, zone = e.zone_name }) end
  if e.kind == "silent" then return tr("party.event.silent", { name = e.name }) end
  if e.kind == "reporting" then return tr("party.event.reporting", { name = e.name }) end
  if e.kind == "drift" then
    return tr("party.event.drift", { name = e.name, other = e.other_name, distance = ui.distance(rounded_up(e.distance), tr) })
  end
  if e.kind == "together" then return tr("party.event.together", { name = e.name, other = e.other_name }) end
  if e.kind == "overdue" then return tr("party.event.overdue", { name = e.name }) end
  return e.kind
end

-- "a, b and c" / "a, b or c" (`last` a translated word).
local function joined(list, last)
  if #list < 2 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " " .. last .. " " .. list[#list]
end

-- What the viewer's role allows, in words: "may raise an emergency; may not see ...".
-- Each right, and the key of its words (party.right.<right>).
local RIGHTS = { "see_everyone", "change_zones", "manage_members", "trigger_emergency", "hear_every_alert" }
function M.rights(me)
  local may, may_not = {}, {}
  for _, r in ipairs(RIGHTS) do
    local words = tr("party.right." .. r)
    if me.rights[r] then may[#may + 1] = words else may_not[#may_not + 1] = words end
  end
  local parts = {}
  if #may > 0 then parts[#parts + 1] = tr("party.may", { rights = joined(may, tr("party.and")) }) end
  if #may_not > 0 then parts[#parts + 1] = tr("party.may_not", { rights = joined(may_not, tr("party.or")) }) end
  return table.concat(parts, "; ")
end

-- Who is told (by name), and more about the event.
function M.detail(e, info)
  local parts = {}
  if e.kind == "left_zones" then parts[#parts + 1] = tr("party.detail.last_in", { zone = e.zone_name }) end
  if e.kind == "silent" then
    parts[#parts + 1] = tr("party.detail.no_fix", { minutes = tostring(math.floor(info.silence_s / 60 + 0.5)) })
  end
  if e.kind == "drift" then parts[#parts + 1] = tr("party.detail.more_than", { distance = ui.distance(info.drift_m, tr) }) end
  if e.kind == "together" then parts[#parts + 1] = tr("party.detail.apart", { distance = ui.distance(e.distance, tr) }) end
  if e.kind == "overdue" then
    parts[#parts + 1] = tr("party.detail.watched_until", { time = os.date("%H:%M", math.floor(e.time)) })
  end
  if #e.to > 0 then
    local names = {}
    for i, id in ipairs(e.to) do names[i] = info.names[id] or id end
    parts[#parts + 1] = tr("party.detail.told", { names = table.concat(names, ", ") })
  end
  if e.lat == nil and e.kind ~= "overdue" then parts[#parts + 1] = tr("party.detail.position_hidden") end
  if #parts == 0 then return nil end
  return table.concat(parts, "; ")
end

-- A zone as a timeline region: a circle, or rings of [lon, lat] closed on their first point.
function M.region(z)
  if z.rings == nil then return { id = z.id, name = z.name, center = { z.lon, z.lat }, radius = z.radius_m } end
  local rings = {}
  for i, ring in ipairs(z.rings) do
    local out = {}
    for j, p in ipairs(ring) do out[j] = { p.lon, p.lat } end
    local first, last = ring[1], ring[#ring]
    if first.lat ~= last.lat or first.lon ~= last.lon then out[#out + 1] = { first.lon, first.lat } end
    rings[i] = out
  end
  return { id = z.id, name = z.name, rings = rings }
end

-- An event as a timeline entry.
function M.entry(e, info)
  return { time = e.time, kind = e.entry, title = M.title(e), detail = M.detail(e, info),
           region = e.zone, position = e.lat and { e.lon, e.lat } or nil }
end

-- The sections below the replay or the kept alerts: where everyone is, the zones, the
-- members and the watch.
function M.sections(ctx, out)
  manage.where(ctx, out)
  manage.zones(out, tr)
  manage.members(out, tr)
  manage.watch(out, tr)
end

function M.replay(ctx)
  local did = manage.act(ctx)
  local info, me, replay = party.info(), party.viewer(), party.replay()
  info.names = {}
  for _, m in ipairs(info.members) do info.names[m.id] = m.name end
  local entries, counts = {}, {}
  --- @type number, number
  local start, finish = info.start, info.finish
  for _, e in ipairs(replay.events) do
    counts[e.kind] = (counts[e.kind] or 0) + 1
    entries[#entries + 1] = M.entry(e, info)
    -- A watch may run out after the tracks end.
    start, finish = math.min(start, e.time), math.max(finish, e.time)
  end
  local regions, paths = {}, {}
  for i, z in ipairs(info.zones) do regions[i] = M.region(z) end
  for i, p in ipairs(replay.paths) do paths[i] = { id = p.id, name = p.name, points = p.points } end
  local people = {}
  for i, m in ipairs(info.members) do
    people[i] = tr(m.visible and "party.fact.member" or "party.fact.member_hidden",
                   { name = m.name, role = manage.role(m.role, tr), fixes = ("%d"):format(m.fixes) })
  end
  local function n(kind) return tostring(counts[kind] or 0) end
  local facts = {
    { label = tr("party.fact.party"), value = ("%s (%s)"):format(info.name, info.file) },
    { label = tr("party.fact.members"), value = table.concat(people, "; ") },
    { label = tr("party.fact.viewing_as"), value = ("%s, %s: %s"):format(me.name, manage.role(me.role, tr), M.rights(me)) },
    { label = tr("party.fact.settings"), value = tr("party.fact.settings_value", {
        drift = ui.distance(info.drift_m, tr), minutes = tostring(math.floor(info.silence_s / 60 + 0.5)) }) },
    { label = tr("party.fact.alerts"), value = tr("party.fact.alerts_value", {
        left = n("left_zones"), back = n("returned"), silent = n("silent"), drift = n("drift") }) },
  }
  if replay.hidden > 0 then
    facts[#facts + 1] = { label = tr("party.fact.hidden"), value = tr("party.fact.hidden_value", { events = ("%d"):format(replay.hidden) }) }
  end
  if replay.duty then
    duty_cycle.apply(replay.duty, replay.events, entries, facts, function(e) return M.entry(e, info) end)
  end
  --- @type flowrun.TimelineComponent
  local timeline = {
    type = "timeline", id = "party", title = ctx.park.name .. ": " .. info.name, start = start, ["end"] = finish,
    entries = entries, regions = regions, paths = paths, facts = facts, timezone = ctx.park.timezone,
  }
  local out = { timeline }
  if did then table.insert(out, 1, ui.notice(did)) end
  M.sections(ctx, out)
  return ui.screen(tr("party.replay_title"), out, ctx.park.name)
end

-- A live session's party: the alerts delivered to this member so far, kept in the store, so
-- one who opens the app later sees what happened and when.
function M.kept(ctx)
  local did = manage.act(ctx)
  local info, me = party.info(), party.viewer()
  info.names = {}
  for _, m in ipairs(info.members) do info.names[m.id] = m.name end
  local alerts = party.alerts()
  local items = {}
  for i, a in ipairs(alerts) do
    items[i] = { title = M.title(a), detail = os.date("%H:%M", math.floor(a.time)) .. (M.detail(a, info) and ("; " .. M.detail(a, info)) or "") }
  end
  local out = {
    ui.heading(info.name),
    ui.text(tr("party.you_are", { name = me.name, role = manage.role(me.role, tr), rights = M.rights(me) }), "caption"),
    ui.list(tr("party.what_happened"), items, tr("party.nothing_yet")),
  }
  if did then table.insert(out, 1, ui.notice(did)) end
  M.sections(ctx, out)
  return ui.screen(tr("party.title"), out, ctx.park.name)
end

flow.register("party", function(ctx)
  tr = i18n.of(ctx)
  if party.active() and party.info().live then return M.kept(ctx) end
  if party.active() then return M.replay(ctx) end
  return ui.screen(tr("party.title"), {
    ui.text(tr("party.usage")),
  }, ctx.park.name)
end, { args = manage.ARGS })

return M
