import Foundation
@testable import GeoKit

/// Test data in `Fixtures/`, loaded from the test bundle (never from ../shared).
enum Fixture {
    /// The URL of `Fixtures/<name>`; `name` may include a subfolder (`tracks/a.gpx`).
    static func url(_ name: String) throws -> URL {
        let folder = (name as NSString).deletingLastPathComponent
        let file = (name as NSString).lastPathComponent
        let base = (file as NSString).deletingPathExtension
        let ext = (file as NSString).pathExtension
        let subdirectory = folder.isEmpty ? "Fixtures" : "Fixtures/" + folder
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: subdirectory) else {
            throw FixtureMissing(name: name)
        }
        return url
    }

    /// The text of `Fixtures/<name>`.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    struct FixtureMissing: Error {
        var name: String
    }
}

/// The message a throwing GeoKit call fails with, or `nil` when it succeeds.
func failure<T>(_ body: () throws(GeoError) -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.description
    }
}

/// A sites file: a FeatureCollection with one feature per line, so line numbers are predictable.
func sitesFile(_ features: [String]) -> String {
    "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
}

/// One site feature as GeoJSON text.
func pointFeature(
    id: String? = nil, name: String? = nil, lon: Double = -122.4, lat: Double = 37.8,
    extra: String = ""
) -> String {
    var properties: [String] = []
    if let id { properties.append("\"id\":\"\(id)\"") }
    if let name { properties.append("\"name\":\"\(name)\"") }
    if !extra.isEmpty { properties.append(extra) }
    return "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},"
        + "\"properties\":{\(properties.joined(separator: ","))}}"
}
