import Formats
import GeoKit

/// A park's curated sites in the form a runtime reads them: each site's record found by its
/// position and decoded when a flow reads it, beside the index screens list them by
/// (`SiteIndex`: each category's sites in name order, each site's place in that order, the
/// sites by id). Made from `sites.geojson` once and kept between processes (``ParkContent``),
/// so a cold run of a park of a hundred thousand sites reads the few it shows.
///
/// The bytes (`SiteBytesWriter`): a header of five `u64`s (the count, then where the
/// records' offsets, the name places, the categories and the ids begin), each record
/// (latitude, longitude, id, name, category, description, properties), the name places
/// (`u32` per site), each category's positions in name order, and the ids as (hash,
/// position) pairs sorted by hash. Every read is checked; a table that does not hold
/// together is refused whole when it is opened.
final class PreparedSites {
    /// The kept files' first bytes: a new layout gets a new version.
    static let magic = "flowrun-sites-1\n\0"
    /// How many sites there are.
    let count: Int
    /// The categories the sites have, in byte order.
    let categories: [String]
    /// The table's bytes, mapped from the kept file or copied: readers read through it.
    private let region: ByteRegion
    private var body: UnsafeRawBufferPointer { region.bytes }
    private let recordsAt: Int
    private let ranksAt: Int
    private let idsAt: Int
    private let lists: [String: (at: Int, count: Int)]
    private var decoded: [Site]?

    /// The table of `sites`, as bytes.
    static func encode(_ sites: [Site]) -> [UInt8] {
        let index = SiteIndex(sites: sites)
        var out = SiteBytesWriter()
        out.u64(UInt64(sites.count))
        for _ in 0..<4 { out.u64(0) }
        out.patch(8, out.bytes.count)
        let offsetsAt = out.bytes.count
        for _ in 0...sites.count { out.u64(0) }
        for (i, site) in sites.enumerated() {
            out.patch(offsetsAt + 8 * i, out.bytes.count)
            out.f64(site.coordinate.latitude)
            out.f64(site.coordinate.longitude)
            out.string(site.id)
            out.string(site.name)
            out.string(site.category)
            if let description = site.description {
                out.u32(1)
                out.string(description)
            } else {
                out.u32(0)
            }
            out.json(.object(site.properties))
        }
        out.patch(offsetsAt + 8 * sites.count, out.bytes.count)
        out.patch(16, out.bytes.count)
        for rank in index.nameRank { out.u32(rank) }
        out.patch(24, out.bytes.count)
        out.u32(index.categories.count)
        for category in index.categories {
            let positions = index.byCategory[category] ?? []
            out.string(category)
            out.u32(positions.count)
            for position in positions { out.u32(position) }
        }
        out.patch(32, out.bytes.count)
        for (hash, position) in sites.enumerated().map({ (Self.hash($1.id), $0 + 1) }).sorted(by: { $0 < $1 }) {
            out.u64(hash)
            out.u32(position)
        }
        return out.bytes
    }

    /// Opens a table from a copy of `body`, checking that it holds together; nil when it does not.
    /// - Parameters:
    ///   - body: the bytes ``encode(_:)`` made.
    ///   - decoded: the sites it was made from, when at hand (``allSites()`` returns them).
    convenience init?(body: [UInt8], decoded: [Site]? = nil) {
        self.init(region: ByteRegion(copying: body), decoded: decoded)
    }

    /// Opens a table, checking that it holds together; nil when it does not. Opening reads
    /// the header, the records' offsets and the category lists, not the records.
    /// - Parameters:
    ///   - region: the bytes ``encode(_:)`` made (a kept file, mapped).
    ///   - decoded: the sites it was made from, when at hand (``allSites()`` returns them).
    init?(region: ByteRegion, decoded: [Site]? = nil) {
        let body = region.bytes
        var r = SiteBytesReader(bytes: body, at: 0)
        guard let count = r.offset(), let recordsAt = r.offset(), let ranksAt = r.offset(), let categoriesAt = r.offset(),
            let idsAt = r.offset(), count <= body.count,
            recordsAt + 8 * (count + 1) <= ranksAt, ranksAt + 4 * count <= categoriesAt, categoriesAt <= idsAt,
            idsAt + 12 * count == body.count
        else { return nil }
        // Records lie one after the other, between the offsets table and the name places.
        var previous = recordsAt + 8 * (count + 1)
        r.at = recordsAt
        for _ in 0...count {
            guard let offset = r.offset(), offset >= previous, offset <= ranksAt else { return nil }
            previous = offset
        }
        r.at = categoriesAt
        guard let categoryCount = r.u32(), categoryCount <= count else { return nil }
        var categories: [String] = []
        var lists: [String: (at: Int, count: Int)] = [:]
        for _ in 0..<categoryCount {
            guard let name = r.string(), let size = r.u32(), size <= count, r.at + 4 * size <= idsAt else { return nil }
            lists[name] = (r.at, size)
            categories.append(name)
            r.at += 4 * size
        }
        self.count = count
        self.categories = categories
        self.region = region
        self.recordsAt = recordsAt
        self.ranksAt = ranksAt
        self.idsAt = idsAt
        self.lists = lists
        self.decoded = decoded
    }

