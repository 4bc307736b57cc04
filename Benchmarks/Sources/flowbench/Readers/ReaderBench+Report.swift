import Formats
import Foundation

/// The tables of `flowbench readers`: per file, warm time per reader with its ratio to
/// GeoKit's, and one cold read in a fresh process (time and peak memory).
struct ReaderReport {
    let rows: [ReaderBench.Row]
    let runs: Int

    func render() -> String {
        var out = "flowbench readers — GeoKit's hand-written JSON and XML readers against Foundation (issue 12, item 6)\n"
        out += "  every reader builds the same values from the same bytes in memory: [Site] (SiteCatalog's rules),\n"
        out += "  Boundary (closed rings, coordinates in range), GPXDocument (tracks, points with time, ele, line)\n"
        out += "  noisy machine: compare ratios taken in the same run, not absolute figures across runs\n\n"
        let json = rows.filter { $0.input.kind != .gpx }, gpx = rows.filter { $0.input.kind == .gpx }
        if !json.isEmpty {
            out += warm("JSON: GeoKit (JSONScanner) vs JSONSerialization (+ walking [String: Any]) and JSONDecoder (Codable structs)", json)
            out += "\n" + cold("JSON: one read in a fresh process", json)
        }
        if !gpx.isEmpty {
            out += "\n" + warm("GPX: GeoKit (XMLScanner) vs FoundationXML's XMLParser (SAX delegate)", gpx)
            out += "\n" + cold("GPX: one read in a fresh process", gpx)
        }
        return out
    }

    /// Median milliseconds per read, the ratio to GeoKit's (>1 = GeoKit faster), and whether
    /// each reader built the same values; under it, the geometric mean of each ratio.
    private func warm(_ title: String, _ rows: [ReaderBench.Row]) -> String {
        let readers = rows[0].figures.map(\.reader)
        var header = ["file", "KiB", "items"]
        for reader in readers {
            header.append("\(reader.rawValue) ms")
            if reader != .geoKit { header.append("ratio") }
        }
        var table = TextTable("\(title) — median ms per read over \(runs) samples", header: header + ["same values"])
        var logRatios = [Reader: [Double]]()
        for row in rows {
            let base = row.figures[0].ms.median
            var cells = [row.input.display, Format.grouped((row.bytes + 512) / 1024), Format.grouped(row.items)]
            for figure in row.figures {
                cells.append(Self.ms(figure.ms.median))
                guard figure.reader != .geoKit else { continue }
                cells.append(Format.ratio(figure.ms.median / base))
                logRatios[figure.reader, default: []].append(log(figure.ms.median / base))
            }
            let differing = row.figures.filter { !$0.same }.map(\.reader.rawValue)
            cells.append(differing.isEmpty ? "yes" : "no: " + differing.joined(separator: ", "))
            table.add(cells)
        }
        for reader in readers where reader != .geoKit {
            let logs = logRatios[reader] ?? []
            let mean = exp(logs.reduce(0, +) / Double(max(logs.count, 1)))
            table.note("\(reader.rawValue) / GeoKit, geometric mean over \(logs.count) files: \(Format.ratio(mean)) (>1 = GeoKit faster)")
        }
        table.note("items: sites, polygons or track points; each sample repeats the read to fill about 20 ms.")
        return table.render()
    }

    /// The read in a fresh process: cold milliseconds and resident growth during the read (peak), KiB.
    private func cold(_ title: String, _ rows: [ReaderBench.Row]) -> String {
        let readers = rows[0].figures.map(\.reader)
        let header = ["file"] + readers.map { "\($0.rawValue) ms" } + readers.map { "\($0.rawValue) peak KiB" }
        var table = TextTable(title, header: header)
        for row in rows {
            var cells = [row.input.display]
            cells += row.figures.map { $0.cold.map { Self.ms($0.coldMs) } ?? "—" }
            cells += row.figures.map { $0.cold?.peakKiB.map(Format.grouped) ?? "—" }
            table.add(cells)
        }
        table.note("ms: the first read of the process (library set-up included), as when flowrun loads a park.")
        table.note("peak KiB: VmHWM, reset just before the read, minus the resident size before it (file bytes loaded).")
        return table.render()
    }

    private typealias Reader = ReaderBench.Reader

    private static func ms(_ value: Double) -> String {
        value >= 100 ? Format.fixed(value, 0) : value >= 1 ? Format.fixed(value, 2) : Format.fixed(value, 3)
    }
}
