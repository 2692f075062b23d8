import RingCore

/// A scene prepared for rasterizing one row at a time, top to bottom, without the whole image in memory: the
/// PNG encoder compresses each row as soon as it is drawn, so a 4096² PNG never holds a 64 MiB bitmap and a
/// row goes from the rasterizer to zlib while it is still in cache.
public final class RasterRows {
    public let width: Int
    public let height: Int
    /// Every pixel is opaque: the scene has an opaque background, which shapes only composite over.
    public let isOpaque: Bool
    private let nodes: [RenderNode]
    private let background: SIMD4<Float>?
    private let renderer: RowRenderer

    /// `scene` at `scale` device pixels per CSS pixel (see ``Rasterizer/render(_:scale:)``); `writesWords` as
    /// in ``RowRenderer``.
    init(_ scene: Scene, scale: Double, writesWords: Bool = true) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        width = Rasterizer.side(scene.width * s)
        height = Rasterizer.side(scene.height * s)
        nodes = RenderNode.compile(scene.items, Transform(center: .zero, scale: s))
        background = scene.background.map(\.premultiplied)
        isOpaque = (background?.w ?? 0) >= 1
        renderer = RowRenderer(width: width, depth: nodes.map(\.depth).max() ?? 0, writesWords: writesWords)
    }

    /// Draws row `y` (`0 ≤ y < height`) as 8-bit premultiplied RGBA into `out`, all `width × 4` bytes of it.
    /// Rows may be drawn in any order and more than once; each time gives the same bytes.
    public func render(row y: Int, into out: UnsafeMutablePointer<UInt8>) {
        precondition((0..<height).contains(y), "row \(y) outside 0..<\(height)")
        out.update(repeating: 0, count: width * 4)
        renderer.render(nodes, y: y, background: background, into: out)
    }

    /// The work done so far (for benchmarks).
    public var statistics: RenderStatistics { renderer.statistics }
}
