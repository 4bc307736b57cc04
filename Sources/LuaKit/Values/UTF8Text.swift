/// Where bytes stop being UTF-8 text. Lua strings are bytes; where Swift needs text (a
/// screen, a native argument, a flow file) the bytes are checked and refused with the place,
/// never replaced.
public enum UTF8Text {
    /// Offset of the first byte that does not begin a well-formed UTF-8 sequence
    /// (RFC 3629: no overlongs, surrogates or values above U+10FFFF); nil if all do.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the 0-based offset, or nil when the bytes are all UTF-8 text.
    public static func firstInvalidByte(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        while i < bytes.count {
            // Eight ASCII bytes at a time: flow files and most strings are ASCII throughout.
            if i + 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = bytes[i]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xED: length = 3; high = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; low = 0x90
            case 0xF4: length = 4; high = 0x8F
            case 0xF1...0xF3: length = 4
            default: return i
            }
            for k in 1..<length {
                guard i + k < bytes.count else { return i }
                let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard (lo...hi).contains(bytes[i + k]) else { return i }
            }
            i += length
        }
        return nil
    }

    /// `3:14` (1-based line and column, in bytes) of `offset`, for messages about a file.
    /// - Parameters:
    ///   - offset: a 0-based byte offset into `bytes`.
    ///   - bytes: the file's bytes; lines end at `\n`.
    public static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The bytes as text for a person to read: each byte that does not begin a well-formed
    /// sequence shows as `\xFF`, so nothing is silently replaced.
    /// - Parameter bytes: the bytes, UTF-8 or not.
    static func escapingInvalid(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            let bad = rest.withUnsafeBytes { firstInvalidByte($0) }
            let good = rest.prefix(bad ?? rest.count)
            text += String(decoding: good, as: UTF8.self)
            guard let bad else { break }
            let byte = rest[rest.startIndex + bad]
            text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            rest = rest.dropFirst(bad + 1)
        }
        return text
    }
}
