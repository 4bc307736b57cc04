-- Favorites: the sites the visitor keeps (store.favorites), by name, each opening its site;
-- with --at, nearest first and how far each is. "Edit" (--arg edit=1) lists them with an act
-- that removes one instead.
-- Act runs (an `act` action, or flowrun --act) change the store and return this screen,
-- saying what they did: add=SITE_ID adds a favorite (an id the park does not have is an
-- error naming it), remove=SITE_ID removes one.
local ui = require("lib.ui")
local sites = require("lib.sites")
local i18n = require("lib.i18n")

-- A favorite's site by id, or nil when the park's data no longer lists it (or hides it).
local function name_of(ctx, id)
  local site = sites.by_id(ctx, id)
  return site and site.name or id
end

local function perform(ctx, tr)
  if not ctx.acting then return nil end
  local args = ctx.args
  if args.add then
    local added = store.add_favorite(args.add)
    return tr(added and "favorites.added" or "favorites.already", { site = name_of(ctx, args.add) })
  elseif args.remove then
    local removed = store.remove_favorite(args.remove)
    return tr(removed and "favorites.removed" or "favorites.not_one", { site = name_of(ctx, args.remove) })
  end
  return nil
end

-- The favorites as list entries, in the store's order (newest first), or nearest first
-- when ctx.at is known; a site the park no longer lists comes last.
local function entries(ctx)
  local out, at = {}, ctx.at
  for i, favorite in ipairs(store.favorites()) do
    local site = sites.by_id(ctx, favorite.site)
    local entry = { id = favorite.site, site = site, added = favorite.added, order = i }
    if site and at then entry.distance, entry.bearing = geo.inverse(at.lat, at.lon, site.lat, site.lon) end
    out[#out + 1] = entry
  end
  table.sort(out, function(a, b)
    if (a.site == nil) ~= (b.site == nil) then return b.site == nil end
    if a.distance and b.distance and a.distance ~= b.distance then return a.distance < b.distance end
    return a.order < b.order
  end)
  return out
end

local function item(ctx, tr, entry, editing)
  local site = entry.site
  local action
  if editing then action = ui.act("favorites", { remove = entry.id, edit = "1" }, tr("action.remove"))
  elseif site then action = ui.go("sites", { id = site.id }, tr("action.open")) end
  if not site then
    return { title = entry.id, subtitle = tr("favorites.no_longer_listed", { park = ctx.park.name }), action = action }
  end
  return { title = site.name, subtitle = ui.category_name(ctx, site.category),
           detail = entry.distance and ui.away(entry.distance, entry.bearing, tr) or nil,
           action = action }
end

flow.register("favorites", function(ctx)
  local tr = i18n.of(ctx)
  local done = perform(ctx, tr)
  local editing = ctx.args.edit ~= nil
  local list = entries(ctx)
  local items = {}
  for i, entry in ipairs(list) do items[i] = item(ctx, tr, entry, editing) end

  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  if ctx.at and #list > 0 then
    add(ui.text(tr("common.nearest_first_from", { position = ("%.4f, %.4f"):format(ctx.at.lat, ctx.at.lon) }), "caption"))
  end
  if editing and #list > 0 then add(ui.text(tr("favorites.tap_to_remove"), "caption")) end
  add(ui.list(tr("favorites.count", { count = #list }), items, tr("favorites.none")))
  if editing then
    add(ui.button(tr("favorites.done"), ui.go("favorites", nil, tr("favorites.done"))))
  elseif #list > 0 then
    add(ui.button(tr("favorites.edit"), ui.go("favorites", { edit = "1" }, tr("favorites.edit")), "secondary"))
  else
    add(ui.button(tr("favorites.browse"), ui.go("sites", nil, tr("sites.all")), "secondary"))
  end
  return ui.screen(tr("favorites.title"), out, ctx.park.name)
end, { args = { add = "site", remove = "site", edit = "text" } })
