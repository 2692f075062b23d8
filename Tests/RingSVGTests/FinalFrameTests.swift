import RingCore
import RingSVG
import RingTestSupport
import Testing

/// A renderer without CSS animation (librsvg), or a reader who prefers reduced motion, sees the still picture:
/// the animated document rendered statically must match the still document pixel for pixel, as it carries the
/// still picture itself (``SVGDocumentLayerTests`` checks the text; `scripts/check/browser/animations` checks that a
/// browser's last frame is that picture too).
@Suite struct FinalFrameTests {
    @Test(.tags(.externalTool), arguments: Fixtures.animated.map(\.0))
    func animatedDocumentRestsOnTheStillPicture(name: String) throws {
        var spec = try #require(Fixtures.animated.first { $0.0 == name }?.1)
        let moving = SVGWriter.write(RingLayout.scene(for: spec))
        spec.common.animation = nil
        let still = SVGWriter.write(RingLayout.scene(for: spec))
        let a = try PNGProbe.render(moving, name: name + "-moving")
        defer { PNGProbe.discard(a) }
        let b = try PNGProbe.render(still, name: name)
        defer { PNGProbe.discard(b) }
        guard let a, let b else { return }
        let difference = try #require(try PNGProbe.maxDifference(a, b))
        #expect(difference == 0, "\(name): animated document differs from the still one by \(difference)")
    }
}
