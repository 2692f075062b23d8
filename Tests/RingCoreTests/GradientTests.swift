import Testing
@testable import RingCore

@Suite struct GradientTests {
    @Test func stopCountIsValidated() {
        #expect(Gradient(stops: [.black]) == nil)
        #expect(Gradient(stops: Array(repeating: .black, count: 9)) == nil)
        #expect(Gradient(stops: [.black, .white]) != nil)
    }

    @Test func interpolatesAndClamps() throws {
        let g = try #require(Gradient(stops: [.black, .white]))
        #expect(g.color(at: 0) == .black)
        #expect(g.color(at: 1) == .white)
        #expect(g.color(at: 0.5) == Color(r: 128, g: 128, b: 128))
        #expect(g.color(at: -3) == .black)
        #expect(g.color(at: 7) == .white)
    }
}
