-- Joshua Tree National Park. Written by `flowrun new park`; every setting a park can change, with its
-- default, is in parks/defaults.lua (README, "Adding a park"). After a change, run
--   flowrun check --park JOTR
-- The type below gives completion and checks in an editor with LuaLS (README, "Editor support").
--- @type flowrun.ParkFile
local park = {
  name = "Joshua Tree National Park",
  state = "California",
  timezone = "America/Los_Angeles",   -- IANA zone for ctx.time; where the park is: California
  description = "Two distinct desert ecosystems, the Mojave and the Colorado, come together in Joshua Tree National Park. A fascinating variety of plants and animals make their homes in a land sculpted by strong winds and occasional torrents of rain. Dark night skies, a rich cultural history, and surreal geologic features add to the wonder of this vast wilderness in southern California. Come explore for yourself.",
  website = "https://www.nps.gov/jotr/index.htm",
  phone = "+1 760-367-5500",
  center = { lat = 33.91500, lon = -115.84226 },   -- the centroid of boundary.geojson's largest ring
  zoom = 7,   -- where boundary.geojson fits a 390x844 screen
  -- theme = { primary = "#2E5E4E", accent = "#E0A526" },   -- colours as "#RRGGBB"

  -- Layers back to front, each over the whole page (parks/JOTR/assets/onboarding/, drawn
  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).
  -- The words are a first draft: say what a first-time visitor should know.
  onboarding = {
    pages = {
      { title = "Welcome to Joshua Tree National Park",
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
