#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RingApp
import RingFetch
import RingTestSupport
import Testing

/// ringd's `src` client against real upstreams on loopback: TLS with a CA made at test time (`openssl`), and the
/// address policy at the moment it matters (after the name is resolved, before anything is sent).
@Suite(.serialized, .tags(.liveSocket)) struct FetchClientLiveTests {
    static let document = #"{"schemaVersion": 1, "label": "tls", "message": "75%", "color": "blue"}"#

    static func client(caFile: String? = nil, allow: [String] = ["127.0.0.1"],
                       resolver: FetchClient.Resolver? = nil) throws -> FetchClient {
        try FetchClient(
            configuration: FetchConfiguration(policy: try AddressPolicy(allow: allow), caFile: caFile), resolver: resolver)
    }

    @Test func httpsWithTheTestCAWorks() throws {
        let upstream = try TestTLSUpstream(files: ["doc.json": Self.document])
        defer { upstream.stop() }
        let client = try Self.client(caFile: upstream.caFile)
        let fetched = try client.fetch(SourceURL(parsing: "https://127.0.0.1:\(upstream.port)/doc.json")).get()
        #expect(fetched.body == Array(Self.document.utf8))
        // By name: SNI and host-name verification against the certificate's DNS entry.
        let byName = try Self.client(caFile: upstream.caFile, allow: ["localhost", "127.0.0.1"])
        let named = try byName.fetch(SourceURL(parsing: "https://localhost:\(upstream.port)/doc.json")).get()
        #expect(named.body == fetched.body)
    }

    @Test func withoutTheCAVerificationFailsAndSaysSo() throws {
        let upstream = try TestTLSUpstream(files: ["doc.json": Self.document])
        defer { upstream.stop() }
        let result = try Self.client().fetch(SourceURL(parsing: "https://127.0.0.1:\(upstream.port)/doc.json"))
        guard case .failure(let error) = result else { Issue.record("an unknown CA was trusted"); return }
        #expect(error.kind == "tls")
        #expect("\(error)".contains("certificate not valid for 127.0.0.1"), "\(error)")
    }

    @Test func anExpiredCertificateIsRefused() throws {
        let upstream = try TestTLSUpstream(certificate: .expired, files: ["doc.json": Self.document])
        defer { upstream.stop() }
        let result = try Self.client(caFile: upstream.caFile).fetch(SourceURL(parsing: "https://127.0.0.1:\(upstream.port)/doc.json"))
        guard case .failure(let error) = result else { Issue.record("an expired certificate was accepted"); return }
        #expect("\(error)".contains("certificate has expired"), "\(error)")
    }

    @Test func aCertificateForAnotherHostIsRefused() throws {
        let upstream = try TestTLSUpstream(certificate: .wrongHost, files: ["doc.json": Self.document])
        defer { upstream.stop() }
        let client = try Self.client(caFile: upstream.caFile, allow: ["localhost", "127.0.0.1"])
        for url in ["https://127.0.0.1:\(upstream.port)/doc.json", "https://localhost:\(upstream.port)/doc.json"] {
            let result = client.fetch(try SourceURL(parsing: url))
            guard case .failure(let error) = result else { Issue.record("\(url): a certificate for other.invalid was accepted"); continue }
            #expect("\(error)".contains("mismatch"), "\(url): \(error)")
        }
    }

    @Test func aPictureFromAnHTTPSSourceIsThePictureOfItsValues() async throws {
        let upstream = try TestTLSUpstream(files: ["doc.json": Self.document])
        defer { upstream.stop() }
        let configuration = AppConfiguration(
            sources: SourceConfiguration(allow: ["127.0.0.1"], caFile: upstream.caFile))
        let src = SourceLiveTests.encoded("https://127.0.0.1:\(upstream.port)/doc.json")
        try await withRingd(configuration) { _, _, port in
            let client = try TestClient(port: port)
            let fromSource = try client.get("/badge.png?src=\(src)")
            let direct = try client.get("/badge.png?label=tls&message=75%25&color=blue&p=75%25")
            #expect(fromSource.status == 200, "\(fromSource.bodyText)")
            #expect(fromSource.body == direct.body && fromSource.header("ETag") == direct.header("ETag"))
        }
    }

    /// A name whose lookup gives a loopback or private address is refused after the lookup and before any
    /// connection, and the connection (when allowed) goes to the address that was checked.
    @Test func aNameResolvingToAPrivateAddressIsRefusedBeforeConnecting() throws {
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"p": 0.5}"#) }
        defer { upstream.stop() }
        let rebinding: FetchClient.Resolver = { _ in .success([.v4(0x7F00_0001)]) }
        let refused = try Self.client(allow: [], resolver: rebinding)
        let http = try FetchClient(configuration: FetchConfiguration(policy: AddressPolicy(allowHTTP: true)), resolver: rebinding)
        for client in [refused, http] {
            let result = client.fetch(try SourceURL(parsing: "http://status.example.org:\(upstream.port)/p.json"))
            guard case .failure(let error) = result else { Issue.record("a name resolving to 127.0.0.1 was fetched"); continue }
            #expect(error.kind == "refused", "\(error)")
        }
        let result = http.fetch(try SourceURL(parsing: "http://status.example.org:\(upstream.port)/p.json"))
        #expect("\(result)".contains("status.example.org resolves to 127.0.0.1, a loopback address"), "\(result)")
        #expect(upstream.connections == 0, "the upstream saw \(upstream.connections) connections")
        // With the name allowed, the connection goes to the resolved (checked) address: the test upstream.
        let allowed = try FetchClient(
            configuration: FetchConfiguration(policy: AddressPolicy(allowHTTP: true, allow: ["status.example.org"])),
            resolver: rebinding)
        #expect(throws: Never.self) { try allowed.fetch(SourceURL(parsing: "http://status.example.org:\(upstream.port)/p.json")).get() }
        #expect(upstream.connections == 1)
    }

    /// A lookup that hangs (a DNS outage) does not hold the fetch past its deadline.
    @Test func aHangingLookupEndsWithTheFetchsDeadline() throws {
        // The lookup hangs until the test lets it go, after the fetch has returned (30 s at most, for a failing
        // fetch that waits for it): the fetch ends at its own deadline, not the lookup's.
        let release = DispatchSemaphore(value: 0)
        let hanging: FetchClient.Resolver = { _ in
            _ = release.wait(timeout: .now() + 30)
            return .success([.v4(0x7F00_0001)])  // loopback: refused by the policy, never connected to
        }
        let client = try Self.client(resolver: hanging)
        let result = client.fetch(try SourceURL(parsing: "https://slow-dns.example.org/x.json"))
        release.signal()
        guard case .failure(let error) = result else { Issue.record("a hanging lookup gave a document"); return }
        #expect(error.isTimeout, "\(error)")
    }

    /// The same through the system's resolver, when this machine's own name resolves to loopback (Debian and
    /// most containers list it in /etc/hosts).
    @Test func thisMachinesNameIsRefusedWhenItResolvesToLoopback() throws {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        guard !name.isEmpty, name != "localhost", let url = try? SourceURL(parsing: "http://\(name):9/x.json"),
              case .name = url.host else { return }
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"p": 0.5}"#) }
        defer { upstream.stop() }
        let client = try FetchClient(configuration: FetchConfiguration(policy: AddressPolicy(allowHTTP: true)))
        let result = client.fetch(try SourceURL(parsing: "http://\(name):\(upstream.port)/x.json"))
        if case .failure(.unresolved) = result { return }  // the name does not resolve here: nothing to show
        guard case .failure(let error) = result else { Issue.record("\(name) was fetched"); return }
        #expect(error.kind == "refused", "\(name): \(error)")
        #expect(upstream.connections == 0)
    }
}
