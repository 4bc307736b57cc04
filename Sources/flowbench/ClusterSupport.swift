#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GeoKit

/// Arguments of the cluster subcommands: `--name value` or `--name=value`, and bare flags.
struct ClusterArguments {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`; `valued` names take a value, `switches` do not.
    /// - Throws: `BenchError.usage` for an unknown option or a missing value.
    init(_ arguments: [String], valued: Set<String>, switches: Set<String>) throws(BenchError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if switches.contains(name), inline == nil {
                flags.insert(name)
            } else if valued.contains(name) {
                if let inline {
                    values[name] = inline
                } else if let next = rest.popFirst() {
                    values[name] = next
                } else {
                    throw .usage("\(name) needs a value")
                }
            } else {
                throw .usage("unknown argument '\(argument)'")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func string(_ name: String) -> String? { values[name] }

    func int(_ name: String, range: ClosedRange<Int>) throws(BenchError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text.filter { $0 != "_" }), range.contains(n) else {
            throw .usage("\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return n
    }

    func double(_ name: String) throws(BenchError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let x = Double(text), x.isFinite else { throw .usage("\(name) expects a finite number, got '\(text)'") }
        return x
    }
}

/// Points as two flat arrays, read from a `.f64` file (little-endian float64 lon,lat pairs).
struct PointColumns {
    var longitudes: [Double]
    var latitudes: [Double]
    var count: Int { longitudes.count }

    /// - Throws: `BenchError.usage` if the file is unreadable or not a whole number of pairs.
    static func readF64(_ path: String) throws(BenchError) -> PointColumns {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage("\(path): cannot read the file (missing, a directory, or no permission)")
        }
        guard data.count % 16 == 0 else {
            throw .usage("\(path): \(data.count) bytes is not a whole number of 16-byte (float64 lon, lat) pairs")
        }
        let n = data.count / 16
        var lons = [Double](repeating: 0, count: n), lats = [Double](repeating: 0, count: n)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                lons[i] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16 * i, as: UInt64.self)))
                lats[i] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16 * i + 8, as: UInt64.self)))
            }
        }
        return PointColumns(longitudes: lons, latitudes: lats)
    }
}

/// Child processes of the cluster benchmark: found on PATH, standard output to a file or to
/// standard error, measured with wait4.
enum ChildProcess {
    /// Runs `program` (looked up on PATH when it has no slash) and waits.
    /// - Parameter stdoutPath: where standard output goes; nil sends it to standard error
    ///   (so setup chatter never mixes with the report).
    /// - Throws: `BenchError.setup` if it cannot be started or waited for.
    static func run(_ program: String, _ arguments: [String], stdoutPath: String?) throws(BenchError) -> ProcessSpawner.Outcome {
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdoutPath {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        var pid: pid_t = 0
        var status: Int32 = 0
        var usage = rusage()
        let start = MonotonicClock.now()
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw .setup("cannot start \(program): \(String(cString: strerror(spawned)))") }
        var waited: pid_t
        repeat { waited = wait4(pid, &status, 0, &usage) } while waited == -1 && errno == EINTR
        let end = MonotonicClock.now()
        guard waited == pid else { throw .setup("cannot wait for \(program): \(String(cString: strerror(errno)))") }
        let termination = status & 0x7f
        return ProcessSpawner.Outcome(exitStatus: termination == 0 ? (status >> 8) & 0xff : nil,
                                      signal: termination == 0 ? nil : termination,
                                      wallNanoseconds: Double(end - start), maxRSSKiB: Int(usage.ru_maxrss))
    }

    /// Runs a command that must succeed; `what` names it in the error.
    static func check(_ what: String, _ program: String, _ arguments: [String], stdoutPath: String? = nil) throws(BenchError) {
        let outcome = try run(program, arguments, stdoutPath: stdoutPath)
        guard outcome.exitStatus == 0 else {
            let how = outcome.signal.map { "signal \($0)" } ?? "exit status \(outcome.exitStatus ?? -1)"
            throw .setup("\(what) failed (\(how)): \(([program] + arguments).joined(separator: " "))")
        }
    }
}

extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
