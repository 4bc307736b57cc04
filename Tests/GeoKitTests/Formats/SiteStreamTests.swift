import Formats
import Foundation
import Testing
@testable import GeoKit

/// SiteStream reads clean collections of points straight into sites; the general reader
/// reads everything. Where SiteStream answers, both must give the same sites, and wherever
/// the general reader fails, SiteStream must decline (so the error and its place stay the
/// general reader's).
@Suite struct SiteStreamTests {
    /// SiteStream's sites for `text`, or nil when it declines.
    static func streamed(_ text: String) -> [Site]? {
        Array(text.utf8).withUnsafeBufferPointer { SiteStream.sites(in: $0) }
    }

    /// The general reader's sites, or its error message.
    static func general(_ text: String) -> Result<[Site], GeoError> {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(GeoError) in try SiteCatalog(generalJSON: buffer, displayPath: "test.geojson").sites }
        }
    }

    @Test func everyParksSitesReadTheSameBothWays() throws {
        let parks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("parks")
        var files = try FileManager.default.contentsOfDirectory(atPath: parks.path).sorted()
            .map { parks.appendingPathComponent("\($0)/sites.geojson") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        files.append(try Fixture.url("goga-sites.geojson"))
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let streamed = try #require(Self.streamed(text), "SiteStream declined \(file.lastPathComponent)")
            #expect(streamed == (try Self.general(text).get()), "\(file.path)")
        }
    }

    static let feature = pointFeature(id: "a", name: "Alpha", extra: #""category":"view","rank":3"#)

    /// Spellings SiteStream reads: each must give the general reader's sites.
    static let taken = [
        sitesFile([feature, pointFeature(id: "b", name: "Beta")]),
        sitesFile([]),
        "\u{FEFF}" + sitesFile([feature]),
        " \n\t" + sitesFile([feature]) + " \n",
        #"{"features":[{"properties":{"name":"N","id":"x"},"geometry":{"coordinates":[1,2],"type":"Point"},"type":"Feature"}],"type":"FeatureCollection"}"#,
        #"{"type":"FeatureCollection","bbox":[0,0,1,1],"features":[{"type":"Feature","id":7,"bbox":[1],"geometry":{"type":"Point","coordinates":[1,2,3.5],"crs":null},"properties":{"name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2,3,"x"]},"properties":{"id":"p","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"p","name":"First","name":"Second","x":1,"x":{"deep":[[[]]]}}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"p","name":"N","category":null,"description":null}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"p","name":"caf\u00e9 \"q\"","category":"  "}}]}"#,
        #"{"type":"Feature","type":"FeatureCollection","features":[]}"#,
    ]

    @Test(arguments: taken)
    func readsTheSameSitesAsTheGeneralReader(text: String) throws {
        let streamed = try #require(Self.streamed(text), "SiteStream declined \(text)")
        #expect(streamed == (try Self.general(text).get()))
    }

    /// Files the general reader refuses or reads otherwise: SiteStream must decline each.
    static let declined = [
        "", "   ", "[]", "null", sitesFile([feature]) + "x", #"{"type":"FeatureCollection"}"#,
        #"{"type":"FeatureCollection","features":{}}"#, #"{"type":"FeatureCollection","features":[],"features":[]}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":"N"}}"#,
        #"{"type":"FeatureCollection","features":[1]}"#,
        #"{"type":"FeatureCollection","features":[],}"#, #"{"type":"FeatureCollection","features":[,]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point"},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,95]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2,"x"]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2,1e400]},"properties":{"id":"a","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":[1]}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":" ","name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":1.5,"name":"N"}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":""}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":3}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":"N","category":1}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","name":"N","description":false}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","id":null,"geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"p","name":"N"}}]}"#,
        sitesFile([feature]).replacingOccurrences(of: "Alpha", with: "Al\u{01}pha"),  // a control character
        sitesFile([feature]).replacingOccurrences(of: "\"rank\":3", with: "\"rank\":03"),
        sitesFile([feature]).replacingOccurrences(
            of: "\"rank\":3", with: "\"rank\":" + String(repeating: "[", count: 125) + String(repeating: "]", count: 125)),
    ]

    @Test(arguments: declined)
    func declinesWhatTheGeneralReaderRefuses(text: String) {
        #expect(Self.streamed(text) == nil)
    }

    /// SiteStream reads an id used twice; the catalog then reads the file the general way,
    /// for the error naming both features.
    @Test func anIdUsedTwiceGetsTheGeneralError() {
        let text = sitesFile([Self.feature, Self.feature])
        #expect(Self.streamed(text)?.count == 2)
        #expect(
            failure { () throws(GeoError) in try SiteCatalog(geoJSON: text.utf8, displayPath: "test.geojson") }
                == "test.geojson: feature 2 ('Alpha'): duplicate id 'a', first used by feature 1 ('Alpha')")
    }

    /// Every prefix of a file is broken JSON: SiteStream declines each, never traps.
    @Test func declinesEveryTruncation() {
        let text = sitesFile([Self.feature, pointFeature(id: "b", name: "Beta")])
        for end in stride(from: 0, to: text.utf8.count - 1, by: 3) {
            let prefix = String(decoding: Array(text.utf8)[..<end], as: UTF8.self)
            #expect(Self.streamed(prefix) == nil, "\(prefix)")
        }
    }

    /// Random one-byte changes to a small file, 4,000 of them: wherever SiteStream answers,
    /// the general reader reads the same sites.
    @Test func mutatedFilesReadTheSameOrDecline() {
        let base = Array(sitesFile([Self.feature, pointFeature(id: "b", name: "Beta", extra: #""description":null"#)]).utf8)
        let alphabet = Array(#"{}[],:"\ 0123456789.-+eEtrufalsn"#.utf8)
        var state: UInt64 = 19
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var answered = 0
        for _ in 0..<4000 {
            var bytes = base
            let at = next(bytes.count)
            switch next(3) {
            case 0: bytes[at] = alphabet[next(alphabet.count)]
            case 1: bytes.remove(at: at)
            default: bytes.insert(alphabet[next(alphabet.count)], at: at)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let streamed = Self.streamed(text) else { continue }
            answered += 1
            #expect(streamed == (try? Self.general(text).get()), "\(text)")
        }
        #expect(answered > 100)
    }

    /// Nesting is counted from the document's root, as the general reader counts it.
    @Test func nestingLimitIsTheGeneralReaders() throws {
        func file(depth: Int) -> String {
            sitesFile([pointFeature(id: "a", name: "N", extra: "\"x\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))])
        }
        let deepest = JSONScanner.maxDepth - 4  // the root, features, the feature and its properties
        #expect(Self.streamed(file(depth: deepest)) == (try Self.general(file(depth: deepest)).get()))
        #expect(Self.streamed(file(depth: deepest + 1)) == nil)
        #expect(throws: GeoError.self) { try Self.general(file(depth: deepest + 1)).get() }
    }
}
