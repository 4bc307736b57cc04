#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import GeoKit
public import ScreenModel
import LuaKit

/// One visitor in one park, live: the runtime an app holds for hours. The app feeds it the
/// world as it happens (fixes, the location permission, the network, time passing, the
/// visitor's actions) and gets back, from each input, what it caused in order: the open
/// screens that changed and the events that happened, each raised once.
///
/// A screen is run again only when something it read changed: each run notes the paths of
/// `ctx.at`, `ctx.location`, `ctx.time` and `ctx.connectivity` it read and whether it used
/// the store (after an act), and a new value on one of those paths is what re-runs it. A
/// re-run that gives the same screen emits nothing. Bad input (a fix out of order, NaN, out of
/// range) is dropped and counted in ``diagnostics``; a flow that fails while updating leaves
/// its screen as it was and reports a ``SessionFailure`` with the error's `file:line`.
///
/// Not thread-safe: one session belongs to one thread or actor, as its Lua state does.
public final class FlowSession {
    /// The runtime the screens run on; ``replaceRuntime(_:)`` swaps it for a new content version.
    public private(set) var runtime: FlowRuntime
    /// What the session dropped and how often flows ran.
    public private(set) var diagnostics = SessionDiagnostics()
    /// The session's clock, seconds since 1970: the newest time an input brought.
    public private(set) var now: Double
    /// The network's state, as flows see it.
    public private(set) var connectivity: Connectivity
    /// The horizontal accuracy given to a fix that comes without one (a recorded track's).
    public var defaultAccuracy = FlowRequest.defaultAccuracy
    /// The device the session runs on: its clock (``tick()``) and its notifications, told of
    /// each event that ``SessionEvent/notifies`` as it is raised. Nil: the outputs alone.
    public var device: (any SessionDevice)?

    /// What the app knows of the visitor's position now.
    public var location: LocationState { machine.state }

    private var machine: LocationStateMachine
    /// The park's geofences: made with a live session, or at a standing one's first fix.
    private var geofence: SessionGeofence?
    /// Whether runs note what they read, to run again when it changes: a standing session
    /// (``init(runtime:standing:)``) shows screens for one moment and keeps none current.
    private let recordsReads: Bool
    /// The park's exhibits, made at the first beacon reading (nil: none yet, or no exhibits).
    private var exhibits: SessionExhibits?
    private var exhibitsLooked = false
    /// The party joined (``join(_:)``), if any.
    private var party: SessionParty?
    /// A standing session's party to replay (`--party FILE --as ID`): every run it shows has it.
    private var replayedParty: PartyRun?
    private var newestFix = -Double.infinity
    private var screens: [Int: OpenScreen] = [:]
    private var nextHandle = 1
    /// Outputs raised before any input asked (the search starting): returned by the next call.
    private var pending: [SessionOutput] = []
    /// What the watched world was made of at the last full look at the screens: an input that
    /// leaves it as it was can have changed only the location's clock-driven numbers.
    private var looked: WorldInputs?

    /// What the watched parts of `ctx` follow from, but for the clock's fraction of a second.
    private struct WorldInputs: Equatable {
        var at: Coordinate?
        var inside: Bool?
        var location: LocationState
        var connectivity: Connectivity
        var second: Double
    }

    /// Paths of `ctx.location` that change as the clock runs, with no input: how old the fix is,
    /// how long the search has gone on.
    private static let clockDrivenPaths: Set<String> = ["location.*", "location.age_s", "location.searching_s"]

    /// An open screen: what it asks for, what it shows, and what it read to show it.
    private struct OpenScreen {
        var request: FlowRequest
        var screen: Screen
        var reads: RunReads
        /// The watched parts of `ctx` its last run saw.
        var world: [String: LuaValue]
    }

