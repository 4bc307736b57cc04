import Formats
import GeoKit

/// The byte layout of a prepared site table (`PreparedSites`): little-endian numbers,
/// strings as a `u32` length and UTF-8, JSON values as a tag and their content.
struct SiteBytesWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func f64(_ value: Double) { u64(value.bitPattern) }
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { text in
            u32(text.count)
            bytes.append(contentsOf: text)
        }
    }

    /// Overwrites the `u64` at `offset` (a section's place, known once it is written).
    mutating func patch(_ offset: Int, _ value: Int) {
        withUnsafeBytes(of: UInt64(value).littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
    }

    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let b): bytes.append(b ? 2 : 1)
        case .number(let d):
            bytes.append(3)
            f64(d)
        case .string(let s):
            bytes.append(4)
            string(s)
        case .array(let items):
            bytes.append(5)
            u32(items.count)
            for item in items { json(item) }
        case .object(let fields):
            bytes.append(6)
            u32(fields.count)
            // Sorted, so one park's sites always make the same bytes.
            for key in fields.keys.sorted() {
                string(key)
                json(fields[key] ?? .null)
            }
        }
    }
}

/// Reads what `SiteBytesWriter` wrote; every read is checked against the end, and a read
/// past it (a damaged table) is nil, never a trap. The bytes belong to a `ByteRegion` the
/// reader's owner (`PreparedSites`) holds for as long as it reads.
struct SiteBytesReader {
    let bytes: UnsafeRawBufferPointer
    var at: Int

    mutating func u32() -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        defer { at += 4 }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
    }

    mutating func u64() -> UInt64? {
        guard at >= 0, at + 8 <= bytes.count else { return nil }
        defer { at += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    mutating func offset() -> Int? { u64().flatMap { Int(exactly: $0) } }
    mutating func f64() -> Double? { u64().map(Double.init(bitPattern:)) }

    mutating func string() -> String? {
        guard let count = u32(), at + count <= bytes.count else { return nil }
        defer { at += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + count]), as: UTF8.self)
    }

    /// Where the next string's UTF-8 bytes lie, stepping past them.
    mutating func stringBytes() -> Range<Int>? {
        guard let count = u32(), at + count <= bytes.count else { return nil }
        defer { at += count }
        return at..<at + count
    }

    /// The next JSON value's tag, not stepping past it.
    func peekTag() -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

    /// Steps past a JSON value, at most `depth` levels deep, without decoding it.
    mutating func skipJSON(depth: Int = 64) -> Bool {
        guard depth > 0, let tag = peekTag() else { return false }
        at += 1
        switch tag {
        case 0, 1, 2: return true
        case 3: return u64() != nil
        case 4: return stringBytes() != nil
        case 5, 6:
            guard let count = u32(), count <= bytes.count - at else { return false }
            for _ in 0..<count {
                if tag == 6 { guard stringBytes() != nil else { return false } }
                guard skipJSON(depth: depth - 1) else { return false }
            }
            return true
        default: return false
        }
    }

    /// A JSON value, at most `depth` levels deep.
    mutating func json(depth: Int = 64) -> JSONValue? {
        guard depth > 0, at < bytes.count else { return nil }
        let tag = bytes[at]
        at += 1
        switch tag {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return f64().map(JSONValue.number)
        case 4: return string().map(JSONValue.string)
        case 5:
            guard let count = u32(), count <= bytes.count - at else { return nil }
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = json(depth: depth - 1) else { return nil }
                items.append(item)
            }
            return .array(items)
        case 6:
            guard let count = u32(), count <= bytes.count - at else { return nil }
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(count)
            for _ in 0..<count {
                guard let key = string(), let value = json(depth: depth - 1) else { return nil }
                fields[key] = value
            }
            return .object(fields)
        default: return nil
        }
    }
}
