public import Formats
/// The properties of a site that flows rank and direct by, each with its rule: `rating` a
/// number from 0 to 5, `fee` a number of US dollars from 0 (free), `address` a string or a
/// list of lines. A site may leave any of them out (or give `null`); they stay in
/// ``Site/properties``, where flows read them, and a broken one is an error naming the
/// feature, as `feature 7 ('Fort Point'): rating 7 out of range [0, 5]`.
public enum SiteFacts {
    /// The range of a `rating`: stars, as review sites give them.
    public static let ratingRange: ClosedRange<Double> = 0...5
    /// The most lines an address may have.
    public static let maximumAddressLines = 6
    /// The most characters (Unicode scalars) one address line may have.
    public static let maximumAddressLineLength = 120

    /// Checks the properties this type knows in a site's other properties.
    /// - Throws: ``GeoError`` (`invalidContent`) for the first one broken.
    static func check(_ properties: [String: JSONValue]) throws(GeoError) {
        if let rating = properties["rating"] {
            switch rating {
            case .null: break
            case .number(let value) where ratingRange.contains(value): break
            case .number(let value):
                throw GeoError(.invalidContent, "rating \(NumberText.message(value)) out of range [0, 5]")
            default:
                throw GeoError(.invalidContent, "rating must be a number from 0 to 5, got \(rating.typeName) \(rating.snippet())")
            }
        }
        if let fee = properties["fee"] {
            switch fee {
            case .null: break
            case .number(let value) where value >= 0 && value < 1e9: break
            case .number(let value):
                throw GeoError(.invalidContent, "fee \(NumberText.message(value)) must be at least 0 (US dollars; 0 is free)")
            default:
                throw GeoError(.invalidContent, "fee must be a number of US dollars (0 is free), got \(fee.typeName) \(fee.snippet())")
            }
        }
        if let address = properties["address"] {
            do throws(AddressProblem) {
                _ = try addressLines(address)
            } catch {
                throw GeoError(.invalidContent, "address: \(error.message)")
            }
        }
    }

    /// What is wrong with an address.
    public struct AddressProblem: Error, Sendable, Equatable {
        /// Why it is not an address, with the line at fault counted from 1: `line 2 must not be empty`.
        public let message: String
    }

    /// The lines of an address given as a string (one line) or a list of lines; nil for `null`.
    /// - Parameter value: the `address` property.
    /// - Throws: ``AddressProblem`` for anything else, an empty line, a line with a control
    ///   character (a newline among them: lines are list items) or too long, or too many lines.
    public static func addressLines(_ value: JSONValue) throws(AddressProblem) -> [String]? {
        switch value {
        case .null: return nil
        case .string(let line): return try addressLines([line], single: true)
        case .array(let items):
            var lines: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let line) = item else {
                    throw AddressProblem(message: "line \(i + 1) must be a string, got \(item.typeName)")
                }
                lines.append(line)
            }
            return try addressLines(lines, single: false)
        default:
            throw AddressProblem(message: "expected a string or a list of lines (strings), got \(value.typeName)")
        }
    }

    /// Checks address lines as a person wrote them (park.lua's `address` too).
    /// - Parameters:
    ///   - lines: the lines.
    ///   - single: whether they were one string (messages then name no line).
    /// - Returns: the lines, unchanged.
    /// - Throws: ``AddressProblem`` as ``addressLines(_:)`` does.
    public static func addressLines(_ lines: [String], single: Bool = false) throws(AddressProblem) -> [String] {
        guard !lines.isEmpty else { throw AddressProblem(message: "a list of lines must have at least one") }
        guard lines.count <= maximumAddressLines else {
            throw AddressProblem(message: "\(lines.count) lines; an address has at most \(maximumAddressLines)")
        }
        for (i, line) in lines.enumerated() {
            let which = single ? "" : "line \(i + 1) "
            if line.isBlank { throw AddressProblem(message: "\(which)must not be empty") }
            if line.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                throw AddressProblem(message: "\(which)\(NumberText.quoted(line)) holds a control character (give lines as a list)")
            }
            if line.unicodeScalars.count > maximumAddressLineLength {
                throw AddressProblem(message: "\(which)\(NumberText.quoted(line)) is longer than \(maximumAddressLineLength) characters")
            }
        }
        return lines
    }
}
