import RenderChecks
import RingCore
import RingPNG
import RingSVG

/// libFuzzer target for the path from a URL query to image bytes, as the server takes it: ``QueryString`` →
/// ``QueryDecoder/decode(route:query:)`` → ``ImageRenderer`` (layout, SVG writer, and PNG once the renderer
/// has it) — or, when the query is wrong, the error image an `<img>` client gets.
///
/// Input layout: byte 0 picks the route (bits 0–2, modulo the number of routes), asks for PNG (bit 3) and
/// says whether the client is an image client (bit 4: `Accept: image/*`, which gets the error drawn as an
/// image instead of a text body); the rest is the query string (everything after `?`), decoded as UTF-8 with invalid bytes replaced, as
/// `ringd render` would receive it. PNG is rendered only up to ``maxFuzzPNGSide`` device pixels, so one
/// input stays in the millisecond range; larger PNG requests are rendered as SVG instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func renderQueryFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let routes = ImageRoute.allCases
    let route = routes[Int(control & 0x07) % routes.count]
    let format: OutputFormat = control & 0x08 != 0 ? .png : .svg
    let query = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    RenderQueryCase(route: route, format: format, imageClient: control & 0x10 != 0, rawQuery: query).check()
    return 0
}

/// Largest PNG side (size × scale) rendered per fuzz input.
let maxFuzzPNGSide = 128.0
/// Largest SVG accepted: 8 rings × 10 laps × 36 gradient pieces with animation stay far below this, so a
/// document this long means geometry that multiplies out of control.
let maxSVGBytes = 4 << 20

struct RenderQueryCase {
    let route: ImageRoute
    let format: OutputFormat
    let imageClient: Bool
    let rawQuery: String

    func check() {
        let query: QueryString
        do {
            query = try QueryString(parsing: rawQuery)
        } catch {
            checkError(error, namedIn: nil)
            return
        }
        let spec: RingSpec
        do {
            spec = try QueryDecoder.decode(route: route, query: query)
        } catch {
            checkError(error, namedIn: route)
            return
        }
        checkSpec(spec)
        let scene = RingLayout.scene(for: spec)
        SceneCheck.check(scene, context: "\(route) \(rawQuery.debugDescription)")
        let pixelSide = spec.common.size * Double(spec.common.scale)
        let renderFormat: OutputFormat = format == .png && pixelSide <= maxFuzzPNGSide ? .png : .svg
        let image: RenderedImage
        do {
            image = try ImageRenderer().render(spec, format: renderFormat)
        } catch {
            // Until the rasterizer lands, PNG is refused by name; any other refusal after a successful
            // decode breaks "everything after the decoder cannot fail".
            guard renderFormat == .png, error.parameter == "format" else {
                fail("render failed after a successful decode: \(error)")
            }
            return
        }
        if image.key.sha256.utf8.count != 64 { fail("cache key is not a SHA-256: \(image.key.sha256)") }
        switch renderFormat {
        case .svg: checkSVG(image.body)
        case .png: checkPNG(image.body, spec: spec)
        }
    }

    /// A refused query names a parameter of the route (or, when the query itself is malformed, the name as
    /// given), and its message is one printable line; the error image for it is a valid document too.
    func checkError(_ error: QueryError, namedIn route: ImageRoute?) {
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
        // What RingApplication.errorResponse draws for an image client, at the size it reads from the query.
        let size = (try? QueryString(parsing: rawQuery))
            .flatMap { $0["size"] }.flatMap(ValueSyntax.decimal)
            .map { min(max($0, RingLimits.size.lowerBound), RingLimits.size.upperBound) } ?? 128
        let scene = ErrorLayout.scene(message: message, size: size)
        SceneCheck.check(scene, context: "error image for \(message.debugDescription)")
        checkSVG(Array(SVGWriter.write(scene, options: SVGWriter.Options(idPrefix: "e")).utf8))
    }

    /// The decoder's output is within the URL contract's limits (DESIGN.md §3).
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
        }
        for p in progresses where !RingLimits.progress.contains(p) { fail("progress \(p) outside \(RingLimits.progress)") }
    }

    func checkSVG(_ body: [UInt8]) {
        if body.count > maxSVGBytes { fail("SVG of \(body.count) bytes") }
        guard let svg = String(validating: body, as: UTF8.self) else { fail("SVG is not UTF-8") }
        if let problem = SVGCheck.problem(in: svg) { fail("SVG: \(problem)") }
    }

    /// The PNG decodes (every CRC and the zlib stream checked) to a square of size × scale pixels.
    func checkPNG(_ body: [UInt8], spec: RingSpec) {
        let expected = spec.common.size * Double(spec.common.scale)
        do {
            let image = try PNGDecoder.decode(body)
            if image.width != image.height || abs(Double(image.width) - expected) > 1 {
                fail("PNG is \(image.width)×\(image.height), expected about \(expected) px square")
            }
        } catch {
            fail("PNG does not decode: \(error)")
        }
    }

    func fail(_ message: String) -> Never {
        fatalError("RenderQuery fuzz invariant: \(message)\n  route: /\(route.rawValue), format: \(format), query: \(rawQuery.debugDescription)")
    }
}
