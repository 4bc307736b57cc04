--- Grouping and ranking of a park's sites, shared by the home and sites flows.
local scoring = require("lib.scoring")   -- parks/<CODE>/flows/lib/scoring.lua overrides it
local ranking = require("lib.ranking")

-- lib.scoring's reasons, or the weighed facts when a park's scoring has none.
local function reasons(site, ctx, distance)
  local found = scoring.reasons and scoring.reasons(site, ctx, distance) or ranking.facts(site, ctx)
  if type(found) ~= "table" then
    error(("scoring.reasons must return a list of strings, got %s for site '%s'"):format(type(found), tostring(site.id)), 3)
  end
  return found
end

local sites = {}

--- A collection with its sites, as `sites.collections` returns it.
--- @class flowrun.SiteCollection
--- @field id string the collection's id ("more" for the sites in none)
--- @field title string
--- @field sites flowrun.Site[]

--- A site as `sites.ranked` returns it: reads as the site, plus where it is from ctx.at.
--- @class flowrun.RankedSite: flowrun.Site
--- @field distance number? metres from ctx.at, when known
--- @field bearing number? degrees from ctx.at, when known
--- @field score number? the park's score (lower first), when ctx.at is known
--- @field reasons string[] why it ranks where it does besides distance, as a visitor reads them ("★4.5", "free"): lib.scoring's `reasons`

-- What every run would otherwise work out again from ctx.sites: every site's place in
-- name order (lower case, then id), each category's sites in that order, and (on the first
-- ranking from a position: `weights` below) what the park's ranking weights add to each
-- site. ctx.sites is
-- the same read-only table in every run of a runtime, so this is built by its first run and
-- kept, with the table it was built from (a runtime has one ctx.sites, so one index). It
-- stays inside this module: callers get fresh lists.
local indexed_sites, kept_index

