import RingCore
import RingTestSupport
import Testing
@testable import RingApp

@Suite struct LRUCacheTests {
    @Test func evictsLeastRecentlyUsedUntilTheBytesFit() {
        var lru = LRUCache<String, Int>(capacity: 100)
        lru.insert(1, for: "a", cost: 40)
        lru.insert(2, for: "b", cost: 40)
        #expect(lru.value(for: "a") == 1)  // a is now the most recent
        let evicted = lru.insert(3, for: "c", cost: 30)  // 110 > 100: b goes
        #expect(evicted == [2])
        #expect(lru.keysByRecency == ["c", "a"])
        #expect(lru.totalCost == 70)
        #expect(lru.insert(4, for: "d", cost: 100) == [1, 3])  // needs everything
        #expect(lru.keysByRecency == ["d"] && lru.totalCost == 100)
    }

    @Test func aValueLargerThanTheCapacityIsNotStoredAndEvictsNothing() {
        var lru = LRUCache<String, Int>(capacity: 100)
        lru.insert(1, for: "a", cost: 60)
        #expect(lru.insert(2, for: "big", cost: 101) == [])
        #expect(lru.peek("big") == nil && lru.peek("a") == 1)
    }

    @Test func replacingAKeyRechargesItsCost() {
        var lru = LRUCache<String, Int>(capacity: 100)
        lru.insert(1, for: "a", cost: 60)
        lru.insert(2, for: "a", cost: 10)
        #expect(lru.count == 1 && lru.totalCost == 10 && lru.peek("a") == 2)
        #expect(lru.remove("a") == 2 && lru.totalCost == 0 && lru.keysByRecency.isEmpty)
    }

    @Test func slotsAreReusedAcrossManyInsertions() {
        var lru = LRUCache<Int, Int>(capacity: 10)
        for i in 0..<1000 { lru.insert(i, for: i, cost: 1) }
        #expect(lru.count == 10)
        #expect(lru.keysByRecency == Array((990..<1000).reversed()))
    }
}

@Suite struct RenderCacheTests {
    let configuration = AppConfiguration()

    func entry(_ p: Double, bodyBytes: Int = 1000) -> CacheEntry {
        let spec = try! QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=\(p)"))
        return .image(key: CacheKey(spec: spec, format: .png), body: [UInt8](repeating: 7, count: bodyBytes),
                      route: .ring, configuration: configuration)
    }

    func errorEntry(_ message: String, bodyBytes: Int = 1000) -> CacheEntry {
        .errorImage(key: CacheKey(errorMessage: message, size: 128, format: .svg),
                    body: [UInt8](repeating: 32, count: bodyBytes), format: .svg, message: message, route: .ring,
                    configuration: configuration)
    }

    @Test func boundedByBytesWithLeastRecentlyUsedEvictedFirst() {
        let sample = entry(0.1)
        let cache = RenderCache(capacity: sample.cost * 3)
        let entries = (1...4).map { entry(Double($0) / 10) }
        cache.insert(entries[0])
        cache.insert(entries[1])
        cache.insert(entries[2])
        #expect(cache.entry(for: entries[0].key) != nil)  // touch: 1 is now the most recent
        cache.insert(entries[3])  // over budget: 2 (least recent) goes
        #expect(cache.entry(for: entries[1].key) == nil)
        #expect(cache.keysByRecency == [entries[3].key, entries[0].key, entries[2].key])
        let stats = cache.statistics
        #expect(stats.entries == 3 && stats.bytes == 3 * sample.cost && stats.bytes <= sample.cost * 3)
        #expect(stats.evictions == 1 && stats.hits == 1 && stats.misses == 1)
    }

