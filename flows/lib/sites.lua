--- Grouping and ranking of a park's sites, shared by the home and sites flows.
local scoring = require("lib.scoring")   -- parks/<CODE>/flows/lib/scoring.lua overrides it
local ranking = require("lib.ranking")
local i18n = require("lib.i18n")

-- lib.scoring's reasons, or the weighed facts when a park's scoring has none.
local function reasons(site, ctx, distance)
  local found = scoring.reasons and scoring.reasons(site, ctx, distance) or ranking.facts(site, ctx)
  if type(found) ~= "table" then
    error(("scoring.reasons must return a list of strings, got %s for site '%s'"):format(type(found), tostring(site.id)), 4)
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

-- The park's sites are indexed by the native `catalog` (each category's sites in name
-- order, each site's place in that order), so a screen lists a park of a hundred thousand
-- sites at the cost of what it shows: its lists are read-only views of ctx.sites whose
-- sites are made when read. What the park's weights add to a site (lib.ranking) is worked
-- out the first time a ranking from a position meets it, and kept by its place in name
-- order: ctx.sites and ctx.park are the same in every run of a runtime.
local weighed_sites = nil
-- What the weights add to each site, by its place in name order.
--- @type table<integer, number>
local adjustments = {}

local function kept_adjustments(ctx)
  if not rawequal(ctx.sites, weighed_sites) then weighed_sites, adjustments = ctx.sites, {} end
  return adjustments
end

--- The sites of these categories, category by category in the order given (a category
--- named twice counts once), each category's by name; the first `limit` of them (default
--- all): a read-only list.
--- @param _ctx flowrun.Context unused: the catalog is the park's
--- @param categories string[]
--- @param limit? integer
--- @return flowrun.Site[]
function sites.in_categories(_ctx, categories, limit)
  return catalog.in_categories(categories, limit)
end

