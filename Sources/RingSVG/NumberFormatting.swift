import RingCore

/// Deterministic number text for SVG and CSS.
///
/// Numbers are rounded half away from zero to a fixed number of decimals, trailing zeros are trimmed, `-0`
/// never appears, and non-finite values (which the layout never produces) print as `0`. The formatting uses
/// integer arithmetic only, so output does not depend on platform float printing.
enum NumberFormatting {
    /// User-space lengths and coordinates: 2 decimals (one user unit is one CSS pixel, so 0.01 px).
    static func length(_ x: Double) -> String { fixed(x, decimals: 2) }

    /// Unit fractions (opacities, gradient offsets, trim fractions): 3 decimals, enough to carry an 8-bit value
    /// exactly (1/255 ≈ 0.0039), which 2 decimals would not.
    static func fraction(_ x: Double) -> String { fixed(x, decimals: 3) }

    /// An 8-bit alpha as an opacity that reads back to the same byte.
    static func alpha(_ a: UInt8) -> String { fraction(Double(a) / 255) }

    /// `x` rounded to `decimals` (0…6) places.
    static func fixed(_ x: Double, decimals: Int) -> String {
        guard x.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (x * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e15 else { return "0" }
        let n = Int64(scaled)
        if n == 0 { return "0" }
        let magnitude = n.magnitude
        let whole = magnitude / UInt64(scale)
        var frac = magnitude % UInt64(scale)
        var text = (n < 0 ? "-" : "") + String(whole)
        guard frac != 0 else { return text }
        var width = decimals
        while frac % 10 == 0 {
            frac /= 10
            width -= 1
        }
        let digits = String(frac)
        text += "." + String(repeating: "0", count: width - digits.count) + digits
        return text
    }
}

extension Color {
    /// `#rrggbb` for SVG paint attributes (alpha travels separately as an opacity).
    var svgHex: String { hexRGB }
}
