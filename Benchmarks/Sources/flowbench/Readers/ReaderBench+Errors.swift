import Foundation

/// The second half of `flowbench readers`: corrupt inputs cut from a real sites file and a
/// real track, and the message each reader gives for them, next to where the damage is.
enum ReaderErrors {
    /// A corrupt copy of a real file.
    struct Case {
        var label: String
        var text: String
        /// Where the damage is, as line:column (1-based, columns in bytes).
        var at: String
    }

    static func render(root: String, sitesFile: ReaderBench.Input?, trackFile: ReaderBench.Input?) -> String {
        var out = "Located errors: what each reader says of a corrupt copy of a real file (damage at line:column)\n"
        if let sitesFile, let text = try? String(contentsOfFile: sitesFile.path, encoding: .utf8) {
            for c in jsonCases(text) {
                out += "  \(sitesFile.display), \(c.label) (at \(c.at))\n"
                let loaded = ReaderBench.Loaded(sitesFile, text: c.text)
                out += line("GeoKit", message { try loaded.read(with: .geoKit) })
                out += line("JSONSerialization", serialization(loaded.data))
                out += line("JSONDecoder", message { try loaded.read(with: .decoder) })
            }
        }
        if let trackFile, let text = try? String(contentsOfFile: trackFile.path, encoding: .utf8) {
            for c in gpxCases(text) {
                out += "  \(trackFile.display), \(c.label) (at \(c.at))\n"
                let loaded = ReaderBench.Loaded(trackFile, text: c.text)
                for reader in trackFile.kind.readers { out += line(reader.rawValue, message { try loaded.read(with: reader) }) }
            }
        }
        out += "  JSONSerialization: its NSError's localizedDescription, then userInfo's NSDebugDescription; when it\n"
        out += "  accepts the text, what walking the result says. JSONDecoder: the DecodingError case, its coding path\n"
        out += "  and debugDescription (and underlying error). XMLParser: parserError (domain, code, localizedDescription)\n"
        out += "  and the parser's lineNumber:columnNumber, which the error does not carry; else the delegate's own check.\n"
        return out
    }

    // MARK: - The corrupt inputs

    static func jsonCases(_ text: String) -> [Case] {
        var cases: [Case] = []
        let half = text.utf8.count / 2
        cases.append(
            Case(
                label: "truncated at byte \(Format.grouped(half)) of \(Format.grouped(text.utf8.count))",
                text: String(decoding: text.utf8.prefix(half), as: UTF8.self), at: position(half, in: text)))
        if let c = replacing(#""}},"#, in: text, with: #"",}},"#, label: "a stray comma closing a feature's properties", skip: 1) {
            cases.append(c)
        }
        if let c = replacingNumber(after: #""coordinates":["#, in: text, with: "1.2.3", label: "the bad number 1.2.3 as a longitude") {
            cases.append(c)
        }
        if let c = replacingNumber(after: #""coordinates":["#, in: text, with: #""-122.5""#, label: "a longitude as a string, \"-122.5\"") {
            cases.append(c)
        }
        return cases
    }

    static func gpxCases(_ text: String) -> [Case] {
        var cases: [Case] = []
        let half = text.utf8.count / 2
        cases.append(
            Case(
                label: "truncated at byte \(Format.grouped(half)) of \(Format.grouped(text.utf8.count))",
                text: String(decoding: text.utf8.prefix(half), as: UTF8.self), at: position(half, in: text)))
        if let c = replacing("</trkpt>", in: text, with: "", label: "an unclosed <trkpt> (its end tag removed)", skip: 0) { cases.append(c) }
        if let c = replacing(#"<trkpt lat=""#, in: text, with: "<trkpt lat=", label: "an attribute value without its opening quote", skip: 11) {
            cases.append(c)
        }
        if let c = replacing("Z</time>", in: text, with: "Z&nbsp;</time>", label: "an undefined entity &nbsp; in a <time>", skip: 1) {
            cases.append(c)
        }
        if let c = replacing(#"<trkpt lat="3"#, in: text, with: #"<trkpt lat="3.1."#, label: "a bad number in a lat attribute", skip: 12) {
            cases.append(c)
        }
        return cases
    }

    /// `text` with the first `target` at or after its middle replaced (`skip` bytes of the
    /// replacement unchanged, for the position shown).
    private static func replacing(_ target: String, in text: String, with replacement: String, label: String, skip: Int) -> Case? {
        let middle = text.utf8.index(text.startIndex, offsetBy: text.utf8.count / 2)
        guard let range = text.range(of: target, range: middle..<text.endIndex) else { return nil }
        let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + skip
        return Case(label: label, text: text.replacingCharacters(in: range, with: replacement), at: position(offset, in: text))
    }

    /// `text` with the number after the first `prefix` at or after its middle replaced.
    private static func replacingNumber(after prefix: String, in text: String, with replacement: String, label: String) -> Case? {
        let middle = text.utf8.index(text.startIndex, offsetBy: text.utf8.count / 2)
        guard let found = text.range(of: prefix, range: middle..<text.endIndex) else { return nil }
        let end = text[found.upperBound...].firstIndex { !"-+.0123456789eE".contains($0) } ?? text.endIndex
        let offset = text.utf8.distance(from: text.startIndex, to: found.upperBound)
        return Case(
            label: label, text: text.replacingCharacters(in: found.upperBound..<end, with: replacement),
            at: position(offset, in: text))
    }

    /// The 1-based line:column of byte `offset`.
    private static func position(_ offset: Int, in text: String) -> String {
        let before = Array(text.utf8.prefix(offset))
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "\(line):\(column)"
    }

    // MARK: - The messages

    private static func line(_ reader: String, _ message: String) -> String {
        "    " + reader.padding(toLength: 18, withPad: " ", startingAt: 0) + message + "\n"
    }

    private static func message(_ read: () throws -> Any) -> String {
        do {
            _ = try read()
            return "(no error: read as valid)"
        } catch let error as DecodingError {
            return describe(error)
        } catch {
            return "\(error)"
        }
    }

    /// JSONSerialization's own words, then, if it parsed, the walk's.
    private static func serialization(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey].map { " (NSDebugDescription: \"\($0)\")" } ?? ""
            return "\"\(error.localizedDescription)\"\(debug)"
        }
        return "accepted by JSONSerialization; then " + message { try FoundationJSONReaders.sitesWithSerialization(data) }
    }

    private static func describe(_ error: DecodingError) -> String {
        let (name, context): (String, DecodingError.Context?) =
            switch error {
            case .dataCorrupted(let c): ("dataCorrupted", c)
            case .keyNotFound(_, let c): ("keyNotFound", c)
            case .typeMismatch(_, let c): ("typeMismatch", c)
            case .valueNotFound(_, let c): ("valueNotFound", c)
            @unknown default: ("\(error)", nil)
            }
        guard let context else { return name }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let underlying = context.underlyingError.map { " (underlying: \($0))" } ?? ""
        return "\(name) at \(path.isEmpty ? "the root" : path): \"\(context.debugDescription)\"\(underlying)"
    }
}
