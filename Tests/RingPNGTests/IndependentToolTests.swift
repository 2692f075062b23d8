import Foundation
import RingRaster
import RingTestSupport
import Testing
@testable import RingPNG

/// Our PNGs checked by tools we did not write: pngcheck, Pillow and librsvg (`rsvg-convert`).
@Suite struct IndependentToolTests {
    static let pngcheckInstall = "apt-get install pngcheck"

    /// Prints `{"format", "mode", "size", "n_frames", "default_image", "loop"}` as JSON on stderr
    /// and every frame's RGBA bytes, concatenated, on stdout.
    static let pillowDump = """
        import json, sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        n = getattr(im, "n_frames", 1)
        info = {"format": im.format, "mode": im.mode, "size": list(im.size), "n_frames": n,
                "default_image": bool(im.info.get("default_image", False)), "loop": im.info.get("loop")}
        for i in range(n):
            im.seek(i)
            sys.stdout.buffer.write(im.convert("RGBA").tobytes())
        sys.stderr.write(json.dumps(info))
        """

    struct PillowResult {
        var info: [String: Any]
        var frames: [[UInt8]]
    }

    static func pillow(_ bytes: [UInt8], frameSize: Int) throws -> PillowResult {
        let path = try ExternalTool.temporaryFile(bytes, name: "image.png")
        defer { ExternalTool.removeTemporaryDirectory(of: path) }
        let output = try ExternalTool.pillow(pillowDump, [path])
        guard output.status == 0 else { throw PillowFailed(message: output.stderr) }
        let info = try JSONSerialization.jsonObject(with: Data(output.stderr.utf8)) as? [String: Any] ?? [:]
        let bytes = [UInt8](output.stdout)
        let frames = stride(from: 0, to: bytes.count, by: frameSize).map { Array(bytes[$0..<min($0 + frameSize, bytes.count)]) }
        return PillowResult(info: info, frames: frames)
    }

