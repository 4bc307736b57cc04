-- Mesa Verde National Park. Written by `flowrun new park`; every setting a park can change, with its
-- default, is in parks/defaults.lua (README, "Adding a park"). After a change, run
--   flowrun check --park MEVE
-- The type below gives completion and checks in an editor with LuaLS (README, "Editor support").
--- @type flowrun.ParkFile
local park = {
  name = "Mesa Verde National Park",
  state = "Colorado",
  timezone = "America/Denver",   -- IANA zone for ctx.time; where the park is: Colorado
  description = "Mesa Verde National Park was established in 1906 to preserve and interpret the archeological heritage of the Ancestral Pueblo people who made it their home for over 700 years, from 600 to 1300 CE. Today, the park protects nearly 5,000 known archeological sites, including 600 cliff dwellings. These sites are some of the most notable and best preserved in the United States.",
  website = "https://www.nps.gov/meve/index.htm",
  phone = "+1 970-529-4465",
  center = { lat = 37.23905, lon = -108.46238 },   -- the centroid of boundary.geojson's largest ring
  zoom = 10,   -- where boundary.geojson fits a 390x844 screen
  -- theme = { primary = "#2E5E4E", accent = "#E0A526" },   -- colours as "#RRGGBB"

  -- Layers back to front, each over the whole page (parks/MEVE/assets/onboarding/, drawn
  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).
  -- The words are a first draft: say what a first-time visitor should know.
  onboarding = {
    pages = {
      { title = "Welcome to Mesa Verde National Park",
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
