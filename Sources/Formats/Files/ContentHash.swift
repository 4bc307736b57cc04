/// A 64-bit hash of bytes, to tell one file's or one source's bytes from another's: not for
/// secrets. Four lanes of eight bytes each, mixed independently and folded at the end, so a
/// park's 36 MB `sites.geojson` hashes in a few milliseconds (the CPU overlaps the lanes).
public enum ContentHash {
    /// The hash of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// The hash of the bytes in `raw`.
    public static func of(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let seed: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(raw.count)
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed &+ 1, seed &+ 2, seed &+ 3)
        var at = 0
        while at + 32 <= raw.count {
            lanes.0 = mix(lanes.0 ^ word(raw, at))
            lanes.1 = mix(lanes.1 ^ word(raw, at + 8))
            lanes.2 = mix(lanes.2 ^ word(raw, at + 16))
            lanes.3 = mix(lanes.3 ^ word(raw, at + 24))
            at += 32
        }
        var hash = mix(lanes.0 ^ mix(lanes.1 ^ mix(lanes.2 ^ mix(lanes.3))))
        while at + 8 <= raw.count {
            hash = mix(hash ^ word(raw, at))
            at += 8
        }
        var tail: UInt64 = 0
        for (i, byte) in raw[at...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(i)) }
        return mix(mix(hash ^ tail))
    }

    private static func word(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        return x ^ (x >> 32)
    }
}
