/// The k best (smallest distance, then lowest region) seen so far: a max-heap whose top is the
/// worst kept, so a candidate is rejected with one comparison once the heap is full. It works
/// on memory the caller lends (a stack buffer per query), with no array checks in the loop.
struct NearestHeap {
    typealias Entry = (region: Int32, distance: Double)
    let capacity: Int
    private let items: UnsafeMutablePointer<Entry>
    private(set) var count = 0
    /// The distance a candidate must beat to enter; +infinity until the heap is full.
    private(set) var bound = Double.infinity

    /// A heap on `storage`, which must hold `capacity` entries and outlive the heap.
    init(capacity: Int, storage: UnsafeMutablePointer<Entry>) {
        self.capacity = max(0, capacity)
        items = storage
    }

    @inline(__always)
    private static func worse(_ a: Entry, _ b: Entry) -> Bool {
        a.distance > b.distance || (a.distance == b.distance && a.region > b.region)
    }

    @inline(__always)
    mutating func offer(_ region: Int32, _ distance: Double) {
        guard capacity > 0 else { return }
        let item = (region: region, distance: distance)
        if count < capacity {
            var i = count
            count &+= 1
            while i > 0 {
                let parent = (i &- 1) / 2
                guard Self.worse(item, items[parent]) else { break }
                items[i] = items[parent]
                i = parent
            }
            items[i] = item
            if count == capacity { bound = items[0].distance }
            return
        }
        guard Self.worse(items[0], item) else { return }
        var i = 0
        while true {
            let l = 2 &* i &+ 1, r = l &+ 1
            var top = i
            var topItem = item
            if l < count && Self.worse(items[l], topItem) { top = l; topItem = items[l] }
            if r < count && Self.worse(items[r], topItem) { top = r; topItem = items[r] }
            if top == i { break }
            items[i] = topItem
            i = top
        }
        items[i] = item
        bound = items[0].distance
    }

    /// The entries, best first (an insertion sort: k is small).
    func sorted(into out: inout [Entry]) {
        out.removeAll(keepingCapacity: true)
        for i in 0..<count {
            let v = items[i]
            var j = out.count
            out.append(v)
            while j > 0 && Self.worse(out[j - 1], v) {
                out[j] = out[j - 1]
                j -= 1
            }
            out[j] = v
        }
    }
}
