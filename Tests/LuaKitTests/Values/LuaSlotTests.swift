import Testing
@testable import LuaKit

/// `LuaState.call(_:arguments:reading:)` lets a reader take the first result where it lies
/// (`LuaSlot`); when the reader gives up, or reads past the limits a copy has, the results
/// are copied as `call` copies them.
@Suite struct LuaSlotTests {
    /// A reader of `{name = "...", tags = {"...", ...}}`, giving up at anything else.
    static func record(_ slot: LuaSlot) -> String? {
        guard slot.isPlainTable, slot.length == 0 else { return nil }
        guard let name = slot.withField("name", { $0.string() }) else { return nil }
        let tags: [String]? = slot.withField("tags") { tags in
            guard tags.isPlainTable else { return nil }
            var out: [String] = []
            for i in 0..<tags.length {
                guard let tag = tags.withElement(i + 1, { $0.string() }) else { return nil }
                out.append(tag)
            }
            return out
        }
        guard let tags else { return nil }
        return ([name] + tags).joined(separator: ",")
    }

    @Test func aReadResultIsNotCopiedAndAGivenUpOneIs() throws {
        let lua = try LuaState()
        let f = try lua.load(
            "local kind = ...; if kind == 'good' then return { name = 'a', tags = { 'x', 'y' } } end; return { name = 3 }, 'more'", chunkName: "t.lua")
        let good = try lua.call(f, arguments: [.value("good")], reading: Self.record)
        #expect(good.read == "a,x,y" && good.results.isEmpty)
        let bad = try lua.call(f, arguments: [.value("bad")], reading: Self.record)
        #expect(bad.read == nil && bad.results == [["name": 3], "more"])
        // The stack is as it was: the state goes on working.
        #expect(try lua.call(f, arguments: [.value("good")], reading: Self.record).read == "a,x,y")
    }

    @Test func numbersIntegersAndAbsentFieldsReadAsTheCopyReadsThem() throws {
        let lua = try LuaState()
        let f = try lua.load("return { i = 3, f = 2.0, h = 2.5, s = 'é' }", chunkName: "t.lua")
        let read = try lua.call(f, arguments: []) { slot in
            [
                slot.withField("i") { $0.integer().map(String.init) }, slot.withField("f") { $0.integer().map(String.init) },
                slot.withField("h") { $0.integer().map(String.init) }, slot.withField("h") { $0.number().map { "\($0)" } },
                slot.withField("s") { $0.string() }, slot.withField("missing") { $0.isNil ? "nil" : "present" },
                slot.withField("i") { $0.string() },
            ].map { $0 ?? "-" }.joined(separator: " ")
        }
        #expect(read.read == "3 2 - 2.5 é nil -")
    }

    @Test func noResultIsANilSlot() throws {
        let lua = try LuaState()
        let f = try lua.load("return", chunkName: "t.lua")
        #expect(try lua.call(f, arguments: []) { $0.isNil ? "nil" : "value" }.read == "nil")
    }

    static let content: LuaTable = {
        var t = LuaTable()
        t["name"] = "a"
        t["tags"] = ["x"]
        return t
    }()

    @Test func aReadOnlyTableIsNotPlainSoTheCopyReadsItsContent() throws {
        let lua = try LuaState()
        let make = lua.function("make") { call in _ = call.pushReadOnly(Self.content, message: "read-only") }
        let f = try lua.load("local make = ...; return make()", chunkName: "t.lua")
        let outcome = try lua.call(f, arguments: [.value(.function(make))], reading: Self.record)
        #expect(outcome.read == nil && outcome.results == [["name": "a", "tags": ["x"]]])
    }

    @Test func aReadPastTheCopysLimitIsDropped() throws {
        let lua = try LuaState()
        // Each element: the entry counted by the list check, then the element read: past
        // ConversionLimits.maxNodes values read, though the copy (one value each) fits.
        let count = ConversionLimits.maxNodes * 2 / 5
        let f = try lua.load("local t = {}; for i = 1, \(count) do t[i] = 'x' end; return t", chunkName: "t.lua")
        var finished = false
        let outcome = try lua.call(f, arguments: []) { slot -> Int? in
            var entries = 0
            slot.forEachEntry { _, _ in
                entries += 1; return true
            }
            for i in 0..<slot.length { _ = slot.withElement(i + 1) { $0.string() } }
            finished = true
            return entries
        }
        #expect(finished && outcome.read == nil && outcome.results.first?.tableValue?.count == count)
    }
}