    /// A session on `runtime`, its clock at `start`, the app asking for the position from then.
    /// - Parameters:
    ///   - runtime: the park's runtime; the session moves its clock.
    ///   - start: when the session begins (default: the runtime's clock).
    ///   - connectivity: the network's state at the start (default online).
    /// - Throws: ``FlowError/invalidContent(_:)`` when the park's sites or boundary do not read.
    public init(runtime: FlowRuntime, start: Date? = nil, connectivity: Connectivity = .online) throws(FlowError) {
        self.runtime = runtime
        self.connectivity = connectivity
        let begin = start ?? runtime.clock
        now = begin.timeIntervalSince1970
        runtime.setClock(begin)
        machine = LocationStateMachine(settings: runtime.park.settings.location.machine)
        geofence = try SessionGeofence(runtime: runtime)
        recordsReads = true
        var events: [SessionEvent] = []
        locate(machine.feed(.start(time: now)), into: &events)
        pending = events.map(SessionOutput.event)
    }

    /// A session standing where `request` puts the visitor, at the runtime's clock: one
    /// screen and the actions followed from it, as `flowrun --park P FLOW [--follow ID]`, a
    /// scenario and the preview's single runs show them. Its position and location state are
    /// the request's (`at` found with its accuracy, a state asked for by name, or the state
    /// the fixes of `track` lead to by `until`), its network the request's; the clock does
    /// not move and no geofence is monitored until an input comes, and screens are shown, not
    /// kept current. Costs no more than the run itself: the cold path.
    /// - Parameters:
    ///   - runtime: the park's runtime, its clock the run's.
    ///   - request: where the visitor is, and how the network is.
    public init(runtime: FlowRuntime, standing request: FlowRequest) {
        self.runtime = runtime
        connectivity = request.connectivity
        now = runtime.clock.timeIntervalSince1970
        let settings = runtime.park.settings.location.machine
        if let track = request.track, let until = request.until, request.location == nil {
            machine =
                LocationStateMachine.replay(track.fixes, accuracy: request.accuracy ?? FlowRequest.defaultAccuracy, settings: settings, until: until)
                .machine
        } else {
            machine = LocationStateMachine(settings: settings, state: request.locationState(now: now), at: now)
        }
        replayedParty = request.party
        recordsReads = false
    }

    // MARK: - Screens

    /// Opens a screen: runs `request` now (the session's position, location, network and
    /// clock replace the request's own) and keeps it current from then on.
    /// - Parameter request: the flow, its args and view.
    /// - Returns: the screen's handle and the outputs: the screen itself, after any event
    ///   raised before.
    /// - Throws: what ``FlowRuntime/run(_:)`` throws: a screen that never ran has no last good
    ///   state to keep.
    public func open(_ request: FlowRequest) throws(FlowError) -> (handle: Int, outputs: [SessionOutput]) {
        try open(request, acting: false)
    }

    /// Opens a screen as ``open(_:)`` does; with `acting`, its first run is an act run (its
    /// store writes commit with its screen: `flowrun --act`, the preview's POST), and every
    /// other open screen that used the store runs again.
    /// - Parameters:
    ///   - request: the flow, its args and view.
    ///   - acting: whether the first run is an act run.
    /// - Returns: the screen's handle and the outputs.
    /// - Throws: what ``FlowRuntime/run(_:)`` throws.
    public func open(_ request: FlowRequest, acting: Bool) throws(FlowError) -> (handle: Int, outputs: [SessionOutput]) {
        var outputs = take()
        let handle = nextHandle
        nextHandle += 1
        var asked = request
        asked.acting = false
        outputs.append(try show(asked, in: handle, acting: acting))
        if acting { outputs += refresh(storeChanged: true, except: handle) }
        return (handle, outputs)
    }

    /// Runs `request` as the screen under `handle` (an act run with `acting`, its screen then
    /// kept current as a view of the same request), from now on kept current.
    private func show(_ request: FlowRequest, in handle: Int, acting: Bool = false) throws(FlowError) -> SessionOutput {
        let reads = recordsReads ? RunReads() : nil
        let world = recordsReads ? self.world() : [:]
        var run = situated(request)
        run.acting = acting
        let screen = try runtime.run(run, reads: reads)
        diagnostics.runs += 1
        screens[handle] = OpenScreen(request: request, screen: screen, reads: reads ?? RunReads(), world: world)
        return .screen(ScreenUpdate(handle: handle, flow: request.flow, time: now, screen: screen))
    }

