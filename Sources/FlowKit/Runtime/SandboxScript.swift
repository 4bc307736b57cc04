import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaKit
import ScreenModel

/// A plain Lua file run in the sandbox with no park (`flowrun lua FILE`): the libraries and
/// limits a flow has, without native modules or `require`. For trying Lua as the sandbox
/// runs it, and for running Lua's own test files against it. The file is read as bytes,
/// as `lua FILE` reads it; `print` writes raw lines to `output`.
public enum SandboxScript {
    /// Runs `path` with `arguments` as its `...`.
    /// - Parameters:
    ///   - path: the Lua file; `require` finds modules beside it.
    ///   - arguments: the script's `...`, as strings.
    ///   - limits: the budgets of the run (default: a flow's).
    ///   - output: receives each line `print` writes, as raw bytes without a newline.
    /// - Throws: ``FlowError/badArgument(name:message:)`` if the file cannot be read;
    ///   ``FlowError/script(_:)`` if it fails to compile, raises an error or runs out of a
    ///   budget.
    public static func run(
        path: String, arguments: [String] = [], limits: HostLimits = HostLimits(),
        output: @escaping ([UInt8]) -> Void
    ) throws(FlowError) {
        let data: [UInt8]
        do { data = try FileReader.bytes(atPath: path, file: Excerpt.text(path)) } catch {
            throw .badArgument(name: "FILE", message: error.description)
        }
        do {
            let lua = try LuaState(options: limits.options(fixedTime: nil))
            lua.printBytes = output
            // require("x.y") finds x/y.lua beside the script, as stock Lua's "./?.lua" would.
            let folder = PathText.folder(of: path)
            lua.moduleSearchDescription = folder.isEmpty ? "./" : folder + "/"
            lua.moduleResolver = { name throws(LuaError) in
                let relative = name.split(separator: ".").joined(separator: "/") + ".lua"
                let file = folder.isEmpty ? relative : folder + "/" + relative
                switch FileReader.contents(atPath: file, limit: FileReader.defaultLimit, links: .follow) {
                case .success(let data): return LuaModuleSource(bytes: chunkBytes(data), path: file)
                case .failure(.system(ENOENT)): return nil
                case .failure(let refusal): throw .setup("\(file): \(refusal.message)")
                }
            }
            let chunk = try lua.load(chunkBytes(data), chunkName: path)
            _ = try lua.call(chunk, arguments.map { .string($0) })
        } catch {
            throw .script(error)
        }
    }

    /// The chunk as `luaL_loadfile` reads a file: a byte-order mark is dropped, and a first
    /// line starting with `#` (`#!/usr/bin/env lua`) is skipped, its newline kept so line
    /// numbers do not move.
    static func chunkBytes(_ bytes: [UInt8]) -> [UInt8] {
        let text = bytes.starts(with: ProjectRoot.byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
        guard text.first == UInt8(ascii: "#") else { return text }
        return Array(text.drop(while: { $0 != UInt8(ascii: "\n") }))
    }
}
