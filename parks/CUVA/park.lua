-- Cuyahoga Valley National Park. Written by `flowrun new park`; every setting a park can change, with its
-- default, is in parks/defaults.lua (README, "Adding a park"). After a change, run
--   flowrun check --park CUVA
-- The type below gives completion and checks in an editor with LuaLS (README, "Editor support").
--- @type flowrun.ParkFile
local park = {
  name = "Cuyahoga Valley National Park",
  state = "Ohio",
  timezone = "America/New_York",   -- IANA zone for ctx.time; where the park is: Ohio
  description = "Though a short distance from the urban areas of Cleveland and Akron, Cuyahoga Valley National Park seems worlds away. The park is a refuge for native plants and wildlife, and provides routes of discovery for visitors. The winding Cuyahoga River gives way to deep forests, rolling hills, and open farmlands. Walk or ride the Towpath Trail to follow the historic route of the Ohio & Erie Canal.",
  website = "https://www.nps.gov/cuva/index.htm",
  phone = "+1 440-717-3890",
  center = { lat = 41.26112, lon = -81.56881 },   -- the centroid of boundary.geojson's largest ring
  zoom = 10,   -- where boundary.geojson fits a 390x844 screen
  -- theme = { primary = "#2E5E4E", accent = "#E0A526" },   -- colours as "#RRGGBB"

  -- Layers back to front, each over the whole page (parks/CUVA/assets/onboarding/, drawn
  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).
  -- The words are a first draft: say what a first-time visitor should know.
  onboarding = {
    pages = {
      { title = "Welcome to Cuyahoga Valley National Park",
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
