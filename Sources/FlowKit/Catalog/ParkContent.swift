public import Formats
public import GeoKit

/// A park's content files, read on first use and kept: `sites.geojson` (optional: a park
/// without it has no sites) and `boundary.geojson` (optional). Sites are as the park's
/// `sites` settings curate them (``SiteCuration``).
public final class ParkContent {
    let code: String
    let root: ProjectRoot
    let curation: SiteCuration
    /// The settings' words that name categories, checked against the sites once they are read.
    let words: SettingWords
    private var wordsChecked = false
    /// Where prepared site tables are kept between processes (nil: made in every process).
    let keptTables: KeptSiteTables?
    private var cachedTable: PreparedSites?
    /// The search over the table's names (``SiteSearch``), made on the first search.
    private var cachedSearch: SiteSearch?
    private var cachedSites: [Site]?
    private var cachedBoundary: Boundary??
    private var cachedExhibits: ExhibitCatalog??
    /// The bytes the sites and the boundary were read from, and what was made of them (the
    /// sites before curation): a new version of the project takes them over where a file is
    /// byte for byte the same (``adopt(from:)``), so swapping in a version that changed a flow
    /// parses no content again.
    private var sitesRead: (bytes: [UInt8], sites: [Site])?
    private var boundaryRead: (bytes: [UInt8], boundary: Boundary)?
    /// What an older version read, offered by ``adopt(from:)``: used when the bytes match.
    private var offeredSites: (bytes: [UInt8], sites: [Site])?
    private var offeredBoundary: (bytes: [UInt8], boundary: Boundary)?

    /// The content of park `code`; nothing is read yet.
    /// - Parameters:
    ///   - code: the park's code, as its folder spells it.
    ///   - root: the project.
    ///   - curation: what the park hides and renames (default: nothing).
    ///   - keptTables: where prepared site tables are kept between processes (default: none).
    public convenience init(code: String, root: ProjectRoot, curation: SiteCuration = .none, keptTables: KeptSiteTables? = nil) {
        self.init(code: code, root: root, curation: curation, keptTables: keptTables, words: .none)
    }

    /// The content of park `code`, whose settings' category words (`words`) are checked
    /// against its sites once they are read; nothing is read yet.
    package init(code: String, root: ProjectRoot, curation: SiteCuration, keptTables: KeptSiteTables?, words: SettingWords) {
        self.code = code
        self.root = root
        self.curation = curation
        self.words = words
        self.keptTables = keptTables
    }

    /// The sites `query` finds (``SiteSearch``), as positions in the site table, best first;
    /// `categoryName` says what the park calls a category.
    func searchSites(_ query: String, limit: Int, categoryName: (String) -> String?) throws(FlowError) -> [Int] {
        if let cachedSearch { return cachedSearch.positions(matching: query, limit: limit) }
        let table = try siteTable()
        let search = SiteSearch(
            count: table.count,
            site: { position in
                table.nameAndCategory(at: position).map { ($0.name, $0.category, table.nameRank(at: position)) }
            },
            categoryName: categoryName)
        cachedSearch = search
        return search.positions(matching: query, limit: limit)
    }

    /// The park's sites as a table a runtime reads site by site, with their index: the one
    /// kept for these bytes of `sites.geojson` and this curation when there is one, else
    /// made from the file (and kept). Made on first use.
    /// - Throws: as ``sites()``.
    func siteTable() throws(FlowError) -> PreparedSites {
        if let cachedTable { return cachedTable }
        let table = try readSiteTable()
        try checkWords(present: table.categories)
        cachedTable = table
        return table
    }

    /// The settings' category words, checked once against the categories the sites have
    /// (`present`, sorted by their bytes) and those curation hides.
    private func checkWords(present: [String]) throws(FlowError) {
        guard !wordsChecked else { return }
        var places = SettingPlaces(code: code, root: root)
        let problems = words.categoryProblems(present: present, hidden: curation.hiddenCategories, dataFile: sitesPath, places: &places)
        guard problems.isEmpty else { throw FlowError.combining(problems) }
        wordsChecked = true
    }

    private func readSiteTable() throws(FlowError) -> PreparedSites {
        let scope = "\(PreparedSites.magic)\(curation.fingerprint)\0"
        // A file version seen before names its table without being read (KeptSiteTables).
        let sighting = root.isInMemory ? nil : keptTables?.sighting(of: root.filePath(sitesPath), scope: scope)
        if cachedSites == nil, let sighting, let key = keptTables?.table(seen: sighting), let kept = keptTable(key) { return kept }
        let bytes = try self.bytes(sitesPath)
        let key = ContentHash.of(Array(scope.utf8) + (bytes ?? []))
        if let sighting { keptTables?.note(sighting, holds: key) }
        if cachedSites == nil, let kept = keptTable(key) { return kept }
        // The bytes just read and hashed: a miss does not read the file a second time.
        let sites: [Site]
        if let cachedSites { sites = cachedSites } else { sites = try curatedSites(from: bytes) }
        let body = PreparedSites.encode(sites)
        guard let made = PreparedSites(body: body, decoded: sites) else {
            throw .invalidContent("\(sitesPath): \(sites.count) sites are too many to index")
        }
        keptTables?.tables.keep(body, under: key)
        return made
    }

