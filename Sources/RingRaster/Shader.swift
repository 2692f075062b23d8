import RingCore

/// How a shape's pixels are coloured: premultiplied sRGB in single precision, blended source-over in sRGB
/// space as browsers, resvg and librsvg do (no linear-light conversion), so PNG and SVG agree.
enum Shader {
    case solid(SIMD4<Float>)
    case conic(ConicShader)
    case profile(ProfileShader)

    /// The shader for `paint` on `primitive` (both in device pixels), reading every colour from the Scene.
    init(_ paint: Paint, on primitive: Primitive) {
        switch paint {
        case .solid(let color):
            self = .solid(color.premultiplied)
        case .conic(let conic):
            switch primitive {
            case .arc(let arc): self = .conic(ConicShader(conic, extent: arc.radius + arc.width / 2))
            case .ring(let ring): self = .conic(ConicShader(conic, extent: ring.radius + ring.width / 2))
            default:
                // As in the SVG writer: a conic paint only describes bands; anything else takes the start colour.
                self = .solid(conic.color(atFraction: 0).premultiplied)
            }
        case .radial(let profile):
            self = .profile(ProfileShader(profile))
        case .linear(let profile):
            self = .profile(ProfileShader(profile))
        }
    }

    /// Composites the shaded pixels of `range` on row `y` (pixel centres), each weighted by `coverage[x]`, over
    /// `dst`.
    func blend(
        y: Double, range: Range<Int>, coverage: UnsafePointer<Float>, into dst: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        switch self {
        case .solid(let color):
            if color.w >= 1 {
                for x in range {
                    let k = coverage[x]
                    if k >= 1 {
                        dst[x] = color
                    } else if k > 0 {
                        dst[x] = color * k + dst[x] * (1 - k)
                    }
                }
            } else {
                for x in range {
                    let k = coverage[x]
                    if k > 0 { dst[x] = color * k + dst[x] * (1 - color.w * k) }
                }
            }
        case .conic(let shader):
            shader.blend(y: y, range: range, coverage: coverage, into: dst)
        case .profile(let shader):
            shader.blend(y: y, range: range, coverage: coverage, into: dst)
        }
    }
}

extension Color {
    /// Premultiplied channels in 0…1.
    var premultiplied: SIMD4<Float> {
        let a = Float(self.a) / 255
        return SIMD4(Float(r) / 255 * a, Float(g) / 255 * a, Float(b) / 255 * a, a)
    }
}

/// A table of premultiplied colours sampled evenly over a parameter range, read with linear interpolation.
struct ColorTable {
    let entries: [SIMD4<Float>]
    /// `entries.count − 1` as a float, the scale from the unit parameter to an index.
    let last: Float

    /// `count` (≥ 2) samples of `color` at `0, 1/(count−1), …, 1`.
    init(count: Int, _ color: (Double) -> SIMD4<Float>) {
        let n = max(2, count)
        entries = (0..<n).map { color(Double($0) / Double(n - 1)) }
        last = Float(n - 1)
    }

    /// The entry nearest to `u` in 0…1 (clamped).
    @inline(__always)
    static func nearest(_ table: UnsafeBufferPointer<SIMD4<Float>>, last: Float, _ u: Float) -> SIMD4<Float> {
        table[Int(u.clampedToUnit * last + 0.5)]
    }

    /// The colour at `u` in 0…1 (clamped).
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<SIMD4<Float>>, last: Float, _ u: Float) -> SIMD4<Float> {
        let idx = u.clampedToUnit * last
        let i = min(Int(idx), table.count - 2)
        let t = idx - Float(i)
        let a = table[i], b = table[i + 1]
        return a + (b - a) * t
    }
}
