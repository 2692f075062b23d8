#if canImport(Glibc)
import Glibc
#endif
import CTLS

/// TLS over a connected ``FetchSocket``: SNI and host-name (or IP) verification for the URL's host, the
/// handshake and every read and write bounded by the fetch's deadline (the socket stays non-blocking and
/// OpenSSL's WANT_READ / WANT_WRITE become polls).
final class TLSStream: FetchStream {
    private let socket: FetchSocket
    private var ssl: OpaquePointer?

    /// Connects TLS on `socket` for `host` (the name the certificate must carry, or an IP literal).
    init(socket: FetchSocket, host: SourceURL.Host, context: TLSContext, deadline: FetchDeadline) throws(FetchError) {
        self.socket = socket
        ERR_clear_error()
        guard let ssl = SSL_new(context.context) else { throw .tls(TLSContext.lastError()) }
        self.ssl = ssl
        do throws(FetchError) {
            guard SSL_set_fd(ssl, socket.descriptor) == 1 else { throw FetchError.tls(TLSContext.lastError()) }
            switch host {
            case .name(let name):
                // SNI only for names (RFC 6066 §3: literal addresses are not sent), and the name must match the
                // certificate's subjectAltName (OpenSSL's X509_check_host rules, no partial wildcards).
                _ = ringd_ssl_set_sni(ssl, name)
                guard SSL_set1_host(ssl, name) == 1 else { throw FetchError.tls(TLSContext.lastError()) }
            case .address(let address):
                guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), "\(address)") == 1 else {
                    throw FetchError.tls(TLSContext.lastError())
                }
            }
            while true {
                ERR_clear_error()
                let result = SSL_connect(ssl)
                if result == 1 { break }
                try settle(result, deadline: deadline, host: host)
            }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        assert(ssl == nil, "TLSStream deallocated without close()")
    }

    /// After a call returned `result` ≤ 0: waits when OpenSSL wants the socket, else throws what went wrong.
    private func settle(_ result: Int32, deadline: FetchDeadline, host: SourceURL.Host?) throws(FetchError) {
        guard let ssl else { throw FetchError.tls("closed") }
        let error = SSL_get_error(ssl, result)
        switch error {
        case SSL_ERROR_WANT_READ: try socket.wait(for: Int16(POLLIN), deadline: deadline)
        case SSL_ERROR_WANT_WRITE: try socket.wait(for: Int16(POLLOUT), deadline: deadline)
        default:
            let verify = SSL_get_verify_result(ssl)
            if let host, verify != X509_V_OK {
                let reason = String(cString: X509_verify_cert_error_string(verify))
                throw FetchError.tls("certificate not valid for \(host): \(reason)")
            }
            if error == SSL_ERROR_SYSCALL, ERR_peek_error() == 0 {
                throw FetchError.tls("the connection closed during the handshake")
            }
            throw FetchError.tls(TLSContext.lastError())
        }
    }

    func writeAll(_ bytes: [UInt8], deadline: FetchDeadline) throws(FetchError) {
        var offset = 0
        while offset < bytes.count {
            guard let ssl else { throw FetchError.tls("closed") }
            ERR_clear_error()
            let start = offset
            let n = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress! + start, Int32(clamping: $0.count - start)) }
            if n > 0 { offset += Int(n) } else { try settle(n, deadline: deadline, host: nil) }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: FetchDeadline) throws(FetchError) -> Int {
        while true {
            guard let ssl else { throw FetchError.tls("closed") }
            ERR_clear_error()
            let n = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
            if n > 0 { return Int(n) }
            let error = SSL_get_error(ssl, n)
            // A clean close_notify, or (SSL_OP_IGNORE_UNEXPECTED_EOF) a bare TCP close: end of stream. The HTTP
            // framing decides whether the body was complete.
            if error == SSL_ERROR_ZERO_RETURN { return 0 }
            try settle(n, deadline: deadline, host: nil)
        }
    }

    func close() {
        if let ssl {
            SSL_free(ssl)
            self.ssl = nil
        }
        socket.close()
    }
}
