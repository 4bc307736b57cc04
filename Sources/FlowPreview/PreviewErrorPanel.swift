import FlowKit

/// What the page shows in the phone frame's place when a flow fails: the message, the
/// `file:line`, the source lines around it with that line marked, and the traceback. Content
/// authors read it while they work, so it is laid out for reading, not as a dump.
enum PreviewErrorPanel {
    /// The panel's markup, one element with its own style sheet.
    static func html(_ failure: PreviewFailure, root: ProjectRoot) -> String {
        var out = "<style class=\"phone-style\">\n" + style + "</style>\n"
        out += "<div class=\"phone flow-error\" data-status=\"\(failure.status)\">\n"
        out += "<header class=\"err-bar\"><h1><span class=\"err-badge\">\(failure.status)</span> \(heading(failure.status))</h1></header>\n"
        out += "<main class=\"err-body\">\n"
        let (first, rest) = split(failure.message)
        out += "<p class=\"err-message\">\(escape(first))</p>\n"
        if !rest.isEmpty { out += "<pre class=\"err-more\">\(escape(rest))</pre>\n" }
        if let place = failure.location {
            out += "<p class=\"err-where\">\(escape(place.file)):\(place.line)</p>\n"
            let lines = failure.sourceLines(in: root)
            if !lines.isEmpty {
                out += "<pre class=\"err-source\">"
                for line in lines {
                    let number = String(line.line)
                    let padded = String(repeating: " ", count: max(0, 4 - number.count)) + number
                    out +=
                        "<span class=\"\(line.current ? "src-line current" : "src-line")\"><span class=\"src-no\">\(padded)</span> \(escape(line.text))</span>"
                }
                // Each line is a block of its own: no newlines between them in the <pre>. A long
                // line wraps under its text, not under its number (the style's hanging indent).
                out += "</pre>\n"
            }
        }
        if let traceback = failure.traceback {
            out += "<details class=\"err-trace\" open><summary>Traceback</summary><pre>\(escape(traceback))</pre></details>\n"
        }
        out += "<p class=\"err-hint\">Save a fix and this page updates by itself.</p>\n"
        out += "</main>\n</div>\n"
        return out
    }

    static func heading(_ status: Int) -> String {
        switch status {
        case 400: "Bad input"
        case 404: "Not found"
        default: "The flow failed"
        }
    }

    /// The message's first line, and the lines after it (a list of issues, say).
    static func split(_ message: String) -> (String, String) {
        guard let newline = message.firstIndex(of: "\n") else { return (message, "") }
        return (String(message[..<newline]), String(message[message.index(after: newline)...]))
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static let style = """
        .flow-error { width: 390px; min-height: 844px; margin: 0 auto; border-radius: 36px; overflow: hidden; background: #FFF8F6; box-shadow: 0 0 0 10px #111, 0 18px 50px rgba(0, 0, 0, 0.5); display: flex; flex-direction: column; font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #2A1A17; }
        .err-bar { background: #B3261E; color: #fff; padding: 44px 18px 14px; font-size: 20px; font-weight: 700; }
        .err-bar h1 { margin: 0; font: inherit; }
        .err-badge { display: inline-block; background: rgba(255, 255, 255, 0.2); border-radius: 8px; padding: 1px 8px; margin-right: 6px; font-size: 15px; }
        .err-body { padding: 16px; display: flex; flex-direction: column; gap: 12px; overflow-y: auto; }
        .flow-error * { scrollbar-width: none; }
        .err-message { margin: 0; font-size: 16px; font-weight: 600; word-break: break-word; }
        .err-more { margin: 0; white-space: pre-wrap; font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
        .err-where { margin: 0; font: 600 14px ui-monospace, "DejaVu Sans Mono", Menlo, monospace; color: #B3261E; }
        .err-source { margin: 0; background: #1E1E1E; color: #D4D4D4; border-radius: 10px; padding: 10px 0; font: 12.5px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; overflow-x: auto; }
        .src-line { display: block; padding: 0 12px 0 calc(6px + 5ch); text-indent: -5ch; white-space: pre-wrap; overflow-wrap: anywhere; }
        .src-line.current { background: rgba(244, 71, 71, 0.28); box-shadow: inset 3px 0 0 #F44747; }
        .src-no { color: #858585; user-select: none; }
        .err-trace summary { cursor: pointer; font-weight: 600; color: #6B4E49; }
        .err-trace pre { margin: 6px 0 0; white-space: pre-wrap; tab-size: 2; font: 12px/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; color: #5A3E39; }
        .err-hint { margin: 0; color: #6B4E49; font-size: 13px; }

        """
}
