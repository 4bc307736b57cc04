--- How sites are ranked for a visitor at ctx.at: the lower the score, the earlier the site
--- is listed. The default is the distance in metres plus what the park's `sites.ranking`
--- weights add for the site's rating, fee or other numeric properties (lib.ranking). A park
--- changes the weights in park.lua, or replaces the whole function by adding
--- parks/<CODE>/flows/lib/scoring.lua with its own `score` (and `reasons`).
local ranking = require("lib.ranking")

local scoring = {}

--- @param site flowrun.Site the site
--- @param ctx flowrun.Context the flow's context
--- @param distance number metres from the visitor
--- @param adjustment? number what the park's weights add (`ranking.adjustment`, which lib.sites works out once per site)
--- @return number score lower is better
function scoring.score(site, ctx, distance, adjustment)
  return distance + (adjustment or ranking.adjustment(site, ctx))
end

--- Why a site ranks where it does, besides its distance, as short facts a visitor reads
--- ("★4.5", "free"); lib.sites puts them in each ranked site's `reasons`.
--- @param site flowrun.Site the site
--- @param ctx flowrun.Context the flow's context
--- @param distance number? metres from the visitor, when ctx.at is known
--- @return string[]
function scoring.reasons(site, ctx, distance)
  return ranking.facts(site, ctx)
end

return scoring
