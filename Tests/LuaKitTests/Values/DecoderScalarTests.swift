import Testing
@testable import LuaKit

/// The decoder reads scalars straight from their table (no child decoder): the values and
/// the messages are those of the single-value container, with the field's path.
@Suite struct DecoderScalarTests {
    struct Record: Decodable, Equatable {
        var s: String
        var d: Double
        var i: Int
        var b: Bool
        var os: String?
        var od: Double?
        var oi: Int?
        var ob: Bool?
        var list: [Double]
        var names: [String]
        var small: Int8?
    }

    static let good: LuaValue = [
        "s": "x", "d": 2, "i": .number(3.0), "b": true, "od": 1.5, "list": [1, .number(2.5)],
        "names": ["a", "b"],
    ]

    func decode(_ change: (inout LuaTable) -> Void) -> String {
        var t = Self.good.tableValue ?? LuaTable()
        change(&t)
        do {
            let r = try LuaValueDecoder().decode(Record.self, from: .table(t))
            return "ok \(r.s) \(r.d) \(r.i) \(r.b) \(String(describing: r.od)) \(r.list) \(r.names)"
        } catch {
            return LuaDecodingError.describe(error).description
        }
    }

    @Test func valuesConvertAsBefore() {
        #expect(decode { _ in } == "ok x 2.0 3 true Optional(1.5) [1.0, 2.5] [\"a\", \"b\"]")
    }

    @Test(
        arguments: [
            ("s", .integer(3), "s: expected string, got number 3"),
            ("s", .nil, "s: missing (required)"),
            ("d", "2", "d: expected number, got string '2'"),
            ("i", 2.5, "i: expected integer in -9223372036854775808...9223372036854775807, got number 2.5"),
            ("i", "3", "i: expected integer, got string '3'"),
            ("b", 1, "b: expected boolean, got number"),
            ("os", false, "os: expected string, got boolean false"),
            ("od", "x", "od: expected number, got string 'x'"),
            ("oi", 1.5, "oi: expected integer in -9223372036854775808...9223372036854775807, got number 1.5"),
            ("ob", "yes", "ob: expected boolean, got string"),
            ("list", [1, "two"], "list[2]: expected number, got string 'two'"),
            ("names", ["a", 2], "names[2]: expected string, got number 2"),
            ("small", 300, "small: expected integer in -128...127, got number 300"),
        ] as [(String, LuaValue, String)])
    func wrongValuesNameTheirPath(key: String, value: LuaValue, message: String) {
        #expect(decode { $0[key] = value } == message)
    }
}
