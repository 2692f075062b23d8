import RingCore

/// The small grammars of query values: strict decimals, progress forms, paints.
enum ValueSyntax {
    /// Longest numeric literal accepted; stops `1e999`-style and megabyte-long numbers early.
    static let maxNumberLength = 24

    /// A strict decimal: optional sign, digits with an optional fraction (`.7` allowed), optional exponent.
    /// Rejects `nan`, `inf`, hex floats and anything that overflows to infinity.
    static func decimal(_ s: String) -> Double? {
        let u = Array(s.utf8)
        guard !u.isEmpty, u.count <= maxNumberLength else { return nil }
        var i = 0
        if u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < u.count, isDigit(u[i]) { i += 1; digits += 1 }
        if i < u.count, u[i] == UInt8(ascii: ".") {
            i += 1
            while i < u.count, isDigit(u[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i += 1
            if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
            var expDigits = 0
            while i < u.count, isDigit(u[i]) { i += 1; expDigits += 1 }
            guard expDigits > 0 else { return nil }
        }
        guard i == u.count, let v = Double(s), v.isFinite else { return nil }
        return v == 0 ? 0 : v  // no negative zero
    }

    /// `0.7`, `.7`, `70%`, `7/10`. Nil for anything else, negative values included.
    static func progress(_ s: String) -> Double? {
        let v: Double?
        if s.hasSuffix("%") {
            v = decimal(String(s.dropLast())).map { $0 / 100 }
        } else if let slash = s.firstIndex(of: "/") {
            guard let n = decimal(String(s[..<slash])), let d = decimal(String(s[s.index(after: slash)...])), d > 0
            else { return nil }
            v = n / d
        } else {
            v = decimal(s)
        }
        guard let v, v.isFinite, v >= 0 else { return nil }
        return v
    }

    /// Rounds to 1e-6 so equal-looking inputs (`0.7`, `0.70`, `70%`, `7/10`) become one canonical value.
    static func canonical(_ v: Double) -> Double {
        let r = (v * 1e6).rounded() / 1e6
        return r == 0 ? 0 : r
    }

    /// A colour, an activity preset, or `separator`-joined gradient stops.
    static func paint(_ s: String, separator: Character, stops: ClosedRange<Int>) -> Fill? {
        if let preset = NamedColors.gradientPreset(s) { return .gradient(preset) }
        if !s.contains(separator), let c = Color(parsing: s) { return .solid(c) }
        let parts = s.split(separator: separator, omittingEmptySubsequences: false)
        guard stops.contains(parts.count) else { return nil }
        var colors: [Color] = []
        for p in parts {
            guard let c = Color(parsing: p) else { return nil }
            colors.append(c)
        }
        return Gradient(stops: colors).map(Fill.gradient)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
