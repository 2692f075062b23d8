import Foundation
import RingCore
import RingHTTP
import RingPNG
import RingRaster
import RingTestSupport
import Testing
@testable import RingApp

/// PNG and APNG on every route: the bytes pass independent checkers (pngcheck, Pillow), animations have the
/// planned frames, play once and end on the still picture, and errors and limits behave as for SVG.
@Suite struct PNGRouteTests {
    let app = RingApplication()

    func get(_ target: String, accept: String? = nil) -> HTTPResponse {
        app.respond(to: request(target, accept.map { [("Accept", $0)] } ?? []))
    }

    /// Issue 40 item 5: the APNG of petals at 100 % spins as the SVG does, for ever: it loops the still picture
    /// turned through one petal's step (a 1/n turn, after which the spinner looks as it started), sampled evenly
    /// at up to 30 fps, so it neither strobes nor seems to turn backwards (issue 16 item 7 sampled a whole eased
    /// turn and strobed). Petal 0's tip is followed from frame to frame: it moves clockwise, by less than half the
    /// gap to the next petal, and the loop closes.
    @Test(arguments: [8, 4])
    func fullPetalsAPNGSpinsForEver(_ petals: Int) throws {
        let response = get("/petals.png?p=1&animate=1&size=256&petals=\(petals)")
        try #require(response.status == .ok)
        #expect(response.body.count < 200 * 1024, "\(response.body.count) bytes")
        let animation = try PNGDecoder.decodeAnimation(response.body)
        #expect(animation.plays == 0, "the spinner stops")
        let still = try PNGDecoder.decode(get("/petals.png?p=1&size=256&petals=\(petals)").body)
        #expect(animation.defaultImage == still)
        #expect(animation.frames.first?.canvas == still)
        let step = 2 * Double.pi / Double(petals)
        let loop = 3.5 / Double(petals)
        let delays = animation.frames.map(\.control.delay.seconds).reduce(0, +)
        #expect(abs(delays - loop) < 0.002 * Double(animation.frames.count), "loop of \(delays) s")
        try #require(animation.frames.count >= 8)
        // Petal 0's direction: the ink-weighted mean angle of the pixels within half a step of the top.
        func petalZero(_ image: PNGImage, near expected: Double) -> Double {
            var sx = 0.0, sy = 0.0
            for y in 0..<256 {
                for x in 0..<256 {
                    let dx = Double(x) + 0.5 - 128, dy = Double(y) + 0.5 - 128
                    guard dx * dx + dy * dy > 50 * 50 else { continue }
                    var off = atan2(dx, -dy) - expected
                    off = off - 2 * .pi * (off / (2 * .pi)).rounded()
                    guard abs(off) < step / 2 else { continue }
                    let a = Double(image.pixels[(y * 256 + x) * 4 + 3])
                    sx += a * sin(off)
                    sy += a * cos(off)
                }
            }
            return expected + atan2(sx, sy)
        }
        var angle = 0.0
        var turns: [Double] = []
        for frame in animation.frames {
            let next = petalZero(frame.canvas, near: angle)
            turns.append(next - angle)
            angle = next
        }
        let expected = step / Double(animation.frames.count)
        for (k, turn) in turns.enumerated().dropFirst() {
            #expect(abs(turn - expected) < 0.25 * expected, "frame \(k) turns \(turn) rad, not \(expected)")
        }
        // After the last frame the loop starts again: one more step brings petal 0 to the next petal's place.
        #expect(abs(angle + expected - step) < 0.25 * expected, "the loop ends at \(angle) of \(step)")
    }

    /// Pillow's view of an image: JSON facts on stderr, the final frame's RGBA bytes on stdout.
    static let pillowProbe = """
        import json, sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        im.load()
        n = getattr(im, "n_frames", 1)
        default = im.convert("RGBA").tobytes()
        im.seek(n - 1)
        final = im.convert("RGBA").tobytes()
        info = {"format": im.format, "size": list(im.size), "n_frames": n, "loop": im.info.get("loop"),
                "default_image": bool(im.info.get("default_image", False)), "final_is_default": final == default}
        sys.stdout.buffer.write(final)
        sys.stderr.write(json.dumps(info))
        """

    struct PillowFacts {
        var info: [String: Any]
        var final: [UInt8]
    }

