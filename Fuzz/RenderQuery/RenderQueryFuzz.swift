import RenderChecks
@testable import RingApp
import RingCore
import RingPNG
import RingText

/// libFuzzer target for the path from a URL query to image bytes, as the server takes it: ``QueryString`` →
/// ``QueryDecoder/decode(route:query:)`` → ``ImageRenderer`` (layout, then the SVG writer or the rasterizer
/// and PNG/APNG encoder) — or, when the query is wrong, the message and, for an image client, the error image.
///
/// Input layout: byte 0 picks the route (bits 0–2, modulo the number of routes), the path's extension
/// (bits 3–4: none, `.svg`, `.png`, none) and whether the client is an image client (bit 5: `Accept: image/*`,
/// which gets the error drawn as an image instead of a text body); the rest is the query string (everything
/// after `?`), decoded as UTF-8 with invalid bytes replaced, as `ringd render` would receive it.
///
/// PNG is rasterized only up to ``maxFuzzPNGSide`` device pixels (``maxFuzzAPNGSide`` when animated, which
/// means ``maxFuzzAPNGFrames`` frames; ``maxFuzzErrorPNGSide`` for error images), so one input stays in the
/// millisecond range; larger PNG requests are rendered as SVG instead, which costs the same at any size.
@_cdecl("LLVMFuzzerTestOneInput")
public func renderQueryFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let routes = ImageRoute.allCases
    let route = routes[Int(control & 0x07) % routes.count]
    let pathFormat: OutputFormat? = [nil, .svg, .png, nil][Int(control >> 3) & 0x03]
    let query = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    RenderQueryCase(route: route, pathFormat: pathFormat, imageClient: control & 0x20 != 0, rawQuery: query).check()
    // The heap as the input found it (but for glyph outlines, which stop growing once the scripts are seen):
    // otherwise every input with a new label or error message ends with more allocations than it began, and
    // libFuzzer runs it a second time to rule out a leak — a quarter of the target's time.
    Typeface.system.fonts?.removeShapedLines()
    Typeface.system.badgeFonts?.removeShapedLines()
    return 0
}

/// Largest still PNG side (size × scale) rasterized per fuzz input. Rasterizing costs about 1 µs per pixel
/// under AddressSanitizer and coverage, so 64² keeps a PNG input near the cost of an SVG one.
let maxFuzzPNGSide = 64.0
/// Largest animated PNG side rasterized per fuzz input.
let maxFuzzAPNGSide = 32.0
/// Frames per animated PNG: the served limit is 60, and sixty frames were two thirds of the target's time
/// (docs/reliability.md). Five keep the first frame, the last (the still) and three on the way, so the delta
/// frames, the eased spacing and the alpha fallback are all still reached.
let maxFuzzAPNGFrames = 5
/// Error images are never smaller than ``ErrorLayout/minimumSide``; they are rasterized at that side only.
let maxFuzzErrorPNGSide = ErrorLayout.minimumSide
/// Largest SVG accepted: 8 rings × 10 laps × 36 gradient pieces with animation stay far below this, so a
/// document this long means geometry that multiplies out of control.
let maxSVGBytes = 4 << 20

struct RenderQueryCase {
    let route: ImageRoute
    let pathFormat: OutputFormat?
    let imageClient: Bool
    let rawQuery: String

    func check() {
        let query: QueryString
        do {
            query = try QueryString(parsing: rawQuery)
        } catch {
            checkError(error, namedIn: nil, format: pathFormat ?? .svg)
            return
        }
        // The format as RingApplication.planImage picks it: the extension wins, then `format=`, then SVG.
        let format = pathFormat ?? query["format"].flatMap { OutputFormat(rawValue: $0.lowercased()) } ?? .svg
        let spec: RingSpec
        do {
            spec = try QueryDecoder.decode(route: route, query: query)
        } catch {
            checkError(error, namedIn: route, format: format)
            return
        }
        checkSpec(spec)
        let scene = RingLayout.scene(for: spec, text: Typeface.system.setter)
        SceneCheck.check(scene, context: "\(route) \(rawQuery.debugDescription)")
        // A badge is as wide as its texts: its longer side bounds the raster work.
        let scale = Double(spec.common.scale)
        let (width, height) = (scene.width * scale, scene.height * scale)
        if case .badge = spec.style, width > Double(RingLimits.maxPixelSide) {
            fail("badge of \(width) pixels across over \(RingLimits.maxPixelSide)")
        }
        let side = max(width, height)
        let rasterize = side <= (scene.isAnimated ? maxFuzzAPNGSide : maxFuzzPNGSide)
        let renderFormat: OutputFormat = format == .png && rasterize ? .png : .svg
        let image = ImageRenderer(typeface: Typeface.system, maximumFrames: maxFuzzAPNGFrames).render(spec, format: renderFormat)
        if image.key.sha256.utf8.count != 64 { fail("cache key is not a SHA-256: \(image.key.sha256)") }
        switch renderFormat {
        case .svg: checkSVG(image.body)
        case .png: checkPNG(image.body, width: width, height: height, animated: scene.isAnimated)
        }
    }

