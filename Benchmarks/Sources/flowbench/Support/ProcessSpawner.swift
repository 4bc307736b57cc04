#if canImport(Glibc)
import Glibc
#endif

/// Runs a program the way a shell would, measured from outside: wall time around
/// posix_spawn + wait4, and the child's peak resident memory from wait4's rusage.
enum ProcessSpawner {
    struct Outcome {
        /// Exit status, or nil if a signal ended the process.
        var exitStatus: Int32?
        var signal: Int32?
        var wallNanoseconds: Double
        /// ru_maxrss (Linux reports KiB).
        var maxRSSKiB: Int
    }

    /// Spawns `path` with `arguments` (argv[0] is `path`), standard output to /dev/null,
    /// standard error inherited (or written to `stderrFile`), and waits for it.
    /// - Throws: `BenchError.setup` if the process cannot be started or waited for.
    static func run(_ path: String, _ arguments: [String], stderrFile: String? = nil) throws(BenchError) -> Outcome {
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let stderrFile { posix_spawn_file_actions_addopen(&actions, 2, stderrFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }

        var pid: pid_t = 0
        var status: Int32 = 0
        var usage = rusage()
        let start = MonotonicClock.now()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw .setup("cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var waited: pid_t
        repeat { waited = wait4(pid, &status, 0, &usage) } while waited == -1 && errno == EINTR
        let end = MonotonicClock.now()
        guard waited == pid else { throw .setup("cannot wait for \(path): \(String(cString: strerror(errno)))") }

        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let termination = status & 0x7f
        return Outcome(
            exitStatus: termination == 0 ? (status >> 8) & 0xff : nil,
            signal: termination == 0 ? nil : termination,
            wallNanoseconds: Double(end - start),
            maxRSSKiB: Int(usage.ru_maxrss))
    }
}
