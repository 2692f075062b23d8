/// Draws render nodes one pixel row at a time into premultiplied float rows, then packs each finished row into
/// the bitmap.
///
/// Working one row at a time keeps every buffer a few kilobytes (a 4096² image never needs a 256 MiB float
/// canvas) and in cache; a layer is one more float row. Each row only touches the x extent its shapes reach.
final class RowRenderer {
    let width: Int
    /// `levels[0]` is the image row; `levels[n]` the offscreen row of layers nested `n` deep.
    private let levels: [UnsafeMutablePointer<SIMD4<Float>>]
    /// Coverage of the shape being drawn (or a layer's weights while it composites).
    private let coverage: UnsafeMutablePointer<Float>
    /// Coverage of one clip.
    private let clipCoverage: UnsafeMutablePointer<Float>
    /// Work counted so far.
    private(set) var statistics = RenderStatistics()

    /// Scratch for an image `width` pixels wide with layers nested up to `depth` deep.
    init(width: Int, depth: Int) {
        self.width = width
        levels = (0...depth).map { _ in
            let row = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width)
            row.initialize(repeating: .zero, count: width)
            return row
        }
        coverage = .allocate(capacity: width)
        coverage.initialize(repeating: 0, count: width)
        clipCoverage = .allocate(capacity: width)
        clipCoverage.initialize(repeating: 0, count: width)
    }

    deinit {
        for row in levels { row.deallocate() }
        coverage.deallocate()
        clipCoverage.deallocate()
    }

    /// Renders row `y` of `nodes` over `background` (premultiplied, or nil for transparent) into the 8-bit
    /// premultiplied pixels of that row, `out` (`width × 4` bytes). Pixels nothing touches are left as they are.
    func render(
        _ nodes: [RenderNode], y: Int, background: SIMD4<Float>?, into out: UnsafeMutablePointer<UInt8>
    ) {
        let row = levels[0]
        var extent = Extent()
        if let background {
            row.update(repeating: background, count: width)
            extent.add(0, width)
        }
        for node in nodes where node.rows.contains(y) {
            extent.add(draw(node, y: y, level: 0))
        }
        guard !extent.isEmpty else { return }
        statistics.packedPixels += extent.upper - extent.lower
        Self.pack(row, extent.lower..<extent.upper, into: out)
    }

    /// Writes `row[range]` as rounded 8-bit premultiplied RGBA and clears it for the next row.
    ///
    /// Source-over of valid premultiplied colours keeps every channel within 0…alpha…1, so no clamping is
    /// needed beyond float rounding, which the byte rounding absorbs (and the PNG encoder clamps colour to
    /// alpha when un-premultiplying). Adding 1.5·2²³ leaves round(255·c) in the low mantissa bits (floats in
    /// [2²³, 2²⁴) are integers): a rounding conversion without the generic SIMD integer conversion, which is an
    /// order of magnitude slower. Four pixels go at a time, their channels regrouped into four words by even/odd
    /// lane shuffles.
    private static func pack(_ row: UnsafeMutablePointer<SIMD4<Float>>, _ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(out)
        let bias16 = SIMD16<Float>(repeating: 12_582_912)
        var x = range.lowerBound
        while x + 4 <= range.upperBound {
            let p = UnsafeMutableRawPointer(row + x)
            let v = p.loadUnaligned(as: SIMD16<Float>.self)
            p.storeBytes(of: SIMD16<Float>(), as: SIMD16<Float>.self)
            let bits = unsafeBitCast(v * 255 + bias16, to: SIMD16<UInt32>.self) & 0xFF
            let even = bits.evenHalf, odd = bits.oddHalf  // (r, b, …) and (g, a, …) per pixel
            let rb = even.evenHalf | even.oddHalf &<< 16, ga = odd.evenHalf | odd.oddHalf &<< 16
            raw.storeBytes(of: rb | ga &<< 8, toByteOffset: x * 4, as: SIMD4<UInt32>.self)
            x += 4
        }
        let bias = SIMD4<Float>(repeating: 12_582_912)
        while x < range.upperBound {
            let bits = unsafeBitCast(row[x] * 255 + bias, to: SIMD4<UInt32>.self) & 0xFF
            row[x] = .zero
            raw.storeBytes(of: bits.x | bits.y &<< 8 | bits.z &<< 16 | bits.w &<< 24, toByteOffset: x * 4, as: UInt32.self)
            x += 1
        }
    }

    /// Draws `node` on row `y` into `levels[level]`; returns the x extent it painted.
    private func draw(_ node: RenderNode, y: Int, level: Int) -> Extent {
        switch node {
        case .shape(let shape): draw(shape, y: y, into: levels[level])
        case .layer(let layer): draw(layer, y: y, level: level)
        }
    }

    private func draw(_ shape: ShapeNode, y: Int, into dst: UnsafeMutablePointer<SIMD4<Float>>) -> Extent {
        let runs = fillCoverage(shape, y: y)
        guard !runs.isEmpty else { return Extent() }
        let yc = Double(y) + 0.5
        for i in 0..<runs.count {
            shape.shader.blend(y: yc, range: runs.start(i)..<runs.end(i), coverage: coverage, into: dst)
        }
        return Extent(runs.start(0), runs.end(runs.count - 1))
    }

    /// Computes the coverage of `shape` (geometry × clips × opacity) on row `y` into ``coverageRow`` and returns
    /// the runs it holds; other pixels have none.
    func fillCoverage(_ shape: ShapeNode, y: Int) -> PixelRuns {
        let yc = Double(y) + 0.5
        var (touched, covered) = shape.geometry.spans(y: yc)
        for clip in shape.clips { touched = touched.intersection(clip.spans(y: yc).touched) }
        guard !touched.isEmpty else { return PixelRuns() }
        let runs = PixelRuns(touched, width: width)
        guard !runs.isEmpty else { return runs }
        let full = PixelRuns(covered.intersection(touched), width: width)
        let cov = coverage
        var edges = 0
        for i in 0..<runs.count {
            statistics.touchedPixels += runs.end(i) - runs.start(i)
            Self.split(runs.start(i)..<runs.end(i), by: full) { inside in
                cov.update(repeating: 1, count: inside.count, at: inside.lowerBound)
            } outside: { edge in
                edges += edge.count
                shape.geometry.coverage(y: yc, range: edge, into: cov)
            }
        }
        statistics.edgePixels += edges
        for clip in shape.clips {
            weigh(runs, by: clip, y: yc)
        }
        if shape.opacity < 1 {
            for i in 0..<runs.count {
                for x in runs.start(i)..<runs.end(i) { cov[x] *= shape.opacity }
            }
        }
        return runs
    }

    /// The coverage row ``fillCoverage(_:y:)`` writes.
    var coverageRow: UnsafePointer<Float> { UnsafePointer(coverage) }

    private func draw(_ layer: LayerNode, y: Int, level: Int) -> Extent {
        let buffer = levels[level + 1]
        var extent = Extent()
        for child in layer.children where child.rows.contains(y) {
            extent.add(draw(child, y: y, level: level + 1))
        }
        guard !extent.isEmpty else { return extent }
        let range = extent.lower..<extent.upper
        statistics.layerPixels += range.count
        let weights = coverage
        weights.update(repeating: layer.opacity, count: range.count, at: range.lowerBound)
        var runs = PixelRuns()
        runs.append(range)
        for clip in layer.clips {
            weigh(runs, by: clip, y: Double(y) + 0.5)
        }
        let dst = levels[level]
        for x in range {
            let s = buffer[x]
            buffer[x] = .zero
            let k = weights[x]
            if k > 0 { dst[x] = s * k + dst[x] * (1 - s.w * k) }
        }
        return extent
    }

    /// Multiplies `coverage` over `runs` by the coverage of `clip`: 0 where it cannot reach, untouched where it
    /// covers whole pixels, its exact coverage in between.
    private func weigh(_ runs: PixelRuns, by clip: Geometry, y: Double) {
        let spans = clip.spans(y: y)
        let reach = PixelRuns(spans.touched, width: width)
        let full = PixelRuns(spans.covered.intersection(spans.touched), width: width)
        let cov = coverage, clipCov = clipCoverage
        for i in 0..<runs.count {
            let run = runs.start(i)..<runs.end(i)
            Self.split(run, by: reach) { inside in
                Self.split(inside, by: full) { _ in
                } outside: { edge in
                    clip.coverage(y: y, range: edge, into: clipCov)
                    for x in edge { cov[x] *= clipCov[x] }
                }
            } outside: { outside in
                cov.update(repeating: 0, count: outside.count, at: outside.lowerBound)
            }
        }
    }

    /// Calls `inside` for the parts of `run` within `runs` and `outside` for the rest, left to right.
    @inline(__always)
    private static func split(
        _ run: Range<Int>, by runs: PixelRuns, inside: (Range<Int>) -> Void, outside: (Range<Int>) -> Void
    ) {
        var x = run.lowerBound
        for i in 0..<runs.count {
            let s = max(runs.start(i), x), e = min(runs.end(i), run.upperBound)
            guard s < e else {
                if runs.start(i) >= run.upperBound { break }
                continue
            }
            if s > x { outside(x..<s) }
            inside(s..<e)
            x = e
        }
        if x < run.upperBound { outside(x..<run.upperBound) }
    }
}

/// A half-open x extent, empty until something is added.
struct Extent {
    private(set) var lower = Int.max
    private(set) var upper = Int.min

    init() {}

    init(_ lower: Int, _ upper: Int) {
        self.lower = lower
        self.upper = upper
    }

    var isEmpty: Bool { lower >= upper }

    mutating func add(_ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        lower = min(lower, lo)
        upper = max(upper, hi)
    }

    mutating func add(_ other: Extent) {
        add(other.lower, other.upper)
    }
}

extension UnsafeMutablePointer {
    /// Sets `count` elements from index `start` to `value`.
    @inline(__always)
    func update(repeating value: Pointee, count: Int, at start: Int) {
        (self + start).update(repeating: value, count: count)
    }
}
