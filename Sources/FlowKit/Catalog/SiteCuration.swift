import Formats
public import GeoKit
import ScreenModel

/// What a park does to its site data before a visitor sees it (`sites` in park.lua): hides
/// categories and sites, renames sites, and reads names written in capitals in title case.
/// Applied where sites are loaded, so lists, the map, AR and geofence alerts agree. It also
/// checks that the properties `sites.ranking` weighs are numbers wherever a site has them.
public struct SiteCuration: Sendable {
    let hiddenCategories: Set<String>
    let hiddenSites: [String]
    let names: [String: String]
    let titleCase: Bool
    let acronyms: Set<String>
    /// Properties `sites.ranking` weighs besides `rating` and `fee` (GeoKit checks those two).
    let rankedProperties: [String]

    /// A site's fields that are not among its `properties`, so no ranking can weigh them.
    static let fixedFields: Set<String> = ["id", "name", "category", "description", "lat", "lon", "properties"]

    /// Everything the curation does, as text: a site table made under another curation is
    /// not this one's (``ParkContent`` keys kept tables by it).
    var fingerprint: String {
        let parts: [String] = [
            hiddenCategories.sorted().joined(separator: "\u{1}"), hiddenSites.joined(separator: "\u{1}"),
            names.sorted { $0.key < $1.key }.map { "\($0.key)\u{2}\($0.value)" }.joined(separator: "\u{1}"),
            titleCase ? "title" : "", acronyms.sorted().joined(separator: "\u{1}"), rankedProperties.joined(separator: "\u{1}"),
        ]
        return parts.joined(separator: "\u{0}")
    }

    /// Curation that changes nothing.
    public static let none = SiteCuration(hiddenCategories: [], hiddenSites: [], names: [:], titleCase: false, acronyms: [])

    init(
        hiddenCategories: Set<String>, hiddenSites: [String], names: [String: String], titleCase: Bool, acronyms: Set<String>,
        rankedProperties: [String] = []
    ) {
        self.hiddenCategories = hiddenCategories
        self.hiddenSites = hiddenSites
        self.names = names
        self.titleCase = titleCase
        self.acronyms = acronyms
        self.rankedProperties = rankedProperties
    }

    /// The curation a park's settings ask for.
    public init(_ sites: ParkSettings.Sites) {
        self.init(
            hiddenCategories: Set(sites.categories.filter { $0.value.hidden == true }.keys),
            hiddenSites: sites.hidden, names: sites.names, titleCase: sites.title_case,
            acronyms: Set(sites.acronyms.map { $0.uppercased() }),
            rankedProperties: sites.ranking.filter { $0.value.weight != 0 }.keys.filter { !["rating", "fee"].contains($0) }.sorted())
    }

    /// The sites a visitor sees, in the data's order.
    /// - Parameters:
    ///   - sites: the sites as the data file has them.
    ///   - places: where the settings are written, for messages (`parks/GOGA/park.lua:52`).
    ///   - dataFile: the data file, for messages.
    /// - Throws: ``FlowError/badContent(file:message:)`` for every id or hidden category the
    ///   data does not have: a typo would otherwise leave the site showing, silently;
    ///   ``FlowError/invalidContent(_:)`` naming the feature whose weighed property is not a number.
    package func apply(to sites: [Site], places: inout SettingPlaces, dataFile: String) throws(FlowError) -> [Site] {
        try checkRanked(sites, file: places.parkFile, dataFile: dataFile)
        if hiddenCategories.isEmpty && hiddenSites.isEmpty && names.isEmpty && !titleCase { return sites }
        let ids = Set(sites.map(\.id))
        var problems: [FlowError] = []
        func missing(_ id: String, at path: String) {
            let hint = Excerpt.suggestion(for: id, in: ids).map { "; did you mean '\($0)'?" } ?? ""
            problems.append(.badContent(file: places.place(of: path), message: "\(path): no site \(Excerpt.quoted(id)) in \(dataFile)\(hint)"))
        }
        for (i, id) in hiddenSites.enumerated() where !ids.contains(id) { missing(id, at: "sites.hidden[\(i + 1)]") }
        for id in names.keys.sorted() where !ids.contains(id) { missing(id, at: "sites.names.\(id)") }
        let categories = Set(sites.map(\.category))
        for category in hiddenCategories.sorted() where !categories.contains(category) {
            let hint = Excerpt.suggestion(for: category, in: categories).map { "; did you mean '\($0)'?" } ?? ""
            let path = "sites.categories.\(category).hidden"
            problems.append(
                .badContent(file: places.place(of: path), message: "\(path): no site of category \(Excerpt.quoted(category)) in \(dataFile)\(hint)"))
        }
        if !problems.isEmpty { throw FlowError.combining(problems) }
        let hidden = Set(hiddenSites)
        return sites.compactMap { site in
            guard !hidden.contains(site.id), !hiddenCategories.contains(site.category) else { return nil }
            let name = names[site.id] ?? (titleCase ? TitleCase.apply(to: site.name, acronyms: acronyms) : site.name)
            guard name != site.name else { return site }
            return Site(
                id: site.id, name: name, category: site.category, description: site.description,
                coordinate: site.coordinate, properties: site.properties)
        }
    }

    /// Every weighed property is a number (or null) wherever a site has it: a string would
    /// otherwise drop out of the ranking silently.
    private func checkRanked(_ sites: [Site], file: String, dataFile: String) throws(FlowError) {
        guard !rankedProperties.isEmpty else { return }
        for (i, site) in sites.enumerated() {
            for name in rankedProperties {
                switch site.properties[name] {
                case nil, .null?, .number?: continue
                case let value?:
                    throw .invalidContent(
                        "\(dataFile): feature \(i + 1) ('\(site.name)'): \(name) must be a number "
                            + "(sites.ranking.\(name) in \(file) or parks/defaults.lua weighs it), got \(Excerpt.text(value.description))")
                }
            }
        }
    }
}
