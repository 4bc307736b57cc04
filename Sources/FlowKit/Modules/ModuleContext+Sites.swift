import GeoKit
import LuaKit

extension ModuleContext {
    /// What a script that changes `ctx.sites` or a site is told.
    static let readOnlySitesMessage = "ctx.sites and the sites in it are read-only: every run of the park's flows shares them (copy a site to change it)"

    /// The park's sites as a table read site by site, with their index (`PreparedSites`):
    /// kept between processes, else made on first use.
    func siteTable() throws(FlowError) -> PreparedSites {
        try noting { () throws(FlowError) in try content.siteTable() }
    }

    /// Reads and indexes the park's sites before a run, outside its budget: reading content
    /// is the host's work, sized by the park, not the script's (a park of a hundred thousand
    /// sites would spend the first run's CPU limit on it). A broken file is left for the run
    /// to meet, where it is reported as the content error it is.
    func prepareSites() {
        _ = try? siteTable()
    }

    /// `ctx.sites`: a lazy list (LuaKit's `LuaState.lazyList(count:make:message:)`) whose
    /// site i becomes a read-only table when a script first reads it, so a park of a hundred
    /// thousand sites costs a screen the sites it shows. The same list for every run.
    /// - Throws: ``FlowError`` when the park's sites cannot be read.
    func sitesList() throws(FlowError) -> LuaTableRef {
        if let siteList { return siteList }
        let table = try siteTable()
        let make = lua.function("site") { call in
            guard let site = table.site(at: try call.integer(1)) else { return call.pushNil() }
            call.pushReadOnlyElement(FlowContext.siteTable(site), message: Self.readOnlySitesMessage)
        }
        guard let made = lua.lazyList(count: table.count, make: make, message: Self.readOnlySitesMessage) else {
            throw .script(.runtime(message: "ctx.sites could not be made", traceback: ""))
        }
        siteList = made
        return made
    }
}