    private func keptTable(_ key: UInt64) -> PreparedSites? {
        keptTables?.tables.map(key).flatMap { PreparedSites(region: $0) }
    }

    /// `parks/<CODE>/sites.geojson`, relative to the root.
    public var sitesPath: String { "parks/\(code)/sites.geojson" }
    /// `parks/<CODE>/boundary.geojson`, relative to the root.
    public var boundaryPath: String { "parks/\(code)/boundary.geojson" }

    /// `parks/<CODE>/exhibits.geojson`, relative to the root.
    public var exhibitsPath: String { "parks/\(code)/exhibits.geojson" }

    /// The park's exhibits and their beacons, read and checked on first use (every one
    /// inside the boundary, when there is one); nil when the file is absent.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file, feature and field at fault.
    public func exhibits() throws(FlowError) -> ExhibitCatalog? {
        if let cachedExhibits { return cachedExhibits }
        guard let bytes = try root.bytesIfPresent(exhibitsPath) else { cachedExhibits = .some(nil); return nil }
        let boundary = try self.boundary()
        do {
            let catalog = try ExhibitCatalog(geoJSON: bytes, displayPath: exhibitsPath, boundary: boundary)
            cachedExhibits = catalog
            return catalog
        } catch {
            throw .invalidContent(error.description)
        }
    }

    /// The park's sites, read and checked on first use; empty when the file is absent.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and the feature at fault,
    ///   ``FlowError/badContent(file:message:)`` for curation naming what the data lacks.
    ///   A failed read is not kept: the next call reads again.
    public func sites() throws(FlowError) -> [Site] {
        if let cachedSites { return cachedSites }
        if let all = cachedTable?.allSites() {
            cachedSites = all
            return all
        }
        let sites = try curatedSites(from: bytes(sitesPath))
        do { try checkWords(present: Set(sites.map(\.category)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) } catch {
            cachedSites = nil  // not kept: the next call reports it again
            throw error
        }
        return sites
    }

    /// The sites of `sites.geojson`'s `bytes` (none without the file), curated, and kept.
    private func curatedSites(from bytes: [UInt8]?) throws(FlowError) -> [Site] {
        guard let bytes else { cachedSites = []; return [] }
        let read: [Site]
        if let offered = offeredSites, offered.bytes == bytes {
            read = offered.sites
        } else {
            do { read = try SiteCatalog(geoJSON: bytes, displayPath: sitesPath).sites } catch { throw .invalidContent(error.description) }
        }
        (sitesRead, offeredSites) = ((bytes, read), nil)
        var places = SettingPlaces(code: code, root: root)
        let sites = try curation.apply(to: read, places: &places, dataFile: sitesPath)
        cachedSites = sites
        return sites
    }

    /// The park's boundary, read and checked on first use; nil when the file is absent.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and the feature at fault.
    public func boundary() throws(FlowError) -> Boundary? {
        if let cachedBoundary { return cachedBoundary }
        guard let bytes = try bytes(boundaryPath) else { cachedBoundary = .some(nil); return nil }
        let boundary: Boundary
        if let offered = offeredBoundary, offered.bytes == bytes {
            boundary = offered.boundary
        } else {
            do { boundary = try Boundary(geoJSON: bytes, displayPath: boundaryPath) } catch { throw .invalidContent(error.description) }
        }
        (boundaryRead, offeredBoundary, cachedBoundary) = ((bytes, boundary), nil, boundary)
        return boundary
    }

    /// Offers what `older` (the same park in an older version of the project) has read: a
    /// file this content reads later and finds byte for byte the same is not parsed again.
    /// - Parameter older: the older version's content.
    public func adopt(from older: ParkContent) {
        guard older.code == code else { return }
        if cachedSites == nil { offeredSites = older.sitesRead ?? older.offeredSites }
        if cachedBoundary == nil { offeredBoundary = older.boundaryRead ?? older.offeredBoundary }
    }

    /// The bytes of file `path`, nil when there is none.
    private func bytes(_ path: String) throws(FlowError) -> [UInt8]? {
        do { return try root.bytesIfPresent(path) } catch .badContent(let file, let message) {
            throw .invalidContent("\(file): \(message)")
        } catch {
            throw error
        }
    }
}
