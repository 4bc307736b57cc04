import Foundation

/// The repository's root folder, for tests that read its files (every screen JSON fixture).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