    struct PillowFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { "Pillow could not read the image: \(message)" }
    }

    @Test(.tags(.externalTool), arguments: [false, true])
    func pngcheckAcceptsPNG(opaque: Bool) throws {
        let bitmap = TestImages.ring(size: 64, background: opaque ? .init(1, 1, 1) : nil)
        let path = try ExternalTool.temporaryFile(PNGEncoder.encode(bitmap), name: "ring.png")
        defer { ExternalTool.removeTemporaryDirectory(of: path) }
        let result = try ExternalTool.run("pngcheck", ["-v", path], install: Self.pngcheckInstall)
        #expect(result.status == 0, "pngcheck: \(result.text)")
        #expect(result.text.contains("No errors detected"), "pngcheck: \(result.text)")
        #expect(result.text.contains(opaque ? "RGB" : "RGB+alpha"), "pngcheck: \(result.text)")
    }

    /// pngcheck 3.0.x (Debian/Ubuntu) predates APNG and lists acTL/fcTL/fdAT as unknown ancillary
    /// chunks, so here it checks chunk framing, CRCs, IHDR and the IDAT stream; APNG semantics
    /// (sequence numbers, frame data) are checked by Pillow, which rejects sequence errors.
    @Test(.tags(.externalTool)) func pngcheckAcceptsAPNG() throws {
        let path = try ExternalTool.temporaryFile(APNGTests.apng, name: "ring-anim.png")
        defer { ExternalTool.removeTemporaryDirectory(of: path) }
        let result = try ExternalTool.run("pngcheck", ["-v", path], install: Self.pngcheckInstall)
        #expect(result.status == 0, "pngcheck: \(result.text)")
        #expect(result.text.contains("No errors detected"), "pngcheck: \(result.text)")
        let listed = result.text.components(separatedBy: "chunk ").dropFirst().map { String($0.prefix(4)) }
        let expected = ["IHDR", "acTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: APNGTests.frameCount).flatMap { $0 } + ["IEND"]
        #expect(listed == expected, "pngcheck: \(result.text)")
    }

    @Test(.tags(.externalTool), arguments: PNGEncoder.FilterStrategy.allCases)
    func pillowDecodesPNG(filter: PNGEncoder.FilterStrategy) throws {
        let bitmap = TestImages.ring(size: 48)
        let result = try Self.pillow(PNGEncoder.encode(bitmap, options: .init(filter: filter)), frameSize: 48 * 48 * 4)
        #expect(result.info["format"] as? String == "PNG")
        #expect(result.info["mode"] as? String == "RGBA")
        #expect(result.frames == [TestImages.straight(bitmap)])
    }

    /// Pillow shows the default image as frame 0 and then every animation frame, composited.
    @Test(.tags(.externalTool)) func pillowDecodesAPNG() throws {
        let result = try Self.pillow(APNGTests.apng, frameSize: 64 * 64 * 4)
        #expect(result.info["n_frames"] as? Int == APNGTests.frameCount + 1)
        #expect(result.info["default_image"] as? Bool == true)
        #expect(result.info["loop"] as? Int == 1)
        let expected = [TestImages.straight(APNGTests.fullFrames.last!)] + APNGTests.fullFrames.map(TestImages.straight)
        #expect(result.frames.count == expected.count)
        for (k, (theirs, ours)) in zip(result.frames, expected).enumerated() { #expect(theirs == ours, "frame \(k)") }
    }

    /// Pillow's compositing of dispose/blend ops agrees with ours exactly.
    ///
    /// Pillow (13.0) is only a faithful oracle for part of the spec, so the frames stay inside it:
    /// its OVER is a paste masked by source alpha applied to all four channels (exact only for
    /// source alpha 0 or 255; translucent OVER is checked by hand in `APNGTests`), PREVIOUS after an OVER frame
    /// restores nothing (the canvas aliases its saved copy), and the first frame after a
    /// non-animated default image is drawn over that image rather than transparent black.
    @Test(.tags(.externalTool)) func pillowAgreesOnCompositing() throws {
        let ring = TestImages.ring(size: 24, background: .init(0.1, 0.2, 0.3))
        var dot = Bitmap(width: 6, height: 5)
        for p in 0..<30 {
            let alpha = UInt8(p * 8 + 10)
            dot.pixels.replaceSubrange((p * 4)..<(p * 4 + 4), with: [0, alpha / 2, alpha / 3, alpha])
        }
        // Opaque / transparent checkerboard for OVER: transparent squares must keep the canvas.
        var stencil = Bitmap(width: 6, height: 5)
        for p in 0..<30 where (p % 6 + p / 6) % 2 == 0 {
            stencil.pixels.replaceSubrange((p * 4)..<(p * 4 + 4), with: [250, UInt8(p * 8), 40, 255])
        }
        let frames = [
            APNGFrame(image: ring, delay: .milliseconds(10)),
            APNGFrame(x: 3, y: 4, image: stencil, delay: .milliseconds(10), dispose: .background, blend: .over),
            APNGFrame(x: 10, y: 12, image: dot, delay: .milliseconds(10), dispose: .previous, blend: .source),
            APNGFrame(x: 17, y: 1, image: stencil, delay: .milliseconds(10), dispose: .none, blend: .over),
            APNGFrame(x: 1, y: 18, image: dot, delay: .milliseconds(10), dispose: .none, blend: .source),
        ]
        let apng = APNGEncoder.encode(frames: frames, defaultImage: ring, plays: 0)
        let ours = try PNGDecoder.decodeAnimation(apng)
        let theirs = try Self.pillow(apng, frameSize: 24 * 24 * 4)
        #expect(theirs.frames.count == frames.count + 1)
        for (k, frame) in ours.frames.enumerated() where k + 1 < theirs.frames.count {
            let worst = zip(frame.canvas.pixels, theirs.frames[k + 1]).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst == 0, "frame \(k): max channel difference \(worst)")
        }
        // The ops did something: OVER kept the canvas under transparent squares, BACKGROUND
        // cleared, PREVIOUS restored, SOURCE wrote translucency.
        let canvases = ours.frames.map(\.canvas)
        #expect(canvases[1].pixel(x: 4, y: 4) == canvases[0].pixel(x: 4, y: 4))
        #expect(canvases[1].pixel(x: 3, y: 4) == (250, 0, 40, 255))
        #expect(canvases[2].pixel(x: 3, y: 4) == (0, 0, 0, 0))
        #expect(canvases[2].pixel(x: 10, y: 12).a < 255)
        #expect(canvases[3].pixel(x: 10, y: 12) == canvases[1].pixel(x: 10, y: 12))
        #expect(canvases[3].pixel(x: 18, y: 1) == canvases[0].pixel(x: 18, y: 1))
        #expect(canvases[4].pixel(x: 1, y: 18).a < 255)
    }

    /// librsvg writes RGBA with adaptive per-row filters; our decoder must agree with Pillow on it.
    @Test(.tags(.externalTool)) func decodesPNGWrittenByRsvgConvert() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
              <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stop-color="#fa114f"/><stop offset="1" stop-color="#3ac8fa" stop-opacity="0.4"/>
              </linearGradient></defs>
              <circle cx="20" cy="15" r="11" fill="none" stroke="url(#g)" stroke-width="6"/>
              <rect x="2" y="2" width="9" height="7" fill="#92e82a" fill-opacity="0.6"/>
            </svg>
            """
        let svgPath = try ExternalTool.temporaryFile(Array(svg.utf8), name: "ring.svg")
        defer { ExternalTool.removeTemporaryDirectory(of: svgPath) }
        let pngPath = svgPath.replacingOccurrences(of: ".svg", with: ".png")
        let render = try ExternalTool.run("rsvg-convert", ["-o", pngPath, svgPath], install: "apt-get install librsvg2-bin")
        #expect(render.status == 0, "rsvg-convert: \(render.stderr)")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pngPath)))
        let types = Set(try PNGInspection.filterTypes(png))
        #expect(types.count >= 2, "fixture should use several filter types, has \(types)")
        let ours = try PNGDecoder.decode(png)
        #expect(ours.width == 40 && ours.height == 30)
        let theirs = try Self.pillow(png, frameSize: 40 * 30 * 4)
        #expect(theirs.frames == [ours.pixels])
        #expect(ours.pixels.contains { $0 != 0 }, "fixture should not be blank")
    }

    /// Pillow writes grey, grey+alpha, palette+tRNS and RGB files; we decode each as Pillow does.
    @Test(.tags(.externalTool)) func decodesColourTypesWrittenByPillow() throws {
        let script = """
            import sys
            from PIL import Image
            out = sys.argv[1]
            w, h = 13, 7
            px = [((x * 37 + y * 11) % 256, (x * 5 + y * 53) % 256, (x * y * 7) % 256, (x * 19 + y * 23) % 256)
                  for y in range(h) for x in range(w)]
            rgba = Image.new("RGBA", (w, h)); rgba.putdata(px)
            rgba.convert("L").save(out + "/L.png")
            rgba.convert("LA").save(out + "/LA.png")
            rgba.convert("RGB").save(out + "/RGB.png")
            rgba.convert("RGB").save(out + "/RGBkey.png", transparency=px[3][:3])
            rgba.quantize(64).save(out + "/P.png", transparency=2)
            for name in ["L", "LA", "RGB", "RGBkey", "P"]:
                open(out + "/" + name + ".rgba", "wb").write(Image.open(out + "/" + name + ".png").convert("RGBA").tobytes())
            """
        let folder = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.path
        let result = try ExternalTool.pillow(script, [directory])
        #expect(result.status == 0, "Pillow: \(result.stderr)")
        let expectedTypes: [String: PNGColorType] = ["L": .greyscale, "LA": .greyscaleAlpha, "RGB": .rgb, "RGBkey": .rgb, "P": .palette]
        for (name, colorType) in expectedTypes.sorted(by: { $0.key < $1.key }) {
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).png")))
            let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).rgba")))
            #expect(try PNGDecoder.header(png).colorType == colorType, "\(name)")
            #expect(try PNGDecoder.decode(png).pixels == reference, "\(name)")
        }
    }

    /// An APNG written by Pillow, whose default image *is* frame 0 (fcTL before IDAT), with
    /// sub-rectangle frames: we composite it exactly as Pillow does.
    @Test(.tags(.externalTool)) func decodesAPNGWrittenByPillow() throws {
        let script = """
            import sys
            from PIL import Image
            out = sys.argv[1]
            w, h = 11, 9
            frames = []
            for k in range(4):
                im = Image.new("RGBA", (w, h), (20, 40, 60, 255))
                for y in range(h):
                    for x in range(w):
                        if (x - k * 2) ** 2 + (y - 4) ** 2 < 9:
                            im.putpixel((x, y), (250, 10 * k, 100, 128 + 40 * k))
                frames.append(im)
            frames[0].save(out + "/pillow.png", save_all=True, append_images=frames[1:], duration=[40, 50, 60, 70],
                           loop=3, disposal=[0, 1, 0, 0], blend=0)
            im = Image.open(out + "/pillow.png")
            with open(out + "/pillow.rgba", "wb") as f:
                for i in range(im.n_frames):
                    im.seek(i)
                    f.write(im.convert("RGBA").tobytes())
            """
        let folder = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.path
        let result = try ExternalTool.pillow(script, [directory])
        #expect(result.status == 0, "Pillow: \(result.stderr)")
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/pillow.png")))
        let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/pillow.rgba")))
        let animation = try PNGDecoder.decodeAnimation(apng)
        #expect(animation.defaultImageIsFirstFrame)
        #expect(animation.plays == 3)
        #expect(animation.frames.map { $0.control.delay.seconds } == [0.04, 0.05, 0.06, 0.07])
        #expect(animation.frames.contains { $0.control.width < 11 || $0.control.height < 9 }, "Pillow should write sub-rectangles")
        #expect(animation.frames.first?.canvas == animation.defaultImage)
        #expect(animation.frames.flatMap(\.canvas.pixels) == reference)
    }
}
