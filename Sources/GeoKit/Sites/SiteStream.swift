import Formats
/// Reads the sites of a clean GeoJSON FeatureCollection of Points straight from its bytes,
/// without the JSON tree, the features and their lookups in between: reading GOGA's 433
/// sites the general way took 14M instructions in a cold `flowrun --park GOGA home`, this
/// way 8M.
///
/// It takes only what it reads exactly as ``GeoJSONReader`` and ``SiteCatalog`` would, and
/// returns nil at the first thing it does not (a syntax error, anything but a
/// FeatureCollection of Point features with object properties, a broken site rule): the
/// caller then reads the file the general way, which gives the same sites or the error with
/// its place. An id used twice is the catalog's to find, and it too falls back. Values it does not look into (ids, coordinates, properties) are
/// read by the same ``JSONScanner``, and site rules are ``SiteCatalog``'s own. SiteStreamTests
/// compares both ways on every park's file and on variants of one.
struct SiteStream {
    private struct Declined: Error {}

    private var scanner: JSONScanner

    /// The sites of `bytes` in file order, or nil when they need the general reader.
    static func sites(in bytes: UnsafeBufferPointer<UInt8>) -> [Site]? {
        let byteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var stream = SiteStream(scanner: JSONScanner(bytes, from: byteOrderMark ? 3 : 0))
        return try? stream.document()
    }

    private mutating func document() throws(Declined) -> [Site] {
        var isCollection = false
        var sites: [Site]?
        try object { stream, key throws(Declined) in
            switch key {
            case "type": isCollection = try stream.value() == .string("FeatureCollection")
            case "features":
                guard sites == nil else { throw Declined() }
                var read: [Site] = []
                try stream.array { stream throws(Declined) in read.append(try stream.feature()) }
                sites = read
            default: _ = try stream.value()
            }
        }
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count, isCollection, let sites else { throw Declined() }
        return sites
    }

    private mutating func feature() throws(Declined) -> Site {
        var isFeature = false
        var id: JSONValue?
        var coordinates: JSONValue?
        var properties: SiteCatalog.SiteProperties?
        try object { stream, key throws(Declined) in
            switch key {
            case "type": isFeature = try stream.value() == .string("Feature")
            case "id": id = try stream.value()
            case "geometry": coordinates = try stream.pointCoordinates()
            case "properties":
                var read = SiteCatalog.SiteProperties(capacity: 4)  // park files keep a few besides the four
                try stream.object { stream, key throws(Declined) in read.set(key, try stream.value()) }
                properties = read
            default: _ = try stream.value()
            }
        }
        guard isFeature, let coordinates, let properties else { throw Declined() }
        do {
            return try SiteCatalog.site(featureID: id, properties, position: try Geometry.position(coordinates))
        } catch {
            throw Declined()
        }
    }

    /// The `coordinates` of a Point geometry object.
    private mutating func pointCoordinates() throws(Declined) -> JSONValue {
        var isPoint = false
        var coordinates: JSONValue?
        try object { stream, key throws(Declined) in
            switch key {
            case "type": isPoint = try stream.value() == .string("Point")
            case "coordinates": coordinates = try stream.value()
            default: _ = try stream.value()
            }
        }
        guard isPoint, let coordinates else { throw Declined() }
        return coordinates
    }

    // MARK: - JSON structure, as JSONScanner reads it

    /// Any value, by the scanner.
    private mutating func value() throws(Declined) -> JSONValue {
        do { return try scanner.parseValue() } catch { throw Declined() }
    }

    /// Steps through an object, calling `member` with each key when the cursor is at its value.
    private mutating func object(_ member: (inout SiteStream, String) throws(Declined) -> Void) throws(Declined) {
        try open(UInt8(ascii: "{"))
        if try closes(UInt8(ascii: "}")) { return }
        repeat {
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "\"") else { throw Declined() }
            let key: String
            do { key = try scanner.parseString() } catch { throw Declined() }
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: ":") else { throw Declined() }
            scanner.index += 1
            try member(&self, key)
        } while try !next(closing: UInt8(ascii: "}"))
    }

    /// Steps through an array, calling `element` when the cursor is at each element.
    private mutating func array(_ element: (inout SiteStream) throws(Declined) -> Void) throws(Declined) {
        try open(UInt8(ascii: "["))
        if try closes(UInt8(ascii: "]")) { return }
        repeat {
            try element(&self)
        } while try !next(closing: UInt8(ascii: "]"))
    }

    /// Steps over `bracket` and counts a level of nesting, as the scanner does.
    private mutating func open(_ bracket: UInt8) throws(Declined) {
        scanner.skipWhitespace()
        guard scanner.peek() == bracket else { throw Declined() }
        scanner.depth += 1
        guard scanner.depth <= JSONScanner.maxDepth else { throw Declined() }
        scanner.index += 1
    }

    /// Whether the object or array just opened is empty (and then steps over `bracket`).
    private mutating func closes(_ bracket: UInt8) throws(Declined) -> Bool {
        scanner.skipWhitespace()
        guard scanner.peek() == bracket else { return false }
        scanner.index += 1
        scanner.depth -= 1
        return true
    }

    /// After a member or element: true at the closing `bracket` (stepped over), false at a comma.
    private mutating func next(closing bracket: UInt8) throws(Declined) -> Bool {
        scanner.skipWhitespace()
        switch scanner.peek() {
        case UInt8(ascii: ","):
            scanner.index += 1
            return false
        case bracket:
            scanner.index += 1
            scanner.depth -= 1
            return true
        default:
            throw Declined()
        }
    }
}
