/// The k best (smallest distance, then lowest region) seen so far: a max-heap whose top is the
/// worst kept, so a candidate is rejected with one comparison once the heap is full.
struct NearestHeap {
    let capacity: Int
    private(set) var items: [(region: Int32, distance: Double)] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
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

    /// Best first.
    func sorted() -> [(region: Int32, distance: Double)] {
        items.sorted { Self.worse($1, $0) }
    }
}
