import GeoKit
import LuaKit

extension ModuleContext {
    /// What a script that changes `ctx.sites` or a site is told.
    static let readOnlySitesMessage = "ctx.sites and the sites in it are read-only: every run of the park's flows shares them (copy a site to change it)"

    /// The park's sites indexed (``SiteIndex``), built on first use.
    func siteIndex() throws(FlowError) -> SiteIndex {
        let sites = try sites()
        return cached("sites.index") { SiteIndex(sites: sites) }
    }

    /// Reads and indexes the park's sites before a run, outside its budget: reading content
    /// is the host's work, sized by the park, not the script's (a park of a hundred thousand
    /// sites would spend the first run's CPU limit on it). A broken file is left for the run
    /// to meet, where it is reported as the content error it is.
    func prepareSites() {
        _ = try? siteIndex()
    }

    /// `ctx.sites`: a lazy list (LuaKit's ``LuaState/lazyList(count:make:message:)``) whose
    /// site i becomes a read-only table when a script first reads it, so a park of a hundred
    /// thousand sites costs a screen the sites it shows. The same list for every run.
    /// - Throws: ``FlowError`` when the park's sites cannot be read.
    func sitesList() throws(FlowError) -> LuaTableRef {
        if let siteList { return siteList }
        let sites = try sites()
        let make = lua.function("site") { call in
            let i = try call.integer(1)
            guard sites.indices.contains(i - 1) else { return call.pushNil() }
            call.pushReadOnlyElement(FlowContext.siteTable(sites[i - 1]), message: Self.readOnlySitesMessage)
        }
        guard let made = lua.lazyList(count: sites.count, make: make, message: Self.readOnlySitesMessage) else {
            throw .script(.runtime(message: "ctx.sites could not be made", traceback: ""))
        }
        siteList = made
        return made
    }
}
