import CHarfBuzz
import RingCore
import RingSync

/// One glyph's outline in em units (x right, y down, origin on the baseline) and the box of its ink.
struct GlyphOutline: Sendable {
    let path: FilledPath
    /// Box of the flattened outline (tighter than the control points), nil for a blank glyph (a space).
    let ink: TextBounds?

    /// How far the flattened outline used for the ink box may stray from the curves, in em.
    static let inkTolerance = 0.001

    /// The outline HarfBuzz draws for `glyph` (TrueType quadratics or CFF cubics, as the font has them).
    init(font: OpaquePointer, glyph: UInt32, unitsPerEm: Double) {
        let sink = OutlineSink(scale: 1 / unitsPerEm)
        withExtendedLifetime(sink) {
            hb_font_get_glyph_shape(font, glyph, OutlineSink.funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        path = FilledPath(sink.elements)
        var box: TextBounds?
        for polygon in path.polygons(tolerance: Self.inkTolerance) {
            for p in polygon { box = box?.union(TextBounds(point: p)) ?? TextBounds(point: p) }
        }
        ink = box
    }
}

/// Collects HarfBuzz's draw calls as path elements, flipping y (fonts are y up, images y down).
private final class OutlineSink {
    var elements: [FilledPath.Element] = []
    let scale: Double

    init(scale: Double) { self.scale = scale }

    func point(_ x: Float, _ y: Float) -> Point { Point(x: Double(x) * scale, y: -Double(y) * scale) }

    static func sink(_ data: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(data!).takeUnretainedValue()
    }

    /// One immutable set of callbacks for every draw (HarfBuzz allows sharing it between threads once immutable).
    nonisolated(unsafe) static let funcs: OpaquePointer = {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            let s = OutlineSink.sink(data)
            s.elements.append(.move(s.point(x, y)))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            let s = OutlineSink.sink(data)
            s.elements.append(.line(s.point(x, y)))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            let s = OutlineSink.sink(data)
            s.elements.append(.quad(s.point(cx, cy), s.point(x, y)))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            let s = OutlineSink.sink(data)
            s.elements.append(.cubic(s.point(c1x, c1y), s.point(c2x, c2y), s.point(x, y)))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            OutlineSink.sink(data).elements.append(.close)
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return funcs
    }()
}

/// A dictionary behind a lock that empties itself when full: the shaped lines and glyph outlines RingText
/// keeps, bounded so a flood of distinct texts or glyphs cannot grow memory without limit.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = LockedValue<[Key: Value]>([:])
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func value(for key: Key) -> Value? { storage.withLock { $0[key] } }

    func removeAll() { storage.withLock { $0.removeAll(keepingCapacity: true) } }

    func store(_ value: Value, for key: Key) {
        storage.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = value
        }
    }
}
