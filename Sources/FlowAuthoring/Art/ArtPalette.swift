public import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The onboarding pictures' colours, mixed from the park's theme (park.lua `theme`) with
/// the colours of sky, haze, water and forest, so every park's pictures are its own and
/// still read as a landscape.
public struct ArtPalette: Sendable {
    let skyTop, skyBottom, duskTop, duskBottom, sun, cloud: String
    let far, haze, near, nearShade: String
    let waterTop, waterBottom, meadow, bank, accent: String

    /// The colours for a park of `theme` (its `#RRGGBB` colours, checked when the park loads).
    public init(theme: ParkSettings.Theme) {
        let p = theme.primary, a = theme.accent, b = theme.background
        skyTop = Self.mix("#5E93C9", p, 0.1)
        skyBottom = Self.mix(Self.mix("#F3E7CF", b, 0.4), a, 0.12)
        duskTop = Self.mix("#27345C", p, 0.25)
        duskBottom = Self.mix("#F2A66B", a, 0.35)
        sun = Self.mix("#FFF1C9", a, 0.1)
        cloud = "#FFFFFF"
        far = Self.mix(Self.mix("#74869F", p, 0.35), skyBottom, 0.15)
        haze = Self.mix(far, skyBottom, 0.35)
        near = Self.mix(Self.mix(p, "#1F2B2E", 0.35), "#2E4A3A", 0.2)
        nearShade = Self.mix(near, "#10181A", 0.35)
        waterTop = Self.mix(Self.mix("#6FA6C8", a, 0.3), skyBottom, 0.2)
        waterBottom = Self.mix(Self.mix("#23506E", a, 0.25), p, 0.15)
        meadow = Self.mix("#5E7F45", p, 0.3)
        bank = Self.mix("#17261D", p, 0.2)
        accent = a
    }

    /// `a` moved `t` of the way to `b`, both `#RRGGBB` (the park's are checked when it loads).
    static func mix(_ a: String, _ b: String, _ t: Double) -> String {
        let x = rgb(a), y = rgb(b)
        let mixed = (0..<3).map { (i: Int) -> Int in
            let from = Double(x[i]), to = Double(y[i])
            return Int((from + (to - from) * t).rounded())
        }
        return "#" + mixed.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    private static func rgb(_ hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 else { return [0, 0, 0] }
        return (0..<3).map { Int(String(digits[($0 * 2)..<($0 * 2 + 2)]), radix: 16) ?? 0 }
    }
}
