/// One problem found in a screen, with the field path it concerns.
public struct ScreenIssue: Hashable, Sendable, CustomStringConvertible {
    /// The field path from the screen's root, like `sections[2].items[0].action.url`.
    public var path: String
    /// What is wrong, written for a content author: "must not be empty".
    public var message: String

    /// Creates an issue.
    /// - Parameters:
    ///   - path: the field path from the screen's root.
    ///   - message: what is wrong.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, as printed by the CLI.
    public var description: String { "\(path): \(message)" }
}
