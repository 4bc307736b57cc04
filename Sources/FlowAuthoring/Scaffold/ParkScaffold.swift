import Formats
public import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import GeoKit
import ScreenModel

/// `flowrun new park`: a park folder that loads and passes `flowrun check` and its first
/// scenario, from a code and the park's boundary and points files wherever they are (a file
/// of many parks gives the park its share, ``ParkPoints``), or a name and a center. What the
/// boundary's attributes say (name, state, phone, website, description, ``ParkAttributes``)
/// and where the park is (its time zone, ``ParkTimeZone``) fill park.lua where the command
/// line says nothing. Every input is checked before anything
/// is written, and the folder is built under a hidden name in `parks/` and renamed into
/// place last, so a failure leaves nothing behind. A folder `parks/<CODE>/` that is there
/// without a park.lua (its data put there first) is made a park where it is: its files stay
/// as they are, and one that would be replaced by different bytes refuses the command.
public struct ParkScaffold: Sendable {
    var code: String
    var name: String?
    var state: String?
    var timezone: String?
    var center: Coordinate?
    /// Paths as given (relative to the current directory, not the root).
    var boundaryFile: String?
    var sitesFile: String?
    /// What becomes of points outside the boundary.
    var outside: OutsidePoints

    /// A scaffold of the park `code` named `name`; each input is checked when it is written.
    /// File paths are as given on the command line: relative to the current folder, not the root.
    /// - Parameters:
    ///   - code: the park's code, 4 capital letters (`ZION`).
    ///   - name: the park's name for visitors; nil takes the boundary's (`UNIT_NAME`).
    ///   - state: the state or region park.lua names; nil takes the boundary's (`STATE`,
    ///     postal codes written out), else leaves it as a comment.
    ///   - timezone: an IANA zone, checked against where the park is; nil derives it from
    ///     the state and the center, else keeps parks/defaults.lua's.
    ///   - center: the park's center; nil derives it from the boundary, else the sites.
    ///   - boundaryFile: a GeoJSON file of the boundary, copied in as `boundary.geojson`.
    ///   - sitesFile: a GeoJSON file of the sites, copied in as `sites.geojson`.
    ///   - outside: whether points outside the boundary are left out (said in a note) or kept.
    public init(
        code: String, name: String? = nil, state: String? = nil, timezone: String? = nil, center: Coordinate? = nil, boundaryFile: String? = nil,
        sitesFile: String? = nil, outside: OutsidePoints = .drop
    ) {
        self.outside = outside
        self.code = code
        self.name = name
        self.state = state
        self.timezone = timezone
        self.center = center
        self.boundaryFile = boundaryFile
        self.sitesFile = sitesFile
    }

    /// The screen the derived zoom fits the park on (defaults.lua's `map.size`).
    static let screen = (width: 390.0, height: 844.0)

    /// What was read and derived from the inputs, before anything is written.
    struct Plan {
        var boundary: (data: Data, shape: Boundary)?
        var sites: (data: Data, catalog: SiteCatalog)?
        var center: Coordinate
        var centerNote: String?
        var zoom: Int?
        var zoomNote: String?
        var name = ""
        var state: String?
        var timezone: String?
        var timezoneNote: String?
        /// From the boundary's attributes.
        var attributes = ParkAttributes([:])
        /// What the author should know (points left out, a zone not derived).
        var notes: [String] = []
        /// Points of the sites file left out for lying outside the boundary.
        var sitesLeftOut = 0
    }

    /// What `write(root:)` did: the files written (relative to the root) and what the author should know.
    public struct Written: Sendable {
        public var files: [String]
        public var notes: [String]
    }

