/// What a live session dropped or survived, for the app's diagnostics: inputs that could not
/// be true are counted, never applied, never a crash.
public struct SessionDiagnostics: Sendable, Equatable {
    /// Fixes older than the newest one already taken (time going backwards, out of order).
    public var fixesOutOfOrder = 0
    /// Fixes with a coordinate, time or accuracy that is not a finite number.
    public var fixesNotFinite = 0
    /// Fixes with a latitude outside [-90, 90] or a longitude outside [-180, 180].
    public var fixesOutOfRange = 0
    /// Fixes taken.
    public var fixesTaken = 0
    /// Beacon readings taken, and those dropped: of a beacon the park does not list, with an
    /// RSSI outside [-127, 0] dBm or not finite, or older than the newest taken.
    public var readingsTaken = 0
    public var readingsUnknownBeacon = 0
    public var readingsOutOfRange = 0
    public var readingsOutOfOrder = 0
    /// Party reports (another member's fix) dropped: of a member the party does not have,
    /// not a position, or older than that member's last.
    public var reportsDropped = 0
    /// Party alerts the store could not keep (they were still delivered).
    public var alertsNotKept = 0
    /// Flow runs for open screens, and how many of them failed (the screen kept its last good state).
    public var runs = 0
    public var failedRuns = 0

    /// Every fix dropped, whatever the reason.
    public var fixesDropped: Int { fixesOutOfOrder + fixesNotFinite + fixesOutOfRange }
}
