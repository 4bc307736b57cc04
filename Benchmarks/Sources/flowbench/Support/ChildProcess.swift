#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Child processes of the benchmarks (Python references, data generators, flowbench's own
/// measured children): found on PATH, standard output to a file or to standard error,
/// measured with wait4.
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
        return ProcessSpawner.Outcome(
            exitStatus: termination == 0 ? (status >> 8) & 0xff : nil,
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
