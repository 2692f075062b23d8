import Foundation
import RingHTTP
import RingPNG
import RingTestSupport
import Testing
@testable import RingApp

/// The tip's shadow on thick bands (issue 16, the seeds' depth): it is cast forward and clipped along a line
/// through the ring's centre, so on a band with a small hole it must have faded out before it gets round to the
/// far side. A butt end's edge shadow, measured from the line through its face, used to darken a strip along the
/// far side of the hole (a crease of 93–102 levels on black), and a round cap's wide blur ended there in an edge
/// of 18 levels.
@Suite struct TipShadowFarSideTests {
    static let app = RingApplication()
    /// Most a pixel on the far side may change when the shadow is switched on.
    static let tolerance = 2

    @Test(arguments: [
        "p=1.3&thickness=45%&cap=butt", "p=1.3&thickness=45%", "p=1.7&thickness=40%&cap=butt",
        "p=1.7&thickness=40%", "p=0.98&thickness=45%&cap=butt", "p=1.2&thickness=35%&cap=butt&dir=ccw",
    ])
    func shadowFadesBeforeTheFarSide(_ query: String) throws {
        func render(_ shadow: String) throws -> PNGImage {
            let q = "\(query)&size=256&bg=black&shadow=\(shadow)".replacingOccurrences(of: "%", with: "%25")
            let response = GalleryCase(name: "shadow", path: "/ring", query: q).respond(Self.app, format: .png)
            try #require(response.status == .ok)
            return try PNGDecoder.decode(response.body)
        }
        let lit = try render("auto"), plain = try render("off")
        let fields = Dictionary(uniqueKeysWithValues: query.split(separator: "&").map {
            let kv = $0.split(separator: "=", maxSplits: 1)
            return (String(kv[0]), String(kv[1]))
        })
        let p = try #require(Double(fields["p"] ?? ""))
        let thickness = try #require(Double(fields["thickness", default: ""].dropLast())) / 100
        let turn: Double = fields["dir"] == "ccw" ? -1 : 1
        let inner = 128 - 256 * thickness, outer = 128.0
        let tip = -Double.pi / 2 + turn * p * 2 * .pi

        // Band pixels from 150° to 178° ahead of the tip (the far side of the hole), away from the rims.
        var worst = 0, counted = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let dx = Double(x) + 0.5 - 128, dy = Double(y) + 0.5 - 128
                let r = (dx * dx + dy * dy).squareRoot()
                guard r >= inner + 3, r <= outer - 3 else { continue }
                var phi = (turn * (atan2(dy, dx) - tip)).truncatingRemainder(dividingBy: 2 * .pi)
                if phi < 0 { phi += 2 * .pi }
                guard phi >= 150 * .pi / 180, phi <= 178 * .pi / 180 else { continue }
                counted += 1
                for c in 0..<3 {
                    let i = (y * 256 + x) * 4 + c
                    worst = max(worst, abs(Int(lit.pixels[i]) - Int(plain.pixels[i])))
                }
            }
        }
        #expect(counted > 500)
        #expect(worst <= Self.tolerance, "\(query): the shadow changes the far side by up to \(worst) levels")
    }
}
