extension LocationStateMachine {
    /// What a recorded track's fixes make of the location state: the machine starts asking
    /// at the first fix's time, is fed every fix up to `until` with the accuracy given (GPX
    /// records none), then its clock runs on to `until`. A gap in the track lets the found fix
    /// grow stale, so the state goes back to searching, searching longer and timed out as
    /// the settings say.
    /// - Parameters:
    ///   - fixes: the track's fixes, in time order.
    ///   - accuracy: the horizontal accuracy every fix is given, metres.
    ///   - settings: the park's `location` settings.
    ///   - until: the moment to stop, seconds since 1970 (default nil: the last fix's time).
    /// - Returns: the machine at `until` and each state it entered, with the index in
    ///   `fixes` of the last fix fed before it (nil before the first).
    public static func replay(
        _ fixes: [TimedFix], accuracy: Double, settings: LocationSettings,
        until: Double? = nil
    ) -> (machine: LocationStateMachine, changes: [(change: LocationChange, fix: Int?)]) {
        var machine = LocationStateMachine(settings: settings)
        var changes: [(change: LocationChange, fix: Int?)] = []
        guard let first = fixes.first else { return (machine, changes) }
        let end = until ?? fixes[fixes.count - 1].time
        var step: [LocationChange] = []
        var last: Int?
        func record() {
            for change in step { changes.append((change, last)) }
            step.removeAll(keepingCapacity: true)
        }
        machine.feed(.start(time: first.time), into: &step)
        record()
        for (i, fix) in fixes.enumerated() where fix.time <= end {
            // The timers a gap crosses happen before this fix, where the visitor was last seen.
            machine.advance(to: fix.time, into: &step)
            record()
            last = i
            machine.feed(.fix(LocationFix(coordinate: fix.coordinate, accuracy: accuracy, time: fix.time)), into: &step)
            record()
        }
        machine.advance(to: end, into: &step)
        record()
        return (machine, changes)
    }
}
