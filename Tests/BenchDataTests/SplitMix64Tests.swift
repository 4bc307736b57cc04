import Testing
import BenchData

struct SplitMix64Tests {
    @Test func firstOutputsOfSeedZeroMatchChecksJSON() throws {
        let checks = try Fixture.json("checks.json")
        let expected = try #require(checks["splitmix64_seed0_first3"] as? [String])
        var random = SplitMix64(seed: 0)
        let outputs = (0..<3).map { _ in "0x" + hex16(random.next()) }
        #expect(outputs == expected)
        #expect(outputs.first == "0xe220a8397b1dcdaf")
    }

    @Test func unitUsesTheTop53Bits() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        let bits = a.next()
        #expect(b.unit() == Double(bits >> 11) / 9_007_199_254_740_992.0)
    }

    @Test func uniformAndIntStayInRange() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let x = random.uniform(-2, 3)
            #expect(x >= -2 && x < 3)
            let k = random.int(in: 8, 64)
            #expect((8...64).contains(k))
        }
    }

    private func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
