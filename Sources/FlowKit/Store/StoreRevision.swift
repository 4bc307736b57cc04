/// Which version of a visitor's store a screen was made from: while a store answers the same
/// revision, nothing it holds has changed, so a screen kept from a run on it is still the
/// screen a new run would make (the preview's API keeps screens so). A revision only ever
/// errs towards "changed".
public struct StoreRevision: Equatable, Sendable {
    /// Writing transactions this store object committed.
    let commits: Int
    /// What the files of a store that other processes may write look like (`stat`'s numbers,
    /// ``Formats/FileVersion``; empty for a file that is not there).
    let files: [[UInt8]]

    /// The revision after `commits` commits, with the files as they are now.
    public init(commits: Int, files: [[UInt8]] = []) {
        self.commits = commits
        self.files = files
    }
}
