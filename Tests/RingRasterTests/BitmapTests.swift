import Testing
@testable import RingRaster

@Suite struct BitmapTests {
    @Test func newBitmapIsTransparent() {
        let b = Bitmap(width: 3, height: 2)
        #expect(b.pixels.count == 24)
        #expect(b.pixels.allSatisfy { $0 == 0 })
        #expect(b.pixel(x: 2, y: 1) == (0, 0, 0, 0))
    }
}
