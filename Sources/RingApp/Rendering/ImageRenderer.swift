import RingCore
import RingSVG

/// A rendered image and its identity.
public struct RenderedImage: Sendable {
    public let key: CanonicalSpec
    public let body: [UInt8]
}

/// Spec → image bytes in the requested format, through the one layout both writers read.
struct ImageRenderer: Sendable {
    func render(_ spec: RingSpec, format: OutputFormat) throws(QueryError) -> RenderedImage {
        let key = CanonicalSpec(spec, format: format)
        switch format {
        case .svg:
            let scene = RingLayout.scene(for: spec)
            let svg = SVGWriter.write(scene, options: SVGWriter.Options(idPrefix: "r" + key.sha256.prefix(8)))
            return RenderedImage(key: key, body: Array(svg.utf8))
        case .png:
            throw QueryError(parameter: "format", given: "png", expected: "svg (PNG output is not available yet)")
        }
    }

    /// The error image: the message drawn with the built-in font (SVG until PNG output exists).
    func errorImage(message: String, size: Double, format: OutputFormat) -> (bytes: [UInt8], format: OutputFormat) {
        let scene = ErrorLayout.scene(message: message, size: size)
        let svg = SVGWriter.write(scene, options: SVGWriter.Options(idPrefix: "e"))
        return (Array(svg.utf8), .svg)
    }
}
