-- What the default flows say about ctx.location and ctx.connectivity: one sentence per
-- state, so every screen words the same state the same way. A park replaces a sentence by
-- adding parks/<CODE>/flows/lib/location.lua (require finds the park's first).
local M = {}

-- Why there is no position, for a list that would rank by it (the sites, the AR view).
M.waiting = {
  searching = "Finding your position…",
  searching_longer = "Still finding your position… It takes longer under trees, in canyons and indoors.",
  denied = "Allow location to see what is near you.",
  unavailable = "Location services are off: turn them on to see what is near you.",
  timed_out = "Your position could not be found. Move to open sky and try again.",
}

-- The sentence for the state, or nil when the position is known (found) or not asked for (idle).
function M.sentence(ctx)
  local loc = ctx.location
  if loc.state == "error" then return M.waiting[loc.reason] end
  return M.waiting[loc.state]
end

-- Whether the visitor must act (allow location, turn it on): the state will not change by waiting.
function M.needs_visitor(ctx)
  local loc = ctx.location
  return loc.state == "error" and (loc.reason == "denied" or loc.reason == "unavailable")
end

-- A sentence for a visitor known to be outside the park (ctx.at.inside_park false: in a live
-- session, since the park's boundary was left), else nil.
function M.outside(ctx)
  if ctx.at and ctx.at.inside_park == false then return "You are outside " .. ctx.park.name .. "." end
  return nil
end

-- "±8 m, 3 s ago" for a found position, else nil.
function M.accuracy(ctx)
  local loc = ctx.location
  if loc.state ~= "found" then return nil end
  local age = loc.age_s >= 1 and (", %d s ago"):format(math.floor(loc.age_s)) or ""
  return ("±%d m%s"):format(math.floor(loc.accuracy + 0.5), age)
end

-- A sentence for an offline device: what needs the network (`needs`, e.g. "Pictures from the
-- web") and what still works, from what the device holds. Nil when online or unknown.
function M.offline(ctx, needs)
  local net = ctx.connectivity
  if net.state ~= "offline" then return nil end
  local text = "You are offline: this runs from " .. net.cache .. "."
  if needs then text = text .. " " .. needs end
  return text
end

return M