    /// A refused query names a parameter of the route (or, when the query itself is malformed, the name as
    /// given), and its message is one short printable line; for an image client, the error image is valid.
    func checkError(_ error: QueryError, namedIn route: ImageRoute?, format: OutputFormat) {
        if error.parameter.isEmpty { fail("error names no parameter: \(error)") }
        if let route, route.parameter(error.parameter) == nil {
            fail("error names \(error.parameter.debugDescription), which /\(route.rawValue) does not have: \(error)")
        }
        if error.expected.isEmpty { fail("error says nothing about what is accepted: \(error)") }
        let message = error.message
        // QueryError promises one printable line: C0 controls and DEL are what it escapes in user input.
        if let control = message.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fail("error message holds control character U+\(String(control.value, radix: 16)): \(message.debugDescription)")
        }
        if message.count > 600 { fail("error message of \(message.count) characters: \(message.prefix(200))…") }
        guard imageClient else { return }
        // What RingApplication.planError renders for an image client, at the size it reads from the query.
        let size = (try? QueryString(parsing: rawQuery))
            .flatMap { $0["size"] }.flatMap(ValueSyntax.decimal)
            .map { min(max($0, RingLimits.size.lowerBound), RingLimits.size.upperBound) } ?? 128
        // A badge's error is a badge (its label, "invalid <parameter>"); every other route's is the card.
        let scene: Scene
        if self.route == .badge {
            let badge = ErrorBadge(error, query: try? QueryString(parsing: rawQuery), typeface: Typeface.system)
            scene = ErrorLayout.badge(label: badge.label, problem: badge.problem, look: badge.look, text: Typeface.system.setter)
        } else {
            scene = ErrorLayout.scene(message: message, size: size, text: Typeface.system.setter)
        }
        SceneCheck.check(scene, context: "error image for \(message.debugDescription)")
        let renderFormat: OutputFormat = format == .png && scene.width <= maxFuzzErrorPNGSide ? .png : .svg
        // The scene just checked is the one drawn: ErrorLayout is deterministic, so laying it out once is the
        // product's path, at half the cost of laying it out again inside errorImage(message:size:format:).
        let image = ImageRenderer(typeface: Typeface.system).errorImage(scene, format: renderFormat)
        if image.format != renderFormat { fail("error image asked as \(renderFormat) came as \(image.format)") }
        switch renderFormat {
        case .svg: checkSVG(image.bytes)
        case .png: checkPNG(image.bytes, width: scene.width, height: scene.height, animated: false)
        }
    }

    /// The decoder's output is within the URL contract's limits (docs/design.md §Limits).
    func checkSpec(_ spec: RingSpec) {
        let common = spec.common
        if !RingLimits.size.contains(common.size) { fail("size \(common.size) outside \(RingLimits.size)") }
        if !RingLimits.scale.contains(common.scale) { fail("scale \(common.scale) outside \(RingLimits.scale)") }
        if common.size * Double(common.scale) > Double(RingLimits.maxPixelSide) {
            fail("size × scale = \(common.size * Double(common.scale)) over \(RingLimits.maxPixelSide)")
        }
        if let duration = common.animation?.duration, !RingLimits.duration.contains(duration) {
            fail("duration \(duration) outside \(RingLimits.duration)")
        }
        if common.title.isEmpty { fail("empty title (the accessible name)") }
        if case .text(let label) = common.label, label.count > RingLimits.labelLength {
            fail("label of \(label.count) characters")
        }
        let progresses: [Double]
        switch spec.style {
        case .ring(let s): progresses = [s.progress]
        case .activity(let s):
            progresses = s.rings.map(\.progress)
            if !RingLimits.rings.contains(s.rings.count) { fail("\(s.rings.count) rings") }
        case .petals(let s):
            progresses = [s.progress]
            if !RingLimits.petals.contains(s.petals) { fail("\(s.petals) petals") }
        case .pie(let s): progresses = [s.progress]
        case .check(let s):
            progresses = []
            if !RingLimits.checkRatio.contains(s.ratio) { fail("check ratio \(s.ratio)") }
        case .badge(let s):
            progresses = [s.progress]
            if s.message.isEmpty { fail("badge without a value text") }
            for text in [s.label, s.message] where text.count > RingLimits.labelLength {
                fail("badge text of \(text.count) characters")
            }
            if common.label != .none { fail("a badge's common label is drawn too") }
        }
        for p in progresses where !RingLimits.progress.contains(p) { fail("progress \(p) outside \(RingLimits.progress)") }
    }

    func checkSVG(_ body: [UInt8]) {
        if body.count > maxSVGBytes { fail("SVG of \(body.count) bytes") }
        guard let svg = String(validating: body, as: UTF8.self) else { fail("SVG is not UTF-8") }
        if let problem = SVGCheck.problem(in: svg) { fail("SVG: \(problem)") }
    }

    /// The PNG decodes (every CRC, chunk rule and the zlib stream checked) to about `width` × `height` pixels;
    /// an animated one plays once and its last frame is the default image (docs/design.md §PNG and APNG).
    func checkPNG(_ body: [UInt8], width: Double, height: Double, animated: Bool) {
        do {
            let image = try PNGDecoder.decode(body)
            if abs(Double(image.width) - width) > 1 || abs(Double(image.height) - height) > 1 {
                fail("PNG is \(image.width)×\(image.height), expected about \(width)×\(height) px")
            }
            guard animated else { return }
            let animation = try PNGDecoder.decodeAnimation(body)
            if animation.plays != 1 { fail("APNG plays \(animation.plays) times") }
            if animation.frames.isEmpty || animation.frames.count > maxFuzzAPNGFrames {
                fail("APNG with \(animation.frames.count) frames (at most \(maxFuzzAPNGFrames) asked)")
            }
            if animation.frames.last?.canvas != animation.defaultImage {
                fail("APNG's last frame is not its default image")
            }
        } catch {
            fail("PNG does not decode: \(error)")
        }
    }

    func fail(_ message: String) -> Never {
        fatalError("""
            RenderQuery fuzz invariant: \(message)
              route: /\(route.rawValue)\(pathFormat.map { "." + $0.rawValue } ?? ""), image client: \(imageClient), \
            query: \(rawQuery.debugDescription)
            """)
    }
}
