/// The parks of a project: every folder `parks/<CODE>/` holding a `park.lua`.
public struct ParkCatalog: Sendable {
    /// The project the parks belong to.
    public let root: ProjectRoot
    /// Park codes, sorted.
    public let codes: [String]
    /// Folders under `parks/` that are not parks yet, each with what is wrong.
    public let problems: [String]

    /// Lists the parks under `root`'s `parks/` (none when there is no such folder).
    /// - Parameter root: the project.
    public init(root: ProjectRoot) {
        self.root = root
        let names = root.folders(in: "parks")
        codes = names.filter { root.exists("parks/\($0)/park.lua") }.sorted()
        problems = names.filter { !root.exists("parks/\($0)/park.lua") }.sorted()
            .map { "parks/\($0): not a park: it has no park.lua (see README, 'Adding a park')" }
    }

    /// The code as given, if a park has it (codes are matched case-insensitively: `goga` → `GOGA`).
    /// - Parameter code: a park code as a person typed it.
    /// - Returns: the park's code as its folder spells it.
    /// - Throws: ``FlowError/unknownPark(code:known:)`` listing the codes there are.
    public func resolve(_ code: String) throws(FlowError) -> String {
        if let match = codes.first(where: { $0.lowercased() == code.lowercased() }) { return match }
        throw .unknownPark(code: code, known: codes)
    }
}
