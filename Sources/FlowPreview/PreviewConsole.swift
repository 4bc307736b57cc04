import Formats

/// What a run printed and what it used of its budgets, sent with the phone frame (the
/// preview page shows it under its controls) so an author sees a flow's `print` and its
/// cost beside its screen, run by run.
struct PreviewConsole: Sendable, Equatable {
    /// The lines `print` wrote, in order (each with its `file:line:`).
    var lines: [String] = []
    /// Instructions the run was charged, counted every ``step`` instructions.
    var instructions = 0
    /// The run's instruction limit.
    var limit = 0
    /// How many instructions the count advances by.
    var step = 1000
    /// Bytes the park's Lua state held after the run.
    var memoryBytes = 0
    /// Wall time of the run, milliseconds.
    var milliseconds = 0.0

    /// The most lines kept: a flow printing in a loop still leaves a page that opens.
    static let lineLimit = 200

    /// The console's markup, one element with its own style sheet.
    func html() -> String {
        var out = "<style class=\"console-style\">\n" + Self.style + "</style>\n"
        out += "<section class=\"console\" data-instructions=\"\(instructions)\" data-printed=\"\(lines.count)\">\n"
        let memory = Double(memoryBytes) / 1_048_576
        // The budget counts whole steps: a run shorter than one is "under" it.
        let counted = instructions < step ? "under \(Excerpt.count(step))" : "about \(Excerpt.count(instructions))"
        let usage = "\(counted) of \(Excerpt.count(limit)) instructions · \(Decimals.fixed(memory, 1)) MiB · \(Decimals.fixed(milliseconds, 1)) ms"
        out += "<h3>Console <span class=\"usage\">\(PreviewErrorPanel.escape(usage))</span></h3>\n"
        if lines.isEmpty {
            out += "<p class=\"console-empty\">The flow printed nothing.</p>\n"
        } else {
            out += "<pre>" + lines.map(PreviewErrorPanel.escape).joined(separator: "\n") + "</pre>\n"
        }
        return out + "</section>\n"
    }

    static let style = """
        .console { width: 390px; margin: 18px auto 0; background: #1E1E1E; color: #D4D4D4; border-radius: 12px; padding: 10px 12px; font: 12px/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
        .console h3 { margin: 0 0 6px; font-size: 12px; color: #fff; display: flex; justify-content: space-between; gap: 8px; }
        .console .usage { color: #9CDCFE; font-weight: normal; }
        .console pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 220px; overflow-y: auto; }
        .console-empty { margin: 0; color: #8A8A8A; }

        """
}
