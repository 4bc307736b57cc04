/// A request's path as the bundle server reads it: the parts between slashes, each
/// percent-decoded on its own. Anything that could name a file outside the served folder,
/// or a file a bundle never holds, is no path at all (the server answers 404):
///
/// - an empty, `.` or `..` part, written plainly or percent-encoded (`%2e%2e`);
/// - a part starting with `.` (hidden files, editors' and writers' temporaries);
/// - an encoded slash or backslash (`%2f`, `%5c`), a backslash, a NUL or another control
///   character; a `%` not followed by two hex digits.
///
/// Symbolic links are refused where the file is opened (`ServedFile`).
struct ServedPath: Equatable {
    /// The decoded parts: `["GOGA", "objects", "9f86…"]`.
    let parts: [String]

    /// The path of `raw` (a request's path, still percent-encoded), or nil when it is refused.
    init?(_ raw: String) {
        guard raw.hasPrefix("/"), raw.utf8.count <= 2_048 else { return nil }
        var parts: [String] = []
        for piece in raw.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let part = Self.decode(piece), Self.isSafe(part) else { return nil }
            parts.append(part)
        }
        self.parts = parts
    }

    /// `%XX` decoded, or nil for a bad escape or bytes that are not UTF-8.
    private static func decode(_ bytes: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func isSafe(_ part: String) -> Bool {
        !part.isEmpty && !part.hasPrefix(".")
            && !part.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
