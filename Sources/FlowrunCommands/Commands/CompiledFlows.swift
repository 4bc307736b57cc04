import Foundation
import LuaKit

/// Where runs keep the park's Lua files compiled between processes (``CompiledChunks``):
/// `$XDG_CACHE_HOME/flowrun/compiled`, or `~/.cache/flowrun/compiled`. Setting
/// `FLOWRUN_COMPILED_CACHE=off` compiles every file from source (benchmarks compare both).
enum CompiledFlows {
    static let standard: CompiledChunks? = {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        guard variable("FLOWRUN_COMPILED_CACHE") != "off" else { return nil }
        guard let base = variable("XDG_CACHE_HOME") ?? variable("HOME").map({ $0 + "/.cache" }) else { return nil }
        return CompiledChunks(folder: base + "/flowrun/compiled")
    }()
}
