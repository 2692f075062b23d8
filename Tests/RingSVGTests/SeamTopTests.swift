import RingCore
import Testing

@testable import RingSVG

/// Which side of a full band's seam is drawn on top (`SVGDocument.seamWithATop`): the opaque one, when the other is
/// translucent; none when both sides have the same alpha (one mask is exact there) or neither is opaque enough.
@Suite struct SeamTopTests {
    static let band = ArcBand(
        center: Point(x: 32, y: 32), radius: 24, width: 8, start: -Double.pi / 2, sweep: Angle.fullTurn,
        startCap: .butt, endCap: .butt)

    static func paint(_ stops: [Color], range: ClosedRange<Double> = 0...1) throws -> ConicPaint {
        ConicPaint(
            center: band.center, start: band.start, sweep: band.sweep, gradient: try #require(Gradient(stops: stops)),
            range: range)
    }

    static let red = Color(hex: 0xFF0000), halfRed = Color(r: 255, g: 0, b: 0, a: 128)
    static let blue = Color(hex: 0x0000FF), halfBlue = Color(r: 0, g: 0, b: 255, a: 128)

    @Test func opaqueEndStaysLast() throws {
        let paint = try Self.paint([Self.halfRed, Self.blue])
        let (band, top) = try #require(SVGDocument.seamWithATop(Self.band, paint))
        #expect(band.sweep == Self.band.sweep)
        #expect(top.color(atFraction: 1) == Self.blue)
    }

    @Test func opaqueStartIsReversedToBeLast() throws {
        let paint = try Self.paint([Self.red, Self.halfBlue])
        let (band, top) = try #require(SVGDocument.seamWithATop(Self.band, paint))
        #expect(band.sweep == -Self.band.sweep)
        // The reversed paint's last colour is the start's, and every fraction reads the original's mirror.
        #expect(top.color(atFraction: 1) == Self.red)
        for f in stride(from: 0.0, through: 1, by: 0.125) {
            let a = top.color(atFraction: f), b = paint.color(atFraction: 1 - f)
            #expect(abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1 && abs(Int(a.a) - Int(b.a)) <= 1)
        }
    }

    @Test func sameAlphaOnBothSidesKeepsOneMask() throws {
        #expect(SVGDocument.seamWithATop(Self.band, try Self.paint([Self.halfRed, Self.halfBlue])) == nil)
    }

    /// A lap past one turn paints only its last lap: with `red,0000ff80` at p = 1.2 its start is already 234/255
    /// opaque, which would let 21 levels of the paint under it through over half a piece.
    @Test func nearlyOpaqueSideIsNotATop() throws {
        let paint = try Self.paint([Self.red, Self.halfBlue], range: (0.2 / 1.2)...1)
        #expect(SVGDocument.seamWithATop(Self.band, paint) == nil)
    }
}
