import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// The tracker's defaults live in ExhibitTrackerOptions; the docs' table (docs/authoring/exhibits.md)
/// and the stubs' parameter text must say the same.
@Suite struct BeaconsDefaultsTests {
    @Test func readmeTableIsTheSwiftDefaults() throws {
        let table = try SettingsDefaultsTests.docsTable("| tracker option | default |", in: "docs/authoring/exhibits.md")
        let defaults = ExhibitTrackerOptions()
        #expect(table.count == ExhibitTrackerOptions.fields.count)
        for (name, path) in ExhibitTrackerOptions.fields {
            #expect(table[name] == GeoError.text(defaults[keyPath: path]), "docs/authoring/exhibits.md's \(name)")
        }
    }

    @Test func theStubsSayTheSwiftDefaults() {
        let defaults = ExhibitTrackerOptions()
        let summary = BeaconsModule.optionsParameter.summary
        for (name, path) in ExhibitTrackerOptions.fields {
            #expect(summary.contains("\(name) \(GeoError.text(defaults[keyPath: path]))"), "\(name) in \(summary)")
        }
    }
}
