import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One `flowrun preview` or `flowrun serve` spawned under `ulimit -n 1024` (the usual
/// limit the issue's attacks ran under), its port read from the first line it prints, its
/// memory read from /proc, its end (an exit or a signal) seen as it happens.
final class ServerProcess {
    let pid: pid_t
    let port: Int
    /// Its standard error, kept when it dies of a signal (a crash log).
    let stderrPath: String
    private let stdoutFD: Int32
    /// How it ended, once it has: "exit 1", "signal 4 (SIGILL)".
    private(set) var ending: String?
    private(set) var signal: Int32?

    /// The open-file limit the servers run under.
    static let openFileLimit = 1_024

    /// Spawns `flowrun ARGUMENTS` through /bin/sh, which sets the open-file limit
    /// (`openFiles`) and execs flowrun (same pid), and waits up to 60 s for its address.
    /// - Throws: `BenchError.setup` when it cannot start or prints no address.
    init(flowrun: String, _ arguments: [String], stderrPath: String, openFiles: Int = openFileLimit) throws(BenchError) {
        self.stderrPath = stderrPath
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { throw .setup("pipe: \(String(cString: strerror(errno)))") }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let script = "ulimit -n \(openFiles) && exec \"$0\" \"$@\""
        var argv: [UnsafeMutablePointer<CChar>?] = (["/bin/sh", "-c", script, flowrun] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, argv, environ)
        close(pipeFDs[1])
        guard spawned == 0 else {
            close(pipeFDs[0])
            throw .setup("cannot start \(flowrun): \(String(cString: strerror(spawned)))")
        }
        pid = child
        stdoutFD = pipeFDs[0]
        guard let line = Self.addressLine(of: stdoutFD, seconds: 60),
            let range = line.range(of: "http://127.0.0.1:"),
            let port = Int(line[range.upperBound...].prefix(while: \.isNumber))
        else {
            self.port = 0
            _ = stop()
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            throw .setup("`flowrun \(arguments.joined(separator: " "))` printed no address: \(stderr.prefix(2_000))")
        }
        self.port = port
    }

    deinit { close(stdoutFD) }

    /// The first line printed that holds the address (flowrun prints it first).
    private static func addressLine(of fd: Int32, seconds: Double) -> String? {
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while MonotonicClock.now() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) >= 0 else { return nil }
            if entry.revents == 0 { continue }
            guard read(fd, &byte, 1) == 1 else { return nil }
            guard byte == UInt8(ascii: "\n") else {
                bytes.append(byte)
                continue
            }
            let line = String(decoding: bytes, as: UTF8.self)
            if line.contains("http://127.0.0.1:") { return line }
            bytes = []
        }
        return nil
    }

    /// Whether it still runs; the first call after its end records how it ended.
    var isAlive: Bool {
        guard ending == nil else { return false }
        var status: Int32 = 0
        let waited = waitpid(pid, &status, WNOHANG)
        guard waited == pid else { return waited == 0 }
        record(status)
        return false
    }

    private func record(_ status: Int32) {
        let termination = status & 0x7f
        if termination == 0 {
            ending = "exit \((status >> 8) & 0xff)"
        } else {
            signal = termination
            ending = "signal \(termination) (\(Self.signalName(termination)))"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"][signal] ?? "SIG\(signal)"
    }

    /// VmHWM (peak) and VmRSS (now) in KiB from /proc/PID/status; nil once it has ended.
    func memoryKiB() -> (peak: Int, current: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { Int($0.dropFirst(name.count).filter(\.isNumber)) }
        }
        guard let peak = field("VmHWM:"), let current = field("VmRSS:") else { return nil }
        return (peak, current)
    }

    /// Stops it (SIGINT, then SIGKILL after 5 s) unless it has ended; how it ended before,
    /// or nil when it was still running.
    @discardableResult
    func stop() -> String? {
        guard isAlive else { return ending }
        kill(pid, SIGINT)
        let deadline = MonotonicClock.now() + 5_000_000_000
        var status: Int32 = 0
        while MonotonicClock.now() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return nil }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }
}
