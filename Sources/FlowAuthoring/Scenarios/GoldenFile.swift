import Formats
import ScreenRendering
import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// A scenario's golden file: the screen's JSON as app clients get it (``JSONRenderer``),
/// kept beside the scenario and compared byte for byte.
enum GoldenFile {
    /// What `expected` (the golden's text) and `actual` (the screen's) first differ in, by
    /// line, or nil when they are the same:
    /// `parks/GOGA/tests/home.json:14: golden '"title" : "Highlights",', screen '"title" : "Views",'`.
    /// - Parameters:
    ///   - expected: the golden file's text.
    ///   - actual: the screen's JSON.
    ///   - file: the golden's path, for the message.
    static func difference(expected: String, actual: String, file: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let update = " (flowrun test --update rewrites it, if the change is meant)"
        func shown(_ text: Substring) -> String { Excerpt.quoted(text.drop { $0 == " " }) }
        guard line < old.count else {
            return "\(file):\(line + 1): the screen goes on past the golden's end: \(shown(new[line]))\(update)"
        }
        guard line < new.count else {
            return "\(file):\(line + 1): the screen ends before the golden does, which goes on: \(shown(old[line]))\(update)"
        }
        return "\(file):\(line + 1): golden \(shown(old[line])), screen \(shown(new[line]))\(update)"
    }

    /// Compares the screen's JSON with the golden at `path`, or with `update` writes it.
    /// - Returns: what `update` changed (``GoldenDiff``) when it wrote the file (it was
    ///   missing or differed); nil when it wrote nothing.
    /// - Throws: ``Problem`` for a golden that differs, is missing, or cannot be written.
    static func check(_ json: String, path: String, root: ProjectRoot, update: Bool) throws(Problem) -> [String]? {
        let url = root.url(path)
        // A link could point a rewrite outside the scenario's folder: goldens are plain files.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            throw .badInput("\(path): is a symbolic link; a golden is a plain file beside its scenario")
        }
        let existing: String?
        switch FileReader.contents(atPath: url.path, limit: FileReader.defaultLimit, links: .refuse) {
        case .success(let bytes): existing = String(decoding: bytes, as: UTF8.self)
        case .failure(.system(ENOENT)): existing = nil
        case .failure(let refusal): throw .badInput("\(path): \(refusal.message)")
        }
        if update {
            guard existing != json else { return nil }
            do {
                try Data(json.utf8).write(to: url)
            } catch {
                throw .badInput("\(path): cannot write the golden: \(SystemErrorText.reason(error))")
            }
            return GoldenDiff.lines(old: existing, new: json)
        }
        guard let existing else {
            throw .badInput("\(path): golden file not found; run flowrun test --update to write it, then review it")
        }
        if let difference = difference(expected: existing, actual: json, file: path) { throw .failed(difference) }
        return nil
    }

    /// Why a golden check did not pass: a difference (the scenario fails) or a golden that
    /// is missing or cannot be written (bad input).
    enum Problem: Error {
        case failed(String)
        case badInput(String)
    }
}
