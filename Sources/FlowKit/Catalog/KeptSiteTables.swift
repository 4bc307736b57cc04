public import Formats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where prepared site tables (`PreparedSites`) are kept between processes, and which
/// table each version of a park's `sites.geojson` was found to hold.
///
/// A table is named by a hash of the file's bytes (and the park's `sites` settings), so it is
/// never stale; finding that name means reading and hashing the file, 36 MB for a park of
/// 100,000 sites. So each file version a run read is noted as a sighting: its path, device,
/// inode, size, modification and change times (to the nanosecond) name the table it held. A
/// later run that finds the file the same in all of these takes the table without reading
/// the file, as git's index does; any write to the file changes its change time, which no
/// one can set. A file changed less than two seconds before it was read is not noted (two
/// writes within one tick of a coarse clock would look alike: git's "racy" case).
public final class KeptSiteTables: Sendable {
    let tables: KeptFiles
    private let sightings: KeptFiles

    /// The tables kept in `folder`, or nil when it cannot be used (see `KeptFiles`).
    /// - Parameter folder: the folder (`$XDG_CACHE_HOME/flowrun/sites`).
    public init?(folder: String) {
        // A table checks its own structure when opened (and is data, not code): no checksum
        // pass over the 25 MB of a park of 100,000 sites.
        guard let tables = KeptFiles(folder: folder, magic: PreparedSites.magic, suffix: ".sites", largest: 1 << 30, verifies: false),
            let sightings = KeptFiles(folder: folder, magic: "flowrun-sighting-1\n\0", suffix: ".seen", largest: 64)
        else { return nil }
        self.tables = tables
        self.sightings = sightings
    }

    /// The file at `path` as it is now, for `scope` (what else names the table), or nil when
    /// it cannot be looked at (absent, not a plain file).
    func sighting(of path: String, scope: String) -> Sighting? {
        guard let version = FileVersion(of: path, followingLinks: false) else { return nil }
        let key = ContentHash.of(Array("\(scope)\0\(path)\0".utf8) + version.bytes)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let settled = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - version.changed > 2
        return Sighting(key: key, settled: settled)
    }

    /// The table a sighting named, if it was noted.
    func table(seen sighting: Sighting) -> UInt64? {
        guard let body = sightings.read(sighting.key), body.count == 8 else { return nil }
        return body.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// Notes that the file of `sighting` holds the table named `table`, once it has settled.
    func note(_ sighting: Sighting, holds table: UInt64) {
        guard sighting.settled else { return }
        sightings.keep(withUnsafeBytes(of: table.littleEndian) { Array($0) }, under: sighting.key)
    }

    /// One version of a file, as `stat` tells it.
    struct Sighting {
        let key: UInt64
        /// Whether its last change is more than two seconds old.
        let settled: Bool
    }
}
