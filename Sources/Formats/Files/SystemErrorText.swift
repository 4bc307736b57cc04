#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system's reason for a failed file operation, as `strerror` words it ("No
/// such file or directory"), without Foundation's wrapping: what messages print after the
/// file they name.
package enum SystemErrorText {
    /// `error`'s reason: the POSIX error beneath a Foundation file error, else the error as text.
    package static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError { return text(posix.code.rawValue) }
        if let posix = error as? POSIXError { return text(posix.code.rawValue) }
        return "\(error)"
    }

    /// `strerror(code)`.
    package static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
