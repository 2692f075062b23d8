/// The pixel runs of a row that something painted: what a layer composites and what is packed into the
/// bitmap — a ring's hole and the corners beside it are skipped. Runs less than ``mergeGap`` apart are joined
/// (packing a few untouched pixels costs less than another run), and beyond ``capacity`` runs the nearest ones
/// join too.
struct PaintedRuns {
    /// Most runs kept apart.
    static let capacity = 8
    /// Runs closer than this (pixels) are joined.
    static let mergeGap = 32

    private var bounds = InlineSlots<Int32>(repeating: 0)
    private(set) var count = 0

    init() {}

    /// Run `i`, half-open.
    subscript(i: Int) -> Range<Int> { Int(bounds[2 * i])..<Int(bounds[2 * i + 1]) }

    mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lo = Int32(range.lowerBound), hi = Int32(range.upperBound)
        let gap = Int32(Self.mergeGap)
        // Runs i..<j lie within the gap of the new one and join it.
        var i = 0
        while i < count && bounds[2 * i + 1] + gap < lo { i += 1 }
        var j = i
        while j < count && bounds[2 * j] - gap <= hi {
            lo = min(lo, bounds[2 * j])
            hi = max(hi, bounds[2 * j + 1])
            j += 1
        }
        if j == i && count == Self.capacity {
            // Full: widen the nearer neighbour instead.
            let k = i == count || (i > 0 && lo - bounds[2 * i - 1] < bounds[2 * i] - hi) ? i - 1 : i
            bounds[2 * k] = min(bounds[2 * k], lo)
            bounds[2 * k + 1] = max(bounds[2 * k + 1], hi)
            return
        }
        // Replace runs i..<j by the new one.
        let shift = 1 - (j - i)
        if shift > 0 {
            for k in stride(from: count - 1, through: j, by: -1) {
                bounds[2 * (k + shift)] = bounds[2 * k]
                bounds[2 * (k + shift) + 1] = bounds[2 * k + 1]
            }
        } else if shift < 0 {
            for k in j..<count {
                bounds[2 * (k + shift)] = bounds[2 * k]
                bounds[2 * (k + shift) + 1] = bounds[2 * k + 1]
            }
        }
        bounds[2 * i] = lo
        bounds[2 * i + 1] = hi
        count += shift
    }

    mutating func add(_ other: PaintedRuns) {
        for i in 0..<other.count { add(other[i]) }
    }
}
