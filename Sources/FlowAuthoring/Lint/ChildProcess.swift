import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to its end with its output read (luacheck): `posix_spawn` with both output
/// streams piped and read as they come, so neither fills up while the other is read.
/// Foundation's `Process` would do, at the price of linking its whole runtime into every run.
struct ChildProcess {
    /// The exit status (128 + the signal's number when a signal ended it), and what it wrote.
    struct Ended {
        var status: Int32
        var output: [UInt8]
        var errors: [UInt8]
    }

    /// Runs `executable` with `arguments` in the folder `directory` (entered by `/bin/sh`, as
    /// the C library's spawn cannot portably), and throws the system's reason when it cannot
    /// be started.
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws(ChildProcessError) -> Ended {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw ChildProcessError(reason: SystemErrorText.text(errno)) }
        guard pipe(&err) == 0 else {
            let reason = SystemErrorText.text(errno)
            close(out[0]); close(out[1])
            throw ChildProcessError(reason: reason)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in out + err { posix_spawn_file_actions_addclose(&actions, fd) }
        let shell = "/bin/sh"
        let argv = ([shell, "-c", "cd -- \"$0\" || exit 126; exec \"$@\"", directory, executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, shell, &actions, nil, argv, environ)
        close(out[1])
        close(err[1])
        guard started == 0 else {
            close(out[0]); close(err[0])
            throw ChildProcessError(reason: SystemErrorText.text(started))
        }
        var ended = Ended(status: 0, output: [], errors: [])
        readBoth(out[0], into: &ended.output, err[0], into: &ended.errors)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        ended.status = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return ended
    }

    /// Reads both pipes to their ends, as data arrives on either, then closes them.
    private static func readBoth(_ a: Int32, into first: inout [UInt8], _ b: Int32, into second: inout [UInt8]) {
        var open = [(fd: a, which: 0), (fd: b, which: 1)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            for (i, entry) in polled.enumerated().reversed() where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if open[i].which == 0 { first += buffer[0..<count] } else { second += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    open.remove(at: i)
                }
            }
        }
        for entry in open { close(entry.fd) }
    }
}

/// Why a program could not be started.
struct ChildProcessError: Error {
    var reason: String
}
