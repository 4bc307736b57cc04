import ArgumentParser
import FlowAuthoring
import FlowKit

extension Flowrun.New {
    /// `flowrun new park CODE --name NAME`: writes `parks/CODE/`.
    struct NewPark: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "park",
            abstract: "Write a new park folder, parks/CODE, that passes 'flowrun check'.",
            discussion: """
                Writes parks/CODE/park.lua, and copies the boundary and sites files in as \
                boundary.geojson and sites.geojson. Without --center, the center is the \
                boundary's centroid, else the middle of the sites; the zoom is the one at \
                which the boundary (else the sites) fits a phone screen. Site categories \
                parks/defaults.lua does not name get a guessed name and plural in park.lua \
                to review. Every input is checked first: when one is wrong (exit 2), nothing \
                is written. File paths are relative to the current folder, not --root.
                """)

        @OptionGroup var project: ProjectOptions

        @Argument(help: ArgumentHelp("The park's code: 4 capital letters, as NPS unit codes are (e.g. ZION).", valueName: "code"))
        var code: String

        @Option(help: "The park's name for visitors, e.g. \"Zion National Park\".")
        var name: String

        @Option(help: ArgumentHelp("A GeoJSON file with the park's boundary (Polygon or MultiPolygon).", valueName: "file.geojson"))
        var boundary: String?

        @Option(help: ArgumentHelp("A GeoJSON file with the park's sites (Point features with id, name, category).", valueName: "file.geojson"))
        var sites: String?

        @Option(help: "The state or region the park is in, e.g. Utah.")
        var state: String?

        @Option(help: "The park's IANA time zone, e.g. America/Denver (default: parks/defaults.lua's).")
        var timezone: String?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("The park's center as LAT,LON (default: derived from the boundary or the sites).", valueName: "lat,lon")
        )
        var center: String?

        func run() throws {
            let root = try project.project()
            let scaffold = ParkScaffold(
                code: code, name: name, state: state, timezone: timezone,
                center: try RunInputs.coordinate(center, name: "--center"),
                boundaryFile: boundary, sitesFile: sites)
            for file in try scaffold.write(root: root) { print("wrote \(file)") }
            print("next: flowrun check --park \(code), then flowrun --park \(code) home")
        }
    }
}
