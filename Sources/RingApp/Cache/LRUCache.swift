/// A least-recently-used map bounded by the summed cost (bytes) of its values.
///
/// Not thread-safe: ``RenderCache`` keeps it behind a mutex. Lookups, insertions and evictions are O(1):
/// slots live in one array linked into a recency list by index, so nothing is allocated per hit.
struct LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int  // towards `newest`, or -1
        var older: Int  // towards `oldest`, or -1
    }

    /// The most the values may cost together.
    let capacity: Int
    private(set) var totalCost = 0
    private var index: [Key: Int] = [:]
    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        linkAsNewest(i)
        return slots[i]!.value
    }

    /// The value for `key` without touching recency.
    func peek(_ key: Key) -> Value? {
        index[key].map { slots[$0]!.value }
    }

    /// Stores `value` as the most recently used, replacing any value for `key`, then evicts the least
    /// recently used values until the total fits. A value costing more than the whole capacity is not
    /// stored (it would only flush everything else).
    ///
    /// - Returns: the values evicted (not the replaced one), oldest first.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Value] {
        remove(key)
        guard cost <= capacity else { return [] }
        var evicted: [Value] = []
        while totalCost + cost > capacity, oldest >= 0 {
            let victim = slots[oldest]!
            remove(victim.key)
            evicted.append(victim.value)
        }
        let slot = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
        let i: Int
        if let free = freeSlots.popLast() {
            i = free
            slots[i] = slot
        } else {
            i = slots.count
            slots.append(slot)
        }
        index[key] = i
        totalCost += cost
        linkAsNewest(i)
        return evicted
    }

    /// Removes the value for `key`, returning it.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let i = index.removeValue(forKey: key) else { return nil }
        unlink(i)
        let slot = slots[i]!
        slots[i] = nil
        freeSlots.append(i)
        totalCost -= slot.cost
        return slot.value
    }

    /// Keys from most to least recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = newest
        while i >= 0 {
            keys.append(slots[i]!.key)
            i = slots[i]!.older
        }
        return keys
    }

    private mutating func unlink(_ i: Int) {
        let (newer, older) = (slots[i]!.newer, slots[i]!.older)
        if newer >= 0 { slots[newer]!.older = older } else { newest = older }
        if older >= 0 { slots[older]!.newer = newer } else { oldest = newer }
        slots[i]!.newer = -1
        slots[i]!.older = -1
    }

    private mutating func linkAsNewest(_ i: Int) {
        slots[i]!.older = newest
        slots[i]!.newer = -1
        if newest >= 0 { slots[newest]!.newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}
