import FlowKit
import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaKit

/// What runs keep between processes: the park's Lua files compiled (``CompiledChunks``,
/// in `$XDG_CACHE_HOME/flowrun/compiled`), its prepared site tables (FlowKit's
/// `KeptSiteTables`, in `$XDG_CACHE_HOME/flowrun/sites`) and the root's help text
/// (``RootHelp``, in `$XDG_CACHE_HOME/flowrun/help`), `~/.cache` without XDG_CACHE_HOME.
/// Setting `FLOWRUN_COMPILED_CACHE=off` keeps none of them (benchmarks compare both).
enum CompiledFlows {
    static let standard: CompiledChunks? = folder("compiled").flatMap(CompiledChunks.init(folder:))
    static let sites: KeptSiteTables? = folder("sites").flatMap(KeptSiteTables.init(folder:))
    static let help: KeptFiles? = folder("help").flatMap { KeptFiles(folder: $0, magic: "flowrun-help-1\n", suffix: ".txt", largest: 1 << 20) }

    private static func folder(_ name: String) -> String? {
        guard Environment.nonEmpty("FLOWRUN_COMPILED_CACHE") != "off" else { return nil }
        guard let base = Environment.nonEmpty("XDG_CACHE_HOME") ?? Environment.nonEmpty("HOME").map({ $0 + "/.cache" }) else { return nil }
        return base + "/flowrun/" + name
    }
}
