import Formats
public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A manifest's times (`created`, `expires`): RFC 3339 in UTC to the second, one spelling
/// only (`2026-11-27T13:40:00Z`), so a time read back writes the same bytes and two readers
/// of the signed text never differ on what moment it names.
public enum ManifestTime {
    /// `2026-11-27T13:40:00Z`: `date` in whole seconds (a fraction is dropped).
    public static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return "\(TimeText.date(seconds))T\(TimeText.clock(seconds))Z"
    }

    /// The moment `text` names, or nil when it is not written exactly as ``text(_:)`` writes
    /// (another offset, a fraction, a day that does not exist, a year before 1970 or after 9999).
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        guard bytes.count == shape.count else { return nil }
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "d") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            } else if byte != expected {
                return nil
            }
        }
        func number(_ range: Range<Int>) -> Int32 { range.reduce(0) { $0 * 10 + Int32(bytes[$1] - UInt8(ascii: "0")) } }
        var parts = tm()
        parts.tm_year = number(0..<4) - 1900
        parts.tm_mon = number(5..<7) - 1
        parts.tm_mday = number(8..<10)
        parts.tm_hour = number(11..<13)
        parts.tm_min = number(14..<16)
        parts.tm_sec = number(17..<19)
        let seconds = timegm(&parts)
        guard seconds >= 0 else { return nil }
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        // timegm carries an overflow into the next field (February 30 is March 2): the
        // text must be the one the moment writes.
        return Self.text(date) == text ? date : nil
    }
}
