import RingCore
import RingPNG

/// Peak memory of a render, estimated from the spec before it starts (issue 20), and the process's memory bound:
/// cache (`--cache-mb`) + render budget (`--render-memory-mb`) + ``processConstantMB``.
///
/// Measured with `ringd render` of the release build (peak RSS `%M` of /usr/bin/time, less the 29.8 MB of a
/// 16 px render): a still PNG above 1024² px is drawn and compressed row by row, so even 4096 × 4096 px adds
/// 0.5 MB (up to 1024² its filtered rows are compressed as one buffer: ``wholeBufferBytesPerPixel``); an APNG
/// holds the still picture, the frame being drawn and the previous frame while it compresses, 2.96–3.06 bitmaps
/// of 4 bytes per pixel for rings, petals, pies and checks (1024² to 4096²), 3.6 for three activity rings (their
/// layers), plus its compressed frames (0.4–2.7 MB). `RenderMemoryTests` pins the estimate above those peaks.
public enum RenderMemory {
    /// What the process holds besides the cache and the renders: the binary, the mapped fonts, connection
    /// buffers, the parser and allocator slack. The fonts are most of it: every file is read whole once for the
    /// typeface digest, so its pages are resident (Noto Sans CJK's Bold and Regular collections alone are 38 MiB).
    /// Measured: 80 MiB resident at the start of a debug build with every label font, 3 MiB of it anonymous (the
    /// rest is the mapped binary, libraries and fonts), 90 MiB after 3000 misses through a 4 MiB cache
    /// (scripts/check/flood.py prints both); the rest is headroom for connections and allocator slack.
    public static let processConstantMB = 112
    /// Bitmaps of 4 bytes per device pixel an animated PNG holds at its peak (measured up to 3.6).
    static let animatedBitmaps = 4
    /// What a render holds whatever its size (rows, coverage buffers, the zlib stream, the output's start).
    static let baseBytes = 2 << 20
    /// Bytes per pixel the whole-buffer compression adds up to ``PNGEncoder/wholeBufferPixelLimit`` pixels: the
    /// filtered rows (4 bytes a pixel and a byte a row). libdeflate's output buffer is reserved at its bound but
    /// only its used part is touched, a fraction for these pictures. Measured: +3.6 MB for a 1024² still,
    /// +3.5–4.7 MB for 1024² APNGs.
    static let wholeBufferBytesPerPixel = 4

    /// Estimated peak bytes of rendering `spec` in `format`, its text set with `typeface`.
    public static func estimate(_ spec: RingSpec, format: OutputFormat, typeface: Typeface = .system) -> Int {
        guard format == .png else { return baseBytes }
        let pixels = devicePixels(spec, typeface: typeface)
        // Up to the limit, each image (the still, or one frame at a time) is compressed as one buffer.
        let wholeBuffer = pixels <= PNGEncoder.wholeBufferPixelLimit ? wholeBufferBytesPerPixel * pixels : 0
        if spec.common.animation != nil {
            return baseBytes + animatedBitmaps * 4 * pixels + wholeBuffer
        }
        // Streamed rows (or the whole buffer); the compressed output is what grows (a tenth of a byte per pixel is
        // generous for these flat-coloured pictures).
        return baseBytes + pixels / 8 + wholeBuffer
    }

    /// Estimated work of rendering `spec` in `format`, in device pixels drawn: pixels × frames for a PNG (an
    /// APNG draws each of its frames), the picture's CSS pixels for SVG (its writer's time grows with the scene, not
    /// the size, and stays a few milliseconds). ``cheapWork`` divides cheap jobs from heavy ones.
    public static func workEstimate(_ spec: RingSpec, format: OutputFormat, typeface: Typeface = .system) -> Int {
        guard format == .png else { return 0 }
        let frames = spec.common.animation.map { FramePlan(duration: $0.duration).times.count } ?? 1
        return devicePixels(spec, typeface: typeface) * frames
    }

    /// Work at or below which a render is cheap: a still PNG of 1024 × 1024 device pixels (tens of milliseconds in
    /// a release build), or an animation of a 128 px picture's 60 frames. A 1024 px APNG at scale 2 draws
    /// 60 × 2048² = 252 M pixels: 240 times this, and seconds of work.
    public static let cheapWork = 1024 * 1024

    /// Device pixels of the picture: size × scale squared, or a badge's own width × height × scale².
    static func devicePixels(_ spec: RingSpec, typeface: Typeface) -> Int {
        let scale = Double(spec.common.scale)
        let (width, height): (Double, Double)
        if case .badge(let style) = spec.style {
            (width, height) = (RingLayout.badgeWidth(style, text: typeface.setter), style.look.metrics.height)
        } else {
            (width, height) = (spec.common.size, spec.common.size)
        }
        return Int((width * scale).rounded(.up)) * Int((height * scale).rounded(.up))
    }

    /// The error a render over `budget` bytes gets: it names what to lower.
    static func refusal(_ spec: RingSpec, estimate: Int, budget: Int) -> QueryError {
        let needs = (estimate + (1 << 20) - 1) >> 20
        let animated = spec.common.animation != nil
        // The parameter to name: animate when a still picture would fit, else scale when it is above 1, else size.
        var still = spec
        still.common.animation = nil
        let parameter = animated && Self.estimate(still, format: .png) <= budget
            ? "animate" : spec.common.scale > 1 ? "scale" : "size"
        let given: String
        switch parameter {
        case "animate": given = "1"
        case "scale": given = String(spec.common.scale)
        default: given = fmt(spec.common.size)
        }
        return QueryError(
            parameter: parameter, given: given,
            expected: "a picture whose render fits the render memory budget of \(budget >> 20) MB (this one needs about "
                + "\(needs) MB): lower size or scale\(animated ? ", or leave out animate" : "")")
    }
}
