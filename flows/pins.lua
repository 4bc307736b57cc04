-- Pins: the visitor's own places in the park (store.pins), dropped where the visitor stands.
--   (no args)  the park's pins, newest first (nearest first with --at), each opening its screen;
--              "Drop a pin here" when the visitor's position is known (--at)
--   id=N       one pin: where it is, its note, its photos, directions, and acts on it
-- Act runs (an `act` action, or flowrun --act) change the store and return a screen saying
-- what they did:
--   drop=1 [title=... note=...]  drops a pin at ctx.at; without a position nothing is dropped
--   drop=1 place=LAT,LON         drops it there instead (the map's "Drop a pin at the map's centre")
--   remove=N                     removes pin N and its photos, then lists the pins
--   id=N photo=FILE              adds a photo to pin N: FILE is a name under the profile's
--                                photos/ folder (.jpg, .jpeg, .png, .heic or .webp), where the
--                                app saved the picture; the pin's screen offers the next free
--                                name, GOGA/pin-3-1.jpg, for the app to save its photo under
--   id=N edit=1 [title=... note=...]  sets pin N's title and note (the pin's form sends them)
--   id=N remove_photo=FILE       removes a photo from pin N (the app deletes the file)
-- And a view of one photo, full size: id=N view=FILE.
local ui = require("lib.ui")
local i18n = require("lib.i18n")

-- The run's translator: set first thing in every run (runs of one park share this state,
-- one at a time), so the screen builders below speak the run's language.
--- @type fun(key: string, values?: table<string, any>): string
local tr

-- A pin's name as a visitor reads it.
local function title_of(pin)
  return pin.title or tr("pins.untitled", { id = tostring(pin.id) })
end

-- The pin `text` names, as an integer id, or nil.
local function pin_id(text)
  return math.tointeger(tonumber(text))
end

-- The next photo name of a pin that is not one of its photos yet: GOGA/pin-3-2.jpg.
local function next_photo(ctx, pin)
  local taken = {}
  for _, photo in ipairs(pin.photos) do taken[photo.file] = true end
  local n = #pin.photos + 1
  while taken[("%s/pin-%d-%d.jpg"):format(ctx.park.code, pin.id, n)] do n = n + 1 end
  return ("%s/pin-%d-%d.jpg"):format(ctx.park.code, pin.id, n)
end

local function not_found(ctx, id)
  return ui.screen(tr("pins.not_found"), {
    ui.notice(tr("pins.no_such_pin", { id = id, park = ctx.park.name })),
    ui.button(tr("pins.title"), ui.go("pins", nil, tr("pins.title"))),
  }, ctx.park.name)
end

