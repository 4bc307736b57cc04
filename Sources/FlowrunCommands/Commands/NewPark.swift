import ArgumentParser
import FlowAuthoring
import FlowKit

extension Flowrun.New {
    /// `flowrun new park CODE --boundary FILE --sites FILE` (or `--name NAME --center LAT,LON`): writes `parks/CODE/`.
    struct NewPark: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "park",
            abstract: "Write a new park folder, parks/CODE, that passes 'flowrun check'.",
            discussion: """
                Writes parks/CODE/park.lua, the park's boundary and sites as boundary.geojson \
                and sites.geojson, onboarding pictures and a first scenario (tests/home.lua). \
                The boundary file may hold many parks (NPS's, one feature per unit): the \
                feature whose UNIT_CODE is CODE is taken, and its attributes give the name, \
                state, phone, website and description the options do not. The points file, \
                GeoJSON or CSV (id,name,category,lat,lon), may hold many parks too: the \
                points whose park column is CODE are taken, or without such a column those \
                inside the boundary (those outside are left out and counted, or kept with --outside keep). The time zone is the one of \
                the park's state where its center is, and --timezone is checked against it. \
                Without --center, the center is the boundary's centroid, else the middle of \
                the sites; the zoom is the one at which the boundary (else the sites) fits a \
                phone screen. Site categories parks/defaults.lua does not name get a guessed \
                name and plural in park.lua to review. Every input is checked first: when one \
                is wrong (exit 2), nothing is written. File paths are relative to the current \
                folder, not --root.
                Examples:
                  flowrun new park ZION --boundary national-parks-63.geojson --sites pois-nationwide.csv
                  flowrun new park ABCD --name "A Park" --center 37.1,-112.9
                """)

        @OptionGroup var project: ProjectOptions

        @Argument(help: ArgumentHelp("The park's code: 4 capital letters, as NPS unit codes are (e.g. ZION).", valueName: "code"))
        var code: String

        @Option(help: "The park's name for visitors, e.g. \"Zion National Park\" (default: the boundary's UNIT_NAME).")
        var name: String?

        @Option(help: ArgumentHelp("A GeoJSON file with the park's boundary (Polygon or MultiPolygon).", valueName: "file.geojson"))
        var boundary: String?

        @Option(
            help: ArgumentHelp(
                "The park's points: GeoJSON (Point features with id, name, category) or CSV (id,name,category,lat,lon[,park]).",
                valueName: "file"))
        var sites: String?

        @Option(help: "Points of --sites outside --boundary: drop (left out, and counted) or keep.")
        var outside: OutsidePoints = .drop

        @Option(help: "The state or region the park is in, e.g. Utah (default: the boundary's STATE).")
        var state: String?

        @Option(help: "The park's IANA time zone, e.g. America/Denver (default: the one where the park is, from its state).")
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
                boundaryFile: boundary, sitesFile: sites, outside: outside)
            let written = try scaffold.write(root: root)
            for file in written.files { print("wrote \(file)") }
            for note in written.notes { print("note: \(note)") }
            print("next: flowrun check --park \(code), flowrun test --park \(code), then flowrun --park \(code) home")
        }
    }
}

extension OutsidePoints: ExpressibleByArgument {}
