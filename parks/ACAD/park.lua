-- Acadia National Park. Written by `flowrun new park`; every setting a park can change, with its
-- default, is in parks/defaults.lua (README, "Adding a park"). After a change, run
--   flowrun check --park ACAD
-- The type below gives completion and checks in an editor with LuaLS (README, "Editor support").
--- @type flowrun.ParkFile
local park = {
  name = "Acadia National Park",
  state = "Maine",
  timezone = "America/New_York",   -- IANA zone for ctx.time; where the park is: Maine
  description = "Acadia National Park protects the natural beauty of the highest rocky headlands along the Atlantic coastline of the United States, an abundance of habitats, and a rich cultural heritage. At 3.5 million visits a year, it's one of the top 10 most-visited national parks in the United States. Visitors enjoy 27 miles of historic motor roads, 158 miles of hiking trails, and 45 miles of carriage roads.",
  website = "https://www.nps.gov/acad/index.htm",
  phone = "+1 207-288-3338",
  center = { lat = 44.35243, lon = -68.24363 },   -- the centroid of boundary.geojson's largest ring
  zoom = 8,   -- where boundary.geojson fits a 390x844 screen
  -- theme = { primary = "#2E5E4E", accent = "#E0A526" },   -- colours as "#RRGGBB"

  -- Layers back to front, each over the whole page (parks/ACAD/assets/onboarding/, drawn
  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).
  -- The words are a first draft: say what a first-time visitor should know.
  onboarding = {
    pages = {
      { title = "Welcome to Acadia National Park",
        body = "Sites near you, the park's map, your favorites and pins, and help at hand when you need it.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#598EBD" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#73888D" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#2A4C41" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#507548" },
        } },
    },
  },

  -- home = { highlight_categories = { "visitor_center", "viewpoint" } },

  sites = {
    -- hidden = { "site-id" },                     -- sites visitors never see
    -- names = { ["site-id"] = "Name visitors read" },   -- where the data's name is wrong
  },
}

return park
