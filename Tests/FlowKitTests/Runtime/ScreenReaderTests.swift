import ScreenSamples
import ScreenRendering
import BenchData
import Foundation
import Testing
import LuaKit
import ScreenModel
@testable import FlowKit

/// `ScreenReader` reads a flow's screen table where it lies on Lua's stack; the Codable path
/// (`LuaValueDecoder` and the types' `init(from:)`) decides whatever it gives up on. The
/// reader must read every valid screen (or it saves nothing) and must never accept a table
/// the Codable path refuses or read one differently. Each table here is handed to a Lua
/// function that returns it, and read from that call's result, as the runtime reads a flow's.
@Suite struct ScreenReaderTests {
    @Test(arguments: GoldenScreens.all.map(\.name))
    func readsEveryGoldenScreenAsCodableDoes(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        let table = try Self.table(screen)
        let read = try #require(try Self.read(table), "the reader gave up on \(name)")
        #expect(JSONRenderer().render(read) == JSONRenderer().render(try Self.codable(table)))
        #expect(read == screen)
    }

    /// Screens made from the screen contract set every field it has: the reader reads them
    /// all, and reads them as the Codable model does.
    @Test(arguments: 0..<ContractSamples.count)
    func readsEveryFieldOfTheContract(index: Int) throws {
        let screen = try ContractSamples.screens()[index]
        let table = try Self.table(screen)
        let read = try #require(try Self.read(table), "the reader gave up on contract screen \(index)")
        #expect(read == screen)
    }

    /// Random screens reach every field and kind (ScreenJSONTests checks that they do).
    @Test(arguments: 0..<8)
    func readsRandomizedScreensAsCodableDoes(seed: UInt64) throws {
        var screens = RandomScreens(seed: seed)
        for index in 0..<60 {
            let table = try Self.table(screens.screen())
            let read = try #require(try Self.read(table), "seed \(seed), screen \(index): the reader gave up")
            // Compared as JSON: the random numbers include NaN, which is never equal to itself.
            #expect(JSONRenderer().render(read) == JSONRenderer().render(try Self.codable(table)), "seed \(seed), screen \(index)")
        }
    }

    /// Random screens with one random change somewhere (an unknown key, a value of another
    /// type, a missing field, a list with a hole, a list part in a record, an integral float):
    /// the reader either gives up or reads what the Codable path reads, and it gives up on
    /// every table the Codable path refuses.
    @Test(arguments: 0..<8)
    func neverAcceptsWhatCodableRefusesOrReadsItDifferently(seed: UInt64) throws {
        var screens = RandomScreens(seed: seed)
        var rng = SplitMix64(seed: seed &+ 100)
        var refused = 0, readAlike = 0, accepted = 0
        for index in 0..<80 {
            var value = LuaValue.table(try Self.table(screens.screen()))
            Mutation.apply(to: &value, rng: &rng)
            guard case .table(let table) = value else { continue }
            let read = try Self.read(table)
            guard let decoded = try? Self.codable(table) else {
                #expect(read == nil, "seed \(seed), screen \(index): the reader accepted what Codable refuses")
                refused += 1
                continue
            }
            accepted += 1
            if let read {
                #expect(JSONRenderer().render(read) == JSONRenderer().render(decoded), "seed \(seed), screen \(index)")
                readAlike += 1
            }
        }
        // Both outcomes occur, so the mutations test something. (Most changes the Codable path
        // accepts, the reader leaves to it: a key Theme ignores, a list part in a record.)
        #expect(refused > 10 && accepted > 3, "refused \(refused), accepted \(accepted), read alike \(readAlike)")
    }

