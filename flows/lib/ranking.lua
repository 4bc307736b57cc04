--- The park's weights for ranking sites (`sites.ranking` in park.lua, defaults in
--- parks/defaults.lua): what each numeric site property adds to a site's distance, and how a
--- visitor reads the weighed facts ("★4.5", "free"). lib.scoring builds on it, so a park that
--- replaces lib.scoring keeps the weights by calling `ranking.adjustment` and `ranking.facts`.
local i18n = require("lib.i18n")
local ranking = {}

--- A weighed property, as `ranking.weights` lists it.
--- @class flowrun.RankingTerm
--- @field name string the site property (`rating`, `fee`, ...)
--- @field weight number metres per unit above `neutral`
--- @field neutral number the value that adds nothing

--- What lib.scoring returns: how a park ranks sites (flows/lib/scoring.lua).
--- @class flowrun.Scoring
--- @field score fun(site: flowrun.Site, ctx: flowrun.Context, distance: number, adjustment?: number): number the lower, the earlier
--- @field reasons? fun(site: flowrun.Site, ctx: flowrun.Context, distance?: number): string[] why, as a visitor reads it

-- The weights with a non-zero weight: rating, then fee, then the others by name. ctx.park is
-- the same read-only table in every run of a runtime, so the list is built once and kept.
local kept_park = nil
--- @type flowrun.RankingTerm[]
local kept_terms = {}
local order = { rating = 1, fee = 2 }

--- The weighed properties, in the order their facts read: rating, fee, then by name.
--- @param ctx flowrun.Context
--- @return flowrun.RankingTerm[]
function ranking.weights(ctx)
  local park = ctx.park
  if rawequal(park, kept_park) then return kept_terms end
  local terms = {}
  for name, entry in pairs(park.sites.ranking) do
    if entry.weight ~= 0 then terms[#terms + 1] = { name = name, weight = entry.weight, neutral = entry.neutral } end
  end
  table.sort(terms, function(a, b)
    local oa, ob = order[a.name] or 3, order[b.name] or 3
    if oa ~= ob then return oa < ob end
    return a.name < b.name
  end)
  kept_park, kept_terms = park, terms
  return terms
end

--- Metres the park's weights add to a site's distance: `weight * (value - neutral)` summed
--- over the weighed properties the site has as numbers; negative ranks it nearer.
--- @param site flowrun.Site
--- @param ctx flowrun.Context
--- @return number
function ranking.adjustment(site, ctx)
  local properties = site.properties
  if not properties then return 0 end
  --- @type number
  local sum = 0
  for _, term in ipairs(ranking.weights(ctx)) do
    local value = properties[term.name]
    if type(value) == "number" then sum = sum + term.weight * (value - term.neutral) end
  end
  return sum
end

-- The factors of each scoring `ranking.factored` made, by its score function: a scoring
-- whose score was replaced afterwards is no longer one of them.
--- @type table<function, table<string, number>>
local factored = setmetatable({}, { __mode = "k" })

--- A scoring (what lib.scoring returns) whose score is the distance times a factor for the
--- site's category (1 for a category not named), plus what the park's weights add:
--- `ranking.factored({ viewpoint = 0.5 })` ranks viewpoints as if they were half as far
--- away. lib.sites ranks with such a scoring natively (`catalog.rank`), so a park of a
--- hundred thousand sites ranks as fast as a small one; a scoring written as a Lua function
--- ranks site by site. Add a `reasons` function to the table it returns to change why a
--- site is said to rank where it does.
--- @param factors table<string, number> a distance factor (a number ≥ 0) per category
--- @return flowrun.Scoring
function ranking.factored(factors)
  if type(factors) ~= "table" then
    error(("ranking.factored: a table of factors by category expected, got %s"):format(type(factors)), 2)
  end
  local kept = {}
  for category, factor in pairs(factors) do
    if type(category) ~= "string" then
      error(("ranking.factored: factors are keyed by category (a string), got %s"):format(type(category)), 2)
    end
    if type(factor) ~= "number" or factor ~= factor or factor < 0 or factor == math.huge then
      error(("ranking.factored: the factor of '%s' must be a number ≥ 0, got %s"):format(category, tostring(factor)), 2)
    end
    kept[category] = factor
  end
  local function score(site, ctx, distance, adjustment)
    return distance * (kept[site.category] or 1) + (adjustment or ranking.adjustment(site, ctx))
  end
  factored[score] = kept
  return { score = score }
end

--- The factors of a scoring `ranking.factored` made (a copy), or nil for any other scoring.
--- @param scoring flowrun.Scoring
--- @return table<string, number>?
function ranking.factors_of(scoring)
  local kept = type(scoring) == "table" and factored[rawget(scoring, "score")]
  if not kept then return nil end
  local copy = {}
  for category, factor in pairs(kept) do copy[category] = factor end
  return copy
end

-- "4.5", "4", "7.50": a number as a visitor reads it.
local function short(value)
  if value == math.floor(value) then return string.format("%d", value) end
  return (string.format("%.1f", value))
end

-- The facts of the properties with a format of their own, in the visitor's language
-- (`tr`, i18n.of(ctx)): "★4.5" ("★4,5" in Spanish), "free", "$7.50".
--- @type table<string, fun(value: number, ctx: flowrun.Context, tr: fun(key: string, values?: table<string, any>): string): string>
local formats = {
  rating = function(value, ctx)
    if value == math.floor(value) then return "★" .. short(value) end
    return "★" .. i18n.number(ctx.locale, value, 1)
  end,
  fee = function(value, ctx, tr)
    if value == 0 then return tr("ranking.free") end
    if value == math.floor(value) then return string.format("$%d", value) end
    return "$" .. i18n.number(ctx.locale, value, 2)
  end,
}

--- The weighed facts of a site as a visitor reads them, in `ranking.weights` order:
--- "★4.5", "free" or "$15", "elevation 2400" for another property. Only properties the park
--- weighs (a weight of 0 leaves one out) and the site has as numbers.
--- @param site flowrun.Site
--- @param ctx flowrun.Context
--- @return string[]
function ranking.facts(site, ctx)
  local out, properties = {}, site.properties
  if not properties then return out end
  --- @type (fun(key: string, values?: table<string, any>): string)?
  local tr = nil   -- made when a fact needs words
  for _, term in ipairs(ranking.weights(ctx)) do
    local value = properties[term.name]
    if type(value) == "number" then
      local format = formats[term.name]
      if format and not tr then tr = i18n.of(ctx) end
      out[#out + 1] = format and format(value, ctx, tr --[[@as fun(key: string, values?: table<string, any>): string]])
        or (term.name:gsub("_", " ") .. " " .. short(value))
    end
  end
  return out
end

return ranking
