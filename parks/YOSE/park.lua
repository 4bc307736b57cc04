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
}

return park
