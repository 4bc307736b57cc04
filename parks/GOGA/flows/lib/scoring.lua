--- Golden Gate's ranking: the views are why most visitors come, so viewpoints and
--- lighthouses rank as if they were half as far away; the park's `sites.ranking` weights
--- (rating, fee) add to that as they do by default. Without a `reasons` of its own, a ranked
--- site's reasons are the weighed facts (lib.ranking), as by default.
local ranking = require("lib.ranking")

local scoring = {}

local pull = { viewpoint = 0.5, lighthouse = 0.5 }

--- @param site flowrun.Site
--- @param ctx flowrun.Context
--- @param distance number metres from the visitor
--- @param adjustment? number what the park's weights add (lib.sites gives it)
--- @return number score lower is better
function scoring.score(site, ctx, distance, adjustment)
  return distance * (pull[site.category] or 1) + (adjustment or ranking.adjustment(site, ctx))
end

return scoring
