-- A made-up park for the ranking tests (FlowrunTests/RankingCommandTests): four sites north
-- of 37.80,-122.40 whose ratings, fees and elevation are illustrative, not real (NOTES.md).
--- @type flowrun.ParkFile
local park = {
  name = "Demo Park",
  center = { lat = 37.8, lon = -122.4 },
  address = { "1 Demo Road", "Nowhere, CA 94000" },
  sites = { collections = {} },
}

return park
