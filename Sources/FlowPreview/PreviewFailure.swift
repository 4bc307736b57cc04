import ScreenRendering
import FlowKit
import LuaKit

/// Why a request got no screen, with its HTTP status, and where in the project's files the
/// mistake is (`flows/home.lua:12`) when the message says: an app client gets it as JSON,
/// the page as a panel in the phone frame (``PreviewErrorPanel``).
struct PreviewFailure: Error, Sendable, Equatable {
    /// 400 bad input, 403 an act without its header, 404 not found, 422 a flow or content
    /// mistake, 500 or 503 (busy) when the visitor's store failed.
    var status: Int
    /// The whole message, as `flowrun` prints it, without the traceback.
    var message: String
    /// The Lua traceback, when the flow failed while running.
    var traceback: String?

    static func badQuery(_ message: String) -> PreviewFailure { PreviewFailure(status: 400, message: message) }
    static func notFound(_ message: String) -> PreviewFailure { PreviewFailure(status: 404, message: message) }

    /// The failure for a ``FlowError``: 404 for a park or flow that is not there, 400 for
    /// a bad input, 422 for a mistake in a flow or the park's content.
    init(_ error: FlowError) {
        switch error {
        case .unknownPark, .unknownFlow, .disabledFlow: status = 404
        case .badArgument, .unknownAction, .trackTooLarge: status = 400
        case .unavailableFlow, .badContent, .invalidContent, .script, .badRegistration, .invalidScreen, .screenTooLarge: status = 422
        case .store(let failure): status = failure.kind == .busy ? 503 : 500  // the preview's store: --profile's, or its own in memory
        }
        let text = error.description
        // LuaKit's tracebacks start with Lua's own heading.
        if let range = text.range(of: "\nstack traceback:") {
            message = String(text[..<range.lowerBound])
            traceback = String(text[text.index(after: range.lowerBound)...])
        } else {
            message = text
        }
    }

    init(status: Int, message: String, traceback: String? = nil) {
        (self.status, self.message, self.traceback) = (status, message, traceback)
    }

    /// The first `file:line` of the project's Lua files the message names, or nil.
    var location: (file: String, line: Int)? {
        SourcePlace.first(in: message).map { ($0.file, $0.line) }
    }

    /// The lines around ``location`` in the project, numbered from 1; empty when there is
    /// no location or the file does not read.
    func sourceLines(in root: ProjectRoot, around radius: Int = 3) -> [SourcePlace.Line] {
        SourcePlace.first(in: message)?.lines(in: root, around: radius) ?? []
    }

    /// The JSON body: `{"error": {"status", "message", "location", "file", "line", "source", "traceback"}}`,
    /// written by the one JSON writer (its keys in sorted order, absent ones left out).
    /// - Parameter root: the project to read the source lines from; nil for none (a refused path).
    func json(root: ProjectRoot?) -> String {
        let place = location
        let source = root.map { sourceLines(in: $0) } ?? []
        var json = PrettyJSON(capacity: 1024)
        json.object { json in
            json.key("error")
            json.object { json in
                json.fieldIfPresent("file", place?.file)
                json.fieldIfPresent("line", place?.line)
                json.fieldIfPresent("location", place.map { "\($0.file):\($0.line)" })
                json.field("message", message)
                if !source.isEmpty {
                    json.key("source")
                    json.array(source) { json, line in
                        json.object { json in
                            json.field("current", line.current)
                            json.field("line", line.line)
                            json.field("text", line.text)
                        }
                    }
                }
                json.field("status", status)
                json.fieldIfPresent("traceback", traceback)
            }
        }
        return json.finishedText()
    }
}
