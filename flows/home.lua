-- Home: what the park is, a few highlights, its collections of sites, shortcuts to its other
-- screens (map, AR, favorites, pins, alerts, all parks), and how to reach it (website, phone,
-- directions). Sections and their order come from park.home.sections; each is built by the
-- function of that name in lib/home_sections.lua, to which a park may add its own.
local ui = require("lib.ui")
local builders = require("lib.home_sections")

flow.register("home", function(ctx)
  local out = {}
  -- The section names are content's words (lib/home_sections.lua), so this flow checks them.
  for i, name in ipairs(ctx.park.home.sections) do
    local build = builders[name]
    if build then
      build(ctx, out)
    else
      local known = {}
      for known_name in pairs(builders) do known[#known + 1] = known_name end
      table.sort(known)
      flow.setting_error(("home.sections[%d]"):format(i),
        ("unknown section %q; the home flow builds %s"):format(name, table.concat(known, ", ")), name, known)
    end
  end
  local subtitle = ctx.park.state ~= "" and ctx.park.state or nil
  return ui.screen(ctx.park.name, out, subtitle)
end)
