/// A `Range` request header as the bundle server reads it (RFC 9110 §14): one range of
/// bytes, `bytes=0-99`, `bytes=100-` or `bytes=-100` (the last 100). A header it does not
/// serve as a part — several ranges, another unit, bad syntax — is ignored, as the RFC
/// allows, and the whole file is sent.
enum ByteRange: Equatable {
    /// Send these bytes (206).
    case part(ClosedRange<Int>)
    /// No byte of the file is in the range (416).
    case unsatisfiable
    /// Send the whole file (200).
    case whole

    /// What `header` asks of a file of `size` bytes.
    static func parse(_ header: String, size: Int) -> ByteRange {
        let text = header.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst(6).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingSpaces, last = spec[spec.index(after: dash)...].trimmingSpaces
        switch (number(first), number(last)) {
        case (let start?, let end?):
            guard start <= end else { return .whole }
            return start < size ? .part(start...min(end, size - 1)) : .unsatisfiable
        case (let start?, nil) where last.isEmpty:
            return start < size ? .part(start...(size - 1)) : .unsatisfiable
        case (nil, let count?) where first.isEmpty:
            return count > 0 && size > 0 ? .part(max(0, size - count)...(size - 1)) : .unsatisfiable
        default:
            return .whole
        }
    }

    /// A run of ASCII digits as a number (saturating: a longer run than any file is large), or nil.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return text.utf8.count > 18 ? Int.max : Int(text)
    }
}

private extension StringProtocol {
    /// Without leading and trailing spaces and tabs (optional whitespace in HTTP).
    var trimmingSpaces: Substring {
        let body = self[...].drop { $0 == " " || $0 == "\t" }
        var end = body.endIndex
        while end > body.startIndex, [" ", "\t"].contains(body[body.index(before: end)]) { end = body.index(before: end) }
        return Substring(body[..<end])
    }
}
