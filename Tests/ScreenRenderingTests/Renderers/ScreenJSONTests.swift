import ScreenSamples
import Foundation
import Testing
import ScreenRendering
import ScreenModel

/// `JSONRenderer.render` writes screens directly (PrettyJSON and the ScreenJSON writers);
/// `JSONRenderer.encode` goes through the model's Codable conformance and JSONEncoder. Both
/// must write the same bytes, on every golden and on randomized screens, so the direct path
/// cannot drift from the model or from the encoder's format.
@Suite struct ScreenJSONTests {
    @Test(arguments: GoldenScreens.all.map(\.name))
    func goldenScreensMatchTheCodablePath(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen).assigningActionIDs()
        expectSameBytes(JSONRenderer().render(screen), JSONRenderer.encode(screen), "\(name)")
    }

    /// Every screen JSON under `Tests/*/Fixtures` (flowrun's goldens too, such as the map at
    /// zoom 12), read back into a screen: both paths write the file's exact bytes.
    @Test func everyScreenFixtureIsWrittenBackByteForByte() throws {
        var checked: [String] = []
        for url in try Self.jsonFixtures() {
            let text = try String(contentsOf: url, encoding: .utf8)
            // Fixtures that are not screens (park lists, benchmark summaries) do not decode.
            guard let screen = try? JSONDecoder().decode(Screen.self, from: Data(text.utf8)) else { continue }
            let name = url.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            expectSameBytes(JSONRenderer().render(screen), text, "\(name) (render)")
            expectSameBytes(JSONRenderer.encode(screen), text, "\(name) (encode)")
            checked.append(name)
        }
        #expect(checked.count >= 12, "screen fixtures found: \(checked)")
        #expect(checked.contains("Tests/FlowrunTests/Fixtures/goga-map-z12.json"))
    }

    /// Screens made from the screen contract set every field it has: the writer writes each.
    @Test(arguments: 0..<ContractSamples.count)
    func contractScreensMatchTheCodablePath(index: Int) throws {
        let screen = try ContractSamples.screens()[index]
        expectSameBytes(JSONRenderer().render(screen), JSONRenderer.encode(screen), "contract screen \(index)")
    }

    @Test(arguments: 0..<8)
    func randomizedScreensMatchTheCodablePath(seed: UInt64) {
        var screens = RandomScreens(seed: seed)
        for index in 0..<60 {
            let screen = screens.screen()
            let direct = JSONRenderer().render(screen), codable = JSONRenderer.encode(screen)
            if direct != codable {
                expectSameBytes(direct, codable, "seed \(seed), screen \(index)")
                return
            }
        }
    }

    /// The compact line (a live session's JSON lines) is JSONEncoder's compact form, sorted
    /// keys and unescaped slashes, on the golden, contract and randomized screens.
    @Test func compactLinesMatchTheEncodersCompactForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        var screens = try GoldenScreens.all.map { $0.screen.assigningActionIDs() } + ContractSamples.screens()
        var random = RandomScreens(seed: 11)
        screens += (0..<60).map { _ in random.screen() }
        for (index, screen) in screens.enumerated() {
            let line = JSONRenderer.line(screen)
            let encoded = String(decoding: try encoder.encode(screen), as: UTF8.self)
            #expect(line == encoded, "screen \(index)")
            #expect(!line.contains("\n"))
        }
    }

    /// The random screens are only a guard if they reach every field: each stored property
    /// of every model type is set (non-nil, non-empty) in some screen, and every kind of
    /// component, annotation, action and region occurs. A field added to the model fails
    /// here until RandomScreens sets it, and then the comparison above covers it.
    @Test func randomizedScreensSetEveryFieldAndKind() {
        var coverage = ModelCoverage()
        var screens = RandomScreens(seed: 1)
        for _ in 0..<300 { coverage.record(screens.screen()) }
        for (type, properties) in coverage.properties.sorted(by: { $0.key < $1.key }) {
            let unset = properties.subtracting(coverage.populated[type] ?? [])
            #expect(unset.isEmpty, "\(type): never set \(unset.sorted())")
        }
        #expect(coverage.cases[String(reflecting: Component.self)] == Set(Component.knownTypes))
        #expect(coverage.cases[String(reflecting: Component.Map.Annotation.self)] == Set(Component.Map.Annotation.knownTypes))
        #expect(coverage.cases[String(reflecting: Action.Target.self)] == Set(Action.knownKinds))
        #expect(coverage.cases[String(reflecting: Component.Timeline.Region.Shape.self)] == ["circle", "area"])
        for (type, count) in coverage.caseCounts {
            #expect(coverage.cases[type]?.count == count, "\(type): cases seen \(coverage.cases[type]?.sorted() ?? [])")
        }
    }

    /// Strings and numbers at the edges of the format, spelt out rather than random.
    @Test func escapesNumbersAndKeyOrderMatchTheCodablePath() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) } + [0x7F], as: UTF8.self)
        let numbers: [Double] = [
            0, -0.0, 3, -122.45529232558141, 1e-5, 1e16, 1e21, 5e-324, .greatestFiniteMagnitude, .nan,
            .infinity, -.infinity,
        ]
        let screen = Screen(
            park: "GOGA", flow: "edge", title: controls + "\"\\/é🌉e\u{301}\u{2028}",
            sections: [
                .onboarding(
                    .init(pages: [
                        .init(
                            title: "[", body: "{\n\n}",
                            background: numbers.map {
                                .init(image: "a", position: .init(x: $0, y: -$0), depth: $0)
                            })
                    ])),
                .button(
                    .init(
                        "Zoom",
                        action: .go(
                            "map",
                            args: [
                                "zoom": "1", "Zoom": "2", "a_b": "3", "aa": "4", "é": "5", "10": "6",
                                "9": "7", "": "8",
                            ]))),
                .list(.init(items: [])),
            ])
        expectSameBytes(JSONRenderer().render(screen), JSONRenderer.encode(screen), "edge cases")
    }

    @Test func encodeCollapsesEmptyContainersAtAnyDepth() {
        let value: [String: [String: [Int]]] = ["a": [:], "b": ["c": [], "d": [1]]]
        #expect(
            JSONRenderer.encode(value) == """
                {
                  "a" : {},
                  "b" : {
                    "c" : [],
                    "d" : [
                      1
                    ]
                  }
                }

                """)
        #expect(JSONRenderer.encode([String]()) == "[]\n")
    }

    /// The repository's JSON files under `Tests/*/Fixtures`, in path order.
    private static func jsonFixtures() throws -> [URL] {
        let tests = repositoryRoot.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" && $0.path.contains("/Fixtures/") }
            .sorted { $0.path < $1.path }
    }
}

/// Fails with the first line where two JSON texts differ (the whole texts are long).
private func expectSameBytes(_ actual: String, _ expected: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
    let shown = { (lines: [Substring]) in line < lines.count ? String(reflecting: String(lines[line])) : "<end>" }
    Issue.record("\(what): differs at line \(line + 1)\n  got:      \(shown(a))\n  expected: \(shown(e))", sourceLocation: sourceLocation)
}
