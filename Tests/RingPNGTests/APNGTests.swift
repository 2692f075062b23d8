import RingRaster
import Testing
@testable import RingPNG

@Suite struct APNGTests {
    static let frameCount = 12
    static let finalSweep = 0.73

    /// A fill animation like the service's: sweep grows to `finalSweep`, gradient anchored to it.
    static let fullFrames: [Bitmap] = (1...frameCount).map { k in
        TestImages.ring(size: 64, sweep: finalSweep * Double(k) / Double(frameCount), gradientSweep: finalSweep)
    }
    static let delays: [APNGDelay] = (0..<frameCount).map { .milliseconds(20 + 5 * $0) }
    static let apng = APNGEncoder.encode(
        frames: APNGEncoder.deltaFrames(fullFrames, delays: delays), defaultImage: fullFrames[frameCount - 1])

    @Test func chunkLayoutPutsDefaultImageOutsideTheAnimation() throws {
        let chunks = try PNGDecoder.chunks(Self.apng)
        let expected = ["IHDR", "acTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: Self.frameCount).flatMap { $0 } + ["IEND"]
        #expect(chunks.map(\.type) == expected)
        let acTL = chunks[1].data
        #expect(acTL.bigEndianUInt32(at: 0) == UInt32(Self.frameCount))
        #expect(acTL.bigEndianUInt32(at: 4) == 1)
    }

    @Test func sequenceNumbersRunFromZeroWithoutGaps() throws {
        let numbers = try PNGDecoder.chunks(Self.apng)
            .filter { $0.type == "fcTL" || $0.type == "fdAT" }
            .map { $0.data.bigEndianUInt32(at: 0) }
        #expect(numbers == (0..<UInt32(2 * Self.frameCount)).map { $0 })
    }

    @Test func decodedFramesMatchTheInputAndEndOnTheDefaultImage() throws {
        let animation = try PNGDecoder.decodeAnimation(Self.apng)
        #expect(!animation.defaultImageIsFirstFrame)
        #expect(animation.plays == 1)
        #expect(animation.frames.count == Self.frameCount)
        for (k, frame) in animation.frames.enumerated() {
            #expect(frame.canvas.pixels == TestImages.straight(Self.fullFrames[k]), "frame \(k)")
            #expect(frame.control.delay == Self.delays[k])
            #expect(frame.control.dispose == .none && frame.control.blend == .source)
        }
        #expect(animation.frames.last?.canvas == animation.defaultImage)
        #expect(try PNGDecoder.decode(Self.apng) == animation.defaultImage)
    }

    /// Frame 0 is the whole canvas; later frames are exactly the bounding box of changed pixels.
    @Test func deltaRectanglesAreTightBoundingBoxes() {
        let frames = APNGEncoder.deltaFrames(Self.fullFrames, delays: Self.delays)
        #expect(frames[0].x == 0 && frames[0].y == 0 && frames[0].image == Self.fullFrames[0])
        for k in 1..<frames.count {
            let (before, after) = (Self.fullFrames[k - 1], Self.fullFrames[k])
            var changed: [(Int, Int)] = []
            for y in 0..<64 {
                for x in 0..<64 where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) { changed.append((x, y)) }
            }
            let frame = frames[k]
            #expect(!changed.isEmpty)
            #expect(frame.x == changed.map(\.0).min() && frame.y == changed.map(\.1).min())
            #expect(frame.x + frame.image.width - 1 == changed.map(\.0).max())
            #expect(frame.y + frame.image.height - 1 == changed.map(\.1).max())
            #expect(frame.image.width < 64 || frame.image.height < 64, "frame \(k) should be a sub-rectangle")
            for y in 0..<frame.image.height {
                for x in 0..<frame.image.width {
                    #expect(frame.image.pixel(x: x, y: y) == after.pixel(x: frame.x + x, y: frame.y + y))
                }
            }
        }
    }

