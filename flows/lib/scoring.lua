--- How sites are ranked for a visitor at ctx.at: the lower the score, the earlier the
--- site is listed. The default is the distance itself. A park overrides the ranking by
--- adding parks/<CODE>/flows/lib/scoring.lua with its own `score`.
local scoring = {}

--- @param site flowrun.Site the site
--- @param ctx flowrun.Context the flow's context
--- @param distance number metres from the visitor
--- @return number score lower is better
function scoring.score(site, ctx, distance)
  return distance
end

return scoring
