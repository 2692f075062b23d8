@testable import RingCore

/// Helpers that pick parts out of a scene for assertions.
extension Scene {
    /// Every shape in paint order, groups flattened.
    var shapes: [Shape] { items.flatMap(\.shapes) }

    /// Every group in paint order, nested ones included.
    var groups: [Group] { items.flatMap(\.groups) }

    var arcs: [ArcBand] {
        shapes.compactMap { if case .arc(let a) = $0.primitive { a } else { nil } }
    }

    var rings: [Ring] {
        shapes.compactMap { if case .ring(let r) = $0.primitive { r } else { nil } }
    }

    var discs: [(Disc, Paint)] {
        shapes.compactMap { if case .disc(let d) = $0.primitive { (d, $0.paint) } else { nil } }
    }
}

extension SceneItem {
    var shapes: [Shape] {
        switch self {
        case .shape(let s): [s]
        case .group(let g): g.items.flatMap(\.shapes)
        }
    }

    var groups: [Group] {
        switch self {
        case .shape: []
        case .group(let g): [g] + g.items.flatMap(\.groups)
        }
    }
}

/// `a` and `b` within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

enum Specs {
    static let purple = Color(hex: 0x8E44AD)
    static let yellow = Color(hex: 0xF1C40F)
    static let gradient = Gradient(stops: [purple, yellow])!
    static let track = Color(hex: 0xF2F2F7)

    /// 128 px, thickness 12 % (15.36 px): centre (64, 64), centre-line radius 56.32, half width 7.68.
    static func ring(
        _ p: Double, start: Double = -90, direction: Direction = .cw, cap: LineCap = .round,
        shadow: ShadowMode = .auto, fill: Fill = .gradient(gradient), animated: Bool = false
    ) -> RingSpec {
        RingSpec(
            style: .ring(
                RingStyle(
                    progress: p, fill: fill, track: track, start: start, direction: direction, cap: cap, shadow: shadow)
            ),
            common: CommonOptions(animation: animated ? Animation(duration: 1) : nil)
        )
    }
}
