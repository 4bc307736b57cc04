import Foundation

/// A temporary copy of the project holding one park plus the bench flow, so case 1 (d)
/// runs inside a real FlowRuntime (its state, its `geo` module) without touching the
/// repository. Removed by `remove()`.
struct StagedProject {
    /// The copy's folder (holds `flows/` and `parks/`).
    let path: String

    /// Copies `flows/`, `parks/defaults.lua` and `parks/<park>/` of `root`, then adds
    /// `flowFile` with `source` to the park's flows.
    /// - Throws: `BenchError.setup` naming what could not be copied.
    init(root: String, park: String, flowFile: String, source: String) throws(BenchError) {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        let staged = fm.temporaryDirectory.appendingPathComponent("flowbench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        path = staged.path
        do {
            try fm.createDirectory(at: staged.appendingPathComponent("parks"), withIntermediateDirectories: true)
            for relative in ["flows", "parks/defaults.lua", "parks/\(park)"] {
                try fm.copyItem(at: base.appendingPathComponent(relative), to: staged.appendingPathComponent(relative))
            }
            let flows = staged.appendingPathComponent("parks/\(park)/flows")
            try fm.createDirectory(at: flows, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: flows.appendingPathComponent(flowFile))
        } catch {
            try? fm.removeItem(at: staged)
            throw .setup("cannot stage a copy of \(base.path) for the geo benchmark in \(staged.path): \(error.localizedDescription)")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
