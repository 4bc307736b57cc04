-- Golden Gate National Recreation Area. Sites: NPS public POIs (see parks/SOURCES.md).
return {
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

  onboarding = {
    pages = {
      { title = "Welcome to the Golden Gate",
        body = "Forts, islands, redwoods and beaches around the bay, most of them a bus ride away.",
        background = {
          { image = "goga/onboarding/sky.png", position = { x = 0.5, y = 0.0 }, depth = 0.0, placeholder = "#9FC5E8" },
          { image = "goga/onboarding/bridge.png", position = { x = 0.5, y = 0.55 }, depth = 0.4, placeholder = "#C0362C" },
          { image = "goga/onboarding/fog.png", position = { x = 0.3, y = 0.7 }, depth = 0.8, placeholder = "#E6E6E6" },
        } },
      { title = "Find what is near you",
        body = "Share your location and the app ranks viewpoints, forts and trailheads by distance.",
        background = {
          { image = "goga/onboarding/headlands.png", position = { x = 0.5, y = 0.4 }, depth = 0.2, placeholder = "#7A9A65" },
        } },
      { title = "Alerts as you walk",
        body = "Arrive at a site and its story appears, without unlocking your phone.",
        background = {
          { image = "goga/onboarding/alcatraz.png", position = { x = 0.6, y = 0.5 }, depth = 0.3, placeholder = "#5B6770" },
        } },
    },
  },

  home = { highlight_categories = { "viewpoint", "lighthouse", "visitor_center", "historic" } },
}
