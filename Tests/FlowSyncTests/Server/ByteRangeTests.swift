@testable import FlowSync
import Testing

/// `Range` headers read as RFC 9110 §14 has a server read one range.
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-0", ByteRange.part(0...0)), ("bytes=2-4", .part(2...4)), ("bytes=2-", .part(2...9)), ("bytes=-3", .part(7...9)),
        ("bytes=-30", .part(0...9)), ("bytes=8-30", .part(8...9)), (" bytes = 1 - 2 ", .whole), ("BYTES=1-2", .part(1...2)),
        ("bytes=10-", .unsatisfiable), ("bytes=10-12", .unsatisfiable), ("bytes=-0", .unsatisfiable),
        ("bytes=1-2,4-5", .whole), ("bytes=3-1", .whole), ("bytes=a-b", .whole), ("bytes=-", .whole), ("lines=1-2", .whole), ("", .whole),
    ])
    func ofATenByteFile(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, size: 10) == expected, "\(header)")
    }

    @Test func anEmptyFileHasNoBytesToGive() {
        #expect(ByteRange.parse("bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-1", size: 0) == .unsatisfiable)
    }
}
