import Foundation
import RingCore
import Testing

@testable import RingSVG

/// Issue 16 item 7: petals at 100 % spin for ever in SVG, linearly, one turn per 3.5 s, only where the reader
/// has no preference for reduced motion, and on the still layer too, so the spin goes on after the fill-in.
@Suite struct SpinTests {
    @Test func fullPetalsSpinEndlesslyInsideTheReducedMotionQuery() throws {
        let svg = SVGWriter.write(RingLayout.scene(for: Fixtures.petals(1.0, animated: true)))
        let style = try #require(svg.range(of: #"<style>[^<]*</style>"#, options: .regularExpression).map { svg[$0] })
        #expect(style.hasPrefix("<style>@media (prefers-reduced-motion:no-preference){"))
        #expect(style.contains("@keyframes"))
        #expect(style.contains("{0%{transform:rotate(0deg)}100%{transform:rotate(360deg)}}"))
        // Two spinning groups (the moving layer and the still one), the same class rule, endless and linear.
        let spins = style.components(separatedBy: " 3.5s linear infinite").count - 1
        #expect(spins >= 1)
        let classes = svg.components(separatedBy: "<g class=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let spinning = style.components(separatedBy: "}.").dropFirst().filter { $0.contains("3.5s linear infinite") }
            .map { String($0.prefix { $0 != "{" }) }
        let used = classes.filter { spinning.contains($0) }
        #expect(used.count == 2, "spinning groups: \(used)")
        // The eased single turn is gone.
        #expect(!style.contains("rotate(-360deg)"))
    }
}
