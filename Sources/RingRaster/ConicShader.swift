import RingCore

/// A conic (angular) gradient along an arc: the colour of a pixel is the Scene's colour at the fraction of the
/// sweep reached by the nearest centre-line point (``ConicPaint/fraction(at:)``), clamped so the start cap keeps
/// the start colour and the end cap the end colour; a lapping ring's paint already carries its last-lap range.
///
/// Per pixel: the angle from the start line by a polynomial `atan2` (≈1e-5 rad, Skia's approach), the clamping
/// rule, then a colour table sampled from ``ConicPaint/color(atFraction:)`` with linear interpolation.
struct ConicShader {
    let cx: Double, cy: Double
    /// The start direction; the pixel vector is rotated by −start so the sweep begins at angle 0.
    let cosStart: Float, sinStart: Float
    /// +1 clockwise, −1 counter-clockwise: mirrors the rotated vector so the sweep always runs positive.
    let direction: Float
    /// Swept angle, at most a full turn.
    let span: Float
    let table: ColorTable

    /// Table entries per pixel of the outer edge's length: finer than a pixel, so interpolation error is nil.
    static let entriesPerPixel = 1.0
    /// Table size bounds.
    static let entries = 64...4096

    /// The shader of `paint` on a band reaching `extent` pixels from its centre.
    init(_ paint: ConicPaint, extent: Double) {
        cx = paint.center.x
        cy = paint.center.y
        cosStart = Float(Trig.cos(paint.start))
        sinStart = Float(Trig.sin(paint.start))
        direction = paint.sweep < 0 ? -1 : 1
        let span = min(abs(paint.sweep), Angle.fullTurn)
        self.span = Float(span)
        let length = span * max(extent, 1) * Self.entriesPerPixel
        // Fine enough that neighbouring entries differ by at most half a level in any channel.
        let steps = 2 * 255 * paint.maxChannelRate
        let count = Int(max(length, steps).rounded(.up)).clamped(to: Self.entries) + 1
        table = ColorTable(count: count) { paint.color(atFraction: $0).premultiplied }
    }

    /// The sweep fraction (0…1) for the pixel vector (`vx`, `vy`) from the centre.
    @inline(__always)
    func fraction(_ vx: Float, _ vy: Float) -> Float {
        let rx = vx * cosStart + vy * sinStart
        let ry = (vy * cosStart - vx * sinStart) * direction
        var phi = FastMath.atan2(ry, rx)
        if phi < 0 { phi += FastMath.twoPi }
        if phi <= span { return span > 0 ? phi / span : 0 }
        // Beyond the end: whichever end is angularly nearer (the nearest centre-line point).
        return phi - span < FastMath.twoPi - phi ? 1 : 0
    }

    /// The sweep fractions of eight pixel vectors at once (the same steps as ``fraction(_:_:)``, vectorised).
    @inline(__always)
    func fractions(_ vx: SIMD8<Float>, _ vy: Float) -> SIMD8<Float> {
        let rx = vx * cosStart + vy * sinStart
        let ry = (vy * cosStart - vx * sinStart) * direction
        var phi = FastMath.atan2(ry, rx)
        phi.replace(with: phi + FastMath.twoPi, where: phi .< 0)
        let beyond = SIMD8<Float>(repeating: 0).replacing(with: 1, where: phi - span .< FastMath.twoPi - phi)
        return (phi * (span > 0 ? 1 / span : 0)).replacing(with: beyond, where: phi .> span)
    }

    func blend(
        y: Double, range: Range<Int>, coverage: UnsafePointer<Float>, into dst: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let vy = Float(y - cy)
        let x0 = Float(Double(range.lowerBound) + 0.5 - cx)
        let last = table.last
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        table.entries.withUnsafeBufferPointer { lut in
            var x = range.lowerBound
            // Eight pixels' angles at a time; the table lookups and blends stay per pixel.
            while x + 8 <= range.upperBound {
                let u = fractions(x0 + Float(x - range.lowerBound) + lanes, vy)
                for i in 0..<8 {
                    let k = coverage[x + i]
                    guard k > 0 else { continue }
                    let c = ColorTable.nearest(lut, last: last, u[i])
                    dst[x + i] = k >= 1 && c.w >= 1 ? c : c * k + dst[x + i] * (1 - c.w * k)
                }
                x += 8
            }
            while x < range.upperBound {
                let k = coverage[x]
                if k > 0 {
                    let c = ColorTable.nearest(lut, last: last, fraction(x0 + Float(x - range.lowerBound), vy))
                    dst[x] = c * k + dst[x] * (1 - c.w * k)
                }
                x += 1
            }
        }
    }
}

/// Single-precision helpers for per-pixel work.
enum FastMath {
    static let twoPi: Float = 6.283_185_307
    static let halfPi: Float = 1.570_796_327
    static let pi: Float = 3.141_592_654

    /// ``atan2(_:_:)-(Float,Float)`` for eight pairs at once.
    @inline(__always)
    static func atan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let ax = x.replacing(with: -x, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
        // Selects rather than pointwiseMin/Max, which are not inlined.
        let steep = ay .> ax
        let hi = ax.replacing(with: ay, where: steep), lo = ay.replacing(with: ax, where: steep)
        let a = lo / hi.replacing(with: 1, where: hi .== 0)
        let s = a * a
        var r = SIMD8<Float>(repeating: -0.011_721_20)
        r = r * s + 0.052_653_32
        r = r * s - 0.116_432_87
        r = r * s + 0.193_543_46
        r = r * s - 0.332_623_47
        r = r * s + 0.999_977_26
        r *= a
        r.replace(with: halfPi - r, where: steep)
        r.replace(with: pi - r, where: x .< 0)
        return r.replacing(with: -r, where: y .< 0)
    }

    /// `atan2(y, x)` in (−π, π] through an 11th-degree odd minimax polynomial for atan on [0, 1] (max error
    /// ≈ 1e-5 rad) and octant folding.
    @inline(__always)
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let hi = max(ax, ay), lo = min(ax, ay)
        guard hi > 0 else { return 0 }
        let a = lo / hi
        let s = a * a
        var r = -0.011_721_20 as Float
        r = r * s + 0.052_653_32
        r = r * s - 0.116_432_87
        r = r * s + 0.193_543_46
        r = r * s - 0.332_623_47
        r = r * s + 0.999_977_26
        r *= a
        if ay > ax { r = halfPi - r }
        if x < 0 { r = pi - r }
        return y < 0 ? -r : r
    }
}
