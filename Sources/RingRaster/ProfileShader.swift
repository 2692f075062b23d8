import RingCore

/// A colour whose opacity is the Scene's piecewise-linear profile of a distance: from a centre (the tip's round
/// shadow, ``RadialProfile``) or in front of a line (a butt tip's shadow, ``LinearProfile``). The SVG writer
/// emits the same stops as a gradient, so both outputs draw one function.
struct ProfileShader {
    enum Distance {
        /// From (`cx`, `cy`).
        case radial(cx: Double, cy: Double)
        /// Along the unit vector (`dx`, `dy`) from (`ox`, `oy`).
        case linear(ox: Double, oy: Double, dx: Double, dy: Double)
    }

    let distance: Distance
    /// The distance of the first and last stop: the profile is constant outside.
    let first: Double, last: Double
    /// Premultiplied colour × opacity, sampled over `first…last`.
    let table: ColorTable

    /// Samples of the profile: its stops are ≈ a twelfth of its length apart, so 1024 samples put a kink at
    /// most 1/1024 of the length from a sample (far below a level).
    static let samples = 1024

    init(_ profile: RadialProfile) {
        distance = .radial(cx: profile.center.x, cy: profile.center.y)
        (first, last) = (profile.stops.first?.distance ?? 0, profile.stops.last?.distance ?? 0)
        let color = profile.color.premultiplied
        let (lo, hi, c) = (first, last, profile.center)
        table = ColorTable(count: Self.samples) { u in
            color * Float(profile.opacity(at: Point(x: c.x + lo + (hi - lo) * u, y: c.y)))
        }
    }

    init(_ profile: LinearProfile) {
        let o = profile.origin, d = profile.direction
        distance = .linear(ox: o.x, oy: o.y, dx: d.x, dy: d.y)
        (first, last) = (profile.stops.first?.distance ?? 0, profile.stops.last?.distance ?? 0)
        let color = profile.color.premultiplied
        let (lo, hi) = (first, last)
        table = ColorTable(count: Self.samples) { u in
            color * Float(profile.opacity(at: o + d * (lo + (hi - lo) * u)))
        }
    }

    func blend(
        y: Double, range: Range<Int>, coverage: UnsafePointer<Float>, into dst: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let lo = Float(first)
        let scale = last > first ? Float(1 / (last - first)) : 0
        let lastIndex = table.last
        table.entries.withUnsafeBufferPointer { lut in
            switch distance {
            case .radial(let cx, let cy):
                let vy = Float(y - cy)
                let x0 = Float(Double(range.lowerBound) + 0.5 - cx)
                for x in range {
                    let k = coverage[x]
                    guard k > 0 else { continue }
                    let vx = x0 + Float(x - range.lowerBound)
                    let d = (vx * vx + vy * vy).squareRoot()
                    let c = ColorTable.lookup(lut, last: lastIndex, (d - lo) * scale)
                    dst[x] = c * k + dst[x] * (1 - c.w * k)
                }
            case .linear(let ox, let oy, let dx, let dy):
                let t0 = Float((Double(range.lowerBound) + 0.5 - ox) * dx + (y - oy) * dy)
                let step = Float(dx)
                for x in range {
                    let k = coverage[x]
                    guard k > 0 else { continue }
                    let d = t0 + step * Float(x - range.lowerBound)
                    let c = ColorTable.lookup(lut, last: lastIndex, (d - lo) * scale)
                    dst[x] = c * k + dst[x] * (1 - c.w * k)
                }
            }
        }
    }
}
