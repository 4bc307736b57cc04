import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU time of processes, read from /proc: a relay by its pid, PostgreSQL as its postmaster
/// and every backend it started (a pool's connections live as long as the run, so their time
/// is all counted).
enum ProcessCPU {
    /// User and system CPU seconds of `pid` so far; 0 once it has ended.
    static func seconds(_ pid: Int32) -> Double {
        guard let fields = statFields(pid), fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            return 0
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// CPU seconds of the PostgreSQL server whose data folder is `data`: its postmaster and
    /// the processes whose parent it is.
    static func postgresSeconds(data: String) -> Double {
        guard let text = try? String(contentsOfFile: "\(data)/postmaster.pid", encoding: .utf8),
            let line = text.split(separator: "\n").first, let postmaster = Int32(line)
        else { return 0 }
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        let children = pids.filter { statFields($0).map { $0.count > 1 && $0[1] == "\(postmaster)" } ?? false }
        return ([postmaster] + children).map(seconds).reduce(0, +)
    }

    /// The fields of /proc/PID/stat after its name (which may hold spaces): state, ppid, ...
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// This process's own CPU seconds (the load's clients).
    static func own() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
