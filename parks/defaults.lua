-- Settings every park starts from. parks/<CODE>/park.lua is deep-merged over this table:
-- tables with named fields merge key by key; lists and plain values replace.
-- Flows see the merged table as ctx.park (plus ctx.park.code).
return {
  -- name = "...",                 required in every park.lua
  state = "",
  timezone = "America/Los_Angeles", -- IANA zone for ctx.time
  -- description, website, phone: optional; home shows them when present
  -- center = { lat = ..., lon = ... }, required in every park.lua
  zoom = 10,                       -- map zoom that shows the park (0-22)

  theme = {
    primary = "#2E5E4E",           -- NPS green
    accent = "#E0A526",
    background = "#F7F4EC",
  },

  onboarding = {
    pages = {},                    -- { title, body, background = { {image, position = {x, y}, depth, placeholder?} } }
  },

  home = {
    sections = { "welcome", "highlights", "collections", "links", "contact" },
    highlights = 5,                -- how many sites the highlights carousel shows
    highlight_categories = { "visitor_center", "viewpoint", "lighthouse", "geyser", "waterfall", "peak", "lake" },
    links = {},                    -- extra links: { { label = "...", flow = "...", args = {...} } }
  },

  flows = {                        -- set a flow to false to switch it off for a park
    onboarding = true,
    home = true,
    sites = true,
    map = true,
    geofence = true,
    ar = true,
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
        categories = { "visitor_center", "entrance", "food", "lodging", "shop", "transit", "education", "locale" } },
      { id = "views", title = "Views", categories = { "viewpoint", "lighthouse", "peak", "summit", "pass" } },
      { id = "history", title = "History", categories = { "historic", "landmark", "museum", "chapel", "cemetery" } },
      { id = "water", title = "Water", categories = { "geyser", "hot_spring", "spring", "lake", "waterfall", "beach", "pier", "stream", "bay" } },
      { id = "outdoors", title = "Outdoors",
        categories = { "trailhead", "park_area", "recreation", "picnic_area", "campground", "garden", "stable", "area", "valley", "flat", "basin" } },
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

  ar = {
    max_distance = 5000,           -- metres: sites farther away are not shown
    fov = 60,                      -- horizontal field of view when the request gives none, degrees
    size = "390x844",              -- screen points when the request gives no --size
    limit = 12,                    -- most pins shown, nearest first
  },
}
