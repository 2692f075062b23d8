/// The `route` label of `ringd_http_requests_total`: a closed set, so counting a request is an index.
enum RequestRoute: String, CaseIterable, Sendable {
    case index, healthz, readyz, metrics, openapi
    case notFound = "not_found"
    case ring, activity, petals, pie, check, badge

    init(_ route: ImageRoute) {
        switch route {
        case .ring: self = .ring
        case .activity: self = .activity
        case .petals: self = .petals
        case .pie: self = .pie
        case .check: self = .check
        case .badge: self = .badge
        }
    }
}