    /// Closes a screen: it is no longer run.
    /// - Parameter handle: the screen's handle from ``open(_:)``.
    public func close(_ handle: Int) {
        screens[handle] = nil
    }

    /// The screen open under `handle`, as last shown.
    /// - Parameter handle: the screen's handle from ``open(_:)``.
    public func screen(_ handle: Int) -> Screen? { screens[handle]?.screen }

    /// What the screen open under `handle` asks for: its flow, args and view.
    /// - Parameter handle: the screen's handle from ``open(_:)``.
    public func request(_ handle: Int) -> FlowRequest? { screens[handle]?.request }

    /// The handles of the open screens, in the order they were opened.
    public var handles: [Int] { screens.keys.sorted() }

    // MARK: - Inputs

    /// A fix from the device. One older than the newest taken, or with a coordinate, time or
    /// accuracy that cannot be, is dropped and counted in ``diagnostics``.
    /// - Parameter fix: the fix; its time moves the clock when it is newer.
    /// - Returns: the events it caused and the screens that changed, in order.
    public func feed(_ fix: LocationFix) -> [SessionOutput] {
        if refuse(fix) { return take() }
        var events: [SessionEvent] = []
        move(to: fix.time, into: &events)
        own(fix, into: &events)
        if let party {
            party.send(fix)
            events += party.told(party.feed([(party.run.viewer, TimedFix(coordinate: fix.coordinate, time: fix.time))]).events)
        }
        pullRelay(into: &events)
        return finish(events)
    }

    /// The device's own fix, checked: the location state and the geofences take it.
    private func own(_ fix: LocationFix, into events: inout [SessionEvent]) {
        newestFix = fix.time
        diagnostics.fixesTaken += 1
        locate(machine.feed(.fix(fix)), into: &events, at: fix.coordinate)
        if geofence == nil { geofence = try? SessionGeofence(runtime: runtime) }
        geofence?.feed(GeofenceFix(coordinate: fix.coordinate, time: fix.time, accuracy: fix.accuracy), into: &events)
    }

    /// Whether a fix cannot be taken (counted then): not finite, out of range, or older than
    /// the newest taken.
    private func refuse(_ fix: LocationFix) -> Bool {
        let c = fix.coordinate
        guard c.latitude.isFinite, c.longitude.isFinite, fix.time.isFinite, fix.accuracy.isFinite, fix.accuracy >= 0 else {
            diagnostics.fixesNotFinite += 1
            return true
        }
        guard abs(c.latitude) <= 90, abs(c.longitude) <= 180 else {
            diagnostics.fixesOutOfRange += 1
            return true
        }
        guard fix.time >= newestFix else {
            diagnostics.fixesOutOfOrder += 1
            return true
        }
        return false
    }

    /// A beacon reading from the device's scanner: the park's exhibit beacons are tracked as
    /// `exhibits --beacons` replays a scan log, and an exhibit shown, left or dwelt at, or a
    /// beacon lost, is an event. A reading of a beacon the park does not list, with an RSSI
    /// that cannot be, or older than the newest taken is dropped and counted in ``diagnostics``.
    /// - Parameter reading: the reading; its time moves the clock when it is newer.
    /// - Returns: what it caused, in order.
    public func feed(_ reading: BeaconReading) -> [SessionOutput] {
        guard reading.time.isFinite, reading.rssi.isFinite, ScanLog.rssiRange.contains(reading.rssi), reading.txPower?.isFinite ?? true else {
            diagnostics.readingsOutOfRange += 1
            return take()
        }
        if !exhibitsLooked {
            exhibitsLooked = true
            exhibits = try? SessionExhibits(runtime: runtime)
        }
        guard let exhibits, let beacon = exhibits.index(of: reading.beacon) else {
            diagnostics.readingsUnknownBeacon += 1
            return take()
        }
        guard reading.time >= exhibits.time else {
            diagnostics.readingsOutOfOrder += 1
            return take()
        }
        diagnostics.readingsTaken += 1
        var events: [SessionEvent] = []
        // The tracker moves its own clock with the reading (a beacon heard again is not lost).
        move(to: reading.time, into: &events, exhibits: false)
        exhibits.feed(reading, beacon: beacon, into: &events)
        return finish(events)
    }

