import Formats
import Testing
@testable import GeoKit

struct JSONScannerTests {
    static func parse(_ text: String) throws(GeoError) -> JSONValue {
        try Array(text.utf8).withContiguousBytes { buffer throws(GeoError) in
            try GeoError.lifting { () throws(FormatError) in try JSONScanner.document(buffer, file: "test.json") }
        }
    }

    static func parseFailure(_ text: String) -> String? {
        failure { () throws(GeoError) in try parse(text) }
    }

    static func parseFailure(bytes: [UInt8]) -> String? {
        failure { () throws(GeoError) in
            try bytes.withContiguousBytes { buffer throws(GeoError) in
                try GeoError.lifting { () throws(FormatError) in try JSONScanner.document(buffer, file: "test.json") }
            }
        }
    }

    // MARK: - Values

    @Test func valuesOfEveryKind() throws {
        let value = try Self.parse(#" {"a": [1, -2.5, true, false, null, "x"], "b": {}, "c": [], "a2": {"n": 0}} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x")]),
                    "b": .object([:]), "c": .array([]), "a2": .object(["n": .number(0)]),
                ]))
        #expect(try Self.parse(#"{"k": 1, "k": 2}"#) == .object(["k": .number(2)]))  // last wins
    }

    /// Told to, the scanner refuses a key given twice at any depth, with the field's path and
    /// where its second spelling starts; untold, the last value wins as above.
    @Test func aKeyGivenTwiceIsRefusedWhenAsked() throws {
        func refusal(_ text: String) -> JSONScanner.SyntaxError? {
            let bytes: [UInt8] = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { buffer -> JSONScanner.SyntaxError? in
                var scanner = JSONScanner(buffer)
                scanner.refusesDuplicateKeys = true
                do throws(JSONScanner.SyntaxError) {
                    _ = try scanner.parseDocument()
                    return nil
                } catch {
                    return error
                }
            }
        }
        let top = try #require(refusal(#"{"version": 1, "version": 9}"#))
        #expect(top.field == "version" && top.offset == 15 && top.message == "the key 'version' is given twice in one object")
        #expect(try #require(refusal(#"{"files": [{"a": 1}, {"b": 1, "c": 2, "b": 3}]}"#)).field == "files[2].b")
        #expect(try #require(refusal(#"[[1], [{"x": {"y": 1, "y": 1}}]]"#)).field == "[2][1].x.y")
        #expect(refusal(#"{"a": {"k": 1}, "b": {"k": 1}, "k": [{"k": 1}, {"k": 2}]}"#) == nil, "the same key in different objects")
        let syntax = try #require(refusal(#"{"a": [1, }"#))
        #expect(syntax.field == nil, "other errors name no field")
    }

    /// Objects and arrays inside each other, each closed with its own members and elements
    /// (the scanner keeps those of every open one in a shared buffer).
    @Test func nestedValuesKeepTheirOwnMembers() throws {
        let value = try Self.parse(#"{"a": [1, {"b": [2, [3, 4], {}], "c": {"d": []}}, []], "e": {"f": [{"g": 5}, 6]}, "h": 7}"#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .number(1),
                        .object([
                            "b": .array([.number(2), .array([.number(3), .number(4)]), .object([:])]),
                            "c": .object(["d": .array([])]),
                        ]), .array([]),
                    ]),
                    "e": .object(["f": .array([.object(["g": .number(5)]), .number(6)])]),
                    "h": .number(7),
                ]))
        #expect(
            try Self.parse("[[[1], 2], [3, [4, [5]]]]")
                == .array([
                    .array([.array([.number(1)]), .number(2)]), .array([.number(3), .array([.number(4), .array([.number(5)])])]),
                ]))
    }

    @Test func stringsAndEscapes() throws {
        #expect(try Self.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try Self.parse(#""caf\u00e9 \u00E9""#) == .string("café é"))
        #expect(try Self.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try Self.parse("\"Muir Woods — café 😀\"") == .string("Muir Woods — café 😀"))
        #expect(try Self.parse(#""a\nb" "#) == .string("a\nb"))
    }

    @Test func numbersMatchTheStandardLibrary() throws {
        let texts = [
            "0", "-0", "1", "-122.473363", "37.787217", "-119.845562413", "0.1", "1e3", "1E-3", "2.5e+2",
            "9007199254740993", "12345678901234567890", "123456789012345678e-5", "1e22", "1e23", "1e-22", "1e-23",
            "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "0.30000000000000004",
        ]
        for text in texts {
            let parsed = try Self.parse(text)
            #expect(parsed == .number(Double(text) ?? .nan), "\(text)")
        }
        #expect(try Self.parse("1e400") == .number(.infinity))
        #expect(try Self.parse("-1e400") == .number(-.infinity))
    }

    @Test func randomNumbersRoundTrip() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let value = generator.next(in: -180...180)
            // Shortest text, and the 6- and 9-decimal forms that park files use.
            for text in [String(value), String(Double(Int(value * 1e6)) / 1e6), String(Double(Int(value * 1e9)) / 1e9)] {
                #expect(try Self.parse(text) == .number(Double(text) ?? .nan), "\(text)")
            }
        }
    }

    // MARK: - Errors with line and column

    @Test(arguments: [
        (#"{"a": 1,}"#, "test.json:1:9: malformed JSON: expected a string key, got '}'"),
        ("[1, 2", "test.json:1:6: malformed JSON: expected ',' or ']' after an array element, got end of file"),
        (#"{"a" 1}"#, "test.json:1:6: malformed JSON: expected ':' after an object key, got '1'"),
        (#"{"a": 1 "b": 2}"#, "test.json:1:9: malformed JSON: expected ',' or '}' after an object member, got '\"'"),
        ("tru", "test.json:1:1: malformed JSON: invalid literal 'tru', expected true, false or null"),
        ("[nul]", "test.json:1:2: malformed JSON: invalid literal 'nul', expected true, false or null"),
        ("01", "test.json:1:1: malformed JSON: invalid number '01'"),
        ("[-]", "test.json:1:2: malformed JSON: invalid number '-'"),
        ("1.", "test.json:1:1: malformed JSON: invalid number '1.'"),
        ("1e+", "test.json:1:1: malformed JSON: invalid number '1e+'"),
        ("[.5]", "test.json:1:2: malformed JSON: expected a value, got '.'"),
        (#""abc"#, "test.json:1:1: malformed JSON: unterminated string"),
        (#"["a\q"]"#, "test.json:1:4: malformed JSON: invalid escape '\\q' in string"),
        (#"["\u12G4"]"#, "test.json:1:3: malformed JSON: invalid \\u escape, expected 4 hexadecimal digits"),
        (#"["\ud83d"]"#, "test.json:1:3: malformed JSON: unpaired surrogate in \\u escape"),
        (#"["\ude00x"]"#, "test.json:1:3: malformed JSON: unpaired surrogate in \\u escape"),
        ("[\"a\tb\"]", "test.json:1:4: malformed JSON: unescaped control character U+0009 in string"),
        ("[1] x", "test.json:1:5: malformed JSON: unexpected 'x' after the JSON value"),
        ("{\n  \"name\": \"Café\", x}", "test.json:2:19: malformed JSON: expected a string key, got 'x'"),
        ("{\r\n  \"a\": [1,\r\n   ]}", "test.json:3:4: malformed JSON: expected a value, got ']'"),
        ("{“a”: 1}", "test.json:1:2: malformed JSON: expected a string key, got '“'"),
        ("{", "test.json:1:2: malformed JSON: expected a string key, got end of file"),
        ("[1,", "test.json:1:4: malformed JSON: unexpected end of file, expected a value"),
    ])
    func syntaxErrors(text: String, message: String) {
        #expect(Self.parseFailure(text) == message)
    }

    @Test func nestingIsCapped() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(Self.parseFailure(deep) == "test.json:1:129: malformed JSON: nesting deeper than 128 levels")
        let fine = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(Self.parseFailure(fine) == nil)
    }

    @Test func byteOrderMarkAndBrokenUTF8() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(Self.parseFailure(bytes: bom + Array("[1]".utf8)) == nil)
        #expect(Self.parseFailure(bytes: bom) == "test.json: file is empty")
        #expect(
            Self.parseFailure(bytes: bom + Array("[1,]".utf8))
                == "test.json:1:4: malformed JSON: expected a value, got ']'")
        #expect(
            Self.parseFailure(bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])
                == "test.json:1:2: malformed JSON: expected a value, got '\\xFF'")
        // Invalid UTF-8 inside a string is repaired, never trapped on.
        #expect(Self.parseFailure(bytes: [UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")]) == nil)
    }

    @Test func truncationsOfARealFileNeverTrap() throws {
        let text = Array(try Fixture.text("goga-sites.geojson").utf8.prefix(1500))
        for length in 0..<text.count {
            let prefix = Array(text[0..<length])
            _ = failure { () throws(GeoError) in
                try prefix.withContiguousBytes { buffer throws(GeoError) in try GeoJSONReader.read(buffer, file: "t") }
            }
        }
    }
}
