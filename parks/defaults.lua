-- Settings every park starts from. parks/<CODE>/park.lua is deep-merged over this table:
-- tables with named fields merge key by key; lists and plain values replace.
-- Flows see the merged table as ctx.park (plus ctx.park.code).
--- @type flowrun.ParkFile
local defaults = {
  -- name = "...",                 required in every park.lua
  state = "",
  timezone = "America/Los_Angeles", -- IANA zone for ctx.time
  -- description, website, phone: optional; home shows them when present
  -- address = "..." or { "line", "line" }: optional; home's directions to the park carry it
  -- center = { lat = ..., lon = ... }, required in every park.lua
  zoom = 10,                       -- map zoom that shows the park (0-22)

  theme = {
    primary = "#2E5E4E",           -- NPS green
    accent = "#E0A526",
    background = "#F7F4EC",
  },

  onboarding = {
    pages = {},                    -- { title, body, background = { {image, position = {x, y}, depth, placeholder?} } }
    -- The site categories `flowrun art` draws the onboarding pictures from.
    art = {
      relief = { "peak", "summit", "pass", "ridge", "cliff", "range", "glacier", "rock_formation", "crater" },
      water = { "lake", "bay", "beach", "pier" },
      geyser = { "geyser" },
      lighthouse = { "lighthouse" },
    },
  },

  home = {
    sections = { "welcome", "highlights", "collections", "shortcuts", "links", "contact" },
    highlights = 5,                -- how many sites the highlights carousel shows
    -- One site of each category in turn, in this order, each category's by name.
    highlight_categories = { "visitor_center", "viewpoint", "geyser", "hot_spring", "waterfall", "arch", "glacier", "crater",
      "lighthouse", "rock_formation", "peak", "lake", "beach", "museum", "historic" },
    links = {},                    -- extra links: { { label = "...", flow = "...", args = {...} } }
  },

  flows = {                        -- set a flow to false to switch it off for a park
    onboarding = true,
    home = true,
    sites = true,
    map = true,
    geofence = true,
    ar = true,
    parks = true,                  -- the park browser: every park, each opening its home
    favorites = true,              -- the sites the visitor keeps (the visitor's store)
    pins = true,                   -- the visitor's own pins, with their photos
    party = true,                  -- a group's tracks replayed together (--party FILE)
    emergency = true,              -- call for help, alert the party, the nearest ways out
  },

  budgets = {
    instructions = 20000000,       -- per flow run
    memory_mb = 64,                -- the park's Lua state
  },

  sites = {
    nearby_limit = 10,             -- sites listed per collection, and when ranked by --at
    -- Collections group sites by category; a category in none of them lands in "More places".
    collections = {
      { id = "services", title = "Visitor services",
        categories = { "visitor_center", "entrance", "food", "lodging", "shop", "transit", "airstrip", "education" } },
      { id = "views", title = "Views", categories = { "viewpoint", "lighthouse", "peak", "summit", "pass" } },
      { id = "history", title = "History", categories = { "historic", "landmark", "museum", "chapel", "cemetery" } },
      { id = "water", title = "Water", categories = { "geyser", "hot_spring", "spring", "lake", "waterfall", "beach", "pier", "boat_launch", "stream", "bay" } },
      { id = "outdoors", title = "Outdoors",
        categories = { "trailhead", "park_area", "recreation", "picnic_area", "campground", "backcountry_camp", "shelter", "garden", "stable",
          "area", "valley", "flat", "basin" } },
    },
    -- How each category reads: one site's (a subtitle) and a list's (a title). A park adds
    -- or overrides entries; { hidden = true } keeps the category's sites from visitors
    -- everywhere (lists, map, AR, alerts). A category not listed reads as its id, plural by
    -- English rules, and `flowrun check` reports it.
    categories = {
      area = { name = "Area", plural = "Areas" },
      airstrip = { name = "Airstrip", plural = "Airstrips" },
      arch = { name = "Arch", plural = "Arches" },
      backcountry_camp = { name = "Backcountry campsite", plural = "Backcountry campsites" },
      basin = { name = "Basin", plural = "Basins" },
      bay = { name = "Bay", plural = "Bays" },
      beach = { name = "Beach", plural = "Beaches" },
      bench = { name = "Bench", plural = "Benches" },
      boat_launch = { name = "Boat launch", plural = "Boat launches" },
      campground = { name = "Campground", plural = "Campgrounds" },
      cemetery = { name = "Cemetery", plural = "Cemeteries" },
      chapel = { name = "Chapel", plural = "Chapels" },
      cliff = { name = "Cliff", plural = "Cliffs" },
      crater = { name = "Crater", plural = "Craters" },
      crossing = { name = "Crossing", plural = "Crossings" },
      developed_area = { name = "Village", plural = "Villages" },
      education = { name = "Education center", plural = "Education centers" },
      entrance = { name = "Entrance", plural = "Entrances" },
      flat = { name = "Flat", plural = "Flats" },
      food = { name = "Food and drink", plural = "Food and drink" },
      garden = { name = "Garden", plural = "Gardens" },
      geyser = { name = "Geyser", plural = "Geysers" },
      glacier = { name = "Glacier", plural = "Glaciers" },
      historic = { name = "Historic site", plural = "Historic sites" },
      hot_spring = { name = "Hot spring", plural = "Hot springs" },
      island = { name = "Island", plural = "Islands" },
      junction = { name = "Junction", plural = "Junctions" },
      lake = { name = "Lake", plural = "Lakes" },
      landmark = { name = "Landmark", plural = "Landmarks" },
      lighthouse = { name = "Lighthouse", plural = "Lighthouses" },
      locale = { name = "Place", plural = "Places" },
      lodging = { name = "Lodging", plural = "Lodging" },
      meadow = { name = "Meadow", plural = "Meadows" },
      museum = { name = "Museum", plural = "Museums" },
      other = { name = "Other place", plural = "Other places" },
      park_area = { name = "Park area", plural = "Park areas" },
      pass = { name = "Pass", plural = "Passes" },
      peak = { name = "Peak", plural = "Peaks" },
      picnic_area = { name = "Picnic area", plural = "Picnic areas" },
      pier = { name = "Pier", plural = "Piers" },
      plain = { name = "Plain", plural = "Plains" },
      point = { name = "Point", plural = "Points" },
      range = { name = "Mountain range", plural = "Mountain ranges" },
      rapids = { name = "Rapids", plural = "Rapids" },
      recreation = { name = "Recreation area", plural = "Recreation areas" },
      ridge = { name = "Ridge", plural = "Ridges" },
      rock_formation = { name = "Rock formation", plural = "Rock formations" },
      shelter = { name = "Shelter", plural = "Shelters" },
      shop = { name = "Shop", plural = "Shops" },
      spring = { name = "Spring", plural = "Springs" },
      stable = { name = "Stable", plural = "Stables" },
      stream = { name = "Stream", plural = "Streams" },
      summit = { name = "Summit", plural = "Summits" },
      trailhead = { name = "Trailhead", plural = "Trailheads" },
      transit = { name = "Transit stop", plural = "Transit stops" },
      valley = { name = "Valley", plural = "Valleys" },
      viewpoint = { name = "Viewpoint", plural = "Viewpoints" },
      visitor_center = { name = "Visitor center", plural = "Visitor centers" },
      waterfall = { name = "Waterfall", plural = "Waterfalls" },
    },
    hidden = {},                   -- ids of sites visitors never see (staff housing, utilities, duplicates)
    names = {},                    -- the name visitors see, by site id, where the data's is wrong
    title_case = true,             -- names in capitals only read in title case: "FORT MASON CHAPEL" is "Fort Mason Chapel"
    acronyms = { "NRA", "NPS", "US", "USA", "YMCA", "II", "III", "IV" },   -- kept in capitals by title case
    -- How lib.scoring ranks sites from the visitor's position (--at): a site's score is its
    -- distance in metres plus weight * (value - neutral) for each property below it has; the
    -- lowest score comes first. A park changes a weight, sets one to 0 to ignore the property,
    -- or weighs another number of its sites.geojson ({ weight = ..., neutral = ... }).
    ranking = {
      rating = { weight = -300, neutral = 3 },   -- metres per star (0-5) above 3: a 5-star site ranks as if 600 m nearer
      fee = { weight = 20, neutral = 0 },        -- metres per US dollar of fee: a $15 site ranks as if 300 m farther
    },
  },

  map = {
    size = "390x844",              -- screen points, when the request gives no --size
    cluster = {                    -- cluster index options (supercluster's defaults)
      radius = 40,                 -- cluster radius, pixels
      extent = 512,                -- tile extent the radius is relative to, pixels
      min_zoom = 0,
      max_zoom = 16,               -- above it every site shows as a pin
      min_points = 2,              -- fewest points that form a cluster
      node_size = 64,              -- KD-tree leaf size
    },
  },
  geofence = {
    radius = 100,                  -- metres around a site, unless the site has a geofence_radius property
    cap = 20,                      -- regions monitored at once, the park boundary included (iOS allows 20)
    refresh_distance = 250,        -- re-choose the monitored regions after moving this far, metres
    hysteresis = 50,               -- a monitored region keeps its slot unless a newcomer is this much nearer, metres
    enter_delay = 20,              -- seconds inside, from the first fix inside, before ENTER
    exit_delay = 30,               -- seconds outside before EXIT
    enter_margin = 0,              -- metres inside the edge a fix must be to count towards ENTER
    exit_margin = 10,              -- metres outside the edge a fix must be to count towards EXIT (GPS jitter)
    dwell_delay = 120,             -- seconds after ENTER before DWELL
    report_missed = true,          -- also report the enters a phone's cap would have missed
    callout_interval = 60,         -- seconds between any two callouts
    site_callout_interval = 1800,  -- seconds between two callouts for the same site
    callouts = {                   -- %s is the site's (or the park's) name
      park_enter = "Welcome to %s.",
      park_exit = "You have left %s. Safe travels!",
      enter = "You are at %s.",
      dwell = "Take your time at %s: look around.",
    },
  },

  -- What the app knows of the visitor's position (ctx.location): searching until a good fix,
  -- searching longer, then timed out; a found fix that grows too old is searched for again.
  location = {
    accuracy = 100,                -- metres: a fix at most this uncertain is found
    max_age = 120,                 -- seconds: a found fix this old no longer counts (searching again)
    searching_longer_after = 10,   -- seconds without a good fix before "searching longer"
    timeout = 60,                  -- seconds without a good fix (from the search's start) before the error timed_out
  },

  -- The emergency flow: the number it calls, and the sites it lists with directions,
  -- nearest first from the visitor's position (by name when the position is unknown).
  emergency = {
    phone = "911",                 -- the number "Call for help" dials: a park with a dispatch number of its own sets it
    categories = { "entrance", "trailhead", "visitor_center" },   -- the site categories listed: ways out, trailheads, ranger stations
    limit = 3,                     -- places listed per category when the position is known
  },

  ar = {
    max_distance = 5000,           -- metres: sites farther away are not shown
    fov = 60,                      -- horizontal field of view when the request gives none, degrees
    size = "390x844",              -- screen points when the request gives no --size
    limit = 12,                    -- most pins shown, nearest first
  },

  language = {
    default = "en",                -- what screens speak unless the device asks (--locale es)
    strings = {},                  -- the park's own words: { es = { ["home.welcome"] = "..." } }
  },
}

return defaults
