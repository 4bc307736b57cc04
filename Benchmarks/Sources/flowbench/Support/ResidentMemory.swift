#if canImport(Glibc)
import Glibc
#endif

/// This process's resident memory, from /proc/self: the current figure (statm) and the peak
/// (VmHWM), which Linux lets a process reset to the current figure (clear_refs).
enum ResidentMemory {
    /// Resident KiB now: /proc/self/statm's second field (pages) times the page size; nil if unreadable.
    static func currentKiB() -> Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        guard let pages = firstTwoNumbers(file)?.1 else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Peak resident KiB since start or the last ``resetPeak()`` (VmHWM); nil if unreadable.
    static func peakKiB() -> Int? { BenchEnvironment.ownPeakKiB() }

    /// Resets VmHWM to the current RSS (writes 5 to /proc/self/clear_refs, Linux ≥ 4.0).
    /// - Returns: false when the kernel refused, so the next ``peakKiB()`` covers the whole run.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        let written = fputs("5", file) >= 0
        return fclose(file) == 0 && written
    }

    /// Hands freed heap pages back to the kernel (glibc's malloc_trim), so that the next
    /// ``currentKiB()`` counts what is held, not what malloc keeps for reuse. malloc.h is not
    /// in Swift's Glibc module, hence the lookup by name.
    static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// The first two whole numbers of the file's first line (statm: size, resident).
    private static func firstTwoNumbers(_ file: UnsafeMutablePointer<FILE>) -> (Int, Int)? {
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
        return fields.count >= 2 ? (fields[0], fields[1]) : nil
    }
}
