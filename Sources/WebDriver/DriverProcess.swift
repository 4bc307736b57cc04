import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// chromedriver running as a child in a process group of its own, listening on 127.0.0.1.
/// The browsers it starts join that group (their crash handler is off: it would leave it),
/// so ``kill()`` ends every process of the session at once.
struct DriverProcess: Sendable {
    /// The driver's process id, which is also its group's.
    let pid: pid_t
    /// The port it listens on.
    let port: Int
    /// Where its output goes (in the session's own folder).
    let logPath: String

    /// Starts `driver` on a free port of 127.0.0.1, with `temporary` as its and the
    /// browser's TMPDIR (chromium keeps its shared memory files there without /dev/shm).
    /// - Throws: ``WebDriverError/driverDidNotStart(reason:log:)`` when it cannot be spawned.
    static func start(driver: String, logPath: String, temporary: String) throws(WebDriverError) -> DriverProcess {
        let port = try freePort()
        // --allowed-ips empty: only local clients, which is chromedriver's default too.
        let arguments = [driver, "--port=\(port)", "--log-level=WARNING"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (pgid = its pid), so one kill reaches the browsers it starts.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        defer { for pointer in envp { free(pointer) } }

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, driver, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw .driverDidNotStart(reason: "cannot run \(driver): \(String(cString: strerror(spawned)))", log: "")
        }
        return DriverProcess(pid: pid, port: port, logPath: logPath)
    }

    /// Whether the driver has exited (and is reaped).
    func hasExited() -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// Ends the driver and every browser process in its group, and reaps the driver.
    func terminate() {
        _ = killpg(pid, SIGKILL)
        var status: Int32 = 0
        var waited: pid_t
        repeat { waited = waitpid(pid, &status, 0) } while waited == -1 && errno == EINTR
    }

    /// The last lines the driver printed, for an error.
    func logTail(lines: Int = 20) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// A port of 127.0.0.1 that nothing listens on now: the system picks it for a socket
    /// bound to port 0, which is then closed. Another program could take it before the
    /// driver does; the driver then fails to start, and ``WebDriver`` tries another.
    static func freePort() throws(WebDriverError) -> Int {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { throw .driverDidNotStart(reason: "no socket: \(String(cString: strerror(errno)))", log: "") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw .driverDidNotStart(reason: "no free port: \(String(cString: strerror(errno)))", log: "") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
