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
