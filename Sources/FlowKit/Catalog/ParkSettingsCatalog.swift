package import GeoKit

/// Every setting a park.lua may set, for the people who write one: the keys and types are
/// read off ``ParkSettings``' own decoding (``SettingShape``), each default off
/// `parks/defaults.lua`, and what each means is ``docs``. `meta/park.gen.lua` and the tables
/// of the park.lua reference (docs/authoring/park-settings.md) are made from the three, and a
/// test fails when a setting has no entry in ``docs`` or an entry names no setting.
package enum ParkSettingsCatalog {
    /// The shape of a park's settings, as ``ParkConfig`` decodes them.
    /// - Throws: only if ``ParkSettings`` gains a field of a type Lua cannot write.
    package static func shape() throws -> SettingShape { try SettingShape.of(ParkSettings.self) }

    /// What a table of settings or one setting means, keyed by the table's Swift type name
    /// (`Theme`; `ParkSettings` for the whole) and by `Type.field` (`Theme.accent`). Written
    /// for Lua authors, one description per setting with its range and unit, in US spelling;
    /// a default or "required" is added from parks/defaults.lua.
    package static let docs: [String: String] = [
        "ParkSettings": "A park's settings: parks/defaults.lua deep-merged with parks/<CODE>/park.lua.",
        "ParkSettings.name": "The park's name for people; not empty.",
        "ParkSettings.state": "The state or region the park is in.",
        "ParkSettings.timezone": "IANA time zone of `ctx.time`, `os.date` and every time a screen shows (`\"America/Denver\"`).",
        "ParkSettings.description": "A short description; the home screen shows it under the greeting.",
        "ParkSettings.website": "The park's website; the home screen links it.",
        "ParkSettings.phone": "The park's phone number; the home screen offers a call.",
        "ParkSettings.address": "The park's address, one string or a list of lines (at most 6, each up to 120 characters); "
            + "home's directions to the park carry it.",
        "ParkSettings.center": "Where the map centers by default, and where distances to the park are measured from.",
        "ParkSettings.zoom": "Map zoom that shows the park, 0-22.",
        "ParkSettings.theme": "The park's colors; every screen carries them for the app to paint it with.",
        "ParkSettings.onboarding": "The onboarding flow's pages.",
        "ParkSettings.home": "What the home screen shows, in what order.",
        "ParkSettings.flows": "Flows switched on (`true`) or off (`false`) for the park, by name; a flow not listed is on.",
        "ParkSettings.budgets": "What the park asks of the script budgets (the host's limits may lower it, never raise it).",
        "ParkSettings.sites": "How sites are listed, grouped, named, hidden and ranked.",
        "ParkSettings.map": "The map's default size and clustering.",
        "ParkSettings.geofence": "Geofence monitoring: regions, timing and callouts.",
        "ParkSettings.ar": "The AR view's defaults.",
        "ParkSettings.location": "When a fix counts as found and how long the search lasts: what flows read as `ctx.location`.",
        "ParkSettings.emergency": "What the emergency flow calls and lists: park dispatch's number, the nearest ways out and help.",
        "ParkSettings.language": "The language screens speak unless the device asks for another (`--locale`), and the park's own strings.",

        "Language": "The words of the park's screens (docs/authoring/languages.md).",
        "Language.default": "The language a screen speaks by default, and whose strings fill in a key another language lacks (`\"en\"`).",
        "Language.strings": "The park's own strings by language and key, over the default tables of flows/strings/ "
            + "(`{ es = { [\"home.welcome\"] = \"¡Bienvenidos!\" } }`); a new language needs every key.",

        "Center": "A latitude and longitude in degrees.",
        "Center.lat": "Latitude, degrees north, in [-90, 90].",
        "Center.lon": "Longitude, degrees east, in [-180, 180].",

        "Theme": "Colors as `\"#RRGGBB\"`.",
        "Theme.primary": "The park's main color.",
        "Theme.accent": "The color for what should stand out.",
        "Theme.background": "The background color.",

        "Onboarding": "The onboarding flow's content.",
        "Onboarding.pages": "The pages in order; with none, the onboarding flow shows one welcome page.",
        "Onboarding.art": "Which site categories `flowrun art` draws as what in the onboarding pictures.",
        "Art": "The site categories the onboarding pictures are drawn from (`flowrun art`).",
        "Art.relief": "Categories that stand up from the land: their sites become the skylines' summits.",
        "Art.water": "Categories of open water: with any site of one, the foreground is a lake or bay.",
        "Art.geyser": "Categories drawn as plumes on the foreground (the nearest 7 in view).",
        "Art.lighthouse": "Categories drawn as towers on the foreground (the nearest 2 in view).",
        "Page": "One onboarding page.",
        "Page.title": "The page's title.",
        "Page.body": "The page's text.",
        "Page.background": "The parallax pictures behind the text, back to front.",
        "Layer": "One parallax layer of an onboarding page.",
        "Layer.image": "The picture: a path inside the park's `assets/` folder (`onboarding/sky.svg`) or a full `https://` URL; `flowrun check` verifies it.",
        "Layer.position": "Where the picture's center sits on the page.",
        "Layer.depth": "Parallax, in [0, 1]: 0 stays fixed (far away), 1 moves with the finger.",
        "Layer.placeholder": "A `\"#RRGGBB\"` color shown while the picture loads.",
        "Position": "A point on the page in unit coordinates: (0, 0) top left, (1, 1) bottom right.",
        "Position.x": "From the left edge (0) to the right edge (1).",
        "Position.y": "From the top edge (0) to the bottom edge (1).",

        "Home": "What the home screen shows, in what order.",
        "Home.sections": "The sections in order; the home flow builds each by name and names one it cannot build.",
        "Home.highlights": "How many sites the highlights carousel shows.",
        "Home.highlight_categories": "The categories the highlights come from, most wanted first.",
        "Home.links": "Extra links to other flows; a link to a flow no file registers is an error.",
        "Link": "A link on the home screen to another flow.",
        "Link.label": "The link's text.",
        "Link.flow": "The flow it opens.",
        "Link.args": "The flow's `ctx.args`, if any.",

        "Budgets": "Instructions and memory a park's flows may use.",
        "Budgets.instructions": "Instructions one flow run may execute, 1 to 1,000,000,000.",
        "Budgets.memory_mb": "Memory cap of the park's Lua state in MiB, 1 to 1024.",

        "Sites": "How sites are listed, grouped, named, hidden and ranked.",
        "Sites.nearby_limit": "Sites listed per collection, and when ranked by the visitor's position (`--at`).",
        "Sites.collections": "Groups of sites by category; a category in none of them lands in \"More places\".",
        "Sites.categories": "How each category reads on screens, or that visitors never see it, by category id; "
            + "a park adds or overrides entries.",
        "Sites.hidden": "Ids of sites visitors never see (staff housing, utilities, duplicates).",
        "Sites.names": "The name visitors see for a site, by site id, where the data's is wrong.",
        "Sites.title_case": "Whether names written in capitals only read in title case (\"FORT MASON\" as \"Fort Mason\").",
        "Sites.acronyms": "Words title case keeps in capitals (`\"NRA\"`).",
        "Sites.ranking": "How `lib.scoring` ranks sites from the visitor's position, by numeric site property (`rating`, "
            + "`fee` or any number in sites.geojson): a site's score is its distance in meters plus `weight × (value − neutral)` "
            + "for each property it has; the lowest comes first. A park changes a weight, adds a property, or sets `weight = 0`.",
        "RankingWeight": "What one numeric site property adds to a site's distance when sites are ranked.",
        "RankingWeight.weight": "Meters added per unit above `neutral`; negative ranks the site nearer.",
        "RankingWeight.neutral": "The value that adds nothing (a site without the property adds nothing either).",
        "Category": "How one category reads: `{ name = \"Bench\", plural = \"Benches\" }`, or `{ hidden = true }`.",
        "Category.name": "One site's category, as a subtitle (\"Picnic area\").",
        "Category.plural": "A list of them, as a title (\"Picnic areas\").",
        "Category.hidden": "Whether visitors never see sites of this category (lists, map, AR, alerts).",
        "Collection": "A group of sites by category.",
        "Collection.id": "The collection's id, unique in the park.",
        "Collection.title": "Its title for people.",
        "Collection.categories": "The site categories it holds.",

        "Map": "The map's default size and clustering.",
        "Map.size": "Screen points as `\"WIDTHxHEIGHT\"`, when a request gives no `--size`.",
        "Map.cluster": "How the map clusters its sites (supercluster's options).",
        "Cluster": "Cluster index options.",
        "Cluster.radius": "Cluster radius, pixels.",
        "Cluster.extent": "Tile extent the radius is relative to, pixels.",
        "Cluster.min_zoom": "The lowest zoom that clusters; a query at a lower zoom is answered at it.",
        "Cluster.max_zoom": "The highest zoom that clusters, at most 30; above it every site shows as a pin.",
        "Cluster.min_points": "The fewest points that form a cluster.",
        "Cluster.node_size": "supercluster's KD-tree leaf size, accepted for parity; it has no effect (the index uses grids).",

        "Geofence": "Geofence monitoring: regions, timing and callouts.",
        "Geofence.radius": "Meters around a site without its own `geofence_radius` property.",
        "Geofence.cap": "Regions monitored at once, the park's boundary included (iOS allows 20).",
        "Geofence.refresh_distance": "Meters moved before the monitored regions are chosen again.",
        "Geofence.hysteresis": "Meters nearer a newcomer must be to take a monitored region's slot.",
        "Geofence.enter_delay": "Seconds inside, from the first fix inside, before an enter.",
        "Geofence.exit_delay": "Seconds outside before an exit.",
        "Geofence.enter_margin": "Meters inside the edge a fix must be to count toward an enter.",
        "Geofence.exit_margin": "Meters outside the edge a fix must be to count toward an exit (GPS jitter).",
        "Geofence.dwell_delay": "Seconds after an enter before a dwell.",
        "Geofence.report_missed": "Whether to report, too, the enters a phone's cap would have missed.",
        "Geofence.callout_interval": "Seconds between any two callouts.",
        "Geofence.site_callout_interval": "Seconds between two callouts for the same site.",
        "Geofence.callouts": "What the callouts say; `%s` is the site's (or the park's) name.",
        "Callouts": "Callout texts; `%s` is the site's (or the park's) name.",
        "Callouts.park_enter": "On entering the park.",
        "Callouts.park_exit": "On leaving the park.",
        "Callouts.enter": "On entering a site's region.",
        "Callouts.dwell": "On staying at a site.",

        "AR": "The AR view's defaults.",
        "AR.max_distance": "Meters: sites farther away are not shown.",
        "AR.fov": "Horizontal field of view in degrees when the request gives none.",
        "AR.size": "Screen points as `\"WIDTHxHEIGHT\"`, when a request gives no `--size`.",
        "AR.limit": "Most pins shown, nearest first.",

        "Location": "When a fix counts as found and how long the search lasts (`ctx.location`).",
        "Location.accuracy": "Meters: a fix whose horizontal accuracy is at most this is found; a worse one leaves the search going.",
        "Location.max_age": "Seconds: a found fix this old no longer says where the visitor is, and the search starts again.",
        "Location.searching_longer_after": "Seconds without a good fix before the state is `searching_longer`.",
        "Location.timeout": "Seconds without a good fix, from the search's start, before the state is `error` with reason `timed_out`.",

        "Emergency": "What the emergency flow calls and lists.",
        "Emergency.phone": "The number \"Call for help\" dials: 911, or the park's own dispatch number; 7 to 15 digits, or 3 digits alone.",
        "Emergency.categories": "The site categories listed with directions, nearest first: ways out (`entrance`), `trailhead`, "
            + "ranger stations and help (`visitor_center`).",
        "Emergency.limit": "Places listed per category when the visitor's position is known (all of them, by name, when it is not); at least 1.",
    ]

    /// Lists of words whose vocabulary belongs to content (the flows that read them), by
    /// `Type.field`: the stubs offer the words parks/defaults.lua uses there for completion,
    /// and accept any other, since a park's own flow may know more.
    package static let suggestedFromDefaults: Set<String> = ["Home.sections"]
}

/// An address is written as one string or a list of lines, checked as it decodes.
extension ParkSettings.AddressSetting: SettingScalar {
    package static var settingShape: SettingShape { .either([.string, .list(.string)]) }
    package static var placeholder: Self { Self(lines: ["-"]) }
}

/// A size is written `"390x844"`: a string whose decoding checks it.
extension ParkSettings.SizeSetting: SettingScalar {
    package static var settingShape: SettingShape { .string }
    package static var placeholder: Self { Self(ScreenSize(width: 390, height: 844)) }
    package init(_ value: ScreenSize) { self.value = value }
}