    @Test func aliasesFindTheEntryWithoutDecoding() {
        let cache = RenderCache(capacity: 1 << 20)
        let e = entry(0.5)
        #expect(cache.entry(forTarget: "/ring.png?p=0.5") == nil)
        cache.insert(e, aliasing: "/ring.png?p=0.5")
        #expect(cache.entry(forTarget: "/ring.png?p=0.5") === e)
        #expect(cache.entry(for: e.key, aliasing: "/ring.png?p=50%") === e)
        #expect(cache.entry(forTarget: "/ring.png?p=50%") === e)
        #expect(cache.statistics.hits == 3 && cache.statistics.misses == 0)
    }

    @Test func anAliasOfAnEvictedEntryIsAMiss() {
        let e = entry(0.5)
        let cache = RenderCache(capacity: e.cost)
        cache.insert(e, aliasing: "/a")
        cache.insert(entry(0.6))
        #expect(cache.entry(forTarget: "/a") == nil)
    }

    @Test func errorImagesExpireOnTheInjectedClock() {
        let clock = ManualClock()
        let cache = RenderCache(capacity: 1 << 20, errorTTL: .seconds(60), now: { clock.now })
        let e = errorEntry("p: got \"x\"")
        cache.insertError(e)
        clock.advance(by: .seconds(59))
        #expect(cache.errorEntry(for: e.key) === e)
        clock.advance(by: .seconds(1))
        #expect(cache.errorEntry(for: e.key) == nil)
        #expect(cache.statistics.errorEntries == 0)
    }

    @Test func aFloodOfErrorImagesNeverDisplacesGoodEntries() {
        let good = (1...5).map { entry(Double($0) / 10) }
        let capacity = good[0].cost * 64
        let cache = RenderCache(capacity: capacity)
        for e in good { cache.insert(e) }
        for i in 0..<500 { cache.insertError(errorEntry("bad \(i)")) }
        for e in good { #expect(cache.entry(for: e.key) === e) }
        let stats = cache.statistics
        #expect(stats.evictions == 0 && stats.entries == 5)
        #expect(stats.errorEntries > 0)
        #expect(stats.errorBytes <= capacity / RenderCache.errorBudgetShare)
    }

    @Test func zeroCapacityCachesNothing() {
        let cache = RenderCache(capacity: 0)
        let e = entry(0.5)
        cache.insert(e, aliasing: "/x")
        #expect(cache.entry(for: e.key) == nil && cache.entry(forTarget: "/x") == nil)
        #expect(cache.statistics.entries == 0)
    }
}

/// Regression (issue 6 flood): the cache's byte bound must cover the memory its bodies really hold. The gzip
/// copy used to keep its deflateBound-sized buffer (about the SVG's own size) while being charged its
/// compressed length, so a full 64 MiB cache of small SVGs held ~130 MiB.
@Suite struct CacheEntryMemoryTests {
    let configuration = AppConfiguration()

    func svgEntry(body: [UInt8]) throws -> CacheEntry {
        let spec = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7"))
        return .image(key: CacheKey(spec: spec, format: .svg), body: body, route: .ring, configuration: configuration)
    }

    @Test func gzipOutputHoldsNoMoreThanItsBytes() {
        let svg = Array(String(repeating: "<path d=\"M 1 2 L 3 4\"/>", count: 400).utf8)
        let gzip = Gzip.compress(svg)
        #expect(gzip.count < svg.count / 10)
        #expect(gzip.capacity <= gzip.count + 64, "a \(gzip.count)-byte member keeps \(gzip.capacity) bytes")
    }

    @Test func costCoversTheCapacityOfBothBodies() throws {
        var grown: [UInt8] = []
        grown.reserveCapacity(64 * 1024)  // what a doubling encoder leaves behind
        grown.append(contentsOf: Array(String(repeating: "<circle r=\"3\"/>", count: 300).utf8))
        let entry = try svgEntry(body: grown)
        #expect(entry.body == grown)
        #expect(entry.body.capacity < grown.count + grown.count / 8 + 64, "spare capacity kept: \(entry.body.capacity)")
        let gzip = try #require(entry.gzipBody)
        #expect(entry.cost >= entry.body.capacity + gzip.capacity)
    }
}