    /// Checks the inputs, writes `parks/<code>/`, and returns the files written (relative to the root).
    /// - Throws: ``FlowError/badArgument(name:message:)`` for a wrong input (named by its
    ///   option), ``FlowError/badContent(file:message:)`` when the park exists or cannot be
    ///   written, ``FlowError/invalidContent(_:)`` for a boundary or sites file that does
    ///   not read, and what loading the written park.lua throws; nothing is left behind then.
    public func write(root: ProjectRoot) throws -> Written {
        let adopting = try Self.checkCode(code, root: root)
        if let name, let problem = LuaText.oneLineProblem(name) { throw FlowError.badArgument(name: "--name", message: problem) }
        if let state, let problem = LuaText.oneLineProblem(state) { throw FlowError.badArgument(name: "--state", message: problem) }
        if let timezone, ZoneRules(identifier: timezone) == nil {
            let hint =
                Excerpt.suggestion(for: timezone, in: ZoneRules.knownIdentifiers()).map { "; did you mean '\($0)'?" }
                ?? " (an IANA zone such as 'America/Denver')"
            throw FlowError.badArgument(name: "--timezone", message: "unknown time zone \(Excerpt.quoted(timezone))\(hint)")
        }
        let plan = try makePlan()
        let target = "parks/\(code)"
        let staged = [("boundary.geojson", plan.boundary?.data), ("sites.geojson", plan.sites?.data)]
        // In a folder being made a park, a data file there already stays: the same bytes are
        // not written again, other bytes are not written over.
        var kept: Set<String> = []
        if adopting {
            for case let (file, data?) in staged where root.exists("\(target)/\(file)") {
                guard (try? root.bytes("\(target)/\(file)")) == Array(data) else {
                    let option = file == "boundary.geojson" ? "--boundary" : "--sites"
                    if file == "sites.geojson", plan.sitesLeftOut > 0 {
                        throw FlowError.badContent(
                            file: "\(target)/\(file)",
                            message:
                                "\(plan.sitesLeftOut) of its points lie outside the park's boundary, and flowrun new never rewrites a file: "
                                + "give --outside keep to keep them, or take them out of the file")
                    }
                    throw FlowError.badContent(
                        file: "\(target)/\(file)",
                        message:
                            "is already there and is not \(option)'s file; flowrun new never overwrites (give \(option) \(target)/\(file), or move one away)")
                }
                kept.insert(file)
            }
        }

        let staging = ".new-\(code)-\(UUID().uuidString)"  // hidden: ParkCatalog never lists it
        let stagingURL = root.url("parks/\(staging)")
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: stagingURL, withIntermediateDirectories: false)
        } catch {
            throw FlowError.badContent(file: "parks", message: "cannot create a folder here: \(SystemErrorText.reason(error))")
        }
        defer { try? manager.removeItem(at: stagingURL) }  // gone once renamed; left only on failure
        var written = ["\(target)/park.lua"]
        do {
            // Staged whole (kept files too), so the park loads below as it will be.
            for case let (file, data?) in staged {
                try data.write(to: stagingURL.appendingPathComponent(file))
                if !kept.contains(file) { written.append("\(target)/\(file)") }
            }
            // Categories defaults.lua names, and the theme, are known only once park.lua loads
            // over it: a first park.lua, then the final one naming what is missing and showing
            // the onboarding layers drawn in the theme.
            let parkFile = stagingURL.appendingPathComponent("park.lua")
            try Data(ParkTemplate(scaffold: self, plan: plan, unnamed: []).text.utf8).write(to: parkFile)
            let first = try ParkConfig.load(code: staging, root: root)
            let counts = Dictionary((plan.sites?.catalog.sites ?? []).map { ($0.category, 1) }, uniquingKeysWith: +)
            let unnamed = counts.keys.sorted().filter { first.settings.sites.categories[$0]?.name == nil }
            // Pictures only where the folder has none: an author's own are never replaced.
            var palette: ArtPalette?
            if !root.exists("\(target)/assets") {
                let drawn = ArtPalette(theme: first.settings.theme)
                let layers = ArtLayers(
                    scene: ArtScene(park: first, boundary: plan.boundary?.shape, sites: plan.sites?.catalog.sites ?? [], code: code), palette: drawn)
                let folder = stagingURL.appendingPathComponent("assets/onboarding")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, svg) in layers.files() {
                    try Data(svg.utf8).write(to: folder.appendingPathComponent(name))
                    written.append("\(target)/assets/onboarding/\(name)")
                }
                palette = drawn
            }
            if !unnamed.isEmpty || palette != nil {
                try Data(ParkTemplate(scaffold: self, plan: plan, unnamed: unnamed, onboarding: palette).text.utf8).write(to: parkFile)
                _ = try ParkConfig.load(code: staging, root: root)
            }
            // A first scenario, where the folder has none: `flowrun test` has something to run.
            let scenario = !root.exists("\(target)/tests")
            if scenario {
                let folder = stagingURL.appendingPathComponent("tests")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(ParkTemplate.scenario(name: plan.name, code: code, timezone: first.timezone).utf8).write(to: folder.appendingPathComponent("home.lua"))
                written.append("\(target)/tests/home.lua")
            }
            if adopting {
                // Data and pictures first, park.lua last: until it is there the folder is not a park.
                for file in written.map({ String($0.dropFirst(target.count + 1)) })
                where file != "park.lua" && !file.hasPrefix("assets/") && !file.hasPrefix("tests/") {
                    try manager.moveItem(at: stagingURL.appendingPathComponent(file), to: root.url("\(target)/\(file)"))
                }
                if palette != nil { try manager.moveItem(at: stagingURL.appendingPathComponent("assets"), to: root.url("\(target)/assets")) }
                if scenario { try manager.moveItem(at: stagingURL.appendingPathComponent("tests"), to: root.url("\(target)/tests")) }
                try manager.moveItem(at: stagingURL.appendingPathComponent("park.lua"), to: root.url("\(target)/park.lua"))
            } else {
                try manager.moveItem(at: stagingURL, to: root.url(target))
            }
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError.badContent(file: "parks/\(code)", message: "could not be written: \(SystemErrorText.reason(error))")
        }
        return Written(files: written, notes: plan.notes)
    }

    /// Four capital letters, as NPS unit codes are, and no park (in any case) by that code yet.
    /// - Returns: whether `parks/<code>/` is there without a park.lua, to be made a park where it is.
    static func checkCode(_ code: String, root: ProjectRoot) throws(FlowError) -> Bool {
        guard code.utf8.count == 4, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            let upper = code.uppercased()
            let hint =
                upper != code && upper.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) && upper.utf8.count == 4
                ? "; did you mean '\(upper)'?" : ""
            throw .badArgument(
                name: "CODE", message: "\(Excerpt.quoted(code)) is not a park code: use 4 capital letters A-Z, as NPS unit codes are (YOSE, GOGA)\(hint)")
        }
        let existing = FolderEntries.names(root.filePath("parks")) ?? []
        guard let taken = existing.first(where: { $0.lowercased() == code.lowercased() }) else { return false }
        if taken == code, FolderEntries.kind(root.filePath("parks/\(code)")) == .folder, !root.exists("parks/\(code)/park.lua") { return true }
        throw .badContent(file: "parks/\(taken)", message: "already exists; flowrun new never overwrites (choose another code or remove the folder)")
    }

    /// Reads and checks the boundary and points, takes the park's share of each, and derives
    /// the center, zoom, name, state and time zone from them.
    func makePlan() throws -> Plan {
        var boundary: (Data, Boundary)?
        var attributes = ParkAttributes([:])
        if let path = boundaryFile {
            let data = try Self.read(path, option: "--boundary")
            let features: [BoundaryFeature]
            do { features = try BoundaryFeature.read(geoJSON: data, displayPath: path) } catch { throw FlowError.invalidContent(error.description) }
            let feature = try Self.parkFeature(features, code: code, path: path)
            // One feature: the file as it is; the park's feature of many: that feature alone.
            boundary = (features.count == 1 ? data : Data(feature.geoJSON.utf8), feature.boundary)
            attributes = ParkAttributes(feature.properties)
        }
        var sites: (Data, SiteCatalog)?
        var notes: [String] = []
        var leftOut = 0
        if let path = sitesFile {
            let data = try Self.read(path, option: "--sites")
            let points = try ParkPoints(bytes: Array(data), path: path, code: code, boundary: boundary?.1, outside: outside)
            notes += points.notes
            leftOut = outside == .drop ? points.outsideCount : 0
            do { sites = (Data(points.geoJSON), try SiteCatalog(geoJSON: points.geoJSON, displayPath: path)) } catch {
                throw FlowError.invalidContent(error.description)
            }
        }
        let siteBox = sites.flatMap { BoundingBox(containing: $0.1.sites.map { (site: Site) in site.coordinate }) }
        let chosen: (Coordinate, String?)
        if let center {
            chosen = (center, nil)
        } else if let boundary {
            chosen = (boundary.1.centroid, "the centroid of boundary.geojson's largest ring")
        } else if let siteBox {
            chosen = (siteBox.center, "the middle of the sites in sites.geojson")
        } else {
            let why = sites == nil ? "" : " (\(sitesFile ?? "the sites file") has no sites)"
            throw FlowError.badArgument(
                name: "--center", message: "a park needs a center: give --center LAT,LON, or --boundary or --sites to derive it from\(why)")
        }
        // The zoom at which the boundary (else the sites) fits the screen; one site alone has no extent.
        var zoom: Int?, zoomNote: String?
        if let box = boundary?.1.boundingBox ?? siteBox, box.east > box.west || box.north > box.south {
            let fit = WebMercator.fit(box, width: Self.screen.width, height: Self.screen.height)
            zoom = max(0, min(16, Int(fit.zoom.rounded(FloatingPointRoundingRule.down))))
            zoomNote = "where \(boundary != nil ? "boundary.geojson fits" : "the sites fit") a \(Int(Self.screen.width))x\(Int(Self.screen.height)) screen"
        }
        var plan = Plan(boundary: boundary, sites: sites, center: chosen.0, centerNote: chosen.1, zoom: zoom, zoomNote: zoomNote)
        plan.sitesLeftOut = leftOut
        plan.attributes = attributes
        plan.notes = notes
        guard let name = name ?? attributes.name else {
            throw FlowError.badArgument(
                name: "--name", message: "the park needs a name: give --name \"...\", or a --boundary whose feature has one (UNIT_NAME or name)")
        }
        plan.name = name
        let writtenState = state ?? attributes.state
        let codes = writtenState.flatMap(USStates.codes(in:))
        plan.state = codes.map { $0.compactMap { USStates.names[$0] }.joined(separator: ", ") } ?? writtenState
        try planTimeZone(&plan, states: codes ?? [])
        return plan
    }

    /// The zone the park's state and center give, checked against `--timezone` when given.
    private func planTimeZone(_ plan: inout Plan, states: [String]) throws(FlowError) {
        let derived = states.first.flatMap { ParkTimeZone.zone(state: $0, at: plan.center) }
        if let timezone {
            if let derived, !ParkTimeZone.sameClock(timezone, derived) {
                throw .badArgument(
                    name: "--timezone",
                    message:
                        "\(Excerpt.quoted(timezone)) is not the clock where \(code) is (\(plan.state ?? states[0]) at \(LuaText.degrees(plan.center.latitude)),\(LuaText.degrees(plan.center.longitude)) keeps \(derived)'s); give --timezone \(derived), or leave it out"
                )
            }
            plan.timezone = timezone
        } else if let derived {
            plan.timezone = derived
            plan.timezoneNote = "where the park is: \(plan.state ?? states[0])"
        } else {
            plan.notes.append(
                "no time zone derived (the park's state is not known here): park.lua keeps parks/defaults.lua's; set timezone there, or give --timezone")
        }
    }

    /// The feature of `features` that is park `code`'s: the only one, or of many the one whose
    /// code property (`UNIT_CODE`) is `code`.
    static func parkFeature(_ features: [BoundaryFeature], code: String, path: String) throws(FlowError) -> BoundaryFeature {
        let codes = features.map { ParkAttributes($0.properties).code }
        // A file of one park's boundary is that park's, whatever code it carries (a copy of
        // another park's data, say).
        if features.count == 1, let only = features.first { return only }
        if let index = codes.firstIndex(where: { $0 == code }) { return features[index] }
        let known = codes.compactMap { $0 }
        guard !known.isEmpty else {
            throw .badArgument(
                name: "--boundary",
                message:
                    "\(Excerpt.quoted(path)) has \(features.count) features and none says which park it is (a UNIT_CODE or park_code property); give a file of \(code)'s boundary alone"
            )
        }
        let hint = Excerpt.suggestion(for: code, in: known).map { "; did you mean \($0)?" } ?? ""
        throw .badArgument(
            name: "--boundary", message: "\(Excerpt.quoted(path)) has no feature of \(code) (its \(known.count) parks: \(Excerpt.list(known.sorted())))\(hint)")
    }

    /// The bytes of a file given on the command line, or a usage error naming it.
    static func read(_ path: String, option: String) throws(FlowError) -> Data {
        switch FileReader.contents(atPath: path, limit: FileReader.defaultLimit, links: .follow) {
        case .success(let bytes): return Data(bytes)
        case .failure(.system(ENOENT)): throw .badArgument(name: option, message: "\(Excerpt.quoted(path)): file not found")
        case .failure(let refusal): throw .badArgument(name: option, message: "\(Excerpt.quoted(path)): \(refusal.message)")
        }
    }
}
