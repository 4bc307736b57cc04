/// Longitudes measured eastwards from a reference meridian, in [0, 360): how the geofence grids
/// index longitudes, so that regions on both sides of ±180° sit side by side in one grid and a
/// fix at 180 finds what a fix at -180 finds.
///
/// The reference is the eastern end of the widest empty arc between the longitudes indexed,
/// so they span the least: a park around -110° gets x from 0 up to a degree or so wherever
/// the antimeridian is, and a set straddling ±180° is not stretched around the world.
struct LongitudeFrame: Sendable, Hashable {
    /// The meridian where x = 0, degrees.
    let reference: Double

    /// A frame with the given reference meridian.
    init(reference: Double) {
        self.reference = reference.isFinite ? reference : 0
    }

    /// The frame whose x = 0 starts the smallest arc holding every longitude; the reference
    /// is 0 without any finite longitude.
    init(covering longitudes: [Double]) {
        let sorted = longitudes.filter(\.isFinite).map(Self.normalized).sorted()
        guard let first = sorted.first, let last = sorted.last else {
            self.init(reference: 0)
            return
        }
        // The gap from the last longitude eastwards round to the first, then each inner gap.
        var widest = first + 360 - last, start = first
        for (west, east) in zip(sorted, sorted.dropFirst()) where east - west > widest {
            widest = east - west
            start = east
        }
        self.init(reference: start)
    }

    /// Degrees east of the reference, in [0, 360); NaN stays NaN.
    @inline(__always)
    func x(_ longitude: Double) -> Double {
        var x = longitude - reference
        // Valid longitudes are within one turn of the reference, so one fold does.
        if x < 0 {
            x += 360
        } else if x >= 360 {
            x -= 360
        }
        guard x >= 0 && x < 360 else {
            // -1e-20 + 360 rounds to 360; out-of-range longitudes need the whole division.
            let folded = x - 360 * (x / 360).rounded(.down)
            return folded < 360 ? folded : 0
        }
        return x
    }

    /// `longitude` folded into [-180, 180).
    static func normalized(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        let folded = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return folded < 180 ? folded : folded - 360
    }
}
