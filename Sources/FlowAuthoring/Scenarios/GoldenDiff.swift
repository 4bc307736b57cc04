/// What `flowrun test --update` changed in a golden, for the author to read before keeping
/// it: the lines as a unified diff shows them (`@@ -12,3 +12,4 @@`, then ` `, `-` and `+`
/// lines), two lines of context around each change, at most `limit` lines in all.
enum GoldenDiff {
    /// One line of an edit script.
    private enum Step {
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The diff of `old` (nil: the golden is new) to `new`.
    /// - Parameters:
    ///   - old: the golden's text before, or nil when there was none.
    ///   - new: the text written.
    ///   - limit: the most lines shown; what is left is counted.
    /// - Returns: the lines, without newlines; empty when the texts are the same.
    static func lines(old: String?, new: String, limit: Int = 40) -> [String] {
        let after = new.split(separator: "\n", omittingEmptySubsequences: false)
        guard let old else { return ["new golden, \(after.count) lines"] }
        guard old != new else { return [] }
        let before = old.split(separator: "\n", omittingEmptySubsequences: false)
        // The standard library's Myers difference; offsets are of `before` and of `after`.
        var removed = Set<Int>(), added = Set<Int>()
        for change in after.difference(from: before) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): added.insert(offset)
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                steps.append(.removed(i))
                i += 1
            } else if j < after.count, added.contains(j) {
                steps.append(.added(j))
                j += 1
            } else {
                steps.append(.same(i, j))
                i += 1
                j += 1
            }
        }
        // Hunks: each change with two steps of context either side, near ones joined.
        let context = 2
        var shown = Array(repeating: false, count: steps.count)
        for (k, step) in steps.enumerated() {
            if case .same = step { continue }
            for m in max(0, k - context)...min(steps.count - 1, k + context) { shown[m] = true }
        }
        var out: [String] = []
        var k = 0
        while k < steps.count {
            guard shown[k] else { k += 1; continue }
            var end = k
            while end + 1 < steps.count, shown[end + 1] { end += 1 }
            let hunk = steps[k...end]
            let oldLines = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newLines = hunk.filter { if case .removed = $0 { false } else { true } }.count
            let (oldStart, newStart) = start(in: steps, before: k)
            out.append("@@ -\(oldStart + 1),\(oldLines) +\(newStart + 1),\(newLines) @@")
            for step in hunk {
                switch step {
                case .same(let a, _): out.append(" " + before[a])
                case .removed(let a): out.append("-" + before[a])
                case .added(let b): out.append("+" + after[b])
                }
            }
            k = end + 1
        }
        guard out.count > limit else { return out }
        return Array(out.prefix(limit)) + ["… \(out.count - limit) more lines of difference"]
    }

    /// The old and new line numbers (from 0) where a hunk starting at step `index` begins.
    private static func start(in steps: [Step], before index: Int) -> (Int, Int) {
        var a = 0, b = 0
        for step in steps[..<index] {
            switch step {
            case .same: a += 1; b += 1
            case .removed: a += 1
            case .added: b += 1
            }
        }
        return (a, b)
    }
}
