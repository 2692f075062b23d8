import Foundation
import RingCore
import RingHTTP
import RingPNG
import RingTestSupport
import Testing
@testable import RingApp

/// Issue 16: the cases where our PNG and librsvg's rendering of our SVG used to disagree, judged by the worst
/// pixels rather than the mean (a mean hid them): composited on mid-grey, at most ``overShare`` of the pixels
/// may differ by more than ``overLevel`` levels, and none by more than ``worstLevel``. A failure writes
/// ours | rsvg | difference×8 to `$RING_ARTIFACTS` (or the temporary directory).
@Suite struct HardCaseAgreementTests {
    static let app = RingApplication()
    /// A difference that a viewer sees as a different colour, not anti-aliasing.
    static let overLevel = 16.0
    /// Share of pixels allowed past ``overLevel`` (0.1 %).
    static let overShare = 0.001
    /// No pixel may differ by more than this.
    static let worstLevel = 48.0

    /// Round caps that meet (thick bands, progress just below the tip-cap threshold, no shadow), tiny progress,
    /// and gradients with translucent stops, at sizes from 64 px up.
    static let cases: [String] = [
        "/ring?p=0.9&thickness=30%", "/ring?p=0.9&thickness=45%", "/ring?p=0.958", "/ring?p=0.99&shadow=off",
        "/ring?p=0.985&dir=ccw&thickness=25%", "/ring?p=0.01", "/ring?p=0.001", "/ring?p=0.03&thickness=30%",
        "/activity?p=0.97,0.99,0.95&shadow=off",
        // Translucent gradient stops (a fading "comet tail"): overlapping pieces used to double their alpha.
        "/ring?p=0.7&gradient=red,0000ff80",
        "/ring?p=1.5&gradient=red,0000ff40", "/ring?p=0.8&gradient=ff000000,red&thickness=30%",
        // Butt caps past 100 %: the seam where the last lap's end colour meets its start colour.
        "/ring?p=1.2&cap=butt", "/ring?p=2.5&cap=butt&dir=ccw", "/ring?p=1.3&cap=butt&start=0",
        // A butt band a fraction of a pixel long with translucent stops: written as a line it stroked to a
        // rectangle, and under the alpha mask its ends were anti-aliased twice (worst 58–78 before).
        "/ring?p=0.001&gradient=red,0000ff80&thickness=30%&cap=butt",
        "/ring?p=0.001&gradient=ff000080,blue&thickness=45%&cap=butt",
    ].flatMap { target in [64, 128, 256].map { "\(target)&size=\($0)" } }

    @Test(.tags(.externalTool), arguments: cases)
    func pngAgreesWithLibrsvgInItsWorstPixels(_ target: String) throws {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let c = GalleryCase(name: "hard", path: parts[0], query: parts[1].replacingOccurrences(of: "%", with: "%25"))
        let png = c.respond(Self.app, format: .png)
        try #require(png.status == .ok, "\(target): \(String(decoding: png.body, as: UTF8.self))")
        let ours = try PNGDecoder.decode(png.body)
        let svg = c.respond(Self.app, format: .svg)
        try #require(svg.status == .ok)

        let theirs = try Librsvg.render(svg.body, width: ours.width, height: ours.height)

        let comparison = PixelComparison(ours: ours, theirs: theirs)
        let worst = comparison.difference.max() ?? 0
        let over = comparison.difference.filter { $0 > Self.overLevel }.count
        let share = Double(over) / Double(comparison.difference.count)
        let summary = String(
            format: "%@: worst %.0f, %d px (%.3f %%) over %.0f, mean %.3f", target, worst, over, share * 100,
            Self.overLevel, comparison.mean)
        print(summary)
        #expect(worst <= Self.worstLevel, "\(summary)")
        #expect(share <= Self.overShare, "\(summary)")
        if worst > Self.worstLevel || share > Self.overShare {
            let name = target.map { $0.isLetter || $0.isNumber ? $0 : "_" }
            let file = try ExternalTool.artifactDirectory().appendingPathComponent("hard-\(String(name)).png")
            try Data(comparison.diffImage()).write(to: file)
            Issue.record("\(summary); ours | rsvg | difference×8 written to \(file.path)")
        }
    }

