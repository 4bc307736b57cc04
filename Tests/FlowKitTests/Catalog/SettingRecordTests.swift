import LuaKit
import Testing
@testable import FlowKit

/// A ``SettingRecord`` reads what LuaValueDecoder reads into the same type's Codable twin,
/// with the same unknown settings and the same first error, and its initializer gives the
/// shape the Decodable recorder reads off the twin.
@Suite struct SettingRecordTests {
    struct Probe: SettingRecord, Decodable, Equatable {
        struct Inner: SettingRecord, Decodable, Equatable {
            var on: Bool
            var note: String?

            init(_ t: inout SettingTable) throws(LuaDecodingError) {
                on = try t.read("on")
                note = try t.read("note")
            }
        }
        var name: String
        var ratio: Double?
        var count: Int
        var items: [Inner]
        var by_id: [String: [String]]
        var args: [String: Inner]?

        init(_ t: inout SettingTable) throws(LuaDecodingError) {
            name = try t.read("name")
            ratio = try t.read("ratio")
            count = try t.read("count")
            items = try t.read("items")
            by_id = try t.read("by_id")
            args = try t.read("args")
        }
    }

    /// What reading gave: the value or the first error, and the unknown settings, as text.
    struct Outcome: Equatable, CustomStringConvertible {
        var value: Probe?
        var error: String?
        var unknown: [String]
        var description: String { "\(value.map { "\($0)" } ?? "nil") \(error ?? "-") \(unknown)" }
    }

    static func decoded(_ value: LuaValue) -> Outcome {
        var unknown: [LuaDecodingError] = []
        do {
            let probe = try LuaValueDecoder(unknownFieldNoun: "setting").decode(Probe.self, from: value, unknownFields: &unknown)
            return Outcome(value: probe, unknown: unknown.map(\.description))
        } catch {
            return Outcome(error: LuaDecodingError.describe(error).description, unknown: unknown.map(\.description))
        }
    }

    static func read(_ value: LuaValue) -> Outcome {
        let reader = SettingReader(noun: "setting")
        do {
            let probe = try reader.read(Probe.self, from: value)
            return Outcome(value: probe, unknown: reader.unknown.map(\.description))
        } catch {
            return Outcome(error: error.description, unknown: reader.unknown.map(\.description))
        }
    }

    /// A table with keys that are no names, beside `named`.
    static func table(_ named: [String: LuaValue], _ others: [(LuaValue, LuaValue)]) -> LuaValue {
        var t = LuaTable()
        for (key, value) in named { t[key] = value }
        for (key, value) in others { t[key] = value }
        return .table(t)
    }

    static let valid: [String: LuaValue] = ["name": "x", "count": 2, "items": [["on": true]], "by_id": ["a": ["b"]]]

    static func with(_ changes: [String: LuaValue]) -> LuaValue {
        table(valid.merging(changes) { $1 }, [])
    }

    static let inputs: [LuaValue] = [
        with([:]), with(["ratio": 0.5, "args": ["k": ["on": false, "note": "n"]]]), with(["count": 3.0]),
        .nil, "text", [1, 2], [:], ["name": "x"],
        with(["name": 3]), with(["count": 1.5]), with(["count": "2"]), with(["ratio": true]),
        with(["items": "none"]), with(["items": ["on"]]), with(["items": [["on": 1]]]), with(["items": [["on": true, "of": 1]]]),
        with(["items": table(["x": 1], [(.integer(1), ["on": true])])]),
        with(["by_id": ["5": ["a"], "05": [1]]]), with(["by_id": table(["a": ["b"]], [(.integer(3), ["c"]), (.boolean(true), ["d"])])]),
        with(["by_id": [["a"]]]), with(["args": ["k": ["onn": true]], "nmae": "y"]),
        with(["zz": 1, "a b": 2, "a": 3, "items": [["on": true, "nte": "x"], ["on": 7]]]),
        table(["name": "x", "cont": 2, "items": [["on": true]], "by_id": [:]], [(.integer(7), 1), (.number(2.5), 2)]),
        table(["name": "x", "count": 2, "items": [], "by_id": [:]], [(.integer(1), "first")]),
    ]

    @Test(arguments: inputs)
    func readsAsLuaValueDecoderDecodes(_ input: LuaValue) {
        #expect(Self.read(input) == Self.decoded(input))
    }

    /// Where the two differ: a list with a hole is a mistake in settings (flows read them
    /// with ipairs, which stops at it), and a screen's list skips its nils.
    @Test func aHoleInASettingsListIsAMistake() {
        let input = Self.with(["items": .table(LuaTable(sequence: [["on": true], .nil, ["on": true], ["on": false]]))])
        #expect(Self.decoded(input).error == nil)
        #expect(
            Self.read(input).error
                == "items[2]: is nil; a list ends at its first nil, so flows would never see the 2 items after it: "
                + "remove it, or check the name written there (a name nothing defines is nil)")
    }

    /// The shape of a type that is both, read the two ways.
    static func decodableShape<T: Decodable>(_ type: T.Type) throws -> SettingShape { try SettingShape.of(type) }

    @Test func theShapeIsWhatTheInitializerReads() throws {
        let shape = try Probe.recorded().0
        #expect(shape == (try Self.decodableShape(Probe.self)))
        guard case .record(let name, let fields) = shape else { Issue.record("\(shape)"); return }
        #expect(name == "Probe")
        #expect(fields.map(\.name) == ["name", "ratio", "count", "items", "by_id", "args"])
        #expect(fields.map(\.optional) == [false, true, false, false, false, true])
    }
}
