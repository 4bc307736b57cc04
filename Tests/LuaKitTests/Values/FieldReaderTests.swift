import Testing
@testable import LuaKit

/// LuaCall.readFields reads a table argument in place, and only the shapes the decoder
/// reads to the same values: anything else returns nil, for the decoder to name the fault.
@Suite struct FieldReaderTests {
    struct Point: Decodable, Equatable {
        var lat: Double
        var name: String?
        var tags: [Tag]
        struct Tag: Decodable, Equatable { var id: String }
    }

    /// What `point(arg)` made of its argument: "fast" with the point read in place, or
    /// "decoder" with what the decoder made of it.
    func read(_ argument: String, readOnly: Bool = false) throws -> (path: String, point: Point?, error: String?) {
        let lua = try LuaState()
        var path = "", point: Point?, failure: String?
        let f = lua.function("point") { call in
            if let fast = try call.readFields(
                1,
                { (t: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                    Point(
                        lat: try t.number("lat"), name: try t.optionalString("name"),
                        tags: try t.list("tags") { (tag: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                            Point.Tag(id: try tag.optionalString("id") ?? "")
                        })
                })
            {
                path = "fast"
                point = fast
            } else {
                path = "decoder"
                do { point = try call.decode(Point.self, 1) } catch { failure = "\(error)" }
            }
        }
        let wrap = lua.function("wrap") { call in _ = call.pushReadOnly(try call.table(1), message: "read-only") }
        let chunk = "local point, wrap = ...\nlocal arg = \(argument)\npoint(\(readOnly ? "wrap(arg)" : "arg"))"
        _ = try lua.call(try lua.load(chunk, chunkName: "t.lua"), [.function(f), .function(wrap)])
        return (path, point, failure)
    }

    @Test func aWellFormedTableIsReadInPlace() throws {
        let expected = Point(lat: 37, name: "Fort", tags: [.init(id: "a"), .init(id: "b")])
        for readOnly in [false, true] {
            let r = try read("{ lat = 37, name = 'Fort', tags = { { id = 'a' }, { id = 'b', extra = {1, 2} } }, other = true }", readOnly: readOnly)
            #expect(r.path == "fast" && r.point == expected, "\(r)")
        }
        let empty = try read("{ lat = 1.5, tags = {} }")
        #expect(empty.path == "fast" && empty.point == Point(lat: 1.5, name: nil, tags: []))
    }

    @Test(arguments: [
        ("{ lat = 'x', tags = {} }", "lat: expected number, got string 'x'"),
        ("{ tags = {} }", "lat: missing (required)"),
        ("{ lat = 1, name = 5, tags = {} }", "name: expected string, got number 5"),
        ("{ lat = 1, tags = { { id = 'a' }, 'b' } }", "tags[2]: expected table, got string"),
        ("{ lat = 1, tags = { x = { id = 'a' } } }", "tags: expected a list (keys 1...n), found key 'x'"),
        ("{ 1, 2 }", "expected a table with named fields, got a list"),
        ("nil", "expected table, got nil"),
    ])
    func anyOtherShapeGoesToTheDecoder(argument: String, message: String) throws {
        let r = try read(argument)
        #expect(r.path == "decoder")
        #expect(r.error?.contains(message) == true, "\(String(describing: r.error))")
    }

    /// Shapes the decoder takes but the reader does not: the decoder reads them.
    @Test func unusualListsAreLeftToTheDecoder() throws {
        let holes = try read("{ lat = 1, tags = { { id = 'a' }, nil, { id = 'c' } } }")
        #expect(holes.path == "decoder" && holes.point?.tags.map(\.id) == ["a", "c"], "\(holes)")
        let notText = try read("{ lat = 1, name = '\\xff', tags = {} }")
        #expect(notText.path == "decoder" && notText.error?.contains("not UTF-8") == true, "\(notText)")
    }
}
