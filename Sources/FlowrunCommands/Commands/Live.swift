import ArgumentParser
import FlowKit
import FlowStore
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKit
import ScreenModel
import ScreenRendering

extension Flowrun {
    /// `flowrun live --park YOSE [--flow home] [--track FILE] [--beacons FILE] [--party FILE
    /// --as ID] [--speed N]`: one live session (FlowKit's ``FlowSession``) driven by
    /// recordings, printing each screen update and each event as it happens.
    struct Live: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "live",
            abstract: "Run a flow as a live session driven by recordings, printing each screen update and event as it happens.",
            discussion: """
                The session holds the flow's screen open and feeds it the recordings at their times, merged into one \
                stream (scaled by --speed; --speed 0 runs as fast as it can): a track's fixes, a scan log's beacon \
                readings, a party file's members' fixes (the --as member's are the device's own). A screen is printed \
                when it opens and again only when what it shows changed; events (location states, geofence enters, exits \
                and dwells, callouts shown and held, monitored-set changes, exhibits shown and left, the party alerts the \
                member is told of) and flow errors (the screen keeps its last good state) are printed once, at their \
                moment. With --format jsonl each is one JSON object per line: {"type": "screen", "at", "flow", "handle", \
                "screen"} or {"type": "event", "at", "kind", ...}.
                """)

        @OptionGroup var project: ProjectOptions

        @OptionGroup var bundle: BundleOptions

        @OptionGroup var profile: ProfileOptions

        @Option(help: "Park code, e.g. YOSE (see 'flowrun parks').")
        var park: String

        @Option(help: "The flow whose screen the session holds open.")
        var flow: String = "home"

        @Option(name: .customLong("arg"), help: ArgumentHelp("An argument for the flow as KEY=VALUE (repeatable).", valueName: "key=value"))
        var args: [String] = []

        @Option(help: ArgumentHelp("A GPX track to feed as live fixes, at their recorded times.", valueName: "file.gpx"))
        var track: String?

        @Option(help: ArgumentHelp("A beacon scan log (CSV) to feed as live readings, at their recorded times.", valueName: "file.csv"))
        var beacons: String?

        @Option(help: ArgumentHelp("A party file: the session joins it and takes every member's fixes as reports.", valueName: "file.json"))
        var party: String?

        @Option(name: .customLong("as"), help: ArgumentHelp("The party member the session is (default: the first guardian).", valueName: "member-id"))
        var member: String?

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
            if party != nil && track != nil {
                throw ValidationError("--track and --party both give the device's own fixes: with --party, the --as member's track is the device's")
            }
            if member != nil && party == nil { throw ValidationError("--as needs --party FILE") }
        }

        func run() throws {
            let source = try BundleOptions.source(root: project.root, bundle: bundle.bundle, cache: bundle.cache, park: park, trust: bundle.trust)
            let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(path) }
            let partyRun = try party.map { path throws(FlowError) in try PartyRun(party: try PartyFile.read(path), as: member) }
            // The scan log is read against the park's exhibits: the runtime comes first, and the
            // session sets its clock to the recordings' start.
            let runtime = try FlowRuntime(
                root: source.root, park: park, limits: limits.limits(),
                // Opened only when something is kept (a party's alerts) or a flow reads the store.
                store: SQLiteVisitorStore(profile: profile.chosen), compiledChunks: CompiledFlows.standard, keptSites: CompiledFlows.sites)
            let readings = try beacons.map { path throws(FlowError) in try SessionRecording.readings(path, runtime: runtime) } ?? []
            let inputs = SessionRecording(track: recorded?.fixes ?? [], readings: readings, party: partyRun)
            let start = inputs.start.map(Date.init(timeIntervalSince1970:)) ?? Date()
            let session = try FlowSession(runtime: runtime, start: start)
            session.defaultAccuracy = accuracy
            let printer = LivePrinter(format: format, zone: ZoneRules(identifier: runtime.park.timezone) ?? .utc)
            if let partyRun { printer.print(try session.join(partyRun)) }
            printer.print(try session.open(FlowRequest(flow: flow, args: try Run.parseArgs(args))).outputs)
            var last = inputs.start ?? 0
            for moment in inputs.moments() {
                if speed > 0, moment.time > last {
                    Self.sleep(seconds: min(3600, (moment.time - last) / speed))
                }
                last = max(last, moment.time)
                printer.print(moment.feed(session))
            }
            let d = session.diagnostics
            let dropped = [
                (d.fixesDropped, "fixes dropped (out of order or not a position)"),
                (d.readingsUnknownBeacon + d.readingsOutOfRange + d.readingsOutOfOrder, "beacon readings dropped"),
                (d.reportsDropped, "party reports dropped"),
            ].filter { $0.0 > 0 }
            for (n, what) in dropped { TerminalText.writeError("flowrun live: \(n) \(what)") }
        }
    }
}

extension Flowrun.Live {
    /// Waits `seconds` (a replay at its recorded pace), however often a signal interrupts.
    static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rest = timespec()
        while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
    }
}

/// Writes a live session's outputs as text or JSON lines, flushed line by line so a reader
/// of the pipe sees each as it happens.
struct LivePrinter {
    var format: Flowrun.Live.LiveFormat
    var zone: ZoneRules

    func print(_ outputs: [SessionOutput]) {
        for output in outputs {
            switch format {
            case .text: Swift.print(text(output), terminator: "")
            case .jsonl: Swift.print(output.jsonLine(in: zone, screen: JSONRenderer.line))
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
            if let name = event.name { parts.append(event.otherName.map { "\(name) and \($0)" } ?? name) }
            if event.party != nil, let zone = event.region { parts.append("zone \(zone)") }
            if let d = event.distance { parts.append("\(Int(d.rounded())) m apart") }
            if let beacon = event.beacon { parts.append("beacon \(beacon)") }
            if let text = event.text { parts.append("\"\(text)\"") }
            if let detail = event.detail { parts.append("(\(detail))") }
            if !event.added.isEmpty { parts.append("added \(event.added.joined(separator: ", "))") }
            if !event.removed.isEmpty { parts.append("dropped \(event.removed.joined(separator: ", "))") }
            if !event.recipients.isEmpty { parts.append("told: \(event.recipients.joined(separator: ", "))") }
            return TerminalText.line(parts.joined(separator: "  ")) + "\n"
        case .failure(let failure):
            return "\(output.isoTime(in: zone))  error  \(failure.flow): " + TerminalText.line(failure.error.description) + "\n"
        }
    }
}
