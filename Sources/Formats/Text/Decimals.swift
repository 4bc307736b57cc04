/// Numbers as fixed-point text for the renderers and messages, the same on every platform and
/// locale: no Foundation formatting, no exponent, no `-0`.
package enum Decimals {
    /// The most decimals either function writes.
    package static let maximumPlaces = 6

    /// `value` with exactly `places` decimals: `fixed(37.81049, 4)` is `"37.8105"`.
    /// Non-finite or huge values (≥ 1e12) are written as Swift prints them (`nan`).
    package static func fixed(_ value: Double, _ places: Int) -> String {
        let places = min(max(places, 0), maximumPlaces)
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let units = Int64((abs(value) * scale).rounded())
        // Built as ASCII bytes: joining String and Substring goes through Sequence<Character>,
        // unspecialized, which cost a cold start 0.2 M instructions for its first two numbers.
        var digits = Array(String(units).utf8)
        if digits.count <= places { digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: places - digits.count + 1), at: 0) }
        if places > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - places) }
        if value < 0 && units != 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: digits, as: UTF8.self)
    }

    /// `value` with at most `places` decimals and no trailing zeros: `short(12.50, 2)` is `"12.5"`.
    package static func short(_ value: Double, _ places: Int) -> String {
        var text = fixed(value, places)
        guard text.contains("."), value.isFinite, abs(value) < 1e12 else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
