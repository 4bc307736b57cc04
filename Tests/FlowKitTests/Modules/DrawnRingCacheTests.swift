import Testing
import GeoKit
@testable import FlowKit

/// `map.boundary` keeps each ring simplified at the last few zoom levels: what it draws is
/// what simplifying anew draws, for any view, and old zoom levels are let go.
@Suite struct DrawnRingCacheTests {
    @Test func keptRingsDrawAsFreshOnesInEveryView() throws {
        let boundary = try #require(try FlowRuntime(root: repository, park: "YOSE", time: fixedTime).boundary())
        let cache = DrawnRingCache()
        let views = [
            BoundingBox(west: -120, south: 37.5, east: -119.2, north: 38.2),
            BoundingBox(west: -119.7, south: 37.7, east: -119.5, north: 37.8),
            BoundingBox(west: -122.6, south: 37.7, east: -122.3, north: 37.9),  // outside the park
        ]
        for zoom in [8.0, 12.0, 8.0, 14.5, 12.0] {
            let tolerance = WebMercator.degreesPerPoint(zoom: zoom)
            for view in views + views.reversed() {
                #expect(cache.rings(of: boundary, in: view, tolerance: tolerance) == boundary.drawnRings(in: view, tolerance: tolerance))
            }
        }
    }

    @Test func onlyTheLastFewZoomLevelsAreKept() throws {
        let boundary = try #require(try FlowRuntime(root: repository, park: "YOSE", time: fixedTime).boundary())
        let cache = DrawnRingCache()
        let everything = BoundingBox(west: -180, south: -90, east: 180, north: 90)
        for zoom in 0..<(DrawnRingCache.tolerancesKept + 3) {
            _ = cache.rings(of: boundary, in: everything, tolerance: WebMercator.degreesPerPoint(zoom: Double(zoom + 6)))
        }
        #expect(cache.toleranceCount == DrawnRingCache.tolerancesKept)
    }
}
