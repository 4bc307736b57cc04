import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#endif

/// A park's exhibits, read from `parks/<CODE>/exhibits.geojson`: a FeatureCollection of
/// Points, one per exhibit, in file order.
///
/// Rules, each broken one an error naming the file, the feature (counted from 1) and the
/// field: `properties.id`, `title`, `text` and `building` are non-empty strings, the id
/// unique; `picture` is a string when present, and then `picture_alt` too (what it shows,
/// for screen readers; `""` when it only decorates); `floor` is an integer in -5...200 (default
/// 0); `beacons` is a non-empty array of `{type = "ibeacon", uuid, major, minor}` or
/// `{type = "eddystone", namespace, instance}` with optional `measured_power` (dBm at 1 m,
/// -100...0) and `path_loss` (1...6); no beacon is listed twice in the file; with a
/// boundary, every exhibit stands inside it.
public struct ExhibitCatalog: Sendable {
    /// The exhibits in file order.
    public let exhibits: [Exhibit]
    /// Every beacon, exhibit by exhibit: the index scans and trackers use.
    public let beacons: [Exhibit.Beacon]
    /// The exhibit of each beacon in ``beacons``.
    public let exhibitOfBeacon: [Int]
    /// The index in ``beacons`` of each beacon id.
    public let beaconIndex: [BeaconID: Int]

    /// The floors accepted.
    public static let floorRange = -5...200

    /// A catalog of exhibits already checked (tests, generators).
    /// - Parameter exhibits: exhibits whose beacons are distinct.
    /// - Throws: ``GeoError`` for a beacon listed twice.
    public init(_ exhibits: [Exhibit]) throws(GeoError) {
        var beacons: [Exhibit.Beacon] = [], owners: [Int] = [], index: [BeaconID: Int] = [:]
        for (e, exhibit) in exhibits.enumerated() {
            for (b, beacon) in exhibit.beacons.enumerated() {
                if let earlier = index[beacon.id] {
                    throw GeoError(.invalidContent, "duplicate beacon \(beacon.id), first listed by exhibit '\(exhibits[owners[earlier]].id)'")
                        .within("beacons[\(b + 1)]").inFeature(e, label: exhibit.id)
                }
                index[beacon.id] = beacons.count
                beacons.append(beacon)
                owners.append(e)
            }
        }
        self.exhibits = exhibits
        self.beacons = beacons
        exhibitOfBeacon = owners
        beaconIndex = index
    }

    /// Reads an exhibits file.
    /// - Parameters:
    ///   - bytes: UTF-8 GeoJSON text.
    ///   - displayPath: the path errors show (`parks/YELL/exhibits.geojson`).
    ///   - boundary: the park's boundary; every exhibit must be inside it (nil: no check).
    /// - Throws: ``GeoError``: malformed JSON with line and column, or a broken rule as
    ///   `parks/YELL/exhibits.geojson: feature 3 ('geyser-science'): beacons[2]: uuid 'x' is not a UUID ...`.
    public init(geoJSON bytes: some Collection<UInt8>, displayPath: String, boundary: Boundary? = nil) throws(GeoError) {
        let document = try bytes.withContiguousBytes { buffer throws(GeoError) in try GeoJSONReader.read(buffer, file: displayPath) }
        do throws(GeoError) {
            guard document.root == .featureCollection else {
                throw GeoError(.invalidContent, "an exhibits file must be a FeatureCollection")
            }
            var exhibits: [Exhibit] = [], ids: [String: Int] = [:]
            for (i, feature) in document.features.enumerated() {
                let label = feature.properties["id"]?.stringValue
                do throws(GeoError) {
                    let exhibit = try Self.exhibit(feature)
                    if let earlier = ids[exhibit.id] {
                        throw GeoError(.invalidContent, "duplicate id '\(exhibit.id)', first used by feature \(earlier + 1)").within("id")
                    }
                    if let boundary, !boundary.contains(exhibit.coordinate) {
                        throw GeoError(
                            .invalidContent,
                            "position \(GeoError.text(exhibit.coordinate.latitude)),\(GeoError.text(exhibit.coordinate.longitude)) is outside the park's boundary"
                        ).within("geometry")
                    }
                    ids[exhibit.id] = i
                    exhibits.append(exhibit)
                } catch {
                    throw error.inFeature(feature.index ?? i, label: label)
                }
            }
            try self.init(exhibits)
        } catch {
            throw error.inFile(displayPath)
        }
    }

    /// Reads an exhibits file from disk, as ``init(geoJSON:displayPath:boundary:)``.
    public init(contentsOf url: URL, displayPath: String, boundary: Boundary? = nil) throws(GeoError) {
        try self.init(
            geoJSON: try GeoError.lifting { () throws(FormatError) in try FileReader.bytes(of: url, file: displayPath) }, displayPath: displayPath,
            boundary: boundary)
    }

    /// The exhibit with this id, if any.
    public func exhibit(withID id: String) -> Exhibit? { exhibits.first { $0.id == id } }

