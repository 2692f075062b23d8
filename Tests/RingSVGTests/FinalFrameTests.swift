import RingCore
import RingSVG
import Testing

/// A renderer without CSS animation (librsvg), or a reader who prefers reduced motion, sees the still picture:
/// the animated document rendered statically must match the still document.
@Suite struct FinalFrameTests {
    /// The animated layout draws the moving tip as a whole disc (the still one only its front half), which may
    /// differ from the gradient under its back half by a few levels.
    static let tolerance = 4.0

    @Test(arguments: Fixtures.animated.map(\.0))
    func animatedDocumentRestsOnTheStillPicture(name: String) throws {
        var spec = try #require(Fixtures.animated.first { $0.0 == name }?.1)
        if case .check(let style) = spec.style, style.bounce {
            // Room for the bounce shrinks the animated check; its still twin is compared in the layout tests.
            return
        }
        let moving = SVGWriter.write(RingLayout.scene(for: spec))
        spec.common.animation = nil
        let still = SVGWriter.write(RingLayout.scene(for: spec))
        guard let a = try PNGProbe.render(moving, name: name + "-moving"), let b = try PNGProbe.render(still, name: name)
        else { return }
        let difference = try #require(try PNGProbe.maxDifference(a, b))
        #expect(difference <= Self.tolerance, "\(name): animated document differs from the still one by \(difference)")
    }
}
