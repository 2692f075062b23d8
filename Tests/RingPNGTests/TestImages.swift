import RingTestSupport
import Foundation
import RingRaster

/// Bitmaps for tests: a crude anti-aliased activity ring, and seeded noise.
enum TestImages {
    /// A ring like the service draws: a dim full track and a bright arc from 12 o'clock, clockwise,
    /// with round caps and a colour gradient anchored to `gradientSweep` (so frames of a fill
    /// animation differ only in the newly swept wedge). Coverage is the distance to the edge,
    /// clamped to one pixel — crude but anti-aliased.
    ///
    /// - Parameters:
    ///   - size: canvas side in pixels.
    ///   - sweep: the arc's share of a full turn, 0 … 1.
    ///   - gradientSweep: the sweep the gradient spans (the animation's final sweep).
    ///   - background: opaque RGB under everything, or nil for transparent.
    static func ring(
        size: Int, sweep: Double = 0.73, gradientSweep: Double? = nil, background: RGB? = nil
    ) -> Bitmap {
        let s = Double(size)
        let halfWidth = s * 0.06
        let radius = s / 2 - s * 0.04 - halfWidth
        let start = -Double.pi / 2
        let total: Double = 2 * Double.pi * (gradientSweep ?? sweep)
        let angle: Double = 2 * Double.pi * sweep
        let c0 = RGB(0.98, 0.07, 0.31), c1 = RGB(0.98, 0.45, 0.65)
        let capStart = (x: s / 2 + radius * cos(start), y: s / 2 + radius * sin(start))
        let capEnd = (x: s / 2 + radius * cos(start + angle), y: s / 2 + radius * sin(start + angle))

        var bitmap = Bitmap(width: size, height: size)
        for py in 0..<size {
            for px in 0..<size {
                let cx = Double(px) + 0.5, cy = Double(py) + 0.5
                let x = cx - s / 2, y = cy - s / 2
                let r = (x * x + y * y).squareRoot()
                let band = coverage(abs(r - radius) - halfWidth)
                var out = background.map { Premultiplied($0, alpha: 1) } ?? Premultiplied(RGB(0, 0, 0), alpha: 0)
                out.over(Premultiplied(c0, alpha: 0.25 * band))
                if sweep > 0 {
                    // Angle travelled clockwise from 12 o'clock (screen y grows downwards).
                    var travelled = atan2(y, x) - start
                    if travelled < 0 { travelled += 2 * Double.pi }
                    let inArc = travelled <= angle
                    let dStart = hypot(cx - capStart.x, cy - capStart.y)
                    let dEnd = hypot(cx - capEnd.x, cy - capEnd.y)
                    let arcCoverage = max(inArc ? band : 0, coverage(min(dStart, dEnd) - halfWidth))
                    if arcCoverage > 0 {
                        let position = inArc ? travelled : (dStart < dEnd ? 0 : angle)
                        let u = min(1, max(0, position / total))
                        out.over(Premultiplied(c0.mixed(with: c1, u), alpha: arcCoverage))
                    }
                }
                let i = (py * size + px) * 4
                let channels = [out.r, out.g, out.b, out.a]
                for k in 0..<4 { bitmap.pixels[i + k] = UInt8((channels[k] * 255).rounded()) }
            }
        }
        return bitmap
    }

    /// Pixel coverage of a shape edge at signed distance `d` (negative inside), one pixel wide.
    private static func coverage(_ d: Double) -> Double { min(1, max(0, 0.5 - d)) }

    /// A straight sRGB colour with channels in 0…1.
    struct RGB {
        var r, g, b: Double
        init(_ r: Double, _ g: Double, _ b: Double) { (self.r, self.g, self.b) = (r, g, b) }
        func mixed(with other: RGB, _ t: Double) -> RGB {
            RGB(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
        }
    }

    /// A premultiplied colour with channels in 0…1.
    private struct Premultiplied {
        var r, g, b, a: Double
        init(_ colour: RGB, alpha: Double) {
            (r, g, b, a) = (colour.r * alpha, colour.g * alpha, colour.b * alpha, alpha)
        }
        mutating func over(_ top: Premultiplied) {
            let keep = 1 - top.a
            (r, g, b, a) = (top.r + r * keep, top.g + g * keep, top.b + b * keep, top.a + a * keep)
        }
    }

    /// Valid premultiplied noise (every colour byte ≤ its alpha), a quarter of it fully transparent.
    static func noise(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix64(seed: seed)
        var bitmap = Bitmap(width: width, height: height)
        for p in 0..<(width * height) {
            let alpha = rng.next() % 4 == 0 ? 0 : UInt8(truncatingIfNeeded: rng.next())
            for k in 0..<3 { bitmap.pixels[p * 4 + k] = UInt8(rng.next() % (UInt64(alpha) + 1)) }
            bitmap.pixels[p * 4 + 3] = alpha
        }
        return bitmap
    }

    /// Reference un-premultiplication computed in floating point: round(255·c/a), 0 when a = 0.
    static func straight(_ bitmap: Bitmap) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bitmap.pixels.count)
        for p in stride(from: 0, to: out.count, by: 4) {
            let a = Double(bitmap.pixels[p + 3])
            guard a > 0 else { continue }
            for k in 0..<3 { out[p + k] = UInt8(min(255, (Double(bitmap.pixels[p + k]) * 255 / a).rounded(.toNearestOrAwayFromZero))) }
            out[p + 3] = bitmap.pixels[p + 3]
        }
        return out
    }
}