    /// pngcheck's verdict and Pillow's facts for `bytes`.
    static func check(_ bytes: [UInt8], name: String) throws -> PillowFacts {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name + ".png")
        try Data(bytes).write(to: file)
        let pngcheck = try ExternalTool.run("pngcheck", ["-q", file.path], install: "apt-get install pngcheck")
        #expect(pngcheck.status == 0, "pngcheck rejects \(name): \(pngcheck.text)")
        let pillow = try ExternalTool.pillow(pillowProbe, [file.path])
        try #require(pillow.status == 0, "Pillow cannot read \(name): \(pillow.stderr)")
        let info = try JSONSerialization.jsonObject(with: Data(pillow.stderr.utf8)) as? [String: Any] ?? [:]
        #expect(info["format"] as? String == "PNG")
        return PillowFacts(info: info, final: [UInt8](pillow.stdout))
    }

    // MARK: Every gallery case

    /// Animations are checked at this size, to keep debug test runs short; the frames do not depend on it.
    static let animationSize = 96

    @Test(.tags(.externalTool), arguments: GalleryCase.all)
    func everyGalleryPNGIsValid(_ c: GalleryCase) throws {
        var c = c
        if c.isAnimated {
            c.query = c.query.split(separator: "&").filter { !$0.hasPrefix("size=") }.joined(separator: "&")
                + "&size=\(Self.animationSize)"
        }
        let response = c.respond(app, format: .png)
        try #require(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/png")
        let facts = try Self.check(response.body, name: c.name)
        let spec = try c.spec()
        // The scene's size (a badge is as wide as its texts), in device pixels.
        let laidOut = RingLayout.scene(for: spec, text: Typeface.system.setter)
        let scale = Double(spec.common.scale)
        #expect(facts.info["size"] as? [Int] == [Int((laidOut.width * scale).rounded()), Int((laidOut.height * scale).rounded())])
        guard c.isAnimated else {
            #expect(facts.info["n_frames"] as? Int == 1)
            return
        }
        // APNG: the planned frames, after a default image that is not part of the animation; plays once.
        let scene = RingLayout.scene(for: spec, text: Typeface.system.setter)
        let duration = try #require(scene.duration)
        // A spinning picture loops for ever (fullPetalsAPNGSpinsForEver); the rest play once.
        guard scene.frame(at: duration).spinLoop == nil else {
            #expect(facts.info["loop"] as? Int == 0)
            return
        }
        let plan = FramePlan(duration: duration)
        #expect(facts.info["default_image"] as? Bool == true)
        #expect(facts.info["n_frames"] as? Int == plan.times.count + 1)
        #expect(facts.info["loop"] as? Int == 1)
        #expect(facts.info["final_is_default"] as? Bool == true, "the animation does not end on the default image")

        // Our decoder agrees, and the default image is the still picture.
        let animation = try PNGDecoder.decodeAnimation(response.body)
        #expect(animation.frames.count == plan.times.count)
        #expect(animation.plays == 1)
        #expect(!animation.defaultImageIsFirstFrame)
        #expect(animation.frames.last?.canvas == animation.defaultImage)
        #expect(animation.frames.last?.canvas.pixels == facts.final)
        let delays = animation.frames.dropLast().map(\.control.delay.seconds).reduce(0, +)
        #expect(abs(delays - duration) < 0.002 * Double(plan.times.count))
        let still = try PNGDecoder.decode(
            PNGEncoder.encode(Rasterizer.render(scene.frame(at: duration), scale: Double(spec.common.scale))))
        #expect(animation.defaultImage == still)
        // Without `animate` the same picture — except the check, whose animation leaves room for its bounce.
        if c.path != "/check" {
            var stillQuery = c
            stillQuery.query = c.query.split(separator: "&").filter { !$0.hasPrefix("animate=") }.joined(separator: "&")
            let plain = try PNGDecoder.decode(stillQuery.respond(app, format: .png).body)
            #expect(animation.defaultImage == plain, "the APNG's final frame differs from the static PNG")
        }
    }

    // MARK: Formats, scale, errors, limits

    @Test(arguments: ["/ring.png?p=0.7", "/ring?p=0.7&format=png", "/activity.png?p=0.8,0.6", "/petals.png?p=0.5",
                      "/pie.png?p=0.3", "/check.png"])
    func pngOnEveryRoute(_ target: String) throws {
        let r = get(target)
        #expect(r.status == .ok)
        #expect(r.headers["Content-Type"] == "image/png")
        #expect(r.headers["Content-Security-Policy"] == nil)
        #expect(Array(r.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try PNGDecoder.decode(r.body)
        #expect(image.width == 128 && image.height == 128)
        #expect(r.headers["ETag"] != get(target.replacingOccurrences(of: ".png", with: ".svg")
            .replacingOccurrences(of: "format=png", with: "format=svg")).headers["ETag"])
    }

    @Test func scaleMultipliesPixels() throws {
        let one = try PNGDecoder.decode(get("/ring.png?p=0.7&size=40").body)
        let three = try PNGDecoder.decode(get("/ring.png?p=0.7&size=40&scale=3").body)
        #expect(one.width == 40 && three.width == 120 && three.height == 120)
        // The same picture: a pixel at the band's centre line has the same colour at both densities.
        #expect(one.pixel(x: 20, y: 2) == three.pixel(x: 61, y: 7))
    }

    @Test func tooManyPixelsAreRefusedNotAttempted() {
        let r = get("/ring.png?p=0.7&size=2048&scale=3", accept: "*/*")
        #expect(r.status == .badRequest)
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("scale:"))
        #expect(String(decoding: r.body, as: UTF8.self).contains("4096"))
    }

    @Test func longAnimationsStopAtSixtyFrames() {
        let plan = FramePlan(duration: RingLimits.duration.upperBound)
        #expect(plan.times.count == APNGStreamEncoder.maximumFrameCount)
    }

    @Test(.tags(.externalTool)) func badPNGQueryForImageClientsIsAnErrorPNG() throws {
        let r = get("/ring.png?p=abc&size=200", accept: "image/png,image/*")
        #expect(r.status == .ok)
        #expect(r.headers["Content-Type"] == "image/png")
        #expect(r.headers["X-Ring-Error"]?.hasPrefix("p: got") == true)
        #expect(r.headers["Cache-Control"] == "public, max-age=60")
        let image = try PNGDecoder.decode(r.body)
        #expect(image.width == 200)
        // The card is drawn: its red border is there.
        let border = image.pixel(x: 100, y: 2)
        #expect(border.r > 150 && border.g < 100 && border.a == 255)
        _ = try Self.check(r.body, name: "error")
    }

    @Test func badPNGQueryForScriptsIsTheSame400AsSVG() {
        let png = get("/ring.png?p=abc", accept: "*/*"), svg = get("/ring.svg?p=abc", accept: "*/*")
        #expect(png.status == .badRequest)
        #expect(png.body == svg.body)
        #expect(get("/ring?p=abc&format=png&strict=1", accept: "image/*").status == .badRequest)
    }

    @Test func equivalentQueriesGiveIdenticalPNGs() {
        let bodies = Set(["p=.7", "p=0.70", "p=70%", "p=7/10"].map { get("/ring.png?" + $0).body })
        #expect(bodies.count == 1)
    }
}

