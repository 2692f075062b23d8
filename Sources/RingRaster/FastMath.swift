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
