-- Parks: the park browser. Every park of the project (ctx.parks), each opening that park's
-- home, which switches park: nearest first from the visitor's position (--at), with how far
-- its center is; otherwise by name, or by state (--arg by=state, a list per state). A park is
-- found by part of its name, its state or its code (--arg q=teton). The park this screen
-- belongs to is marked.
local ui = require("lib.ui")
local i18n = require("lib.i18n")

-- The first state a park names: "Wyoming, Montana, Idaho" is listed under Wyoming.
local function first_state(park, tr)
  local state = (park.state or ""):match("^%s*([^,]+)") or ""
  state = state:gsub("%s+$", "")
  return state ~= "" and state or tr("parks.elsewhere")
end

local function matches(park, q)
  local plain = true
  return park.name:lower():find(q, 1, plain) ~= nil or (park.state or ""):lower():find(q, 1, plain) ~= nil
    or park.code:lower() == q
end

flow.register("parks", function(ctx)
  local at = ctx.at
  local tr = i18n.of(ctx)
  local q = ctx.args.q and ctx.args.q:lower():gsub("^%s+", ""):gsub("%s+$", "") or ""
  local by_state = ctx.args.by == "state" and not at
  local entries = {}
  for _, park in ipairs(ctx.parks) do
    if q == "" or matches(park, q) then
      entries[#entries + 1] = { park = park, name = park.name:lower(), state = first_state(park, tr),
                                distance = at and geo.distance(at.lat, at.lon, park.lat, park.lon) or nil }
    end
  end
  table.sort(entries, function(a, b)
    if a.distance and a.distance ~= b.distance then return a.distance < b.distance end
    if by_state and a.state ~= b.state then return a.state < b.state end
    if a.name ~= b.name then return a.name < b.name end
    return a.park.code < b.park.code
  end)

  local function item(entry)
    local park = entry.park
    return {
      title = park.name,
      subtitle = park.state ~= "" and park.state or nil,
      detail = entry.distance and ui.distance(entry.distance, tr) or nil,
      badge = park.code == ctx.park.code and tr("parks.current") or nil,
      action = ui.go_park(park.code, "home", nil, tr("parks.open", { park = park.name })),
    }
  end

  --- @type flowrun.Component[]
  local sections = {}
  if at then
    sections[1] = ui.text(tr("parks.nearest_first_from", { position = ("%.4f, %.4f"):format(at.lat, at.lon) }), "caption")
  else
    local other = by_state and { label = tr("parks.by_name"), args = nil } or { label = tr("parks.by_state"), args = { by = "state" } }
    if q ~= "" then other.args = other.args or {}; other.args.q = ctx.args.q end
    sections[1] = ui.button(other.label, ui.go("parks", other.args, other.label))
  end
  if q ~= "" then
    sections[#sections + 1] = ui.button(tr("parks.all"), ui.go("parks", by_state and { by = "state" } or nil, tr("parks.all")))
  end
  local empty = q ~= "" and tr("parks.no_match", { q = ctx.args.q }) or tr("parks.none_published")
  local title = q ~= "" and tr("parks.matching", { q = ctx.args.q }) or tr("parks.title")
  if by_state and #entries > 0 then
    local list, state = {}, nil   -- the first entry starts the first list
    for _, entry in ipairs(entries) do
      if entry.state ~= state then
        state = entry.state
        list = {}
        sections[#sections + 1] = ui.list(state, list)
      end
      list[#list + 1] = item(entry)
    end
  else
    local items = {}
    for i, entry in ipairs(entries) do items[i] = item(entry) end
    sections[#sections + 1] = ui.list(tr("parks.list_count", { title = title, count = tostring(#items) }), items, empty)
  end
  return ui.screen(tr("parks.title"), sections, ctx.park.name)
end, { args = { q = "text", by = { "state" } } })
