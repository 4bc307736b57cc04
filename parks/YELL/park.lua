-- Yellowstone National Park. Sites: USGS GNIS natural features and NPS destinations.
--- @type flowrun.ParkFile
local park = {
  name = "Yellowstone National Park",
  state = "Wyoming, Montana, Idaho",
  timezone = "America/Denver",
  description = "On March 1, 1872, Yellowstone became the first national park for all to enjoy the "
    .. "unique hydrothermal and geologic wonders. Spring is a time of transition within the park, as snow "
    .. "flurries eventually give way to blue skies, bears leave their dens, plants grow once more, and "
    .. "migrating birds return.",
  website = "https://www.nps.gov/yell/index.htm",
  phone = "+1 307-344-7381",
  center = { lat = 44.60, lon = -110.55 },
  zoom = 8,
  theme = { primary = "#7A4B1E", accent = "#3D8EB9" },

  -- Layers back to front, each over the whole page (parks/<CODE>/assets/onboarding/, drawn
  -- by `flowrun art` from this park's boundary, sites and theme).
  onboarding = {
    pages = {
      { title = "Welcome to Yellowstone",
        body = "More than half of the world's geysers, and the wildlife that lives among them.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#618CB8" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#868281" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#514228" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#79ACC8" },
        } },
      { title = "Stay on the boardwalks",
        body = "Thermal ground is thin and the water is scalding; the app reminds you near every basin.",
        background = {
          { image = "onboarding/dusk.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#3C3A4D" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#514228" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#79ACC8" },
        } },
    },
  },

  home = {
    highlight_categories = { "geyser", "waterfall", "lake", "hot_spring" },
    links = { { label = "Geysers near you", flow = "geysers" } },
  },
  flows = { geysers = true },

  -- Thermal features are small and close together: tighter geofences, and a callout that
  -- repeats the one rule that matters near them.
  geofence = {
    radius = 75,
    callouts = {
      enter = "You are at %s. Stay on the boardwalk: the ground near hot water is thin.",
    },
  },

  -- GNIS repeats five of the NPS destinations as bare place names ("Lake", "Mammoth") and
  -- lists a place that no longer exists: visitors see each place once.
  sites = {
    hidden = { "gnis:1597246", "gnis:1597523", "gnis:1597535", "gnis:1591192", "gnis:1609217", "gnis:1597500" },
  },
}

return park
