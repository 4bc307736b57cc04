#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read one at a time with the C library: Foundation's
/// `ProcessInfo.environment` copies the whole environment into a dictionary at each call,
/// which cost a cold `flowrun --park GOGA home` 3% of its instructions for two lookups.
public enum Environment {
    /// The value of variable `name`; nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The value of variable `name`, or nil when it is not set or empty: the XDG base
    /// directory specification treats an empty variable as unset, and so do flowrun's own.
    public static func nonEmpty(_ name: String) -> String? {
        value(name).flatMap { $0.isEmpty ? nil : $0 }
    }
}
