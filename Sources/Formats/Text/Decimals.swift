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
        let sign = value < 0 && units != 0 ? "-" : ""
        var digits = String(units)
        guard places > 0 else { return sign + digits }
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<point] + "." + digits[point...]
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
