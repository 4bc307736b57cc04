import Foundation
import Testing
@testable import GeoKit

struct ARProjectorTests {
    static let camera = Coordinate(latitude: 37.8078, longitude: -122.4750)

    static func site(bearing: Double, distance: Double) throws -> Coordinate {
        try Geodesic.wgs84.direct(from: camera, bearing: bearing, distance: distance).destination
    }

    static func projector(
        heading: Double = 90, pitch: Double = 0, fov: Double = 60, altitude: Double? = nil,
        limit: Double = 5000
    ) throws -> ARProjector {
        try ARProjector(
            pose: CameraPose(
                position: camera, altitude: altitude, heading: heading, pitch: pitch,
                fieldOfView: fov, width: 400, height: 800), maximumDistance: limit)
    }

    @Test func aSiteStraightAheadIsAtTheCenter() throws {
        let p = try #require(try Self.projector().place(try Self.site(bearing: 90, distance: 1000)))
        #expect(abs(p.x - 200) < 1e-6)
        #expect(abs(p.y - 400) < 1e-6)
        #expect(abs(p.distance - 1000) < 1e-6)
        #expect(p.isOnScreen)
    }

    @Test func thirtyDegreesRightWithSixtyDegreesOfViewIsAtTheRightEdge() throws {
        let right = try #require(try Self.projector().place(try Self.site(bearing: 120, distance: 800)))
        #expect(abs(right.x - 400) < 1e-6)
        #expect(abs(right.relativeBearing - 30) < 1e-6)  // the short-line bearing is exact to ~1e-7 rad
        let left = try #require(try Self.projector().place(try Self.site(bearing: 60, distance: 800)))
        #expect(abs(left.x) < 1e-6)
        // Halfway (15°) is at tan 15° / tan 30° of the half width, not at a quarter: a pinhole, not a linear map.
        let half = try #require(try Self.projector().place(try Self.site(bearing: 105, distance: 800)))
        #expect(abs(half.x - (200 + 200 * tan(15 * Double.pi / 180) / tan(30 * Double.pi / 180))) < 1e-6)
    }

    @Test func sitesBehindNeverAppearAndFarOnesAreLeftOut() throws {
        let projector = try Self.projector()
        for bearing in stride(from: 181.0, through: 359, by: 7) {
            #expect(projector.place(try Self.site(bearing: bearing, distance: 500)) == nil)
        }
        #expect(projector.place(try Self.site(bearing: 90, distance: 5001)) == nil)
        #expect(projector.place(try Self.site(bearing: 90, distance: 4999)) != nil)
        #expect(projector.place(Self.camera) == nil)
        // Just off screen to the right: a placement off screen, for the turn hint.
        let off = try #require(projector.place(try Self.site(bearing: 140, distance: 500)))
        #expect(!off.isOnScreen)
        #expect(off.x > 400)
    }

    @Test func pitchAndAltitudeMoveSitesVertically() throws {
        let ahead = try Self.site(bearing: 90, distance: 1000)
        let tiltedUp = try #require(try Self.projector(pitch: 10).place(ahead))
        #expect(tiltedUp.y > 400)
        let high = try #require(try Self.projector(altitude: 0).place(ahead, altitude: 100))
        #expect(high.y < 400)
        // 100 m up at 1 km, less the curvature drop of 0.078 m: atan(99.92/1000) above the axis.
        let focal = 200 / tan(30 * Double.pi / 180)
        #expect(abs((400 - high.y) - focal * (100 - 1000.0 * 1000 / (2 * ARProjector.earthRadius)) / 1000) < 1e-6)
    }

    @Test func overlappingLabelsStackNearestInFront() throws {
        let projector = try Self.projector()
        let sites = [
            try Self.site(bearing: 90, distance: 900), try Self.site(bearing: 90.2, distance: 300),
            try Self.site(bearing: 89.9, distance: 600), try Self.site(bearing: 110, distance: 400),
        ]
        let placements = projector.place(sites)
        #expect(placements.count == 4)
        let labels = ARLabelLayout.layout(placements, widths: [120, 120, 120, 120])
        #expect(labels.map(\.z) == [3, 0, 2, 1])
        #expect(labels.map(\.stack) == [2, 0, 1, 0])
        for a in labels {
            for b in labels where a.placement < b.placement {
                let overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
                #expect(!overlap)
            }
        }
    }

