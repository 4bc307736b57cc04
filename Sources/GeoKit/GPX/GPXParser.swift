import Formats
/// Builds a ``GPXDocument`` from ``XMLScanner`` events: one function per GPX element,
/// each reading its children up to its own end tag. The nesting it follows is GPX's
/// (at most `gpx/trk/trkseg/trkpt/time`); anything deeper is skipped with a loop, so hostile
/// nesting costs no stack.
struct GPXParser {
    private var scanner: XMLScanner
    private var lines: LineCounter
    private let file: String
    /// Decoded text of the element being read, reused for every `<time>`, `<ele>` and `<name>`.
    private var scratch: [UInt8] = []

    /// Parses a whole GPX file.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The display path used in errors.
    /// - Throws: ``GeoError`` located at `file:line:column`, or `file is empty`.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(GeoError) -> GPXDocument {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        if bytes.count >= 2 {
            let pair = (bytes[0], bytes[1])
            if pair == (0xFE, 0xFF) || pair == (0xFF, 0xFE) {
                let message = "the file is UTF-16; GeoKit reads UTF-8, so save it as UTF-8"
                throw GeoError(.malformedXML, message).inFile(file)
            }
            if pair == (0x1F, 0x8B) {
                throw GeoError(.malformedXML, "the file is gzip-compressed; decompress it first (gunzip)").inFile(file)
            }
        }
        guard bytes[start...].contains(where: { !isXMLWhitespace($0) }) else {
            throw GeoError(.malformedXML, "file is empty").inFile(file)
        }
        var parser = GPXParser(scanner: XMLScanner(bytes, from: start), lines: LineCounter(bytes), file: file)
        return try parser.readDocument()
    }

    // MARK: - Elements

    private mutating func readDocument() throws(GeoError) -> GPXDocument {
        guard try next() == .startElement else {
            throw syntaxError("no root element", at: scanner.index)
        }
        guard scanner.localNameIs("gpx") else {
            let root = scanner.string(scanner.name)
            throw located(
                GeoError(.invalidContent, "not a GPX file: the root element is <\(root)>, expected <gpx>"),
                at: scanner.tagOffset)
        }
        var document = GPXDocument(displayPath: file)
        while try nextChild() {
            if scanner.localNameIs("trk") {
                document.tracks.append(try readTrack())
            } else if scanner.localNameIs("rte") {
                document.routes.append(try readRoute())
            } else if scanner.localNameIs("wpt") {
                document.waypoints.append(try readPoint())
            } else {
                try skipElement()
            }
        }
        // Only comments and whitespace may follow the root; the scanner throws for anything else.
        guard try next() == .endOfDocument else {
            throw syntaxError("unexpected content after the root element", at: scanner.tagOffset)
        }
        return document
    }

    private mutating func readTrack() throws(GeoError) -> GPXTrack {
        var track = GPXTrack()
        while try nextChild() {
            if scanner.localNameIs("trkseg") {
                track.segments.append(try readSegment())
            } else if scanner.localNameIs("name") {
                track.name = try readName()
            } else {
                try skipElement()
            }
        }
        return track
    }

    private mutating func readSegment() throws(GeoError) -> [TrackPoint] {
        var points: [TrackPoint] = []
        while try nextChild() {
            if scanner.localNameIs("trkpt") {
                points.append(try readPoint())
            } else {
                try skipElement()
            }
        }
        return points
    }

    private mutating func readRoute() throws(GeoError) -> GPXRoute {
        var route = GPXRoute()
        while try nextChild() {
            if scanner.localNameIs("rtept") {
                route.points.append(try readPoint())
            } else if scanner.localNameIs("name") {
                route.name = try readName()
            } else {
                try skipElement()
            }
        }
        return route
    }

    /// Reads a `<trkpt>`, `<rtept>` or `<wpt>` from its start tag to its end tag.
    private mutating func readPoint() throws(GeoError) -> TrackPoint {
        let tagOffset = scanner.tagOffset
        var latitude: Double?
        var longitude: Double?
        for attribute in scanner.attributes {
            if scanner.attribute(attribute, isNamed: "lat") {
                latitude = try degrees(attribute, label: "lat", name: "latitude", limit: 90)
            } else if scanner.attribute(attribute, isNamed: "lon") {
                longitude = try degrees(attribute, label: "lon", name: "longitude", limit: 180)
            }
        }
        guard let latitude, let longitude else {
            let missing = latitude == nil ? "lat" : "lon"
            let message = "<\(scanner.string(scanner.name))> has no \(missing) attribute"
            throw located(GeoError(.invalidCoordinate, message), at: tagOffset)
        }
        var point = TrackPoint(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), line: lines.line(at: tagOffset))
        while try nextChild() {
            if scanner.localNameIs("time") {
                point.time = try readTime()
            } else if scanner.localNameIs("ele") {
                point.elevation = try readElevation()
            } else if scanner.localNameIs("name") {
                point.name = try readName()
            } else {
                try skipElement()
            }
        }
        return point
    }

    // MARK: - Values

    /// A `lat` or `lon` attribute's value, checked like ``Coordinate/init(validatingLatitude:longitude:)``.
    private mutating func degrees(
        _ attribute: XMLScanner.Attribute, label: String, name: String, limit: Double
    ) throws(GeoError) -> Double {
        let offset = attribute.value.lowerBound
        let value: Double?
        if attribute.needsDecoding {
            scratch.removeAll(keepingCapacity: true)
            scanner.appendValue(of: attribute, to: &scratch)
            value = scratch.withUnsafeBufferPointer { DecimalNumber.parse(trimmed($0)) }
        } else {
            value = DecimalNumber.parse(trimmed(UnsafeBufferPointer(rebasing: scanner.bytes[attribute.value])))
        }
        guard let value else {
            var text: [UInt8] = []
            scanner.appendValue(of: attribute, to: &text)
            let message = "\(label) '\(quoted(text))' is not a number"
            throw located(GeoError(.invalidCoordinate, message), at: offset)
        }
        do {
            try Coordinate.check(value, name: name, limit: limit)
        } catch {
            throw located(error, at: offset)
        }
        return value
    }

    private mutating func readTime() throws(GeoError) -> Double {
        let offset = try collectText()
        guard let seconds = scratch.withUnsafeBufferPointer({ ISO8601Time.parse(trimmed($0)) }) else {
            let message = "time '\(quoted(scratch))' is not an ISO 8601 date"
            throw located(GeoError(.invalidContent, message), at: offset)
        }
        return seconds
    }

    private mutating func readElevation() throws(GeoError) -> Double {
        let offset = try collectText()
        let metres = scratch.withUnsafeBufferPointer { DecimalNumber.parse(trimmed($0)) }
        guard let metres, metres.isFinite else {
            let what = metres == nil ? "a number" : "a finite number"
            throw located(GeoError(.invalidContent, "ele '\(quoted(scratch))' is not \(what)"), at: offset)
        }
        return metres
    }

    /// A `<name>`'s text without surrounding whitespace, or `nil` when that is empty.
    private mutating func readName() throws(GeoError) -> String? {
        _ = try collectText()
        let name = scratch.withUnsafeBufferPointer { String(decoding: trimmed($0), as: UTF8.self) }
        return name.isEmpty ? nil : name
    }

    /// Reads the current element's text into ``scratch`` (decoded; text of nested elements is
    /// skipped) up to its end tag.
    /// - Returns: The offset of its first non-space character, or of its start tag when it
    ///   has none, for messages.
    private mutating func collectText() throws(GeoError) -> Int {
        let tagOffset = scanner.tagOffset
        var firstCharacter: Int?
        scratch.removeAll(keepingCapacity: true)
        while true {
            switch try next() {
            case .text:
                if firstCharacter == nil {
                    firstCharacter = scanner.text.first(where: { !isXMLWhitespace(scanner.bytes[$0]) })
                }
                scanner.appendText(to: &scratch)
            case .startElement:
                try skipElement()
            case .endElement:
                return firstCharacter ?? tagOffset
            case .endOfDocument:
                throw syntaxError("unexpected end of file", at: scanner.index)
            }
        }
    }

    // MARK: - Events

    /// Moves to the next child element of the current one, skipping text.
    /// - Returns: `true` at a child's start tag, `false` at the current element's end tag.
    private mutating func nextChild() throws(GeoError) -> Bool {
        while true {
            switch try next() {
            case .startElement: return true
            case .endElement: return false
            case .text: continue
            case .endOfDocument: throw syntaxError("unexpected end of file", at: scanner.index)
            }
        }
    }

    /// Skips the element whose start tag was just read, with everything in it.
    private mutating func skipElement() throws(GeoError) {
        var depth = 1
        while depth > 0 {
            switch try next() {
            case .startElement: depth += 1
            case .endElement: depth -= 1
            case .text: continue
            case .endOfDocument: throw syntaxError("unexpected end of file", at: scanner.index)
            }
        }
    }

    private mutating func next() throws(GeoError) -> XMLScanner.Event {
        do {
            return try scanner.next()
        } catch {
            throw syntaxError(error.message, at: error.offset)
        }
    }

    // MARK: - Errors

    private func syntaxError(_ message: String, at offset: Int) -> GeoError {
        located(GeoError(.malformedXML, "malformed XML: " + message), at: offset)
    }

    private func located(_ error: GeoError, at offset: Int) -> GeoError {
        var located = error.inFile(file)
        (located.line, located.column) = LineCounter.lineAndColumn(of: offset, in: scanner.bytes)
        return located
    }
}

// MARK: - Pure helpers

/// `text` without XML whitespace at either end.
private func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = text.count
    while start < end, isXMLWhitespace(text[start]) { start += 1 }
    while end > start, isXMLWhitespace(text[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: text[start..<end])
}

/// Text for a message: trimmed, and cut after 40 characters.
private func quoted(_ text: [UInt8]) -> String {
    let string = text.withUnsafeBufferPointer { String(decoding: trimmed($0), as: UTF8.self) }
    return string.count > 40 ? String(string.prefix(40)) + "…" : string
}
