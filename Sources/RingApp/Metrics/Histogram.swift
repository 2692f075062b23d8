/// A Prometheus-style cumulative histogram of durations in seconds.
struct Histogram: Sendable {
    /// Upper bounds in seconds: from a small cached-size SVG (~0.5 ms) to a 2048 px animated PNG.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    /// Observations per bucket (not cumulative; the last slot is +Inf).
    private(set) var buckets = [Int](repeating: 0, count: Histogram.bounds.count + 1)
    private(set) var sum = 0.0
    private(set) var count = 0

    mutating func observe(_ seconds: Double) {
        let slot = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        buckets[slot] += 1
        sum += seconds
        count += 1
    }

    /// `(le, cumulative count)` pairs, ending with `+Inf`.
    var cumulative: [(le: String, count: Int)] {
        var running = 0
        var out: [(String, Int)] = []
        for (i, n) in buckets.enumerated() {
            running += n
            out.append((i < Self.bounds.count ? PrometheusText.number(Self.bounds[i]) : "+Inf", running))
        }
        return out
    }
}
