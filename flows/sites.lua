-- Sites: the park's sites grouped into collections, one collection or category
-- (--arg collection=views, --arg category=viewpoint), or one site (--arg id=...).
-- With --at the lists are ranked by lib.scoring (distance first, then the park's weights for
-- rating, fee, ...), and each item says why it ranks there: "350 m NE · ★4.5 · free".
-- A site's screen offers acts on the visitor's store (they return that screen, saying what
-- they did): favorite=add or favorite=remove, and visited=now to mark it visited.
local ui = require("lib.ui")
local sites = require("lib.sites")
local location = require("lib.location")
local i18n = require("lib.i18n")

-- The reason line of a ranked site: how far and which way, then lib.scoring's reasons; nil
-- when there is nothing to say.
-- The most sites a list by name shows.
local BY_NAME = 500
-- The most sites a search lists: a visitor types more words rather than read further.
local SEARCH_LIMIT = 50

local function reason_line(site, tr)
  local parts = {}
  if site.distance then parts[1] = ui.distance(site.distance, tr) .. " " .. ui.compass(site.bearing, tr) end
  for _, reason in ipairs(site.reasons) do parts[#parts + 1] = reason end
  return #parts > 0 and table.concat(parts, " · ") or nil
end

local function item(ctx, tr, site)
  return { title = site.name, subtitle = ui.category_name(ctx, site.category), detail = reason_line(site, tr),
           action = ui.go("sites", { id = site.id }, tr("action.open")) }
end

local function items(ctx, tr, list, limit)
  local out = {}
  for i, site in ipairs(sites.ranked(ctx, list, limit)) do out[i] = item(ctx, tr, site) end
  return out
end

-- Without a position the lists are by name, and the visitor reads why (a notice while they
-- must act, a caption while the phone searches).
local function where(ctx, tr)
  if not ctx.at then
    if #ctx.sites == 0 then return nil end   -- nothing to rank: the empty list says enough
    local sentence = location.sentence(ctx)
    if not sentence then return nil end
    if ctx.location.state == "error" then
      return ui.notice(sentence .. " " .. tr("sites.by_name"))
    end
    return ui.text(sentence .. " " .. tr("sites.by_name_meanwhile"), "caption")
  end
  local inside = ctx.at.inside_park
  local place = tr(inside == true and "sites.inside_park" or inside == false and "sites.outside_park" or "common.here")
  local accuracy = location.accuracy(ctx)
  if accuracy then place = place .. ", " .. accuracy end
  return ui.text(tr("sites.ranked_from", { position = ("%.4f, %.4f"):format(ctx.at.lat, ctx.at.lon), place = place }), "caption")
end

-- The collection a category belongs to ("Views"), for the site's badge; nil for "More places".
--- @return string?
local function collection_title(ctx, category)
  --- @type string?
  local title = nil
  -- A category two collections list belongs to the last, as in lib.sites.
  for _, c in ipairs(ctx.park.sites.collections) do
    for _, listed in ipairs(c.categories) do
      if listed == category then title = c.title end
    end
  end
  return title
end

-- An act on the site's screen (ui.act("sites", {id = ..., favorite = "add"})): changes the
-- store, then says what it did; nil when the run is not an act run or asks for nothing.
local function perform(ctx, tr, site)
  if not ctx.acting then return nil end
  local args = ctx.args
  if args.favorite == "add" then
    return tr(store.add_favorite(site.id) and "sites.favorite_added" or "sites.favorite_already")
  elseif args.favorite == "remove" then
    return tr(store.remove_favorite(site.id) and "sites.favorite_removed" or "sites.favorite_not_one")
  elseif args.visited then
    store.mark_visited(site.id)
    return tr("sites.marked_visited")
  end
  return nil
end

-- When the visitor marked the site visited last, or nil.
local function visited_at(id)
  for _, visit in ipairs(store.visited()) do
    if visit.site == id then return visit.at end
  end
  return nil
end

local function one_site(ctx, tr, id)
  local found = sites.by_id(ctx, id)
  if not found then
    return ui.screen(tr("sites.not_found"), { ui.notice(tr("sites.no_such_site", { id = id, park = ctx.park.name })),
                                              ui.button(tr("sites.all"), ui.go("sites", nil, tr("sites.all"))) }, ctx.park.name)
  end
  local done = perform(ctx, tr, found)
  local site = sites.ranked(ctx, { found })[1]
  local body = site.description
  if site.distance and site.bearing then
    body = (body and body .. "\n" or "") .. tr("sites.of_you", { away = ui.distance(site.distance, tr) .. " " .. ui.compass(site.bearing, tr) })
  end
  if #site.reasons > 0 then body = (body and body .. "\n" or "") .. table.concat(site.reasons, " · ") end
  -- The visitor's own marks: a favorite gets a badge, a visit its time.
  local favorite, visited = store.is_favorite(site.id), visited_at(site.id)
  local badges, collection = {}, collection_title(ctx, site.category)
  if collection then badges[1] = collection end
  if favorite then badges[#badges + 1] = tr("sites.favorite_badge") end
  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  add(ui.card({ title = site.name, subtitle = ui.category_name(ctx, site.category), body = body, badges = badges }))
  add(ui.text(ui.position(site.lat, site.lon), "caption"))
  if visited then add(ui.text(tr("sites.you_were_here", { time = ui.local_time(visited) }), "caption")) end
  add(ui.button(tr("action.directions"), ui.directions(site.lat, site.lon, site.name, site.properties.address,
                                                       tr("action.directions_to", { place = site.name }))))
  if favorite then
    add(ui.button(tr("sites.remove_favorite"), ui.act("sites", { id = site.id, favorite = "remove" }, tr("sites.remove_favorite")), "secondary"))
  else
    add(ui.button(tr("sites.add_favorite"), ui.act("sites", { id = site.id, favorite = "add" }, tr("sites.add_favorite"))))
  end
  add(ui.button(tr(visited and "sites.here_again" or "sites.here"), ui.act("sites", { id = site.id, visited = "now" }, tr("sites.mark_visited")), "secondary"))
  add(ui.button(tr("action.on_the_map"), ui.go("map", { center = ("%.5f,%.5f"):format(site.lat, site.lon), zoom = 17 }, tr("action.on_the_map")), "secondary"))
  add(ui.button(tr("sites.more_of", { kind = ui.category_plural(ctx, site.category):lower() }),
                ui.go("sites", { category = site.category }, tr("sites.same_category")), "secondary"))
  return ui.screen(site.name, out, ctx.park.name)
end

-- A search box: its words arrive as ctx.args.q, checked by the runtime first.
local function search_form(tr, q)
  return ui.form(nil, { ui.search_field("q", tr("sites.search"), q, tr("sites.search_hint")) }, ui.go("sites", nil, tr("sites.search_button")))
end

-- The sites a visitor's words find: the best matches first, or the nearest of them from
-- where the visitor stands.
local function search_screen(ctx, tr, q, sections)
  local found = sites.search(ctx, q, SEARCH_LIMIT)
  local ranked = sites.ranked(ctx, found, #found)
  if not ctx.at then   -- by name without a position: the search's own order reads better
    local place = {}
    for i, site in ipairs(found) do place[site.id] = i end
    table.sort(ranked, function(a, b) return place[a.id] < place[b.id] end)
  end
  local shown = {}
  for i, site in ipairs(ranked) do shown[i] = item(ctx, tr, site) end
  local title = tr("sites.matching", { q = q })
  sections[#sections + 1] = search_form(tr, q)
  sections[#sections + 1] = ui.list(("%s (%s%s)"):format(title, i18n.number(ctx.locale, #found), #found == SEARCH_LIMIT and "+" or ""), shown,
    tr("sites.no_match", { park = ctx.park.name, q = q }))
  sections[#sections + 1] = ui.button(tr("sites.all_collections"), ui.go("sites", nil, tr("sites.all_collections")), "secondary")
  return ui.screen(title, sections, ctx.park.name)
end

flow.register("sites", function(ctx)
  local args, limit = ctx.args, ctx.park.sites.nearby_limit
  local tr = i18n.of(ctx)
  if args.id then return one_site(ctx, tr, args.id) end

  local sections = {}
  sections[#sections + 1] = where(ctx, tr)
  if args.q then return search_screen(ctx, tr, args.q, sections) end
  if args.collection or args.category then
    local title, list
    if args.collection then
      local c = sites.collection(ctx, args.collection)
      if not c then
        local ids = sites.collection_ids(ctx)
        local known = false
        for _, id in ipairs(ids) do known = known or id == args.collection end
        -- A name nobody configured is a mistake to report, not an empty screen to show.
        if not known then
          error(("sites: no collection '%s' in %s; collections: %s"):format(args.collection, ctx.park.code,
                table.concat(ids, ", ")), 0)
        end
      end
      title, list = c and c.title or args.collection, c and c.sites or {}
    else
      local wanted = args.category or ""   -- given: this is the branch without a collection
      local categories = sites.categories(ctx)
      local known = false
      for _, category in ipairs(categories) do known = known or category == wanted end
      if not known then
        error(("sites: no site of category '%s' in %s; categories here: %s"):format(wanted, ctx.park.code,
              #categories > 0 and table.concat(categories, ", ") or "none"), 0)
      end
      title, list = ui.category_plural(ctx, wanted), sites.in_categories(ctx, { wanted })
    end
    -- Nearest first, a few; by name, a long page (a park may hold a hundred thousand sites).
    local shown = ctx.at and limit or BY_NAME
    sections[#sections + 1] = ui.list(title .. " (" .. i18n.number(ctx.locale, #list) .. ")", items(ctx, tr, list, shown),
                                      tr("sites.group_empty"))
    if #list > shown then
      sections[#sections + 1] = ui.text(tr(ctx.at and "sites.showing_nearest" or "sites.showing_by_name", { shown = shown, total = #list }),
                                        "caption")
    end
    -- A collection's sites where the camera points: ar takes a collection.
    if args.collection and #list > 0 then
      sections[#sections + 1] = ui.button(tr("sites.in_ar"), ui.go("ar", { collection = args.collection }, tr("sites.ar_view")), "secondary")
    end
    sections[#sections + 1] = ui.button(tr("sites.all_collections"), ui.go("sites", nil, tr("sites.all_collections")), "secondary")
    return ui.screen(title, sections, ctx.park.name)
  end

  local groups = sites.collections(ctx)
  sections[#sections + 1] = search_form(tr, nil)
  for _, c in ipairs(groups) do
    sections[#sections + 1] = ui.list(c.title .. " (" .. i18n.number(ctx.locale, #c.sites) .. ")", items(ctx, tr, c.sites, limit))
    if #c.sites > limit then
      sections[#sections + 1] = ui.button(tr("sites.all_in", { count = #c.sites, collection = c.title }),
                                          ui.go("sites", { collection = c.id }, c.title), "secondary")
    end
  end
  if #groups == 0 then
    sections[#sections + 1] = ui.list(tr("sites.title"), {}, tr("sites.none_published", { park = ctx.park.name }))
  end
  return ui.screen(tr("sites.title"), sections, ctx.park.name)
end, { args = { id = "site", collection = "collection", category = "category", favorite = { "add", "remove" }, visited = "text", q = "text" } })
