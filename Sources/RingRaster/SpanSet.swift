/// A sorted set of disjoint closed intervals of x on one pixel row, in image coordinates (pixel `i` has its
/// centre at `i + 0.5`): where a primitive may touch a row, or where it covers pixels entirely.
///
/// Rows are crossed by a handful of intervals (two for an annulus, up to four for a wide arc), so the set lives
/// inline in a fixed number of slots and never allocates; per-row span work stays negligible next to the pixels.
struct SpanSet: Sendable {
    /// Most intervals one set holds; beyond it ``insertGrowing(_:_:)`` joins neighbours and ``insertIfRoom(_:_:)`` drops.
    static let capacity = 8

    private var bounds = InlineSlots<Double>(repeating: 0)
    private(set) var count = 0

    /// The empty set.
    init() {}

    /// `[lo, hi]`, or empty when `lo > hi` (or either is NaN).
    init(_ lo: Double, _ hi: Double) {
        if lo <= hi {
            bounds[0] = lo
            bounds[1] = hi
            count = 1
        }
    }

    /// The whole line.
    static let all = SpanSet(-.infinity, .infinity)

    var isEmpty: Bool { count == 0 }

    /// Lower end of interval `i`.
    @inline(__always) func lower(_ i: Int) -> Double { bounds[2 * i] }
    /// Upper end of interval `i`.
    @inline(__always) func upper(_ i: Int) -> Double { bounds[2 * i + 1] }

    private mutating func set(_ i: Int, _ lo: Double, _ hi: Double) {
        bounds[2 * i] = lo
        bounds[2 * i + 1] = hi
    }

    private mutating func append(_ lo: Double, _ hi: Double) {
        set(count, lo, hi)
        count += 1
    }

    /// Adds `[lo, hi]`, merging overlaps. When the set is full the closest neighbours merge, so the result is a
    /// superset: right for "may touch" sets.
    mutating func insertGrowing(_ lo: Double, _ hi: Double) {
        guard lo <= hi else { return }
        insert(lo, hi, grow: true)
    }

    /// Adds `[lo, hi]` when there is room after merging, else leaves the set as it is (a subset): right for
    /// "fully covered" sets.
    mutating func insertIfRoom(_ lo: Double, _ hi: Double) {
        guard lo <= hi else { return }
        insert(lo, hi, grow: false)
    }

    private mutating func insert(_ lo: Double, _ hi: Double, grow: Bool) {
        // Intervals i..<j overlap [lo, hi] and merge with it.
        var i = 0
        while i < count && upper(i) < lo { i += 1 }
        var j = i
        var lo = lo, hi = hi
        while j < count && lower(j) <= hi {
            lo = min(lo, lower(j))
            hi = max(hi, upper(j))
            j += 1
        }
        if j == i && count == Self.capacity {
            guard grow else { return }
            // Full: join the new interval to its nearer neighbour (a superset).
            let joinLeft = i == count || (i > 0 && lo - upper(i - 1) < lower(i) - hi)
            let k = joinLeft ? i - 1 : i
            set(k, min(lower(k), lo), max(upper(k), hi))
            return
        }
        var out = SpanSet()
        for k in 0..<i { out.append(lower(k), upper(k)) }
        out.append(lo, hi)
        for k in j..<count { out.append(lower(k), upper(k)) }
        self = out
    }

    /// The union with `other`, growing on overflow.
    func union(_ other: SpanSet) -> SpanSet {
        var out = self
        for i in 0..<other.count { out.insertGrowing(other.lower(i), other.upper(i)) }
        return out
    }

    /// The intersection with `other` (never more intervals than both together, so it always fits).
    func intersection(_ other: SpanSet) -> SpanSet {
        var out = SpanSet()
        var i = 0, j = 0
        while i < count && j < other.count {
            let lo = max(lower(i), other.lower(j))
            let hi = min(upper(i), other.upper(j))
            if lo <= hi && out.count < Self.capacity { out.append(lo, hi) }
            if upper(i) < other.upper(j) { i += 1 } else { j += 1 }
        }
        return out
    }

    /// The points of `self` not in the interior of `other`; on overflow the last pieces are dropped (a subset).
    func subtracting(_ other: SpanSet) -> SpanSet {
        var out = SpanSet()
        for i in 0..<count {
            var lo = lower(i)
            let hi = upper(i)
            for j in 0..<other.count where other.upper(j) > lo && other.lower(j) < hi {
                if other.lower(j) > lo, out.count < Self.capacity { out.append(lo, other.lower(j)) }
                lo = max(lo, other.upper(j))
            }
            if lo <= hi, out.count < Self.capacity { out.append(lo, hi) }
        }
        return out
    }

    /// `{x : slope · x + offset ≥ 0}`.
    static func halfLine(slope: Double, offset: Double) -> SpanSet {
        if slope == 0 { return offset >= 0 ? .all : SpanSet() }
        let root = -offset / slope
        return slope > 0 ? SpanSet(root, .infinity) : SpanSet(-.infinity, root)
    }

    /// The chord of the disc of `radius` around (`cx`, `cy`) on the line `y`, or empty.
    static func chord(cx: Double, cy: Double, radius: Double, y: Double) -> SpanSet {
        let dy = y - cy
        let q = radius * radius - dy * dy
        guard radius > 0, q >= 0 else { return SpanSet() }
        let w = q.squareRoot()
        return SpanSet(cx - w, cx + w)
    }

    /// The section of the annulus `inner…outer` around (`cx`, `cy`) on the line `y`: up to two intervals.
    static func annulus(cx: Double, cy: Double, inner: Double, outer: Double, y: Double) -> SpanSet {
        let o = chord(cx: cx, cy: cy, radius: outer, y: y)
        guard !o.isEmpty, inner > 0 else { return o }
        return o.subtracting(chord(cx: cx, cy: cy, radius: inner, y: y))
    }
}

/// Half-open runs of pixel indices `[start, end)` on one row, sorted and disjoint: a ``SpanSet`` snapped to the
/// pixels whose centres it contains, clipped to the image.
struct PixelRuns {
    fileprivate var bounds = InlineSlots<Int32>(repeating: 0)
    fileprivate(set) var count = 0

    init() {}

    /// The pixels of a row `width` wide whose centres lie in `spans`.
    init(_ spans: SpanSet, width: Int) {
        let w = Double(width)
        for i in 0..<spans.count {
            let lo = max(0, (spans.lower(i) - 0.5).rounded(.up))
            let hi = min(w, (spans.upper(i) - 0.5).rounded(.down) + 1)
            guard lo < hi else { continue }
            let start = Int32(lo), end = Int32(hi)
            if count > 0, bounds[2 * count - 1] >= start {
                bounds[2 * count - 1] = max(bounds[2 * count - 1], end)
            } else {
                bounds[2 * count] = start
                bounds[2 * count + 1] = end
                count += 1
            }
        }
    }

    @inline(__always) func start(_ i: Int) -> Int { Int(bounds[2 * i]) }
    @inline(__always) func end(_ i: Int) -> Int { Int(bounds[2 * i + 1]) }

    var isEmpty: Bool { count == 0 }
}

extension PixelRuns {
    /// Adds `range` after the existing runs (it must lie to their right).
    mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty, count < 8 else { return }
        bounds[2 * count] = Int32(range.lowerBound)
        bounds[2 * count + 1] = Int32(range.upperBound)
        count += 1
    }
}
