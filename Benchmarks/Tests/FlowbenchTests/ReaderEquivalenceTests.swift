import Foundation
import Testing
@testable import flowbench

/// `flowbench readers` compares like with like only if the Foundation paths build the values
/// GeoKit's readers build, and fail where they fail.
@Suite struct ReaderEquivalenceTests {
    static let files: [(String, ReaderBench.Kind)] = [
        ("parks/GRTE/sites.geojson", .sites),
        ("parks/YOSE/boundary.geojson", .boundary),
        ("Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-morning-inside.gpx", .gpx),
    ]

    @Test(arguments: files)
    func everyReaderBuildsTheSameValues(file: String, kind: ReaderBench.Kind) throws {
        let input = ReaderBench.Input(path: repositoryRoot.appendingPathComponent(file).path, display: file, kind: kind)
        let loaded = try ReaderBench.Loaded(input)
        let reference = try loaded.read(with: .geoKit)
        #expect(reference.count > 0)
        for reader in kind.readers.dropFirst() {
            #expect(try loaded.read(with: reader) == reference, "\(reader.rawValue)")
        }
    }

    @Test func everyCorruptCopyIsRefusedByGeoKit() throws {
        let sites = try String(contentsOf: repositoryRoot.appendingPathComponent("parks/GRTE/sites.geojson"), encoding: .utf8)
        let track = try String(contentsOf: repositoryRoot.appendingPathComponent(Self.files[2].0), encoding: .utf8)
        let json = ReaderErrors.jsonCases(sites), gpx = ReaderErrors.gpxCases(track)
        #expect(json.count == 4 && gpx.count == 5)
        for c in json {
            let input = ReaderBench.Input(path: "", display: "sites.geojson", kind: .sites)
            #expect(throws: (any Error).self, "\(c.label)") { try ReaderBench.Loaded(input, text: c.text).read(with: .geoKit) }
        }
        for c in gpx {
            let input = ReaderBench.Input(path: "", display: "track.gpx", kind: .gpx)
            for reader in [ReaderBench.Reader.geoKit, .xmlParser] {
                #expect(throws: (any Error).self, "\(c.label), \(reader.rawValue)") { try ReaderBench.Loaded(input, text: c.text).read(with: reader) }
            }
        }
    }
}
