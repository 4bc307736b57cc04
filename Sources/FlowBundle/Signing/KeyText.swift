import Foundation

/// The one-line text files keys and signatures are kept in: a label, then base64
/// (standard alphabet, padded) of the raw bytes, then a newline.
///
/// ```
/// keys/NAME.key   ed25519-private <base64 of the 32-byte private key>
/// keys/NAME.pub   ed25519-public <base64 of the 32-byte public key>
/// manifest.sig    ed25519 <key id: 16 hex digits> <base64 of the 64-byte signature>
/// ```
enum KeyText {
    static let privateLabel = "ed25519-private"
    static let publicLabel = "ed25519-public"
    static let signatureLabel = "ed25519"

    /// `label word... base64\n`.
    static func line(_ words: [String], _ bytes: some DataProtocol) -> [UInt8] {
        Array((words + [Data(bytes).base64EncodedString()]).joined(separator: " ").utf8) + [0x0A]
    }

    /// The words of a one-line file: exactly `count` of them, separated by single spaces,
    /// with one newline at most at the end.
    static func words(_ bytes: [UInt8], count: Int, file: String, format: String) throws(BundleError) -> [String] {
        var body = bytes[...]
        if body.last == 0x0A { body = body.dropLast() }
        guard let text = String(validating: body, as: UTF8.self), !text.contains("\n") else {
            throw BundleError(.malformed, file: file, "expected one line '\(format)'")
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count == count, !words.contains(where: \.isEmpty) else {
            throw BundleError(.malformed, file: file, "expected one line '\(format)'")
        }
        return words
    }

    /// The bytes of base64 `text`, which must decode to exactly `count` bytes.
    static func decode(_ text: String, count: Int, file: String, what: String) throws(BundleError) -> Data {
        guard let data = Data(base64Encoded: text), data.count == count else {
            throw BundleError(.malformed, file: file, "the \(what) is not base64 of \(count) bytes")
        }
        return data
    }
}
