/// Angle helpers. Every angle in the Scene is in radians, 0 = +x (3 o'clock), increasing clockwise on screen
/// (y points down), so `Point.polar` and every writer agree without sign flips.
public enum Angle {
    /// 2π.
    public static let fullTurn = 2 * Double.pi

    /// Degrees → radians.
    @inlinable public static func radians(degrees: Double) -> Double { degrees * .pi / 180 }

    /// Radians → degrees.
    @inlinable public static func degrees(radians: Double) -> Double { radians * 180 / .pi }

    /// `x` reduced into `[0, 2π)`.
    public static func normalized(_ x: Double) -> Double {
        let r = x.truncatingRemainder(dividingBy: fullTurn)
        let n = r < 0 ? r + fullTurn : r
        // `r + 2π` can round up to exactly 2π for tiny negative r.
        return n >= fullTurn ? 0 : n
    }
}
