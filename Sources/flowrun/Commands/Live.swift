import ArgumentParser
import FlowKit
import Formats
import Foundation
import GeoKit
import ScreenModel
import ScreenRendering

extension Flowrun {
    /// `flowrun live --park YOSE [--flow home] [--track FILE] [--speed N]`: one live session
    /// (FlowKit's ``FlowSession``) driven by a recording, printing each screen update and
    /// each event as it happens.
    struct Live: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a flow as a live session driven by a recorded track, printing each screen update and event as it happens.",
            discussion: """
                The session holds the flow's screen open and feeds it the track's fixes at their times (scaled by --speed; \
                --speed 0 runs as fast as it can). A screen is printed when it opens and again only when what it shows \
                changed; events (location states, geofence enters, exits and dwells, callouts shown and held, monitored-set \
                changes) and flow errors (the screen keeps its last good state) are printed once, at their moment. With --format jsonl each is one JSON object per \
                line: {"type": "screen", "at", "flow", "handle", "screen"} or {"type": "event", "at", "kind", ...}.
                """)

        @OptionGroup var project: ProjectOptions

        @OptionGroup var bundle: BundleOptions

        @Option(help: "Park code, e.g. YOSE (see 'flowrun parks').")
        var park: String

        @Option(help: "The flow whose screen the session holds open.")
        var flow: String = "home"

        @Option(name: .customLong("arg"), help: ArgumentHelp("An argument for the flow as KEY=VALUE (repeatable).", valueName: "key=value"))
        var args: [String] = []

        @Option(help: ArgumentHelp("A GPX track to feed as live fixes, at their recorded times.", valueName: "file.gpx"))
        var track: String?

        @Option(help: ArgumentHelp("Horizontal accuracy given to each fix of the track, metres.", valueName: "m"))
        var accuracy: Double = FlowRequest.defaultAccuracy

        @Option(help: ArgumentHelp("Time scale: 1 is real time, 60 a minute a second, 0 as fast as it can.", valueName: "n"))
        var speed: Double = 1

        @Option(help: "Output: text (for people) or jsonl (one JSON object per line, for programs).")
        var format: LiveFormat = .text

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        enum LiveFormat: String, ExpressibleByArgument, CaseIterable {
            case text, jsonl
        }

        func validate() throws {
            guard speed.isFinite, speed >= 0 else { throw ValidationError("--speed must be a number ≥ 0, got \(speed)") }
            guard accuracy.isFinite, accuracy >= 0 else { throw ValidationError("--accuracy must be a number ≥ 0 metres, got \(accuracy)") }
        }

        func run() throws {
            let source = try BundleOptions.source(root: project.root, bundle: bundle.bundle, cache: bundle.cache, trust: bundle.trust)
            let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(path) }
            let start = recorded?.fixes.first.map { Date(timeIntervalSince1970: $0.time) } ?? Date()
            let runtime = try FlowRuntime(root: source.root, park: park, time: start, limits: limits.limits())
            let session = try FlowSession(runtime: runtime, start: start)
            session.defaultAccuracy = accuracy
            let printer = LivePrinter(format: format, zone: TimeZone(identifier: runtime.park.timezone) ?? .gmt)
            let request = FlowRequest(flow: flow, args: try Run.parseArgs(args))
            printer.print(try session.open(request).outputs)
            guard let recorded else { return }
            var last = recorded.fixes.first?.time ?? 0
            for fix in recorded.fixes {
                if speed > 0, fix.time > last {
                    Thread.sleep(forTimeInterval: min(3600, (fix.time - last) / speed))
                }
                last = max(last, fix.time)
                printer.print(session.feed(fix.coordinate, at: fix.time))
            }
            let dropped = session.diagnostics.fixesDropped
            if dropped > 0 {
                TerminalText.writeError("flowrun live: \(dropped) of \(recorded.fixes.count) fixes dropped (out of order or not a position)")
            }
        }
    }
}

/// Writes a live session's outputs as text or JSON lines, flushed line by line so a reader
/// of the pipe sees each as it happens.
struct LivePrinter {
    var format: Flowrun.Live.LiveFormat
    var zone: TimeZone

    func print(_ outputs: [SessionOutput]) {
        for output in outputs {
            switch format {
            case .text: Swift.print(text(output), terminator: "")
            case .jsonl: Swift.print(output.jsonLine(in: zone))
            }
        }
        fflush(nil)  // each line as it happens, for a reader of the pipe
    }

    func text(_ output: SessionOutput) -> String {
        switch output {
        case .screen(let update):
            return "\(output.isoTime(in: zone))  screen \(update.flow)\n" + TextRenderer().render(update.screen)
        case .event(let event):
            var parts = [output.isoTime(in: zone), event.kind.rawValue]
            if let state = event.state { parts.append(state) }
            if let name = event.name { parts.append(name) }
            if let text = event.text { parts.append("\"\(text)\"") }
            if let detail = event.detail { parts.append("(\(detail))") }
            if !event.added.isEmpty { parts.append("added \(event.added.joined(separator: ", "))") }
            if !event.removed.isEmpty { parts.append("dropped \(event.removed.joined(separator: ", "))") }
            return TerminalText.line(parts.joined(separator: "  ")) + "\n"
        case .failure(let failure):
            return "\(output.isoTime(in: zone))  error  \(failure.flow): " + TerminalText.line(failure.error.description) + "\n"
        }
    }
}
