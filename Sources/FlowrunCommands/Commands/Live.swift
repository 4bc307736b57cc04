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
    /// recordings, printing each screen update and each event as it happens. With `--relay URL
    /// (--join CODE | --token TOKEN)` the session's party is on a relay (flowrun-full's part:
    /// ``FullCommandLine/LiveRelay``): the track is the device's own fixes, reported there.
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
                "screen"} or {"type": "event", "at", "kind", ...}. With --relay URL the session joins a party on a party \
                relay ('flowrun relay'; --join CODE the first time, or --token TOKEN): the --track is the device's own \
                fixes as its GPS gets them under the standard duty cycle, moved to end when the replay does (a relay takes no \
                fix from the future or a day old), each reported; \
                the alerts the relay delivers to this member are printed as events, the others' positions as \
                {"type": "position", ...}. Reports queue in --relay-folder while the relay is out of reach and are sent \
                in order once it is back; the session keeps listening --listen seconds once the relay has them.
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

        @Option(help: ArgumentHelp("A party relay ('flowrun relay'): the session joins its party there (flowrun-full).", valueName: "url"))
        var relay: String?

        @Option(name: .customLong("join"), help: ArgumentHelp("With --relay: the invitation code to join the party with.", valueName: "code"))
        var joinCode: String?

        @Option(help: ArgumentHelp("With --relay: this member's token (from an earlier join).", valueName: "token"))
        var token: String?

        @Option(
            help: ArgumentHelp(
                "With --relay: where the token and the queue of reports are kept (default: the profile's relay/).", valueName: "dir"))
        var relayFolder: String?

        @Option(help: ArgumentHelp("With --relay: seconds to keep listening once the relay has every report.", valueName: "s"))
        var listen: Double = 5

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
            guard listen.isFinite, (0...86_400).contains(listen) else { throw ValidationError("--listen must be 0...86400 seconds, got \(listen)") }
            if relay == nil {
                for (name, given) in [("--join", joinCode != nil), ("--token", token != nil), ("--relay-folder", relayFolder != nil)] where given {
                    throw ValidationError("\(name) needs --relay URL")
                }
            } else {
                if party != nil { throw ValidationError("--party and --relay both give the party: with --relay, the relay has it") }
                if joinCode != nil && token != nil { throw ValidationError("--join and --token both say who you are: give one") }
            }
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
            if let relay { return try runRelayed(relay, runtime: runtime, track: recorded?.fixes ?? [], readings: readings) }
            let inputs = SessionRecording(track: recorded?.fixes ?? [], readings: readings, party: partyRun)
            let start = inputs.start.map(Date.init(timeIntervalSince1970:)) ?? Date()
            let session = try FlowSession(runtime: runtime, start: start)
            session.defaultAccuracy = accuracy
            let printer = LivePrinter(format: format, zone: ZoneRules(identifier: runtime.park.timezone) ?? .utc)
            if let partyRun { printer.print(try session.join(partyRun)) }
            printer.print(try session.open(FlowRequest(flow: flow, args: try Run.parseArgs(args))).outputs)
            play(inputs, from: inputs.start ?? 0, into: session, printer: printer)
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
    /// The session with its party on a relay: the recordings moved to end now, the track as the
    /// phone's GPS gets it under the party's duty cycle (GeoKit's `DutyCycleSampler`), each of
    /// those fixes reported, what the relay delivers printed as it comes until it has them
    /// all, then `--listen` seconds more: the alerts a report causes come after its answer.
    func runRelayed(_ url: String, runtime: FlowRuntime, track recorded: [TimedFix], readings: [BeaconReading]) throws {
        guard let parts = FullCommandLine.parts else { FullCommandLine.handOver() }
        let folder = relayFolder ?? profile.chosen.path + "/relay"
        let relay = try parts.liveRelay(url: url, token: token, code: joinCode, folder: folder)
        if !relay.park.isEmpty, relay.park != park {
            TerminalText.writeError("flowrun live: warning: the relay's party is in \(relay.park), not \(park)")
        }
        let policy = relay.run.dutyCycle ?? .standard
        let track =
            policy.isAlwaysOn
            ? recorded : DutyCycleSampler.sample(DutyCycleSampler.fullRate(recorded), policy: policy, zones: relay.run.party.zones).fixes
        let now = Date().timeIntervalSince1970
        let first = min(track.first?.time ?? .infinity, readings.first?.time ?? .infinity)
        let last = max(track.last?.time ?? -.infinity, readings.last?.time ?? -.infinity)
        // A relay refuses a fix from the future: played at its pace or faster (--speed 0: at
        // once), the recording ends when the replay does, so each fix is sent after its time;
        // played slower, it starts now.
        let replay = speed > 0 ? (last - first) / speed : 0
        let shift = !first.isFinite ? 0 : speed >= 1 || speed == 0 ? now + replay - last : now - first
        var moved = track
        for i in moved.indices { moved[i].time += shift }
        var heard = readings
        for i in heard.indices { heard[i].time += shift }
        let inputs = SessionRecording(track: moved, readings: heard, party: nil)
        let start = first.isFinite ? first + shift : now
        let session = try FlowSession(runtime: runtime, start: Date(timeIntervalSince1970: start))
        session.defaultAccuracy = accuracy
        let printer = LivePrinter(format: format, zone: ZoneRules(identifier: runtime.park.timezone) ?? .utc)
        printer.print(try session.join(relay.run, relay: relay.link))
        printer.print(try session.open(FlowRequest(flow: flow, args: try Flowrun.Run.parseArgs(args))).outputs)
        play(inputs, from: start, into: session, printer: printer) { printer.print(relay.positionsTaken()) }
        let printDeliveries = {
            printer.print(session.relayed())
            printer.print(relay.positionsTaken())
        }
        // However slow the relay, the listening starts once it has every report (or at most
        // `sendingSeconds` on: one out of reach keeps the rest queued for the next run).
        let sentBy = Date().timeIntervalSince1970 + Self.sendingSeconds
        while !relay.settled, Date().timeIntervalSince1970 < sentBy {
            printDeliveries()
            Self.sleep(seconds: 0.1)
        }
        let end = Date().timeIntervalSince1970 + listen
        repeat {
            printDeliveries()
            Self.sleep(seconds: 0.25)
        } while Date().timeIntervalSince1970 < end
        for line in relay.finish(within: 1) { TerminalText.writeError("flowrun live: \(line)") }
        printer.print(session.relayed())
    }

    /// How long a relayed session waits for the relay to take its queue before it listens.
    static let sendingSeconds = 10.0

    /// Feeds the recordings' moments to `session` at `--speed` from `start`, printing what each
    /// caused, then `after` each.
    func play(_ inputs: SessionRecording, from start: Double, into session: FlowSession, printer: LivePrinter, after: () -> Void = {}) {
        var played = start
        for moment in inputs.moments() {
            if speed > 0, moment.time > played { Self.sleep(seconds: min(3600, (moment.time - played) / speed)) }
            played = max(played, moment.time)
            printer.print(moment.feed(session))
            after()
        }
    }

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

    /// The others' positions a relay delivered: `TIME  position  NAME  LAT,LON`, or
    /// `{"type": "position", "at", "time", "member", "lat", "lon"}`.
    func print(_ positions: [RelayDelivery.Position]) {
        guard !positions.isEmpty else { return }
        for p in positions {
            // An output's time, written as every other line's.
            let at = SessionOutput.event(SessionEvent(.location, at: p.fix.time)).isoTime(in: zone)
            switch format {
            case .text:
                Swift.print(TerminalText.line("\(at)  position  \(p.member)  \(p.fix.coordinate.latitude),\(p.fix.coordinate.longitude)"))
            case .jsonl:
                let line: JSONValue = [
                    "type": "position", "at": .string(at), "time": .number(p.fix.time), "member": .string(p.member),
                    "lat": .number(p.fix.coordinate.latitude), "lon": .number(p.fix.coordinate.longitude),
                ]
                Swift.print(line.description)
            }
        }
        fflush(nil)
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
