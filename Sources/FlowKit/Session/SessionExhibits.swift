import GeoKit
import ScreenModel

/// A live session's indoor exhibits: the park's exhibit beacons tracked as `beacons.replay()`
/// tracks a scan log (GeoKit's ``ExhibitTracker``, default options), its events turned into
/// session events as flows/exhibits.lua (`M.timeline`) turns them into timeline entries: an
/// exhibit shown is an enter and a callout, one no longer shown an exit, a beacon not heard
/// for a while a monitor change.
final class SessionExhibits {
    private var tracker: ExhibitTracker
    private var raised: [ExhibitEvent] = []

    /// Nil for a park without exhibits.
    /// - Throws: ``FlowError/invalidContent(_:)`` when the park's exhibits do not read.
    init?(runtime: FlowRuntime) throws(FlowError) {
        guard let catalog = try runtime.moduleContext.exhibits() else { return nil }
        do { tracker = try ExhibitTracker(catalog: catalog) } catch { throw .invalidContent(error.message) }
    }

    /// The index of `beacon` among the park's, nil for one it does not list.
    func index(of beacon: BeaconID) -> Int? { tracker.catalog.beaconIndex[beacon] }

    /// Feeds one reading of a listed beacon, not older than the last.
    func feed(_ reading: BeaconReading, beacon: Int, into events: inout [SessionEvent]) {
        raised.removeAll(keepingCapacity: true)
        let scan = ScanLog.Scan(time: reading.time, beacon: beacon, rssi: reading.rssi, txPower: reading.txPower)
        guard (try? tracker.feed(scan, into: &raised)) != nil else { return }
        append(raised, to: &events)
    }

    /// Time passes: beacons time out, a leading exhibit may be shown.
    func advance(to time: Double, into events: inout [SessionEvent]) {
        guard time > tracker.time else { return }
        raised.removeAll(keepingCapacity: true)
        tracker.advance(to: time, into: &raised)
        append(raised, to: &events)
    }

    /// The time of the newest reading.
    var time: Double { tracker.time }

    private func append(_ raised: [ExhibitEvent], to events: inout [SessionEvent]) {
        let catalog = tracker.catalog
        for e in raised {
            let exhibit = catalog.exhibits[e.exhibit]
            var event = SessionEvent(.enter, at: e.time)
            event.region = exhibit.id
            event.name = exhibit.title
            event.position = exhibit.coordinate
            switch e.kind {
            case .enter:
                events.append(event)
                event.kind = .callout
                events.append(event)
            case .leave:
                event.kind = .exit
                events.append(event)
            case .dwell:
                event.kind = .dwell
                events.append(event)
            case .beaconLost:
                event.kind = .monitor
                if catalog.beacons.indices.contains(e.beacon) { event.beacon = catalog.beacons[e.beacon].id.description }
                event.removed = [exhibit.id]
                events.append(event)
            }
        }
    }
}