local function list_screen(ctx, done)
  local at, entries = ctx.at, {}
  for i, pin in ipairs(store.pins()) do
    local entry = { pin = pin, order = i }
    if at then entry.distance, entry.bearing = geo.inverse(at.lat, at.lon, pin.lat, pin.lon) end
    entries[i] = entry
  end
  if at then
    table.sort(entries, function(a, b)
      if a.distance ~= b.distance then return a.distance < b.distance end
      return a.order < b.order
    end)
  end
  local items = {}
  for i, entry in ipairs(entries) do
    local pin = entry.pin
    local photos = #pin.photos > 0 and tr("pins.photo_count", { count = #pin.photos }) or nil
    items[i] = {
      title = title_of(pin),
      subtitle = table.concat({ tr("pins.dropped_at", { time = ui.local_time(pin.created) }), photos }, " · "),
      detail = entry.distance and ui.away(entry.distance, entry.bearing, tr) or nil,
      action = ui.go("pins", { id = pin.id }, tr("action.open")),
    }
  end

  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  if at and #items > 0 then add(ui.text(tr("common.nearest_first_from", { position = ("%.4f, %.4f"):format(at.lat, at.lon) }), "caption")) end
  add(ui.list(tr("pins.count", { count = #items }), items, tr("pins.none")))
  if at then
    add(ui.form(tr("pins.drop"), {
      ui.text_field("title", tr("pins.field_title"), { placeholder = tr("pins.title_hint"), max_length = 80 }),
      ui.text_field("note", tr("pins.field_note"), { max_length = 500, multiline = true }),
    }, ui.act("pins", { drop = "1" }, tr("pins.drop"))))
  else
    add(ui.text("Share your position (flowrun: --at LAT,LON) to drop a pin where you stand.", "caption"))
  end
  return ui.screen(tr("pins.title"), out, ctx.park.name)
end

-- What a photo shows, for a screen reader: the pin it belongs to, and when it was added.
local function photo_alt(pin, photo)
  return tr("pins.photo_alt", { pin = title_of(pin), time = ui.local_time(photo.added) })
end

local function pin_screen(ctx, pin, done)
  local body = pin.note
  if ctx.at then
    local d, b = geo.inverse(ctx.at.lat, ctx.at.lon, pin.lat, pin.lon)
    body = (body and body .. "\n" or "") .. (d < 10 and tr("pins.you_are_here") or tr("sites.of_you", { away = ui.away(d, b, tr) }))
  end
  local photos = {}
  for i, photo in ipairs(pin.photos) do
    photos[i] = {
      title = photo.file, subtitle = tr("pins.added_at", { time = ui.local_time(photo.added) }),
      image = { url = "photo:" .. photo.file, alt = photo_alt(pin, photo), placeholder = "#D9D4C7" },
      action = ui.go("pins", { id = pin.id, view = photo.file }, tr("pins.open_full_size")),
    }
  end
  local out = {}
  local function add(section) out[#out + 1] = section end
  if done then add(ui.notice(done)) end
  add(ui.card({ title = title_of(pin), subtitle = tr("pins.dropped_on", { time = ui.local_time(pin.created) }), body = body }))
  add(ui.text(ui.position(pin.lat, pin.lon), "caption"))
  if #photos > 0 then
    add(ui.carousel(tr("pins.photos", { n = #photos }), photos))
  else
    add(ui.list(tr("pins.photos", { n = 0 }), {}, tr("pins.no_photos")))
  end
  add(ui.form(tr("pins.edit"), {
    ui.text_field("title", tr("pins.field_title"), { value = pin.title, placeholder = tr("pins.untitled", { id = tostring(pin.id) }), max_length = 200 }),
    ui.text_field("note", tr("pins.field_note"), { value = pin.note, max_length = 4000, multiline = true }),
  }, ui.act("pins", { id = pin.id, edit = "1" }, tr("pins.save"))))
  add(ui.button(tr("action.directions"), ui.directions(pin.lat, pin.lon, title_of(pin), nil, tr("action.directions_to", { place = title_of(pin) }))))
  add(ui.button(tr("pins.add_photo"), ui.act("pins", { id = pin.id, photo = next_photo(ctx, pin) }, tr("pins.add_photo")), "secondary"))
  add(ui.button(tr("action.on_the_map"), ui.go("map", { center = ("%.5f,%.5f"):format(pin.lat, pin.lon), zoom = 17 }, tr("action.on_the_map")), "secondary"))
  add(ui.button(tr("pins.remove"), ui.act("pins", { remove = pin.id }, tr("pins.remove")), "secondary"))
  add(ui.button(tr("pins.title"), ui.go("pins", nil, tr("pins.title")), "secondary"))
  return ui.screen(title_of(pin), out, ctx.park.name)
end

-- One photo, full size, with the way to remove it.
local function photo_screen(ctx, pin, file)
  local photo
  for _, p in ipairs(pin.photos) do
    if p.file == file then photo = p end
  end
  if not photo then
    return pin_screen(ctx, pin, tr("pins.no_such_photo", { pin = title_of(pin), file = file }))
  end
  return ui.screen(title_of(pin), {
    ui.image("photo:" .. photo.file, photo_alt(pin, photo), "#D9D4C7", "high"),
    ui.text(photo.file .. " · " .. tr("pins.added_at", { time = ui.local_time(photo.added) }), "caption"),
    ui.button(tr("pins.remove_photo"), ui.act("pins", { id = pin.id, remove_photo = photo.file }, tr("pins.remove_photo")), "secondary"),
    ui.button(tr("pins.back"), ui.go("pins", { id = pin.id }, tr("pins.back")), "secondary"),
  }, ctx.park.name)
end

flow.register("pins", function(ctx)
  tr = i18n.of(ctx)
  local args = ctx.args
  if ctx.acting and args.drop then
    -- Where the visitor stands, or the place the map's "Drop a pin here" names.
    local at = ctx.at
    if args.place then
      local lat_text, lon_text = args.place:match("^(-?[%d.]+),(-?[%d.]+)$")
      local lat, lon = tonumber(lat_text), tonumber(lon_text)
      if not (lat and lon and lat >= -90 and lat <= 90 and lon >= -180 and lon <= 180) then
        error(("pins: place %q is not a position LAT,LON"):format(args.place), 0)
      end
      at = { lat = lat, lon = lon }   --[[@as { lat: number, lon: number, inside_park: boolean? }]]
    end
    if not at then
      return list_screen(ctx, tr("pins.no_position"))
    end
    local id = store.add_pin { lat = at.lat, lon = at.lon, title = args.title, note = args.note }
    local pin = assert(store.pin(id), "the pin just dropped")
    return pin_screen(ctx, pin, tr("pins.dropped", { pin = title_of(pin), position = ui.position(pin.lat, pin.lon) }))
  end
  if ctx.acting and args.remove then
    local id = pin_id(args.remove)
    local pin = id and store.pin(id)
    if not id or not pin then return list_screen(ctx, tr("pins.nothing_removed", { id = args.remove })) end
    store.remove_pin(id)
    return list_screen(ctx, tr("pins.removed", { pin = title_of(pin) }))
  end
  if args.id then
    local id = pin_id(args.id)
    local pin = id and store.pin(id)
    if not id or not pin then return not_found(ctx, args.id) end
    local done
    if ctx.acting and args.photo then
      local added = store.add_photo(id, args.photo)
      done = tr(added and "pins.photo_added" or "pins.photo_already", { file = args.photo })
      pin = store.pin(id)
    elseif ctx.acting and args.edit then
      store.edit_pin(id, { title = args.title, note = args.note })
      pin = assert(store.pin(id), "the pin just edited")
      done = tr("pins.saved", { pin = title_of(pin) })
    elseif ctx.acting and args.remove_photo then
      local removed = store.remove_photo(id, args.remove_photo)
      done = tr(removed and "pins.photo_removed" or "pins.photo_not_one", { file = args.remove_photo })
      pin = assert(store.pin(id), "the pin")
    elseif args.view then
      return photo_screen(ctx, pin, args.view)
    end
    return pin_screen(ctx, pin, done)
  end
  return list_screen(ctx, nil)
end, { args = {
  id = "text", drop = "text", title = "text", note = "text", photo = "text", remove = "text", edit = "text", view = "text",
  remove_photo = "text", place = "text",
} })
