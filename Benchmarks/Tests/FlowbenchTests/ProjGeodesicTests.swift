import Foundation
import GeoKit
import Testing
@testable import flowbench

/// `flowbench geodesy --with-proj` loads PROJ at run time: a missing library is a clear setup
/// error that says how to install it; a present one solves the same geodesics as GeoKit.
@Suite struct ProjGeodesicTests {
    /// Whether a libproj loads on this machine (the comparison tests need it; nothing else does).
    static let available = (try? ProjGeodesic()) != nil

    @Test func aMissingLibraryNamesWhatWasTriedAndHowToInstall() {
        #expect {
            _ = try ProjGeodesic(path: "/nonexistent/libproj.so.25")
        } throws: { error in
            "\(error)" == "PROJ's geodesic is not available: /nonexistent/libproj.so.25: cannot open shared object file: "
                + "No such file or directory; " + ProjGeodesic.installHint
        }
    }

    @Test func aLibraryWithoutTheGeodesicIsRefused() throws {
        // libm loads but has no geod_init.
        #expect {
            _ = try ProjGeodesic(path: "libm.so.6")
        } throws: { error in
            "\(error)".hasPrefix("libm.so.6 has no geod_init or geod_inverse: not PROJ 4.9 or later; install PROJ")
        }
    }

    @Test func theCommandExitsOneWithTheMessage() throws {
        let result = try flowbench([
            "geodesy", "--with-proj", "--proj-library", "/nonexistent/libproj.so.25", "--runs", "1",
            "--pairs", "1000",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("PROJ's geodesic is not available: /nonexistent/libproj.so.25"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install libproj25"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aLibraryPathNeedsTheFlag() throws {
        let result = try flowbench(["geodesy", "--proj-library", "/usr/lib/libproj.so"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--proj-library needs --with-proj"), "\(result.stderr)")
    }

    /// The same algorithm on both sides: Karney's series agree to rounding on long lines.
    @Test(.enabled(if: available, "needs libproj (apt-get install libproj25)"))
    func projAndGeoKitSolveTheSameGeodesics() throws {
        let proj = try ProjGeodesic()
        let lines: [(Double, Double, Double, Double)] = [
            (40.64, -73.78, 1.36, 103.99),  // JFK to Singapore, the example of PROJ's geodesic.h
            (37.8199, -122.4783, 37.8267, -122.4230),  // Golden Gate Bridge to Alcatraz
            (-30, 0, 29.9, 179.8),  // nearly antipodal
            (89.9, 10, -89.9, -170),
        ]
        for (lat1, lon1, lat2, lon2) in lines {
            let p = proj.inverse(lat1, lon1, lat2, lon2)
            let g = Geodesic.wgs84.inverse(
                from: Coordinate(latitude: lat1, longitude: lon1),
                to: Coordinate(latitude: lat2, longitude: lon2))
            #expect(abs(g.distance - p.distance) <= 1e-12 * p.distance, "\(lat1) \(lon1) \(lat2) \(lon2)")
            #expect(Agreement.angle(g.initialBearing, p.azimuth1) <= 1e-9)
            #expect(Agreement.angle(g.finalBearing, p.azimuth2) <= 1e-9)
        }
    }

    @Test func agreementKeepsTheWorstLineAndSkipsCoincidentPoints() {
        var a = Agreement()
        a.add(
            Geodesic.InverseSolution(distance: 100.000001, initialBearing: 359.9999999, finalBearing: 10),
            distance: 100, azimuth1: -0.0000001, azimuth2: 10)
        a.add(Geodesic.InverseSolution(distance: 0, initialBearing: 0, finalBearing: 180), distance: 0, azimuth1: 90, azimuth2: 0)
        #expect(a.lines == 1)
        #expect(abs(a.maxRelativeDistance - 1e-8) < 1e-15)
        #expect(a.maxAzimuthDegrees < 1e-10)
        #expect(a.worstDistanceAt == 100)
    }
}
