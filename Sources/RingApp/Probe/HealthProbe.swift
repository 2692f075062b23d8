import RingFetch

/// `ringd probe`: one GET against a running ringd, for a container's HEALTHCHECK (the image carries no curl).
///
/// Success is a 2xx answer within ``defaultTimeout``; anything else (refused, timed out, 503 while draining) is a
/// failure whose description says what happened. With no URL the probe asks `/healthz` on the address ringd
/// itself is configured to listen on, so a HEALTHCHECK follows `RINGD_HOST`/`RINGD_PORT` without repeating them.
public struct HealthProbe: Sendable {
    /// Longest the whole probe may take: under the 2 s `--timeout` of the image's HEALTHCHECK, so a hung server
    /// is reported by the probe's own message rather than killed by the engine.
    public static let defaultTimeout: Duration = .milliseconds(1_500)
    /// The path probed when no URL is given: the liveness check.
    public static let defaultPath = "/healthz"

    /// What is fetched.
    public let url: SourceURL
    let timeout: Duration

    /// Why the probe could not be set up (a URL that is not http(s), a port out of range).
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Probes `url` (an absolute http or https URL).
    public init(url text: String, timeout: Duration = Self.defaultTimeout) throws(Invalid) {
        do {
            self.url = try SourceURL(parsing: text)
        } catch {
            throw Invalid(description: "\(text): \(error)")
        }
        self.timeout = timeout
    }

    /// Probes ``defaultPath`` on the address a server configured with `host` and `port` listens on. A wildcard
    /// listen address (`0.0.0.0`, `::`) is reached through the loopback address of its family.
    public init(listeningHost host: String, port: Int, timeout: Duration = Self.defaultTimeout) throws(Invalid) {
        guard (1...65_535).contains(port) else {
            throw Invalid(description: "port \(port) cannot be probed (ringd picks a free port for 0; give the URL)")
        }
        let target: String
        switch host {
        case "0.0.0.0", "": target = "127.0.0.1"
        case "::", "[::]": target = "[::1]"
        default: target = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        try self.init(url: "http://\(target):\(port)\(Self.defaultPath)", timeout: timeout)
    }

    /// Fetches the URL once: nil on a 2xx answer, else why not.
    public func run() -> String? {
        let client: FetchClient
        do {
            // The destination is the operator's own server, named on its command line: whatever address it has
            // (loopback above all) is allowed, over plain http too. Nothing else is reachable through this client.
            let policy = try AddressPolicy(allowHTTP: true, allow: [Self.allowEntry(url.host)])
            client = try FetchClient(configuration: FetchConfiguration(
                policy: policy, connectTimeout: timeout, totalTimeout: timeout, maxRedirects: 0,
                userAgent: "ringd-probe"))
        } catch {
            return "\(url): \(error)"
        }
        switch client.fetch(url) {
        case .success: return nil
        case .failure(.status(let code)): return "\(url): HTTP \(code)"
        case .failure(let error): return "\(url): \(error)"
        }
    }

    /// The `--source-allow` spelling of a URL's host: a name as it is, an address without brackets.
    static func allowEntry(_ host: SourceURL.Host) -> String {
        switch host {
        case .name(let name): return name
        case .address(let address): return "\(address)"
        }
    }
}