    /// Our PNG of `target` (a path and query, `%` as written) and its comparison with librsvg's rendering of our SVG.
    static func oursAgainstLibrsvg(_ target: String) throws -> (ours: PNGImage, comparison: PixelComparison) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let c = GalleryCase(name: "hard", path: parts[0], query: parts[1].replacingOccurrences(of: "%", with: "%25"))
        let ours = try PNGDecoder.decode(c.respond(Self.app, format: .png).body)
        let theirs = try Librsvg.render(c.respond(Self.app, format: .svg).body, width: ours.width, height: ours.height)
        return (ours, PixelComparison(ours: ours, theirs: theirs))
    }

    /// A band that fills its disc (thickness 45–50 %) past one lap: the run-on pieces of the last lap all ended on
    /// the tip's edge and compounded their anti-aliasing there, so librsvg drew the seam stair-stepped (0.19–0.20 %
    /// of pixels over 16 at 256 px before). Held here by the share (see ``tipOfAHolelessBandIsSmoothUpToTheCentre``
    /// for the worst pixel).
    @Test(.tags(.externalTool), arguments: ["/ring?p=1.2&gradient=red,blue&thickness=50%&cap=butt&size=256",
                      "/ring?p=1.2&thickness=50%&cap=butt&size=256"])
    func thickLapSeamIsAntiAliasedOnce(_ target: String) throws {
        let comparison = try Self.oursAgainstLibrsvg(target).comparison
        let over = comparison.difference.filter { $0 > Self.overLevel }.count
        let share = Double(over) / Double(comparison.difference.count)
        #expect(share <= Self.overShare, "\(target): \(over) px over \(Self.overLevel)")
    }

    /// A band with no hole ends its run-on pieces halfway through the last piece, on a radial line that meets
    /// the tip's edge at the centre: within 1/sin(half the last piece's span) of the centre (68 px at 1.7°) their
    /// anti-aliased ends compounded on the tip's pixels, and librsvg drew the tip stair-stepped (worst 113–118
    /// levels beyond 16 px of the centre before). The last piece is widened there now (`clearingTip`): beyond
    /// 16 px of the centre the worst pixel stays within the hard-case bound (measured 12–19).
    @Test(.tags(.externalTool), arguments: ["/ring?p=0.9&thickness=50%&cap=butt&size=512",
                      "/ring?p=1.2&gradient=red,blue&thickness=50%&cap=butt&size=512"])
    func tipOfAHolelessBandIsSmoothAwayFromTheCentre(_ target: String) throws {
        let (ours, comparison) = try Self.oursAgainstLibrsvg(target)
        let centre = Double(ours.width) / 2
        var worst = 0.0
        for (i, d) in comparison.difference.enumerated() {
            let x = Double(i % ours.width) + 0.5 - centre, y = Double(i / ours.width) + 0.5 - centre
            if x * x + y * y > 16 * 16 { worst = max(worst, d) }
        }
        #expect(worst <= Self.worstLevel, "\(target): worst \(worst) beyond 16 px of the centre")
    }

    /// Large rings' bands. librsvg draws an SVG arc as cubics of at most a quarter turn, which bulge out by
    /// 2.7·10⁻⁴ of the radius: 0.14 px at 1024 px, which put the bands' rims on a black page up to 46 levels off
    /// the PNG (0.10–0.17 % of the pixels over 16 on these before). The SVG now writes large arcs in eighths of a
    /// turn (`SVGPath.arcPieces`).
    @Test(.tags(.externalTool), arguments: ["/ring?p=1.2&gradient=move&thickness=30%&dir=ccw&size=1024&bg=black",
                      "/activity?p=0.99,1,0.958&colors=blue,3498db80,red&dir=ccw&shadow=off&size=1024&bg=black"])
    func rimsOfALargeRingAgreeWithLibrsvg(_ target: String) throws {
        try Self.expectWithinBound(target)
    }

    /// A full band's seam between paint of different alphas (a translucent start beside an opaque end, or the
    /// reverse). Under one alpha mask the seam's pixels came out as (mixed colour) × (mixed alpha), up to a
    /// quarter of the colours' difference off (worst 46 levels, 0.34 % of the pixels over 16 on the first before;
    /// the second 32 levels, 0.15 %). The opaque side's piece is now drawn on top (`seamWithATop`), reversed when
    /// the opaque side is the start.
    @Test(.tags(.externalTool), arguments: ["/ring?p=1&gradient=ff000080,blue&thickness=30%&start=20&cap=butt&shadow=off&size=64&bg=black",
                      "/ring?p=1&gradient=red,0000ff80&thickness=12%&start=20&cap=butt&shadow=off&size=64&bg=black"])
    func translucentSeamIsAntiAliasedOnce(_ target: String) throws {
        try Self.expectWithinBound(target)
    }

    /// Expects our PNG of `target` within the hard-case bound of librsvg's rendering of our SVG: no pixel more than
    /// ``worstLevel`` apart, at most ``overShare`` of them more than ``overLevel``.
    static func expectWithinBound(_ target: String) throws {
        let comparison = try Self.oursAgainstLibrsvg(target).comparison
        let worst = comparison.difference.max() ?? 0
        let over = comparison.difference.filter { $0 > Self.overLevel }.count
        let share = Double(over) / Double(comparison.difference.count)
        #expect(worst <= Self.worstLevel, "\(target): worst \(worst)")
        #expect(share <= Self.overShare, "\(target): \(over) px over \(Self.overLevel)")
    }

    /// The rest of that tip, up to the centre. Every piece of a band with no hole reaches the centre, so within a
    /// few pixels of it any piece's edge lies within a pixel of the tip's, and librsvg drew the tip's last 10–40 px
    /// up to 212 levels off the PNG (worst 137–192 on these before). The pieces before the last now stay out of a
    /// strip along the tip that the last piece alone covers (`TipFrame`), and the PNG gives the pixels at the
    /// centre, where every angle meets, the mean colour of their square instead of their centre's colour (up to 54
    /// levels apart there). The whole picture now stays within the hard-case bound (measured 14–42).
    @Test(.tags(.externalTool), arguments: ["/ring?p=0.9&gradient=red,blue&thickness=50%&cap=butt&shadow=off&size=256",
                      "/ring?p=0.6&gradient=red,blue,red&thickness=50%&cap=butt&shadow=off&size=256",
                      "/ring?p=1.2&gradient=red,0000ff80&thickness=50%&cap=butt&dir=ccw&shadow=off&size=256",
                      "/ring?p=0.9&gradient=red,blue&thickness=48%&cap=butt&shadow=off&size=256",
                      "/ring?p=0.9&thickness=50%&cap=butt&size=128"])
    func tipOfAHolelessBandIsSmoothUpToTheCentre(_ target: String) throws {
        let worst = try Self.oursAgainstLibrsvg(target).comparison.difference.max() ?? 0
        #expect(worst <= Self.worstLevel, "\(target): worst \(worst)")
    }

    /// Every angle meets at the centre of a band with no hole, so a pixel touching it spans a quarter turn of
    /// colours. The PNG gives the pixels there the mean colour of their square; it took the colour at the pixel's
    /// centre, and beside a full band's seam the start colour (pure red here, where the square's mean is 159, 0,
    /// 96). Checked against the gradient's mean over each square, computed here from its stops.
    @Test func centrePixelsOfAHolelessBandTakeTheirSquaresMean() throws {
        let c = GalleryCase(
            name: "centre", path: "/ring", query: "p=1&gradient=red,blue,red,blue&thickness=50%25&cap=butt&shadow=off&size=64")
        let png = try PNGDecoder.decode(c.respond(Self.app, format: .png).body)
        let stops: [SIMD3<Double>] = [[255, 0, 0], [0, 0, 255], [255, 0, 0], [0, 0, 255]]
        func colour(_ f: Double) -> SIMD3<Double> {
            let t = f * 3, i = min(Int(t), 2), u = t - Double(i)
            return stops[i] * (1 - u) + stops[i + 1] * u
        }
        let n = 64
        for (px, py) in [(31, 31), (32, 31), (31, 32), (32, 32)] {
            var sum = SIMD3<Double>.zero
            for j in 0..<n {
                for i in 0..<n {
                    // From the centre (32, 32); the sweep starts at 12 o'clock and runs clockwise.
                    let x = Double(px) + (Double(i) + 0.5) / Double(n) - 32
                    let y = Double(py) + (Double(j) + 0.5) / Double(n) - 32
                    let angle = atan2(x, -y)
                    sum += colour((angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi))
                }
            }
            let mean = sum / Double(n * n)
            let k = (py * png.width + px) * 4
            let ours = SIMD3<Double>(Double(png.pixels[k]), Double(png.pixels[k + 1]), Double(png.pixels[k + 2]))
            let apart = (ours - mean).replacing(with: mean - ours, where: ours .< mean).max()
            #expect(apart <= 2, "pixel (\(px), \(py)): ours \(ours), the square's mean \(mean)")
        }
    }

    /// A round-capped band shorter than its caps' overlap strips is one shape in the SVG (`writeDot`): drawn as two
    /// caps and a piece, the caps covered each other over the whole band and the dot's rim took two anti-aliased
    /// coverages, up to 32–39 levels brighter than the PNG's in librsvg (53 on an activity dot on black). As one
    /// shape its rim differs only as anti-aliasing does (12–16).
    @Test(.tags(.externalTool), arguments: ["/ring?p=0.001&size=64", "/ring?p=0.001&size=256", "/ring?p=0.001&gradient=red,0000ff80&size=128"])
    func tinyRoundCappedBandIsOneShape(_ target: String) throws {
        let worst = try Self.oursAgainstLibrsvg(target).comparison.difference.max() ?? 0
        #expect(worst <= Self.worstLevel / 2, "\(target): worst \(worst)")
    }

    /// Issue 16 item 4: while a lapping ring plays its second lap, the band just before and just after the start
    /// angle shows one continuous gradient (it showed last-lap colours after the start: a hard seam at 12 o'clock).
    @Test func lappingAnimationHasNoSeamAtTheStart() throws {
        let p = 2.2
        let c = GalleryCase(name: "lap", path: "/ring", query: "p=\(p)&animate=1&size=128")
        let png = c.respond(Self.app, format: .png)
        try #require(png.status == .ok)
        let animation = try PNGDecoder.decodeAnimation(png.body)
        let plan = FramePlan(duration: 1)
        try #require(plan.times.count == animation.frames.count)
        // Centre line 56.32 px from the centre; 6° either side of the top.
        func pixel(_ frame: PNGImage, degrees: Double) -> [Int] {
            let a = (degrees - 90) * .pi / 180
            let x = Int(64 + 56.32 * Trig.cos(a)), y = Int(64 + 56.32 * Trig.sin(a))
            let i = (y * frame.width + x) * 4
            return frame.pixels[i..<(i + 4)].map(Int.init)
        }
        var checked = 0
        for (time, frame) in zip(plan.times, animation.frames) {
            let reached = Easing.easeInOut.value(at: time) * p
            guard reached > 1.15 && reached < 1.85 else { continue }
            let before = pixel(frame.canvas, degrees: -6), after = pixel(frame.canvas, degrees: 6)
            let jump = zip(before, after).map { abs($0 - $1) }.max() ?? 0
            #expect(jump <= 12, "t = \(time): \(before) before the top, \(after) after it")
            checked += 1
        }
        #expect(checked >= 5)
    }

    /// Issue 16 item 3: while a ring whose caps meet sweeps in (APNG), its start cap keeps the start colour in
    /// every frame; it used to take the end colour from the angle it lies at.
    @Test func animatedStartCapKeepsTheStartColourInEveryFrame() throws {
        let c = GalleryCase(name: "anim", path: "/ring", query: "p=0.99&animate=1&size=128")
        let png = c.respond(Self.app, format: .png)
        try #require(png.status == .ok)
        let animation = try PNGDecoder.decodeAnimation(png.body)
        try #require(animation.frames.count > 10)
        // Half a band width behind the start, on the centre line: inside the start cap only.
        // 128 px, thickness 12 %: centre line radius 56.32, half width 7.68; the start is at the top.
        let x = 64 - 4, y = Int(64 - 56.32)
        let purple = Color(hex: 0x8E44AD)
        // Frames until the tip comes within a band width of the start; from there on the end rightly covers it.
        let plan = FramePlan(duration: 1)
        try #require(plan.times.count == animation.frames.count)
        let checked = zip(plan.times, animation.frames).enumerated().filter { _, pair in
            Easing.easeInOut.value(at: pair.0) * 0.99 < 0.9
        }
        #expect(checked.count >= 20)
        for (k, (_, frame)) in checked {
            let i = (y * frame.canvas.width + x) * 4
            let px = Array(frame.canvas.pixels[i..<(i + 4)])
            let off = max(abs(Int(px[0]) - Int(purple.r)), abs(Int(px[1]) - Int(purple.g)), abs(Int(px[2]) - Int(purple.b)))
            #expect(off <= 8 && px[3] == 255, "frame \(k): start cap pixel \(px), start colour \(purple)")
        }
    }
}
