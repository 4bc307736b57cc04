-- New River Gorge National Park and Preserve. Written by `flowrun new park`; every setting a park can change, with its
-- default, is in parks/defaults.lua (README, "Adding a park"). After a change, run
--   flowrun check --park NERI
-- The type below gives completion and checks in an editor with LuaLS (README, "Editor support").
--- @type flowrun.ParkFile
local park = {
  name = "New River Gorge National Park and Preserve",
  state = "West Virginia",
  timezone = "America/New_York",   -- IANA zone for ctx.time; where the park is: West Virginia
  description = "A rugged, whitewater river flowing northward through deep canyons, the New River is among the oldest rivers on the continent. The park encompasses over 70,000 acres of land along the New River, is rich in cultural and natural history, and offers an abundance of scenic and recreational opportunities.",
  website = "https://www.nps.gov/neri/index.htm",
  phone = "+1 304-465-0508",
  center = { lat = 37.86861, lon = -80.99951 },   -- the centroid of boundary.geojson's largest ring
  zoom = 10,   -- where boundary.geojson fits a 390x844 screen
  -- theme = { primary = "#2E5E4E", accent = "#E0A526" },   -- colours as "#RRGGBB"

  -- Layers back to front, each over the whole page (parks/NERI/assets/onboarding/, drawn
  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).
  -- The words are a first draft: say what a first-time visitor should know.
  onboarding = {
    pages = {
      { title = "Welcome to New River Gorge National Park and Preserve",
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
