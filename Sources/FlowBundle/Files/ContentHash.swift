import Crypto

/// SHA-256 as bundles name content: 64 lowercase hex digits.
enum ContentHash {
    static func sha256(_ bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

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
