import Foundation
import LuaKit
import ScreenModel

/// A plain Lua file run in the sandbox with no park (`flowrun lua FILE`): the libraries and
/// limits a flow has, without native modules or `require`. For trying Lua as the sandbox
/// runs it, and for running Lua's own test files against it. The file is read as bytes,
/// as `lua FILE` reads it; `print` writes raw lines to `output`.
public enum SandboxScript {
    /// Runs `path` with `arguments` as its `...`.
    /// - Throws: `.badArgument` if the file cannot be read; `.script` if it fails to
    ///   compile, raises an error or runs out of a budget.
    public static func run(path: String, arguments: [String] = [], limits: HostLimits = HostLimits(),
                           output: @escaping ([UInt8]) -> Void) throws(FlowError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badArgument(name: "FILE", message: "cannot read '\(Excerpt.text(path))'")
        }
        do {
            let lua = try LuaState(options: limits.options(fixedTime: nil))
            lua.printBytes = output
            let chunk = try lua.load(withoutShebang(Array(data)), chunkName: path)
            _ = try lua.call(chunk, arguments.map { .string($0) })
        } catch {
            throw .script(error)
        }
    }

    /// A first line starting with `#` (`#!/usr/bin/env lua`) is skipped as stock Lua does;
    /// its newline stays, so line numbers do not move.
    static func withoutShebang(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        return Array(bytes.drop(while: { $0 != UInt8(ascii: "\n") }))
    }
}