    // MARK: - Party

    /// Joins a party: from now on the session takes the members' reports (``report(_:)``;
    /// the device's own fixes are the viewer's), raises the party's events the viewer is told
    /// of (by their role, as `flowrun party --party FILE --as ID` lists them), keeps each alert
    /// in the store once, and its screens see the party (`party.info().live`, `party.alerts()`).
    /// The zones and members its flows kept in the store (`party.set_zone`, `party.add_member`)
    /// are merged over the party's own, as a run merges them.
    /// - Parameter run: the party and the member this session is; the members' recorded
    ///   fixes, if any, are not used: reports bring them.
    /// - Returns: the screens that changed.
    /// - Throws: ``FlowError/invalidContent(_:)`` for party settings the monitor refuses, or a
    ///   viewer a guardian removed; ``FlowError/store(_:)`` when the store cannot be read.
    public func join(_ run: PartyRun) throws(FlowError) -> [SessionOutput] {
        party = try SessionParty(try PartySession.merged(run, store: runtime.store, park: runtime.park.code), park: runtime.park)
        looked = nil
        var outputs = take()
        let world = self.world()
        for handle in screens.keys.sorted() { outputs += rerun(handle, world: world) }
        return outputs
    }

    /// Joins a party that lives on a relay (`flowrun relay`): as ``join(_:)``, but each of the
    /// device's own fixes goes to `relay` (the GPS's duty cycle decides when fixes come: GeoKit's
    /// `DutyCyclePolicy`), and the others' positions and this member's alerts come from it
    /// (``relayed()``, and every input takes what arrived). The relay raises the alerts, by
    /// the same rules over every member's reports; the session raises none of its own, so no
    /// alert is told twice.
    /// - Parameters:
    ///   - run: the party as the relay describes it, and the member this session is.
    ///   - relay: the link to the relay (the `PartyRelayClient` product's ``PartyRelayLink``).
    /// - Returns: the screens that changed.
    /// - Throws: what ``join(_:)`` throws.
    public func join(_ run: PartyRun, relay: any PartyRelayLink) throws(FlowError) -> [SessionOutput] {
        var outputs = try join(run)
        guard let party else { return outputs }
        party.relay = relay
        outputs += relayed()
        return outputs
    }

    /// What the relay delivered since the last input (``join(_:relay:)``): the alerts meant
    /// for this member as events (each kept in the store once), and the screens the others'
    /// new positions changed. Without a relay, nothing.
    /// - Returns: what it caused, in order.
    public func relayed() -> [SessionOutput] {
        var events: [SessionEvent] = []
        pullRelay(into: &events)
        return finish(events)
    }

    /// Takes what the relay delivered, if joined through one.
    private func pullRelay(into events: inout [SessionEvent]) {
        guard let party, let relay = party.relay else { return }
        let delivery = relay.received()
        guard !delivery.isEmpty else { return }
        let (told, dropped) = party.relayed(delivery)
        diagnostics.reportsDropped += dropped
        // A position moves what screens see even with no alert.
        if !delivery.positions.isEmpty { looked = nil }
        events += told
    }

    /// A party member's position report (the party module's reporting, or a recording). A
    /// report of the viewer is the device's own fix.
    public struct PartyReport: Sendable {
        /// The member's id in the party.
        public var member: String
        /// Where and when.
        public var fix: TimedFix

        /// A report; each parameter sets the property of the same name.
        public init(member: String, fix: TimedFix) { (self.member, self.fix) = (member, fix) }
    }

