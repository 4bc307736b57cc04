import Crypto

/// SHA-256 as bundles name content (and the bundle server its ETags): 64 lowercase hex digits.
public enum ContentHash {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func sha256(_ bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

    /// A SHA-256 taken over bytes that come a block at a time (a file streamed from disk).
    public struct Running: Sendable {
        private var hasher = SHA256()

        /// A hash of no bytes yet.
        public init() {}

        /// Takes the next bytes.
        public mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

        /// The hash of every byte taken, as 64 lowercase hex digits.
        public func finish() -> String { ContentHash.hex(hasher.finalize()) }
    }

    /// Whether `text` is a SHA-256 as bundles write it: 64 lowercase hex digits.
    public static func isSHA256(_ text: String) -> Bool { BundlePath.isSHA256(text) }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
