import Formats
/// The size of a screen in points, such as an iPhone's 390 × 844: what a map or an AR view
/// is laid out for.
///
/// Sizes are whole points, as phones lay screens out, from 1 to 10,000 each way. The text
/// form is `WIDTHxHEIGHT` (`390x844`): command-line `--size` and the park settings
/// `map.size` and `ar.size` are read with ``parse(_:)``.
public struct ScreenSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Points across.
    public var width: Int
    /// Points down.
    public var height: Int

    /// The points a side may have.
    public static let range = 1...10_000

    /// A size from its sides in points; not checked.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A size whose sides are checked against ``range``.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidArgument``: `width 0 out of range [1, 10000]`.
    public init(validatingWidth width: Int, height: Int) throws(GeoError) {
        for (name, value) in [("width", width), ("height", height)] where !Self.range.contains(value) {
            throw Self.outOfRange(name, String(value))
        }
        self.init(width: width, height: height)
    }

    /// A size from sides a person wrote as numbers (a scenario's `{390, 844}`), checked: whole
    /// points within ``range``, as ``parse(_:)`` checks text.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidArgument``:
    ///   `width 390.5 is not a whole number of points`, `height 0 out of range [1, 10000]`.
    public init(validatingWidth width: Double, height: Double) throws(GeoError) {
        self.init(width: try Self.side("width", width), height: try Self.side("height", height))
    }

    /// A side written as a number: whole, within ``range``.
    private static func side(_ name: String, _ value: Double) throws(GeoError) -> Int {
        guard value == value.rounded() else {
            throw GeoError(.invalidArgument, "\(name) \(NumberText.message(value)) is not a whole number of points")
        }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else { throw outOfRange(name, NumberText.message(value)) }
        return Int(value)
    }

    /// Parses `WIDTHxHEIGHT` in whole points, such as `390x844` (a lowercase `x`, digits
    /// only: no signs, decimals, exponents or spaces).
    /// - Parameter text: The text to parse.
    /// - Returns: The checked size.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidArgument``, one of
    ///   `expected WIDTHxHEIGHT in points such as 390x844, got '390x'`,
    ///   `width '1e3' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)`,
    ///   `height 0 out of range [1, 10000]`.
    public static func parse(_ text: String) throws(GeoError) -> ScreenSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw GeoError(.invalidArgument, "expected WIDTHxHEIGHT in points such as 390x844, got \(NumberText.quoted(text))")
        }
        var sides: [Int] = []
        for (name, part) in zip(["width", "height"], parts) {
            guard part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw GeoError(.invalidArgument, "\(name) \(NumberText.quoted(part)) is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)")
            }
            // More digits than any side may have is out of range, however many.
            guard let value = Int(part), Self.range.contains(value) else { throw outOfRange(name, String(part)) }
            sides.append(value)
        }
        return ScreenSize(width: sides[0], height: sides[1])
    }

    /// The text form, `390x844`.
    public var description: String { "\(width)x\(height)" }

    private static func outOfRange(_ name: String, _ value: String) -> GeoError {
        let shown = value.count > NumberText.shownLength ? NumberText.quoted(value) : value
        return GeoError(.invalidArgument, "\(name) \(shown) out of range [\(range.lowerBound), \(range.upperBound)]")
    }
}