--- The park's collections with their sites: { {id, title, sites = {...}} ... }, in the
--- configured order, empty ones left out; sites in no collection go to "More places" (in the
--- visitor's language: collections.more_places). A
--- collection's sites come category by category, each by name, in a read-only list.
--- @param ctx flowrun.Context
--- @return flowrun.SiteCollection[]
function sites.collections(ctx)
  local configured, owner = ctx.park.sites.collections, {}
  -- A category two collections list belongs to the last.
  for i, c in ipairs(configured) do
    for _, category in ipairs(c.categories) do owner[category] = i end
  end
  local out = {}
  local function add(id, title, categories)
    local list = catalog.in_categories(categories)
    if #list > 0 then out[#out + 1] = { id = id, title = title, sites = list } end
  end
  for i, c in ipairs(configured) do
    local owned = {}
    for _, category in ipairs(c.categories) do
      if owner[category] == i then owned[#owned + 1] = category end
    end
    add(c.id, c.title, owned)
  end
  local rest = {}
  for _, category in ipairs(catalog.categories()) do
    if not owner[category] then rest[#rest + 1] = category end
  end
  add("more", i18n.of(ctx)("collections.more_places"), rest)
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

--- The sites a visitor's words find (catalog.search): each word begins a word of the site's
--- name or of its category's name; names that begin with the words first, then by name. The
--- first `limit` (default 50): a read-only list.
--- @param _ctx flowrun.Context unused: the catalog is the park's
--- @param query string what the visitor typed
--- @param limit? integer
--- @return flowrun.Site[]
function sites.search(_ctx, query, limit)
  return catalog.search(query, limit)
end

--- The categories the park's sites have, sorted: a new list.
--- @param _ctx flowrun.Context unused: the catalog is the park's
--- @return string[]
function sites.categories(_ctx)
  return catalog.categories()
end

--- The park's site with this id, or nil (an id the park's data no longer has, or a hidden site).
--- @param _ctx flowrun.Context unused: the catalog is the park's
--- @param id string
--- @return flowrun.Site?
function sites.by_id(_ctx, id)
  if type(id) ~= "string" then return nil end
  return catalog.by_id(id)
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

-- Orders sites by name: their place in the park's name order, and for a table the flow
-- made (not one of ctx.sites) its name in lower case, then its id.
local function by_name(names, list)
  return function(i, j)
    local ri, rj = names[i], names[j]
    if ri > 0 and rj > 0 then return ri < rj end
    local a, b = list[i], list[j]
    local la, lb = a.name:lower(), b.name:lower()
    if la ~= lb then return la < lb end
    return tostring(a.id) < tostring(b.id)
  end
end

-- The positions 1...n ordered by keys[i], then names[i] (both numbers, all distinct
-- names), the first `limit` of them. Kept in a sorted run that an item enters only when it
-- beats the run's last: with a limit of 10 out of hundreds, most items cost one comparison,
-- and no comparison is a function call.
--- @return integer[] # positions, best first
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

-- The scores of list's sites from ctx.at (lib.scoring), with their distances and bearings.
--- @return number[] keys, number[] distance, number[] bearing
local function scores(ctx, list, names, made)
  local at, n = ctx.at, #list
  --- @type number[], number[]
  local distance, bearing
  if made then
    distance, bearing = {}, {}
    for i = 1, n do
      local site = list[i]
      -- One geodesic for both (geo.distance and geo.bearing would each solve it).
      distance[i], bearing[i] = geo.inverse(at.lat, at.lon, site.lat, site.lon)
    end
  else
    distance, bearing = catalog.inverse(list, at.lat, at.lon)
  end
  local kept, keys = kept_adjustments(ctx), {}
  for i = 1, n do
    local site, rank = list[i], names[i]
    --- @type number?
    local adjustment = rank > 0 and kept[rank] or nil
    if not adjustment then
      adjustment = ranking.adjustment(site, ctx)
      if rank > 0 then kept[rank] = adjustment end
    end
    local key = scoring.score(site, ctx, distance[i], adjustment)
    if type(key) ~= "number" or key ~= key then
      error(("scoring.score must return a number, got %s for site '%s'"):format(tostring(key), tostring(site.id)), 3)
    end
    keys[i] = key
  end
  return keys, distance, bearing
end

-- A ranked entry: reads as its site, plus where it is and why it ranks there.
local function entry(ctx, site, distance, bearing, score)
  local out = setmetatable({ distance = distance, bearing = bearing, score = score }, { __index = site })
  -- A park's scoring that says nothing of its reasons still shows the weighed facts.
  out.reasons = reasons(site, ctx, distance)
  return out
end

-- sites.ranked from ctx.at by a `ranking.factored` scoring, worked out by `catalog.rank`.
local function natively(ctx, list, factors, limit)
  local order, distance, bearing, score = catalog.rank(list, ctx.at.lat, ctx.at.lon, factors, ranking.weights(ctx), limit)
  local out = {}
  for i, p in ipairs(order) do out[i] = entry(ctx, list[p], distance[i], bearing[i], score[i]) end
  return out
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
  local at, n = ctx.at, #list
  -- Each site's place in name order (0 for a table the flow made): read from the index,
  -- so a list of ctx.sites' sites is ordered by name without making its sites.
  local names = catalog.name_ranks(list)
  local made = false
  for i = 1, n do
    if names[i] == 0 then made = true; break end
  end
  -- A scoring lib.ranking made (`ranking.factored`) ranks natively, sites unmade.
  local factors = at and not made and ranking.factors_of(scoring)
  if factors then return natively(ctx, list, factors, limit) end
  --- @type number[]?, number[]?, number[]?
  local keys, distance, bearing
  if at then keys, distance, bearing = scores(ctx, list, names, made) end

  --- @type integer[]
  local order   -- positions in `list`, best first
  if made then
    -- Some sites are tables the flow made, with no place in name order: compared the slow way.
    order = {}
    for i = 1, n do order[i] = i end
    local compare = by_name(names, list)
    table.sort(order, function(i, j)
      if keys and keys[i] ~= keys[j] then return keys[i] < keys[j] end
      return compare(i, j)
    end)
  elseif not keys then
    order = catalog.order(names, limit)
  elseif limit and limit <= 64 then   -- a short run: at most 64 shifts an item
    order = best(keys, names, n, limit)
  else
    order = {}
    for i = 1, n do order[i] = i end
    local key = keys --[[@as number[] ]]   -- not nil in this branch
    table.sort(order, function(i, j)
      if key[i] ~= key[j] then return key[i] < key[j] end
      return names[i] < names[j]
    end)
  end

  local out = {}
  for i = 1, math.min(limit or #order, #order) do
    local p = order[i]
    out[i] = entry(ctx, list[p], distance and distance[p], bearing and bearing[p], keys and keys[p])
  end
  return out
end

return sites
