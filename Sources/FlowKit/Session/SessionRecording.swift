public import GeoKit

/// Recordings merged into one stream of moments, in time order, to drive a ``FlowSession``
/// as a device would: a track's fixes, a scan log's beacon readings and a party's reports
/// (the viewer's are the device's own fixes). `flowrun live` and the preview's player play
/// one; a host may too.
public struct SessionRecording: Sendable {
    /// The device's own fixes.
    public var track: [TimedFix]
    /// The beacon scanner's readings.
    public var readings: [BeaconReading]
    /// The party whose members' fixes are reported (the session should have joined it).
    public var party: PartyRun?

    /// A recording; each parameter sets the property of the same name.
    public init(track: [TimedFix] = [], readings: [BeaconReading] = [], party: PartyRun? = nil) {
        (self.track, self.readings, self.party) = (track, readings, party)
    }

    /// One time's inputs.
    public struct Moment: Sendable {
        /// Seconds since 1970.
        public var time: Double
        public var fixes: [TimedFix] = []
        public var readings: [BeaconReading] = []
        public var reports: [FlowSession.PartyReport] = []

        /// Feeds the moment's inputs to `session`: fixes, then the party's reports together,
        /// then readings.
        /// - Returns: what they caused, in order.
        public func feed(_ session: FlowSession) -> [SessionOutput] {
            var outputs: [SessionOutput] = []
            for fix in fixes { outputs += session.feed(fix.coordinate, at: fix.time) }
            if !reports.isEmpty { outputs += session.report(reports) }
            for reading in readings { outputs += session.feed(reading) }
            return outputs
        }
    }

    /// The earliest time of any input, nil for an empty recording.
    public var start: Double? {
        [track.first?.time, readings.first?.time, party.map { $0.party.span.start }].compactMap { $0 }.min()
    }

    /// Every input, grouped by time, in time order (each recording's own order kept within a time).
    public func moments() -> [Moment] {
        var byTime: [Double: Moment] = [:]
        func at(_ t: Double, _ change: (inout Moment) -> Void) { change(&byTime[t, default: Moment(time: t)]) }
        for fix in track { at(fix.time) { $0.fixes.append(fix) } }
        for reading in readings { at(reading.time) { $0.readings.append(reading) } }
        if let party {
            let members = party.party.members
            for (m, i) in PartyReplay.merged(members.map(\.fixes)) {
                let fix = members[m].fixes[i]
                at(fix.time) { $0.reports.append(FlowSession.PartyReport(member: members[m].id, fix: fix)) }
            }
        }
        return byTime.values.sorted { $0.time < $1.time }
    }

    /// The readings of the scan log at `path`, read against the park's exhibits (rows of
    /// beacons the park does not list are skipped, as `exhibits --beacons` skips them).
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - displayPath: how messages name it (default: `path`).
    ///   - runtime: the park's runtime.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and line, or saying the park
    ///   has no exhibits.
    public static func readings(_ path: String, displayPath: String? = nil, runtime: FlowRuntime) throws(FlowError) -> [BeaconReading] {
        let replay = BeaconReplay(path: path, displayPath: displayPath)
        let catalog = try runtime.exhibits()
        // Refused here when the park has no exhibits: then no beacon is known.
        let log = try replay.read(catalog, park: runtime.park.code)
        guard let catalog else { return [] }
        return log.scans.map { BeaconReading(beacon: catalog.beacons[$0.beacon].id, rssi: $0.rssi, txPower: $0.txPower, time: $0.time) }
    }
}
