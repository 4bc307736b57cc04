--- Grouping and ranking of a park's sites, shared by the home and sites flows.
local scoring = require("lib.scoring")   -- parks/<CODE>/flows/lib/scoring.lua overrides it

local sites = {}

--- The park's collections with their sites: { {id, title, sites = {...}} ... }, in the
--- configured order, empty ones left out; sites in no collection go to "More places".
function sites.collections(ctx)
  local by_category, order = {}, {}
  for _, c in ipairs(ctx.park.sites.collections) do
    local entry = { id = c.id, title = c.title, sites = {} }
    order[#order + 1] = entry
    for _, category in ipairs(c.categories) do by_category[category] = entry end
  end
  local more = { id = "more", title = "More places", sites = {} }
  for _, site in ipairs(ctx.sites) do
    local entry = by_category[site.category] or more
    entry.sites[#entry.sites + 1] = site
  end
  order[#order + 1] = more
  local out = {}
  for _, entry in ipairs(order) do
    if #entry.sites > 0 then out[#out + 1] = entry end
  end
  return out
end

--- Every collection id a request may name ("more" included), in the configured order.
function sites.collection_ids(ctx)
  local ids = {}
  for _, c in ipairs(ctx.park.sites.collections) do ids[#ids + 1] = c.id end
  ids[#ids + 1] = "more"
  return ids
end

--- The categories the park's sites have, sorted.
function sites.categories(ctx)
  local seen, out = {}, {}
  for _, site in ipairs(ctx.sites) do
    if site.category and not seen[site.category] then seen[site.category] = true; out[#out + 1] = site.category end
  end
  table.sort(out)
  return out
end

--- The collection with this id, or nil.
function sites.collection(ctx, id)
  for _, c in ipairs(sites.collections(ctx)) do
    if c.id == id then return c end
  end
  return nil
end

--- A copy of `list` sorted for the visitor: by the park's scoring function when ctx.at is
--- known (distance first), else by name. Each entry gets `distance` and `bearing` when known.
function sites.ranked(ctx, list)
  local out = {}
  for i, site in ipairs(list) do
    local entry = setmetatable({}, { __index = site })
    if ctx.at then
      -- One geodesic for both (geo.distance and geo.bearing would each solve it).
      entry.distance, entry.bearing = geo.inverse(ctx.at.lat, ctx.at.lon, site.lat, site.lon)
      entry.score = scoring.score(site, ctx, entry.distance)
    end
    out[i] = entry
  end
  table.sort(out, function(a, b)
    if a.score and b.score and a.score ~= b.score then return a.score < b.score end
    if a.name ~= b.name then return a.name:lower() < b.name:lower() end
    return a.id < b.id
  end)
  return out
end

return sites
