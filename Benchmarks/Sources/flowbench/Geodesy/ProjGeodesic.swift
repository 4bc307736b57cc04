#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PROJ's C geodesic (`geodesic.h`: Karney's algorithm, the C port of GeographicLib) on WGS84,
/// loaded at run time with `dlopen`, so flowrun gains no build-time dependency on PROJ.
///
/// Only `geod_init` and `geod_inverse` are used. Their ABI has not changed since PROJ 4.9:
/// `struct geod_geodesic` is 51 doubles (a, f, seven derived constants, then the A3x, C3x and
/// C4x coefficient arrays), which ``storageBytes`` over-allocates.
final class ProjGeodesic {
    /// Where the library was found (the name or path given to `dlopen`).
    let library: String
    /// PROJ's release, from its exported `pj_release` string.
    let version: String

    private typealias InitFunction = @convention(c) (UnsafeMutableRawPointer, Double, Double) -> Void
    private typealias InverseFunction =
        @convention(c) (
            UnsafeRawPointer, Double, Double, Double, Double,
            UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?
        ) -> Void

    private let handle: UnsafeMutableRawPointer
    private let geodesic: UnsafeMutableRawPointer
    private let inverseFunction: InverseFunction

    /// `struct geod_geodesic` takes 408 bytes; room to spare in case a build pads it.
    static let storageBytes = 1024

    /// The names tried in order when no path is given: the development symlink, then the
    /// sonames of PROJ 9 (Debian 12), 8, 7 and 6.
    static let defaultNames = ["libproj.so", "libproj.so.25", "libproj.so.22", "libproj.so.19", "libproj.so.15"]

    /// How to get the library, said when it is missing.
    static let installHint =
        "install PROJ (apt-get install libproj25, or libproj-dev), or pip install pyproj and pass "
        + "--proj-library <venv>/lib/python3.X/site-packages/pyproj.libs/libproj-<hash>.so.25"

    /// Loads PROJ from `path`, or from the first of ``defaultNames`` that loads.
    /// - Throws: ``BenchError/setup(_:)`` naming what was tried and ``installHint``.
    init(path: String? = nil) throws(BenchError) {
        var tried: [String] = []
        var found: (name: String, handle: UnsafeMutableRawPointer)?
        for name in path.map({ [$0] }) ?? Self.defaultNames {
            if let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                found = (name, h)
                break
            }
            tried.append(dlerror().map { String(cString: $0) } ?? name)
        }
        guard let found else {
            throw .setup("PROJ's geodesic is not available: \(tried.joined(separator: "; ")); \(Self.installHint)")
        }
        guard let initSymbol = dlsym(found.handle, "geod_init"), let inverseSymbol = dlsym(found.handle, "geod_inverse") else {
            dlclose(found.handle)
            throw .setup("\(found.name) has no geod_init or geod_inverse: not PROJ 4.9 or later; \(Self.installHint)")
        }
        handle = found.handle
        library = found.name
        version = Self.version(found.handle)
        inverseFunction = unsafeBitCast(inverseSymbol, to: InverseFunction.self)
        geodesic = UnsafeMutableRawPointer.allocate(byteCount: Self.storageBytes, alignment: 16)
        geodesic.initializeMemory(as: UInt8.self, repeating: 0, count: Self.storageBytes)
        // WGS84 exactly as GeoKit's Ellipsoid.wgs84.
        unsafeBitCast(initSymbol, to: InitFunction.self)(geodesic, 6_378_137, 1 / 298.257223563)
    }

    deinit {
        geodesic.deallocate()
        dlclose(handle)
    }

    /// The inverse problem: metres, and the azimuths at both ends in degrees in (-180, 180].
    @inline(__always)
    func inverse(
        _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
    )
        -> (distance: Double, azimuth1: Double, azimuth2: Double)
    {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        inverseFunction(geodesic, lat1, lon1, lat2, lon2, &s12, &azi1, &azi2)
        return (s12, azi1, azi2)
    }

    /// PROJ's release string (the exported `pj_release`, "Rel. 9.1.1, December 1st, 2022"), or "unknown version".
    private static func version(_ handle: UnsafeMutableRawPointer) -> String {
        guard let symbol = dlsym(handle, "pj_release") else { return "unknown version" }
        return String(cString: symbol.assumingMemoryBound(to: CChar.self))
    }
}
