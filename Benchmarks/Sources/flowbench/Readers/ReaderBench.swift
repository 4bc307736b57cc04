import Formats
import Foundation
import GeoKit

/// `flowbench readers` (issue 12, item 6): GeoKit's hand-written JSON and XML readers
/// (JSONScanner under SiteCatalog and Boundary, XMLScanner under GPXReader) against
/// Foundation's JSONSerialization, JSONDecoder and FoundationXML's XMLParser on the
/// repository's real files, each path building the same domain values: time (median of
/// `runs` samples, bytes already in memory), memory (a fresh child process per file and
/// reader), and the messages each gives for corrupt inputs (ReaderBench+Errors.swift).
struct ReaderBench {
    enum Kind: String {
        case sites, boundary, gpx

        var readers: [Reader] { self == .gpx ? [.geoKit, .xmlParser] : [.geoKit, .serialization, .decoder] }
    }

    /// The readers compared: GeoKit's, and the library each would be replaced with.
    enum Reader: String, CaseIterable {
        case geoKit = "GeoKit", serialization = "JSONSerialization", decoder = "JSONDecoder", xmlParser = "XMLParser"
    }

    /// A file to read, with what it holds.
    struct Input {
        var path: String
        var display: String
        var kind: Kind
    }

    /// What a reader built, compared across readers of the same file (boundaries by shape).
    enum Output: Equatable {
        case sites([Site])
        case boundary(Boundary)
        case gpx(GPXDocument)

        /// Sites, polygons or track points.
        var count: Int {
            switch self {
            case .sites(let sites): sites.count
            case .boundary(let boundary): boundary.polygonCount
            case .gpx(let document): document.tracks.reduce(0) { $0 + $1.pointCount }
            }
        }

        static func == (a: Output, b: Output) -> Bool {
            switch (a, b) {
            case (.sites(let x), .sites(let y)): x == y
            case (.boundary(let x), .boundary(let y)): BoundaryDigest(x) == BoundaryDigest(y)
            case (.gpx(let x), .gpx(let y)): x == y
            default: false
            }
        }
    }

    /// A boundary's shape, to compare two built from the same file.
    struct BoundaryDigest: Equatable {
        var polygons: Int, rings: Int, vertices: Int
        var box: BoundingBox
        var checksum: UInt64 = 0

        init(_ boundary: Boundary) {
            polygons = boundary.polygonCount
            rings = boundary.ringCount
            vertices = boundary.vertexCount
            box = boundary.boundingBox
            var sum: UInt64 = 0
            boundary.forEachVertex { sum = sum &* 31 &+ $0.bitPattern &* 7 &+ $1.bitPattern }
            checksum = sum
        }
    }

    /// One file's bytes, in the form each reader takes: GeoKit's FileReader gives `[UInt8]`,
    /// Foundation's readers take `Data`.
    struct Loaded {
        var input: Input
        var bytes: [UInt8]
        var data: Data

        init(_ input: Input) throws(BenchError) {
            guard let data = FileManager.default.contents(atPath: input.path) else {
                throw .setup("cannot read \(input.path)")
            }
            self.input = input
            self.data = data
            bytes = [UInt8](data)
        }

        /// `text` as if read from `input`'s file (the corrupt copies).
        init(_ input: Input, text: String) {
            self.input = input
            bytes = Array(text.utf8)
            data = Data(bytes)
        }

        func read(with reader: Reader) throws -> Output {
            let file = input.display
            switch (input.kind, reader) {
            case (.sites, .geoKit): return .sites(try SiteCatalog(geoJSON: bytes, displayPath: file).sites)
            case (.sites, .serialization): return .sites(try FoundationJSONReaders.sitesWithSerialization(data))
            case (.sites, .decoder): return .sites(try FoundationJSONReaders.sitesWithDecoder(data))
            case (.boundary, .geoKit): return .boundary(try Boundary(geoJSON: bytes, displayPath: file))
            case (.boundary, .serialization): return .boundary(try FoundationJSONReaders.boundaryWithSerialization(data))
            case (.boundary, .decoder): return .boundary(try FoundationJSONReaders.boundaryWithDecoder(data))
            case (.gpx, .geoKit): return .gpx(try GPXReader.read(bytes: bytes, displayPath: file))
            case (.gpx, .xmlParser): return .gpx(try XMLParserGPXReader.read(data, file: file))
            default: throw BenchError.setup("\(reader.rawValue) does not read \(input.kind.rawValue) files")
            }
        }
    }

    /// One reader on one file.
    struct Figure {
        var reader: Reader
        /// Milliseconds per read.
        var ms: Samples
        /// The read in a fresh process: its time and memory.
        var cold: ReaderMemory.Figure?
        /// Built the same values as GeoKit's reader.
        var same: Bool
    }

    struct Row {
        var input: Input
        var bytes: Int
        var items: Int
        var figures: [Figure]
    }

    let root: String
    let shared: String
    let runs: Int

