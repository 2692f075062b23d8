import CTLS

/// The OpenSSL client context every HTTPS fetch starts from: TLS 1.2 at least, peer verification against the
/// system's CA store plus an optional extra CA file (`--source-ca-file`).
///
/// Built once and then only read: OpenSSL allows creating `SSL` objects from one `SSL_CTX` on many threads
/// at once, which is why this class can be `Sendable` while holding a C pointer.
public final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    /// Why a context could not be built (a CA file that does not load): an operator error found at start.
    public struct SetupError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(caFile: String? = nil) throws(SetupError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw SetupError(description: "cannot create a TLS context: \(TLSContext.lastError())")
        }
        self.context = context
        guard ringd_ssl_ctx_set_min_version(context, ringd_tls1_2_version()) == 1 else {
            throw SetupError(description: "cannot require TLS 1.2: \(TLSContext.lastError())")
        }
        ringd_ssl_ctx_set_fetch_options(context)
        ringd_ssl_ctx_clear_auto_retry(context)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        // The system store (Debian: /etc/ssl/certs via ca-certificates). Without it nothing public verifies,
        // which the first fetch would show; an operator with only private CAs passes --source-ca-file.
        _ = SSL_CTX_set_default_verify_paths(context)
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                throw SetupError(description: "--source-ca-file \(caFile): \(TLSContext.lastError())")
            }
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// The oldest error on this thread's OpenSSL queue, as text (and the queue cleared).
    static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "unknown error" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        // "error:0A000086:SSL routines::certificate verify failed" → the part after the last colon.
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: ":").last.map(String.init) ?? text
    }
}
