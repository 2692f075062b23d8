/// What this build of ringd is: its release version and the version of the pictures it draws.
///
/// Shown by `ringd --version` and exported as `ringd_build_info{version,renderer} 1` on `/metrics`, so an
/// operator can tell which build answers and whether two replicas draw the same pictures.
public enum BuildInfo {
    /// The release version of ringd (semantic versioning); bumped when a release is cut.
    public static let version = "0.1.0"

    /// The pictures' version (``CanonicalSpec/rendererVersion``): equal values draw equal bytes for a query
    /// (given the same fonts and compressor, which every ETag also carries).
    public static var rendererVersion: String { CanonicalSpec.rendererVersion }

    /// `ringd 0.1.0 (renderer ringd-render-19)`: one line for `--version`.
    public static var summary: String { "ringd \(version) (renderer \(rendererVersion))" }
}