    /// The exhibits of each building, buildings in order of their first exhibit.
    public var buildings: [(name: String, exhibits: [Exhibit])] {
        var order: [String] = [], groups: [String: [Exhibit]] = [:]
        for exhibit in exhibits {
            if groups[exhibit.building] == nil { order.append(exhibit.building) }
            groups[exhibit.building, default: []].append(exhibit)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    // MARK: - Reading one feature

    private static func exhibit(_ feature: Feature) throws(GeoError) -> Exhibit {
        guard case .point(let position)? = feature.geometry else {
            throw GeoError(.invalidContent, "must be a Point, got \(feature.geometry?.typeName ?? "null")").within("geometry")
        }
        let p = feature.properties
        let id = try text(p["id"], "id")
        let title = try text(p["title"], "title"), body = try text(p["text"], "text"), building = try text(p["building"], "building")
        let floor: Int
        switch p["floor"] {
        case nil, .null?: floor = 0
        case .number(let n)? where n == n.rounded() && floorRange.contains(Int(exactly: n) ?? Int.min): floor = Int(n)
        case let other?:
            throw GeoError(.invalidContent, "must be an integer in [\(floorRange.lowerBound), \(floorRange.upperBound)], got \(other.snippet())").within(
                "floor")
        }
        let picture: String?
        switch p["picture"] {
        case nil, .null?: picture = nil
        case .string(let s)? where !s.isBlank: picture = s
        case let other?: throw GeoError(.invalidContent, "must be a non-empty string, got \(other.snippet())").within("picture")
        }
        // The screen's image needs its text alternative, so the content gives it with the picture.
        let pictureAlt: String?
        switch (p["picture_alt"], picture) {
        case (nil, nil), (.null?, nil): pictureAlt = nil
        case (nil, _?), (.null?, _?):
            throw GeoError(.invalidContent, "missing: a picture needs what it shows for screen readers (\"\" if it only decorates)").within("picture_alt")
        case (.string?, nil): throw GeoError(.invalidContent, "there is no picture to describe").within("picture_alt")
        case (.string(let s)?, _?): pictureAlt = s
        case (let other?, _): throw GeoError(.invalidContent, "must be a string, got \(other.snippet())").within("picture_alt")
        }
        guard case .array(let list)? = p["beacons"], !list.isEmpty else {
            throw GeoError(.invalidContent, p["beacons"] == nil ? "missing: every exhibit needs at least one beacon" : "must be a non-empty array").within(
                "beacons")
        }
        var beacons: [Exhibit.Beacon] = []
        for (i, item) in list.enumerated() {
            do throws(GeoError) { beacons.append(try beacon(item)) } catch { throw error.within("beacons[\(i + 1)]") }
        }
        return Exhibit(
            id: id, title: title, text: body, picture: picture, pictureAlt: pictureAlt, building: building,
            coordinate: position.coordinate, floor: floor, beacons: beacons)
    }

    private static func beacon(_ json: JSONValue) throws(GeoError) -> Exhibit.Beacon {
        guard case .object(let b) = json else { throw GeoError(.invalidContent, "must be an object, got \(json.snippet())") }
        let id: BeaconID
        switch try text(b["type"], "type") {
        case "ibeacon":
            let uuid = try text(b["uuid"], "uuid")
            id = try BeaconID(uuid: uuid, major: try integer(b["major"], "major"), minor: try integer(b["minor"], "minor"))
        case "eddystone":
            id = try BeaconID(namespace: try text(b["namespace"], "namespace"), instance: try text(b["instance"], "instance"))
        case let other:
            throw GeoError(.invalidContent, "must be 'ibeacon' or 'eddystone', got \(Excerpt.quoted(other))").within("type")
        }
        let power = try number(b["measured_power"], "measured_power", in: BeaconCalibration.measuredPowerRange)
        let loss = try number(b["path_loss"], "path_loss", in: BeaconCalibration.pathLossRange)
        return Exhibit.Beacon(id: id, calibration: BeaconCalibration(measuredPower: power, pathLoss: loss ?? BeaconCalibration.defaultPathLoss))
    }

    private static func text(_ value: JSONValue?, _ key: String) throws(GeoError) -> String {
        switch value {
        case nil, .null?: throw GeoError(.invalidContent, "missing").within(key)
        case .string(let s)? where !s.isBlank: return s
        case .string?: throw GeoError(.invalidContent, "is empty").within(key)
        case let other?: throw GeoError(.invalidContent, "must be a string, got \(other.snippet())").within(key)
        }
    }

    private static func integer(_ value: JSONValue?, _ key: String) throws(GeoError) -> Int {
        guard let value, value != .null else { throw GeoError(.invalidContent, "missing").within(key) }
        guard case .number(let n) = value, let i = Int(exactly: n) else {
            throw GeoError(.invalidContent, "must be an integer, got \(value.snippet())").within(key)
        }
        return i
    }

    private static func number(_ value: JSONValue?, _ key: String, in range: ClosedRange<Double>) throws(GeoError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case .number(let n)? where range.contains(n): return n
        case let other?:
            throw GeoError(
                .invalidContent, "must be a number in [\(GeoError.text(range.lowerBound)), \(GeoError.text(range.upperBound))], got \(other.snippet())"
            ).within(key)
        }
    }
}
