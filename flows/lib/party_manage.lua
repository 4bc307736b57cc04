-- The party screen's own parts: where everyone is now, the safe zones and members (with the
-- forms to change them where the viewer's role may), and "watch over me". The `party` module
-- enforces every right and keeps each change in the visitor's store (in an act run); these
-- functions only show what the viewer may do and pass the forms' values on.
-- The words are the run's language's: act and where take a translator of ctx, the section
-- builders the one party.lua passes.
local ui = require("lib.ui")
local i18n = require("lib.i18n")

--- @alias party_manage.Tr fun(key: string, values?: table<string, any>): string

local M = {}

M.RADII = { "50", "100", "200", "500" }
M.ROLES = { "child", "member", "guardian", "guest" }

-- The choices of a form's field: each value with its words.
local function radii(tr)
  local out = {}
  for i, r in ipairs(M.RADII) do out[i] = { r, ui.distance(tonumber(r) or 0, tr) } end
  return out
end
--- A member's role as text reads it: "guardian", "tutor" in Spanish; a role the party
--- module does not know is shown as written.
--- @param role string
--- @param tr party_manage.Tr
--- @return string
function M.role(role, tr)
  for _, r in ipairs(M.ROLES) do
    if r == role then return tr("party.role_word." .. r) end
  end
  return role
end

local function roles(tr)
  local out = {}
  for i, r in ipairs(M.ROLES) do out[i] = { r, tr("party.role." .. r) } end
  return out
end

--- The flow's args, as the party flow declares them.
M.ARGS = {
  zone = { "add", "move", "remove" }, id = "text", name = "text", radius = { "50", "100", "200", "500" },
  member = { "add", "remove" }, role = { "guardian", "member", "child", "guest" },
  watch = { "start", "check_in" }, ["until"] = "text",
}

