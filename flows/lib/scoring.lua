--- How sites are ranked for a visitor at ctx.at: the lower the score, the earlier the site
--- is listed. The default is the distance in metres plus what the park's `sites.ranking`
--- weights add for the site's rating, fee or other numeric properties (lib.ranking). A park
--- changes the weights in park.lua; gives some categories a distance factor with its own
--- parks/<CODE>/flows/lib/scoring.lua returning `ranking.factored({ viewpoint = 0.5 })`; or
--- replaces the whole function there with its own `score(site, ctx, distance, adjustment)`
--- (and `reasons(site, ctx, distance)`), which ranks site by site in Lua.
local ranking = require("lib.ranking")

-- No factors: the distance plus the weights. Made by lib.ranking, so lib.sites ranks natively.
local scoring = ranking.factored({})

--- Why a site ranks where it does, besides its distance, as short facts a visitor reads
--- ("★4.5", "free"); lib.sites puts them in each ranked site's `reasons`.
--- @param site flowrun.Site the site
--- @param ctx flowrun.Context the flow's context
--- @return string[]
function scoring.reasons(site, ctx)   -- lib.sites passes the distance too, unused here
  return ranking.facts(site, ctx)
end

return scoring
