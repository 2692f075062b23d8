/// A least-recently-used map bounded by the summed cost (bytes) of its values.
///
/// Not thread-safe: ``RenderCache`` keeps it behind a mutex. Lookups, insertions and evictions are O(1):
/// entries live in one array and are linked into a recency list by index. The links are kept in a
/// separate array of plain integers, so touching an entry on a hit moves no keys or values (no
/// retain/release) and allocates nothing.
struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
    }

    private struct Link {
        var newer = -1  // towards `newest`, or -1
        var older = -1  // towards `oldest`, or -1
    }

    /// The most the values may cost together.
    let capacity: Int
    private(set) var totalCost = 0
    private var index: [Key: Int] = [:]
    private var entries: [Entry?] = []
    private var links: [Link] = []
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
        if i != newest {
            unlink(i)
            linkAsNewest(i)
        }
        return entries[i]?.value
    }

    /// The value for `key` without touching recency.
    func peek(_ key: Key) -> Value? {
        index[key].flatMap { entries[$0]?.value }
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
        while totalCost + cost > capacity, oldest >= 0, let victim = entries[oldest] {
            remove(victim.key)
            evicted.append(victim.value)
        }
        let entry = Entry(key: key, value: value, cost: cost)
        let i: Int
        if let free = freeSlots.popLast() {
            i = free
            entries[i] = entry
        } else {
            i = entries.count
            entries.append(entry)
            links.append(Link())
        }
        index[key] = i
        totalCost += cost
        linkAsNewest(i)
        return evicted
    }

    /// Removes the value for `key`, returning it.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let i = index.removeValue(forKey: key), let entry = entries[i] else { return nil }
        unlink(i)
        entries[i] = nil
        freeSlots.append(i)
        totalCost -= entry.cost
        return entry.value
    }

    /// Keys from most to least recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = newest
        while i >= 0 {
            if let entry = entries[i] { keys.append(entry.key) }
            i = links[i].older
        }
        return keys
    }

    private mutating func unlink(_ i: Int) {
        let link = links[i]
        if link.newer >= 0 { links[link.newer].older = link.older } else { newest = link.older }
        if link.older >= 0 { links[link.older].newer = link.newer } else { oldest = link.newer }
        links[i] = Link()
    }

    private mutating func linkAsNewest(_ i: Int) {
        links[i] = Link(newer: -1, older: newest)
        if newest >= 0 { links[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}
