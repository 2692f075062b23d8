import Foundation
import RingCore
import RingHTTP
import RingPNG
import RingRaster
import RingTestSupport
import RingText
import Testing
@testable import RingApp

/// Every gallery case's PNG against a reference stored in `Tests/References/PNG/NAME.png`, drawn with the subset
/// label fonts in `Tests/References/Fonts` (never the machine's), so a raster change shows here without librsvg,
/// Chromium or installed fonts.
///
/// Threshold: ``tolerance`` (1 level) per premultiplied channel. ringd's rasterizer is deterministic (same scene,
/// same bytes), so the references are exact on the machine that recorded them; the one level allows for the C
/// library's maths on another CPU: glibc picks its `sin`/`cos`/`atan2`/`pow` variant by CPU feature (FMA or not), and
/// a last-bit difference in an angle can turn one coverage sum across a rounding boundary, by one level. A wrong
/// colour, a moved edge or a lost shape changes pixels by more. Channels are compared premultiplied (as drawn):
/// the PNG's straight colour of a nearly transparent pixel magnifies a one-level difference up to 255 levels.
///
/// `RING_RECORD=1` re-records the references (scripts/record-references also re-makes the subset fonts first); a
/// missing reference fails. A failure writes NAME-expected.png, NAME-actual.png and NAME-diff.png (differences
/// ×32 over the dimmed expected picture, red in a yellow box where over the tolerance) to `$RING_ARTIFACTS` (or
/// the temporary directory).
@Suite struct StoredReferenceTests {
    /// `Tests/References`, found from this source file (no bundled resources).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("References")
    static let pngDirectory = root.appendingPathComponent("PNG")
    /// The subset fonts; `RING_REFERENCE_FONT_DIR` draws with another folder instead (scripts/record-references
    /// sets it to the system's to check that the subset fonts draw the same pictures as the full ones).
    static let fontDirectory = ProcessInfo.processInfo.environment["RING_REFERENCE_FONT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        ?? root.appendingPathComponent("Fonts").path
    static let app = RingApplication(configuration: AppConfiguration(fontDirectory: fontDirectory))
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RING_RECORD"] == "1" }

    /// Largest difference allowed per premultiplied channel (levels); see the type's documentation.
    static let tolerance = 1

    /// The labels are set in fonts from the reference folder only: every face loaded lies under it, and the Latin
    /// face comes first (without fonts the stroke font would draw, and the references would not test the fonts).
    @Test func fontsComeFromTheReferenceFolder() throws {
        let fonts = try #require(Self.app.renderer.typeface.fonts, "no label fonts under \(Self.fontDirectory)")
        for face in fonts.faces {
            #expect(face.path.hasPrefix(Self.fontDirectory + "/"), "\(face.path) is outside \(Self.fontDirectory)")
        }
        #expect(fonts.faces.count >= 2)
    }

    /// Every stored reference belongs to a gallery case (a renamed or removed case leaves none behind).
    @Test func everyReferenceHasACase() throws {
        let names = Set(GalleryCase.all.map(\.name))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pngDirectory.path).filter { $0.hasSuffix(".png") }
        for file in files where !names.contains(String(file.dropLast(4))) {
            Issue.record("\(file) has no gallery case in scripts/gallery-cases.txt; remove it or re-record")
        }
    }

    @Test(arguments: GalleryCase.all)
    func matchesReference(_ c: GalleryCase) throws {
        let actualBytes = try Self.render(c)
        let file = Self.pngDirectory.appendingPathComponent(c.name + ".png")
        if Self.isRecording {
            try FileManager.default.createDirectory(at: Self.pngDirectory, withIntermediateDirectories: true)
            try Data(actualBytes).write(to: file)
            return
        }
        guard let expectedData = FileManager.default.contents(atPath: file.path) else {
            Issue.record("missing reference \(file.path); record it with scripts/record-references")
            return
        }
        let expected = try PNGDecoder.decode(Array(expectedData))
        let actual = try PNGDecoder.decode(actualBytes)
        guard expected.width == actual.width, expected.height == actual.height else {
            try Self.writeArtifacts(c.name, expected: Array(expectedData), actual: actualBytes, diff: nil)
            Issue.record("\(c.name): \(actual.width)×\(actual.height) px, the reference is \(expected.width)×\(expected.height)")
            return
        }
        let difference = ReferenceDifference(expected, actual)
        if difference.worst > Self.tolerance {
            let written = try Self.writeArtifacts(
                c.name, expected: Array(expectedData), actual: actualBytes, diff: difference.image(expected: expected, tolerance: Self.tolerance))
            Issue.record(
                """
                \(c.name): \(difference.overTolerance(Self.tolerance)) px differ by more than \(Self.tolerance) level, \
                worst \(difference.worst) at (\(difference.worstAt.x), \(difference.worstAt.y)); \
                expected/actual/diff written to \(written.path)
                """)
        }
    }

