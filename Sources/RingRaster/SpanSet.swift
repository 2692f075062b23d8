/// A sorted set of disjoint closed intervals of x on one pixel row, in image coordinates (pixel `i` has its
/// centre at `i + 0.5`): where a primitive may touch a row, or where it covers pixels entirely.
///
/// Rows are crossed by a handful of intervals (two for an annulus, up to four for a wide arc), so the set lives
/// inline in a fixed number of slots and never allocates. The slots are kept few because sets are passed and
/// returned by value several times per shape and row: at eight intervals (136 bytes) their copies alone were
/// a sixth of a 1024 px ring's raster time.
///
/// Every operation that could need more room says what it gives up: sets of pixels a shape *may touch* grow
/// (neighbouring intervals join, a superset: a few more pixels get an exact coverage of 0), sets of pixels it
/// *covers fully* drop (a subset: a few interior pixels take the exact edge path). Neither changes a pixel.
struct SpanSet: Sendable {
    /// Most intervals one set holds; beyond it ``insertGrowing(_:_:)`` joins neighbours and ``insertIfRoom(_:_:)`` drops.
    static let capacity = 4

    /// Interval `i` as (lower, upper). Whole pairs are stored at once: a set is written and then copied, and a
    /// 16-byte copy of two separate 8-byte stores cannot be forwarded from them (a stall per copy, which made
    /// span work cost several times its instructions).
    private var bounds: InlineArray<4, SIMD2<Double>> = [.zero, .zero, .zero, .zero]
    private(set) var count = 0

    /// The empty set.
    init() {}

    /// `[lo, hi]`, or empty when `lo > hi` (or either is NaN).
    init(_ lo: Double, _ hi: Double) {
        if lo <= hi {
            bounds[0] = SIMD2(lo, hi)
            count = 1
        }
    }

    /// The whole line.
    static let all = SpanSet(-.infinity, .infinity)

    var isEmpty: Bool { count == 0 }

    /// Lower end of interval `i`.
    @inline(__always) func lower(_ i: Int) -> Double { bounds[unchecked: i].x }
    /// Upper end of interval `i`.
    @inline(__always) func upper(_ i: Int) -> Double { bounds[unchecked: i].y }

    // Unchecked: every index is below `count` ≤ `capacity`, which the operations keep.
    @inline(__always) private mutating func set(_ i: Int, _ lo: Double, _ hi: Double) {
        bounds[unchecked: i] = SIMD2(lo, hi)
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

    /// The union with `other`, growing on overflow (a superset).
    func union(_ other: SpanSet) -> SpanSet {
        var out = self
        for i in 0..<other.count { out.insertGrowing(other.lower(i), other.upper(i)) }
        return out
    }

    /// The intersection with `other`. It can hold more intervals than fit (up to the two counts together):
    /// then the last intervals join into one when `growing` (a superset, for "may touch" sets), else they are
    /// dropped (a subset, for "fully covered" sets).
    func intersection(_ other: SpanSet, growing: Bool) -> SpanSet {
        var out = SpanSet()
        var i = 0, j = 0
        while i < count && j < other.count {
            let lo = max(lower(i), other.lower(j))
            let hi = min(upper(i), other.upper(j))
            if lo <= hi {
                if out.count < Self.capacity {
                    out.append(lo, hi)
                } else if growing {
                    // Pieces arrive in order: widening the last interval to `hi` covers this one.
                    out.set(Self.capacity - 1, out.lower(Self.capacity - 1), hi)
                }
            }
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

    /// The set cut to the closed interval `[lo, hi]` (never more intervals than before).
    func clipped(to lo: Double, _ hi: Double) -> SpanSet {
        var out = SpanSet()
        for i in 0..<count {
            let l = max(lower(i), lo), h = min(upper(i), hi)
            if l <= h { out.append(l, h) }
        }
        return out
    }

    /// The set without the open interval `(lo, hi)`. Cutting an interval in two can overflow: then that interval
    /// stays whole when `growing` (a superset), else its right piece is dropped (a subset).
    func removing(_ lo: Double, _ hi: Double, growing: Bool) -> SpanSet {
        guard lo < hi else { return self }
        var out = SpanSet()
        for i in 0..<count {
            let l = lower(i), h = upper(i)
            if h <= lo || l >= hi {
                out.append(l, h)
                continue
            }
            let left = l <= lo, right = hi <= h
            if left && right && out.count + (count - i) + 1 > Self.capacity {
                // Both pieces and the intervals still to come would not fit (only one interval can hold the
                // whole of `(lo, hi)`, so this is the one place a cut adds an interval).
                if growing { out.append(l, h) } else { out.append(l, lo) }
                continue
            }
            if left { out.append(l, lo) }
            if right { out.append(hi, h) }
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
        let dy = y - cy
        let qo = outer * outer - dy * dy
        guard outer > 0, qo >= 0 else { return SpanSet() }
        let wo = qo.squareRoot()
        let qi = inner * inner - dy * dy
        // The outer chord less the open inner chord (the hole), when the row crosses the hole.
        guard inner > 0, qi > 0 else { return SpanSet(cx - wo, cx + wo) }
        let wi = qi.squareRoot()
        var out = SpanSet(cx - wo, cx - wi)
        if cx + wi <= cx + wo { out.append(cx + wi, cx + wo) }
        return out
    }
}
