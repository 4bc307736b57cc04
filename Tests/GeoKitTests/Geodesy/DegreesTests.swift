import Foundation
import Testing
@testable import GeoKit

/// The exact-degree helpers the geodesic solvers rely on.
struct DegreesTests {
    @Test func sinCosIsExactAtQuadrantPoints() {
        for (angle, sine, cosine) in [(0.0, 0.0, 1.0), (90, 1, 0), (180, 0, -1), (-90, -1, 0), (270, -1, 0), (720, 0, 1)] {
            let (s, c) = Degrees.sinCos(angle)
            #expect(s == sine && c == cosine, "\(angle)")
        }
        #expect(Degrees.sinCos(-0.0).sin.sign == .minus)
        #expect(Degrees.sinCos(180).sin.sign == .plus)
        // Near 90° the cosine keeps full relative precision (radians would leave ~6e-17 of error).
        let angle = 90 - 1e-10
        let offset = 90 - angle  // exact
        #expect(abs(Degrees.sinCos(angle).cos / (offset * .pi / 180) - 1) < 1e-15)
    }

    @Test func arcTangentIsExactAtQuadrantPoints() {
        #expect(Degrees.arcTangent(1, 0) == 90)
        #expect(Degrees.arcTangent(-1, 0) == -90)
        #expect(Degrees.arcTangent(0, -1) == 180)
        #expect(Degrees.arcTangent(-0.0, -1) == -180)
        #expect(Degrees.arcTangent(1, 1) == 45)
        #expect(Degrees.arcTangent(0, 1) == 0)
    }

    @Test func differenceKeepsTheRoundingError() {
        let (d, e) = Degrees.difference(from: -179.9999999999999, to: 0.1)
        // The exact difference is 180.0999999999999, i.e. -179.9000000000001 (mod 360).
        #expect(abs((d + 360) - 180.0999999999999 + e) < 1e-13)
        #expect(Degrees.difference(from: 0, to: 180).difference == 180)
        #expect(Degrees.difference(from: 180, to: 0).difference == -180)
        #expect(Degrees.difference(from: 170, to: -170).difference == 20)
        #expect(Degrees.difference(from: 180, to: -180).difference == 0)
        let (big, error) = Degrees.difference(from: 1e-20, to: 180)
        #expect(big == 180 && error == -1e-20)
    }

    @Test func bearingsFoldIntoRange() {
        #expect(Degrees.bearing(-1e-17) == 0)
        #expect(Degrees.bearing(-0.0).sign == .plus)
        #expect(Degrees.bearing(-90) == 270)
        #expect(Degrees.bearing(360) == 0)
        #expect(Degrees.bearing(180) == 180)
        #expect(Degrees.normalized(-180) == -180 && Degrees.normalized(540) == 180)
    }
}
