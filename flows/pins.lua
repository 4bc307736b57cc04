-- Pins: the visitor's own places in the park (store.pins), dropped where the visitor stands.
--   (no args)  the park's pins, newest first (nearest first with --at), each opening its screen;
--              "Drop a pin here" when the visitor's position is known (--at)
--   id=N       one pin: where it is, its note, its photos, directions, and acts on it
-- Act runs (an `act` action, or flowrun --act) change the store and return a screen saying
-- what they did:
--   drop=1 [title=... note=...]  drops a pin at ctx.at; without a position nothing is dropped
--   remove=N                     removes pin N and its photos, then lists the pins
--   id=N photo=FILE              adds a photo to pin N: FILE is a name under the profile's
--                                photos/ folder (.jpg, .jpeg, .png, .heic or .webp), where the
--                                app saved the picture; the pin's screen offers the next free
--                                name, GOGA/pin-3-1.jpg, for the app to save its photo under
--   id=N edit=1 [title=... note=...]  sets pin N's title and note (the pin's form sends them)
--   id=N remove_photo=FILE       removes a photo from pin N (the app deletes the file)
-- And a view of one photo, full size: id=N view=FILE.
local ui = require("lib.ui")

-- A pin's name as a visitor reads it.
local function title_of(pin)
  return pin.title or ("Pin " .. pin.id)
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
  return ui.screen("Pin not found", {
    ui.notice(("You have no pin %s in %s."):format(id, ctx.park.name)),
    ui.button("Your pins", ui.go("pins", nil, "Your pins")),
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
    local photos = #pin.photos > 0 and (#pin.photos == 1 and "1 photo" or #pin.photos .. " photos") or nil
    items[i] = {
      title = title_of(pin),
      subtitle = table.concat({ "dropped " .. ui.local_time(pin.created), photos }, " · "),
      detail = entry.distance and ui.away(entry.distance, entry.bearing) or nil,
      action = ui.go("pins", { id = pin.id }, "Open"),
    }
  end

  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  if at and #items > 0 then add(ui.text(("Nearest first from %.4f, %.4f."):format(at.lat, at.lon), "caption")) end
  add(ui.list("Your pins (" .. #items .. ")", items, "No pins yet: drop one where you stand to find the spot again."))
  if at then
    add(ui.form("Drop a pin here", {
      ui.text_field("title", "Title", { placeholder = "Picnic spot", max_length = 80 }),
      ui.text_field("note", "Note", { max_length = 500, multiline = true }),
    }, ui.act("pins", { drop = "1" }, "Drop a pin here")))
  else
    add(ui.text("Share your position (flowrun: --at LAT,LON) to drop a pin where you stand.", "caption"))
  end
  return ui.screen("Your pins", out, ctx.park.name)
end

-- What a photo shows, for a screen reader: the pin it belongs to, and when it was added.
local function photo_alt(pin, photo)
  return ("Photo at %s, added %s"):format(title_of(pin), ui.local_time(photo.added))
end

local function pin_screen(ctx, pin, done)
  local body = pin.note
  if ctx.at then
    local d, b = geo.inverse(ctx.at.lat, ctx.at.lon, pin.lat, pin.lon)
    body = (body and body .. "\n" or "") .. (d < 10 and "You are here." or ui.away(d, b) .. " of you.")
  end
  local photos = {}
  for i, photo in ipairs(pin.photos) do
    photos[i] = {
      title = photo.file, subtitle = "added " .. ui.local_time(photo.added),
      image = { url = "photo:" .. photo.file, alt = photo_alt(pin, photo), placeholder = "#D9D4C7" },
      action = ui.go("pins", { id = pin.id, view = photo.file }, "Open full size"),
    }
  end
  local out = {}
  local function add(section) out[#out + 1] = section end
  if done then add(ui.notice(done)) end
  add(ui.card({ title = title_of(pin), subtitle = "Dropped " .. ui.local_time(pin.created), body = body }))
  add(ui.text(ui.position(pin.lat, pin.lon), "caption"))
  if #photos > 0 then
    add(ui.carousel("Photos (" .. #photos .. ")", photos))
  else
    add(ui.list("Photos (0)", {}, "No photos yet."))
  end
  add(ui.form("Edit", {
    ui.text_field("title", "Title", { value = pin.title, placeholder = "Pin " .. pin.id, max_length = 200 }),
    ui.text_field("note", "Note", { value = pin.note, max_length = 4000, multiline = true }),
  }, ui.act("pins", { id = pin.id, edit = "1" }, "Save")))
  add(ui.button("Directions", ui.directions(pin.lat, pin.lon, title_of(pin), nil, "Directions to " .. title_of(pin))))
  add(ui.button("Add a photo", ui.act("pins", { id = pin.id, photo = next_photo(ctx, pin) }, "Add a photo"), "secondary"))
  add(ui.button("On the map", ui.go("map", { center = ("%.5f,%.5f"):format(pin.lat, pin.lon), zoom = 17 }, "On the map"), "secondary"))
  add(ui.button("Remove this pin", ui.act("pins", { remove = pin.id }, "Remove this pin"), "secondary"))
  add(ui.button("Your pins", ui.go("pins", nil, "Your pins"), "secondary"))
  return ui.screen(title_of(pin), out, ctx.park.name)
end

-- One photo, full size, with the way to remove it.
local function photo_screen(ctx, pin, file)
  local photo
  for _, p in ipairs(pin.photos) do
    if p.file == file then photo = p end
  end
  if not photo then
    return pin_screen(ctx, pin, ("%s has no photo %s."):format(title_of(pin), file))
  end
  return ui.screen(title_of(pin), {
    ui.image("photo:" .. photo.file, photo_alt(pin, photo), "#D9D4C7", "high"),
    ui.text(("%s · added %s"):format(photo.file, ui.local_time(photo.added)), "caption"),
    ui.button("Remove this photo", ui.act("pins", { id = pin.id, remove_photo = photo.file }, "Remove this photo"), "secondary"),
    ui.button("Back to the pin", ui.go("pins", { id = pin.id }, "Back to the pin"), "secondary"),
  }, ctx.park.name)
end

flow.register("pins", function(ctx)
  local args = ctx.args
  if ctx.acting and args.drop then
    if not ctx.at then
      return list_screen(ctx, "Your position is not known, so no pin was dropped: share your position and try again.")
    end
    local id = store.add_pin { lat = ctx.at.lat, lon = ctx.at.lon, title = args.title, note = args.note }
    local pin = assert(store.pin(id), "the pin just dropped")
    return pin_screen(ctx, pin, ("Dropped %s at %s."):format(title_of(pin), ui.position(pin.lat, pin.lon)))
  end
  if ctx.acting and args.remove then
    local id = pin_id(args.remove)
    local pin = id and store.pin(id)
    if not id or not pin then return list_screen(ctx, ("You have no pin %s here: nothing was removed."):format(args.remove)) end
    store.remove_pin(id)
    return list_screen(ctx, ("Removed %s."):format(title_of(pin)))
  end
  if args.id then
    local id = pin_id(args.id)
    local pin = id and store.pin(id)
    if not id or not pin then return not_found(ctx, args.id) end
    local done
    if ctx.acting and args.photo then
      local added = store.add_photo(id, args.photo)
      done = added and ("Added the photo %s."):format(args.photo) or ("%s is one of this pin's photos already."):format(args.photo)
      pin = store.pin(id)
    elseif ctx.acting and args.edit then
      store.edit_pin(id, { title = args.title, note = args.note })
      pin = assert(store.pin(id), "the pin just edited")
      done = ("Saved %s."):format(title_of(pin))
    elseif ctx.acting and args.remove_photo then
      local removed = store.remove_photo(id, args.remove_photo)
      done = removed and ("Removed the photo %s."):format(args.remove_photo)
        or ("%s was not one of this pin's photos: nothing was removed."):format(args.remove_photo)
      pin = assert(store.pin(id), "the pin")
    elseif args.view then
      return photo_screen(ctx, pin, args.view)
    end
    return pin_screen(ctx, pin, done)
  end
  return list_screen(ctx, nil)
end, { args = {
  id = "text", drop = "text", title = "text", note = "text", photo = "text", remove = "text", edit = "text", view = "text",
  remove_photo = "text",
} })
