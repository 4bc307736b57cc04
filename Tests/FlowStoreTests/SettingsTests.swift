import FlowKit
import FlowStore
import Testing

/// `store.get` and `store.set` from Lua: values as JSON text, per park.
@Suite struct SettingsTests {
    @Test func valuesRoundTrip() throws {
        let f = try StoreFixture()
        let set = """
            store.set('s', 'text') store.set('i', 12) store.set('x', 37.5) store.set('b', false)
            store.set('center', {lat = 37.8, lon = -122.46, zoom = 12, tags = {'a', 'b'}})
            return 'ok'
            """
        #expect(f.act(set).title == "ok")
        let get = """
            local c = store.get('center')
            return table.concat({store.get('s'), math.type(store.get('i')), store.get('i'), store.get('x'), tostring(store.get('b')),
              c.lat, c.lon, math.type(c.zoom), c.tags[2], tostring(store.get('none')), store.get('none', 'fallback')}, '|')
            """
        #expect(f.run(get).title == "text|integer|12|37.5|false|37.8|-122.46|integer|b|nil|fallback")
        #expect(f.run("return tostring(store.get('s'))", park: "YELL").title == "nil")
        #expect(f.act("store.set('s', nil) return tostring(store.get('s'))").title == "nil")
    }

    @Test func whatCannotBeStoredIsNamed() throws {
        let f = try StoreFixture()
        let cases: [(String, String)] = [
            ("store.set('k', print)", "bad argument #2 to 'set' (value: a function cannot be stored (strings, numbers, booleans and tables of them can))"),
            ("store.set('k', {1, x = 2})", "bad argument #2 to 'set' (value: a table is either a list or a record of string keys, not both)"),
            ("store.set('k', {a = {b = {c = {d = {e = 1}}}}})", "bad argument #2 to 'set' (value.a.b.c.d: tables nested deeper than 4 levels)"),
            ("store.set('k', 1/0)", "bad argument #2 to 'set' (value: inf is not a finite number)"),
            (
                "store.set('k', ('x'):rep(5000))",
                "bad argument #2 to 'set' (the value is 5,002 bytes as JSON, more than the 4,096 a setting may have (StoreLimits.valueBytes))"
            ),
            ("store.set('', 1)", "bad argument #1 to 'set' (the key is empty)"),
            ("store.set(('k'):rep(101), 1)", "bad argument #1 to 'set' (the key has 101 characters, more than the 100 allowed (StoreLimits.keyLength))"),
            ("store.get(1)", "bad argument #1 to 'get' (string expected, got number)"),
        ]
        for (code, message) in cases {
            #expect(f.act(code).firstLine == "probe:1: \(message)", "\(code)")
        }
    }
}
