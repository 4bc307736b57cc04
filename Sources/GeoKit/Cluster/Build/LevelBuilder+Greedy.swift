/// The greedy pass of one zoom, supercluster's `_cluster`: the one part of a build that runs on
/// one thread, since its result depends on visiting the items in rep order.
extension LevelBuilder {
    /// Each untaken item in rep order takes every untaken item within the radius; with enough
    /// points they become one cluster, else they pass through. The pass only decides the groups
    /// (sequential by nature); ``formClusters(_:first:zoom:store:points:scratch:)`` then computes
    /// and links them, over the cores, and ``mergeReleased(_:)`` puts items that passed through
    /// beside a too-small group back in rep order.
    func greedy(
        _ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
        points: ClusterPoints, scratch: inout CategoryScratch
    ) {
        var pass = GreedyPass(self, zoom: z, count: level.count, firstCluster: Int32(store.slotCount))
        let kept = level.withUnsafeMutableBufferPointer { pass.run(writingTo: $0, store: &store) }
        level.removeLast(level.count - kept)
        pass.finish(self)
        formClusters(pass.groups, first: pass.firstCluster, zoom: z, store: &store, points: points, scratch: &scratch)
        if !released.isEmpty { mergeReleased(&level) }
    }

    /// The untaken item that starts a group: where it sits in the grid, its data and its
    /// neighborhood.
    struct Seed {
        var position: Int
        var item: GridItem
        var runs: NeighborRuns
    }

    /// One zoom's greedy pass over the builder's grid: pointers into the builder's scratch,
    /// the group scratch, and the log of the groups that become clusters. A local value, so
    /// the compiler keeps its fields in registers.
    struct GreedyPass {
        /// Items at the zoom above, in rep rank order 0..<count.
        let count: Int
        let zoom: Int
        let radiusSquared: Double
        let minPoints: Int32
        /// A fresh build reuses no slot: the k-th group becomes slot `firstCluster + k`.
        let firstCluster: Int32
        let grid: UnsafeMutablePointer<GridItem>
        let neighborRuns: UnsafeMutablePointer<NeighborRuns>
        let positionOfRank: UnsafeMutablePointer<Int32>
        let taken: UnsafeMutablePointer<UInt8>
        // Free since the grid was built, `order` and `cellStart` now log the groups that become
        // clusters: each one's grid positions in ascending rank (the seed first), and its start.
        let log: UnsafeMutablePointer<Int32>
        let groupStart: UnsafeMutablePointer<Int32>
        var logged = 0
        var groups = 0
        // Group scratch grows with the largest neighborhood met, not with the level.
        let hitBuffer: ScratchBuffer<Int32>
        let keyBuffer: ScratchBuffer<UInt64>
        var hits: UnsafeMutablePointer<Int32>
        var byAscendingRank: UnsafeMutablePointer<UInt64>
        var groupCapacity: Int
        var outRanks: ContiguousArray<Int32>
        var released: ContiguousArray<Int64>
        var touched = 0

        /// Takes the builder's lists (emptied, capacity kept) until ``finish(_:)`` hands them back.
        init(_ builder: LevelBuilder, zoom z: Int, count: Int, firstCluster: Int32) {
            self.count = count
            zoom = z
            let r = Projection.radius(builder.options, zoom: z)
            radiusSquared = r * r
            minPoints = Int32(builder.options.minPoints)
            self.firstCluster = firstCluster
            grid = builder.grid.base
            neighborRuns = builder.runs.base
            positionOfRank = builder.positionOfRank.base
            taken = builder.taken.base
            log = builder.order.base
            groupStart = builder.cellStart.base
            hitBuffer = builder.hits
            keyBuffer = builder.byAscendingRank
            hits = hitBuffer.base
            byAscendingRank = keyBuffer.base
            groupCapacity = min(hitBuffer.capacity, keyBuffer.capacity)
            outRanks = builder.outRanks
            released = builder.released
            builder.outRanks = []
            builder.released = []
            outRanks.removeAll(keepingCapacity: true)
            released.removeAll(keepingCapacity: true)
        }

        /// Visits the items in rank order: each one not yet taken seeds a group of its untaken
        /// neighbors within the radius, which becomes a cluster or passes through. Writes the
        /// slots alive at this zoom to the front of `level`, in rep order but for the released
        /// items; returns how many.
        mutating func run(writingTo level: UnsafeMutableBufferPointer<Int32>, store: inout ClusterStore) -> Int {
            var kept = 0
            for rank in 0..<count {
                touchAhead(of: rank)
                if taken[rank] != 0 { continue }  // already in a group at this zoom
                let seed = takeSeed(rank)
                let found = findNeighbors(of: seed)
                let points = takeNeighbors(found, of: seed)
                if found > 0 && points >= minPoints {
                    level[kept] = logCluster(of: seed, members: found)
                } else {
                    releaseNeighbors(found, store: &store)
                    level[kept] = seed.item.slot
                }
                outRanks.append(Int32(truncatingIfNeeded: rank))
                kept &+= 1
            }
            return kept
        }

        /// Closes the log and hands the lists back to the builder.
        mutating func finish(_ builder: LevelBuilder) {
            groupStart[groups] = Int32(truncatingIfNeeded: logged)
            builder.touchSink = touched
            builder.outRanks = outRanks
            builder.released = released
        }

