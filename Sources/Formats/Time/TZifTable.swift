/// The contents of a TZif file (RFC 8536) that ``ZoneRules`` answers from: the version 2+
/// block (64-bit times) when there is one, else version 1's, and the footer's rule.
struct TZifTable {
    var transitions: [Int64] = []
    var transitionTypes: [Int] = []
    var types: [ZoneRules.LocalType] = []
    var rule: PosixZoneRule?

    /// The table of `bytes`, or nil when they are not a TZif file whose parts fit in it.
    init?(_ bytes: [UInt8]) {
        guard let first = Self.block(bytes, at: 0, timeSize: 4) else { return nil }
        var block = first
        if bytes[4] >= UInt8(ascii: "2"), let second = Self.block(bytes, at: first.end, timeSize: 8) {
            block = second
            // The footer: "\n" + a POSIX TZ string + "\n", for times after the last transition.
            if block.end < bytes.count, bytes[block.end] == 0x0A, let close = bytes[(block.end + 1)...].firstIndex(of: 0x0A) {
                let text = String(decoding: bytes[(block.end + 1)..<close], as: UTF8.self)
                rule = text.isEmpty ? nil : PosixZoneRule(text)
            }
        }
        let timeSize = block.timeSize
        for i in 0..<block.timeCount {
            let at = block.times + i * timeSize
            let raw = bytes[at..<at + timeSize].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            transitions.append(timeSize == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw))))
            transitionTypes.append(Int(bytes[block.indices + i]))
        }
        for i in 0..<block.typeCount {
            let at = block.types + i * 6
            let offset = Int(Int32(bitPattern: bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
            let index = Int(bytes[at + 5])
            var name = ""
            if index < block.charCount {
                let start = block.chars + index
                let end = bytes[start..<block.chars + block.charCount].firstIndex(of: 0) ?? block.chars + block.charCount
                name = String(decoding: bytes[start..<end], as: UTF8.self)
            }
            types.append(ZoneRules.LocalType(offset: offset, isDaylight: bytes[at + 4] != 0, abbreviation: name))
        }
        guard !types.isEmpty, transitionTypes.allSatisfy({ $0 < types.count }) else { return nil }
    }

    /// Where one data block's parts start, and where it ends.
    private struct Block {
        var timeSize, timeCount, times, indices, typeCount, types, charCount, chars, end: Int
    }

    private static func block(_ bytes: [UInt8], at header: Int, timeSize: Int) -> Block? {
        func count(_ index: Int) -> Int {
            let start = header + 20 + 4 * index
            return bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard header + 44 <= bytes.count, bytes[header..<header + 4].elementsEqual("TZif".utf8) else { return nil }
        let (isUT, isStd, leaps, times, typeCount, charCount) = (count(0), count(1), count(2), count(3), count(4), count(5))
        let indices = header + 44 + times * timeSize
        let types = indices + times
        let chars = types + typeCount * 6
        let end = chars + charCount + leaps * (timeSize + 4) + isStd + isUT
        guard end <= bytes.count else { return nil }
        return Block(
            timeSize: timeSize, timeCount: times, times: header + 44, indices: indices, typeCount: typeCount, types: types, charCount: charCount,
            chars: chars, end: end)
    }
}
