/// Why a fetch produced no document. `description` completes "src: …" in the error a client sees.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL itself is not acceptable (syntax).
    case invalidURL(SourceURLError)
    /// The destination is not allowed (scheme, name or address), found before any packet left.
    case refused(SourceRefusal)
    /// The host name has no address (or the lookup failed).
    case unresolved(host: String, reason: String)
    /// No TCP connection (refused, unreachable).
    case connectFailed(address: String, reason: String)
    /// The deadline passed (`phase` says where: "connecting", "reading", …).
    case timedOut(after: Duration)
    /// The TLS handshake failed: certificate verification, protocol, host name.
    case tls(String)
    /// The answer was not usable HTTP, or went over a limit.
    case response(FetchResponseError)
    /// A status other than 2xx (after redirects).
    case status(Int)
    /// More than the allowed number of redirects, or a redirect without a usable `Location`.
    case redirect(String)

    public var description: String {
        switch self {
        case .invalidURL(let error): return "\(error)"
        case .refused(let refusal): return "\(refusal)"
        case .unresolved(let host, let reason): return "cannot resolve \(host): \(reason)"
        case .connectFailed(let address, let reason): return "cannot connect to \(address): \(reason)"
        case .timedOut(let after): return "timed out after \(Self.seconds(after)) s"
        case .tls(let reason): return "TLS: \(reason)"
        case .response(let error): return "\(error)"
        case .status(let code): return "the upstream answered HTTP \(code)"
        case .redirect(let reason): return reason
        }
    }

    /// The metrics label (`ringd_source_fetches_total{result}`).
    public var kind: String {
        switch self {
        case .invalidURL, .refused: return "refused"
        case .timedOut: return "timeout"
        case .tls: return "tls"
        case .unresolved, .connectFailed, .response, .status, .redirect: return "http"
        }
    }

    /// True when the client should hear 504 (the upstream was too slow) rather than 502.
    public var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// True when the request itself was at fault (400), not the upstream.
    public var isClientError: Bool {
        switch self {
        case .invalidURL, .refused: return true
        default: return false
        }
    }

    static func seconds(_ d: Duration) -> String {
        let ms = Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
        return ms % 1000 == 0 ? "\(ms / 1000)" : (ms % 100 == 0 ? "\(ms / 1000).\(ms % 1000 / 100)" : "\(Double(ms) / 1000)")
    }
}