    @Test func distancesAndBearingsAgreeWithTheGeodesic() throws {
        var random = SplitMix64(seed: 11)
        for latitude in [-75.0, -40, 0, 37.8, 60, 80] {
            let camera = Coordinate(latitude: latitude, longitude: 179.99)
            let projector = try ARProjector(
                pose: CameraPose(position: camera, heading: 0, fieldOfView: 170), maximumDistance: 30_000,
                hintMargin: 180)
            for _ in 0..<400 {
                let bearing = random.next(in: -80...80), distance = 20_000 * random.next(in: 0.0001...1)
                let site = try Geodesic.wgs84.direct(from: camera, bearing: bearing, distance: distance).destination
                let truth = Geodesic.wgs84.inverse(from: camera, to: site, precision: .full)
                let p = try #require(projector.place(site))
                #expect(abs(p.distance - truth.distance) <= 1e-6 * truth.distance)
                #expect(abs(ARProjector.relative(p.bearing - truth.initialBearing)) * Double.pi / 180 <= 1e-6)
            }
        }
    }

    /// The flat-earth line at its gate: sweeps camera latitudes (both hemispheres, up to 89.9°),
    /// azimuths and distances up to and just past the gate, and measures it against Karney's
    /// solution wherever it is taken. The bound in ARProjector's comment is 1.7e-7 (distance,
    /// relative) and 1.2e-7 rad (bearing) at the gate, from an error coefficient of at most 0.047.
    @Test func flatEarthLineStaysWithinItsBoundAtTheGate() throws {
        var worstDistance = 0.0, worstBearing = 0.0, worstCoefficient = 0.0, taken = 0
        let a = LocalMetric.semiMajorAxis
        let latitudes = stride(from: -89.9, through: 89.9, by: 0.7).map { $0 } + [-60, 0, 37.8, 89.99]
        for latitude in latitudes {
            let camera = Coordinate(latitude: latitude, longitude: 179.99)
            let projector = try ARProjector(pose: CameraPose(position: camera, heading: 0), maximumDistance: 30_000)
            let reach = ARProjector.shortLineRatio * a * cos(latitude * .pi / 180)
            for azimuth in stride(from: 0.0, to: 360, by: 7.5) {
                for fraction in [0.25, 0.9, 0.999, 1.001, 1.1] {
                    let site = try Geodesic.wgs84.direct(from: camera, bearing: azimuth, distance: reach * fraction).destination
                    guard let line = projector.shortLine(to: site) else { continue }
                    taken += 1
                    let full = Geodesic.wgs84.inverse(from: camera, to: site, precision: .full)
                    let bearing = atan2(line.sinBearing, line.cosBearing) * 180 / .pi
                    let distanceError = abs(line.distance - full.distance) / full.distance
                    let bearingError = bearingDifference(bearing, full.initialBearing) * .pi / 180
                    let midLatitude = (camera.latitude + site.latitude) / 2 * .pi / 180
                    let scale = pow(full.distance / a / cos(midLatitude), 2)
                    worstDistance = max(worstDistance, distanceError)
                    worstBearing = max(worstBearing, bearingError)
                    worstCoefficient = max(worstCoefficient, distanceError / scale, bearingError / scale)
                }
            }
        }
        #expect(taken > 10_000)
        #expect(worstDistance < 2e-7)
        #expect(worstBearing < 1.5e-7)
        #expect(worstCoefficient < 0.05)
    }

    @Test func badInputIsRefused() {
        func message(_ body: () throws(GeoError) -> Void) -> String? {
            do { try body(); return nil } catch { return error.description }
        }
        #expect(
            message { () throws(GeoError) in _ = try CameraPose(position: Coordinate(latitude: 91, longitude: 0), heading: 0) }
                == "latitude 91 out of range [-90, 90]")
        #expect(
            message { () throws(GeoError) in _ = try CameraPose(position: Self.camera, heading: .nan) }
                == "heading nan is not a finite number")
        #expect(
            message { () throws(GeoError) in _ = try CameraPose(position: Self.camera, heading: 0, fieldOfView: 0) }
                == "field of view 0 out of range (0, 180)")
        #expect(
            message { () throws(GeoError) in _ = try CameraPose(position: Self.camera, heading: 0, fieldOfView: 181) }
                == "field of view 181 out of range (0, 180)")
        #expect(
            message { () throws(GeoError) in _ = try CameraPose(position: Self.camera, heading: 0, pitch: 95) }
                == "pitch 95 out of range [-90, 90]")
        #expect(
            message { () throws(GeoError) in _ = try ARProjector(pose: CameraPose(position: Self.camera, heading: 0), maximumDistance: -1) }
                == "maximum distance -1 must be a positive number of metres")
        #expect((try? CameraPose(position: Self.camera, heading: -90))?.heading == 270)
    }

    @Test(arguments: [
        (350.0, -10.0), (-350, 10), (180, 180), (-180, 180), (0, 0), (360, 0), (-360, 0),
        (725, 5), (-725, -5), (540, 180), (190.5, -169.5),
    ])
    func relativeBearingsFoldIntoPlusMinus180(degrees: Double, folded: Double) {
        #expect(ARProjector.relative(degrees) == folded)
    }
}