@Suite struct FramePlanTests {
    @Test(arguments: [0.1, 0.47, 0.5, 1, 1.01, 1.5, 2, 3, 7.3, 10])
    func framesAreAtMostThirtyPerSecondAndEndOnTheStill(duration: Double) {
        let plan = FramePlan(duration: duration)
        #expect(plan.times.count == plan.delays.count)
        #expect(plan.times.count >= 2 && plan.times.count <= APNGStreamEncoder.maximumFrameCount)
        #expect(plan.times.first == 0)
        #expect(plan.times.last == duration)
        let gaps = zip(plan.times, plan.times.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { $0 >= 1 / FramePlan.maximumRate - 1e-6 })
        // Delays add up to the duration (whole milliseconds, no drift).
        let total = plan.delays.dropLast().map(\.seconds).reduce(0, +)
        #expect(abs(total - duration) < 0.001)
    }

    @Test func shortAnimationsUseTheFullRateEvenly() {
        let plan = FramePlan(duration: 1)
        #expect(plan.times.count == 31)
        let gaps = zip(plan.times, plan.times.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 1.0 / 30) < 1e-9 })
    }

    @Test func longAnimationsSpendTheirFramesWhereTheMotionIsFast() {
        // Ten seconds with sixty frames: gaps follow the ease — short in the middle, long at the ends.
        let plan = FramePlan(duration: 10)
        let gaps = zip(plan.times, plan.times.dropFirst()).map { $1 - $0 }
        let middle = gaps[gaps.count / 2], first = gaps[0]
        #expect(middle < 10.0 / 59)
        #expect(first > 2 * middle)
        // Equal steps of eased progress.
        let eased = plan.times.map { Easing.easeInOut.value(at: $0 / 10) }
        let steps = zip(eased, eased.dropFirst()).map { $1 - $0 }
        #expect((steps.max() ?? 0) - (steps.min() ?? 0) < 1e-6)
    }

    @Test func aLowerFrameCapKeepsTheEndsAndTheSpacingRules() throws {
        // The fuzz target's cap: the same first and last frames, the eased spacing, at most five frames.
        let plan = FramePlan(duration: 1, maximumFrames: 5)
        #expect(plan.times.count == 5)
        #expect(plan.times.first == 0 && plan.times.last == 1)
        let gaps = zip(plan.times, plan.times.dropFirst()).map { $1 - $0 }
        #expect(gaps[1] < gaps[0])
        #expect(abs(plan.delays.dropLast().map(\.seconds).reduce(0, +) - 1) < 1e-9)
        let spec = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7&animate=1&size=32"))
        let scene = RingLayout.scene(for: spec, text: nil)
        let png = ImageRenderer.png(scene, scale: 1, maximumFrames: 5)
        #expect(try PNGDecoder.decodeAnimation(png).frames.count == 5)
        #expect(try PNGDecoder.decodeAnimation(ImageRenderer.png(scene, scale: 1)).frames.count == 31)
    }
}
