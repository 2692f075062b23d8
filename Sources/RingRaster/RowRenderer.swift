/// Draws render nodes one pixel row at a time into premultiplied float rows, then packs each finished row into
/// the bitmap; the interiors of opaque shapes that nothing drawn later touches skip the float row and are
/// written into the bitmap as 8-bit words (see ``render(_:y:background:into:)``).
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

    /// Whether interiors that nothing later touches go straight into the bitmap as words (else through the
    /// float row, for tests that check the two agree).
    let writesWords: Bool

    /// Scratch for an image `width` pixels wide with layers nested up to `depth` deep.
    init(width: Int, depth: Int, writesWords: Bool = true) {
        self.width = width
        self.writesWords = writesWords
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
        spanScratch.deinitialize(count: spanCapacity)
        spanScratch.deallocate()
        coverage.deallocate()
        clipCoverage.deallocate()
    }

    /// Renders row `y` of `nodes` over `background` (premultiplied, or nil for transparent) into the 8-bit
    /// premultiplied pixels of that row, `out` (`width × 4` bytes). Pixels nothing touches are left as they are.
    ///
    /// Most of a ring's pixels lie inside one opaque band that nothing drawn later reaches. Those are written
    /// straight into `out` as 8-bit words, skipping the float row and its packing: the words are what the float
    /// path would have packed there (an opaque colour over anything is itself). So the row first finds every
    /// node's spans, then each opaque shape's *direct* runs — its interior minus everything drawn after it —,
    /// then draws the rest in float, packs it, and finally writes the direct runs over what was packed.
    func render(
        _ nodes: [RenderNode], y: Int, background: SIMD4<Float>?, into out: UnsafeMutablePointer<UInt8>
    ) {
        let row = levels[0]
        let yc = Double(y) + 0.5
        var painted = PaintedRuns()
        if let background {
            row.update(repeating: background, count: width)
            painted.add(0..<width)
        }
        let spans = nodeSpans(capacity: nodes.count)
        for (k, node) in nodes.enumerated() {
            guard node.rows.contains(y) else {
                spans[k].active = false
                continue
            }
            switch node {
            case .shape(let s):
                let (touched, covered) = s.spans(y: yc)
                spans[k] = NodeSpans(
                    touched: touched, interior: covered.intersection(touched, growing: false), active: true,
                    replaces: writesWords && s.replacesInterior)
            case .layer(let l):
                spans[k] = NodeSpans(touched: l.touched(row: y, y: yc), interior: SpanSet(), active: true, replaces: false)
            }
        }
        // Direct runs: each opaque shape's interior that no later node may touch.
        var later = SpanSet()
        for k in nodes.indices.reversed() where spans[k].active {
            if spans[k].replaces {
                spans[k].direct = PixelRuns(spans[k].interior.subtracting(later), width: width)
            }
            later = later.union(spans[k].touched)
        }
        // Counted locally and added once: a class's stored property pays an exclusivity check per access.
        var counts = RenderStatistics()
        for (k, node) in nodes.enumerated() where spans[k].active {
            switch node {
            case .shape(let s):
                draw(
                    s, y: y, touched: spans[k].touched, interior: spans[k].interior, direct: spans[k].direct,
                    painted: &painted, counts: &counts, into: row)
            case .layer(let l):
                draw(l, y: y, level: 0, painted: &painted, counts: &counts)
            }
        }
        for i in 0..<painted.count {
            counts.packedPixels += painted[i].count
            Self.pack(row, painted[i], into: out)
        }
        for (k, node) in nodes.enumerated() where spans[k].active && !spans[k].direct.isEmpty {
            guard case .shape(let s) = node else { continue }
            let direct = spans[k].direct
            for i in 0..<direct.count {
                counts.directPixels += direct.end(i) - direct.start(i)
                s.shader.fillWords(y: yc, range: direct.start(i)..<direct.end(i), into: UnsafeMutableRawPointer(out))
            }
        }
        statistics.add(counts)
    }

    /// One top-level node's spans on the current row.
    struct NodeSpans {
        /// Where it may paint.
        var touched = SpanSet()
        /// Where it may paint and its geometry covers pixels fully (shapes only).
        var interior = SpanSet()
        /// Whether the node has rows here at all.
        var active = false
        /// Whether its fully covered pixels simply take its opaque colour (``ShapeNode/replacesInterior``).
        var replaces = false
        /// The pixels written straight into the bitmap row (see ``render(_:y:background:into:)``).
        var direct = PixelRuns()
    }

    /// Scratch for the spans of `capacity` nodes, reused across rows.
    private func nodeSpans(capacity: Int) -> UnsafeMutablePointer<NodeSpans> {
        if capacity > spanCapacity {
            spanScratch.deinitialize(count: spanCapacity)
            spanScratch.deallocate()
            spanScratch = .allocate(capacity: capacity)
            spanScratch.initialize(repeating: NodeSpans(), count: capacity)
            spanCapacity = capacity
        }
        return spanScratch
    }

    private var spanScratch = UnsafeMutablePointer<NodeSpans>.allocate(capacity: 0)
    private var spanCapacity = 0

    /// Writes `row[range]` as rounded 8-bit premultiplied RGBA and clears it for the next row.
    ///
    /// Source-over of valid premultiplied colours keeps every channel within 0…alpha…1, so no clamping is
    /// needed beyond float rounding, which the byte rounding absorbs (and the PNG encoder clamps colour to
    /// alpha when un-premultiplying). Rounding as ``PixelWord`` does, four pixels at a time, their channels
    /// regrouped into four words by even/odd lane shuffles.
    private static func pack(_ row: UnsafeMutablePointer<SIMD4<Float>>, _ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(out)
        let bias16 = SIMD16<Float>(repeating: PixelWord.roundingBias)
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
        while x < range.upperBound {
            PixelWord.store(PixelWord.word(row[x]), at: x, in: raw)
            row[x] = .zero
            x += 1
        }
    }

    /// Draws `node` on row `y` into `levels[level]`, adding the pixel runs it painted to `painted`.
    private func draw(
        _ node: RenderNode, y: Int, level: Int, painted: inout PaintedRuns, counts: inout RenderStatistics
    ) {
        switch node {
        case .shape(let shape):
            let (touched, covered) = shape.spans(y: Double(y) + 0.5)
            let interior = covered.intersection(touched, growing: false)
            draw(
                shape, y: y, touched: touched, interior: interior, direct: PixelRuns(), painted: &painted,
                counts: &counts, into: levels[level])
        case .layer(let layer):
            draw(layer, y: y, level: level, painted: &painted, counts: &counts)
        }
    }

    /// Draws `shape` on row `y`, given its spans there (`interior`: where it may paint and covers pixels fully),
    /// into `dst`, except for the `direct` runs (which the caller writes into the bitmap), adding the pixel runs
    /// it painted to `painted` (passed in rather than returned: these small values are copied in pieces that
    /// must match how they were written, see ``SpanSet``).
    private func draw(
        _ shape: ShapeNode, y: Int, touched: SpanSet, interior: SpanSet, direct: PixelRuns,
        painted: inout PaintedRuns, counts: inout RenderStatistics, into dst: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let (runs, full) = rowRuns(touched: touched, interior: interior, direct: direct, counts: &counts)
        guard !runs.isEmpty else { return }
        let yc = Double(y) + 0.5
        let shader = shape.shader, geometry = shape.geometry, cov = coverage
        if shape.clips.isEmpty && shape.opacity >= 1 {
            // One pass: interior pixels are shaded without coverage (a profile shader reads ones), edge pixels
            // get their exact coverage and are blended by it.
            var edges = 0
            let readsCoverage = if case .profile = shader { true } else { false }
            for i in 0..<runs.count {
                Self.split(runs.start(i)..<runs.end(i), by: full) { inside in
                    if readsCoverage { cov.update(repeating: 1, count: inside.count, at: inside.lowerBound) }
                    shader.fill(y: yc, range: inside, coverage: cov, into: dst)
                } outside: { edge in
                    edges += edge.count
                    geometry.coverage(y: yc, range: edge, into: cov)
                    shader.blend(y: yc, range: edge, coverage: cov, into: dst)
                }
            }
            counts.edgePixels += edges
        } else {
            fillCoverage(shape, y: y, runs: runs, full: full, counts: &counts)
            for i in 0..<runs.count { shader.blend(y: yc, range: runs.start(i)..<runs.end(i), coverage: cov, into: dst) }
        }
        for i in 0..<runs.count { painted.add(runs.start(i)..<runs.end(i)) }
    }

    /// The pixel runs a shape may paint on a row (`touched`) and those it covers fully (`interior`), both less
    /// the `direct` runs.
    private func rowRuns(
        touched: SpanSet, interior: SpanSet, direct: PixelRuns, counts: inout RenderStatistics
    ) -> (runs: PixelRuns, full: PixelRuns) {
        guard !touched.isEmpty else { return (PixelRuns(), PixelRuns()) }
        var runs = PixelRuns(touched, width: width)
        guard !runs.isEmpty else { return (runs, PixelRuns()) }
        var full = PixelRuns(interior, width: width)
        for i in 0..<runs.count { counts.touchedPixels += runs.end(i) - runs.start(i) }
        if !direct.isEmpty {
            runs = runs.subtracting(direct)
            full = full.subtracting(direct)
        }
        return (runs, full)
    }

    /// Computes the coverage of `shape` (geometry × clips × opacity) on row `y` into ``coverageRow`` and returns
    /// the runs it holds; other pixels have none.
    func fillCoverage(_ shape: ShapeNode, y: Int) -> PixelRuns {
        let (touched, covered) = shape.spans(y: Double(y) + 0.5)
        var counts = RenderStatistics()
        let (runs, full) = rowRuns(
            touched: touched, interior: covered.intersection(touched, growing: false), direct: PixelRuns(),
            counts: &counts)
        fillCoverage(shape, y: y, runs: runs, full: full, counts: &counts)
        statistics.add(counts)
        return runs
    }

    /// Writes the coverage of `shape` over `runs` (1 over `full`, exact elsewhere), weighed by its clips and
    /// opacity, into ``coverageRow``.
    private func fillCoverage(
        _ shape: ShapeNode, y: Int, runs: PixelRuns, full: PixelRuns, counts: inout RenderStatistics
    ) {
        let yc = Double(y) + 0.5
        let cov = coverage
        var edges = 0
        for i in 0..<runs.count {
            Self.split(runs.start(i)..<runs.end(i), by: full) { inside in
                cov.update(repeating: 1, count: inside.count, at: inside.lowerBound)
            } outside: { edge in
                edges += edge.count
                shape.geometry.coverage(y: yc, range: edge, into: cov)
            }
        }
        counts.edgePixels += edges
        for clip in shape.clips {
            weigh(runs, by: clip, y: yc)
        }
        if shape.opacity < 1 {
            for i in 0..<runs.count {
                for x in runs.start(i)..<runs.end(i) { cov[x] *= shape.opacity }
            }
        }
    }

    /// The coverage row ``fillCoverage(_:y:)`` writes.
    var coverageRow: UnsafePointer<Float> { UnsafePointer(coverage) }

    private func draw(
        _ layer: LayerNode, y: Int, level: Int, painted parent: inout PaintedRuns, counts: inout RenderStatistics
    ) {
        let buffer = levels[level + 1]
        var painted = PaintedRuns()
        for child in layer.children where child.rows.contains(y) {
            draw(child, y: y, level: level + 1, painted: &painted, counts: &counts)
        }
        let dst = levels[level], weights = coverage
        for i in 0..<painted.count {
            let range = painted[i]
            counts.layerPixels += range.count
            weights.update(repeating: layer.opacity, count: range.count, at: range.lowerBound)
            var runs = PixelRuns()
            runs.append(range)
            for clip in layer.clips {
                weigh(runs, by: clip, y: Double(y) + 0.5)
            }
            for x in range {
                let s = buffer[x]
                buffer[x] = .zero
                let k = weights[x]
                if k > 0 { dst[x] = s * k + dst[x] * (1 - s.w * k) }
            }
        }
        parent.add(painted)
    }

    /// Multiplies `coverage` over `runs` by the coverage of `clip`: 0 where it cannot reach, untouched where it
    /// covers whole pixels, its exact coverage in between.
    private func weigh(_ runs: PixelRuns, by clip: Geometry, y: Double) {
        let spans = clip.spans(y: y)
        let reach = PixelRuns(spans.touched, width: width)
        let full = PixelRuns(spans.covered.intersection(spans.touched, growing: false), width: width)
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

extension UnsafeMutablePointer {
    /// Sets `count` elements from index `start` to `value`.
    @inline(__always)
    func update(repeating value: Pointee, count: Int, at start: Int) {
        (self + start).update(repeating: value, count: count)
    }
}
