import RingTestSupport
import Testing
@testable import RingApp

/// The rules between fetching, fresh, stale and failed (docs/design.md §Sources), on a clock that moves only when told.
@Suite struct SourceStoreTests {
    let clock = ManualClock()
    let url = "https://example.org/coverage.json"
    let good = JSONDocument.object([JSONMember(key: "p", value: .number(JSONNumber(text: "0.7", value: 0.7)))])
    let newer = JSONDocument.object([JSONMember(key: "p", value: .number(JSONNumber(text: "0.8", value: 0.8)))])
    let down = SourceProblem("src", "cannot connect to 192.0.2.1:443: Connection refused")

    func store(ttl: Int = 300) -> SourceStore {
        SourceStore(configuration: SourceConfiguration(ttlSeconds: ttl), now: { [clock] in clock.now })
    }

    @Test func anUnknownURLIsFetched() {
        guard case .fetch = store().lookup(url) else { Issue.record("expected a fetch"); return }
    }

    @Test func aDocumentIsFreshForItsLifetimeAndSaysWhatIsLeft() {
        let store = store()
        store.recordSuccess(url, json: good, lifetime: 300)
        clock.advance(by: .seconds(100))
        guard case .fresh(let document, let maxAge) = store.lookup(url) else { Issue.record("expected fresh"); return }
        #expect(document.json == good)
        #expect(maxAge == 200)
        clock.advance(by: .seconds(200))
        guard case .fetch = store.lookup(url) else { Issue.record("expected a fetch once the lifetime is over"); return }
    }

    @Test func aFailedRefreshServesTheLastGoodValueStaleUntilTheRetry() {
        let store = store(ttl: 300)
        store.recordSuccess(url, json: good, lifetime: 300)
        clock.advance(by: .seconds(301))
        guard case .stale(let document, let maxAge) = store.recordFailure(url, problem: down) else {
            Issue.record("expected stale"); return
        }
        #expect(document.json == good)
        #expect(maxAge == SourceConfiguration.maxRetrySeconds)
        clock.advance(by: .seconds(10))
        guard case .stale = store.lookup(url) else { Issue.record("expected stale before the retry"); return }
        clock.advance(by: .seconds(20))
        guard case .fetch = store.lookup(url) else { Issue.record("expected a retry"); return }
    }

    @Test func staleValuesLastADayAtMost() {
        let store = store(ttl: 300)
        store.recordSuccess(url, json: good, lifetime: 300)
        clock.advance(by: .seconds(86_400))
        guard case .failed(let problem) = store.recordFailure(url, problem: down) else {
            Issue.record("a day-old value must not be served"); return
        }
        #expect(problem == down)
    }

    @Test func aFailureWithoutAGoodValueIsAnsweredUntilTheRetry() {
        let store = store(ttl: 5)
        guard case .failed = store.recordFailure(url, problem: down) else { Issue.record("expected failed"); return }
        clock.advance(by: .seconds(4))
        guard case .failed = store.lookup(url) else { Issue.record("expected failed before the retry"); return }
        clock.advance(by: .seconds(1))
        guard case .fetch = store.lookup(url) else { Issue.record("the retry interval is the TTL when shorter"); return }
    }

    @Test func aNewValueReplacesTheOldAndChangesTheGeneration() {
        let store = store()
        guard case .fresh(let first, _) = store.recordSuccess(url, json: good, lifetime: 60) else { Issue.record(); return }
        clock.advance(by: .seconds(61))
        guard case .fresh(let same, _) = store.recordSuccess(url, json: good, lifetime: 60) else { Issue.record(); return }
        #expect(same.generation == first.generation, "an unchanged document keeps its generation")
        guard case .fresh(let changed, _) = store.recordSuccess(url, json: newer, lifetime: 60) else { Issue.record(); return }
        #expect(changed.generation != first.generation)
        #expect(changed.json == newer)
    }

    @Test func aliasesHoldOnlyWhileTheirDocumentIsFresh() throws {
        let store = store()
        guard case .fresh(let document, _) = store.recordSuccess(url, json: good, lifetime: 60) else { Issue.record(); return }
        let key = CacheKey(spec: try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7")), format: .svg)
        store.alias("/ring?src=x", document: document, key: key)
        #expect(store.aliased("/ring?src=x")?.maxAge == 60)
        clock.advance(by: .seconds(59))
        #expect(store.aliased("/ring?src=x")?.maxAge == 1)
        clock.advance(by: .seconds(1))
        #expect(store.aliased("/ring?src=x") == nil, "past its lifetime the document must be fetched and decoded again")
        // A new fetch (possible only then) gives a new document; the old alias never outlives the old one.
        store.recordSuccess(url, json: newer, lifetime: 60)
        #expect(store.aliased("/ring?src=x") == nil)
    }

    @Test func documentMaxAgeIsClampedAndTheTTLIsTheDefault() {
        let configuration = SourceConfiguration(ttlSeconds: 42)
        #expect(configuration.lifetime(maxAge: nil) == 42)
        #expect(configuration.lifetime(maxAge: 0) == 60)
        #expect(configuration.lifetime(maxAge: 600) == 600)
        #expect(configuration.lifetime(maxAge: 10_000_000) == 86_400)
    }

    @Test func theOldestDocumentsGoFirstPastTheLimit() {
        let store = SourceStore(configuration: SourceConfiguration(maxDocuments: 2), now: { [clock] in clock.now })
        store.recordSuccess("https://a/", json: good, lifetime: 60)
        store.recordSuccess("https://b/", json: good, lifetime: 60)
        _ = store.lookup("https://a/")
        store.recordSuccess("https://c/", json: good, lifetime: 60)
        #expect(store.count == 2)
        guard case .fresh = store.lookup("https://a/") else { Issue.record("a was used last"); return }
        guard case .fetch = store.lookup("https://b/") else { Issue.record("b was the oldest"); return }
    }

    /// A badge whose document could not be used says so, not "invalid src" (the URL may be right).
    @Test func aBadgeWhoseSourceFailedSaysUnavailable() throws {
        let failed = ErrorBadge(QueryError(parameter: "src", problem: "timed out after 2.5 s"), query: try QueryString(parsing: "src=x&label=coverage"),
                                typeface: .strokeOnly)
        #expect(failed.problem == "src unavailable" && failed.label == "coverage")
        let malformed = ErrorBadge(QueryError(parameter: "src", given: "ftp://x", expected: "an http(s) URL"), query: try QueryString(parsing: "src=ftp://x"),
                                   typeface: .strokeOnly)
        #expect(malformed.problem == "invalid src")
    }
}
