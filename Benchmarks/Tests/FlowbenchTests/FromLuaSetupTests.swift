import FlowKit
import Foundation
import GeoKit
import Testing
@testable import flowbench

/// `flowbench from-lua` stages a copy of the project with its bench flow and raised budgets:
/// the copy must load in both parks it uses and every variant must run, on a few points
/// (what is set up, not how fast). It once stopped at setup when the settings began to cap
/// the instruction budget below what it asked for, and its empty runs (`none`, `monitor`)
/// returned a screen without a title, which the runtime refuses.
@Suite struct FromLuaSetupTests {
    @Test(arguments: ["GOGA", FromLuaBench.geofencePark])
    func theBenchFlowLoadsAndEveryVariantRuns(park: String) throws {
        let timer = try FlowCallTimer(root: repositoryRoot.path, park: park, source: FromLuaBench.flow)
        defer { timer.remove() }
        let points = (0..<40).map { Coordinate(latitude: 37.80 + Double($0) / 1000, longitude: -122.47 + Double($0 % 7) / 1000) }
        let track = FlowCallTimer.track(points)
        #expect(try timer.load("load_records", track: track) == "40")
        #expect(try timer.load("load_columns", track: track) == "40")
        #expect(try timer.load("load_pairs", track: track, args: ["set": "park"]) == "20")
        #expect(try timer.load("load_fixes", track: track) == "40")
        #expect(try timer.run("none").title == "none")
        #expect(try timer.run("monitor").title == "monitor")
        for variant in ["cluster_records", "cluster_columns", "feed_loop", "feed_many"] {
            #expect(!(try timer.run(variant).title.isEmpty), "\(variant)")
        }
        let lists = try timer.run("inverse_lists", args: ["set": "park"]).title
        #expect(lists == (try timer.run("inverse_loop", args: ["set": "park"]).title))
    }
}
