import Foundation
import Testing
@testable import GeoKit

struct GeofenceControllerTests {
    static func controller(cap: Int = 20, minimum: Double = 60, site: Double = 600) throws -> GeofenceController {
        let regions = try (0..<6).map { try Walk.circle("s\($0)", east: Double($0) * 200, radius: 40) }
        var settings = GeofenceSettings()
        settings.cap = cap
        settings.enterDelay = 0
        return GeofenceController(
            monitor: try RegionMonitor(index: RegionIndex(regions), settings: settings),
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
        let square = [
            Walk.at(east: -100, north: -100), Walk.at(east: 100, north: -100),
            Walk.at(east: 100, north: 100), Walk.at(east: -100, north: 100),
        ]
        let park = try GeofenceRegion(id: "park", boundary: Boundary(polygons: [[square]]))
        var settings = GeofenceSettings()
        settings.enterDelay = 0
        settings.exitDelay = 0
        let c = GeofenceController(
            monitor: try RegionMonitor(index: RegionIndex([]), presence: park, settings: settings),
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

    /// An app that pushes and never pops: the stack keeps the newest contexts, the state stays bounded.
    @Test func aHundredAndFiftyThousandPushesStayBounded() throws {
        let c = try Self.controller()
        var sizeAfterAThousand = 0, unknown = 0
        for i in 0..<150_000 {
            unknown += c.push(.init(name: "ctx\(i)", sites: ["s\(i % 6)", "s\((i + 1) % 6)"])).count
            if i == 999 { sizeAfterAThousand = c.storageBytes }
        }
        #expect(unknown == 0)
        #expect(c.contexts.count == GeofenceController.maximumDepth + 1)
        #expect(c.forgottenContexts == 150_000 - GeofenceController.maximumDepth)
        #expect(c.contexts.first?.name == "all" && c.contexts.last?.name == "ctx149999")
        #expect(c.contexts[1].name == "ctx\(150_000 - GeofenceController.maximumDepth)")
        #expect(c.storageBytes == sizeAfterAThousand)
        _ = try c.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 0))
        #expect(c.monitor.monitored == [0, 5])
        // Popping goes back through the newest contexts to the base, and no further.
        for _ in 0..<GeofenceController.maximumDepth { #expect(c.pop() != nil) }
        #expect(c.pop() == nil)
        #expect(c.contexts.map(\.name) == ["all"])
    }

    /// Callouts for ever new site ids: the per-site memory stays bounded and still holds back recent sites.
    @Test func calloutsForEverNewSitesStayBounded() throws {
        let c = try Self.controller(minimum: 0, site: 1_000)
        var held = 0, most = 0
        for i in 0..<150_000 {
            if c.callout(site: "site \(i)", at: Double(i)) != nil { held += 1 }
            most = max(most, c.throttle.rememberedSites)
        }
        #expect(held == 0)
        #expect(most == CalloutThrottle.siteMemory)
        #expect(c.throttle.storageBytes < 1 << 20)
        // Shown 10 s ago: still held back; shown 140,000 s ago: long forgotten, and its interval passed anyway.
        #expect(c.callout(site: "site 149990", at: 150_000) == .siteTooSoon(since: 10, minimum: 1_000))
        #expect(c.callout(site: "site 10000", at: 150_001) == nil)
    }
}
