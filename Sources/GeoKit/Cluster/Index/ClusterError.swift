import Formats
/// An error from building, querying or changing a ``ClusterIndex``. Its ``description`` names
/// the value at fault: `point 7: latitude nan is not a number`, `zoom 31 out of range [0, 30]`,
/// `no cluster with id 123456`, `options: radius 0 is not greater than 0`.
public struct ClusterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// A ``ClusterOptions`` field is out of range.
        case invalidOptions
        /// A point's coordinates or value cannot be indexed.
        case invalidPoint
        /// A query argument (box, zoom, limit, offset) is out of range.
        case invalidQuery
        /// No live cluster or point has the id.
        case unknownID
        /// The id is a live point's where a cluster's is expected, or a live cluster's where a
        /// point's is expected: `12 is a point's id, not a cluster's`.
        case wrongKind
    }

    /// What went wrong.
    public let kind: Kind
    /// The message, naming the value: `point 7: latitude 95 out of range [-90, 90]`.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// A number as messages show it (``NumberText/message(_:)``).
    static func text(_ number: Double) -> String { NumberText.message(number) }
}
