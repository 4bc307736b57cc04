import FlowKit
import Foundation
import GeoKit
import Formats
import ScreenRendering
import ScreenModel

/// The preview's live sessions: phones in a park that pages and app clients share by id
/// (``PreviewSession``). Each runs in this actor, on its own runtime over the server's store,
/// so an act in one tab updates the screens of another that show what it changed.
extension PreviewProject {
    /// Most sessions at once: a new one past it replaces one nobody listens to, or is refused.
    static let sessionCapacity = 16

    /// What a client gets when it opens or joins a session.
    struct Opened: Sendable {
        var id: String
        var park: String
        /// The screen it opened, if it asked for one.
        var handle: Int?
        /// The outputs until now, as a JSON array.
        var outputs: String
        /// The recording's span and where playing began, when one is played.
        var start: Double?
        var from: Double?
        var end: Double?

        var json: String {
            var fields = ["\"id\":\(JSONValue.quoted(id))", "\"park\":\(JSONValue.quoted(park))", "\"outputs\":\(outputs)"]
            if let handle { fields.append("\"handle\":\(handle)") }
            for (key, value) in [("start", start), ("from", from), ("end", end)] {
                if let value { fields.append("\"\(key)\":\(NumberText.message(value))") }
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// A recording to play: the project's file (`.gpx` a track, `.csv` a scan log, `.json` a
    /// party), the member to be (`as`), the speed and where playing at that speed begins
    /// (what comes before is fed at once).
    struct Playback: Sendable {
        var file: String
        var member: String?
        var speed: Double
        /// Seconds after the recording's start, or a time (seconds since 1970) when larger than a year.
        var from: Double?
    }

    /// Opens a session, or joins the one named `name` (with `playback`, a new one replaces
    /// it), and opens `screen` in it when given.
    /// - Throws: ``PreviewFailure``: 404 for a park or file that is not there, 400 for a bad
    ///   input, 409 for a name taken in another park, 503 when every slot is busy.
    func openSession(park code: String, name: String?, screen: RunInputText?, playback: Playback?) throws(PreviewFailure) -> Opened {
        let park: String
        do { park = try parks().resolve(code) } catch { throw PreviewFailure(error) }
        if let name, let kept = sessions[name], playback == nil {
            guard kept.park == park else { throw PreviewFailure(status: 409, message: "live session '\(name)' is in park \(kept.park), not \(park)") }
            return try open(screen, in: kept, playing: nil)
        }
        let id = name ?? nextSessionID()
        guard Self.isSessionID(id) else {
            throw .badQuery("name: a live session's name is 1 to 40 letters, digits, '-' or '_', got \(Excerpt.quoted(id))")
        }
        let runtime: FlowRuntime
        do { runtime = try FlowRuntime(root: root, park: park, limits: limits, store: store) } catch { throw PreviewFailure(error) }
        // A scan log is read against this runtime's exhibits; the session then sets its clock.
        let recording = try playback.map { p throws(PreviewFailure) in try self.recording(p, runtime: runtime) }
        let start = recording?.start.map(Date.init(timeIntervalSince1970:))
        let session: FlowSession
        do {
            session = try FlowSession(runtime: runtime, start: start)
            if let party = recording?.party { _ = try session.join(party) }
        } catch {
            throw PreviewFailure(error)
        }
        sessions[id]?.close(PreviewSession.replacedEvent)
        sessions[id] = nil
        try makeRoom()
        let live = PreviewSession(id: id, park: park, session: session)
        sessions[id] = live
        var playing: (SessionRecording, Playback)?
        if let recording, let playback { playing = (recording, playback) }
        return try open(screen, in: live, playing: playing)
    }

    /// Opens `screen` in session `id`.
    func openScreen(_ id: String, _ screen: RunInputText) throws(PreviewFailure) -> Opened {
        try open(screen, in: try liveSession(id), playing: nil)
    }

    /// Opens `screen` in `live` (if asked), then starts playing.
    private func open(_ screen: RunInputText?, in live: PreviewSession, playing: (SessionRecording, Playback)?) throws(PreviewFailure) -> Opened {
        var opened = Opened(id: live.id, park: live.park, outputs: "[]")
        if let screen {
            let request = try request(screen).1
            do {
                let (handle, outputs) = try live.session.open(request)
                opened.handle = handle
                opened.outputs = live.publish(outputs)
            } catch {
                throw PreviewFailure(error)
            }
        }
        if let (recording, playback) = playing {
            let span = play(recording, playback, in: live)
            (opened.start, opened.from, opened.end) = (span.start, span.from, span.end)
        }
        return opened
    }

    /// Feeds what comes before `from` at once, then plays the rest at its speed in a task.
    private func play(_ recording: SessionRecording, _ playback: Playback, in live: PreviewSession) -> (start: Double, from: Double, end: Double) {
        let moments = recording.moments()
        let start = moments.first?.time ?? live.session.now, end = moments.last?.time ?? start
        let from = playback.from.map { $0 > 366 * 86_400 ? $0 : start + $0 } ?? start
        var rest = moments[...]
        while let moment = rest.first, moment.time < from {
            live.publish(moment.feed(live.session))
            rest = rest.dropFirst()
        }
        live.playerGeneration += 1
        let generation = live.playerGeneration, id = live.id, speed = playback.speed, timeline = Array(rest)
        live.player?.cancel()
        live.player = Task {
            var last = from
            for moment in timeline {
                if speed > 0, moment.time > last {
                    try? await Task.sleep(for: .seconds(min(3600, (moment.time - last) / speed)))
                } else {
                    await Task.yield()
                }
                if Task.isCancelled { return }
                last = max(last, moment.time)
                await self.step(id, generation, moment)
            }
        }
        return (start, from, end)
    }

    /// One moment of a player: fed unless a newer player replaced it.
    private func step(_ id: String, _ generation: Int, _ moment: SessionRecording.Moment) {
        guard let live = sessions[id], live.playerGeneration == generation else { return }
        live.publish(moment.feed(live.session))
    }

    /// The recording `playback` names, read for the park of `runtime`.
    private func recording(_ playback: Playback, runtime: FlowRuntime) throws(PreviewFailure) -> SessionRecording {
        let file = playback.file
        // Read where the project holds it: a link that leads out of the project is no recording.
        guard SourcePlace.isInside(file), let path = root.realPathInside(file) else {
            throw .notFound("no such recording in the project: \(file)")
        }
        guard playback.speed.isFinite, playback.speed >= 0 else { throw .badQuery("speed: a number ≥ 0, got \(playback.speed)") }
        if let from = playback.from, !from.isFinite || from < 0 { throw .badQuery("from: seconds ≥ 0 or a time, got \(from)") }
        do {
            if file.hasSuffix(".gpx") {
                if playback.member != nil { throw PreviewFailure.badQuery("as: a member of a party; \(file) is a track") }
                return SessionRecording(track: try RecordedTrack.read(path, displayPath: file).fixes)
            }
            if file.hasSuffix(".json") {
                let party = try PartyRun(party: try PartyFile.read(path, displayPath: file), as: playback.member)
                return SessionRecording(party: party)
            }
            if file.hasSuffix(".csv") {
                return SessionRecording(readings: try SessionRecording.readings(path, displayPath: file, runtime: runtime))
            }
        } catch let failure as PreviewFailure {
            throw failure
        } catch let error as FlowError {
            var failure = PreviewFailure(error)
            if failure.status == 422 { failure.status = 400 }  // the recording is the request's input, not the project's content
            throw failure
        } catch {
            throw PreviewFailure(status: 400, message: "\(file): \(error)")
        }
        throw .badQuery("play: a .gpx track, a .csv scan log or a .json party file, got \(file)")
    }

    /// The session `id`.
    /// - Throws: ``PreviewFailure`` 404.
    func liveSession(_ id: String) throws(PreviewFailure) -> PreviewSession {
        guard let live = sessions[id] else { throw .notFound("no live session '\(id)'") }
        return live
    }

    /// Subscribes to session `id`'s outputs.
    func subscribe(_ id: String) throws(PreviewFailure) -> AsyncStream<String> {
        let live = try liveSession(id)
        let token = ObjectIdentifier(live)
        return live.subscribe { key in
            Task { await self.unsubscribe(id, key, of: token) }
        }
    }

    private func unsubscribe(_ id: String, _ key: Int, of token: ObjectIdentifier) {
        // Only the session the stream was of: a replaced one has no such subscriber.
        if let live = sessions[id], ObjectIdentifier(live) == token { live.unsubscribe(key) }
    }

    /// Applies `input` to session `id` and sends what it caused to every stream.
    /// - Returns: the outputs as a JSON array.
    func feed(_ id: String, _ input: (FlowSession) -> [SessionOutput]) throws(PreviewFailure) -> String {
        let live = try liveSession(id)
        let published = live.publish(input(live.session))
        // The screens are on the streams: the collector's work now, not in the next update's runs.
        live.session.idle()
        return published
    }

    /// Performs action `action` of the screen `handle` of session `id`.
    /// - Returns: `{"outputs": [...], "external"?: action}`.
    func perform(_ id: String, action: String, on handle: Int, values: [String: String] = [:]) throws(PreviewFailure) -> String {
        let live = try liveSession(id)
        do {
            let (outputs, external) = try live.session.perform(action, on: handle, values: values)
            var body = "{\"outputs\":\(live.publish(outputs))"
            live.session.idle()
            switch external {
            case .external(let action)?: body += ",\"external\":" + JSONRenderer().render(action).trimmingCharacters(in: .whitespacesAndNewlines)
            case .park(let code, let request)?: body += ",\"park\":\(JSONValue.quoted(code)),\"flow\":\(JSONValue.quoted(request.flow))"
            case .screen?, nil: break
            }
            return body + "}"
        } catch {
            throw PreviewFailure(error)
        }
    }

    /// The screen `handle` of session `id`, as last shown.
    func liveScreen(_ id: String, _ handle: Int) throws(PreviewFailure) -> Screen {
        guard let screen = try liveSession(id).session.screen(handle) else { throw .notFound("session '\(id)' has no screen \(handle)") }
        return screen
    }

    /// Closes screen `handle` of session `id`.
    func closeScreen(_ id: String, _ handle: Int) throws(PreviewFailure) {
        let live = try liveSession(id)
        guard live.session.screen(handle) != nil else { throw .notFound("session '\(id)' has no screen \(handle)") }
        live.session.close(handle)
    }

    /// Ends session `id`: its player stops and its streams end.
    func endSession(_ id: String) throws(PreviewFailure) {
        try liveSession(id).close(PreviewSession.endedEvent)
        sessions[id] = nil
    }

    /// Ends every session: the server is shutting down.
    func endSessions() {
        for live in sessions.values { live.close() }
        sessions.removeAll()
    }

    /// A comment to every session's streams, so those whose clients left end.
    func pingSessions() {
        for live in sessions.values { live.ping() }
    }

    /// Runs every session on the project's files as they are now: a save is a new content
    /// version, swapped in between two updates. A version that does not load is an `error`
    /// event; the session stays on its own.
    func replaceSessionsContent() {
        for live in sessions.values {
            do {
                let runtime = try FlowRuntime(
                    root: root, park: live.park, time: Date(timeIntervalSince1970: live.session.now), limits: limits, store: store)
                live.publish(try live.session.replaceRuntime(runtime))
            } catch {
                live.publish([.failure(SessionFailure(handle: 0, flow: "", time: live.session.now, error: error))])
            }
        }
    }

    private func nextSessionID() -> String {
        sessionsMade += 1
        return "s\(sessionsMade)"
    }

    static func isSessionID(_ id: String) -> Bool {
        (1...40).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// A slot for a new session: one nobody listens to and nothing plays is ended.
    private func makeRoom() throws(PreviewFailure) {
        guard sessions.count >= Self.sessionCapacity else { return }
        if let idle = sessions.values.first(where: { $0.listeners == 0 && $0.player == nil }) {
            idle.close(PreviewSession.endedEvent)
            sessions[idle.id] = nil
            return
        }
        throw PreviewFailure(status: 503, message: "\(Self.sessionCapacity) live sessions are open: end one (DELETE /sessions/ID) first")
    }
}
