import Formats
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GeoKit

/// GPX read with FoundationXML's XMLParser (SAX) instead of GeoKit's XMLScanner, for
/// `flowbench readers`: the delegate builds the GPXDocument GPXReader builds (tracks,
/// segments, routes, waypoints; lat/lon checked, `<time>` with Foundation's ISO 8601 parser,
/// `<ele>`, `<name>`, each point's line), matching elements by local name and skipping any
/// element GPX does not use with its content, as GPXReader does.
final class XMLParserGPXReader: NSObject, XMLParserDelegate {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What an open element is to the reader; `skipped` ones (and all inside them) are ignored.
    private enum Element {
        case gpx, track, segment, route, point, text, skipped
    }

    private let file: String
    private var document: GPXDocument
    private var open: [Element] = []
    private var track = GPXTrack()
    private var route = GPXRoute()
    private var segment: [TrackPoint] = []
    private var point: TrackPoint?
    /// The element whose text is being collected (`time`, `ele`, `name`) and its parent.
    private var textName = ""
    private var text = ""
    private var failure: String?

    private init(file: String) {
        self.file = file
        document = GPXDocument(displayPath: file)
    }

    /// Parses `data` into a document.
    /// - Throws: ``Failure`` with XMLParser's error (domain, code, localizedDescription, and
    ///   the parser's line and column, which the error does not carry), else the delegate's own.
    static func read(_ data: Data, file: String) throws -> GPXDocument {
        let reader = XMLParserGPXReader(file: file)
        // Fed as a stream, in chunks: XMLParser(data:) hands libxml2 the whole buffer, which then
        // fails a file over 10 MB (NSXMLParserErrorDomain 1, "huge input lookup") after
        // delivering every element.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        let finished = parser.parse()
        // XMLParser's own error first: it may have delivered events from a broken tag before
        // reporting it. parse() may return true for malformed XML (a missing end tag).
        if let error = parser.parserError as NSError? {
            throw Failure(
                description: "\(error.domain) \(error.code): \"\(error.localizedDescription)\"; "
                    + "parser at \(parser.lineNumber):\(parser.columnNumber)")
        }
        if let failure = reader.failure { throw Failure(description: failure) }
        guard finished else { throw Failure(description: "parse() returned false without a parserError") }
        return reader.document
    }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let element: Element
        switch (open.last, elementName) {
        case (nil, "gpx"): element = .gpx
        case (nil, _):
            fail(parser, "not a GPX file: the root element is <\(elementName)>, expected <gpx>")
            return
        case (.gpx?, "trk"): track = GPXTrack(); element = .track
        case (.gpx?, "rte"): route = GPXRoute(); element = .route
        case (.gpx?, "wpt"), (.segment?, "trkpt"), (.route?, "rtept"): element = startPoint(parser, attributes)
        case (.track?, "trkseg"): segment = []; element = .segment
        case (.track?, "name"), (.route?, "name"), (.point?, "name"), (.point?, "time"), (.point?, "ele"):
            textName = elementName
            text = ""
            element = .text
        default: element = .skipped
        }
        open.append(element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if open.last == .text { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open.popLast() else { return }
        switch element {
        case .track: document.tracks.append(track)
        case .route: document.routes.append(route)
        case .segment: track.segments.append(segment)
        case .point: endPoint(elementName)
        case .text: endText(parser, parent: open.last)
        case .gpx, .skipped: break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {}

    // MARK: - Values

    private func startPoint(_ parser: XMLParser, _ attributes: [String: String]) -> Element {
        guard let lat = attributes["lat"], let lon = attributes["lon"] else {
            fail(parser, "<trkpt> has no \(attributes["lat"] == nil ? "lat" : "lon") attribute")
            return .skipped
        }
        guard let latitude = Double(Self.trimmed(lat)), let longitude = Double(Self.trimmed(lon)) else {
            fail(parser, "lat '\(lat)' or lon '\(lon)' is not a number")
            return .skipped
        }
        do {
            point = TrackPoint(
                coordinate: try Coordinate(validatingLatitude: latitude, longitude: longitude),
                line: parser.lineNumber)
        } catch {
            fail(parser, error.description)
            return .skipped
        }
        return .point
    }

    private func endPoint(_ name: String) {
        guard let point else { return }
        switch name {
        case "trkpt": segment.append(point)
        case "rtept": route.points.append(point)
        default: document.waypoints.append(point)
        }
        self.point = nil
    }

    private func endText(_ parser: XMLParser, parent: Element?) {
        let value = Self.trimmed(text)
        switch (parent, textName) {
        case (.point?, "time"):
            let style = value.utf8.contains(UInt8(ascii: ".")) ? Self.fractionalTime : Self.time
            guard let date = try? style.parse(value) else { return fail(parser, "time '\(value)' is not an ISO 8601 date") }
            point?.time = date.timeIntervalSince1970
        case (.point?, "ele"):
            guard let metres = Double(value), metres.isFinite else { return fail(parser, "ele '\(value)' is not a finite number") }
            point?.elevation = metres
        case (.point?, _): point?.name = value.isEmpty ? nil : value
        case (.track?, _): track.name = value.isEmpty ? nil : value
        default: route.name = value.isEmpty ? nil : value
        }
    }

    private static let time = Date.ISO8601FormatStyle()
    private static let fractionalTime = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `text` without surrounding whitespace; as it is (no copy, no CharacterSet walk) when it
    /// has none, as nearly every value has.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last,
            first <= 0x20 || last <= 0x20
        else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Keeps the first problem and reads on, so that a syntax error XMLParser finds later
    /// (having delivered a broken tag's events first) is the one reported.
    private func fail(_ parser: XMLParser, _ message: String) {
        failure = failure ?? "\(file):\(parser.lineNumber):\(parser.columnNumber): \(message)"
    }
}