    @Test func unchangedFrameBecomesOnePixel() throws {
        let ring = TestImages.ring(size: 16)
        let frames = APNGEncoder.deltaFrames([ring, ring], delays: [.milliseconds(10), .milliseconds(30)])
        #expect(frames[1].x == 0 && frames[1].y == 0 && frames[1].image.width == 1 && frames[1].image.height == 1)
        let animation = try PNGDecoder.decodeAnimation(APNGEncoder.encode(frames: frames, defaultImage: ring))
        #expect(animation.frames.map(\.canvas) == [animation.defaultImage, animation.defaultImage])
    }

    @Test func deltaFramesAreMuchSmallerThanFullFrames() {
        let full = APNGEncoder.encode(
            frames: zip(Self.fullFrames, Self.delays).map { APNGFrame(image: $0, delay: $1) },
            defaultImage: Self.fullFrames[Self.frameCount - 1])
        #expect(Self.apng.count * 2 < full.count, "delta \(Self.apng.count) B vs full \(full.count) B")
    }

    @Test func noFramesGivesAPlainPNG() throws {
        let ring = TestImages.ring(size: 16)
        #expect(APNGEncoder.encode(frames: [], defaultImage: ring) == PNGEncoder.encode(ring))
    }

    @Test func playsAndOpaqueColourTypeAreHonoured() throws {
        let a = TestImages.ring(size: 20, sweep: 0.2, background: .init(0, 0, 0))
        let b = TestImages.ring(size: 20, sweep: 0.4, background: .init(0, 0, 0))
        let apng = APNGEncoder.encode(frames: APNGEncoder.deltaFrames([a, b], delays: [.milliseconds(50), .milliseconds(50)]), defaultImage: b, plays: 0)
        #expect(try PNGDecoder.header(apng).colorType == .rgb)
        let animation = try PNGDecoder.decodeAnimation(apng)
        #expect(animation.plays == 0)
        #expect(animation.frames.map(\.canvas.pixels) == [a.pixels, b.pixels])
    }

    @Test func decoderRejectsSequenceErrors() throws {
        var chunks = try PNGDecoder.chunks(Self.apng)
        let fdAT = chunks.firstIndex { $0.type == "fdAT" }!
        chunks[fdAT].data[3] = 7
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decodeAnimation(PNGInspection.assemble(chunks)) }
        var missing = try PNGDecoder.chunks(Self.apng)
        missing.remove(at: missing.lastIndex { $0.type == "fdAT" }!)
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decodeAnimation(PNGInspection.assemble(missing)) }
        #expect(throws: PNGDecodingError.missingChunk("acTL")) { try PNGDecoder.decodeAnimation(PNGEncoder.encode(Self.fullFrames[0])) }
    }

    /// Dispose BACKGROUND / PREVIOUS and blend OVER, composited by hand on a 2×1 canvas.
    @Test func decoderCompositesDisposeAndBlendOps() throws {
        func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Bitmap {
            var bitmap = Bitmap(width: 1, height: 1)
            bitmap.pixels = [r, g, b, a]
            return bitmap
        }
        let red = pixel(255, 0, 0, 255), halfBlue = pixel(0, 0, 128, 128), green = pixel(0, 255, 0, 255)
        let frames = [
            APNGFrame(x: 0, y: 0, image: red, delay: .milliseconds(10), dispose: .none),
            APNGFrame(x: 0, y: 0, image: halfBlue, delay: .milliseconds(10), dispose: .previous, blend: .over),
            APNGFrame(x: 1, y: 0, image: green, delay: .milliseconds(10), dispose: .background),
            APNGFrame(x: 1, y: 0, image: halfBlue, delay: .milliseconds(10), blend: .over),
        ]
        let animation = try PNGDecoder.decodeAnimation(APNGEncoder.encode(frames: frames, defaultImage: Bitmap(width: 2, height: 1)))
        #expect(animation.frames.map(\.canvas.pixels) == [
            [255, 0, 0, 255, 0, 0, 0, 0],
            [127, 0, 128, 255, 0, 0, 0, 0],  // half blue over red; then restored to red
            [255, 0, 0, 255, 0, 255, 0, 255],  // green; then cleared
            [255, 0, 0, 255, 0, 0, 255, 128],  // half blue over transparent
        ])
    }
}
