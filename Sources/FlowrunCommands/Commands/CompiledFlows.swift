import FlowKit
import Foundation
import LuaKit

/// What runs keep between processes: the park's Lua files compiled (``CompiledChunks``,
/// in `$XDG_CACHE_HOME/flowrun/compiled`) and its prepared site tables (FlowKit's
/// `KeptSiteTables`, in `$XDG_CACHE_HOME/flowrun/sites`), `~/.cache` without
/// XDG_CACHE_HOME. Setting `FLOWRUN_COMPILED_CACHE=off` keeps neither (benchmarks compare both).
enum CompiledFlows {
    static let standard: CompiledChunks? = folder("compiled").flatMap(CompiledChunks.init(folder:))
    static let sites: KeptSiteTables? = folder("sites").flatMap(KeptSiteTables.init(folder:))

    private static func folder(_ name: String) -> String? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        guard variable("FLOWRUN_COMPILED_CACHE") != "off" else { return nil }
        guard let base = variable("XDG_CACHE_HOME") ?? variable("HOME").map({ $0 + "/.cache" }) else { return nil }
        return base + "/flowrun/" + name
    }
}