    /// The real files: every park's sites.geojson and boundary.geojson, the GPX tracks of the
    /// test fixtures, and the geofence reference's polygons and 100k-fix track when present.
    func inputs() throws(BenchError) -> [Input] {
        let fm = FileManager.default
        var inputs: [Input] = []
        let parks = ((try? fm.contentsOfDirectory(atPath: root + "/parks")) ?? []).sorted()
        for kind in [Kind.sites, .boundary] {
            for park in parks where fm.fileExists(atPath: "\(root)/parks/\(park)/\(kind.rawValue).geojson") {
                let display = "parks/\(park)/\(kind.rawValue).geojson"
                inputs.append(Input(path: root + "/" + display, display: display, kind: kind))
            }
        }
        // The repository keeps the polygons gzipped (Benchmarks/reference/geofence/data); another
        // --shared folder may hold them plain, as the shared bench does.
        if let polygons = try Self.plainFile(shared + "/data/polygons_1k.geojson", unpackedAs: "flowbench-readers-polygons_1k.geojson") {
            inputs.append(Input(path: polygons, display: "shared polygons_1k.geojson", kind: .boundary))
        }
        let fixtures = "Tests/GeoKitTests/Fixtures"
        let tracks = ((try? fm.contentsOfDirectory(atPath: "\(root)/\(fixtures)/tracks")) ?? []).filter { $0.hasSuffix(".gpx") }
        for display in tracks.sorted().map({ "\(fixtures)/tracks/\($0)" }) + ["\(fixtures)/track_first3600.gpx"]
        where fm.fileExists(atPath: root + "/" + display) {
            inputs.append(Input(path: root + "/" + display, display: String(display.dropFirst(fixtures.count + 1)), kind: .gpx))
        }
        if let track = try Self.plainFile(shared + "/data/track_100k.gpx", unpackedAs: "flowbench-readers-track_100k.gpx") {
            inputs.append(Input(path: track, display: "shared track_100k.gpx", kind: .gpx))
        }
        guard !inputs.isEmpty else { throw .setup("no park or track files under \(root) (run from the repository or pass --root DIR)") }
        return inputs
    }

    /// `path` when it exists; else `path`.gz unpacked (gzip -dc, once) into the temporary folder as
    /// `name`; nil when neither exists.
    private static func plainFile(_ path: String, unpackedAs name: String) throws(BenchError) -> String? {
        let fm = FileManager.default
        if fm.fileExists(atPath: path) { return path }
        let packed = path + ".gz"
        guard fm.fileExists(atPath: packed) else { return nil }
        let unpacked = NSTemporaryDirectory() + name
        if !fm.fileExists(atPath: unpacked) {
            progress("readers: gzip -dc \(packed)")
            try ChildProcess.check("unpacking \((packed as NSString).lastPathComponent)", "gzip", ["-dc", packed], stdoutPath: unpacked)
        }
        return unpacked
    }

    func run() throws(BenchError) {
        let inputs = try inputs()
        // Children first, while this process is small.
        var memory: [String: ReaderMemory.Figure] = [:]
        for input in inputs {
            progress("readers: memory of \(input.display), one child per reader")
            for reader in input.kind.readers {
                memory[input.path + "|" + reader.rawValue] = try ReaderMemory.measureInChild(reader, input)
            }
        }
        var rows: [Row] = []
        for input in inputs {
            progress("readers: timing \(input.display)")
            let loaded = try Loaded(input)
            var figures: [Figure] = []
            var reference: Output?
            for reader in input.kind.readers {
                let (ms, output) = try time(loaded, reader)
                if reference == nil { reference = output }
                figures.append(
                    Figure(
                        reader: reader, ms: ms, cold: memory[input.path + "|" + reader.rawValue],
                        same: output == reference))
            }
            rows.append(Row(input: input, bytes: loaded.bytes.count, items: reference?.count ?? 0, figures: figures))
        }
        print(ReaderReport(rows: rows, runs: runs).render())
        print(
            ReaderErrors.render(root: root, sitesFile: inputs.first { $0.kind == .sites }, trackFile: Self.errorTrack(inputs)),
            terminator: "")
    }

    /// The fixture track the corrupt GPX inputs are cut from: the shortest, else any.
    private static func errorTrack(_ inputs: [Input]) -> Input? {
        inputs.first { $0.display.hasSuffix("morning-inside.gpx") } ?? inputs.first { $0.kind == .gpx }
    }

    /// Median milliseconds per read over `runs` samples, each sample as many reads as fill
    /// about 20 ms (one at least), after one untimed read whose output is returned.
    private func time(_ loaded: Loaded, _ reader: Reader) throws(BenchError) -> (Samples, Output) {
        do {
            let first = try MonotonicClock.measure { try loaded.read(with: reader) }
            let batch = max(1, min(1000, Int(20e6 / max(first.nanoseconds, 1))))
            var samples = Samples()
            for _ in 0..<runs {
                let start = MonotonicClock.now()
                for _ in 0..<batch { withExtendedLifetime(try loaded.read(with: reader)) {} }
                samples.add(Double(MonotonicClock.now() - start) / Double(batch) / 1e6)
            }
            return (samples, first.result)
        } catch {
            throw .setup("\(reader.rawValue) failed on \(loaded.input.display): \(error)")
        }
    }
}
