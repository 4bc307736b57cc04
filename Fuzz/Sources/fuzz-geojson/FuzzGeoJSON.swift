// fuzz-geojson: arbitrary bytes into GeoKit's GeoJSON reader, as a park's sites file
// (SiteCatalog) and as its boundary (Boundary). Errors are fine; a trap or a hang is a finding.
import GeoKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var sink = 0
    do {
        let catalog = try SiteCatalog(geoJSON: bytes, displayPath: "fuzz/sites.geojson")
        for site in catalog.sites.prefix(64) {
            sink &+= catalog.site(withID: site.id) == nil ? 1 : 0
            sink &+= site.properties.count
        }
    } catch {
        sink &+= error.description.utf8.count
    }
    do {
        let boundary = try Boundary(geoJSON: bytes, displayPath: "fuzz/boundary.geojson")
        // What "inside the park" and the geofence's presence region ask of a boundary.
        sink &+= boundary.contains(boundary.centroid) ? 1 : 0
        let edge = boundary.edgeDistance(from: boundary.centroid)
        sink &+= edge.isNaN ? 1 : 0
        sink &+= boundary.firstSelfIntersection() == nil ? 0 : 1
        sink &+= boundary.vertexCount &+ boundary.ringCount &+ boundary.polygonCount
    } catch {
        sink &+= error.description.utf8.count
    }
    blackHole(sink)
    return 0
}

@inline(never) func blackHole(_ value: Int) { if value == -1 { print("") } }
