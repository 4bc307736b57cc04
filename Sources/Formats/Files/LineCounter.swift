/// Lines and columns of byte offsets in a text file.
///
/// Scanners work in byte offsets; people read lines. ``line(at:)`` answers many questions
/// in file order in one pass overall (a GPX reader asks once per track point), and
/// ``lineAndColumn(of:in:)`` answers one question from scratch (an error message).
package struct LineCounter {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset counted up to, and the line it is on.
    private var countedTo = 0
    private var line = 1

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The 1-based line of `offset`; cheap when offsets come in increasing order.
    package mutating func line(at offset: Int) -> Int {
        let target = min(max(offset, 0), bytes.count)
        if target < countedTo {
            countedTo = 0
            line = 1
        }
        var newlines = 0
        // A plain loop the optimizer vectorizes; no early exit.
        for position in countedTo..<target {
            newlines &+= bytes[position] == 0x0A ? 1 : 0
        }
        line += newlines
        countedTo = target
        return line
    }

    /// The 1-based line and column (counting Unicode scalars, not bytes) of a byte offset.
    /// A UTF-8 byte-order mark at the start takes no column.
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var lineStart = hasByteOrderMark ? min(3, end) : 0
        for position in lineStart..<end where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        // UTF-8 continuation bytes (10xxxxxx) belong to the scalar before them.
        for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }
}
