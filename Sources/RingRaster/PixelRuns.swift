/// Half-open runs of pixel indices `[start, end)` on one row, sorted and disjoint: a ``SpanSet`` snapped to the
/// pixels whose centres it contains, clipped to the image.
struct PixelRuns {
    /// Most runs one value holds: twice a ``SpanSet``'s intervals, so a set's runs minus another set's fit.
    static let capacity = 2 * SpanSet.capacity

    fileprivate var bounds: InlineArray<16, Int32> = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
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
        guard !range.isEmpty else { return }
        precondition(count < Self.capacity, "more pixel runs than a row holds")
        bounds[2 * count] = Int32(range.lowerBound)
        bounds[2 * count + 1] = Int32(range.upperBound)
        count += 1
    }
}

extension PixelRuns {
    /// The pixels of these runs that are not in `other`. Each run of `other` splits at most one run in two, so
    /// runs made from two span sets always fit.
    func subtracting(_ other: PixelRuns) -> PixelRuns {
        var out = PixelRuns()
        var j = 0
        for i in 0..<count {
            var lo = start(i)
            let hi = end(i)
            while j < other.count && other.end(j) <= lo { j += 1 }
            var k = j
            while k < other.count && other.start(k) < hi {
                out.append(lo..<other.start(k))
                lo = max(lo, other.end(k))
                k += 1
            }
            out.append(lo..<hi)
        }
        return out
    }
}
