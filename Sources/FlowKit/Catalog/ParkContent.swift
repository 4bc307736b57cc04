public import GeoKit

/// A park's content files, read on first use and kept: `sites.geojson` (optional: a park
/// without it has no sites) and `boundary.geojson` (optional). Sites are as the park's
/// `sites` settings curate them (``SiteCuration``).
public final class ParkContent {
    let code: String
    let root: ProjectRoot
    let curation: SiteCuration
    private var cachedSites: [Site]?
    private var cachedBoundary: Boundary??
    private var cachedExhibits: ExhibitCatalog??

    /// The content of park `code`; nothing is read yet.
    /// - Parameters:
    ///   - code: the park's code, as its folder spells it.
    ///   - root: the project.
    ///   - curation: what the park hides and renames (default: nothing).
    public init(code: String, root: ProjectRoot, curation: SiteCuration = .none) {
        self.code = code
        self.root = root
        self.curation = curation
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
        guard let source = root.source(exhibitsPath) else { cachedExhibits = .some(nil); return nil }
        let boundary = try self.boundary()
        do {
            let catalog: ExhibitCatalog
            switch source {
            case .disk(let url): catalog = try ExhibitCatalog(contentsOf: url, displayPath: exhibitsPath, boundary: boundary)
            case .memory(let bytes): catalog = try ExhibitCatalog(geoJSON: bytes, displayPath: exhibitsPath, boundary: boundary)
            }
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
        guard let source = root.source(sitesPath) else { cachedSites = []; return [] }
        let read: [Site]
        do {
            switch source {
            case .disk(let url): read = try SiteCatalog(contentsOf: url, displayPath: sitesPath).sites
            case .memory(let bytes): read = try SiteCatalog(geoJSON: bytes, displayPath: sitesPath).sites
            }
        } catch {
            throw .invalidContent(error.description)
        }
        let sites = try curation.apply(to: read, file: "parks/\(code)/park.lua", dataFile: sitesPath)
        cachedSites = sites
        return sites
    }

    /// The park's boundary, read and checked on first use; nil when the file is absent.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and the feature at fault.
    public func boundary() throws(FlowError) -> Boundary? {
        if let cachedBoundary { return cachedBoundary }
        guard let source = root.source(boundaryPath) else { cachedBoundary = .some(nil); return nil }
        do {
            let boundary: Boundary
            switch source {
            case .disk(let url): boundary = try Boundary(contentsOf: url, displayPath: boundaryPath)
            case .memory(let bytes): boundary = try Boundary(geoJSON: bytes, displayPath: boundaryPath)
            }
            cachedBoundary = boundary
            return boundary
        } catch {
            throw .invalidContent(error.description)
        }
    }
}
