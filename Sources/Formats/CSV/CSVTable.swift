/// A CSV file as RFC 4180 writes it: a header row naming the columns, then one record per
/// row; fields may be quoted (`"Fort Point, the fort"`, `""` for a quote inside), and a
/// quoted field may span lines. Each record keeps the line it starts on, for messages.
public struct CSVTable: Sendable {
    /// The header's names, as written.
    public let columns: [String]
    /// The records after the header: their fields and the 1-based line each starts on.
    public let records: [(line: Int, fields: [String])]

    /// Reads `text`. Blank lines are skipped; a final newline is optional; `\r\n` ends a row as `\n` does.
    /// - Parameters:
    ///   - text: the file's text (UTF-8, checked by the caller).
    ///   - file: the path errors name.
    /// - Throws: ``FormatError`` at `file:line`: no header, a quote left open, text after a
    ///   closing quote, or a record with another number of fields than the header.
    public init(text: String, file: String) throws(FormatError) {
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, rowLine = 1
        var quoted = false, afterQuote = false, rowHasContent = false
        let bytes = Array(text.utf8)
        var i = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        func endRow() {
            endField()
            if rowHasContent || fields.count > 1 { rows.append((rowLine, fields)) }
            fields.removeAll()
            rowHasContent = false
        }
        while i < bytes.count {
            let byte = bytes[i]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        i += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    endField()
                    rowHasContent = true
                case UInt8(ascii: "\n"):
                    endRow()
                    line += 1
                    rowLine = line
                case UInt8(ascii: "\r") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n"):
                    break
                case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                    quoted = true
                    rowHasContent = true
                default:
                    if afterQuote {
                        throw Self.error(file, line, "text after a closing quote; a quote inside a quoted field is written twice (\"\")")
                    }
                    field.append(byte)
                    rowHasContent = true
                }
            }
            i += 1
        }
        if quoted { throw Self.error(file, rowLine, "a quoted field is not closed before the end of the file") }
        if rowHasContent || !field.isEmpty || !fields.isEmpty { endRow() }
        guard let header = rows.first else { throw Self.error(file, nil, "no header row: the first line names the columns (id,name,category,lat,lon)") }
        for row in rows.dropFirst() where row.fields.count != header.fields.count {
            throw Self.error(
                file, row.line, "\(row.fields.count) fields where the header has \(header.fields.count) (\(header.fields.joined(separator: ",")))")
        }
        columns = header.fields.map { $0.trimmingWhitespace() }
        records = Array(rows.dropFirst())
    }

    /// An error at `file:line` (`file` alone without a line), as a CSV's reader counts lines.
    static func error(_ file: String, _ line: Int?, _ message: String) -> FormatError {
        var error = FormatError(.malformedCSV, message)
        error.file = line.map { "\(file):\($0)" } ?? file
        return error
    }

    /// The index of the first column named any of `names` (compared without case or spaces).
    public func column(_ names: [String]) -> Int? {
        let lowered = columns.map { $0.lowercased() }
        for name in names { if let index = lowered.firstIndex(of: name.lowercased()) { return index } }
        return nil
    }
}
