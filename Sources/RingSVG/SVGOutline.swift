import RingCore

/// A filled outline (text) as compact path data: the first point absolute, every later one relative, coordinates
/// in whole hundredths of a pixel (the writer's fixed precision), without characters a parser does not need
/// (`h`/`v` for axis lines, `t` for a quadratic whose control point mirrors the previous one, as TrueType's implied
/// on-curve points make most of them, no leading zeros, no space before a minus sign).
///
/// Every point is rounded to hundredths *before* the differences are taken, so the relative data lands on exactly
/// the rounded points an absolute path would: no drift along a long outline. Copies of one outline moved by whole
/// hundredths (a text and its shadow, a label in the light and the dark picture) have the same ``tail``, so the
/// writer defines the outline once and places each copy with `<use>`.
struct SVGOutline: Hashable {
    /// The first point, in hundredths of a pixel.
    let startX: Int64
    let startY: Int64
    /// The path data after the first point's `M`, all relative.
    let tail: String

    /// Nil when the outline draws nothing.
    init?(_ outline: FilledPath) {
        guard !outline.isEmpty else { return nil }
        var data = Compact()
        var start: (Int64, Int64)?
        var current: (Int64, Int64) = (0, 0)
        var subpathStart: (Int64, Int64) = (0, 0)
        var open = false
        // The last quadratic's control point, while the previous segment is one (SVG's `t` mirrors it).
        var quadControl: (Int64, Int64)?
        func grid(_ p: Point) -> (Int64, Int64) { (Self.hundredths(p.x), Self.hundredths(p.y)) }
        for element in outline.elements {
            let previousControl = quadControl
            quadControl = nil
            switch element {
            case .move(let p):
                if open {
                    data.command("z")
                    current = subpathStart
                }
                let q = grid(p)
                if start == nil {
                    start = q
                } else {
                    data.command("m", repeats: false)
                    data.pair(q.0 - current.0, q.1 - current.1)
                }
                current = q
                subpathStart = q
                open = true
            case .line(let p):
                let q = grid(p)
                let dx = q.0 - current.0, dy = q.1 - current.1
                if dx == 0 && dy == 0 { continue }
                if dx == 0 {
                    data.command("v")
                    data.number(dy)
                } else if dy == 0 {
                    data.command("h")
                    data.number(dx)
                } else {
                    data.command("l")
                    data.pair(dx, dy)
                }
                current = q
            case .quad(let c, let p):
                let a = grid(c), q = grid(p)
                // Exact on the grid, so `t` draws the very curve `q` would.
                if let b = previousControl, a.0 == 2 * current.0 - b.0, a.1 == 2 * current.1 - b.1 {
                    data.command("t")
                } else {
                    data.command("q")
                    data.pair(a.0 - current.0, a.1 - current.1)
                }
                data.pair(q.0 - current.0, q.1 - current.1)
                current = q
                quadControl = a
            case .cubic(let c1, let c2, let p):
                let a = grid(c1), b = grid(c2), q = grid(p)
                data.command("c")
                data.pair(a.0 - current.0, a.1 - current.1)
                data.pair(b.0 - current.0, b.1 - current.1)
                data.pair(q.0 - current.0, q.1 - current.1)
                current = q
            case .close:
                if open {
                    data.command("z")
                    current = subpathStart
                }
                open = false
            }
        }
        if open { data.command("z") }
        guard let start else { return nil }
        (startX, startY) = start
        tail = data.text
    }

    /// Path data that draws the outline where it is.
    var d: String { "M" + Self.number(startX) + " " + Self.number(startY) + tail }

    /// Path data that draws the outline with its first point at the origin (a shared definition; each `<use>`
    /// moves it to ``startX``, ``startY``).
    var originD: String { "M0 0" + tail }

    static func hundredths(_ x: Double) -> Int64 {
        let scaled = (x * 100).rounded(.toNearestOrAwayFromZero)
        return scaled.isFinite && abs(scaled) < 9e15 ? Int64(scaled) : 0
    }

    /// Hundredths as the shortest decimal: 151 → `1.51`, -90 → `-.9`, 5 → `.05`, 200 → `2`.
    static func number(_ n: Int64) -> String {
        if n == 0 { return "0" }
        let m = n.magnitude
        let whole = m / 100
        var frac = m % 100
        var text = n < 0 ? "-" : ""
        if whole != 0 || frac == 0 { text += String(whole) }
        guard frac != 0 else { return text }
        var width = 2
        if frac % 10 == 0 {
            frac /= 10
            width = 1
        }
        let digits = String(frac)
        return text + "." + String(repeating: "0", count: width - digits.count) + digits
    }

    /// Path data being written: a command letter only when it changes, separators only where needed.
    private struct Compact {
        var text = ""
        private var last: Character?
        private var lastHasDot = false
        private var afterCommand = true

        mutating func command(_ c: Character, repeats: Bool = true) {
            if repeats, c != "z", last == c { return }
            text.append(c)
            last = c
            afterCommand = true
        }

        mutating func number(_ n: Int64) {
            let s = SVGOutline.number(n)
            let first = s.first
            if !afterCommand && first != "-" && !(first == "." && lastHasDot) { text += " " }
            text += s
            lastHasDot = s.contains(".")
            afterCommand = false
        }

        mutating func pair(_ x: Int64, _ y: Int64) {
            number(x)
            number(y)
        }
    }
}
