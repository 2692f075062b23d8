// RingCore imports only the standard library — plus the platform C library, for its correctly rounded
// trigonometry (sin, cos, atan2, hypot, exp, erf). Importing it here, in one file, keeps the rest of the module
// free of platform conditionals; geometry code calls these wrappers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's trigonometric and special functions, re-exported for the rendering targets.
public enum Trig {
    @inlinable public static func sin(_ x: Double) -> Double { sinImpl(x) }
    @inlinable public static func cos(_ x: Double) -> Double { cosImpl(x) }
    @inlinable public static func atan2(_ y: Double, _ x: Double) -> Double { atan2Impl(y, x) }
    @inlinable public static func exp(_ x: Double) -> Double { expImpl(x) }
    @inlinable public static func erf(_ x: Double) -> Double { erfImpl(x) }
    @inlinable public static func acos(_ x: Double) -> Double { acosImpl(x) }
    @inlinable public static func asin(_ x: Double) -> Double { asinImpl(x) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { powImpl(x, y) }
}

@usableFromInline func sinImpl(_ x: Double) -> Double { sin(x) }
@usableFromInline func cosImpl(_ x: Double) -> Double { cos(x) }
@usableFromInline func atan2Impl(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func expImpl(_ x: Double) -> Double { exp(x) }
@usableFromInline func erfImpl(_ x: Double) -> Double { erf(x) }
@usableFromInline func acosImpl(_ x: Double) -> Double { acos(x) }
@usableFromInline func asinImpl(_ x: Double) -> Double { asin(x) }
@usableFromInline func powImpl(_ x: Double, _ y: Double) -> Double { pow(x, y) }
