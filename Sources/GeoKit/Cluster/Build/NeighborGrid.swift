/// A dynamic hash grid of the items alive at one zoom, for the radius searches of insert and
/// remove: cells a little wider than the radius (``Projection/cellScale(_:zoom:)``), so every
/// item within the radius of a point lies in the 3×3 cells around it. Open addressing from
/// cell key to the head of a singly linked list of nodes.
struct NeighborGrid {
    let scale: Double
    private static let emptyKey = UInt64.max
    private var keys: ContiguousArray<UInt64>
    private var heads: ContiguousArray<Int32>
    private var usedCells = 0
    private var nodeItem = ContiguousArray<Int32>()
    private var nodeNext = ContiguousArray<Int32>()
    private var freeNode: Int32 = -1

    init(scale: Double, expected: Int) {
        self.scale = scale
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        keys = ContiguousArray(repeating: Self.emptyKey, count: capacity)
        heads = ContiguousArray(repeating: -1, count: capacity)
        nodeItem.reserveCapacity(expected)
        nodeNext.reserveCapacity(expected)
    }

    /// Cells the table has room for, and nodes allocated (for ``ClusterIndex/storageBytes``).
    var keyCapacity: Int { keys.capacity }
    var nodeCapacity: Int { nodeItem.capacity }

    /// Adds `item` at (x, y).
    mutating func insert(_ item: Int32, x: Double, y: Double) {
        if (usedCells + 1) * 2 > keys.count { rehash() }
        let cell = findOrAdd(key(x, y))
        let node: Int32
        if freeNode >= 0 {
            node = freeNode
            freeNode = nodeNext[Int(node)]
            nodeItem[Int(node)] = item
        } else {
            node = Int32(nodeItem.count)
            nodeItem.append(item)
            nodeNext.append(-1)
        }
        nodeNext[Int(node)] = heads[cell]
        heads[cell] = node
    }

    /// Removes `item`, which was inserted at (x, y).
    mutating func remove(_ item: Int32, x: Double, y: Double) {
        let cell = find(key(x, y))
        guard cell >= 0 else { return }
        var previous: Int32 = -1
        var node = heads[cell]
        while node >= 0 {
            if nodeItem[Int(node)] == item {
                if previous < 0 { heads[cell] = nodeNext[Int(node)] } else { nodeNext[Int(previous)] = nodeNext[Int(node)] }
                nodeNext[Int(node)] = freeNode
                freeNode = node
                return
            }
            previous = node
            node = nodeNext[Int(node)]
        }
    }

    /// Moves `item` from (oldX, oldY) to (x, y).
    mutating func move(_ item: Int32, fromX oldX: Double, fromY oldY: Double, x: Double, y: Double) {
        guard key(oldX, oldY) != key(x, y) else { return }
        remove(item, x: oldX, y: oldY)
        insert(item, x: x, y: y)
    }

    /// Calls `body` with every item in the 3×3 cells around (x, y): a superset of the items
    /// within the radius.
    @inline(__always)
    func forEachCandidate(nearX x: Double, y: Double, _ body: (Int32) -> Void) {
        let cx = UInt64(x * scale), cy = UInt64(y * scale)
        // Plain loops: a range's iterator is generic, which a debug build pays for per cell.
        var gx = cx == 0 ? 0 : cx - 1
        while gx <= cx + 1 {
            var gy = cy == 0 ? 0 : cy - 1
            while gy <= cy + 1 {
                let cell = find(gx << 32 | gy)
                if cell >= 0 {
                    var node = heads[cell]
                    while node >= 0 {
                        body(nodeItem[Int(node)])
                        node = nodeNext[Int(node)]
                    }
                }
                gy += 1
            }
            gx += 1
        }
    }

    // MARK: - Private helpers

    @inline(__always) private func key(_ x: Double, _ y: Double) -> UInt64 {
        UInt64(x * scale) << 32 | UInt64(y * scale)
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (keys.count - 1)
    }

    private func find(_ key: UInt64) -> Int {
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return i }
            if k == Self.emptyKey { return -1 }
            i = (i + 1) & (keys.count - 1)
        }
    }

    private mutating func findOrAdd(_ key: UInt64) -> Int {
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return i }
            if k == Self.emptyKey {
                keys[i] = key
                usedCells += 1
                return i
            }
            i = (i + 1) & (keys.count - 1)
        }
    }

    /// Doubles the table if it is full of live cells, dropping emptied cells either way.
    private mutating func rehash() {
        var live = 0
        for i in 0..<keys.count where keys[i] != Self.emptyKey && heads[i] >= 0 { live += 1 }
        var capacity = keys.count
        while (live + 1) * 4 > capacity { capacity <<= 1 }
        let oldKeys = keys, oldHeads = heads
        keys = ContiguousArray(repeating: Self.emptyKey, count: capacity)
        heads = ContiguousArray(repeating: -1, count: capacity)
        usedCells = 0
        for i in 0..<oldKeys.count where oldKeys[i] != Self.emptyKey && oldHeads[i] >= 0 {
            let cell = findOrAdd(oldKeys[i])
            heads[cell] = oldHeads[i]
        }
    }
}
