import LuaKit
import Testing

@Suite struct UTF8TextTests {
    func first(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { UTF8Text.firstInvalidByte($0) }
    }

    @Test func wellFormedTextHasNoInvalidByte() {
        #expect(first(Array("Café ✓ 𝄞".utf8)) == nil)
        #expect(first([]) == nil)
    }

    @Test func theOffsetIsTheByteThatBeginsTheBadSequence() {
        #expect(first([0x61, 0xFF]) == 1)  // never in UTF-8
        #expect(first([0x63, 0xE9, 0x74]) == 1)  // Latin-1 é before ASCII
        #expect(first([0x61, 0xC3]) == 1)  // truncated at the end
        #expect(first([0xC0, 0xAF]) == 0)  // overlong '/'
        #expect(first([0xE0, 0x80, 0xAF]) == 0)  // overlong, three bytes
        #expect(first([0xED, 0xA0, 0x80]) == 0)  // a surrogate
        #expect(first([0xF4, 0x90, 0x80, 0x80]) == 0)  // above U+10FFFF
        #expect(first([0x80]) == 0)  // a lone continuation byte
    }

    @Test func linesAndColumnsCountFromOne() {
        let bytes: [UInt8] = Array("ab\ncd".utf8) + [0xE9]
        let place = bytes.withUnsafeBytes { UTF8Text.lineAndColumn(of: 5, in: $0) }
        #expect(place.line == 2 && place.column == 3)
    }
}
