/// A line of one of the project's Lua files, found in a message (`flows/home.lua:12: ...`,
/// `parks/GOGA/park.lua:45: zoom: ...`), with the source around it: how `check` and the
/// preview show a mistake where it was written.
public struct SourcePlace: Sendable, Equatable {
    /// The file, relative to the project root (`parks/GOGA/park.lua`).
    public var file: String
    /// Its line, from 1.
    public var line: Int

    /// One line of the source.
    public struct Line: Sendable, Equatable {
        public var line: Int
        public var text: String
        /// Whether this is the line the message names.
        public var current: Bool
    }

    /// The line of a project Lua file that `message` is about, or nil: the first `file:line`
    /// it names, or, where that one is followed by more (`a.lua:6: b.lua:15: unexpected
    /// symbol`, an error met while `a.lua` required `b.lua`), the last of that chain.
    public static func first(in message: String) -> SourcePlace? {
        cause(in: message)?.place
    }

    /// The place a message is about (see ``first(in:)``) and the message from it on
    /// (`flows/lib/ranking.lua:15: unexpected symbol near 'local'`): what every file that
    /// met the same mistake says alike.
    public static func cause(in message: String) -> (place: SourcePlace, text: Substring)? {
        let pattern = /((?:flows|parks)\/[A-Za-z0-9_.\/-]+\.lua):([0-9]+)/
        guard var match = message.firstMatch(of: pattern), let line = Int(match.2), isInside(String(match.1)) else { return nil }
        var place = SourcePlace(file: String(match.1), line: line)
        while message[match.range.upperBound...].hasPrefix(": "),
            let next = message[message.index(match.range.upperBound, offsetBy: 2)...].prefixMatch(of: pattern),
            let line = Int(next.2), isInside(String(next.1))
        {
            place = SourcePlace(file: String(next.1), line: line)
            match = next
        }
        return (place, message[match.range.lowerBound...])
    }

    /// The lines `radius` around this one, numbered from 1; empty when the file does not read
    /// or is shorter.
    public func lines(in root: ProjectRoot, around radius: Int = 3) -> [Line] {
        guard let text = try? root.read(file) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }  // the newline that ends the file
        guard line >= 1, line <= lines.count else { return [] }
        return (max(1, line - radius)...min(lines.count, line + radius)).map {
            Line(line: $0, text: String(lines[$0 - 1]), current: $0 == line)
        }
    }

    /// The message with each line of source it names quoted under the line naming it, as a
    /// terminal shows it (`    45 | home = { ... }`); a traceback's lines are left as they are.
    public static func quoting(_ message: String, root: ProjectRoot) -> String {
        var out: [Substring] = []
        var quoted = false, inTraceback = false
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            out.append(line)
            inTraceback = inTraceback || line.hasPrefix("stack traceback:")
            guard !inTraceback, let place = first(in: String(line)), let source = place.lines(in: root, around: 0).first else { continue }
            let text = source.text.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            let shown = text.count > 160 ? String(text.prefix(159)) + "…" : String(text)
            out.append("    \(source.line) | \(shown)")
            quoted = true
        }
        return quoted ? out.joined(separator: "\n") : message
    }

    /// Whether `path` is relative and stays inside the folder it is relative to: no `..`
    /// component, no leading `/` or `~`, no backslash, no NUL.
    public static func isInside(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), !path.contains("\\"), !path.contains("\0") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
