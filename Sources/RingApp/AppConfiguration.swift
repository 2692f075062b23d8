/// Settings of the application layer (the HTTP server has its own configuration).
public struct AppConfiguration: Sendable, Hashable {
    /// `Cache-Control: public, max-age=…` seconds on images.
    public var maxAge: Int
    /// `Cache-Control: max-age=…` seconds on error images (short: the URL is likely being fixed).
    public var errorMaxAge: Int

    public init(maxAge: Int = 86_400, errorMaxAge: Int = 60) {
        self.maxAge = maxAge
        self.errorMaxAge = errorMaxAge
    }
}
