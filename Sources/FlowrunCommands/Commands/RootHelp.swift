import ArgumentParser
import Formats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flowrun --help`, `-h` and `help`: the root's help, ArgumentParser's text, kept between
/// processes. Rendering it reflects over every command (about 11 M instructions, more than
/// the rest of the process's start), and the text changes only with the binary and the
/// width it is wrapped to, so it is kept (CompiledFlows' `help` folder) under a key of both:
/// the binary's file version (Formats' `FileVersion`, as the site tables' sightings name a
/// file) and the width as
/// ArgumentParser finds it (`COLUMNS`, else the terminal's, else 80). Anything unexpected
/// renders the text, which is then kept.
enum RootHelp {
    /// Whether the arguments ask for the root's help and nothing else.
    static func isAsked(_ arguments: some Collection<String>) -> Bool {
        arguments.count == 1 && ["--help", "-h", "help"].contains(arguments.first ?? "")
    }

    /// The help text, with no trailing newline (as `helpMessage()` gives it).
    static func text() -> String {
        let width = Self.width()
        guard let files = CompiledFlows.help, let started = startedFile(), let binary = FileVersion(of: started, followingLinks: true) else {
            return Flowrun.helpMessage(columns: width)
        }
        let key = ContentHash.of(binary.bytes + Array(" \(width)".utf8))
        if let kept = files.read(key) { return String(decoding: kept, as: UTF8.self) }
        let text = Flowrun.helpMessage(columns: width)
        files.keep(Array(text.utf8), under: key)
        return text
    }

    /// The width ArgumentParser wraps to: `COLUMNS` when it is a number, else the width of
    /// the terminal standard output is, else 80.
    static func width() -> Int {
        if let columns = Environment.value("COLUMNS").flatMap({ Int($0) }) { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// The file the process was started from: `AT_EXECFN` of its auxiliary vector
    /// (/proc/self/auxv: pairs of words), a string in this process's memory; nil where there
    /// is none. Not /proc/self/exe, which names a loader such as valgrind's.
    private static func startedFile() -> UnsafePointer<CChar>? {
        let fd = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var words = [UInt](repeating: 0, count: 128)
        let count = words.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let atExecFn: UInt = 31
        for pair in stride(from: 0, to: count / MemoryLayout<UInt>.size - 1, by: 2) where words[pair] == atExecFn {
            return UnsafePointer<CChar>(bitPattern: words[pair + 1])
        }
        return nil
    }
}
