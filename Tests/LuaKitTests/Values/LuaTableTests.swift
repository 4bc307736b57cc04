import Testing
@testable import LuaKit

/// LuaTable keeps a list part (keys 1...n) and its other fields apart, as Lua does: whatever
/// the order entries are set in, the same entries make equal tables with equal hashes.
@Suite struct LuaTableTests {
    static func built(_ pairs: [(LuaValue, LuaValue)]) -> LuaTable {
        var t = LuaTable()
        for (k, v) in pairs { t[k] = v }
        return t
    }

    @Test func orderOfSettingDoesNotMatter() {
        let pairs: [(LuaValue, LuaValue)] = [(3, "c"), ("x", 1), (1, "a"), (.number(2.0), "b"), (5, "e"), ("y", 2)]
        let forward = Self.built(pairs), backward = Self.built(pairs.reversed())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward.sequence == ["a", "b", "c"])
        #expect(forward.count == 6 && !forward.isSequence)
        #expect(forward[5] == "e" && forward["x"] == 1)
    }

    @Test func aHoleSplitsTheListAndFillingItJoinsIt() {
        var t = LuaTable(sequence: ["a", "b", "c", "d"])
        t[2] = nil
        #expect(t.sequence == ["a"] && t.count == 3 && t[4] == "d")
        #expect(t == Self.built([(1, "a"), (3, "c"), (4, "d")]))
        t[2] = "B"
        #expect(t.sequence == ["a", "B", "c", "d"] && t.isSequence)
        #expect(t == LuaTable(sequence: ["a", "B", "c", "d"]))
    }

    @Test func aSequenceWithNilsKeepsTheRest() {
        let t = LuaTable(sequence: ["a", nil, "c"])
        #expect(t.sequence == ["a"] && t[3] == "c" && t.count == 2)
        #expect(t.entries == [1: "a", 3: "c"])
    }

    @Test func manyFieldsMoveToADictionaryAndStayEqual() {
        let names = (0..<20).map { "k\($0)" }
        var few = LuaTable(), many = LuaTable(fieldCapacity: 20)
        for (i, name) in names.enumerated() { few[name] = .integer(Int64(i)) }
        for (i, name) in names.enumerated().reversed() { many[name] = .integer(Int64(i)) }
        #expect(few == many && few.hashValue == many.hashValue)
        for name in names.dropFirst(4) { few[name] = nil }
        #expect(few.count == 4 && few.sortedStringKeys == ["k0", "k1", "k2", "k3"])
        #expect(few == Self.built((0..<4).map { (.string("k\($0)"), .integer(Int64($0))) }))
    }

    @Test func differentContentIsNotEqual() {
        #expect(Self.built([("a", 1)]) != Self.built([("a", 2)]))
        #expect(Self.built([("a", 1)]) != Self.built([("b", 1)]))
        #expect(LuaTable(sequence: [1, 2]) != Self.built([(1, 1), (3, 2)]))
    }
}
