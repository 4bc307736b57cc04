import Foundation

/// Test data in `Fixtures/`, loaded from the test bundle (never from ../shared: a clean
/// clone lacks it). SOURCES.md there says where each file comes from.
enum Fixture {
    /// The text of `Fixtures/<name>`.
    static func text(_ name: String) throws -> String {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// `Fixtures/<name>` parsed as a JSON object.
    static func json(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text(name).utf8))
        guard let dictionary = object as? [String: Any] else { throw FixtureMissing(name: name + " (not a JSON object)") }
        return dictionary
    }

    /// The numeric rows of a CSV fixture with a header line, every field read as a Double.
    static func csvRows(_ name: String) throws -> [[Double]] {
        try text(name).split(separator: "\n").dropFirst().map { line in
            try line.split(separator: ",").map { field in
                guard let value = Double(field) else { throw FixtureMissing(name: "\(name): '\(field)' is not a number") }
                return value
            }
        }
    }

    struct FixtureMissing: Error {
        var name: String
    }
}

/// Reads a JSON number (JSONSerialization gives NSNumber) as a Double.
func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}