    /// Reports of the party's members taken at one moment, fed together so their events come
    /// out in the replay's order. One of a member the party does not have, not a position, or
    /// older than that member's last is dropped and counted.
    /// - Parameter reports: the reports, in time order.
    /// - Returns: what they caused, in order.
    public func report(_ reports: [PartyReport]) -> [SessionOutput] {
        guard let party else {
            diagnostics.reportsDropped += reports.count
            return take()
        }
        var events: [SessionEvent] = []
        var batch: [(member: Int, fix: TimedFix)] = []
        for r in reports {
            let c = r.fix.coordinate
            guard let i = party.member(r.member), r.fix.time.isFinite, c.latitude.isFinite, c.longitude.isFinite,
                abs(c.latitude) <= 90, abs(c.longitude) <= 180
            else {
                diagnostics.reportsDropped += 1
                continue
            }
            move(to: r.fix.time, into: &events)
            if i == party.run.viewer {
                let fix = LocationFix(coordinate: c, accuracy: defaultAccuracy, time: r.fix.time)
                if refuse(fix) { continue }
                own(fix, into: &events)
            }
            batch.append((i, r.fix))
        }
        let (raised, dropped) = party.feed(batch)
        events += party.told(raised)
        diagnostics.reportsDropped += dropped
        return finish(events)
    }

    /// A fix at `coordinate` and `time` with ``defaultAccuracy``: a recorded track's point.
    /// - Parameters:
    ///   - coordinate: where.
    ///   - time: when, seconds since 1970.
    /// - Returns: what ``feed(_:)-(LocationFix)`` returns.
    public func feed(_ coordinate: Coordinate, at time: Double) -> [SessionOutput] {
        feed(LocationFix(coordinate: coordinate, accuracy: defaultAccuracy, time: time))
    }

    /// Time passes with no input: timers run out (a stale fix, a long search) and screens
    /// that read the time see it.
    /// - Parameter time: seconds since 1970; an earlier time than ``now`` changes nothing.
    /// - Returns: what it caused, in order.
    public func advance(to time: Double) -> [SessionOutput] {
        guard time.isFinite, time > now else { return take() }
        var events: [SessionEvent] = []
        move(to: time, into: &events)
        pullRelay(into: &events)
        return finish(events)
    }

    /// Time passes on the device's clock (``device``): ``advance(to:)`` to its time now; with
    /// no device, nothing.
    /// - Returns: what it caused, in order.
    public func tick() -> [SessionOutput] {
        guard let device else { return take() }
        return advance(to: device.now.timeIntervalSince1970)
    }

    /// The OS's word on location: permission denied or given, services off, the app stopping.
    /// - Parameter event: the event; a fix goes to ``feed(_:)-(LocationFix)`` instead.
    /// - Returns: what it caused, in order.
    public func location(_ event: LocationEvent) -> [SessionOutput] {
        if case .fix(let fix) = event { return feed(fix) }
        var events: [SessionEvent] = []
        move(to: event.time, into: &events)
        locate(machine.feed(event), into: &events)
        return finish(events)
    }

    /// The network came or went.
    /// - Parameter state: the network's state now.
    /// - Returns: the screens that changed.
    public func setConnectivity(_ state: Connectivity) -> [SessionOutput] {
        connectivity = state
        return finish([])
    }

