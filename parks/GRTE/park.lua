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

  onboarding = {
    pages = {
      { title = "Welcome to Grand Teton",
        body = "Peaks without foothills, lakes at their feet, and the Snake River winding below.",
        background = {
          { image = "grte/onboarding/sky.png", position = { x = 0.5, y = 0.0 }, depth = 0.0, placeholder = "#A9C6DE" },
          { image = "grte/onboarding/range.png", position = { x = 0.5, y = 0.35 }, depth = 0.2, placeholder = "#6B7B8C" },
          { image = "grte/onboarding/lake.png", position = { x = 0.5, y = 0.8 }, depth = 0.7, placeholder = "#3E6E8E" },
        } },
      { title = "Summits and lakes by distance",
        body = "Tell the app where you are and it sorts peaks, lakes and passes from nearest to farthest.",
        background = {
          { image = "grte/onboarding/trail.png", position = { x = 0.4, y = 0.6 }, depth = 0.5, placeholder = "#8A9A5B" },
        } },
    },
  },
}

return park
