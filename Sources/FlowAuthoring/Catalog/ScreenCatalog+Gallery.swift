import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The catalogue as files a browser opens: `index.html`, a gallery of every story's phone
/// (each page in `screens/`, beside its screen's JSON), and, compared with an earlier
/// catalogue, each changed story's before and after side by side with the lines of its
/// screen that changed.
extension ScreenCatalog {
    /// What a comparison found, by story file.
    public struct Comparison: Sendable, Equatable {
        public var changed: [String] = []
        public var added: [String] = []
        public var gone: [String] = []
    }

    /// Writes the catalogue into `folder` (made if missing; its `screens/` and `before/`
    /// replaced), compared with the catalogue in `earlier` when given.
    /// - Returns: what changed since `earlier` (nothing without one).
    /// - Throws: a file system error naming what could not be written or read.
    public func write(to folder: URL, comparedWith earlier: URL? = nil) throws -> Comparison {
        let files = FileManager.default
        let screens = folder.appendingPathComponent("screens"), before = folder.appendingPathComponent("before")
        for old in [screens, before] where files.fileExists(atPath: old.path) { try files.removeItem(at: old) }
        try files.createDirectory(at: screens, withIntermediateDirectories: true)
        for story in stories {
            try Data(story.html.utf8).write(to: screens.appendingPathComponent(story.file))
            try Data(story.json.utf8).write(to: screens.appendingPathComponent(story.file + ".json"))
        }
        var comparison = Comparison(), diffs: [String: [String]] = [:]
        if let earlierScreens = earlier?.appendingPathComponent("screens") {
            // The earlier catalogue's screens, each by its page's file, as their JSON.
            var earlierJSON: [String: String] = [:]
            for name in (try? files.contentsOfDirectory(atPath: earlierScreens.path)) ?? [] where name.hasSuffix(".html") {
                let json = files.contents(atPath: earlierScreens.appendingPathComponent(name + ".json").path)
                earlierJSON[name] = json.map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            (comparison, diffs) = compared(with: earlierJSON)
            for file in comparison.changed {
                try files.createDirectory(at: before, withIntermediateDirectories: true)
                if let page = files.contents(atPath: earlierScreens.appendingPathComponent(file).path) {
                    try page.write(to: before.appendingPathComponent(file))
                }
            }
        }
        try Data(index(comparison, diffs: diffs, compared: earlier != nil).utf8).write(to: folder.appendingPathComponent("index.html"))
        return comparison
    }

    /// The gallery page, compared with `earlier` when given (the preview's: the catalogue it
    /// made first). Its phones load `screens/FILE`, and a changed screen's earlier page
    /// `before/FILE`: ``story(_:)`` of each catalogue.
    public func page(comparedWith earlier: ScreenCatalog? = nil) -> String {
        guard let earlier else { return index(Comparison(), diffs: [:], compared: false) }
        let (comparison, diffs) = compared(with: Dictionary(earlier.stories.map { ($0.file, $0.json) }) { first, _ in first })
        return index(comparison, diffs: diffs, compared: true)
    }

    /// The story whose page is `file` (`sites--inside.html`).
    public func story(_ file: String) -> Story? { stories.first { $0.file == file } }

    /// What changed since a catalogue whose screens were `earlier` (each page's file to its
    /// screen's JSON), with the changed lines of each changed screen.
    func compared(with earlier: [String: String]) -> (Comparison, [String: [String]]) {
        var comparison = Comparison(), diffs: [String: [String]] = [:]
        for story in stories {
            guard let old = earlier[story.file] else {
                comparison.added.append(story.file)
                continue
            }
            guard old != story.json else { continue }
            comparison.changed.append(story.file)
            diffs[story.file] = GoldenDiff.lines(old: old, new: story.json, limit: 30)
        }
        let now = Set(stories.map(\.file))
        comparison.gone = earlier.keys.filter { !now.contains($0) }.sorted()
        return (comparison, diffs)
    }

    /// The gallery page.
    func index(_ comparison: Comparison, diffs: [String: [String]], compared: Bool) -> String {
        let flows = stories.reduce(into: [String]()) { if $0.last != $1.flow { $0.append($1.flow) } }
        let failures = stories.count { $0.failure != nil }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(park)) · screen catalogue</title>
            <style>
            body { margin: 0; padding: 24px; background: #2B302D; color: #F4F1E8; font: 14px/1.4 -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
            h1 { margin: 0 0 4px; font-size: 22px; } h2 { margin: 28px 0 10px; font-size: 18px; }
            .summary { margin: 0 0 8px; color: #C9C2B2; }
            .row { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
            .story { margin: 0; background: #3A403C; border-radius: 12px; padding: 10px; }
            .story figcaption { margin: 0 0 8px; font-size: 13px; }
            .story.changed { outline: 3px solid #E0A526; } .story.added { outline: 3px solid #3A9E5C; } .story.failed { outline: 3px solid #B3261E; }
            .badge { display: inline-block; margin-left: 6px; padding: 1px 7px; border-radius: 999px; font-size: 11px; font-weight: 700; background: #E0A526; color: #1F2A24; }
            .added .badge { background: #3A9E5C; color: #fff; } .failed .badge { background: #B3261E; color: #fff; }
            .pair { display: flex; gap: 10px; }
            .phone-box { width: 219px; height: 446px; overflow: hidden; }
            .phone-box iframe { width: 438px; height: 892px; border: 0; transform: scale(0.5); transform-origin: 0 0; }
            .phone-box.before { opacity: 0.8; }
            .label { font-size: 11px; color: #C9C2B2; margin: 4px 0 0; text-align: center; }
            pre.diff { max-width: 400px; margin: 8px 0 0; font: 11px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
            .diff .del { color: #F48771; } .diff .ins { color: #89D185; } .diff .hunk { color: #9CDCFE; }
            </style>
            </head>
            <body>
            <header>
            <h1>\(Self.escape(park)): every screen</h1>
            <p class="summary">\(flows.count) flows, \(stories.count) screens\(failures > 0 ? ", \(failures) failed" : "")\
            \(compared ? " · compared with the earlier catalogue: \(comparison.changed.count) changed, \(comparison.added.count) new, \(comparison.gone.count) gone" : "")</p>

            """
        if !comparison.gone.isEmpty { out += "<p class=\"summary\">Gone: \(Self.escape(comparison.gone.joined(separator: ", ")))</p>\n" }
        out += "</header>\n<main>\n"
        for flow in flows {
            out += "<section id=\"\(Self.escape(Self.slug(flow)))\">\n<h2>\(Self.escape(flow))</h2>\n<div class=\"row\">\n"
            for story in stories where story.flow == flow {
                let changed = comparison.changed.contains(story.file), added = comparison.added.contains(story.file)
                let mark = story.failure != nil ? "failed" : changed ? "changed" : added ? "new" : nil
                out +=
                    "<figure class=\"story\(story.failure != nil ? " failed" : changed ? " changed" : added ? " added" : "")\" data-file=\"\(Self.escape(story.file))\">\n"
                out += "<figcaption>\(Self.escape(story.state))\(mark.map { "<span class=\"badge\">\($0)</span>" } ?? "")</figcaption>\n"
                out += "<div class=\"pair\">\n"
                if changed {
                    out +=
                        "<div><div class=\"phone-box before\"><iframe src=\"before/\(Self.escape(story.file))\" loading=\"lazy\" scrolling=\"no\" title=\"before\"></iframe></div><p class=\"label\">before</p></div>\n"
                }
                out +=
                    "<div><div class=\"phone-box\"><iframe src=\"screens/\(Self.escape(story.file))\" loading=\"lazy\" scrolling=\"no\" title=\"\(Self.escape(flow)) · \(Self.escape(story.state))\"></iframe></div>"
                out += changed ? "<p class=\"label\">now</p></div>\n" : "</div>\n"
                out += "</div>\n"
                if let diff = diffs[story.file] {
                    out += "<pre class=\"diff\">"
                    out += diff.map { line in
                        let kind = line.hasPrefix("@@") ? "hunk" : line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "same"
                        return "<span class=\"\(kind)\">\(Self.escape(line))</span>"
                    }.joined(separator: "\n")
                    out += "</pre>\n"
                }
                out += "</figure>\n"
            }
            out += "</div>\n</section>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }
}