    /// The case's PNG: the route's bytes, or for an animation its still picture (the final frame, also the APNG's
    /// default image, checked by `PNGRouteTests`), rasterized directly to keep debug runs short.
    static func render(_ c: GalleryCase) throws -> [UInt8] {
        guard c.isAnimated else {
            let png = c.respond(app, format: .png)
            try #require(png.status == .ok, "\(c.name): \(String(decoding: png.body, as: UTF8.self))")
            return png.body
        }
        let typeface = app.renderer.typeface
        let route = try ImageRoute(rawValue: String(c.path.dropFirst())).orThrow("unknown route \(c.path)")
        let spec = try QueryDecoder.decode(route: route, query: QueryString(parsing: c.query), typeface: typeface)
        let scene = RingLayout.scene(for: spec, text: typeface.setter)
        return PNGEncoder.encode(Rasterizer.render(scene.frame(at: scene.duration ?? 0), scale: Double(spec.common.scale)))
    }

    /// Writes the three images and returns the folder.
    @discardableResult
    static func writeArtifacts(_ name: String, expected: [UInt8], actual: [UInt8], diff: [UInt8]?) throws -> URL {
        let dir = try ExternalTool.artifactDirectory()
        try Data(expected).write(to: dir.appendingPathComponent("\(name)-expected.png"))
        try Data(actual).write(to: dir.appendingPathComponent("\(name)-actual.png"))
        if let diff { try Data(diff).write(to: dir.appendingPathComponent("\(name)-diff.png")) }
        return dir
    }
}

/// Two decoded PNGs of one size compared per premultiplied channel.
struct ReferenceDifference {
    let width: Int
    let height: Int
    /// Per pixel, the largest channel difference (levels).
    let perPixel: [Int]

    init(_ expected: PNGImage, _ actual: PNGImage) {
        width = expected.width
        height = expected.height
        let a = Self.premultiplied(expected.pixels), b = Self.premultiplied(actual.pixels)
        perPixel = (0..<(width * height)).map { p in (0..<4).map { abs(a[p * 4 + $0] - b[p * 4 + $0]) }.max() ?? 0 }
    }

    /// Straight RGBA back to the premultiplied levels the rasterizer drew (the encoder's division, undone).
    static func premultiplied(_ rgba: [UInt8]) -> [Int] {
        var out = [Int](repeating: 0, count: rgba.count)
        for p in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Int(rgba[p + 3])
            for c in 0..<3 { out[p + c] = (Int(rgba[p + c]) * alpha + 127) / 255 }
            out[p + 3] = alpha
        }
        return out
    }

    var worst: Int { perPixel.max() ?? 0 }
    var worstAt: (x: Int, y: Int) {
        let i = perPixel.firstIndex(of: worst) ?? 0
        return (i % width, i / width)
    }
    func overTolerance(_ tolerance: Int) -> Int { perPixel.filter { $0 > tolerance }.count }

    /// An opaque PNG to find the differences by: the expected picture dimmed to a quarter (composited on black) as
    /// context, grey ×32 where a pixel differs within the tolerance, red where over it, each red pixel framed by a
    /// yellow 7 × 7 box so a single one is seen at once.
    func image(expected: PNGImage, tolerance: Int) -> [UInt8] {
        var bitmap = Bitmap(width: width, height: height)
        func paint(_ x: Int, _ y: Int, _ rgb: [UInt8]) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            bitmap.pixels.replaceSubrange((y * width + x) * 4..<((y * width + x) * 4 + 4), with: rgb + [255])
        }
        let context = Self.premultiplied(expected.pixels)
        for (i, d) in perPixel.enumerated() {
            let level = UInt8(min(255, d * 32))
            paint(i % width, i / width, d > 0 ? [level, level, level] : (0..<3).map { UInt8(context[i * 4 + $0] / 4) })
        }
        for (i, d) in perPixel.enumerated() where d > tolerance {
            let (x, y) = (i % width, i / width)
            for k in -3...3 {
                for (bx, by) in [(x + k, y - 3), (x + k, y + 3), (x - 3, y + k), (x + 3, y + k)]
                where (0..<width).contains(bx) && (0..<height).contains(by) && perPixel[by * width + bx] <= tolerance {
                    paint(bx, by, [255, 220, 0])
                }
            }
        }
        for (i, d) in perPixel.enumerated() where d > tolerance { paint(i % width, i / width, [255, UInt8(min(255, d * 8)) / 4, 0]) }
        return PNGEncoder.encode(bitmap)
    }
}
