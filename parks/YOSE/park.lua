-- Yosemite National Park. Sites: NPS public POIs and NPS trailheads (see parks/SOURCES.md).
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

  -- The views the valley and the high country are known for first (defaults lead with
  -- visitor centers, of which the NPS data lists 27 here, ranger stations among them).
  home = { highlight_categories = { "viewpoint", "landmark", "visitor_center" } },

  sites = {
    -- The same place recorded twice under another name (an entrance and its kiosk, a lodge
    -- and its registration desk), and a storage building typed as a visitor center.
    hidden = {
      "nps-poi:yose:0005",   -- Arch Rock Entrance Station: same point as "Arch Rock Entrance"
      "nps-poi:yose:0015",   -- Big Oak Flat Entrance Station: entrance-station building 10 m from "Big Oak Flat Entrance"
      "nps-poi:yose:0048",   -- Curry Village Registration: same point as "Curry Village Lodging"
      "nps-poi:yose:0085",   -- Hetch Hetchy Entrance Kiosk: same point as "Hetch Hetchy Entrance"
      "nps-poi:yose:0087",   -- Hill's Studio: same point as "Wawona Visitor Center at Hill's Studio"
      "nps-poi:yose:0145",   -- Parsons Lodge: same point as "Parsons Memorial Lodge"
      "nps-poi:yose:0184",   -- Tioga Pass Entrance Kiosk: same point as "Tioga Pass Entrance"
      "nps-poi:yose:0199",   -- Tuolumne Meadows Store/Grill: same point as "Tuolumne Meadows Store & Grill"
      "nps-poi:yose:0204",   -- Tuolumne Meadows Wilderness Office: same point as "Tuolumne Meadows Wilderness Center"
      "nps-poi:yose:0212",   -- Village Store & Grill: building record between "Village Store" and "Village Grill" (10-20 m)
      "nps-poi:yose:0215",   -- Wagon Storage: storage building typed Visitor Center
      "nps-poi:yose:0222",   -- Wawona Entrance Kiosk: kiosk of the South Entrance, 11 m from "South Entrance"
      "nps-poi:yose:0234",   -- Wawona Store & Pioneer Gift Shop: same point as "Wawona General Store"
      "nps-poi:yose:0261",   -- Yosemite History Center Chinese Laundry: same point as "Chinese Laundry Building" (typed Visitor Center)
      "nps-poi:yose:0268",   -- Yosemite History Center Washburn Barn: same point as "Grey Barn"
      "nps-poi:yose:0282",   -- Yosemite Valley Lodge Registration: same point as "Yosemite Valley Lodge"
    },
    -- Where the NPS data spells a name otherwise than the park's own signs do.
    names = {
      ["nps-yose-trailhead:miguel-meadows"] = "Miguel Meadows",
      ["nps-yose-trailhead:olmstead-point"] = "Olmsted Point",
      ["nps-yose-trailhead:glacier-pt-to-lyv"] = "Glacier Point to Little Yosemite Valley",
    },
  },
}

return park
