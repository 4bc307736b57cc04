-- Yosemite National Park. No sites are published yet (see parks/SOURCES.md): the flows
-- show an empty state; the boundary is used for presence.
--- @type flowrun.ParkFile
local park = {
  name = "Yosemite National Park",
  state = "California",
  description = "Not just a great valley, but a shrine to human foresight, the strength of granite, the "
    .. "power of glaciers, the persistence of life, and the tranquility of the High Sierra. First protected "
    .. "in 1864, Yosemite National Park is best known for its waterfalls, but within its nearly 1,200 square "
    .. "miles, you can find deep valleys, grand meadows, ancient giant sequoias, a vast wilderness area, and much more.",
  website = "https://www.nps.gov/yose/index.htm",
  phone = "+1 209-372-0200",
  center = { lat = 37.85, lon = -119.55 },
  zoom = 9,
  theme = { primary = "#4A6741", accent = "#D9A441" },

  -- Layers back to front, each over the whole page (parks/<CODE>/assets/onboarding/, drawn
  -- by `flowrun art` from this park's boundary, sites and theme).
  onboarding = {
    pages = {
      { title = "Welcome to Yosemite",
        body = "Granite domes, waterfalls and giant sequoias, from the valley floor to the High Sierra.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#5C8FBB" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#7A8B89" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#38503A" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#587844" },
        } },
      { title = "Your way around the park",
        body = "Share your location and the map and lists start from where you stand: valley floor or high country.",
        background = {
          { image = "onboarding/dusk.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#304155" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#7A8B89" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#38503A" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#587844" },
        } },
    },
  },
}

return park
