import Formats
import FlowKit
#if canImport(Glibc)
import Glibc
#endif

/// Defence in depth under the sandbox's own budgets: should a script find work or memory
/// that no budget prices, the process still ends with a clear message instead of taking
/// the machine. The kernel's CPU-time limit signals the process (SIGXCPU), and a watchdog
/// thread reads the resident memory (Linux: /proc/self/statm) ten times a second.
package enum ProcessBackstop {
    /// CPU seconds the whole process may use; `check` over many parks stays well below.
    /// `FLOWRUN_BACKSTOP_CPU_SECONDS` lowers it (tests do).
    static let cpuSeconds = rlim_t(setting("FLOWRUN_BACKSTOP_CPU_SECONDS") ?? 600)
    /// Resident MiB the process may hold: far above what the budgets allow.
    /// `FLOWRUN_BACKSTOP_MIB` lowers it (tests do).
    static let residentBytes = (setting("FLOWRUN_BACKSTOP_MIB") ?? 2048) << 20

    /// A positive whole number from the environment.
    private static func setting(_ name: String) -> Int? {
        Environment.value(name).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    static func install() {
        #if os(Linux)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_CPU.rawValue), &limit) == 0, limit.rlim_cur == rlim_t.max || limit.rlim_cur > cpuSeconds {
            limit.rlim_cur = cpuSeconds
            if limit.rlim_max != rlim_t.max && limit.rlim_max < cpuSeconds { limit.rlim_cur = limit.rlim_max }
            _ = setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
        }
        signal(SIGXCPU, onCPULimit)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 16)
        var watchdog = pthread_t()
        if pthread_create(&watchdog, &attributes, { _ in ProcessBackstop.watchMemory() }, nil) == 0 { pthread_detach(watchdog) }
        #endif
    }

    /// The watchdog thread's loop: the resident size every 100 ms, and a stop past the cap.
    private static func watchMemory() -> Never {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        while true {
            if let pages = residentPages(), pages * pageSize > residentBytes {
                TerminalText.writeError("flowrun: stopped: the process grew past \(residentBytes >> 20) MiB of memory")
                _exit(1)
            }
            usleep(100_000)
        }
    }

    /// Lifts the CPU-time limit back to the hard one: `flowrun preview` runs for hours, and a
    /// budget a command spends in seconds would end it. Each run's own budgets still hold.
    package static func liftCPULimit() {
        #if os(Linux)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_CPU.rawValue), &limit) == 0 {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
        }
        #endif
    }

    #if os(Linux)
    /// Resident pages from /proc/self/statm (its second field), read without allocating much.
    private static func residentPages() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return Int(String(decoding: fields[1], as: UTF8.self))
    }
    #endif

}

#if os(Linux)
/// SIGXCPU: says why and ends the process (async-signal-safe: write and _exit only).
private func onCPULimit(_ signal: Int32) {
    let message: StaticString = "flowrun: stopped by the process's CPU time limit\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    _exit(1)
}
#endif
