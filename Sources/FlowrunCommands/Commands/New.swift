import ArgumentParser

extension Flowrun {
    /// `flowrun new park|flow`: scaffolds an author starts from.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Start a new park or flow from a working scaffold.",
            discussion: """
                Examples:
                  flowrun new park ZION --name "Zion National Park" --state Utah \\
                      --timezone America/Denver --boundary ~/zion/boundary.geojson \\
                      --sites ~/zion/sites.geojson
                  flowrun new flow trails --park ZION
                Nothing is ever overwritten: an existing park folder or flow file is an error (exit 2).
                """,
            subcommands: [NewPark.self, NewFlow.self])
    }
}
