// OpenSSL's libssl for RingFetch's outbound HTTPS (src= documents). Several of the calls it needs are
// macros over SSL_ctrl / SSL_CTX_ctrl, which Swift cannot import; the static inline functions below give
// them a Swift-callable shape without changing what they do.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

/// SSL_set_tlsext_host_name: the server name sent in the ClientHello (SNI).
static inline int ringd_ssl_set_sni(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// SSL_CTX_set_min_proto_version.
static inline int ringd_ssl_ctx_set_min_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

/// SSL_CTX_set_mode(ctx, SSL_MODE_AUTO_RETRY) cleared: with a non-blocking socket every WANT_READ /
/// WANT_WRITE comes back to the caller, which polls with the fetch's deadline.
static inline void ringd_ssl_ctx_clear_auto_retry(SSL_CTX *ctx) {
    SSL_CTX_clear_mode(ctx, SSL_MODE_AUTO_RETRY);
}

static inline int ringd_tls1_2_version(void) { return TLS1_2_VERSION; }

/// Options every fetch context sets: a peer that closes without close_notify ends the stream like EOF (the
/// HTTP framing, not TLS, tells a complete body from a cut one: Content-Length and chunked catch truncation),
/// and no renegotiation.
static inline void ringd_ssl_ctx_set_fetch_options(SSL_CTX *ctx) {
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
}
