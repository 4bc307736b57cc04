-- Golden Gate National Recreation Area. Sites: NPS public POIs (see parks/SOURCES.md).
--- @type flowrun.ParkFile
local park = {
  name = "Golden Gate National Recreation Area",
  state = "California",
  description = "Golden Gate National Recreation Area wraps around the mouth of San Francisco Bay: "
    .. "Alcatraz Island, the Presidio, Fort Point beneath the Golden Gate Bridge, the Marin Headlands, "
    .. "Muir Woods and miles of ocean beaches, all within reach of the city.",
  website = "https://www.nps.gov/goga/index.htm",
  phone = "+1 415-561-4700",
  center = { lat = 37.8078, lon = -122.4750 },
  zoom = 11,
  theme = { primary = "#C0362C", accent = "#1F4E79" },   -- International Orange, bay blue

  -- Layers back to front, each over the whole page (parks/<CODE>/assets/onboarding/, drawn
  -- by `flowrun art` from this park's boundary, sites and theme).
  onboarding = {
    pages = {
      { title = "Welcome to the Golden Gate",
        body = "Forts, islands, redwoods and beaches around the bay, most of them a bus ride away.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#688AB9" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#9A7B84" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#763730" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#719BB6" },
        } },
      { title = "Find what is near you",
        body = "Share your location and the app ranks viewpoints, forts and trailheads by distance.",
        background = {
          { image = "onboarding/sky.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#688AB9" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#763730" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#719BB6" },
        } },
      { title = "Alerts as you walk",
        body = "Arrive at a site and its story appears, without unlocking your phone.",
        background = {
          { image = "onboarding/dusk.svg", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = "#4D3550" },
          { image = "onboarding/far.svg", position = { x = 0.5, y = 0.5 }, depth = 0.15, placeholder = "#9A7B84" },
          { image = "onboarding/near.svg", position = { x = 0.5, y = 0.5 }, depth = 0.4, placeholder = "#763730" },
          { image = "onboarding/foreground.svg", position = { x = 0.5, y = 0.5 }, depth = 0.8, placeholder = "#719BB6" },
        } },
    },
  },

  home = { highlight_categories = { "viewpoint", "lighthouse", "visitor_center", "historic" } },

  -- The NPS POI data mixes what visitors come for with what the park runs: staff housing,
  -- utilities, offices, private buildings. Visitors see neither those nor inventory codes.
  sites = {
    hidden = {
      -- staff and resident housing, and the playgrounds of those neighborhoods
      "nps-poi:goga:0068", "nps-poi:goga:0088", "nps-poi:goga:0121", "nps-poi:goga:0181", "nps-poi:goga:0192",
      "nps-poi:goga:0204", "nps-poi:goga:0221", "nps-poi:goga:0223", "nps-poi:goga:0269", "nps-poi:goga:0301",
      "nps-poi:goga:0311", "nps-poi:goga:0330", "nps-poi:goga:0338", "nps-poi:goga:0354", "nps-poi:goga:0361",
      "nps-poi:goga:0385", "nps-poi:goga:0407", "nps-poi:goga:0409", "nps-poi:goga:0427", "nps-poi:goga:0433",
      "nps-poi:goga:0015", "nps-poi:goga:0028", "nps-poi:goga:0029", "nps-poi:goga:0182", "nps-poi:goga:0183",
      "nps-poi:goga:0270", "nps-poi:goga:0331", "nps-poi:goga:0362", "nps-poi:goga:0374", "nps-poi:goga:0428",
      "nps-poi:goga:0304",
      -- utilities, yards and operations
      "nps-poi:goga:0084", "nps-poi:goga:0096", "nps-poi:goga:0103", "nps-poi:goga:0137", "nps-poi:goga:0147",
      "nps-poi:goga:0154", "nps-poi:goga:0157", "nps-poi:goga:0162", "nps-poi:goga:0212", "nps-poi:goga:0368",
      "nps-poi:goga:0406", "nps-poi:goga:0421",
      -- offices, child care and private buildings
      "nps-poi:goga:0018", "nps-poi:goga:0078", "nps-poi:goga:0160", "nps-poi:goga:0196", "nps-poi:goga:0197",
      "nps-poi:goga:0198", "nps-poi:goga:0199", "nps-poi:goga:0214", "nps-poi:goga:0260", "nps-poi:goga:0313",
      "nps-poi:goga:0326", "nps-poi:goga:0333", "nps-poi:goga:0417",
      -- directions, placeholders and duplicates
      "nps-poi:goga:0379", "nps-poi:goga:0380", "nps-poi:goga:0381", "nps-poi:goga:0382", "nps-poi:goga:0151",
      "nps-poi:goga:0023", "nps-poi:goga:0205", "nps-poi:goga:0216",
    },
    names = {
      ["nps-poi:goga:0021"] = "Discovery Museum: Bakery",
      ["nps-poi:goga:0022"] = "Discovery Museum: Blacksmith Shop",
      ["nps-poi:goga:0024"] = "Discovery Museum: Carpenter and Paint Shop",
      ["nps-poi:goga:0025"] = "Discovery Museum: Commissary Storehouse",
      ["nps-poi:goga:0026"] = "Discovery Museum: Quartermaster",
      ["nps-poi:goga:0055"] = "Battery Rathbone-McIndoe",
      ["nps-poi:goga:0060"] = "Battery Spencer Administration Building",
      ["nps-poi:goga:0061"] = "Battery Spencer Equipment Building",
      ["nps-poi:goga:0079"] = "Restaurant, Building 602",
      ["nps-poi:goga:0080"] = "Fort Mason Center, Building A",
      ["nps-poi:goga:0090"] = "Cavallo Point",
      ["nps-poi:goga:0099"] = "Cliff House",
      ["nps-poi:goga:0100"] = "Presidio Yacht Club",
      ["nps-poi:goga:0105"] = "Coastal Bluffs",
      ["nps-poi:goga:0127"] = "Fire Control Station, Lime Point",
      ["nps-poi:goga:0130"] = "Point Bonita Fog Signal Building",
      ["nps-poi:goga:0202"] = "Lifeguard Tower",
      ["nps-poi:goga:0240"] = "Miwok Trailhead (Highway 1)",
      ["nps-poi:goga:0264"] = "Nike Site SF-88: Generator Building",
      ["nps-poi:goga:0265"] = "Nike Site SF-88: Missile Test Building",
      ["nps-poi:goga:0266"] = "Nike Site SF-88: Missile Warhead Building",
      ["nps-poi:goga:0276"] = "Sloat Boulevard Bus Turnaround",
      ["nps-poi:goga:0367"] = "Sentry Station",
    },
  },
}

return park