--- "just now", "3 min ago", "2 h 5 min ago", "4 d ago".
--- @param seconds number
--- @param tr party_manage.Tr
--- @return string
function M.ago(seconds, tr)
  local function n(x) return ("%d"):format(x) end
  if seconds < 60 then return tr("party.ago.just_now") end
  if seconds < 3600 then return tr("party.ago.minutes", { minutes = n(seconds // 60) }) end
  if seconds < 86400 then
    return tr("party.ago.hours", { hours = n(seconds // 3600), minutes = n(seconds % 3600 // 60) })
  end
  return tr("party.ago.days", { days = n(seconds // 86400) })
end

--- Where the viewer is: the phone's position, else their own last fix of the party.
--- @param ctx flowrun.Context
--- @return {lat: number, lon: number}?
function M.here(ctx)
  if ctx.at then return ctx.at end
  return party.position(party.viewer().id, ctx.time.epoch)
end

-- A new zone's id from its name: "Picnic spot" → "picnic-spot" (then -2, -3 while taken).
local function zone_id(name, zones)
  local base = name:lower():gsub("[^%w]+", "-"):gsub("^%-+", ""):gsub("%-+$", "")
  if base == "" then base = "zone" end
  local taken = {}
  for _, z in ipairs(zones) do taken[z.id] = true end
  local id, n = base, 1
  while taken[id] do n = n + 1; id = base .. "-" .. n end
  return id
end

--- Performs the act the args ask for; returns what it did, for a notice (nil: no act).
--- @param ctx flowrun.Context
--- @return string?
function M.act(ctx)
  local a = ctx.args
  if not ctx.acting then return nil end
  local tr = i18n.of(ctx)
  if a.zone == "remove" then
    return party.remove_zone(a.id or "") and tr("party.did.zone_removed") or tr("party.did.no_such_zone")
  elseif a.zone == "add" or a.zone == "move" then
    local here = M.here(ctx)
    if not here then return tr("party.did.position_unknown") end
    local zone
    for _, z in ipairs(party.info().zones) do if z.id == a.id then zone = z end end
    if a.zone == "move" and not (zone and zone.radius_m) then return tr("party.did.only_circles_move") end
    local name = a.name or (zone and zone.name) or tr("party.zone.default_name")
    party.set_zone({ id = zone and zone.id or zone_id(name, party.info().zones), name = name, lat = here.lat, lon = here.lon,
                     radius_m = tonumber(a.radius) or (zone and zone.radius_m) or 100 })
    return tr("party.did.zone_set", { zone = name })
  elseif a.member == "add" then
    party.add_member({ id = a.id or "", name = a.name, role = a.role or "member" })
    return tr("party.did.member_joined", { name = tostring(a.name or a.id) })
  elseif a.member == "remove" then
    return party.remove_member(a.id or "") and tr("party.did.member_left") or tr("party.did.no_such_member")
  elseif a.watch == "start" then
    local ends = party.watch(a["until"] or "")
    return tr("party.did.watch_started", { time = os.date("%H:%M", math.floor(ends)) })
  elseif a.watch == "check_in" then
    return party.check_in() and tr("party.did.checked_in") or tr("party.did.no_watch")
  end
  return nil
end

--- "Where everyone is now": each member's last fix, how old, and how far from the viewer;
--- only the positions the viewer's role may see.
--- @param ctx flowrun.Context
--- @param out flowrun.Component[]
function M.where(ctx, out)
  local tr = i18n.of(ctx)
  local me, now, here = party.viewer(), ctx.time.epoch, M.here(ctx)
  local items = {}
  for _, m in ipairs(party.info().members) do
    local subtitle
    if not m.visible then
      subtitle = tr("party.where.not_shown")
    else
      local fix = party.position(m.id, now)
      if not fix or fix.time > now then
        subtitle = tr("party.where.no_position")
      elseif m.id == me.id then
        subtitle = tr("party.where.you", { ago = M.ago(now - fix.time, tr) })
      elseif here then
        local away = ui.away(geo.distance(here.lat, here.lon, fix.lat, fix.lon), geo.bearing(here.lat, here.lon, fix.lat, fix.lon), tr)
        subtitle = ("%s, %s"):format(away, M.ago(now - fix.time, tr))
      else
        subtitle = ("%s, %s"):format(ui.position(fix.lat, fix.lon), M.ago(now - fix.time, tr))
      end
    end
    items[#items + 1] = { title = ("%s (%s)"):format(m.name, M.role(m.role, tr)), subtitle = subtitle }
  end
  out[#out + 1] = ui.list(tr("party.where.title"), items)
end

-- A list, then the form that adds to it when the viewer's role may (nil: none).
local function listed(out, list, form)
  out[#out + 1] = list
  if form then out[#out + 1] = form end
end

--- The safe zones; for a role that changes them, move and remove acts and the add form.
--- @param out flowrun.Component[]
--- @param tr party_manage.Tr
function M.zones(out, tr)
  local may = party.viewer().rights.change_zones
  local items = {}
  for _, z in ipairs(party.info().zones) do
    local what = z.radius_m and tr("party.zone.around", { distance = ui.distance(z.radius_m, tr), position = ui.position(z.lat, z.lon) })
      or tr("party.zone.an_area")
    items[#items + 1] = { title = z.name, subtitle = what,
                          action = may and ui.act("party", { zone = "remove", id = z.id }, tr("party.remove", { name = z.name })) or nil }
    if may and z.radius_m then
      items[#items + 1] = { title = tr("party.zone.move_here", { zone = z.name }),
                            action = ui.act("party", { zone = "move", id = z.id }, tr("party.zone.move")) }
    end
  end
  listed(out, ui.list(tr("party.zones.title"), items, tr("party.zones.none")), may and ui.form(tr("party.zones.add_title"), {
    ui.text_field("name", tr("party.field.name"), { placeholder = tr("party.zones.placeholder"), max_length = 80, required = true }),
    ui.choice_field("radius", tr("party.field.radius"), radii(tr), "100"),
  }, ui.act("party", { zone = "add" }, tr("party.zones.add"))) or nil)
end

--- The members; for a role that manages them, remove acts and the add form.
--- @param out flowrun.Component[]
--- @param tr party_manage.Tr
function M.members(out, tr)
  local me = party.viewer()
  local may = me.rights.manage_members
  local items = {}
  for _, m in ipairs(party.info().members) do
    local remove = may and m.id ~= me.id and ui.act("party", { member = "remove", id = m.id }, tr("party.remove", { name = m.name })) or nil
    items[#items + 1] = { title = m.name, subtitle = M.role(m.role, tr), action = remove }
  end
  listed(out, ui.list(tr("party.members.title"), items), may and ui.form(tr("party.members.add_title"), {
    ui.text_field("id", tr("party.field.id"), { placeholder = "eve", max_length = 100, required = true }),
    ui.text_field("name", tr("party.field.name"), { placeholder = "Eve", max_length = 200 }),
    ui.choice_field("role", tr("party.field.role"), roles(tr), "child"),
  }, ui.act("party", { member = "add" }, tr("party.members.add"))) or nil)
end

--- "Watch over me": the viewer's watch and its check-in, or the form to start one; and,
--- for a guardian, everyone's.
--- @param out flowrun.Component[]
--- @param tr party_manage.Tr
function M.watch(out, tr)
  local me = party.viewer()
  --- @type table?
  local mine = nil
  local items = {}
  for _, w in ipairs(party.watches()) do
    local state = w.checked_in and tr("party.watch.checked_in") or w.overdue and tr("party.watch.ran_out") or tr("party.watch.running")
    if w.member == me.id and not w.checked_in then mine = w end
    items[#items + 1] = { title = tr("party.watch.until", { name = w.name, time = os.date("%H:%M", math.floor(w.ends)) }), subtitle = state }
  end
  if #items > 0 then out[#out + 1] = ui.list(tr("party.watch.title"), items) end
  if mine then
    out[#out + 1] = ui.button(tr("party.watch.check_in"), ui.act("party", { watch = "check_in" }, tr("party.watch.check_in")))
  else
    out[#out + 1] = ui.form(tr("party.watch.over_me"), {
      ui.text_field("until", tr("party.field.until"), { placeholder = "18:00", max_length = 40, required = true }),
    }, ui.act("party", { watch = "start" }, tr("party.watch.over_me")))
    out[#out + 1] = ui.text(tr("party.watch.explain"), "caption")
  end
end

return M
