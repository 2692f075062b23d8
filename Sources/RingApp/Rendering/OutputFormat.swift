/// The image formats ringd writes.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case svg, png

    public var contentType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        }
    }
}
