/// The k best (smallest distance, then lowest region) seen so far: a max-heap whose top is the
/// worst kept, so a candidate is rejected with one comparison once the heap is full.
struct NearestHeap {
    let capacity: Int
    private(set) var items: [(region: Int32, distance: Double)] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        items.reserveCapacity(self.capacity)
    }

    /// A heap on `storage`'s memory (emptied first), so a caller can reuse one array.
    init(capacity: Int, reusing storage: [(region: Int32, distance: Double)]) {
        self.capacity = max(0, capacity)
        items = storage
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(self.capacity)
    }

    var isFull: Bool { items.count >= capacity }

    /// The distance a candidate must beat to enter; +infinity until the heap is full.
    var bound: Double { isFull ? (items.first?.distance ?? -.infinity) : .infinity }

    @inline(__always)
    private static func worse(_ a: (region: Int32, distance: Double), _ b: (region: Int32, distance: Double)) -> Bool {
        a.distance > b.distance || (a.distance == b.distance && a.region > b.region)
    }

    mutating func offer(_ region: Int32, _ distance: Double) {
        guard capacity > 0 else { return }
        let item = (region: region, distance: distance)
        if items.count < capacity {
            items.append(item)
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard Self.worse(items[i], items[parent]) else { break }
                items.swapAt(i, parent)
                i = parent
            }
            return
        }
        guard Self.worse(items[0], item) else { return }
        items[0] = item
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var top = i
            if l < items.count && Self.worse(items[l], items[top]) { top = l }
            if r < items.count && Self.worse(items[r], items[top]) { top = r }
            if top == i { break }
            items.swapAt(i, top)
            i = top
        }
    }

    /// Best first (an insertion sort: k is small).
    consuming func sorted() -> [(region: Int32, distance: Double)] {
        var out = items
        if out.count > 1 {
            for i in 1..<out.count {
                let v = out[i]
                var j = i - 1
                while j >= 0 && Self.worse(out[j], v) {
                    out[j + 1] = out[j]
                    j -= 1
                }
                out[j + 1] = v
            }
        }
        return out
    }
}
