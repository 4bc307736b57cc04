/// A visitor store that cannot do what a run asked: the profile is unusable (a folder that
/// is not writable, a corrupt database file, a database from a newer flowrun), another
/// process held it past the busy timeout, or the database failed otherwise. The run that
/// met it fails with it (``FlowError/store(_:)``) and writes nothing; a mistake of the flow's
/// own (a quota, an unknown site) is a Lua error at its line instead.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of failure it is; it decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// The profile cannot be used as it is: bad input, exit 2. The files are left as they are.
        case unusable
        /// Another process held the database longer than the busy timeout: exit 1, try again.
        case busy
        /// Anything else the database reported (a full disk, an I/O error): exit 1.
        case failed
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The message for people, naming the file: `profile/store.sqlite: ...`.
    public var message: String

    /// A store failure.
    /// - Parameters:
    ///   - kind: what kind of failure it is.
    ///   - message: the message for people, naming the file.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message for people.
    public var description: String { message }

    /// 2 for an unusable profile (bad input), 1 otherwise.
    public var exitCode: Int32 { kind == .unusable ? 2 : 1 }
}
