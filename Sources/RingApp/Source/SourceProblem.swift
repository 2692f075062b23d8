import RingHTTP

/// Why a `src` request has no value: a refused or unreachable URL, a slow or broken upstream, a document
/// without the number asked for. Shown as `src: <reason>` (the error image, `X-Ring-Error`, the text body).
struct SourceProblem: Error, Sendable, Equatable {
    /// The parameter blamed (`src`, `query` or `max`).
    let parameter: String
    let reason: String
    /// What a script hears: 400 (the request is at fault), 502 (the upstream failed), 504 (it was too slow).
    let status: HTTPStatus
    /// The metrics label of the fetch result (`refused`, `timeout`, `tls`, `http`, `json`).
    let result: String

    init(_ parameter: String = "src", _ reason: String, status: HTTPStatus = .badGateway, result: String = "http") {
        self.parameter = parameter
        self.reason = reason
        self.status = status
        self.result = result
    }

    /// The error as the error policy renders it.
    var queryError: QueryError { QueryError(parameter: parameter, problem: reason) }
}

extension HTTPStatus {
    /// The upstream a `src` document comes from failed (RFC 9110 §15.6.3).
    static let badGateway = HTTPStatus(code: 502, reason: "Bad Gateway")
    /// The upstream did not answer in time (RFC 9110 §15.6.5).
    static let gatewayTimeout = HTTPStatus(code: 504, reason: "Gateway Timeout")
}
