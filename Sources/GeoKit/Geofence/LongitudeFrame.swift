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
        var lowest = Double.infinity, highest = -Double.infinity
        for longitude in longitudes where longitude.isFinite {
            let folded = Self.normalized(longitude)
            lowest = min(lowest, folded)
            highest = max(highest, folded)
        }
        guard lowest.isFinite else {
            self.init(reference: 0)
            return
        }
        // Spread over less than half the world, the widest gap is the one round the back: no sort.
        if highest - lowest < 180 {
            self.init(reference: lowest)
            return
        }
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
        let x = longitude - reference
        return x >= 0 && x < 360 ? x : Self.folded(x)
    }

    /// `x` folded into [0, 360): the rare case of ``x(_:)``, out of line.
    @inline(never)
    static func folded(_ x: Double) -> Double {
        // Valid longitudes are within one turn of the reference, so one step does, except
        // that -1e-20 + 360 rounds to 360; out-of-range longitudes need the whole division.
        let once = x < 0 ? x + 360 : x - 360
        if once >= 0 && once < 360 { return once }
        guard x.isFinite else { return x }
        let folded = x - 360 * (x / 360).rounded(.down)
        return folded >= 0 && folded < 360 ? folded : 0
    }

    /// The frame moved `degrees` east (west when negative).
    func shifted(by degrees: Double) -> LongitudeFrame {
        LongitudeFrame(reference: Self.normalized(reference + degrees))
    }

    /// An x of this frame as degrees east (positive) or west (negative) of the reference, in [-180, 180).
    static func signed(_ x: Double) -> Double { x >= 180 ? x - 360 : x }

    /// `longitude` folded into [-180, 180).
    static func normalized(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        let folded = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return folded < 180 ? folded : folded - 360
    }
}
