import RingCore

/// Scene → premultiplied RGBA bitmap with exact analytic anti-aliasing (docs/design.md §Coverage).
///
/// Every primitive has a closed-form signed distance and edge normal; pixels within about a pixel of an edge
/// get the exact box-filter coverage of the locally straight edge, pixels further inside are filled as spans
/// without distance work. Colours are read from the Scene (conic paints through a colour table, shadows through
/// their opacity profiles) and composited source-over in premultiplied sRGB, as browsers and SVG renderers do,
/// so the PNG shows the picture the SVG writer describes.
public enum Rasterizer {
    /// Largest bitmap side the rasterizer allocates; the service's own limit (4096) is well inside it. Larger
    /// requests are clamped rather than trapping, so rendering stays infallible.
    public static let maximumSide = 8192

    /// Renders `scene` at `scale` device pixels per CSS pixel: a bitmap of `width × scale` by
    /// `height × scale` pixels (rounded, at least 1, at most ``maximumSide``). Motions are ignored: pass
    /// `scene.frame(at:)` to render a moment of an animation.
    public static func render(_ scene: Scene, scale: Double) -> Bitmap {
        var statistics = RenderStatistics()
        return render(scene, scale: scale, statistics: &statistics)
    }

    /// ``render(_:scale:)``, also reporting the work done (for benchmarks).
    public static func render(_ scene: Scene, scale: Double, statistics: inout RenderStatistics) -> Bitmap {
        render(scene, scale: scale, statistics: &statistics, writesWords: true)
    }

    /// The rows of `scene` at `scale`, to draw one at a time (see ``RasterRows``).
    public static func rows(_ scene: Scene, scale: Double) -> RasterRows {
        RasterRows(scene, scale: scale)
    }

    /// ``render(_:scale:statistics:)``; `writesWords: false` sends every pixel through the float rows, which
    /// tests compare with the direct 8-bit path (see ``RowRenderer/render(_:y:background:into:)``).
    static func render(
        _ scene: Scene, scale: Double, statistics: inout RenderStatistics, writesWords: Bool
    ) -> Bitmap {
        let rows = RasterRows(scene, scale: scale, writesWords: writesWords)
        let bitmap = Bitmap(width: rows.width, height: rows.height) { y, row in rows.render(row: y, into: row) }
        statistics = rows.statistics
        return bitmap
    }

    /// A bitmap side for a length in device pixels.
    static func side(_ length: Double) -> Int {
        guard length.isFinite else { return 1 }
        return Int(length.rounded().clamped(to: 1...Double(maximumSide)))
    }
}