    /// The visitor performs action `id` of the screen under `handle`. A `go` shows the flow it
    /// leads to in that screen; an `act` runs as an act (its writes commit with its screen),
    /// shows its screen, and every open screen that used the store runs again. A URL, phone or
    /// directions action, or a `go` to another park, changes no screen: the app performs it.
    /// - Parameters:
    ///   - id: the action's id on the screen.
    ///   - handle: the screen's handle.
    ///   - values: what the visitor typed into the form the action submits, by field name
    ///     (default none: the fields' own values); refused, with nothing run, when the form
    ///     does not accept them.
    /// - Returns: the outputs, and the action for the app to perform when it is not a screen's.
    /// - Throws: ``FlowError/unknownAction(id:flow:known:)``, ``FlowError/badArgument(name:message:)``
    ///   for a value the form refuses, and what the flow's run throws.
    public func perform(
        _ id: String, on handle: Int, values: [String: String] = [:]
    ) throws(FlowError) -> (
        outputs: [SessionOutput], external: FollowOutcome?
    ) {
        var outputs = take()
        guard let open = screens[handle] else {
            throw .badArgument(name: "screen", message: "no open screen has handle \(handle)")
        }
        let request: FlowRequest
        switch try runtime.actionTarget(id, from: open.screen, at: at, size: open.request.size, values: values) {
        case .park(let code, let other):
            // Another park's runtime runs it, standing where this session stands.
            var there = situated(other)
            there.location = machine.state
            there.insidePark = nil
            return (outputs, .park(code, there))
        case .external(let action): return (outputs, .external(action))
        case .request(let next): request = next
        }
        if request.acting {
            let screen = try runtime.run(situated(request), reads: recordsReads ? RunReads() : nil)
            diagnostics.runs += 1
            screens[handle]?.screen = screen
            outputs.append(.screen(ScreenUpdate(handle: handle, flow: request.flow, time: now, screen: screen)))
            outputs += refresh(storeChanged: true, except: handle)
        } else {
            outputs.append(try show(request, in: handle))
        }
        return (outputs, nil)
    }

    /// A new content version (a sync landed, a file was saved): every open screen runs on
    /// `runtime` from now on, between two updates, never half on one version and half on the
    /// other. The location state carries over, and so does the geofences' (inside the park, at
    /// a site, the callouts' throttle) when the new version has the same sites, boundary and
    /// geofence settings; changed regions are monitored afresh. A content file the new version
    /// has byte for byte as the old is taken over, not parsed again.
    /// - Parameter runtime: the park's runtime over the new content (the same park).
    /// - Returns: the screens that changed.
    /// - Throws: ``FlowError/invalidContent(_:)`` when the new sites or boundary do not read;
    ///   the session then stays on its version.
    public func replaceRuntime(_ runtime: FlowRuntime) throws(FlowError) -> [SessionOutput] {
        runtime.setClock(Date(timeIntervalSince1970: now))
        // A file the new version did not change is not parsed again.
        runtime.content.adopt(from: self.runtime.content)
        if let kept = geofence {
            if try SessionGeofence.Basis(runtime) == kept.basis {
                kept.callouts = runtime.park.settings.geofence.callouts
            } else {
                geofence = try SessionGeofence(runtime: runtime)
            }
        }
        self.runtime = runtime
        looked = nil
        var outputs = take()
        let world = self.world()
        for handle in screens.keys.sorted() { outputs += rerun(handle, world: world) }
        return outputs
    }

    // MARK: - Private

    /// Where the visitor is, as flows see it: the found fix's position, else unknown.
    private var at: Coordinate? { machine.state.fix?.coordinate }

    /// `request` with the session's position, location state and network.
    private func situated(_ request: FlowRequest) -> FlowRequest {
        var r = request
        r.at = at
        r.location = machine.state
        r.connectivity = connectivity
        r.insidePark = geofence?.present
        if let party { r.party = party.screenRun } else if r.party == nil { r.party = replayedParty }
        return r
    }

    /// The watched parts of `ctx` a run would see now: the same for every screen (they are
    /// the session's position, location state, network and clock), so worked out once per input.
    /// `inside`: whether to work out `at.inside_park`: the park's presence region's last word,
    /// else a polygon test of the position that only a screen which read it needs.
    private func world(inside: Bool = true) -> [String: LuaValue] {
        let situated = situated(FlowRequest(flow: ""))
        let inside = inside ? situated.at.flatMap { situated.insidePark ?? (try? runtime.boundary()?.contains($0)) } : nil
        return FlowContext.watched(request: situated, time: runtime.timeValue, now: now, insidePark: inside)
    }

