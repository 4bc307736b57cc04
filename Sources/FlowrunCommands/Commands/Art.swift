import Formats
import ArgumentParser
import FlowAuthoring
import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScreenModel

extension Flowrun {
    /// `flowrun art`: draws each park's onboarding layers into `parks/<CODE>/assets/onboarding/`.
    /// A developer's tool, hidden from help: the pictures are drawn once and committed, and
    /// a test runs `--check` so they stay what the data and theme make.
    struct Art: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "art",
            abstract: "Draw the parks' onboarding layers (sky, dusk, far, near, foreground) as SVG from their data and theme.",
            discussion: """
                Writes parks/<CODE>/assets/onboarding/{sky,dusk,far,near,foreground}.svg, the same bytes for the \
                same park.lua theme, boundary and sites. Each is 1200x900 and transparent where the layers behind \
                show: list them back to front in park.lua's onboarding pages, each at position {x = 0.5, y = 0.5}.
                """,
            shouldDisplay: false)

        @OptionGroup var project: ProjectOptions

        @Option(help: "Draw only this park's (default: every park).")
        var park: String?

        @Flag(help: "Write nothing; exit 1 naming each picture that differs from what would be drawn.")
        var check = false

        func run() throws {
            let root = try project.project()
            let catalog = ParkCatalog(root: root)
            var stale: [String] = []
            let codes = try park.map { [try catalog.resolve($0)] } ?? catalog.codes
            for code in codes {
                let runtime = try FlowRuntime(root: root, park: code)
                let scene = ArtScene(park: runtime.park, boundary: try runtime.boundary(), sites: try runtime.sites())
                let layers = ArtLayers(scene: scene, palette: ArtPalette(theme: runtime.park.settings.theme))
                let folder = AssetReference.folder(park: code) + "/onboarding"
                for (name, svg) in layers.files() {
                    let path = "\(folder)/\(name)"
                    if (try? root.read(path)) == svg { continue }
                    stale.append(path)
                    guard !check else { continue }
                    try FileManager.default.createDirectory(at: root.url(folder), withIntermediateDirectories: true)
                    try Data(svg.utf8).write(to: root.url(path))
                    print("wrote \(path)")
                }
            }
            if check && !stale.isEmpty {
                TerminalText.writeError("flowrun: stale pictures: \(Excerpt.list(stale)); run 'flowrun art'")
                throw ExitCode(1)
            }
            if stale.isEmpty { print("pictures are current") }
        }
    }
}
