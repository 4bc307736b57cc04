import Foundation
import Testing
@testable import GeoKit

struct GeofenceControllerTests {
    static func controller(cap: Int = 20, minimum: Double = 60, site: Double = 600) throws -> GeofenceController {
        let regions = try (0..<6).map { try Walk.circle("s\($0)", east: Double($0) * 200, radius: 40) }
        var settings = GeofenceSettings()
        settings.cap = cap
        settings.enterDelay = 0
        return GeofenceController(monitor: try RegionMonitor(index: RegionIndex(regions), settings: settings),
                                  throttle: CalloutThrottle(minimumInterval: minimum, siteInterval: site))
    }

    @Test func bothThrottlingIntervals() throws {
        let c = try Self.controller()
        #expect(c.callout(site: "s0", at: 0) == nil)
        #expect(c.callout(site: "s1", at: 30) == .tooSoon(since: 30, minimum: 60))
        #expect(c.callout(site: "s1", at: 60) == nil)
        #expect(c.callout(site: "s0", at: 200) == .siteTooSoon(since: 200, minimum: 600))
        #expect(c.callout(site: "s0", at: 600) == nil)
        #expect(CalloutThrottle.Hold.tooSoon(since: 30, minimum: 60).description == "another callout 30 s ago (minimum 60 s)")
        #expect(CalloutThrottle.Hold.siteTooSoon(since: 200, minimum: 600).description == "this site's callout 200 s ago (minimum 600 s)")
    }

    @Test func pushAndPopChangeWhatIsMonitored() throws {
        let c = try Self.controller()
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 0))
        #expect(c.monitor.monitored.count == 6)
        #expect(c.push(.init(name: "trail", sites: ["s2", "s3", "nope"])) == ["nope"])
        #expect(c.active.name == "trail")
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 1))
        #expect(c.monitor.monitored == [2, 3])
        #expect(c.callout(site: "s0", at: 5) == .notInContext(context: "trail"))
        c.setSites(["s4"])
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 2))
        #expect(c.monitor.monitored == [4])
        #expect(c.pop()?.name == "trail")
        #expect(c.pop() == nil)
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 3))
        #expect(c.monitor.monitored.count == 6)
        #expect(c.contexts.map(\.name) == ["all"])
    }

    @Test func observersHearPresenceAndCallouts() throws {
        let square = [Walk.at(east: -100, north: -100), Walk.at(east: 100, north: -100),
                      Walk.at(east: 100, north: 100), Walk.at(east: -100, north: 100)]
        let park = try GeofenceRegion(id: "park", boundary: Boundary(polygons: [[square]]))
        var settings = GeofenceSettings()
        settings.enterDelay = 0
        settings.exitDelay = 0
        let c = GeofenceController(monitor: try RegionMonitor(index: RegionIndex([]), presence: park, settings: settings),
                                   throttle: CalloutThrottle())
        var heard: [String] = []
        c.observe { notice in
            switch notice {
            case .presence(let inside, let time): heard.append("\(inside ? "in" : "out") \(Int(time))")
            case .callout(let site, _, let hold): heard.append("callout \(site) \(hold == nil ? "shown" : "held")")
            case .context(let stack, _): heard.append("context \(stack.joined(separator: "/"))")
            }
        }
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 500), time: 0))
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 1))
        _ = c.callout(site: "park")
        _ = c.push(.init(name: "tour"))
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 500), time: 2))
        #expect(heard == ["in 1", "callout park shown", "context all/tour", "out 2"])
    }
}