    /// Moves the clock: the location state's timers, the party's silences and (unless a
    /// reading is what moves it) the exhibits' time-outs.
    private func move(to time: Double, into events: inout [SessionEvent], exhibits: Bool = true) {
        guard time > now else { return }
        now = time
        runtime.setClock(Date(timeIntervalSince1970: time))
        locate(machine.advance(to: time), into: &events)
        if exhibits { self.exhibits?.advance(to: time, into: &events) }
        if let party { events += party.told(party.advance(to: time)) + party.overdue(at: time, store: runtime.store) }
    }

    private func locate(_ changes: [LocationChange], into events: inout [SessionEvent], at position: Coordinate? = nil) {
        for change in changes {
            var event = SessionEvent(.location, at: change.time)
            event.state = change.state.name
            event.detail = change.state.problem?.rawValue
            event.position = change.state.fix?.coordinate ?? position
            events.append(event)
        }
    }

    private func take() -> [SessionOutput] {
        defer { pending.removeAll() }
        return pending
    }

    private func finish(_ events: [SessionEvent]) -> [SessionOutput] {
        if let device { for event in events where event.notifies { device.notify(event) } }
        return take() + events.map(SessionOutput.event) + refresh(storeChanged: keep(events), except: nil)
    }

    /// Keeps the party alerts among `events` in the store, each once; whether one was new.
    /// A store that fails loses none of the events (they were delivered) and is counted.
    private func keep(_ events: [SessionEvent]) -> Bool {
        guard let party else { return false }
        let alerts = events.compactMap(party.stored)
        guard !alerts.isEmpty else { return false }
        let store = runtime.store
        do {
            try store.begin(writing: true)
            var kept = false
            for alert in alerts where try store.keepPartyAlert(alert) { kept = true }
            try store.commit()
            return kept
        } catch {
            store.rollback()
            diagnostics.alertsNotKept += alerts.count
            return false
        }
    }

    /// Runs again every open screen (but `except`) whose reads changed, in the order opened.
    private func refresh(storeChanged: Bool, except: Int?) -> [SessionOutput] {
        var outputs: [SessionOutput] = []
        guard !screens.isEmpty else { return outputs }
        // Ten beacon readings a second move the clock and nothing else: only a screen that read
        // how old the fix is (or the whole location) can have changed.
        let inputs = WorldInputs(
            at: at, inside: geofence?.present, location: machine.state, connectivity: connectivity, second: now.rounded(.down))
        let clockOnly = !storeChanged && inputs == looked
        let candidates = screens.keys.sorted().filter { handle in
            handle != except && (!clockOnly || screens[handle]?.reads.paths.isDisjoint(with: Self.clockDrivenPaths) == false)
        }
        looked = inputs
        guard !candidates.isEmpty else { return outputs }
        let insideRead = screens.values.contains { $0.reads.paths.contains("at.inside_park") || $0.reads.paths.contains("at.*") }
        let world = self.world(inside: insideRead)
        for handle in candidates {
            guard let open = screens[handle] else { continue }
            let changed = (storeChanged && open.reads.store) || open.reads.changed(from: open.world, to: world)
            if changed { outputs += rerun(handle, world: insideRead ? world : self.world()) }
        }
        return outputs
    }

    /// Runs the screen under `handle` again; emits it when it differs, an error event when the
    /// flow fails (the screen stays the last good one).
    private func rerun(_ handle: Int, world: [String: LuaValue]) -> [SessionOutput] {
        guard let open = screens[handle] else { return [] }
        let reads = RunReads()
        diagnostics.runs += 1
        do {
            let screen = try runtime.run(situated(open.request), reads: reads)
            screens[handle] = OpenScreen(request: open.request, screen: screen, reads: reads, world: world)
            guard screen != open.screen else { return [] }
            return [.screen(ScreenUpdate(handle: handle, flow: open.request.flow, time: now, screen: screen))]
        } catch {
            diagnostics.failedRuns += 1
            // Keep what it read last time, with this world: the next change tries again.
            screens[handle]?.world = world
            return [.failure(SessionFailure(handle: handle, flow: open.request.flow, time: now, error: error))]
        }
    }
}