    /// The site at `position` (from 1), decoded; nil outside the table or for a damaged record.
    func site(at position: Int) -> Site? {
        if let decoded { return decoded.indices.contains(position - 1) ? decoded[position - 1] : nil }
        guard var r = record(position), let lat = r.f64(), let lon = r.f64(), let id = r.string(), let name = r.string(),
            let category = r.string(), let hasDescription = r.u32()
        else { return nil }
        let description = hasDescription == 1 ? r.string() : nil
        guard hasDescription == 0 || description != nil, case .object(let properties)? = r.json() else { return nil }
        return Site(
            id: id, name: name, category: category, description: description, coordinate: Coordinate(latitude: lat, longitude: lon),
            properties: properties)
    }

    /// Where the sites at `positions` are; nil when one is outside the table or damaged.
    func coordinates(at positions: [Int]) -> [Coordinate]? {
        var out: [Coordinate] = []
        out.reserveCapacity(positions.count)
        for position in positions {
            guard let at = coordinate(at: position) else { return nil }
            out.append(at)
        }
        return out
    }

    /// The id and name of the site at `position` (from 1), without decoding the rest of it.
    func label(at position: Int) -> (id: String, name: String)? {
        guard var r = record(position), r.f64() != nil, r.f64() != nil, let id = r.string(), let name = r.string() else { return nil }
        return (id, name)
    }

    /// The name and category of the site at `position` (from 1), without decoding the rest of it.
    func nameAndCategory(at position: Int) -> (name: String, category: String)? {
        guard var r = record(position), r.f64() != nil, r.f64() != nil, r.string() != nil, let name = r.string(), let category = r.string()
        else { return nil }
        return (name, category)
    }

    /// Where the site at `position` (from 1) is, without decoding the rest of it.
    func coordinate(at position: Int) -> Coordinate? {
        guard var r = record(position), let lat = r.f64(), let lon = r.f64() else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Calls `visit` with each property of the site at `position` (from 1) whose value is a
    /// number: the key's UTF-8 bytes and the value, without decoding the rest of the site
    /// (ranking reads the weighed properties of every site this way). False for a damaged record.
    func forEachNumber(at position: Int, _ visit: (UnsafeRawBufferPointer, Double) -> Void) -> Bool {
        guard var r = record(position), r.f64() != nil, r.f64() != nil, r.stringBytes() != nil, r.stringBytes() != nil,
            r.stringBytes() != nil, let hasDescription = r.u32(), hasDescription == 0 || r.stringBytes() != nil,
            r.peekTag() == 6
        else { return false }
        r.at += 1
        guard let fields = r.u32() else { return false }
        for _ in 0..<fields {
            guard let key = r.stringBytes() else { return false }
            if r.peekTag() == 3 {
                r.at += 1
                guard let value = r.f64() else { return false }
                visit(UnsafeRawBufferPointer(rebasing: body[key]), value)
            } else if !r.skipJSON() {
                return false
            }
        }
        return true
    }

    /// Every site, in the data's order (decoded once, then kept); nil for a damaged table.
    func allSites() -> [Site]? {
        if let decoded { return decoded }
        var sites: [Site] = []
        sites.reserveCapacity(count)
        for position in stride(from: 1, through: count, by: 1) {
            guard let site = site(at: position) else { return nil }
            sites.append(site)
        }
        decoded = sites
        return sites
    }

    /// The site's place in name order, from 1 (0 outside the table).
    func nameRank(at position: Int) -> Int {
        guard position >= 1, position <= count else { return 0 }
        var r = SiteBytesReader(bytes: body, at: ranksAt + 4 * (position - 1))
        return r.u32() ?? 0
    }

    /// The sites of `categories`, category by category in the order given (a category named
    /// twice counts once), each in name order; the first `limit` of them.
    func positions(inCategories categories: [String], limit: Int = .max) -> [Int] {
        var out: [Int] = []
        var seen: Set<String> = []
        for category in categories where out.count < limit && seen.insert(category).inserted {
            guard let list = lists[category] else { continue }
            var r = SiteBytesReader(bytes: body, at: list.at)
            for _ in 0..<min(list.count, limit - out.count) {
                guard let position = r.u32() else { break }
                out.append(position)
            }
        }
        return out
    }

    /// The position of the site with this id (ids are unique: GeoKit's `SiteCatalog` checks).
    func position(ofID id: String) -> Int? {
        let hash = Self.hash(id)
        // The first pair with this hash, by binary search; then each with it, the id checked.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            var r = SiteBytesReader(bytes: body, at: idsAt + 12 * middle)
            if (r.u64() ?? .max) < hash { low = middle + 1 } else { high = middle }
        }
        var found: Int?
        var r = SiteBytesReader(bytes: body, at: idsAt + 12 * low)
        while let entry = r.u64(), entry == hash, let position = r.u32() {
            if var record = record(position), record.f64() != nil, record.f64() != nil, record.string() == id { found = position }
        }
        return found
    }

    /// A reader at the record of the site at `position` (from 1).
    private func record(_ position: Int) -> SiteBytesReader? {
        guard position >= 1, position <= count else { return nil }
        var r = SiteBytesReader(bytes: body, at: recordsAt + 8 * (position - 1))
        guard let at = r.offset() else { return nil }
        return SiteBytesReader(bytes: body, at: at)
    }

    private static func hash(_ id: String) -> UInt64 { ContentHash.of(Array(id.utf8)) }
}
