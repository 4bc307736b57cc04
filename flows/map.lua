-- Map: the park's sites clustered for a camera. ctx.view holds what the request asked for,
-- parsed and checked by the host: center = {lat, lon} and zoom, or bbox = {west, south, east,
-- north} instead of both; size = {width, height} is always there (--size, else park.map.size).
-- Without a center or box the map opens at the view the visitor remembered (store setting
-- "map.center": {lat, lon, zoom}), else at the park's center and zoom.
-- A cluster's action zooms into it (its expansion zoom; following it keeps the size); a pin's
-- opens the site. The visitor's favorites and own pins in view are pins of layers of their own
-- ("favorites", "own"), drawn over the sites.
-- With the visitor's position (ctx.at) the map marks it with its accuracy, draws the site
-- regions a phone there would watch (geofence), and offers "Centre on me".
-- Act runs: remember=1 keeps the view asked for (center and zoom ride along as the act's args)
-- as the one the map opens at; forget=1 drops it. Both return the map. "Drop a pin here" drops
-- one at the view's center (pins drop=1 place=LAT,LON), wherever the visitor is.
local ui = require("lib.ui")
local sites = require("lib.sites")
local i18n = require("lib.i18n")

-- The run's translator: set first thing in every run.
--- @type fun(key: string, values?: table<string, any>): string
local tr

-- The view the visitor remembered, when the store holds a usable one.
local function remembered()
  local kept = store.get("map.center")
  if type(kept) ~= "table" then return nil end
  local lat, lon, zoom = kept.lat, kept.lon, kept.zoom
  if type(lat) ~= "number" or type(lon) ~= "number" then return nil end
  if not (lat >= -85 and lat <= 85 and lon >= -180 and lon <= 180) then return nil end   -- NaN fails too
  if type(zoom) ~= "number" or zoom < 0 or zoom > 30 then zoom = nil end   -- the range --zoom takes
  return { lat = lat, lon = lon, zoom = zoom }
end

--- @return { lat: number, lon: number, zoom: number, width: integer, height: integer, box: { west: number, south: number, east: number, north: number } }
local function camera(ctx, kept)
  local view, park = ctx.view, ctx.park
  local width, height = view.size.width, view.size.height
  local box = view.bbox
  if box then
    local lat, lon, zoom = map.fit(box, width, height)
    return { lat = lat, lon = lon, zoom = zoom, width = width, height = height, box = box }
  end
  local center = view.center or kept or park.center
  local lat, lon = center.lat, center.lon
  local zoom = view.zoom or (not view.center and kept and kept.zoom) or park.zoom
  return { lat = lat, lon = lon, zoom = zoom, width = width, height = height,
           box = map.viewport(lat, lon, zoom, width, height) }
end

-- Whether a position is inside a box (one across the antimeridian has east < west).
local function in_box(box, lat, lon)
  if lat < box.south or lat > box.north then return false end
  if box.west <= box.east then return lon >= box.west and lon <= box.east end
  return lon >= box.west or lon <= box.east
end

-- The visitor's favorites and own pins inside the box, as pins of their layers.
--- @return integer favorites, integer own
local function layers(ctx, box, out)
  local favorites, own = 0, 0
  for _, favorite in ipairs(store.favorites()) do
    local site = sites.by_id(ctx, favorite.site)
    if site and in_box(box, site.lat, site.lon) then
      favorites = favorites + 1
      out[#out + 1] = { type = "pin", layer = "favorites", id = "favorite:" .. site.id, coordinate = { site.lon, site.lat },
                        title = site.name, category = site.category, category_name = ui.category_name(ctx, site.category),
                        action = ui.go("sites", { id = site.id }, tr("action.open")) }
    end
  end
  for _, pin in ipairs(store.pins()) do
    if in_box(box, pin.lat, pin.lon) then
      own = own + 1
      out[#out + 1] = { type = "pin", layer = "own", id = "pin:" .. pin.id, coordinate = { pin.lon, pin.lat },
                        title = pin.title or tr("pins.untitled", { id = tostring(pin.id) }), action = ui.go("pins", { id = pin.id }, tr("action.open")) }
    end
  end
  return favorites, own
end

-- Whether two views are the same to a visitor's eye (a metre or so, and the zoom).
local function same_view(cam, kept)
  return kept ~= nil and math.abs(cam.lat - kept.lat) < 1e-5 and math.abs(cam.lon - kept.lon) < 1e-5
    and kept.zoom ~= nil and math.abs(cam.zoom - kept.zoom) < 1e-3
end

-- The site regions a phone at the visitor's position would watch (the geofence's monitored
-- set), as circles: what the map draws under the sites.
local function watched(ctx)
  if not ctx.at then return {} end
  local mon = geofence.monitor()
  mon:feed({ lat = ctx.at.lat, lon = ctx.at.lon, time = ctx.time.epoch })
  local wanted = {}
  for _, r in ipairs(mon:state(ctx.at.lat, ctx.at.lon).monitored) do wanted[r.id] = true end
  local out = {}
  for _, r in ipairs(geofence.regions()) do
    if wanted[r.id] then out[#out + 1] = { id = r.id, name = r.name, center = { r.lon, r.lat }, radius = r.radius } end
  end
  return out
end

flow.register("map", function(ctx)
  tr = i18n.of(ctx)
  local kept = remembered()
  local cam = camera(ctx, kept)
  local done
  if ctx.acting and ctx.args.remember then
    kept = { lat = cam.lat, lon = cam.lon, zoom = cam.zoom }
    store.set("map.center", kept)
    done = tr("map.remembered")
  elseif ctx.acting and ctx.args.forget then
    store.set("map.center", nil)
    kept, done = nil, tr("map.forgotten")
  end
  local zoom = math.floor(cam.zoom)
  local items = cluster.sites():clusters(cam.box, zoom)
  table.sort(items, function(a, b)
    if a.type ~= b.type then return a.type == "cluster" end
    if a.count ~= b.count then return a.count > b.count end
    return (a.name or "") < (b.name or "")
  end)

  -- Each category as the park names it, for people (the ids stay, for colors).
  local function named(counts)
    if not counts then return nil end
    local out = {}
    for i, c in ipairs(counts) do
      out[i] = { category = c.category, count = c.count,
                 name = c.count == 1 and ui.category_name(ctx, c.category) or ui.category_plural(ctx, c.category) }
    end
    return out
  end

  local annotations, clusters, pins = {}, 0, 0
  for _, item in ipairs(items) do
    if item.type == "cluster" then
      clusters = clusters + 1
      annotations[#annotations + 1] = {
        type = "cluster", id = "c" .. item.id, coordinate = { item.lon, item.lat }, count = item.count,
        expansion_zoom = item.expansion_zoom, categories = named(item.categories),
        action = ui.go("map", { center = ("%.5f,%.5f"):format(item.lat, item.lon), zoom = item.expansion_zoom },
                       tr("map.zoom_in")),
      }
    else
      pins = pins + 1
      annotations[#annotations + 1] = {
        type = "pin", id = item.site_id or ("p" .. item.id), coordinate = { item.lon, item.lat },
        title = item.name or tr("map.site"), category = item.category,
        category_name = item.category and ui.category_name(ctx, item.category) or nil,
        action = item.site_id and ui.go("sites", { id = item.site_id }, tr("action.open")) or nil,
      }
    end
  end

  local b = cam.box
  local favorites, own = layers(ctx, b, annotations)
  local summary
  if #items == 0 then summary = tr("map.no_sites")
  else summary = tr("map.in_view", { clusters = tr("map.clusters", { count = clusters }), pins = tr("map.single_sites", { count = pins }) }) end
  if favorites + own > 0 then
    local mine = {}
    if favorites > 0 then mine[#mine + 1] = tr("map.favorites", { count = favorites }) end
    if own > 0 then mine[#mine + 1] = tr("map.pins", { count = own }) end
    summary = summary .. " " .. tr("map.yours", { list = table.concat(mine, " " .. tr("map.and") .. " ") })
  end
  local accuracy = ctx.location.accuracy or 10
  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  add({ type = "map", id = "map",
        camera = { center = { cam.lon, cam.lat }, zoom = cam.zoom },
        bbox = { b.west, b.south, b.east, b.north },
        size = { width = cam.width, height = cam.height },
        annotations = annotations,
        boundary = map.boundary(b, cam.zoom),
        regions = watched(ctx),
        visitor = ctx.at and { coordinate = { ctx.at.lon, ctx.at.lat }, accuracy = accuracy } or nil })
  add(ui.text(summary, "caption"))
  if ctx.at then
    add(ui.text(tr("map.you_are_here", { metres = math.floor(accuracy + 0.5) }), "caption"))
    local here = ("%.5f,%.5f"):format(ctx.at.lat, ctx.at.lon)
    if here ~= ("%.5f,%.5f"):format(cam.lat, cam.lon) then
      add(ui.button(tr("map.centre_on_me"), ui.go("map", { center = here, zoom = math.max(cam.zoom, 15) }, tr("map.centre_on_me"))))
    end
  end
  add(ui.button(tr("map.drop_pin"), ui.act("pins", { drop = "1", place = ("%.5f,%.5f"):format(cam.lat, cam.lon) }, tr("map.drop_pin")),
                "secondary"))
  if same_view(cam, kept) then
    add(ui.text(tr("map.is_remembered"), "caption"))
    add(ui.button(tr("map.forget"), ui.act("map", { forget = "1" }, tr("map.forget")), "secondary"))
  else
    add(ui.button(tr("map.remember"), ui.act("map", { remember = "1", center = ("%.5f,%.5f"):format(cam.lat, cam.lon),
                                                      zoom = cam.zoom }, tr("map.remember")), "secondary"))
  end
  return ui.screen(ctx.park.name, out, tr("map.title"))
end, { args = { remember = "text", forget = "text" } })
