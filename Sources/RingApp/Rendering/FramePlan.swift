import RingCore
import RingPNG

/// When the frames of an animated PNG are taken and how long each is shown.
///
/// Up to ``maximumRate`` frames per second over the duration, at most `maximumFrames` (by default
/// ``APNGStreamEncoder/maximumFrameCount``, which is what every served image uses); the
/// first frame is the start (t = 0) and the last the end, which is the still picture. Short animations get evenly
/// spaced frames at the full rate. Longer ones cannot (the frame cap lowers the rate), so their frames are spread
/// by the layouts' ease-in-out curve — closer together where the motion is fast, further apart where it eases —
/// as far as the rate cap allows: the delays carry the easing instead of more frames (docs/design.md §PNG and APNG).
struct FramePlan: Sendable, Hashable {
    /// Highest frame rate.
    static let maximumRate = 30.0

    /// Frame times in seconds, increasing, from 0 to the duration.
    let times: [Double]
    /// How long each frame shows; the last one only until the viewer rests on it.
    let delays: [APNGDelay]

    /// The plan for an animation of `duration` seconds in at most `maximumFrames` (2…60) frames. Fewer
    /// frames than the default serve the fuzzer, whose inputs must stay in the millisecond range: the same
    /// spacing rules at a lower cap, so its APNGs take the served path through every part but the frame count.
    init(duration: Double, maximumFrames: Int = APNGStreamEncoder.maximumFrameCount) {
        precondition((2...APNGStreamEncoder.maximumFrameCount).contains(maximumFrames), "2…\(APNGStreamEncoder.maximumFrameCount) frames")
        let d = duration.isFinite ? max(0, duration) : 0
        // Whole steps of at least 1/30 s (the epsilon keeps 1 s × 30 at exactly 30).
        let steps = min(maximumFrames - 1, max(1, Int((d * Self.maximumRate + 1e-9).rounded(.down))))
        let n = steps + 1
        let uniform = (0..<n).map { Double($0) / Double(steps) }
        let eased = uniform.map { Easing.easeInOut.inverse($0) }
        // The largest blend towards the eased spacing whose shortest gap still respects the rate cap.
        let minimumGap = 1 / Self.maximumRate - 1e-9
        func warped(_ lambda: Double) -> [Double] {
            zip(uniform, eased).map { d * ((1 - lambda) * $0 + lambda * $1) }
        }
        func shortestGap(_ t: [Double]) -> Double {
            zip(t, t.dropFirst()).map { $1 - $0 }.min() ?? .infinity
        }
        var lambda = 0.0
        if shortestGap(warped(1)) >= minimumGap {
            lambda = 1
        } else if shortestGap(warped(0)) >= minimumGap + 1e-6 {
            var lo = 0.0, hi = 1.0
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if shortestGap(warped(mid)) >= minimumGap { lo = mid } else { hi = mid }
            }
            lambda = lo
        }
        var t = warped(lambda)
        t[t.count - 1] = d
        times = t
        // Whole milliseconds from rounded cumulative times, so rounding never drifts.
        let ms = t.map { Int(($0 * 1000).rounded()) }
        let gaps = zip(ms, ms.dropFirst()).map { $1 - $0 }
        delays = (gaps + [gaps.last ?? Int((1000 / Self.maximumRate).rounded())]).map { .milliseconds(max(1, $0)) }
    }

    /// The plan for an endless loop of `loop` seconds: evenly spaced frames at up to ``maximumRate`` (at least
    /// two, at most `maximumFrames`), from the loop's start up to one step before its end, which is its start
    /// again; each shown for one step.
    init(loop: Double, maximumFrames: Int = APNGStreamEncoder.maximumFrameCount) {
        precondition((2...APNGStreamEncoder.maximumFrameCount).contains(maximumFrames), "2…\(APNGStreamEncoder.maximumFrameCount) frames")
        let d = loop.isFinite ? max(0, loop) : 0
        let n = min(maximumFrames, max(2, Int((d * Self.maximumRate).rounded(.down))))
        times = (0..<n).map { d * Double($0) / Double(n) }
        let ms = (0...n).map { Int((d * 1000 * Double($0) / Double(n)).rounded()) }
        delays = zip(ms, ms.dropFirst()).map { .milliseconds(max(1, $1 - $0)) }
    }
}
