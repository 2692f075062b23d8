import RingCore

/// A conic (angular) gradient along an arc: the colour of a pixel is the Scene's colour at the fraction of the
/// sweep reached by the nearest centre-line point (``ConicPaint/fraction(at:)``), clamped so the start cap keeps
/// the start colour and the end cap the end colour; a lapping ring's paint already carries its last-lap range.
///
/// Per pixel: the angle from the start line by a polynomial `atan2` (≈1e-5 rad, Skia's approach), the clamping
/// rule, then the nearest entry of a colour table sampled from ``ConicPaint/color(atFraction:)`` (neighbouring
/// entries at most half a level apart). Interior runs take an exact angle per block of pixels and interpolate
/// between them (``forEachIndex(y:range:_:)``).
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
    /// The table's entries as 8-bit bitmap words (``PixelWord``) when ``opaque``, else empty.
    let words: [UInt32]
    /// Pixels between exact angles in an interior run: the longest of ``interpolationBlocks`` that the band's
    /// inner radius allows everywhere (see ``forEachIndex(y:range:_:)``).
    let block: Int
    /// Squared distance from the centre beyond which the angle may be interpolated linearly across a
    /// ``block`` of interior pixels.
    let interpolationRadius2: Float
    /// Where a full turn's colours wrap (the start ray: the end colour meets the start colour), nil when the
    /// sweep is shorter or both ends have one colour. Pixels across it are anti-aliased like an edge
    /// (``seamPixels(y:range:_:)``) instead of taking one side's colour (issue 16 item 5: 1-px steps at the seam
    /// of a butt-capped band past 100 %, which SVG renderers draw smooth).
    let seam: Seam?

    /// The start ray of a full-turn conic and the colours on either side of it.
    struct Seam {
        /// Unit normal of the ray's line, pointing to the side where the sweep begins (fraction 0).
        let nx: Double, ny: Double
        /// Unit direction of the ray.
        let ux: Double, uy: Double
        let slope: EdgeSlope
        /// Premultiplied colours at fraction 0 (after the ray) and 1 (before it).
        let start: SIMD4<Float>, end: SIMD4<Float>
    }

    /// Block lengths to choose from, longest first (multiples of eight: exact angles go eight at a time).
    static let interpolationBlocks = [64, 32, 16, 8]
    /// 1.5·2²³ and its bit pattern: adding it to a float in [0, 2²²) leaves the rounded integer in the mantissa.
    static let indexBias: Float = PixelWord.roundingBias
    static let indexBiasBits: UInt32 = 0x4B40_0000
    /// Colour error (levels) that interpolating the angle may add.
    static let interpolationTolerance = 0.25

    /// Table size bounds.
    static let entries = 64...4096

    /// Pixels whose centre lies within this distance (px) of the conic's centre take the mean colour of their
    /// square (``centrePixels(y:range:_:)``) instead of the colour at their centre. Only a band with no hole paints
    /// there; every angle meets in those pixels, so one sample stands for none of them (a pixel touching the centre
    /// spans a quarter turn), and SVG renderers, summing the pieces' areas, show the mean (issue 16: up to 54
    /// levels apart next to the centre of a thickness-50 % ring). Beyond it the mean and the centre's colour differ
    /// by under 2 levels (the angle's curvature over a pixel is 1/(8r²) rad).
    static let centreReach = 2.5
    /// Sub-samples per side of a centre pixel's square.
    static let centreSamples = 16

    /// The shader of `paint` on a band from `inner` to `extent` pixels from its centre; `closed` when the band
    /// is a whole turn, so both sides of the paint's wrap are drawn (a band that merely starts there has an edge
    /// of its own at the start ray, not a seam).
    init(_ paint: ConicPaint, inner: Double, extent: Double, closed: Bool = false) {
        cx = paint.center.x
        cy = paint.center.y
        cosStart = Float(Trig.cos(paint.start))
        sinStart = Float(Trig.sin(paint.start))
        direction = paint.sweep < 0 ? -1 : 1
        let span = min(abs(paint.sweep), Angle.fullTurn)
        self.span = Float(span)
        // Fine enough that neighbouring entries differ by at most half a level in any channel, so the nearest
        // entry is within a quarter level of the pixel's own colour. The colours, not the band's length, set the
        // size: a 1024 px ring needs no more entries than a 64 px one (a table per pixel of the outer edge, as
        // before, cost a 1024 px three-ring image a twentieth of its raster time to fill).
        let steps = 2 * 255 * paint.maxChannelRate
        let count = Int(steps.rounded(.up)).clamped(to: Self.entries) + 1
        table = ColorTable(count: count) { paint.color(atFraction: $0).premultiplied }
        opaque = table.entries.allSatisfy { $0.w >= 1 }
        words = opaque ? table.entries.map(PixelWord.word) : []
        // Along a row the angle's second derivative is at most 1/r², so a chord over h pixels strays at most
        // h²/(8r²) rad; in colour that is that angle / span × the steepest channel's 255·rate levels. The
        // longest block whose radius bound the whole band clears: a 1024 px ring's 64, a 64 px ring's 8.
        let levelsPerRadian = 255 * paint.maxChannelRate / max(span, 1e-9)
        func radius2(_ h: Int) -> Double { Double(h * h) / 8 * levelsPerRadian / Self.interpolationTolerance }
        let block = Self.interpolationBlocks.first { radius2($0) <= inner * inner } ?? Self.interpolationBlocks.last!
        self.block = block
        interpolationRadius2 = Float(radius2(block))
        let first = table.entries[0], last = table.entries[table.entries.count - 1]
        if closed, span >= Angle.fullTurn - 1e-9, first != last {
            let ux = Trig.cos(paint.start), uy = Trig.sin(paint.start)
            let d = paint.sweep < 0 ? -1.0 : 1.0
            // The sweep turns from u towards (−uy, ux) clockwise on screen (y down); mirrored when it runs back.
            let nx = -uy * d, ny = ux * d
            seam = Seam(nx: nx, ny: ny, ux: ux, uy: uy, slope: EdgeSlope(nx, ny), start: first, end: last)
        } else {
            seam = nil
        }
    }

    /// The pixels on row `y` whose colour is not their table entry's — the seam's (``seamPixels(y:range:_:)``),
    /// then the centre's (``centrePixels(y:range:_:)``), which win where both are — with those colours and what
    /// `dst` holds there now, for blending them once (empty, and no allocation, on the rows they are not on).
    func pixelsSetApart(
        y: Double, range: Range<Int>, _ dst: UnsafeMutablePointer<SIMD4<Float>>
    ) -> [(x: Int, color: SIMD4<Float>, under: SIMD4<Float>)] {
        var out: [(x: Int, color: SIMD4<Float>, under: SIMD4<Float>)] = []
        seamPixels(y: y, range: range) { x, c in out.append((x, c, dst[x])) }
        if nearCentre(y) { centrePixels(y: y, range: range) { x, c in out.append((x, c, dst[x])) } }
        return out
    }

    /// Calls `body(x, colour)` for each pixel of `range` on row `y` that the seam crosses, with its colour
    /// anti-aliased across the seam: the pixel's area on the start side in the start colour, the rest in the
    /// end colour. A pixel at most ``Coverage/reach`` from the ray's line, on the ray's side of the centre.
    @inline(__always)
    func seamPixels(y: Double, range: Range<Int>, _ body: (_ x: Int, _ color: SIMD4<Float>) -> Void) {
        guard let seam, !range.isEmpty else { return }
        let vy = y - cy
        // Signed distance of pixel x's centre to the line: nx·(x + 0.5 − cx) + ny·vy.
        let offset = seam.ny * vy
        let reach = Double(Coverage.reach)
        let xs: ClosedRange<Double>
        if abs(seam.nx) < 1e-12 {
            guard abs(offset) <= reach else { return }
            xs = Double(range.lowerBound)...Double(range.upperBound - 1)
        } else {
            let a = (-reach - offset) / seam.nx + cx - 0.5, b = (reach - offset) / seam.nx + cx - 0.5
            xs = min(a, b)...max(a, b)
        }
        let lo = max(range.lowerBound, Int(xs.lowerBound.rounded(.up)))
        let hi = min(range.upperBound - 1, Int(xs.upperBound.rounded(.down)))
        guard lo <= hi else { return }
        for x in lo...hi {
            let vx = Double(x) + 0.5 - cx
            // Only the ray, not the line's other half through the centre.
            guard vx * seam.ux + vy * seam.uy > 0 else { continue }
            let inside = Float(vx * seam.nx + vy * seam.ny)
            let k = Coverage.halfPlane(inside: inside, a: seam.slope.a, b: seam.slope.b)
            body(x, seam.start * k + seam.end * (1 - k))
        }
    }

    /// Row `y` (pixel centres) passes within ``centreReach`` of the centre: checked before the centre's pixels are
    /// looked for, which every other row (all but five) skips without a call.
    @inline(__always)
    func nearCentre(_ y: Double) -> Bool { abs(y - cy) < Self.centreReach }

    /// Calls `body(x, colour)` for each pixel of `range` on row `y` (pixel centres) within ``centreReach`` of the
    /// centre, with the mean premultiplied colour of ``centreSamples``² points of its square: of those inside the
    /// sweep when any is (the rest of the pixel belongs to the band's ends), else of all.
    func centrePixels(y: Double, range: Range<Int>, _ body: (_ x: Int, _ color: SIMD4<Float>) -> Void) {
        let reach = Self.centreReach
        guard nearCentre(y), !range.isEmpty else { return }
        let lo = max(range.lowerBound, Int((cx - reach - 0.5).rounded(.up)))
        let hi = min(range.upperBound - 1, Int((cx + reach - 0.5).rounded(.down)))
        guard lo <= hi else { return }
        let n = Self.centreSamples
        let step = 1 / Double(n)
        let last = table.last
        table.entries.withUnsafeBufferPointer { lut in
            for x in lo...hi {
                let px = Double(x) + 0.5 - cx, py = y - cy
                guard px * px + py * py < reach * reach else { continue }
                var inside = SIMD4<Float>.zero, all = SIMD4<Float>.zero
                var count = 0
                for j in 0..<n {
                    let vy = Float(py - 0.5 + (Double(j) + 0.5) * step)
                    for i in 0..<n {
                        let vx = Float(px - 0.5 + (Double(i) + 0.5) * step)
                        let phi = angle(vx, vy)
                        let c = ColorTable.nearest(lut, last: last, fraction(angle: phi))
                        all += c
                        if phi <= span {
                            inside += c
                            count += 1
                        }
                    }
                }
                body(x, count > 0 ? inside / Float(count) : all / Float(n * n))
            }
        }
    }

    /// The sweep fraction (0…1) for the pixel vector (`vx`, `vy`) from the centre.
    @inline(__always)
    func fraction(_ vx: Float, _ vy: Float) -> Float {
        fraction(angle: angle(vx, vy))
    }

    /// The sweep fraction (0…1) at angle `phi` in [0, 2π) from the start line (``angle(_:_:)``).
    @inline(__always)
    func fraction(angle phi: Float) -> Float {
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
    func fill(y: Double, range: Range<Int>, into dst: UnsafeMutablePointer<SIMD4<Float>>) {
        table.entries.withUnsafeBufferPointer { lut in
            if opaque {
                forEachIndex(y: y, range: range) { x, i in dst[x] = lut[i] }
                seamPixels(y: y, range: range) { x, c in dst[x] = c }
                if nearCentre(y) { centrePixels(y: y, range: range) { x, c in dst[x] = c } }
            } else {
                // The seam's and the centre's pixels are blended once, from what lay under them.
                let under = pixelsSetApart(y: y, range: range, dst)
                forEachIndex(y: y, range: range) { x, i in
                    let c = lut[i]
                    dst[x] = c.w >= 1 ? c : c + dst[x] * (1 - c.w)
                }
                for (x, c, below) in under { dst[x] = c + below * (1 - c.w) }
            }
        }
    }

    /// ``fill(y:range:into:)`` straight into 8-bit bitmap words, for an ``opaque`` shader: the same table entry
    /// per pixel, rounded once when the table was made.
    func fillWords(y: Double, range: Range<Int>, into out: UnsafeMutableRawPointer) {
        precondition(opaque, "only an opaque conic replaces pixels")
        words.withUnsafeBufferPointer { lut in
            forEachIndex(y: y, range: range) { x, i in PixelWord.store(lut[i], at: x, in: out) }
        }
        seamPixels(y: y, range: range) { x, c in PixelWord.store(PixelWord.word(c), at: x, in: out) }
        if nearCentre(y) {
            centrePixels(y: y, range: range) { x, c in PixelWord.store(PixelWord.word(c), at: x, in: out) }
        }
    }

    /// Calls `body(x, i)` for each pixel `x` of `range` on row `y` (pixel centres) with the index `i` of its
    /// table entry.
    ///
    /// Far enough from the centre the angle is so nearly linear along a row that one exact angle per
    /// ``block`` pixels, interpolated, stays within ``interpolationTolerance`` levels; blocks that
    /// reach the ends of the sweep (clamping, the seam of a full band) or come near the centre take exact angles.
    /// Blocks lie on a fixed grid of the row (x a multiple of the block) and are judged whole, also where the run
    /// covers only part of one, so a pixel's index depends on its position alone, never on how its row was split
    /// into runs (interior pixels reach here through the float row or straight as words).
    @inline(__always)
    private func forEachIndex(y: Double, range: Range<Int>, _ body: (_ x: Int, _ index: Int) -> Void) {
        guard !range.isEmpty else { return }
        let vy = Float(y - cy)
        let last = table.last
        let block = self.block
        let lanes = SIMD16<Float>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let scale = (span > 0 ? 1 / span : 0) * last
        let bias = SIMD16<Float>(repeating: Self.indexBias)
        var x = range.lowerBound - range.lowerBound % block
        var phiStart = angle(Float(Double(x) + 0.5 - cx), vy)
        while x < range.upperBound {
            let vx = Float(Double(x) + 0.5 - cx)
            let phiEnd = angle(vx + Float(block), vy)
            // The block's pixels that are in the run.
            let first = max(0, range.lowerBound - x), end = min(block, range.upperBound - x)
            // Nearest point of the block to the centre.
            let nearest = min(max(0, -vx), Float(block))
            let r2 = (vx + nearest) * (vx + nearest) + vy * vy
            // The block's indices (up to 64), sixteen lanes at a time (wider SIMD types are not lowered well).
            var indices: (SIMD16<UInt32>, SIMD16<UInt32>, SIMD16<UInt32>, SIMD16<UInt32>) = (.zero, .zero, .zero, .zero)
            if phiStart <= span && phiEnd <= span && abs(phiEnd - phiStart) < 0.5 && r2 >= interpolationRadius2 {
                // Both ends inside the sweep, so every index lies in the table: rounded by the 1.5·2²³ bias
                // (see PixelWord) without conversion checks.
                let step = (phiEnd - phiStart) * scale / Float(block)
                let u0 = phiStart * scale + lanes * step
                indices.0 = unsafeBitCast(u0 + bias, to: SIMD16<UInt32>.self) &- Self.indexBiasBits
                if block > 16 {
                    indices.1 = unsafeBitCast(u0 + (16 * step) + bias, to: SIMD16<UInt32>.self) &- Self.indexBiasBits
                }
                if block > 32 {
                    indices.2 = unsafeBitCast(u0 + (32 * step) + bias, to: SIMD16<UInt32>.self) &- Self.indexBiasBits
                    indices.3 = unsafeBitCast(u0 + (48 * step) + bias, to: SIMD16<UInt32>.self) &- Self.indexBiasBits
                }
            } else {
                // Eight exact angles at a time; fractions are clamped to 0…1, so the same rounding lands inside
                // the table.
                withUnsafeMutableBytes(of: &indices) { indices in
                    for group in stride(from: 0, to: block, by: 8) {
                        let u = fractions(vx + Float(group) + lanes.lowHalf, vy)
                        let words = unsafeBitCast(u * last + bias.lowHalf, to: SIMD8<UInt32>.self) &- Self.indexBiasBits
                        indices.storeBytes(of: words, toByteOffset: group &* 4, as: SIMD8<UInt32>.self)
                    }
                }
            }
            // Read the lanes through memory once: a run-time index into a SIMD vector spills it every time.
            withUnsafeBytes(of: &indices) { indices in
                if first == 0 && end == block {
                    for i in 0..<block { body(x &+ i, Int(indices.load(fromByteOffset: i &* 4, as: UInt32.self))) }
                } else {
                    for i in first..<end { body(x &+ i, Int(indices.load(fromByteOffset: i &* 4, as: UInt32.self))) }
                }
            }
            phiStart = phiEnd
            x += block
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
        // The seam's and the centre's pixels are blended once, from what lay under them.
        let under = pixelsSetApart(y: y, range: range, dst)
        defer {
            for (x, c, below) in under {
                let k = coverage[x]
                if k > 0 { dst[x] = c * k + below * (1 - c.w * k) }
            }
        }
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
