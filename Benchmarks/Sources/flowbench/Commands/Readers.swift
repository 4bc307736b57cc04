import ArgumentParser

extension Flowbench {
    /// `flowbench readers`: GeoKit's hand-written JSON and XML readers against Foundation's.
    struct Readers: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "GeoKit's hand-written JSON and XML readers against JSONSerialization, JSONDecoder and XMLParser.",
            discussion: """
                On the real files (every park's sites.geojson and boundary.geojson, the GPX tracks of \
                Tests/GeoKitTests/Fixtures, and the geofence reference's polygons_1k.geojson and 100k-fix \
                track, Benchmarks/reference/geofence/data, when --shared has them), each reader builds the \
                same values: SiteCatalog's sites, a Boundary, a GPXDocument. Reported: median time per read, \
                one cold read in a fresh process (time and peak memory), and the message each gives for \
                corrupt copies (truncated, a stray comma, a bad number, an unclosed tag, a bad attribute).
                Example:
                  flowbench readers --runs 9
                """)

        @Option(help: ArgumentHelp("Timed samples per reader and file; medians are reported.", valueName: "n"))
        var runs = 7

        @Option(help: ArgumentHelp("Folder holding parks/ and Tests/.", valueName: "dir"))
        var root = "."

        @Option(
            help: ArgumentHelp(
                "The geofence reference folder, its data/ holding the large files (\(ReferenceFiles.defaultHelp("geofence"))).", valueName: "dir"))
        var shared: String?

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 5...1000)
        }

        func run() throws {
            try ReaderBench(root: CommandLineValues.absolutePath(root), shared: CommandLineValues.absolutePath(shared ?? ReferenceFiles.geofence), runs: runs)
                .run()
        }
    }

    /// `flowbench reader-once READER KIND FILE`: one read in a fresh process, for `flowbench readers`.
    struct ReaderOnce: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reader-once",
            abstract: "Read one file once with one reader and print 'ms peakKiB' (the child 'flowbench readers' measures).",
            shouldDisplay: false)

        @Argument(help: "GeoKit, JSONSerialization, JSONDecoder or XMLParser.")
        var reader: String

        @Argument(help: "sites, boundary or gpx.")
        var kind: String

        @Argument(help: "The file.")
        var file: String

        @Option(help: "The path shown in errors (default: the file's).")
        var display: String?

        func validate() throws {
            guard let reader = ReaderBench.Reader(rawValue: reader), let kind = ReaderBench.Kind(rawValue: kind) else {
                throw ValidationError("unknown reader '\(reader)' or kind '\(kind)'")
            }
            guard kind.readers.contains(reader) else { throw ValidationError("\(reader.rawValue) does not read \(kind.rawValue) files") }
        }

        func run() throws {
            guard let reader = ReaderBench.Reader(rawValue: reader), let kind = ReaderBench.Kind(rawValue: kind) else { return }
            try ReaderMemory.measureHere(reader, ReaderBench.Input(path: file, display: display ?? file, kind: kind))
        }
    }
}
