import Testing
@testable import LuaKit

/// LuaCall.numbers and LuaCall.records read lists in bulk, in place: records and columns
/// agree, read-only tables are seen through, and a limit, a hole or a wrong type is an error
/// naming the item.
@Suite struct BulkReaderTests {
    /// What `f(arg)` read: the numbers and the records' fields as text, or the error.
    func read(_ argument: String, limit: Int = LuaCall.maxListCount, readOnly: Bool = false) throws -> String {
        let lua = try LuaState()
        var out = ""
        let fields: [LuaColumns.Field] = [.init("lat", .number), .init("value", .optionalNumber), .init("name", .optionalString)]
        let f = lua.function("f") { call in
            do {
                if try call.string(1) == "numbers" {
                    out = try call.numbers(2, name: "xs", limit: limit).map { "\($0)" }.joined(separator: ",")
                } else {
                    let c = try call.records(2, name: "rs", fields: fields, limit: limit)
                    out = (0..<c.count).map { k in
                        "\(c.numbers(0)[k])/\(c.optionalNumbers(1)?[k].map { "\($0)" } ?? "-")/\(c.strings(2)?[k] ?? "-")"
                    }.joined(separator: ",")
                }
            } catch {
                out = "\(error)"
            }
        }
        let wrap = lua.function("wrap") { call in _ = call.pushReadOnly(try call.table(1), message: "read-only") }
        let chunk = "local f, wrap = ...\nlocal kind, arg = \(argument)\nf(kind, \(readOnly ? "wrap(arg)" : "arg"))"
        _ = try lua.call(try lua.load(chunk, chunkName: "t.lua"), [.function(f), .function(wrap)])
        return out
    }

    @Test func numbersAreReadInOrderIntegersConverted() throws {
        for readOnly in [false, true] {
            #expect(try read("'numbers', { 1, 2.5, -3 }", readOnly: readOnly) == "1.0,2.5,-3.0")
        }
        #expect(try read("'numbers', {}") == "")
        // Filled backwards, the items sit in the table's hash part, met out of order.
        let backwards = "(function() local t = {} for i = 5, 1, -1 do t[i] = i * 2 end return t end)()"
        #expect(try read("'numbers', \(backwards)") == "2.0,4.0,6.0,8.0,10.0")
        #expect(try read("'records', { lat = \(backwards) }") == "2.0/-/-,4.0/-/-,6.0/-/-,8.0/-/-,10.0/-/-")
    }

    @Test func recordsAndColumnsReadTheSame() throws {
        let expected = "1.0/-/a,2.0/5.0/-"
        for readOnly in [false, true] {
            #expect(try read("'records', { { lat = 1, name = 'a', extra = {} }, { lat = 2, value = 5 } }", readOnly: readOnly) == expected)
        }
        // 0/0 is a NaN with its sign bit set on x86-64: Swift writes it -nan.
        #expect(try read("'records', { lat = { 1, 2 }, value = { 0/0, 5 }, name = { 'a', 'b' } }").hasSuffix("nan/a,2.0/5.0/b"))
        #expect(try read("'records', {}") == "")
    }

    @Test(arguments: [
        ("'numbers', { 1, 2, 3, 4 }", "bad argument #2 to 'f' (xs: 4 items, more than the 3 one call takes)"),
        ("'numbers', { 1, 'x' }", "bad argument #2 to 'f' (xs[2]: number expected, got string)"),
        // A constructor's nil keeps its slot: the length is 3 and the hole is item 2.
        ("'numbers', { 1, nil, 3 }", "bad argument #2 to 'f' (xs[2]: number expected, got nil)"),
        ("'numbers', { 1, 2, [4] = 4 }", "bad argument #2 to 'f' (xs: not a list: 3 entries but a length of 2 (a hole, or keys other than 1...2))"),
        ("'numbers', { 1, [1.5] = 2 }", "bad argument #2 to 'f' (xs: not a list: 2 entries but a length of 1 (a hole, or keys other than 1...1))"),
        ("'numbers', { 1, 2, [-1] = 3 }", "bad argument #2 to 'f' (xs: not a list: 3 entries but a length of 2 (a hole, or keys other than 1...2))"),
        ("'numbers', { 1, x = 2 }", "bad argument #2 to 'f' (xs: not a list: 2 entries but a length of 1 (a hole, or keys other than 1...1))"),
        ("'numbers', 5", "bad argument #2 to 'f' (list of numbers expected, got number)"),
        ("'records', { { lat = 1 }, { lat = 1 }, { lat = 1 }, { lat = 1 } }", "bad argument #2 to 'f' (rs: 4 items, more than the 3 one call takes)"),
        ("'records', { lat = { 1, 2, 3, 4 } }", "bad argument #2 to 'f' (rs: lat: 4 items, more than the 3 one call takes)"),
        ("'records', { { lat = 1, name = '\\xff' } }", "bad argument #2 to 'f' (rs[1].name: string is not UTF-8 text)"),
        ("'records', { lat = { 1 }, name = { 2 } }", "bad argument #2 to 'f' (rs: name[1]: string expected, got number)"),
    ])
    func badListsNameTheItem(argument: String, message: String) throws {
        #expect(try read(argument, limit: 3) == message)
    }
}
