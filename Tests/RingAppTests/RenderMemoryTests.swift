import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// The render memory estimate against peaks measured on `ringd render` (release build, peak RSS less that of a
/// 16 px render, 2026-11-26, again after libdeflate's whole-buffer path; `RenderMemory`'s doc says how): never under a measured peak, and not so far over it
/// that the budget turns away renders that would fit (at most 1.6×, or 8 MB for the small ones).
@Suite struct RenderMemoryTests {
    /// (query, measured bytes above the 16 px render's peak).
    static let measured: [(String, Double)] = [
        ("ring.png?p=0.7&size=1024&animate=1", 16.5e6),
        ("petals.png?p=1&size=1024&animate=1", 14.6e6),
        ("check.png?size=1024&animate=1", 21.6e6),
        ("ring.png?p=0.7&size=2048&animate=1", 52.7e6),
        ("activity.png?p=0.8,0.6,1.1&size=2048&animate=1", 65.0e6),
        ("pie.png?p=0.6&size=2048&animate=1", 55.0e6),
        ("petals.png?p=1&size=2048&scale=2&animate=1", 215.7e6),
        ("ring.png?p=0.7&size=1024&scale=4&animate=1&gradient=move", 207.1e6),
        ("ring.png?p=0.5&size=1024&scale=4", 0.6e6),
        ("ring.png?p=0.5&size=2048", 0.5e6),
        ("ring.png?p=0.5&size=1024", 4.2e6),
        ("activity.png?p=0.8,0.6,1.1&size=1024", 4.3e6),
    ]

    @Test(arguments: measured)
    func estimateCoversTheMeasuredPeak(_ query: String, _ peak: Double) throws {
        let resolution = ImageResolution(path: "/" + query.split(separator: "?")[0], query: String(query.split(separator: "?")[1]))
        guard case .image(let spec, _, let format, _, _) = resolution else {
            Issue.record("\(query) does not resolve to an image")
            return
        }
        let estimate = Double(RenderMemory.estimate(spec, format: format))
        #expect(estimate >= peak, "\(query): estimate \(estimate) under the measured \(peak)")
        #expect(estimate <= max(1.6 * peak, 8e6), "\(query): estimate \(estimate) far over the measured \(peak)")
    }

    /// A picture whose render alone is over the budget is a 400 naming what to lower; within it, it is drawn.
    @Test func overTheBudgetIsRefusedByName() {
        let app = RingApplication(configuration: AppConfiguration(renderMemoryBytes: 64 << 20))
        func get(_ target: String, accept: String = "*/*") -> HTTPResponse {
            app.respond(to: request(target, [("Accept", accept)]))
        }
        let animated = get("/ring.png?p=0.7&size=1024&scale=2&animate=1")
        #expect(animated.status == .badRequest)
        let message = String(decoding: animated.body, as: UTF8.self)
        #expect(message.hasPrefix("animate: got \"1\"") && message.contains("render memory budget of 64 MB"), "\(message)")
        // The still picture fits: drawn.
        #expect(get("/ring.png?p=0.7&size=1024&scale=2").status == .ok)
        // Too big even still (a budget of 16 MiB and 4096² px is 4 MB still, 270 MB animated): scale is named.
        let small = RingApplication(configuration: AppConfiguration(renderMemoryBytes: 16 << 20))
        let r = small.respond(to: request("/ring.png?p=0.7&size=2048&scale=2&animate=1"))
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("animate: got"))
        // An image client gets the error image, as for every bad parameter.
        let image = get("/ring.png?p=0.7&size=1024&scale=2&animate=1", accept: "image/*")
        #expect(image.status == .ok && image.headers["X-Ring-Error"]?.hasPrefix("animate:") == true)
        // SVG costs nothing to speak of.
        #expect(get("/ring.svg?p=0.7&size=1024&scale=2&animate=1").status == .ok)
    }
}
