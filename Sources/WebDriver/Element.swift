public import Formats
/// A reference to an element of the page the driver found: opaque, valid until the element
/// leaves the document (then commands on it fail with `stale element reference`).
public struct Element: Sendable, Hashable {
    /// The W3C key a web element reference is sent under, in answers and script arguments.
    public static let key = "element-6066-11e4-a52e-4f735466cecf"

    /// The driver's id for the element.
    public let id: String

    public init(id: String) {
        self.id = id
    }

    /// The element `value` refers to, or nil when it is no element reference.
    public init?(_ value: JSONValue) {
        guard let id = value[Self.key]?.stringValue else { return nil }
        self.id = id
    }

    /// The reference as a script argument: in the script it is the element itself.
    public var json: JSONValue {
        [Self.key: .string(id)]
    }
}
