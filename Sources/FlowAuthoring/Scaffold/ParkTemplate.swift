import Formats

/// The `park.lua` that `flowrun new park` writes: the given and derived settings, each
/// derived one saying where it came from, and the settings an author sets next as comments.
struct ParkTemplate {
    let scaffold: ParkScaffold
    let plan: ParkScaffold.Plan
    /// Categories of the sites that parks/defaults.lua does not name: `flowrun check` would
    /// report each, so the park names them with a guess the author reviews.
    let unnamed: [String]
    /// The palette of the onboarding layers drawn into the park's assets, when they were:
    /// the pages then show them (their placeholders in its colours).
    var onboarding: ArtPalette? = nil

    /// The onboarding pages over the drawn layers, else the setting as a comment to fill in.
    private func onboardingLines(_ name: String) -> [String] {
        guard let palette = onboarding else {
            return [
                "  -- onboarding = {",
                "  --   pages = {",
                "  --     { title = \"Welcome to \(name)\", body = \"What a first-time visitor should know.\",",
                "  --       background = {   -- pictures in parks/\(scaffold.code)/assets/, back to front",
                "  --         { image = \"onboarding/sky.svg\", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = \"#9FC5E8\" },",
                "  --       } },",
                "  --   },",
                "  -- },",
            ]
        }
        func layer(_ file: String, _ depth: String, _ colour: String) -> String {
            "          { image = \"onboarding/\(file).svg\", position = { x = 0.5, y = 0.5 }, depth = \(depth), placeholder = \"\(colour)\" },"
        }
        return [
            "  -- Layers back to front, each over the whole page (parks/\(scaffold.code)/assets/onboarding/, drawn",
            "  -- by `flowrun new park` from this park's boundary, sites and theme; `flowrun art` redraws them).",
            "  -- The words are a first draft: say what a first-time visitor should know.",
            "  onboarding = {",
            "    pages = {",
            "      { title = \(LuaText.literal("Welcome to \(name)")),",
            "        body = \"Sites near you, the park's map, your favorites and pins, and help at hand when you need it.\",",
            "        background = {",
            layer("sky", "0.0", palette.skyTop), layer("far", "0.15", palette.far), layer("near", "0.4", palette.near),
            layer("foreground", "0.8", palette.meadow),
            "        } },",
            "    },",
            "  },",
        ]
    }

    /// A first scenario for `parks/<CODE>/tests/home.lua`: home opens on the park's name, at
    /// 09:30 on the scenarios' usual day in the park's own zone.
    static func scenario(name: String, code: String, timezone: String) -> String {
        let offset = ZoneRules(identifier: timezone)?.secondsFromGMT(at: 1_783_157_400) ?? -25_200  // 2026-07-04 09:30 UTC
        let sign = offset < 0 ? "-" : "+", minutes = abs(offset) / 60
        let zone = "\(sign)\(minutes / 60 < 10 ? "0" : "")\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
        return """
            -- \(name): a first scenario, written by `flowrun new park` (flowrun test --park \(code)).
            -- Add what this park's visitors should see (docs/authoring/testing.md).

            scenario {
              name = "home opens on the park's name",
              flow = "home",
              time = "2026-07-04T09:30:00\(zone)",   -- 09:30 in \(timezone)
              expect = function(screen)
                expect.equal(screen.title, \(LuaText.literal(name)), "home's title")
              end,
            }

            """
    }

    var text: String {
        let s = scaffold
        let lower = s.code.lowercased()
        let a = plan.attributes
        var lines = [
            "-- \(plan.name). Written by `flowrun new park`; every setting a park can change, with its",
            "-- default, is in parks/defaults.lua (README, \"Adding a park\"). After a change, run",
            "--   flowrun check --park \(s.code)",
            "-- The type below gives completion and checks in an editor with LuaLS (README, \"Editor support\").",
            "--- @type flowrun.ParkFile",
            "local park = {",
            "  name = \(LuaText.literal(plan.name)),",
        ]
        if let state = plan.state {
            lines.append("  state = \(LuaText.literal(state)),")
        } else {
            lines.append("  -- state = \"California\",")
        }
        if let timezone = plan.timezone {
            lines.append("  timezone = \(LuaText.literal(timezone)),   -- IANA zone for ctx.time" + (plan.timezoneNote.map { "; \($0)" } ?? ""))
        } else {
            lines.append("  -- timezone = \"America/Denver\",   -- IANA zone for ctx.time; parks/defaults.lua's is \"America/Los_Angeles\"")
        }
        lines.append(
            a.description.map { "  description = \(LuaText.literal($0))," }
                ?? "  -- description = \"What the park is, in a few sentences: home shows it under the greeting.\",")
        lines.append(a.website.map { "  website = \(LuaText.literal($0))," } ?? "  -- website = \"https://www.nps.gov/\(lower)/index.htm\",")
        lines.append(a.phone.map { "  phone = \(LuaText.literal($0))," } ?? "  -- phone = \"+1 555-555-0100\",")
        lines += [
            "  center = { lat = \(LuaText.degrees(plan.center.latitude)), lon = \(LuaText.degrees(plan.center.longitude)) },"
                + (plan.centerNote.map { "   -- \($0)" } ?? "")
        ]
        if let zoom = plan.zoom {
            lines.append("  zoom = \(zoom)," + (plan.zoomNote.map { "   -- \($0)" } ?? ""))
        } else {
            lines.append("  -- zoom = 10,   -- map zoom that shows the park (0-22)")
        }
        lines += [
            "  -- theme = { primary = \"#2E5E4E\", accent = \"#E0A526\" },   -- colours as \"#RRGGBB\"",
            "",
        ]
        lines += onboardingLines(plan.name)
        lines += [
            "",
            "  -- home = { highlight_categories = { \"visitor_center\", \"viewpoint\" } },",
            "",
            "  sites = {",
        ]
        if !unnamed.isEmpty {
            lines += [
                "    -- Categories of sites.geojson that parks/defaults.lua does not name, guessed from",
                "    -- their ids: check the wording ({ hidden = true } keeps a category from visitors).",
                "    categories = {",
            ]
            for category in unnamed {
                lines.append("      \(CategoryNames.entry(category)),")
            }
            lines.append("    },")
        }
        lines += [
            "    -- hidden = { \"site-id\" },                     -- sites visitors never see",
            "    -- names = { [\"site-id\"] = \"Name visitors read\" },   -- where the data's name is wrong",
            "  },",
            "}",
            "",
            "return park",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
