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
    /// Every colour of the table is opaque: interior pixels are simply replaced.
    let opaque: Bool
    /// Squared distance from the centre beyond which the angle may be interpolated linearly across an
    /// ``interpolationBlock`` of interior pixels (see ``fill(y:range:into:)``).
    let interpolationRadius2: Float

    /// Pixels between exact angles in an interior run (the width of ``fractions(_:_:)``'s vectors).
    static let interpolationBlock = 8
    /// 1.5·2²³ and its bit pattern: adding it to a float in [0, 2²²) leaves the rounded integer in the mantissa.
    static let indexBias: Float = 12_582_912
    static let indexBiasBits: UInt32 = 0x4B40_0000
    /// Colour error (levels) that interpolating the angle may add.
    static let interpolationTolerance = 0.25

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
        opaque = table.entries.allSatisfy { $0.w >= 1 }
        // Along a row the angle's second derivative is at most 1/r², so a chord over h pixels strays at most
        // h²/(8r²) rad; in colour that is that angle / span × the steepest channel's 255·rate levels.
        let h = Double(Self.interpolationBlock)
        let levelsPerRadian = 255 * paint.maxChannelRate / max(span, 1e-9)
        interpolationRadius2 = Float(h * h / 8 * levelsPerRadian / Self.interpolationTolerance)
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

    /// The angle from the start line, in [0, 2π), of the pixel vector (`vx`, `vy`).
    @inline(__always)
    func angle(_ vx: Float, _ vy: Float) -> Float {
        let rx = vx * cosStart + vy * sinStart
        let ry = (vy * cosStart - vx * sinStart) * direction
        let phi = FastMath.atan2(ry, rx)
        return phi < 0 ? phi + FastMath.twoPi : phi
    }

    /// ``blend(y:range:coverage:into:)`` for pixels covered fully (a band's interior).
    ///
    /// Far enough from the centre the angle is so nearly linear along a row that one exact angle per
    /// ``interpolationBlock`` pixels, interpolated, stays within ``interpolationTolerance`` levels; blocks that
    /// reach the ends of the sweep (clamping, the seam of a full band) or come near the centre take exact angles.
    func fill(y: Double, range: Range<Int>, into dst: UnsafeMutablePointer<SIMD4<Float>>) {
        let vy = Float(y - cy)
        let x0 = Float(Double(range.lowerBound) + 0.5 - cx)
        let last = table.last
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let block = Self.interpolationBlock
        let invSpan = span > 0 ? 1 / span : 0
        table.entries.withUnsafeBufferPointer { lut in
            @inline(__always) func put(_ x: Int, _ c: SIMD4<Float>) {
                dst[x] = c.w >= 1 ? c : c + dst[x] * (1 - c.w)
            }
            var x = range.lowerBound
            var phiStart = angle(x0, vy)
            while x + block <= range.upperBound {
                let vx = x0 + Float(x - range.lowerBound)
                let phiEnd = angle(vx + Float(block), vy)
                // Nearest point of the block to the centre.
                let nearest = min(max(0, -vx), Float(block))
                let r2 = (vx + nearest) * (vx + nearest) + vy * vy
                if phiStart <= span && phiEnd <= span && abs(phiEnd - phiStart) < 0.5 && r2 >= interpolationRadius2 {
                    // Both ends inside the sweep, so every index lies in the table: rounded by the 1.5·2²³ bias
                    // (see RowRenderer.pack) without conversion checks.
                    let scale = invSpan * last
                    var u = phiStart * scale
                    let step = (phiEnd - phiStart) * scale / Float(block)
                    if opaque {
                        for i in 0..<block {
                            dst[x + i] = lut[Int(truncatingIfNeeded: (u + Self.indexBias).bitPattern &- Self.indexBiasBits)]
                            u += step
                        }
                    } else {
                        for i in 0..<block {
                            put(x + i, lut[Int(truncatingIfNeeded: (u + Self.indexBias).bitPattern &- Self.indexBiasBits)])
                            u += step
                        }
                    }
                } else {
                    let u = fractions(vx + lanes, vy)
                    withUnsafeBytes(of: u) { lanes in
                        for i in 0..<block { put(x + i, ColorTable.nearest(lut, last: last, lanes.load(fromByteOffset: i * 4, as: Float.self))) }
                    }
                }
                phiStart = phiEnd
                x += block
            }
            while x < range.upperBound {
                put(x, ColorTable.nearest(lut, last: last, fraction(x0 + Float(x - range.lowerBound), vy)))
                x += 1
            }
        }
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
                // Read the lanes through memory once: a run-time index into a SIMD vector spills it every time.
                withUnsafeBytes(of: u) { fractions in
                    for i in 0..<8 {
                        let k = coverage[x + i]
                        guard k > 0 else { continue }
                        let c = ColorTable.nearest(lut, last: last, fractions.load(fromByteOffset: i * 4, as: Float.self))
                        dst[x + i] = k >= 1 && c.w >= 1 ? c : c * k + dst[x + i] * (1 - c.w * k)
                    }
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
