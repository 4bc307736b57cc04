-- The party screen's own parts: where everyone is now, the safe zones and members (with the
-- forms to change them where the viewer's role may), and "watch over me". The `party` module
-- enforces every right and keeps each change in the visitor's store (in an act run); these
-- functions only show what the viewer may do and pass the forms' values on.
local ui = require("lib.ui")

local M = {}

M.RADII = { { "50", "50 m" }, { "100", "100 m" }, { "200", "200 m" }, { "500", "500 m" } }
M.ROLES = { { "child", "Child" }, { "member", "Member" }, { "guardian", "Guardian" }, { "guest", "Guest" } }

--- The flow's args, as the party flow declares them.
M.ARGS = {
  zone = { "add", "move", "remove" }, id = "text", name = "text", radius = { "50", "100", "200", "500" },
  member = { "add", "remove" }, role = { "guardian", "member", "child", "guest" },
  watch = { "start", "check_in" }, ["until"] = "text",
}

--- "just now", "3 min ago", "2 h 5 min ago", "4 d ago".
--- @param seconds number
--- @return string
function M.ago(seconds)
  if seconds < 60 then return "just now" end
  if seconds < 3600 then return ("%d min ago"):format(seconds // 60) end
  if seconds < 86400 then return ("%d h %d min ago"):format(seconds // 3600, seconds % 3600 // 60) end
  return ("%d d ago"):format(seconds // 86400)
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
  if a.zone == "remove" then
    return party.remove_zone(a.id or "") and "The safe zone was removed." or "There was no such safe zone."
  elseif a.zone == "add" or a.zone == "move" then
    local here = M.here(ctx)
    if not here then return "Your position is unknown, so no safe zone was changed." end
    local zone
    for _, z in ipairs(party.info().zones) do if z.id == a.id then zone = z end end
    if a.zone == "move" and not (zone and zone.radius_m) then return "Only a circle zone of the party moves." end
    local name = a.name or (zone and zone.name) or "Safe zone"
    party.set_zone({ id = zone and zone.id or zone_id(name, party.info().zones), name = name, lat = here.lat, lon = here.lon,
                     radius_m = tonumber(a.radius) or (zone and zone.radius_m) or 100 })
    return ("%s is a safe zone around where you are."):format(name)
  elseif a.member == "add" then
    party.add_member({ id = a.id or "", name = a.name, role = a.role or "member" })
    return ("%s joined the party."):format(a.name or a.id)
  elseif a.member == "remove" then
    return party.remove_member(a.id or "") and "They left the party." or "There was no such member."
  elseif a.watch == "start" then
    local ends = party.watch(a["until"] or "")
    return ("Your party watches over you until %s: check in before then."):format(os.date("%H:%M", math.floor(ends)))
  elseif a.watch == "check_in" then
    return party.check_in() and "Checked in: nobody will be alerted." or "You had no watch running."
  end
  return nil
end

--- "Where everyone is now": each member's last fix, how old, and how far from the viewer;
--- only the positions the viewer's role may see.
--- @param ctx flowrun.Context
--- @param out flowrun.Component[]
function M.where(ctx, out)
  local me, now, here = party.viewer(), ctx.time.epoch, M.here(ctx)
  local items = {}
  for _, m in ipairs(party.info().members) do
    local subtitle
    if not m.visible then
      subtitle = "position not shown to you"
    else
      local fix = party.position(m.id, now)
      if not fix or fix.time > now then
        subtitle = "no position yet"
      elseif m.id == me.id then
        subtitle = "you, " .. M.ago(now - fix.time)
      elseif here then
        local away = ui.away(geo.distance(here.lat, here.lon, fix.lat, fix.lon), geo.bearing(here.lat, here.lon, fix.lat, fix.lon))
        subtitle = ("%s, %s"):format(away, M.ago(now - fix.time))
      else
        subtitle = ("%s, %s"):format(ui.position(fix.lat, fix.lon), M.ago(now - fix.time))
      end
    end
    items[#items + 1] = { title = ("%s (%s)"):format(m.name, m.role), subtitle = subtitle }
  end
  out[#out + 1] = ui.list("Where everyone is now", items)
end

-- A list, then the form that adds to it when the viewer's role may (nil: none).
local function listed(out, list, form)
  out[#out + 1] = list
  if form then out[#out + 1] = form end
end

--- The safe zones; for a role that changes them, move and remove acts and the add form.
--- @param out flowrun.Component[]
function M.zones(out)
  local may = party.viewer().rights.change_zones
  local items = {}
  for _, z in ipairs(party.info().zones) do
    local what = z.radius_m and ("%s around %s"):format(ui.distance(z.radius_m), ui.position(z.lat, z.lon)) or "an area"
    items[#items + 1] = { title = z.name, subtitle = what,
                          action = may and ui.act("party", { zone = "remove", id = z.id }, "Remove " .. z.name) or nil }
    if may and z.radius_m then
      items[#items + 1] = { title = "Move " .. z.name .. " here", action = ui.act("party", { zone = "move", id = z.id }, "Move here") }
    end
  end
  listed(out, ui.list("Safe zones", items, "No safe zones."), may and ui.form("Add a safe zone where you are", {
    ui.text_field("name", "Name", { placeholder = "Picnic spot", max_length = 80, required = true }),
    ui.choice_field("radius", "Radius", M.RADII, "100"),
  }, ui.act("party", { zone = "add" }, "Add the zone")) or nil)
end

--- The members; for a role that manages them, remove acts and the add form.
--- @param out flowrun.Component[]
function M.members(out)
  local me = party.viewer()
  local may = me.rights.manage_members
  local items = {}
  for _, m in ipairs(party.info().members) do
    local remove = may and m.id ~= me.id and ui.act("party", { member = "remove", id = m.id }, "Remove " .. m.name) or nil
    items[#items + 1] = { title = m.name, subtitle = m.role, action = remove }
  end
  listed(out, ui.list("Members", items), may and ui.form("Add a member", {
    ui.text_field("id", "Id", { placeholder = "eve", max_length = 100, required = true }),
    ui.text_field("name", "Name", { placeholder = "Eve", max_length = 200 }),
    ui.choice_field("role", "Role", M.ROLES, "child"),
  }, ui.act("party", { member = "add" }, "Add the member")) or nil)
end

--- "Watch over me": the viewer's watch and its check-in, or the form to start one; and,
--- for a guardian, everyone's.
--- @param out flowrun.Component[]
function M.watch(out)
  local me = party.viewer()
  --- @type table?
  local mine = nil
  local items = {}
  for _, w in ipairs(party.watches()) do
    local state = w.checked_in and "checked in" or w.overdue and "ran out without a check-in" or "running"
    if w.member == me.id and not w.checked_in then mine = w end
    items[#items + 1] = { title = ("%s until %s"):format(w.name, os.date("%H:%M", math.floor(w.ends))), subtitle = state }
  end
  if #items > 0 then out[#out + 1] = ui.list("Watches", items) end
  if mine then
    out[#out + 1] = ui.button("Check in", ui.act("party", { watch = "check_in" }, "Check in"))
  else
    out[#out + 1] = ui.form("Watch over me", {
      ui.text_field("until", "Until (HH:MM)", { placeholder = "18:00", max_length = 40, required = true }),
    }, ui.act("party", { watch = "start" }, "Watch over me"))
    out[#out + 1] = ui.text("If you have not checked in by then, your party's guardians are alerted.", "caption")
  end
end

return M
