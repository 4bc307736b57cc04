import Formats
import Foundation
import Testing
@testable import GeoKit

struct JSONValueTests {
    static let sample: JSONValue = .object([
        "name": .string("Fort \"Point\"\n"), "open": .bool(true), "rank": .number(3), "ratio": .number(0.25),
        "tags": .array([.string("historic"), .null]), "nested": .object(["deep": .array([])]),
    ])

    @Test func compactTextWithSortedKeys() {
        #expect(
            Self.sample.description
                == #"{"name":"Fort \"Point\"\n","nested":{"deep":[]},"open":true,"rank":3,"ratio":0.25,"tags":["historic",null]}"#)
        #expect(JSONValue.string("\u{1}").description == #""\u0001""#)
    }

    @Test func accessors() {
        #expect(Self.sample["name"]?.stringValue == "Fort \"Point\"\n")
        #expect(Self.sample["rank"]?.numberValue == 3)
        #expect(Self.sample["open"]?.boolValue == true)
        #expect(Self.sample["tags"]?.arrayValue?.count == 2)
        #expect(Self.sample["nested"]?.objectValue?.keys.first == "deep")
        #expect(Self.sample["tags"]?.arrayValue?.last?.isNull == true)
        #expect(Self.sample["missing"] == nil)
        #expect(JSONValue.number(1)["name"] == nil)
        #expect(JSONValue.number(1).stringValue == nil)
    }

    @Test func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.sample)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == Self.sample)
        // The scanner reads what the encoder wrote.
        let scanned = try Array(data).withContiguousBytes { buffer throws(GeoError) in
            try GeoError.lifting { () throws(FormatError) in try JSONScanner.document(buffer, file: "encoded.json") }
        }
        #expect(scanned == Self.sample)
    }
}
