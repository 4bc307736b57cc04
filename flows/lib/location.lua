-- What the default flows say about ctx.location and ctx.connectivity: one sentence per
-- state, so every screen words the same state the same way. A park replaces a sentence by
-- adding parks/<CODE>/flows/lib/location.lua (require finds the park's first).
local i18n = require("lib.i18n")
local M = {}

-- Why there is no position, for a list that would rank by it (the sites, the AR view): the
-- key of each state's sentence (location.<state>).
M.waiting = {
  searching = "location.searching",
  searching_longer = "location.searching_longer",
  denied = "location.denied",
  unavailable = "location.unavailable",
  timed_out = "location.timed_out",
}

-- The sentence for the state, or nil when the position is known (found) or not asked for (idle).
function M.sentence(ctx)
  local loc = ctx.location
  local key = M.waiting[loc.state == "error" and loc.reason or loc.state]
  return key and i18n.of(ctx)(key) or nil
end

-- Whether the visitor must act (allow location, turn it on): the state will not change by waiting.
function M.needs_visitor(ctx)
  local loc = ctx.location
  return loc.state == "error" and (loc.reason == "denied" or loc.reason == "unavailable")
end

-- A sentence for a visitor known to be outside the park (ctx.at.inside_park false: in a live
-- session, since the park's boundary was left), else nil.
function M.outside(ctx)
  if ctx.at and ctx.at.inside_park == false then return i18n.of(ctx)("location.outside", { park = ctx.park.name }) end
  return nil
end

-- "±8 m, 3 s ago" for a found position, else nil.
function M.accuracy(ctx)
  local loc = ctx.location
  if loc.state ~= "found" then return nil end
  local tr = i18n.of(ctx)
  local metres = math.floor(loc.accuracy + 0.5)
  if loc.age_s >= 1 then return tr("location.accuracy_age", { metres = metres, seconds = math.floor(loc.age_s) }) end
  return tr("location.accuracy", { metres = metres })
end

-- A sentence for an offline device: what needs the network (`needs`, e.g. "Pictures from the
-- web") and what still works, from what the device holds. Nil when online or unknown.
function M.offline(ctx, needs)
  local net = ctx.connectivity
  if net.state ~= "offline" then return nil end
  local text = i18n.of(ctx)("location.offline", { cache = net.cache })
  if needs then text = text .. " " .. needs end
  return text
end

return M
