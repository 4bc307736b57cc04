/// The flow `flowrun new flow` writes: a small screen that shows the parts every flow uses
/// (`ctx`, `lib.ui`, `lib.sites`, `go` actions) with comments an author can learn from.
struct FlowTemplate {
    let name: String
    /// The park the example commands name.
    let park: String

    /// "Trail walks" for `trail_walks`.
    var title: String {
        let words = name.replacing("_", with: " ").replacing("-", with: " ")
        return (words.first.map { String($0).uppercased() } ?? "") + words.dropFirst()
    }

    var text: String {
        """
        -- \(name): written by `flowrun new flow`. Run it, then change it and run it again:
        --   flowrun --park \(park) \(name)
        --   flowrun --park \(park) \(name) --at LAT,LON --arg category=viewpoint
        -- A flow is a function registered under a name: it gets `ctx` (the request and the
        -- park's data) and returns a screen, a table of the shape in schema/screen.schema.json.
        -- README, "Writing a flow", lists all of ctx; flows/lib/ui.lua builds the components.
        local ui = require("lib.ui")
        local sites = require("lib.sites")

        flow.register(\(LuaText.literal(name)), function(ctx)
          -- ctx.args: `--arg KEY=VALUE` pairs, or the args of the go action that led here (strings).
          local category = ctx.args.category

          -- ctx.sites is the park's sites, read-only and shared by every run: collect into a list of your own.
          local chosen = {}
          for _, site in ipairs(ctx.sites) do
            if category == nil or site.category == category then chosen[#chosen + 1] = site end
          end

          -- Nearest first when the visitor's position is known (ctx.at, from --at), else by name.
          local items = {}
          for i, site in ipairs(sites.ranked(ctx, chosen, 10)) do
            items[i] = {
              title = site.name,
              subtitle = ui.category_name(ctx, site.category),
              detail = site.distance and (ui.distance(site.distance) .. " " .. ui.compass(site.bearing)) or nil,
              -- A go action: tapping the item runs the sites flow with these args (follow it with --follow).
              action = ui.go("sites", { id = site.id }, "Open"),
            }
          end

          local heading = category and ui.category_plural(ctx, category) or "Places to visit"
          return ui.screen(\(LuaText.literal(title)), {
            -- ctx.time is the park's local time (--time fixes it); ctx.park its settings (park.lua).
            ui.text("It is " .. ctx.time.clock .. " at " .. ctx.park.name .. ".", "heading"),
            ui.list(heading .. (ctx.at and ", nearest first" or ""), items, "No places to show yet."),
            -- ui.go is nil for a flow the park does not run, and ui.button without an action is nil.
            ui.button("Back to home", ui.go("home", nil, "Home"), "secondary"),
          }, ctx.park.name)
        end)

        """
    }
}
