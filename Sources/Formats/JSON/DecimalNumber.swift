/// Parses decimal numbers as XML Schema writes them (`xsd:decimal`, GPX's type for
/// latitude, longitude and elevation), plus an optional exponent that some writers emit:
/// `-119.5986930`, `+2.5`, `.5`, `7.`, `1e-05`.
///
/// The same fast path as ``JSONScanner/parseNumber()``: up to 19 significant digits with
/// a power of ten within ±22 take one exact multiplication or division; anything else goes
/// to the standard library's correctly rounded parser. Words such as `nan` and `inf` and
/// hexadecimal are not numbers here; `1e400` is infinity, for the caller to reject.
package enum DecimalNumber {
    /// The value of `text` (no surrounding whitespace), or `nil` if it is not a decimal number.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = text.count
        var cursor = 0
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var digits = 0

        let negative = cursor < count && text[cursor] == UInt8(ascii: "-")
        if cursor < count, negative || text[cursor] == UInt8(ascii: "+") { cursor += 1 }
        while cursor < count, let next = digit(text[cursor]) {
            mantissa = mantissa &* 10 &+ next
            if significantDigits > 0 || next != 0 { significantDigits += 1 }
            digits += 1
            cursor += 1
        }
        if cursor < count, text[cursor] == UInt8(ascii: ".") {
            cursor += 1
            while cursor < count, let next = digit(text[cursor]) {
                mantissa = mantissa &* 10 &+ next
                if significantDigits > 0 || next != 0 { significantDigits += 1 }
                fractionDigits += 1
                digits += 1
                cursor += 1
            }
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if cursor < count, text[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            let negativeExponent = cursor < count && text[cursor] == UInt8(ascii: "-")
            if cursor < count, negativeExponent || text[cursor] == UInt8(ascii: "+") { cursor += 1 }
            guard cursor < count, digit(text[cursor]) != nil else { return nil }
            while cursor < count, let next = digit(text[cursor]) {
                // Clamp: anything this large is 0 or infinity anyway, and Int must not overflow.
                if exponent < 100_000 { exponent = exponent * 10 + Int(next) }
                cursor += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        guard cursor == count else { return nil }

        // Up to 19 significant digits, the wrapping arithmetic above cannot have wrapped.
        let power = exponent - fractionDigits
        if significantDigits <= 19, mantissa <= 1 << 53, (-22...22).contains(power) {
            var value = Double(mantissa)
            value = power < 0 ? value / exactPowersOfTen[-power] : value * exactPowersOfTen[power]
            return negative ? -value : value
        }
        // The grammar is checked, so the standard parser sees only digits, signs, '.' and 'e'.
        return Double(String(decoding: text, as: UTF8.self))
    }
}

// MARK: - Pure helpers

@inline(__always)
private func digit(_ byte: UInt8) -> UInt64? {
    let value = byte &- UInt8(ascii: "0")
    return value < 10 ? UInt64(value) : nil
}
