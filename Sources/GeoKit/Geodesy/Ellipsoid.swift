/// An oblate ellipsoid of revolution, the shape geodesics are measured on.
///
/// ``wgs84`` is the one GPS coordinates refer to. Other ellipsoids are accepted for
/// flattenings in [0, 0.01], the range where ``Geodesic``'s sixth-order series are accurate
/// to rounding (all Earth ellipsoids have f ≈ 1/300; a sphere has f = 0).
public struct Ellipsoid: Sendable, Hashable {
    /// The equatorial radius a, in metres.
    public let equatorialRadius: Double
    /// The flattening f = (a - b) / a.
    public let flattening: Double

    /// The World Geodetic System 1984: a = 6,378,137 m, f = 1 / 298.257223563.
    public static let wgs84 = Ellipsoid(unchecked: 6_378_137, flattening: 1 / 298.257223563)

    /// The largest flattening accepted; the series truncation error grows like f⁷.
    public static let maximumFlattening = 0.01

    /// An ellipsoid from its equatorial radius and flattening.
    /// - Parameters:
    ///   - equatorialRadius: a in metres; finite and positive.
    ///   - flattening: f; finite, in [0, ``maximumFlattening``].
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidArgument``, e.g.
    ///   `flattening 0.5 out of range [0, 0.01]`.
    public init(equatorialRadius: Double, flattening: Double) throws(GeoError) {
        guard equatorialRadius.isFinite else {
            throw GeoError(.invalidArgument, "equatorial radius \(GeoError.text(equatorialRadius)) is not a finite number")
        }
        guard equatorialRadius > 0 else {
            throw GeoError(.invalidArgument, "equatorial radius \(GeoError.text(equatorialRadius)) is not positive")
        }
        guard flattening.isFinite else {
            throw GeoError(.invalidArgument, "flattening \(GeoError.text(flattening)) is not a finite number")
        }
        guard (0...Self.maximumFlattening).contains(flattening) else {
            throw GeoError(
                .invalidArgument,
                "flattening \(GeoError.text(flattening)) out of range [0, \(GeoError.text(Self.maximumFlattening))]")
        }
        self.init(unchecked: equatorialRadius, flattening: flattening)
    }

    init(unchecked equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// The polar radius b = a (1 - f), in metres.
    public var polarRadius: Double { equatorialRadius * (1 - flattening) }

    /// The first eccentricity squared, e² = f (2 - f).
    var eccentricitySquared: Double { flattening * (2 - flattening) }

    /// The second eccentricity squared, e′² = e² / (1 - e²).
    var secondEccentricitySquared: Double {
        eccentricitySquared / ((1 - flattening) * (1 - flattening))
    }

    /// The third flattening n = (a - b) / (a + b) = f / (2 - f), the small parameter of the series.
    var thirdFlattening: Double { flattening / (2 - flattening) }
}
