/// A plain-text table: a title, a header row, rows, and notes under it. The first
/// column is left-aligned, the others right-aligned (they hold figures).
struct TextTable {
    var title: String
    var header: [String]
    var rows: [[String]] = []
    var notes: [String] = []

    init(_ title: String, header: [String]) {
        self.title = title
        self.header = header
    }

    /// A row; a single cell is a section heading and does not widen the first column.
    mutating func add(_ row: [String]) { rows.append(row) }
    mutating func note(_ line: String) { notes.append(line) }

    func render() -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all where row.count > 1 {
            for (i, cell) in row.enumerated() { widths[i] = Swift.max(widths[i], cell.count) }
        }
        func line(_ row: [String]) -> String {
            if row.count == 1 { return "  " + row[0] }
            var cells: [String] = []
            for i in 0..<columns {
                let cell = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                cells.append(i == 0 ? cell + pad : pad + cell)
            }
            let text = "  " + cells.joined(separator: "   ")
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
        var out = [title, line(header), "  " + String(repeating: "-", count: widths.reduce(0, +) + 3 * Swift.max(columns - 1, 0))]
        out += rows.map(line)
        out += notes.map { "  " + $0 }
        return out.joined(separator: "\n") + "\n"
    }
}

/// Number formatting for reports: fixed decimals, thousands separated.
enum Format {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value)" : "n/a" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        let fraction = Int(rounded) - whole * Int(scale)
        var text = grouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return (value < 0 && rounded != 0 ? "-" : "") + text
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    static func ratio(_ value: Double) -> String { fixed(value, 2) + "x" }
}
