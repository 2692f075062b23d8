@testable import RingCore
import Testing
@testable import RingRaster

/// A badge's parts are filled outlines with cubic corners: inside them every pixel is fully covered, at every
/// scale, and the corners' pixels hold their exact area.
@Suite struct BadgePartCoverageTests {
    @Test(arguments: [1.0, 2.0, 3.0, 4.0])
    func interiorIsFullyCovered(scale: Double) {
        let part = RingLayout.badgePart(x: 0, width: 59, height: 20, radius: 3, roundLeft: true, roundRight: false)
        let scene = Scene(width: 108, height: 20, title: "part", items: [.shape(Shape(.path(part), .solid(Color(hex: 0x555555))))])
        let mask = CoverageMask(scene, scale: scale)
        var worst: (Float, Int, Int) = (1, 0, 0)
        let r = Int((3 * scale).rounded(.up))
        for y in 0..<mask.height {
            for x in r..<Int(59 * scale) where mask[x, y] < worst.0 {
                worst = (mask[x, y], x, y)
            }
        }
        #expect(worst.0 > 0.999, "coverage \(worst.0) at (\(worst.1), \(worst.2))")
    }
}