    @Test func givesUpOnMistakesSoTheirMessagesComeFromCodable() throws {
        let base: LuaValue = [
            "schema": .string(Screen.schemaID), "park": "GOGA", "flow": "home", "title": "Home",
            "sections": [["type": "text", "text": "Hello"]],
        ]
        #expect(try Self.read(try #require(base.tableValue)) != nil)
        let mistakes: [LuaValue] = [
            ["type": "text", "text": "Hello", "styel": "heading"],  // unknown field
            ["type": "text", "text": 3],  // wrong type
            ["type": "txt", "text": "Hello"],  // unknown type
            ["type": "text", "text": "Hello", "style": "huge"],  // unknown choice
            ["type": "button", "label": "Go", "action": ["kind": "go"]],  // missing flow
            ["type": "list", "items": .table(LuaTable(sequence: [["title": "a"], .nil, ["title": "c"]]))],  // a hole
        ]
        for mistake in mistakes {
            var screen = try #require(base.tableValue)
            screen["sections"] = [mistake]
            #expect(try Self.read(screen) == nil, "\(mistake)")
        }
    }

    /// What flows write that a Swift encoder would not: empty tables for lists and maps,
    /// integers for numbers. The reader reads them, as the Codable path does.
    @Test func readsWhatFlowsWriteAsCodableDoes() throws {
        var screen = try #require((["schema": .string(Screen.schemaID), "park": "GOGA", "flow": "home", "title": "Home"] as LuaValue).tableValue)
        screen["sections"] = [
            ["type": "list", "items": [:]],
            ["type": "card", "title": "Card", "badges": [], "action": ["kind": "go", "flow": "sites", "args": []]],
            [
                "type": "ar", "camera": ["position": [-122, 37], "heading": 90, "pitch": 0, "fov": 60],
                "size": ["width": 390, "height": 844], "max_distance": 5000, "pins": [:], "off_screen": [],
            ],
        ]
        let read = try #require(try Self.read(screen))
        #expect(read == (try Self.codable(screen)))
    }

    // MARK: - Helpers

    static func table(_ screen: Screen) throws -> LuaTable {
        try #require(try LuaValueEncoder().encode(screen).tableValue)
    }

    /// What the reader makes of `table` returned by a Lua function (nil: it gave up).
    static func read(_ table: LuaTable) throws -> Screen? {
        let lua = try LuaState()
        let identity = try lua.load("return ...", chunkName: "identity.lua")
        return try lua.call(identity, arguments: [.value(.table(table))]) { slot in
            ScreenReader.screen(slot, park: "unset", flow: "unset")
        }.read
    }

    /// The Codable path's screen, with `schema`, `park` and `flow` filled in when absent as
    /// the runtime fills them in (and the reader is told).
    static func codable(_ table: LuaTable) throws -> Screen {
        var table = table
        if table["schema"] == .nil { table["schema"] = .string(Screen.schemaID) }
        if table["park"] == .nil { table["park"] = "unset" }
        if table["flow"] == .nil { table["flow"] = "unset" }
        return try LuaValueDecoder().decode(Screen.self, from: .table(table))
    }
}

/// One random change at a random depth of a Lua value tree.
private enum Mutation {
    static func apply(to value: inout LuaValue, rng: inout SplitMix64) {
        guard case .table(var table) = value else {
            value = replacement(for: value, rng: &rng)
            return
        }
        let keys = Array(table.entries.keys).sorted { "\($0)" < "\($1)" }
        // Go deeper most of the time, so nested records and lists get changed too.
        if !keys.isEmpty, rng.next() % 4 != 0 {
            let key = keys[Int(rng.next() % UInt64(keys.count))]
            var child = table[key]
            apply(to: &child, rng: &rng)
            table[key] = child
            value = .table(table)
            return
        }
        switch rng.next() % 5 {
        case 0: table["surprise"] = "x"  // unknown key
        case 1: if let key = keys.first { table[key] = .nil }  // a field missing
        case 2: table[.integer(Int64(table.sequence.count + 2))] = "after a hole"  // a list with a hole
        case 3: table[.integer(1)] = "list part"  // a record with a list part
        default: table = LuaTable()  // empty: list or record alike
        }
        value = .table(table)
    }

    private static func replacement(for value: LuaValue, rng: inout SplitMix64) -> LuaValue {
        switch value {
        case .number(let d) where d.rounded() == d && abs(d) < 1e15: return .integer(Int64(d))
        case .integer(let i): return rng.next() % 2 == 0 ? .number(Double(i)) : .string("\(i)")
        case .string: return rng.next() % 2 == 0 ? .integer(7) : .boolean(true)
        default: return .string("changed")
        }
    }
}
