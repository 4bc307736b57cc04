#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, written whole with write(2): the one writer every layer's messages go
/// through (FlowKit's `TerminalText` escapes what it writes first). Unbuffered, so a
/// message is out before the process exits or a watchdog stops it.
public enum StandardError {
    /// Writes `text` as it is (add the newline yourself). Errors are ignored: there is
    /// nowhere left to report them.
    /// - Parameter text: the bytes to write, as UTF-8.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in writeAll(2, bytes) }
    }
}

/// Standard output, written as standard error is: whole, unbuffered (a script's `print` in
/// `flowrun lua`, which a reader of the pipe sees line by line).
public enum StandardOutput {
    /// Writes `bytes` as they are; errors are ignored, as for standard error.
    public static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { writeAll(1, $0) }
    }
}

/// Writes all of `bytes` to `fd`, however many calls write(2) takes.
private func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard var base = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
        let written = systemWrite(fd, base, left)
        if written <= 0 { return }
        base += written
        left -= written
    }
}

/// write(2) (inside the enums above, `write` names the method).
private func systemWrite(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(fd, bytes, count)
}
