import Foundation
@testable import FlowKit

/// The repository's own project (flows/ and parks/ with the real park data).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repository = ProjectRoot(path: repositoryRoot.path)

/// A fixed clock, so screens are reproducible: 2026-07-04 09:30 in San Francisco.
let fixedTime = Date(timeIntervalSince1970: 1_783_182_600)

/// A throwaway project in a temporary folder: a copy of the repository's flows and parks
/// (or nothing), with files added or replaced.
final class TestProject {
    let url: URL
    var root: ProjectRoot { ProjectRoot(path: url.path) }

    init(copyingRepository: Bool = true, files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if copyingRepository {
            for folder in ["flows", "parks"] {
                try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: url.appendingPathComponent(folder))
            }
        } else {
            try FileManager.default.createDirectory(at: url.appendingPathComponent("flows"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: url.appendingPathComponent("parks"), withIntermediateDirectories: true)
        }
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func runtime(_ park: String) throws -> FlowRuntime {
        try FlowRuntime(root: root, park: park, time: fixedTime)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The FlowError `body` throws, or nil.
func flowError(_ body: () throws -> Any) -> FlowError? {
    do { _ = try body(); return nil } catch { return error as? FlowError }
}
