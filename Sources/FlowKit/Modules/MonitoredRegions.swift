import GeoKit
import LuaKit

/// The regions one monitor watches: the park's sites (shared by every monitor that takes them
/// as they are), or the sites and a flow's own regions, or a flow's regions alone; the park's
/// boundary as the presence region either way.
final class MonitoredRegions {
    let index: RegionIndex
    let presence: GeofenceRegion?
    /// Region index by id, for callouts and contexts.
    let regionIDs: [String: Int32]
    /// The park's code, for messages.
    let parkCode: String
    /// Bytes of an index built for one monitor (0 for the park's shared one).
    let ownBytes: Int

    init(index: RegionIndex, presence: GeofenceRegion?, parkCode: String, shared: Bool) {
        self.index = index
        self.presence = presence
        regionIDs = index.idLookup()
        self.parkCode = parkCode
        var vertices = 0
        if !shared {
            for region in index.regions { if case .area(let b) = region.shape { vertices += b.vertexCount } }
        }
        ownBytes = shared ? 0 : index.indexBytes + 64 * index.count + 16 * vertices
    }

    /// The park's sites (unless `sites` is false) and the flow's `specs`, checked: every id
    /// once, `park` kept for the boundary.
    /// - Parameter path: how messages name the specs' list (`settings.regions`).
    /// - Throws: a message starting with the field's path (`settings.regions[2].radius_m: ...`).
    static func flow(_ specs: [RegionSpec], sites: Bool, setup: GeofenceSetup, path: String) throws -> MonitoredRegions {
        var regions = sites ? setup.regions.index.regions : []
        var seen = sites ? setup.regions.regionIDs.mapValues { _ in "a site" } : [:]
        seen["park"] = "the park boundary"
        for (i, spec) in specs.enumerated() {
            let here = "\(path)[\(i + 1)]"
            if let other = seen[spec.id] {
                throw LuaCallError("\(here).id: '\(spec.id)' is already \(other)")
            }
            do { regions.append(try spec.region(path: here)) } catch { throw LuaCallError(error.message) }
            seen[spec.id] = "\(path)[\(i + 1)]"
        }
        return MonitoredRegions(
            index: RegionIndex(regions), presence: setup.regions.presence,
            parkCode: setup.parkCode, shared: false)
    }

    /// Whether `id` is a region here (or `park` with a boundary).
    func has(_ id: String) -> Bool { regionIDs[id] != nil || (id == "park" && presence != nil) }

    func id(_ region: Int32) -> String {
        region == GeofenceEvent.presence ? "park" : index.regions[Int(region)].id
    }

    func name(_ region: Int32) -> String {
        region == GeofenceEvent.presence ? (presence?.name ?? "park") : index.regions[Int(region)].name
    }
}