        // MARK: - Steps

        /// Loads a later seed's grid item and first neighbor run now, so that their cache misses
        /// overlap this seed's work: the pass is bound by memory latency, as the seeds lie
        /// scattered in grid order. The loaded values only feed `touched`, to keep the loads.
        @inline(__always) mutating func touchAhead(of rank: Int) {
            let ahead = rank &+ LevelBuilder.lookahead
            if ahead < count && taken[ahead] == 0 {
                let q = Int(positionOfRank[ahead])
                touched &+= Int(neighborRuns[q].2) &+ Int(bitPattern: UInt(grid[q].x.bitPattern))
            }
        }

        /// Marks the item of rank `rank` taken as a seed and makes the group scratch large enough
        /// for every item of its neighborhood. Only its grid item is marked: the pass never looks
        /// back at a rank it has passed.
        @inline(__always) mutating func takeSeed(_ rank: Int) -> Seed {
            let p = Int(positionOfRank[rank])
            let item = grid[p]
            grid[p].rank = item.rank | LevelBuilder.takenMark
            let runs = neighborRuns[p]
            let span = Int(runs.1 &- runs.0) &+ Int(runs.3 &- runs.2) &+ Int(runs.5 &- runs.4)
            if span >= groupCapacity {
                groupCapacity = span &+ 1
                hits = hitBuffer.reserve(groupCapacity)
                byAscendingRank = keyBuffer.reserve(groupCapacity)
            }
            return Seed(position: p, item: item, runs: runs)
        }

        /// Lists in `hits` the grid positions of the untaken items within the radius of the seed,
        /// scanning its three neighbor runs; returns how many. The scan writes every position and
        /// advances past it only when it is near and untaken: no branch on a test whose outcome the
        /// predictor cannot learn.
        @inline(__always) func findNeighbors(of seed: Seed) -> Int {
            var found = 0
            @inline(__always) func scan(_ from: Int32, _ to: Int32) {
                for q in Int(from)..<Int(to) {
                    let dx = grid[q].x - seed.item.x, dy = grid[q].y - seed.item.y
                    hits[found] = Int32(truncatingIfNeeded: q)
                    found &+= (dx * dx + dy * dy <= radiusSquared ? 1 : 0) & (grid[q].rank >= 0 ? 1 : 0)
                }
            }
            scan(seed.runs.0, seed.runs.1)
            scan(seed.runs.2, seed.runs.3)
            scan(seed.runs.4, seed.runs.5)
            return found
        }

        /// Marks the `found` neighbors taken (in the grid and by rank), writes their sort keys
        /// (rank, grid position) to `byAscendingRank`, and returns the points in the group,
        /// the seed's included.
        @inline(__always) func takeNeighbors(_ found: Int, of seed: Seed) -> Int32 {
            var points = seed.item.count
            for k in 0..<found {
                let q = Int(hits[k])
                let member = grid[q]
                grid[q].rank = member.rank | LevelBuilder.takenMark
                taken[Int(member.rank)] = 1
                byAscendingRank[k] = UInt64(UInt32(bitPattern: member.rank)) << 32 | UInt64(UInt32(truncatingIfNeeded: q))
                points &+= member.count
            }
            return points
        }

        /// Logs the seed and its `members` neighbors, in ascending rank, as the next group to
        /// become a cluster; returns the cluster's slot. The seed has the smallest rank of its
        /// group, so only the others need sorting.
        @inline(__always) mutating func logCluster(of seed: Seed, members: Int) -> Int32 {
            LevelBuilder.sortGroupKeys(byAscendingRank, members)
            groupStart[groups] = Int32(truncatingIfNeeded: logged)
            log[logged] = Int32(truncatingIfNeeded: seed.position)
            for k in 0..<members {
                log[logged &+ 1 &+ k] = Int32(truncatingIfNeeded: byAscendingRank[k] & 0xFFFF_FFFF)
            }
            logged &+= members &+ 1
            groups &+= 1
            return firstCluster &+ Int32(truncatingIfNeeded: groups &- 1)
        }

        /// Lets the `found` neighbors of a group too small to cluster pass through, taken at this
        /// zoom as supercluster does: each stays an item of its own, listed in `released` to be
        /// merged back in rep order, and marked in the store (only with `minPoints` > 2).
        @inline(__always) mutating func releaseNeighbors(_ found: Int, store: inout ClusterStore) {
            for k in 0..<found {
                let member = grid[Int(hits[k])]
                released.append(Int64(member.rank & ~LevelBuilder.takenMark) << 32 | Int64(member.slot))
                store.releasedMasks[Int(member.slot)] |= 1 << UInt32(zoom)
            }
        }
    }

    /// Sorts `count` keys ascending: by insertion for the handful of members a group nearly
    /// always has, by the standard library's sort beyond.
    static func sortGroupKeys(_ a: UnsafeMutablePointer<UInt64>, _ count: Int) {
        guard count > 1 else { return }
        guard count <= 32 else {
            var all = UnsafeMutableBufferPointer(start: a, count: count)
            all.sort()
            return
        }
        for i in 1..<count {
            let v = a[i]
            var j = i &- 1
            while j >= 0 && a[j] > v {
                a[j &+ 1] = a[j]
                j &-= 1
            }
            a[j &+ 1] = v
        }
    }
}
