import Foundation

/// One read of one file in a fresh process (`flowbench reader-once`): its time, and how much
/// resident memory grew during it (VmHWM, reset just before, over the RSS before). A fresh
/// process per reader, because a heap that earlier reads grew would hide a later read's
/// peak, and because a cold read is what flowrun does when a park loads.
enum ReaderMemory {
    struct Figure {
        var coldMs: Double
        /// Nil when this kernel does not let a process reset its VmHWM.
        var peakKiB: Int?
    }

    /// Spawns this executable's `reader-once` for `reader` on `input` and reads its line.
    static func measureInChild(_ reader: ReaderBench.Reader, _ input: ReaderBench.Input) throws(BenchError) -> Figure {
        guard let own = BenchEnvironment.ownExecutable() else { throw .setup("cannot find this executable (/proc/self/exe)") }
        let output = NSTemporaryDirectory() + "flowbench-readers-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        try ChildProcess.check(
            "reader-once \(reader.rawValue) \(input.display)", own,
            ["reader-once", reader.rawValue, input.kind.rawValue, input.path, "--display", input.display],
            stdoutPath: output)
        let fields = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard fields.count == 2, let ms = Double(fields[0]) else {
            throw .setup("reader-once \(reader.rawValue) \(input.display) printed \(fields)")
        }
        return Figure(coldMs: ms, peakKiB: Int(fields[1]))
    }

    /// The child's side: one read, measured; prints `ms peakKiB` (`-` when the peak cannot be reset).
    static func measureHere(_ reader: ReaderBench.Reader, _ input: ReaderBench.Input) throws {
        let loaded = try ReaderBench.Loaded(input)
        ResidentMemory.trimHeap()
        let before = ResidentMemory.currentKiB()
        let reset = ResidentMemory.resetPeak()
        let read = try MonotonicClock.measure { try loaded.read(with: reader) }
        let peak = ResidentMemory.peakKiB()
        withExtendedLifetime(read.result) {}
        var growth = "-"
        if reset, let peak, let before { growth = String(peak - before) }
        print(String(read.nanoseconds / 1e6), growth)
    }
}
