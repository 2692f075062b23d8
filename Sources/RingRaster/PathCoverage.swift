import RingCore

/// A ``FilledPath`` (glyph outlines) with exact area coverage under the non-zero rule: the signed-area
/// accumulation of font-rs and stb_truetype v2, applied to the sides of the region's trapezoids rather than to
/// raw chords so that overlapping contours count once. Curves are flattened to chords within ``tolerance`` of
/// them; each side adds, to every pixel of the band it crosses, the signed area between it and the pixel's right
/// side, and a running sum along the row turns those into the covered area of each pixel.
///
/// Rows are computed on demand from the chords that cross them (bucketed once), so a label costs memory for its
/// chords only, not for a buffer of its whole box.
struct PathCoverage: CoverageSource {
    /// Largest distance between a curve and its chords, in device pixels: well under a hundredth of a pixel, so
    /// flattening changes no pixel by more than a fraction of a level.
    static let tolerance = 0.002

    private struct Chord {
        var x0, y0, x1, y1: Double
    }

    /// Chords crossing each row, from ``firstRow``.
    private let buckets: [[Chord]]
    private let firstRow: Int
    /// Leftmost pixel column any chord reaches, and one past the rightmost.
    private let minColumn: Int
    private let maxColumn: Int

    init(_ path: FilledPath) {
        var chords: [Chord] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for polygon in path.polygons(tolerance: Self.tolerance) {
            // Horizontal chords add no area, but they join the x-clusters of a row (see accumulate(row:)).
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) where a != b {
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                chords.append(Chord(x0: a.x, y0: a.y, x1: b.x, y1: b.y))
                minX = min(minX, a.x, b.x)
                maxX = max(maxX, a.x, b.x)
                minY = min(minY, a.y, b.y)
                maxY = max(maxY, a.y, b.y)
            }
        }
        // Rows and columns outside any image a scene can have hold nothing drawable.
        let limit = Double(RingLimits.maxPixelSide)
        guard !chords.isEmpty, maxY > 0, minY < limit, maxX > 0, minX < limit else {
            buckets = []
            firstRow = 0
            minColumn = 0
            maxColumn = 0
            return
        }
        let top = Int(max(0, minY).rounded(.down))
        let bottom = Int(min(limit, maxY).rounded(.up))
        var buckets = [[Chord]](repeating: [], count: max(0, bottom - top))
        for chord in chords {
            let lo = max(top, Int(min(chord.y0, chord.y1).rounded(.down)))
            // A horizontal chord belongs to the row it lies in (one on a row boundary changes nothing inside a row).
            let hi = chord.y0 == chord.y1
                ? (chord.y0 == chord.y0.rounded(.down) ? lo : lo + 1)
                : min(bottom, Int(max(chord.y0, chord.y1).rounded(.up)))
            guard lo < hi else { continue }
            for row in lo..<hi { buckets[row - top].append(chord) }
        }
        self.buckets = buckets
        firstRow = top
        // Columns left of the image still carry their chords' area into it, so they are kept (up to a bound: no
        // scene puts text a whole image width off its side).
        minColumn = Int(max(-limit, minX).rounded(.down))
        maxColumn = Int(min(limit, maxX).rounded(.up)) + 1
    }

    var rows: Range<Int> { firstRow..<(firstRow + buckets.count) }

    /// The last row computed: the rasterizer asks for a row's spans, then its coverage.
    private let cache = RowCache()

    private final class RowCache {
        var row = Int.min
        var cells: [Double] = []
        /// Scratch storage reused from row to row (a label has tens of rows; allocating per row was a third of
        /// its cost).
        var segments: [Segment] = []
    }

    /// A chord within one row, downward, with its winding direction (0 for a horizontal chord).
    private struct Segment {
        var ya, yb, xa, dxdy: Double
        var dir: Int
        var minX, maxX: Double
        func x(_ y: Double) -> Double { dir == 0 ? xa : xa + (y - ya) * dxdy }
    }

    /// The coverage of row `row` over columns `minColumn ..< maxColumn + 1`: the exact area of the non-zero
    /// region in each pixel.
    ///
    /// The signed-area sum alone is exact only where contours do not overlap with the same direction (then its
    /// sum passes 1 at shared edges: Arabic joins, Devanagari headlines and composite glyphs do overlap). So the
    /// row's chords are grouped into clusters whose x-ranges overlap; no chord crosses the gap between two
    /// clusters, so the winding number there is the same all down the row, the sum of the directions to its left.
    /// Each cluster is cut into bands at its chord ends and crossings; inside a band its chords are straight,
    /// disjoint and ordered, the winding number between neighbours is constant, and the region is a set of
    /// disjoint trapezoids. Only the sides where the winding number turns from zero to not (+1) and back (−1)
    /// are accumulated, so every pixel gets the area of the union, never more. Text rows make many small clusters
    /// (a stroke's two edges), so the work stays near linear in the chords.
    private func accumulate(row: Int) -> [Double] {
        if cache.row == row { return cache.cells }
        let width = maxColumn - minColumn + 2
        var cells = cache.cells
        cache.cells = []
        if cells.count == width {
            for i in cells.indices { cells[i] = 0 }
        } else {
            cells = [Double](repeating: 0, count: width)
        }
        var segments = cache.segments
        segments.removeAll(keepingCapacity: true)
        defer {
            cache.row = row
            cache.cells = cells
            cache.segments = segments
        }
        guard rows.contains(row) else { return cells }
        let top = Double(row), bottom = top + 1, middle = top + 0.5
        let origin = Double(minColumn)
        let span = Double(width - 2)

        for c in buckets[row - firstRow] {
            if c.y0 == c.y1 {
                guard c.y0 > top, c.y0 < bottom else { continue }
                let x0 = c.x0 - origin, x1 = c.x1 - origin
                segments.append(Segment(ya: c.y0, yb: c.y0, xa: x0, dxdy: 0, dir: 0, minX: min(x0, x1), maxX: max(x0, x1)))
                continue
            }
            let (dir, ax, ay, bx, by) = c.y0 < c.y1 ? (1, c.x0, c.y0, c.x1, c.y1) : (-1, c.x1, c.y1, c.x0, c.y0)
            let dxdy = (bx - ax) / (by - ay)
            let ya = max(top, ay), yb = min(bottom, by)
            guard yb > ya else { continue }
            // A chord end inside the row keeps its exact x: the next chord of the contour starts there, and the
            // two must touch for the clusters below to see the contour as continuous (an interpolated x can land
            // a rounding error beyond it and split a staircase of chords into clusters that each miss the other's
            // winding, losing a quarter of a row under a rounded corner).
            let xa = (ya == ay ? ax : ax + (ya - ay) * dxdy) - origin
            let xb = (yb == by ? bx : ax + (yb - ay) * dxdy) - origin
            segments.append(Segment(ya: ya, yb: yb, xa: xa, dxdy: dxdy, dir: dir, minX: min(xa, xb), maxX: max(xa, xb)))
        }
        guard !segments.isEmpty else { return cells }
        segments.sort { $0.minX < $1.minX }

        var winding = 0
        var start = 0
        while start < segments.count {
            var end = start + 1
            var reach = segments[start].maxX
            while end < segments.count, segments[end].minX <= reach + Self.touching {
                reach = max(reach, segments[end].maxX)
                end += 1
            }
            let cluster = segments[start..<end]
            if cluster.count == 1, let s = cluster.first, s.dir != 0, s.ya == top, s.yb == bottom {
                // One chord down the whole row: a side of the region if the winding number turns on or off.
                let after = winding + s.dir
                if (winding == 0) != (after == 0) {
                    Self.add(&cells, x0: min(span, max(0, s.xa)), x1: min(span, max(0, s.x(bottom))), height: 1,
                             sign: winding == 0 ? 1 : -1)
                }
                winding = after
            } else {
                Self.addCluster(cluster, base: winding, top: top, bottom: bottom, span: span, into: &cells)
                for s in cluster where s.dir != 0 && s.ya <= middle && middle < s.yb { winding += s.dir }
            }
            start = end
        }
        var sum = 0.0
        for i in cells.indices {
            sum += cells[i]
            cells[i] = min(1, max(0, sum))
        }
        return cells
    }

    /// The sides of the non-zero region within one cluster, band by band, starting from winding number `base`.
    private static func addCluster(
        _ cluster: ArraySlice<Segment>, base: Int, top: Double, bottom: Double, span: Double, into cells: inout [Double]
    ) {
        let sloped = cluster.filter { $0.dir != 0 }.sorted { $0.ya < $1.ya }
        // Most clusters are one edge of a stroke flattened into a few chords, one below the other: at every
        // height a single chord, so each is a side (or not) over its own height, with no bands to cut.
        if zip(sloped, sloped.dropFirst()).allSatisfy({ $0.yb <= $1.ya }) {
            for s in sloped {
                let after = base + s.dir
                guard (base == 0) != (after == 0) else { continue }
                add(&cells, x0: min(span, max(0, s.xa)), x1: min(span, max(0, s.x(s.yb))), height: s.yb - s.ya,
                    sign: base == 0 ? 1 : -1)
            }
            return
        }
        var cuts: [Double] = [top, bottom]
        for s in sloped {
            if s.ya > top { cuts.append(s.ya) }
            if s.yb < bottom { cuts.append(s.yb) }
        }
        for i in sloped.indices {
            for j in (i + 1)..<sloped.count {
                let a = sloped[i], b = sloped[j]
                guard a.maxX >= b.minX, b.maxX >= a.minX else { continue }
                let lo = max(a.ya, b.ya), hi = min(a.yb, b.yb)
                guard hi > lo else { continue }
                let d0 = a.x(lo) - b.x(lo), d1 = a.x(hi) - b.x(hi)
                if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) { cuts.append(lo + (hi - lo) * d0 / (d0 - d1)) }
            }
        }
        cuts.sort()
        var active: [(x0: Double, x1: Double, mid: Double, dir: Int)] = []
        var y0 = cuts[0]
        for y1 in cuts.dropFirst() where y1 - y0 > 1e-12 {
            defer { y0 = y1 }
            active.removeAll(keepingCapacity: true)
            let ym = 0.5 * (y0 + y1)
            for s in sloped where s.ya <= ym && ym < s.yb {
                active.append((s.x(y0), s.x(y1), s.x(ym), s.dir))
            }
            active.sort { $0.mid < $1.mid }
            var winding = base
            for edge in active {
                let before = winding
                winding += edge.dir
                guard (before == 0) != (winding == 0) else { continue }
                add(&cells, x0: min(span, max(0, edge.x0)), x1: min(span, max(0, edge.x1)), height: y1 - y0,
                    sign: before == 0 ? 1 : -1)
            }
        }
    }

    /// Adds to `cells` the signed area to the right of a straight side running from x `xa` (top of a band) to
    /// `xb` (its bottom) over `height`: after the running sum along the row, each pixel holds the part of the
    /// band right of the side (font-rs's accumulation, one band at a time).
    private static func add(_ cells: inout [Double], x0 xa: Double, x1 xb: Double, height: Double, sign: Double) {
        let d = height * sign
        let (x0, x1) = xa < xb ? (xa, xb) : (xb, xa)
        let x0floor = x0.rounded(.down)
        let x0i = Int(x0floor)
        let x1ceil = x1.rounded(.up)
        let x1i = Int(x1ceil)
        if x1i <= x0i + 1 {
            // Within one pixel column: the part of the pixel right of the side's mean x.
            let xmf = 0.5 * (xa + xb) - x0floor
            cells[x0i] += d - d * xmf
            cells[x0i + 1] += d * xmf
        } else {
            // Across several columns: a triangle in the first, a ramp through the middle, a triangle in the last;
            // the areas sum to d.
            let s = 1 / (x1 - x0)
            let x0f = x0 - x0floor
            let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
            let x1f = x1 - x1ceil + 1
            let am = 0.5 * s * x1f * x1f
            cells[x0i] += d * a0
            if x1i == x0i + 2 {
                cells[x0i + 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - x0f)
                cells[x0i + 1] += d * (a1 - a0)
                if x0i + 2 < x1i - 1 {
                    for xi in (x0i + 2)..<(x1i - 1) { cells[xi] += d * s }
                }
                let a2 = a1 + Double(x1i - x0i - 3) * s
                cells[x1i - 1] += d * (1 - a2 - am)
            }
            cells[x1i] += d * am
        }
    }

    /// Chords whose x-ranges come this close (pixels) share a cluster: merging clusters is always exact (it only
    /// costs work), splitting a contour where it continues is not.
    private static let touching = 1e-9

    /// Coverage below this counts as none (the running sum of a row that closes leaves rounding dust).
    private static let dust = 1e-9

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        let row = Int(y.rounded(.down))
        guard rows.contains(row) else { return (SpanSet(), SpanSet()) }
        let cells = accumulate(row: row)
        guard let first = cells.firstIndex(where: { $0 > Self.dust }),
            let last = cells.lastIndex(where: { $0 > Self.dust })
        else { return (SpanSet(), SpanSet()) }
        // The touched pixels' whole extent, not their centres: another shape's interior minus this set must lose
        // those pixels, and a boundary exactly on a centre would keep them.
        let touched = SpanSet(Double(minColumn + first), Double(minColumn + last) + 1)
        var covered = SpanSet()
        var i = first
        while i <= last {
            guard cells[i] >= 1 else {
                i += 1
                continue
            }
            var j = i
            while j + 1 <= last, cells[j + 1] >= 1 { j += 1 }
            covered.insertIfRoom(Double(minColumn + i) + 0.5, Double(minColumn + j) + 0.5)
            i = j + 1
        }
        return (touched, covered)
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let row = Int(y.rounded(.down))
        let cells = accumulate(row: row)
        for x in range {
            let i = x - minColumn
            out[x] = i >= 0 && i < cells.count ? Float(cells[i]) : 0
        }
    }
}
