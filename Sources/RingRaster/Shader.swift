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
            case .arc(let arc):
                self = .conic(ConicShader(
                    conic, inner: arc.radius - arc.width / 2, extent: arc.radius + arc.width / 2, closed: arc.isFullCircle))
            case .ring(let ring):
                self = .conic(ConicShader(
                    conic, inner: ring.radius - ring.width / 2, extent: ring.radius + ring.width / 2, closed: true))
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

extension Shader {
    /// Every colour it gives is opaque: a pixel it covers fully takes its colour whatever lies beneath.
    var isOpaque: Bool {
        switch self {
        case .solid(let color): color.w >= 1
        case .conic(let shader): shader.opaque
        case .profile: false
        }
    }

    /// Writes the colours of `range` on row `y` straight into the bitmap row `out` as 8-bit words (see
    /// ``PixelWord``), for pixels the shape covers fully and nothing drawn after it touches. Only for an
    /// ``isOpaque`` shader: the words are what compositing its colour over anything and packing would give.
    func fillWords(y: Double, range: Range<Int>, into out: UnsafeMutableRawPointer) {
        switch self {
        case .solid(let color):
            let word = PixelWord.word(color)
            for x in range { PixelWord.store(word, at: x, in: out) }
        case .conic(let shader):
            shader.fillWords(y: y, range: range, into: out)
        case .profile:
            preconditionFailure("a profile shader is never opaque")
        }
    }

    /// Composites the shaded pixels of `range` on row `y`, all fully covered, over `dst` (the interior of a
    /// shape: no coverage to read or weigh). `coverage` holds ones there, for shaders that just blend.
    func fill(
        y: Double, range: Range<Int>, coverage: UnsafePointer<Float>, into dst: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        switch self {
        case .solid(let color):
            if color.w >= 1 {
                (dst + range.lowerBound).update(repeating: color, count: range.count)
            } else {
                for x in range { dst[x] = color + dst[x] * (1 - color.w) }
            }
        case .conic(let shader):
            shader.fill(y: y, range: range, into: dst)
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
