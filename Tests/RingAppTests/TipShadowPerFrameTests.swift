import RingCore
import RingHTTP
import RingPNG
import RingTestSupport
import Testing
@testable import RingApp

/// The tip's shadow in an animation is decided per frame from the frame's own progress (issue 40 item 5): a ring
/// sweeping to p > 0.96 used to carry its shadow from the first frame, darkening the empty track ahead of the
/// moving head. Each APNG frame is compared with the same frame drawn with `shadow=off`: where the frame's
/// progress (the eased sweep times p) is at most 0.96 they must be identical; the still picture must differ
/// (the shadow is there), so the comparison can fail.
@Suite struct TipShadowPerFrameTests {
    static let app = RingApplication()

    @Test(.tags(.slow), arguments: [
        "/ring?p=1.2", "/ring?p=0.99&cap=butt", "/ring?p=1.7&thickness=30%", "/ring?p=1.2&dir=ccw&bg=white",
        "/activity?p=0.5,1.3,0.98",
    ])
    func noShadowBeforeTheFrameReachesTheThreshold(_ target: String) throws {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        func frames(_ shadow: String) throws -> [PNGImage] {
            let query = parts[1] + "&size=256&animate=1&shadow=\(shadow)" + (parts[1].contains("bg=") ? "" : "&bg=black")
            let response = GalleryCase(name: "shadow", path: parts[0], query: query).respond(Self.app, format: .png)
            try #require(response.status == .ok)
            return try PNGDecoder.decodeAnimation(response.body).frames.map(\.canvas)
        }
        let lit = try frames("auto"), plain = try frames("off")
        try #require(lit.count == plain.count && lit.count > 10)
        // The frames' times, as the renderer takes them (the layouts' default duration).
        let duration = Animation().duration
        let plan = FramePlan(duration: duration)
        try #require(plan.times.count == lit.count)
        let largest = parts[1].split(separator: "&").first { $0.hasPrefix("p=") }!.dropFirst(2)
            .split(separator: ",").compactMap { Double($0) }.max()!
        var checked = 0
        for (k, time) in plan.times.enumerated() {
            let progress = Easing.easeInOut.value(at: time / duration) * largest
            guard progress <= ShadowMode.autoThreshold else { continue }
            checked += 1
            let differing = zip(lit[k].pixels, plain[k].pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(target): frame \(k) at \(time) s (progress \(progress)) has shadow in \(differing) channels")
        }
        #expect(checked >= 10, "\(target): only \(checked) frames before the threshold")
        #expect(lit.last != plain.last, "\(target): the still picture lost its shadow")
    }
}
