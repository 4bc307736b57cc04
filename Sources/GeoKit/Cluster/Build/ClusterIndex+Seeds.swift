/// The seed grids of insert and remove: per zoom z, the items alive at z + 1 that are seeds at
/// z (not claimed by a seed of smaller rep within the radius).
///
/// Seeds lie more than a radius apart (a later one within the radius of an earlier one would
/// have been claimed), so each cell of a grid holds a handful whatever the density. A claim —
/// the smallest-rep seed within the radius — is looked up among those instead of among every
/// item around: removing the seed of a group of k coincident points re-decides all k, and
/// each decision is O(1) instead of O(k).
extension ClusterIndex {
    /// Whether slot `s` (alive at z + 1) is a seed at zoom z, by the current structure.
    func isSeed(_ s: Int32, zoom z: Int) -> Bool {
        if store.lowest(s) <= z {
            return !(store.tracksReleases && store.releasedMasks[Int(s)] & (1 << UInt32(z)) != 0)
        }
        return store.firstChild(store.parent(s)) == s
    }

    /// Whether slot `s` is listed in the seed grid of zoom z.
    @inline(__always) func isListedSeed(_ s: Int32, zoom z: Int) -> Bool {
        Int(s) < seedMasks.count && seedMasks[Int(s)] & (1 << UInt32(z)) != 0
    }

    /// Records that slot `s` is listed (or not) in the seed grid of zoom z.
    func markSeed(_ s: Int32, zoom z: Int, _ listed: Bool) {
        if Int(s) >= seedMasks.count {
            seedMasks.append(contentsOf: repeatElement(0, count: max(Int(s) + 1 - seedMasks.count, seedMasks.count / 2)))
        }
        if listed { seedMasks[Int(s)] |= 1 << UInt32(z) } else { seedMasks[Int(s)] &= ~(1 << UInt32(z)) }
    }

    /// Builds the seed grids from the live slots (`live[s]`), after the neighbor grids.
    func buildSeedGrids(live: ContiguousArray<Bool>) {
        seedMasks = ContiguousArray(repeating: 0, count: store.slotCount)
        var seeds = [Int](repeating: 0, count: options.maxZoom - options.minZoom + 1)
        for s in 0..<Int32(store.slotCount) where live[Int(s)] {
            for z in gridZooms(of: s) where isSeed(s, zoom: z) { seeds[z - options.minZoom] += 1 }
        }
        seedGrids = ContiguousArray(
            (options.minZoom...options.maxZoom).map {
                NeighborGrid(scale: Projection.cellScale(options, zoom: $0), expected: seeds[$0 - options.minZoom])
            })
        for s in 0..<Int32(store.slotCount) where live[Int(s)] {
            for z in gridZooms(of: s) where isSeed(s, zoom: z) {
                seedGrids[z - options.minZoom].insert(s, x: store.x(s), y: store.y(s))
                markSeed(s, zoom: z, true)
            }
        }
    }

    /// Brings the seed grid of zoom z up to date with an item gone from, or moved within, the
    /// items alive at z + 1 (as the neighbor grid was).
    func applyToSeeds(_ change: Change, zoom z: Int) {
        let s = change.slot
        guard change.kind != .added, isListedSeed(s, zoom: z) else { return }
        let g = z - options.minZoom
        if change.kind == .removed {
            seedGrids[g].remove(s, x: change.oldX, y: change.oldY)
            markSeed(s, zoom: z, false)
        } else {
            seedGrids[g].move(s, fromX: change.oldX, fromY: change.oldY, x: store.x(s), y: store.y(s))
        }
    }
}
