#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GeofenceBenchData {
    /// The first `n` fixes of the 1 Hz random-walk track (`gen_data.py`'s `track()`).
    ///
    /// State: true position, heading h (degrees clockwise from north), mode, speed and the
    /// seconds left in the segment. Each second: start a new segment when the last one ran
    /// out (stopped p = .15, walking p = .50, driving p = .35); emit the true position plus
    /// noise of σ = 4 m per axis (Irwin–Hall of 4 uniforms); turn; step; reflect at the box
    /// edges; wrap h into [0, 360) as Python's `%` does.
    /// - Parameter n: How many fixes (the shared file holds 100,000); fix t is at t seconds.
    public static func track(_ n: Int) -> [BenchFix] {
        var random = SplitMix64(seed: trackSeed)
        var lon = trackStart.lon, lat = trackStart.lat, heading = 0.0
        var mode = BenchFix.Mode.stopped, speed = 0.0, secondsLeft = 0
        let sigma = 4.0
        let sqrt3 = 3.0.squareRoot()
        var out: [BenchFix] = []
        out.reserveCapacity(n)
        for t in 0..<n {
            if secondsLeft == 0 {
                let u = random.unit()
                mode = u < 0.15 ? .stopped : (u < 0.65 ? .walking : .driving)
                switch mode {
                case .stopped:
                    secondsLeft = random.int(in: 30, 900)
                    speed = 0
                case .walking:
                    secondsLeft = random.int(in: 60, 1800)
                    speed = random.uniform(0.8, 1.8)
                case .driving:
                    secondsLeft = random.int(in: 60, 1800)
                    speed = random.uniform(8.0, 25.0)
                }
            }
            // Python sums the four draws left to right, then multiplies by sigma, then by √3.
            let noiseEast = sigma * (random.unit() + random.unit() + random.unit() + random.unit() - 2.0) * sqrt3
            let noiseNorth = sigma * (random.unit() + random.unit() + random.unit() + random.unit() - 2.0) * sqrt3
            let noise = offsetDegrees(lat: lat, east: noiseEast, north: noiseNorth)
            out.append(BenchFix(t: t, lon: lon + noise.lon, lat: lat + noise.lat, mode: mode))

            // The turn is drawn in every mode, so the stream stays aligned with Python's.
            let maxTurn = mode == .walking ? 20.0 : 5.0
            heading += random.uniform(-maxTurn, maxTurn)
            let step = offsetDegrees(
                lat: lat, east: speed * sin(heading * radiansPerDegree),
                north: speed * cos(heading * radiansPerDegree))
            lon += step.lon
            lat += step.lat
            if lon < lonMin { lon = 2 * lonMin - lon; heading = -heading }
            if lon > lonMax { lon = 2 * lonMax - lon; heading = -heading }
            if lat < latMin { lat = 2 * latMin - lat; heading = 180.0 - heading }
            if lat > latMax { lat = 2 * latMax - lat; heading = 180.0 - heading }
            heading = pythonModulo(heading, 360.0)
            secondsLeft -= 1
        }
        return out
    }
}
