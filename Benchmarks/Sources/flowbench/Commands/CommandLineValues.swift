import ArgumentParser
import Foundation

/// Checks and normal forms for values given on the command line, shared by the commands.
/// ArgumentParser refuses what does not parse as the option's type; these refuse what is out
/// of range, from each command's `validate()`, also as a usage error (exit 2).
enum CommandLineValues {
    /// `value` of option `name` must lie in `range`.
    static func wholeNumber(_ name: String, _ value: Int, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got \(value)")
        }
    }

    /// `value` of option `name` must be finite (not nan or inf).
    static func finite(_ name: String, _ value: Double) throws {
        guard value.isFinite else { throw ValidationError("\(name) expects a finite number, got \(value)") }
    }

    /// `path` made absolute against the working directory.
    static func absolutePath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
