extension JSONScanner {
    /// Parses a JSON number at the cursor.
    ///
    /// A decimal mantissa up to 2⁵³ (15 digits, often 16) with a power of ten within ±22
    /// converts with one multiplication or division (Clinger's fast path: both operands are
    /// exact doubles, so the one rounding is the correct one). Anything else, such as `1e300`
    /// or 20 digits, goes to the standard library's correctly rounded parser.
    package mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        let count = bytes.count
        var cursor = index
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0

        let negative = bytes[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        // Integer part: `0` alone or a non-zero digit followed by digits.
        guard cursor < count, let first = digit(bytes[cursor]) else { throw invalidNumber(from: start) }
        cursor += 1
        if first == 0 {
            if cursor < count, digit(bytes[cursor]) != nil { throw invalidNumber(from: start) }
        } else {
            mantissa = first
            significantDigits = 1
            while cursor < count, let next = digit(bytes[cursor]) {
                mantissa = mantissa &* 10 &+ next
                significantDigits += 1
                cursor += 1
            }
        }
        if cursor < count, bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            guard cursor < count, digit(bytes[cursor]) != nil else { throw invalidNumber(from: start) }
            while cursor < count, let next = digit(bytes[cursor]) {
                mantissa = mantissa &* 10 &+ next
                // Leading zeros of a fraction (0.000123) are not significant.
                if significantDigits > 0 || next != 0 { significantDigits += 1 }
                fractionDigits += 1
                cursor += 1
            }
        }
        var exponent = 0
        if cursor < count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            let negativeExponent = cursor < count && bytes[cursor] == UInt8(ascii: "-")
            if cursor < count, negativeExponent || bytes[cursor] == UInt8(ascii: "+") { cursor += 1 }
            guard cursor < count, digit(bytes[cursor]) != nil else { throw invalidNumber(from: start) }
            while cursor < count, let next = digit(bytes[cursor]) {
                // Clamp: anything this large is 0 or infinity anyway, and Int must not overflow.
                if exponent < 100_000 { exponent = exponent * 10 + Int(next) }
                cursor += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        index = cursor

        // Up to 19 significant digits, the wrapping arithmetic above cannot have wrapped.
        let power = exponent - fractionDigits
        if significantDigits <= 19, mantissa <= 1 << 53, (-22...22).contains(power) {
            var value = Double(mantissa)
            value = power < 0 ? value / exactPowersOfTen[-power] : value * exactPowersOfTen[power]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
        guard let value = Double(text) else { throw invalidNumber(from: start) }
        return value
    }

    /// The number's text as far as it looks like one, for the message.
    private func invalidNumber(from start: Int) -> SyntaxError {
        var end = start + 1
        while end < bytes.count, end - start < 30, isNumberByte(bytes[end]) { end += 1 }
        end = min(end, bytes.count)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return SyntaxError(offset: start, message: "invalid number \(Excerpt.quoted(text))")
    }
}

// MARK: - Pure helpers

/// The value of an ASCII digit; `nil` for any other byte.
@inline(__always)
private func digit(_ byte: UInt8) -> UInt64? {
    let value = byte &- UInt8(ascii: "0")
    return value < 10 ? UInt64(value) : nil
}

private func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        true
    default:
        false
    }
}

/// 10⁰ … 10²², every one exactly representable as a Double.
package let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
