import RingCore
import RingPNG
import RingRaster
import RingSVG

/// A rendered image and its identity.
public struct RenderedImage: Sendable {
    public let key: CanonicalSpec
    public let body: [UInt8]
}

/// Spec → image bytes in the requested format, through the one layout both writers read.
struct ImageRenderer: Sendable {
    /// The fonts labels and error messages are set in.
    var typeface: Typeface = .system
    /// The most frames an animated PNG gets (``FramePlan``). Served images always use the APNG limit; the fuzz
    /// target lowers it so an animated input costs a few frames, not sixty.
    var maximumFrames: Int = APNGStreamEncoder.maximumFrameCount

    func render(_ spec: RingSpec, format: OutputFormat) -> RenderedImage {
        let key = CanonicalSpec(spec, format: format, typeface: typeface)
        return RenderedImage(key: key, body: body(spec, format: format, digest: key.sha256))
    }

    /// The bytes of `spec` in `format` for a caller that already holds its key's `digest` (a render job's
    /// ``CacheKey``): the key is worked out once per miss, not again here.
    func body(_ spec: RingSpec, format: OutputFormat, digest: String) -> [UInt8] {
        // Without a control nothing stops the render, so there is always a body.
        body(spec, format: format, digest: digest, control: nil)!
    }

    /// The bytes, or nil when `control` said to stop (between an animation's frames: stills and SVG, short whatever
    /// their size, always finish).
    func body(_ spec: RingSpec, format: OutputFormat, digest: String, control: RenderControl?) -> [UInt8]? {
        let scene = RingLayout.scene(for: spec, text: typeface.setter)
        switch format {
        case .svg:
            return Array(SVGWriter.write(scene, options: SVGWriter.Options(idPrefix: "r" + digest.prefix(8))).utf8)
        case .png:
            return Self.png(scene, scale: Double(spec.common.scale), maximumFrames: maximumFrames) { progress in
                control?.shouldStop(progress: progress) ?? false
            }
        }
    }

    /// The PNG of `scene` at `scale` device pixels per CSS pixel: an APNG when the scene moves (frames from
    /// ``FramePlan``, plays once, the final frame as default image), else a plain PNG. A spinning scene (petals at
    /// 100 % and more) is an APNG that loops for ever: its still picture turned through one ``Scene/spinLoop``.
    /// An APNG can only loop as a whole, so the fade-in the SVG plays before its endless spin is left out there:
    /// a looping fade-in would flash on every turn, a fade-in played once would leave a spinner that stops.
    static func png(_ scene: Scene, scale: Double, maximumFrames: Int = APNGStreamEncoder.maximumFrameCount) -> [UInt8] {
        png(scene, scale: scale, maximumFrames: maximumFrames) { _ in false }!
    }

    /// ``png(_:scale:maximumFrames:)``, asking `shouldStop` with the share of frames done before each frame; nil
    /// when it said yes.
    static func png(
        _ scene: Scene, scale: Double, maximumFrames: Int, shouldStop: (Double) -> Bool
    ) -> [UInt8]? {
        guard scene.isAnimated, let duration = scene.duration else { return stillPNG(scene, scale: scale) }
        let still = scene.frame(at: duration)
        if let loop = still.spinLoop, loop > 0 {
            let plan = FramePlan(loop: loop, maximumFrames: maximumFrames)
            return apng(default: Rasterizer.render(still, scale: scale), plan: plan, plays: 0, shouldStop: shouldStop) {
                _, time in Rasterizer.render(still.spun(at: time), scale: scale)
            }
        }
        let plan = FramePlan(duration: duration, maximumFrames: maximumFrames)
        let stillImage = Rasterizer.render(still, scale: scale)
        return apng(default: stillImage, plan: plan, plays: 1, shouldStop: shouldStop) { k, time in
            k == plan.times.count - 1 ? stillImage : Rasterizer.render(scene.frame(at: time), scale: scale)
        }
    }

    /// The APNG of `plan`'s frames, each drawn by `frame(index, time)`, behind `defaultImage`; nil when
    /// `shouldStop`, asked with the share of frames done before each frame, said yes.
    private static func apng(default defaultImage: Bitmap, plan: FramePlan, plays: Int, shouldStop: (Double) -> Bool,
                             frame: (Int, Double) -> Bitmap) -> [UInt8]? {
        var options = PNGEncoder.Options()
        while true {
            var stream = APNGStreamEncoder(
                defaultImage: defaultImage, frameCount: plan.times.count, plays: plays, options: options)
            var fits = true
            for (k, (time, delay)) in zip(plan.times, plan.delays).enumerated() {
                if shouldStop(Double(k) / Double(plan.times.count)) { return nil }
                guard stream.append(frame(k, time), delay: delay) else {
                    fits = false
                    break
                }
            }
            if fits { return stream.finish() }
            // A translucent frame before an opaque end: store every frame with alpha.
            options.allowsRGB = false
        }
    }

    /// The PNG of a still `scene`, each row compressed as soon as it is drawn (no bitmap of the whole image).
    static func stillPNG(_ scene: Scene, scale: Double) -> [UInt8] {
        let rows = Rasterizer.rows(scene, scale: scale)
        return PNGEncoder.encode(width: rows.width, height: rows.height, opaque: rows.isOpaque) { y, buffer in
            rows.render(row: y, into: buffer)
            return UnsafePointer(buffer)
        }
    }

    /// The error image: the message set in the label typeface, in the requested format.
    func errorImage(message: String, size: Double, format: OutputFormat) -> (bytes: [UInt8], format: OutputFormat) {
        errorImage(ErrorLayout.scene(message: message, size: size, text: typeface.setter), format: format)
    }

    /// The error badge of `/badge` (its shape, the problem on red).
    func errorImage(_ badge: ErrorBadge, format: OutputFormat) -> (bytes: [UInt8], format: OutputFormat) {
        errorImage(ErrorLayout.badge(label: badge.label, problem: badge.problem, look: badge.look, text: typeface.setter),
                   format: format)
    }

    /// The error image of an already laid-out ``ErrorLayout`` scene (the fuzzer checks the scene it draws).
    func errorImage(_ scene: Scene, format: OutputFormat) -> (bytes: [UInt8], format: OutputFormat) {
        switch format {
        case .svg:
            let svg = SVGWriter.write(scene, options: SVGWriter.Options(idPrefix: "e"))
            return (Array(svg.utf8), .svg)
        case .png:
            return (Self.stillPNG(scene, scale: 1), .png)
        }
    }
}
