import Logging
import RingHTTP
import RingFetch
import RingSync

/// Fetches `src` documents on threads of their own (never an I/O loop or a render thread), one fetch per URL
/// however many requests wait for it, and records each outcome in the ``SourceStore``.
final class SourceFetcher: Sendable {
    let client: FetchClient
    /// The fetch threads: a bounded queue with single flight per URL (the same pool type renders use).
    let pool: RenderPool<String, SourceStore.Lookup>
    private let logLimit = LogRateLimit(linesPerMinute: SourceFetcher.logLinesPerMinute)
    private let logger = Logger(label: "ringd.source")

    /// Log lines about failed fetches allowed per minute (the rest are counted in `/metrics` only): an
    /// upstream that is down must not flood the log once per request.
    static let logLinesPerMinute = 20

    /// - Parameter shares: the per-client shares: one client may hold its share of the queue, and all threads but
    ///   one (fetches hang on a dead upstream for the whole budget, so one client's could otherwise hold them all).
    init(configuration: SourceConfiguration, shares: ClientShares? = nil) throws(SourceSetupError) {
        let policy: AddressPolicy
        do {
            policy = try AddressPolicy(allowHTTP: configuration.allowHTTP, allow: configuration.allow, deny: configuration.deny)
        } catch {
            throw SourceSetupError(description: "\(error)")
        }
        do {
            client = try FetchClient(configuration: FetchConfiguration(policy: policy, caFile: configuration.caFile))
        } catch {
            throw SourceSetupError(description: "\(error)")
        }
        pool = RenderPool(
            threads: configuration.fetchThreads, queueLimit: configuration.fetchQueueLimit,
            clientShare: shares?.share(of: configuration.fetchQueueLimit) ?? .max,
            clientThreads: shares.map { $0.percent < 100 ? configuration.fetchThreads - 1 : .max } ?? .max)
    }

    /// Fetches and parses `url`'s document, records the outcome and counts it; blocking (a fetch thread).
    func fetch(_ url: SourceURL, store: SourceStore, metrics: Metrics) -> SourceStore.Lookup {
        let clock = ContinuousClock()
        let start = clock.now
        let key = url.description
        let outcome: Result<FetchedDocument, FetchError> = client.fetch(url)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let problem: SourceProblem
        switch outcome {
        case .success(let document):
            do {
                let json = try JSONDocument(parsing: document.body)
                metrics.countSourceFetch(result: "ok", seconds: seconds)
                let lifetime = store.configuration.lifetime(maxAge: document.cacheDirectives.maxAge)
                return store.recordSuccess(key, json: json, lifetime: lifetime)
            } catch {
                problem = SourceProblem("src", "the document is not JSON: \(error)", result: "json")
            }
        case .failure(let error):
            problem = SourceProblem(error)
        }
        let lookup = store.recordFailure(key, problem: problem)
        if case .stale = lookup {
            metrics.countSourceFetch(result: "stale", seconds: seconds)
        } else {
            metrics.countSourceFetch(result: problem.result, seconds: seconds)
        }
        if logLimit.allow() {
            logger.warning("src fetch failed", metadata: [
                "url": .string(String(key.prefix(256))), "problem": .string(problem.reason),
                "serving": .string(lookup.isStale ? "stale" : "error"),
            ])
        }
        return lookup
    }
}

/// The source settings cannot work (an invalid `--source-allow` entry, a CA file that does not load).
public struct SourceSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension SourceStore.Lookup {
    var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
}

extension SourceProblem {
    /// A fetch failure as the client hears it: 400 when the URL is refused, 504 when the upstream was too slow,
    /// 502 otherwise.
    init(_ error: FetchError) {
        let status: HTTPStatus = error.isClientError ? .badRequest : (error.isTimeout ? .gatewayTimeout : .badGateway)
        self.init("src", "\(error)", status: status, result: error.kind)
    }
}
