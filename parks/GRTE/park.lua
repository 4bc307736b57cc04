-- Grand Teton National Park. Sites: USGS GNIS natural features.
--- @type flowrun.ParkFile
local park = {
  name = "Grand Teton National Park",
  state = "Wyoming",
  timezone = "America/Denver",
  description = "Rising above a scene rich with extraordinary wildlife, pristine lakes, and alpine terrain, "
    .. "the Teton Range stands as a monument to the people who fought to protect it. Explore over two "
    .. "hundred miles of trails, float the Snake River, and enjoy the serenity of this remarkable place.",
  website = "https://www.nps.gov/grte/index.htm",
  phone = "+1 307-739-3300",
  center = { lat = 43.79, lon = -110.68 },
  zoom = 9,
  theme = { primary = "#355C7D", accent = "#C06C84" },

  -- Layers back to front, each over the whole page (parks/<CODE>/assets/onboarding/, drawn
  -- by `flowrun art` from this park's boundary, sites and theme).
  onboarding = {
    pages = {
      { title = "Welcome to Grand Teton",
        body = "Peaks without foothills, lakes at their feet, and the Snake River winding below.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#5A8EC1" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#74869C" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#2D4B59" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#9CA3BA" },
        } },
      { title = "Summits and lakes by distance",
        body = "Tell the app where you are and it sorts peaks, lakes and passes from nearest to farthest.",
        background = {
          { image = "onboarding/dusk.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#2B3E64" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#74869C" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#2D4B59" },
        } },
    },
  },
}

return park
