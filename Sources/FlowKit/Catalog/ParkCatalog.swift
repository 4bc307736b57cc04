/// The parks of a project: every folder `parks/<CODE>/` holding a `park.lua`.
public struct ParkCatalog: Sendable {
    /// The project the parks belong to.
    public let root: ProjectRoot
    /// Park codes, sorted.
    public let codes: [String]
    /// Folders under `parks/` without a park.lua: parks in the making, or mistakes.
    public let unfinished: [String]
    /// The unfinished folders, each with what is missing and the command that makes it a park.
    public var problems: [String] { unfinished.map(unfinishedProblem) }

    /// Lists the parks under `root`'s `parks/` (none when there is no such folder).
    /// - Parameter root: the project.
    public init(root: ProjectRoot) {
        self.root = root
        let names = root.folders(in: "parks")
        codes = names.filter { root.exists("parks/\($0)/park.lua") }.sorted()
        unfinished = names.filter { !root.exists("parks/\($0)/park.lua") }.sorted()
    }

    /// What the folder `parks/<folder>` lacks to be a park, and how to make it one: `flowrun
    /// new park` with the data files it already holds (a boundary, sites) named.
    func unfinishedProblem(_ folder: String) -> String {
        let code = folder.uppercased()
        guard folder == code, code.utf8.count == 4, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return "parks/\(folder): not a park: it has no park.lua, and a park's folder is its code, 4 capital letters as NPS unit codes are (parks/ZION)"
        }
        var command = "flowrun new park \(code) --name \"Its Name\""
        for (option, file) in [("--boundary", "boundary.geojson"), ("--sites", "sites.geojson")] where root.exists("parks/\(folder)/\(file)") {
            command += " \(option) parks/\(folder)/\(file)"
        }
        return "parks/\(folder): not a park yet: it has no park.lua; make one from what the folder holds with '\(command)' (docs/authoring/adding-a-park.md)"
    }

    /// `code`'s park as ``resolve(_:)`` finds it, without listing every park when `code` is
    /// written as park folders are (capitals and digits, `GOGA`) and its park.lua is there: a
    /// run of one park among 64 stats one file instead of listing all of them (0.8 M
    /// instructions of a cold home). Any other spelling goes through the catalog.
    /// - Throws: as ``resolve(_:)``.
    public static func resolve(_ code: String, in root: ProjectRoot) throws(FlowError) -> String {
        let asFoldersAre =
            !code.isEmpty
            && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if asFoldersAre && root.exists("parks/\(code)/park.lua") { return code }
        return try ParkCatalog(root: root).resolve(code)
    }

    /// The code as given, if a park has it (codes are matched case-insensitively: `goga` → `GOGA`).
    /// - Parameter code: a park code as a person typed it.
    /// - Returns: the park's code as its folder spells it.
    /// - Throws: ``FlowError/unknownPark(code:known:)`` listing the codes there are.
    public func resolve(_ code: String) throws(FlowError) -> String {
        if let match = codes.first(where: { $0.lowercased() == code.lowercased() }) { return match }
        if let folder = unfinished.first(where: { $0.lowercased() == code.lowercased() }) {
            throw .badContent(file: "parks/\(folder)", message: String(unfinishedProblem(folder).dropFirst("parks/\(folder): ".count)))
        }
        throw .unknownPark(code: code, known: codes)
    }
}
