-- AR: the sites a phone camera held at the visitor's position would show.
-- Needs ctx.at (--at LAT,LON) and ctx.ar.heading (--heading DEG); ctx.ar.pitch (default 0),
-- ctx.ar.fov (default park.ar.fov) and ctx.ar.size (--size, else park.ar.size) come parsed
-- and checked by the host; --arg collection=ID shows one collection (as the sites flow names them).
-- Pins are nearest first (z 0 in front); labels that would overlap are stacked; sites just
-- off screen come with a hint which way to turn. Sites behind the camera never appear, and
-- sites beyond ctx.park.ar.max_distance are left out.
local ui = require("lib.ui")
local sites = require("lib.sites")
local location = require("lib.location")
local i18n = require("lib.i18n")

local function candidates(ctx)
  local id = ctx.args.collection
  if not id then return ctx.sites, nil end
  local c = sites.collection(ctx, id)
  if not c then
    local known = {}
    for _, each in ipairs(sites.collections(ctx)) do known[#known + 1] = each.id end
    error(("collection '%s' not found; this park has: %s"):format(id, table.concat(known, ", ")))
  end
  return c.sites, c.title
end

flow.register("ar", function(ctx)
  local settings = ctx.park.ar
  local camera = ctx.ar
  local tr = i18n.of(ctx)
  if not ctx.at and location.sentence(ctx) then
    -- No position: ask the visitor to allow it (or turn it on), else say the view is waiting.
    local loc = ctx.location
    local lead
    if loc.reason == "denied" then lead = tr("ar.allow_location")
    elseif loc.reason == "unavailable" then lead = tr("ar.location_off")
    elseif loc.reason == "timed_out" then lead = location.sentence(ctx)
    else lead = tr(loc.state == "searching_longer" and "ar.waiting_longer" or "ar.waiting") end
    return ui.screen(tr("ar.title"), {
      ui.notice(lead),
      ui.text(tr("ar.once_known"), "caption"),
    }, ctx.park.name)
  end
  if not ctx.at or not camera.heading then
    return ui.screen(tr("ar.title"), {
      ui.text(tr("ar.point_camera")),
    }, ctx.park.name)
  end
  local width, height = camera.size.width, camera.size.height
  local heading, pitch, fov = camera.heading, camera.pitch or 0, camera.fov or settings.fov
  local list, collection = candidates(ctx)
  -- The nearest `limit` sites whose labels are on screen: a label stacked above the top
  -- would not be seen, so its site is left for the visitor to walk closer to (or to turn the
  -- phone upright), and counted in view.more. The nearest two sites just off each edge, so
  -- the hints stay readable.
  local view = ar.project({ lat = ctx.at.lat, lon = ctx.at.lon, heading = heading, pitch = pitch, fov = fov,
                            width = width, height = height, max_distance = settings.max_distance,
                            limit = settings.limit, hints = 2, sites = list })

  local pins, hidden = {}, view.more
  for _, pin in ipairs(view.pins) do
    local site = list[pin.site]
    pins[#pins + 1] = {
      id = pin.id or ("site" .. pin.site), title = pin.name,
      subtitle = ui.category_name(ctx, site.category),
      coordinate = { pin.lon, pin.lat }, distance = pin.distance, bearing = pin.bearing,
      x = pin.x, y = pin.y, label = pin.label, stack = pin.stack, z = pin.z,
      action = ui.go("sites", { id = site.id }, tr("action.open")),
    }
  end
  local off = {}
  for _, hint in ipairs(view.off_screen) do
    off[#off + 1] = { id = hint.id or ("site" .. hint.site), title = hint.name, distance = hint.distance,
                      bearing = hint.bearing, turn = hint.turn, degrees = hint.degrees }
  end
  --- @type flowrun.Component[]
  local sections = {}
  if hidden > 0 then
    -- {n} as screens always wrote it (1234, not 1,234); count picks the plural form.
    sections[1] = ui.notice(tr("ar.more_behind", { count = hidden, n = ("%d"):format(hidden) }))
  end
  sections[#sections + 1] =
    { type = "ar", id = "camera",
      camera = { position = { ctx.at.lon, ctx.at.lat }, heading = heading % 360, pitch = pitch, fov = fov },
      size = { width = width, height = height }, max_distance = settings.max_distance,
      pins = pins, off_screen = off,
      empty = collection and tr("ar.nothing_within_in", { collection = collection, distance = ui.distance(settings.max_distance, tr) })
        or tr("ar.nothing_within", { distance = ui.distance(settings.max_distance, tr) }) }
  return ui.screen(tr("ar.title"), sections, ctx.park.name)
end, { args = { collection = "collection" } })