local function index(ctx)
  local all = ctx.sites
  if rawequal(all, indexed_sites) then return kept_index end
  local lowered, by_name = {}, {}
  for i, site in ipairs(all) do
    lowered[site] = site.name:lower()
    by_name[i] = site
  end
  table.sort(by_name, function(a, b)
    local la, lb = lowered[a], lowered[b]
    if la ~= lb then return la < lb end
    return a.id < b.id
  end)
  local found = { by_category = {}, by_id = {}, categories = {}, name_rank = {}, uncategorized = {} }
  for rank, site in ipairs(by_name) do
    found.name_rank[site] = rank
    found.by_id[site.id] = site
    local category = site.category
    if category then
      local list = found.by_category[category]
      if not list then
        list = {}
        found.by_category[category] = list
        found.categories[#found.categories + 1] = category
      end
      list[#list + 1] = site
    else
      found.uncategorized[#found.uncategorized + 1] = site
    end
  end
  table.sort(found.categories)
  indexed_sites, kept_index = all, found
  return found
end

-- What the park's weights add to each of ctx.sites' sites that they move (lib.ranking), or
-- false when they move none (parks whose data has no ratings or fees): worked out once, kept
-- in the index. ctx.park is the same in every run of a runtime, as ctx.sites is.
local function weights(idx, ctx)
  if idx.adjustments == nil then
    local adjustments, any = {}, false
    for site in pairs(idx.name_rank) do
      local adjustment = ranking.adjustment(site, ctx)
      if adjustment ~= 0 then adjustments[site], any = adjustment, true end
    end
    idx.adjustments = any and adjustments
  end
  return idx.adjustments
end

-- Appends the sites of `category` to `out` in name order, no more than `room`.
local function append(out, idx, category, room)
  local list = idx.by_category[category]
  if list then table.move(list, 1, math.min(#list, room or #list), #out + 1, out) end
end

--- The sites of these categories, category by category in the order given (a category
--- named twice counts once), each category's by name; the first `limit` of them (default
--- all): a new list.
--- @param ctx flowrun.Context
--- @param categories string[]
--- @param limit? integer
--- @return flowrun.Site[]
function sites.in_categories(ctx, categories, limit)
  local idx, out, seen = index(ctx), {}, {}
  limit = limit or math.huge
  for _, category in ipairs(categories) do
    if #out >= limit then break end
    if not seen[category] then
      seen[category] = true
      append(out, idx, category, limit - #out)
    end
  end
  return out
end

--- The park's collections with their sites: { {id, title, sites = {...}} ... }, in the
--- configured order, empty ones left out; sites in no collection (or no category) go
--- to "More places". A collection's sites come category by category.
--- @param ctx flowrun.Context
--- @return flowrun.SiteCollection[]
function sites.collections(ctx)
  local idx = index(ctx)
  local order, owner = {}, {}
  for _, c in ipairs(ctx.park.sites.collections) do
    local entry = { id = c.id, title = c.title, sites = {} }
    order[#order + 1] = entry
    -- A category two collections list belongs to the last.
    for _, category in ipairs(c.categories) do owner[category] = entry end
  end
  for i, c in ipairs(ctx.park.sites.collections) do
    local entry = order[i]
    for _, category in ipairs(c.categories) do
      if owner[category] == entry then
        owner[category] = true   -- appended once, should the collection list it twice
        append(entry.sites, idx, category)
      end
    end
  end
  local more = { id = "more", title = "More places", sites = {} }
  for _, category in ipairs(idx.categories) do
    if not owner[category] then append(more.sites, idx, category) end
  end
  table.move(idx.uncategorized, 1, #idx.uncategorized, #more.sites + 1, more.sites)
  order[#order + 1] = more
  local out = {}
  for _, entry in ipairs(order) do
    if #entry.sites > 0 then out[#out + 1] = entry end
  end
  return out
end

--- Every collection id a request may name ("more" included), in the configured order.
--- @param ctx flowrun.Context
--- @return string[]
function sites.collection_ids(ctx)
  local ids = {}
  for _, c in ipairs(ctx.park.sites.collections) do ids[#ids + 1] = c.id end
  ids[#ids + 1] = "more"
  return ids
end

--- The categories the park's sites have, sorted: a new list.
--- @param ctx flowrun.Context
--- @return string[]
function sites.categories(ctx)
  local categories = index(ctx).categories
  return table.move(categories, 1, #categories, 1, {})
end

--- The park's site with this id, or nil (an id the park's data no longer has, or a hidden site).
--- @param ctx flowrun.Context
--- @param id string
--- @return flowrun.Site?
function sites.by_id(ctx, id)
  return index(ctx).by_id[id]
end

--- The collection with this id, or nil.
--- @param ctx flowrun.Context
--- @param id string
--- @return flowrun.SiteCollection?
function sites.collection(ctx, id)
  for _, c in ipairs(sites.collections(ctx)) do
    if c.id == id then return c end
  end
  return nil
end

-- Orders sites by name: their place in ctx.sites' name order, and for a table the flow
-- made (not one of ctx.sites) its name in lower case, then its id.
local function by_name(name_rank)
  return function(a, b)
    local ra, rb = name_rank[a], name_rank[b]
    if ra and rb then return ra < rb end
    local la, lb = a.name:lower(), b.name:lower()
    if la ~= lb then return la < lb end
    return tostring(a.id) < tostring(b.id)
  end
end

-- The positions 1...n ordered by keys[i], then names[i] (both numbers, all distinct
-- names), the first `limit` of them. Kept in a sorted run that an item enters only when it
-- beats the run's last: with a limit of 10 out of hundreds, most items cost one comparison,
-- and no comparison is a function call.
local function best(keys, names, n, limit)
  local top, count = {}, 0
  for i = 1, n do
    local k, r = keys[i], names[i]
    local last = top[count]
    if count < limit or k < keys[last] or (k == keys[last] and r < names[last]) then
      local j = count < limit and count + 1 or count
      count = j
      while j > 1 do
        local p = top[j - 1]
        local kp = keys[p]
        if kp < k or (kp == k and names[p] < r) then break end
        top[j] = p
        j = j - 1
      end
      top[j] = i
    end
  end
  return top
end

--- A copy of `list` sorted for the visitor: by the park's scoring function when ctx.at is
--- known (distance first), else by name; ties by name in lower case, then id. Each entry
--- reads as its site, has `distance`, `bearing` and `score` when ctx.at is known, and
--- `reasons` (lib.scoring's, for the entries returned only). With `limit`, only the first
--- `limit` entries.
--- @param ctx flowrun.Context
--- @param list flowrun.Site[] the sites to rank (ctx.sites' or tables the flow made)
--- @param limit? integer
--- @return flowrun.RankedSite[]
function sites.ranked(ctx, list, limit)
  local idx, at, n = index(ctx), ctx.at, #list
  local name_rank, adjustments = idx.name_rank, at and weights(idx, ctx)
  -- Per position in `list`: the sort key (the score, or nothing without ctx.at), the
  -- place in name order, the distance and bearing. Arrays, not tables keyed by site: a
  -- ranked sites screen goes through every site of the park, and each keyed table
  -- grows and rehashes as it fills.
  local keys, names, distance, bearing = {}, {}, {}, {}
  local made = false
  for i = 1, n do
    local site = list[i]
    local rank = name_rank[site]
    if rank == nil then made = true; rank = 0 end
    names[i] = rank
    if at then
      -- One geodesic for both (geo.distance and geo.bearing would each solve it).
      local d, b = geo.inverse(at.lat, at.lon, site.lat, site.lon)
      distance[i], bearing[i] = d, b
      -- The weights' part, kept in the index for ctx.sites' sites (a table lookup, not a call).
      local adjustment
      if rank == 0 then adjustment = ranking.adjustment(site, ctx)
      else adjustment = adjustments and adjustments[site] or 0 end
      local key = scoring.score(site, ctx, d, adjustment)
      if type(key) ~= "number" or key ~= key then
        error(("scoring.score must return a number, got %s for site '%s'"):format(tostring(key), tostring(site.id)), 2)
      end
      keys[i] = key
    else
      keys[i] = 0
    end
  end

  local order   -- positions in `list`, best first
  if made then
    -- Some sites are tables the flow made, with no place in name order: compared the slow way.
    order = {}
    for i = 1, n do order[i] = i end
    local compare = by_name(name_rank)
    table.sort(order, function(i, j)
      if keys[i] ~= keys[j] then return keys[i] < keys[j] end
      return compare(list[i], list[j])
    end)
  elseif limit and limit <= 64 then   -- a short run: at most 64 shifts an item
    order = best(keys, names, n, limit)
  else
    order = {}
    for i = 1, n do order[i] = i end
    table.sort(order, function(i, j)
      if keys[i] ~= keys[j] then return keys[i] < keys[j] end
      return names[i] < names[j]
    end)
  end

  local out = {}
  for i = 1, math.min(limit or #order, #order) do
    local p = order[i]
    local site = list[p]
    local entry = setmetatable({}, { __index = site })
    if at then entry.distance, entry.bearing, entry.score = distance[p], bearing[p], keys[p] end
    -- A park's scoring that says nothing of its reasons still shows the weighed facts.
    entry.reasons = reasons(site, ctx, distance[p])
    out[i] = entry
  end
  return out
end

return sites
