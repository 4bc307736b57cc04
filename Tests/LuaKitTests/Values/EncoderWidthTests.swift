import Testing
@testable import LuaKit

/// Every integer and floating-point width encodes as a Lua number (found by fuzz-lua: a
/// `UInt8` used to recurse until the stack ran out).
@Suite struct EncoderWidthTests {
    struct Widths: Encodable {
        var a: UInt8 = 1, b: Int8 = -2, c: Int16 = 3, d: UInt16 = 4, e: UInt32 = 5, f: UInt = 6, g: UInt64 = 7
        var h: Float = 0.5, i: Double = 0.25
    }

    @Test func everyWidthIsALeaf() throws {
        guard case .table(let t) = try LuaValueEncoder().encode(Widths()) else {
            Issue.record("expected a table")
            return
        }
        #expect(t["a"] == .integer(1) && t["b"] == .integer(-2) && t["g"] == .integer(7))
        #expect(t["h"] == .number(0.5) && t["i"] == .number(0.25))
        #expect(try LuaValueEncoder().encode(UInt8(1)) == .integer(1))
    }

    @Test func anIntegerLuaCannotHoldIsAnError() {
        #expect(throws: EncodingError.self) { try LuaValueEncoder().encode(UInt64.max) }
    }
}
