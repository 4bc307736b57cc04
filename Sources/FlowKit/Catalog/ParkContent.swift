public import GeoKit

/// A park's content files, read on first use and kept: `sites.geojson` (optional: a park
/// without it has no sites) and `boundary.geojson` (optional).
public final class ParkContent {
    let code: String
    let root: ProjectRoot
    private var cachedSites: [Site]?
    private var cachedBoundary: Boundary??

    public init(code: String, root: ProjectRoot) {
        self.code = code
        self.root = root
    }

    public var sitesPath: String { "parks/\(code)/sites.geojson" }
    public var boundaryPath: String { "parks/\(code)/boundary.geojson" }

    public func sites() throws(FlowError) -> [Site] {
        if let cachedSites { return cachedSites }
        guard root.exists(sitesPath) else { cachedSites = []; return [] }
        do {
            let sites = try SiteCatalog(contentsOf: root.url(sitesPath), displayPath: sitesPath).sites
            cachedSites = sites
            return sites
        } catch {
            throw .invalidContent(error.description)
        }
    }

    public func boundary() throws(FlowError) -> Boundary? {
        if let cachedBoundary { return cachedBoundary }
        guard root.exists(boundaryPath) else { cachedBoundary = .some(nil); return nil }
        do {
            let boundary = try Boundary(contentsOf: root.url(boundaryPath), displayPath: boundaryPath)
            cachedBoundary = boundary
            return boundary
        } catch {
            throw .invalidContent(error.description)
        }
    }
}
