-- Sites: the park's sites grouped into collections, one collection or category
-- (--arg collection=views, --arg category=viewpoint), or one site (--arg id=...).
-- With --at the lists are ranked by lib.scoring (distance first, then the park's weights for
-- rating, fee, ...), and each item says why it ranks there: "350 m NE · ★4.5 · free".
-- A site's screen offers acts on the visitor's store (they return that screen, saying what
-- they did): favorite=add or favorite=remove, and visited=now to mark it visited.
local ui = require("lib.ui")
local sites = require("lib.sites")
local location = require("lib.location")

-- The reason line of a ranked site: how far and which way, then lib.scoring's reasons; nil
-- when there is nothing to say.
-- The most sites a list by name shows.
local BY_NAME = 500
-- The most sites a search lists: a visitor types more words rather than read further.
local SEARCH_LIMIT = 50

local function reason_line(site)
  local parts = {}
  if site.distance then parts[1] = ui.distance(site.distance) .. " " .. ui.compass(site.bearing) end
  for _, reason in ipairs(site.reasons) do parts[#parts + 1] = reason end
  return #parts > 0 and table.concat(parts, " · ") or nil
end

local function item(ctx, site)
  return { title = site.name, subtitle = ui.category_name(ctx, site.category), detail = reason_line(site),
           action = ui.go("sites", { id = site.id }, "Open") }
end

local function items(ctx, list, limit)
  local out = {}
  for i, site in ipairs(sites.ranked(ctx, list, limit)) do out[i] = item(ctx, site) end
  return out
end

-- Without a position the lists are by name, and the visitor reads why (a notice while they
-- must act, a caption while the phone searches).
local function where(ctx)
  if not ctx.at then
    if #ctx.sites == 0 then return nil end   -- nothing to rank: the empty list says enough
    local sentence = location.sentence(ctx)
    if not sentence then return nil end
    if ctx.location.state == "error" then
      return ui.notice(sentence .. " Sites are listed by name.")
    end
    return ui.text(sentence .. " Sites are listed by name meanwhile.", "caption")
  end
  local inside = ctx.at.inside_park
  local place = inside == true and "inside the park" or inside == false and "outside the park" or "here"
  local accuracy = location.accuracy(ctx)
  if accuracy then place = place .. ", " .. accuracy end
  return ui.text(("Ranked from %.4f, %.4f (%s), nearest first."):format(ctx.at.lat, ctx.at.lon, place), "caption")
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
local function perform(ctx, site)
  if not ctx.acting then return nil end
  local args = ctx.args
  if args.favorite == "add" then
    return store.add_favorite(site.id) and "Added to your favorites." or "Already one of your favorites."
  elseif args.favorite == "remove" then
    return store.remove_favorite(site.id) and "Removed from your favorites." or "It was not one of your favorites."
  elseif args.visited then
    store.mark_visited(site.id)
    return "Marked as visited."
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

local function one_site(ctx, id)
  local found = sites.by_id(ctx, id)
  if not found then
    return ui.screen("Site not found", { ui.notice("No site with id '" .. id .. "' in " .. ctx.park.name .. "."),
                                         ui.button("All sites", ui.go("sites", nil, "All sites")) }, ctx.park.name)
  end
  local done = perform(ctx, found)
  local site = sites.ranked(ctx, { found })[1]
  local body = site.description
  if site.distance and site.bearing then body = (body and body .. "\n" or "") .. ui.distance(site.distance) .. " " .. ui.compass(site.bearing) .. " of you." end
  if #site.reasons > 0 then body = (body and body .. "\n" or "") .. table.concat(site.reasons, " · ") end
  -- The visitor's own marks: a favorite gets a badge, a visit its time.
  local favorite, visited = store.is_favorite(site.id), visited_at(site.id)
  local badges, collection = {}, collection_title(ctx, site.category)
  if collection then badges[1] = collection end
  if favorite then badges[#badges + 1] = "favorite" end
  local out = {}
  local function add(section) out[#out + 1] = section end   -- skips nil: a link the park does not run
  if done then add(ui.notice(done)) end
  add(ui.card({ title = site.name, subtitle = ui.category_name(ctx, site.category), body = body, badges = badges }))
  add(ui.text(ui.position(site.lat, site.lon), "caption"))
  if visited then add(ui.text("You were here: marked " .. ui.local_time(visited) .. ".", "caption")) end
  add(ui.button("Directions", ui.directions(site.lat, site.lon, site.name, site.properties.address, "Directions to " .. site.name)))
  if favorite then
    add(ui.button("Remove from favorites", ui.act("sites", { id = site.id, favorite = "remove" }, "Remove from favorites"), "secondary"))
  else
    add(ui.button("Add to favorites", ui.act("sites", { id = site.id, favorite = "add" }, "Add to favorites")))
  end
  add(ui.button(visited and "I was here again" or "I was here", ui.act("sites", { id = site.id, visited = "now" }, "Mark as visited"), "secondary"))
  add(ui.button("On the map", ui.go("map", { center = ("%.5f,%.5f"):format(site.lat, site.lon), zoom = 17 }, "On the map"), "secondary"))
  add(ui.button("More " .. ui.category_plural(ctx, site.category):lower(),
                ui.go("sites", { category = site.category }, "Same category"), "secondary"))
  return ui.screen(site.name, out, ctx.park.name)
end

-- A search box: its words arrive as ctx.args.q, checked by the runtime first.
local function search_form(q)
  return ui.form(nil, { ui.search_field("q", "Search sites", q, "A name or a kind of place") }, ui.go("sites", nil, "Search"))
end

-- The sites a visitor's words find: the best matches first, or the nearest of them from
-- where the visitor stands.
local function search_screen(ctx, q, sections)
  local found = sites.search(ctx, q, SEARCH_LIMIT)
  local ranked = sites.ranked(ctx, found, #found)
  if not ctx.at then   -- by name without a position: the search's own order reads better
    local place = {}
    for i, site in ipairs(found) do place[site.id] = i end
    table.sort(ranked, function(a, b) return place[a.id] < place[b.id] end)
  end
  local shown = {}
  for i, site in ipairs(ranked) do shown[i] = item(ctx, site) end
  local title = ("Sites matching \"%s\""):format(q)
  sections[#sections + 1] = search_form(q)
  sections[#sections + 1] = ui.list(("%s (%d%s)"):format(title, #found, #found == SEARCH_LIMIT and "+" or ""), shown,
    ("No site's name or kind in %s has \"%s\"."):format(ctx.park.name, q))
  sections[#sections + 1] = ui.button("All collections", ui.go("sites", nil, "All collections"), "secondary")
  return ui.screen(title, sections, ctx.park.name)
end

flow.register("sites", function(ctx)
  local args, limit = ctx.args, ctx.park.sites.nearby_limit
  if args.id then return one_site(ctx, args.id) end

  local sections = {}
  sections[#sections + 1] = where(ctx)
  if args.q then return search_screen(ctx, args.q, sections) end
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
    sections[#sections + 1] = ui.list(title .. " (" .. #list .. ")", items(ctx, list, shown),
                                      "No sites in this group.")
    if #list > shown then
      sections[#sections + 1] = ui.text((ctx.at and "Showing the nearest %d of %d." or "Showing the first %d of %d by name.")
                                        :format(shown, #list), "caption")
    end
    -- A collection's sites where the camera points: ar takes a collection.
    if args.collection and #list > 0 then
      sections[#sections + 1] = ui.button("See them in the AR view", ui.go("ar", { collection = args.collection }, "AR view"), "secondary")
    end
    sections[#sections + 1] = ui.button("All collections", ui.go("sites", nil, "All collections"), "secondary")
    return ui.screen(title, sections, ctx.park.name)
  end

  local groups = sites.collections(ctx)
  sections[#sections + 1] = search_form(nil)
  for _, c in ipairs(groups) do
    sections[#sections + 1] = ui.list(c.title .. " (" .. #c.sites .. ")", items(ctx, c.sites, limit))
    if #c.sites > limit then
      sections[#sections + 1] = ui.button("All " .. #c.sites .. " in " .. c.title,
                                          ui.go("sites", { collection = c.id }, c.title), "secondary")
    end
  end
  if #groups == 0 then
    sections[#sections + 1] = ui.list("Sites", {}, "No sites have been published for " .. ctx.park.name .. " yet.")
  end
  return ui.screen("Sites", sections, ctx.park.name)
end, { args = { id = "site", collection = "collection", category = "category", favorite = { "add", "remove" }, visited = "text", q = "text" } })
