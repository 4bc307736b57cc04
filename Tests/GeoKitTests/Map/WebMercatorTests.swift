import Foundation
import Testing
@testable import GeoKit

@Suite struct WebMercatorTests {
    @Test func projectsAndInvertsTheWorldSquare() {
        #expect(WebMercator.x(longitude: -180) == 0 && WebMercator.x(longitude: 180) == 1)
        #expect(abs(WebMercator.y(latitude: 0) - 0.5) < 1e-15)
        #expect(abs(WebMercator.y(latitude: WebMercator.maxLatitude)) < 1e-12)
        #expect(WebMercator.y(latitude: 89.9) == 0)  // clamped, never out of the square
        for lat in stride(from: -85.0, through: 85.0, by: 17.0) {
            #expect(abs(WebMercator.latitude(y: WebMercator.y(latitude: lat)) - lat) < 1e-9)
        }
    }

    @Test func viewportAtZoomZeroIsTheWorld() {
        let box = WebMercator.viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, width: 512, height: 512)
        #expect(box.west == -180 && box.east == 180)
        #expect(abs(box.north - WebMercator.maxLatitude) < 1e-9 && abs(box.south + WebMercator.maxLatitude) < 1e-9)
    }

    /// 390 points at zoom 12 span 390 / (512 * 4096) of 360 degrees of longitude.
    @Test func viewportSpanMatchesTheScale() {
        let box = WebMercator.viewport(center: Coordinate(latitude: 37.80, longitude: -122.46), zoom: 12, width: 390, height: 844)
        #expect(abs((box.east - box.west) - 390.0 / (512 * 4096) * 360) < 1e-9)
        #expect(box.south < 37.80 && box.north > 37.80)
        #expect(abs((box.west + box.east) / 2 + 122.46) < 1e-9)
    }

    @Test func viewportCrossingTheAntimeridianWraps() {
        let box = WebMercator.viewport(center: Coordinate(latitude: 0, longitude: 179.9), zoom: 8, width: 800, height: 400)
        #expect(box.west > box.east)  // crosses: west near +179, east near -179
        #expect(abs(box.west - (179.9 - 1.0986)) < 1e-3 && abs(box.east - (179.9 + 1.0986 - 360)) < 1e-3)  // 400 points at zoom 8 = 1.0986°
    }

    @Test func fitIsTheInverseOfViewport() {
        let center = Coordinate(latitude: 44.6, longitude: -110.5)
        let box = WebMercator.viewport(center: center, zoom: 9.5, width: 400, height: 300)
        let fit = WebMercator.fit(box, width: 400, height: 300)
        #expect(abs(fit.zoom - 9.5) <= 0.01)
        #expect(abs(fit.center.latitude - 44.6) < 1e-6 && abs(fit.center.longitude + 110.5) < 1e-6)
    }
}
