import Foundation
import Testing

@testable import LuaKit

/// Chunks kept compiled between processes: the same results and messages as from source,
/// never stale, and nothing loaded that this user's own process did not write.
@Suite struct CompiledChunksTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-compiled-\(UUID().uuidString)").path

    func state(_ chunks: CompiledChunks?) throws -> LuaState {
        let lua = try LuaState()
        lua.compiledChunks = chunks
        return lua
    }

    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".luac") } }

    @Test func aKeptChunkRunsAsItsSourceDoes() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chunks = try #require(CompiledChunks(folder: folder))
        let source = "local t = {}\nfor i = 1, 5 do t[i] = i * i end\nreturn t[5], select(2, pcall(error, 'x'))\n"
        #expect(try state(chunks).run(source, chunkName: "flows/a.lua") == [25, "x"])
        #expect(files().count == 1)
        // A second state loads the bytecode: same results, and errors keep their file and line.
        let failing = "local a = 1\nerror('boom')\n"
        #expect(try state(chunks).run(source, chunkName: "flows/a.lua") == [25, "x"])
        _ = luaError { try state(chunks).run(failing, chunkName: "flows/b.lua") }
        let fromCache = luaError { try state(chunks).run(failing, chunkName: "flows/b.lua") }
        guard case .runtime(let message, _)? = fromCache else {
            Issue.record("expected a runtime error, got \(String(describing: fromCache))")
            return
        }
        #expect(message.hasPrefix("flows/b.lua:2: boom"))
        #expect(files().count == 2)
    }

    @Test func anEditedSourceIsCompiledAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chunks = try #require(CompiledChunks(folder: folder))
        #expect(try state(chunks).run("return 1", chunkName: "flows/a.lua") == [1])
        #expect(try state(chunks).run("return 2", chunkName: "flows/a.lua") == [2])
        #expect(try state(chunks).run("return 1", chunkName: "flows/other.lua") == [1])
        #expect(files().count == 3)
    }

    /// A kept file whose bytes changed is not loaded: the source runs instead, and the file
    /// is written again.
    @Test func aDamagedFileIsNotLoaded() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chunks = try #require(CompiledChunks(folder: folder))
        #expect(try state(chunks).run("return 'source'", chunkName: "flows/a.lua") == ["source"])
        let file = folder + "/" + (try #require(files().first))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count - 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(chunks.bytecode(for: Array("return 'source'".utf8), chunkName: "@flows/a.lua") == nil)
        #expect(try state(chunks).run("return 'source'", chunkName: "flows/a.lua") == ["source"])
        #expect(chunks.bytecode(for: Array("return 'source'".utf8), chunkName: "@flows/a.lua") != nil)
    }

    /// A folder or file others may write is never read: its bytecode could be anyone's.
    @Test func whatOthersMayWriteIsNotUsed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)
        #expect(CompiledChunks(folder: folder) == nil)
        chmod(folder, 0o700)
        let chunks = try #require(CompiledChunks(folder: folder))
        #expect(try state(chunks).run("return 3", chunkName: "flows/a.lua") == [3])
        let file = folder + "/" + (try #require(files().first))
        chmod(file, 0o666)
        #expect(chunks.bytecode(for: Array("return 3".utf8), chunkName: "@flows/a.lua") == nil)
        #expect(try state(chunks).run("return 3", chunkName: "flows/a.lua") == [3])
    }

    /// Scripts still cannot load bytecode themselves, cache or not.
    @Test func scriptsStillRefuseBinaryChunks() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lua = try state(CompiledChunks(folder: folder))
        let result = try lua.run("return load('\\27Lua binary')", chunkName: "flows/a.lua")
        #expect(result.first == .nil)
        #expect(result.count == 2)
    }
}
