import Foundation
import Testing
@testable import LuaKit

/// References may be dropped on any thread (they are Sendable); the state is touched only by
/// its owner, which frees the dropped registry slots the next time it calls into Lua.
struct ReferenceReleaseTests {
    /// Holds a reference so another thread can drop the last one.
    final class Box: @unchecked Sendable {  // `ref` is set once here and cleared once on the queue below
        var ref: LuaFunctionRef?
        init(_ ref: LuaFunctionRef) { self.ref = ref }
    }

    /// A function holding 8 MiB of the state's memory, boxed as the only reference to it.
    static func bigFunction(in lua: LuaState) throws -> Box? {
        let make = try lua.load("local s = string.rep('x', 8 << 20) return function() return #s end", chunkName: "t.lua")
        guard case .function(let inner)? = try lua.call(make).first else { return nil }
        return Box(inner)
    }

    @Test func aReferenceDroppedOnAnotherThreadIsFreedByTheOwnersNextCall() throws {
        let lua = try LuaState()
        let box = try #require(try Self.bigFunction(in: lua))
        _ = try lua.run("collectgarbage(); collectgarbage()", chunkName: "gc.lua")
        let holding = lua.memoryUsed
        #expect(holding > 8 << 20)

        let dropped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.ref = nil  // the last reference, released here, off the owner's thread
            dropped.signal()
        }
        dropped.wait()
        // The owner's next call frees the slot; the collector then frees the string.
        _ = try lua.run("collectgarbage(); collectgarbage()", chunkName: "gc.lua")
        #expect(lua.memoryUsed < holding - (6 << 20))
    }

    @Test func aReferenceOutlivingItsStateIsDroppedSafely() throws {
        var lua: LuaState? = try LuaState()
        let ref = try lua?.load("return 1", chunkName: "t.lua")
        lua = nil  // the state closes (its deinit); the reference still holds the handle
        #expect(ref != nil)
        // Dropping it now queues nothing and touches no closed state.
    }
}
