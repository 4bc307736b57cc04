import Testing
@testable import GeoKit

/// The sampler: the full track at a fix a second, and the fixes a duty-cycled phone gets, with
/// its GPS-on time, worked out by hand on small tracks.
struct DutyCycleSamplerTests {
    static let origin = Coordinate(latitude: 37.87, longitude: -119.35)

    /// A walk north at 1 m/s, a recorded point every `step` seconds from t = 1000.
    static func walk(seconds: Int, step: Int = 1, from start: Double = 1000) -> [TimedFix] {
        stride(from: 0, through: seconds, by: step).map { s in
            TimedFix(
                coordinate: Coordinate(latitude: origin.latitude + Double(s) / 111_000, longitude: origin.longitude),
                time: start + Double(s), line: s + 1)
        }
    }

    static func seconds(_ fixes: [TimedFix], from start: Double = 1000) -> [Int] { fixes.map { Int($0.time - start) } }

    @Test func theFullTrackHasAFixEverySecondOnTheLineBetweenRecordedPoints() {
        let recorded = Self.walk(seconds: 10, step: 5)
        let full = DutyCycleSampler.fullRate(recorded)
        #expect(Self.seconds(full) == Array(0...10))
        #expect(abs(full[3].coordinate.latitude - (Self.origin.latitude + 3 / 111_000)) < 1e-12)
        #expect(full.map(\.line) == [1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 11])
        #expect(DutyCycleSampler.fullRate([]) == [])
        #expect(DutyCycleSampler.fullRate(Array(recorded.prefix(1))) == Array(recorded.prefix(1)))
    }

    @Test func aLongGapOrANewSegmentStaysAGap() {
        var recorded = [
            TimedFix(coordinate: Self.origin, time: 1000), TimedFix(coordinate: Self.origin, time: 1002),
            TimedFix(coordinate: Self.origin, time: 1063), TimedFix(coordinate: Self.origin, time: 1065),
        ]
        #expect(Self.seconds(DutyCycleSampler.fullRate(recorded)) == [0, 1, 2, 63, 64, 65])
        recorded[2].time = 1005
        recorded[3].time = 1006
        recorded[2].segment = 1
        recorded[3].segment = 1
        #expect(Self.seconds(DutyCycleSampler.fullRate(recorded)) == [0, 1, 2, 5, 6])
    }

    @Test func recordedPointsOffTheSecondClockAreReplacedByTheLine() {
        let recorded = [
            TimedFix(coordinate: Self.origin, time: 1000), TimedFix(coordinate: Self.origin, time: 1002.5),
            TimedFix(coordinate: Self.origin, time: 1004),
        ]
        #expect(Self.seconds(DutyCycleSampler.fullRate(recorded)) == [0, 1, 2, 3, 4])
    }

    @Test func tenOfSixtyFarFromAnyZone() throws {
        let full = Self.walk(seconds: 300)
        let sample = DutyCycleSampler.sample(full, policy: try DutyCyclePolicy(parsing: "10/60"), zones: [])
        // On at 0 (with a fix already), 60, 120, 180, 240: the first fix 5 s after switching on.
        #expect(Self.seconds(sample.fixes) == Array(0...9) + Array(65...69) + Array(125...129) + Array(185...189) + Array(245...249))
        #expect(sample.windows == 5)
        #expect(sample.onSeconds == 50)
        #expect(sample.span == 300)
        #expect(abs(sample.onShare - 1.0 / 6) < 1e-12)
    }

    @Test func theFirstFixDelayIsTheFirstFixOfEachWindow() throws {
        let sample = DutyCycleSampler.sample(Self.walk(seconds: 130), policy: try DutyCyclePolicy(parsing: "10/60,fix=0"), zones: [])
        #expect(Self.seconds(sample.fixes) == Array(0...9) + Array(60...69) + Array(120...129))
    }

    @Test func nearAZoneTheFasterRhythmTakesOver() throws {
        // A zone whose edge is 300 m north of the start: near (within 200 m) from about 100 s on.
        let centre = Coordinate(latitude: Self.origin.latitude + 400 / 111_000, longitude: Self.origin.longitude)
        let zone = try GeofenceRegion(id: "camp", center: centre, radius: 100)
        let policy = try DutyCyclePolicy(parsing: "10/60,near=200:10/20")
        let sample = DutyCycleSampler.sample(Self.walk(seconds: 200), policy: policy, zones: [zone])
        // Windows at 0 and 60 (latest fix at 69 s: 231 m from the edge), then at 120 (the fix at
        // 129 is 171 m away: near), then every 20 s.
        #expect(
            Self.seconds(sample.fixes) == Array(0...9) + Array(65...69) + Array(125...129) + Array(145...149)
                + Array(165...169) + Array(185...189))
        #expect(sample.windows == 6)
    }

    @Test func afterCrossingAnEdgeTheGPSIsHeldOn() throws {
        // Inside a 100 m zone at the start, out of it from 100 s on.
        let zone = try GeofenceRegion(id: "camp", center: Self.origin, radius: 100)
        let sample = DutyCycleSampler.sample(Self.walk(seconds: 220), policy: try DutyCyclePolicy(parsing: "10/60,hold=30"), zones: [zone])
        // The first window's state is new: held until 40. The window at 130 sees the visitor
        // out: held until 170. Each period counts from the start of the window before.
        #expect(Self.seconds(sample.fixes) == Array(0...39) + Array(75...79) + Array(135...169) + Array(205...209))
        #expect(sample.onSeconds == 100)
        #expect(sample.windows == 6)
    }

    @Test func alwaysOnIsTheFullTrack() {
        let full = Self.walk(seconds: 100)
        let sample = DutyCycleSampler.sample(full, policy: .always, zones: [])
        #expect(sample.fixes == full)
        #expect(sample.onShare == 1)
    }

    @Test func anEmergencySwitchesTheGPSOnAtOnceAndKeepsItOn() throws {
        let full = Self.walk(seconds: 200)
        let sample = DutyCycleSampler.sample(full, policy: try DutyCyclePolicy(parsing: "10/60"), zones: [], emergencies: [1100])
        // Off after 69 s; on at 100 (first fix 105) and never off again.
        #expect(Self.seconds(sample.fixes) == Array(0...9) + Array(65...69) + Array(105...199))
        #expect(sample.onSeconds == 10 + 10 + 100)
        let from = DutyCycleSampler.sample(full, policy: try DutyCyclePolicy(parsing: "10/60"), zones: [], emergencies: [900])
        #expect(from.fixes == full)
    }

    @Test func theSameTrackGivesTheSameFixes() throws {
        let full = DutyCycleSampler.fullRate(Self.walk(seconds: 3000, step: 7))
        let zone = try GeofenceRegion(id: "z", center: Self.origin, radius: 800)
        let a = DutyCycleSampler.sample(full, policy: .standard, zones: [zone])
        let b = DutyCycleSampler.sample(full, policy: .standard, zones: [zone])
        #expect(a.fixes == b.fixes && a.onSeconds == b.onSeconds)
        #expect(Set(a.fixes.map(\.time)).isSubset(of: Set(full.map(\.time))))
    }
}
