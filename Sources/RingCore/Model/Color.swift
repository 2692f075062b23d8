/// An sRGB colour with straight (non-premultiplied) 8-bit channels.
///
/// 8-bit is the single quantisation point: the SVG writer prints these bytes and the rasterizer reads them,
/// so both outputs start from identical colours.
public struct Color: Sendable, Hashable, Encodable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB` with full opacity.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }

    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)

    /// Opacity in 0…1.
    public var opacity: Double { Double(a) / 255 }

    public var isOpaque: Bool { a == 255 }

    /// The same colour with full opacity.
    public var opaque: Color { Color(r: r, g: g, b: b) }

    /// WCAG relative luminance of the opaque colour, 0 (black) … 1 (white): sRGB channels linearised, then
    /// weighted by the eye's sensitivity.
    public var relativeLuminance: Double {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : Trig.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio between this colour and `other` (both taken as opaque): 1 … 21.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `#rrggbb` (alpha is written separately by writers, as `opacity`).
    public var hexRGB: String {
        "#" + [r, g, b].map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    /// `#rrggbbaa`, the canonical text form used in cache keys.
    public var hexRGBA: String {
        let s = String(a, radix: 16)
        return hexRGB + (s.count == 1 ? "0" + s : s)
    }

    /// Linear interpolation of straight channels in sRGB space (as browsers interpolate gradients), rounded.
    public func mixed(with other: Color, _ t: Double) -> Color {
        func lerp(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded().clamped(to: 0...255))
        }
        return Color(r: lerp(r, other.r), g: lerp(g, other.g), b: lerp(b, other.b), a: lerp(a, other.a))
    }
}

extension Comparable {
    @inlinable
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
