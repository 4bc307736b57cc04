-- The party replay under a GPS duty cycle (flowrun ... party --party FILE --duty-cycle POLICY):
-- each alert marked against the full tracks (every phone's GPS always on), the alerts the
-- duty-cycled phones missed as entries of their own, and facts saying what the phones used.
-- The numbers come from party.replay().duty; this file only words them.
local M = {}

-- 42 s, 2 min 5 s.
function M.seconds(s)
  s = math.floor(s + 0.5)
  if s < 60 then return ("%d s"):format(s) end
  if s % 60 == 0 then return ("%d min"):format(s // 60) end
  return ("%d min %d s"):format(s // 60, s % 60)
end

-- How an alert of the duty-cycled replay compares with the full track's.
function M.mark(e)
  if e.duty == "on_time" then return "on time against the full track" end
  if e.duty == "late" then return M.seconds(e.delay) .. " late against the full track" end
  if e.duty == "early" then return M.seconds(-e.delay) .. " early against the full track" end
  if e.duty == "extra" then return "not raised on the full track" end
  return nil
end

-- 5025 as 5,025.
function M.count(n)
  local s = tostring(math.floor(n))
  local out = s:reverse():gsub("(%d%d%d)", "%1,"):reverse()
  return (out:gsub("^,", ""))
end

-- The facts, each short enough for the picture's three lines: the policy, the comparison,
-- each member's GPS time and fixes.
function M.facts(duty)
  local shares, fixes = {}, {}
  for i, m in ipairs(duty.members) do
    shares[i] = ("%s %.1f %%"):format(m.name, m.on_share * 100)
    fixes[i] = ("%s %s of %s"):format(m.name, M.count(m.fixes), M.count(m.full_fixes))
  end
  local events = duty.on_time + duty.late + duty.early + duty.missed
  local compared = ("%d of %d missed; %d late, %d early, %d on time"):format(
    duty.missed, events, duty.late, duty.early, duty.on_time)
  if duty.worst_delay then
    local function signed(s) return s < 0 and ("-" .. M.seconds(-s)) or M.seconds(s) end
    compared = compared .. ("; delay median %s, worst %s"):format(signed(duty.median_delay), signed(duty.worst_delay))
  end
  compared = compared .. ("; %d extra (raised only under the duty cycle)"):format(duty.extra)
  return {
    { label = "Duty cycle", value = ("%s (%s)"):format(duty.policy, duty.summary) },
    { label = "Against the full tracks", value = compared },
    { label = "GPS on", value = table.concat(shares, ", ") .. " of the time" },
    { label = "Fixes used", value = table.concat(fixes, ", ") .. " (GPS always on)" },
  }
end

-- Marks the entries made from `events` (one each, in order), adds an entry for each missed
-- alert (made by `entry(e)`, as the flow makes its others), keeps them in time order, and
-- appends the facts.
function M.apply(duty, events, entries, facts, entry)
  for i, e in ipairs(events) do
    local mark, x = M.mark(e), entries[i]
    if mark then x.detail = x.detail and (x.detail .. "; " .. mark) or mark end
  end
  for _, e in ipairs(duty.missed_events) do
    local x = entry(e)
    x.title = "Missed: " .. x.title
    local note = "on the full track only: the duty-cycled phone did not raise it"
    x.detail = x.detail and (note .. "; " .. x.detail) or note
    entries[#entries + 1] = x
  end
  -- A stable sort by time: missed alerts go after the duty-cycled ones of the same second.
  local order = {}
  for i, x in ipairs(entries) do order[x] = i end
  table.sort(entries, function(a, b)
    if a.time ~= b.time then return a.time < b.time end
    return order[a] < order[b]
  end)
  for _, f in ipairs(M.facts(duty)) do facts[#facts + 1] = f end
end

return M
